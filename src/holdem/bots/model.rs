//! The opponent model of the hard level: what each opponent did in the
//! hands of a session, counted once each hand is over (its whole log,
//! showdowns included), and the rates read from those counts. Every rate
//! starts at a prior worth a few hands, so a player never seen reads as a
//! typical one (the normal level reads everyone that way).
//!
//! Opponents are told apart by their seat relative to the bot's (the
//! player one seat to its left, two seats, …): the same at a table, and
//! the same when a match rotates the bots through the seats together.

use serde::{Deserialize, Serialize};

use super::chart;
use super::pushfold::{self, Spot};
use super::situation::{Acted, antes, preflop_order, streets};
use crate::cards::Card;
use crate::game::Seat;
use crate::holdem::action::{Event, Move};
use crate::holdem::eval::evaluate;
use crate::holdem::seats::MAX_SEATS;
use crate::holdem::table::View;

/// What one opponent was seen to do (counts over the hands watched; the
/// `expected` fields add up what a typical player would have done in the
/// same spots, so a count reads against its spots).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Counts {
    /// Hands dealt in.
    pub hands: u32,
    /// Hands they put chips in before the flop of their own accord.
    pub vpip: u32,
    /// Hands they raised before the flop.
    pub pfr: u32,
    /// First in with stacks deeper than push/fold: opens, limps, and the
    /// share a typical player opens from those seats.
    pub open_spots: u32,
    /// Raises first in.
    pub opens: u32,
    /// Calls first in.
    pub limps: u32,
    /// What a typical player opens in those spots, added up.
    pub open_expected: f64,
    /// First in with 20 big blinds or less: shoves and the equilibrium's.
    pub shove_spots: u32,
    /// All in first in.
    pub shoves: u32,
    /// The equilibrium's shoves in those spots, added up.
    pub shove_expected: f64,
    /// Facing one raise: 3-bets and calls.
    pub faced_open: u32,
    /// Re-raises of one raise.
    pub three_bets: u32,
    /// Calls of one raise.
    pub calls_open: u32,
    /// Facing a re-raise of their raise: folds and 4-bets.
    pub faced_three_bet: u32,
    /// Folds to a re-raise.
    pub folds_three_bet: u32,
    /// Re-raises of a re-raise.
    pub four_bets: u32,
    /// Facing an all-in before the flop: calls.
    pub faced_shove: u32,
    /// Calls of an all-in.
    pub called_shove: u32,
    /// Raised before the flop and first to bet on it: c-bets.
    pub cbet_spots: u32,
    /// Continuation bets.
    pub cbets: u32,
    /// Facing a c-bet: folds.
    pub faced_cbet: u32,
    /// Folds to a c-bet.
    pub folds_cbet: u32,
    /// Able to bet first on a street otherwise: bets.
    pub bet_spots: u32,
    /// Bets there.
    pub bets: u32,
    /// Facing another bet or raise after the flop: folds and raises.
    pub faced_bet: u32,
    /// Folds to it.
    pub folds_bet: u32,
    /// Raises of it.
    pub raises_bet: u32,
    /// Facing a bet of the pot or more, or an all-in, after the flop.
    pub faced_big: u32,
    /// Folds to it.
    pub folds_big: u32,
    /// Showdowns after their bet or raise on the river.
    pub shown_bets: u32,
    /// Of those, hands without a pair of their own.
    pub shown_bluffs: u32,
}

/// A rate with a prior worth `weight` observations.
pub fn rate(hits: u32, of: u32, prior: f64, weight: f64) -> f64 {
    (f64::from(hits) + prior * weight) / (f64::from(of) + weight)
}

/// Whether a rate `seen` over `spots` differs from `expected` by more than
/// five points and more than chance would make it (2.5 standard errors).
fn clearly(seen: f64, expected: f64, spots: f64) -> bool {
    let se = (expected * (1.0 - expected) / spots.max(1.0)).sqrt();
    spots >= 1.0 && (seen - expected).abs() > (2.5 * se).max(0.05)
}

/// How a count compares with what a typical player does in the same
/// spots: 1 typical, 2 twice as often (with a prior of `weight` typical
/// spots).
fn against_typical(hits: u32, expected: f64, weight: f64) -> f64 {
    (f64::from(hits) + weight) / (expected + weight)
}

