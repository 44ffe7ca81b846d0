//! Every registered game passes the conformance suite through the runner
//! (random playouts, refused actions change nothing, no view leaks a
//! hidden card, a session rebuilt from its log is the same session), and a
//! toy game, Nim, needs nothing but its module and a registry entry to go
//! through the registry, the suite and the match runner.

use cardgames::cards::{Card, CardSet};
use cardgames::form::{Choices, Field, Form, unknown};
use cardgames::game::{Bot, BoxBot, Game, GameRng, Level, Playable, Seat, SetupError};
use cardgames::games::{Entry, Registry};
use cardgames::narrate::Note;
use cardgames::runner::matches::{self, Spec};
use cardgames::runner::{Runner, SeatInfo, make_bot};
use cardgames::stats::Tally;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Nim: two players take 1 to 3 stones from one heap; whoever takes the
/// last stone wins. A session is one heap after another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Nim {
    heap: u32,
    start: u32,
    to_act: Seat,
    winner: Option<Seat>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
struct NimSetup {
    heap: u32,
}

impl Default for NimSetup {
    fn default() -> NimSetup {
        NimSetup { heap: 7 }
    }
}

const HEAPS: [u32; 3] = [7, 10, 21];

impl Form for NimSetup {
    fn fields(&self) -> Vec<Field> {
        vec![Choices::of(&HEAPS, &self.heap).field("heap", "Stones", |h| h.to_string())]
    }

    fn choose(&mut self, key: &str, index: usize) -> Result<(), SetupError> {
        match key {
            "heap" => self.heap = Choices::of(&HEAPS, &self.heap).get(key, index)?,
            _ => return Err(unknown(key)),
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
#[error("take 1 to 3 stones, at most the heap")]
struct NimError;

impl Game for Nim {
    type Action = u32;
    type Event = (Seat, u32);
    type Error = NimError;
    type View = Nim;
    type Outcome = Seat;

    fn to_act(&self) -> Option<Seat> {
        self.winner.is_none().then_some(self.to_act)
    }

    fn legal_actions(&self) -> Vec<u32> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (1..=3.min(self.heap)).collect()
    }

    fn apply(&mut self, take: u32) -> Result<Vec<(Seat, u32)>, NimError> {
        if !self.legal_actions().contains(&take) {
            return Err(NimError);
        }
        self.heap -= take;
        let mover = self.to_act;
        self.to_act = 1 - mover;
        if self.heap == 0 {
            self.winner = Some(mover);
        }
        Ok(vec![(mover, take)])
    }

    fn view(&self, _seat: Seat) -> Nim {
        self.clone()
    }

    fn outcome(&self) -> Option<Seat> {
        self.winner
    }
}

/// Takes what leaves a multiple of four, when it can.
struct Perfect;

impl Bot<Nim> for Perfect {
    fn name(&self) -> &str {
        "perfect"
    }

    fn choose(&mut self, view: &Nim, rng: &mut GameRng) -> u32 {
        match view.heap % 4 {
            0 => rng.random_range(1..=3.min(view.heap)),
            r => r,
        }
    }
}

/// Takes one stone.
struct One;

impl Bot<Nim> for One {
    fn name(&self) -> &str {
        "one"
    }

    fn choose(&mut self, _: &Nim, _: &mut GameRng) -> u32 {
        1
    }
}

impl Playable for Nim {
    type Setup = NimSetup;
    const ID: &'static str = "nim";

    fn new(setup: &NimSetup, seed: u64) -> Result<Nim, SetupError> {
        if setup.heap == 0 {
            return Err(SetupError("an empty heap".into()));
        }
        Ok(Nim {
            heap: setup.heap,
            start: setup.heap,
            to_act: (seed % 2) as Seat,
            winner: None,
        })
    }

    fn opening(&self) -> Vec<(Seat, u32)> {
        Vec::new()
    }

    fn seats(&self) -> usize {
        2
    }

    fn spectator_view(&self) -> Nim {
        self.clone()
    }

    fn narrate(&self, &(seat, take): &(Seat, u32)) -> Vec<Note> {
        vec![Note::new().seat(seat).verb("take").amount(u64::from(take))]
    }

    fn default_action(&self) -> Option<u32> {
        self.legal_actions().first().copied()
    }

    fn deal_over(&self) -> bool {
        self.winner.is_some()
    }

    fn next_deal(&mut self) -> Result<Vec<(Seat, u32)>, NimError> {
        let loser = 1 - self.winner.ok_or(NimError)?;
        *self = Nim {
            heap: self.start,
            start: self.start,
            to_act: loser,
            winner: None,
        };
        Ok(Vec::new())
    }

    fn scores(&self) -> Option<Vec<f64>> {
        let w = self.winner?;
        Some((0..2).map(|s| f64::from(u8::from(s == w))).collect())
    }

    fn bot_names() -> &'static [&'static str] {
        &["perfect", "one"]
    }

    fn bot(name: &str) -> Option<BoxBot<Nim>> {
        match name {
            "perfect" => Some(Box::new(Perfect)),
            "one" => Some(Box::new(One)),
            _ => None,
        }
    }

    fn level_bot(level: Level) -> &'static str {
        if level == Level::Easy {
            "one"
        } else {
            "perfect"
        }
    }
}

fn registry() -> Registry {
    Registry::standard().with(Entry::of::<Nim>(
        "Nim",
        "take the last stone",
        "Nim\n\nRules.",
        Tally::Wins,
    ))
}

#[test]
fn every_registered_game_conforms() {
    let registry = registry();
    let ids: Vec<&str> = registry.entries().iter().map(|e| e.id).collect();
    assert_eq!(ids, ["holdem", "doom", "honeymoon", "nim"]);
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
    assert!(text.iter().any(|t| t == "You take 1"), "{text:?}");
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
