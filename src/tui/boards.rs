//! The terminal's boards, found by a game's id: the one place in the
//! terminal app that names the games it can draw (each board lives in the
//! game's folder under `tui/`). A game of the registry without a board
//! here is played by the command line and the hall only.

use super::table::{Open, Opener};
use crate::doom::Doom;
use crate::holdem::session::Session;
use crate::honeymoon::Honeymoon;

static BOARDS: [&dyn Open; 3] = [
    &Opener::<Session>::new(),
    &Opener::<Doom>::new(),
    &Opener::<Honeymoon>::new(),
];

/// The board of the game called `id`, if the terminal can draw it.
pub fn board(id: &str) -> Option<&'static dyn Open> {
    BOARDS.iter().copied().find(|b| b.id() == id)
}
