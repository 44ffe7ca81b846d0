//! PokerStars hand-history text, the format most players have on disk:
//! written for hands played here (with the "Dealt to" line for the hero,
//! so trackers show the hero's cards) and read into a hand record. The
//! reference for both directions is PokerKit 0.7.7's PokerStars parser:
//! what we write, it reads to the same actions and stacks (its parser
//! leaves ante lines unread and knows no straddle, see the report in
//! `tests/pokerkit_crosscheck.rs`); what it reads, we read the same way,
//! and we also read the antes, dead blinds and "mucks hand" lines it
//! skips.

use std::fmt::Write;

use super::history::amount::{Amount, Units, units_for};
use super::history::{Act, HandRecord, Hands, HistoryError, Info, Player, Replayed};
use super::pots::Chips;
use super::table::{Blind, Event, Forced, Move, Street};
use crate::cards::{Card, parse_cards};

fn cards(cs: &[Card]) -> String {
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// How PokerStars names a shown hand ("a pair of Aces" and so on; only
/// the category matters to readers).
fn describe(value: u16) -> String {
    crate::holdem::eval::HandValue::new(value)
        .map_or_else(|| "a hand".to_string(), |v| v.category().to_string())
}

/// Writes a replayed hand as PokerStars text. `hero` gets the "Dealt to"
/// line with their cards (by default the first player whose cards are
/// known); `number` is the hand number in the header.
pub fn write(hand: &Replayed, hero: Option<Player>, number: u64) -> String {
    let r = &hand.record;
    let u = r.units;
    let st = hand.table.state();
    let k = r.players();
    // Table seats to players (left of the button first).
    let order = st.players();
    let pl = |seat: usize| order.iter().position(|&s| s == seat).unwrap_or(0);
    let name = |seat: usize| r.name(pl(seat));
    let cur = r.info.currency_symbol.clone().unwrap_or_default();
    let amt = |x: Chips| format!("{cur}{}", u.format(x));
    let seats: Vec<u32> = r
        .info
        .seats
        .clone()
        .unwrap_or_else(|| (1..=k as u32).collect());
    let hero = hero.or_else(|| (0..k).find(|&p| st.hole(order[p]).is_some()));
    let b = st.blinds();
    let mut o = String::new();
    let (y, m, d) = r.info.date.unwrap_or((2026, 1, 1));
    let time = r.info.time.clone().unwrap_or_else(|| "00:00:00".into());
    let _ = writeln!(
        o,
        "PokerStars Hand #{number}: Hold'em No Limit ({}/{}) - {y}/{m:02}/{d:02} {time} ET",
        amt(b.small),
        amt(b.big)
    );
    let table = r.info.table.clone().unwrap_or_else(|| "cardgames".into());
    let max = r
        .info
        .seat_count
        .unwrap_or(seats.iter().copied().max().unwrap_or(9).max(k as u32));
    let _ = writeln!(
        o,
        "Table '{table}' {max}-max Seat #{} is the button",
        seats[k - 1]
    );
    for (p, seat) in seats.iter().enumerate().take(k) {
        let _ = writeln!(
            o,
            "Seat {}: {} ({} in chips)",
            seat,
            r.name(p),
            amt(r.starting_stacks[p])
        );
    }
    let mut bets = vec![0; st.seats()];
    let mut street = Street::Preflop;
    let mut holes_written = false;
    let mut showdown = false;
    let mut shows = String::new();
    let mut blind_lines: Vec<(u8, String)> = Vec::new();
    for e in st.log() {
        match e {
            Event::AntePosted {
                seat,
                amount,
                all_in,
            } => {
                let _ = writeln!(
                    o,
                    "{}: posts the ante {}{}",
                    name(*seat),
                    amt(*amount),
                    if *all_in { " and is all-in" } else { "" }
                );
            }
            Event::BlindPosted {
                seat,
                blind,
                amount,
                all_in,
            } => {
                bets[*seat] = *amount;
                let (rank, what) = match blind {
                    Blind::Small => (0, "small blind"),
                    Blind::Big => (1, "big blind"),
                    Blind::Straddle => (2, "straddle"),
                    Blind::Post => (3, "big blind"),
                };
                blind_lines.push((
                    rank,
                    format!(
                        "{}: posts {what} {}{}\n",
                        name(*seat),
                        amt(*amount),
                        if *all_in { " and is all-in" } else { "" }
                    ),
                ));
            }
            Event::HoleDealt { .. } if !holes_written => {
                holes_written = true;
                blind_lines.sort_by_key(|(rank, _)| *rank);
                for (_, line) in blind_lines.drain(..) {
                    o.push_str(&line);
                }
                let _ = writeln!(o, "*** HOLE CARDS ***");
                if let Some(h) = hero
                    && let Some(c) = st.hole(order[h])
                {
                    let _ = writeln!(o, "Dealt to {} [{}]", r.name(h), cards(&c));
                }
            }
            Event::Acted {
                seat,
                action,
                all_in,
            } => {
                let top = bets.iter().copied().max().unwrap_or(0);
                let line = match action {
                    Move::Fold => "folds".to_string(),
                    Move::Check => "checks".to_string(),
                    Move::Call(x) => {
                        bets[*seat] += x;
                        format!("calls {}", amt(*x))
                    }
                    Move::Bet(to) => {
                        bets[*seat] = *to;
                        format!("bets {}", amt(to - top))
                    }
                    Move::Raise(to) => {
                        bets[*seat] = *to;
                        format!("raises {} to {}", amt(to - top), amt(*to))
                    }
                };
                let all_in = if *all_in { " and is all-in" } else { "" };
                let _ = writeln!(o, "{}: {line}{all_in}", name(*seat));
            }
            Event::UncalledReturned { seat, amount } if street != Street::Over => {
                let _ = writeln!(
                    o,
                    "Uncalled bet ({}) returned to {}",
                    amt(*amount),
                    name(*seat)
                );
            }
            Event::StreetDealt {
                street: s,
                cards: c,
            } => {
                bets.iter_mut().for_each(|b| *b = 0);
                street = *s;
                let board = st.board();
                let before = match s {
                    Street::Flop => 0,
                    Street::Turn => 3,
                    _ => 4,
                };
                let label = match s {
                    Street::Flop => "FLOP",
                    Street::Turn => "TURN",
                    _ => "RIVER",
                };
                if before == 0 {
                    let _ = writeln!(o, "*** {label} *** [{}]", cards(c));
                } else {
                    let _ = writeln!(
                        o,
                        "*** {label} *** [{}] [{}]",
                        cards(&board[..before.min(board.len())]),
                        cards(c)
                    );
                }
            }
            Event::Showed { seat, cards: c, .. } => {
                // PokerStars shows the hands after the whole board, with
                // what they make.
                showdown = true;
                let _ = writeln!(shows, "{}: shows [{}] ({{value}})", name(*seat), cards(c));
            }
            Event::Mucked { seat } => {
                showdown = true;
                let _ = writeln!(shows, "{}: mucks hand", name(*seat));
            }
            Event::PotAwarded { pot, seat, amount } => {
                if showdown && !o.contains("*** SHOW DOWN ***") {
                    let _ = writeln!(o, "*** SHOW DOWN ***");
                    o.push_str(&show_lines(&shows, st, r));
                }
                let from = if *pot == 0 {
                    "pot".to_string()
                } else {
                    format!("side pot-{pot}")
                };
                let _ = writeln!(o, "{} collected {} from {from}", name(*seat), amt(*amount));
            }
            _ => {}
        }
    }
    let total: Chips = st
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::PotAwarded { amount, .. } => Some(*amount),
            _ => None,
        })
        .sum();
    let _ = writeln!(o, "*** SUMMARY ***");
    let _ = writeln!(o, "Total pot {} | Rake {}", amt(total), amt(0));
    if !st.board().is_empty() {
        let _ = writeln!(o, "Board [{}]", cards(st.board()));
    }
    for p in 0..k {
        let net = st.stacks()[order[p]] as i64 - r.starting_stacks[p] as i64;
        let what = if net > 0 {
            format!("won ({})", amt(net as Chips))
        } else {
            "lost".to_string()
        };
        let _ = writeln!(o, "Seat {}: {} {what}", seats[p], r.name(p));
    }
    o
}

