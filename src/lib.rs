//! cardgames: card and dice games with exact engines and strong AI.
//!
//! The library is everything but the front ends: a shared card/deck core
//! ([`cards`]), the traits every game follows ([`game`]), one module per
//! game ([`holdem`], [`doom`], [`honeymoon`], [`bridge`], [`nim`]), the
//! table runner that drives them for every front end ([`runner`]) with
//! narration ([`narrate`]) and setup forms ([`form`]), the registry of
//! games ([`games`]), the files kept between runs ([`store`]), the hall's
//! protocol and client ([`wire`]) and the hall server ([`hall`]). The
//! terminal app, the ssh door and the command line belong to the
//! `cardgames` binary.

#![forbid(unsafe_code)]

pub mod bridge;
pub mod cards;
pub mod doom;
pub mod form;
pub mod game;
pub mod games;
pub mod hall;
pub mod holdem;
pub mod honeymoon;
pub mod narrate;
pub mod nim;
pub mod runner;
pub mod stats;
pub mod store;
pub mod wire;

/// Writes a line to stderr. A stderr nobody reads any more (its pipe
/// closed) is no reason to fail or to stop: write errors are ignored.
pub fn stderr_line(line: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
