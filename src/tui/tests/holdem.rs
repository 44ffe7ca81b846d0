//! Hold'em on screen: whole hands, the questions asked before a fold
//! or an all-in, the log, saves, the HUD, the replayer and leaving.

use super::*;

#[test]
fn a_corrupt_save_is_reported_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("saved-doom.json");
    std::fs::write(&path, "{\"format\":\"cardgames\"").unwrap_or_else(|e| panic!("{e}"));
    let old = dir.path().join("saved-game.json");
    std::fs::write(&old, "{}").unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::with_store(Store::at(dir.path()), false, false).with_seed(2);
    let menu = screen(&mut app, 80, 24);
    assert!(menu.contains("saved-doom.json"), "{menu}");
    assert!(!menu.contains("Resume"));
    press(&mut app, KeyCode::Esc); // closes the notice
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter); // Dice of Doom
    press(&mut app, KeyCode::Enter);
    assert!(app.table::<Doom>().is_some());
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        "{\"format\":\"cardgames\""
    );
    // A save of the first versions is reported and left alone too.
    let mut app = App::with_store(Store::at(dir.path()), false, false);
    std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut fresh = App::with_store(Store::at(dir.path()), false, false);
    let menu = screen(&mut fresh, 80, 24);
    assert!(
        menu.contains("saved-game.json holds a game saved by an earlier"),
        "{menu}"
    );
    assert_eq!(std::fs::read_to_string(&old).unwrap_or_default(), "{}");
    let _ = screen(&mut app, 80, 24);
}

#[test]
fn a_fold_when_checking_is_free_is_asked_first() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    let seen = |app: &App| {
        app.table::<Holdem>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no table"))
    };
    let free = |app: &App| {
        let s = seen(app);
        s.stage == Stage::Turn(0) && s.view.state.legal().is_some_and(|l| l.to_call == 0)
    };
    // Call or check along until a turn where checking is free.
    for _ in 0..20_000 {
        if free(&app) {
            break;
        }
        match seen(&app).stage {
            Stage::Turn(0) => press(&mut app, KeyCode::Char('c')),
            Stage::Turn(_) => wait(&mut app),
            _ => press(&mut app, KeyCode::Char('n')),
        }
    }
    assert!(free(&app), "never free to check");
    press(&mut app, KeyCode::Char('f'));
    let asked = screen(&mut app, 80, 24);
    assert!(
        asked.contains("Fold when you could check for free?"),
        "{asked}"
    );
    assert!(free(&app), "the fold was played before it was confirmed");
    press(&mut app, KeyCode::Char('n'));
    let kept = screen(&mut app, 80, 24);
    assert!(!kept.contains("Fold when you could check"), "{kept}");
    assert!(free(&app), "keeping the hand played something");
    press(&mut app, KeyCode::Char('f'));
    press(&mut app, KeyCode::Char('f'));
    assert!(!free(&app), "the confirmed fold was not played");
    let folded = screen(&mut app, 80, 24);
    assert!(folded.contains("You fold"), "{folded}");
}

#[test]
fn a_busted_player_is_told_of_the_rebuy_and_it_is_counted() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down: cash, rebuy when busted
    let seen = |app: &App| {
        app.table::<Holdem>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no table"))
    };
    // All in every hand until busted.
    let mut busted = false;
    for _ in 0..20_000 {
        let s = seen(&app);
        match s.stage {
            Stage::Turn(0) => press(&mut app, KeyCode::Char('a')),
            Stage::Turn(_) => wait(&mut app),
            _ if s.view.state.stacks()[0] == 0 => {
                busted = true;
                break;
            }
            _ => press(&mut app, KeyCode::Char('n')),
        }
    }
    assert!(busted, "never busted");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("You rebuy for 1000 next hand"), "{text}");
    assert!(!text.contains("out of chips"), "{text}");
    assert!(!app.title().contains("rebuy"), "{}", app.title());
    press(&mut app, KeyCode::Char('n'));
    assert!(seen(&app).view.state.stacks()[0] > 0, "rebought");
    assert!(app.title().contains(", 1 rebuy ("), "{}", app.title());
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('x')); // past the session's summary
    let menu = screen(&mut app, 80, 24);
    assert!(menu.contains(", 1 rebuy"), "{menu}");
}

