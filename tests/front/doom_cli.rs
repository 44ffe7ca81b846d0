//! `cardgames doom solve|svg|sim` through the binary: the JSON contract,
//! the book's choices, and one-line errors with exit status 2.

use assert_cmd::Command;
use serde_json::Value;

use crate::common;

fn doom(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("cardgames")
        .unwrap()
        .arg("doom")
        .args(args)
        .assert()
}

fn json_of(args: &[&str]) -> Value {
    let out = doom(args).success().get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn solve_rates_the_books_3x3_start_like_v1() {
    let v = json_of(&["solve", "--board", "b1 a2 a3 a1 b1 b2 b2 a2 b3", "--json"]);
    assert_eq!(v["to_move"], "a");
    let moves: Vec<(&str, f64)> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap(), m["rating"].as_f64().unwrap()))
        .collect();
    assert_eq!(
        moves,
        [("1->4", 0.0), ("1->0", 0.0), ("2->5", 1.0), ("7->4", 0.0)]
    );
    assert_eq!(v["best"], "2->5");
    assert_eq!(v["value"], 1.0);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["to_move", "moves", "best", "value", "nodes"]);
}

#[test]
fn solve_takes_the_first_of_equal_moves_and_shares_ties() {
    // Both attacks win: the book takes the first.
    let v = json_of(&["solve", "--board", "a3 a3 b3 b1", "--json"]);
    assert_eq!(v["best"], "0->3");
    assert_eq!(v["moves"][1]["rating"], 1.0);
    // b to move on a board where nobody can attack: a 2–2 tie.
    let v = json_of(&[
        "solve",
        "--board",
        "a1 a1 b1 b1",
        "--to-move",
        "b",
        "--json",
    ]);
    assert_eq!(v["to_move"], "b");
    assert_eq!(v["moves"], serde_json::json!([]));
    assert_eq!(v["best"], Value::Null);
    assert_eq!(v["value"], 0.5);
}

#[test]
fn solve_with_depth_is_the_books_v2() {
    // The 4×4 position of chapter 18 after a's pass: b's first attack.
    let v = json_of(&[
        "solve",
        "--board",
        "a2 b2 b1 a3 b3 a1 a1 a3 b3 b2 a2 b2 a3 a3 a2 a2",
        "--to-move",
        "b",
        "--depth",
        "4",
        "--json",
    ]);
    assert_eq!(v["best"], "1->5");
}

