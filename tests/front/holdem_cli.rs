//! `cardgames holdem rank` and `cardgames holdem equity` through the
//! binary: the JSON contract, text output, stdin batches, and bad input.

use crate::common;

use common::{cardgames, fails_with, json_both, stdout_of};
use predicates::prelude::*;
use serde_json::Value;

fn json_lines(args: &[&str], stdin: &str) -> Vec<Value> {
    let out = cardgames().args(args).write_stdin(stdin).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn rank_json_follows_the_contract() {
    let v = json_lines(
        &["holdem", "rank", "As", "Ks", "7h", "7c", "Kd", "--json"],
        "",
    );
    assert_eq!(
        v[0],
        serde_json::json!({
            "cards": ["As", "Ks", "7h", "7c", "Kd"],
            "category": "two pair",
            "best": ["Ks", "Kd", "7h", "7c", "As"],
            "value": v[0]["value"],
        })
    );
    let keys: Vec<&str> = v[0]
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(keys, ["cards", "category", "best", "value"]);
}

#[test]
fn rank_reads_a_batch_from_stdin_and_values_order_hands() {
    let hands = "As Ks Qs Js Ts 2c 3d\n\n5d 4d 3d 2d Ad\n7c 5d 4h 3s 2c\nKc Kd Ks 2h 2d 9c\n";
    let v = json_lines(&["holdem", "rank", "-", "--json"], hands);
    let cats: Vec<&str> = v
        .iter()
        .map(|x| x["category"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        cats,
        [
            "straight flush",
            "straight flush",
            "high card",
            "full house"
        ]
    );
    let values: Vec<u64> = v.iter().map(|x| x["value"].as_u64().unwrap_or(0)).collect();
    assert_eq!(values[0], 7462);
    assert_eq!(values[2], 1);
    assert!(values[1] < values[0] && values[3] < values[1]);
    assert_eq!(
        v[1]["best"],
        serde_json::json!(["5d", "4d", "3d", "2d", "Ad"])
    );
}

#[test]
fn rank_text() {
    cardgames()
        .args(["--ascii", "holdem", "rank", "AsKs7h7cKd"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "two pair: Ks Kd 7h 7c As (value ",
        ));
}

#[test]
fn equity_json_follows_the_contract() {
    let v = json_lines(
        &["holdem", "equity", "AdAc", "KhKs", "--exact", "--json"],
        "",
    );
    assert_eq!(
        v[0],
        serde_json::json!({
            "boards": 1_712_304,
            "exact": true,
            "players": [
                {"hand": "AdAc", "win": 1_388_072, "tie": 6538, "equity": 0.8126},
                {"hand": "KhKs", "win": 317_694, "tie": 6538, "equity": 0.1874},
            ]
        })
    );
}

#[test]
fn equity_with_board_dead_cards_and_ranges() {
    let v = json_lines(
        &[
            "holdem", "equity", "AhKh", "QQ+", "--board", "2h 7h Qd", "--dead", "Qs", "--json",
        ],
        "",
    );
    // Turn and river from 52 - 2 - 3 - 1 - 2 = 44 cards, for each deal of
    // QQ+ beside AhKh, the board and the dead queen: 1 QQ, 3 KK, 3 AA.
    assert_eq!(v[0]["exact"], true);
    let deals = 1 + 3 + 3;
    assert_eq!(v[0]["boards"], deals * 44 * 43 / 2);
    let total: f64 = v[0]["players"]
        .as_array()
        .map(|p| p.iter().map(|x| x["equity"].as_f64().unwrap_or(0.0)).sum())
        .unwrap_or(0.0);
    assert!((total - 1.0).abs() < 2e-4, "{total}");
}

#[test]
fn monte_carlo_is_seeded() {
    let args = [
        "holdem",
        "equity",
        "AKs",
        "random",
        "random",
        "--samples",
        "20000",
        "--seed",
        "9",
        "--json",
    ];
    let a = json_lines(&args, "");
    let b = json_lines(&args, "");
    assert_eq!(a, b);
    assert_eq!(a[0]["exact"], false);
    assert_eq!(a[0]["boards"], 20_000);
    let mut with_threads = args.to_vec();
    with_threads.extend(["--threads", "1"]);
    assert_eq!(json_lines(&with_threads, ""), a);
    cardgames()
        .args(["holdem", "equity", "AA", "random", "--samples", "100"])
        .assert()
        .success()
        .stderr(predicate::str::starts_with("seed: "));
}

#[test]
fn monte_carlo_aims_at_a_standard_error() {
    let args = [
        "holdem", "equity", "AKs", "QQ", "random", "--stderr", "0.004", "--seed", "5", "--json",
    ];
    let a = json_lines(&args, "");
    assert_eq!(a[0]["exact"], false);
    let samples = a[0]["boards"].as_u64().unwrap_or(0);
    assert!(samples > 0 && samples.is_multiple_of(4096), "{samples}");
    for p in a[0]["players"].as_array().into_iter().flatten() {
        let se = p["stderr"].as_f64().unwrap_or(1.0);
        assert!(se > 0.0 && se <= 0.004, "{p}");
    }
    let mut one_thread = args.to_vec();
    one_thread.extend(["--threads", "1"]);
    assert_eq!(json_lines(&one_thread, ""), a);
    cardgames()
        .args([
            "holdem", "equity", "AKs", "QQ", "--stderr", "0.01", "--seed", "1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("std. error"))
        .stdout(predicate::str::contains("samples, Monte Carlo"));
}

#[test]
fn exact_by_default_when_quick_monte_carlo_otherwise() {
    let quick = json_lines(&["holdem", "equity", "QQ+,AKs", "JJ", "--json"], "");
    assert_eq!(quick[0]["exact"], true);
    assert!(quick[0]["players"][0].get("stderr").is_none());
    let out = cardgames()
        .args(["holdem", "equity", "random", "random", "random", "--json"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let v: Value = serde_json::from_str(text.trim()).unwrap_or_default();
    assert_eq!(v["exact"], false);
    for p in v["players"].as_array().into_iter().flatten() {
        assert!(p["stderr"].as_f64().unwrap_or(1.0) <= 0.0005, "{p}");
    }
}

#[test]
fn equity_text() {
    cardgames()
        .args(["holdem", "equity", "AdAc", "KhKs"])
        .assert()
        .success()
        .stdout(predicate::str::contains("AdAc    81.26%"))
        .stdout(predicate::str::contains("1712304 boards, exact"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["holdem", "rank", "As", "Ks", "Qs", "Js"], "5 to 7 cards"),
        (
            &["holdem", "rank", "As", "Ks", "Qs", "Js", "As"],
            "appears twice",
        ),
        (&["holdem", "rank", "As", "Ks", "Qs", "Js", "Xx"], "not a"),
        (&["holdem", "rank", "2c3c4c5c6c7c8c9c"], "5 to 7 cards"),
        (&["holdem", "equity", "AA"], "HAND"),
        (&["holdem", "equity", "AA", "QQ+s"], "hand 2"),
        (
            &["holdem", "equity", "AsKs", "AsQs"],
            "AsKs and AsQs share As",
        ),
        (
            &["holdem", "equity", "AsKs", "AsQs,KsQs"],
            "no possible deal",
        ),
        (
            &["holdem", "equity", "AsKd", "QQ", "--board", "As Qh 7c"],
            "AsKd and board AsQh7c share As",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--board", "2c"],
            "0, 3, 4 or 5",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--board", "2c3c"],
            "0, 3, 4 or 5",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--board", "2c3c2c"],
            "--board",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--dead", "Ac Ad Ah"],
            "hand 1",
        ),
        (
            &["holdem", "equity", "AsKs", "QQ", "--board", "As 2c 3d"],
            "AsKs and board As3d2c share As",
        ),
        (
            &[
                "holdem", "equity", "AsKs", "QQ", "--board", "2c 3d 4h", "--dead", "QsQhQd",
            ],
            "hand 2",
        ),
        (
            &[
                "holdem", "equity", "AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55",
            ],
            "2 to 9",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--samples", "0"],
            "--samples",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--exact", "--samples", "5"],
            "--samples",
        ),
        (
            &[
                "holdem", "equity", "AA", "KK", "--exact", "--stderr", "0.01",
            ],
            "--stderr",
        ),
        (
            &[
                "holdem",
                "equity",
                "AA",
                "KK",
                "--samples",
                "9",
                "--stderr",
                "0.01",
            ],
            "--stderr",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--stderr", "0"],
            "standard error",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--stderr", "0.7"],
            "standard error",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--stderr", "tiny"],
            "--stderr",
        ),
        (
            &["holdem", "equity", "random", "random", "random", "--exact"],
            "too many",
        ),
        (
            &["holdem", "equity", "AA", "KK", "--threads", "0"],
            "--threads",
        ),
        (&["holdem", "rank"], "missing <CARDS>"),
        (&["serve", "--guests"], "missing --ssh <ADDR>"),
    ];
    for (args, needle) in cases {
        fails_with(args, needle);
    }
    let out = cardgames()
        .args(["holdem", "rank", "-"])
        .write_stdin("As Ks Qs Js Ts\nAs Ks\n")
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.starts_with("error: line 2: "), "{err}");
}

#[test]
fn every_result_command_prints_json_by_either_flag() {
    let hand = json_both(&["holdem", "rank", "AsKs7h7cKd"]);
    assert_eq!(hand[0]["value"], 4808);
    let equity = json_both(&["holdem", "equity", "AdAc", "KhKs", "--board", "2c3d4h"]);
    assert_eq!(equity[0]["exact"], true);
    let pluribus = "tests/data/phh/pluribus-1.phh";
    let replayed = json_both(&["holdem", "replay", pluribus]);
    assert!(replayed[0]["finishing_stacks"].is_array());
    let players = json_both(&["holdem", "stats", pluribus]);
    assert!(players.len() > 1, "one line per player");
    fails_with(
        &["holdem", "rank", "AsKs7h7cKd", "--json", "--format", "text"],
        "cannot be used with",
    );
}

#[test]
fn ascii_only_on_commands_that_draw_suits() {
    let after = stdout_of(&["holdem", "rank", "AsKs7h7cKd", "--ascii"]);
    assert!(after.contains("Ks Kd 7h 7c As"), "{after}");
    fails_with(
        &["holdem", "equity", "AdAc", "KhKs", "--ascii"],
        "unexpected argument '--ascii'",
    );
    fails_with(
        &[
            "--ascii",
            "holdem",
            "sim",
            "--hands",
            "1",
            "--seats",
            "easy,easy",
        ],
        "`cardgames holdem sim` draws no suits",
    );
    fails_with(
        &["--ascii", "doom", "solve", "--board", "a3 a3 b3 b1"],
        "`cardgames doom solve` draws no suits",
    );
    fails_with(&["--ascii", "completions", "bash"], "draws no suits");
}
