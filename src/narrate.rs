//! Narration as data: each game tells what happened as [`Note`]s made of
//! parts (who, a verb, amounts, cards, plain words), and each front end
//! words and styles them for its viewer: "You call 10" for the caller,
//! "Ada calls 10" for everyone else, cards in symbols or letters, in
//! colour on a terminal. Nothing here is rendered text until a front end
//! asks, so saves and the network carry no styled strings.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, Suit};

/// A seat at the table: 0-based.
pub type Seat = usize;

/// One part of a note.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// Plain words.
    Text(String),
    /// A player: "You" to that seat's viewer, the seat's name to others.
    /// Verbs after it agree with it.
    Seat(Seat),
    /// A verb in its plain form ("call"), agreeing with the last seat named.
    Verb(String),
    /// An amount of chips or points.
    Amount(u64),
    /// One card.
    Card(Card),
    /// Some cards, in order.
    Cards(Vec<Card>),
    /// A suit, written right after what comes before it (`2♠`).
    Suit(Suit),
}

/// How a note stands out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    /// An ordinary line.
    #[default]
    Plain,
    /// The start of something (a hand, a deal, a game).
    Heading,
    /// A result worth noticing (a pot won, a game over).
    Highlight,
}

/// One line of a game's log.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Note {
    /// How it stands out.
    pub tone: Tone,
    /// What it says.
    pub parts: Vec<Part>,
}

impl Note {
    /// An empty plain note.
    pub fn new() -> Note {
        Note::default()
    }

    /// A note with this tone.
    pub fn tone(mut self, tone: Tone) -> Note {
        self.tone = tone;
        self
    }

    /// Adds words.
    pub fn text(mut self, text: impl Into<String>) -> Note {
        self.parts.push(Part::Text(text.into()));
        self
    }

    /// Adds a player.
    pub fn seat(mut self, seat: Seat) -> Note {
        self.parts.push(Part::Seat(seat));
        self
    }

    /// Adds a verb (plain form).
    pub fn verb(mut self, verb: impl Into<String>) -> Note {
        self.parts.push(Part::Verb(verb.into()));
        self
    }

    /// Adds an amount.
    pub fn amount(mut self, amount: u64) -> Note {
        self.parts.push(Part::Amount(amount));
        self
    }

    /// Adds a card.
    pub fn card(mut self, card: Card) -> Note {
        self.parts.push(Part::Card(card));
        self
    }

    /// Adds a suit, joined to the part before.
    pub fn suit(mut self, suit: Suit) -> Note {
        self.parts.push(Part::Suit(suit));
        self
    }

    /// Adds cards.
    pub fn cards(mut self, cards: &[Card]) -> Note {
        self.parts.push(Part::Cards(cards.to_vec()));
        self
    }

    /// The note worded for `viewer` (`None`: a spectator) with these seat
    /// names: the pieces a front end draws, in order, spaces included.
    pub fn pieces(&self, viewer: Option<Seat>, names: &[String]) -> Vec<Piece> {
        let mut out: Vec<Piece> = Vec::new();
        let mut subject_is_viewer = false;
        for part in &self.parts {
            let first = out.is_empty();
            let words = match part {
                Part::Text(t) => Piece::Text(t.clone()),
                Part::Seat(s) => {
                    subject_is_viewer = Some(*s) == viewer;
                    let name = if subject_is_viewer {
                        if first { "You" } else { "you" }.to_string()
                    } else {
                        names
                            .get(*s)
                            .cloned()
                            .unwrap_or_else(|| format!("seat {}", s + 1))
                    };
                    Piece::Name(*s, name)
                }
                Part::Verb(v) => Piece::Text(if subject_is_viewer {
                    second_person(v)
                } else {
                    third_person(v)
                }),
                Part::Amount(a) => Piece::Text(a.to_string()),
                Part::Card(c) => Piece::Card(*c),
                Part::Suit(suit) => {
                    out.push(Piece::Suit(*suit));
                    continue;
                }
                Part::Cards(cs) => {
                    for (i, c) in cs.iter().enumerate() {
                        if i > 0 || !first {
                            out.push(Piece::Text(" ".into()));
                        }
                        out.push(Piece::Card(*c));
                    }
                    continue;
                }
            };
            let attaches =
                matches!(&words, Piece::Text(t) if t.starts_with([',', '.', ':', ';', ')']));
            if !first && !attaches {
                out.push(Piece::Text(" ".into()));
            }
            out.push(words);
        }
        out
    }

