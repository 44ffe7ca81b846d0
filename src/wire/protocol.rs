//! The hall's protocol: JSON messages over a WebSocket, one message a text
//! frame, each an object whose `type` names it. `docs/protocol.md`
//! describes every message with an example session.
//!
//! The first message a client sends is `hello` with the protocol version;
//! a mismatch gets an `error` (`version`) and the connection closes.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use unicode_normalization::UnicodeNormalization;
use unicode_security::MixedScript;
use unicode_security::confusable_detection::skeleton;

use crate::form::Field;
use crate::game::{Seat, Stage};
use crate::narrate::Note;

/// The protocol version this build speaks.
pub const VERSION: u32 = 1;
/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// How much a WebSocket reads from its socket at a time. The library's
/// default (128 KiB) is zeroed before every read and kept per connection:
/// with a thousand connections that was a third of the hall's memory and
/// its largest single cost.
pub const READ_BUFFER: usize = 8 * 1024;
/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 200;
/// The longest player name, in characters.
pub const MAX_NAME: usize = 20;

/// A message from a client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: the protocol version, and who: a new name, or
    /// the token of an earlier `welcome` to be that player again.
    Hello {
        /// [`VERSION`].
        version: u32,
        /// A name for a new player.
        #[serde(default)]
        name: Option<String>,
        /// The session token of a returning player.
        #[serde(default)]
        token: Option<String>,
    },
    /// The lobby, again.
    List {},
    /// A new table; the creator watches it (and may sit).
    Create {
        /// The game's id (`holdem`, `doom`, `honeymoon`).
        game: String,
        /// Its setup (the game's default when absent; a field left out
        /// takes its default).
        #[serde(default)]
        setup: Option<Value>,
        /// Choices of the game's setup form (`fields` in the lobby), each
        /// field's key and the index of a choice, made in order on the
        /// setup.
        #[serde(default)]
        choices: Option<serde_json::Map<String, Value>>,
        /// Seconds a person has to act (default 30).
        #[serde(default)]
        seconds: Option<u32>,
        /// Listed only to those with the invite code.
        #[serde(default)]
        private: bool,
    },
    /// Watch a table (the invite code for a private one).
    Watch {
        /// The table.
        table: u64,
        /// Its invite code.
        #[serde(default)]
        invite: Option<String>,
    },
    /// Sit down in a seat (watching the table if not yet).
    Sit {
        /// The table.
        table: u64,
        /// The seat (0-based); without one, the first free seat.
        #[serde(default)]
        seat: Option<Seat>,
        /// Its invite code.
        #[serde(default)]
        invite: Option<String>,
    },
    /// Stand up: leave the seat (with your chips, once the deal is over),
    /// still watching.
    Stand {
        /// The table.
        table: u64,
    },
    /// Stop watching the table (and stand up).
    Leave {
        /// The table.
        table: u64,
    },
    /// Your action at a table where it is your turn: the game's action.
    Act {
        /// The table.
        table: u64,
        /// The action, as the game writes it.
        action: Value,
    },
    /// A chat line, in the lobby (no table) or at a table.
    Chat {
        /// The table, or none for the lobby.
        #[serde(default)]
        table: Option<u64>,
        /// What to say.
        text: String,
    },
    /// Sit out: your turns are played by the game's default action.
    SitOut {
        /// The table.
        table: u64,
    },
    /// Come back from sitting out.
    SitBack {
        /// The table.
        table: u64,
    },
    /// Show your hidden cards now that the deal is over, where the game
    /// lets you (Hold'em: a hand you won without a showdown).
    Show {
        /// The table.
        table: u64,
    },
    /// The table's creator puts a bot in an empty seat.
    AddBot {
        /// The table.
        table: u64,
        /// The seat.
        seat: Seat,
        /// The bot: a level (`easy`, `normal`, `hard`) or a bot's name.
        bot: String,
    },
    /// The table's creator takes a bot out of its seat.
    RemoveBot {
        /// The table.
        table: u64,
        /// The seat.
        seat: Seat,
    },
    /// Are you there?
    Ping {},
}

/// A player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// Their number.
    pub id: i64,
    /// Their name.
    pub name: String,
}

/// A game the hall offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its default setup.
    pub setup: Value,
    /// The setup's options.
    pub fields: Vec<Field>,
    /// Its bots by name.
    pub bots: Vec<String>,
    /// Played for chips.
    pub chips: bool,
}

