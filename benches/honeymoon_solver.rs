//! The honeymoon double-dummy solver on seeded random 13-against-13 deals.
//!
//! First tables over 1,000 deals × every trump and no trump: median and
//! worst of each solve and of valuing every card of a 13-card hand, with
//! one solver reused as a program would, with a cold table per solve (best
//! of three runs), and cold with the endgame database for K ≤ 5 and K ≤ 6
//! (and its build time); then the strong bot's decision times; then
//! criterion groups for the per-deal solve with and without the database
//! side by side.

use std::sync::Arc;
use std::time::{Duration, Instant};

use cardgames::cards::{Card, CardSet, Suit};
use cardgames::game::rng_from_seed;
use cardgames::game::{Bot, Game};
use cardgames::honeymoon::bots::{GreedyBot, StrongBot};
use cardgames::honeymoon::db_build;
use cardgames::honeymoon::solver::Solver;
use cardgames::honeymoon::{Honeymoon, Phase, Setup};
use cardgames::honeymoon::{NORTH, Position, SOUTH};
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use rand::seq::SliceRandom;

const TRUMPS: [Option<Suit>; 5] = [
    None,
    Some(Suit::Spades),
    Some(Suit::Hearts),
    Some(Suit::Diamonds),
    Some(Suit::Clubs),
];

fn deals(count: usize) -> Vec<(CardSet, CardSet)> {
    let mut rng = rng_from_seed(2026);
    (0..count)
        .map(|_| {
            let mut pack: Vec<Card> = Card::all().collect();
            pack.shuffle(&mut rng);
            (
                pack[..13].iter().copied().collect(),
                pack[13..26].iter().copied().collect(),
            )
        })
        .collect()
}

fn summary(label: &str, mut times: Vec<Duration>) {
    times.sort();
    let median = times[times.len() / 2];
    let p99 = times[times.len() * 99 / 100];
    let worst = times[times.len() - 1];
    println!(
        "{label:<48} n={:<5} median {:>9.4} ms  p99 {:>8.3} ms  worst {:>8.3} ms",
        times.len(),
        median.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3
    );
}

/// How a table run treats the solver's transposition table.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// One solver for all deals, one timed run each.
    Warm,
    /// The table cleared before each solve; the best of three runs, which
    /// filters out the time slices other processes take on this shared
    /// machine.
    Cold,
}

fn timed(solver: &mut Solver, mode: Mode, f: &dyn Fn(&mut Solver)) -> Duration {
    let runs = if mode == Mode::Cold { 3 } else { 1 };
    (0..runs)
        .map(|_| {
            if mode == Mode::Cold {
                solver.clear();
            }
            let t = Instant::now();
            f(solver);
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn table(label: &str, mut solver: Solver, mode: Mode) {
    let all = deals(1000);
    let mut solve = Vec::new();
    let mut value = Vec::new();
    for (i, &(n, s)) in all.iter().enumerate() {
        for trump in TRUMPS {
            let pos = Position::new(n, s, trump, if i % 2 == 0 { NORTH } else { SOUTH });
            solve.push(timed(&mut solver, mode, &|sv| {
                black_box(sv.tricks(&pos).ok());
            }));
            if trump.is_none() || trump == Some(Suit::Spades) {
                value.push(timed(&mut solver, mode, &|sv| {
                    black_box(sv.analyze(&pos).ok());
                }));
            }
        }
    }
    summary(&format!("{label}: solve 13v13"), solve);
    summary(&format!("{label}: value every card"), value);
}

fn report() {
    println!("honeymoon solver, 1,000 seeded deals x 5 strains (shared 2-core machine):");
    table("warm 2^18 table", Solver::new(), Mode::Warm);
    table(
        "cold 2^16 table, best of 3",
        Solver::with_table_bits(16),
        Mode::Cold,
    );
    for k in [5, 6] {
        let t = Instant::now();
        let db = Arc::new(db_build::build(k, 2).unwrap_or_else(|e| panic!("{e}")));
        println!(
            "db K={k} built in {:.2} s on 2 threads",
            t.elapsed().as_secs_f64()
        );
        table(
            &format!("cold 2^16 table + db K={k}, best of 3"),
            Solver::with_table_bits(16).with_db(db.clone()),
            Mode::Cold,
        );
    }
    strong_decisions();
}

/// Wall time of each decision of the strong bot over 10 deals against
/// greedy.
fn strong_decisions() {
    let mut times: [Vec<Duration>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for seed in 0..10u64 {
        let mut g = Honeymoon::new(Setup::default(), (seed % 2) as usize, seed);
        let mut strong = StrongBot::new();
        let mut greedy = GreedyBot;
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = g.to_act() {
            let view = g.view(seat);
            let action = if seat == NORTH {
                let t = Instant::now();
                let a = strong.choose(&view, &mut rng);
                let phase = match view.phase {
                    Phase::Bidding => 0,
                    Phase::Exchange => 1,
                    _ => 2,
                };
                times[phase].push(t.elapsed());
                a
            } else {
                greedy.choose(&view, &mut rng)
            };
            g.apply(action).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    for (name, t) in ["bidding", "exchange", "play"].iter().zip(times) {
        summary(&format!("strong bot decision: {name}"), t);
    }
}

/// Makes a fresh solver for each timed batch.
type MakeSolver = Box<dyn Fn() -> Solver>;

fn solve(c: &mut Criterion) {
    report();
    let all = deals(64);
    let db = Arc::new(db_build::build(6, 0).unwrap_or_else(|e| panic!("{e}")));
    let mut g = c.benchmark_group("honeymoon solve 13v13 (64 deals, NT and spades)");
    let fresh: [(&str, MakeSolver); 2] = [
        ("cold solver", Box::new(|| Solver::with_table_bits(16))),
        (
            "cold solver + db K=6",
            Box::new(move || Solver::with_table_bits(16).with_db(db.clone())),
        ),
    ];
    for (name, make) in fresh {
        g.bench_function(name, |b| {
            b.iter_batched_ref(
                &make,
                |solver| {
                    for &(n, s) in &all {
                        for trump in [None, Some(Suit::Spades)] {
                            black_box(solver.tricks(&Position::new(n, s, trump, NORTH)).ok());
                        }
                    }
                },
                criterion::BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
