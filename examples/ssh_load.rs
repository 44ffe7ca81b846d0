//! A load generator for the hall's ssh door (a bench, not a test): N ssh
//! sessions, each with its own key, name themselves, make a two-seat
//! Hold'em table with a bot in the other seat, sit, and check or call
//! (a key every few hundred milliseconds) for a while. Then as many
//! WebSocket clients do the same at tables of their own. For each door it
//! reports the hall's CPU and resident memory (from /proc) and the bytes
//! a session received per action played at its table: the ssh channel's
//! terminal output (the redraw cost) beside the WebSocket messages with
//! their frame headers. Actions are counted in the hall's store.
//!
//! ```sh
//! cardgames serve --listen 127.0.0.1:7979 --ssh 127.0.0.1:2299 \
//!     --data /tmp/sshload --per-address 5000 &
//! cargo run --release --example ssh_load -- --ssh 127.0.0.1:2299 \
//!     --url ws://127.0.0.1:7979 --data /tmp/sshload --pid $! --sessions 100
//! ```

mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cardgames::game::Stage;
use cardgames::wire::client::{Client, Identity};
use cardgames::wire::protocol::{ClientMsg, ServerMsg};
use clap::Parser;
use common::{choose, usage};
use russh::ChannelMsg;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use serde_json::json;

#[derive(Debug, Parser)]
struct Args {
    /// The hall's ssh door.
    #[arg(long)]
    ssh: String,
    /// The hall's WebSocket address.
    #[arg(long)]
    url: String,
    /// The hall's data directory (its store counts the actions).
    #[arg(long)]
    data: PathBuf,
    /// The hall's process, for its CPU and memory.
    #[arg(long)]
    pid: Option<u32>,
    /// Sessions through each door.
    #[arg(long, default_value_t = 100)]
    sessions: usize,
    /// The doors to measure, in order.
    #[arg(long, value_delimiter = ',', default_value = "ssh,websocket")]
    doors: Vec<String>,
    /// Seconds each door is measured, once every session sits.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
}

/// Moves played so far at the tables made by players whose names start
/// with `prefix`: those of finished deals and those of the deals under way.
fn actions(data: &std::path::Path, prefix: &str) -> u64 {
    let Ok(conn) = rusqlite::Connection::open(data.join("hall.sqlite")) else {
        return 0;
    };
    let mine =
        "SELECT t.id FROM tables t JOIN players p ON p.id = t.owner WHERE p.name LIKE ?1 || '%'";
    let done: i64 = conn
        .query_row(
            &format!("SELECT COALESCE(SUM(json_array_length(log)), 0) FROM deals WHERE table_id IN ({mine})"),
            [prefix],
            |r| r.get(0),
        )
        .unwrap_or(0);
    let going: i64 = conn
        .query_row(
            &format!("SELECT COUNT(*) FROM steps WHERE table_id IN ({mine})"),
            [prefix],
            |r| r.get(0),
        )
        .unwrap_or(0);
    (done + going) as u64
}

/// The terminal's bytes for keys.
fn key(name: &str) -> &'static [u8] {
    match name {
        "Down" => b"\x1b[B",
        "Left" => b"\x1b[D",
        "Enter" => b"\r",
        "c" => b"c",
        "s" => b"s",
        "b" => b"b",
        _ => b"",
    }
}

struct Accept;

