//! One WebSocket connection: the `hello` that says who it is, then its
//! requests, each checked and routed to the lobby or a table, and the
//! messages queued for it, written out. Hostile input gets an error reply,
//! never a panic: a message too long or malformed, too many messages too
//! fast; a connection that keeps sending bad ones is closed.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout};

use super::outbox::Outbox;
use super::protocol::{ClientMsg, MAX_CHAT, ServerMsg, VERSION, clean, decode, encode, valid_name};
use super::store;
use super::table::TableCmd;
use super::{Hall, new_token};

/// How long a connection has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Messages a connection may send in a burst, and per second after it.
const BURST: f64 = 40.0;
const PER_SECOND: f64 = 20.0;
/// Bad messages after which a connection is closed.
const BAD_LIMIT: u32 = 20;

/// A token bucket: a burst, then a steady rate.
struct Rate {
    tokens: f64,
    at: Instant,
}

impl Rate {
    fn new() -> Rate {
        Rate {
            tokens: BURST,
            at: Instant::now(),
        }
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.at).as_secs_f64() * PER_SECOND).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn text(msg: &ServerMsg) -> Message {
    Message::Text(Utf8Bytes::from(encode(msg)))
}

/// Serves one connection from `addr` until it closes.
/// Writes `first` and every message already waiting behind it, then
/// flushes once: a table's notes and its new state go out together.
async fn write_waiting(
    sink: &mut SplitSink<WebSocket, Message>,
    first: String,
    rx: &mut mpsc::Receiver<String>,
) -> Result<(), axum::Error> {
    sink.feed(Message::Text(first.into())).await?;
    while let Ok(msg) = rx.try_recv() {
        sink.feed(Message::Text(msg.into())).await?;
    }
    sink.flush().await
}

pub async fn run(hall: Arc<Hall>, socket: WebSocket, addr: SocketAddr) {
    let (mut sink, mut stream) = socket.split();
    let conn = hall.next_conn();
    let (out, mut rx, kill) = Outbox::new(conn);
    // Who: the first message must be hello.
    let first = timeout(HELLO_WITHIN, stream.next()).await;
    let Ok(Some(Ok(Message::Text(first)))) = first else {
        let _ = sink
            .send(text(&ServerMsg::error("hello", "say hello first")))
            .await;
        hall.release(addr);
        return;
    };
    let who = match decode(&first) {
        Ok(ClientMsg::Hello {
            version,
            name,
            token,
        }) if version == VERSION => hall.login(name.as_deref(), token.as_deref()).await,
        Ok(ClientMsg::Hello { version, .. }) => Err(ServerMsg::error(
            "version",
            format!("this hall speaks protocol version {VERSION}, not {version}"),
        )),
        Ok(_) => Err(ServerMsg::error("hello", "the first message must be hello")),
        Err(e) => Err(ServerMsg::error("bad_message", e.to_string())),
    };
    let (player, name, welcome) = match who {
        Ok(w) => w,
        Err(e) => {
            let _ = sink.send(text(&e)).await;
            let _ = sink.close().await;
            hall.release(addr);
            return;
        }
    };
    let _ = sink.send(text(&welcome)).await;
    hall.join_online(conn, player, &name, out.clone());
    out.send(hall.lobby(player));
    let mut session = Session {
        hall: hall.clone(),
        player,
        name,
        out: out.clone(),
        watching: HashSet::new(),
    };
    // Tables this player sits at see them again.
    for table in hall.tables_of(player) {
        session.watch(table, None).await;
    }
    let mut rate = Rate::new();
    let mut bad = 0;
    loop {
        tokio::select! {
            incoming = stream.next() => {
                let Some(Ok(msg)) = incoming else { break };
                let reply = match msg {
                    Message::Text(t) if !rate.allow() => {
                        let _ = t;
                        Some(ServerMsg::error("slow_down", "too many messages: wait a moment"))
                    }
                    Message::Text(t) => match decode(&t) {
                        Ok(m) => session.handle(m).await,
                        Err(e) => Some(ServerMsg::error("bad_message", e.to_string())),
                    },
                    Message::Binary(_) => Some(ServerMsg::error("bad_message", "send JSON text, not binary")),
                    Message::Close(_) => break,
                    _ => None,
                };
                if let Some(reply) = reply {
                    if matches!(&reply, ServerMsg::Error { code, .. } if code == "bad_message" || code == "slow_down") {
                        bad += 1;
                    }
                    out.send(reply);
                    if bad >= BAD_LIMIT {
                        let _ = sink.send(text(&ServerMsg::error("closed", "too many bad messages"))).await;
                        break;
                    }
                }
            }
            msg = rx.recv() => {
                let Some(msg) = msg else { break };
                if write_waiting(&mut sink, msg, &mut rx).await.is_err() {
                    break;
                }
            }
            () = kill.notified() => break,
        }
    }
    let _ = sink.close().await;
    for table in &session.watching {
        if let Some(tx) = hall.table(*table) {
            let _ = tx.send(TableCmd::Gone { conn }).await;
        }
    }
    hall.leave_online(conn);
    hall.release(addr);
}

