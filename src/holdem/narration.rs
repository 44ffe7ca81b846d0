//! What the Hold'em log says: each event of a session as notes for the
//! runner ("Ada raises to 40", "Flop: A♠ 7♥ 2♦", "Ben wins 120 from the
//! pot"), worded and styled by each front end.

use super::eval::HandValue;
use super::session::Session;
use super::table::{Blind, Event, Move, Street};
use crate::narrate::{Note, Tone, plural};

/// The notes for `event`, the session as it stands after it.
pub fn notes(session: &Session, event: &Event) -> Vec<Note> {
    match event {
        Event::HandStarted { .. } => vec![hand_started(session)],
        _ => event_notes(event),
    }
}

/// The heading of a new hand: its number, the blinds, the next level.
fn hand_started(session: &Session) -> Note {
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

/// The notes for an event of a hand (a hand's start, which belongs to a
/// session, says nothing here): a replayed hand is told with these.
pub fn event_notes(event: &Event) -> Vec<Note> {
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
            match HandValue::new(*value) {
                Some(v) => n.text(format!("({})", v.category())),
                None => n,
            }
        }
        Event::Mucked { seat } => Note::new().seat(*seat).verb("muck"),
        Event::PotAwarded { pot, seat, amount } => {
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
                .text(format!("from {which}"))
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
