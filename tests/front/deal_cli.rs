//! `cardgames deal`, `completions`, `--help` and `--version` from the
//! outside: valid PBN, replay by seed, and one-line errors with exit 2.

use std::collections::HashSet;

use crate::common;

use cardgames::cards::pbn::parse_hand;
use common::{cardgames, fails_with, json_both, stdout_of};
use predicates::prelude::*;

#[test]
fn pbn_deals_are_valid() {
    let text = stdout_of(&[
        "deal", "bridge", "--count", "8", "--seed", "3", "--format", "pbn",
    ]);
    let deals: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[Deal \"N:")?.strip_suffix("\"]"))
        .collect();
    assert_eq!(deals.len(), 8);
    for deal in deals {
        let hands: Vec<&str> = deal.split(' ').collect();
        assert_eq!(hands.len(), 4);
        let mut cards = HashSet::new();
        for h in hands {
            let set = parse_hand(h).unwrap_or_else(|e| panic!("{h}: {e}"));
            assert_eq!(set.len(), 13, "{h}");
            cards.extend(set);
        }
        assert_eq!(cards.len(), 52);
    }
    for (board, dealer) in [(1, "N"), (2, "E"), (3, "S"), (4, "W"), (5, "N")] {
        assert!(text.contains(&format!("[Board \"{board}\"]\n[Dealer \"{dealer}\"]")));
    }
}

#[test]
fn the_seed_replays_exactly() {
    let args = [
        "deal", "bridge", "--count", "3", "--seed", "11", "--format", "json",
    ];
    assert_eq!(stdout_of(&args), stdout_of(&args));
    let first = stdout_of(&["deal", "bridge", "--seed", "1", "--format", "pbn"]);
    // Pinned: ChaCha8 and Fisher–Yates are stable, so seed 1 deals this
    // board on every platform and version.
    assert!(first.contains(
        "[Deal \"N:AQ9.QJ6.KT986.QT 62.T94.AQJ74.J82 T754.8753.5.A763 KJ83.AK2.32.K954\"]"
    ));
}

#[test]
fn without_a_seed_the_seed_is_announced() {
    let out = cardgames()
        .args(["deal", "bridge"])
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap_or_default();
    let seed: u64 = err
        .trim()
        .strip_prefix("seed: ")
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seed in {err:?}"));
    let again = stdout_of(&["deal", "bridge", "--seed", &seed.to_string()]);
    assert_eq!(String::from_utf8(out.stdout).unwrap_or_default(), again);
}

