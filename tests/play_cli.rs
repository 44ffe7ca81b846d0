//! `cardgames`, `cardgames holdem|doom|honeymoon` without a subcommand
//! open the game screen: bad options are one-line errors with exit 2, and
//! without a terminal they say so instead of drawing.

use assert_cmd::Command;

fn fails_with(args: &[&str], message: &str) {
    let out = Command::cargo_bin("cardgames")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(args)
        .write_stdin("")
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap_or_default();
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
    assert!(err.contains(message), "{err:?} should mention {message:?}");
}

#[test]
fn bad_game_options_are_refused() {
    fails_with(&["doom", "--size", "9"], "--size");
    fails_with(&["doom", "--players", "5"], "--players");
    fails_with(&["doom", "--rules", "dicey"], "dicey");
    fails_with(
        &["doom", "--size", "3", "solve", "--board", "a1 b1 a1 b1"],
        "cannot be used",
    );
    fails_with(&["holdem", "--players", "10"], "--players");
    fails_with(&["holdem", "--blinds", "ten"], "--blinds 'ten'");
    fails_with(&["holdem", "--blinds", "10/5"], "small <= big");
    fails_with(&["holdem", "--level", "godlike"], "godlike");
    fails_with(&["honeymoon", "--level", "pro"], "pro");
}

#[test]
fn without_a_terminal_the_screen_says_so() {
    for args in [
        &[][..],
        &["holdem"],
        &["doom", "--size", "3"],
        &["honeymoon"],
    ] {
        fails_with(args, "needs a terminal");
    }
}
