//! What a bidder counts in a hand: high-card points (A 4, K 3, Q 2, J 1),
//! suit lengths, whether it is balanced, and the controls and keycards
//! slam bidding asks about.

use crate::bridge::contract::Strain;
use crate::cards::{CardSet, Rank, Suit};

/// The figures of one hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hand {
    /// The cards.
    pub cards: CardSet,
    /// High-card points.
    pub hcp: u8,
    /// Length of each suit, clubs … spades.
    pub len: [u8; 4],
}

/// The high-card points of one card.
pub fn card_points(rank: Rank) -> u8 {
    match rank {
        Rank::Ace => 4,
        Rank::King => 3,
        Rank::Queen => 2,
        Rank::Jack => 1,
        _ => 0,
    }
}

impl Hand {
    /// The figures of `cards`.
    pub fn new(cards: CardSet) -> Hand {
        let hcp = cards.iter().map(|c| card_points(c.rank())).sum();
        let len = Suit::ALL.map(|s| cards.of_suit(s).len() as u8);
        Hand { cards, hcp, len }
    }

    /// The length of `suit`.
    pub fn len_of(&self, suit: Suit) -> u8 {
        self.len[suit.index()]
    }

    /// No singleton or void, at most one doubleton: 4-3-3-3, 4-4-3-2,
    /// 5-3-3-2.
    pub fn balanced(&self) -> bool {
        let mut l = self.len;
        l.sort_unstable();
        l[0] >= 2 && l[1] >= 3
    }

    /// High-card points plus a point for each card over four in a suit
    /// (the opener's and overcaller's count).
    pub fn points(&self) -> u8 {
        self.hcp + self.len.iter().map(|&l| l.saturating_sub(4)).sum::<u8>()
    }

    /// High-card points plus shortness with a trump fit (a raiser's count:
    /// void 3, singleton 2, doubleton 1 outside trumps).
    pub fn support_points(&self, trump: Suit) -> u8 {
        let short: u8 = Suit::ALL
            .iter()
            .filter(|&&s| s != trump)
            .map(|&s| match self.len_of(s) {
                0 => 3,
                1 => 2,
                2 => 1,
                _ => 0,
            })
            .sum();
        self.hcp + short
    }

    /// Keycards for `strain`'s trump: the four aces and the trump king.
    pub fn keycards(&self, strain: Strain) -> u8 {
        let aces = Suit::ALL
            .iter()
            .filter(|&&s| self.holds(s, Rank::Ace))
            .count() as u8;
        let king = strain.trump().is_some_and(|t| self.holds(t, Rank::King));
        aces + u8::from(king)
    }

    /// Whether the hand holds the trump queen.
    pub fn trump_queen(&self, strain: Strain) -> bool {
        strain.trump().is_some_and(|t| self.holds(t, Rank::Queen))
    }

    /// Whether the hand holds this card.
    pub fn holds(&self, suit: Suit, rank: Rank) -> bool {
        self.cards.contains(crate::cards::Card::new(rank, suit))
    }

    /// The longest suit, the higher of equals (`prefer_low`: the lower).
    pub fn longest(&self, prefer_low: bool) -> Suit {
        let mut best = if prefer_low {
            Suit::Clubs
        } else {
            Suit::Spades
        };
        let order: Vec<Suit> = if prefer_low {
            Suit::ALL.to_vec()
        } else {
            Suit::ALL.iter().rev().copied().collect()
        };
        for s in order {
            if self.len_of(s) > self.len_of(best) {
                best = s;
            }
        }
        best
    }

    /// A stopper in `suit` for no trump: A, Kx, Qxx or Jxxx.
    pub fn stopper(&self, suit: Suit) -> bool {
        let l = self.len_of(suit);
        self.holds(suit, Rank::Ace)
            || self.holds(suit, Rank::King) && l >= 2
            || self.holds(suit, Rank::Queen) && l >= 3
            || self.holds(suit, Rank::Jack) && l >= 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;

    fn hand(s: &str) -> Hand {
        Hand::new(parse_hand(s).unwrap_or_else(|e| panic!("{e}")))
    }

    #[test]
    fn points_lengths_and_shape() {
        // ♠AKJ5 ♥Q93 ♦K72 ♣Q84: 15 points, 4-3-3-3.
        let h = hand("AKJ5.Q93.K72.Q84");
        assert_eq!(h.hcp, 15);
        assert_eq!(h.len, [3, 3, 3, 4]);
        assert!(h.balanced());
        assert!(hand("AKJ53.Q9.K72.J84").balanced(), "5-3-3-2");
        assert!(!hand("AKJ53.Q.K72.J843").balanced(), "a singleton");
        assert!(!hand("AKJ5.Q9.K7.J8432").balanced(), "two doubletons");
        assert_eq!(hand("AKJ53.Q.K72.J843").hcp, 14);
        assert_eq!(hand("AKJ53.Q.K72.J843").points(), 15);
        assert_eq!(hand("AKJ53.Q.K72.J843").support_points(Suit::Spades), 16);
        assert_eq!(hand("AKJ53.Q.K72.J843").keycards(Strain::Spades), 2);
        assert_eq!(hand("AKJ53.Q.K72.J843").keycards(Strain::Diamonds), 2);
        assert!(hand("AKJ53.Q.K72.J843").stopper(Suit::Diamonds));
        assert!(!hand("AKJ53.Q.K72.J843").stopper(Suit::Hearts));
        assert_eq!(hand("AKJ53.Q.K72.J843").longest(false), Suit::Spades);
        assert_eq!(hand("AKJ5.Q.K732.J843").longest(true), Suit::Clubs);
    }
}
