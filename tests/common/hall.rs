//! A hall in this process on 127.0.0.1 and clients that play at it:
//! what the hall tests share.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use cardgames::hall::{self, Config};
use cardgames::wire::client::{Client, Identity, Welcome};
use cardgames::wire::protocol::{ClientMsg, ServerMsg, TableState};
use serde_json::Value;

/// Starts a hall on a free port of 127.0.0.1 with its store in `data`;
/// its address.
pub async fn start_hall(data: &Path, seed: u64) -> SocketAddr {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let config = Config {
        listen: "127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")),
        data: data.to_path_buf(),
        seed: Some(seed),
        per_address: 64,
        head_within: hall::HEAD_WITHIN,
    };
    tokio::spawn(async move {
        let result = hall::serve(config, move |at| {
            let _ = tx.send(at);
        })
        .await;
        if let Err(e) = result {
            panic!("hall: {e}");
        }
    });
    rx.await
        .unwrap_or_else(|e| panic!("the hall never listened: {e}"))
}

/// The real `cardgames serve` as a child process, killed when dropped
/// (so a failing test leaves none behind).
pub struct HallProcess {
    child: Child,
    /// The port of its ssh door, when opened.
    pub ssh_port: Option<u16>,
}

impl HallProcess {
    /// Kills it with SIGKILL.
    pub fn kill(&mut self) -> std::io::Result<()> {
        self.child.kill()
    }

    /// Waits for it to end.
    pub fn wait(&mut self) -> std::io::Result<std::process::ExitStatus> {
        self.child.wait()
    }

    /// Its process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for HallProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `cardgames serve` on free ports of 127.0.0.1 with its store in
/// `data`, seed 4 and the `extra` arguments; the process and its
/// WebSocket address. What it says after starting goes to the test's
/// output.
pub fn spawn_hall(data: &Path, extra: &[&str]) -> (HallProcess, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardgames"))
        .args(["serve", "--listen", "127.0.0.1:0", "--seed", "4", "--data"])
        .arg(data)
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = child.stderr.take().unwrap_or_else(|| panic!("no stderr"));
    let mut reader = BufReader::new(stderr);
    let mut line = || {
        let mut line = String::new();
        reader
            .read_line(&mut line)
            .unwrap_or_else(|e| panic!("{e}"));
        line
    };
    let first = line();
    let addr = first
        .split("ws://")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {first:?}"));
    let ssh_port = extra.contains(&"--ssh").then(|| {
        let second = line();
        second
            .split("ssh -p ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no ssh port in {second:?}"))
    });
    std::thread::spawn(move || {
        for l in reader.lines().map_while(Result::ok) {
            eprintln!("[hall] {l}");
        }
    });
    (HallProcess { child, ssh_port }, addr)
}

/// A player at the hall, remembering every message's text.
pub struct Player {
    pub client: Client,
    pub welcome: Welcome,
    /// Every message received, as text.
    pub received: Vec<String>,
    /// The last state of each table watched.
    pub tables: std::collections::HashMap<u64, TableState>,
}

impl Player {
    pub async fn join(addr: SocketAddr, name: &str) -> Player {
        Player::connect(addr, &Identity::Name(name.into())).await
    }

    pub async fn connect(addr: SocketAddr, who: &Identity) -> Player {
        let (client, welcome) = Client::connect(&format!("ws://{addr}"), who)
            .await
            .unwrap_or_else(|e| panic!("{who:?}: {e}"));
        Player {
            client,
            welcome,
            received: Vec::new(),
            tables: Default::default(),
        }
    }

