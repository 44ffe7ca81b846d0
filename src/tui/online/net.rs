//! The terminal client's connection to a hall: a thread of its own runs
//! the WebSocket (through the hall's client library), comes back with the
//! same token when the connection drops, and keeps what the hall said in
//! shared state the screens read when they draw: the lobby, each table
//! watched, log lines and chat not yet shown, errors, the connection's
//! state.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use std::time::Instant;

use tokio::sync::mpsc;

use cardgames::narrate::Note;
use cardgames::wire::client::{Client, ClientError, Identity, Welcome};
use cardgames::wire::protocol::{
    ClientMsg, GameInfo, MAX_CHAT, ServerMsg, TableState, TableSummary, clean,
};

/// The connection's state, as the status line shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    /// Connecting the first time.
    Connecting,
    /// Connected.
    Up,
    /// Lost: trying again.
    Down {
        /// Tries so far.
        tries: u32,
        /// Why it dropped.
        why: String,
    },
    /// The hall refused this player (a name taken, a token unknown): no
    /// more tries.
    Refused(String),
}

/// Log lines of a table not yet shown, and the scores when they end a deal.
pub type Pending = VecDeque<(Vec<Note>, Option<Vec<f64>>)>;

/// What the hall has said, kept for the screens.
#[derive(Debug, Default)]
pub struct Seen {
    /// The connection.
    pub link: Option<Link>,
    /// Who the hall says we are.
    pub me: Option<Welcome>,
    /// Chips off the tables.
    pub bankroll: i64,
    /// The games.
    pub games: Vec<GameInfo>,
    /// The tables listed.
    pub tables: Vec<TableSummary>,
    /// Players online.
    pub online: usize,
    /// Each table watched, as last sent, and when it came (deadlines
    /// count from there).
    pub watched: HashMap<u64, TableState>,
    /// When each watched table's state came.
    pub received: HashMap<u64, Instant>,
    /// Log lines per table, not yet shown.
    pub notes: HashMap<u64, Pending>,
    /// Lobby chat, the last lines.
    pub lobby_chat: VecDeque<String>,
    /// Tables the hall began to send us and no screen has opened yet.
    pub opened: VecDeque<u64>,
    /// Errors not yet shown.
    pub errors: VecDeque<String>,
}

/// A connection to a hall, shared by the screens.
#[derive(Debug, Clone)]
pub struct Net {
    /// The hall's address.
    pub url: String,
    seen: Arc<Mutex<Seen>>,
    out: mpsc::UnboundedSender<ClientMsg>,
}

/// A hall address's host and port.
fn place(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split(['/', '?']).next().unwrap_or(rest)
}

/// How long to wait before trying again, after `tries` failures.
fn backoff(tries: u32) -> Duration {
    Duration::from_millis((500 * u64::from(tries.min(10))).max(500))
}

impl Net {
    /// The hall's host and port, to show (the address without its scheme,
    /// path or query, which may hold a secret).
    pub fn place(&self) -> &str {
        place(&self.url)
    }

    /// Connects to `url` as `who` on a thread of its own; `token_kept` is
    /// told each token the hall gives, to keep for next time.
    pub fn connect(
        url: &str,
        who: Identity,
        token_kept: impl Fn(&Welcome) + Send + 'static,
    ) -> Net {
        let seen = Arc::new(Mutex::new(Seen {
            link: Some(Link::Connecting),
            ..Seen::default()
        }));
        let (out, rx) = mpsc::unbounded_channel();
        let net = Net {
            url: url.to_string(),
            seen: seen.clone(),
            out,
        };
        let url = url.to_string();
        std::thread::Builder::new()
            .name("hall-client".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                match runtime {
                    Ok(rt) => rt.block_on(run(url, who, seen, rx, token_kept)),
                    Err(e) => lock(&seen).link = Some(Link::Refused(e.to_string())),
                }
            })
            .ok();
        net
    }

    /// What the hall has said.
    pub fn seen(&self) -> MutexGuard<'_, Seen> {
        lock(&self.seen)
    }

    /// Sends a request; dropped, with an error shown, once the connection
    /// is lost (a key pressed then must not act when it comes back).
    pub fn send(&self, msg: ClientMsg) {
        let lost = matches!(self.seen().link, Some(Link::Down { .. } | Link::Refused(_)));
        if lost || self.out.send(msg).is_err() {
            self.seen()
                .errors
                .push_back("not connected to the hall: nothing was sent".into());
        }
    }
}

