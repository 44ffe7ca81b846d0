//! What the Hold'em log says: each event of a session as notes for the
//! runner ("Ada raises to 40", "Flop: A♠ 7♥ 2♦", "Ben wins 120 from the
//! pot"), worded and styled by each front end.

use super::action::{Blind, Event, Move, Street};
use super::eval::{HandValue, best_five, name_five};
use super::hand::HandState;
use super::session::Holdem;
use crate::cards::Card;
use crate::game::Seat;
use crate::narrate::{Note, Tone, plural};

/// The notes for `event`, the session as it stands after it.
pub fn notes(session: &Holdem, event: &Event) -> Vec<Note> {
    match event {
        Event::HandStarted { .. } => vec![hand_started(session)],
        _ => event_notes(session.table().state(), event),
    }
}

/// The heading of a new hand: its number, the blinds, the next level.
fn hand_started(session: &Holdem) -> Note {
    let b = session.blinds();
    let mut text = format!(
        "— Hand {} · blinds {}/{}",
        session.hands_played(),
        b.small,
        b.big
    );
    if let Some(n) = session.hands_to_next_level() {
        text.push_str(&format!(" · next level in {n} {}", plural(n, "hand")));
    }
    text.push_str(" —");
    Note::new().tone(Tone::Heading).text(text)
}

/// The notes for an event of a hand, `state` the hand as it stands at or
/// after it (a hand's start, which belongs to a session, says nothing
/// here): a replayed hand is told with these.
pub fn event_notes(state: &HandState, event: &Event) -> Vec<Note> {
    let note = match event {
        Event::HandStarted { .. } => return Vec::new(),
        Event::PotsFormed { .. } => return Vec::new(),
        Event::HoleDealt {
            seat,
            cards: Some(c),
        } => Note::new().seat(*seat).verb("be").text("dealt").cards(c),
        Event::HoleDealt { .. } => return Vec::new(),
        Event::BlindPosted {
            seat,
            blind,
            amount,
            all_in,
        } => {
            let which = match blind {
                Blind::Small => "the small blind",
                Blind::Big => "the big blind",
                Blind::Straddle => "a straddle",
                Blind::Post => "a live blind",
            };
            let n = Note::new()
                .seat(*seat)
                .verb("post")
                .text(which)
                .amount(*amount);
            if *all_in { n.text("(all in)") } else { n }
        }
        Event::AntePosted {
            seat,
            amount,
            all_in,
        } => {
            let n = Note::new()
                .seat(*seat)
                .verb("post")
                .text("the ante")
                .amount(*amount);
            if *all_in { n.text("(all in)") } else { n }
        }
        Event::Acted {
            seat,
            action,
            all_in,
        } => {
            let n = Note::new().seat(*seat);
            let n = match action {
                Move::Fold => n.verb("fold"),
                Move::Check => n.verb("check"),
                Move::Call(x) => n.verb("call").amount(*x),
                Move::Bet(x) => n.verb("bet").amount(*x),
                Move::Raise(x) => n.verb("raise").text("to").amount(*x),
            };
            if *all_in { n.text("(all in)") } else { n }
        }
        Event::StreetDealt { street, cards } => {
            let name = match street {
                Street::Flop => "Flop:",
                Street::Turn => "Turn:",
                _ => "River:",
            };
            Note::new().text(name).cards(cards)
        }
        Event::UncalledReturned { seat, amount } => Note::new()
            .text("Uncalled")
            .amount(*amount)
            .text("returned to")
            .seat(*seat),
        Event::Showed { seat, cards, value } => {
            let n = Note::new().seat(*seat).verb("show").cards(cards);
            match board_when_shown(state, *seat) {
                Some(board) if board.len() == 5 => named(n.text(":"), cards, &board),
                Some(_) => n,
                None => match HandValue::new(*value) {
                    Some(v) => n.text(format!("({})", v.category())),
                    None => n,
                },
            }
        }
        Event::Mucked { seat } => Note::new().seat(*seat).verb("muck"),
        Event::PotAwarded { pot, seat, amount } => {
            let which = if *pot == 0 {
                "the pot".to_string()
            } else {
                format!("side pot {pot}")
            };
            let n = Note::new()
                .tone(Tone::Highlight)
                .seat(*seat)
                .verb("win")
                .amount(*amount)
                .text(format!("from {which}"));
            let unnamed = board_when_shown(state, *seat).is_some_and(|b| b.len() < 5);
            match state.hole(*seat) {
                Some(hole) if unnamed && state.board().len() == 5 => {
                    named(n.text("with"), &hole, state.board())
                }
                _ => n,
            }
        }
        Event::RunDealt { run, cards } => Note::new()
            .tone(Tone::Heading)
            .text(format!("Board {}:", run + 1))
            .cards(cards),
        Event::RunAwarded {
            run,
            pot,
            seat,
            amount,
        } => {
            let which = if *pot == 0 {
                "the pot".to_string()
            } else {
                format!("side pot {pot}")
            };
            Note::new()
                .tone(Tone::Highlight)
                .seat(*seat)
                .verb("win")
                .amount(*amount)
                .text(format!("from {which} on board {}", run + 1))
        }
        Event::Rebought { seat, amount } => Note::new()
            .seat(*seat)
            .verb("buy")
            .text("in again for")
            .amount(*amount),
        Event::BlindsRaised { blinds } => Note::new().tone(Tone::Heading).text(format!(
            "The blinds rise to {}/{}",
            blinds.small, blinds.big
        )),
    };
    vec![note]
}

