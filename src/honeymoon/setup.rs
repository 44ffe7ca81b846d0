//! Every option of a honeymoon match: no-trump contracts, doubling, the
//! opening lead, the score table, the match's length, duplicate and
//! practice; editable as a form.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::form::{Choices, Field, Form, unknown};
use crate::game::SetupError;

/// Who leads the first trick of the play phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeadRule {
    /// The loser of the last exchange trick (the default).
    ExchangeLoser,
    /// Declarer's opponent.
    Defender,
}

/// How a deal scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scoring {
    /// Bridge trick values and bonuses without vulnerability.
    Bridge,
    /// Ten points a trick: declarer scores `(tricks − 6) × 10` when the
    /// contract makes, the defender `10` a trick short when it fails.
    Difference,
}

impl std::str::FromStr for LeadRule {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<LeadRule, SetupError> {
        crate::form::pick(
            s,
            "opening lead",
            &[
                ("exchange-loser", LeadRule::ExchangeLoser),
                ("defender", LeadRule::Defender),
            ],
        )
    }
}

impl std::str::FromStr for Scoring {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<Scoring, SetupError> {
        crate::form::pick(
            s,
            "scoring",
            &[
                ("bridge", Scoring::Bridge),
                ("difference", Scoring::Difference),
            ],
        )
    }
}

/// How long a match lasts: the match is over when a deal ends with the
/// target reached (in duplicate, only after a deal's swapped replay).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MatchLength {
    /// Deal after deal, a running total and no end.
    #[default]
    Endless,
    /// This many scored deals (thrown-in deals do not count).
    Deals(u32),
    /// Until a side's total reaches this many points.
    Points(u32),
}

impl MatchLength {
    /// The choices on the setup form.
    pub const PRESETS: [MatchLength; 6] = [
        MatchLength::Endless,
        MatchLength::Deals(4),
        MatchLength::Deals(8),
        MatchLength::Deals(16),
        MatchLength::Points(1000),
        MatchLength::Points(2000),
    ];

    /// Whether a match with these finished deals and totals is over.
    pub fn reached(self, deals: usize, totals: [i64; 2]) -> bool {
        match self {
            MatchLength::Endless => false,
            MatchLength::Deals(n) => deals >= n as usize,
            MatchLength::Points(p) => totals.iter().any(|&t| t >= i64::from(p)),
        }
    }
}

impl fmt::Display for MatchLength {
    /// `endless`, `8 deals`, `first to 1000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchLength::Endless => f.write_str("endless"),
            MatchLength::Deals(1) => f.write_str("1 deal"),
            MatchLength::Deals(n) => write!(f, "{n} deals"),
            MatchLength::Points(p) => write!(f, "first to {p}"),
        }
    }
}

impl std::str::FromStr for MatchLength {
    type Err = SetupError;

    /// `endless`, `8-deals` (or `8`), `1000-points`, any case.
    fn from_str(s: &str) -> Result<MatchLength, SetupError> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || {
            SetupError(format!(
                "unknown match length {s:?}: choose endless, N-deals (like 8-deals) or N-points (like 1000-points), N at least 1"
            ))
        };
        if t == "endless" {
            return Ok(MatchLength::Endless);
        }
        let (number, unit) = t.split_once('-').unwrap_or((&t, "deals"));
        let n: u32 = number.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
        match unit {
            "deal" | "deals" => Ok(MatchLength::Deals(n)),
            "point" | "points" => Ok(MatchLength::Points(n)),
            _ => Err(bad()),
        }
    }
}