/// The show lines with each hand's value filled in.
fn show_lines(shows: &str, st: &crate::holdem::table::HandState, r: &HandRecord) -> String {
    let mut out = String::new();
    for line in shows.lines() {
        let order = st.players();
        let value = (0..r.players())
            .find(|&p| line.starts_with(&format!("{}: shows", r.name(p))))
            .and_then(|p| st.hole(order[p]))
            .map(|h| {
                let all: Vec<Card> = h.iter().chain(st.board()).copied().collect();
                if all.len() >= 5 {
                    crate::holdem::eval::best_five(&all).0.get()
                } else {
                    0
                }
            })
            .unwrap_or(0);
        out.push_str(&line.replace("{value}", &describe(value)));
        out.push('\n');
    }
    out
}

/// Splits a text of many hands into hands: each starts at a line
/// beginning "PokerStars ".
fn split_hands(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = Vec::new();
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        if line
            .trim_start_matches('\u{feff}')
            .starts_with("PokerStars ")
        {
            starts.push(pos);
        }
        pos += line.len();
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, &s)| &text[s..starts.get(i + 1).copied().unwrap_or(text.len())])
        .collect()
}

/// Reads every hand of a PokerStars text: its hand number and the hand,
/// or why it could not be read.
pub fn read_all(text: &str) -> Hands {
    split_hands(text)
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            let label = h
                .split_once('#')
                .and_then(|(_, r)| r.split_once(':'))
                .map_or_else(|| (i + 1).to_string(), |(n, _)| n.trim().to_string());
            (label, read_hand(h))
        })
        .collect()
}

