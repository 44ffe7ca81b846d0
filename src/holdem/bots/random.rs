//! `random`: a uniformly random legal action kind, with a sane size when
//! it bets (the minimum, half the pot, the pot or all in).

use rand::Rng;

use super::{give_up, passive, pot_fraction_to};
use crate::game::{Bot, GameRng};
use crate::holdem::action::Action;
use crate::holdem::table::{Table, View};

/// The random bot.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot;

impl Bot<Table> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Action {
        let Some(legal) = view.state.legal() else {
            return Action::Check;
        };
        let kinds = if legal.raise.is_some() { 3 } else { 2 };
        match rng.random_range(0..kinds) {
            0 => give_up(&legal),
            1 => passive(&legal),
            _ => {
                let fraction = [0.0, 0.5, 1.0, f64::INFINITY][rng.random_range(0..4)];
                let to = match legal.raise {
                    Some((_, max)) if fraction.is_infinite() => Some(max),
                    _ => pot_fraction_to(&view.state, &legal, fraction),
                };
                to.map_or(passive(&legal), Action::RaiseTo)
            }
        }
    }
}
