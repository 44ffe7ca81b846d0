//! The push/fold equilibrium player: first in it shoves the equilibrium's
//! range for its stack and the players behind ([`pushfold::shoves`]) or
//! folds; facing any raise it goes all in with the equilibrium's calls of
//! a shove from that seat, else folds; in a pot nobody raised it checks;
//! after the flop it checks, and calls a bet only with a pair or better.

use crate::game::{Bot, GameRng, Seat};
use crate::holdem::action::{Action, Street};
use crate::holdem::bots::classes::Class;
use crate::holdem::bots::pushfold::{self, Spot};
use crate::holdem::bots::situation::{Situation, preflop_order};
use crate::holdem::bots::{give_up, passive};
use crate::holdem::eval::{Category, evaluate};
use crate::holdem::table::{Table, View};

/// The equilibrium player.
#[derive(Debug, Clone, Copy, Default)]
pub struct Equilibrium;

fn all_in(sit: &Situation) -> Action {
    sit.legal
        .raise
        .map_or(passive(&sit.legal), |(_, max)| Action::RaiseTo(max))
}

/// The players who were still to act behind `seat` when it acted first
/// in before the flop.
fn behind(sit: &Situation, seat: Seat) -> usize {
    let order = preflop_order(sit.state);
    let at = order.iter().position(|&s| s == seat).unwrap_or(0);
    let folded_before: Vec<Seat> = sit
        .preflop()
        .iter()
        .take_while(|a| a.seat != seat)
        .map(|a| a.seat)
        .collect();
    order[at + 1..]
        .iter()
        .filter(|s| !folded_before.contains(s))
        .count()
}

impl Bot<Table> for Equilibrium {
    fn name(&self) -> &str {
        "equilibrium"
    }

    fn choose(&mut self, view: &View, _rng: &mut GameRng) -> Action {
        let Some(legal) = view.state.legal() else {
            return Action::Check;
        };
        let Some(sit) = Situation::of(view) else {
            return passive(&legal);
        };
        let x = Class::of(sit.hole);
        if sit.street() != Street::Preflop {
            let board = sit.board();
            let mine = evaluate(board.iter().chain(&sit.hole).copied().collect()).category();
            let alone = if board.len() == 5 {
                evaluate(board.iter().copied().collect()).category()
            } else {
                Category::HighCard
            };
            let pair = mine >= Category::OnePair && mine > alone;
            return if pair {
                passive(&legal)
            } else {
                give_up(&legal)
            };
        }
        let depth = sit.effective();
        let antes = sit.antes();
        match sit.state.aggressor() {
            None if legal.to_call == 0 => Action::Check,
            None => {
                let spot = Spot {
                    behind: sit.behind().len(),
                    depth,
                    antes,
                };
                if pushfold::shoves(spot).contains(x) {
                    all_in(&sit)
                } else {
                    give_up(&legal)
                }
            }
            Some(raiser) => {
                let spot = Spot {
                    behind: behind(&sit, raiser),
                    depth,
                    antes,
                };
                let calls = pushfold::call_evs(spot, &pushfold::shoves(spot).mix());
                if calls[x.index()] > 0.0 {
                    all_in(&sit)
                } else {
                    give_up(&legal)
                }
            }
        }
    }
}
