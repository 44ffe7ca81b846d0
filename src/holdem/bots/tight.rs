//! `tight` (the easy level): a rule bot. Before the flop it plays a
//! starting-hand chart by position (tighter early, raises its best hands,
//! calls raises only with strong ones); after the flop it bets its made
//! hands for value, calls with medium pairs and with draws at a fair
//! price, and otherwise checks or folds. It never bluffs.

use super::read::{Made, has_draw, made_hand, preflop_percentile};
use super::{give_up, passive, pot_fraction_to};
use crate::game::{Bot, GameRng, Seat};
use crate::holdem::table::{Action, HandState, Street, Table, View};

/// The tight rule bot.
#[derive(Debug, Clone)]
pub struct Tight {
    name: String,
}

impl Tight {
    /// A tight bot answering to `name`.
    pub fn new(name: &str) -> Tight {
        Tight {
            name: name.to_string(),
        }
    }
}

/// How many players act after `seat` before the flop (0 = the big blind).
fn players_behind(state: &HandState, seat: Seat) -> usize {
    let order = state.players();
    // Preflop order starts left of the big blind.
    let k = order.len();
    let bb_index = if k == 2 { 0 } else { 1 };
    let pos = order.iter().position(|&s| s == seat).unwrap_or(0);
    (bb_index + k - pos) % k
}

impl Bot<Table> for Tight {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &View, _rng: &mut GameRng) -> Action {
        let state = &view.state;
        let Some(legal) = state.legal() else {
            return Action::Check;
        };
        let Some(hole) = state.hole(view.seat) else {
            return passive(&legal);
        };
        let big = state.blinds().big;
        if state.street() == Street::Preflop {
            let p = preflop_percentile(hole);
            let behind = players_behind(state, view.seat);
            // Open wider the fewer players are left to act.
            let open = 0.55 + 0.05 * behind as f64;
            let facing_raise = state.current_bet() > big;
            let to_call_bb = legal.to_call as f64 / big as f64;
            if p >= 0.94 {
                let to = pot_fraction_to(state, &legal, 1.0);
                return to.map_or(passive(&legal), Action::RaiseTo);
            }
            if !facing_raise && p >= open {
                let to = pot_fraction_to(state, &legal, 1.0);
                return to.map_or(passive(&legal), Action::RaiseTo);
            }
            if facing_raise && p >= 0.82 && to_call_bb <= 12.0 {
                return passive(&legal);
            }
            if legal.to_call == 0 {
                return Action::Check;
            }
            return give_up(&legal);
        }
        let board = state.board();
        let made = made_hand(hole, board);
        let draw = has_draw(hole, board);
        let pot = state.pot_total() as f64;
        let price = legal.to_call as f64 / (pot + legal.to_call as f64);
        match made {
            Made::Strong => {
                let to = pot_fraction_to(state, &legal, 0.75);
                to.map_or(passive(&legal), Action::RaiseTo)
            }
            Made::TopPair => {
                if legal.to_call == 0 {
                    let to = pot_fraction_to(state, &legal, 0.5);
                    to.map_or(Action::Check, Action::RaiseTo)
                } else if price <= 0.4 {
                    Action::Call
                } else {
                    Action::Fold
                }
            }
            Made::WeakPair if price <= 0.25 => passive(&legal),
            _ if draw && price <= 0.3 => passive(&legal),
            _ => give_up(&legal),
        }
    }
}
