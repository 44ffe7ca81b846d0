//! Dice of Doom, the game of Land of Lisp chapters 15–20: N×N hex boards,
//! 2–4 players, the book's two rule sets, its three AIs reproduced
//! exactly, a stronger AI of our own, and SVG boards.
//!
//! The book builds a lazy game tree and searches it; here a [`Position`]
//! is a tree node and its children are made only when a search expands
//! it (`Position::outcome`), so the tree is as lazy as the book's v2 and
//! nothing of it is kept but what the transposition table remembers.
//!
//! The rules: [`board`], [`rules`], [`odds`]; the session every front end
//! drives: [`deal`], [`setup`], [`state`]; for the runner: `playable` and
//! `narration`; the AIs and their searches: [`bots`]; the SVG picture:
//! [`formats`].

pub mod board;
pub mod bots;
pub mod deal;
pub mod formats;
mod narration;
pub mod odds;
mod playable;
pub mod rules;
pub mod setup;
pub mod state;
#[cfg(test)]
pub(crate) mod testing;

pub use board::{Board, BoardError, Hex};
pub use deal::Deal;
pub use rules::Move as Action;
pub use rules::{Config, ConfigError, Move, Outcome, Position, RuleSet};
pub use setup::Setup;
pub use state::{Doom, DoomError, Event, GameResult, View};
