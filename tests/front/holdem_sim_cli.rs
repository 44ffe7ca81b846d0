//! `cardgames holdem sim` from the outside: replay by seed, JSON fields,
//! chips that balance, PHH files that replay to their finishing stacks,
//! and one-line errors with exit status 2; and `cardgames holdem
//! gauntlet`, the AI against the reference opponents.

use std::path::PathBuf;

use crate::common;

use cardgames::holdem::formats::phh;
use cardgames::holdem::history::{HandRecord, replay};
use common::{cardgames, json_both, stdout_of};
use predicates::prelude::*;
use serde_json::Value;

#[test]
fn seed_replays_and_json_balances() {
    let args = [
        "holdem",
        "sim",
        "--hands",
        "300",
        "--seats",
        "random,station,tight",
        "--seed",
        "11",
        "--json",
    ];
    let a = stdout_of(&args);
    assert_eq!(a, stdout_of(&args));
    let doc: Value = serde_json::from_str(a.trim()).expect("one JSON object");
    assert_eq!(doc["hands"], 300);
    assert_eq!(doc["seed"], 11);
    let seats = doc["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 3);
    let mut net = 0;
    for (i, s) in seats.iter().enumerate() {
        assert_eq!(s["seat"], i);
        assert_eq!(s["hands"], 300);
        for key in ["bot", "net", "bb_per_100", "ci95"] {
            assert!(s.get(key).is_some(), "missing {key}");
        }
        net += s["net"].as_i64().expect("net");
    }
    assert_eq!(net, 0, "chips won equal chips lost");
    assert_eq!(seats[2]["bot"], "tight");
}

#[test]
fn duplicate_plays_every_deal_once_per_seat() {
    let out = stdout_of(&[
        "holdem",
        "sim",
        "--hands",
        "50",
        "--seats",
        "station,station",
        "--seed",
        "4",
        "--duplicate",
        "--json",
    ]);
    let doc: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(doc["seats"][0]["hands"], 100);
    // Identical deterministic bots on both sides of every deal: even.
    assert_eq!(doc["seats"][0]["net"], 0);
}

#[test]
fn text_summary_has_a_row_per_seat() {
    let out = stdout_of(&[
        "holdem",
        "sim",
        "--hands",
        "40",
        "--seats",
        "easy,normal",
        "--seed",
        "2",
        "--blinds",
        "1/2",
        "--stack",
        "200",
    ]);
    assert!(out.contains("bb/100"));
    assert!(out.lines().any(|l| l.starts_with("0    easy")));
    assert!(out.lines().any(|l| l.starts_with("1    normal")));
}

#[test]
fn phh_files_replay_to_their_finishing_stacks() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("holdem_sim_phh");
    let _ = std::fs::remove_dir_all(&dir);
    stdout_of(&[
        "holdem",
        "sim",
        "--hands",
        "60",
        "--seats",
        "random,hard,station,tight,random,normal",
        "--seed",
        "5",
        "--phh-dir",
        dir.to_str().expect("utf-8 path"),
    ]);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 60);
    let mut numbers = std::collections::BTreeSet::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        assert!(text.starts_with("variant = 'NT'\n"));
        let record = phh::read(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        // Every seat named for its bot, two of a kind numbered; no hero.
        let mut names: Vec<String> = (0..record.players()).map(|p| record.name(p)).collect();
        names.sort();
        let bots = ["hard", "normal", "random-1", "random-2", "station", "tight"];
        assert_eq!(names, bots, "{}", f.display());
        assert_eq!(record.info.hero, None);
        assert!(numbers.insert(record.info.hand.clone()), "{}", f.display());
        // Replaying checks the file's finishing_stacks.
        let hand = replay(&record).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(
            Some(hand.finishing_stacks()),
            record.finishing_stacks,
            "{}",
            f.display()
        );
        // Written again from the replayed table (with the file's names
        // and seats, which a replay's table numbers afresh), the same file.
        let mut again = HandRecord::from_table(&hand.table, record.units);
        again.info = record.info.clone();
        assert_eq!(phh::write_record(&again), text, "{}", f.display());
    }
}