#[test]
fn a_whole_holdem_hand_at_six_seats() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    snapshot!("holdem_setup_80x24", screen(&mut app, 80, 24));
    snapshot!("holdem_setup_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    press(&mut app, KeyCode::Enter); // sit down at six seats
    let seen = |app: &App| {
        app.table::<Holdem>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no table"))
    };
    let mut shot = false;
    for _ in 0..20_000 {
        match seen(&app).stage {
            Stage::Turn(0) => {
                if !shot {
                    shot = true;
                    snapshot!("holdem_table_80x24", screen(&mut app, 80, 24));
                    snapshot!("holdem_table_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
                    // Open the raise box, pick the pot preset, and cancel.
                    press(&mut app, KeyCode::Char('r'));
                    press(&mut app, KeyCode::Char('p'));
                    let text = screen(&mut app, 80, 24);
                    assert!(text.contains("Raise to ["), "{text}");
                    press(&mut app, KeyCode::Esc);
                    assert!(
                        app.table::<Holdem>().is_some(),
                        "esc closed the box, not the table"
                    );
                    // The computer's reasons name its cards: not mid-hand.
                    press(&mut app, KeyCode::Char('w'));
                    let text = screen(&mut app, 80, 24);
                    assert!(text.contains("once the deal is over"), "{text}");
                }
                press(&mut app, KeyCode::Char('c'));
            }
            Stage::Turn(_) => wait(&mut app),
            _ => break,
        }
    }
    let state = seen(&app).view.state;
    assert_eq!(state.stacks().iter().sum::<u64>(), 6000, "chips conserved");
    let end = screen(&mut app, 80, 24);
    assert!(end.contains("Hand over"), "{end}");
    assert!(
        end.contains(" from the pot") || end.contains(" from side pot"),
        "{end}"
    );
    let running = app
        .table::<Holdem>()
        .map(|t| t.running())
        .unwrap_or_default();
    assert_eq!(running.deals, 1);
    assert_eq!(running.net, state.stacks()[0] as f64 - 1000.0);
    assert_eq!(app.stats().of("holdem").deals, 1);
    // The hand log scrolls back to the blinds and forward again.
    assert!(!end.contains("the small blind"), "{end}");
    for _ in 0..10 {
        press(&mut app, KeyCode::PageUp);
    }
    let back = screen(&mut app, 80, 24);
    assert!(back.contains("the small blind"), "{back}");
    assert!(back.contains("newer (] or pgdn)"), "{back}");
    for _ in 0..10 {
        press(&mut app, KeyCode::Char(']'));
    }
    assert_eq!(screen(&mut app, 80, 24), end);
    // Why the computer played so: each of its moves with its reason.
    assert!(end.contains("w why"), "{end}");
    press(&mut app, KeyCode::Char('w'));
    let why = screen(&mut app, 80, 24);
    assert!(why.contains("(normal): "), "{why}");
    assert!(why.contains(" — "), "{why}");
    press(&mut app, KeyCode::Char('w'));
    assert!(screen(&mut app, 80, 24).contains("no computer move"));
    press(&mut app, KeyCode::Char('n'));
    assert!(screen(&mut app, 80, 24).contains("— Hand 2 · blinds 5/10 —"));
}

#[test]
fn a_holdem_session_left_midway_is_saved_and_resumed() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    let before = save(&app);
    let view = app.table::<Holdem>().map(|t| t.seen().view);
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y')); // leave mid-hand all the same
    let mut again = App::with_store(Store::at(dir.path()), false, false);
    let menu = screen(&mut again, 80, 24);
    assert!(
        menu.contains("Resume Texas Hold'em  6 players, 0 hands, you +0"),
        "{menu}"
    );
    press(&mut again, KeyCode::Enter);
    assert_eq!(save(&again), before, "the same session, generator included");
    assert_eq!(
        again.table::<Holdem>().map(|t| t.seen().view),
        view,
        "the same hand, mid-play"
    );
}

