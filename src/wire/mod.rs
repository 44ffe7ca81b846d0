//! The wire between a hall and its clients: the protocol's messages
//! ([`protocol`], described for client writers in `docs/protocol.md`) and
//! a client that speaks it ([`client`]). The hall serves these messages;
//! the terminal's online screens and any other client send them.

pub mod client;
pub mod protocol;
