//! The game hall: `cardgames serve`. People meet at tables over the
//! network and play any game of the registry together, with bots in the
//! empty seats. The hall is one more front end of the table runner: each
//! table is a task owning its runner ([`table`]), each connection a task
//! of its own ([`conn`]), the lobby is shared state behind short locks
//! (never held across an await), and chips and hands are kept in SQLite
//! ([`store`]). The protocol is in [`crate::wire`] and `docs/protocol.md`;
//! the design in `docs/hall.md`. Browsers come in by the web door
//! ([`web`]); doors that run a front end for someone else (the ssh door,
//! in the doors layer) are opened beside a hall with [`Opened`].

pub mod audit;
mod conn;
mod http;
mod outbox;
pub mod store;
mod table;
pub mod web;

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::{ConnectInfo, Query, State, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::Value;
use tokio::sync::mpsc;

/// Writes a line to the hall's log (stderr; a log nobody reads any more
/// is no reason to stop serving, see [`crate::stderr_line`]).
pub fn log(line: std::fmt::Arguments<'_>) {
    crate::stderr_line(line);
}

use crate::games::registry;
use crate::runner::thinking::Pool;
use crate::wire::protocol::{self, GameInfo, MAX_MESSAGE, READ_BUFFER, ServerMsg, TableSummary};
use outbox::{ConnId, Outbox};
use store::{Store, StoreError, TableRow};
use table::{Plan, TableCmd};

/// How a hall is run.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen for WebSocket and HTTP connections.
    pub listen: SocketAddr,
    /// The data directory (the store's file is in it).
    pub data: PathBuf,
    /// The seed of every table's seed (each table adds its number); random
    /// when `None`.
    pub seed: Option<u64>,
    /// Connections allowed from one address.
    pub per_address: usize,
    /// How long a client has to send a request's line and headers.
    pub head_within: Duration,
}

/// [`Config::head_within`] by default.
pub const HEAD_WITHIN: Duration = Duration::from_secs(10);

/// Why the hall could not run.
#[derive(Debug, thiserror::Error)]
pub enum HallError {
    /// The store.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The network.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A file, a directory or an address the hall needs.
    #[error("{what}: {error}")]
    At {
        /// What it is, e.g. "listen on 0.0.0.0:7878".
        what: String,
        /// Why it failed.
        error: String,
    },
}

impl HallError {
    /// A failure `at` something named.
    pub fn at<E: std::fmt::Display>(what: impl std::fmt::Display) -> impl FnOnce(E) -> HallError {
        move |e| HallError::At {
            what: what.to_string(),
            error: e.to_string(),
        }
    }
}

struct Listed {
    tx: mpsc::Sender<TableCmd>,
    summary: TableSummary,
    invite: Option<String>,
    owner: i64,
}

struct Online {
    player: i64,
    name: String,
    out: Outbox,
    in_lobby: bool,
    /// The lobby as last sent to this connection.
    lobby_sent: Option<String>,
}

/// The hall's shared state.
pub struct Hall {
    /// The store.
    pub store: Store,
    config: Config,
    tables: Mutex<BTreeMap<u64, Listed>>,
    online: Mutex<HashMap<ConnId, Online>>,
    addresses: Mutex<HashMap<IpAddr, usize>>,
    next_conn: AtomicU64,
    lobby_dirty: AtomicBool,
    /// The secret of the ssh door's own connections (spared the cap on
    /// connections per address).
    door_secret: String,
    /// Thinking slots shared by every table's bots and every ssh
    /// session's local games.
    pub thinking: Arc<Pool>,
}

impl std::fmt::Debug for Hall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hall")
            .field("listen", &self.config.listen)
            .finish()
    }
}

