//! Winamax hand-history text: read into a [`Transcript`] and built into
//! a record checked against the room's own accounting, and written back
//! as Winamax writes it ("Winamax Poker - CashGame - HandId: #..."; names
//! with no colon after them, amounts with the euro sign after them, the
//! blinds under "*** ANTE/BLINDS ***", the summary's "won 14.02€").
//! Only Hold'em no limit is read; every other game is refused by name.

use std::fmt::Write;

use super::stars::money;
use super::stars_write::{describe, hand_number};
use super::transcript::{Line, Seated, Transcript, build};
use crate::cards::{Card, parse_cards};
use crate::game::Seat;
use crate::holdem::action::{Blind, Event, Move};
use crate::holdem::history::amount::Amount;
use crate::holdem::history::{HandRecord, Hands, HistoryError, Replayed, Tournament};
use crate::holdem::pots::Chips;

/// Whether a line is a Winamax hand's header.
pub fn is_header(line: &str) -> bool {
    line.starts_with("Winamax Poker - ") && line.contains("HandId: #")
}

/// Reads every hand of a Winamax text: its hand id and the hand, or why
/// it could not be read.
pub fn read_all(text: &str) -> Hands {
    let mut hands: Vec<Vec<&str>> = Vec::new();
    for line in text.split(['\n', '\r']) {
        let l = line.trim_start_matches('\u{feff}').trim();
        if is_header(l) {
            hands.push(Vec::new());
        }
        if let Some(h) = hands.last_mut()
            && !l.is_empty()
        {
            h.push(l);
        }
    }
    hands
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            let label = h
                .first()
                .and_then(|l| l.split_once("HandId: #"))
                .map(|(_, r)| r.split(' ').next().unwrap_or_default().to_string())
                .unwrap_or_else(|| (i + 1).to_string());
            (label, read_hand(&h))
        })
        .collect()
}

fn fmt(s: impl Into<String>) -> HistoryError {
    HistoryError::Format(s.into())
}

/// An amount, `12.5k` for thousands included.
fn amount(s: &str) -> Result<Amount, HistoryError> {
    let t = s.trim();
    let thousands = t.trim_end_matches(['€', '$', '£']).ends_with('k');
    let a = money(t)?;
    if !thousands {
        return Ok(a);
    }
    let shift = a.digits.min(3);
    Ok(Amount {
        mantissa: a.mantissa * 10u128.pow(3 - shift),
        digits: a.digits - shift,
        ..a
    })
}

fn cards_in(s: &str) -> Result<Vec<Card>, HistoryError> {
    let inner = s
        .rsplit_once('[')
        .and_then(|(_, r)| r.split_once(']'))
        .map(|(c, _)| c)
        .ok_or_else(|| fmt(format!("no cards in '{s}'")))?;
    parse_cards(inner).map_err(|e| fmt(e.to_string()))
}

fn read_header(h: &str, t: &mut Transcript) -> Result<(), HistoryError> {
    let (kind, rest) = h
        .split_once(" - HandId: #")
        .ok_or_else(|| fmt("no hand id"))?;
    let (id, rest) = rest.split_once(" - ").unwrap_or((rest, ""));
    let (game, rest) = rest.split_once(" (").unwrap_or((rest, ""));
    if game != "Holdem no limit" {
        return Err(fmt(format!(
            "the game '{game}' is not read: only Texas Hold'em no limit"
        )));
    }
    let info = &mut t.info;
    info.venue = Some("Winamax".into());
    info.hand = Some(id.to_string());
    let kind = kind.trim_start_matches("Winamax Poker - ");
    if let Some(r) = kind.strip_prefix("Tournament \"") {
        let (name, tail) = r.split_once('"').unwrap_or((r, ""));
        let buy_in = tail
            .split_once("buyIn: ")
            .map(|(_, b)| b.split(" level: ").next().unwrap_or(b).trim().to_string());
        info.tournament = Some(Tournament {
            id: name.to_string(),
            buy_in,
        });
        info.level = tail
            .split_once("level: ")
            .and_then(|(_, l)| l.trim().parse().ok());
    } else if kind != "CashGame" {
        info.event = Some(kind.to_string());
    }
    let (stakes, rest) = rest.split_once(')').unwrap_or((rest, ""));
    let parts: Vec<&str> = stakes.split('/').collect();
    if let [sb, bb, ..] = parts.as_slice() {
        t.stakes = Some((amount(sb)?, amount(bb)?));
    }
    if stakes.contains('€') {
        info.currency = Some("EUR".into());
        info.currency_symbol = Some("€".into());
    }
    let when: Vec<&str> = rest.trim_start_matches(" - ").split_whitespace().collect();
    if let [date, time, zone @ ..] = when.as_slice() {
        let ymd: Vec<i64> = date.split('/').filter_map(|x| x.parse().ok()).collect();
        if let [y, m, d] = ymd.as_slice() {
            info.date = Some((*y, *m, *d));
            info.time = Some(time.to_string());
            info.time_zone = zone.first().map(|z| z.to_string());
        }
    }
    Ok(())
}

