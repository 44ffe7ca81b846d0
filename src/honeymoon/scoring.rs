//! How a deal scores (bridge trick values and bonuses without
//! vulnerability, or the trick difference), a score taken apart, and a
//! deal's result as the match lists it.

use serde::{Deserialize, Serialize};

use super::auction::{Contract, Strain};
use super::setup::Scoring;

/// One finished deal of a match, as the match view lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealLine {
    /// The result.
    pub result: DealResult,
    /// The deal was the swapped replay of the one before (duplicate).
    pub replay: bool,
    /// Cards taken back during the deal.
    pub undos: u32,
    /// The play ended with a claim.
    pub claimed: bool,
}

/// The result of one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealResult {
    /// The contract.
    pub contract: Contract,
    /// Declarer's tricks in the play phase.
    pub declarer_tricks: u8,
    /// Points this deal, North and South.
    pub score: [i64; 2],
    /// The match totals after it.
    pub totals: [i64; 2],
}

/// Score of each trick bid and made in `strain` (no trump: the first).
fn trick_value(strain: Strain) -> i64 {
    match strain {
        Strain::Clubs | Strain::Diamonds => 20,
        Strain::Hearts | Strain::Spades => 30,
        Strain::NoTrump => 40,
    }
}

/// A deal's score taken apart. Declarer's points when the contract makes
/// (trick points, overtricks, bonuses); the defender's when it fails
/// (undertricks).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScoreParts {
    /// Points for the tricks bid and made (doubling included).
    pub tricks: i64,
    /// Points for the tricks over the contract.
    pub overtricks: i64,
    /// Tricks short of the contract.
    pub down: u8,
    /// The defender's points for the tricks short.
    pub undertricks: i64,
    /// Part score (50) or game (300).
    pub game: i64,
    /// Small slam (500) or grand slam (1000).
    pub slam: i64,
    /// For making a doubled (50) or redoubled (100) contract.
    pub doubled: i64,
}

impl ScoreParts {
    /// Declarer's score: positive when made, minus the defender's score
    /// when it fails.
    pub fn total(&self) -> i64 {
        self.tricks + self.overtricks + self.game + self.slam + self.doubled - self.undertricks
    }

    /// The parts that score, each with its name: `(60, "trick points")`.
    pub fn named(&self) -> Vec<(i64, String)> {
        let game = if self.game >= 300 {
            "game"
        } else {
            "part score"
        };
        let slam = if self.slam >= 1000 {
            "grand slam"
        } else {
            "small slam"
        };
        [
            (self.tricks, "trick points".to_string()),
            (self.overtricks, "overtricks".to_string()),
            (self.undertricks, format!("{} down", self.down)),
            (self.game, game.to_string()),
            (self.slam, slam.to_string()),
            (
                self.doubled,
                if self.doubled > 50 {
                    "redoubled"
                } else {
                    "doubled"
                }
                .to_string(),
            ),
        ]
        .into_iter()
        .filter(|(points, _)| *points != 0)
        .collect()
    }
}

/// Declarer's score for taking `tricks` in `contract`, part by part.
pub fn score_parts(contract: Contract, tricks: u8, scoring: Scoring) -> ScoreParts {
    let target = i64::from(contract.target());
    let got = i64::from(tricks);
    let mut parts = ScoreParts {
        down: contract.target().saturating_sub(tricks),
        ..ScoreParts::default()
    };
    if got < target {
        let down = target - got;
        parts.undertricks = match (scoring, contract.doubled) {
            (Scoring::Difference, _) => 10 * down,
            (Scoring::Bridge, 0) => 50 * down,
            (Scoring::Bridge, d) => {
                let base = 100 + 200 * (down - 1).min(2) + 300 * (down - 3).max(0);
                base * if d == 1 { 1 } else { 2 }
            }
        };
        return parts;
    }
    if scoring == Scoring::Difference {
        parts.tricks = (got - 6) * 10;
        return parts;
    }
    let factor = [1, 2, 4][usize::from(contract.doubled.min(2))];
    let strain = contract.bid.strain;
    let level = i64::from(contract.bid.level);
    let per = trick_value(strain);
    parts.tricks = if strain == Strain::NoTrump {
        (40 + 30 * (level - 1)) * factor
    } else {
        per * level * factor
    };
    let over = got - target;
    parts.overtricks = match contract.doubled {
        0 => over * if strain == Strain::NoTrump { 30 } else { per },
        1 => over * 100,
        _ => over * 200,
    };
    parts.game = if parts.tricks >= 100 { 300 } else { 50 };
    parts.slam = match level {
        6 => 500,
        7 => 1000,
        _ => 0,
    };
    parts.doubled = 50 * i64::from(contract.doubled);
    parts
}