/// A table as the lobby lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableSummary {
    /// Its number.
    pub table: u64,
    /// The game's id.
    pub game: String,
    /// The stakes or options, in a few words.
    pub about: String,
    /// Seats in all.
    pub seats: usize,
    /// Who sits where (`None`: empty); bots are named with a `bot:` prefix.
    pub players: Vec<Option<String>>,
    /// People watching.
    pub watching: usize,
    /// Whether it is being played.
    pub playing: bool,
    /// Whether it is private (listed only to its creator).
    #[serde(default)]
    pub private: bool,
}

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatState {
    /// Empty, a person or a bot.
    pub kind: SeatKind,
    /// The name shown.
    pub name: String,
    /// A person's connection is up.
    pub connected: bool,
    /// Sitting out (default actions).
    pub sitting_out: bool,
    /// Chips in front of the seat as the deal began (games played for
    /// chips).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<u64>,
}

/// What sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// Nobody.
    Empty,
    /// A person.
    Person,
    /// A bot.
    Bot,
}

/// A table as one connection sees it. The server writes the game's view
/// straight to JSON text ([`TableText`]); a client reads it as a [`Value`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableState<V = Value> {
    /// Its number.
    pub table: u64,
    /// The game's id.
    pub game: String,
    /// The game's setup.
    pub setup: Value,
    /// Seconds a person has to act.
    pub seconds: u32,
    /// The seats.
    pub seats: Vec<SeatState>,
    /// Your seat, if you sit here.
    pub you: Option<Seat>,
    /// You created it (you may add and remove bots).
    pub owner: bool,
    /// The invite code, shown to its creator for a private table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// Where the game stands; `None` before it begins.
    pub stage: Option<Stage>,
    /// The deal being played, or between deals the last one played (1
    /// for the first; 0 before it).
    #[serde(default)]
    pub deal: u64,
    /// Steps taken at the table since the deal began: frames with the
    /// same `deal` and `step` show the same position.
    #[serde(default)]
    pub step: u64,
    /// What you see of the game (the game's view type); `null` before it
    /// begins.
    pub view: V,
    /// What you may do now (the game's actions).
    pub legal: Value,
    /// Milliseconds left for the seat to act, when a person is to act.
    pub deadline_ms: Option<u64>,
    /// A line about the table (waiting for players, next deal soon).
    pub status: String,
}

/// A table's state as the server writes it: the view is serialized once,
/// from the game's own type, never built as a [`Value`] first (for a hall
/// of many tables that was the largest part of its work).
pub type TableText = TableState<Box<RawValue>>;

impl TableText {
    /// The `table` message carrying it, as JSON text.
    pub fn encode(&self) -> String {
        #[derive(Serialize)]
        #[serde(tag = "type", rename_all = "snake_case")]
        enum Out<'a> {
            Table(&'a TableText),
        }
        serde_json::to_string(&Out::Table(self)).unwrap_or_default()
    }
}

/// A message as JSON text.
pub fn encode(msg: &ServerMsg) -> String {
    serde_json::to_string(msg).unwrap_or_default()
}

/// A message from the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        /// [`VERSION`].
        version: u32,
        /// Who you are.
        player: PlayerInfo,
        /// Your session token: `hello` with it to be you again.
        token: String,
        /// Your chips off the tables.
        bankroll: i64,
    },
    /// The games, the tables and who is online.
    Lobby {
        /// The games.
        games: Vec<GameInfo>,
        /// The tables you may see.
        tables: Vec<TableSummary>,
        /// Players connected.
        online: usize,
    },
    /// A table you watch, as it stands now.
    Table(Box<TableState>),
    /// New lines of a table's log, worded for you by your client.
    Notes {
        /// The table.
        table: u64,
        /// The lines.
        notes: Vec<Note>,
        /// Each seat's score, when these lines end a deal.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<Vec<f64>>,
    },
    /// You no longer watch this table.
    Left {
        /// The table.
        table: u64,
    },
    /// A chat line (control characters removed).
    Chat {
        /// The table, or none for the lobby.
        table: Option<u64>,
        /// Who said it.
        from: String,
        /// What.
        text: String,
    },
    /// Your chips off the tables changed.
    Bankroll {
        /// Chips now.
        bankroll: i64,
    },
    /// A request was refused, or the message could not be read.
    Error {
        /// A short code (`bad_message`, `not_your_turn`, …).
        code: String,
        /// What was wrong.
        message: String,
        /// The `id` of the request refused, when it gave one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
    },
    /// A request that gave an `id` was carried out.
    Ok {
        /// The request's `id`.
        id: RequestId,
        /// The table it was about (a new table's number, for `create`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<u64>,
    },
    /// The answer to `ping`.
    Pong,
}

