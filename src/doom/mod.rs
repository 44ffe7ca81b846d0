//! Dice of Doom, the game of Land of Lisp chapters 15–20: N×N hex boards,
//! 2–4 players, the book's two rule sets, its three AIs reproduced
//! exactly, a stronger AI of our own, and SVG boards.
//!
//! The book builds a lazy game tree and searches it; here a [`Position`]
//! is a tree node and its children are made only when a search expands
//! it (`Position::outcome`), so the tree is as lazy as the book's v2 and
//! nothing of it is kept but what the transposition table remembers.

pub mod board;
pub mod bots;
pub mod eval;
pub mod model;
mod narration;
pub mod odds;
pub mod playout;
pub mod policy;
pub mod rules;
pub mod search;
pub mod setup;
pub mod state;
pub mod strong;
pub mod svg;
pub mod tt;

pub use board::{Board, BoardError, Hex};
pub use rules::{Config, ConfigError, Move, Outcome, Position, RuleSet};
pub use setup::Setup;
pub use state::{Deal, DoomGame, Event, GameResult, View};

/// Positions the doom tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Board, Config, Move, Position, RuleSet};

    /// Two players, five dice, chance rules.
    pub fn chance() -> Config {
        Config::new(2, 5, RuleSet::Chance).unwrap_or_else(|e| panic!("{e}"))
    }

    /// `board` with `a` to move, on the first move of the turn or not.
    pub fn at(board: &str, first_move: bool) -> Position {
        let mut pos = Position::new(Board::parse(board).unwrap_or_else(|e| panic!("{e}")), 0);
        pos.first_move = first_move;
        pos
    }

    /// An attack.
    pub const fn attack(from: u8, to: u8) -> Move {
        Move::Attack { from, to }
    }
}
