//! Equity: how often each of 2–9 hands or ranges wins or ties, over every
//! deal of the ranges and every remaining board ([`exact`]) or over random
//! deals ([`monte_carlo`]).
//!
//! [`exact`] groups the work so that equivalent deals are counted once
//! (see [`exact::Plan`]); [`monte_carlo`] draws deals until it has a given
//! number of samples or a given standard error. Both split their work
//! across threads and give the same result on any number of them.

pub mod exact;
mod monte_carlo;

pub use exact::{Plan, exact};
pub use monte_carlo::{Stop, monte_carlo, monte_carlo_with};

use crate::cards::{Card, CardSet};

use super::eval::HandValue;
use super::range::{Combo, Range};

/// The most players a deal can have.
pub const MAX_PLAYERS: usize = 9;

/// Ties are counted in units of 1/2520: 2520 is divisible by 1..=9.
const SHARE_UNIT: i64 = 2520;

/// Why an equity could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EquityError {
    /// Fewer than 2 or more than 9 players.
    #[error("equity needs 2 to {MAX_PLAYERS} hands, got {0}")]
    PlayerCount(usize),
    /// A board of 1, 2 or more than 5 cards.
    #[error("a board has 0, 3, 4 or 5 cards, not {0}")]
    BoardSize(usize),
    /// A card on the board and among the dead cards.
    #[error("card {0} is both on the board and dead")]
    DeadOnBoard(Card),
    /// A hand (a range of one combination) needs a card that the board,
    /// the dead cards or another such hand has: the hand, the other, the
    /// card.
    #[error("{0} and {1} share {2}")]
    Clash(String, String, Card),
    /// A player's range has no combination left beside board and dead cards.
    #[error("hand {0} has no possible combination with this board and dead cards")]
    EmptyRange(usize),
    /// No deal gives every player a combination without sharing a card.
    #[error("the hands have no possible deal together (they need the same cards)")]
    NoDeal,
    /// Monte Carlo with no samples.
    #[error("the number of samples must be at least 1")]
    NoSamples,
    /// A standard error to aim at that is not in the range allowed.
    #[error("the standard error to aim at must be from 0.00001 to 0.5, not {0}")]
    StdErr(f64),
}

/// One player's result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerEquity {
    /// Boards (or samples) won outright.
    pub win: u64,
    /// Boards (or samples) shared with others.
    pub tie: u64,
    /// The share of the pot expected: wins plus each k-way tie as 1/k,
    /// over the boards.
    pub equity: f64,
    /// Monte Carlo: the standard error of `equity`.
    pub stderr: Option<f64>,
}

/// The result for all players, in the order given.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    /// How many boards (exact) or samples (Monte Carlo) were counted.
    pub boards: u64,
    /// True for exact enumeration.
    pub exact: bool,
    /// Each player's result.
    pub players: Vec<PlayerEquity>,
}

/// A question: players' ranges, the known board and the dead cards.
#[derive(Debug, Clone)]
pub struct Spot {
    /// Each player's combinations, without board and dead cards.
    ranges: Vec<Vec<Combo>>,
    board: CardSet,
    dead: CardSet,
}

/// The first card a single hand shares with the board, the dead cards or
/// another single hand, as an error naming both.
fn clash(ranges: &[Range], board: CardSet, dead: CardSet) -> Result<(), EquityError> {
    let hands: Vec<Combo> = ranges
        .iter()
        .filter_map(|r| match r.combos() {
            [one] => Some(*one),
            _ => None,
        })
        .collect();
    for (i, hand) in hands.iter().enumerate() {
        let others = [(board, "board"), (dead, "dead cards")];
        for (cards, name) in others {
            if let Some(card) = (hand.set() & cards).first() {
                return Err(EquityError::Clash(
                    hand.to_string(),
                    format!("{name} {cards}"),
                    card,
                ));
            }
        }
        for other in &hands[i + 1..] {
            if let Some(card) = (hand.set() & other.set()).first() {
                return Err(EquityError::Clash(
                    hand.to_string(),
                    other.to_string(),
                    card,
                ));
            }
        }
    }
    Ok(())
}

