//! The honeymoon bots ([`players`]: the names the runner knows):
//!
//! - `random`: any legal action.
//! - `greedy`: the baseline. Bids on high-card and length points, wins the
//!   exchange trick when the face-up card is worth having and ducks with
//!   its cheapest card otherwise, and in the play leads its highest card and
//!   follows with the cheapest winner or its lowest card.
//! - `strong`: bids from simulations (unseen cards dealt at random, the
//!   exchange played out, the play phase solved double dummy, each contract
//!   scored), chooses exchange cards by sampling the unseen cards
//!   consistently with what it saw and scoring each candidate over those
//!   worlds the same way, and plays the play phase perfectly with the
//!   solver (every card is known by then).

pub mod greedy;
pub mod players;
pub mod strong;

pub use greedy::GreedyBot;
pub use players::{BOT_NAMES, RandomBot, make_bot};
pub use strong::StrongBot;
