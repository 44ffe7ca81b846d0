//! Four-hand bridge deals: dealing 13 cards to each of North, East, South
//! and West with the shared dealer, board numbering (dealer and
//! vulnerability by board), and the PBN, diagram and JSON forms.

mod format;

use rand::Rng;
use serde::Serialize;

use crate::cards::{Card, CardSet, DealError, Dealer};

pub use format::{diagram, pbn_deal, pbn_record};

/// A compass seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Direction {
    /// North
    #[serde(rename = "N")]
    North,
    /// East
    #[serde(rename = "E")]
    East,
    /// South
    #[serde(rename = "S")]
    South,
    /// West
    #[serde(rename = "W")]
    West,
}

impl Direction {
    /// Clockwise from North.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// `N E S W`.
    pub const fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }

    /// The next seat clockwise.
    pub const fn next(self) -> Direction {
        Direction::ALL[(self as usize + 1) % 4]
    }
}

/// Who is vulnerable, by the PBN names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Vulnerability {
    /// Neither side.
    None,
    /// North–South.
    NS,
    /// East–West.
    EW,
    /// Both sides.
    All,
}

impl Vulnerability {
    /// The PBN spelling.
    pub const fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::All => "All",
        }
    }
}

/// One deal: a board number and four hands of 13.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BridgeDeal {
    /// Board number, from 1.
    pub board: u32,
    /// North, East, South, West.
    pub hands: [CardSet; 4],
}

impl BridgeDeal {
    /// The dealer of this board: board 1 North, 2 East, 3 South, 4 West, …
    pub fn dealer(&self) -> Direction {
        Direction::ALL[((self.board.max(1) - 1) % 4) as usize]
    }

    /// The standard vulnerability of this board (the 16-board cycle).
    pub fn vulnerability(&self) -> Vulnerability {
        use Vulnerability::*;
        const CYCLE: [Vulnerability; 16] = [
            None, NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW,
        ];
        CYCLE[((self.board.max(1) - 1) % 16) as usize]
    }

    /// The hand of one seat.
    pub fn hand(&self, seat: Direction) -> CardSet {
        self.hands[seat as usize]
    }
}

/// Deals one board: four hands of 13 from `dealer`, North first.
pub fn deal<R: Rng>(dealer: &mut Dealer<Card, R>, board: u32) -> Result<BridgeDeal, DealError> {
    let mut hands = [CardSet::EMPTY; 4];
    for hand in &mut hands {
        *hand = dealer.deal_n(13)?.into_iter().collect();
    }
    Ok(BridgeDeal { board, hands })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::standard_deck;
    use crate::game::rng_from_seed;

    #[test]
    fn deals_four_disjoint_hands_of_thirteen() {
        let mut dealer = standard_deck().dealer(rng_from_seed(42));
        for board in 1..=20 {
            let d = deal(&mut dealer, board).unwrap_or_else(|e| panic!("{e}"));
            let all = d.hands.iter().fold(CardSet::EMPTY, |acc, h| acc | *h);
            assert_eq!(all, CardSet::FULL);
            assert!(d.hands.iter().all(|h| h.len() == 13));
        }
        assert_eq!(dealer.shuffles(), 20);
    }

    #[test]
    fn board_rotation() {
        let d = |board| BridgeDeal {
            board,
            hands: [CardSet::EMPTY; 4],
        };
        assert_eq!(d(1).dealer(), Direction::North);
        assert_eq!(d(6).dealer(), Direction::East);
        assert_eq!(d(1).vulnerability(), Vulnerability::None);
        assert_eq!(d(4).vulnerability(), Vulnerability::All);
        assert_eq!(d(13).vulnerability(), Vulnerability::All);
        assert_eq!(d(17).vulnerability(), Vulnerability::None);
    }
}
