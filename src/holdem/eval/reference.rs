//! The reference ranker: the rules of hand ranking written to be read.
//!
//! Five cards are sorted high to low and matched against slice patterns,
//! one arm per category, the way the seed's Elixir ranks a hand. Each arm
//! gives the category and the tie-break ranks in the order they are
//! compared (the quads' rank before the kicker, and so on). The best hand
//! of six or seven cards is the best of every five-card subset. This is the
//! specification the fast evaluator is tested against, and it names the
//! five cards a player shows.

use crate::cards::{Card, Rank};

use super::Category;

/// A five-card hand's category and its tie-break ranks, most significant
/// first (unused places are `None`). Compared field by field, the stronger
/// hand is the greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Strength {
    /// The category.
    pub category: Category,
    /// The ranks that break ties within the category, in comparison order.
    pub ranks: [Option<Rank>; 5],
}

impl Strength {
    fn new(category: Category, tie_break: &[Rank]) -> Strength {
        let mut ranks = [None; 5];
        for (slot, &r) in ranks.iter_mut().zip(tie_break) {
            *slot = Some(r);
        }
        Strength { category, ranks }
    }
}

/// The high card of the straight that five ranks sorted high to low make,
/// if they make one. The wheel A-5-4-3-2 is a five-high straight.
fn straight_high(ranks: &[Rank; 5]) -> Option<Rank> {
    use Rank::{Ace, Five, Four, Three, Two};
    match ranks {
        [Ace, Five, Four, Three, Two] => Some(Five),
        [a, .., e] if a.index() == e.index() + 4 && ranks.windows(2).all(|w| w[0] != w[1]) => {
            Some(*a)
        }
        _ => None,
    }
}

/// Ranks five cards.
pub fn rank_five(cards: &[Card; 5]) -> Strength {
    use Category::*;
    let mut ranks = cards.map(Card::rank);
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let s = Strength::new;
    match (ranks, flush, straight_high(&ranks)) {
        (_, true, Some(high)) => s(StraightFlush, &[high]),
        ([a, _, _, d, e], ..) if a == d => s(FourOfAKind, &[a, e]),
        ([a, b, _, _, e], ..) if b == e => s(FourOfAKind, &[b, a]),
        ([a, _, c, d, e], ..) if a == c && d == e => s(FullHouse, &[a, d]),
        ([a, b, c, _, e], ..) if a == b && c == e => s(FullHouse, &[c, a]),
        (r, true, None) => s(Flush, &r),
        (_, false, Some(high)) => s(Straight, &[high]),
        ([a, _, c, d, e], ..) if a == c => s(ThreeOfAKind, &[a, d, e]),
        ([a, b, _, d, e], ..) if b == d => s(ThreeOfAKind, &[b, a, e]),
        ([a, b, c, _, e], ..) if c == e => s(ThreeOfAKind, &[c, a, b]),
        ([a, b, c, d, e], ..) if a == b && c == d => s(TwoPair, &[a, c, e]),
        ([a, b, c, d, e], ..) if a == b && d == e => s(TwoPair, &[a, d, c]),
        ([a, b, c, d, e], ..) if b == c && d == e => s(TwoPair, &[b, d, a]),
        ([a, b, c, d, e], ..) if a == b => s(OnePair, &[a, c, d, e]),
        ([a, b, c, d, e], ..) if b == c => s(OnePair, &[b, a, d, e]),
        ([a, b, c, d, e], ..) if c == d => s(OnePair, &[c, a, b, e]),
        ([a, b, c, d, e], ..) if d == e => s(OnePair, &[d, a, b, c]),
        (r, ..) => s(HighCard, &r),
    }
}

