//! The record of a hand played here: its table's log turned into a
//! [`HandRecord`], what each player collected included; and as the app
//! keeps it, with names, the hero, a number of its own and its time.

use super::amount::Units;
use super::{Act, HandRecord, Info, act_text};
use crate::game::{Kept, Seat};
use crate::holdem::action::{Event, Move, Phase};
use crate::holdem::table::Table;

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
        // As posted: no forced bet above the stack (the same hand for the
        // table and the reference, and what a room's text can tell).
        for (i, &seat) in players.iter().enumerate() {
            let e = if k == 2 { 1 - i } else { i };
            let stack = state.starting_stacks()[seat];
            forced.antes[e] = forced.antes[e].min(stack);
            forced.blinds_or_straddles[e] =
                forced.blinds_or_straddles[e].min(stack - forced.antes[e]);
        }
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

    /// The record of a finished hand as the app keeps it: each player's
    /// name, the hero (the person it is kept for), the room `cardgames`,
    /// a hand number of its own (from the hand, its number in the session
    /// and the time: two hands, two numbers) and the time it ended, UTC.
    pub fn kept(table: &Table, kept: &Kept, hand: u64) -> HandRecord {
        let mut r = HandRecord::from_table(table, Units::default());
        let order = table.state().players();
        r.info.players = Some(
            order
                .iter()
                .map(|&s| {
                    kept.names
                        .get(s)
                        .cloned()
                        .unwrap_or_else(|| format!("Seat {}", s + 1))
                })
                .collect(),
        );
        r.info.hero = kept.me.and_then(|me| order.iter().position(|&s| s == me));
        r.info.venue = Some("cardgames".into());
        r.info.table = Some("cardgames".into());
        if let Some(when) = kept.when {
            let (date, time) = civil(when);
            r.info.date = Some(date);
            r.info.time = Some(time);
            r.info.time_zone = Some("UTC".into());
        }
        // FNV-1a over the hand, its number and its time.
        let text = format!("{r:?}{hand}{:?}", kept.when);
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        r.info.hand = Some((100_000_000_000 + h % 900_000_000_000).to_string());
        r
    }
}

/// A time in seconds since 1970 as a UTC date and `HH:MM:SS`.
fn civil(secs: u64) -> ((i64, i64, i64), String) {
    let days = (secs / 86_400) as i64;
    let s = secs % 86_400;
    // Days to a proleptic Gregorian date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        (y, m, d),
        format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_dated_in_utc() {
        assert_eq!(civil(0), ((1970, 1, 1), "00:00:00".into()));
        // 2000-02-29 23:59:59 and 2026-11-27 17:46:58 UTC.
        assert_eq!(civil(951_868_799), ((2000, 2, 29), "23:59:59".into()));
        assert_eq!(civil(1_795_801_618), ((2026, 11, 27), "17:46:58".into()));
    }
}
