//! `shark` (the normal and hard levels): first in before the flop, it
//! opens a share of hands that narrows with the players left behind;
//! otherwise Monte Carlo equity against the opponents' likely ranges
//! given their actions, compared with the pot odds (plus implied odds for
//! draws); bets sized by street and board texture. The normal level
//! reads ranges with fixed priors and takes any bet after the flop for at
//! least a weak pair or a draw. The hard level
//! grades that reading by each opponent's observed aggression, caps the
//! hands of players who checked, adapts its bluffs and value bets to how
//! often they fold, bets its strongest hands bigger, and bluffs and
//! slow-plays now and then.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::read::{Made, Range, equity, has_draw, is_wet, preflop_percentile};
use super::{give_up, passive, pot_fraction_to};
use crate::cards::Card;
use crate::game::{Bot, GameRng, Seat};
use crate::holdem::table::{Action, Event, HandState, Legal, MAX_SEATS, Move, Street, Table, View};

/// What the shark has seen one seat do (counts over all hands watched).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Tendencies {
    preflop_actions: u32,
    preflop_raises: u32,
    preflop_calls: u32,
    postflop_bets: u32,
    postflop_actions: u32,
    folds: u32,
    calls: u32,
}

/// A frequency with a prior worth `weight` observations.
fn rate(hits: u32, of: u32, prior: f64, weight: f64) -> f64 {
    (f64::from(hits) + prior * weight) / (f64::from(of) + weight)
}

/// The shark.
#[derive(Debug, Clone)]
pub struct Shark {
    name: String,
    samples: u32,
    /// Adapt to observed tendencies, bluff and slow-play.
    hard: bool,
    reads: Reads,
}

/// What the shark keeps between hands, and in a saved game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Reads {
    #[serde(
        serialize_with = "crate::holdem::seats::save",
        deserialize_with = "crate::holdem::seats::load"
    )]
    seen: [Tendencies; MAX_SEATS],
    /// The hand being watched (own hole cards and button) and how many of
    /// its events were counted.
    watching: Option<([Card; 2], Seat)>,
    counted: usize,
}

impl Shark {
    /// The hard level: ranges read from actions and adapted to each
    /// opponent, bluffs and slow-plays.
    pub fn hard(name: &str) -> Shark {
        Shark::with(name, 400, true)
    }

    /// The normal level: ranges from actions with fixed priors, no bluffs.
    pub fn normal(name: &str) -> Shark {
        Shark::with(name, 150, false)
    }

    fn with(name: &str, samples: u32, hard: bool) -> Shark {
        Shark {
            name: name.to_string(),
            samples,
            hard,
            reads: Reads::default(),
        }
    }

    /// Counts the events of this hand not yet counted.
    fn observe(&mut self, view: &View) {
        let state = &view.state;
        let key = state.hole(view.seat).map(|h| (h, state.button()));
        if key != self.reads.watching {
            self.reads.watching = key;
            self.reads.counted = 0;
        }
        let mut street = Street::Preflop;
        for (i, e) in state.log().iter().enumerate() {
            match e {
                Event::StreetDealt { street: s, .. } => street = *s,
                Event::Acted { seat, action, .. }
                    if i >= self.reads.counted && *seat != view.seat =>
                {
                    let t = &mut self.reads.seen[*seat];
                    let aggressive = matches!(action, Move::Bet(_) | Move::Raise(_));
                    if street == Street::Preflop {
                        t.preflop_actions += 1;
                        t.preflop_raises += u32::from(aggressive);
                        t.preflop_calls += u32::from(matches!(action, Move::Call(_)));
                    } else {
                        t.postflop_actions += 1;
                        t.postflop_bets += u32::from(aggressive);
                    }
                    t.folds += u32::from(*action == Move::Fold);
                    t.calls += u32::from(matches!(action, Move::Call(_)));
                }
                _ => {}
            }
        }
        self.reads.counted = state.log().len();
    }

    /// The range each opponent still in is likely to hold; before the
    /// flop only those who put chips in of their own accord (the others,
    /// blinds included, fold most hands: counting them as any two cards
    /// made the bot fold ace-king under the gun).
    fn ranges(&self, state: &HandState, me: Seat) -> Vec<Range> {
        let mut raised = [false; MAX_SEATS];
        let mut called = [false; MAX_SEATS];
        let mut bets_after_flop = [0u8; MAX_SEATS];
        let mut checked = [false; MAX_SEATS];
        let mut street = Street::Preflop;
        for e in state.log() {
            match e {
                Event::StreetDealt { street: s, .. } => {
                    street = *s;
                    checked = [false; MAX_SEATS];
                }
                Event::Acted { seat, action, .. } => {
                    checked[*seat] |= *action == Move::Check;
                    let aggressive = matches!(action, Move::Bet(_) | Move::Raise(_));
                    if street == Street::Preflop {
                        raised[*seat] |= aggressive;
                        called[*seat] |= matches!(action, Move::Call(_));
                    } else {
                        bets_after_flop[*seat] += u8::from(aggressive);
                    }
                }
                _ => {}
            }
        }
        (0..state.seats())
            .filter(|&s| s != me && state.statuses()[s].is_in())
            .filter(|&s| street != Street::Preflop || raised[s] || called[s])
            .map(|s| {
                let t = if self.hard {
                    self.reads.seen[s]
                } else {
                    Tendencies::default()
                };
                let pfr = rate(t.preflop_raises, t.preflop_actions, 0.15, 20.0);
                let vpip = rate(
                    t.preflop_raises + t.preflop_calls,
                    t.preflop_actions,
                    0.35,
                    20.0,
                );
                let min_percentile = if raised[s] {
                    1.0 - pfr.clamp(0.04, 0.7)
                } else if called[s] {
                    (1.0 - vpip.clamp(0.1, 0.9)) * 0.8
                } else {
                    0.0
                };
                // Bets after the flop from a player who seldom bets mean a
                // made hand; the more bets and the rarer, the stronger.
                let aggression = rate(t.postflop_bets, t.postflop_actions, 0.3, 20.0);
                let min_made = match bets_after_flop[s] {
                    0 => None,
                    _ if !self.hard => Some(Made::WeakPair),
                    _ if aggression >= 0.45 => None,
                    1 if aggression >= 0.25 => Some(Made::WeakPair),
                    1 => Some(Made::TopPair),
                    _ if aggression >= 0.25 => Some(Made::TopPair),
                    _ => Some(Made::Strong),
                };
                // Checking when it could bet caps a player's hand (the
                // hard level reads it; slow-plays are rare).
                let max_made = (self.hard && checked[s]).then_some(Made::TopPair);
                Range {
                    min_percentile,
                    min_made,
                    max_made,
                }
            })
            .collect()
    }