#[test]
fn a_holdem_tournament_title_says_when_the_blinds_rise() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    for _ in 0..3 {
        press(&mut app, KeyCode::Down); // to Format
    }
    for _ in 0..6 {
        if screen(&mut app, 80, 24).contains("tournament") {
            break;
        }
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Enter); // sit down
    for _ in 0..20_000 {
        let Some(t) = app.table::<Holdem>() else {
            panic!("no table")
        };
        match t.seen().stage {
            Stage::Turn(0) => break,
            _ => wait(&mut app),
        }
    }
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("hand 1 · next level in 10 ·"), "{text}");
    assert!(text.contains("bb/100)"), "the title fits: {text}");
    snapshot!("holdem_tournament_80x24", text);
}

/// Waits at the Hold'em table until it is your turn.
fn until_my_turn(app: &mut App) {
    for _ in 0..20_000 {
        let Some(t) = app.table::<Holdem>() else {
            panic!("no table")
        };
        if t.seen().stage == Stage::Turn(0) {
            return;
        }
        wait(app);
    }
    panic!("never my turn");
}

#[test]
fn all_in_is_asked_about_when_the_setting_says_so() {
    let settings = Settings {
        bot_delay_ms: 0,
        confirm_all_in: true,
        ..Settings::default()
    };
    let mut app = App::new(settings, false, None).with_seed(8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    until_my_turn(&mut app);
    press(&mut app, KeyCode::Char('a'));
    let asked = screen(&mut app, 80, 24);
    assert!(
        asked.contains("Go all in for 1000? a: all in · n: no"),
        "{asked}"
    );
    press(&mut app, KeyCode::Char('n'));
    let kept = screen(&mut app, 80, 24);
    assert!(!kept.contains("Go all in"), "{kept}");
    let all_in = |app: &App| {
        app.table::<Holdem>().is_some_and(|t| {
            t.log().iter().any(|n| {
                let line = n.ascii(Some(0), &t.seen().names);
                line.starts_with("You ") && line.ends_with("(all in)")
            })
        })
    };
    assert!(!all_in(&app), "n kept the hand as it was");
    // The whole stack typed in the raise box is asked about too.
    press(&mut app, KeyCode::Char('r'));
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Enter);
    let asked = screen(&mut app, 80, 24);
    assert!(asked.contains("Go all in for 1000?"), "{asked}");
    assert!(!all_in(&app), "not before the answer");
    press(&mut app, KeyCode::Char('n'));
    assert!(!all_in(&app), "n kept the hand as it was");
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Char('a'));
    assert!(all_in(&app), "a twice goes all in");
}

#[test]
fn leaving_mid_hand_is_asked_about() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    until_my_turn(&mut app);
    press(&mut app, KeyCode::Esc);
    let asked = screen(&mut app, 80, 24);
    assert!(asked.contains("Leave in the middle of a hand?"), "{asked}");
    press(&mut app, KeyCode::Char('n'));
    assert!(app.table::<Holdem>().is_some(), "n stays");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    assert!(app.table::<Holdem>().is_none(), "esc twice leaves");
    // Without the setting, esc leaves at once.
    let settings = Settings {
        bot_delay_ms: 0,
        confirm_leave: false,
        ..Settings::default()
    };
    let mut app = App::new(settings, false, None).with_seed(8);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    until_my_turn(&mut app);
    press(&mut app, KeyCode::Esc);
    assert!(app.table::<Holdem>().is_none(), "esc leaves");
}

#[test]
fn the_holdem_log_grows_with_the_terminal() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    until_my_turn(&mut app);
    let short = screen(&mut app, 80, 24);
    assert!(!short.contains("posts the small blind"), "{short}");
    let tall = screen(&mut app, 80, 40);
    for line in [
        "Seed 8",
        "posts the small blind",
        "posts the big blind",
        "Board",
    ] {
        assert!(tall.contains(line), "{line}: {tall}");
    }
    // The table keeps its rows: drawn as at 80×24, the log below.
    let top = |s: &str| s.lines().take(17).collect::<Vec<_>>().join("\n");
    assert_eq!(top(&tall), top(&short), "{tall}");
}

