//! What the honeymoon board reads from the position for you: your seat,
//! your legal cards in display order, the tricks left in the play, and
//! the solver's value of each of your cards.

use crate::tui::link::Seen;
use cardgames::cards::Card;
use cardgames::game::Seat;
use cardgames::honeymoon::solver::{Analysis, Solver};
use cardgames::honeymoon::{Action, Honeymoon, Phase, Position, SOUTH};

pub(super) fn me(seen: &Seen<Honeymoon>) -> Seat {
    seen.me.unwrap_or(SOUTH)
}

/// Your legal cards, in display order (spades first, high first).
pub(super) fn legal_cards(seen: &Seen<Honeymoon>) -> Vec<Card> {
    let mut cards: Vec<Card> = seen
        .legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect();
    cards.sort_by(|a, b| b.suit().cmp(&a.suit()).then(b.rank().cmp(&a.rank())));
    cards
}

/// Tricks left in the play (the current one included).
pub(super) fn tricks_left(seen: &Seen<Honeymoon>) -> u8 {
    let v = &seen.view;
    13u8.saturating_sub(v.play_tricks[0] + v.play_tricks[1])
}

/// The solver's values of your cards: in the play, on your turn, every
/// card is known (the other hand is every card you have not seen).
pub(super) fn analysis(seen: &Seen<Honeymoon>) -> Option<Analysis> {
    let v = &seen.view;
    if v.phase != Phase::Play || !seen.my_turn() {
        return None;
    }
    let mine = me(seen);
    let other = v.unseen() | v.other_known();
    let mut hands = [other; 2];
    hands[mine] = v.hand;
    let position = Position {
        hands,
        trump: v.contract.and_then(|c| c.bid.strain.trump()),
        leader: v.leader,
        led: v.led,
    };
    Solver::new().analyze(&position).ok()
}
