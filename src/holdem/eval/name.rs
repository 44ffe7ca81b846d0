//! A poker hand in words: "two pair, kings and sevens, ace kicker",
//! "pair of queens, ace-king-nine kickers", "full house, tens full of
//! fours", named from the best five cards by the reference ranker.

use crate::cards::{Card, Rank};

use super::Category;
use super::reference::rank_five;

/// The name of five cards as a hand: the category and the ranks that
/// decide it, kickers included ("flush, ace high", "straight, five high",
/// "four of a kind, nines, king kicker", "royal flush").
pub fn name_five(five: &[Card; 5]) -> String {
    let strength = rank_five(five);
    let r: Vec<Rank> = strength.ranks.iter().flatten().copied().collect();
    let at = |i: usize| r.get(i).copied().unwrap_or(Rank::Two);
    let kickers = |from: usize| {
        let rest: Vec<&str> = r.iter().skip(from).map(|&k| one(k)).collect();
        match rest.len() {
            0 => String::new(),
            1 => format!(", {} kicker", rest[0]),
            _ => format!(", {} kickers", rest.join("-")),
        }
    };
    match strength.category {
        Category::StraightFlush if at(0) == Rank::Ace => "royal flush".into(),
        Category::StraightFlush => format!("straight flush, {} high", one(at(0))),
        Category::FourOfAKind => format!("four of a kind, {}{}", many(at(0)), kickers(1)),
        Category::FullHouse => format!("full house, {} full of {}", many(at(0)), many(at(1))),
        Category::Flush => format!("flush, {} high", one(at(0))),
        Category::Straight => format!("straight, {} high", one(at(0))),
        Category::ThreeOfAKind => format!("three of a kind, {}{}", many(at(0)), kickers(1)),
        Category::TwoPair => format!(
            "two pair, {} and {}{}",
            many(at(0)),
            many(at(1)),
            kickers(2)
        ),
        Category::OnePair => format!("pair of {}{}", many(at(0)), kickers(1)),
        Category::HighCard => format!("{} high{}", one(at(0)), kickers(1)),
    }
}

/// "ace", "seven".
fn one(rank: Rank) -> &'static str {
    [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
        "king", "ace",
    ][rank.index()]
}

/// "aces", "sixes".
fn many(rank: Rank) -> &'static str {
    [
        "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
        "queens", "kings", "aces",
    ][rank.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn name(text: &str) -> String {
        let cards = parse_cards(text).unwrap_or_default();
        let five: [Card; 5] = cards.try_into().unwrap_or_else(|_| panic!("{text}"));
        name_five(&five)
    }

    #[test]
    fn names_every_category() {
        let cases = [
            ("As Ks Qs Js Ts", "royal flush"),
            ("9h 8h 7h 6h 5h", "straight flush, nine high"),
            ("5d 4d 3d 2d Ad", "straight flush, five high"),
            ("9c 9d 9h 9s Kc", "four of a kind, nines, king kicker"),
            ("Tc Td Th 4s 4c", "full house, tens full of fours"),
            ("4c 4d 4h Ts Tc", "full house, fours full of tens"),
            ("Ah 9h 7h 4h 2h", "flush, ace high"),
            ("9c 8d 7h 6s 5c", "straight, nine high"),
            ("5c 4d 3h 2s Ac", "straight, five high"),
            ("Ac Kd Qh Js Tc", "straight, ace high"),
            (
                "7c 7d 7h Ks 2c",
                "three of a kind, sevens, king-two kickers",
            ),
            ("Kc Kd 7h 7s Ac", "two pair, kings and sevens, ace kicker"),
            ("Qc Qd Ah Ks 9c", "pair of queens, ace-king-nine kickers"),
            ("6c 6d Ah Ks 9c", "pair of sixes, ace-king-nine kickers"),
            ("Ac Kd 9h 7s 4c", "ace high, king-nine-seven-four kickers"),
        ];
        for (text, want) in cases {
            assert_eq!(name(text), want, "{text}");
        }
    }

    #[test]
    fn the_order_of_the_cards_does_not_matter() {
        assert_eq!(
            name("7s Ac Kd 7h Kc"),
            "two pair, kings and sevens, ace kicker"
        );
        assert_eq!(name("4s Tc 4c Th Td"), "full house, tens full of fours");
        assert_eq!(name("2c Ks 7d 7h 7c"), name("7c 7d 7h Ks 2c"));
    }

    #[test]
    fn kickers_tell_hands_apart_and_ties_share_a_name() {
        assert_ne!(name("Qc Qd Ah Ks 9c"), name("Qh Qs Ad Kc 8c"));
        assert_ne!(name("Kc Kd 7h 7s Ac"), name("Kh Ks 7c 7d Qc"));
        assert_ne!(name("Ac Kd 9h 7s 4c"), name("Ad Kc 9s 7h 3c"));
        assert_eq!(name("Kc Kd 7h 7s Ac"), name("Kh Ks 7c 7d Ad"));
        assert_eq!(name("Ac Kd 9h 7s 4c"), name("Ad Kh 9c 7d 4s"));
    }
}
