//! End to end under tmux: the real binary in a real terminal. Navigate the
//! menu, quit, and check the shell is back in cooked mode on the main
//! screen. `.ci/run` installs tmux; elsewhere the test is skipped (with a
//! note) when tmux is missing.

use crate::common;

use common::tmux::{Tmux, have};

/// A home whose settings have no pause between computer moves, to keep
/// the tests quick.
fn quick_home() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let config = home.path().join(".config/cardgames");
    std::fs::create_dir_all(&config).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        config.join("settings.json"),
        r#"{"format":"cardgames","kind":"settings","version":1,"data":{"bot_delay_ms":0}}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    home
}

#[test]
fn menu_settings_and_quit_restore_the_terminal() {
    if !have("tmux", "-V") {
        return;
    }
    let home = quick_home();
    let bin = env!("CARGO_BIN_EXE_cardgames");
    let t = Tmux::shell("menu", home.path());
    t.type_line(&format!("{bin} --seed 7; echo \"exit=$?\"; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ,; echo"));
    t.wait_for("Card and dice games");
    assert!(
        t.alternate_screen(),
        "the app draws on the alternate screen"
    );
    t.keys(&["?"]);
    t.wait_for("Keys: Main menu");
    t.keys(&["Escape", "Enter"]);
    t.wait_for("New game of Texas Hold'em");
    t.keys(&["Enter"]);
    // Act when it is our turn; if everyone folds to us first, deal on.
    if t.wait_for_any(&["Your turn", "Hand over"])
        .contains("Hand over")
    {
        t.keys(&["n"]);
        t.wait_for("Your turn");
    }
    // Leaving mid-hand is asked first.
    t.keys(&["c", "q"]);
    if t.wait_for_any(&["Leave in the middle of a hand?", "Since you sat down"])
        .contains("Leave in the middle")
    {
        t.keys(&["y"]);
    }
    // The session's summary, once a hand was played, goes on with any key.
    if t.wait_for_any(&["Since you sat down", "Resume Texas Hold'em"])
        .contains("Since you sat down")
    {
        t.keys(&["x"]);
    }
    // From here on the menu starts with the saved games, then the games,
    // Play online, Hand replayer, Solver, Statistics, Settings, Quit.
    t.wait_for("Resume Texas Hold'em");
    t.open_entry("Dice of Doom");
    t.wait_for("New game of Dice of Doom");
    t.keys(&["Enter"]);
    t.wait_for("Your move: pick an attacker");
    t.keys(&["Right", "Down", "q"]);
    let menu = t.wait_for("Resume Dice of Doom");
    assert!(menu.contains("5×5 classic, game 1"), "{menu}");
    t.open_entry("Honeymoon bridge");
    t.wait_for("New game of Honeymoon bridge");
    t.keys(&["Enter"]);
    // Pass until a contract is reached (two passes redeal).
    for _ in 0..20 {
        if t.wait_for_any(&["Your call", "Exchange trick"])
            .contains("Exchange trick")
        {
            break;
        }
        t.keys(&["p"]);
    }
    t.wait_for("Exchange trick");
    t.wait_for("Your card");
    t.keys(&["Enter", "q"]);
    t.wait_for("Resume Honeymoon bridge");
    t.open_entry("Endgame solver");
    t.wait_for("to play:");
    t.keys(&["Enter"]);
    t.wait_for("Trick: North led");
    t.keys(&["u", "q"]);
    t.wait_for("Main menu");
    t.open_entry("Settings");
    t.wait_for("Computer move pause");
    t.keys(&["Enter", "Escape"]);
    t.wait_for("Main menu");
    t.keys(&["q"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0"), "{s}");
    let s = t.wait_for("icanon,echo,");
    // In raw mode the line would read "-icanon,-echo,".
    assert!(
        s.lines().any(|l| l.trim() == "icanon,echo,"),
        "cooked mode restored:\n{s}"
    );
    assert!(!t.alternate_screen(), "back on the main screen");
    // The setting changed on the way was saved under the home directory.
    let saved = std::fs::read_to_string(home.path().join(".config/cardgames/settings.json"))
        .unwrap_or_default();
    assert!(saved.contains("\"ascii\": true"), "{saved}");
}

#[test]
fn ctrl_c_quits_and_restores() {
    if !have("tmux", "-V") {
        return;
    }
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let bin = env!("CARGO_BIN_EXE_cardgames");
    let t = Tmux::shell("ctrlc", home.path());
    t.type_line(&format!("{bin}; echo \"exit=$?\""));
    t.wait_for("Card and dice games");
    t.keys(&["C-c"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0"), "{s}");
    assert!(!t.alternate_screen());
}

#[test]
fn sigterm_and_sighup_keep_the_game_and_restore_the_terminal() {
    if !have("tmux", "-V") {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_cardgames");
    for signal in ["TERM", "HUP"] {
        let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let name = format!("sig{}", signal.to_lowercase());
        let t = Tmux::run(&name, home.path(), (80, 24), &[bin, "doom", "--seed", "1"]);
        t.wait_for("Your move: pick an attacker");
        assert!(t.alternate_screen());
        assert!(t.mouse_reporting());
        let killed = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &t.pid().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        assert!(killed, "kill -{signal}");
        t.wait_until("the program ending", |_| t.ended());
        assert!(
            !t.alternate_screen(),
            "SIG{signal}: back on the main screen"
        );
        assert!(!t.mouse_reporting(), "SIG{signal}: mouse reporting off");
        let save = home.path().join(".local/share/cardgames/saved-doom.json");
        assert!(save.exists(), "SIG{signal}: no {}", save.display());
    }
}

#[test]
fn closing_the_window_keeps_the_game_and_ends_the_program() {
    if !have("tmux", "-V") {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_cardgames");
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let t = Tmux::run(
        "closed",
        home.path(),
        (80, 24),
        &[bin, "doom", "--seed", "1"],
    );
    t.wait_for("Your move: pick an attacker");
    let pid = t.pid();
    // The terminal goes away under the program (it used to spin for ever
    // reading it, the game never saved).
    t.close_window();
    Tmux::wait_gone(pid);
    let save = home.path().join(".local/share/cardgames/saved-doom.json");
    assert!(save.exists(), "no {}", save.display());
}

#[test]
fn honeymoon_undo_claim_review_match_and_the_kept_record() {
    if !have("tmux", "-V") {
        return;
    }
    let home = quick_home();
    let bin = env!("CARGO_BIN_EXE_cardgames");
    let t = Tmux::run(
        "honeymoon",
        home.path(),
        (100, 32),
        &[
            bin,
            "honeymoon",
            "--seed",
            "3",
            "--level",
            "hard",
            "--duplicate",
            "yes",
        ],
    );
    // Pass until a contract is reached, then play the exchange.
    for _ in 0..20 {
        let s = t.wait_for_any(&["Your call", "Your card"]);
        if s.contains("Your card") {
            break;
        }
        t.keys(&["p"]);
    }
    for _ in 0..40 {
        let s = t.wait_for_any(&["Your card", "Deal scored"]);
        if s.contains("Play ·") || s.contains("Deal scored") {
            break;
        }
        t.keys(&["Enter"]);
    }
    // Two cards of the play, then take the last back.
    t.wait_for("Your card");
    t.keys(&["Enter"]);
    t.wait_for("Your card");
    t.keys(&["Enter"]);
    t.wait_for("Your card");
    t.keys(&["u"]);
    t.wait_for("You take back your last move");
    // Claim every trick left: held only if the solver agrees; conceding
    // them all always holds.
    t.keys(&["c"]);
    t.wait_for("tricks left: ↑/↓, enter");
    t.keys(&["Enter"]);
    let s = t.wait_for_any(&["claim refused", "Deal scored"]);
    if s.contains("claim refused") {
        t.keys(&["c"]);
        t.wait_for("tricks left");
        t.keys(&["j"; 13]);
        t.wait_for("Claim 0 of");
        t.keys(&["Enter"]);
    }
    t.wait_for("Deal scored");
    t.keys(&["r"]);
    t.wait_for("Lost to mistakes");
    t.keys(&["Escape"]);
    t.keys(&["m"]);
    let s = t.wait_for("Match ·");
    assert!(s.contains('*'), "the deal with an undo is marked:\n{s}");
    t.keys(&["Escape"]);
    t.keys(&["n"]);
    t.wait_for("Your call");
    t.keys(&["q"]);
    t.wait_for("Resume Honeymoon bridge");
    let kept = home.path().join(".local/share/cardgames/deals/honeymoon");
    let files: Vec<_> = std::fs::read_dir(&kept)
        .unwrap_or_else(|e| panic!("{}: {e}", kept.display()))
        .collect();
    assert_eq!(files.len(), 1);
}

#[test]
fn too_small_shows_the_notice_and_no_key_acts_behind_it() {
    if !have("tmux", "-V") {
        return;
    }
    let home = quick_home();
    let bin = env!("CARGO_BIN_EXE_cardgames");
    let t = Tmux::run(
        "toosmall",
        home.path(),
        (80, 24),
        &[bin, "holdem", "--seed", "5"],
    );
    if t.wait_for_any(&["Your turn", "Hand over"])
        .contains("Hand over")
    {
        t.keys(&["n"]);
    }
    let before = t.wait_for("Your turn");
    t.resize(50, 15);
    t.wait_for("Terminal too small");
    // All in, leave, fold, the next hand: none reaches the hidden table.
    t.keys(&["a", "Enter", "q", "f", "n"]);
    let small = t.wait_for("Terminal too small");
    assert!(small.contains("50×15 now"), "{small}");
    // A second small size, seen drawn, means the keys sent before it were
    // read before the terminal grows again.
    t.resize(51, 15);
    t.wait_for("51×15 now");
    t.resize(80, 24);
    // tmux clears the grown pane before the app redraws it: wait for the
    // table itself, not merely for the notice to go.
    let after = t.wait_until("the table again", |s| {
        !s.contains("Terminal too small") && s.contains("Pot")
    });
    assert_eq!(after, before, "the game is as it was");
    assert!(!t.ended(), "q did not quit");
}