/// A logged-in connection's state.
struct Session {
    hall: Arc<Hall>,
    player: i64,
    name: String,
    out: Outbox,
    watching: HashSet<u64>,
}

fn unknown(table: u64) -> ServerMsg {
    ServerMsg::error("no_table", format!("no table {table}"))
}

impl Session {
    fn me(&self) -> (i64, String) {
        (self.player, self.name.clone())
    }

    /// Watches `table` (checking the invite of a private one).
    async fn watch(&mut self, table: u64, invite: Option<&str>) -> Option<ServerMsg> {
        let Some(tx) = self.hall.table_for(table, self.player, invite) else {
            return Some(unknown(table));
        };
        self.watching.insert(table);
        self.hall.set_in_lobby(self.out.conn, false);
        let _ = tx
            .send(TableCmd::Watch {
                player: self.me(),
                out: self.out.clone(),
            })
            .await;
        None
    }

    /// Sends `cmd` to a table this connection watches.
    async fn to_table(&self, table: u64, cmd: TableCmd) -> Option<ServerMsg> {
        if !self.watching.contains(&table) {
            return Some(ServerMsg::error(
                "not_watching",
                format!("watch table {table} first"),
            ));
        }
        match self.hall.table(table) {
            Some(tx) => {
                let _ = tx.send(cmd).await;
                None
            }
            None => Some(unknown(table)),
        }
    }

