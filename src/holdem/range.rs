//! Hand ranges in the usual notation: `QQ+`, `AKs`, `AQo+`, `KTs+`,
//! `T9s-65s`, `99-66`, `AK` (suited and offsuit), exact cards `AsKs`,
//! `random`, and comma-separated lists of these. A range is the set of
//! two-card combinations it names.

use std::fmt;

use crate::cards::{Card, CardSet, Rank, Suit, parse_distinct};

/// Why a range could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RangeError {
    /// A part of the range that is not range notation.
    #[error("'{0}' is not a hand or range (expected e.g. AsKs, QQ+, AKs, AQo+, T9s-65s, random)")]
    Malformed(String),
    /// A part naming a pair as suited, or two ranks as a pair.
    #[error("'{0}' is not a possible hand")]
    Impossible(String),
}

/// Two hole cards, the higher card first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Combo(Card, Card);

impl Combo {
    /// The combo of two different cards, in either order.
    pub fn new(a: Card, b: Card) -> Combo {
        debug_assert_ne!(a, b);
        if a > b { Combo(a, b) } else { Combo(b, a) }
    }

    /// The two cards, higher first.
    pub const fn cards(self) -> [Card; 2] {
        [self.0, self.1]
    }

    /// The two cards as a set.
    pub fn set(self) -> CardSet {
        CardSet::single(self.0) | CardSet::single(self.1)
    }
}

impl fmt::Display for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0, self.1)
    }
}

/// A set of two-card combinations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    combos: Vec<Combo>,
}

/// Which of the combos of two ranks a part names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Suitedness {
    Suited,
    Offsuit,
    Any,
}

/// One rank pair with a suitedness: `AKs`, `QQ`, `T9`.
#[derive(Debug, Clone, Copy)]
struct Shape {
    high: Rank,
    low: Rank,
    suited: Suitedness,
}

impl Range {
    /// Reads a range (see the module doc).
    pub fn parse(text: &str) -> Result<Range, RangeError> {
        let mut combos = Vec::new();
        for part in text.split(',').map(str::trim) {
            combos.extend(parse_part(part)?);
        }
        combos.sort_unstable();
        combos.dedup();
        Ok(Range { combos })
    }

    /// Every two-card combination: 1,326.
    pub fn random() -> Range {
        let cards: Vec<Card> = Card::all().collect();
        let mut combos = Vec::with_capacity(1326);
        for (i, &a) in cards.iter().enumerate() {
            for &b in &cards[i + 1..] {
                combos.push(Combo::new(a, b));
            }
        }
        Range { combos }
    }

    /// The range of one exact hand.
    pub fn exact(combo: Combo) -> Range {
        Range {
            combos: vec![combo],
        }
    }

    /// The combinations, sorted.
    pub fn combos(&self) -> &[Combo] {
        &self.combos
    }

    /// How many combinations.
    pub fn len(&self) -> usize {
        self.combos.len()
    }

    /// True when the range names no combination.
    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }

    /// The combinations that use none of `cards`.
    pub fn without(&self, cards: CardSet) -> Range {
        Range {
            combos: self
                .combos
                .iter()
                .copied()
                .filter(|c| c.set().is_disjoint(cards))
                .collect(),
        }
    }
}

/// One comma-separated part of a range.
fn parse_part(part: &str) -> Result<Vec<Combo>, RangeError> {
    let malformed = || RangeError::Malformed(part.to_string());
    if part.eq_ignore_ascii_case("random") {
        return Ok(Range::random().combos);
    }
    if let Ok(cards) = parse_distinct(part) {
        return match cards[..] {
            [a, b] => Ok(vec![Combo::new(a, b)]),
            _ => Err(malformed()),
        };
    }
    let shapes: Vec<Shape> = if let Some(base) = part.strip_suffix('+') {
        let shape = parse_shape(base, part)?;
        if shape.high == shape.low {
            // QQ+: QQ, KK, AA.
            (shape.high.index()..13)
                .map(|r| {
                    let r = Rank::from_index(r as u8);
                    Shape {
                        high: r,
                        low: r,
                        ..shape
                    }
                })
                .collect()
        } else {
            // KTs+: KTs, KJs, KQs.
            (shape.low.index()..shape.high.index())
                .map(|r| Shape {
                    low: Rank::from_index(r as u8),
                    ..shape
                })
                .collect()
        }
    } else if let Some((from, to)) = part.split_once('-') {
        let (a, b) = (parse_shape(from, part)?, parse_shape(to, part)?);
        shape_span(a, b).ok_or_else(malformed)?
    } else {
        vec![parse_shape(part, part)?]
    };
    Ok(shapes.into_iter().flat_map(combos_of).collect())
}