/// An amount as PokerStars writes it: a currency sign, then digits.
fn money(s: &str) -> Result<Amount, HistoryError> {
    let t = s
        .trim()
        .trim_start_matches(|c: char| !c.is_ascii_digit() && c != '.');
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    Amount::parse(&t[..end]).map_err(HistoryError::Format)
}

fn bracket_cards(s: &str) -> Result<Vec<Card>, HistoryError> {
    let inner = s
        .split_once('[')
        .and_then(|(_, r)| r.split_once(']'))
        .map(|(c, _)| c)
        .ok_or_else(|| HistoryError::Format(format!("no cards in '{s}'")))?;
    parse_cards(inner).map_err(|e| HistoryError::Format(e.to_string()))
}

/// The cards in the last bracket of a line.
fn last_bracket_cards(s: &str) -> Result<Vec<Card>, HistoryError> {
    let at = s
        .rfind('[')
        .ok_or_else(|| HistoryError::Format(format!("no cards in '{s}'")))?;
    bracket_cards(&s[at..])
}

enum Line {
    Ante(String, Amount),
    Blind(String, Amount, bool),
    DeadBlinds(String, Amount, Amount),
    Dealt(String, Vec<Card>),
    Board(Vec<Card>),
    Fold(String),
    Check(String),
    Call(String, Amount),
    Bet(String, Amount),
    RaiseTo(String, Amount),
    Show(String, Vec<Card>),
    Muck(String),
}