    pub async fn send(&mut self, msg: ClientMsg) {
        self.client
            .send(&msg)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// The next message (noted).
    pub async fn next(&mut self) -> ServerMsg {
        let (msg, text) =
            tokio::time::timeout(std::time::Duration::from_secs(60), self.client.recv_raw())
                .await
                .unwrap_or_else(|_| {
                    let last: Vec<&String> = self.received.iter().rev().take(3).collect();
                    panic!(
                        "{}: no message in a minute; the last ones: {last:#?}",
                        self.welcome.player.name
                    )
                })
                .unwrap_or_else(|e| panic!("{}: {e}", self.welcome.player.name));
        self.received.push(text);
        if let ServerMsg::Table(t) = &msg {
            self.tables.insert(t.table, (**t).clone());
        }
        msg
    }

    /// Reads messages until `want` says one is it.
    pub async fn until<T>(&mut self, mut want: impl FnMut(&ServerMsg) -> Option<T>) -> T {
        loop {
            let msg = self.next().await;
            if let Some(t) = want(&msg) {
                return t;
            }
        }
    }

    /// The table created by this player's `create`.
    pub async fn create(&mut self, game: &str, setup: Value, seconds: u32) -> u64 {
        self.send(ClientMsg::Create {
            game: game.into(),
            choices: None,
            setup: Some(setup),
            seconds: Some(seconds),
            private: false,
        })
        .await;
        self.until(|m| match m {
            ServerMsg::Table(t) => Some(t.table),
            ServerMsg::Error { message, .. } => panic!("{message}"),
            _ => None,
        })
        .await
    }

    /// Sends `msg` as a request with `id` and reads on until its answer:
    /// the table it was about, or the error's code.
    pub async fn request(&mut self, msg: ClientMsg, id: &str) -> Result<Option<u64>, String> {
        let mut value = serde_json::to_value(&msg).unwrap_or_else(|e| panic!("{e}"));
        value["id"] = Value::from(id);
        self.client
            .send_text(&value.to_string())
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let want = Value::from(id);
        self.until(|m| match m {
            ServerMsg::Ok { id, table } if *id == want => Some(Ok(*table)),
            ServerMsg::Error {
                id: Some(id), code, ..
            } if *id == want => Some(Err(code.clone())),
            _ => None,
        })
        .await
    }

    /// Reads on until a deal ends at some table (its notes carry scores).
    pub async fn deal_over(&mut self) {
        self.until(|m| {
            matches!(
                m,
                ServerMsg::Notes {
                    scores: Some(_),
                    ..
                }
            )
            .then_some(())
        })
        .await;
    }

    /// The table as it stands once `pred` holds of it.
    pub async fn table_when(
        &mut self,
        table: u64,
        pred: impl Fn(&TableState) -> bool,
    ) -> TableState {
        self.until(|m| match m {
            ServerMsg::Table(t) if t.table == table && pred(t) => Some((**t).clone()),
            _ => None,
        })
        .await
    }

    /// Asks for `seat` at `table` (no invitation).
    pub async fn sit(&mut self, table: u64, seat: usize) {
        self.send(ClientMsg::Sit {
            table,
            seat: Some(seat),
            invite: None,
        })
        .await;
    }

    /// Plays at `table` by `choose` whenever it is this player's turn,
    /// until `deals` deals have ended; returns the scores of each.
    pub async fn play(
        &mut self,
        table: u64,
        deals: usize,
        choose: impl Fn(&TableState) -> Value,
    ) -> Vec<Vec<f64>> {
        let mut scores = Vec::new();
        let mut acted_on: Option<String> = None;
        while scores.len() < deals {
            match self.next().await {
                ServerMsg::Notes {
                    table: t,
                    scores: Some(s),
                    ..
                } if t == table => scores.push(s),
                ServerMsg::Table(t) if t.table == table => {
                    let mine = matches!((t.stage, t.you), (Some(cardgames::game::Stage::Turn(s)), Some(y)) if s == y);
                    let key = t.view.to_string();
                    if mine
                        && t.legal.as_array().is_some_and(|l| !l.is_empty())
                        && acted_on.as_ref() != Some(&key)
                    {
                        acted_on = Some(key);
                        let action = choose(&t);
                        self.send(ClientMsg::Act { table, action }).await;
                    }
                }
                ServerMsg::Error { code, message, .. } if code != "not_your_turn" => {
                    panic!("{}: {code}: {message}", self.welcome.player.name)
                }
                _ => {}
            }
        }
        scores
    }
}

/// Hold'em: check when free, else call.
pub fn check_or_call(t: &TableState) -> Value {
    let legal = t.legal.as_array().cloned().unwrap_or_default();
    let check = Value::from("Check");
    if legal.contains(&check) {
        check
    } else {
        Value::from("Call")
    }
}

/// The first legal action that is not a pass (a pass when it is all).
pub fn first_attack(t: &TableState) -> Value {
    let legal = t.legal.as_array().cloned().unwrap_or_default();
    legal
        .iter()
        .find(|a| a.as_str() != Some("pass"))
        .or(legal.first())
        .cloned()
        .unwrap_or(Value::Null)
}

/// Honeymoon: the lowest bid into an empty auction, a pass after it, the
/// first legal card.
pub fn bid_once_then_cards(t: &TableState) -> Value {
    let legal = t.legal.as_array().cloned().unwrap_or_default();
    let auction_empty = t.view["auction"].as_array().is_none_or(|a| a.is_empty());
    let first_bid = legal
        .iter()
        .find(|a| a.get("Call").is_some_and(|c| c.get("Bid").is_some()));
    match (auction_empty, first_bid) {
        (true, Some(bid)) => bid.clone(),
        _ => legal
            .iter()
            .find(|a| a.get("Call") == Some(&Value::from("Pass")))
            .or(legal.first())
            .cloned()
            .unwrap_or(Value::Null),
    }
}

/// The ledger of the hall whose data is in `data`, audited: every transfer
/// balances and each seat's account holds exactly the chips in front of it.
/// Its bankrolls' sum.
pub fn assert_ledger(data: &Path) -> i64 {
    let audit = hall::audit::audit(data).unwrap_or_else(|e| panic!("audit: {e}"));
    assert!(
        audit.problems.is_empty(),
        "the ledger: {:#?}",
        audit.problems
    );
    assert_eq!(audit.sum, 0, "every transfer balances");
    assert_eq!(
        audit.bankrolls + audit.at_tables,
        -audit.house,
        "players and seats hold what the house granted"
    );
    audit.bankrolls
}

/// A player's bankroll in the store of the hall in `data`.
pub fn bankroll(data: &Path, player: i64) -> i64 {
    let conn =
        rusqlite::Connection::open(data.join("hall.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    conn.query_row(
        "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE account = ?1",
        [format!("player:{player}")],
        |r| r.get(0),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Hold'em: everything in (the largest raise), or a call of it.
pub fn shove(t: &TableState) -> Value {
    let legal = t.legal.as_array().cloned().unwrap_or_default();
    legal
        .iter()
        .filter(|a| a.get("RaiseTo").is_some())
        .max_by_key(|a| a["RaiseTo"].as_u64())
        .cloned()
        .unwrap_or_else(|| {
            Value::from(if legal.contains(&Value::from("Call")) {
                "Call"
            } else {
                "Check"
            })
        })
}
