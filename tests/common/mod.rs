//! Helpers the command-line tests share: run the binary, read its output,
//! and check the bad-input contract (exit 2, one line on stderr naming
//! the problem, nothing on stdout, no panic).

#![allow(dead_code)] // each test file uses its own subset

use assert_cmd::Command;

/// The `cardgames` binary.
pub fn cardgames() -> Command {
    Command::cargo_bin("cardgames").unwrap_or_else(|e| panic!("binary: {e}"))
}

/// Runs with `args`, expects success, returns stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let out = cardgames()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap_or_default()
}

/// Runs with `args` with stderr piped (as in a script); expects success
/// and nothing at all on stderr (no progress bar, no seed: give one),
/// returns stdout.
pub fn quiet_stdout_of(args: &[&str]) -> String {
    let out = cardgames()
        .args(args)
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(
        out.stderr.is_empty(),
        "{args:?}: {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap_or_default()
}

/// Runs with `args` and `stdin`; expects the bad-input contract with an
/// error mentioning `message`. (Stdout may hold the answers to the lines
/// read before the bad one.)
pub fn fails_with_stdin(args: &[&str], stdin: &str, message: &str) -> Vec<u8> {
    let out = cardgames()
        .args(args)
        .write_stdin(stdin.to_string())
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap_or_default();
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: one line: {err:?}"
    );
    assert!(
        err.contains(message),
        "{args:?}: {err:?} should mention {message:?}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
    out.stdout
}

/// [`fails_with_stdin`] with nothing on stdin, and nothing on stdout.
pub fn fails_with(args: &[&str], message: &str) {
    let stdout = fails_with_stdin(args, "", message);
    assert!(stdout.is_empty(), "{args:?}: nothing on stdout");
}

/// Runs `args` with `--json` and again with `--format json`; expects the
/// same output from both, every line a JSON value, and returns them.
pub fn json_both(args: &[&str]) -> Vec<serde_json::Value> {
    let short = stdout_of(&[args, &["--json"]].concat());
    let long = stdout_of(&[args, &["--format", "json"]].concat());
    assert_eq!(short, long, "{args:?}: --json is --format json");
    let values: Vec<serde_json::Value> = short
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect();
    assert!(!values.is_empty(), "{args:?}: some JSON");
    values
}

pub mod browser;
pub mod hall;
pub mod minimax;
pub mod python;
pub mod tmux;