impl Counts {
    /// Their first-in raising share from a seat where a typical player
    /// opens `typical`.
    pub fn open_share(&self, typical: f64) -> f64 {
        (typical * against_typical(self.opens, self.open_expected, 4.0)).clamp(0.02, 1.0)
    }

    /// Their share of limps first in.
    pub fn limp_share(&self) -> f64 {
        rate(self.limps, self.open_spots, 0.03, 6.0)
    }

    /// Their first-in shoving share where the equilibrium shoves
    /// `typical`, when they are clearly seen to shove more or less than
    /// the equilibrium (else `None`: play them as the equilibrium).
    pub fn shoves_unlike(&self, typical: f64) -> Option<f64> {
        let spots = f64::from(self.shove_spots);
        if spots < 1.0 {
            return None;
        }
        let expected = self.shove_expected / spots;
        let seen = f64::from(self.shoves) / spots;
        clearly(seen, expected, spots).then(|| {
            (typical * against_typical(self.shoves, self.shove_expected, 4.0)).clamp(0.02, 1.0)
        })
    }

    /// How often they re-raise one raise.
    pub fn three_bet(&self, typical: f64) -> f64 {
        rate(self.three_bets, self.faced_open, typical, 8.0)
    }

    /// How often they call one raise.
    pub fn call_open(&self, typical: f64) -> f64 {
        rate(self.calls_open, self.faced_open, typical, 8.0)
    }

    /// How often they fold to a re-raise.
    pub fn fold_three_bet(&self) -> f64 {
        rate(self.folds_three_bet, self.faced_three_bet, 0.5, 6.0)
    }

    /// How often they call an all-in before the flop.
    pub fn call_shove(&self, typical: f64) -> f64 {
        rate(self.called_shove, self.faced_shove, typical, 6.0)
    }

    /// How often they call an all-in where a typical player calls
    /// `typical`, when that is clearly not what they do (else `None`).
    pub fn calls_shoves_unlike(&self, typical: f64) -> Option<f64> {
        let seen = f64::from(self.called_shove) / f64::from(self.faced_shove.max(1));
        clearly(seen, typical, f64::from(self.faced_shove)).then(|| self.call_shove(typical))
    }

    /// How often they c-bet.
    pub fn cbet(&self) -> f64 {
        rate(self.cbets, self.cbet_spots, 0.6, 6.0)
    }

    /// How often they fold to a c-bet.
    pub fn fold_cbet(&self) -> f64 {
        rate(self.folds_cbet, self.faced_cbet, 0.42, 6.0)
    }

    /// How often they bet first on a street otherwise.
    pub fn bet(&self) -> f64 {
        rate(self.bets, self.bet_spots, 0.35, 6.0)
    }

    /// How often they fold to a bet after the flop.
    pub fn fold_bet(&self) -> f64 {
        rate(self.folds_bet, self.faced_bet, 0.42, 6.0)
    }

    /// How often they raise a bet after the flop.
    pub fn raise_bet(&self) -> f64 {
        rate(self.raises_bet, self.faced_bet, 0.08, 6.0)
    }

    /// How often they fold to a bet of the pot or more.
    pub fn fold_big(&self) -> f64 {
        rate(self.folds_big, self.faced_big, 0.5, 5.0)
    }

    /// The share of their river bets shown that were bluffs.
    pub fn bluffs(&self) -> f64 {
        rate(self.shown_bluffs, self.shown_bets, 0.3, 4.0)
    }
}

/// What the bot has learned of the players around it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Reads {
    /// By seat offset to the left of the bot (index 0 unused); a list
    /// saved when tables had fewer seats loads.
    #[serde(
        serialize_with = "crate::holdem::seats::save",
        deserialize_with = "crate::holdem::seats::load"
    )]
    seen: [Counts; MAX_SEATS],
}

impl Reads {
    /// What the player in `seat` was seen to do, for the bot in `me` at a
    /// table of `seats`.
    pub fn of(&self, seat: Seat, me: Seat, seats: usize) -> Counts {
        self.seen[offset(seat, me, seats)]
    }

