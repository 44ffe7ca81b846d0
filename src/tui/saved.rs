//! Saved games: one slot per game, kept when the player leaves a game's
//! screen (or quits) and offered on the menu to resume. A slot holds the
//! runner's save (setup, seed, seats, the action log, what the bots had
//! learned) and a line for the menu; never rendered log text.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The kind tag of a save file.
pub const KIND: &str = "game";

/// The save file of the first versions, one slot for every game.
pub const OLD_FILE: &str = "saved-game";

/// The save file's name for `game`, in the data directory.
pub fn file(game: &str) -> String {
    format!("saved-{game}")
}

/// A game in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// A few words for the menu.
    pub summary: String,
    /// Where the person sits.
    pub seat: usize,
    /// The runner's save, as JSON.
    pub save: Value,
}
