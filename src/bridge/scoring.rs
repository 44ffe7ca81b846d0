//! Duplicate scoring (Law 77): a contract's score from declarer's side,
//! part by part; IMPs on the WBF scale; matchpoints; and a board's result
//! line as players write it (`4♠= N +420`).

use serde::{Deserialize, Serialize};

use super::board::{Side, Vulnerability};
use super::contract::{Contract, Doubling, Strain};

/// A score broken into the parts the Laws name, from declarer's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ScoreParts {
    /// Trick points for the tricks bid and made.
    pub tricks: i64,
    /// Overtricks.
    pub overtricks: i64,
    /// Game (300 / 500) or part-score (50) bonus.
    pub game: i64,
    /// Small (500 / 750) or grand (1000 / 1500) slam bonus.
    pub slam: i64,
    /// For making a doubled (50) or redoubled (100) contract.
    pub insult: i64,
    /// The defenders' score for the undertricks (positive).
    pub undertricks: i64,
}

impl ScoreParts {
    /// Declarer's score: positive when made, minus the defenders' score
    /// when it fails.
    pub fn total(&self) -> i64 {
        self.tricks + self.overtricks + self.game + self.slam + self.insult - self.undertricks
    }
}

/// The trick points of `level` tricks bid and made in `strain`, before
/// doubling.
fn trick_points(strain: Strain, level: i64) -> i64 {
    match strain {
        Strain::Clubs | Strain::Diamonds => 20 * level,
        Strain::Hearts | Strain::Spades => 30 * level,
        Strain::NoTrump => 40 + 30 * (level - 1),
    }
}

/// The defenders' score for `down` undertricks.
fn undertricks(down: i64, doubling: Doubling, vulnerable: bool) -> i64 {
    let doubled = if vulnerable {
        // 200, 500, 800, then 300 more each.
        200 + 300 * (down - 1)
    } else {
        // 100, 300, 500, then 300 more each.
        100 + 200 * (down - 1).min(2) + 300 * (down - 3).max(0)
    };
    match doubling {
        Doubling::Undoubled => down * if vulnerable { 100 } else { 50 },
        Doubling::Doubled => doubled,
        Doubling::Redoubled => 2 * doubled,
    }
}

/// Declarer's score for taking `tricks` in `contract`, part by part.
pub fn score_parts(contract: &Contract, tricks: u8, vulnerable: bool) -> ScoreParts {
    let target = i64::from(contract.target());
    let got = i64::from(tricks.min(13));
    if got < target {
        return ScoreParts {
            undertricks: undertricks(target - got, contract.doubling, vulnerable),
            ..ScoreParts::default()
        };
    }
    let level = i64::from(contract.bid.level);
    let factor = match contract.doubling {
        Doubling::Undoubled => 1,
        Doubling::Doubled => 2,
        Doubling::Redoubled => 4,
    };
    let points = trick_points(contract.bid.strain, level) * factor;
    let over = got - target;
    let per_over = match contract.doubling {
        Doubling::Undoubled => {
            trick_points(contract.bid.strain, 2) - trick_points(contract.bid.strain, 1)
        }
        Doubling::Doubled => 100,
        Doubling::Redoubled => 200,
    } * if vulnerable && contract.doubling != Doubling::Undoubled {
        2
    } else {
        1
    };
    ScoreParts {
        tricks: points,
        overtricks: over * per_over,
        game: match (points >= 100, vulnerable) {
            (false, _) => 50,
            (true, false) => 300,
            (true, true) => 500,
        },
        slam: match (level, vulnerable) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        },
        insult: 50 * (factor / 2).min(2),
        undertricks: 0,
    }
}

/// Declarer's score for taking `tricks` in `contract`.
pub fn score(contract: &Contract, tricks: u8, vulnerable: bool) -> i64 {
    score_parts(contract, tricks, vulnerable).total()
}

/// The WBF IMP scale: the smallest score difference worth 1, 2, … 24 IMPs.
const IMP_STEPS: [i64; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// The IMPs a score difference is worth, with its sign.
pub fn imps(difference: i64) -> i64 {
    let won = IMP_STEPS
        .iter()
        .take_while(|&&s| difference.abs() >= s)
        .count() as i64;
    won * difference.signum()
}

/// Matchpoints for each of a board's scores (all from the same side):
/// one for each score it beats and a half for each it ties, so the top is
/// one less than the number of scores.
pub fn matchpoints(scores: &[i64]) -> Vec<f64> {
    scores
        .iter()
        .map(|&mine| {
            scores
                .iter()
                .map(|&other| match mine.cmp(&other) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                })
                .sum::<f64>()
                - 0.5
        })
        .collect()
}

