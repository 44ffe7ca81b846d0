//! Computer players for the table: `random`, `station`, `tight` and
//! `shark`, and the levels the TUI offers (easy, normal, hard) mapped onto
//! them. Every bot is seeded through the generator it is handed, free of
//! any UI, and `Send` so it can think on a worker thread.

mod random;
mod read;
mod shark;
mod station;
mod tight;

pub use random::RandomBot;
pub use shark::Shark;
pub use station::Station;
pub use tight::Tight;

use super::pots::Chips;
use super::table::{Action, HandState, Legal, Table};
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
        "tight" | "easy" => Box::new(Tight::new(name)),
        "shark" | "hard" => Box::new(Shark::hard(name)),
        "normal" => Box::new(Shark::normal(name)),
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
