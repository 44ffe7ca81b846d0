//! `cardgames`, `cardgames holdem|doom|honeymoon` without a subcommand (the
//! same as `cardgames play GAME`) open the game screen (`cardgames sim GAME` plays a
//! bot match): bad options are one-line errors with exit 2, and
//! without a terminal they say so instead of drawing.

use crate::common;

use common::fails_with;

#[test]
fn bad_game_options_are_refused() {
    // `cardgames GAME` takes the game's form as flags, as `play GAME` does.
    fails_with(&["doom", "--size", "9"], "invalid value '9' for '--size'");
    fails_with(&["doom", "--players", "5"], "--players");
    fails_with(&["doom", "--rules", "dicey"], "dicey");
    fails_with(
        &["doom", "--size", "3", "solve", "--board", "a1 b1 a1 b1"],
        "unexpected argument 'solve'",
    );
    fails_with(&["holdem", "--seats", "10"], "--seats");
    fails_with(
        &["holdem", "--blinds", "ten"],
        "invalid value 'ten' for '--blinds'",
    );
    // A choice may be named by the start of exactly one.
    fails_with(
        &["holdem", "--mode", "cash"],
        "choose cash-rebuy-when-busted",
    );
    fails_with(&["holdem", "--level", "godlike"], "godlike");
    fails_with(&["honeymoon", "--level", "pro"], "pro");
    fails_with(&["doom", "--ai", "genius"], "unknown AI 'genius'");
    fails_with(
        &["honeymoon", "--lead", "north"],
        "the-last-exchange-tricks-loser or declarers-opponent",
    );
    fails_with(
        &["honeymoon", "--match", "8-tricks"],
        "choose endless, 4-deals",
    );
    fails_with(&["honeymoon", "--match", "0"], "'0' for '--match'");
}

#[test]
fn without_a_terminal_the_screen_says_so_with_status_1() {
    for args in [
        &[][..],
        &["holdem"],
        &["doom", "--size", "3"],
        &[
            "doom", "--size", "5x5", "--rules", "chance", "--ai", "strong",
        ],
        &["holdem", "--mode", "tournament", "--seats", "4"],
        &["honeymoon"],
        &[
            "honeymoon",
            "--match",
            "first-to-1000",
            "--duplicate",
            "yes",
        ],
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

#[test]
fn any_game_is_opened_and_matched_with_its_form_as_flags() {
    // The options come from the game's form: Nim's heap takes 7, 10 or 21.
    fails_with(&["play", "nim", "--heap", "8"], "--heap");
    fails_with(&["play", "chess"], "unknown game \"chess\"");
    fails_with(&["sim", "nim", "--heap", "21"], "--bots");
    fails_with(
        &["sim", "nim", "--bots", "perfect,bogus"],
        "unknown bot 'bogus'",
    );
    fails_with(
        &["sim", "nim", "--bots", "perfect", "--plays", "0"],
        "--plays",
    );
    let help = common::stdout_of(&["sim", "nim", "--help"]);
    assert!(help.contains("--heap <CHOICE>"), "{help}");
    assert!(help.contains("[possible values: 7, 10, 21]"), "{help}");

    // The perfect player takes every heap of 21 (it never starts on a
    // multiple of four), seat orders swapped each deal; the run replays.
    let args = [
        "sim",
        "nim",
        "--heap",
        "21",
        "--bots",
        "perfect,one",
        "--plays",
        "40",
        "--seed",
        "3",
        "--json",
    ];
    let out = common::stdout_of(&args);
    assert_eq!(out, common::stdout_of(&args), "a seeded match replays");
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["bot"], "perfect");
    assert_eq!(rows[0]["plays"], 40);
    assert_eq!(rows[0]["mean"], 1.0);
    assert_eq!(rows[1]["total"], 0.0);
}
