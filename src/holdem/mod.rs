//! No-limit Texas Hold'em: hand evaluation and equity.

pub mod equity;
pub mod eval;
pub mod range;
