//! Lifetime statistics per game, kept in the data directory.

use serde::{Deserialize, Serialize};

/// Dice of Doom results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DoomStats {
    /// Games finished.
    pub games: u32,
    /// Games won outright.
    pub wins: u32,
    /// Games where the player tied for the most hexes.
    pub shared: u32,
}

/// All lifetime statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Dice of Doom.
    pub doom: DoomStats,
}

/// A finished game, to add to the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Record {
    /// A Dice of Doom game: among the winners, and how many winners.
    Doom {
        /// The player was among the winners.
        won: bool,
        /// How many players shared the win.
        winners: usize,
    },
}

impl Stats {
    /// Adds one finished game.
    pub fn add(&mut self, record: Record) {
        match record {
            Record::Doom { won, winners } => {
                self.doom.games += 1;
                if won && winners == 1 {
                    self.doom.wins += 1;
                } else if won {
                    self.doom.shared += 1;
                }
            }
        }
    }

    /// A one-line summary for the menu.
    pub fn doom_line(&self) -> String {
        let d = self.doom;
        if d.games == 0 {
            return String::new();
        }
        format!("{} played, {} won, {} shared", d.games, d.wins, d.shared)
    }
}
