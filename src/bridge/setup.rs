//! A bridge match's options: how many boards, how they are scored, and
//! the seat the person takes; editable as a form.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::Direction;
use crate::form::{Choices, Field, Form, SetupError, unknown};

/// How the boards of a match are scored: the points themselves (the
/// default: nothing to solve), or each board compared with its par (the
/// double-dummy result both sides reach with perfect bidding), as a
/// duplicate match compares it with the other table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// International match points against par.
    Imps,
    /// Matchpoints against par: 1 for a better score, ½ for the same, 0
    /// for a worse one (a pair scored against one other table).
    Matchpoints,
    /// The duplicate score itself, added up.
    Total,
}

impl Scoring {
    /// All of them, as the form offers them.
    pub const ALL: [Scoring; 3] = [Scoring::Total, Scoring::Imps, Scoring::Matchpoints];

    /// The form's and the command line's name.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Imps => "imps",
            Scoring::Matchpoints => "matchpoints",
            Scoring::Total => "total",
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The match lengths offered, in boards.
const BOARDS: [u32; 6] = [1, 4, 8, 12, 16, 32];

/// A match's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// Boards in the match (a table in the hall starts a new match after).
    pub boards: u32,
    /// How each board scores.
    pub scoring: Scoring,
    /// The person's seat on this machine (the table's seat 2, "home", is
    /// this compass seat).
    pub seat: Direction,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            boards: 8,
            scoring: Scoring::Total,
            seat: Direction::South,
        }
    }
}

impl Form for Setup {
    fn fields(&self) -> Vec<Field> {
        vec![
            Choices::new(&BOARDS, &self.boards, |a, b| a > b)
                .field("boards", "Boards", |n| n.to_string()),
            Choices::of(&Scoring::ALL, &self.scoring)
                .field("scoring", "Scoring", |s| s.name().to_string()),
            Choices::of(&Direction::ALL, &self.seat)
                .field("seat", "Your seat", |d| d.name().to_lowercase()),
        ]
    }

    fn choose(&mut self, key: &str, index: usize) -> Result<(), SetupError> {
        match key {
            "boards" => {
                self.boards = Choices::new(&BOARDS, &self.boards, |a, b| a > b).get(key, index)?;
            }
            "scoring" => {
                self.scoring = Choices::of(&Scoring::ALL, &self.scoring).get(key, index)?
            }
            "seat" => self.seat = Choices::of(&Direction::ALL, &self.seat).get(key, index)?,
            _ => return Err(unknown(key)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_sets_each_option() {
        let mut s = Setup::default();
        let fields = s.fields();
        assert_eq!(fields.len(), 3);
        assert_eq!(fields[0].choices[fields[0].selected], "8");
        s.choose("boards", 0).unwrap_or_else(|e| panic!("{e}"));
        s.choose("scoring", 1).unwrap_or_else(|e| panic!("{e}"));
        s.choose("seat", 0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            s,
            Setup {
                boards: 1,
                scoring: Scoring::Imps,
                seat: Direction::North
            }
        );
        assert!(s.choose("seat", 9).is_err());
        assert!(s.choose("colour", 0).is_err());
    }
}