#[test]
fn leaving_the_holdem_table_sums_up_the_session() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    call_through(&mut app, 3);
    let stacks = app
        .table::<Holdem>()
        .map(|t| t.seen().view.state.stacks()[0])
        .unwrap_or_default();
    press(&mut app, KeyCode::Char('q'));
    assert!(app.table::<Holdem>().is_none(), "left the table");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Hands played     3"), "{text}");
    let net = stacks as i64 - 1000;
    assert!(
        text.contains(&format!("Result           {net:+} chips (")),
        "{text}"
    );
    assert!(text.contains("Showdowns        won "), "{text}");
    snapshot!("holdem_farewell_80x24", text);
    snapshot!(
        "holdem_farewell_min",
        screen(&mut app, MIN_WIDTH, MIN_HEIGHT)
    );
    // The session was kept on leaving, before the summary is dismissed.
    let mut again = App::with_store(Store::at(dir.path()), false, false);
    assert!(
        screen(&mut again, 80, 24).contains("Resume Texas Hold'em  6 players, 3 hands"),
        "saved on leaving"
    );
    press(&mut app, KeyCode::Char(' '));
    let menu = screen(&mut app, 80, 24);
    assert!(menu.contains("Resume Texas Hold'em"), "{menu}");
    // Leaving before a hand ended since sitting down goes straight to
    // the menu.
    press(&mut app, KeyCode::Enter); // Resume
    assert!(app.table::<Holdem>().is_some(), "resumed");
    press(&mut app, KeyCode::Char('q'));
    assert!(screen(&mut app, 80, 24).contains("Resume Texas Hold'em"));
}

/// What the Hold'em computer players have learned, as a save holds it.
fn reads(app: &App) -> serde_json::Value {
    save(app)["memories"].clone()
}

#[test]
fn holdem_bots_keep_their_reads_across_a_save() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = quick_app(Some(dir.path()), 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    for _ in 0..6 {
        press(&mut app, KeyCode::Down); // to Computer
    }
    press(&mut app, KeyCode::Right); // hard: the level that reads
    assert!(screen(&mut app, 80, 24).contains("‹ hard ›"));
    press(&mut app, KeyCode::Enter); // sit down
    call_through(&mut app, 3);
    let before = reads(&app);
    let seats = before
        .as_array()
        .map_or(0, |r| r.iter().filter(|m| !m.is_null()).count());
    assert_eq!(seats, 5, "every computer player has reads: {before}");
    // Seat 1 keeps you as the player five seats to its left.
    let you = &before[1]["seen"][5];
    assert_eq!(you["hands"].as_u64(), Some(3), "seat 1 watched you: {you}");
    press(&mut app, KeyCode::Char('q'));
    let mut again = App::with_store(Store::at(dir.path()), false, false);
    press(&mut again, KeyCode::Enter); // Resume
    assert_eq!(reads(&again), before);
}

#[test]
fn a_holdem_session_left_while_a_bot_thinks_plays_on_as_if_never_left() {
    let dirs = [(); 2].map(|()| tempfile::tempdir().unwrap_or_else(|e| panic!("{e}")));
    let [mut kept, mut left] = [0, 1].map(|i| {
        let mut app = seated_at_holdem(dirs[i].path(), 9);
        call_through(&mut app, 2);
        // Deal the third hand and let a computer player begin to think.
        press(&mut app, KeyCode::Char('n'));
        loop {
            match app.table::<Holdem>().map(|t| t.seen().stage) {
                Some(Stage::Turn(0)) => press(&mut app, KeyCode::Char('c')),
                Some(Stage::Turn(_)) => break,
                _ => panic!("the hand ended at once"),
            }
        }
        app.tick();
        app
    });
    press(&mut left, KeyCode::Char('q'));
    press(&mut left, KeyCode::Char('y')); // leave mid-hand all the same
    let quick = Settings {
        bot_delay_ms: 0,
        ..Settings::default()
    };
    let store = Store::at(dirs[1].path());
    cardgames::store::save(&store.config_path("settings"), "settings", &quick)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut resumed = App::with_store(store, false, false);
    press(&mut resumed, KeyCode::Enter); // Resume
    for app in [&mut kept, &mut resumed] {
        call_through(app, 5);
    }
    assert_eq!(
        save(&resumed),
        save(&kept),
        "the same hands, the same bets, the bots' reads and generator"
    );
    let running = |app: &App| app.table::<Holdem>().map(|t| t.running());
    assert_eq!(running(&resumed), running(&kept), "and your results");
}

