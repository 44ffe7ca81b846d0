//! A load generator for the game hall (a bench, not a test): N bot clients
//! over real sockets sit at six-seat Hold'em tables of a running hall and
//! play (check or call, at once) for a while; it reports hands per second,
//! the round trip of an action (sent, to the hall's word that it was
//! played), and the hall's CPU and resident memory (read from /proc for
//! the hall's process id).
//!
//! The players arrive over `--ramp` seconds, table after table, as people
//! do. Round trips are reported for the steady state (from the end of the
//! ramp on) and, apart, for the ramp itself: while every table starts its
//! first hands in the same few seconds their actions queue behind each
//! other.
//!
//! ```sh
//! cardgames serve --listen 127.0.0.1:7979 --data /tmp/load --per-address 5000 &
//! cargo run --release --example hall_load -- --url ws://127.0.0.1:7979 \
//!     --pid $! --clients 1000 --tables 250 --seconds 300
//! ```

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cardgames::game::Stage;
use cardgames::wire::client::{Client, Identity};
use cardgames::wire::protocol::{ClientMsg, ServerMsg};
use clap::Parser;
use common::{choose, usage};
use serde_json::json;
use tokio::sync::Mutex;

#[derive(Debug, Parser)]
struct Args {
    /// The hall.
    #[arg(long)]
    url: String,
    /// The hall's process, for its CPU and memory.
    #[arg(long)]
    pid: Option<u32>,
    /// Clients in all (people, four a table).
    #[arg(long, default_value_t = 1000)]
    clients: usize,
    /// Tables (six seats: four people and two bots).
    #[arg(long, default_value_t = 250)]
    tables: usize,
    /// How long to play.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Seconds over which the players arrive (within the time played).
    #[arg(long, default_value_t = 10)]
    ramp: u64,
}

struct Shared {
    hands: AtomicU64,
    /// Round trips in milliseconds: during the ramp, and after it.
    rtt: Mutex<(Vec<f64>, Vec<f64>)>,
}

async fn player(
    url: String,
    name: String,
    table: u64,
    seat: usize,
    (ramped, end): (Instant, Instant),
    shared: Arc<Shared>,
    count_hands: bool,
) {
    let Ok((mut c, _)) = Client::connect(&url, &Identity::Name(name)).await else {
        return;
    };
    if c.send(&ClientMsg::Sit {
        table,
        seat: Some(seat),
        invite: None,
    })
    .await
    .is_err()
    {
        return;
    }
    let mut sent: Option<Instant> = None;
    let (mut ramp, mut steady) = (Vec::new(), Vec::new());
    while Instant::now() < end {
        let Ok(Ok(msg)) = tokio::time::timeout(Duration::from_secs(5), c.recv()).await else {
            continue;
        };
        match msg {
            ServerMsg::Notes { scores, notes, .. } => {
                if let Some(at) = sent.take()
                    && !notes.is_empty()
                {
                    let ms = at.elapsed().as_secs_f64() * 1000.0;
                    if at < ramped { &mut ramp } else { &mut steady }.push(ms);
                }
                if count_hands && scores.is_some() {
                    shared.hands.fetch_add(1, Ordering::Relaxed);
                }
            }
            ServerMsg::Table(t) => {
                let mine = matches!((t.stage, t.you), (Some(Stage::Turn(s)), Some(y)) if s == y);
                if mine && sent.is_none() && t.legal.as_array().is_some_and(|l| !l.is_empty()) {
                    sent = Some(Instant::now());
                    let action = choose(&t.legal);
                    if c.send(&ClientMsg::Act { table, action }).await.is_err() {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    let mut all = shared.rtt.lock().await;
    all.0.extend(ramp);
    all.1.extend(steady);
    c.close().await;
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let per = (args.clients / args.tables.max(1)).clamp(1, 6);
    let bots = 6 - per;
    let shared = Arc::new(Shared {
        hands: AtomicU64::new(0),
        rtt: Mutex::new((Vec::new(), Vec::new())),
    });
    let run = format!("{:x}", rand::random::<u32>());
    // Each table: made by its first player, its bots added.
    let mut tables = Vec::new();
    for t in 0..args.tables {
        let name = format!("h{run}{t}");
        let Ok((mut c, _)) = Client::connect(&args.url, &Identity::Name(name)).await else {
            eprintln!("cannot connect to {}", args.url);
            return;
        };
        // Deep stacks (500 big blinds): nobody busts in a five-minute run, so
        // every client plays to the end.
        let setup = json!({"seats": 6, "stack": 5000, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}});
        let _ = c
            .send(&ClientMsg::Create {
                game: "holdem".into(),
                choices: None,
                setup: Some(setup),
                seconds: Some(30),
                private: false,
            })
            .await;
        let id = loop {
            match c.recv().await {
                Ok(ServerMsg::Table(t)) => break t.table,
                Ok(_) => {}
                Err(e) => {
                    eprintln!("{e}");
                    return;
                }
            }
        };
        for seat in per..per + bots {
            let _ = c
                .send(&ClientMsg::AddBot {
                    table: id,
                    seat,
                    bot: "easy".into(),
                })
                .await;
        }
        tables.push((id, c));
    }
    eprintln!(
        "{} tables of {per} people and {bots} bots; playing {} s",
        tables.len(),
        args.seconds
    );
    let start = Instant::now();
    let end = start + Duration::from_secs(args.seconds);
    let ramp = Duration::from_secs(args.ramp.min(args.seconds));
    let ramped = start + ramp;
    let before = args.pid.and_then(usage);
    let mut tasks = Vec::new();
    let count = tables.len().max(1) as u32;
    for (i, (id, host)) in tables.into_iter().enumerate() {
        host.close().await;
        tokio::time::sleep_until((start + ramp * i as u32 / count).into()).await;
        for seat in 0..per {
            let name = format!("p{run}{i}x{seat}");
            tasks.push(tokio::spawn(player(
                args.url.clone(),
                name,
                id,
                seat,
                (ramped, end),
                shared.clone(),
                seat == 0,
            )));
        }
    }
    let mut peak_rss = 0;
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_secs(1)).await;
        if let Some((_, rss)) = args.pid.and_then(usage) {
            peak_rss = peak_rss.max(rss);
        }
    }
    let after = args.pid.and_then(usage);
    for t in tasks {
        let _ = t.await;
    }
    let secs = start.elapsed().as_secs_f64();
    let hands = shared.hands.load(Ordering::Relaxed);
    let (mut during, mut settled) = shared.rtt.lock().await.clone();
    println!(
        "clients {}, tables {}, {secs:.0} s",
        per * args.tables,
        args.tables
    );
    println!("hands {hands} ({:.1} a second)", hands as f64 / secs);
    for (what, rtt) in [
        ("after the ramp", &mut settled),
        ("during the ramp", &mut during),
    ] {
        rtt.sort_by(|a, b| a.total_cmp(b));
        let pct = |p: f64| {
            rtt.get(((rtt.len() as f64 * p) as usize).min(rtt.len().saturating_sub(1)))
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "{what}: {} actions timed, round trip p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            rtt.len(),
            pct(0.5),
            pct(0.99),
            rtt.last().copied().unwrap_or(0.0)
        );
    }
    if let (Some((c0, _)), Some((c1, rss))) = (before, after) {
        println!(
            "hall CPU {:.0}% of one core, resident {} MB now, {} MB at most",
            (c1 - c0) / secs * 100.0,
            rss / 1024,
            peak_rss / 1024
        );
    }
}