/// A fresh session token.
pub fn new_token() -> String {
    let bytes: [u8; 24] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Locks `m`, whatever a panicking holder left (the data stays usable).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Hall {
    fn next_conn(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// A connection from `addr` may open (under the per-address cap,
    /// which the ssh door's own connections are spared).
    fn admit(&self, addr: SocketAddr, door: Option<&str>) -> bool {
        let mut a = lock(&self.addresses);
        if door == Some(self.door_secret.as_str()) {
            *a.entry(addr.ip()).or_default() += 1;
            return true;
        }
        let n = a.entry(addr.ip()).or_default();
        if *n >= self.config.per_address {
            return false;
        }
        *n += 1;
        true
    }

    fn release(&self, addr: SocketAddr) {
        let mut a = lock(&self.addresses);
        if let Some(n) = a.get_mut(&addr.ip()) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                a.remove(&addr.ip());
            }
        }
    }

    fn join_online(&self, conn: ConnId, player: i64, name: &str, out: Outbox) {
        lock(&self.online).insert(
            conn,
            Online {
                player,
                name: name.into(),
                out,
                in_lobby: true,
                lobby_sent: None,
            },
        );
        self.lobby_dirty.store(true, Ordering::Relaxed);
    }

    fn leave_online(&self, conn: ConnId) {
        lock(&self.online).remove(&conn);
        self.lobby_dirty.store(true, Ordering::Relaxed);
    }

    fn set_in_lobby(&self, conn: ConnId, yes: bool) {
        if let Some(o) = lock(&self.online).get_mut(&conn) {
            o.in_lobby = yes;
        }
        if yes {
            self.lobby_dirty.store(true, Ordering::Relaxed);
        }
    }

    /// A table's request channel.
    fn table(&self, id: u64) -> Option<mpsc::Sender<TableCmd>> {
        lock(&self.tables).get(&id).map(|t| t.tx.clone())
    }

    /// A table's request channel, if `player` may see it: a public table,
    /// or a private one with its invite code (or its creator, or a player
    /// seated at it).
    fn table_for(
        &self,
        id: u64,
        player: i64,
        invite: Option<&str>,
    ) -> Option<mpsc::Sender<TableCmd>> {
        let tables = lock(&self.tables);
        let t = tables.get(&id)?;
        let name = lock(&self.online)
            .values()
            .find(|o| o.player == player)
            .map(|o| o.name.clone());
        let seated = name.is_some_and(|n| t.summary.players.iter().flatten().any(|p| *p == n));
        let allowed =
            t.invite.is_none() || t.owner == player || seated || t.invite.as_deref() == invite;
        allowed.then(|| t.tx.clone())
    }

    /// The tables where `player` sits.
    fn tables_of(&self, player: i64) -> Vec<u64> {
        let name = lock(&self.online)
            .values()
            .find(|o| o.player == player)
            .map(|o| o.name.clone());
        name.map_or_else(Vec::new, |name| self.tables_of_name(&name))
    }

    /// The hall's data directory.
    pub fn data(&self) -> &std::path::Path {
        &self.config.data
    }

    /// The tables where the player named `name` sits.
    pub fn tables_of_name(&self, name: &str) -> Vec<u64> {
        lock(&self.tables)
            .values()
            .filter(|t| t.summary.players.iter().flatten().any(|p| p == name))
            .map(|t| t.summary.table)
            .collect()
    }

    /// A table's new summary, for the lobby.
    fn lobby_update(&self, summary: TableSummary) {
        if let Some(t) = lock(&self.tables).get_mut(&summary.table)
            && t.summary != summary
        {
            t.summary = summary;
            self.lobby_dirty.store(true, Ordering::Relaxed);
        }
    }

    /// The lobby as `player` sees it.
    fn lobby(&self, player: i64) -> ServerMsg {
        let games = registry()
            .entries()
            .iter()
            .map(|e| {
                let setup = e.kind.default_setup();
                GameInfo {
                    id: e.id.into(),
                    name: e.name.into(),
                    fields: e.kind.fields(&setup).unwrap_or_default(),
                    setup,
                    bots: e.kind.bot_names().iter().map(|b| b.to_string()).collect(),
                    chips: e.kind.chips(),
                }
            })
            .collect();
        let tables = lock(&self.tables)
            .values()
            .filter(|t| t.invite.is_none() || t.owner == player)
            .map(|t| t.summary.clone())
            .collect();
        let online = lock(&self.online).len();
        ServerMsg::Lobby {
            games,
            tables,
            online,
        }
    }

    /// `msg` to every connection of `player`, at a table or not.
    fn tell_player(&self, player: i64, msg: &ServerMsg) {
        for o in lock(&self.online).values().filter(|o| o.player == player) {
            o.out.send(msg.clone());
        }
    }

    /// A lobby chat line to everyone in the lobby.
    fn lobby_chat(&self, from: &str, text: &str) {
        let msg = ServerMsg::Chat {
            table: None,
            from: from.into(),
            text: text.into(),
        };
        for o in lock(&self.online).values() {
            o.out.send(msg.clone());
        }
    }

    /// Sends the lobby to those looking at it, when it changed.
    fn refresh_lobby(&self) {
        if !self.lobby_dirty.swap(false, Ordering::Relaxed) {
            return;
        }
        let looking: Vec<ConnId> = lock(&self.online)
            .iter()
            .filter(|(_, o)| o.in_lobby)
            .map(|(c, _)| *c)
            .collect();
        for conn in looking {
            self.send_lobby(conn, false);
        }
    }

    /// Sends connection `conn` the lobby as its player sees it: always
    /// when `asked`, else only when it changed since it was last sent.
    fn send_lobby(&self, conn: ConnId, asked: bool) {
        let Some(player) = lock(&self.online).get(&conn).map(|o| o.player) else {
            return;
        };
        let text = protocol::encode(&self.lobby(player));
        if let Some(o) = lock(&self.online).get_mut(&conn)
            && (asked || o.lobby_sent.as_ref() != Some(&text))
        {
            o.out.send_text(text.clone());
            o.lobby_sent = Some(text);
        }
    }

    /// A new table, its task started.
    async fn create(
        self: &Arc<Hall>,
        owner: i64,
        game: &str,
        setup: Option<Value>,
        choices: Option<serde_json::Map<String, Value>>,
        seconds: Option<u32>,
        private: bool,
    ) -> Result<u64, ServerMsg> {
        let entry = registry()
            .find(game)
            .map_err(|e| ServerMsg::error("no_game", e.to_string()))?;
        let bad = |e: crate::game::SetupError| ServerMsg::error("bad_setup", e.to_string());
        let mut setup = match setup {
            Some(given) => entry.kind.complete(&given),
            None => Ok(entry.kind.default_setup()),
        }
        .map_err(bad)?;
        for (key, index) in choices.unwrap_or_default() {
            let index = index.as_u64().ok_or_else(|| {
                ServerMsg::error("bad_setup", format!("choice {key}: an index, not {index}"))
            })?;
            setup = entry
                .kind
                .choose(&setup, &key, usize::try_from(index).unwrap_or(usize::MAX))
                .map_err(bad)?;
        }
        entry
            .kind
            .seats(&setup)
            .map_err(|e| ServerMsg::error("bad_setup", e.to_string()))?;
        let seconds = seconds.unwrap_or(30);
        if !(5..=600).contains(&seconds) {
            return Err(ServerMsg::error("bad_setup", "seconds to act: 5 to 600"));
        }
        let invite = private.then(|| new_token()[..8].to_string());
        let row = TableRow {
            id: 0,
            game: entry.id.into(),
            setup: setup.clone(),
            owner,
            seconds,
            invite: invite.clone(),
            seed: 0,
            seats: Value::Array(Vec::new()),
            save: None,
            steps: Vec::new(),
            deals: 0,
        };
        let id = self
            .store
            .call(move |conn| store::new_table(conn, &row))
            .await
            .map_err(|e| ServerMsg::error("store", e.to_string()))?;
        let seed = self.table_seed(id);
        self.store.run("seed", move |conn| {
            conn.execute(
                "UPDATE tables SET seed = ?1 WHERE id = ?2",
                rusqlite::params![seed as i64, id as i64],
            )?;
            Ok(())
        });
        self.start_table(Plan {
            id,
            entry,
            setup,
            seconds,
            owner,
            invite,
            seed,
            seats: None,
            runner: None,
            deals: 0,
            log: Vec::new(),
        });
        Ok(id)
    }

    fn table_seed(&self, id: u64) -> u64 {
        match self.config.seed {
            Some(s) => s.wrapping_add(id),
            None => rand::random(),
        }
    }

    fn start_table(self: &Arc<Hall>, plan: Plan) {
        let summary = TableSummary {
            table: plan.id,
            game: plan.entry.id.into(),
            about: table::about(plan.entry, &plan.setup),
            seats: plan.entry.kind.seats(&plan.setup).unwrap_or(0),
            players: Vec::new(),
            watching: 0,
            playing: plan.runner.is_some(),
            private: plan.invite.is_some(),
        };
        let (id, invite, owner) = (plan.id, plan.invite.clone(), plan.owner);
        let (tx, rx) = table::channel();
        lock(&self.tables).insert(
            id,
            Listed {
                tx,
                summary,
                invite,
                owner,
            },
        );
        self.lobby_dirty.store(true, Ordering::Relaxed);
        table::spawn(self.clone(), plan, rx);
    }

    /// Every table the store holds open, resumed where it was.
    async fn restore_tables(self: &Arc<Hall>) -> Result<usize, HallError> {
        let rows = self.store.call(|conn| store::open_tables(conn)).await?;
        let n = rows.len();
        for row in rows {
            let Some(entry) = registry().get(&row.game) else {
                log(format_args!(
                    "hall: table {}: no game {:?}",
                    row.id, row.game
                ));
                continue;
            };
            let steps = row.steps.clone();
            let runner = match table::restore(entry, row.save, row.steps) {
                Ok(runner) => runner,
                Err(e) => {
                    log(format_args!("hall: table {}: {e}", row.id));
                    continue;
                }
            };
            self.start_table(Plan {
                id: row.id,
                entry,
                setup: row.setup,
                seconds: row.seconds,
                owner: row.owner,
                invite: row.invite,
                seed: row.seed,
                seats: Some(row.seats),
                runner,
                deals: row.deals,
                log: steps,
            });
        }
        Ok(n)
    }
}

