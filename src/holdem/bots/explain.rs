//! A decision in words, as a person reading over the bot's shoulder would
//! want it: what it did, with what, and why ("shoves 9.5 bb with K7o —
//! equilibrium range at this depth").

use super::classes::Class;
use super::situation::Situation;
use super::strength::describe;
use crate::holdem::action::{Action, Street};

/// A decision and its reason.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// What the bot does.
    pub action: Action,
    /// Why, in a few words.
    pub why: String,
}

impl Decision {
    /// `action` because `why`.
    pub fn new(action: Action, why: impl Into<String>) -> Decision {
        Decision {
            action,
            why: why.into(),
        }
    }

    /// The same reason for `action` (what the bot plays when the table
    /// refused what it meant).
    pub fn with(&self, action: Action) -> Decision {
        Decision {
            action,
            why: self.why.clone(),
        }
    }
}

/// A number of big blinds as a player says it: 9.5, 3, 0.5.
pub fn bb(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// What the action is, in words: "folds", "checks", "calls 3 bb", "bets
/// 4.5 bb", "raises to 12 bb", "shoves 9.5 bb".
pub fn act_words(sit: &Situation, action: Action) -> String {
    match action {
        Action::Fold => "folds".into(),
        Action::Check => "checks".into(),
        Action::Call if sit.legal.to_call >= sit.state.stacks()[sit.me] => {
            format!("calls all in for {} bb", bb(sit.to_call()))
        }
        Action::Call => format!("calls {} bb", bb(sit.to_call())),
        Action::RaiseTo(to) => {
            let all_in = sit.legal.raise.is_some_and(|(_, max)| to >= max);
            let amount = bb(sit.in_bb(to));
            if all_in {
                format!("shoves {amount} bb")
            } else if sit.state.current_bet() == 0 {
                format!("bets {amount} bb")
            } else {
                format!("raises to {amount} bb")
            }
        }
    }
}

/// The hand as the bot names it: its class before the flop ("K7o"), its
/// cards and what they make after it ("Kh 7c, top pair").
pub fn hand_words(sit: &Situation) -> String {
    if sit.street() == Street::Preflop {
        Class::of(sit.hole).to_string()
    } else {
        format!(
            "{} {}, {}",
            sit.hole[0],
            sit.hole[1],
            describe(sit.hole, sit.board())
        )
    }
}

/// The whole sentence: "shoves 9.5 bb with K7o — equilibrium range at
/// this depth".
pub fn sentence(sit: &Situation, d: &Decision) -> String {
    format!(
        "{} with {} — {}",
        act_words(sit, d.action),
        hand_words(sit),
        d.why
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_blinds_read_as_a_player_says_them() {
        assert_eq!(bb(9.5), "9.5");
        assert_eq!(bb(3.0), "3");
        assert_eq!(bb(2.04), "2");
        assert_eq!(bb(12.25), "12.3");
    }
}
