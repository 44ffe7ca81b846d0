//! The plain tight-aggressive rule bot ("ABC"): it opens the top 20% of
//! hands (by equity against a random hand) to 3 big blinds, re-raises
//! the top 4% and calls a raise with the rest of its top 20%; after the
//! flop it c-bets every flop it raised before, bets top pair or better,
//! continues with top pair or a strong draw (a flush draw, an open-ended
//! straight draw), raises two pair or better, and folds to big
//! aggression (a bet of the pot or more, a raise, an all-in) without a
//! strong hand (two pair or better, or an overpair).

use std::sync::OnceLock;

use crate::cards::{Card, CardSet, Suit};
use crate::game::{Bot, GameRng};
use crate::holdem::action::{Action, Event, Move, Street};
use crate::holdem::bots::chart::against_random;
use crate::holdem::bots::classes::{CLASSES, Class};
use crate::holdem::bots::{give_up, passive, pot_fraction_to};
use crate::holdem::eval::{Category, evaluate};
use crate::holdem::hand::HandState;
use crate::holdem::table::{Table, View};

/// The ABC bot.
#[derive(Debug, Clone, Copy, Default)]
pub struct Abc;

/// The share of hands at least as strong as `c` by equity against a
/// random hand (0 for aces).
fn top(c: Class) -> f64 {
    static TOP: OnceLock<[f64; CLASSES]> = OnceLock::new();
    TOP.get_or_init(|| {
        let mut all: Vec<(f64, Class)> = Class::all().map(|c| (against_random(c), c)).collect();
        all.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut top = [0.0; CLASSES];
        let mut seen = 0;
        for (_, c) in all {
            seen += c.combos();
            top[c.index()] = seen as f64 / 1326.0;
        }
        top
    })[c.index()]
}

/// What the hole cards make on the board, in the rule bot's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Made {
    Nothing,
    WeakPair,
    TopPair,
    Overpair,
    Strong,
}

fn made(hole: [Card; 2], board: &[Card]) -> Made {
    let b: CardSet = board.iter().copied().collect();
    let mine = evaluate(b | hole.iter().copied().collect()).category();
    let alone = if board.len() == 5 {
        evaluate(b).category()
    } else {
        Category::HighCard
    };
    if mine >= Category::TwoPair && mine > alone {
        return Made::Strong;
    }
    let top = board.iter().map(|c| c.rank()).max();
    let pocket = hole[0].rank() == hole[1].rank();
    if pocket && Some(hole[0].rank()) > top {
        return Made::Overpair;
    }
    if hole.iter().any(|c| Some(c.rank()) == top) {
        return Made::TopPair;
    }
    if pocket
        || hole
            .iter()
            .any(|h| board.iter().any(|c| c.rank() == h.rank()))
    {
        return Made::WeakPair;
    }
    Made::Nothing
}

/// A flush draw or an open-ended straight draw (before the river).
fn strong_draw(hole: [Card; 2], board: &[Card]) -> bool {
    if board.len() >= 5 {
        return false;
    }
    let all: CardSet = board.iter().chain(&hole).copied().collect();
    let flush = Suit::ALL
        .iter()
        .any(|&s| all.suit_mask(s).count_ones() == 4 && hole.iter().any(|h| h.suit() == s));
    let ranks = Suit::ALL.iter().fold(0u16, |m, &s| m | all.suit_mask(s));
    let open = (1..=8).any(|lo| {
        let four = 0b1111u16 << lo;
        ranks & four == four && ranks >> (lo - 1) & 1 == 0 && ranks >> (lo + 4) & 1 == 0
    });
    flush || open
}

/// The seat that raised last before the flop.
fn preflop_raiser(state: &HandState) -> Option<usize> {
    let mut raiser = None;
    for e in state.log() {
        match e {
            Event::StreetDealt { .. } => break,
            Event::Acted {
                seat,
                action: Move::Raise(_) | Move::Bet(_),
                ..
            } => raiser = Some(*seat),
            _ => {}
        }
    }
    raiser
}

impl Bot<Table> for Abc {
    fn name(&self) -> &str {
        "abc"
    }

    fn choose(&mut self, view: &View, _rng: &mut GameRng) -> Action {
        let state = &view.state;
        let Some(legal) = state.legal() else {
            return Action::Check;
        };
        let Some(hole) = state.hole(view.seat) else {
            return passive(&legal);
        };
        let big = state.blinds().big as f64;
        let raise = |to_bb: f64| -> Action {
            match legal.raise {
                Some((min, max)) => Action::RaiseTo(((to_bb * big).round() as u64).clamp(min, max)),
                None => passive(&legal),
            }
        };
        let stack = (state.stacks()[view.seat] + state.street_bets()[view.seat]) as f64 / big;
        if state.street() == Street::Preflop {
            let t = top(Class::of(hole));
            let bet = state.current_bet() as f64 / big;
            let to_call = legal.to_call as f64 / big;
            if bet <= 1.0 {
                let limpers = state
                    .log()
                    .iter()
                    .filter(|e| {
                        matches!(
                            e,
                            Event::Acted {
                                action: Move::Call(_),
                                ..
                            }
                        )
                    })
                    .count();
                return if t <= 0.20 {
                    raise(3.0 + limpers as f64)
                } else {
                    give_up(&legal)
                };
            }
            let all_in_facing = legal.raise.is_none() || to_call >= 0.5 * stack;
            return match state.raises() {
                _ if all_in_facing => {
                    if t <= 0.05 {
                        passive(&legal)
                    } else {
                        give_up(&legal)
                    }
                }
                1 if t <= 0.04 => raise(3.0 * bet),
                1 if t <= 0.20 && to_call <= 0.1 * stack => passive(&legal),
                2 if t <= 0.025 => raise(2.3 * bet),
                2 if t <= 0.08 && to_call <= 0.15 * stack => passive(&legal),
                _ if t <= 0.025 => passive(&legal),
                _ => give_up(&legal),
            };
        }
        let board = state.board();
        let m = made(hole, board);
        let bet =
            |f: f64| pot_fraction_to(state, &legal, f).map_or(passive(&legal), Action::RaiseTo);
        if legal.to_call == 0 {
            let cbet = state.street() == Street::Flop && preflop_raiser(state) == Some(view.seat);
            return if cbet || m >= Made::TopPair {
                bet(0.66)
            } else {
                Action::Check
            };
        }
        let pot = (state.pot_total() - legal.to_call) as f64;
        let owed = legal.to_call as f64;
        let all_in = legal.to_call >= state.stacks()[view.seat];
        let big_aggression = owed >= 0.9 * pot || all_in || state.raises() >= 2;
        let strong = m >= Made::Overpair;
        if m == Made::Strong && legal.raise.is_some() {
            return bet(1.0);
        }
        if big_aggression {
            return if strong { Action::Call } else { Action::Fold };
        }
        if m >= Made::TopPair || strong_draw(hole, board) {
            Action::Call
        } else {
            Action::Fold
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_top_fifth_of_hands() {
        let share: f64 = Class::all()
            .filter(|&c| top(c) <= 0.20)
            .map(|c| c.combos() as f64)
            .sum::<f64>()
            / 1326.0;
        assert!((share - 0.2).abs() < 0.02, "{share}");
        assert!(top("AKo".parse().expect("class")) < 0.07);
        assert!(top("T9s".parse().expect("class")) > 0.2);
    }
}