/// The query of the WebSocket's address.
#[derive(Debug, serde::Deserialize)]
struct WsQuery {
    door: Option<String>,
}

async fn ws(
    ws: WebSocketUpgrade,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Query(query): Query<WsQuery>,
    State(hall): State<Arc<Hall>>,
) -> Response {
    if !hall.admit(addr, query.door.as_deref()) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from your address\n",
        )
            .into_response();
    }
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| conn::run(hall, socket, addr))
}

async fn not_found() -> Response {
    web::refuse(StatusCode::NOT_FOUND)
}

/// A hall listening, its tables restored, not yet serving: doors are
/// opened beside it (they reach it through [`Opened::hall`] and
/// [`Opened::door_url`]) before [`Opened::serve`].
#[derive(Debug)]
pub struct Opened {
    hall: Arc<Hall>,
    listener: tokio::net::TcpListener,
    web: SocketAddr,
}

/// Opens the store, binds the listening address and resumes the open
/// tables.
pub async fn open(config: Config) -> Result<Opened, HallError> {
    std::fs::create_dir_all(&config.data).map_err(HallError::at(config.data.display()))?;
    let store = Store::open(&config.data.join("hall.sqlite"))?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(HallError::at(format_args!("listen on {}", config.listen)))?;
    let hall = Arc::new(Hall {
        store,
        config,
        tables: Mutex::new(BTreeMap::new()),
        online: Mutex::new(HashMap::new()),
        addresses: Mutex::new(HashMap::new()),
        next_conn: AtomicU64::new(1),
        lobby_dirty: AtomicBool::new(false),
        door_secret: new_token(),
        thinking: Pool::per_core(),
    });
    hall.restore_tables().await?;
    let web = listener.local_addr()?;
    Ok(Opened {
        hall,
        listener,
        web,
    })
}

