//! The forced bets of a hand: antes (per position, a big-blind ante
//! included), blinds and straddles (any number of entries), posts by
//! players who join between the blinds, a missing small blind, and the
//! smallest bet.
//!
//! Entries are indexed in *blind order*, the order PHH lists them in:
//! entry 0 is the small blind's position (the first player left of the
//! button; heads-up the button), entry 1 the big blind's, entry 2 the next
//! player's (an under-the-gun straddle), and so on round the table. A
//! missing entry is zero; entries past the number of players are ignored.

use serde::{Deserialize, Serialize};

use super::action::{Blinds, SetupError};
use super::pots::Chips;
use super::seats::MAX_SEATS;

/// The forced bets of a hand.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Forced {
    /// Antes in blind order: dead money in the pot before the blinds.
    pub antes: Vec<Chips>,
    /// Blinds and straddles in blind order: live bets.
    pub blinds_or_straddles: Vec<Chips>,
    /// Entries of `blinds_or_straddles` that are posts (a player joining
    /// out of the blinds posts a live bet that does not move who acts
    /// first; PHH writes them negative). Missing entries are `false`.
    pub posts: Vec<bool>,
    /// The smallest bet, and the smallest raise increment.
    pub min_bet: Chips,
    /// Antes above the second largest ante go back before the blinds
    /// (PHH's `ante_trimming_status`); the antes then count as each
    /// player's contribution instead of dead money.
    pub trim_antes: bool,
    /// Before the flop the bet to call is at least the smallest bet (the
    /// big blind) even when the big blind was all in for less or could
    /// not post it at all, as the rooms play it; the reference (and play
    /// here) has the others call what was posted.
    #[serde(default)]
    pub full_blinds: bool,
}

impl From<Blinds> for Forced {
    fn from(b: Blinds) -> Forced {
        Forced::blinds(b)
    }
}

impl Forced {
    /// A small and a big blind, no ante; the smallest bet is the big blind.
    pub fn blinds(b: Blinds) -> Forced {
        Forced {
            antes: Vec::new(),
            blinds_or_straddles: vec![b.small, b.big],
            posts: Vec::new(),
            min_bet: b.big,
            trim_antes: false,
            full_blinds: false,
        }
    }

    /// The same with an ante of `ante` from every player.
    pub fn with_ante(mut self, ante: Chips) -> Forced {
        self.antes = vec![ante; MAX_SEATS];
        self
    }

    /// The same with a big-blind ante: the big blind alone pays `ante`
    /// for the table.
    pub fn with_big_blind_ante(mut self, ante: Chips) -> Forced {
        self.antes = vec![0, ante];
        self
    }

    /// The same with a straddle of `amount` by the player after the big
    /// blind (no effect heads-up: there is no such player).
    pub fn with_straddle(mut self, amount: Chips) -> Forced {
        if self.blinds_or_straddles.len() < 3 {
            self.blinds_or_straddles.resize(3, 0);
        }
        self.blinds_or_straddles[2] = amount;
        self
    }

    /// The ante of blind-order entry `i`.
    pub fn ante(&self, i: usize) -> Chips {
        self.antes.get(i).copied().unwrap_or(0)
    }

    /// The blind or straddle of blind-order entry `i`.
    pub fn blind(&self, i: usize) -> Chips {
        self.blinds_or_straddles.get(i).copied().unwrap_or(0)
    }

    /// Whether entry `i` is a post.
    pub fn is_post(&self, i: usize) -> bool {
        self.posts.get(i).copied().unwrap_or(false)
    }

    /// The two blinds as the table shows them: the first two entries
    /// (the big one at least the smallest bet).
    pub fn as_blinds(&self) -> Blinds {
        Blinds {
            small: self.blind(0),
            big: self.blind(1).max(self.min_bet),
        }
    }

    /// Checks that a hand can be played with these bets: a positive
    /// smallest bet and something forced.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.min_bet == 0 {
            return Err(SetupError::Forced("the smallest bet must be positive"));
        }
        if self
            .antes
            .iter()
            .chain(&self.blinds_or_straddles)
            .all(|&a| a == 0)
        {
            return Err(SetupError::Forced("no ante, blind or straddle"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builders_fill_blind_order() {
        let f = Forced::blinds(Blinds { small: 5, big: 10 })
            .with_big_blind_ante(10)
            .with_straddle(20);
        assert_eq!(f.blinds_or_straddles, vec![5, 10, 20]);
        assert_eq!((f.ante(0), f.ante(1), f.ante(5)), (0, 10, 0));
        assert_eq!(f.blind(7), 0);
        assert!(!f.is_post(2));
        assert_eq!(f.validate(), Ok(()));
        assert_eq!(f.as_blinds(), Blinds { small: 5, big: 10 });
        let none = Forced {
            min_bet: 10,
            ..Forced::default()
        };
        assert!(none.validate().is_err());
        assert!(Forced::default().validate().is_err());
    }
}