fn read_hand(lines: &[&str]) -> Result<HandRecord, HistoryError> {
    let mut t = Transcript {
        runs: 1,
        returns_collected: true,
        ..Transcript::default()
    };
    read_header(lines.first().copied().unwrap_or_default(), &mut t)?;
    let mut summary = false;
    for &line in &lines[1..] {
        if line.starts_with("*** SUMMARY ***") {
            summary = true;
            continue;
        }
        if summary {
            if let Some(rest) = line.strip_prefix("Total pot ") {
                // Winamax's total is after the rake.
                let (total, fee) = rest.split_once(" | ").unwrap_or((rest, ""));
                let total = amount(total)?;
                t.rake = match fee.strip_prefix("Rake ") {
                    Some(x) => Some(amount(x)?),
                    None if fee.trim() == "No rake" => Some(amount("0")?),
                    None => None,
                };
                // "17.68k" is rounded: no check of the total then.
                let rounded = rest
                    .split(" | ")
                    .next()
                    .is_some_and(|x| x.trim_end().ends_with('k'));
                t.total = (!rounded).then(|| match t.rake {
                    Some(r) => super::transcript::add(total, r),
                    None => total,
                });
            }
            continue;
        }
        read_line(line, &mut t)?;
    }
    t.cash = t.info.tournament.is_none() && !t.info.play_money && t.info.currency.is_some();
    build(&t)
}

