//! No-limit Texas Hold'em: hand evaluation, equity and ranges, the table
//! (one hand's betting state machine), pots, sessions of many hands, bots,
//! bot matches and PHH hand histories.

pub mod bots;
pub mod equity;
pub mod eval;
pub mod phh;
pub mod pots;
pub mod range;
pub mod session;
pub mod sim;
pub mod table;
