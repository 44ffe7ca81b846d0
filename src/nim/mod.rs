//! Nim, the smallest game of the house: two players take 1 to 3 stones
//! from one heap in turn, and whoever takes the last stone wins. It is
//! here to show the shape every game has — its setup ([`setup`]), the
//! game itself ([`state`]), the runner's trait ([`playable`]) and its
//! bots ([`bots`]) — and what adding a game touches: this folder, one
//! registry line, and its boards.

pub mod bots;
pub mod playable;
pub mod setup;
pub mod state;

pub use setup::Setup;
pub use state::{Nim, Take};
