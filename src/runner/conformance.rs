//! The conformance suite every registered game passes, like OpenSpiel's
//! basic tests, run through the runner: random playouts over several deals
//! in which `to_act` and the legal actions agree; every refused action
//! leaves the state as it was; no seat's view, event or log line ever
//! holds a card another seat may not see, and a spectator's holds none;
//! every deal that ends, by a move or as it is dealt, gives its scores;
//! a session rebuilt from its action log is the same session; a save
//! survives JSON.

use rand::seq::IndexedRandom;
use serde::Serialize;
use serde_json::Value;

use super::{Applied, Runner, Save, SeatInfo};
use crate::cards::{CardSet, parse_cards};
use crate::game::{Playable, Seat, Stage, rng_from_seed};

/// Plays `steps` random steps of a session of `setup` from `seed` and
/// checks every rule above; the first broken one is the error.
pub fn check<G: Playable>(setup: &G::Setup, seed: u64, steps: usize) -> Result<(), String> {
    let seats = G::new(setup, seed).map_err(|e| e.to_string())?.seats();
    let people = (0..seats)
        .map(|s| SeatInfo::person(format!("p{s}")))
        .collect();
    let mut runner: Runner<G> =
        Runner::new(setup.clone(), seed, people).map_err(|e| e.to_string())?;
    let mut rng = rng_from_seed(seed);
    let mut seen_actions: Vec<G::Action> = Vec::new();
    check_step(&runner, &runner.opening()).map_err(|e| format!("{} opening: {e}", G::ID))?;
    for step in 0..steps {
        let at = |why: String| format!("{} step {step}: {why}", G::ID);
        check_views(&runner).map_err(at)?;
        let applied = match runner.stage() {
            Stage::Over => break,
            Stage::DealOver => {
                if !runner.game().legal_actions().is_empty() {
                    return Err(at("legal actions between deals".into()));
                }
                runner.next_deal().map_err(|e| at(e.to_string()))?
            }
            Stage::Turn(seat) => {
                let legal = runner.game().legal_actions();
                let Some(action) = legal.choose(&mut rng).cloned() else {
                    return Err(at(format!("seat {seat} is to act with no legal action")));
                };
                refusals_change_nothing(&mut runner, seat, &legal, &seen_actions).map_err(at)?;
                seen_actions.extend(legal);
                if seen_actions.len() > 512 {
                    seen_actions.drain(..256);
                }
                runner.act(seat, action).map_err(|e| at(e.to_string()))?
            }
        };
        check_step(&runner, &applied).map_err(at)?;
        if matches!(runner.stage(), Stage::DealOver | Stage::Over)
            && super::deal_scores(runner.game(), &applied).is_none()
        {
            return Err(at("a deal ended without its scores".into()));
        }
    }
    rebuilds(&runner)
}

/// Out-of-turn actions and actions the game refuses change nothing.
fn refusals_change_nothing<G: Playable>(
    runner: &mut Runner<G>,
    seat: Seat,
    legal: &[G::Action],
    pool: &[G::Action],
) -> Result<(), String> {
    let before = json(runner.game());
    let other = (seat + 1) % runner.game().seats();
    if other != seat && runner.act(other, legal[0].clone()).is_ok() {
        return Err(format!("seat {other} acted out of turn"));
    }
    for action in pool.iter().filter(|a| !legal.contains(a)).take(3) {
        let mut game = runner.game().clone();
        if game.apply(action.clone()).is_err() && json(&game) != before {
            return Err(format!("refused {action:?} changed the state"));
        }
    }
    if json(runner.game()) != before {
        return Err("a refused action changed the state".into());
    }
    Ok(())
}

/// No view shows a card it may not.
fn check_views<G: Playable>(runner: &Runner<G>) -> Result<(), String> {
    let game = runner.game();
    let seats = game.seats();
    let nobody = game.secrets(None);
    for viewer in (0..seats).map(Some).chain([None]) {
        let shown = cards_in(&runner.view(viewer));
        let hidden = hidden_from(game, viewer, seats) | nobody;
        let leak = shown & hidden;
        if !leak.is_empty() {
            return Err(format!("{} sees {leak}", who(viewer)));
        }
    }
    Ok(())
}

/// Neither the events nor the log lines of a step show a hidden card.
fn check_step<G: Playable>(runner: &Runner<G>, applied: &Applied<G>) -> Result<(), String> {
    let game = runner.game();
    let seats = game.seats();
    for viewer in (0..seats).map(Some).chain([None]) {
        let hidden = hidden_from(game, viewer, seats) | game.secrets(None);
        let events: Vec<G::Event> = applied
            .events
            .iter()
            .map(|e| G::event_for(e, viewer))
            .collect();
        let leak = (cards_in(&events) | cards_in(&runner.notes(applied, viewer))) & hidden;
        if !leak.is_empty() {
            return Err(format!("{} is told {leak}", who(viewer)));
        }
    }
    Ok(())
}

/// The session replayed from its log, and from its save read back from
/// JSON, is the same session.
fn rebuilds<G: Playable>(runner: &Runner<G>) -> Result<(), String> {
    let save = runner.save();
    let text = serde_json::to_string(&save).map_err(|e| e.to_string())?;
    let back: Save<G> = serde_json::from_str(&text).map_err(|e| format!("save: {e}"))?;
    let again = Runner::restore(back, |_, _| {}).map_err(|e| e.to_string())?;
    if json(again.game()) != json(runner.game()) {
        return Err(format!(
            "{}: the session rebuilt from its log differs",
            G::ID
        ));
    }
    if serde_json::to_string(&again.save()).map_err(|e| e.to_string())? != text {
        return Err(format!("{}: a restored save saves differently", G::ID));
    }
    Ok(())
}

/// Cards `viewer` may not see: every other seat's secrets.
fn hidden_from<G: Playable>(game: &G, viewer: Option<Seat>, seats: usize) -> CardSet {
    (0..seats)
        .filter(|&s| Some(s) != viewer)
        .fold(CardSet::EMPTY, |acc, s| acc | game.secrets(Some(s)))
}

fn who(viewer: Option<Seat>) -> String {
    viewer.map_or("a spectator".into(), |s| format!("seat {s}"))
}

fn json(x: &impl Serialize) -> String {
    serde_json::to_string(x).unwrap_or_default()
}

/// Every card named anywhere in `x`'s JSON.
pub fn cards_in(x: &impl Serialize) -> CardSet {
    let mut found = CardSet::EMPTY;
    if let Ok(v) = serde_json::to_value(x) {
        collect(&v, &mut found);
    }
    found
}

fn collect(v: &Value, found: &mut CardSet) {
    match v {
        Value::String(s) => {
            if let Ok(cards) = parse_cards(s) {
                found.extend(cards);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect(i, found)),
        Value::Object(map) => map.values().for_each(|i| collect(i, found)),
        _ => {}
    }
}
