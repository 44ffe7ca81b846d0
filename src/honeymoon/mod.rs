//! Honeymoon bridge (蜜月橋牌), the Taiwanese two-player game: the trick
//! rules both phases share, two-hand positions for the solver, and the
//! submodules for the bitboard, the double-dummy solver, the endgame
//! database, the whole game and its bots.

pub mod bits;
pub mod bots;
pub mod db;
pub mod db_build;
pub mod game;
mod narration;
pub mod pbn;
pub mod record;
pub mod review;
pub mod solver;

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardSet, Suit};
use crate::game::Seat;

/// North's seat.
pub const NORTH: Seat = 0;
/// South's seat.
pub const SOUTH: Seat = 1;

/// The cards `hand` may play to a trick whose first card is `led` (any
/// card when leading): follow suit if able.
pub fn legal_cards(hand: CardSet, led: Option<Card>) -> CardSet {
    match led {
        Some(card) => {
            let same = hand.of_suit(card.suit());
            if same.is_empty() { hand } else { same }
        }
        None => hand,
    }
}

/// True when the first card `lead` beats the reply `reply`: a higher card
/// of the led suit or any trump wins.
pub fn lead_wins(lead: Card, reply: Card, trump: Option<Suit>) -> bool {
    if reply.suit() == lead.suit() {
        lead.rank() > reply.rank()
    } else {
        Some(reply.suit()) != trump
    }
}

/// The trump suit as text: `S H D C NT`.
pub fn trump_name(trump: Option<Suit>) -> &'static str {
    match trump {
        Some(Suit::Spades) => "S",
        Some(Suit::Hearts) => "H",
        Some(Suit::Diamonds) => "D",
        Some(Suit::Clubs) => "C",
        None => "NT",
    }
}

/// Reads a trump suit: `S H D C` (or a suit symbol) or `NT`/`N`, any case.
pub fn parse_trump(s: &str) -> Option<Option<Suit>> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("nt") || t.eq_ignore_ascii_case("n") {
        return Some(None);
    }
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Suit::from_char(c).map(Some),
        _ => None,
    }
}

/// Serde for a trump suit as its text (`S H D C NT`).
pub mod trump_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::{parse_trump, trump_name};
    use crate::cards::Suit;

    /// Writes `S H D C NT`.
    pub fn serialize<S: Serializer>(trump: &Option<Suit>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(trump_name(*trump))
    }

    /// Reads `S H D C NT`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Suit>, D::Error> {
        let text = String::deserialize(d)?;
        parse_trump(&text).ok_or_else(|| D::Error::custom(format!("bad trump '{text}'")))
    }
}

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

    fn card(s: &str) -> Card {
        s.parse().unwrap_or_else(|_| panic!("bad card {s}"))
    }

    #[test]
    fn follow_suit_when_able() {
        let hand = parse_hand("A2.K..5").unwrap_or_default();
        assert_eq!(
            legal_cards(hand, Some(card("3s"))),
            parse_hand("A2...").unwrap_or_default()
        );
        assert_eq!(legal_cards(hand, Some(card("3d"))), hand);
        assert_eq!(legal_cards(hand, None), hand);
    }

    #[test]
    fn trump_wins_and_higher_card_of_led_suit_wins() {
        let h = Some(Suit::Hearts);
        assert!(!lead_wins(card("As"), card("2h"), h));
        assert!(lead_wins(card("2s"), card("Ad"), h));
        assert!(!lead_wins(card("Ts"), card("Js"), h));
        assert!(lead_wins(card("Ts"), card("9s"), None));
        assert!(lead_wins(card("2s"), card("Ah"), None));
    }

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
