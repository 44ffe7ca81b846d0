//! What the honeymoon log says: each event as notes for the runner ("You
//! bid 2♠", "North takes A♦", "You draw 7♣ (hidden)"), worded and styled
//! by each front end.

use super::action::Event;
use super::auction::{Bid, Call};
use crate::narrate::{Note, Tone};

/// The notes for `event`.
pub fn notes(event: &Event) -> Vec<Note> {
    let note = match event {
        Event::Called(seat, call) => {
            let n = Note::new().seat(*seat);
            match call {
                Call::Pass => n.verb("pass"),
                Call::Bid(b) => bid(n.verb("bid"), *b),
                Call::Double => n.verb("double"),
                Call::Redouble => n.verb("redouble"),
            }
        }
        Event::Redealt(dealer) => Note::new()
            .tone(Tone::Heading)
            .text("Two passes: a new deal,")
            .seat(*dealer)
            .verb("deal"),
        Event::Contracted(c) => {
            let n = bid(Note::new().tone(Tone::Heading).text("Contract"), c.bid)
                .text("by")
                .seat(c.declarer);
            match c.doubled {
                0 => n,
                1 => n.text("doubled"),
                _ => n.text("redoubled"),
            }
        }
        Event::TurnedUp(c) => Note::new().text("Face up:").card(*c),
        Event::CardPlayed(seat, c) => Note::new().seat(*seat).verb("play").card(*c),
        Event::TrickWon(seat) => Note::new().seat(*seat).verb("win").text("the trick"),
        Event::TookFaceUp(seat, c) => Note::new().seat(*seat).verb("take").card(*c),
        Event::DrewHidden(seat, Some(c)) => Note::new()
            .seat(*seat)
            .verb("draw")
            .card(*c)
            .text("(hidden)"),
        Event::DrewHidden(seat, None) => Note::new().seat(*seat).verb("draw").text("a hidden card"),
        Event::PlayBegan(seat) => Note::new()
            .tone(Tone::Heading)
            .text("Play begins:")
            .seat(*seat)
            .verb("lead"),
        Event::Claimed { seat, tricks, left } => Note::new()
            .tone(Tone::Heading)
            .seat(*seat)
            .verb("claim")
            .amount(u64::from(*tricks))
            .text(format!("of {left}: it holds")),
        Event::DealOver(r) => {
            let need = r.contract.target();
            let n = Note::new().tone(Tone::Highlight).seat(r.contract.declarer);
            let n = if r.declarer_tricks >= need {
                n.verb("make")
                    .text("the contract with")
                    .amount(u64::from(r.declarer_tricks))
            } else {
                n.verb("go")
                    .text("down")
                    .amount(u64::from(need - r.declarer_tricks))
            };
            n.text(format!(": North {} · South {}", r.score[0], r.score[1]))
        }
        Event::NewDeal(dealer) => Note::new()
            .tone(Tone::Heading)
            .text("— New deal:")
            .seat(*dealer)
            .verb("deal")
            .text("—"),
    };
    vec![note]
}

/// The line that ends a match: the final totals.
pub fn match_over(totals: [i64; 2]) -> Note {
    Note::new()
        .tone(Tone::Heading)
        .text(format!("Match over · N {} · S {}", totals[0], totals[1]))
}

/// A bid: its level and its strain (a suit, or NT).
fn bid(note: Note, bid: Bid) -> Note {
    match bid.strain.trump() {
        Some(suit) => note.amount(u64::from(bid.level)).suit(suit),
        None => note.text(format!("{}NT", bid.level)),
    }
}
