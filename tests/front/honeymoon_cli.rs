//! `cardgames honeymoon solve | db build | sim` through the binary.

use std::path::PathBuf;

use crate::common;

use common::{cardgames, fails_with_stdin, json_both};
use predicates::prelude::*;
use serde_json::Value;

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("honeymoon-cli-{}-{name}", std::process::id()))
}

#[test]
fn solve_json_gives_tricks_and_every_legal_card() {
    // North leads from A Q of spades against South's K and a heart: the ace
    // takes both tricks (South must follow with the king), the queen none.
    let out = cardgames()
        .args([
            "honeymoon",
            "solve",
            "--north",
            "AQ...",
            "--south",
            "K.2..",
            "--trump",
            "NT",
            "--lead",
            "N",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_lines(&out)[0];
    assert_eq!(v["north"], 2);
    assert_eq!(v["south"], 0);
    let cards: Vec<(String, u64)> = v["cards"]
        .as_array()
        .unwrap_or_else(|| panic!("cards"))
        .iter()
        .map(|c| {
            (
                c["card"].as_str().unwrap_or("").to_string(),
                c["north"].as_u64().unwrap_or(99),
            )
        })
        .collect();
    assert_eq!(cards, vec![("As".to_string(), 2), ("Qs".to_string(), 0)]);
}

#[test]
fn solve_text_shows_the_diagram_with_values() {
    cardgames()
        .args([
            "--ascii",
            "honeymoon",
            "solve",
            "--north",
            "AK...",
            "--south",
            "QJ...",
            "--trump",
            "nt",
            "--lead",
            "s",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("North 2, South 0"))
        .stdout(predicate::str::contains("S Q:2 J:2"));
}

#[test]
fn solve_mid_trick_values_the_followers_cards() {
    let out = cardgames()
        .args([
            "honeymoon",
            "solve",
            "--north",
            ".5..",
            "--south",
            "A2...",
            "--trump",
            "NT",
            "--lead",
            "N",
            "--led",
            "Qs",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_lines(&out)[0];
    // Winning with the ace keeps the lead for the deuce: South takes both;
    // ducking lets North's queen and then its heart win.
    assert_eq!(
        (v["north"].as_u64(), v["south"].as_u64()),
        (Some(0), Some(2))
    );
    assert_eq!(v["cards"][0]["card"], "As");
    assert_eq!(v["cards"][0]["north"], 0);
    assert_eq!(v["cards"][1]["north"], 2);
}

#[test]
fn batch_answers_one_line_per_position() {
    let out = cardgames()
        .args(["honeymoon", "solve", "--batch"])
        .write_stdin("AK... QJ... NT N\n\nAK.2.. QJ.A.. H N\n2... A... S S\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["north"], 2);
    assert_eq!(lines[1]["south"], 1);
    assert_eq!(lines[2]["south"], 1);
    assert_eq!(lines[2]["cards"][0]["card"], "As");
}

#[test]
fn bad_input_is_a_one_line_error_with_status_2() {
    let solve = |n: &'static str, s: &'static str, t: &'static str, l: &'static str| {
        [
            "honeymoon",
            "solve",
            "--north",
            n,
            "--south",
            s,
            "--trump",
            t,
            "--lead",
            l,
        ]
    };
    fails_with_stdin(
        &solve("AK...", "AQ...", "S", "N"),
        "",
        "card As is in both hands",
    );
    fails_with_stdin(&solve("AKx...", "QJ...", "S", "N"), "", "not a rank");
    fails_with_stdin(
        &solve("AK...", "QJT...", "S", "N"),
        "",
        "same number of cards",
    );
    fails_with_stdin(
        &solve("AKQJT98765432.A..", "...AKQJT98765432", "S", "N"),
        "",
        "at most 13",
    );
    fails_with_stdin(&solve("AK...", "QJ...", "X", "N"), "", "not a trump");
    fails_with_stdin(&solve("AK...", "QJ...", "S", "E"), "", "not a seat");
    fails_with_stdin(&solve("AK...", "QJ", "S", "N"), "", "not a PBN hand");
    fails_with_stdin(
        &["honeymoon", "solve", "--north", "AK..."],
        "",
        "missing --south <SOUTH>, --trump <TRUMP>, --lead <LEAD>",
    );
    fails_with_stdin(
        &["honeymoon", "solve", "--batch"],
        "AK... QJ... NT N\nAK... QJ...\n",
        "line 2",
    );
    fails_with_stdin(
        &["honeymoon", "solve", "--batch"],
        "AK... AQ... NT N\n",
        "line 1: card As is in both hands",
    );
    fails_with_stdin(
        &["honeymoon", "sim", "--ai", "greedy,nobody", "--games", "1"],
        "",
        "unknown bot 'nobody'",
    );
    fails_with_stdin(
        &["honeymoon", "sim", "--ai", "greedy", "--games", "1"],
        "",
        "two bots",
    );
    // The records folder is checked before the seed is announced, so the
    // error is the only line.
    fails_with_stdin(
        &[
            "honeymoon",
            "sim",
            "--ai",
            "greedy,random",
            "--games",
            "1",
            "--records",
            "Cargo.toml/records",
        ],
        "",
        "Cargo.toml/records",
    );
    fails_with_stdin(
        &[
            "honeymoon",
            "sim",
            "--ai",
            "greedy,random",
            "--games",
            "1",
            "--records-format",
            "txt",
        ],
        "",
        "choose json or pbn",
    );
    fails_with_stdin(
        &["honeymoon", "db", "build", "--max-cards", "9", "--out", "x"],
        "",
        "error",
    );
}

#[test]
fn db_build_writes_a_file_solve_reads_and_damage_is_rejected() {
    let path = temp_path("k3.db");
    cardgames()
        .args([
            "honeymoon",
            "db",
            "build",
            "--max-cards",
            "3",
            "--threads",
            "2",
            "--out",
        ])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("K=3"));
    let with_db = cardgames()
        .args([
            "honeymoon",
            "solve",
            "--north",
            "AK.2..",
            "--south",
            "QJ.A..",
            "--trump",
            "H",
            "--lead",
            "N",
            "--json",
            "--db",
        ])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(json_lines(&with_db)[0]["north"], 2);

    let mut bytes = std::fs::read(&path).unwrap_or_default();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap_or_else(|e| panic!("{e}"));
    cardgames()
        .args([
            "honeymoon",
            "solve",
            "--north",
            "A...",
            "--south",
            "K...",
            "--trump",
            "NT",
            "--lead",
            "N",
            "--db",
        ])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("corrupt endgame database"));
    bytes[8] = 7;
    std::fs::write(&path, &bytes).unwrap_or_else(|e| panic!("{e}"));
    cardgames()
        .args([
            "honeymoon",
            "solve",
            "--north",
            "A...",
            "--south",
            "K...",
            "--trump",
            "NT",
            "--lead",
            "N",
            "--db",
        ])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("version 7"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn sim_reports_both_bots_and_replays_from_a_seed() {
    let run = || {
        cardgames()
            .args([
                "honeymoon",
                "sim",
                "--games",
                "3",
                "--ai",
                "greedy,random",
                "--seed",
                "5",
                "--json",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let first = run();
    assert_eq!(first, run(), "same seed, same match");
    let v = &json_lines(&first)[0];
    assert_eq!(v["games"], 3);
    assert_eq!(v["bots"][0]["name"], "greedy");
    assert_eq!(v["bots"][1]["name"], "random");
    let mp = v["bots"][0]["match_points"].as_f64().unwrap_or(-1.0)
        + v["bots"][1]["match_points"].as_f64().unwrap_or(-1.0);
    assert!((mp - 3.0).abs() < 1e-9, "match points sum to the deals");
}

#[test]
fn sim_records_every_deal_and_review_reads_them_back() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let records = dir.path().join("deals");
    let records_arg = records.to_string_lossy().to_string();
    cardgames()
        .args([
            "honeymoon",
            "sim",
            "--games",
            "2",
            "--ai",
            "greedy,random",
            "--seed",
            "4",
            "--records",
            &records_arg,
        ])
        .assert()
        .success();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&records)
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 4, "one record per deal played: {files:?}");
    for file in &files {
        let path = file.to_string_lossy().to_string();
        let out = cardgames()
            .args(["honeymoon", "review", &path, "--json", "--samples", "0"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let deals = json_lines(&out);
        assert_eq!(deals.len(), 1);
        let plays = deals[0]["plays"].as_array().cloned().unwrap_or_default();
        assert!(!plays.is_empty());
        let mut lost = [0u64; 2];
        for p in &plays {
            let (before, after) = (&p["north_before"], &p["north_after"]);
            let (b, a) = (before.as_u64().unwrap_or(99), after.as_u64().unwrap_or(99));
            let cost = p["cost"].as_u64().unwrap_or(99);
            match p["seat"].as_str() {
                Some("N") => {
                    assert_eq!(cost, b - a);
                    lost[0] += cost;
                }
                Some("S") => {
                    assert_eq!(cost, a - b);
                    lost[1] += cost;
                }
                other => panic!("seat {other:?}"),
            }
            assert!(p["card"].as_str().is_some_and(|c| c.len() == 2));
        }
        assert_eq!(deals[0]["lost"]["N"].as_u64(), Some(lost[0]));
        assert_eq!(deals[0]["lost"]["S"].as_u64(), Some(lost[1]));
        // The same deal as PBN reviews the same.
        let pbn = cardgames()
            .args(["honeymoon", "review", &path, "--to-pbn"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let pbn_path = dir.path().join("deal.pbn");
        std::fs::write(&pbn_path, &pbn).unwrap_or_else(|e| panic!("{e}"));
        let again = cardgames()
            .args(["honeymoon", "review"])
            .arg(&pbn_path)
            .args(["--json", "--samples", "0"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        assert_eq!(json_lines(&again), deals);
    }
    // Text output names mistakes and the lost tricks.
    let path = files[0].to_string_lossy().to_string();
    cardgames()
        .args(["honeymoon", "review", &path, "--ascii", "--samples", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Tricks lost to mistakes"))
        .stdout(predicate::str::contains("Exchange:"));
}

#[test]
fn review_refuses_bad_and_truncated_files_with_one_line() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let records = dir.path().join("deals");
    let records_arg = records.to_string_lossy().to_string();
    cardgames()
        .args([
            "honeymoon",
            "sim",
            "--games",
            "1",
            "--ai",
            "greedy,greedy",
            "--seed",
            "2",
            "--records",
            &records_arg,
            "--records-format",
            "pbn",
        ])
        .assert()
        .success();
    let good = records.join("deal-00001-1.pbn");
    let text = std::fs::read_to_string(&good).unwrap_or_else(|e| panic!("{e}"));
    let cut = dir.path().join("cut.pbn");
    std::fs::write(&cut, &text[..text.len() - 40]).unwrap_or_else(|e| panic!("{e}"));
    let garbage = dir.path().join("garbage.json");
    std::fs::write(
        &garbage,
        "{\"format\": \"cardgames-honeymoon-deal\", \"version\": 1, \"hands\"",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let missing = dir.path().join("none.pbn");
    for (file, message) in [
        (&cut, "cut short"),
        (&garbage, "not a honeymoon deal record"),
        (&missing, "none.pbn"),
    ] {
        let path = file.to_string_lossy().to_string();
        fails_with_stdin(&["honeymoon", "review", &path], "", message);
    }
    let path = good.to_string_lossy().to_string();
    cardgames()
        .args(["honeymoon", "review", &path, "--samples", "0"])
        .assert()
        .success();
}

#[test]
fn every_result_command_prints_json_by_either_flag() {
    let solved = json_both(&[
        "honeymoon",
        "solve",
        "--north",
        "AK...",
        "--south",
        "QJ...",
        "--trump",
        "NT",
        "--lead",
        "N",
    ]);
    assert!(solved[0]["north"].is_u64());
    let sim_args = [
        "honeymoon",
        "sim",
        "--games",
        "1",
        "--ai",
        "greedy,random",
        "--seed",
        "3",
    ];
    let sim = json_both(&sim_args);
    assert_eq!(sim.len(), 1);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("e.db").to_string_lossy().to_string();
    // The build time differs from run to run: the two flags are compared
    // on the rest.
    let build = ["honeymoon", "db", "build", "--max-cards", "1", "--out", &db];
    let runs: Vec<Value> = [vec!["--json"], vec!["--format", "json"]]
        .iter()
        .map(|flags| {
            let text = common::stdout_of(&[&build[..], flags].concat());
            let mut v: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}"));
            assert!(v["seconds"].as_f64().is_some(), "{v}");
            v["seconds"] = Value::Null;
            v
        })
        .collect();
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0]["positions"], 40);
    let records = dir.path().join("deals");
    let records_arg = records.to_string_lossy().to_string();
    cardgames()
        .args(sim_args)
        .args(["--records", &records_arg])
        .assert()
        .success();
    let first = std::fs::read_dir(&records)
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|e| e.path().to_string_lossy().to_string())
        .min()
        .unwrap_or_default();
    let review = json_both(&["honeymoon", "review", &first, "--samples", "0"]);
    assert!(review[0]["plays"].is_array());
    let pbn = common::stdout_of(&["honeymoon", "review", &first, "--format", "pbn"]);
    assert_eq!(
        pbn,
        common::stdout_of(&["honeymoon", "review", &first, "--to-pbn"])
    );
}

#[test]
fn no_progress_bar_when_stderr_is_piped() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("e.db").to_string_lossy().to_string();
    for args in [
        vec![
            "honeymoon",
            "sim",
            "--games",
            "3",
            "--ai",
            "greedy,random",
            "--seed",
            "3",
        ],
        vec!["honeymoon", "db", "build", "--max-cards", "3", "--out", &db],
        vec![
            "doom",
            "sim",
            "--games",
            "3",
            "--ai",
            "greedy,random",
            "--size",
            "2",
            "--seed",
            "1",
        ],
    ] {
        assert!(!common::quiet_stdout_of(&args).is_empty(), "{args:?}");
    }
}