fn lock(m: &Mutex<Seen>) -> MutexGuard<'_, Seen> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The connection's life: connect, talk, and after a drop come back.
async fn run(
    url: String,
    first: Identity,
    seen: Arc<Mutex<Seen>>,
    mut rx: mpsc::UnboundedReceiver<ClientMsg>,
    token_kept: impl Fn(&Welcome),
) {
    let mut who = first;
    let mut tries = 0;
    // Tables watched, to watch again after a drop.
    let mut watching: HashMap<u64, Option<String>> = HashMap::new();
    loop {
        let (mut client, welcome) = match Client::connect(&url, &who).await {
            Ok(c) => c,
            Err(ClientError::Refused { message, .. }) => {
                lock(&seen).link = Some(Link::Refused(message));
                return;
            }
            Err(e) => {
                tries += 1;
                lock(&seen).link = Some(Link::Down {
                    tries,
                    why: e.to_string(),
                });
                tokio::time::sleep(backoff(tries)).await;
                continue;
            }
        };
        token_kept(&welcome);
        who = Identity::Token(welcome.token.clone());
        {
            let mut s = lock(&seen);
            s.link = Some(Link::Up);
            s.bankroll = welcome.bankroll;
            s.me = Some(welcome);
        }
        for (&table, invite) in &watching {
            let _ = client
                .send(&ClientMsg::Watch {
                    table,
                    invite: invite.clone(),
                })
                .await;
        }
        let why = loop {
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { return };
                    match &msg {
                        ClientMsg::Watch { table, invite }
                        | ClientMsg::Sit { table, invite, .. } => {
                            let kept = watching.entry(*table).or_default();
                            *kept = invite.clone().or(kept.take());
                        }
                        ClientMsg::Leave { table } => {
                            watching.remove(table);
                        }
                        _ => {}
                    }
                    if let Err(e) = client.send(&msg).await {
                        break e.to_string();
                    }
                }
                msg = client.recv() => match msg {
                    Ok(msg) => heard(&mut lock(&seen), msg, &mut watching),
                    Err(e) => break e.to_string(),
                },
            }
        };
        tries = 1;
        lock(&seen).link = Some(Link::Down { tries, why });
        // What was asked as the connection dropped is not sent later.
        while rx.try_recv().is_ok() {}
        tokio::time::sleep(backoff(tries)).await;
    }
}

/// Keeps what the hall said.
fn heard(s: &mut Seen, msg: ServerMsg, watching: &mut HashMap<u64, Option<String>>) {
    match msg {
        ServerMsg::Welcome { bankroll, .. } | ServerMsg::Bankroll { bankroll } => {
            s.bankroll = bankroll
        }
        ServerMsg::Lobby {
            games,
            tables,
            online,
        } => {
            s.games = games;
            s.tables = tables;
            s.online = online;
        }
        ServerMsg::Table(t) => {
            let id = t.table;
            watching.entry(id).or_default();
            s.received.insert(id, Instant::now());
            if s.watched.insert(id, *t).is_none() {
                s.opened.push_back(id);
            }
        }
        ServerMsg::Notes {
            table,
            notes,
            scores,
        } => s.notes.entry(table).or_default().push_back((notes, scores)),
        ServerMsg::Left { table } => {
            watching.remove(&table);
            s.watched.remove(&table);
            s.notes.remove(&table);
        }
        ServerMsg::Chat { table, from, text } => {
            let line = format!("{}: {}", clean(&from, 40), clean(&text, MAX_CHAT));
            match table {
                Some(t) => s
                    .notes
                    .entry(t)
                    .or_default()
                    .push_back((vec![Note::new().text(line)], None)),
                None => {
                    s.lobby_chat.push_back(line);
                    if s.lobby_chat.len() > 100 {
                        s.lobby_chat.pop_front();
                    }
                }
            }
        }
        ServerMsg::Error { message, .. } => s.errors.push_back(message),
        ServerMsg::Pong | ServerMsg::Ok { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_sent_once_the_connection_is_down() {
        // Nobody listens on port 1: the first try fails.
        let net = Net::connect("ws://127.0.0.1:1/ws", Identity::Name("ann".into()), |_| {});
        while !matches!(net.seen().link, Some(Link::Down { .. })) {
            std::thread::sleep(Duration::from_millis(5));
        }
        net.send(ClientMsg::Chat {
            table: None,
            text: "call".into(),
        });
        assert_eq!(
            net.seen().errors.back().map(String::as_str),
            Some("not connected to the hall: nothing was sent")
        );
    }

    #[test]
    fn the_place_shown_keeps_no_path_or_secret() {
        assert_eq!(place("ws://127.0.0.1:7781/ws?door=abc"), "127.0.0.1:7781");
        assert_eq!(place("wss://hall.example:443/ws"), "hall.example:443");
        assert_eq!(place("hall.example:7781"), "hall.example:7781");
    }
}
