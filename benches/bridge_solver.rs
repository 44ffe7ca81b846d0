//! The double-dummy solver beside DDS, in the same run: the whole
//! 20-entry table of the same 100 seeded random deals, one thread each,
//! ours in-process and DDS through endplay's `calc_dd_table` (with
//! `SetMaxThreads(1)`), by `tests/bridge/dds.py` in the test's virtual
//! environment (`target/tmp/endplay-venv`, made by `cargo test --test
//! bridge`; or `CARDGAMES_ENDPLAY_PYTHON`).
//!
//! `cargo bench --bench bridge_solver` (`BRIDGE_BENCH_DEALS=N` for
//! another count). A bench binary rather than criterion: one pass over
//! 100 deals takes a minute or more, and criterion's repeated samples
//! would take an hour; each deal is solved cold (the table cleared), as
//! DDS's `calc_dd_table` starts each deal afresh.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

use cardgames::bridge::solver::Solver;
use cardgames::bridge::{BridgeDeal, pbn_deal};
use cardgames::cards::{Card, CardSet};
use cardgames::game::rng_from_seed;
use rand::seq::SliceRandom;

fn main() {
    let count: usize = std::env::var("BRIDGE_BENCH_DEALS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let mut rng = rng_from_seed(2026);
    let deals: Vec<[CardSet; 4]> = (0..count)
        .map(|_| {
            let mut pack: Vec<Card> = Card::all().collect();
            pack.shuffle(&mut rng);
            std::array::from_fn(|s| pack[13 * s..13 * (s + 1)].iter().copied().collect())
        })
        .collect();
    let mut solver = Solver::new();
    let mut times = Vec::with_capacity(count);
    let start = Instant::now();
    for d in &deals {
        solver.clear();
        let t = Instant::now();
        let table = solver.table(d);
        times.push(t.elapsed().as_secs_f64());
        assert!(table.is_ok());
    }
    let ours = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    println!(
        "ours: {count} tables in {ours:.2} s: {:.1} ms a table (median {:.1} ms, slowest {:.1} ms), table memory {} MiB, {} nodes",
        ours * 1e3 / count as f64,
        times[count / 2] * 1e3,
        times[count - 1] * 1e3,
        solver.memory() >> 20,
        solver.nodes()
    );
    let py = std::env::var("CARDGAMES_ENDPLAY_PYTHON").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/target/tmp/endplay-venv/bin/python"
        )
        .to_string()
    });
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bridge/dds.py");
    let pbns: Vec<String> = deals
        .iter()
        .map(|h| {
            pbn_deal(&BridgeDeal {
                board: 1,
                hands: *h,
            })
        })
        .collect();
    let request = serde_json::json!({ "time": pbns }).to_string() + "\n";
    let child = Command::new(&py)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        println!("DDS: not timed ({py} not found: run `cargo test --test bridge` first)");
        return;
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(request.as_bytes());
    }
    let out = child.wait_with_output();
    let seconds = out
        .ok()
        .and_then(|o| serde_json::from_slice::<serde_json::Value>(&o.stdout).ok())
        .and_then(|v| v["seconds"].as_f64());
    match seconds {
        Some(dds) => println!(
            "DDS:  {count} tables in {dds:.2} s: {:.1} ms a table\nratio ours / DDS: {:.2}",
            dds * 1e3 / count as f64,
            ours / dds
        ),
        None => println!("DDS: not timed (the endplay script failed)"),
    }
}
