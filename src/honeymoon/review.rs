//! The double-dummy review of a finished deal.
//!
//! The play: for each card, North's tricks for the whole play with best
//! play from there on, before and after the card (the running par), the
//! tricks the card cost the side that played it (0 for a best card) and
//! the best cards instead; a claim is reviewed the same way (tricks given
//! away by claiming fewer than the position holds); the tricks each side
//! lost to mistakes.
//!
//! The exchange: for each trick, the face-up card, who took it and what
//! it was worth to them in tricks of the play, estimated by sampling: the
//! rest of the stock is shuffled (seeded), the rest of the exchange is
//! played out by the greedy bot's rule for both seats and the play solved
//! double dummy, once with the card going to the trick's winner and once
//! to its loser (the same samples for both).

use rand::seq::SliceRandom;
use serde::Serialize;

use super::action::{Action, Event, Phase, RuleError};
use super::bots::greedy::greedy_finish;
use super::formats::record::{DealRecord, RecordError, seat_text};
use super::position::Position;
use super::setup::LeadRule;
use super::solver::Solver;
use super::state::Honeymoon;
use super::tricks::{NORTH, SOUTH};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat, rng_from_seed};

/// One card of the play, reviewed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayReview {
    /// The trick (1–13).
    pub trick: u8,
    /// Who played it.
    #[serde(serialize_with = "seat_ser")]
    pub seat: Seat,
    /// The card.
    #[serde(serialize_with = "card_ser")]
    pub card: Card,
    /// North's tricks in the play with best play, before the card.
    pub north_before: u8,
    /// The same after it.
    pub north_after: u8,
    /// Tricks the card cost the side that played it.
    pub cost: u8,
    /// The cards that keep the most for that side.
    #[serde(serialize_with = "cards_ser")]
    pub best: Vec<Card>,
}

/// The claim that ended a play, reviewed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClaimReview {
    /// Who claimed.
    #[serde(serialize_with = "seat_ser")]
    pub seat: Seat,
    /// Tricks claimed.
    pub tricks: u8,
    /// What the claimer takes with best play from there.
    pub best: u8,
    /// Tricks given away by the claim.
    pub cost: u8,
}

/// One exchange trick, reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExchangeReview {
    /// The trick (1–13).
    pub trick: u8,
    /// The face-up card.
    #[serde(serialize_with = "card_ser")]
    pub face_up: Card,
    /// Who won the trick and took it.
    #[serde(serialize_with = "seat_ser")]
    pub taken_by: Seat,
    /// The stock card the loser drew.
    #[serde(serialize_with = "card_ser")]
    pub drawn: Card,
    /// Its estimated worth in tricks of the play to the side that took it
    /// (taking it against giving it up).
    pub worth: f64,
}

/// A deal reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// North's tricks in the play with best play from the opening lead.
    pub par: u8,
    /// Every card of the play.
    pub plays: Vec<PlayReview>,
    /// The claim, if the play ended with one.
    pub claim: Option<ClaimReview>,
    /// Tricks lost to mistakes: North, South.
    pub lost: [u32; 2],
    /// The exchange tricks (empty when the record has no exchange).
    pub exchange: Vec<ExchangeReview>,
}

fn seat_ser<S: serde::Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(seat_text::letter(*seat))
}

fn card_ser<S: serde::Serializer>(card: &Card, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&card.ascii())
}

fn cards_ser<S: serde::Serializer>(cards: &[Card], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cards.iter().map(|c| c.ascii()))
}

/// Reviews the play (and, with `samples` > 0, the exchange, sampled from
/// `seed`).
pub fn review(
    record: &DealRecord,
    solver: &mut Solver,
    samples: usize,
    seed: u64,
) -> Result<Review, RecordError> {
    let (before, end) = record.positions()?;
    let solve = |solver: &mut Solver, pos: &Position| {
        solver.analyze(pos).map_err(|e| RecordError::Replay {
            at: "the review".into(),
            why: e.to_string(),
        })
    };
    let mut won = [0u8; 2];
    let mut plays = Vec::with_capacity(before.len());
    let mut lost = [0u32; 2];
    let mut par = None;
    for (i, (pos, &card)) in before.iter().zip(&record.play).enumerate() {
        let a = solve(solver, pos)?;
        let mover = pos.to_move();
        let after = a
            .cards
            .iter()
            .find(|c| c.card == card)
            .map_or(a.tricks, |c| c.tricks);
        let north_before = won[NORTH] + a.tricks[NORTH];
        let north_after = won[NORTH] + after[NORTH];
        par.get_or_insert(north_before);
        let cost = a.tricks[mover] - after[mover];
        lost[mover] += u32::from(cost);
        plays.push(PlayReview {
            trick: (i / 2 + 1) as u8,
            seat: mover,
            card,
            north_before,
            north_after,
            cost,
            best: a
                .cards
                .iter()
                .filter(|c| c.tricks[mover] == a.tricks[mover])
                .map(|c| c.card)
                .collect(),
        });
        if let Ok((next, Some(winner))) = pos.play(card) {
            won[winner] += 1;
            debug_assert_eq!(next.leader, winner);
        }
    }
    let claim = match record.claim {
        Some(c) => {
            let t = solver.tricks(&end).map_err(|e| RecordError::Replay {
                at: "the claim".into(),
                why: e.to_string(),
            })?;
            par.get_or_insert(won[NORTH] + t[NORTH]);
            let cost = t[c.seat].saturating_sub(c.tricks);
            lost[c.seat] += u32::from(cost);
            Some(ClaimReview {
                seat: c.seat,
                tricks: c.tricks,
                best: t[c.seat],
                cost,
            })
        }
        None => None,
    };
    let exchange = if samples > 0 {
        exchange(record, solver, samples, seed)?
    } else {
        Vec::new()
    };
    Ok(Review {
        par: par.unwrap_or(0),
        plays,
        claim,
        lost,
        exchange,
    })
}

