//! Contract bridge: the double-dummy solver against DDS (Bo Haglund's
//! solver, through the `endplay` package from PyPI) and against brute
//! force on small endings.
//!
//! The DDS cross-check makes a virtual environment of its own under
//! `target/tmp` and installs endplay 0.5.12 there the first time (or uses
//! `CARDGAMES_ENDPLAY_PYTHON`); `tests/bridge/dds.py` answers its
//! questions.

use std::io::Write;
use std::process::{Command, Stdio};

use cardgames::bridge::board::{Direction, Side, Vulnerability, dealer_of_board};
use cardgames::bridge::contract::Strain;
use cardgames::bridge::solver::{Position, Solver, par};
use cardgames::bridge::{BridgeDeal, pbn_deal};
use cardgames::cards::{Card, CardSet};
use cardgames::game::rng_from_seed;
use proptest::prelude::*;
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::{Value, json};

/// The Python with endplay: `CARDGAMES_ENDPLAY_PYTHON`, or a virtual
/// environment of the test's own, made the first time.
fn python() -> String {
    if let Ok(p) = std::env::var("CARDGAMES_ENDPLAY_PYTHON") {
        return p;
    }
    let venv = concat!(env!("CARGO_TARGET_TMPDIR"), "/endplay-venv");
    let py = format!("{venv}/bin/python");
    let has_it = Command::new(&py)
        .args(["-c", "import endplay"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_it {
        let made = Command::new("python3")
            .args(["-m", "venv", venv])
            .status()
            .is_ok_and(|s| s.success());
        assert!(made, "python3 -m venv {venv} failed: install python3-venv");
        let installed = Command::new(format!("{venv}/bin/pip"))
            .args(["install", "-q", "endplay==0.5.12"])
            .status()
            .is_ok_and(|s| s.success());
        assert!(installed, "pip install endplay==0.5.12 failed");
    }
    py
}

/// Asks DDS every request, one answer each, in order.
fn dds(requests: &[Value]) -> Vec<Value> {
    let py = python();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bridge/dds.py");
    let mut child = Command::new(&py)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{py}: {e}"));
    let mut body = String::new();
    for r in requests {
        body.push_str(&r.to_string());
        body.push('\n');
    }
    child
        .stdin
        .take()
        .unwrap_or_else(|| panic!("stdin"))
        .write_all(body.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.status.success(),
        "dds.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(answers.len(), requests.len());
    answers
}

/// `count` random deals from `seed`.
fn deals(seed: u64, count: usize) -> Vec<[CardSet; 4]> {
    let mut rng = rng_from_seed(seed);
    (0..count)
        .map(|_| {
            let mut pack: Vec<Card> = Card::all().collect();
            pack.shuffle(&mut rng);
            std::array::from_fn(|s| pack[13 * s..13 * (s + 1)].iter().copied().collect())
        })
        .collect()
}

fn pbn(hands: &[CardSet; 4]) -> String {
    pbn_deal(&BridgeDeal {
        board: 1,
        hands: *hands,
    })
}

fn vul_name(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "none",
        Vulnerability::NS => "ns",
        Vulnerability::EW => "ew",
        Vulnerability::All => "all",
    }
}

/// Our tables and par scores equal DDS's on `count` deals.
fn tables_and_par_agree(seed: u64, count: usize) {
    let deals = deals(seed, count);
    let mut requests = Vec::new();
    for (i, d) in deals.iter().enumerate() {
        let board = i as u32 + 1;
        requests.push(json!({"table": pbn(d)}));
        requests.push(json!({
            "par": pbn(d),
            "vul": vul_name(Vulnerability::of_board(board)),
            "dealer": dealer_of_board(board).to_string(),
        }));
    }
    let answers = dds(&requests);
    let mut solver = Solver::new();
    for (i, d) in deals.iter().enumerate() {
        let board = i as u32 + 1;
        let table = solver.table(d).unwrap_or_else(|e| panic!("{e}"));
        let want: Vec<Vec<u8>> = serde_json::from_value(answers[2 * i]["tricks"].clone())
            .unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<Vec<u8>> = table.tricks.iter().map(|r| r.to_vec()).collect();
        assert_eq!(got, want, "deal {i}: {}", pbn(d));
        let p = par(
            &table,
            Vulnerability::of_board(board),
            dealer_of_board(board),
        );
        assert_eq!(
            Some(p.score),
            answers[2 * i + 1]["score"].as_i64(),
            "par of deal {i} (board {board}): {} {:?}",
            pbn(d),
            p
        );
    }
}

/// A position part way through the play: random legal cards from a deal
/// until `left` tricks remain, then up to three cards into the next.
fn mid_play(rng: &mut impl Rng, hands: [CardSet; 4], left: usize) -> Position {
    let strain = Strain::ALL[rng.random_range(0..5)];
    let mut pos = Position::new(hands, strain, Direction::from_index(rng.random_range(0..4)));
    let stop = rng.random_range(0..4usize);
    while pos.tricks_left() > left || pos.trick.len() < stop {
        let legal: Vec<Card> = pos.legal().iter().collect();
        let card = legal[rng.random_range(0..legal.len())];
        let seat = pos.to_play();
        pos.hands[seat.index()].remove(card);
        pos.trick.push(card);
        if pos.trick.len() == 4 {
            let winner = pos.winning().unwrap_or(pos.leader);
            pos = Position::new(pos.hands, strain, winner);
        }
    }
    pos
}

/// Every legal card's value at `count` mid-play positions equals DDS's.
fn positions_agree(seed: u64, count: usize) {
    let mut rng = rng_from_seed(seed);
    let positions: Vec<Position> = deals(seed, count)
        .into_iter()
        .map(|d| {
            let left = rng.random_range(2..=7);
            mid_play(&mut rng, d, left)
        })
        .collect();
    let requests: Vec<Value> = positions
        .iter()
        .map(|p| {
            json!({
                "position": pbn(&p.hands),
                "trump": match p.strain.trump() { Some(s) => s.letter().to_ascii_uppercase().to_string(), None => "NT".into() },
                "first": p.leader.to_string(),
                "trick": p.trick.iter().map(|c| { let s = c.ascii(); format!("{}{}", &s[1..], &s[..1]).to_uppercase() }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let answers = dds(&requests);
    let mut solver = Solver::new();
    for (p, answer) in positions.iter().zip(&answers) {
        let side = p.to_play().side().index();
        let ours = solver.analyse(p).unwrap_or_else(|e| panic!("{e}"));
        let mut got: Vec<(String, u8)> = ours
            .cards
            .iter()
            .map(|c| (c.card.ascii(), c.tricks[side]))
            .collect();
        let mut want: Vec<(String, u8)> =
            serde_json::from_value(answer["cards"].clone()).unwrap_or_else(|e| panic!("{e}"));
        got.sort();
        want.sort();
        assert_eq!(got, want, "position {p:?}");
    }
}

#[test]
fn tables_and_par_equal_dds() {
    tables_and_par_agree(2026, 5);
}

#[test]
fn card_values_mid_play_equal_dds() {
    positions_agree(32, 200);
}

/// The full cross-check: run before a release with
/// `cargo test --release --test bridge -- --ignored`.
#[test]
#[ignore]
fn tables_and_par_equal_dds_on_1000_deals() {
    tables_and_par_agree(1, 1000);
}

#[test]
#[ignore]
fn tables_and_par_equal_dds_on_200_deals() {
    tables_and_par_agree(7, 200);
}

fn beats(c: Card, w: Card, trump: Option<cardgames::cards::Suit>) -> bool {
    if c.suit() == w.suit() {
        c.rank() > w.rank()
    } else {
        Some(c.suit()) == trump
    }
}

/// North-South's tricks by plain minimax over every legal card.
fn brute(pos: &Position) -> u8 {
    if pos.hands.iter().all(|h| h.is_empty()) && pos.trick.is_empty() {
        return 0;
    }
    let seat = pos.to_play();
    let max = seat.side() == Side::NS;
    let mut best: Option<u8> = None;
    for card in pos.legal().iter() {
        let mut next = pos.clone();
        next.hands[seat.index()].remove(card);
        next.trick.push(card);
        let v = if next.trick.len() == 4 {
            let mut w = 0;
            for k in 1..4 {
                if beats(next.trick[k], next.trick[w], pos.strain.trump()) {
                    w = k;
                }
            }
            let winner = next.leader.step(w);
            u8::from(winner.side() == Side::NS)
                + brute(&Position::new(next.hands, pos.strain, winner))
        } else {
            brute(&next)
        };
        best = Some(match best {
            None => v,
            Some(b) if max => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Endings of up to four tricks, cards often crowded into few suits,
    /// sometimes part way through a trick: the solver equals brute force,
    /// for the tricks and for each legal card.
    #[test]
    fn solver_equals_brute_force_on_small_endings(seed in any::<u64>(), tricks in 1usize..=4, crowd in any::<bool>()) {
        let mut rng = rng_from_seed(seed);
        let mut pack: Vec<Card> = Card::all().collect();
        pack.shuffle(&mut rng);
        if crowd {
            pack.sort_by_key(|c| c.suit().index() % 2);
        }
        let hands: [CardSet; 4] = std::array::from_fn(|s| pack[tricks * s..tricks * (s + 1)].iter().copied().collect());
        let pos = mid_play(&mut rng, hands, tricks);
        let mut solver = Solver::with_memory(1 << 20);
        let got = solver.tricks(&pos).unwrap_or_else(|e| panic!("{e}"));
        let want = brute(&pos);
        prop_assert_eq!(got[0], want);
        prop_assert_eq!(usize::from(got[0] + got[1]), pos.tricks_left());
        let analysis = solver.analyse(&pos).unwrap_or_else(|e| panic!("{e}"));
        for cv in analysis.cards {
            let mut next = pos.clone();
            let seat = pos.to_play();
            next.hands[seat.index()].remove(cv.card);
            next.trick.push(cv.card);
            let v = if next.trick.len() == 4 {
                let winner = next.winning().unwrap_or(next.leader);
                u8::from(winner.side() == Side::NS) + brute(&Position::new(next.hands, pos.strain, winner))
            } else {
                brute(&next)
            };
            prop_assert_eq!(cv.tricks[0], v, "card {}", cv.card);
        }
        for side in [Side::NS, Side::EW] {
            let mine = got[side.index()];
            prop_assert!(solver.can_take(&pos, side, mine).unwrap_or(false));
            prop_assert!(!solver.can_take(&pos, side, mine + 1).unwrap_or(true));
        }
    }
}

fn bridge(args: &[&str]) -> assert_cmd::assert::Assert {
    assert_cmd::Command::cargo_bin("cardgames")
        .unwrap_or_else(|e| panic!("{e}"))
        .arg("bridge")
        .args(args)
        .assert()
}

fn stdout_of(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stdout).to_string()
}

#[test]
fn score_command_json_and_errors() {
    let a = bridge(&[
        "score", "4S", "N", "--vul", "none", "--tricks", "10", "--json",
    ])
    .success();
    assert_eq!(stdout_of(&a), "{\"score\":420}\n");
    let a = bridge(&[
        "score", "3NTX", "E", "--vul", "all", "--tricks", "7", "--json",
    ])
    .success();
    assert_eq!(stdout_of(&a), "{\"score\":-500}\n");
    let a = bridge(&[
        "score", "4SXX", "S", "--vul", "ns", "--tricks", "11", "--ascii",
    ])
    .success();
    assert_eq!(stdout_of(&a), "4SXX+1 S +1480 (+1480 for the declarer)\n");
    for bad in [
        &["score", "8S", "N", "--tricks", "10"][..],
        &["score", "4S", "Q", "--tricks", "10"],
        &["score", "4S", "N", "--vul", "some", "--tricks", "10"],
        &["score", "4S", "N", "--tricks", "14"],
    ] {
        let a = bridge(bad).code(2);
        let err = String::from_utf8_lossy(&a.get_output().stderr).to_string();
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// A deal whose table is quick: every suit held in sequence by one hand.
const EASY: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

#[test]
fn solve_command_json_shape() {
    let a = bridge(&["solve", EASY, "--json"]).success();
    let v: Value = serde_json::from_str(stdout_of(&a).trim()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v["board"], 1);
    // Four seats, five strains each.
    for seat in ["N", "E", "S", "W"] {
        for strain in ["C", "D", "H", "S", "NT"] {
            assert!(v["tricks"][seat][strain].is_u64(), "{seat} {strain}");
        }
    }
    assert_eq!(v["tricks"]["N"]["S"], 13);
    assert_eq!(v["tricks"]["W"]["C"], 13);
    assert!(v["par"]["score"].is_i64());
    assert!(v["par"]["contracts"].is_array());
    let a = bridge(&["solve", "N:AK", "--json"]).code(2);
    assert_eq!(
        String::from_utf8_lossy(&a.get_output().stderr)
            .lines()
            .count(),
        1
    );
    bridge(&["solve", "/no/such/file.pbn"]).code(2);
}

#[test]
fn convert_round_trips_pbn_and_lin() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let pbn_path = dir.path().join("club.pbn");
    let game = "[Board \"3\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n\
[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
[Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n[Auction \"S\"]\nPass Pass 7NT Pass\nPass Pass\n\
[Play \"E\"]\nST S3 S2 SA\n*\n";
    std::fs::write(&pbn_path, game).unwrap_or_else(|e| panic!("{e}"));
    let a = bridge(&[
        "convert",
        pbn_path.to_str().unwrap_or(""),
        "--to",
        "lin",
        "--out",
        dir.path().to_str().unwrap_or(""),
    ])
    .success();
    let lin_path = dir.path().join("club.lin");
    assert_eq!(stdout_of(&a).trim(), lin_path.display().to_string());
    let lin = std::fs::read_to_string(&lin_path).unwrap_or_default();
    assert!(lin.contains("md|1"), "{lin}");
    assert!(lin.contains("mb|7N|"), "{lin}");
    assert!(lin.contains("pc|ST|pc|S3|pc|S2|pc|SA|"), "{lin}");
    let back = bridge(&["convert", lin_path.to_str().unwrap_or(""), "--to", "pbn"]).success();
    assert_eq!(stdout_of(&back), game);
    std::fs::write(&pbn_path, game.replace("ST S3", "ST H8")).unwrap_or_else(|e| panic!("{e}"));
    let a = bridge(&["convert", pbn_path.to_str().unwrap_or(""), "--to", "lin"]).code(2);
    let err = String::from_utf8_lossy(&a.get_output().stderr).to_string();
    assert!(err.contains("club.pbn: line 12:"), "{err}");
}
