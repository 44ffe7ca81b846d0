//! No-limit Texas Hold'em: hand evaluation ([`eval`]), hand ranges
//! ([`range`]) and equity ([`equity`]), which the table engine and its bots
//! build on.

pub mod equity;
pub mod eval;
pub mod range;