/// A match's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// No-trump contracts allowed.
    pub no_trump: bool,
    /// Who leads the play phase.
    pub lead_rule: LeadRule,
    /// Double and redouble allowed.
    pub doubling: bool,
    /// The score table.
    pub scoring: Scoring,
    /// Practice: a person may also take back cards of the exchange (and
    /// so learn which stock card comes next).
    #[serde(default)]
    pub practice: bool,
    /// Duplicate: every deal is played a second time with the hands
    /// swapped (same 52 cards, same face-up order).
    #[serde(default)]
    pub duplicate: bool,
    /// How long the match lasts.
    #[serde(default)]
    pub length: MatchLength,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            no_trump: true,
            lead_rule: LeadRule::ExchangeLoser,
            doubling: false,
            scoring: Scoring::Bridge,
            practice: false,
            duplicate: false,
            length: MatchLength::Endless,
        }
    }
}

const ON_OFF: [bool; 2] = [true, false];
const OFF_ON: [bool; 2] = [false, true];
const LEADS: [LeadRule; 2] = [LeadRule::ExchangeLoser, LeadRule::Defender];
const SCORINGS: [Scoring; 2] = [Scoring::Bridge, Scoring::Difference];

impl Form for Setup {
    fn fields(&self) -> Vec<Field> {
        let yes_no = |b: &bool| if *b { "yes" } else { "no" }.to_string();
        vec![
            Choices::of(&ON_OFF, &self.no_trump).field("no_trump", "No-trump contracts", yes_no),
            Choices::of(&ON_OFF, &self.doubling).field("doubling", "Double and redouble", yes_no),
            Choices::of(&LEADS, &self.lead_rule).field("lead", "Opening lead", |l| match l {
                LeadRule::ExchangeLoser => "the last exchange trick's loser".into(),
                LeadRule::Defender => "declarer's opponent".into(),
            }),
            Choices::of(&SCORINGS, &self.scoring).field("scoring", "Scoring", |s| match s {
                Scoring::Bridge => "bridge scores".into(),
                Scoring::Difference => "trick difference × 10".into(),
            }),
            Choices::of(&MatchLength::PRESETS, &self.length).field(
                "match",
                "Match",
                MatchLength::to_string,
            ),
            Choices::of(&OFF_ON, &self.duplicate).field(
                "duplicate",
                "Replay each deal with the hands swapped",
                yes_no,
            ),
            Choices::of(&OFF_ON, &self.practice).field(
                "practice",
                "Practice: undo in the exchange too",
                yes_no,
            ),
        ]
    }

    fn choose(&mut self, key: &str, index: usize) -> Result<(), SetupError> {
        match key {
            "no_trump" => self.no_trump = Choices::of(&ON_OFF, &self.no_trump).get(key, index)?,
            "doubling" => self.doubling = Choices::of(&ON_OFF, &self.doubling).get(key, index)?,
            "lead" => self.lead_rule = Choices::of(&LEADS, &self.lead_rule).get(key, index)?,
            "scoring" => self.scoring = Choices::of(&SCORINGS, &self.scoring).get(key, index)?,
            "duplicate" => {
                self.duplicate = Choices::of(&OFF_ON, &self.duplicate).get(key, index)?
            }
            "match" => {
                self.length = Choices::of(&MatchLength::PRESETS, &self.length).get(key, index)?
            }
            "practice" => self.practice = Choices::of(&OFF_ON, &self.practice).get(key, index)?,
            _ => return Err(unknown(key)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_lengths_parse_and_show() {
        for (text, length) in [
            ("endless", MatchLength::Endless),
            ("8", MatchLength::Deals(8)),
            ("8-deals", MatchLength::Deals(8)),
            ("1000-Points", MatchLength::Points(1000)),
        ] {
            assert_eq!(text.parse::<MatchLength>(), Ok(length));
        }
        for bad in ["0", "-1", "8-tricks", "many"] {
            let e = bad.parse::<MatchLength>().err().map(|e| e.0);
            assert!(e.is_some_and(|e| e.contains("choose endless")), "{bad}");
        }
        assert_eq!(MatchLength::Points(1000).to_string(), "first to 1000");
        let mut o = Setup::default();
        o.choose("match", 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o.length, MatchLength::Deals(8));
    }
}
