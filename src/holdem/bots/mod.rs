//! Computer players for the table. The players meet the levels (`easy`,
//! `normal`, `hard`: one engine, [`Player`], with each level's
//! [`style::Style`]; `tight` and `shark` are the old names of `easy` and
//! `hard`), and the plain `random` and `station` bots. The reference
//! opponents the gauntlet measures the levels against are in
//! [`reference`], not offered to players.
//!
//! The engine, a module per idea: the starting-hand [`classes`] and their
//! exact all-in equities ([`preflop_equity`]); the push/fold equilibrium
//! ([`pushfold`]) and the preflop [`chart`]; what a bot reads from its
//! view ([`situation`]), every player's range ([`reading`]), the boards'
//! hand [`strength`]s and equities against ranges ([`odds`]); the
//! decisions before and after the flop ([`preflop`], [`postflop`]); the
//! opponent [`model`] of the hard level; and each decision in words
//! ([`explain`]). Every bot is seeded through the generator it is handed,
//! free of any UI, and `Send` so it can think on a worker thread.

pub mod chart;
pub mod classes;
pub mod explain;
pub mod model;
pub mod odds;
mod player;
pub mod postflop;
pub mod preflop;
pub mod preflop_equity;
pub mod pushfold;
mod random;
pub mod reading;
pub mod reference;
pub mod situation;
mod station;
pub mod strength;
pub mod style;

pub use player::Player;
pub use random::RandomBot;
pub use station::Station;
pub use style::Level;

use super::action::{Action, Legal};
use super::hand::HandState;
use super::pots::Chips;
use super::table::Table;
use crate::game::Bot;

/// A bot that plays at a table.
pub type TableBot = Box<dyn Bot<Table>>;

/// The names `by_name` knows: the bots, then the levels.
pub const NAMES: [&str; 7] = [
    "random", "station", "tight", "shark", "easy", "normal", "hard",
];

/// A fresh bot by name (a bot or a level), or `None` for an unknown name.
pub fn by_name(name: &str) -> Option<TableBot> {
    Some(match name {
        "random" => Box::new(RandomBot),
        "station" => Box::new(Station),
        "tight" | "easy" => Box::new(Player::new(name, Level::Easy)),
        "normal" => Box::new(Player::new(name, Level::Normal)),
        "shark" | "hard" => Box::new(Player::new(name, Level::Hard)),
        _ => return None,
    })
}

/// The total to bet or raise to for a bet of `fraction` of the pot (after
/// calling), clamped to the legal range; `None` when no raise is allowed.
pub fn pot_fraction_to(state: &HandState, legal: &Legal, fraction: f64) -> Option<Chips> {
    let (min, max) = legal.raise?;
    let pot = state.pot_total() + legal.to_call;
    let to = state.current_bet() + (pot as f64 * fraction).round() as Chips;
    Some(to.clamp(min, max))
}

/// Check when free, else call.
pub fn passive(legal: &Legal) -> Action {
    if legal.to_call > 0 {
        Action::Call
    } else {
        Action::Check
    }
}

/// Check when free, else fold.
pub fn give_up(legal: &Legal) -> Action {
    if legal.to_call > 0 {
        Action::Fold
    } else {
        Action::Check
    }
}

#[cfg(test)]
mod tests;
