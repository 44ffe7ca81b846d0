//! No-limit Texas Hold'em: hand evaluation ([`eval`]), hand ranges
//! ([`range`]) and equity ([`equity`]); the table ([`table`], one hand's
//! betting state machine; its moves and events in [`action`], what every
//! seat sees in [`hand`]) with its [`forced`] bets and [`pots`],
//! the game the runner plays ([`session::Holdem`]: many hands at one
//! table, set up by [`setup`], played through [`playable`]), [`bots`]; hand histories ([`history`]:
//! records, exact replay, stepping, stats) and their files ([`formats`]:
//! PHH, the rooms' text); what the log says ([`narration`]).

pub mod action;
pub mod bots;
pub mod equity;
pub mod eval;
pub mod forced;
pub mod formats;
pub mod hand;
pub mod history;
pub mod narration;
pub mod playable;
pub mod pots;
pub mod range;
pub mod seats;
pub mod session;
pub mod setup;
mod showdown;
pub mod table;
