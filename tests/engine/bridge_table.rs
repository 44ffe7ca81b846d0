//! Contract bridge at the table, end to end: the registry's `bridge`
//! (four seats, its form as flags), a bot match through `cardgames sim`,
//! the duplicate bench through `cardgames bridge sim`, its bad input, and
//! a whole board between the bots through the runner with each seat's
//! view holding only what it may see.

use crate::common;

use cardgames::bridge::board::Direction;
use cardgames::bridge::session::{ContractBridge, HOME};
use cardgames::bridge::setup::{Scoring, Setup};
use cardgames::bridge::state::Phase;
use cardgames::cards::CardSet;
use cardgames::game::{Game, Playable, rng_from_seed};
use cardgames::games::registry;
use serde_json::json;

#[test]
fn the_registry_seats_four_at_a_bridge_table() {
    let entry = registry().find("bridge").unwrap_or_else(|e| panic!("{e}"));
    let setup = entry.kind.default_setup();
    assert_eq!(entry.kind.seats(&setup), Ok(4));
    let keys: Vec<String> = entry
        .kind
        .fields(&setup)
        .unwrap_or_default()
        .into_iter()
        .map(|f| f.key)
        .collect();
    assert_eq!(keys, ["boards", "scoring", "seat"]);
    let partial = entry
        .kind
        .complete(&json!({"boards": 4}))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(partial["boards"], json!(4));
    assert!(entry.kind.complete(&json!({"colour": 1})).is_err());
    for bot in ["easy", "normal", "hard", "pass"] {
        assert!(entry.kind.bot_names().contains(&bot));
    }
}

#[test]
fn a_board_between_the_bots_shows_each_seat_only_what_it_may_see() {
    let setup = Setup {
        boards: 1,
        scoring: Scoring::Total,
        seat: Direction::West,
    };
    let mut game = <ContractBridge as Playable>::new(&setup, 12).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.direction(HOME), Direction::West);
    let mut bots: Vec<_> = (0..4)
        .map(|_| ContractBridge::bot("easy").unwrap_or_else(|| panic!("easy")))
        .collect();
    let mut rng = rng_from_seed(3);
    let mut led = false;
    while let Some(seat) = game.to_act() {
        for s in 0..4 {
            let v = game.view(s);
            let me = game.direction(s);
            for d in Direction::ALL {
                let shown = v.board.hands[d.index()];
                let dummy = v.board.contract.map(|c| c.dummy()) == Some(d) && led;
                if d != me && !dummy {
                    assert_eq!(shown, CardSet::EMPTY, "{me} sees {d}");
                }
            }
        }
        let spectator = game.spectator_view();
        let visible = spectator
            .board
            .hands
            .iter()
            .filter(|h| !h.is_empty())
            .count();
        assert!(visible <= 1, "a spectator sees dummy at most");
        let action = bots[seat].choose(&game.view(seat), &mut rng);
        game.apply(action).unwrap_or_else(|e| panic!("{e}"));
        led = game.board().play().is_some_and(|p| p.dummy_faced());
    }
    assert_eq!(game.board().phase(), Phase::Over);
    let scores = game.scores().unwrap_or_else(|| panic!("scored"));
    let ns = game.outcome().map(|r| r.ns_score as f64);
    assert_eq!(Some(scores[game.seat(Direction::North)]), ns);
    assert!(game.match_over());
}

#[test]
fn a_bot_match_runs_through_sim() {
    let out = common::quiet_stdout_of(&[
        "sim",
        "bridge",
        "--bots",
        "easy,pass",
        "--plays",
        "2",
        "--seed",
        "4",
        "--boards",
        "1",
        "--scoring",
        "total",
        "--json",
    ]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
}

#[test]
fn the_duplicate_bench_reports_each_match() {
    let out = common::quiet_stdout_of(&[
        "bridge",
        "sim",
        "--boards",
        "1",
        "--seed",
        "2",
        "--match",
        "easy:pass",
        "--json",
    ]);
    let v: serde_json::Value =
        serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["a"], json!("easy"));
    assert_eq!(v["b"], json!("pass"));
    assert_eq!(v["boards"], json!(1));
    assert!(v["imps_per_board"].is_number());
    common::fails_with(
        &[
            "bridge", "sim", "--boards", "1", "--seed", "2", "--match", "easy",
        ],
        "A:B",
    );
    common::fails_with(
        &[
            "bridge",
            "sim",
            "--boards",
            "1",
            "--seed",
            "2",
            "--match",
            "easy:clever",
        ],
        "clever",
    );
}
