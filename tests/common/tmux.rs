//! Programs in a real terminal: a tmux session per program, keys sent as
//! a person types them, the screen read back. `.ci/run` installs tmux;
//! elsewhere the tests that need it are skipped (with a note).

use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// How long a screen may take to show what a test waits for. Generous:
/// a test waits only as long as it needs, and a slow machine is no fault.
const PATIENCE: Duration = Duration::from_secs(60);

/// A tmux session, killed when dropped.
pub struct Tmux {
    session: String,
}

fn tmux(args: &[&str]) -> bool {
    Command::new("tmux")
        .args(args)
        .status()
        .is_ok_and(|s| s.success())
}

impl Tmux {
    /// A `cols`×`rows` session named after `name` running `command` (the
    /// program and its arguments) with a clean environment: `HOME` is
    /// `home`, `PATH` is the test's, `TERM` is xterm-256color.
    pub fn run(name: &str, home: &Path, (cols, rows): (u16, u16), command: &[&str]) -> Tmux {
        let session = format!("cardgames-e2e-{name}-{}", std::process::id());
        let (cols, rows) = (cols.to_string(), rows.to_string());
        let home = format!("HOME={}", home.display());
        let path = format!("PATH={}", std::env::var("PATH").unwrap_or_default());
        assert!(
            tmux(&[
                "new-session",
                "-d",
                "-s",
                &session,
                "-x",
                &cols,
                "-y",
                &rows
            ]),
            "tmux new-session {name} failed"
        );
        // Keep the pane (and its last screen) when the program ends: set
        // before the program starts, or one that ends at once (a refused
        // login) takes its screen with it.
        assert!(tmux(&[
            "set-option",
            "-t",
            &session,
            "remain-on-exit",
            "on"
        ]));
        let mut args = vec![
            "respawn-pane",
            "-k",
            "-t",
            &session,
            "env",
            "-i",
            &home,
            &path,
            "TERM=xterm-256color",
        ];
        args.extend_from_slice(command);
        assert!(tmux(&args), "tmux respawn-pane {name} failed");
        Tmux { session }
    }

    /// A shell in an 80×24 session, waiting at its prompt `PROMPT$`.
    pub fn shell(name: &str, home: &Path) -> Tmux {
        let t = Tmux::run(
            name,
            home,
            (80, 24),
            &["PS1=PROMPT$ ", "bash", "--norc", "--noprofile"],
        );
        t.wait_for("PROMPT$");
        t
    }

    /// Sends `keys` one by one (tmux key names: "Enter", "Escape", "C-c").
    pub fn keys(&self, keys: &[&str]) {
        for k in keys {
            assert!(
                tmux(&["send-keys", "-t", &self.session, k]),
                "send-keys {k}"
            );
            // Let each key arrive on its own (an Escape followed at once by
            // a letter reads as Alt+letter).
            sleep(Duration::from_millis(120));
        }
    }

    /// Types `text` literally, then Enter.
    pub fn type_line(&self, text: &str) {
        assert!(tmux(&["send-keys", "-t", &self.session, "-l", text]));
        self.keys(&["Enter"]);
    }

    /// The screen as text.
    pub fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-t", &self.session])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn display(&self, format: &str) -> String {
        let out = Command::new("tmux")
            .args(["display-message", "-p", "-t", &self.session, format])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// True while the program draws on the alternate screen.
    pub fn alternate_screen(&self) -> bool {
        self.display("#{alternate_on}") == "1"
    }

    /// True while the program has the terminal report the mouse.
    pub fn mouse_reporting(&self) -> bool {
        self.display("#{mouse_standard_flag}#{mouse_any_flag}") != "00"
    }

    /// True once the pane's program has ended.
    pub fn ended(&self) -> bool {
        self.display("#{pane_dead}") == "1"
    }

    /// The process id of the pane's program.
    pub fn pid(&self) -> u32 {
        self.display("#{pane_pid}")
            .parse()
            .unwrap_or_else(|e| panic!("pane pid: {e}"))
    }

    /// Closes the terminal under the program, as a person closing the
    /// window: the program gets SIGHUP and reads from a terminal gone.
    pub fn close_window(&self) {
        assert!(tmux(&["kill-session", "-t", &self.session]));
    }

    /// Waits until process `pid` has ended.
    pub fn wait_gone(pid: u32) {
        let start = Instant::now();
        let proc = format!("/proc/{pid}");
        while Path::new(&proc).exists() {
            assert!(start.elapsed() < PATIENCE, "process {pid} never ended");
            sleep(Duration::from_millis(50));
        }
    }

    /// Makes the terminal `cols`×`rows`, as a person dragging its corner.
    pub fn resize(&self, cols: u16, rows: u16) {
        assert!(tmux(&[
            "resize-window",
            "-t",
            &self.session,
            "-x",
            &cols.to_string(),
            "-y",
            &rows.to_string(),
        ]));
    }

    /// Waits for `text` on screen; fails with the screen.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_for_any(&[text])
    }

    /// Waits for any of `texts` on screen.
    pub fn wait_for_any(&self, texts: &[&str]) -> String {
        self.wait_until(&format!("any of {texts:?}"), |s| {
            texts.iter().any(|t| s.contains(t))
        })
    }

    /// Moves a menu's cursor down to the entry `label` (the text after the
    /// marker begins with it) and opens it, however many entries come
    /// before it.
    pub fn open_entry(&self, label: &str) {
        let chosen = |s: &str| {
            s.lines().any(|l| {
                l.trim_start()
                    .strip_prefix('▶')
                    .is_some_and(|rest| rest.trim_start().starts_with(label))
            })
        };
        for _ in 0..40 {
            let before = self.screen();
            if chosen(&before) {
                self.keys(&["Enter"]);
                return;
            }
            self.keys(&["Down"]);
            self.wait_until("the cursor moved", |now| now != before);
        }
        panic!("no menu entry {label:?} in:\n{}", self.screen());
    }

    /// Waits until `ok` holds of the screen; `what` names it on failure.
    pub fn wait_until(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if ok(&s) {
                return s;
            }
            assert!(start.elapsed() < PATIENCE, "never saw {what} in:\n{s}");
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        tmux(&["kill-session", "-t", &self.session]);
    }
}

/// Whether `program` runs here (with `arg`, e.g. `-V`). Under CI a
/// missing program fails the test, since `.ci/run` installs it; elsewhere
/// the test is skipped with a note.
pub fn have(program: &str, arg: &str) -> bool {
    let found = Command::new(program)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success() || !o.stderr.is_empty());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install {program} (.ci/run does)"
        );
        eprintln!("{program} not found: this end-to-end test is skipped");
    }
    found
}
