//! What the bridge log says: each table event as notes for the runner
//! ("Board 3: South deals, East-West vulnerable", "You bid 1♠", "West
//! plays ♥4", "Contract 4♠ by North", "4♠= N +420 · par +420 · 0 IMPs").

use super::board::{Direction, Vulnerability};
use super::contract::{Bid, Call, Doubling};
use super::session::{ContractBridge, Scored, TableEvent};
use super::setup::Scoring;
use super::state::Event;
use crate::narrate::{Note, Tone};

/// `note` followed by the bid, its suit as a symbol (`2♠`, `3NT`).
pub fn bid_note(note: Note, bid: Bid) -> Note {
    match bid.strain.trump() {
        Some(suit) => note.text(bid.level.to_string()).suit(suit),
        None => note.text(format!("{}NT", bid.level)),
    }
}

/// Who is vulnerable, in words.
pub fn vulnerable_text(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "nobody vulnerable",
        Vulnerability::NS => "North-South vulnerable",
        Vulnerability::EW => "East-West vulnerable",
        Vulnerability::All => "both sides vulnerable",
    }
}

/// A board's score in the match's unit, in words (`+3 IMPs`, `½ of 1`,
/// `+420`), from North-South's side.
pub fn unit_text(scoring: Scoring, ns: f64) -> String {
    match scoring {
        Scoring::Imps => format!("{ns:+} IMPs"),
        Scoring::Matchpoints => format!("{ns} of 1 MP"),
        Scoring::Total => format!("{ns:+}"),
    }
}

/// The notes for `event`, the game being in the state after it.
pub fn notes(game: &ContractBridge, event: &TableEvent) -> Vec<Note> {
    let seat = |d: Direction| game.seat(d);
    let note = match event {
        TableEvent::Dealt {
            board,
            dealer,
            vulnerability,
        } => Note::new()
            .tone(Tone::Heading)
            .text(format!("Board {board}:"))
            .seat(seat(*dealer))
            .verb("deal")
            .text(format!("({})", vulnerable_text(*vulnerability))),
        TableEvent::Board(e) => match e {
            Event::Called { seat: s, call } => {
                let n = Note::new().seat(seat(*s));
                match call {
                    Call::Pass => n.verb("pass"),
                    Call::Bid(b) => bid_note(n.verb("bid"), *b),
                    Call::Double => n.verb("double"),
                    Call::Redouble => n.verb("redouble"),
                }
            }
            Event::Contract(Some(c)) => {
                let mut n = bid_note(Note::new().tone(Tone::Heading).text("Contract"), c.bid);
                if c.doubling != Doubling::Undoubled {
                    n = n.text(c.doubling.text());
                }
                n.text("by").seat(seat(c.declarer))
            }
            Event::Contract(None) => Note::new().tone(Tone::Heading).text("Passed out."),
            Event::Played { seat: s, card } => Note::new().seat(seat(*s)).verb("play").card(*card),
            Event::DummyFaced { seat: s, .. } => Note::new()
                .text("Dummy is faced:")
                .seat(seat(*s))
                .verb("lay")
                .text("down the hand"),
            Event::TrickWon(t) => Note::new()
                .seat(seat(t.winner))
                .verb("win")
                .text("the trick"),
            Event::Claimed(c) => Note::new()
                .tone(Tone::Heading)
                .seat(seat(c.seat))
                .verb("claim")
                .amount(u64::from(c.tricks))
                .text(format!("of {}: it holds", c.left)),
            Event::Over(r) => Note::new().tone(Tone::Highlight).text(r.line(false)),
        },
        TableEvent::Scored(s) => scored_note(game.setup().scoring, s),
    };
    let mut notes = vec![note];
    if matches!(event, TableEvent::Scored(_)) && game.match_over() {
        let view = game.table_view(None);
        let [ns, ew] = view.totals();
        notes.push(Note::new().tone(Tone::Highlight).text(format!(
            "The match is over: North-South {ns}, East-West {ew}"
        )));
    }
    notes
}

fn scored_note(scoring: Scoring, s: &Scored) -> Note {
    Note::new().text(format!(
        "Par {:+}: North-South {}",
        s.par,
        unit_text(scoring, s.ns)
    ))
}