/// The shapes from `a` down to `b`: pairs (`99-66`), a fixed top card with
/// the kicker running (`KTs-K7s`), or both ranks stepping together
/// (`T9s-65s`).
fn shape_span(a: Shape, b: Shape) -> Option<Vec<Shape>> {
    let (a, b) = if a.high >= b.high && a.low >= b.low {
        (a, b)
    } else {
        (b, a)
    };
    if a.suited != b.suited {
        return None;
    }
    let step = |hi: usize, lo: usize| Shape {
        high: Rank::from_index(hi as u8),
        low: Rank::from_index(lo as u8),
        suited: a.suited,
    };
    let (ah, al, bh, bl) = (a.high.index(), a.low.index(), b.high.index(), b.low.index());
    if ah == al && bh == bl {
        Some((bh..=ah).map(|r| step(r, r)).collect())
    } else if ah == bh && al != ah && bl != bh {
        Some((bl..=al).map(|lo| step(ah, lo)).collect())
    } else if ah - al == bh - bl && al != ah {
        Some((0..=ah - bh).map(|d| step(bh + d, bl + d)).collect())
    } else {
        None
    }
}

/// `AKs`, `AKo`, `AK`, `QQ`.
fn parse_shape(text: &str, part: &str) -> Result<Shape, RangeError> {
    let chars: Vec<char> = text.trim().chars().collect();
    let malformed = || RangeError::Malformed(part.to_string());
    let (r1, r2, suited) = match chars[..] {
        [a, b] => (a, b, Suitedness::Any),
        [a, b, 's' | 'S'] => (a, b, Suitedness::Suited),
        [a, b, 'o' | 'O'] => (a, b, Suitedness::Offsuit),
        _ => return Err(malformed()),
    };
    let r1 = Rank::from_char(r1).ok_or_else(malformed)?;
    let r2 = Rank::from_char(r2).ok_or_else(malformed)?;
    if r1 == r2 && suited == Suitedness::Suited {
        return Err(RangeError::Impossible(part.to_string()));
    }
    Ok(Shape {
        high: r1.max(r2),
        low: r1.min(r2),
        suited,
    })
}

/// The combos of one shape: 6 for a pair, 4 suited, 12 offsuit, 16 any.
fn combos_of(shape: Shape) -> Vec<Combo> {
    let mut out = Vec::new();
    for s1 in Suit::ALL {
        for s2 in Suit::ALL {
            let a = Card::new(shape.high, s1);
            let b = Card::new(shape.low, s2);
            let keep = if shape.high == shape.low {
                s1 < s2
            } else {
                match shape.suited {
                    Suitedness::Suited => s1 == s2,
                    Suitedness::Offsuit => s1 != s2,
                    Suitedness::Any => true,
                }
            };
            if keep {
                out.push(Combo::new(a, b));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> usize {
        Range::parse(text).map(|r| r.len()).unwrap_or(usize::MAX)
    }

    #[test]
    fn combo_counts() {
        let cases = [
            ("AA", 6),
            ("AKs", 4),
            ("AKo", 12),
            ("AK", 16),
            ("QQ+", 18),
            ("22+", 78),
            ("AQo+", 24),
            ("KTs+", 12),
            ("T9s-65s", 20),
            ("99-66", 24),
            ("KTo-K7o", 48),
            ("AsKs", 1),
            ("random", 1326),
            ("AA, KK, AKs", 16),
            ("QQ+,AKs,AKo", 34),
            ("AA,AA,AcAd", 6),
            ("As Ks", 1),
        ];
        for (text, want) in cases {
            assert_eq!(count(text), want, "{text}");
        }
        assert_eq!(Range::parse("T9s-65s"), Range::parse("65s-T9s"));
    }

    #[test]
    fn names_the_right_cards() {
        let r = Range::parse("KTs+").unwrap_or_else(|_| Range::random());
        assert!(r.combos().iter().all(|c| {
            let [a, b] = c.cards();
            a.rank() == Rank::King && b.rank() >= Rank::Ten && a.suit() == b.suit()
        }));
        let r = Range::parse("AsKs").unwrap_or_else(|_| Range::random());
        assert_eq!(r.combos()[0].to_string(), "AsKs");
        let r = Range::parse("QQ").unwrap_or_else(|_| Range::random());
        let dead = CardSet::parse("Qs").unwrap_or_default();
        assert_eq!(r.without(dead).len(), 3);
    }

    #[test]
    fn rejects_malformed_ranges() {
        for text in [
            "", "A", "AKx", "AAs", "QQ+s", "T9s-65o", "AKs-T8s", "AsAs", "AsKsQs", "XX", "AK,,QQ",
            "A-K",
        ] {
            assert!(Range::parse(text).is_err(), "{text} should fail");
        }
    }
}