#[test]
fn the_hud_shows_each_opponents_numbers_over_the_hands_seen() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    call_through(&mut app, 5);
    let log = screen(&mut app, 80, 24);
    assert!(!log.contains("HUD:"), "{log}");
    press(&mut app, KeyCode::Char('h'));
    let hud = screen(&mut app, 80, 24);
    assert!(hud.contains("HUD: 5 hands at this table"), "{hud}");
    for name in ["Ada", "Ben", "Cleo", "Dev", "Eli"] {
        let line = hud
            .lines()
            .find(|l| l.trim_start().starts_with(name) && l.contains("VPIP"))
            .unwrap_or_else(|| panic!("no HUD line for {name}:\n{hud}"));
        assert!(
            line.contains(&format!("{name} ")) && line.contains(" 5h VPIP "),
            "{line}"
        );
    }
    assert!(
        !hud.lines()
            .any(|l| l.trim_start().starts_with("You") && l.contains("VPIP")),
        "{hud}"
    );
    press(&mut app, KeyCode::Char('h'));
    let back = screen(&mut app, 80, 24);
    assert!(!back.contains("HUD:"), "{back}");
}

/// Opens the hand replayer from the menu.
fn to_the_replayer(app: &mut App) {
    let menu = screen(app, 80, 24);
    let row = |needle: &str| {
        menu.lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no {needle} in the menu:\n{menu}"))
    };
    for _ in row("▶")..row("Hand replayer") {
        press(app, KeyCode::Down);
    }
    press(app, KeyCode::Enter);
}

#[test]
fn the_replayer_steps_through_a_hand_played_at_the_table() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    call_through(&mut app, 2);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc); // past the session's summary
    to_the_replayer(&mut app);
    let list = screen(&mut app, 80, 24);
    assert!(list.contains("Hands: your hands"), "{list}");
    let newest = list.find("hand 2").unwrap_or_else(|| panic!("{list}"));
    assert!(
        newest < list.find("hand 1").unwrap_or(0),
        "newest first:\n{list}"
    );
    press(&mut app, KeyCode::Enter);
    let first = screen(&mut app, 80, 24);
    snapshot!("replayer_hand_80x24", first);
    assert!(first.contains("hand 2 · preflop · moment 1 of"), "{first}");
    // Every hole card is known: everyone's equity, adding up to the pot.
    let equity = first
        .lines()
        .find(|l| l.starts_with(" Equity:"))
        .unwrap_or_else(|| panic!("{first}"));
    let shares: f64 = equity
        .split(['·', ' '])
        .filter_map(|w| w.strip_suffix('%'))
        .filter_map(|x| x.parse::<f64>().ok())
        .sum();
    assert!((shares - 100.0).abs() < 0.5, "{equity}");
    // Only the cards seen: yours, none of theirs, so no equity.
    press(&mut app, KeyCode::Char('v'));
    let seen = screen(&mut app, 80, 24);
    assert!(seen.contains("cards as seen"), "{seen}");
    assert!(
        seen.contains("needs the cards of everyone still in"),
        "{seen}"
    );
    press(&mut app, KeyCode::Char('v'));
    press(&mut app, KeyCode::Right);
    assert!(screen(&mut app, 80, 24).contains("moment 2 of"));
    press(&mut app, KeyCode::Left);
    assert!(screen(&mut app, 80, 24).contains("moment 1 of"));
    press(&mut app, KeyCode::Char('G'));
    let end = screen(&mut app, 80, 24);
    assert!(end.contains("hand over"), "{end}");
    assert!(end.contains(" win "), "the log tells the end:\n{end}");
    snapshot!("replayer_hand_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    // The hand below in the list, newest first, is the one before.
    press(&mut app, KeyCode::Char(']'));
    assert!(screen(&mut app, 80, 24).contains("hand 1 · preflop · moment 1 of"));
    press(&mut app, KeyCode::Char('['));
    assert!(screen(&mut app, 80, 24).contains("hand 2 · preflop"));
    press(&mut app, KeyCode::Esc);
    assert!(screen(&mut app, 80, 24).contains("Hands: your hands"));
}

