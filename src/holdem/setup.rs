//! A Hold'em table's setup: seats, stacks, blinds, forced bets, cash game
//! or tournament (blinds rising), the rebuy rule; as a form for the
//! screen, the command line and the hall.

use serde::{Deserialize, Serialize};

use super::action::Blinds;
use super::forced::Forced;
use super::pots::Chips;
use crate::form::{Choices, Field, Form, unknown};
use crate::game::SetupError;

/// The fewest seats at a table.
pub const MIN_SEATS: usize = 2;

/// The most seats a session deals to (the screen's table draws nine; a
/// replayed hand may have up to [`MAX_SEATS`](super::seats::MAX_SEATS)).
pub const MOST_SEATS: usize = 9;

/// When a seat buys chips again in a cash game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rebuy {
    /// Never: a busted seat sits out.
    Never,
    /// A busted seat buys the starting stack again.
    WhenBusted,
    /// Before each hand every stack below the starting stack is topped up
    /// to it.
    TopUp,
}

impl std::str::FromStr for Rebuy {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<Rebuy, SetupError> {
        crate::form::pick(
            s,
            "rebuy rule",
            &[
                ("when-busted", Rebuy::WhenBusted),
                ("top-up", Rebuy::TopUp),
                ("never", Rebuy::Never),
            ],
        )
    }
}

/// How the blinds and the stacks evolve between hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Fixed blinds.
    Cash {
        /// When seats buy chips again.
        rebuy: Rebuy,
    },
    /// The blinds double every `hands_per_level` hands; the last player
    /// with chips wins.
    Tournament {
        /// Hands between blind rises.
        hands_per_level: u32,
    },
}

/// Every option of a Hold'em table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Seats at the table (2 to 9).
    pub seats: usize,
    /// The starting stack of every seat.
    pub stack: Chips,
    /// The starting blinds.
    pub blinds: Blinds,
    /// Cash game or tournament.
    pub mode: Mode,
    /// An ante from every player each hand (0: none).
    #[serde(default)]
    pub ante: Chips,
    /// An ante from the big blind alone, for the table (0: none).
    #[serde(default)]
    pub bb_ante: Chips,
    /// The player after the big blind straddles two big blinds (three
    /// players or more).
    #[serde(default)]
    pub straddle: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            seats: 6,
            stack: 1000,
            blinds: Blinds { small: 5, big: 10 },
            mode: Mode::Cash {
                rebuy: Rebuy::WhenBusted,
            },
            ante: 0,
            bb_ante: 0,
            straddle: false,
        }
    }
}

impl Setup {
    /// What a seat with `stack` chips buys under `rebuy` before the next
    /// hand of a cash game.
    pub fn rebuy_for(&self, rebuy: Rebuy, stack: Chips) -> Chips {
        match rebuy {
            Rebuy::Never => 0,
            Rebuy::WhenBusted if stack == 0 => self.stack,
            Rebuy::WhenBusted => 0,
            Rebuy::TopUp => self.stack.saturating_sub(stack),
        }
    }

    /// The forced bets of a hand with these blinds: the blinds, and the
    /// antes and straddle of the setup.
    pub fn forced(&self, blinds: Blinds) -> Forced {
        let mut f = Forced::blinds(blinds);
        if self.ante > 0 {
            f = f.with_ante(self.ante);
        }
        if self.bb_ante > 0 {
            f = f.with_big_blind_ante(self.bb_ante);
        }
        if self.straddle {
            f = f.with_straddle(blinds.big.saturating_mul(2));
        }
        f
    }

    /// Checks every option.
    pub fn check(&self) -> Result<(), SetupError> {
        if !(MIN_SEATS..=MOST_SEATS).contains(&self.seats) {
            return Err(SetupError(format!(
                "a table has {MIN_SEATS} to {MOST_SEATS} seats, not {}",
                self.seats
            )));
        }
        if self.blinds.small == 0 || self.blinds.small > self.blinds.big {
            return Err(SetupError(format!(
                "blinds {}/{}: need 0 < small <= big",
                self.blinds.small, self.blinds.big
            )));
        }
        if self.stack == 0 {
            return Err(SetupError("the starting stack must be positive".into()));
        }
        if self.ante > 0 && self.bb_ante > 0 {
            return Err(SetupError(
                "an ante from every player and a big blind ante do not go together: choose one"
                    .into(),
            ));
        }
        if let Mode::Tournament { hands_per_level: 0 } = self.mode {
            return Err(SetupError("hands per level must be positive".into()));
        }
        Ok(())
    }

