//! A plain minimax over explicit cards for honeymoon's play (no
//! bitboards, no table, no equivalences: every legal card, plain
//! alpha-beta), to check the solver and the review against.

use cardgames::cards::{Card, Suit};

/// Who wins a trick: the reply takes it with a higher card of the led suit
/// or with a trump when a plain suit was led.
pub fn reply_wins(lead: Card, reply: Card, trump: Option<Suit>) -> bool {
    if lead.suit() == reply.suit() {
        reply.rank() > lead.rank()
    } else {
        trump == Some(reply.suit())
    }
}

pub fn playable(hand: &[Card], led: Option<Card>) -> Vec<Card> {
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
pub fn north(
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
pub fn after_north(
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
pub fn minimax(
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
pub fn after(
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
