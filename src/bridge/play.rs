//! The play (Laws 41–71, the parts a program enforces): thirteen tricks,
//! follow suit, the highest trump or else the highest card of the suit
//! led wins, the winner leads next; dummy's cards played by declarer; and
//! claims, settled by the double-dummy solver.

use serde::{Deserialize, Serialize};

use super::board::Direction;
use super::contract::Contract;
use super::solver::{Position, Solver};
use crate::cards::{Card, CardSet};
use crate::honeymoon::{lead_wins, legal_cards};

/// Why a card or a claim was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The play is over.
    #[error("the play is over")]
    Over,
    /// The card is not in the hand to play.
    #[error("{card} is not in {seat}'s hand")]
    NotHeld {
        /// The card.
        card: Card,
        /// The hand to play.
        seat: Direction,
    },
    /// The hand can follow suit and did not.
    #[error("{card} does not follow suit: {seat} must play a card of the suit led ({led_suit})")]
    Revoke {
        /// The card.
        card: Card,
        /// The hand to play.
        seat: Direction,
        /// The suit led, as its letter.
        led_suit: char,
    },
    /// A claim of more tricks than are left.
    #[error("you can claim up to {left} tricks")]
    BadClaim {
        /// Tricks left.
        left: u8,
    },
    /// The solver finds a defence that holds the claimer below the claim.
    #[error(
        "claim refused: against best defence your side takes {best} of the {left} tricks left, not {claimed}"
    )]
    ClaimRefused {
        /// Tricks claimed.
        claimed: u8,
        /// What the claimer's side takes with best play by both sides.
        best: u8,
        /// Tricks left.
        left: u8,
    },
}

/// A finished trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trick {
    /// Who led it.
    pub leader: Direction,
    /// The four cards from the leader on.
    pub cards: [Card; 4],
    /// Who won it.
    pub winner: Direction,
}

/// A claim that ended the play: the claimer's side takes `tricks` of the
/// `left`, the other side the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// The seat that claimed.
    pub seat: Direction,
    /// Tricks claimed for the claimer's side.
    pub tricks: u8,
    /// Tricks that were left.
    pub left: u8,
}

/// The card play of one contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    contract: Contract,
    hands: [CardSet; 4],
    leader: Direction,
    trick: Vec<Card>,
    tricks: Vec<Trick>,
    won: [u8; 2],
    claim: Option<Claim>,
}

/// The winner's place (0–3) among a trick's cards.
fn winning_place(cards: &[Card], contract: &Contract) -> usize {
    let trump = contract.bid.strain.trump();
    let mut best = 0;
    for (k, &c) in cards.iter().enumerate().skip(1) {
        if !lead_wins(cards[best], c, trump) {
            best = k;
        }
    }
    best
}

impl Play {
    /// The play of `contract` from `hands` (North, East, South, West);
    /// declarer's left-hand opponent leads.
    pub fn new(contract: Contract, hands: [CardSet; 4]) -> Play {
        Play {
            contract,
            hands,
            leader: contract.leader(),
            trick: Vec::new(),
            tricks: Vec::new(),
            won: [0, 0],
            claim: None,
        }
    }

    /// The contract played.
    pub fn contract(&self) -> &Contract {
        &self.contract
    }

    /// The cards each seat still holds.
    pub fn hands(&self) -> &[CardSet; 4] {
        &self.hands
    }

    /// Who leads the trick in progress.
    pub fn leader(&self) -> Direction {
        self.leader
    }

    /// The cards played to the trick in progress.
    pub fn trick(&self) -> &[Card] {
        &self.trick
    }

