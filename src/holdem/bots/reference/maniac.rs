//! The maniac: raises the pot whenever it may, else calls or checks; it
//! never folds.

use crate::game::{Bot, GameRng};
use crate::holdem::action::Action;
use crate::holdem::bots::{passive, pot_fraction_to};
use crate::holdem::table::{Table, View};

/// The maniac.
#[derive(Debug, Clone, Copy, Default)]
pub struct Maniac;

impl Bot<Table> for Maniac {
    fn name(&self) -> &str {
        "maniac"
    }

    fn choose(&mut self, view: &View, _rng: &mut GameRng) -> Action {
        let Some(legal) = view.state.legal() else {
            return Action::Check;
        };
        pot_fraction_to(&view.state, &legal, 1.0).map_or(passive(&legal), Action::RaiseTo)
    }
}
