//! The front ends' tests: the command line (its JSON, its errors) and the
//! terminal app played in tmux. (The app drawn into a buffer is tested
//! beside it, in `src/tui/tests/`: the terminal app belongs to the
//! binary, not the library.)
//!
//! One test binary per group (each links the crate once); each file is a
//! module of it.

#[path = "../common/mod.rs"]
mod common;

mod deal_cli;
mod doom_cli;
mod holdem_cli;
mod holdem_sim_cli;
mod honeymoon_cli;
mod play_cli;
