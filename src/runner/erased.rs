//! The runner with its game's type erased, as the hall holds its tables:
//! actions, views and saves travel as JSON, each step comes back with its
//! log lines already narrated for every seat and for spectators, and a
//! bot's turn is lent out as a box to decide on any thread.

use std::any::Any;

use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

use super::{Applied, BotTurn, RunError, Runner, Save, SeatInfo, deal_scores, notes_of};
use crate::game::{Playable, Seat, Stage};
use crate::narrate::Note;

/// What one step did, for every reader.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The log entry, as JSON.
    pub entry: Value,
    /// The log lines for each seat, then (last) for spectators.
    pub notes: Vec<Vec<Note>>,
    /// Each seat's score and the game's unit, when the step ended a deal.
    pub ended: Option<(Vec<f64>, f64)>,
}

impl Step {
    /// Adds `note` to what every seat and spectator reads of this step.
    pub fn tell(&mut self, note: &Note) {
        for notes in &mut self.notes {
            notes.push(note.clone());
        }
    }

    /// The lines for `seat` (`None`: a spectator).
    pub fn notes_for(&self, seat: Option<Seat>) -> &[Note] {
        let i = seat.unwrap_or(self.notes.len().saturating_sub(1));
        self.notes.get(i).map_or(&[], Vec::as_slice)
    }
}

/// A bot's turn, lent out: decide it anywhere, then give it back.
pub trait AnyTurn: Send {
    /// The seat whose turn it is.
    fn seat(&self) -> Seat;
    /// The bot decides (as long as it takes).
    fn decide(&mut self);
    /// The turn itself, to take back.
    fn into_any(self: Box<Self>) -> Box<dyn Any + Send>;
}

struct Turn<G: Playable> {
    turn: BotTurn<G>,
    action: Option<G::Action>,
}

impl<G: Playable> AnyTurn for Turn<G> {
    fn seat(&self) -> Seat {
        self.turn.seat
    }

    fn decide(&mut self) {
        self.action = Some(self.turn.decide());
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any + Send> {
        self
    }
}

/// A session of any game.
pub trait AnyRunner: Send {
    /// The game's registry id.
    fn game(&self) -> &'static str;
    /// How many seats.
    fn seats(&self) -> usize;
    /// Where the session stands.
    fn stage(&self) -> Stage;
    /// The seats.
    fn seat_infos(&self) -> Vec<SeatInfo>;
    /// What `seat` sees (`None`: a spectator), as JSON text.
    fn view(&self, seat: Option<Seat>) -> Box<RawValue>;
    /// What `seat` may do now.
    fn legal(&self, seat: Option<Seat>) -> Value;
    /// The first deal as dealt, when the session began.
    fn opening(&self) -> Step;
    /// A person's action for `seat`, as JSON.
    fn act(&mut self, seat: Seat, action: &Value) -> Result<Step, RunError>;
    /// The game's default action for `seat`, a person whose time ran out.
    fn time_out(&mut self, seat: Seat) -> Result<Step, RunError>;
    /// The game's default action for `seat`, a person who is away.
    fn stand_in(&mut self, seat: Seat) -> Result<Step, RunError>;
    /// The next deal, once one is over.
    fn next_deal(&mut self) -> Result<Step, RunError>;
    /// `seat` shows its hidden cards between deals ([`Runner::show`]).
    fn show(&mut self, seat: Seat) -> Result<Step, RunError>;
    /// The turn of the bot to act, lent out.
    fn lend(&mut self) -> Option<Box<dyn AnyTurn>>;
    /// A lent turn, decided, back.
    fn give_back(&mut self, turn: Box<dyn AnyTurn>) -> Result<Step, RunError>;
    /// A lent turn that never came back (its thread died).
    fn lost_turn(&mut self) -> Result<Step, RunError>;
    /// Seats someone else in `seat`.
    fn set_seat(&mut self, seat: Seat, info: SeatInfo) -> Result<(), RunError>;
    /// Each seat's chips as the deal began (games played for chips).
    fn chips(&self) -> Option<Vec<u64>>;
    /// Sets a seat's chips between deals.
    fn set_chips(&mut self, seat: Seat, chips: u64) -> Result<Step, RunError>;
    /// Whether `seat` was dealt into the current (or last) deal
    /// ([`Playable::dealt_in`]).
    fn dealt_in(&self, seat: Seat) -> bool;
    /// The finished deal in the game's own hand-history format, kept for
    /// `me` (if anyone), ended at `when` (seconds since 1970, UTC).
    fn deal_record(&self, me: Option<Seat>, when: Option<u64>) -> Option<String>;
    /// The session as a save ([`Save`]), as JSON.
    fn save(&self) -> Value;
    /// Makes the game as it stands the start of the log ([`Runner::rebase`]).
    fn rebase(&mut self);
}

fn json<T: Serialize>(x: &T) -> Value {
    serde_json::to_value(x).unwrap_or(Value::Null)
}

impl<G: Playable> Runner<G> {
    fn step(&self, applied: &Applied<G>) -> Step {
        let game = self.game();
        let notes = (0..game.seats())
            .map(Some)
            .chain([None])
            .map(|s| notes_of(game, applied, s))
            .collect();
        Step {
            entry: json(&applied.entry),
            notes,
            ended: deal_scores(game, applied),
        }
    }

