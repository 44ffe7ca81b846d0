//! No-limit Texas Hold'em: hand evaluation ([`eval`]), hand ranges
//! ([`range`]) and equity ([`equity`]); the table ([`table`], one hand's
//! betting state machine) with its [`pots`], [`session`]s of many hands,
//! [`bots`], bot matches ([`sim`]) and PHH hand histories ([`phh`]).

pub mod bots;
pub mod equity;
pub mod eval;
pub mod forced;
pub mod history;
pub mod phh;
pub mod pokerstars;
pub mod pots;
pub mod range;
pub mod session;
pub mod sim;
pub mod table;
