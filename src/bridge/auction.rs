//! The auction (Laws 17–22): calls clockwise from the dealer, only legal
//! calls accepted, passed out after four opening passes, over after three
//! passes following a call; the final contract and its declarer.

use serde::{Deserialize, Serialize};

use super::board::Direction;
use super::contract::{Bid, Call, Contract, Doubling, Strain};

/// Why a call was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuctionError {
    /// The auction is over.
    #[error("the auction is over")]
    Over,
    /// A bid not higher than the last one.
    #[error("{bid} is not higher than {last}")]
    LowBid {
        /// The bid made.
        bid: Bid,
        /// The bid it must overcall.
        last: Bid,
    },
    /// A double with no opponent's bid to double.
    #[error("double is allowed only of an opponent's bid not yet doubled")]
    BadDouble,
    /// A redouble with no opponents' double to redouble.
    #[error("redouble is allowed only of an opponent's double")]
    BadRedouble,
}

/// The calls made so far, from the dealer on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    dealer: Direction,
    calls: Vec<Call>,
}

impl Auction {
    /// An auction with `dealer` to call first.
    pub fn new(dealer: Direction) -> Auction {
        Auction {
            dealer,
            calls: Vec::new(),
        }
    }

    /// The dealer, who called first.
    pub fn dealer(&self) -> Direction {
        self.dealer
    }

