//! Our hand histories against PokerKit 0.7.7, the reference PHH
//! implementation: 2,000 seeded hands (six-max, heads-up, short stacks
//! with many all-ins, antes and straddles, a big-blind ante, tournaments
//! with rising blinds and unequal stacks), written as PHH and as
//! PokerStars text, replay there strictly (no step added, no warning) to
//! exactly our finishing stacks; and here, read back, to the same.
//!
//! PokerKit runs in Python: the test makes a virtual environment of its
//! own under `target/tmp` the first time and installs PokerKit 0.7.7 there
//! from PyPI (or uses the interpreter named in
//! `CARDGAMES_POKERKIT_PYTHON`). It is skipped, saying so, only when there
//! is no Python at all.
//!
//! PokerKit's PokerStars parser leaves ante lines unread (its ante
//! pattern matches nothing) and reads any blind after the big blind as a
//! post: the checker gives it the ante line's pattern, and hands with a
//! straddle are checked as PHH only (counted and printed).
//!
//! The rooms' hands of tests/data/hands, read here and written as PHH,
//! replay there to our stacks too, but for the hands PokerKit plays by
//! other rules, each named: a board run twice (PHH 0.7.7 has no notation
//! for it), a big blind all in for less called in full (PokerKit calls
//! what was posted), a sitting-out player's hand folded while all in (a
//! fold out of turn), and a pot of cents shared unevenly (PokerKit
//! shares decimal pots exactly, the room gives the odd cent).

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Mutex;

use cardgames::game::{Game, rng_from_seed};
use cardgames::holdem::action::{Blinds, Event, Status};
use cardgames::holdem::formats::{self, Format, phh, read_any};
use cardgames::holdem::history::amount::{Decimals, Units};
use cardgames::holdem::history::{Act, HandRecord, Replayed, replay, states};
use cardgames::holdem::pots::Chips;
use cardgames::holdem::session::Holdem;
use cardgames::holdem::setup::{Mode, Rebuy, Setup};
use cardgames::holdem::table::Table;
use cardgames::runner::make_bot;
use cardgames::runner::matches::{self, Spec};
use serde_json::{Value, json};

struct Hand {
    id: String,
    table: Table,
}

fn setup(seats: usize, stack: Chips, mode: Mode) -> Setup {
    Setup {
        seats,
        stack,
        blinds: Blinds { small: 5, big: 10 },
        mode,
        ante: 0,
        bb_ante: 0,
        straddle: false,
    }
}

/// A bot match through the match runner: every hand from fresh stacks.
fn matches(
    name: &str,
    bots: &[&str],
    deals: u64,
    stack: Chips,
    tweak: impl Fn(&mut Setup),
) -> Vec<Hand> {
    let mut s = setup(
        bots.len(),
        stack,
        Mode::Cash {
            rebuy: Rebuy::TopUp,
        },
    );
    tweak(&mut s);
    let spec = Spec::<Holdem> {
        setup: s,
        bots: bots.iter().map(|b| b.to_string()).collect(),
        plays: deals,
        rotations: 1,
        seed: 2026,
        max_actions: None,
    };
    let got = Mutex::new(Vec::new());
    matches::run(&spec, make_bot::<Holdem>, |p| {
        if let Ok(mut g) = got.lock() {
            g.push((p.play, p.game.table().clone()));
        }
    })
    .expect("the match plays");
    let mut v = got.into_inner().expect("no poisoned lock");
    v.sort_by_key(|(d, _)| *d);
    v.into_iter()
        .map(|(d, table)| Hand {
            id: format!("{name}-{d}"),
            table,
        })
        .collect()
}

/// Tournaments: blinds doubling every 8 hands, players busting out.
fn tournaments(hands: usize) -> Vec<Hand> {
    let names = ["random", "hard", "station", "normal", "random", "tight"];
    let mut out = Vec::new();
    let mut seed = 1;
    while out.len() < hands {
        let s = setup(names.len(), 300, Mode::Tournament { hands_per_level: 8 });
        let mut session = Holdem::new(&s, seed).expect("valid session");
        let mut bots: Vec<_> = names
            .iter()
            .map(|n| make_bot::<Holdem>(n).expect("bot"))
            .collect();
        let mut rng = rng_from_seed(seed);
        loop {
            while let Some(seat) = session.table().to_act() {
                let view = session.table().view(seat);
                let a = bots[seat].choose(&view, &mut rng);
                session.act(seat, a).expect("bots play legally");
            }
            out.push(Hand {
                id: format!("tournament-{seed}-{}", session.hands_played()),
                table: session.table().clone(),
            });
            if session.is_over() || out.len() >= hands || session.start_hand().is_err() {
                break;
            }
        }
        seed += 1;
    }
    out
}