impl ServerMsg {
    /// An error with its code.
    pub fn error(code: &str, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            code: code.into(),
            message: message.into(),
            id: None,
        }
    }

    /// The same message answering request `id` (an error carries it).
    pub fn answering(mut self, request: Option<&RequestId>) -> ServerMsg {
        if let ServerMsg::Error { id, .. } = &mut self {
            *id = request.cloned();
        }
        self
    }
}

/// Why a message could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Longer than [`MAX_MESSAGE`].
    #[error("message of {0} bytes: the most is {MAX_MESSAGE}")]
    TooLong(usize),
    /// Not a message of the protocol.
    #[error("not a message: {0}")]
    Malformed(String),
}

/// A client's message from its text.
pub fn decode(text: &str) -> Result<ClientMsg, DecodeError> {
    decode_request(text).map(|r| r.msg).map_err(|(e, _)| e)
}

/// A request's `id`: a string of at most [`MAX_ID`] bytes or an integer,
/// echoed in the request's answer.
pub type RequestId = Value;

/// The longest string `id`.
pub const MAX_ID: usize = 64;

/// A request: a message and the `id` it gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The message.
    pub msg: ClientMsg,
    /// Its `id`, if any.
    pub id: Option<RequestId>,
}

/// Reads a request: a message with an optional `id` beside its fields.
/// A refusal carries the `id` when one could be read, so that even the
/// error answering a malformed request names it.
pub fn decode_request(text: &str) -> Result<Request, (DecodeError, Option<RequestId>)> {
    if text.len() > MAX_MESSAGE {
        return Err((DecodeError::TooLong(text.len()), None));
    }
    let malformed = |e: String| DecodeError::Malformed(e);
    let mut value: Value =
        serde_json::from_str(text).map_err(|e| (malformed(e.to_string()), None))?;
    let Some(object) = value.as_object_mut() else {
        return Err((malformed("a message is a JSON object".into()), None));
    };
    let id = match object.remove("id") {
        None => None,
        Some(Value::String(id)) if id.len() <= MAX_ID => Some(Value::String(id)),
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => Some(Value::Number(n)),
        Some(_) => {
            return Err((
                malformed(format!(
                    "an id is an integer or a string of at most {MAX_ID} bytes"
                )),
                None,
            ));
        }
    };
    match serde_json::from_value(value) {
        Ok(msg) => Ok(Request { msg, id }),
        Err(e) => Err((malformed(e.to_string()), id)),
    }
}

/// Text from another player made safe for any terminal: control
/// characters (escape sequences among them) and other invisible format
/// characters removed, whitespace runs folded to one space, at most `max`
/// characters kept.
pub fn clean(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if c.is_control() || is_format(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
        if out.chars().count() >= max {
            break;
        }
    }
    out
}

/// Invisible characters that reorder or hide text (bidirectional
/// controls, zero-width characters).
fn is_format(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

/// Whether `name` may be a player's name: 1 to [`MAX_NAME`] letters of
/// one script (Latin letters mixed with Cyrillic or Greek ones would pass
/// for another name), digits, `_`, `-` or `.`, not starting with a
/// punctuation mark, and written as [`normal_name`] writes it.
pub fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=MAX_NAME).contains(&n)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || "_-.".contains(c))
        && name.chars().next().is_some_and(char::is_alphanumeric)
        && name.is_single_script()
        && name.nfkc().eq(name.chars())
}

/// What a name may be, as an error says it.
pub const NAME_RULE: &str =
    "a name is 1 to 20 letters of one script, digits, _ - or ., starting with a letter or digit";

/// `name` as the hall keeps it: in Unicode's compatibility form (NFKC:
/// full-width `ａｎｎ` is `ann`), if that is a [`valid_name`].
pub fn normal_name(name: &str) -> Option<String> {
    let name: String = name.nfkc().collect();
    valid_name(&name).then_some(name)
}

