//! One WebSocket connection: the `hello` that says who it is, then its
//! requests, each checked and routed to the lobby or a table, and the
//! messages queued for it, written out. Hostile input gets an error reply,
//! never a panic: a message too long or malformed, too many messages too
//! fast; a connection that keeps sending bad ones is closed.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout};

use super::outbox::{Outbox, Reply};
use super::store;
use super::table::TableCmd;
use super::{Hall, new_token};
use crate::wire::protocol::{
    ClientMsg, MAX_CHAT, NAME_RULE, Request, RequestId, ServerMsg, VERSION, clean, decode_request,
    encode, normal_name,
};

/// How long a connection has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Messages a connection may send in a burst, and per second after it.
const BURST: f64 = 40.0;
const PER_SECOND: f64 = 20.0;
/// Bad (or too fast) messages after which a connection is closed.
const BAD_LIMIT: u32 = 20;
/// How long a closing connection has to take its last messages.
const CLOSE_WITHIN: Duration = Duration::from_secs(2);

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

/// Why a client too slow to read is cut off.
const TOO_SLOW: &str = "too slow: too many messages waiting";

/// A close frame saying the hall ends the connection (1008, policy).
fn refusal(why: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code: close_code::POLICY,
        reason: Utf8Bytes::from_static(why),
    }))
}

fn text(msg: &ServerMsg) -> Message {
    Message::Text(Utf8Bytes::from(encode(msg)))
}

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

/// The connection's first message, `hello`: who it is and the welcome, or
/// why not (carrying the message's `id`, when it gave one).
async fn hello(hall: &Hall, first: &str) -> Login {
    let (msg, id) = match decode_request(first) {
        Ok(Request { msg, id }) => (msg, id),
        Err((e, id)) => {
            return Err(ServerMsg::error("bad_message", e.to_string()).answering(id.as_ref()));
        }
    };
    let who = match msg {
        ClientMsg::Hello {
            version,
            name,
            token,
        } if version == VERSION => hall.login(name.as_deref(), token.as_deref()).await,
        ClientMsg::Hello { version, .. } => Err(ServerMsg::error(
            "version",
            format!("this hall speaks protocol version {VERSION}, not {version}"),
        )),
        _ => Err(ServerMsg::error("hello", "the first message must be hello")),
    };
    who.map_err(|e| e.answering(id.as_ref()))
}

