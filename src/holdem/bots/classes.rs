//! The 169 starting-hand classes: two hole cards up to suits (`AA`, `AKs`,
//! `K7o`). A class is a number in 0..169 laid out on the usual 13 × 13
//! chart: row `high`, column `low` for a suited hand, the other way round
//! for an offsuit one, the diagonal for pairs. Preflop ranges and the
//! push/fold tables are per class.

use std::fmt;

use crate::cards::{Card, Rank, Suit};

/// How many classes there are.
pub const CLASSES: usize = 169;

/// A starting-hand class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Class(u8);

impl Class {
    /// The class numbered `i` (below [`CLASSES`]).
    pub const fn from_index(i: usize) -> Class {
        assert!(i < CLASSES);
        Class(i as u8)
    }

    /// This class's number in 0..169.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The class of two hole cards.
    pub fn of(hole: [Card; 2]) -> Class {
        let (a, b) = (hole[0].rank().index(), hole[1].rank().index());
        let (high, low) = (a.max(b), a.min(b));
        Class::with(high, low, hole[0].suit() == hole[1].suit())
    }

    /// The class of these rank numbers (0 = deuce), the higher first.
    fn with(high: usize, low: usize, suited: bool) -> Class {
        let i = if suited || high == low {
            high * 13 + low
        } else {
            low * 13 + high
        };
        Class(i as u8)
    }

    /// Every class, in index order.
    pub fn all() -> impl Iterator<Item = Class> {
        (0..CLASSES).map(|i| Class(i as u8))
    }

    /// The higher rank and the lower (equal for a pair).
    pub fn ranks(self) -> (Rank, Rank) {
        let (row, col) = (self.index() / 13, self.index() % 13);
        let (high, low) = (row.max(col), row.min(col));
        (Rank::from_index(high as u8), Rank::from_index(low as u8))
    }

    /// A pocket pair.
    pub fn is_pair(self) -> bool {
        self.index() / 13 == self.index() % 13
    }

    /// Two cards of one suit.
    pub fn is_suited(self) -> bool {
        self.index() / 13 > self.index() % 13
    }

    /// How many two-card combinations it has: 6, 4 or 12.
    pub fn combos(self) -> usize {
        if self.is_pair() {
            6
        } else if self.is_suited() {
            4
        } else {
            12
        }
    }

    /// Its combinations, each with the higher card first.
    pub fn hands(self) -> Vec<[Card; 2]> {
        let (high, low) = self.ranks();
        let mut out = Vec::with_capacity(self.combos());
        for (i, &s) in Suit::ALL.iter().enumerate() {
            for (j, &t) in Suit::ALL.iter().enumerate() {
                let keep = if self.is_pair() {
                    i < j
                } else if self.is_suited() {
                    i == j
                } else {
                    i != j
                };
                if keep {
                    out.push([Card::new(high, s), Card::new(low, t)]);
                }
            }
        }
        out
    }

    /// The gap between the ranks (0 for a pair or connectors' 1).
    pub fn gap(self) -> usize {
        let (h, l) = self.ranks();
        h.index() - l.index()
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (high, low) = self.ranks();
        let tail = if self.is_pair() {
            ""
        } else if self.is_suited() {
            "s"
        } else {
            "o"
        };
        write!(f, "{}{}{tail}", high.letter(), low.letter())
    }
}

impl std::str::FromStr for Class {
    type Err = String;

    /// `AKs`, `K7o`, `99` (a pair needs no letter; a non-pair needs one).
    fn from_str(s: &str) -> Result<Class, String> {
        let bad = || format!("'{s}' is not a starting hand like AKs, K7o or 99");
        let chars: Vec<char> = s.trim().chars().collect();
        let rank = |c: &char| Rank::from_char(*c).map(Rank::index).ok_or_else(bad);
        let (a, b, tail) = match chars.as_slice() {
            [a, b] => (rank(a)?, rank(b)?, None),
            [a, b, t] => (rank(a)?, rank(b)?, Some(t.to_ascii_lowercase())),
            _ => return Err(bad()),
        };
        let (high, low) = (a.max(b), a.min(b));
        match (high == low, tail) {
            (true, None) => Ok(Class::with(high, low, false)),
            (false, Some('s')) => Ok(Class::with(high, low, true)),
            (false, Some('o')) => Ok(Class::with(high, low, false)),
            _ => Err(bad()),
        }
    }
}

/// Combinations of two cards from 52: the index of a two-card hand in
/// 0..1326, and back.
pub mod combo {
    use crate::cards::Card;

    /// How many two-card hands there are.
    pub const COUNT: usize = 1326;

    /// The index of the hand `{a, b}` (any order).
    pub fn index(a: Card, b: Card) -> usize {
        let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
        hi * (hi - 1) / 2 + lo
    }

    /// Every two-card hand, by index.
    pub fn all() -> &'static [[Card; 2]; COUNT] {
        static ALL: std::sync::OnceLock<[[Card; 2]; COUNT]> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            let first = Card::from_index(0).unwrap_or_else(|| unreachable!());
            let mut out = [[first; 2]; COUNT];
            for hi in 1..52u8 {
                for lo in 0..hi {
                    let (a, b) = (Card::from_index(hi), Card::from_index(lo));
                    if let (Some(a), Some(b)) = (a, b) {
                        out[index(a, b)] = [a, b];
                    }
                }
            }
            out
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn hole(s: &str) -> [Card; 2] {
        let v = parse_cards(s).expect("cards");
        [v[0], v[1]]
    }

    #[test]
    fn classes_name_and_count_their_hands() {
        assert_eq!(Class::of(hole("Ah Ad")).to_string(), "AA");
        assert_eq!(Class::of(hole("Ks Ac")).to_string(), "AKo");
        assert_eq!(Class::of(hole("7d Kd")).to_string(), "K7s");
        assert_eq!(Class::of(hole("2c 7h")).to_string(), "72o");
        let total: usize = Class::all().map(Class::combos).sum();
        assert_eq!(total, 1326);
        for c in Class::all() {
            let hands = c.hands();
            assert_eq!(hands.len(), c.combos(), "{c}");
            assert!(hands.iter().all(|&h| Class::of(h) == c), "{c}");
            assert_eq!(c.to_string().parse::<Class>(), Ok(c));
        }
        assert_eq!(Class::all().filter(|c| c.is_pair()).count(), 13);
        assert_eq!(Class::all().filter(|c| c.is_suited()).count(), 78);
        assert!("AAs".parse::<Class>().is_err());
        assert!("AK".parse::<Class>().is_err());
        assert!("A1o".parse::<Class>().is_err());
    }

    #[test]
    fn combo_indices_are_a_bijection() {
        let all = combo::all();
        let mut seen = vec![false; combo::COUNT];
        for a in Card::all() {
            for b in Card::all().filter(|&b| b != a) {
                let i = combo::index(a, b);
                assert_eq!(i, combo::index(b, a));
                let [x, y] = all[i];
                assert!((x, y) == (a, b) || (x, y) == (b, a));
                seen[i] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