/// Declarer's score for taking `tricks` in `contract`: positive when made,
/// minus the defender's score when it fails.
pub fn deal_score(contract: Contract, tricks: u8, scoring: Scoring) -> i64 {
    score_parts(contract, tricks, scoring).total()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::honeymoon::auction::Bid;
    use crate::honeymoon::tricks::NORTH;

    fn contract(level: u8, strain: Strain, doubled: u8) -> Contract {
        Contract {
            bid: Bid { level, strain },
            declarer: NORTH,
            doubled,
        }
    }

    #[test]
    fn score_table() {
        let b = Scoring::Bridge;
        assert_eq!(deal_score(contract(4, Strain::Spades, 0), 10, b), 420);
        assert_eq!(deal_score(contract(3, Strain::NoTrump, 0), 9, b), 400);
        assert_eq!(deal_score(contract(2, Strain::Clubs, 0), 9, b), 110);
        assert_eq!(deal_score(contract(6, Strain::Hearts, 0), 12, b), 980);
        assert_eq!(deal_score(contract(7, Strain::NoTrump, 0), 13, b), 1520);
        assert_eq!(deal_score(contract(1, Strain::NoTrump, 0), 5, b), -100);
        assert_eq!(deal_score(contract(2, Strain::Spades, 1), 8, b), 470);
        assert_eq!(deal_score(contract(2, Strain::Spades, 1), 5, b), -500);
        assert_eq!(deal_score(contract(2, Strain::Spades, 2), 7, b), -200);
        assert_eq!(deal_score(contract(1, Strain::Clubs, 2), 7, b), 230);
        assert_eq!(deal_score(contract(1, Strain::Diamonds, 1), 9, b), 340);
        let d = Scoring::Difference;
        assert_eq!(deal_score(contract(4, Strain::Spades, 0), 11, d), 50);
        assert_eq!(deal_score(contract(4, Strain::Spades, 0), 8, d), -20);
    }

    #[test]
    fn a_score_is_taken_apart_into_its_parts() {
        let b = Scoring::Bridge;
        let named = |c, t, s| score_parts(c, t, s).named();
        assert_eq!(
            named(contract(2, Strain::Clubs, 0), 9, b),
            [
                (40, "trick points".to_string()),
                (20, "overtricks".to_string()),
                (50, "part score".to_string())
            ]
        );
        assert_eq!(
            named(contract(6, Strain::Hearts, 0), 12, b),
            [
                (180, "trick points".to_string()),
                (300, "game".to_string()),
                (500, "small slam".to_string())
            ]
        );
        assert_eq!(
            named(contract(1, Strain::Diamonds, 1), 9, b),
            [
                (40, "trick points".to_string()),
                (200, "overtricks".to_string()),
                (50, "part score".to_string()),
                (50, "doubled".to_string())
            ]
        );
        assert_eq!(
            named(contract(2, Strain::Spades, 1), 5, b),
            [(500, "3 down".to_string())]
        );
        assert_eq!(
            named(contract(4, Strain::Spades, 0), 8, Scoring::Difference),
            [(20, "2 down".to_string())]
        );
    }
}
