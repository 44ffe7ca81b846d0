//! The computer players of Dice of Doom ([`players`]) and the searches
//! only they use: the book's AIs ([`search`]), our own ([`strong`], with
//! [`playout`] for the chance rules), the one-move policy ([`policy`]),
//! the opponent model ([`model`]), the horizon's evaluation ([`eval`])
//! and the transposition table ([`tt`]).

pub mod eval;
pub mod model;
pub mod players;
pub mod playout;
pub mod policy;
pub mod search;
pub mod strong;
pub mod tt;

pub use players::{
    AI_NAMES, AiKind, BookBot, GreedyBot, OracleBot, RandomBot, StrongBot, UnknownAi, make_bot,
};