#[test]
fn bridge_json_and_text() {
    let line = stdout_of(&["deal", "bridge", "--seed", "4", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(line.trim()).unwrap_or_default();
    assert_eq!(v["board"], 1);
    assert_eq!(v["dealer"], "N");
    assert_eq!(v["vulnerable"], "None");
    for seat in ["N", "E", "S", "W"] {
        let hand = v["hands"][seat].as_str().unwrap_or_default();
        assert_eq!(parse_hand(hand).map(|h| h.len()), Ok(13));
    }
    let text = stdout_of(&["deal", "bridge", "--seed", "4", "--ascii"]);
    assert_eq!(text.lines().count(), 12);
    assert!(text.contains("S ") && !text.contains('♠'));
    assert!(stdout_of(&["deal", "bridge", "--seed", "4"]).contains('♠'));
}

#[test]
fn items_are_dealt_per_the_contract() {
    let text = stdout_of(&[
        "deal", "--items", "a,b,c,d", "--hands", "2", "--cards", "2", "--count", "5", "--seed",
        "8", "--format", "json",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    for line in lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
        let hands = v["hands"].as_array().cloned().unwrap_or_default();
        assert_eq!(hands.len(), 2);
        let mut items: Vec<String> = hands
            .iter()
            .flat_map(|h| h.as_array().cloned().unwrap_or_default())
            .filter_map(|x| x.as_str().map(String::from))
            .collect();
        items.sort();
        assert_eq!(items, ["a", "b", "c", "d"]);
    }
    let text = stdout_of(&["deal", "--items", "x,y,z", "--seed", "1"]);
    let mut words: Vec<&str> = text.split_whitespace().collect();
    words.sort();
    assert_eq!(words, ["x", "y", "z"]);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    fails_with(&["deal", "bridge", "--format", "xml"], "xml");
    fails_with(&["deal", "--items", "a,b,c", "--cards", "4"], "pack of 3");
    fails_with(
        &["deal", "--items", "a,b,c", "--hands", "2", "--cards", "2"],
        "pack of 3",
    );
    fails_with(&["deal", "--items", "a,,c"], "item 2 is empty");
    fails_with(&["deal", "--items", ""], "item 1 is empty");
    fails_with(&["deal", "bridge", "--seed", "banana"], "banana");
    fails_with(&["deal", "bridge", "--seed", "-3"], "'-3'");
    fails_with(&["deal", "bridge", "--seed", "-3"], "must not be negative");
    fails_with(&["deal", "bridge", "--count", "-1"], "must be positive");
    fails_with(&["deal", "bridge", "--format", "xml"], "choose");
    fails_with(
        &["completions", "tcsh"],
        "choose bash, elvish, fish, powershell or zsh",
    );
    fails_with(&["deal", "bridge", "--count", "0"], "0");
    fails_with(&["deal"], "what to deal");
    fails_with(&["deal", "--items", "a,b", "--format", "pbn"], "pbn");
    fails_with(&["frobnicate"], "frobnicate");
}

#[test]
fn help_version_and_completions() {
    cardgames()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("cardgames "));
    cardgames()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("deal"));
    cardgames()
        .args(["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("cardgames"));
    cardgames().args(["completions", "tcsh"]).assert().code(2);
}

/// A pipe whose reader has gone already (`cardgames … | head` after `head`
/// quit).
fn closed_pipe() -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().unwrap_or_else(|e| panic!("pipe: {e}"));
    drop(reader);
    writer
}

/// `cardgames ARGS`, with `pipe` set up on the command.
fn run_with(args: &[&str], pipe: impl FnOnce(&mut std::process::Command)) -> std::process::Output {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("cardgames"));
    command.args(args);
    pipe(&mut command);
    command.output().unwrap_or_else(|e| panic!("run: {e}"))
}

/// Output into a pipe whose reader has gone ends quietly with success: no
/// panic, no message.
#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    for args in [
        &["--help"][..],
        &["holdem", "equity", "--help"],
        &["deal", "bridge", "--count", "200", "--seed", "1"],
        &["completions", "bash"],
    ] {
        let out = run_with(args, |c| {
            c.stdout(closed_pipe());
        });
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?} {stderr}", out.status);
        assert_eq!(stderr, "", "{args:?}");
    }
}

/// An error message nobody reads (stderr a pipe whose reader is gone)
/// still ends in the error's exit status, not a panic's.
#[test]
fn an_error_nobody_reads_keeps_its_exit_status() {
    for args in [
        &["deal", "--no-such-flag"][..],
        &["holdem", "rank", "Xx Ks"],
    ] {
        let out = run_with(args, |c| {
            c.stderr(closed_pipe());
        });
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn json_and_format_json_agree_and_clash() {
    let boards = json_both(&["deal", "bridge", "--count", "2", "--seed", "5"]);
    assert_eq!(boards.len(), 2);
    let deals = json_both(&["deal", "--items", "a,b,c,d", "--hands", "2", "--seed", "5"]);
    assert_eq!(deals[0]["hands"].as_array().map(Vec::len), Some(2));
    fails_with(
        &["deal", "bridge", "--seed", "5", "--json", "--format", "pbn"],
        "cannot be used with",
    );
}

#[test]
fn ascii_is_for_bridge_deals_only() {
    fails_with(
        &["deal", "--items", "a,b", "--ascii"],
        "unexpected argument '--ascii'",
    );
    let before = stdout_of(&["--ascii", "deal", "bridge", "--seed", "4"]);
    assert_eq!(
        before,
        stdout_of(&["deal", "bridge", "--seed", "4", "--ascii"])
    );
}