    /// The calls in order from the dealer's.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The calls with who made them.
    pub fn by_seat(&self) -> impl Iterator<Item = (Direction, Call)> + '_ {
        self.calls
            .iter()
            .enumerate()
            .map(|(i, &c)| (self.dealer.step(i), c))
    }

    /// Whether no bid was made and four passes ended it.
    pub fn passed_out(&self) -> bool {
        self.calls.len() >= 4 && self.calls.iter().all(|&c| c == Call::Pass)
    }

    /// Whether the auction has ended.
    pub fn is_over(&self) -> bool {
        self.passed_out()
            || (self.last_bid().is_some()
                && self.calls.len() >= 4
                && self.calls[self.calls.len() - 3..]
                    .iter()
                    .all(|&c| c == Call::Pass))
    }

    /// Who calls next, `None` once the auction is over.
    pub fn to_call(&self) -> Option<Direction> {
        (!self.is_over()).then(|| self.dealer.step(self.calls.len()))
    }

    /// The last bid, its index among the calls.
    fn last_bid(&self) -> Option<(usize, Bid)> {
        self.calls
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, c)| match c {
                Call::Bid(b) => Some((i, *b)),
                _ => None,
            })
    }

    /// The last call other than a pass, with its index.
    fn last_action(&self) -> Option<(usize, Call)> {
        self.calls
            .iter()
            .enumerate()
            .rev()
            .find(|(_, c)| **c != Call::Pass)
            .map(|(i, c)| (i, *c))
    }

    /// Checks `call` for the seat to call, without making it.
    pub fn check(&self, call: Call) -> Result<(), AuctionError> {
        if self.is_over() {
            return Err(AuctionError::Over);
        }
        let me = self.calls.len();
        // An opponent's call is an odd number of calls back.
        let by_opponent = |i: usize| (me - i) % 2 == 1;
        match call {
            Call::Pass => Ok(()),
            Call::Bid(bid) => match self.last_bid() {
                Some((_, last)) if bid <= last => Err(AuctionError::LowBid { bid, last }),
                _ => Ok(()),
            },
            Call::Double => match self.last_action() {
                Some((i, Call::Bid(_))) if by_opponent(i) => Ok(()),
                _ => Err(AuctionError::BadDouble),
            },
            Call::Redouble => match self.last_action() {
                Some((i, Call::Double)) if by_opponent(i) => Ok(()),
                _ => Err(AuctionError::BadRedouble),
            },
        }
    }

    /// Makes `call` for the seat to call.
    pub fn call(&mut self, call: Call) -> Result<(), AuctionError> {
        self.check(call)?;
        self.calls.push(call);
        Ok(())
    }

    /// Every call the seat to call may make: pass, double or redouble when
    /// allowed, then the bids above the last, lowest first.
    pub fn legal_calls(&self) -> Vec<Call> {
        if self.is_over() {
            return Vec::new();
        }
        let mut out = vec![Call::Pass];
        for c in [Call::Double, Call::Redouble] {
            if self.check(c).is_ok() {
                out.push(c);
            }
        }
        let above = self.last_bid().map(|(_, b)| b);
        for level in 1..=7 {
            for strain in Strain::ALL {
                let bid = Bid { level, strain };
                if above.is_none_or(|a| bid > a) {
                    out.push(Call::Bid(bid));
                }
            }
        }
        out
    }

    /// The final contract once the auction is over (`None` if it is not,
    /// or if the board was passed out). Declarer is the player of the side
    /// that made the final bid who first named its strain.
    pub fn contract(&self) -> Option<Contract> {
        if !self.is_over() {
            return None;
        }
        let (last, bid) = self.last_bid()?;
        let doubling = match self.calls[last..].iter().rfind(|c| **c != Call::Pass) {
            Some(Call::Double) => Doubling::Doubled,
            Some(Call::Redouble) => Doubling::Redoubled,
            _ => Doubling::Undoubled,
        };
        let first = self
            .calls
            .iter()
            .enumerate()
            .position(|(i, c)| {
                (last - i) % 2 == 0 && matches!(c, Call::Bid(b) if b.strain == bid.strain)
            })
            .unwrap_or(last);
        Some(Contract {
            bid,
            doubling,
            declarer: self.dealer.step(first),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(dealer: Direction, calls: &str) -> Result<Auction, AuctionError> {
        let mut a = Auction::new(dealer);
        for c in calls.split_whitespace() {
            a.call(c.parse().unwrap_or_else(|e| panic!("{e}")))?;
        }
        Ok(a)
    }

    #[test]
    fn passed_out_after_four_passes() {
        let a = run(Direction::East, "P P P").unwrap_or_else(|e| panic!("{e}"));
        assert!(!a.is_over());
        assert_eq!(a.to_call(), Some(Direction::North));
        let a = run(Direction::East, "P P P P").unwrap_or_else(|e| panic!("{e}"));
        assert!(a.passed_out() && a.is_over());
        assert_eq!(a.contract(), None);
        assert_eq!(a.to_call(), None);
        assert!(a.legal_calls().is_empty());
    }

    #[test]
    fn over_after_three_passes_following_a_bid() {
        let a = run(Direction::North, "P P P 1C P P").unwrap_or_else(|e| panic!("{e}"));
        assert!(!a.is_over());
        let a = run(Direction::North, "P P P 1C P P P").unwrap_or_else(|e| panic!("{e}"));
        let c = a.contract().unwrap_or_else(|| panic!("no contract"));
        assert_eq!(c.to_string(), "1C W");
        assert_eq!(
            run(Direction::North, "1C P P P P").err(),
            Some(AuctionError::Over)
        );
    }

    #[test]
    fn declarer_first_named_the_strain() {
        // N opens 1H, S raises to 4H: North declares.
        let a = run(Direction::North, "1H 1S 4H P P P").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.contract().map(|c| c.to_string()).as_deref(), Some("4H N"));
        // E bids spades first, W raises: East declares even though West
        // bid last.
        let a = run(Direction::North, "1H 1S 2H 3S 4H 4S P P P").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.contract().map(|c| c.to_string()).as_deref(), Some("4S E"));
        // North's own hearts earlier do not count for South's no trump.
        let a = run(Direction::North, "1H P 1NT P 3NT P P P").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            a.contract().map(|c| c.to_string()).as_deref(),
            Some("3NT S")
        );
        // A strain first named by the other side does not make it declare.
        let a = run(Direction::North, "1S 2H 2S P P P").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.contract().map(|c| c.to_string()).as_deref(), Some("2S N"));
    }

    #[test]
    fn doubles_and_redoubles() {
        let a = run(Direction::North, "1S X XX P P P").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            a.contract().map(|c| c.to_string()).as_deref(),
            Some("1SXX N")
        );
        let a = run(Direction::North, "1S X P P 2C P P X P P P").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            a.contract().map(|c| c.to_string()).as_deref(),
            Some("2CX N")
        );
        // A new bid cancels the double.
        let a = run(Direction::North, "1S X 2S P P P").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.contract().map(|c| c.to_string()).as_deref(), Some("2S N"));
        // Double after a pass by the opponents' partner: still the
        // opponents' bid (1S by N, P by E, P by S, X by W).
        assert!(run(Direction::North, "1S P P X").is_ok());
        // Not partner's bid, not twice, not without a bid.
        assert_eq!(
            run(Direction::North, "1S P X").err(),
            Some(AuctionError::BadDouble)
        );
        assert_eq!(
            run(Direction::North, "1S X X").err(),
            Some(AuctionError::BadDouble)
        );
        assert_eq!(
            run(Direction::North, "X").err(),
            Some(AuctionError::BadDouble)
        );
        assert_eq!(
            run(Direction::North, "1S XX").err(),
            Some(AuctionError::BadRedouble)
        );
        assert_eq!(
            run(Direction::North, "1S X P XX").err(),
            Some(AuctionError::BadRedouble)
        );
        assert!(run(Direction::North, "1S X P P XX").is_ok());
        assert_eq!(
            run(Direction::North, "1S 1S")
                .err()
                .map(|e| e.to_string())
                .as_deref(),
            Some("1S is not higher than 1S")
        );
        assert!(run(Direction::North, "1NT 2C").is_ok());
    }

    #[test]
    fn legal_calls_are_exactly_the_accepted_ones() {
        let a = run(Direction::West, "1C 1NT").unwrap_or_else(|e| panic!("{e}"));
        let legal = a.legal_calls();
        assert_eq!(legal.len(), 1 + 1 + 30);
        assert_eq!(legal[1], Call::Double);
        assert_eq!(legal[2], "2C".parse().unwrap_or(Call::Pass));
        let a = run(Direction::West, "7NT X XX").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.legal_calls(), vec![Call::Pass]);
    }
}