    /// Counts everything the others did in a finished hand, as the bot's
    /// view of it shows.
    pub fn learn(&mut self, view: &View) {
        let state = &view.state;
        let n = state.seats();
        let me = view.seat;
        let mut tally = [Counts::default(); MAX_SEATS];
        count_hand(view, &mut tally);
        for (seat, t) in tally.iter().enumerate().take(n) {
            if seat != me {
                add(&mut self.seen[offset(seat, me, n)], t);
            }
        }
    }
}

fn offset(seat: Seat, me: Seat, seats: usize) -> usize {
    (seat + seats.max(1) - me % seats.max(1)) % seats.max(1)
}

fn add(into: &mut Counts, t: &Counts) {
    macro_rules! sum {
        ($($f:ident),*) => { $( into.$f += t.$f; )* };
    }
    sum!(
        hands,
        vpip,
        pfr,
        open_spots,
        opens,
        limps,
        open_expected,
        shove_spots,
        shoves,
        shove_expected,
        faced_open,
        three_bets,
        calls_open,
        faced_three_bet,
        folds_three_bet,
        four_bets,
        faced_shove,
        called_shove,
        cbet_spots,
        cbets,
        faced_cbet,
        folds_cbet,
        bet_spots,
        bets,
        faced_bet,
        folds_bet,
        raises_bet,
        faced_big,
        folds_big,
        shown_bets,
        shown_bluffs
    );
}

/// Chips added to the street by an action, given what the seat had in.
fn put(action: Move, had: u64) -> u64 {
    match action {
        Move::Call(x) => x,
        Move::Bet(to) | Move::Raise(to) => to.saturating_sub(had),
        _ => 0,
    }
}