/// The best five of five, six or seven cards, with its strength, the cards
/// ordered as they are compared (the pair before the kickers, a wheel's ace
/// last, suits spades first within a rank).
///
/// # Panics
/// If `cards` holds fewer than five cards.
pub fn best_of(cards: &[Card]) -> (Strength, [Card; 5]) {
    assert!(cards.len() >= 5, "a poker hand needs five cards");
    let mut best: Option<(Strength, [Card; 5])> = None;
    for_each_five(cards, |five| {
        let strength = rank_five(&five);
        if best.is_none_or(|(b, _)| strength > b) {
            best = Some((strength, five));
        }
    });
    let (strength, mut five) = best.unwrap_or_else(|| unreachable!("at least one subset"));
    let wheel = matches!(
        strength.category,
        Category::Straight | Category::StraightFlush
    ) && strength.ranks[0] == Some(Rank::Five);
    let order = |c: &Card| {
        let copies = five.iter().filter(|d| d.rank() == c.rank()).count();
        let rank = if wheel && c.rank() == Rank::Ace {
            0
        } else {
            c.rank().index() + 1
        };
        (copies, rank, c.suit())
    };
    let keys = five.map(|c| order(&c));
    let mut idx = [0, 1, 2, 3, 4];
    idx.sort_by(|&i, &j| keys[j].cmp(&keys[i]));
    five = idx.map(|i| five[i]);
    (strength, five)
}

/// Calls `f` with every five-card subset of `cards`, in order.
fn for_each_five(cards: &[Card], mut f: impl FnMut([Card; 5])) {
    let n = cards.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        f([cards[a], cards[b], cards[c], cards[d], cards[e]]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn strength(text: &str) -> Strength {
        let cards = parse_cards(text).unwrap_or_default();
        best_of(&cards).0
    }

    #[test]
    fn names_every_category() {
        let cases = [
            ("As Ks Qs Js Ts", Category::StraightFlush),
            ("5d 4d 3d 2d Ad", Category::StraightFlush),
            ("9c 9d 9h 9s 2c", Category::FourOfAKind),
            ("2c 2d 2h 9s 9c", Category::FullHouse),
            ("Ah 9h 7h 4h 2h", Category::Flush),
            ("5c 4d 3h 2s Ac", Category::Straight),
            ("Tc Jd Qh Ks Ac", Category::Straight),
            ("7c 7d 7h Ks 2c", Category::ThreeOfAKind),
            ("Kc Kd 7h 7s Ac", Category::TwoPair),
            ("Kc Kd 7h 6s Ac", Category::OnePair),
            ("Kc Qd 7h 6s 2c", Category::HighCard),
            ("Kc Qd Jh Ts 8c", Category::HighCard),
            ("Ac Kd 4h 3s 2c", Category::HighCard),
        ];
        for (text, want) in cases {
            assert_eq!(strength(text).category, want, "{text}");
        }
    }

    #[test]
    fn kickers_and_the_wheel_order_hands() {
        let ordered = [
            "Ac Kd 4h 3s 2c",
            "Ac Kd 5h 3s 2c",
            "2c 2d Ah Ks Qc",
            "3c 3d 4h 5s 6c",
            "3c 3d 2h 2s Ac",
            "4c 4d 2h 2s 3c",
            "2c 2d 2h As Kc",
            "5c 4d 3h 2s Ac",
            "6c 5d 4h 3s 2c",
            "Ac Kd Qh Js Tc",
            "7h 5h 4h 3h 2h",
            "2c 2d 2h 3s 3c",
            "2c 2d 2h 2s 3c",
            "5d 4d 3d 2d Ad",
            "6d 5d 4d 3d 2d",
        ];
        for w in ordered.windows(2) {
            assert!(strength(w[0]) < strength(w[1]), "{} < {}", w[0], w[1]);
        }
        assert_eq!(strength("Ac Kd 4h 3s 2c"), strength("As Kh 4d 3c 2s"));
    }

    #[test]
    fn best_five_of_seven_in_comparison_order() {
        let cards = parse_cards("7h As Kd 2c 7c Ks 3d").unwrap_or_default();
        let (s, five) = best_of(&cards);
        assert_eq!(s.category, Category::TwoPair);
        let shown: Vec<String> = five.iter().map(Card::to_string).collect();
        assert_eq!(shown, ["Ks", "Kd", "7h", "7c", "As"]);
        let wheel = parse_cards("Ah 2c 3d 4s 5h Kc Kd").unwrap_or_default();
        let (s, five) = best_of(&wheel);
        assert_eq!(s.category, Category::Straight);
        let shown: Vec<String> = five.iter().map(Card::to_string).collect();
        assert_eq!(shown, ["5h", "4s", "3d", "2c", "Ah"]);
    }
}
