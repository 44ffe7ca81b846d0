//! Nim as the runner plays it: seats, narration, default move, the next
//! game, scores, and the bots by name and level.

use super::bots::{NAMES, One, Perfect};
use super::setup::Setup;
use super::state::{Nim, NimError, Take};
use crate::game::{BoxBot, Game, Level, Playable, Seat, SetupError};
use crate::narrate::Note;

impl Playable for Nim {
    type Setup = Setup;
    const ID: &'static str = "nim";

    fn new(setup: &Setup, seed: u64) -> Result<Nim, SetupError> {
        if setup.heap == 0 {
            return Err(SetupError("a heap needs at least one stone".into()));
        }
        Ok(Nim::new(setup.heap, (seed % 2) as Seat))
    }

    fn opening(&self) -> Vec<(Seat, Take)> {
        Vec::new()
    }

    fn seats(&self) -> usize {
        2
    }

    fn spectator_view(&self) -> Nim {
        self.clone()
    }

    fn narrate(&self, &(seat, take): &(Seat, Take)) -> Vec<Note> {
        let stones = if take == 1 { "stone" } else { "stones" };
        let mut note = Note::new()
            .seat(seat)
            .verb("take")
            .amount(u64::from(take))
            .text(stones);
        if self.winner == Some(seat) {
            note = note.text("— the last one:").seat(seat).verb("win");
        } else {
            note = note.text(format!("({} left)", self.heap));
        }
        vec![note]
    }

    fn default_action(&self) -> Option<Take> {
        self.legal_actions().first().copied()
    }

    fn deal_over(&self) -> bool {
        self.winner.is_some()
    }

    fn next_deal(&mut self) -> Result<Vec<(Seat, Take)>, NimError> {
        let loser = 1 - self.winner.ok_or(NimError)?;
        *self = Nim::new(self.start, loser);
        Ok(Vec::new())
    }

    fn scores(&self) -> Option<Vec<f64>> {
        let w = self.winner?;
        Some((0..2).map(|s| f64::from(u8::from(s == w))).collect())
    }

    fn bot_names() -> &'static [&'static str] {
        &NAMES
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