/// Serves one connection from `addr` until it closes.
pub async fn run(hall: Arc<Hall>, socket: WebSocket, addr: SocketAddr) {
    let (mut sink, mut stream) = socket.split();
    let conn = hall.next_conn();
    let (out, mut rx, kill) = Outbox::new(conn);
    // Who: the first message must be hello.
    let first = timeout(HELLO_WITHIN, stream.next()).await;
    let who = match first {
        Ok(Some(Ok(Message::Text(first)))) => hello(&hall, &first).await,
        _ => Err(ServerMsg::error("hello", "say hello first")),
    };
    let (player, name, welcome) = match who {
        Ok(w) => w,
        Err(e) => {
            let _ = timeout(CLOSE_WITHIN, async {
                let _ = sink.send(text(&e)).await;
                let _ = sink.send(refusal("no hello")).await;
            })
            .await;
            hall.release(addr);
            return;
        }
    };
    out.send(welcome);
    hall.join_online(conn, player, &name, out.clone());
    hall.send_lobby(conn, true);
    let mut session = Session {
        hall: hall.clone(),
        player,
        name,
        out: out.clone(),
        watching: HashSet::new(),
    };
    // Tables this player sits at see them again.
    for table in hall.tables_of(player) {
        session.watch(table, None, session.reply(None)).await;
    }
    let mut rate = Rate::new();
    let mut bad = 0;
    let mut last_word = None;
    // Why the hall closes the connection, when it does.
    let mut why = None;
    loop {
        tokio::select! {
            incoming = stream.next() => {
                let Some(Ok(msg)) = incoming else { break };
                let refused = match msg {
                    Message::Text(t) => match decode_request(&t) {
                        Ok(req) if rate.allow() => {
                            session.handle(req.msg, session.reply(req.id)).await;
                            None
                        }
                        Ok(req) => Some((ServerMsg::error("slow_down", "too many messages: wait a moment"), req.id)),
                        Err((e, id)) => Some((ServerMsg::error("bad_message", e.to_string()), id)),
                    },
                    Message::Binary(_) => Some((ServerMsg::error("bad_message", "send JSON text, not binary"), None)),
                    Message::Close(_) => break,
                    _ => None,
                };
                if let Some((error, id)) = refused {
                    session.reply(id).answer(Err(error), None);
                    bad += 1;
                    if bad >= BAD_LIMIT {
                        last_word = Some(ServerMsg::error("closed", "too many bad messages"));
                        why = Some("too many bad messages");
                        break;
                    }
                }
            }
            msg = rx.recv() => {
                let Some(msg) = msg else { break };
                // A peer that stops reading stalls this write; its queue
                // filling up then cuts it off.
                tokio::select! {
                    written = write_waiting(&mut sink, msg, &mut rx) => {
                        if written.is_err() {
                            break;
                        }
                    }
                    () = kill.notified() => {
                        why = Some(TOO_SLOW);
                        break;
                    }
                }
            }
            () = kill.notified() => {
                why = Some(TOO_SLOW);
                break;
            }
        }
    }
    // What is queued (the last answers), the reason, then a close frame;
    // a peer that does not read them has a moment, then it is dropped.
    let _ = timeout(CLOSE_WITHIN, async {
        while let Ok(msg) = rx.try_recv() {
            if sink.feed(Message::Text(msg.into())).await.is_err() {
                return;
            }
        }
        if let Some(word) = &last_word {
            let _ = sink.feed(text(word)).await;
        }
        match why {
            Some(why) => {
                let _ = sink.send(refusal(why)).await;
            }
            None => {
                let _ = sink.close().await;
            }
        }
        // Whatever the peer sent meanwhile is read and dropped until its
        // close: closing on unread input would reset the connection and
        // lose, at the peer, what was just sent to it.
        while let Some(Ok(msg)) = stream.next().await {
            if let Message::Close(_) = msg {
                break;
            }
        }
    })
    .await;
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

    /// Where the answer to a request with `id` goes.
    fn reply(&self, id: Option<RequestId>) -> Reply {
        Reply {
            out: self.out.clone(),
            id,
        }
    }

    /// Watches `table` (checking the invite of a private one); the table
    /// answers.
    async fn watch(&mut self, table: u64, invite: Option<&str>, reply: Reply) {
        let Some(tx) = self.hall.table_for(table, self.player, invite) else {
            return reply.answer(Err(unknown(table)), None);
        };
        self.watching.insert(table);
        self.hall.set_in_lobby(self.out.conn, false);
        let cmd = TableCmd::Watch {
            player: self.me(),
            reply,
        };
        let _ = tx.send(cmd).await;
    }

    /// Sends the request `cmd` makes to a table this connection watches;
    /// the table answers it. A table that does not exist, or is not
    /// watched, is refused here.
    async fn to_table(&self, table: u64, reply: Reply, cmd: impl FnOnce(Reply) -> TableCmd) {
        let Some(tx) = self.hall.table(table) else {
            return reply.answer(Err(unknown(table)), None);
        };
        if !self.watching.contains(&table) {
            let error = ServerMsg::error("not_watching", format!("watch table {table} first"));
            return reply.answer(Err(error), None);
        }
        let _ = tx.send(cmd(reply)).await;
    }

    async fn handle(&mut self, msg: ClientMsg, reply: Reply) {
        let player = self.player;
        match msg {
            ClientMsg::Hello { .. } => {
                reply.answer(Err(ServerMsg::error("hello", "already said hello")), None)
            }
            ClientMsg::Ping {} => {
                self.out.send(ServerMsg::Pong);
                reply.answer(Ok(()), None);
            }
            ClientMsg::List {} => {
                self.hall.set_in_lobby(self.out.conn, true);
                self.hall.send_lobby(self.out.conn, true);
                reply.answer(Ok(()), None);
            }
            ClientMsg::Create {
                game,
                setup,
                choices,
                seconds,
                private,
            } => match self
                .hall
                .create(player, &game, setup, choices, seconds, private)
                .await
            {
                Ok(table) => self.watch(table, None, reply).await,
                Err(e) => reply.answer(Err(e), None),
            },
            ClientMsg::Watch { table, invite } => self.watch(table, invite.as_deref(), reply).await,
            ClientMsg::Sit {
                table,
                seat,
                invite,
            } => {
                if !self.watching.contains(&table) {
                    // Sitting watches too; the sit is what is answered.
                    if self
                        .hall
                        .table_for(table, player, invite.as_deref())
                        .is_none()
                    {
                        return reply.answer(Err(unknown(table)), None);
                    }
                    self.watch(table, invite.as_deref(), self.reply(None)).await;
                }
                let me = self.me();
                self.to_table(table, reply, |reply| TableCmd::Sit {
                    player: me,
                    seat,
                    reply,
                })
                .await
            }
            ClientMsg::Stand { table } => {
                self.to_table(table, reply, |reply| TableCmd::Stand { player, reply })
                    .await
            }
            ClientMsg::Leave { table } => {
                self.to_table(table, reply, |reply| TableCmd::Leave { player, reply })
                    .await;
                // Watching no table any more: back in the lobby.
                if self.watching.remove(&table) && self.watching.is_empty() {
                    self.hall.set_in_lobby(self.out.conn, true);
                }
            }
            ClientMsg::Act { table, action } => {
                self.to_table(table, reply, |reply| TableCmd::Act {
                    player,
                    action,
                    reply,
                })
                .await
            }
            ClientMsg::Chat {
                table: Some(table),
                text,
            } => {
                let name = self.name.clone();
                self.to_table(table, reply, |reply| TableCmd::Chat { name, text, reply })
                    .await
            }
            ClientMsg::Chat { table: None, text } => {
                let text = clean(&text, MAX_CHAT);
                if !text.is_empty() {
                    self.hall.lobby_chat(&self.name, &text);
                }
                reply.answer(Ok(()), None);
            }
            ClientMsg::SitOut { table } => {
                self.to_table(table, reply, |reply| TableCmd::SitOut {
                    player,
                    out_now: true,
                    reply,
                })
                .await
            }
            ClientMsg::SitBack { table } => {
                self.to_table(table, reply, |reply| TableCmd::SitOut {
                    player,
                    out_now: false,
                    reply,
                })
                .await
            }
            ClientMsg::Show { table } => {
                self.to_table(table, reply, |reply| TableCmd::Show { player, reply })
                    .await
            }
            ClientMsg::AddBot { table, seat, bot } => {
                self.to_table(table, reply, |reply| TableCmd::AddBot {
                    player,
                    seat,
                    bot,
                    reply,
                })
                .await
            }
            ClientMsg::RemoveBot { table, seat } => {
                self.to_table(table, reply, |reply| TableCmd::RemoveBot {
                    player,
                    seat,
                    reply,
                })
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
                let Some(name) = normal_name(name) else {
                    return Err(ServerMsg::error("name", NAME_RULE));
                };
                let name = name.as_str();
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
            player: crate::wire::protocol::PlayerInfo {
                id,
                name: name.clone(),
            },
            token,
            bankroll,
        };
        Ok((id, name, welcome))
    }
}
