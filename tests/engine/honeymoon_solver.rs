//! The solver against an independent plain minimax over explicit cards
//! (no bitboards, no table, no equivalences: every legal card, plain
//! alpha-beta),
//! on seeded random positions of up to seven cards a side, every trump and
//! no trump, either side on lead, at trick boundaries and mid-trick.

use crate::common;

use cardgames::cards::{Card, CardSet, Suit};
use cardgames::game::rng_from_seed;
use cardgames::honeymoon::Position;
use cardgames::honeymoon::solver::Solver;
use common::minimax::{after, minimax, playable};
use rand::seq::SliceRandom;
use rand::{Rng, RngCore};

fn random_position(rng: &mut impl RngCore, n: usize) -> (Position, [Vec<Card>; 2]) {
    let mut pack: Vec<Card> = Card::all().collect();
    pack.shuffle(rng);
    let north: Vec<Card> = pack[..n].to_vec();
    let south: Vec<Card> = pack[n..2 * n].to_vec();
    let trump = match rng.random_range(0..5u8) {
        4 => None,
        s => Some(Suit::from_index(s)),
    };
    let leader = rng.random_range(0..2usize);
    let mut hands = [north, south];
    let mut led = None;
    if rng.random_bool(0.5) {
        let i = rng.random_range(0..n);
        led = Some(hands[leader].remove(i));
    }
    let pos = Position {
        hands: [
            hands[0].iter().copied().collect::<CardSet>(),
            hands[1].iter().copied().collect::<CardSet>(),
        ],
        trump,
        leader,
        led,
    };
    (pos, hands)
}

fn check(seed: u64, count: usize, sizes: std::ops::RangeInclusive<usize>) {
    let mut rng = rng_from_seed(seed);
    let mut solver = Solver::with_table_bits(14);
    for i in 0..count {
        let n = rng.random_range(sizes.clone());
        let (pos, hands) = random_position(&mut rng, n);
        let want = minimax(&hands, pos.trump, pos.leader, pos.led);
        let got = solver.tricks(&pos).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(got, want, "case {i}: {pos:?}");
        let analysis = solver.analyze(&pos).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(analysis.tricks, want, "case {i} analysis: {pos:?}");
        let mover = pos.to_move();
        let legal = playable(&hands[mover], pos.led);
        assert_eq!(analysis.cards.len(), legal.len(), "case {i}");
        for cv in &analysis.cards {
            let t = after(&hands, pos.trump, pos.leader, pos.led, cv.card);
            assert_eq!(cv.tricks, t, "case {i} card {}: {pos:?}", cv.card);
        }
    }
}

#[test]
fn solver_equals_minimax_small_positions() {
    check(1, 3000, 1..=4);
}

#[test]
fn solver_equals_minimax_five_and_six_cards() {
    check(2, 1500, 5..=6);
}

#[test]
fn solver_equals_minimax_seven_cards() {
    check(3, 600, 7..=7);
}
