//! What a bot reads from its view of a hand: its cards and choices, the
//! pot and stacks in big blinds, who is still in and who acts after it,
//! and the actions of every street in order.

use crate::cards::Card;
use crate::game::Seat;
use crate::holdem::action::{Event, Legal, Move, Street};
use crate::holdem::hand::HandState;
use crate::holdem::pots::Chips;
use crate::holdem::table::View;

/// One action as the log tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Acted {
    /// Who.
    pub seat: Seat,
    /// What.
    pub action: Move,
    /// Whether it left them all in.
    pub all_in: bool,
}

impl Acted {
    /// A bet or a raise.
    pub fn aggressive(self) -> bool {
        matches!(self.action, Move::Bet(_) | Move::Raise(_))
    }
}

/// The actions of each street so far, preflop first.
pub fn streets(log: &[Event]) -> Vec<Vec<Acted>> {
    let mut out = vec![Vec::new()];
    for e in log {
        match e {
            Event::StreetDealt { street, .. } => {
                let want = *street as usize + 1;
                while out.len() < want {
                    out.push(Vec::new());
                }
            }
            Event::Acted {
                seat,
                action,
                all_in,
            } => {
                if let Some(last) = out.last_mut() {
                    last.push(Acted {
                        seat: *seat,
                        action: *action,
                        all_in: *all_in,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// The antes posted, in chips.
pub fn antes(log: &[Event]) -> Chips {
    log.iter()
        .map(|e| match e {
            Event::AntePosted { amount, .. } => *amount,
            _ => 0,
        })
        .sum()
}

/// The seats in the order they act before the flop.
pub fn preflop_order(state: &HandState) -> Vec<Seat> {
    let order = state.players();
    if order.len() == 2 {
        // Heads-up the button (the small blind) acts first.
        vec![order[1], order[0]]
    } else {
        let mut o = order[2..].to_vec();
        o.extend_from_slice(&order[..2]);
        o
    }
}

/// A bot's situation at its turn.
#[derive(Debug, Clone)]
pub struct Situation<'a> {
    /// The hand as the bot sees it.
    pub state: &'a HandState,
    /// The bot's seat.
    pub me: Seat,
    /// Its hole cards.
    pub hole: [Card; 2],
    /// Its choices.
    pub legal: Legal,
    /// Chips in a big blind.
    pub bb: f64,
    /// The actions of each street so far.
    pub streets: Vec<Vec<Acted>>,
}

impl<'a> Situation<'a> {
    /// The situation of the seat whose view this is, when it is to act
    /// and sees its cards.
    pub fn of(view: &'a View) -> Option<Situation<'a>> {
        let state = &view.state;
        let legal = state.legal()?;
        let hole = state.hole(view.seat)?;
        Some(Situation {
            state,
            me: view.seat,
            hole,
            legal,
            bb: state.blinds().big.max(1) as f64,
            streets: streets(state.log()),
        })
    }

    /// The street being played.
    pub fn street(&self) -> Street {
        self.state.street()
    }

    /// The board.
    pub fn board(&self) -> &[Card] {
        self.state.board()
    }

    /// Chips in big blinds.
    pub fn in_bb(&self, chips: Chips) -> f64 {
        chips as f64 / self.bb
    }

    /// All chips in the middle, in big blinds.
    pub fn pot(&self) -> f64 {
        self.in_bb(self.state.pot_total())
    }

    /// What calling costs, in big blinds.
    pub fn to_call(&self) -> f64 {
        self.in_bb(self.legal.to_call)
    }

    /// The players still in other than the bot.
    pub fn opponents(&self) -> Vec<Seat> {
        (0..self.state.seats())
            .filter(|&s| s != self.me && self.state.statuses()[s].is_in())
            .collect()
    }

    /// What `seat` has for this hand: chips behind and its bets of this
    /// street (before the flop: its stack after the antes).
    pub fn chips_of(&self, seat: Seat) -> Chips {
        self.state.stacks()[seat] + self.state.street_bets()[seat]
    }

    /// The effective stack against the opponents still in, in big blinds:
    /// the bot's chips or the largest opponent's, whichever is smaller.
    pub fn effective(&self) -> f64 {
        let mine = self.chips_of(self.me);
        let theirs = self
            .opponents()
            .into_iter()
            .map(|s| self.chips_of(s))
            .max()
            .unwrap_or(0);
        self.in_bb(mine.min(theirs))
    }

    /// The actions of the current street.
    pub fn this_street(&self) -> &[Acted] {
        self.streets.last().map_or(&[], Vec::as_slice)
    }

    /// The actions before the flop.
    pub fn preflop(&self) -> &[Acted] {
        self.streets.first().map_or(&[], Vec::as_slice)
    }

    /// Bets and raises on the current street.
    pub fn raises(&self) -> usize {
        self.this_street().iter().filter(|a| a.aggressive()).count()
    }

    /// The players still to act after the bot before the flop who have
    /// not acted yet, with chips to act (for an opener: the players
    /// behind).
    pub fn behind(&self) -> Vec<Seat> {
        let order = preflop_order(self.state);
        let acted: Vec<Seat> = self.preflop().iter().map(|a| a.seat).collect();
        let Some(at) = order.iter().position(|&s| s == self.me) else {
            return Vec::new();
        };
        order[at + 1..]
            .iter()
            .copied()
            .filter(|s| {
                !acted.contains(s)
                    && self.state.statuses()[*s] == crate::holdem::action::Status::Active
            })
            .collect()
    }

    /// Whether the bot acts last after the flop among the players still
    /// in (it has position on all of them).
    pub fn in_position(&self) -> bool {
        let order = self.state.players();
        let opps = self.opponents();
        let pos = |s: Seat| order.iter().position(|&x| x == s).unwrap_or(0);
        opps.iter().all(|&o| pos(o) < pos(self.me))
    }

    /// The player who made the last bet or raise before the flop.
    pub fn preflop_aggressor(&self) -> Option<Seat> {
        self.preflop()
            .iter()
            .rev()
            .find(|a| a.aggressive())
            .map(|a| a.seat)
    }

    /// The antes in the pot, in big blinds.
    pub fn antes(&self) -> f64 {
        self.in_bb(antes(self.state.log()))
    }

    /// Whether the bot is heads-up at the table (two players dealt in).
    pub fn heads_up_table(&self) -> bool {
        self.state.players().len() == 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::game::Game;
    use crate::holdem::action::{Action, Blinds};
    use crate::holdem::table::{Table, stacked_deck};

    #[test]
    fn a_situation_reads_order_stacks_and_actions() {
        let deck = stacked_deck(&parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Ah Kh").expect("cards"));
        // Five seats, button 0: small blind 1, big blind 2, then 3, 4, 0.
        let blinds = Blinds { small: 5, big: 10 };
        let (mut t, _) = Table::new(&[1000, 400, 1000, 250, 1000], 0, blinds, &deck).expect("hand");
        assert_eq!(preflop_order(t.state()), vec![3, 4, 0, 1, 2]);
        t.apply(Action::Fold).expect("3 folds");
        let view = t.view(4);
        let s = Situation::of(&view).expect("4 is to act");
        assert_eq!(s.behind(), vec![0, 1, 2]);
        assert_eq!(s.to_call(), 1.0);
        assert_eq!(s.pot(), 1.5);
        // 4 has 1000, the biggest of the others 1000: 100 bb.
        assert_eq!(s.effective(), 100.0);
        assert!(!s.in_position());
        t.apply(Action::RaiseTo(25)).expect("4 opens");
        let view = t.view(0);
        let s = Situation::of(&view).expect("the button acts");
        assert_eq!(s.preflop_aggressor(), Some(4));
        assert_eq!(s.raises(), 1);
        assert!(s.in_position());
        // Heads-up the button acts first before the flop.
        let (hu, _) = Table::new(&[300, 1000], 1, blinds, &deck).expect("hand");
        assert_eq!(preflop_order(hu.state()), vec![1, 0]);
        let view = hu.view(1);
        let s = Situation::of(&view).expect("the button acts");
        assert_eq!(s.effective(), 30.0);
        assert!(s.heads_up_table());
    }
}