impl Spot {
    /// Checks the question: 2–9 players, a board of 0, 3, 4 or 5 cards not
    /// among the dead, and at least one deal in which no card is used twice.
    pub fn new(ranges: &[Range], board: CardSet, dead: CardSet) -> Result<Spot, EquityError> {
        if !(2..=MAX_PLAYERS).contains(&ranges.len()) {
            return Err(EquityError::PlayerCount(ranges.len()));
        }
        if !matches!(board.len(), 0 | 3 | 4 | 5) {
            return Err(EquityError::BoardSize(board.len()));
        }
        if let Some(card) = (board & dead).first() {
            return Err(EquityError::DeadOnBoard(card));
        }
        clash(ranges, board, dead)?;
        let ranges: Vec<Vec<Combo>> = ranges
            .iter()
            .map(|r| r.without(board | dead).combos().to_vec())
            .collect();
        if let Some(i) = ranges.iter().position(Vec::is_empty) {
            return Err(EquityError::EmptyRange(i + 1));
        }
        let spot = Spot {
            ranges,
            board,
            dead,
        };
        if !spot.any_deal(0, board | dead) {
            return Err(EquityError::NoDeal);
        }
        Ok(spot)
    }

    /// True when players `from..` can all get a combination avoiding `used`.
    fn any_deal(&self, from: usize, used: CardSet) -> bool {
        let Some(range) = self.ranges.get(from) else {
            return true;
        };
        range
            .iter()
            .any(|c| c.set().is_disjoint(used) && self.any_deal(from + 1, used | c.set()))
    }

    /// The number of deals if no two ranges shared a card: the product of
    /// the ranges' sizes (saturating), an upper bound of the real number.
    pub fn deals_bound(&self) -> u64 {
        self.ranges
            .iter()
            .try_fold(1u64, |n, r| n.checked_mul(r.len() as u64))
            .unwrap_or(u64::MAX)
    }

    fn players(&self) -> usize {
        self.ranges.len()
    }

    /// The board cards still to come.
    fn missing(&self) -> usize {
        5 - self.board.len()
    }
}

/// Win, tie and tie-share counts; signed so a correction can take back.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    win: [i64; MAX_PLAYERS],
    tie: [i64; MAX_PLAYERS],
    share: [i64; MAX_PLAYERS],
}

impl Tally {
    /// Counts `weight` boards on which the players hold `values`.
    #[inline(always)]
    fn record(&mut self, values: &[HandValue], weight: i64) {
        if let &[a, b] = values {
            // Heads-up, without a branch on who wins.
            let tie = weight * i64::from(a == b);
            self.win[0] += weight * i64::from(a > b);
            self.win[1] += weight * i64::from(b > a);
            self.tie[0] += tie;
            self.tie[1] += tie;
            self.share[0] += tie * (SHARE_UNIT / 2);
            self.share[1] += tie * (SHARE_UNIT / 2);
            return;
        }
        let winners = winners(values);
        if winners & (winners - 1) == 0 {
            self.win[winners.trailing_zeros() as usize] += weight;
        } else {
            let share = weight * (SHARE_UNIT / winners.count_ones() as i64);
            for i in (0..values.len()).filter(|i| winners >> i & 1 != 0) {
                self.tie[i] += weight;
                self.share[i] += share;
            }
        }
    }

    /// This tally `times` times over.
    fn times(mut self, times: u64) -> Tally {
        let t = times as i64;
        for i in 0..MAX_PLAYERS {
            self.win[i] *= t;
            self.tie[i] *= t;
            self.share[i] *= t;
        }
        self
    }

    fn merge(mut self, other: Tally) -> Tally {
        for i in 0..MAX_PLAYERS {
            self.win[i] += other.win[i];
            self.tie[i] += other.tie[i];
            self.share[i] += other.share[i];
        }
        self
    }

