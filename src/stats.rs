//! Results per game, as the app keeps them for a lifetime (in the data
//! directory) and the hall for each player: how many
//! deals, won or shared, points for and against, and the result in the
//! game's unit (big blinds in Hold'em). Each game's line reads them as the
//! game says its results add up ([`Tally`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// How a game's results add up in the lifetime statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tally {
    /// Chips won per hand, in big blinds per 100 hands.
    Chips,
    /// Games won, shared and lost.
    Wins,
    /// Points scored for and against.
    Points,
}

/// One game's results over every session.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Totals {
    /// Deals (hands, games) finished.
    #[serde(alias = "hands", alias = "games")]
    pub deals: u64,
    /// Deals where the player alone did best.
    pub wins: u64,
    /// Deals where the player tied for best.
    pub shared: u64,
    /// The player's own scores summed (chips won, points scored).
    #[serde(alias = "net")]
    pub points_for: f64,
    /// The other seats' scores summed.
    pub points_against: f64,
    /// The player's scores in the game's unit (big blinds).
    #[serde(alias = "net_bb")]
    pub units: f64,
}

/// A finished deal, to add to the statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The game's registry id.
    pub game: &'static str,
    /// Every seat's score.
    pub scores: Vec<f64>,
    /// The player's seat.
    pub seat: usize,
    /// The game's unit for this deal (the big blind; 1 elsewhere).
    pub unit: f64,
    /// The deal's record to keep in the data directory, for games that
    /// keep them: its file extension and text.
    pub file: Option<(&'static str, String)>,
    /// This is the record of the deal just kept, written again (a hand's
    /// winner showed after it ended): it replaces that file and is not
    /// counted a second time.
    pub amends: bool,
}

/// All lifetime statistics, by game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Stats(pub BTreeMap<String, Totals>);

impl Stats {
    /// Adds one finished deal.
    pub fn add(&mut self, r: &Record) {
        let Some(&mine) = r.scores.get(r.seat) else {
            return;
        };
        let t = self.0.entry(r.game.to_string()).or_default();
        let best = r.scores.iter().copied().fold(f64::MIN, f64::max);
        let at_best = r.scores.iter().filter(|&&s| s == best).count();
        t.deals += 1;
        if mine == best && at_best == 1 {
            t.wins += 1;
        } else if mine == best {
            t.shared += 1;
        }
        t.points_for += mine;
        t.points_against += r.scores.iter().sum::<f64>() - mine;
        t.units += mine / r.unit.max(f64::MIN_POSITIVE);
    }

    /// A game's totals.
    pub fn of(&self, game: &str) -> Totals {
        self.0.get(game).copied().unwrap_or_default()
    }

    /// A one-line summary of a game's totals, as its results add up.
    pub fn line(&self, game: &str, tally: Tally) -> String {
        let t = self.of(game);
        if t.deals == 0 {
            return String::new();
        }
        match tally {
            Tally::Chips => format!(
                "{} {}, {:+.1} bb/100",
                t.deals,
                if t.deals == 1 { "hand" } else { "hands" },
                t.units * 100.0 / t.deals as f64
            ),
            Tally::Wins => format!("{} played, {} won, {} shared", t.deals, t.wins, t.shared),
            Tally::Points => format!(
                "{} {}, {:+} net",
                t.deals,
                if t.deals == 1 { "deal" } else { "deals" },
                (t.points_for - t.points_against).round() as i64
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_add_up_and_old_files_still_read() {
        let mut s = Stats::default();
        let doom = |scores: Vec<f64>| Record {
            game: "doom",
            scores,
            seat: 0,
            unit: 1.0,
            file: None,
            amends: false,
        };
        s.add(&doom(vec![1.0, 0.0]));
        s.add(&doom(vec![0.5, 0.5]));
        s.add(&doom(vec![0.0, 1.0]));
        assert_eq!(s.line("doom", Tally::Wins), "3 played, 1 won, 1 shared");
        s.add(&Record {
            game: "holdem",
            scores: vec![40.0, -40.0],
            seat: 0,
            unit: 20.0,
            file: None,
            amends: false,
        });
        assert_eq!(s.line("holdem", Tally::Chips), "1 hand, +200.0 bb/100");
        assert_eq!(s.line("honeymoon", Tally::Points), "");
        // The first format of the file.
        let old: Stats = serde_json::from_str(
            r#"{"holdem": {"hands": 10, "net": -50, "net_bb": -5.0},
                "doom": {"games": 4, "wins": 2, "shared": 1},
                "honeymoon": {"deals": 2, "points_for": 120, "points_against": 50}}"#,
        )
        .unwrap_or_default();
        assert_eq!(old.line("holdem", Tally::Chips), "10 hands, -50.0 bb/100");
        assert_eq!(old.line("doom", Tally::Wins), "4 played, 2 won, 1 shared");
        assert_eq!(old.line("honeymoon", Tally::Points), "2 deals, +70 net");
    }
}
