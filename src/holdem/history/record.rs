//! The record of a hand played here: its table's log turned into a
//! [`HandRecord`], what each player collected included.

use super::amount::Units;
use super::{Act, HandRecord, Info, act_text};
use crate::game::Seat;
use crate::holdem::table::{Event, Move, Phase, Table};

impl HandRecord {
    /// The record of a hand played (or being played) on a table, in whole
    /// chips unless `units` says otherwise, with each player's seat number
    /// (from 1) at a table of its seats; once the hand is over, its
    /// finishing stacks and what each player collected (no rake here).
    pub fn from_table(table: &Table, units: Units) -> HandRecord {
        let state = table.state();
        let players = state.players();
        let k = players.len();
        let p = |seat: Seat| players.iter().position(|&s| s == seat).unwrap_or(0);
        let mut forced = state.forced().clone();
        forced.antes.truncate(k);
        forced.blinds_or_straddles.truncate(k);
        forced.posts.truncate(k);
        forced.antes.resize(k, 0);
        forced.blinds_or_straddles.resize(k, 0);
        let mut actions = Vec::new();
        let mut won = vec![0; k];
        for e in state.log() {
            let act = match e {
                Event::HoleDealt { seat, cards } => {
                    let c = cards.or(state.hole(*seat));
                    Act::Hole(
                        p(*seat),
                        c.map_or(vec![None, None], |c| c.iter().map(|&x| Some(x)).collect()),
                    )
                }
                Event::Acted { seat, action, .. } => match action {
                    Move::Fold => Act::Fold(p(*seat)),
                    Move::Check | Move::Call(_) => Act::CheckCall(p(*seat)),
                    Move::Bet(to) | Move::Raise(to) => Act::BetRaise(p(*seat), *to),
                },
                Event::StreetDealt { cards, .. } | Event::RunDealt { cards, .. } => {
                    Act::Board(cards.iter().map(|&c| Some(c)).collect())
                }
                Event::Showed { seat, cards, .. } => {
                    Act::Show(p(*seat), cards.iter().map(|&c| Some(c)).collect())
                }
                Event::Mucked { seat } => Act::Muck(p(*seat)),
                Event::PotAwarded { seat, amount, .. } | Event::RunAwarded { seat, amount, .. } => {
                    won[p(*seat)] += amount;
                    continue;
                }
                _ => continue,
            };
            let text = act_text(&act, units);
            actions.push((act, text));
        }
        let over = state.phase() == Phase::Over;
        let mut r = HandRecord::new(
            forced,
            players
                .iter()
                .map(|&s| state.starting_stacks()[s])
                .collect(),
            actions,
            units,
        );
        r.finishing_stacks = over.then(|| players.iter().map(|&s| state.stacks()[s]).collect());
        r.winnings = over.then_some(won);
        r.rake = over.then_some(0);
        r.runs = state.runs();
        r.info = Info {
            seats: Some(players.iter().map(|&s| s as u32 + 1).collect()),
            seat_count: Some(state.seats() as u32),
            ..Info::default()
        };
        r
    }
}
