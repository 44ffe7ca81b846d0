//! The saved game: the one game in progress, kept when the player leaves
//! its screen (or quits) and offered on the menu to resume.

use serde::{Deserialize, Serialize};

use super::doom::DoomSave;
use super::holdem::HoldemSave;
use super::honeymoon::HoneymoonSave;

/// The kind tag of the save file.
pub const KIND: &str = "game";
/// The save file's name in the data directory.
pub const FILE: &str = "saved-game";

/// A game in progress, of any kind.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SavedGame {
    /// Texas Hold'em.
    Holdem(Box<HoldemSave>),
    /// Dice of Doom.
    Doom(Box<DoomSave>),
    /// Honeymoon bridge.
    Honeymoon(Box<HoneymoonSave>),
}

impl SavedGame {
    /// How the menu names it.
    pub fn describe(&self) -> String {
        match self {
            SavedGame::Holdem(s) => format!("Resume Hold'em ({})", s.summary()),
            SavedGame::Doom(s) => format!("Resume Dice of Doom ({})", s.summary()),
            SavedGame::Honeymoon(s) => format!("Resume honeymoon match ({})", s.summary()),
        }
    }
}