impl Opened {
    /// Where WebSocket clients and browsers reach the hall.
    pub fn web(&self) -> SocketAddr {
        self.web
    }

    /// The hall, for a door beside it.
    pub fn hall(&self) -> Arc<Hall> {
        self.hall.clone()
    }

    /// The WebSocket address a door's own sessions use: loopback, with
    /// the secret that spares them the cap on connections per address.
    pub fn door_url(&self) -> String {
        let host = if self.web.ip().is_unspecified() {
            std::net::Ipv4Addr::LOCALHOST.into()
        } else {
            self.web.ip()
        };
        format!(
            "ws://{}/ws?door={}",
            SocketAddr::new(host, self.web.port()),
            self.hall.door_secret
        )
    }

    /// Serves until SIGTERM or Ctrl-C.
    pub async fn serve(self) -> Result<(), HallError> {
        let hall = self.hall;
        let refresher = hall.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(500));
            loop {
                every.tick().await;
                refresher.refresh_lobby();
            }
        });
        let app = web::guarded(
            web::routes()
                .route("/ws", get(ws))
                .fallback(not_found)
                .with_state(hall.clone()),
        );
        http::serve(self.listener, app, hall.config.head_within, stopped()).await;
        // Everything queued reaches the disk before the process ends.
        hall.store.call(|_| Ok(())).await?;
        Ok(())
    }
}

/// Opens a hall without doors and serves it until SIGTERM or Ctrl-C;
/// `ready` is told where, once listening.
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), HallError> {
    let opened = open(config).await?;
    ready(opened.web());
    opened.serve().await
}

/// Resolves on SIGTERM or Ctrl-C.
async fn stopped() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