    async fn handle(&mut self, msg: ClientMsg) -> Option<ServerMsg> {
        let out = self.out.clone();
        match msg {
            ClientMsg::Hello { .. } => Some(ServerMsg::error("hello", "already said hello")),
            ClientMsg::Ping => Some(ServerMsg::Pong),
            ClientMsg::List => {
                self.hall.set_in_lobby(out.conn, true);
                Some(self.hall.lobby(self.player))
            }
            ClientMsg::Create {
                game,
                setup,
                seconds,
                private,
            } => match self
                .hall
                .create(self.player, &game, setup, seconds, private)
                .await
            {
                Ok(table) => self.watch(table, None).await,
                Err(e) => Some(e),
            },
            ClientMsg::Watch { table, invite } => self.watch(table, invite.as_deref()).await,
            ClientMsg::Sit {
                table,
                seat,
                invite,
            } => {
                if !self.watching.contains(&table)
                    && let Some(e) = self.watch(table, invite.as_deref()).await
                {
                    return Some(e);
                }
                self.to_table(
                    table,
                    TableCmd::Sit {
                        player: self.me(),
                        seat,
                        out,
                    },
                )
                .await
            }
            ClientMsg::Stand { table } => {
                self.to_table(
                    table,
                    TableCmd::Stand {
                        player: self.player,
                        out,
                    },
                )
                .await
            }
            ClientMsg::Leave { table } => {
                let reply = self
                    .to_table(
                        table,
                        TableCmd::Leave {
                            player: self.player,
                            out,
                        },
                    )
                    .await;
                self.watching.remove(&table);
                reply
            }
            ClientMsg::Act { table, action } => {
                self.to_table(
                    table,
                    TableCmd::Act {
                        player: self.player,
                        action,
                        out,
                    },
                )
                .await
            }
            ClientMsg::Chat {
                table: Some(table),
                text,
            } => {
                self.to_table(
                    table,
                    TableCmd::Chat {
                        name: self.name.clone(),
                        text,
                    },
                )
                .await
            }
            ClientMsg::Chat { table: None, text } => {
                let text = clean(&text, MAX_CHAT);
                if !text.is_empty() {
                    self.hall.lobby_chat(&self.name, &text);
                }
                None
            }
            ClientMsg::SitOut { table } => {
                self.to_table(
                    table,
                    TableCmd::SitOut {
                        player: self.player,
                        out_now: true,
                        out,
                    },
                )
                .await
            }
            ClientMsg::SitBack { table } => {
                self.to_table(
                    table,
                    TableCmd::SitOut {
                        player: self.player,
                        out_now: false,
                        out,
                    },
                )
                .await
            }
            ClientMsg::Show { table } => {
                self.to_table(
                    table,
                    TableCmd::Show {
                        player: self.player,
                        out,
                    },
                )
                .await
            }
            ClientMsg::AddBot { table, seat, bot } => {
                self.to_table(
                    table,
                    TableCmd::AddBot {
                        player: self.player,
                        seat,
                        bot,
                        out,
                    },
                )
                .await
            }
            ClientMsg::RemoveBot { table, seat } => {
                self.to_table(
                    table,
                    TableCmd::RemoveBot {
                        player: self.player,
                        seat,
                        out,
                    },
                )
                .await
            }
        }
    }
}

/// The outcome of `hello`: who, and the welcome to send.
pub type Login = Result<(i64, String, ServerMsg), ServerMsg>;

impl Hall {
    /// Logs a connection in: a returning player by token, or a new one by
    /// name.
    pub async fn login(&self, name: Option<&str>, token: Option<&str>) -> Login {
        let found = match token {
            Some(token) => {
                let token = token.to_string();
                let asked = token.clone();
                self.store
                    .call(move |conn| store::player_by_token(conn, &asked))
                    .await
                    .map_err(|e| ServerMsg::error("store", e.to_string()))?
                    .map(|(id, name)| (id, name, token))
            }
            None => None,
        };
        let (id, name, token) = match (found, name, token) {
            (Some(f), _, _) => f,
            (None, _, Some(_)) => {
                return Err(ServerMsg::error("token", "that token is not known here"));
            }
            (None, Some(name), None) => {
                if !valid_name(name) {
                    return Err(ServerMsg::error(
                        "name",
                        "a name is 1 to 20 letters, digits, _ - or ., starting with a letter or digit",
                    ));
                }
                let token = new_token();
                let (n, t) = (name.to_string(), token.clone());
                let id = self
                    .store
                    .call(move |conn| store::new_player(conn, &n, &t, None))
                    .await
                    .map_err(|e| ServerMsg::error("store", e.to_string()))?
                    .ok_or_else(|| {
                        ServerMsg::error("name_taken", format!("the name {name} is taken"))
                    })?;
                (id, name.to_string(), token)
            }
            (None, None, None) => {
                return Err(ServerMsg::error(
                    "hello",
                    "give a name, or the token of an earlier welcome",
                ));
            }
        };
        let bankroll = self
            .store
            .call(move |conn| Ok(store::balance(conn, &store::player_account(id))?))
            .await
            .unwrap_or(0);
        let welcome = ServerMsg::Welcome {
            version: VERSION,
            player: super::protocol::PlayerInfo {
                id,
                name: name.clone(),
            },
            token,
            bankroll,
        };
        Ok((id, name, welcome))
    }
}
