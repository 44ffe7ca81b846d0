//! Every registered game passes the conformance suite through the runner
//! (random playouts, refused actions change nothing, no view leaks a
//! hidden card, a session rebuilt from its log is the same session), and
//! the toy game, Nim (its folder, one registry line and its board), goes
//! through the registry, the suite and the match runner.

use cardgames::cards::{Card, CardSet};
use cardgames::game::{BoxBot, Game, Level, Playable, Seat, SetupError};
use cardgames::games::Registry;
use cardgames::narrate::Note;
use cardgames::nim::state::NimError;
use cardgames::nim::{Nim, Setup as NimSetup};
use cardgames::runner::matches::{self, Spec};
use cardgames::runner::{Runner, SeatInfo, make_bot};
use serde::{Deserialize, Serialize};

fn registry() -> &'static Registry {
    cardgames::games::registry()
}

#[test]
fn every_registered_game_conforms() {
    let registry = registry();
    let ids: Vec<&str> = registry.entries().iter().map(|e| e.id).collect();
    assert_eq!(ids, ["holdem", "doom", "honeymoon", "bridge", "nim"]);
    for entry in registry.entries() {
        for seed in 0..4 {
            entry
                .kind
                .conformance(seed, 300)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        }
    }
}

#[test]
fn the_toy_game_goes_through_the_registry_forms_and_the_match_runner() {
    let registry = registry();
    let nim = registry.find("nim").unwrap_or_else(|e| panic!("{e}"));
    let setup = nim
        .kind
        .choose(&serde_json::json!({"heap": 7}), "heap", 1)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(setup, serde_json::json!({"heap": 10}));
    assert_eq!(nim.kind.seats(&setup).ok(), Some(2));
    assert!(nim.kind.choose(&setup, "heap", 9).is_err());
    assert!(nim.kind.seats(&serde_json::json!({"heap": 0})).is_err());
    assert!(registry.find("chess").is_err());

    // The perfect player wins every heap of 10 whoever starts... unless it
    // starts on a multiple of four; over both rotations of each deal it
    // takes most of the points.
    let spec = Spec::<Nim> {
        setup: NimSetup { heap: 10 },
        bots: vec!["perfect".into(), "one".into()],
        plays: 200,
        rotations: 2,
        seed: 5,
        max_actions: None,
    };
    let standings = matches::run(&spec, make_bot::<Nim>, |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(standings[0].plays, 200);
    assert_eq!(standings[0].total + standings[1].total, 200.0);
    assert!(standings[0].mean > 0.9, "{standings:?}");
    assert_eq!(
        matches::run(&spec, make_bot::<Nim>, |_| {}).ok(),
        Some(standings),
        "a seed replays a match"
    );
    let bad = Spec::<Nim> {
        bots: vec!["perfect".into(), "genius".into()],
        ..spec
    };
    let err = matches::run(&bad, make_bot::<Nim>, |_| {})
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some("unknown bot 'genius' (known: perfect, one)")
    );
}

