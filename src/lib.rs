//! cardgames: terminal card and dice games against strong AI.
//!
//! A shared card/deck core ([`cards`]), the traits every game follows
//! ([`game`]), one module per game, and the command line ([`cli`]) that
//! drives them headless.

pub mod bridge;
pub mod cards;
pub mod cli;
pub mod game;
pub mod holdem;
