//! No-limit Texas Hold'em: hand evaluation and equity.

pub mod eval;
