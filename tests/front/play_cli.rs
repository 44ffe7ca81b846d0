//! `cardgames`, `cardgames holdem|doom|honeymoon` without a subcommand
//! open the game screen: bad options are one-line errors with exit 2, and
//! without a terminal they say so instead of drawing.

use crate::common;

use common::fails_with;

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
    fails_with(
        &["holdem", "--blinds", "ten"],
        "invalid value 'ten' for '--blinds",
    );
    fails_with(&["holdem", "--blinds", "10/5"], "small <= big");
    fails_with(&["holdem", "--level", "godlike"], "godlike");
    fails_with(&["honeymoon", "--level", "pro"], "pro");
    fails_with(&["doom", "--ai", "genius"], "unknown AI 'genius'");
    fails_with(
        &["honeymoon", "--opening-lead", "north"],
        "exchange-loser or defender",
    );
    fails_with(
        &["honeymoon", "--match", "8-tricks"],
        "choose endless, N-deals (like 8-deals) or N-points",
    );
    fails_with(&["honeymoon", "--match", "0"], "N at least 1");
}

#[test]
fn without_a_terminal_the_screen_says_so_with_status_1() {
    for args in [
        &[][..],
        &["holdem"],
        &["doom", "--size", "3"],
        &["honeymoon"],
        &["honeymoon", "--match", "1000-points"],
    ] {
        let out = common::cardgames()
            .args(args)
            .assert()
            .code(1)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap_or_default();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("needs a terminal"), "{args:?}: {err}");
    }
}
