//! `station`: the calling station, which always checks or calls.

use super::passive;
use crate::game::{Bot, GameRng};
use crate::holdem::action::Action;
use crate::holdem::table::{Table, View};

/// The calling station.
#[derive(Debug, Clone, Copy, Default)]
pub struct Station;

impl Bot<Table> for Station {
    fn name(&self) -> &str {
        "station"
    }

    fn choose(&mut self, view: &View, _rng: &mut GameRng) -> Action {
        view.state.legal().map_or(Action::Check, |l| passive(&l))
    }
}
