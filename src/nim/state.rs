//! The game itself: the heap, whose turn, and who took the last stone.

use serde::{Deserialize, Serialize};

use crate::game::{Game, Seat};

/// Stones taken in one move.
pub type Take = u32;

/// Most stones one move takes.
pub const MOST: Take = 3;

/// A game of Nim; a session is one heap after another, the loser of each
/// starting the next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nim {
    /// Stones left.
    pub heap: u32,
    /// Stones each game starts with.
    pub start: u32,
    /// Whose turn.
    pub to_act: Seat,
    /// Who took the last stone.
    pub winner: Option<Seat>,
}

/// A move that is not 1 to 3 stones, at most the heap, or a move after
/// the game ended.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("take 1 to 3 stones, at most the heap")]
pub struct NimError;

impl Nim {
    /// A heap of `start` stones, `first` to move.
    pub fn new(start: u32, first: Seat) -> Nim {
        Nim {
            heap: start,
            start,
            to_act: first,
            winner: None,
        }
    }
}

impl Game for Nim {
    type Action = Take;
    type Event = (Seat, Take);
    type Error = NimError;
    type View = Nim;
    type Outcome = Seat;

    fn to_act(&self) -> Option<Seat> {
        self.winner.is_none().then_some(self.to_act)
    }

    fn legal_actions(&self) -> Vec<Take> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (1..=MOST.min(self.heap)).collect()
    }

    fn apply(&mut self, take: Take) -> Result<Vec<(Seat, Take)>, NimError> {
        if !self.legal_actions().contains(&take) {
            return Err(NimError);
        }
        self.heap -= take;
        let mover = self.to_act;
        self.to_act = 1 - mover;
        if self.heap == 0 {
            self.winner = Some(mover);
        }
        Ok(vec![(mover, take)])
    }

    /// Nothing is hidden in Nim.
    fn view(&self, _seat: Seat) -> Nim {
        self.clone()
    }

    fn outcome(&self) -> Option<Seat> {
        self.winner
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_stone_wins_and_nothing_follows() {
        let mut nim = Nim::new(4, 0);
        assert_eq!(nim.apply(3), Ok(vec![(0, 3)]));
        assert_eq!(nim.legal_actions(), [1]);
        assert_eq!(nim.apply(2), Err(NimError));
        assert_eq!(nim.heap, 1, "a refused move changes nothing");
        assert_eq!(nim.apply(1), Ok(vec![(1, 1)]));
        assert_eq!(nim.outcome(), Some(1));
        assert_eq!(nim.to_act(), None);
        assert!(nim.legal_actions().is_empty());
    }
}
