//! The solver against an independent plain minimax over explicit cards
//! (no bitboards, no table, no equivalences: every legal card, plain
//! alpha-beta),
//! on seeded random positions of up to seven cards a side, every trump and
//! no trump, either side on lead, at trick boundaries and mid-trick.

use cardgames::cards::{Card, CardSet, Suit};
use cardgames::game::rng_from_seed;
use cardgames::honeymoon::Position;
use cardgames::honeymoon::solver::Solver;
use rand::seq::SliceRandom;
use rand::{Rng, RngCore};

/// Who wins a trick: the reply takes it with a higher card of the led suit
/// or with a trump when a plain suit was led.
fn reply_wins(lead: Card, reply: Card, trump: Option<Suit>) -> bool {
    if lead.suit() == reply.suit() {
        reply.rank() > lead.rank()
    } else {
        trump == Some(reply.suit())
    }
}

fn playable(hand: &[Card], led: Option<Card>) -> Vec<Card> {
    if let Some(l) = led {
        let same: Vec<Card> = hand
            .iter()
            .copied()
            .filter(|c| c.suit() == l.suit())
            .collect();
        if !same.is_empty() {
            return same;
        }
    }
    hand.to_vec()
}

/// North's tricks from here (the current trick included), searched with
/// a plain alpha-beta window over North's count: exact when the result
/// lies strictly inside `(alpha, beta)`.
fn north(
    hands: &[Vec<Card>; 2],
    trump: Option<Suit>,
    leader: usize,
    led: Option<Card>,
    mut alpha: i32,
    mut beta: i32,
) -> i32 {
    let mover = if led.is_some() { 1 - leader } else { leader };
    if hands[1 - leader].is_empty() {
        return 0;
    }
    let mut best = if mover == 0 { -1 } else { 99 };
    for card in playable(&hands[mover], led) {
        let t = after_north(hands, trump, leader, led, card, alpha, beta);
        if mover == 0 {
            best = best.max(t);
            alpha = alpha.max(t);
        } else {
            best = best.min(t);
            beta = beta.min(t);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// North's tricks after the side to move plays `card`.
fn after_north(
    hands: &[Vec<Card>; 2],
    trump: Option<Suit>,
    leader: usize,
    led: Option<Card>,
    card: Card,
    alpha: i32,
    beta: i32,
) -> i32 {
    let mover = if led.is_some() { 1 - leader } else { leader };
    let mut next = hands.clone();
    next[mover].retain(|&c| c != card);
    match led {
        None => north(&next, trump, leader, Some(card), alpha, beta),
        Some(l) => {
            let winner = if reply_wins(l, card, trump) {
                mover
            } else {
                leader
            };
            let won = i32::from(winner == 0);
            won + north(&next, trump, winner, None, alpha - won, beta - won)
        }
    }
}

/// Tricks [north, south] from here, exactly.
fn minimax(
    hands: &[Vec<Card>; 2],
    trump: Option<Suit>,
    leader: usize,
    led: Option<Card>,
) -> [u8; 2] {
    let left = hands[1 - leader].len() as i32;
    let n = north(hands, trump, leader, led, -1, left + 1);
    [n as u8, (left - n) as u8]
}

/// Tricks [north, south] after the side to move plays `card`, exactly.
fn after(
    hands: &[Vec<Card>; 2],
    trump: Option<Suit>,
    leader: usize,
    led: Option<Card>,
    card: Card,
) -> [u8; 2] {
    let left = hands[1 - leader].len() as i32;
    let n = after_north(hands, trump, leader, led, card, -1, left + 1);
    [n as u8, (left - n) as u8]
}

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
