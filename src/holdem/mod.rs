//! No-limit Texas Hold'em: hand strength, the table (one hand's betting
//! state machine), pots, sessions of many hands, bots and PHH histories.

pub mod pots;
pub mod strength;
pub mod table;
