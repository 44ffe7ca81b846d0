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

/// Hold'em results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HoldemStats {
    /// Hands played.
    pub hands: u64,
    /// Net chips.
    pub net: i64,
    /// Net in big blinds (each hand at its own blinds).
    pub net_bb: f64,
}

/// Honeymoon bridge results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HoneymoonStats {
    /// Deals finished.
    pub deals: u32,
    /// Points scored by the player.
    pub points_for: i64,
    /// Points scored by the computer.
    pub points_against: i64,
}

/// All lifetime statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Texas Hold'em.
    pub holdem: HoldemStats,
    /// Dice of Doom.
    pub doom: DoomStats,
    /// Honeymoon bridge.
    pub honeymoon: HoneymoonStats,
}

/// A finished game, to add to the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Record {
    /// A Hold'em hand: your net chips and the big blind.
    Holdem {
        /// Chips won (or lost, negative).
        net: i64,
        /// The big blind of that hand.
        big_blind: u64,
    },
    /// A Dice of Doom game: among the winners, and how many winners.
    Doom {
        /// The player was among the winners.
        won: bool,
        /// How many players shared the win.
        winners: usize,
    },
    /// A honeymoon deal: the points each side scored.
    Honeymoon {
        /// The player's points.
        you: i64,
        /// The computer's points.
        them: i64,
    },
}

impl Stats {
    /// Adds one finished game.
    pub fn add(&mut self, record: Record) {
        match record {
            Record::Holdem { net, big_blind } => {
                let h = &mut self.holdem;
                h.hands += 1;
                h.net += net;
                h.net_bb += net as f64 / big_blind.max(1) as f64;
            }
            Record::Doom { won, winners } => {
                self.doom.games += 1;
                if won && winners == 1 {
                    self.doom.wins += 1;
                } else if won {
                    self.doom.shared += 1;
                }
            }
            Record::Honeymoon { you, them } => {
                let h = &mut self.honeymoon;
                h.deals += 1;
                h.points_for += you;
                h.points_against += them;
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

    /// A one-line summary for the menu.
    pub fn holdem_line(&self) -> String {
        let h = self.holdem;
        if h.hands == 0 {
            return String::new();
        }
        format!(
            "{} hands, {:+.1} bb/100",
            h.hands,
            h.net_bb * 100.0 / h.hands as f64
        )
    }

    /// A one-line summary for the menu.
    pub fn honeymoon_line(&self) -> String {
        let h = self.honeymoon;
        if h.deals == 0 {
            return String::new();
        }
        format!(
            "{} deals, {:+} net",
            h.deals,
            h.points_for - h.points_against
        )
    }
}