/// The exchange tricks with the sampled worth of each face-up card.
pub fn exchange(
    record: &DealRecord,
    solver: &mut Solver,
    samples: usize,
    seed: u64,
) -> Result<Vec<ExchangeReview>, RecordError> {
    let Some(x) = &record.exchange else {
        return Ok(Vec::new());
    };
    let stock: Vec<Card> = x.stock.iter().rev().copied().collect();
    let mut g = Honeymoon::from_deal(record.options, record.dealer, x.dealt, stock);
    let refused = |e: RuleError| RecordError::Replay {
        at: "the review of the exchange".into(),
        why: e.to_string(),
    };
    for &call in &record.auction {
        g.apply(Action::Call(call)).map_err(refused)?;
    }
    let contract = record.contract;
    let mut out = Vec::new();
    for (t, pair) in x.cards.chunks(2).enumerate() {
        let mut events = Vec::new();
        for &card in pair {
            events.extend(g.apply(Action::Play(card)).map_err(refused)?);
        }
        let took = events.iter().find_map(|e| match e {
            Event::TookFaceUp(seat, card) => Some((*seat, *card)),
            _ => None,
        });
        let Some((winner, face_up)) = took else {
            continue;
        };
        let loser = 1 - winner;
        // The stock from the loser's draw on, in the order it comes.
        let rest: Vec<Card> = x.stock.get(2 * t + 1..).unwrap_or(&[]).to_vec();
        let Some(&drawn) = rest.first() else {
            continue;
        };
        let mut base = [g.hand(NORTH), g.hand(SOUTH)];
        base[winner].remove(face_up);
        base[loser].remove(drawn);
        let mut rng = rng_from_seed(seed ^ (t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut total = 0.0;
        let mut counted = 0usize;
        for _ in 0..samples {
            let mut order = rest.clone();
            order.shuffle(&mut rng);
            let branch = |taker: Seat, solver: &mut Solver| {
                let mut hands = base;
                hands[taker].insert(face_up);
                hands[1 - taker].insert(order[0]);
                declarer_tricks(record, hands, &order[1..], taker, solver)
            };
            if let (Some(a), Some(b)) = (branch(winner, solver), branch(loser, solver)) {
                let sign = if winner == contract.declarer {
                    1.0
                } else {
                    -1.0
                };
                total += sign * (f64::from(a) - f64::from(b));
                counted += 1;
            }
        }
        out.push(ExchangeReview {
            trick: (t + 1) as u8,
            face_up,
            taken_by: winner,
            drawn,
            worth: total / counted.max(1) as f64,
        });
    }
    debug_assert!(g.phase() == Phase::Play || record.claim.is_some() || out.len() == 13);
    Ok(out)
}

/// Declarer's tricks in the play when the exchange goes on from `hands`
/// with `taker` (the last trick's winner) to lead and `stock` to come (in
/// the order it comes), played out greedily, then solved.
fn declarer_tricks(
    record: &DealRecord,
    hands: [CardSet; 2],
    stock: &[Card],
    taker: Seat,
    solver: &mut Solver,
) -> Option<u8> {
    let contract = record.contract;
    if stock.is_empty() {
        let leader = match record.options.lead_rule {
            LeadRule::ExchangeLoser => 1 - taker,
            LeadRule::Defender => 1 - contract.declarer,
        };
        let pos = Position::new(hands[0], hands[1], record.trump(), leader);
        return solver.tricks(&pos).ok().map(|t| t[contract.declarer]);
    }
    let next_last: Vec<Card> = stock.iter().rev().copied().collect();
    let g = Honeymoon::at_exchange_led(record.options, hands, next_last, contract, taker);
    greedy_finish(g, solver)
}
