//! The board: the four seats and the two sides, who deals and who is
//! vulnerable on each board number (the duplicate rotation), and a deal of
//! four hands of thirteen.

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardSet, DealError, Dealer};

/// A compass seat, clockwise from North; the number is the seat's index
/// everywhere (hands, the runner's seats).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
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

    /// The seat numbered `i` (taken modulo 4).
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i % 4]
    }

    /// 0 North … 3 West.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `N E S W`.
    pub const fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }

    /// `North` … `West`.
    pub const fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self as usize]
    }

    /// The next seat clockwise (the left-hand opponent).
    pub const fn next(self) -> Direction {
        Direction::ALL[(self as usize + 1) % 4]
    }

    /// The seat `k` places clockwise.
    pub const fn step(self, k: usize) -> Direction {
        Direction::ALL[(self as usize + k) % 4]
    }

    /// The partner, across the table.
    pub const fn partner(self) -> Direction {
        Direction::ALL[(self as usize + 2) % 4]
    }

    /// North-South or East-West.
    pub const fn side(self) -> Side {
        if (self as usize).is_multiple_of(2) {
            Side::NS
        } else {
            Side::EW
        }
    }

    /// The seat named by one letter (`N E S W`, any case).
    pub fn from_char(c: char) -> Option<Direction> {
        Some(match c.to_ascii_uppercase() {
            'N' => Direction::North,
            'E' => Direction::East,
            'S' => Direction::South,
            'W' => Direction::West,
            _ => return None,
        })
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Direction {
    type Err = String;

    /// `N`, `north`, any case.
    fn from_str(s: &str) -> Result<Direction, String> {
        let t = s.trim();
        Direction::ALL
            .into_iter()
            .find(|d| t.eq_ignore_ascii_case(d.name()) || t.eq_ignore_ascii_case(&d.to_string()))
            .ok_or_else(|| format!("'{t}' is not a seat (expected N, E, S or W)"))
    }
}

/// A partnership.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// North and South.
    NS,
    /// East and West.
    EW,
}

impl Side {
    /// 0 for North-South, 1 for East-West.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::NS => Side::EW,
            Side::EW => Side::NS,
        }
    }

    /// `NS` or `EW`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::NS => "NS",
            Side::EW => "EW",
        }
    }
}

/// Who is vulnerable, by the PBN names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// All four, as the command line names them.
    pub const ALL: [Vulnerability; 4] = [
        Vulnerability::None,
        Vulnerability::NS,
        Vulnerability::EW,
        Vulnerability::All,
    ];

    /// The PBN spelling.
    pub const fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::All => "All",
        }
    }

    /// Whether `side` is vulnerable.
    pub const fn of(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Vulnerability::All, _) | (Vulnerability::NS, Side::NS) | (Vulnerability::EW, Side::EW)
        )
    }

    /// The standard vulnerability of board `board` (the 16-board cycle).
    pub const fn of_board(board: u32) -> Vulnerability {
        use Vulnerability::*;
        const CYCLE: [Vulnerability; 16] = [
            None, NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW,
        ];
        CYCLE[((if board == 0 { 1 } else { board } - 1) % 16) as usize]
    }
}

impl FromStr for Vulnerability {
    type Err = String;

    /// `none`, `ns`, `ew`, `all`, any case (PBN's `Love`, `-` and `Both`
    /// too).
    fn from_str(s: &str) -> Result<Vulnerability, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "love" | "-" => Ok(Vulnerability::None),
            "ns" => Ok(Vulnerability::NS),
            "ew" => Ok(Vulnerability::EW),
            "all" | "both" => Ok(Vulnerability::All),
            _ => Err(format!(
                "'{}' is not a vulnerability (expected none, ns, ew or all)",
                s.trim()
            )),
        }
    }
}

/// The dealer of board `board`: board 1 North, 2 East, 3 South, 4 West, …
pub const fn dealer_of_board(board: u32) -> Direction {
    Direction::from_index(((if board == 0 { 1 } else { board }) - 1) as usize % 4)
}

/// One deal: a board number and four hands of 13.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BridgeDeal {
    /// Board number, from 1.
    pub board: u32,
    /// North, East, South, West.
    pub hands: [CardSet; 4],
}

impl BridgeDeal {
    /// The dealer of this board: board 1 North, 2 East, 3 South, 4 West, …
    pub fn dealer(&self) -> Direction {
        dealer_of_board(self.board)
    }

    /// The standard vulnerability of this board (the 16-board cycle).
    pub fn vulnerability(&self) -> Vulnerability {
        Vulnerability::of_board(self.board)
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
    fn board_rotation_follows_the_laws() {
        use Vulnerability::*;
        // Law 2: the dealer rotates N E S W; vulnerability by the table
        // for boards 1–16, then again.
        let want = [
            None, NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW,
        ];
        for board in 1..=48u32 {
            assert_eq!(
                Vulnerability::of_board(board),
                want[((board - 1) % 16) as usize]
            );
            assert_eq!(
                dealer_of_board(board),
                Direction::ALL[((board - 1) % 4) as usize]
            );
        }
        let d = BridgeDeal {
            board: 6,
            hands: [CardSet::EMPTY; 4],
        };
        assert_eq!(d.dealer(), Direction::East);
        assert_eq!(d.vulnerability(), EW);
    }

    #[test]
    fn seats_and_sides() {
        assert_eq!(Direction::West.next(), Direction::North);
        assert_eq!(Direction::East.partner(), Direction::West);
        assert_eq!(Direction::South.side(), Side::NS);
        assert_eq!("w".parse::<Direction>(), Ok(Direction::West));
        assert_eq!("North".parse::<Direction>(), Ok(Direction::North));
        assert!("X".parse::<Direction>().is_err());
        assert!(Vulnerability::EW.of(Side::EW));
        assert!(!Vulnerability::EW.of(Side::NS));
        assert_eq!("Both".parse::<Vulnerability>(), Ok(Vulnerability::All));
        assert!("sometimes".parse::<Vulnerability>().is_err());
    }
}
