//! Public hand histories of every kind we read (online cash PHH with
//! cents and unknown cards, a bot match, a televised tournament hand,
//! PokerStars text from a tracker) replay to exactly the stacks PokerKit
//! 0.7.7 gives, stored beside each sample; see tests/data/README.md.

use std::path::{Path, PathBuf};

use cardgames::holdem::history::amount::Amount;
use cardgames::holdem::history::{HistoryError, read_any, replay};
use serde_json::Value;

mod common;
use common::cardgames;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// A decimal written any way, as (mantissa, digits) with no trailing zero.
fn norm(s: &str) -> (u128, u32) {
    let a = Amount::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    let (mut m, mut d) = (a.mantissa, a.digits);
    while d > 0 && m % 10 == 0 {
        m /= 10;
        d -= 1;
    }
    (m, d)
}

/// Our stacks for every hand of a sample (the file's finishing_stacks set
/// aside, to compare with PokerKit's replay itself).
fn ours(name: &str) -> Vec<Result<Vec<(u128, u32)>, HistoryError>> {
    let text = std::fs::read_to_string(data(name)).expect("sample");
    read_any(&text)
        .expect("readable")
        .into_iter()
        .map(|(_, r)| {
            let mut r = r?;
            r.finishing_stacks = None;
            let h = replay(&r)?;
            Ok(h.finishing_text().iter().map(|s| norm(s)).collect())
        })
        .collect()
}

fn pokerkit(answers: &Value) -> Vec<Vec<(u128, u32)>> {
    answers
        .as_array()
        .expect("a list")
        .iter()
        .map(|a| {
            a["finishing_stacks"]
                .as_array()
                .expect("PokerKit replayed it")
                .iter()
                .map(|s| norm(s.as_str().expect("a string")))
                .collect()
        })
        .collect()
}

fn answers(name: &str) -> Value {
    let path = data(&format!("{name}.pokerkit.json"));
    serde_json::from_str(&std::fs::read_to_string(path).expect("answers")).expect("JSON")
}

fn same(name: &str, want: &[Vec<(u128, u32)>]) {
    let got = ours(name);
    assert_eq!(got.len(), want.len(), "{name}: hand count");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        match g {
            Ok(g) => assert_eq!(g, w, "{name} hand {}", i + 1),
            Err(e) => panic!("{name} hand {}: refused: {e}", i + 1),
        }
    }
}

#[test]
fn phh_samples_replay_as_pokerkit_does() {
    for name in [
        "phh/handhq-pokerstars-50nl.phhs",
        "phh/pluribus-1.phh",
        "phh/wsop-2019-42-day3.phh",
    ] {
        same(name, &pokerkit(&answers(name)));
    }
}

#[test]
fn pokerstars_samples_replay_as_pokerkit_does_with_antes_read() {
    let name = "pokerstars/poker-apprentice.txt";
    let a = answers(name);
    same(name, &pokerkit(&a["with_antes"]));
    // As released, PokerKit reads no ante: only the tournament hand (with
    // antes) differs, by exactly the antes.
    let released = pokerkit(&a["released"]);
    assert_eq!(released[..2], pokerkit(&a["with_antes"])[..2]);
    assert_ne!(released[2], pokerkit(&a["with_antes"])[2]);
}

#[test]
fn finishing_stacks_that_disagree_are_a_reason_to_refuse() {
    // The televised hand's file says the big-blind ante stayed in and a
    // raiser lost nothing; PokerKit's replay (and ours) return the ante.
    let out = cardgames()
        .args(["holdem", "replay", "--json"])
        .arg(data("phh/wsop-2019-42-day3.phh"))
        .assert()
        .code(2)
        .get_output()
        .clone();
    let line: Value = serde_json::from_slice(&out.stdout).expect("one JSON line for the hand");
    assert_eq!(line["hand"], 1);
    let e = line["error"].as_str().expect("an error");
    assert!(e.contains("disagree with the replay"), "{e}");
    assert!(e.contains("17600000"), "{e}");
}