    /// How often the opponents still in fold to a bet (as observed).
    fn fold_rate(&self, state: &HandState, me: Seat) -> f64 {
        let opps: Vec<Seat> = (0..state.seats())
            .filter(|&s| s != me && state.statuses()[s].is_in())
            .collect();
        opps.iter()
            .map(|&s| {
                let t = &self.reads.seen[s];
                rate(t.folds, t.folds + t.calls, 0.4, 20.0)
            })
            .fold(1.0, |acc, f| acc * f)
    }
}

impl Bot<Table> for Shark {
    fn name(&self) -> &str {
        &self.name
    }

    fn memory(&self) -> Option<serde_json::Value> {
        serde_json::to_value(&self.reads).ok()
    }

    fn recall(&mut self, memory: &serde_json::Value) {
        if let Ok(reads) = Reads::deserialize(memory) {
            self.reads = reads;
        }
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Action {
        self.observe(view);
        let state = &view.state;
        let Some(legal) = state.legal() else {
            return Action::Check;
        };
        let Some(hole) = state.hole(view.seat) else {
            return passive(&legal);
        };
        let ranges = self.ranges(state, view.seat);
        if ranges.is_empty() {
            return open(state, &legal, hole, view.seat);
        }
        let board = state.board();
        let e = equity(hole, board, &ranges, self.samples, rng);
        let fair = 1.0 / (ranges.len() as f64 + 1.0);
        let strong = fair + (1.0 - fair) * 0.4;
        let street = state.street();
        let pot = state.pot_total() as f64;
        let size: f64 = match street {
            Street::Preflop => 1.0,
            Street::River => 0.7,
            _ if is_wet(board) => 0.75,
            _ => 0.5,
        };
        // The hard level bets its strongest hands bigger.
        let size = if self.hard && e > 0.8 && street != Street::Preflop {
            size.max(1.0)
        } else {
            size
        };
        let raise = |f: f64| pot_fraction_to(state, &legal, f).map(Action::RaiseTo);
        let folds = self.fold_rate(state, view.seat);
        if legal.to_call > 0 {
            let price = legal.to_call as f64 / (pot + legal.to_call as f64);
            let implied = if street < Street::River && has_draw(hole, board) {
                0.06
            } else {
                0.0
            };
            if e >= strong {
                return raise(size).unwrap_or(Action::Call);
            }
            if e + implied >= price {
                return Action::Call;
            }
            if self.hard
                && street == Street::Flop
                && folds > 0.5
                && rng.random_bool(0.08)
                && let Some(a) = raise(size)
            {
                return a;
            }
            return give_up(&legal);
        }
        let thin = if self.hard && folds < 0.25 {
            0.15
        } else {
            0.25
        };
        let value = fair + (1.0 - fair) * thin;
        if e >= value {
            let slow = self.hard && e > 0.85 && street == Street::Flop && rng.random_bool(0.2);
            if !slow {
                return raise(size).unwrap_or(Action::Check);
            }
            return Action::Check;
        }
        if self.hard && street != Street::Preflop && ranges.len() == 1 {
            let p = (folds * 0.6).min(0.35);
            if rng.random_bool(p) {
                return raise(0.5).unwrap_or(Action::Check);
            }
        }
        Action::Check
    }
}

/// Of the hands dealt, the share to open with when the players still to
/// act behind are `behind` (index): wider the fewer they are.
const OPEN_SHARE: [f64; 9] = [1.0, 0.45, 0.38, 0.28, 0.21, 0.16, 0.13, 0.11, 0.10];

/// First in before the flop (nobody has called or raised): raise to about
/// three big blinds with the hands strong enough for the players behind,
/// else give up.
fn open(state: &HandState, legal: &Legal, hole: [Card; 2], me: Seat) -> Action {
    let behind = (0..state.seats())
        .filter(|&s| s != me && state.statuses()[s].is_in())
        .count();
    if preflop_percentile(hole) >= 1.0 - OPEN_SHARE[behind.min(OPEN_SHARE.len() - 1)] {
        pot_fraction_to(state, legal, 0.8)
            .map(Action::RaiseTo)
            .unwrap_or_else(|| passive(legal))
    } else {
        give_up(legal)
    }
}
