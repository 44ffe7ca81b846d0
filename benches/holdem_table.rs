//! Hands per second of the table engine at six seats: with `random` bots
//! deciding from a full seat view (as `holdem sim` and the TUI do), with
//! the same random policy reading the legal actions directly (the engine
//! alone), and with `station` bots; and the time of one decision of each
//! level at a nine-handed flop (the slowest spot: eight ranges to read).
//! No crates.io peer is measured: the
//! one table engine at hand (rs_poker's arena) needs tokio, which is not
//! available to this build.

use cardgames::cards::Card;
use cardgames::game::{Bot, Game, GameRng, rng_from_seed};
use cardgames::holdem::action::{Action, Blinds};
use cardgames::holdem::bots::{RandomBot, Station, by_name};
use cardgames::holdem::table::Table;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::Rng;
use rand::seq::SliceRandom;

const STACKS: [u64; 6] = [1000; 6];
const BLINDS: Blinds = Blinds { small: 5, big: 10 };

fn play(
    deck: &mut [Card],
    button: usize,
    rng: &mut GameRng,
    mut decide: impl FnMut(&Table, &mut GameRng) -> Action,
) -> i64 {
    deck.shuffle(rng);
    let (mut t, _) = Table::new(&STACKS, button, BLINDS, deck).unwrap_or_else(|e| panic!("{e}"));
    while t.to_act().is_some() {
        let a = decide(&t, rng);
        t.apply(a).unwrap_or_else(|e| panic!("{e}"));
    }
    t.outcome().map_or(0, |o| o.net[0])
}

fn hands(c: &mut Criterion) {
    let mut g = c.benchmark_group("holdem_table_6_seats");
    g.throughput(Throughput::Elements(1));
    let mut deck: Vec<Card> = Card::all().collect();
    let mut rng = rng_from_seed(1);
    let mut button = 0;
    let mut bots = [RandomBot; 6];
    g.bench_function("random bots, seat views", |b| {
        b.iter(|| {
            button = (button + 1) % 6;
            play(&mut deck, button, &mut rng, |t, rng| {
                let seat = t.to_act().unwrap_or(0);
                bots[seat].choose(&t.view(seat), rng)
            })
        })
    });
    g.bench_function("random policy, engine alone", |b| {
        b.iter(|| {
            button = (button + 1) % 6;
            play(&mut deck, button, &mut rng, |t, rng| {
                let legal = t.legal_actions();
                match legal[rng.random_range(0..legal.len())] {
                    Action::RaiseTo(_) => legal[legal.len() - 1],
                    a => a,
                }
            })
        })
    });
    let mut stations = [Station; 6];
    g.bench_function("station bots, seat views", |b| {
        b.iter(|| {
            button = (button + 1) % 6;
            play(&mut deck, button, &mut rng, |t, rng| {
                let seat = t.to_act().unwrap_or(0);
                stations[seat].choose(&t.view(seat), rng)
            })
        })
    });
    g.finish();
}

fn decisions(c: &mut Criterion) {
    let mut g = c.benchmark_group("holdem_decision_9_seats_flop");
    let deck: Vec<Card> = Card::all().collect();
    let (mut t, _) = Table::new(&[1000; 9], 0, BLINDS, &deck).unwrap_or_else(|e| panic!("{e}"));
    // Everyone limps, the big blind checks: a nine-way flop.
    while t.state().board().is_empty() {
        let a = if t.state().legal().is_some_and(|l| l.to_call > 0) {
            Action::Call
        } else {
            Action::Check
        };
        t.apply(a).unwrap_or_else(|e| panic!("{e}"));
    }
    let seat = t.to_act().unwrap_or(0);
    let view = t.view(seat);
    let mut rng = rng_from_seed(2);
    for level in ["easy", "normal", "hard"] {
        let mut bot = by_name(level).unwrap_or_else(|| panic!("{level}"));
        g.bench_function(level, |b| b.iter(|| bot.choose(&view, &mut rng)));
    }
    g.finish();
}

criterion_group!(benches, hands, decisions);
criterion_main!(benches);
