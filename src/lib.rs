//! cardgames: terminal card and dice games against strong AI.
//!
//! A shared card/deck core ([`cards`]), the traits every game follows
//! ([`game`]), one module per game, the files kept between runs
//! ([`store`]), the command line ([`cli`]) that drives the games headless,
//! and the terminal front end ([`tui`]).

pub mod bridge;
pub mod cards;
pub mod cli;
pub mod doom;
pub mod game;
pub mod holdem;
pub mod honeymoon;
pub mod store;
pub mod tui;
