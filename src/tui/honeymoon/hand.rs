//! What the honeymoon board reads from the position for you: your seat,
//! who sits opposite, your legal cards in display order, the tricks left in the play, and
//! the solver's value of each of your cards.

use crate::tui::link::Seen;
use cardgames::cards::Card;
use cardgames::game::Seat;
use cardgames::honeymoon::solver::{Analysis, Solver};
use cardgames::honeymoon::{Action, Honeymoon, Phase, Position, SOUTH};

pub(super) fn me(seen: &Seen<Honeymoon>) -> Seat {
    seen.me.unwrap_or(SOUTH)
}

/// Who plays against you, as the match's lines name them: "computer" for
/// a bot, else the person's name at the hall.
pub(super) fn opponent(seen: &Seen<Honeymoon>) -> String {
    let other = 1 - me(seen);
    match seen.bots.get(other) {
        Some(None) if seen.online => seen.name(other),
        _ => "computer".into(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use cardgames::game::{Game, Stage};
    use cardgames::honeymoon::Setup;

    fn seen(online: bool, bots: Vec<Option<String>>) -> Seen<Honeymoon> {
        let game = Honeymoon::new(Setup::default(), SOUTH, 1);
        Seen {
            me: Some(SOUTH),
            view: game.view(SOUTH),
            legal: Vec::new(),
            stage: Stage::DealOver,
            names: vec!["Ben".into(), "Ann".into()],
            bots,
            away: Vec::new(),
            empty: Vec::new(),
            thinking: None,
            setup: Setup::default(),
            online,
        }
    }

    #[test]
    fn the_opponent_is_named_the_computer_only_when_it_is_one() {
        assert_eq!(opponent(&seen(true, vec![None, None])), "Ben");
        assert_eq!(
            opponent(&seen(true, vec![Some("strong".into()), None])),
            "computer"
        );
        assert_eq!(opponent(&seen(false, vec![None, None])), "computer");
    }
}