/// What names that look alike share (Unicode's confusable skeleton of the
/// lower-cased name, UTS #39): `ann`, `ANN` and `аnn` with a Cyrillic `а`
/// have the same key, so only one of them can be a player's.
pub fn name_key(name: &str) -> String {
    let lower = name.to_lowercase();
    skeleton(&lower).collect::<String>().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_written_as_text_reads_back_as_the_same_table() {
        let view = serde_json::json!({"seat": 1, "state": {"board": ["Ah", "Kd"], "pot": 30}});
        let text = TableText {
            table: 7,
            game: "holdem".into(),
            setup: serde_json::json!({"seats": 2}),
            seconds: 30,
            seats: Vec::new(),
            you: Some(1),
            owner: false,
            invite: None,
            stage: Some(Stage::Turn(1)),
            deal: 3,
            step: 5,
            view: serde_json::value::to_raw_value(&view).unwrap_or_else(|e| panic!("{e}")),
            legal: serde_json::json!(["fold", "call"]),
            deadline_ms: Some(900),
            status: "ann to act".into(),
        };
        let read: ServerMsg =
            serde_json::from_str(&text.encode()).unwrap_or_else(|e| panic!("{e}"));
        let ServerMsg::Table(t) = read else {
            panic!("not a table: {read:?}")
        };
        assert_eq!(t.view, view);
        assert_eq!((t.table, t.you, t.legal.clone()), (7, Some(1), text.legal));
        assert_eq!(t.status, "ann to act");
    }

    #[test]
    fn messages_read_and_bad_ones_say_why() {
        assert_eq!(
            decode(r#"{"type":"hello","version":1,"name":"ann"}"#),
            Ok(ClientMsg::Hello {
                version: 1,
                name: Some("ann".into()),
                token: None
            })
        );
        assert_eq!(
            decode(r#"{"type":"act","table":3,"action":"Fold"}"#),
            Ok(ClientMsg::Act {
                table: 3,
                action: Value::from("Fold")
            })
        );
        assert!(matches!(decode("{"), Err(DecodeError::Malformed(_))));
        assert!(matches!(
            decode(r#"{"type":"fly"}"#),
            Err(DecodeError::Malformed(_))
        ));
        assert!(matches!(
            decode(r#"{"type":"leave","table":1,"extra":1}"#),
            Err(DecodeError::Malformed(_))
        ));
        // Messages without fields refuse unknown ones too; a message is an
        // object, not the fields in a row.
        assert!(decode(r#"{"type":"ping"}"#).is_ok());
        assert!(decode(r#"{"type":"ping","extra":1}"#).is_err());
        assert!(decode(r#"{"type":"list","extra":1}"#).is_err());
        assert!(decode(r#"["watch", 1]"#).is_err());
        let with_id = decode_request(r#"{"type":"ping","id":"p1"}"#);
        assert_eq!(with_id.map(|r| r.id), Ok(Some(Value::from("p1"))));
        let bad = decode_request(r#"{"type":"sit","table":"one","id":7}"#);
        assert!(matches!(bad, Err((DecodeError::Malformed(_), Some(id))) if id == 7));
        assert!(decode_request(r#"{"type":"ping","id":1.5}"#).is_err());
        let long = format!(r#"{{"type":"chat","text":"{}"}}"#, "x".repeat(MAX_MESSAGE));
        assert!(matches!(decode(&long), Err(DecodeError::TooLong(_))));
    }

    #[test]
    fn chat_cannot_reach_a_terminal_raw() {
        let nasty = "hi\u{1b}[2J\u{1b}]0;owned\u{7}  there\r\nyou\u{202E}gnp.exe\u{200B}";
        let c = clean(nasty, MAX_CHAT);
        assert!(c.chars().all(|ch| !ch.is_control()), "{c:?}");
        assert_eq!(c, "hi[2J]0;owned there yougnp.exe");
        assert_eq!(clean(&"é".repeat(500), MAX_CHAT).chars().count(), MAX_CHAT);
        assert!(valid_name("ann_1") && valid_name("Zoë"));
        assert!(
            !valid_name("")
                && !valid_name("-ann")
                && !valid_name("a b")
                && !valid_name(&"a".repeat(21))
        );
        assert!(!valid_name("ann\u{1b}"));
    }

    #[test]
    fn names_that_look_alike_are_one_name() {
        // Full-width letters are the plain ones.
        assert_eq!(normal_name("ａｎｎ").as_deref(), Some("ann"));
        assert!(!valid_name("ａｎｎ"), "kept only in its normal form");
        // Latin mixed with Cyrillic is no name; one script is.
        assert_eq!(normal_name("\u{430}nn"), None);
        assert_eq!(normal_name("\u{410}NN"), None);
        assert!(valid_name("\u{430}\u{43d}\u{43d}") && valid_name("Zoë") && valid_name("田中"));
        // Case and look-alike letters share a key.
        let ann = name_key("ann");
        assert_eq!(name_key("ANN"), ann);
        assert_eq!(name_key("\u{430}nn"), ann, "Cyrillic а looks like a");
        assert_ne!(name_key("anne"), ann);
        assert_eq!(name_key("rn"), name_key("m"), "rn passes for m");
    }
}