#[test]
fn solve_under_chance_rules_is_the_books_v4() {
    let v = json_of(&[
        "solve",
        "--rules",
        "chance",
        "--players",
        "2",
        "--board",
        "a2 b5 b1 a1",
        "--json",
    ]);
    assert_eq!(v["moves"][0]["move"], "0->2");
    assert_eq!(v["moves"][1]["move"], "0->1");
    assert_eq!(v["best"], "0->2");
    let strong = json_of(&[
        "solve",
        "--rules",
        "chance",
        "--board",
        "a2 b5 b1 a1",
        "--ai",
        "strong",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(strong["moves"].as_array().unwrap().len(), 2);
}

#[test]
fn solve_text_shows_the_board_and_best_move() {
    doom(&["solve", "--board", "a3 a3 b3 b1"])
        .success()
        .stdout(predicates::str::contains("a-3 a-3"))
        .stdout(predicates::str::contains("best: 0->3"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "--board", "a3 a3 b3"], "not square"),
        (
            &["solve", "--board", "a3 x3 b3 b1"],
            "unknown player letter",
        ),
        (&["solve", "--board", "a3 a0 b3 b1"], "dice"),
        (&["solve", "--board", "a3 a4 b3 b1"], "allowed 1 to 3"),
        (&["solve", "--board", "a3 c3 b3 b1"], "2 players"),
        (
            &["solve", "--board", "a3 a3 b3 b1", "--to-move", "c"],
            "--to-move",
        ),
        (
            &["solve", "--board", "a3 a3 b3 b1", "--ai", "deep"],
            "unknown AI",
        ),
        (
            &["solve", "--board", "a3 a3 b3 b1", "--players", "5"],
            "players",
        ),
        (
            &["solve", "--board", "a3 a3 b3 b1", "--max-dice", "9"],
            "max dice",
        ),
        (
            &["solve", "--board", "a3 a3 b3 b1", "--rules", "lucky"],
            "lucky",
        ),
        (&["svg", "--board", "a3 a3 b3 b1 a1"], "not square"),
        (
            &["sim", "--games", "2", "--ai", "book,nobody"],
            "unknown AI",
        ),
        (
            &["sim", "--games", "2", "--ai", "book,random", "--size", "9"],
            "--size",
        ),
        (&["sim", "--games", "0", "--ai", "book,random"], "games"),
        (
            &["sim", "--games", "-1", "--ai", "book,random"],
            "invalid value '-1' for '--games <GAMES>': must be positive",
        ),
        (
            &["sim", "--games", "1", "--ai", "book", "--size", "-2"],
            "must be from 2 to 8",
        ),
    ];
    for (args, needle) in cases {
        let out = doom(args).code(2).get_output().clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn solve_help_explains_the_rating_scale() {
    let out = doom(&["solve", "--help"])
        .success()
        .get_output()
        .stdout
        .clone();
    let help = String::from_utf8(out).unwrap_or_default();
    for words in [
        "higher is better",
        "share of the win",
        "score-board",
        "from -10000 to 10000",
        "beyond +9000 a won game",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
}

#[test]
fn svg_draws_a_standalone_picture() {
    let out = doom(&["svg", "--board", "a3 b2 c1 d4"])
        .success()
        .get_output()
        .stdout
        .clone();
    let svg = String::from_utf8(out).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches("<polygon").count(),
        4 * 2 + (3 + 2 + 1 + 4) * 15
    );
}

#[test]
fn sim_is_reproducible_and_counts_every_game() {
    let args = [
        "sim",
        "--games",
        "6",
        "--ai",
        "book,random",
        "--size",
        "3",
        "--seed",
        "5",
        "--json",
    ];
    let a = json_of(&args);
    let b = json_of(&args);
    assert_eq!(a, b);
    assert_eq!(a["games"], 6);
    assert_eq!(a["seed"], 5);
    let wins: f64 = a["ais"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["wins"].as_f64().unwrap())
        .sum();
    assert!((wins - 6.0).abs() < 1e-9);
    assert_eq!(a["ais"][0]["ai"], "book");
    // Seats alternate: each AI moved first in three of the six games.
    for ai in a["ais"].as_array().unwrap() {
        assert_eq!(ai["first_games"], 3);
        let (first, all) = (
            ai["first_wins"].as_f64().unwrap(),
            ai["wins"].as_f64().unwrap(),
        );
        assert!((0.0..=all).contains(&first));
    }
}

/// The strong AI's default budget is a count of positions (playouts
/// under chance rules), not time: a seeded run prints the same bytes on
/// any machine, at any load.
#[test]
fn a_seeded_sim_with_the_strong_ai_replays_byte_for_byte() {
    for rules in ["classic", "chance"] {
        let args = [
            "sim",
            "--games",
            "2",
            "--ai",
            "strong,greedy",
            "--size",
            "4",
            "--rules",
            rules,
            "--seed",
            "7",
        ];
        let run = || doom(&args).success().get_output().stdout.clone();
        let first = run();
        assert!(!first.is_empty());
        assert_eq!(first, run(), "{rules}");
    }
}

#[test]
fn sim_plays_strong_and_chance_games() {
    let v = json_of(&[
        "sim",
        "--games",
        "2",
        "--ai",
        "strong,book",
        "--size",
        "3",
        "--rules",
        "chance",
        "--players",
        "2",
        "--depth",
        "2",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(v["rules"], "chance");
    assert_eq!(v["max_dice"], 5);
    let wins: f64 = v["ais"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["wins"].as_f64().unwrap())
        .sum();
    assert!((wins - 2.0).abs() < 1e-9);
}

#[test]
fn json_by_either_flag() {
    let solved = common::json_both(&["doom", "solve", "--board", "a3 a3 b3 b1"]);
    assert_eq!(solved[0]["to_move"], "a");
    let sim = common::json_both(&[
        "doom",
        "sim",
        "--games",
        "2",
        "--ai",
        "greedy,random",
        "--size",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(sim.len(), 1);
}