    /// The finished tricks.
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }

    /// Tricks won so far by North-South and East-West.
    pub fn won(&self) -> [u8; 2] {
        self.won
    }

    /// The claim that ended the play, if one did.
    pub fn claimed(&self) -> Option<Claim> {
        self.claim
    }

    /// Tricks won by declarer's side.
    pub fn declarer_tricks(&self) -> u8 {
        self.won[self.contract.declarer.side().index()]
    }

    /// Whether the opening lead has been made (dummy is then faced).
    pub fn dummy_faced(&self) -> bool {
        !self.trick.is_empty() || !self.tricks.is_empty() || self.claim.is_some()
    }

    /// Whether all thirteen tricks are decided.
    pub fn is_over(&self) -> bool {
        self.claim.is_some() || self.hands.iter().all(|h| h.is_empty()) && self.trick.is_empty()
    }

    /// The hand to play next (dummy's included), `None` when over.
    pub fn to_play(&self) -> Option<Direction> {
        (!self.is_over()).then(|| self.leader.step(self.trick.len()))
    }

    /// The seat that decides the next card: declarer for dummy.
    pub fn to_act(&self) -> Option<Direction> {
        self.to_play().map(|seat| {
            if seat == self.contract.dummy() {
                self.contract.declarer
            } else {
                seat
            }
        })
    }

    /// The cards the hand to play may play.
    pub fn legal_cards(&self) -> CardSet {
        self.to_play().map_or(CardSet::EMPTY, |seat| {
            legal_cards(self.hands[seat.index()], self.trick.first().copied())
        })
    }

    /// Tricks not yet decided (the one in progress included).
    pub fn tricks_left(&self) -> u8 {
        if self.claim.is_some() {
            return 0;
        }
        self.hands[self.leader.index()].len() as u8 + u8::from(!self.trick.is_empty())
    }

    /// Plays `card` from the hand to play; returns the trick when the card
    /// completes it.
    pub fn play(&mut self, card: Card) -> Result<Option<Trick>, PlayError> {
        let seat = self.to_play().ok_or(PlayError::Over)?;
        let hand = self.hands[seat.index()];
        if !hand.contains(card) {
            return Err(PlayError::NotHeld { card, seat });
        }
        if !legal_cards(hand, self.trick.first().copied()).contains(card) {
            let led_suit = self.trick.first().map_or('?', |c| c.suit().letter());
            return Err(PlayError::Revoke {
                card,
                seat,
                led_suit,
            });
        }
        self.hands[seat.index()].remove(card);
        self.trick.push(card);
        if self.trick.len() < 4 {
            return Ok(None);
        }
        let place = winning_place(&self.trick, &self.contract);
        let winner = self.leader.step(place);
        let trick = Trick {
            leader: self.leader,
            cards: [self.trick[0], self.trick[1], self.trick[2], self.trick[3]],
            winner,
        };
        self.won[winner.side().index()] += 1;
        self.tricks.push(trick);
        self.trick.clear();
        self.leader = winner;
        Ok(Some(trick))
    }

    /// The position for the solver: the hands left, the trick in progress.
    pub fn position(&self) -> Position {
        Position {
            hands: self.hands,
            strain: self.contract.bid.strain,
            leader: self.leader,
            trick: self.trick.clone(),
        }
    }

    /// `seat` claims that its side takes `tricks` of the tricks left (the
    /// one in progress included), conceding the rest: accepted when the
    /// double-dummy solver finds that many against any defence, and the
    /// play ends; refused otherwise, with play going on as before.
    pub fn claim(
        &mut self,
        seat: Direction,
        tricks: u8,
        solver: &mut Solver,
    ) -> Result<Claim, PlayError> {
        if self.is_over() {
            return Err(PlayError::Over);
        }
        let left = self.tricks_left();
        if tricks > left {
            return Err(PlayError::BadClaim { left });
        }
        let side = seat.side();
        let position = self.position();
        let holds = solver
            .can_take(&position, side, tricks)
            .map_err(|_| PlayError::BadClaim { left })?;
        if !holds {
            let best = solver
                .tricks(&position)
                .map_err(|_| PlayError::BadClaim { left })?[side.index()];
            return Err(PlayError::ClaimRefused {
                claimed: tricks,
                best,
                left,
            });
        }
        self.won[side.index()] += tricks;
        self.won[side.other().index()] += left - tricks;
        let claim = Claim { seat, tricks, left };
        self.claim = Some(claim);
        Ok(claim)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;

    fn play_of(contract: &str, hands: [&str; 4]) -> Play {
        let c: Contract = contract.parse().unwrap_or_else(|e| panic!("{e}"));
        Play::new(
            c,
            hands.map(|h| parse_hand(h).unwrap_or_else(|e| panic!("{e}"))),
        )
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn follow_suit_trumps_win_and_the_winner_leads() {
        // Two tricks each: spades trumps, South declares; West leads.
        let mut p = play_of("1S S", ["A2...", "K3...", "Q4...", ".A.2."]);
        let mut p2 = p.clone();
        assert_eq!(p.to_play(), Some(Direction::West));
        assert!(!p.dummy_faced());
        // West leads the heart ace; North (dummy, played by South) has no
        // heart and ruffs with the 2.
        assert_eq!(p.play(card("Ah")), Ok(None));
        assert!(p.dummy_faced());
        assert_eq!(p.to_play(), Some(Direction::North));
        assert_eq!(p.to_act(), Some(Direction::South));
        let t = p.play(card("2s")).ok().flatten();
        assert!(t.is_none());
        assert_eq!(p.play(card("3s")), Ok(None));
        let t = p.play(card("4s")).unwrap_or_else(|e| panic!("{e}"));
        // East overruffed with the 3? No: the 4 (South) is highest.
        assert_eq!(t.map(|t| t.winner), Some(Direction::South));
        assert_eq!(p.won(), [1, 0]);
        assert_eq!(p.leader(), Direction::South);
        // West must follow to a spade? West has none: any card.
        assert_eq!(p.play(card("Qs")), Ok(None));
        assert_eq!(p.play(card("2d")), Ok(None));
        assert_eq!(p.play(card("As")), Ok(None));
        let t = p.play(card("Ks")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.map(|t| t.winner), Some(Direction::North));
        assert!(p.is_over());
        assert_eq!(p.declarer_tricks(), 2);
        assert_eq!(p.play(card("Ks")), Err(PlayError::Over));
        // A card not held, a revoke: refused, nothing changes.
        assert_eq!(
            p2.play(card("As")),
            Err(PlayError::NotHeld {
                card: card("As"),
                seat: Direction::West
            })
        );
        assert_eq!(p2.play(card("2d")), Ok(None));
        let before = p2.clone();
        assert!(matches!(
            p2.play(card("Ks")),
            Err(PlayError::NotHeld { .. })
        ));
        assert_eq!(p2, before);
    }

    #[test]
    fn revoke_is_refused() {
        let mut p = play_of("1NT S", ["A2...", "K3...", "Q4...", "5.A.."]);
        assert_eq!(p.play(card("5s")), Ok(None));
        assert!(matches!(p.play(card("2s")), Ok(None)));
        let mut q = play_of("1NT S", ["A.2..", "K3...", "Q4...", "5.A.."]);
        assert_eq!(q.play(card("5s")), Ok(None));
        assert!(matches!(q.play(card("2h")), Err(PlayError::Revoke { .. })));
        assert_eq!(q.trick().len(), 1);
    }

    #[test]
    fn claims_are_settled_by_the_solver() {
        // North-South hold every top card: South declares 1NT, West leads.
        let mut p = play_of("1NT S", ["AK.AK..", "65.65..", "QJ.QJ..", "43.43.."]);
        let mut solver = Solver::with_memory(1 << 16);
        assert_eq!(
            p.claim(Direction::South, 5, &mut solver),
            Err(PlayError::BadClaim { left: 4 })
        );
        assert!(p.claim(Direction::South, 4, &mut solver).is_ok());
        assert_eq!(p.won(), [4, 0]);
        assert!(p.is_over());
        // East-West cannot claim a trick they do not have.
        let mut p = play_of("1NT S", ["AK.AK..", "65.65..", "QJ.QJ..", "43.43.."]);
        assert_eq!(
            p.claim(Direction::West, 1, &mut solver),
            Err(PlayError::ClaimRefused {
                claimed: 1,
                best: 0,
                left: 4
            })
        );
        // A concession (claiming none) always holds.
        assert!(p.claim(Direction::West, 0, &mut solver).is_ok());
        assert_eq!(p.won(), [4, 0]);
    }
}