    /// This runner behind [`AnyRunner`].
    pub fn erased(self) -> Box<dyn AnyRunner> {
        Box::new(self)
    }
}

impl<G: Playable> AnyRunner for Runner<G> {
    fn game(&self) -> &'static str {
        G::ID
    }

    fn seats(&self) -> usize {
        Runner::game(self).seats()
    }

    fn stage(&self) -> Stage {
        Runner::stage(self)
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        Runner::seats(self).to_vec()
    }

    fn view(&self, seat: Option<Seat>) -> Box<RawValue> {
        serde_json::value::to_raw_value(&Runner::view(self, seat))
            .unwrap_or_else(|_| RawValue::NULL.to_owned())
    }

    fn legal(&self, seat: Option<Seat>) -> Value {
        json(&Runner::legal(self, seat))
    }

    fn opening(&self) -> Step {
        self.step(&Runner::opening(self))
    }

    fn act(&mut self, seat: Seat, action: &Value) -> Result<Step, RunError> {
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| RunError::Rule(format!("not a {} action: {e}", G::ID)))?;
        let applied = Runner::act(self, seat, action)?;
        Ok(self.step(&applied))
    }

    fn time_out(&mut self, seat: Seat) -> Result<Step, RunError> {
        let applied = Runner::time_out(self, seat)?;
        Ok(self.step(&applied))
    }
    fn stand_in(&mut self, seat: Seat) -> Result<Step, RunError> {
        let applied = Runner::stand_in(self, seat)?;
        Ok(self.step(&applied))
    }

    fn next_deal(&mut self) -> Result<Step, RunError> {
        let applied = Runner::next_deal(self)?;
        Ok(self.step(&applied))
    }

    fn show(&mut self, seat: Seat) -> Result<Step, RunError> {
        let applied = Runner::show(self, seat)?;
        Ok(self.step(&applied))
    }

    fn lend(&mut self) -> Option<Box<dyn AnyTurn>> {
        Runner::lend(self).map(|turn| Box::new(Turn { turn, action: None }) as Box<dyn AnyTurn>)
    }

    fn give_back(&mut self, turn: Box<dyn AnyTurn>) -> Result<Step, RunError> {
        let turn = turn
            .into_any()
            .downcast::<Turn<G>>()
            .map_err(|_| RunError::Stale)?;
        let Turn { turn, action } = *turn;
        let Some(action) = action else {
            return Err(RunError::Stale);
        };
        let applied = Runner::give_back(self, turn, action)?;
        Ok(self.step(&applied))
    }

    fn lost_turn(&mut self) -> Result<Step, RunError> {
        let applied = Runner::lost_turn(self)?;
        Ok(self.step(&applied))
    }

    fn set_seat(&mut self, seat: Seat, info: SeatInfo) -> Result<(), RunError> {
        Runner::set_seat(self, seat, info)
    }

    fn chips(&self) -> Option<Vec<u64>> {
        Runner::game(self).chips()
    }

    fn set_chips(&mut self, seat: Seat, chips: u64) -> Result<Step, RunError> {
        let applied = Runner::set_chips(self, seat, chips)?;
        Ok(self.step(&applied))
    }

    fn dealt_in(&self, seat: Seat) -> bool {
        Runner::game(self).dealt_in(seat)
    }

    fn deal_record(&self, me: Option<Seat>, when: Option<u64>) -> Option<String> {
        let kept = crate::game::Kept {
            names: self.names(),
            me,
            when,
        };
        Runner::game(self).deal_record(&kept)
    }

    fn save(&self) -> Value {
        json(&Runner::save(self))
    }

    fn rebase(&mut self) {
        Runner::rebase(self);
    }
}

/// A session of `G` from its save (as JSON), replayed.
pub fn restore<G: Playable>(save: &Value) -> Result<Box<dyn AnyRunner>, RunError> {
    let save: Save<G> = serde_json::from_value(save.clone()).map_err(|e| RunError::Replay {
        step: 0,
        why: format!("not a {} save: {e}", G::ID),
    })?;
    Ok(Runner::restore(save, |_, _| {})?.erased())
}