/// The board as it stood when `seat` showed in the hand of `state` (a
/// player all in shows before the board is dealt out), if they showed.
fn board_when_shown(state: &HandState, seat: Seat) -> Option<Vec<Card>> {
    let mut board = Vec::new();
    for event in state.log() {
        match event {
            Event::StreetDealt { cards, .. } => board.extend_from_slice(cards),
            Event::Showed { seat: s, .. } if *s == seat => return Some(board),
            _ => {}
        }
    }
    None
}

/// `note` followed by the hand `hole` makes with the whole `board`, named
/// and its best five cards: "two pair, kings and sevens, ace kicker — K♠ K♦
/// 7♥ 7♣ A♠".
fn named(note: Note, hole: &[Card], board: &[Card]) -> Note {
    let cards: Vec<Card> = hole.iter().chain(board).copied().collect();
    let (_, five) = best_five(&cards);
    note.text(format!("{} —", name_five(&five))).cards(&five)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::game::Game;
    use crate::holdem::action::Action;
    use crate::holdem::setup::{Mode, Rebuy, Setup};
    use crate::holdem::table::stacked_deck;

    /// A heads-up session whose second hand deals `cards` (the seat left
    /// of the button first, then the button, then the board).
    fn heads_up(cards: &str) -> Holdem {
        let setup = Setup {
            seats: 2,
            stack: 100,
            mode: Mode::Cash {
                rebuy: Rebuy::Never,
            },
            ..Setup::default()
        };
        let mut s = Holdem::new(&setup, 1).expect("valid");
        while let Some(seat) = s.to_act() {
            s.act(seat, Action::Fold).expect("fold");
        }
        let deck = stacked_deck(&parse_cards(cards).expect("cards"));
        s.start_hand_with(&deck).expect("hand");
        s
    }

    /// Plays `actions` by whoever is to act; the log lines of the last.
    fn play(s: &mut Holdem, actions: &[Action]) -> Vec<String> {
        let names = ["Ada".to_string(), "Ben".to_string()];
        let mut lines = Vec::new();
        for &a in actions {
            let seat = s.to_act().expect("someone to act");
            let events = s.act(seat, a).expect("legal");
            lines = events
                .iter()
                .flat_map(|e| notes(s, e))
                .map(|n| n.ascii(None, &names))
                .collect();
        }
        lines
    }

    #[test]
    fn a_showdown_names_the_hand_and_its_best_five() {
        let mut s = heads_up("KsKd QcQd 7h7cAs 3d 2s");
        let mut actions = vec![Action::Call, Action::Check];
        actions.extend([Action::Check; 6]);
        let lines = play(&mut s, &actions);
        let shown = lines
            .iter()
            .find(|l| l.contains("shows Ks Kd"))
            .unwrap_or_else(|| panic!("{lines:?}"));
        assert!(
            shown.ends_with("shows Ks Kd: two pair, kings and sevens, ace kicker — Ks Kd 7h 7c As"),
            "{shown}"
        );
        assert!(
            lines.iter().any(|l| l.ends_with("wins 20 from the pot")),
            "{lines:?}"
        );
    }

    #[test]
    fn an_all_in_hand_is_named_when_the_pot_is_won() {
        let mut s = heads_up("KsKd QcQd 7h7cAs 3d 2s");
        let lines = play(&mut s, &[Action::RaiseTo(95), Action::Call]);
        assert!(
            lines.iter().any(|l| l.ends_with("shows Qc Qd")),
            "{lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.ends_with(
                "wins 190 from the pot with two pair, kings and sevens, ace kicker — Ks Kd 7h 7c As"
            )),
            "{lines:?}"
        );
    }
}