    /// Parses blinds written `small/big`.
    pub fn parse_blinds(text: &str) -> Result<Blinds, SetupError> {
        let bad = || SetupError(format!("blinds {text:?}: write small/big, like 5/10"));
        let (small, big) = text.split_once('/').ok_or_else(bad)?;
        Ok(Blinds {
            small: small.trim().parse().map_err(|_| bad())?,
            big: big.trim().parse().map_err(|_| bad())?,
        })
    }
}

const STACKS: [Chips; 6] = [100, 200, 500, 1000, 2000, 5000];
const BLINDS: [(Chips, Chips); 5] = [(1, 2), (5, 10), (10, 20), (25, 50), (50, 100)];

fn mode_name(mode: &Mode) -> String {
    match mode {
        Mode::Cash {
            rebuy: Rebuy::Never,
        } => "cash, no rebuys".into(),
        Mode::Cash {
            rebuy: Rebuy::WhenBusted,
        } => "cash, rebuy when busted".into(),
        Mode::Cash {
            rebuy: Rebuy::TopUp,
        } => "cash, top up every hand".into(),
        Mode::Tournament { hands_per_level } => {
            format!("tournament, blinds double every {hands_per_level} hands")
        }
    }
}

impl Setup {
    fn seat_choices(&self) -> Choices<usize> {
        crate::form::range(MIN_SEATS, MOST_SEATS, self.seats, |x| x + 1)
    }

    fn stack_choices(&self) -> Choices<Chips> {
        Choices::new(&STACKS, &self.stack, |a, b| a > b)
    }

    fn blind_choices(&self) -> Choices<Blinds> {
        let presets: Vec<Blinds> = BLINDS
            .iter()
            .map(|&(small, big)| Blinds { small, big })
            .collect();
        Choices::new(&presets, &self.blinds, |a, b| a.big > b.big)
    }

    /// The antes, as (from every player, from the big blind): none, a
    /// tenth, a fifth or a half of the big blind from every player, or a
    /// big blind ante of one big blind (the two do not go together).
    fn ante_choices(&self) -> Choices<(Chips, Chips)> {
        let big = self.blinds.big;
        let mut presets = vec![(0, 0)];
        for part in [10, 5, 2] {
            let a = ((big / part).max(1), 0);
            if !presets.contains(&a) {
                presets.push(a);
            }
        }
        presets.push((0, big));
        Choices::of(&presets, &(self.ante, self.bb_ante))
    }

    fn mode_choices(&self) -> Choices<Mode> {
        let presets = [
            Mode::Cash {
                rebuy: Rebuy::WhenBusted,
            },
            Mode::Cash {
                rebuy: Rebuy::TopUp,
            },
            Mode::Cash {
                rebuy: Rebuy::Never,
            },
            Mode::Tournament {
                hands_per_level: 10,
            },
        ];
        Choices::of(&presets, &self.mode)
    }
}

impl Form for Setup {
    fn fields(&self) -> Vec<Field> {
        vec![
            self.seat_choices()
                .field("seats", "Players", |n| n.to_string()),
            self.stack_choices()
                .field("stack", "Starting stack", |s| s.to_string()),
            self.blind_choices()
                .field("blinds", "Blinds", |b| format!("{}/{}", b.small, b.big)),
            self.mode_choices().field("mode", "Format", mode_name),
            self.ante_choices().field("ante", "Ante", |&a| match a {
                (0, 0) => "none".into(),
                (0, bb) => format!("{bb} from the big blind, for the table"),
                (a, _) => format!("{a} from every player"),
            }),
            Choices::of(&[false, true], &self.straddle).field("straddle", "Straddle", |&s| {
                if s {
                    "two big blinds, left of the big blind".into()
                } else {
                    "none".into()
                }
            }),
        ]
    }

    fn choose(&mut self, key: &str, index: usize) -> Result<(), SetupError> {
        match key {
            "seats" => self.seats = self.seat_choices().get(key, index)?,
            "stack" => self.stack = self.stack_choices().get(key, index)?,
            "blinds" => self.blinds = self.blind_choices().get(key, index)?,
            "mode" => self.mode = self.mode_choices().get(key, index)?,
            "ante" => (self.ante, self.bb_ante) = self.ante_choices().get(key, index)?,
            "straddle" => {
                self.straddle = Choices::of(&[false, true], &self.straddle).get(key, index)?
            }
            _ => return Err(unknown(key)),
        }
        Ok(())
    }
}