fn read_hand(text: &str) -> Result<HandRecord, HistoryError> {
    let fmt = |s: String| HistoryError::Format(s);
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    if !header.contains(" Hold'em No Limit") {
        let game = header
            .split(':')
            .nth(1)
            .map(|g| g.split(" - ").next().unwrap_or(g).trim().to_string())
            .unwrap_or_default();
        return Err(fmt(format!(
            "game '{game}' is not supported: only Hold'em No Limit"
        )));
    }
    // Stakes from the header, e.g. "($0.01/$0.02 USD)" or "(10/20)".
    let stakes = header
        .rfind('(')
        .map(|i| &header[i + 1..])
        .and_then(|s| s.split_once('/'))
        .and_then(|(a, b)| Some((money(a).ok()?, money(b).ok()?)));
    let mut button_seat: Option<u32> = None;
    let mut seats: Vec<(u32, String, Amount)> = Vec::new();
    let mut acts: Vec<Line> = Vec::new();
    let mut table = None;
    let mut seat_count = None;
    for line in lines {
        let line = line.trim_end();
        if line.starts_with("*** SUMMARY ***") {
            break;
        }
        if let Some(rest) = line.strip_prefix("Table '") {
            if let Some((name, tail)) = rest.split_once('\'') {
                table = Some(name.to_string());
                seat_count = tail
                    .split_whitespace()
                    .find_map(|w| w.strip_suffix("-max"))
                    .and_then(|n| n.parse().ok());
                button_seat = tail
                    .split_once("Seat #")
                    .and_then(|(_, r)| r.split_whitespace().next())
                    .and_then(|n| n.parse().ok());
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("Seat ")
            && let Some((n, rest)) = rest.split_once(": ")
            && let Some(open) = rest.rfind(" (")
            && rest[open..].contains(" in chips")
        {
            let seat: u32 = n
                .parse()
                .map_err(|_| fmt(format!("bad seat line '{line}'")))?;
            let stack = money(&rest[open + 2..])?;
            if !line.contains("is sitting out") {
                seats.push((seat, rest[..open].to_string(), stack));
            }
            continue;
        }
        if line.starts_with("*** FLOP ***")
            || line.starts_with("*** TURN ***")
            || line.starts_with("*** RIVER ***")
        {
            acts.push(Line::Board(last_bracket_cards(line)?));
            continue;
        }
        if line.starts_with("*** FIRST") || line.starts_with("*** SECOND") {
            return Err(fmt("boards run twice are not supported".into()));
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            if let Some(i) = rest.rfind(" [") {
                acts.push(Line::Dealt(
                    rest[..i].to_string(),
                    bracket_cards(&rest[i..])?,
                ));
            }
            continue;
        }
        if line.starts_with("***") || !line.contains(": ") {
            continue;
        }
        // The name is up to the ": " before a known verb.
        let verbs = [
            "posts the ante ",
            "posts small & big blinds ",
            "posts small blind ",
            "posts big blind ",
            "posts straddle ",
            "folds",
            "checks",
            "calls ",
            "bets ",
            "raises ",
            "shows [",
            "mucks hand",
        ];
        let found = line
            .match_indices(": ")
            .find(|(j, _)| verbs.iter().any(|v| line[j + 2..].starts_with(v)));
        let Some((j, _)) = found else {
            continue;
        };
        let (who, what) = (line[..j].to_string(), &line[j + 2..]);
        let after = |v: &str| what.strip_prefix(v).unwrap_or("");
        let act = if what.starts_with("posts the ante ") {
            Line::Ante(who, money(after("posts the ante "))?)
        } else if what.starts_with("posts small & big blinds ") {
            // The small blind part is dead, the big blind live.
            let total = money(after("posts small & big blinds "))?;
            let (sb, _) =
                stakes.ok_or_else(|| fmt("dead blinds without stakes in the header".into()))?;
            Line::DeadBlinds(who, sb, total)
        } else if what.starts_with("posts small blind ") {
            Line::Blind(who, money(after("posts small blind "))?, true)
        } else if what.starts_with("posts big blind ") {
            Line::Blind(who, money(after("posts big blind "))?, false)
        } else if what.starts_with("posts straddle ") {
            Line::Blind(who, money(after("posts straddle "))?, false)
        } else if what.starts_with("folds") {
            Line::Fold(who)
        } else if what.starts_with("checks") {
            Line::Check(who)
        } else if what.starts_with("calls ") {
            Line::Call(who, money(after("calls "))?)
        } else if what.starts_with("bets ") {
            Line::Bet(who, money(after("bets "))?)
        } else if what.starts_with("raises ") {
            let to = after("raises ")
                .split_once(" to ")
                .map(|(_, t)| t)
                .ok_or_else(|| fmt(format!("bad raise '{line}'")))?;
            Line::RaiseTo(who, money(to)?)
        } else if what.starts_with("shows [") {
            Line::Show(who, bracket_cards(what)?)
        } else {
            Line::Muck(who)
        };
        acts.push(act);
    }
    // The players: seated, and named in a post or an action.
    let named = |n: &str| {
        acts.iter().any(|a| match a {
            Line::Ante(w, _)
            | Line::Blind(w, _, _)
            | Line::DeadBlinds(w, _, _)
            | Line::Fold(w)
            | Line::Check(w)
            | Line::Call(w, _)
            | Line::Bet(w, _)
            | Line::RaiseTo(w, _)
            | Line::Show(w, _)
            | Line::Muck(w) => w == n,
            _ => false,
        })
    };
    seats.retain(|(_, n, _)| named(n));
    seats.sort_by_key(|(s, _, _)| *s);
    let k = seats.len();
    if k < 2 {
        return Err(fmt(format!("{k} players in the hand")));
    }
    // Rotate so that the button is last.
    let last = match button_seat.and_then(|b| seats.iter().position(|(s, _, _)| *s == b)) {
        Some(i) => i,
        None => {
            let first_blind = acts.iter().find_map(|a| match a {
                Line::Blind(w, _, _) => seats.iter().position(|(_, n, _)| n == w),
                _ => None,
            });
            let i = first_blind.ok_or_else(|| fmt("no button and no blind".into()))?;
            if k == 2 { i } else { (i + k - 1) % k }
        }
    };
    seats.rotate_left((last + 1) % k);
    let index = |n: &str| seats.iter().position(|(_, m, _)| m == n);
    let entry = |p: usize| if k == 2 { 1 - p } else { p };
    let zero = Amount {
        mantissa: 0,
        digits: 0,
        decimal: false,
        negative: false,
    };
    let mut antes = vec![zero; k];
    let mut blinds = vec![zero; k];
    let mut posts = vec![false; k];
    let mut amounts: Vec<Amount> = Vec::new();
    for a in &acts {
        match a {
            Line::Ante(w, x) => {
                if let Some(p) = index(w) {
                    antes[entry(p)] = *x;
                }
            }
            Line::Blind(w, x, small) => {
                if let Some(p) = index(w) {
                    blinds[entry(p)] = *x;
                    // As the reference reads them: a blind from a player
                    // after the big blind is a post.
                    posts[entry(p)] = !*small && p >= 2;
                }
            }
            Line::DeadBlinds(w, sb, total) => {
                if let Some(p) = index(w) {
                    antes[entry(p)] = *sb;
                    let digits = sb.digits.max(total.digits);
                    let t = total.to_units(digits).map_err(fmt)?;
                    let s = sb.to_units(digits).map_err(fmt)?;
                    blinds[entry(p)] = Amount {
                        mantissa: u128::from(t.saturating_sub(s)),
                        digits,
                        decimal: total.decimal,
                        negative: false,
                    };
                    posts[entry(p)] = true;
                }
            }
            _ => {}
        }
    }
    // A straddle line is a live blind that moves who acts first.
    for a in &acts {
        if let Line::Blind(w, _, false) = a
            && let Some(p) = index(w)
            && text.contains(&format!("{w}: posts straddle "))
        {
            posts[entry(p)] = false;
        }
    }
    amounts.extend(&antes);
    amounts.extend(&blinds);
    amounts.extend(seats.iter().map(|(_, _, s)| *s));
    for a in &acts {
        match a {
            Line::Call(_, x) | Line::Bet(_, x) | Line::RaiseTo(_, x) => amounts.push(*x),
            _ => {}
        }
    }
    let min_bet = match stakes {
        Some((_, bb)) => bb,
        None => {
            let (a, b) = (blinds[0], blinds.get(1).copied().unwrap_or(zero));
            if a.mantissa * 10u128.pow(b.digits) >= b.mantissa * 10u128.pow(a.digits) {
                a
            } else {
                b
            }
        }
    };
    amounts.push(min_bet);
    let units: Units = units_for(&amounts);
    let d = units.digits;
    let to = |a: &Amount| a.to_units(d).map_err(fmt);
    // Actions in PHH terms; bets become street totals.
    let mut actions: Vec<(Act, String)> = Vec::new();
    let mut bets: Vec<Chips> = vec![0; k];
    for (p, b) in blinds.iter().enumerate() {
        let pl = entry(p);
        bets[pl] = to(b)?;
    }
    let phh = |a: &Act| super::history::act_text(a, units);
    for a in &acts {
        let who = |w: &str| index(w).ok_or_else(|| fmt(format!("'{w}' has no seat")));
        let act = match a {
            Line::Dealt(w, c) => {
                let p = who(w)?;
                if c.len() != 2 {
                    return Err(fmt(format!("'{w}' is dealt {} cards", c.len())));
                }
                Act::Hole(p, c.iter().map(|&x| Some(x)).collect())
            }
            Line::Board(c) => {
                bets.iter_mut().for_each(|b| *b = 0);
                Act::Board(c.iter().map(|&x| Some(x)).collect())
            }
            Line::Fold(w) => Act::Fold(who(w)?),
            Line::Check(w) => Act::CheckCall(who(w)?),
            Line::Call(w, _) => Act::CheckCall(who(w)?),
            Line::Bet(w, x) => {
                let p = who(w)?;
                let top = bets.iter().copied().max().unwrap_or(0);
                bets[p] = top + to(x)?;
                Act::BetRaise(p, bets[p])
            }
            Line::RaiseTo(w, x) => {
                let p = who(w)?;
                bets[p] = to(x)?;
                Act::BetRaise(p, bets[p])
            }
            Line::Show(w, c) => {
                if c.len() != 2 {
                    return Err(fmt(format!("'{w}' shows {} cards", c.len())));
                }
                Act::Show(who(w)?, c.iter().map(|&x| Some(x)).collect())
            }
            Line::Muck(w) => Act::Muck(who(w)?),
            _ => continue,
        };
        let text = phh(&act);
        actions.push((act, text));
    }
    // Hole cards first: the hero's, unknown for everyone else.
    let mut holes: Vec<(Act, String)> = Vec::new();
    for p in 0..k {
        let known = actions.iter().find_map(|(a, _)| match a {
            Act::Hole(q, c) if *q == p => Some(c.clone()),
            _ => None,
        });
        let a = Act::Hole(p, known.unwrap_or_else(|| vec![None, None]));
        let t = phh(&a);
        holes.push((a, t));
    }
    actions.retain(|(a, _)| !matches!(a, Act::Hole(..)));
    // A "shows" line of a hand already shown (PokerStars repeats all-in
    // hands at the showdown) is dropped.
    let mut seen_show = vec![false; k];
    actions.retain(|(a, _)| match a {
        Act::Show(p, _) | Act::Muck(p) => !std::mem::replace(&mut seen_show[*p], true),
        _ => true,
    });
    holes.extend(actions);
    let forced = Forced {
        antes: antes.iter().map(to).collect::<Result<_, _>>()?,
        blinds_or_straddles: blinds.iter().map(to).collect::<Result<_, _>>()?,
        posts,
        min_bet: to(&min_bet)?,
        trim_antes: false,
    };
    let date = header.split(" - ").nth(1).and_then(|d| {
        let mut it = d.split_whitespace();
        let day = it.next()?;
        let mut ymd = day.split('/').map(|x| x.parse::<i64>().ok());
        Some((
            (ymd.next()??, ymd.next()??, ymd.next()??),
            it.next().map(str::to_string),
        ))
    });
    let info = Info {
        players: Some(seats.iter().map(|(_, n, _)| n.clone()).collect()),
        seats: Some(seats.iter().map(|(s, _, _)| *s).collect()),
        seat_count,
        hand: header
            .split_once('#')
            .and_then(|(_, r)| r.split_once(':'))
            .map(|(n, _)| n.trim().to_string()),
        table,
        venue: Some("PokerStars".into()),
        currency_symbol: header
            .rfind('(')
            .and_then(|i| header[i + 1..].chars().next())
            .filter(|c| !c.is_ascii_digit())
            .map(String::from),
        date: date.as_ref().map(|(d, _)| *d),
        time: date.and_then(|(_, t)| t),
    };
    Ok(HandRecord {
        forced,
        starting_stacks: seats
            .iter()
            .map(|(_, _, s)| to(s))
            .collect::<Result<_, _>>()?,
        actions: holes,
        finishing_stacks: None,
        units,
        info,
    })
}