impl russh::client::Handler for Accept {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// One ssh session: logs in with a new key, names itself, makes its table
/// and plays; the bytes it received while `counting` go to `bytes`.
async fn ssh_session(
    addr: String,
    name: String,
    counting: Arc<std::sync::atomic::AtomicBool>,
    bytes: Arc<AtomicU64>,
    end: Arc<std::sync::Mutex<Option<Instant>>>,
) -> Result<(), String> {
    let config = Arc::new(russh::client::Config::default());
    let mut handle = russh::client::connect(config, addr.as_str(), Accept)
        .await
        .map_err(|e| e.to_string())?;
    let own = PrivateKey::from(Ed25519Keypair::from_seed(&rand::random()));
    let auth = handle
        .authenticate_publickey("player", PrivateKeyWithHashAlg::new(Arc::new(own), None))
        .await
        .map_err(|e| e.to_string())?;
    if !auth.success() {
        return Err("key refused".into());
    }
    let channel = handle
        .channel_open_session()
        .await
        .map_err(|e| e.to_string())?;
    channel
        .request_pty(false, "xterm-256color", 100, 32, 0, 0, &[])
        .await
        .map_err(|e| e.to_string())?;
    channel
        .request_shell(false)
        .await
        .map_err(|e| e.to_string())?;
    let (mut reader, writer) = channel.split();
    let drain_bytes = bytes.clone();
    let drain_counting = counting.clone();
    let drain = tokio::spawn(async move {
        while let Some(msg) = reader.wait().await {
            if let ChannelMsg::Data { data } = msg
                && drain_counting.load(Ordering::Relaxed)
            {
                drain_bytes.fetch_add(data.len() as u64, Ordering::Relaxed);
            }
        }
    });
    let pause = |ms| tokio::time::sleep(Duration::from_millis(ms));
    let send = |bytes: Vec<u8>| {
        let writer = &writer;
        async move { writer.data(&bytes[..]).await.map_err(|e| e.to_string()) }
    };
    pause(1500).await;
    send(format!("{name}\r").into_bytes()).await?;
    pause(1500).await;
    // The main menu: Play online is fourth.
    for k in ["Down", "Down", "Down", "Enter"] {
        send(key(k).to_vec()).await?;
        pause(150).await;
    }
    pause(1500).await;
    // A table for two: the form's second line is the seats.
    send(b"c".to_vec()).await?;
    pause(1000).await;
    for k in ["Down", "Left", "Left", "Left", "Left", "Enter"] {
        send(key(k).to_vec()).await?;
        pause(150).await;
    }
    pause(1500).await;
    // Sit in the first seat, a bot in the second.
    for k in ["s", "Down", "b"] {
        send(key(k).to_vec()).await?;
        pause(500).await;
    }
    loop {
        let over = end
            .lock()
            .ok()
            .and_then(|e| *e)
            .is_some_and(|e| Instant::now() >= e);
        if over {
            break;
        }
        send(b"c".to_vec()).await?;
        pause(300).await;
    }
    let _ = writer.eof().await;
    drain.abort();
    Ok(())
}

/// One WebSocket client at its own two-seat table with a bot, checking or
/// calling when its turn comes; the bytes it received while `counting`
/// (each message's text and its frame header) go to `bytes`.
async fn ws_session(
    url: String,
    name: String,
    counting: Arc<std::sync::atomic::AtomicBool>,
    bytes: Arc<AtomicU64>,
    end: Arc<std::sync::Mutex<Option<Instant>>>,
) -> Result<(), String> {
    let (mut c, _) = Client::connect(&url, &Identity::Name(name))
        .await
        .map_err(|e| e.to_string())?;
    // The setup the screen's form starts from, for two seats.
    let holdem = cardgames::games::registry()
        .find("holdem")
        .map_err(|e| e.to_string())?;
    let mut setup = holdem
        .kind
        .hall_setup(&holdem.kind.default_setup())
        .map_err(|e| e.to_string())?;
    setup["seats"] = json!(2);
    c.send(&ClientMsg::Create {
        game: "holdem".into(),
        choices: None,
        setup: Some(setup),
        seconds: Some(30),
        private: false,
    })
    .await
    .map_err(|e| e.to_string())?;
    let table = loop {
        match c.recv().await.map_err(|e| e.to_string())? {
            ServerMsg::Table(t) => break t.table,
            ServerMsg::Error { message, .. } => return Err(message),
            _ => {}
        }
    };
    for msg in [
        ClientMsg::Sit {
            table,
            seat: Some(0),
            invite: None,
        },
        ClientMsg::AddBot {
            table,
            seat: 1,
            bot: "normal".into(),
        },
    ] {
        c.send(&msg).await.map_err(|e| e.to_string())?;
    }
    loop {
        let over = end
            .lock()
            .ok()
            .and_then(|e| *e)
            .is_some_and(|e| Instant::now() >= e);
        if over {
            break;
        }
        let Ok(got) = tokio::time::timeout(Duration::from_millis(500), c.recv_raw()).await else {
            continue;
        };
        let (msg, text) = got.map_err(|e| e.to_string())?;
        if counting.load(Ordering::Relaxed) {
            let header = if text.len() < 126 { 2 } else { 4 };
            bytes.fetch_add((text.len() + header) as u64, Ordering::Relaxed);
        }
        if let ServerMsg::Table(t) = msg {
            let mine = matches!((t.stage, t.you), (Some(Stage::Turn(s)), Some(y)) if s == y);
            if mine && t.legal.as_array().is_some_and(|l| !l.is_empty()) {
                // As a person would: not at once.
                tokio::time::sleep(Duration::from_millis(150)).await;
                let action = choose(&t.legal);
                c.send(&ClientMsg::Act { table, action })
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    c.close().await;
    Ok(())
}

/// What one door's run measured.
struct Measured {
    sessions: usize,
    secs: f64,
    actions: u64,
    bytes: u64,
    cpu: Option<f64>,
    rss_kb: Option<u64>,
}

async fn measure(args: &Args, door: &str) -> Measured {
    let counting = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let bytes = Arc::new(AtomicU64::new(0));
    let end = Arc::new(std::sync::Mutex::new(None));
    let run = format!("{door}{:x}n", rand::random::<u16>());
    let mut tasks = Vec::new();
    for i in 0..args.sessions {
        let name = format!("{run}{i}");
        let (counting, bytes, end) = (counting.clone(), bytes.clone(), end.clone());
        let task = if door == "ssh" {
            tokio::spawn(ssh_session(args.ssh.clone(), name, counting, bytes, end))
        } else {
            tokio::spawn(ws_session(args.url.clone(), name, counting, bytes, end))
        };
        tasks.push(task);
        // Arrivals spread over a few seconds, as people come.
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    // Everyone is seated by now: measure from here.
    tokio::time::sleep(Duration::from_secs(12)).await;
    let start = Instant::now();
    let before = (args.pid.and_then(usage), actions(&args.data, &run));
    counting.store(true, Ordering::Relaxed);
    let mut peak = None;
    while start.elapsed() < Duration::from_secs(args.seconds) {
        tokio::time::sleep(Duration::from_secs(1)).await;
        if let Some((_, rss)) = args.pid.and_then(usage) {
            peak = Some(peak.unwrap_or(0).max(rss));
        }
    }
    counting.store(false, Ordering::Relaxed);
    let after = (args.pid.and_then(usage), actions(&args.data, &run));
    let secs = start.elapsed().as_secs_f64();
    if let Ok(mut e) = end.lock() {
        *e = Some(Instant::now());
    }
    let mut failed = 0;
    for t in tasks {
        let ended = tokio::time::timeout(Duration::from_secs(20), t).await;
        if let Ok(Ok(Err(e))) = ended {
            failed += 1;
            if failed == 1 {
                eprintln!("{door}: a session failed: {e}");
            }
        }
    }
    let cpu = match (before.0, after.0) {
        (Some((c0, _)), Some((c1, _))) => Some((c1 - c0) / secs * 100.0),
        _ => None,
    };
    Measured {
        sessions: args.sessions - failed,
        secs,
        actions: after.1.saturating_sub(before.1),
        bytes: bytes.load(Ordering::Relaxed),
        cpu,
        rss_kb: peak,
    }
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    println!(
        "| door | sessions | actions a second | hall CPU (% of one core) | hall resident at most | bytes to a session per action |"
    );
    println!("|---|---|---|---|---|---|");
    for door in &args.doors {
        let m = measure(&args, door).await;
        // Let the tables of this door quiet down before the next.
        tokio::time::sleep(Duration::from_secs(3)).await;
        let per = if m.actions == 0 {
            0.0
        } else {
            m.bytes as f64 / m.actions as f64
        };
        println!(
            "| {door} | {} | {:.1} | {} | {} | {per:.0} |",
            m.sessions,
            m.actions as f64 / m.secs,
            m.cpu.map_or("?".into(), |c| format!("{c:.0}")),
            m.rss_kb.map_or("?".into(), |k| format!("{} MB", k / 1024)),
        );
    }
}