/// Counts one finished hand into `tally` (per seat).
fn count_hand(view: &View, tally: &mut [Counts; MAX_SEATS]) {
    let state = &view.state;
    let n = state.seats();
    let bb = state.blinds().big.max(1) as f64;
    let log = state.log();
    let streets = streets(log);
    let players = state.players();
    for &s in &players {
        tally[s].hands += 1;
    }
    // The chips each had for the hand after the antes.
    let ante_of = |s: Seat| -> u64 {
        log.iter()
            .map(|e| match e {
                Event::AntePosted { seat, amount, .. } if *seat == s => *amount,
                _ => 0,
            })
            .sum()
    };
    let chips: Vec<f64> = (0..n)
        .map(|s| (state.starting_stacks()[s].saturating_sub(ante_of(s))) as f64 / bb)
        .collect();
    let antes_bb = antes(log) as f64 / bb;
    let order = preflop_order(state);
    let heads_up = players.len() == 2;
    // Before the flop.
    let pre = streets.first().map_or(&[][..], Vec::as_slice);
    let mut raises = 0;
    let mut limpers = 0;
    let mut opener = None;
    let mut acted = [false; MAX_SEATS];
    let mut in_hand: Vec<Seat> = players.clone();
    for (i, a) in pre.iter().enumerate() {
        let s = a.seat;
        let t = &mut tally[s];
        let first = !acted[s];
        acted[s] = true;
        if matches!(a.action, Move::Call(_) | Move::Bet(_) | Move::Raise(_)) {
            t.vpip = 1;
        }
        if a.aggressive() {
            t.pfr = 1;
        }
        if first && raises == 0 && limpers == 0 {
            // First in: the players behind and the effective stack.
            let at = order.iter().position(|&x| x == s).unwrap_or(0);
            let behind: Vec<Seat> = order[at + 1..]
                .iter()
                .copied()
                .filter(|x| in_hand.contains(x))
                .collect();
            let deepest = behind.iter().map(|&x| chips[x]).fold(0.0, f64::max);
            let depth = chips[s].min(deepest);
            if behind.is_empty() {
                // The big blind checking its option is no choice here.
            } else if depth <= 20.0 {
                t.shove_spots += 1;
                let spot = Spot {
                    behind: behind.len(),
                    depth,
                    antes: antes_bb,
                };
                t.shove_expected += pushfold::shoves(spot).share();
                t.shoves += u32::from(a.all_in && a.aggressive());
            } else {
                t.open_spots += 1;
                t.open_expected += chart::open_share(behind.len(), heads_up);
                t.opens += u32::from(a.aggressive());
                t.limps += u32::from(matches!(a.action, Move::Call(_)));
            }
        }
        let facing_all_in = pre[..i].iter().any(|b| b.all_in && b.aggressive());
        if facing_all_in && first_response(pre, i) {
            t.faced_shove += 1;
            t.called_shove += u32::from(matches!(a.action, Move::Call(_)));
        } else if raises == 1 && first_response(pre, i) && opener != Some(s) {
            t.faced_open += 1;
            t.three_bets += u32::from(a.aggressive());
            t.calls_open += u32::from(matches!(a.action, Move::Call(_)));
        } else if raises == 2 && opener == Some(s) {
            t.faced_three_bet += 1;
            t.folds_three_bet += u32::from(a.action == Move::Fold);
            t.four_bets += u32::from(a.aggressive());
        }
        match a.action {
            Move::Bet(_) | Move::Raise(_) => {
                raises += 1;
                if raises == 1 {
                    opener = Some(s);
                }
            }
            Move::Call(_) if raises == 0 => limpers += 1,
            Move::Fold => in_hand.retain(|&x| x != s),
            _ => {}
        }
    }
    let aggressor = pre.iter().rev().find(|a| a.aggressive()).map(|a| a.seat);
    // After the flop.
    let mut pot: u64 = 0;
    for e in log {
        match e {
            Event::AntePosted { amount, .. } | Event::BlindPosted { amount, .. } => pot += amount,
            _ => {}
        }
    }
    pot += pre
        .iter()
        .scan([0u64; MAX_SEATS], |had, a| {
            let p = put(a.action, had[a.seat]);
            had[a.seat] += p;
            Some(p)
        })
        .sum::<u64>();
    let mut river_bettor = [false; MAX_SEATS];
    for (k, street) in streets.iter().enumerate().skip(1) {
        let mut had = [0u64; MAX_SEATS];
        let mut aggressions = 0;
        let mut last: Option<Acted> = None;
        for a in street {
            let s = a.seat;
            let t = &mut tally[s];
            match last {
                None if k == 1 && aggressor == Some(s) => {
                    t.cbet_spots += 1;
                    t.cbets += u32::from(a.aggressive());
                }
                None => {
                    t.bet_spots += 1;
                    t.bets += u32::from(a.aggressive());
                }
                Some(bet) => {
                    let cbet = k == 1 && aggressions == 1 && aggressor == Some(bet.seat);
                    if cbet {
                        t.faced_cbet += 1;
                        t.folds_cbet += u32::from(a.action == Move::Fold);
                    } else {
                        t.faced_bet += 1;
                        t.folds_bet += u32::from(a.action == Move::Fold);
                        t.raises_bet += u32::from(a.aggressive());
                    }
                    let to = match bet.action {
                        Move::Bet(to) | Move::Raise(to) => to,
                        _ => 0,
                    };
                    let owed = to.saturating_sub(had[s]) as f64;
                    if bet.all_in || owed >= 0.9 * pot as f64 {
                        t.faced_big += 1;
                        t.folds_big += u32::from(a.action == Move::Fold);
                    }
                }
            }
            if a.aggressive() {
                aggressions += 1;
                last = Some(*a);
                if k == 3 {
                    river_bettor[s] = true;
                }
            }
            let p = put(a.action, had[s]);
            had[s] += p;
            pot += p;
        }
    }
    // Showdowns.
    let board = state.board();
    for e in log {
        if let Event::Showed { seat, cards, .. } = e
            && river_bettor[*seat]
            && board.len() == 5
        {
            tally[*seat].shown_bets += 1;
            tally[*seat].shown_bluffs += u32::from(!pairs_with_board(*cards, board));
        }
    }
}

/// Whether the action at `i` is its seat's first answer to the bet or
/// raise it faces (not a later one on the same street).
fn first_response(pre: &[Acted], i: usize) -> bool {
    let s = pre[i].seat;
    let last_raise = pre[..i].iter().rposition(|a| a.aggressive());
    match last_raise {
        Some(r) => !pre[r + 1..i].iter().any(|a| a.seat == s),
        None => false,
    }
}

/// Whether the hole cards make a pair or better of their own on a board
/// (the board's own pairs do not count).
fn pairs_with_board(hole: [Card; 2], board: &[Card]) -> bool {
    let all: crate::cards::CardSet = board.iter().chain(&hole).copied().collect();
    let mine = evaluate(all).category();
    let alone = evaluate(board.iter().copied().collect()).category();
    mine > alone
}
