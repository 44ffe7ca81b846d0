//! The engines' tests: rules, solvers, formats, shuffles, the registry's
//! conformance suite, cross-checks against PokerKit, and the house's shape.
//!
//! One test binary per group (each links the crate once); each file is a
//! module of it.

#[path = "../common/mod.rs"]
mod common;

mod bridge;
mod bridge_table;
mod cards_proptest;
mod dealer;
mod doom_props;
mod history_proptest;
mod history_samples;
mod holdem_table_proptest;
mod holdem_table_rules;
mod honeymoon_records;
mod honeymoon_solver;
mod house;
mod pokerkit_crosscheck;
mod registry;
mod shuffle_uniformity;