fn read_line(line: &str, t: &mut Transcript) -> Result<(), HistoryError> {
    if let Some(rest) = line.strip_prefix("Table: '") {
        if let Some(at) = rest.rfind("' ") {
            t.info.table = Some(rest[..at].to_string());
            let tail = &rest[at + 2..];
            t.info.seat_count = tail
                .split_whitespace()
                .find_map(|w| w.strip_suffix("-max"))
                .and_then(|n| n.parse().ok());
            t.info.play_money = tail.contains("(play money)");
            t.button = tail
                .split_once("Seat #")
                .and_then(|(_, r)| r.split_whitespace().next())
                .and_then(|n| n.parse().ok());
        }
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix("Seat ")
        && let Some((n, rest)) = rest.split_once(": ")
        && let Some(open) = rest.rfind(" (")
        && let Ok(seat) = n.parse::<u32>()
    {
        let chips = rest[open + 2..]
            .split([',', ')'])
            .next()
            .unwrap_or_default();
        t.seats.push(Seated {
            seat,
            name: rest[..open].to_string(),
            stack: amount(chips)?,
        });
        return Ok(());
    }
    if line.starts_with("***") {
        if ["FLOP", "TURN", "RIVER"]
            .iter()
            .any(|s| line.starts_with(&format!("*** {s} ***")))
        {
            t.lines.push(Line::Board {
                run: 0,
                cards: cards_in(line)?,
            });
        }
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix("Dealt to ") {
        if let Some(i) = rest.rfind(" [") {
            let name = rest[..i].to_string();
            t.hero.get_or_insert_with(|| name.clone());
            t.lines.push(Line::Dealt(name, cards_in(&rest[i..])?));
        }
        return Ok(());
    }
    // "NAME verb ...": the name is a seated player's, the longest that fits.
    let Some(seated) = t
        .seats
        .iter()
        .filter(|s| line.starts_with(&format!("{} ", s.name)))
        .max_by_key(|s| s.name.len())
    else {
        return Ok(());
    };
    let who = seated.name.clone();
    let what = &line[who.len() + 1..];
    let after = |v: &str| what.strip_prefix(v).unwrap_or("");
    let all_in = what.contains("and is all-in");
    let l = if what.starts_with("posts ante ") {
        Line::Ante(who, amount(after("posts ante "))?)
    } else if what.starts_with("posts small blind ") {
        Line::SmallBlind(who, amount(after("posts small blind "))?)
    } else if what.starts_with("posts big blind ") {
        Line::BigBlind(who, amount(after("posts big blind "))?)
    } else if what.starts_with("folds") {
        Line::Fold(who)
    } else if what.starts_with("checks") {
        Line::Check(who)
    } else if what.starts_with("calls ") {
        Line::Call(who, amount(after("calls "))?, all_in)
    } else if what.starts_with("bets ") {
        Line::Bet(who, amount(after("bets "))?, all_in)
    } else if what.starts_with("raises ") {
        let to = after("raises ")
            .split_once(" to ")
            .map(|(_, t)| t)
            .ok_or_else(|| fmt(format!("bad raise '{line}'")))?;
        Line::RaiseTo(who, amount(to)?, all_in)
    } else if what.starts_with("shows [") {
        match cards_in(&what[..what.find(']').map_or(what.len(), |i| i + 1)]) {
            Ok(c) if c.len() == 2 => Line::Show(who, c),
            _ => return Ok(()),
        }
    } else if what.starts_with("mucks") {
        Line::Muck(who)
    } else if let Some(rest) = what.strip_prefix("collected ") {
        Line::Collected(who, amount(rest.split(" from").next().unwrap_or(rest))?)
    } else {
        return Ok(());
    };
    t.lines.push(l);
    Ok(())
}

/// Writes a replayed hand as Winamax text.
pub fn write(hand: &Replayed, hero: Option<&str>) -> Result<String, HistoryError> {
    let r = &hand.record;
    let st = hand.table.state();
    let order = st.players();
    let k = r.players();
    let player = |seat: Seat| order.iter().position(|&s| s == seat).unwrap_or(0);
    let name = |seat: Seat| r.name(player(seat));
    let u = r.units;
    let euro = r.info.currency_symbol.as_deref() == Some("€") || r.info.currency.is_some();
    let amt = |x: Chips| {
        let unit = u.unit();
        let mut s = if x.is_multiple_of(unit) {
            (x / unit).to_string()
        } else {
            u.format(x)
        };
        if s.contains('.') {
            while s.ends_with('0') {
                s.pop();
            }
        }
        if euro { format!("{s}€") } else { s }
    };
    let seat_of = |p: usize| {
        r.info
            .seats
            .as_ref()
            .and_then(|s| s.get(p).copied())
            .unwrap_or(p as u32 + 1)
    };
    let hero = r.info.hero.or_else(|| hero.and_then(|h| r.player_named(h)));
    let mut o = String::new();
    let id = r
        .info
        .hand
        .clone()
        .filter(|h| h.contains('-'))
        .unwrap_or_else(|| hand_number(r));
    let kind = match (&r.info.tournament, &r.info.event) {
        (Some(t), _) => format!(
            "Tournament \"{}\" buyIn: {} level: {}",
            t.id,
            t.buy_in.as_deref().unwrap_or("-"),
            r.info.level.unwrap_or(0)
        ),
        (None, Some(e)) => e.clone(),
        (None, None) => "CashGame".into(),
    };
    let b = st.blinds();
    let (y, m, d) = r.info.date.unwrap_or((1970, 1, 1));
    let time = r.info.time.clone().unwrap_or_else(|| "00:00:00".into());
    let zone = r.info.time_zone.clone().unwrap_or_else(|| "UTC".into());
    let _ = writeln!(
        o,
        "Winamax Poker - {kind} - HandId: #{id} - Holdem no limit ({}/{}) - {y}/{m:02}/{d:02} {time} {zone}",
        amt(b.small),
        amt(b.big)
    );
    let table = r.info.table.clone().unwrap_or_else(|| "cardgames".into());
    let max = r.info.seat_count.unwrap_or(k as u32);
    let money = if r.info.play_money {
        "play money"
    } else {
        "real money"
    };
    let button = r.info.button.unwrap_or_else(|| seat_of(k - 1));
    let _ = writeln!(
        o,
        "Table: '{table}' {max}-max ({money}) Seat #{button} is the button"
    );
    let mut by_seat: Vec<usize> = (0..k).collect();
    by_seat.sort_by_key(|&p| seat_of(p));
    for &p in &by_seat {
        let _ = writeln!(
            o,
            "Seat {}: {} ({})",
            seat_of(p),
            r.name(p),
            amt(r.starting_stacks[p])
        );
    }
    let _ = writeln!(o, "*** ANTE/BLINDS ***");
    let mut bets = vec![0; st.seats()];
    let mut board: Vec<Card> = Vec::new();
    let mut showdown = false;
    let won = hand.awards();
    let got = hand.collected();
    let mut dealt = false;
    for e in st.log() {
        match e {
            Event::AntePosted { seat, amount, .. } => {
                let _ = writeln!(o, "{} posts ante {}", name(*seat), amt(*amount));
            }
            Event::BlindPosted {
                seat,
                blind,
                amount,
                ..
            } => {
                bets[*seat] = *amount;
                let what = match blind {
                    Blind::Small => "small blind",
                    Blind::Post => "big blind",
                    _ => "big blind",
                };
                let oop = if *blind == Blind::Post {
                    " out of position"
                } else {
                    ""
                };
                let _ = writeln!(o, "{} posts {what} {}{oop}", name(*seat), amt(*amount));
            }
            Event::HoleDealt { .. } if !dealt => {
                dealt = true;
                if let Some(h) = hero
                    && let Some(c) = st.hole(order[h])
                {
                    let _ = writeln!(o, "Dealt to {} [{}]", r.name(h), cards_text(&c));
                }
                let _ = writeln!(o, "*** PRE-FLOP ***");
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
                        let x = to - bets[*seat];
                        bets[*seat] = *to;
                        format!("bets {}", amt(x))
                    }
                    Move::Raise(to) => {
                        bets[*seat] = *to;
                        format!("raises {} to {}", amt(to - top), amt(*to))
                    }
                };
                let all_in = if *all_in { " and is all-in" } else { "" };
                let _ = writeln!(o, "{} {line}{all_in}", name(*seat));
            }
            Event::StreetDealt { cards: c, .. } => {
                bets.iter_mut().for_each(|b| *b = 0);
                for &card in c {
                    board.push(card);
                    let label = match board.len() {
                        3 => "FLOP",
                        4 => "TURN",
                        5 => "RIVER",
                        _ => continue,
                    };
                    if board.len() == 3 {
                        let _ = writeln!(o, "*** {label} *** [{}]", cards_text(&board));
                    } else {
                        let n = board.len() - 1;
                        let _ = writeln!(
                            o,
                            "*** {label} *** [{}][{}]",
                            cards_text(&board[..n]),
                            cards_text(&board[n..])
                        );
                    }
                }
            }
            Event::Showed { seat, cards: c, .. } => {
                if !showdown {
                    showdown = true;
                    let _ = writeln!(o, "*** SHOW DOWN ***");
                }
                let _ = writeln!(
                    o,
                    "{} shows [{}] ({})",
                    name(*seat),
                    cards_text(c),
                    describe(*c, st.board())
                );
            }
            Event::RunDealt { .. } => {
                return Err(fmt(
                    "Winamax text has no board run twice: write it as PHH or PokerStars text",
                ));
            }
            _ => {}
        }
    }
    // What each player collected after the rake, the bets returned to
    // them counted in (Winamax writes no "Uncalled bet" line).
    let mut back = vec![0; k];
    for e in st.log() {
        if let Event::UncalledReturned { seat, amount } = e {
            back[player(*seat)] += amount;
        }
    }
    let took: Vec<Chips> = (0..k).map(|p| got[p] + back[p]).collect();
    for &p in &by_seat {
        if took[p] > 0 {
            let _ = writeln!(o, "{} collected {} from pot", r.name(p), amt(took[p]));
        }
    }
    let total: Chips = won.iter().sum();
    let rake = total - got.iter().sum::<Chips>();
    let _ = writeln!(o, "*** SUMMARY ***");
    let fee = if rake == 0 {
        "No rake".to_string()
    } else {
        format!("Rake {}", amt(rake))
    };
    // The room's total is after the rake, the returned bets in it.
    let _ = writeln!(
        o,
        "Total pot {} | {fee}",
        amt(total - rake + back.iter().sum::<Chips>())
    );
    if !st.board().is_empty() {
        let _ = writeln!(o, "Board: [{}]", cards_text(st.board()));
    }
    for &p in &by_seat {
        let seat = order[p];
        if took[p] > 0 {
            let shown = st.hole(seat).filter(|_| st.shown(seat));
            match shown {
                Some(c) => {
                    let _ = writeln!(
                        o,
                        "Seat {}: {} showed [{}] and won {} with {}",
                        seat_of(p),
                        r.name(p),
                        cards_text(&c),
                        amt(took[p]),
                        describe(c, st.board())
                    );
                }
                None => {
                    let _ = writeln!(o, "Seat {}: {} won {}", seat_of(p), r.name(p), amt(took[p]));
                }
            }
        }
    }
    Ok(o)
}

fn cards_text(cs: &[Card]) -> String {
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
