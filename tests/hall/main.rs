//! The hall's tests: servers started in process or as the real binary,
//! clients over WebSocket, the terminal client and ssh in tmux, a real
//! browser.
//!
//! One test binary per group (each links the crate once); each file is a
//! module of it.

#[path = "../common/mod.rs"]
mod common;

mod hall;
mod hall_bridge;
mod hall_crash;
mod hall_ledger;
mod hall_protocol;
mod hall_rogue;
mod hall_ssh;
mod hall_terminal;
mod hall_web;
mod hall_web_cards;
mod tui_tmux;
