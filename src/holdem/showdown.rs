//! The end of a Hold'em hand: the showdown (who shows, mucks or lets
//! their cards go unseen), the run-outs, and the pots paid to the best
//! hands, or to the last player in when everyone else folds.

use super::action::{ActionError, Event, Move, Phase, SplitRule, Status, Street};
use super::eval::evaluate;
use super::pots::{split_exact, split_odd_each, split_odd_first};
use super::seats::MAX_SEATS;
use super::table::Table;
use crate::cards::{Card, CardSet};
use crate::game::Seat;

impl Table {
    /// Shows `seat`'s hand at a replayed showdown: the cards dealt, or
    /// the cards now shown when they were never known. After a hand won
    /// without a showdown the winner may show too, in play as in a
    /// replay (nothing changes but what the others see).
    pub fn show(
        &mut self,
        seat: Seat,
        cards: Option<[Card; 2]>,
    ) -> Result<Vec<Event>, ActionError> {
        let over_show = self.state.won_unseen(seat);
        let at_showdown = self.state.phase == Phase::Showdown && self.state.pending_show(seat);
        if !(over_show || self.replay && at_showdown) {
            return Err(ActionError::NotAtShowdown(seat));
        }
        let cards = match (self.state.holes[seat], cards) {
            (Some(d), Some(c)) if CardSet::from_iter(d) != CardSet::from_iter(c) => {
                return Err(ActionError::ShownOther {
                    seat,
                    shown: cards_text(&c),
                    dealt: cards_text(&d),
                });
            }
            (Some(d), _) => d,
            (None, Some(c)) => {
                let used = self.state.known_cards();
                if let Some(x) = c.iter().find(|x| used.contains(**x)) {
                    return Err(ActionError::CardTwice(*x));
                }
                if c[0] == c[1] {
                    return Err(ActionError::CardTwice(c[0]));
                }
                c
            }
            (None, None) => {
                return Err(ActionError::ShownOther {
                    seat,
                    shown: "nothing".into(),
                    dealt: "unknown cards".into(),
                });
            }
        };
        let saved = self.clone();
        let mut ev = Vec::with_capacity(4);
        let s = &mut self.state;
        s.holes[seat] = Some(cards);
        s.shown[seat] = true;
        let value = s.value_now(seat);
        ev.push(Event::Showed { seat, cards, value });
        let result = if s.phase == Phase::Showdown && !s.any_pending_show() {
            self.after_showdown(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// Mucks `seat`'s hand at a replayed showdown: it gives up the pots.
    pub fn muck(&mut self, seat: Seat) -> Result<Vec<Event>, ActionError> {
        if !self.replay || self.state.phase != Phase::Showdown || !self.state.pending_show(seat) {
            return Err(ActionError::NotAtShowdown(seat));
        }
        let saved = self.clone();
        let mut ev = vec![Event::Mucked { seat }];
        self.state.mucked[seat] = true;
        let result = if !self.state.any_pending_show() {
            self.after_showdown(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// What the reference does when a replayed history goes on without a
    /// player at the showdown showing or mucking: at an all-in showdown
    /// before the river the player is asked again at the next street's;
    /// at the river the player stays in without showing, and the board
    /// alone plays for them.
    pub fn pass_showdown(&mut self, seat: Seat) -> Result<Vec<Event>, ActionError> {
        if !self.replay || self.state.phase != Phase::Showdown || !self.state.pending_show(seat) {
            return Err(ActionError::NotAtShowdown(seat));
        }
        let saved = self.clone();
        let mut ev = Vec::new();
        if self.state.street == Street::River {
            self.state.unseen[seat] = true;
        } else {
            self.state.deferred[seat] = true;
        }
        let result = if !self.state.any_pending_show() {
            self.after_showdown(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// A player all in who gives up the hand out of turn, in a replay: a
    /// room folds the hand of a player sitting out even when the blinds
    /// or the ante took all their chips. They are out of every pot.
    pub fn forfeit(&mut self, seat: Seat) -> Result<Vec<Event>, ActionError> {
        let s = &self.state;
        if !self.replay || s.phase == Phase::Over || s.status.get(seat) != Some(&Status::AllIn) {
            return Err(ActionError::NotAllIn(seat));
        }
        let saved = self.clone();
        let s = &mut self.state;
        s.status[seat] = Status::Folded;
        let mut ev = vec![Event::Acted {
            seat,
            action: Move::Fold,
            all_in: false,
        }];
        let result = if s.in_hand_count() <= 1 {
            self.end_betting(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// Keeps a change and logs it, or puts everything back on error.
    pub(super) fn settle(
        &mut self,
        saved: impl Into<Option<Table>>,
        ev: Vec<Event>,
        result: Result<(), ActionError>,
    ) -> Result<Vec<Event>, ActionError> {
        match (result, saved.into()) {
            (Ok(()), _) => {
                self.state.record(&ev);
                Ok(ev)
            }
            (Err(e), Some(saved)) => {
                *self = saved;
                Err(e)
            }
            (Err(e), None) => Err(e),
        }
    }

    /// The showdown: when replaying, wait for every player still in to
    /// show or muck; when playing, the last aggressor of the hand shows
    /// first, then clockwise; a player who cannot win a pot mucks, unless
    /// the hands were tabled (everyone all in) or that player is all in.
    pub(super) fn showdown(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        let s = &mut self.state;
        s.deferred = [false; MAX_SEATS];
        if !s.any_pending_show() {
            return self.after_showdown(ev);
        }
        if self.replay {
            s.phase = Phase::Showdown;
            return Ok(());
        }
        let full = self.full_board();
        let s = &mut self.state;
        let mut values = [0u16; MAX_SEATS];
        for (seat, v) in values.iter_mut().enumerate().take(s.n) {
            if let (Some(h), true) = (s.holes[seat], s.status[seat].is_in()) {
                *v = evaluate(full | h.iter().copied().collect()).get();
            }
        }
        let pots = s.pots();
        let tabled = s.all_in;
        let first = match s.last_aggressor {
            Some(a) if s.status[a].is_in() => a,
            _ => s.next_in_hand(s.button),
        };
        let mut best_shown: Vec<Option<u16>> = vec![None; pots.len()];
        for k in 0..s.n {
            let seat = (first + k) % s.n;
            if !s.pending_show(seat) {
                continue;
            }
            let v = values[seat];
            let contends = pots
                .iter()
                .zip(&best_shown)
                .any(|(p, b)| p.is_eligible(seat) && b.is_none_or(|b| v >= b));
            if tabled || contends || s.status[seat] == Status::AllIn {
                for (p, b) in pots.iter().zip(best_shown.iter_mut()) {
                    if p.is_eligible(seat) && b.is_none_or(|b| v > b) {
                        *b = Some(v);
                    }
                }
                let cards = s.holes[seat].unwrap_or_else(|| unreachable!("dealt"));
                s.shown[seat] = true;
                ev.push(Event::Showed {
                    seat,
                    cards,
                    value: v,
                });
            } else {
                s.mucked[seat] = true;
                ev.push(Event::Mucked { seat });
            }
        }
        self.after_showdown(ev)
    }

    /// Everyone at the showdown has shown or mucked: run the board out
    /// (all in) or pay the pots.
    pub(super) fn after_showdown(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        if self.state.all_in && self.state.street != Street::River {
            return self.deal_street(ev);
        }
        let s = &mut self.state;
        if let Some(common) = s.common
            && common < 5
            && usize::from(s.runs) > 1 + s.extra.len()
        {
            // Another run of the board: its cards come next (a player who
            // mucked on the first still has no part of it).
            s.extra.push(s.board[..common].to_vec());
            s.phase = Phase::Dealing;
            s.due = 5 - common;
            return Ok(());
        }
        if self.state.in_play_count() == 1 && self.state.extra.is_empty() {
            self.finish_by_folds(ev);
            return Ok(());
        }
        self.award(ev)
    }

    /// The whole board: dealt so far, then the deck's (when playing).
    pub(super) fn full_board(&self) -> CardSet {
        let s = &self.state;
        let mut board: CardSet = s.board.iter().copied().collect();
        for c in self.deck.iter().skip(s.board.len()) {
            board |= CardSet::from_iter([*c]);
        }
        board
    }

    /// Everyone else folded (or mucked): the last player takes every pot.
    pub(super) fn finish_by_folds(&mut self, ev: &mut Vec<Event>) {
        let s = &mut self.state;
        s.return_uncalled(ev);
        let winner = (0..s.n)
            .find(|&i| s.status[i].is_in() && !s.mucked[i])
            .unwrap_or(s.button);
        for (i, pot) in s.pots().iter().enumerate() {
            s.stacks[winner] += pot.amount;
            ev.push(Event::PotAwarded {
                pot: i,
                seat: winner,
                amount: pot.amount,
            });
        }
        s.end();
    }

    /// Pays every pot to its best shown hands: on each board when the
    /// board was run more than once, each taking an equal part of every
    /// pot (the odd chips to the first board).
    pub(super) fn award(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        let s = &mut self.state;
        let unclaimed = s.unclaimed();
        if unclaimed > 0 {
            return Err(ActionError::Unclaimed(unclaimed));
        }
        let boards: Vec<CardSet> = std::iter::once(&s.board)
            .chain(&s.extra)
            .map(|b| b.iter().copied().collect())
            .collect();
        let runs: Vec<usize> = (0..boards.len()).collect();
        let pots = s.pots();
        let mut paid = Vec::new();
        for (i, pot) in pots.iter().enumerate() {
            for (run, part) in split_odd_first(pot.amount, &runs) {
                let board = boards[run];
                let mut values = [0u16; MAX_SEATS];
                for (seat, v) in values.iter_mut().enumerate().take(s.n) {
                    if !s.contends(seat) {
                        continue;
                    }
                    if s.unseen[seat] {
                        *v = evaluate(board).get();
                    } else if let Some(h) = s.holes[seat] {
                        *v = evaluate(board | h.iter().copied().collect()).get();
                    }
                }
                let best = pot.seats().map(|p| values[p]).max().unwrap_or(0);
                let winners: Vec<Seat> = s
                    .order
                    .iter()
                    .copied()
                    .filter(|&p| pot.is_eligible(p) && values[p] == best)
                    .collect();
                let shares = match self.split {
                    SplitRule::OddChipsToFirst => split_odd_first(part, &winners),
                    SplitRule::OddChipsEach => split_odd_each(part, &winners),
                    SplitRule::Exact { unit, all_decimal } => {
                        split_exact(part, &winners, unit, all_decimal)?
                    }
                };
                paid.push((run, i, shares));
            }
        }
        for (run, pot, shares) in paid {
            for (seat, amount) in shares {
                s.stacks[seat] += amount;
                ev.push(match run {
                    0 => Event::PotAwarded { pot, seat, amount },
                    run => Event::RunAwarded {
                        run,
                        pot,
                        seat,
                        amount,
                    },
                });
            }
        }
        s.end();
        Ok(())
    }
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect()
}