#[test]
fn the_replayer_opens_a_file_and_says_what_it_cannot_read() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("two.phhs");
    let hand = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\nstarting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 100', 'p1 cc', 'd db 2c7d9h', 'd db Js', 'd db 4c']\nplayers = ['Ann', 'Bob']\n";
    std::fs::write(&file, format!("[1]\n{hand}\n[2]\nvariant = 'FT'\n"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut app = quick_app(None, 1);
    to_the_replayer(&mut app);
    assert!(screen(&mut app, 80, 24).contains("No hands here yet"));
    press(&mut app, KeyCode::Char('o'));
    for c in file.display().to_string().chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    let list = screen(&mut app, 80, 24);
    assert!(list.contains("two.phhs 1"), "{list}");
    assert!(list.contains("cannot be replayed: variant 'FT'"), "{list}");
    press(&mut app, KeyCode::Enter);
    let start = screen(&mut app, 80, 24);
    assert!(start.contains("Ann") && start.contains("Bob"), "{start}");
    // All in before the flop: aces against kings on every board to come.
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let all_in = screen(&mut app, 80, 24);
    assert!(all_in.contains("Equity: Ann 82.6% · Bob 17.4%"), "{all_in}");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('o'));
    for c in "/no/such/place".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    let refused = screen(&mut app, 80, 24);
    assert!(refused.contains("/no/such/place"), "{refused}");
    assert!(
        refused.contains("two.phhs 1"),
        "the list is kept:\n{refused}"
    );
}

#[test]
fn the_winner_of_an_uncontested_pot_may_show_the_cards() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = seated_at_holdem(dir.path(), 8);
    let mine = |app: &App| {
        let Some(t) = app.table::<Holdem>() else {
            panic!("left the table")
        };
        t.seen()
    };
    for _ in 0..100_000 {
        let seen = mine(&app);
        match seen.stage {
            Stage::DealOver if seen.view.state.won_unseen(0) => break,
            Stage::DealOver => {
                let text = screen(&mut app, 80, 24);
                assert!(!text.contains("s: show"), "{text}");
                press(&mut app, KeyCode::Char('n'));
            }
            // Raise the minimum whenever it is our turn: sooner or later
            // everyone folds to it.
            Stage::Turn(0) => {
                press(&mut app, KeyCode::Char('r'));
                press(&mut app, KeyCode::Enter);
                if mine(&app).stage == Stage::Turn(0) {
                    press(&mut app, KeyCode::Char('c'));
                }
            }
            Stage::Turn(_) => wait(&mut app),
            Stage::Over => panic!("the table ended"),
        }
    }
    let won = screen(&mut app, 80, 24);
    assert!(
        won.contains("You win without a showdown. s: show your cards · n: next hand"),
        "{won}"
    );
    let hole = mine(&app).view.state.hole(0).expect("my cards");
    let shows = |app: &App| {
        app.table::<Holdem>().map_or(0, |t| {
            t.log()
                .iter()
                .filter(|n| n.ascii(Some(0), &t.seen().names).starts_with("You show"))
                .count()
        })
    };
    let before = shows(&app);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(shows(&app), before + 1, "s showed the cards");
    let seen = mine(&app);
    assert!(seen.view.state.shown(0));
    assert_eq!(seen.view.state.hole(0), Some(hole));
    let after = screen(&mut app, 80, 24);
    assert!(after.contains("Hand over: n: next hand"), "{after}");
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(shows(&app), before + 1, "a second s does nothing");
    press(&mut app, KeyCode::Char('n'));
    assert!(matches!(mine(&app).stage, Stage::Turn(_)), "the next hand");
}
