//! Dice of Doom search speed against the book's own timings (SBCL on
//! this machine: 168 ms for the 3×3 start position's full tree, up to 3 s
//! for harder 3×3 boards, 61–404 ms for a depth-6 alpha-beta decision on
//! 5×5). Peers side by side: the plain searches the fast ones replace.

use std::hint::black_box;
use std::time::Duration;

use cardgames::doom::bots::model::OpponentModel;
use cardgames::doom::bots::playout;
use cardgames::doom::bots::search::{AlphaBeta, ExactSolver, book_ab_ratings, minimax_exact};
use cardgames::doom::bots::strong::{Limits, StrongSearch};
use cardgames::doom::{Board, Config, Position, RuleSet};
use criterion::{Criterion, criterion_group, criterion_main};

/// The book's 3×3 start (chapter 15's game against the computer).
const BOOK_3X3: &str = "b1 a2 a3 a1 b1 b2 b2 a2 b3";
/// The hardest of 3 000 random 3×3 boards for the first solver (872 635
/// positions before move ordering, 386 000 after; 74 000 now).
const HARD_3X3: &str = "a3 a3 a3 a3 b2 b3 b3 b3 a3";
/// The hardest for the solver now of the 3 000 boards `random_board`
/// deals with seeds 0..3000 (2 players, max 3 dice): 127 000 positions.
const WORST_3X3: &str = "b3 b3 a2 b2 a3 b2 a3 b3 a3";
/// The book's 5×5 start (chapter 18).
const BOOK_5X5: &str = "a2 b2 a1 b2 b2 a1 b2 b3 b3 a3 a1 b2 a3 b1 b2 b1 b3 a2 b2 a1 b3 b1 b1 a3 b3";

fn pos(board: &str) -> Position {
    Position::new(Board::parse(board).expect("bench board"), 0)
}

fn exact(c: &mut Criterion) {
    let cfg = Config::classic();
    let mut g = c.benchmark_group("doom_exact_3x3");
    for (name, board) in [
        ("book_start", BOOK_3X3),
        ("hard", HARD_3X3),
        ("worst_seeded", WORST_3X3),
    ] {
        let p = pos(board);
        if name != "book_start" {
            g.sample_size(20);
        }
        g.bench_function(format!("tt_alphabeta/{name}"), |b| {
            b.iter(|| {
                let mut s = ExactSolver::new(cfg).expect("classic");
                black_box(s.ratings(black_box(&p)).expect("small"))
            })
        });
    }
    let p = pos(BOOK_3X3);
    g.sample_size(10);
    g.bench_function("plain_minimax/book_start", |b| {
        b.iter(|| {
            let mut n = 0;
            black_box(minimax_exact(&cfg, black_box(&p), 0, &mut n))
        })
    });
    g.finish();
}

fn depth6(c: &mut Criterion) {
    let cfg = Config::classic();
    let p = pos(BOOK_5X5);
    let mut g = c.benchmark_group("doom_alphabeta_5x5_depth6");
    g.bench_function("tt_ordered", |b| {
        b.iter(|| black_box(AlphaBeta::new(cfg).decide(black_box(&p), 6)))
    });
    g.sample_size(10);
    g.bench_function("book_pruning", |b| {
        b.iter(|| {
            let mut n = 0;
            black_box(book_ab_ratings(&cfg, black_box(&p), 6, &mut n))
        })
    });
    g.finish();
}

fn strong(c: &mut Criterion) {
    let cfg = Config::classic();
    let p = pos(BOOK_5X5);
    let mut g = c.benchmark_group("doom_strong_5x5");
    g.sample_size(10);
    g.bench_function("depth10", |b| {
        b.iter(|| black_box(StrongSearch::new(cfg).decide(black_box(&p), Limits::depth(10))))
    });
    g.finish();
    let d = StrongSearch::new(cfg)
        .decide(&p, Limits::time(Duration::from_secs(1)))
        .expect("moves");
    eprintln!(
        "strong, 1 s on the book's 5×5: depth {} ({} nodes)",
        d.depth, d.nodes
    );
}

/// `strong` under chance rules: one round of playouts (32 a candidate)
/// on the book's 5×5 start, and the rounds a second holds.
fn playouts(c: &mut Criterion) {
    let cfg = Config::new(2, 5, RuleSet::Chance).expect("two players, five dice");
    let p = pos(BOOK_5X5);
    let mut g = c.benchmark_group("doom_playouts_5x5");
    g.sample_size(10);
    g.bench_function("one_round", |b| {
        b.iter(|| {
            black_box(playout::decide(
                &cfg,
                black_box(&p),
                Limits::depth(1),
                OpponentModel::SOUND,
                1,
            ))
        })
    });
    g.finish();
    let d = playout::decide(
        &cfg,
        &p,
        Limits::time(Duration::from_secs(1)),
        OpponentModel::SOUND,
        1,
    )
    .expect("moves");
    eprintln!(
        "strong, 1 s on the book's 5×5 under chance rules: {} rounds ({} playouts)",
        d.depth, d.nodes
    );
}

criterion_group!(benches, exact, depth6, strong, playouts);
criterion_main!(benches);
