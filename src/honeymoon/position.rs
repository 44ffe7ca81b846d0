//! A two-hand position of the play phase, as the solver takes it: both
//! hands, the trump suit, the leader and the card led; checked, and played
//! card by card under the trick rules.

use serde::{Deserialize, Serialize};

use super::tricks::{lead_wins, legal_cards, trump_text};
use crate::cards::{Card, CardSet, Suit};
use crate::game::Seat;

/// Why a two-hand position is not one the solver can take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Both hands hold the same card.
    #[error("card {0} is in both hands")]
    Shared(Card),
    /// A hand holds more than thirteen cards.
    #[error("a hand holds {0} cards (at most 13)")]
    TooMany(usize),
    /// The hand sizes do not fit the trick in progress.
    #[error("hand sizes {north} (north) and {south} (south) do not fit: {why}")]
    Sizes {
        /// North's card count.
        north: usize,
        /// South's card count.
        south: usize,
        /// What they should be.
        why: &'static str,
    },
    /// The card led to the trick is also in a hand.
    #[error("the led card {0} is also in a hand")]
    LedHeld(Card),
    /// The card to play is not a legal card of the side to move.
    #[error("{0} is not a legal card here")]
    Illegal(Card),
    /// No cards are left to play.
    #[error("no cards left to play")]
    Over,
}

/// A two-hand play-phase position: both hands, the trump suit, who led the
/// current trick and the card led to it, if already played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// North's and South's cards.
    pub hands: [CardSet; 2],
    /// The trump suit (`None`: no trump).
    #[serde(with = "trump_text")]
    pub trump: Option<Suit>,
    /// The seat that leads (or led) the current trick.
    pub leader: Seat,
    /// The leader's card, once played to the current trick.
    pub led: Option<Card>,
}

impl Position {
    /// A position at a trick boundary.
    pub fn new(north: CardSet, south: CardSet, trump: Option<Suit>, leader: Seat) -> Position {
        Position {
            hands: [north, south],
            trump,
            leader,
            led: None,
        }
    }

    /// Checks that the hands are disjoint, at most 13 each, and of sizes
    /// that fit the trick in progress.
    pub fn validate(&self) -> Result<(), PositionError> {
        let [n, s] = self.hands;
        if let Some(c) = (n & s).first() {
            return Err(PositionError::Shared(c));
        }
        for h in self.hands {
            if h.len() > 13 {
                return Err(PositionError::TooMany(h.len()));
            }
        }
        let (north, south) = (n.len(), s.len());
        let lead = self.hands[self.leader].len();
        let follow = self.hands[1 - self.leader].len();
        match self.led {
            None if lead != follow => Err(PositionError::Sizes {
                north,
                south,
                why: "both hands must hold the same number of cards",
            }),
            Some(c) if (n | s).contains(c) => Err(PositionError::LedHeld(c)),
            Some(_) if lead + 1 != follow => Err(PositionError::Sizes {
                north,
                south,
                why: "after the lead, the leader holds one card fewer",
            }),
            _ => Ok(()),
        }
    }

    /// The seat to play next.
    pub fn to_move(&self) -> Seat {
        if self.led.is_some() {
            1 - self.leader
        } else {
            self.leader
        }
    }

    /// Tricks still to be won, the current one included.
    pub fn tricks_left(&self) -> usize {
        self.hands[1 - self.leader].len()
    }

    /// The cards the side to move may play.
    pub fn legal(&self) -> CardSet {
        legal_cards(self.hands[self.to_move()], self.led)
    }

    /// Plays `card` for the side to move. Returns the new position and, if
    /// the card completed a trick, the seat that won it.
    pub fn play(&self, card: Card) -> Result<(Position, Option<Seat>), PositionError> {
        if self.tricks_left() == 0 {
            return Err(PositionError::Over);
        }
        if !self.legal().contains(card) {
            return Err(PositionError::Illegal(card));
        }
        let mut next = *self;
        let seat = self.to_move();
        next.hands[seat].remove(card);
        match self.led {
            None => {
                next.led = Some(card);
                Ok((next, None))
            }
            Some(lead) => {
                let winner = if lead_wins(lead, card, self.trump) {
                    self.leader
                } else {
                    seat
                };
                next.led = None;
                next.leader = winner;
                Ok((next, Some(winner)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;
    use crate::honeymoon::testing::card;
    use crate::honeymoon::tricks::{NORTH, SOUTH};

    #[test]
    fn play_resolves_the_trick_and_passes_the_lead() {
        let pos = Position::new(
            parse_hand("A2...").unwrap_or_default(),
            parse_hand("K.3..").unwrap_or_default(),
            Some(Suit::Hearts),
            NORTH,
        );
        let (p1, w) = pos.play(card("2s")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(w, None);
        assert_eq!(p1.play(card("3h")), Err(PositionError::Illegal(card("3h"))));
        let (p2, w) = p1.play(card("Ks")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(w, Some(SOUTH));
        assert_eq!(p2.leader, SOUTH);
        assert_eq!(p2.to_move(), SOUTH);
    }

    #[test]
    fn validate_rejects_bad_positions() {
        let n = parse_hand("A2...").unwrap_or_default();
        let s = parse_hand("K...").unwrap_or_default();
        assert!(matches!(
            Position::new(n, s, None, NORTH).validate(),
            Err(PositionError::Sizes { .. })
        ));
        let s2 = parse_hand("A3...").unwrap_or_default();
        assert_eq!(
            Position::new(n, s2, None, NORTH).validate(),
            Err(PositionError::Shared(card("As")))
        );
    }
}
