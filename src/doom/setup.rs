//! Every option of a Dice of Doom session: board size, players, the most
//! dice on a hex, the rule set and how boards are dealt, checked against
//! the engine's bounds and editable as a form.

use serde::{Deserialize, Serialize};

use super::board::{MAX_DICE, MAX_PLAYERS, MAX_SIZE};
use super::deal::Deal;
use super::rules::{Config, RuleSet};
use crate::form::{Choices, Field, Form, range, unknown};
use crate::game::SetupError;

/// The smallest board side.
pub const MIN_SIZE: usize = 2;

/// A session's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Board side (2 to 8).
    pub size: usize,
    /// Players (2 to 4).
    pub players: u8,
    /// The most dice on a hex (2 to 8).
    pub max_dice: u8,
    /// Classic (the book's v1/v2) or chance (v4) rules.
    pub rules: RuleSet,
    /// How boards are dealt.
    #[serde(default)]
    pub boards: Deal,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            size: 5,
            players: 2,
            max_dice: RuleSet::Classic.book_max_dice(),
            rules: RuleSet::Classic,
            boards: Deal::Book,
        }
    }
}

impl Setup {
    /// The game's settings, checked, and the board size checked too.
    pub fn config(&self) -> Result<Config, SetupError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(SetupError(format!(
                "the board side is {MIN_SIZE} to {MAX_SIZE}, not {}",
                self.size
            )));
        }
        Config::new(self.players, self.max_dice, self.rules).map_err(|e| SetupError(e.to_string()))
    }

    /// The rules, with the most dice the book gave them when the dice were
    /// the book's for the old rules (so a change of rules keeps the book's
    /// pairing unless the dice were set by hand).
    pub fn with_rules(mut self, rules: RuleSet) -> Setup {
        if self.max_dice == self.rules.book_max_dice() {
            self.max_dice = rules.book_max_dice();
        }
        self.rules = rules;
        self
    }

    fn size_choices(&self) -> Choices<usize> {
        range(MIN_SIZE, MAX_SIZE, self.size, |x| x + 1)
    }

    fn player_choices(&self) -> Choices<u8> {
        range(2, MAX_PLAYERS, self.players, |x| x + 1)
    }

    fn dice_choices(&self) -> Choices<u8> {
        range(2, MAX_DICE, self.max_dice, |x| x + 1)
    }
}

const RULES: [RuleSet; 2] = [RuleSet::Classic, RuleSet::Chance];
const DEALS: [Deal; 2] = [Deal::Book, Deal::Balanced];

impl Form for Setup {
    fn fields(&self) -> Vec<Field> {
        vec![
            self.size_choices()
                .field("size", "Board size", |n| format!("{n}×{n}")),
            self.player_choices()
                .field("players", "Players", |n| n.to_string()),
            self.dice_choices()
                .field("max_dice", "Most dice on a hex", |n| n.to_string()),
            Choices::of(&RULES, &self.rules).field("rules", "Rules", |r| match r {
                RuleSet::Classic => "classic (more dice win)".into(),
                RuleSet::Chance => "chance (dice rolls)".into(),
            }),
            Choices::of(&DEALS, &self.boards).field("boards", "Boards", |d| match d {
                Deal::Book => "random (the book's)".into(),
                Deal::Balanced => "balanced".into(),
            }),
        ]
    }

    fn choose(&mut self, key: &str, index: usize) -> Result<(), SetupError> {
        match key {
            "size" => self.size = self.size_choices().get(key, index)?,
            "players" => self.players = self.player_choices().get(key, index)?,
            "max_dice" => self.max_dice = self.dice_choices().get(key, index)?,
            "rules" => *self = self.with_rules(Choices::of(&RULES, &self.rules).get(key, index)?),
            "boards" => self.boards = Choices::of(&DEALS, &self.boards).get(key, index)?,
            _ => return Err(unknown(key)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_books_dice_go_with_its_rules_unless_set_by_hand() {
        let mut s = Setup::default();
        s.step("rules", true).expect("a field");
        assert_eq!((s.rules, s.max_dice), (RuleSet::Chance, 5));
        s.step("rules", true).expect("a field");
        assert_eq!((s.rules, s.max_dice), (RuleSet::Classic, 3));
        s.step("max_dice", true).expect("a field");
        s.step("rules", true).expect("a field");
        assert_eq!((s.rules, s.max_dice), (RuleSet::Chance, 4));
        // Left goes back, wrapping.
        let mut s = Setup::default();
        s.step("size", false).expect("a field");
        assert_eq!(s.size, 4);
        s.size = 2;
        s.step("size", false).expect("a field");
        assert_eq!(s.size, MAX_SIZE);
        assert!(
            Setup {
                size: 9,
                ..Setup::default()
            }
            .config()
            .is_err()
        );
        assert!(
            Setup {
                players: 5,
                ..Setup::default()
            }
            .config()
            .is_err()
        );
    }
}