fn all_hands() -> Vec<Hand> {
    let mut v = Vec::new();
    v.extend(matches(
        "six-max",
        &["hard", "normal", "tight", "random", "station", "hard"],
        500,
        1000,
        |_| {},
    ));
    v.extend(matches("heads-up", &["random", "hard"], 400, 1000, |_| {}));
    v.extend(matches(
        "short",
        &["random", "random", "station", "hard"],
        400,
        150,
        |_| {},
    ));
    v.extend(matches(
        "antes-straddle",
        &["random", "normal", "random", "station", "tight", "random"],
        300,
        400,
        |s| {
            s.ante = 2;
            s.straddle = true;
        },
    ));
    v.extend(matches(
        "bb-ante",
        &["random", "station", "random"],
        200,
        100,
        |s| s.bb_ante = 10,
    ));
    v.extend(tournaments(200));
    v
}

/// The Python with PokerKit 0.7.7: `CARDGAMES_POKERKIT_PYTHON`, or a
/// virtual environment of the test's own (see [`common::python::venv`]).
fn python() -> Option<String> {
    common::python::venv(
        "CARDGAMES_POKERKIT_PYTHON",
        "pokerkit-venv",
        "pokerkit==0.7.7",
        "import pokerkit",
    )
}

#[test]
fn pokerkit_replays_our_histories_to_our_stacks() {
    let hands = all_hands();
    assert_eq!(hands.len(), 2000);
    let mut input = Vec::new();
    let mut straddles = 0;
    let mut all_ins = 0;
    for h in &hands {
        let record = HandRecord::from_table(&h.table, Units::default());
        // Stacks in player order (left of the button first), as histories list them.
        let st = h.table.state();
        let ours: Vec<Chips> = st.players().iter().map(|&s| st.stacks()[s]).collect();
        let stacks: Vec<String> = ours.iter().map(|s| s.to_string()).collect();
        let phh_text = phh::write(&h.table);
        let replayed = Replayed {
            table: h.table.clone(),
            record,
        };
        let ps_text = formats::write(Format::PokerStars, &[&replayed], None).expect("writes");
        // Read back here: the same stacks from both texts.
        for text in [&phh_text, &ps_text] {
            let back = read_any(text).expect("readable");
            assert_eq!(back.len(), 1, "{}", h.id);
            let r = back[0]
                .1
                .clone()
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", h.id));
            let again = replay(&r).unwrap_or_else(|e| panic!("{}: {e}\n{text}", h.id));
            assert_eq!(again.finishing_stacks(), ours, "{}\n{text}", h.id);
        }
        let straddle = h.table.state().forced().blind(2) > 0 && h.table.state().players().len() > 2;
        straddles += usize::from(straddle);
        all_ins += usize::from(
            h.table
                .state()
                .log()
                .iter()
                .any(|e| matches!(e, Event::Acted { all_in: true, .. })),
        );
        input.push(json!({
            "id": h.id,
            "phh": phh_text,
            "pokerstars": if straddle { Value::Null } else { json!(ps_text) },
            "stacks": stacks,
        }));
    }
    println!(
        "{} hands, {all_ins} with an all-in, {straddles} with a straddle",
        hands.len()
    );
    let (rooms, expected) = room_hands();
    input.extend(rooms.iter().cloned());
    let Some(py) = python() else {
        println!(
            "SKIPPED: the PokerKit cross-check needs Python 3 (none found); see the test's doc"
        );
        eprintln!(
            "SKIPPED: the PokerKit cross-check needs Python 3 (none found); see the test's doc"
        );
        return;
    };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pokerkit/check.py");
    let probe = Command::new(&py)
        .args([
            "-c",
            "import pokerkit, importlib.metadata as m; print(m.version('pokerkit'))",
        ])
        .output()
        .unwrap_or_else(|e| panic!("{py}: {e}"));
    let version = String::from_utf8_lossy(&probe.stdout).trim().to_string();
    assert!(
        probe.status.success() && version == "0.7.7",
        "{py} has no PokerKit 0.7.7 (found '{version}'): install it as the test's doc says, \
         or set CARDGAMES_POKERKIT_PYTHON"
    );
    let mut child = Command::new(&py)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{py}: {e}"));
    let body = serde_json::to_vec(&input).expect("JSON");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&body)
        .expect("write to the checker");
    let out = child.wait_with_output().expect("the checker runs");
    assert!(
        out.status.success(),
        "the checker failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    for kind in ["phh", "pokerstars"] {
        let problems = report[kind]["problems"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        println!(
            "PokerKit 0.7.7, {kind}: {} hands, {} mismatches or repairs",
            report[kind]["hands"],
            problems.len()
        );
        for p in problems.iter().take(5) {
            println!("  {p}");
        }
    }
    assert_eq!(report["phh"]["hands"], json!(2000 + rooms.len()));
    assert_eq!(report["pokerstars"]["hands"], json!(2000 - straddles));
    for kind in ["phh", "pokerstars"] {
        let problems: Vec<String> = report[kind]["problems"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .filter_map(|p| p.as_str().map(str::to_string))
            .collect();
        // Only the rooms' hands PokerKit plays by other rules differ.
        let unexpected: Vec<&String> = problems
            .iter()
            .filter(|p| {
                !expected
                    .iter()
                    .any(|(id, _)| p.starts_with(&format!("{kind} {id}:")))
            })
            .collect();
        assert!(
            unexpected.is_empty(),
            "{kind}: {} hands differ in PokerKit, first: {:?}",
            unexpected.len(),
            unexpected.first()
        );
        if kind == "phh" {
            for (id, why) in &expected {
                assert!(
                    problems
                        .iter()
                        .any(|p| p.starts_with(&format!("phh {id}:"))),
                    "{id} ({why}) replays in PokerKit: the exception is gone"
                );
            }
        }
    }
}

/// Why PokerKit plays a room's hand otherwise, if it does.
fn other_rules(h: &Replayed) -> Option<&'static str> {
    let r = &h.record;
    if r.runs > 1 {
        return Some("run twice");
    }
    if r.forced.full_blinds {
        return Some("a short big blind called in full");
    }
    let (tables, _) = states(r);
    let first = r
        .actions
        .iter()
        .take_while(|(a, _)| matches!(a, Act::Hole(..)))
        .count();
    for (i, (a, _)) in r.actions.iter().enumerate().skip(first) {
        if let (Act::Fold(p), Some(t)) = (a, tables.get(i - first))
            && t.state().statuses()[*p] == Status::AllIn
        {
            return Some("a fold while all in");
        }
    }
    let mut shares: std::collections::BTreeMap<usize, Vec<Chips>> = Default::default();
    for e in h.table.state().log() {
        if let Event::PotAwarded { pot, amount, .. } = e {
            shares.entry(*pot).or_default().push(*amount);
        }
    }
    let uneven = shares.values().any(|v| v.iter().min() != v.iter().max());
    (r.units.decimals != Decimals::None && uneven).then_some("an odd cent")
}

/// The rooms' fixtures as PHH, and the ids PokerKit is expected to play
/// otherwise, with why.
fn room_hands() -> (Vec<Value>, Vec<(String, &'static str)>) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hands");
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in std::fs::read_dir(root).expect("fixtures") {
        for f in std::fs::read_dir(dir.expect("dir").path()).expect("dir") {
            let path = f.expect("file").path();
            if path.extension().is_some_and(|e| e == "txt") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut out = Vec::new();
    let mut expected = Vec::new();
    for path in files {
        let text = cardgames::holdem::history::files::read_text(&path).expect("fixture");
        for (label, r) in read_any(&text).expect("readable") {
            let Ok(h) = r.and_then(|r| replay(&r)) else {
                continue;
            };
            let id = format!(
                "{}#{label}",
                path.file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into())
            );
            if let Some(why) = other_rules(&h) {
                expected.push((id.clone(), why));
            }
            out.push(json!({
                "id": id,
                "phh": phh::write_record(&h.record),
                "pokerstars": Value::Null,
                "stacks": h.finishing_text(),
            }));
        }
    }
    println!(
        "{} hands of the rooms, {} played otherwise by PokerKit: {expected:?}",
        out.len(),
        expected.len()
    );
    (out, expected)
}
