//! End to end under tmux: the real binary in a real terminal. Navigate the
//! menu, quit, and check the shell is back in cooked mode on the main
//! screen. `.ci/run` installs tmux; elsewhere the test is skipped (with a
//! note) when tmux is missing.

use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

struct Tmux {
    session: String,
}

impl Tmux {
    fn start(name: &str, home: &Path) -> Tmux {
        let session = format!("cardgames-e2e-{name}-{}", std::process::id());
        let ok = Command::new("tmux")
            .args(["new-session", "-d", "-s", &session, "-x", "80", "-y", "24"])
            .args(["env", "-i"])
            .arg(format!("HOME={}", home.display()))
            .arg(format!(
                "PATH={}",
                std::env::var("PATH").unwrap_or_default()
            ))
            .args([
                "TERM=xterm-256color",
                "PS1=PROMPT$ ",
                "bash",
                "--norc",
                "--noprofile",
            ])
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        assert!(ok, "tmux new-session failed");
        let t = Tmux { session };
        t.wait_for("PROMPT$");
        t
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            let ok = Command::new("tmux")
                .args(["send-keys", "-t", &self.session, k])
                .status()
                .map(|s| s.success())
                .unwrap_or(false);
            assert!(ok, "send-keys {k}");
            // Let each key arrive on its own (an Escape followed at once by
            // a letter reads as Alt+letter).
            sleep(Duration::from_millis(120));
        }
    }

    fn type_line(&self, line: &str) {
        let ok = Command::new("tmux")
            .args(["send-keys", "-t", &self.session, "-l", line])
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        assert!(ok);
        self.keys(&["Enter"]);
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-t", &self.session])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn alternate_screen(&self) -> bool {
        let out = Command::new("tmux")
            .args([
                "display-message",
                "-p",
                "-t",
                &self.session,
                "#{alternate_on}",
            ])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8_lossy(&out.stdout).trim() == "1"
    }

    /// Waits (up to 10 s) for `text` on screen; fails with the screen.
    fn wait_for(&self, text: &str) -> String {
        self.wait_for_any(&[text])
    }

    /// Waits (up to 10 s) for any of `texts` on screen.
    fn wait_for_any(&self, texts: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if texts.iter().any(|t| s.contains(t)) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "never saw {texts:?} in:\n{s}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.session])
            .status();
    }
}

fn have_tmux() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install tmux (.ci/run does)"
        );
        eprintln!("tmux not found: end-to-end terminal test skipped");
    }
    found
}

#[test]
fn menu_settings_and_quit_restore_the_terminal() {
    if !have_tmux() {
        return;
    }
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // No pause between computer moves, to keep the test quick.
    let config = home.path().join(".config/cardgames");
    std::fs::create_dir_all(&config).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        config.join("settings.json"),
        r#"{"format":"cardgames","kind":"settings","version":1,"data":{"bot_delay_ms":0}}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let bin = env!("CARGO_BIN_EXE_cardgames");
    let t = Tmux::start("menu", home.path());
    t.type_line(&format!("{bin} --seed 7; echo \"exit=$?\"; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ,; echo"));
    t.wait_for("Card and dice games against the computer");
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
    t.keys(&["c", "q"]);
    // From here on the menu starts with the saved games, then Hold'em,
    // Dice of Doom, Honeymoon, Solver, Settings, Quit.
    t.wait_for("Resume Texas Hold'em");
    t.keys(&["Down", "Down", "Enter"]);
    t.wait_for("New game of Dice of Doom");
    t.keys(&["Enter"]);
    t.wait_for("Your move: pick an attacker");
    t.keys(&["Right", "Down", "q"]);
    let menu = t.wait_for("Resume Dice of Doom");
    assert!(menu.contains("5×5 classic, game 1"), "{menu}");
    t.keys(&["Down", "Down", "Down", "Down", "Enter"]);
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
    t.keys(&["Down", "Down", "Down", "Down", "Down", "Down", "Enter"]);
    t.wait_for("to play:");
    t.keys(&["Enter"]);
    t.wait_for("Trick: North led");
    t.keys(&[
        "u", "q", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Enter",
    ]);
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
    if !have_tmux() {
        return;
    }
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let bin = env!("CARGO_BIN_EXE_cardgames");
    let t = Tmux::start("ctrlc", home.path());
    t.type_line(&format!("{bin}; echo \"exit=$?\""));
    t.wait_for("Card and dice games against the computer");
    t.keys(&["C-c"]);
    let s = t.wait_for("exit=");
    assert!(s.contains("exit=0"), "{s}");
    assert!(!t.alternate_screen());
}