    /// The note as plain text for `viewer`, cards written by `card` and
    /// suits by `suit`.
    pub fn plain(
        &self,
        viewer: Option<Seat>,
        names: &[String],
        card: impl Fn(Card) -> String,
        suit: impl Fn(Suit) -> String,
    ) -> String {
        self.pieces(viewer, names)
            .into_iter()
            .map(|p| match p {
                Piece::Text(t) | Piece::Name(_, t) => t,
                Piece::Card(c) => card(c),
                Piece::Suit(s) => suit(s),
            })
            .collect()
    }

    /// The note as plain text with cards and suits in letters (`As`, `2S`).
    pub fn ascii(&self, viewer: Option<Seat>, names: &[String]) -> String {
        self.plain(viewer, names, |c| c.to_string(), |s| s.letter().to_string())
    }
}

/// A piece of a worded note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Words (spaces included).
    Text(String),
    /// A player's name (or "You").
    Name(Seat, String),
    /// A card, for the front end to draw.
    Card(Card),
    /// A suit, for the front end to draw.
    Suit(Suit),
}

/// "you call", "you are".
fn second_person(verb: &str) -> String {
    match verb {
        "be" => "are".into(),
        v => v.into(),
    }
}

/// "Ada calls", "Ada passes", "Ada has".
fn third_person(verb: &str) -> String {
    let (head, tail) = verb.split_once(' ').unwrap_or((verb, ""));
    let head = match head {
        "be" => "is".to_string(),
        "have" => "has".to_string(),
        h if h.ends_with(['s', 'x', 'z', 'o']) || h.ends_with("sh") || h.ends_with("ch") => {
            format!("{h}es")
        }
        h => format!("{h}s"),
    };
    if tail.is_empty() {
        head
    } else {
        format!("{head} {tail}")
    }
}

/// `word` agreeing with the count `n`: "hand" for 1, "hands" otherwise.
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        word.into()
    } else {
        format!("{word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["Ada".into(), "Ben".into()]
    }

    #[test]
    fn verbs_agree_with_who_is_reading() {
        let note = Note::new().seat(1).verb("raise").text("to").amount(40);
        assert_eq!(
            note.plain(Some(1), &names(), |c| c.to_string(), |s| s.to_string()),
            "You raise to 40"
        );
        assert_eq!(
            note.plain(Some(0), &names(), |c| c.to_string(), |s| s.to_string()),
            "Ben raises to 40"
        );
        assert_eq!(
            note.plain(None, &names(), |c| c.to_string(), |s| s.to_string()),
            "Ben raises to 40"
        );
        let pass = Note::new().seat(0).verb("pass");
        assert_eq!(
            pass.plain(None, &names(), |c| c.to_string(), |s| s.to_string()),
            "Ada passes"
        );
        let late = Note::new().seat(0).verb("run out").text("of time");
        assert_eq!(
            late.plain(None, &names(), |c| c.to_string(), |s| s.to_string()),
            "Ada runs out of time"
        );
        assert_eq!(
            late.plain(Some(0), &names(), |c| c.to_string(), |s| s.to_string()),
            "You run out of time"
        );
        let down = Note::new().seat(0).verb("go").text("down 2");
        assert_eq!(
            down.plain(None, &names(), |c| c.to_string(), |s| s.to_string()),
            "Ada goes down 2"
        );
    }

    #[test]
    fn cards_punctuation_and_objects() {
        let cards = crate::cards::parse_cards("As Kd").unwrap_or_default();
        let note = Note::new()
            .text("Flop:")
            .cards(&cards)
            .text(", returned to")
            .seat(0);
        assert_eq!(
            note.plain(Some(0), &names(), |c| c.to_string(), |s| s.to_string()),
            "Flop: As Kd, returned to you"
        );
        assert_eq!(
            note.plain(Some(1), &names(), |c| c.to_string(), |s| s.to_string()),
            "Flop: As Kd, returned to Ada"
        );
        // An unknown seat is still named.
        let stranger = Note::new().seat(7).verb("leave");
        assert_eq!(
            stranger.plain(None, &names(), |c| c.to_string(), |s| s.to_string()),
            "seat 8 leaves"
        );
    }
}