#[test]
fn antes_and_straddles_are_written_and_replay() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("holdem_sim_forced");
    let _ = std::fs::remove_dir_all(&dir);
    stdout_of(&[
        "holdem",
        "sim",
        "--hands",
        "12",
        "--seats",
        "random,station,random,tight",
        "--seed",
        "8",
        "--ante",
        "2",
        "--straddle",
        "--phh-dir",
        dir.to_str().expect("utf-8 path"),
    ]);
    let first = std::fs::read_to_string(dir.join("hand-000001.phh")).expect("a file per hand");
    assert!(first.contains("antes = [2, 2, 2, 2]\n"), "{first}");
    assert!(
        first.contains("blinds_or_straddles = [5, 10, 20, 0]\n"),
        "{first}"
    );
    let out = stdout_of(&[
        "holdem",
        "replay",
        dir.to_str().expect("utf-8 path"),
        "--json",
    ]);
    assert_eq!(out.lines().count(), 12);
    assert!(out.lines().all(|l| l.contains("finishing_stacks")), "{out}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        vec!["holdem", "sim", "--hands", "10", "--seats", "random,genius"],
        vec!["holdem", "sim", "--hands", "10", "--seats", "random"],
        vec![
            "holdem",
            "sim",
            "--hands",
            "10",
            "--seats",
            "random,random,random,random,random,random,random,random,random,random",
        ],
        vec![
            "holdem",
            "sim",
            "--hands",
            "10",
            "--seats",
            "random,station",
            "--blinds",
            "10/5",
        ],
        vec![
            "holdem",
            "sim",
            "--hands",
            "10",
            "--seats",
            "random,station",
            "--blinds",
            "x",
        ],
        vec!["holdem", "sim", "--hands", "0", "--seats", "random,station"],
        vec![
            "holdem",
            "sim",
            "--hands",
            "10",
            "--seats",
            "random,station",
            "--stack",
            "0",
        ],
    ] {
        cardgames()
            .args(&args)
            .args(["--seed", "1"])
            .assert()
            .code(2)
            .stderr(predicate::function(|s: &str| s.lines().count() == 1))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn sim_json_by_either_flag() {
    let doc = json_both(&[
        "holdem",
        "sim",
        "--hands",
        "20",
        "--seats",
        "easy,normal",
        "--seed",
        "2",
    ]);
    assert_eq!(doc.len(), 1);
}

#[test]
fn no_progress_bar_when_stderr_is_piped() {
    let args = [
        "holdem",
        "sim",
        "--hands",
        "50",
        "--seats",
        "easy,normal",
        "--seed",
        "7",
    ];
    assert!(common::quiet_stdout_of(&args).starts_with("50 deals"));
    let equity = ["holdem", "equity", "AdAc", "KhKs", "--exact"];
    assert!(!common::quiet_stdout_of(&equity).is_empty());
}

#[test]
fn the_gauntlet_replays_by_seed_and_reports_every_match() {
    let args = [
        "holdem",
        "gauntlet",
        "--level",
        "easy",
        "--hands",
        "40",
        "--seed",
        "3",
        "--opponents",
        "station,equilibrium,normal",
        "--json",
    ];
    // The results replay; the decisions' times are measured afresh.
    let results = |text: &str| -> Value {
        let mut doc: Value = serde_json::from_str(text.trim()).expect("one JSON object");
        for key in ["p50_ms", "p99_ms", "max_ms"] {
            assert!(doc["decisions"][key].as_f64().is_some(), "missing {key}");
            doc["decisions"][key] = Value::Null;
        }
        doc
    };
    let doc = results(&stdout_of(&args));
    assert_eq!(
        doc,
        results(&stdout_of(&args)),
        "a seed replays the gauntlet"
    );
    assert_eq!(doc["level"], "easy");
    assert_eq!(doc["duplicate"], true);
    let matches = doc["matches"].as_array().expect("matches");
    // Three opponents, heads-up and six-handed.
    assert_eq!(matches.len(), 6);
    for m in matches {
        for key in [
            "table",
            "opponent",
            "stack_bb",
            "hands",
            "bb_per_100",
            "ci95",
        ] {
            assert!(m.get(key).is_some(), "missing {key} in {m}");
        }
        // Every deal once per seat: at least the hands asked for.
        assert!(m["hands"].as_u64().expect("hands") >= 40);
    }
    let equilibrium = matches
        .iter()
        .find(|m| m["opponent"] == "equilibrium" && m["table"] == "HU")
        .expect("the equilibrium heads-up");
    assert_eq!(equilibrium["stack_bb"], 10);
    // The push/fold choices beside the equilibrium's, with the same hands.
    let pf = &doc["push_fold"];
    assert_eq!(pf["small_blinds"].as_u64(), Some(20));
    for key in ["shoves", "equilibrium_shoves", "calls", "equilibrium_calls"] {
        let x = pf[key].as_f64().expect(key);
        assert!((0.0..=1.0).contains(&x), "{key} {x}");
    }
    assert!(doc["decisions"]["count"].as_u64().expect("count") > 0);
}

#[test]
fn the_gauntlet_text_has_a_row_per_match() {
    let out = stdout_of(&[
        "holdem",
        "gauntlet",
        "--level",
        "normal",
        "--hands",
        "12",
        "--seed",
        "1",
        "--opponents",
        "abc,maniac",
        "--tables",
        "hu",
    ]);
    assert!(
        out.starts_with("gauntlet: normal, 12 hands a match"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("HU     abc")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("HU     maniac")), "{out}");
    assert!(!out.contains("6-max"), "{out}");
    assert!(out.contains("decisions: "), "{out}");
}

#[test]
fn gauntlet_bad_input_is_one_line_and_exit_2() {
    for args in [
        vec!["holdem", "gauntlet", "--level", "genius"],
        vec!["holdem", "gauntlet", "--opponents", "shark"],
        vec!["holdem", "gauntlet", "--tables", "9max"],
        vec!["holdem", "gauntlet", "--hands", "0"],
    ] {
        cardgames()
            .args(&args)
            .args(["--seed", "1"])
            .assert()
            .code(2)
            .stderr(predicate::function(|s: &str| s.lines().count() == 1))
            .stderr(predicate::str::contains("panicked").not());
    }
}