/// What happened on a board: the contract (none when passed out) and the
/// tricks declarer took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardResult {
    /// The final contract, `None` when the board was passed out.
    pub contract: Option<Contract>,
    /// Tricks taken by declarer's side.
    pub declarer_tricks: u8,
    /// The score from North-South's side.
    pub ns_score: i64,
}

impl BoardResult {
    /// The result of `contract` making `declarer_tricks` with
    /// `vulnerability`.
    pub fn new(
        contract: Option<Contract>,
        declarer_tricks: u8,
        vulnerability: Vulnerability,
    ) -> BoardResult {
        let ns_score = contract.map_or(0, |c| {
            let side = c.declarer.side();
            let points = score(&c, declarer_tricks, vulnerability.of(side));
            if side == Side::NS { points } else { -points }
        });
        BoardResult {
            contract,
            declarer_tricks,
            ns_score,
        }
    }

    /// The score from `side`'s point of view.
    pub fn score_for(&self, side: Side) -> i64 {
        if side == Side::NS {
            self.ns_score
        } else {
            -self.ns_score
        }
    }

    /// The result line: `4♠= N +420`, `3NTX-2 E +500`, `4♥+1 S +450`
    /// (the score from North-South's side), `Passed out 0`; with `ascii`
    /// the strain as a letter (`4S= N +420`).
    pub fn line(&self, ascii: bool) -> String {
        let Some(c) = self.contract else {
            return "Passed out 0".to_string();
        };
        let made = i16::from(self.declarer_tricks) - i16::from(c.target());
        let how = match made {
            0 => "=".to_string(),
            m if m > 0 => format!("+{m}"),
            m => m.to_string(),
        };
        let name = if ascii { c.text() } else { c.glyph() };
        format!("{name}{how} {} {:+}", c.declarer, self.ns_score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Contract {
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_rules_pages_checks() {
        assert_eq!(score(&c("4S N"), 10, false), 420);
        assert_eq!(score(&c("3NT N"), 9, true), 600);
        assert_eq!(score(&c("1NT N"), 8, false), 120);
        assert_eq!(score(&c("2HX N"), 8, false), 470);
        assert_eq!(score(&c("7NT N"), 13, true), 2220);
        assert_eq!(score(&c("3NTX E"), 7, true), -500);
        assert_eq!(score(&c("1CXX N"), 7, false), 230);
        assert_eq!(score(&c("4HX N"), 6, false), -800);
    }

    /// Law 77's table, case by case: trick points, over- and undertricks,
    /// every bonus, at both vulnerabilities and every doubling.
    #[test]
    fn every_case_of_the_laws_table() {
        // Trick points per strain, undoubled, doubled, redoubled.
        assert_eq!(score_parts(&c("1C N"), 7, false).tricks, 20);
        assert_eq!(score_parts(&c("1D N"), 7, false).tricks, 20);
        assert_eq!(score_parts(&c("1H N"), 7, false).tricks, 30);
        assert_eq!(score_parts(&c("1S N"), 7, false).tricks, 30);
        assert_eq!(score_parts(&c("1NT N"), 7, false).tricks, 40);
        assert_eq!(score_parts(&c("2NT N"), 8, false).tricks, 70);
        assert_eq!(score_parts(&c("2SX N"), 8, false).tricks, 120);
        assert_eq!(score_parts(&c("2SXX N"), 8, false).tricks, 240);
        assert_eq!(score_parts(&c("3NTX N"), 9, false).tricks, 200);
        // Overtricks: undoubled at trick value; doubled 100 / 200;
        // redoubled 200 / 400.
        assert_eq!(score_parts(&c("3NT N"), 11, false).overtricks, 60);
        assert_eq!(score_parts(&c("2C N"), 10, true).overtricks, 40);
        assert_eq!(score_parts(&c("2HX N"), 9, false).overtricks, 100);
        assert_eq!(score_parts(&c("2HX N"), 9, true).overtricks, 200);
        assert_eq!(score_parts(&c("2HXX N"), 9, false).overtricks, 200);
        assert_eq!(score_parts(&c("2HXX N"), 9, true).overtricks, 400);
        // Bonuses: part score 50, game 300 / 500, slams, the insult.
        assert_eq!(score(&c("2S N"), 8, true), 110);
        assert_eq!(score(&c("4S N"), 10, true), 620);
        assert_eq!(score(&c("5C N"), 11, false), 400);
        assert_eq!(score(&c("5D N"), 11, true), 600);
        assert_eq!(score(&c("6H N"), 12, false), 980);
        assert_eq!(score(&c("6H N"), 12, true), 1430);
        assert_eq!(score(&c("6NT N"), 12, false), 990);
        assert_eq!(score(&c("7S N"), 13, false), 1510);
        assert_eq!(score(&c("7S N"), 13, true), 2210);
        assert_eq!(score(&c("7C N"), 13, true), 2140);
        assert_eq!(score(&c("1NTX N"), 7, false), 180);
        assert_eq!(score(&c("1NTXX N"), 7, true), 760);
        assert_eq!(score(&c("2DX N"), 8, false), 180);
        assert_eq!(score(&c("4SX N"), 10, true), 790);
        assert_eq!(score(&c("4SXX N"), 10, true), 1080);
        assert_eq!(score(&c("6NTXX N"), 12, true), 2110);
        assert_eq!(score(&c("7NTXX N"), 13, true), 2980);
        assert_eq!(score(&c("7NTXX N"), 13, false), 2280);
        // Undertricks, not vulnerable.
        for (down, plain, x, xx) in [
            (1, 50, 100, 200),
            (2, 100, 300, 600),
            (3, 150, 500, 1000),
            (4, 200, 800, 1600),
            (5, 250, 1100, 2200),
            (13, 650, 3500, 7000),
        ] {
            let t = 13 - down;
            assert_eq!(score(&c("7S N"), t, false), -50 * i64::from(down), "{down}");
            assert_eq!(-score(&c("7SX N"), t, false), x, "{down} X");
            assert_eq!(-score(&c("7SXX N"), t, false), xx, "{down} XX");
            assert_eq!(-score(&c("7S N"), t, false), plain);
        }
        // Undertricks, vulnerable.
        for (down, plain, x, xx) in [
            (1, 100, 200, 400),
            (2, 200, 500, 1000),
            (3, 300, 800, 1600),
            (4, 400, 1100, 2200),
            (7, 700, 2000, 4000),
            (13, 1300, 3800, 7600),
        ] {
            let t = 13 - down;
            assert_eq!(-score(&c("7NT N"), t, true), plain, "{down}");
            assert_eq!(-score(&c("7NTX N"), t, true), x, "{down} X");
            assert_eq!(-score(&c("7NTXX N"), t, true), xx, "{down} XX");
        }
    }

    #[test]
    fn imps_on_the_wbf_scale() {
        let cases = [
            (0, 0),
            (10, 0),
            (20, 1),
            (40, 1),
            (50, 2),
            (80, 2),
            (90, 3),
            (420, 9),
            (430, 10),
            (490, 10),
            (500, 11),
            (620, 12),
            (740, 12),
            (750, 13),
            (1090, 14),
            (2240, 19),
            (2990, 21),
            (3990, 23),
            (4000, 24),
            (7600, 24),
        ];
        for (diff, want) in cases {
            assert_eq!(imps(diff), want, "{diff}");
            assert_eq!(imps(-diff), -want, "-{diff}");
        }
    }

    #[test]
    fn matchpoints_share_ties() {
        assert_eq!(matchpoints(&[420, 450, 420, -50]), vec![1.5, 3.0, 1.5, 0.0]);
        assert_eq!(matchpoints(&[100]), vec![0.0]);
    }

    #[test]
    fn result_lines() {
        let r = BoardResult::new(Some(c("4S N")), 10, Vulnerability::None);
        assert_eq!(r.line(false), "4♠= N +420");
        assert_eq!(r.line(true), "4S= N +420");
        let r = BoardResult::new(Some(c("3NTX E")), 7, Vulnerability::All);
        assert_eq!(r.line(true), "3NTX-2 E +500");
        assert_eq!(r.score_for(Side::EW), -500);
        let r = BoardResult::new(Some(c("4H S")), 11, Vulnerability::EW);
        assert_eq!(r.line(false), "4♥+1 S +450");
        assert_eq!(
            BoardResult::new(None, 0, Vulnerability::All).line(false),
            "Passed out 0"
        );
    }
}