    /// The players' results over `boards` boards.
    fn players(&self, players: usize, boards: u64) -> Vec<PlayerEquity> {
        let n = boards.max(1) as f64;
        (0..players)
            .map(|i| PlayerEquity {
                win: self.win[i] as u64,
                tie: self.tie[i] as u64,
                equity: (self.win[i] as f64 + self.share[i] as f64 / SHARE_UNIT as f64) / n,
                stderr: None,
            })
            .collect()
    }
}

/// The players holding the best of `values`, as a bit set (bit `i` for
/// player `i`), found without a branch on the values.
#[inline(always)]
fn winners(values: &[HandValue]) -> u32 {
    let best = values.iter().copied().max().unwrap_or_default();
    values
        .iter()
        .enumerate()
        .fold(0, |set, (i, &v)| set | u32::from(v == best) << i)
}

/// Runs `f` on a pool of `threads` threads (1: on this thread).
fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    if threads <= 1 {
        return f();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn ranges(texts: &[&str]) -> Vec<Range> {
        texts
            .iter()
            .map(|t| Range::parse(t).unwrap_or_else(|e| panic!("{t}: {e}")))
            .collect()
    }

    pub(super) fn set(text: &str) -> CardSet {
        CardSet::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// A question: hands or ranges, board, dead cards.
    pub(super) struct Question(
        pub &'static [&'static str],
        pub &'static str,
        pub &'static str,
    );

    impl Question {
        pub(super) fn spot(&self) -> Spot {
            Spot::new(&ranges(self.0), set(self.1), set(self.2)).unwrap_or_else(|e| panic!("{e}"))
        }
    }

    /// Three ways on the flop, a dead card (OMPEval's README example).
    pub(super) const THREE_WAY: Question =
        Question(&["QQ+,AKs,AcQc", "A2s+", "random"], "2c 4c 5h", "Jc");

    #[test]
    fn rejects_impossible_questions() {
        let r = |t: &str| ranges(&[t])[0].clone();
        let two = [r("AA"), r("KK")];
        assert_eq!(
            Spot::new(&two[..1], CardSet::EMPTY, CardSet::EMPTY).err(),
            Some(EquityError::PlayerCount(1))
        );
        let ten = vec![r("random"); 10];
        assert_eq!(
            Spot::new(&ten, CardSet::EMPTY, CardSet::EMPTY).err(),
            Some(EquityError::PlayerCount(10))
        );
        assert_eq!(
            Spot::new(&two, set("2c 3c"), CardSet::EMPTY).err(),
            Some(EquityError::BoardSize(2))
        );
        assert_eq!(
            Spot::new(&two, CardSet::EMPTY, set("Ac Ad Ah")).err(),
            Some(EquityError::EmptyRange(1))
        );
        assert_eq!(
            Spot::new(&[r("AcAd"), r("AcAh,AcAs")], CardSet::EMPTY, CardSet::EMPTY).err(),
            Some(EquityError::NoDeal)
        );
        assert!(Spot::new(&two, set("2c 3c 4c"), set("2c")).is_err());
    }

    #[test]
    fn a_hand_sharing_a_card_names_it() {
        let error = |hands: &[&str], board, dead| {
            Spot::new(&ranges(hands), set(board), set(dead))
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert_eq!(
            error(&["AsKd", "QQ"], "As Qh 7c", ""),
            "AsKd and board AsQh7c share As"
        );
        assert_eq!(
            error(&["QQ", "AsKd"], "", "Kd"),
            "AsKd and dead cards Kd share Kd"
        );
        assert_eq!(
            error(&["AsKd", "8c8d", "KdQd"], "", ""),
            "AsKd and KdQd share Kd"
        );
    }

    #[test]
    fn ties_share_the_pot() {
        let mut tally = Tally::default();
        let v = |n| HandValue::new(n).unwrap_or_default();
        tally.record(&[v(5), v(9), v(9)], 2);
        tally.record(&[v(7), v(3), v(1)], 1);
        assert_eq!(&tally.win[..3], [1, 0, 0]);
        assert_eq!(&tally.tie[..3], [0, 2, 2]);
        assert_eq!(&tally.share[..3], [0, 2520, 2520]);
        assert_eq!(winners(&[v(4), v(8), v(2), v(8)]), 0b1010);
    }
}
