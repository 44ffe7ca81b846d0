//! Playing in a hall from this terminal: the connection ([`net`]), the
//! lobby ([`lobby`]) and a seat at a hall's table for the game screens
//! ([`remote`]) — the same table screens as local play.

pub mod join;
pub mod lobby;
pub mod name;
pub mod net;
pub mod remote;
pub mod tokens;