#[test]
fn replay_json_has_one_line_per_hand_and_amounts_as_written() {
    let out = cardgames()
        .args(["holdem", "replay", "--json"])
        .arg(data("phh/handhq-pokerstars-50nl.phhs"))
        .arg(data("pokerstars/poker-apprentice.txt"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0]["hand"], 1);
    // Amounts keep the cents they were written with.
    assert!(
        text.lines().next().is_some_and(|l| l.ends_with(",71.60]}")),
        "{text}"
    );
    assert_eq!(lines[8]["hand"], 3);
    assert_eq!(lines[8]["finishing_stacks"], serde_json::json!([0, 940000]));
}

#[test]
fn convert_round_trips_between_the_formats() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("history_convert");
    let _ = std::fs::remove_dir_all(&dir);
    for (input, to) in [
        ("pokerstars/poker-apprentice.txt", "phh"),
        ("phh/handhq-pokerstars-50nl.phhs", "pokerstars"),
    ] {
        cardgames()
            .args(["holdem", "convert", "--to", to, "--out"])
            .arg(&dir)
            .arg(data(input))
            .assert()
            .success();
    }
    let phhs = dir.join("poker-apprentice.phhs");
    let ps = dir.join("handhq-pokerstars-50nl.txt");
    let text = std::fs::read_to_string(&ps).expect("converted");
    assert_eq!(text.matches("PokerStars Hand #").count(), 6);
    for (converted, original) in [
        (phhs, "pokerstars/poker-apprentice.txt"),
        (ps, "phh/handhq-pokerstars-50nl.phhs"),
    ] {
        let back = std::fs::read_to_string(&converted).expect("converted");
        let got: Vec<_> = read_any(&back)
            .expect("readable")
            .into_iter()
            .map(|(_, r)| {
                replay(&r.expect("reads"))
                    .expect("replays")
                    .finishing_text()
            })
            .collect();
        let want: Vec<_> = ours(original)
            .into_iter()
            .map(|r| r.expect("replays"))
            .collect();
        let got: Vec<Vec<(u128, u32)>> = got
            .iter()
            .map(|v| v.iter().map(|s| norm(s)).collect())
            .collect();
        assert_eq!(got, want, "{}", converted.display());
    }
}

#[test]
fn stats_count_every_hand_per_player() {
    let out = cardgames()
        .args(["holdem", "stats", "--json"])
        .arg(data("pokerstars/poker-apprentice.txt"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: Vec<Value> = String::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let hero = rows
        .iter()
        .find(|r| r["player"] == "mhuggins")
        .expect("the hero");
    // Three hands: folded twice preflop, raised and won the third.
    assert_eq!(hero["hands"], 3);
    assert_eq!(hero["vpip"], 33.33);
    assert_eq!(hero["pfr"], 33.33);
    assert_eq!(hero["wsd"], 100.0);
    for key in ["three_bet", "af", "wtsd", "bb_per_100"] {
        assert!(hero.get(key).is_some(), "{key}");
    }
}

#[test]
fn bad_inputs_are_one_line_errors() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("history_bad");
    std::fs::create_dir_all(&dir).expect("dir");
    let po = dir.join("po.phh");
    std::fs::write(&po, "variant = 'PO'\nantes = [0, 0]\n").expect("write");
    let out = cardgames()
        .args(["holdem", "replay"])
        .arg(&po)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        stdout.contains("variant 'PO' (pot-limit Omaha hold'em) is not supported"),
        "{stdout}"
    );
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    for args in [
        vec!["holdem", "replay", "/no/such/file.phh"],
        vec!["holdem", "convert", "/no/such/file.phh", "--to", "phh"],
        vec!["holdem", "convert", "-", "--to", "nothing"],
    ] {
        let out = cardgames()
            .args(&args)
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