#[test]
fn a_runner_session_of_the_toy_game_saves_and_resumes() {
    let seats = vec![SeatInfo::person("Ann"), SeatInfo::bot("Bot", "perfect")];
    let mut r: Runner<Nim> =
        Runner::new(NimSetup { heap: 7 }, 3, seats).unwrap_or_else(|e| panic!("{e}"));
    let mut notes = Vec::new();
    while let Some(seat) = r.game().to_act() {
        let applied = if seat == 0 {
            assert!(r.act(1, 1).is_err(), "a person cannot play the bot's seat");
            r.act(0, 1).unwrap_or_else(|e| panic!("{e}"))
        } else {
            r.think()
                .unwrap_or_else(|| panic!("a bot to act"))
                .unwrap_or_else(|e| panic!("{e}"))
        };
        notes.extend(r.notes(&applied, Some(0)));
    }
    let text: Vec<String> = notes.iter().map(|n| n.ascii(Some(0), &r.names())).collect();
    assert!(
        text.iter().any(|t| t == "You take 1 stone (3 left)"),
        "{text:?}"
    );
    assert!(
        text.last()
            .is_some_and(|t| t.ends_with("the last one: Bot wins")),
        "{text:?}"
    );
    assert!(text.iter().any(|t| t.starts_with("Bot takes")), "{text:?}");
    let save = serde_json::to_string(&r.save()).unwrap_or_default();
    let back = Runner::<Nim>::restore(
        serde_json::from_str(&save).unwrap_or_else(|e| panic!("{e}")),
        |_, _| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.game(), r.game());
    // A save whose log does not replay is refused with the step.
    let mut broken: serde_json::Value = serde_json::from_str(&save).unwrap_or_default();
    broken["log"][0]["act"]["action"] = serde_json::json!(5);
    let err = Runner::<Nim>::restore(
        serde_json::from_value(broken).unwrap_or_else(|e| panic!("{e}")),
        |_, _| {},
    );
    assert!(
        matches!(
            err,
            Err(cardgames::runner::RunError::Replay { step: 0, .. })
        ),
        "{err:?}"
    );
}

/// A game that shows every seat the other's card: the suite must say so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Leaky {
    cards: [Card; 2],
    turn: Seat,
    done: bool,
}

impl Game for Leaky {
    type Action = ();
    type Event = ();
    type Error = NimError;
    type View = [Card; 2];
    type Outcome = ();

    fn to_act(&self) -> Option<Seat> {
        (!self.done).then_some(self.turn)
    }

    fn legal_actions(&self) -> Vec<()> {
        if self.done { Vec::new() } else { vec![()] }
    }

    fn apply(&mut self, _: ()) -> Result<Vec<()>, NimError> {
        if self.done {
            return Err(NimError);
        }
        self.done = self.turn == 1;
        self.turn = 1;
        Ok(Vec::new())
    }

    fn view(&self, _seat: Seat) -> [Card; 2] {
        self.cards
    }

    fn outcome(&self) -> Option<()> {
        self.done.then_some(())
    }
}

impl Playable for Leaky {
    type Setup = NimSetup;
    const ID: &'static str = "leaky";

    fn new(_: &NimSetup, _: u64) -> Result<Leaky, SetupError> {
        let cards = ["As", "Kd"].map(|c| c.parse().unwrap_or_else(|_| panic!("card")));
        Ok(Leaky {
            cards,
            turn: 0,
            done: false,
        })
    }

    fn opening(&self) -> Vec<()> {
        Vec::new()
    }

    fn seats(&self) -> usize {
        2
    }

    fn spectator_view(&self) -> [Card; 2] {
        self.cards
    }

    fn secrets(&self, seat: Option<Seat>) -> CardSet {
        seat.map(|s| CardSet::single(self.cards[s]))
            .unwrap_or(CardSet::EMPTY)
    }

    fn narrate(&self, _: &()) -> Vec<Note> {
        Vec::new()
    }

    fn default_action(&self) -> Option<()> {
        Some(())
    }

    fn deal_over(&self) -> bool {
        false
    }

    fn next_deal(&mut self) -> Result<Vec<()>, NimError> {
        Err(NimError)
    }

    fn scores(&self) -> Option<Vec<f64>> {
        None
    }

    fn bot_names() -> &'static [&'static str] {
        &[]
    }

    fn bot(_: &str) -> Option<BoxBot<Leaky>> {
        None
    }

    fn level_bot(_: Level) -> &'static str {
        ""
    }
}

#[test]
fn the_suite_catches_a_view_that_shows_another_seats_card() {
    let err = cardgames::runner::conformance::check::<Leaky>(&NimSetup::default(), 1, 10);
    assert_eq!(err, Err("leaky step 0: seat 0 sees Kd".to_string()));
}
