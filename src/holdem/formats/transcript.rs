//! A hand as a room's text tells it ([`Transcript`]: seats, posts, each
//! player's actions with the amounts the text gives, boards, shows, what
//! was returned and collected, the rake), turned into a [`HandRecord`]
//! by playing it on the table line by line ([`build`]).
//!
//! Nothing is taken on trust: a call must put in what the text says it
//! put in, a check must owe nothing, a raise must be one the table allows,
//! an all-in must leave the player all in, the bets the text returns must
//! be the ones the table returns, and at the end the pots the table pays
//! must be what the text says each player collected plus its rake. A hand
//! that disagrees anywhere is refused with the line that disagrees,
//! never written as a different hand.
//!
//! How the room's text maps onto PHH's forced bets: the players are
//! listed from the first seat after the button; antes, a small blind
//! posted out of its place and the small part of "small & big blinds"
//! are dead money (PHH antes); the small and big blinds of their places
//! and straddles are live blinds; a big blind posted from any other seat
//! (a player coming in) is a live post. A raise that no player left can
//! call any of (everyone else folded or all in for less) is the call it
//! amounts to, the rest returned, as the table plays it.

use std::collections::BTreeMap;

use crate::cards::Card;
use crate::holdem::action::{Action, ActionError, Event, Phase, SplitRule, Status};
use crate::holdem::forced::Forced;
use crate::holdem::history::amount::{Amount, Decimals, Units, units_for};
use crate::holdem::history::{
    Act, Applied, HandRecord, HistoryError, Info, Player, act_text, apply, pending, replay,
};
use crate::holdem::pots::Chips;
use crate::holdem::table::Table;

/// A player in a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated {
    /// The seat number.
    pub seat: u32,
    /// The player's name.
    pub name: String,
    /// Chips at the start.
    pub stack: Amount,
}

/// One line of the hand, its player named as the text names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// An ante (dead money).
    Ante(String, Amount),
    /// A small blind.
    SmallBlind(String, Amount),
    /// A big blind.
    BigBlind(String, Amount),
    /// Small and big blinds posted together (a player coming back): the
    /// small part is dead.
    DeadBlinds(String, Amount),
    /// A straddle (a live blind that moves who acts first).
    Straddle(String, Amount),
    /// Hole cards dealt (the hero's).
    Dealt(String, Vec<Card>),
    /// New board cards of run `run` (0: the first or only board).
    Board {
        /// Which run.
        run: usize,
        /// The new cards.
        cards: Vec<Card>,
    },
    /// Folds.
    Fold(String),
    /// Checks.
    Check(String),
    /// Calls, putting in this much (and is all in, or not).
    Call(String, Amount, bool),
    /// Bets this much.
    Bet(String, Amount, bool),
    /// Raises to this street total.
    RaiseTo(String, Amount, bool),
    /// Goes all in, putting in this much more: a call, a bet or a raise,
    /// as the table has it.
    AllIn(String, Amount),
    /// Shows these cards.
    Show(String, Vec<Card>),
    /// Mucks.
    Muck(String),
    /// An uncalled bet returned.
    Returned(String, Amount),
    /// Collected from a pot (after the rake).
    Collected(String, Amount),
}

/// A hand as the room's text tells it.
#[derive(Debug, Clone, Default)]
pub struct Transcript {
    /// Who, where and when (players and seats are filled in by [`build`]).
    pub info: Info,
    /// The player the text was written for ("Dealt to").
    pub hero: Option<String>,
    /// Everyone seated, in the text's order.
    pub seats: Vec<Seated>,
    /// The button's seat.
    pub button: Option<u32>,
    /// The small and big blind of the stakes.
    pub stakes: Option<(Amount, Amount)>,
    /// Amounts in money (a cash game): pots are shared to the cent.
    pub cash: bool,
    /// The hand, line by line.
    pub lines: Vec<Line>,
    /// How many times the board was run.
    pub runs: u8,
    /// The total pot the summary gives.
    pub total: Option<Amount>,
    /// Everything the room took: rake and other fees.
    pub rake: Option<Amount>,
    /// The room counts the bets it returns in what the bettor collected
    /// and in the total pot (Winamax writes no "Uncalled bet" line).
    pub returns_collected: bool,
}

fn fmt(s: impl Into<String>) -> HistoryError {
    HistoryError::Format(s.into())
}

impl Line {
    /// The player the line is about, if any.
    fn who(&self) -> Option<&str> {
        match self {
            Line::Ante(w, _)
            | Line::SmallBlind(w, _)
            | Line::BigBlind(w, _)
            | Line::DeadBlinds(w, _)
            | Line::Straddle(w, _)
            | Line::Dealt(w, _)
            | Line::Fold(w)
            | Line::Check(w)
            | Line::Call(w, ..)
            | Line::Bet(w, ..)
            | Line::RaiseTo(w, ..)
            | Line::AllIn(w, _)
            | Line::Show(w, _)
            | Line::Muck(w)
            | Line::Returned(w, _)
            | Line::Collected(w, _) => Some(w),
            Line::Board { .. } => None,
        }
    }

    /// Amounts on the line.
    fn amount(&self) -> Option<Amount> {
        match self {
            Line::Ante(_, x)
            | Line::SmallBlind(_, x)
            | Line::BigBlind(_, x)
            | Line::DeadBlinds(_, x)
            | Line::Straddle(_, x)
            | Line::Call(_, x, _)
            | Line::Bet(_, x, _)
            | Line::RaiseTo(_, x, _)
            | Line::AllIn(_, x)
            | Line::Returned(_, x)
            | Line::Collected(_, x) => Some(*x),
            _ => None,
        }
    }
}

/// The players of the hand, from the first seat after the button: the
/// seated players the lines name (a player marked as sitting out who
/// posts or acts is in the hand).
fn players(t: &Transcript) -> Result<Vec<Seated>, HistoryError> {
    let named = |n: &str| {
        t.lines.iter().any(|l| match l {
            Line::Dealt(w, c) => w == n && !c.is_empty(),
            l => l.who() == Some(n),
        })
    };
    let mut seats: Vec<Seated> = t.seats.iter().filter(|s| named(&s.name)).cloned().collect();
    seats.sort_by_key(|s| s.seat);
    for l in &t.lines {
        if let Some(w) = l.who()
            && !matches!(l, Line::Dealt(..))
            && !seats.iter().any(|s| s.name == w)
        {
            return Err(fmt(format!("'{w}' acts but has no seat")));
        }
    }
    let k = seats.len();
    if k < 2 {
        return Err(fmt(format!("{k} players in the hand")));
    }
    let first = match t.button {
        Some(b) => seats.iter().position(|s| s.seat > b).unwrap_or(0),
        None => {
            // No button given: the small blind (or the big blind) is the
            // first after it.
            let blind = t.lines.iter().find_map(|l| match l {
                Line::SmallBlind(w, _) | Line::BigBlind(w, _) => {
                    seats.iter().position(|s| &s.name == w)
                }
                _ => None,
            });
            let i = blind.ok_or_else(|| fmt("no button and no blind"))?;
            if k == 2 { (i + 1) % 2 } else { i }
        }
    };
    seats.rotate_left(first);
    Ok(seats)
}

/// The forced bets in amounts, by blind-order entry.
struct Posts {
    antes: Vec<Amount>,
    blinds: Vec<Amount>,
    posts: Vec<bool>,
}

fn zero() -> Amount {
    Amount {
        mantissa: 0,
        digits: 0,
        decimal: false,
        negative: false,
    }
}

/// The sum of two amounts, at the finer scale.
pub(crate) fn add(a: Amount, b: Amount) -> Amount {
    let d = a.digits.max(b.digits);
    let m = |x: Amount| x.mantissa * 10u128.pow(d - x.digits);
    Amount {
        mantissa: m(a) + m(b),
        digits: d,
        decimal: a.decimal || b.decimal,
        negative: false,
    }
}

fn sub(a: Amount, b: Amount) -> Amount {
    let d = a.digits.max(b.digits);
    let m = |x: Amount| x.mantissa * 10u128.pow(d - x.digits);
    Amount {
        mantissa: m(a).saturating_sub(m(b)),
        digits: d,
        decimal: a.decimal || b.decimal,
        negative: false,
    }
}

fn posts(t: &Transcript, seats: &[Seated]) -> Result<Posts, HistoryError> {
    let k = seats.len();
    let entry = |p: usize| if k == 2 { 1 - p } else { p };
    let mut out = Posts {
        antes: vec![zero(); k],
        blinds: vec![zero(); k],
        posts: vec![false; k],
    };
    let mut big_seen = false;
    let mut live = vec![false; k];
    for l in &t.lines {
        let Some(w) = l.who() else { continue };
        let Some(p) = seats.iter().position(|s| s.name == w) else {
            continue;
        };
        let e = entry(p);
        let first_live = !live[0];
        let mut set_live = |out: &mut Posts, x: Amount, post: bool| {
            if std::mem::replace(&mut live[e], true) {
                return Err(fmt(format!("'{w}' posts two live blinds")));
            }
            out.blinds[e] = x;
            out.posts[e] = post;
            Ok(())
        };
        match l {
            Line::Ante(_, x) => out.antes[e] = add(out.antes[e], *x),
            Line::SmallBlind(_, x) if e == 0 && first_live => set_live(&mut out, *x, false)?,
            // A small blind from any other place is dead.
            Line::SmallBlind(_, x) => out.antes[e] = add(out.antes[e], *x),
            Line::BigBlind(_, x) if !big_seen && (e == 1 || (e == 0 && first_live)) => {
                big_seen = true;
                set_live(&mut out, *x, false)?;
            }
            Line::BigBlind(_, x) => set_live(&mut out, *x, true)?,
            Line::DeadBlinds(_, total) => {
                let (sb, _) = t
                    .stakes
                    .ok_or_else(|| fmt("dead blinds without stakes in the header"))?;
                out.antes[e] = add(out.antes[e], sb);
                set_live(&mut out, sub(*total, sb), true)?;
            }
            Line::Straddle(_, x) => set_live(&mut out, *x, false)?,
            _ => {}
        }
    }
    Ok(out)
}

/// Plays the transcript on the table and returns its record, or the
/// first line the table disagrees with. A big blind all in for less is
/// called for what it posted (as the hands played here are), or, when
/// the text's calls say so, in full as the rooms play it.
pub fn build(t: &Transcript) -> Result<HandRecord, HistoryError> {
    build_with(t, false).or_else(|_| build_with(t, true))
}

fn build_with(t: &Transcript, full: bool) -> Result<HandRecord, HistoryError> {
    let seats = players(t)?;
    let k = seats.len();
    let forced = posts(t, &seats)?;
    // The scale: every amount exactly, and cents at least for money.
    let mut amounts: Vec<Amount> = Vec::new();
    amounts.extend(seats.iter().map(|s| s.stack));
    amounts.extend(t.lines.iter().filter_map(Line::amount));
    amounts.extend(t.stakes.iter().flat_map(|(a, b)| [*a, *b]));
    amounts.extend(t.total.iter().chain(&t.rake));
    let mut units: Units = units_for(&amounts);
    if t.cash {
        units.digits = units.digits.max(2);
        if units.decimals == Decimals::None {
            units.decimals = Decimals::Mixed;
        }
    }
    let to = |a: &Amount| a.to_units(units.digits).map_err(fmt);
    let all = |v: &[Amount]| v.iter().map(to).collect::<Result<Vec<_>, _>>();
    let mut blinds = all(&forced.blinds)?;
    // A blind's place whose player the ante put all in: the stakes' blind
    // (nothing more can be posted; PHH keeps the table's blinds).
    if let Some((sb, bb)) = t.stakes {
        let entry = |p: usize| if k == 2 { 1 - p } else { p };
        for (p, seated) in seats.iter().enumerate() {
            let e = entry(p);
            if e <= 1 && blinds[e] == 0 && to(&seated.stack)? == to(&forced.antes[e])? {
                blinds[e] = to(if e == 0 { &sb } else { &bb })?;
            }
        }
    }
    // The smallest bet: the big blind as posted in full (a header's
    // stakes can name another level), else the stakes' big blind (a big
    // blind all in for less), else the largest blind.
    let stack_units = |p: usize| to(&seats[p].stack);
    let entry = |p: usize| if k == 2 { 1 - p } else { p };
    let big = (0..k)
        .find(|&p| entry(p) == 1 && !forced.posts[1])
        .map(|p| (p, blinds[1]));
    let ante_of = |p: usize| to(&forced.antes[entry(p)]);
    let full_big = match big {
        Some((p, b)) if b > 0 && stack_units(p)? > b + ante_of(p)? => Some(b),
        _ => None,
    };
    let min_bet = match (full_big, t.stakes) {
        (Some(b), _) => b,
        (None, Some((_, bb))) => to(&bb)?,
        (None, None) => blinds.iter().copied().max().unwrap_or(0),
    }
    .max(1);
    let stacks = all(&seats.iter().map(|s| s.stack).collect::<Vec<_>>())?;
    let antes = all(&forced.antes)?;
    // The room calls a big blind in full even when it was all in for
    // less: only then is the record marked so (PokerKit calls what was
    // posted).
    let posted = (0..k)
        .map(|p| {
            let e = if k == 2 { 1 - p } else { p };
            let live = if forced.posts[e] { 0 } else { blinds[e] };
            live.min(stacks[p].saturating_sub(antes[e]))
        })
        .max()
        .unwrap_or(0);
    let forced = Forced {
        antes,
        blinds_or_straddles: blinds,
        posts: forced.posts,
        min_bet,
        trim_antes: false,
        full_blinds: full && posted < min_bet,
    };
    let index = |w: &str| seats.iter().position(|s| s.name == w);
    let who = |w: &str| index(w).ok_or_else(|| fmt(format!("'{w}' has no seat")));
    // Hole cards: the hero's (or any player's the text deals face up).
    let mut holes: Vec<Option<[Card; 2]>> = vec![None; k];
    for l in &t.lines {
        if let Line::Dealt(w, c) = l
            && let Some(p) = index(w)
        {
            match c.as_slice() {
                [] => {}
                [a, b] => holes[p] = Some([*a, *b]),
                c => return Err(fmt(format!("'{w}' is dealt {} cards", c.len()))),
            }
        }
    }
    let mut acts: Vec<Act> = (0..k)
        .map(|p| {
            Act::Hole(
                p,
                holes[p].map_or(vec![None, None], |h| h.map(Some).to_vec()),
            )
        })
        .collect();
    let (mut table, _) = Table::replay(&stacks, &forced, &holes, SplitRule::OddChipsToFirst)
        .map_err(|e| HistoryError::Setup(e.to_string()))?;
    if t.runs > 1 {
        table
            .run_times(t.runs)
            .map_err(|e| HistoryError::Setup(e.to_string()))?;
    }
    // What each player shows, mucks and collects, wherever the text says.
    let mut shown: BTreeMap<Player, Vec<Card>> = BTreeMap::new();
    let mut mucked: Vec<Player> = Vec::new();
    // Who shows or mucks, in the text's order.
    let mut told: Vec<Player> = Vec::new();
    let mut collected: Vec<Chips> = vec![0; k];
    let mut returned: Vec<Chips> = vec![0; k];
    for l in &t.lines {
        match l {
            Line::Show(w, c) => {
                let p = who(w)?;
                shown.entry(p).or_insert_with(|| c.clone());
                told.push(p);
            }
            Line::Muck(w) => {
                let p = who(w)?;
                mucked.push(p);
                told.push(p);
            }
            Line::Collected(w, x) => collected[who(w)?] += to(x)?,
            Line::Returned(w, x) => returned[who(w)?] += to(x)?,
            _ => {}
        }
    }
    let mut excess: Vec<Chips> = vec![0; k];
    let step = |table: &mut Table, acts: &mut Vec<Act>, a: Act| -> Result<(), HistoryError> {
        apply(table, &a, k).map_err(|e| {
            let why = match e {
                Applied::Refused(w) => w,
                Applied::Split(e) => e.to_string(),
            };
            fmt(format!("'{}': {why}", act_text(&a, units)))
        })?;
        acts.push(a);
        Ok(())
    };
    let name = |p: Player| seats[p].name.clone();
    for l in &t.lines {
        match l {
            Line::Board { run, cards } => {
                showdown(
                    &mut table, &mut acts, &shown, &mucked, &told, &collected, &step,
                )?;
                let st = table.state();
                if st.phase() == Phase::Betting {
                    let p = st.to_act().map_or(0, |s| s);
                    return Err(fmt(format!("board dealt while '{}' is to act", name(p))));
                }
                let second = st.boards().len() > 1;
                if (*run > 0) != second {
                    return Err(fmt(format!("board {} dealt out of turn", run + 1)));
                }
                step(
                    &mut table,
                    &mut acts,
                    Act::Board(cards.iter().map(|&c| Some(c)).collect()),
                )?;
            }
            Line::Fold(w)
            | Line::Check(w)
            | Line::Call(w, ..)
            | Line::Bet(w, ..)
            | Line::RaiseTo(w, ..)
            | Line::AllIn(w, _) => {
                let p = who(w)?;
                let st = table.state();
                if matches!(l, Line::Fold(_))
                    && st.to_act() != Some(p)
                    && st.statuses()[p] == Status::AllIn
                {
                    // The room folds the hand of a player sitting out,
                    // all in from the blinds or the ante.
                    step(&mut table, &mut acts, Act::Fold(p))?;
                    continue;
                }
                let legal = match (st.to_act(), st.legal()) {
                    (Some(s), Some(legal)) if s == p => legal,
                    (Some(s), _) => {
                        return Err(fmt(format!("'{w}' acts while '{}' is to act", name(s))));
                    }
                    _ => return Err(fmt(format!("'{w}' acts after the betting is over"))),
                };
                let owes = |x: Chips| {
                    fmt(format!(
                        "'{w}' {} {} but the table's call is {}",
                        if x == 0 { "checks" } else { "calls" },
                        units.format(x),
                        units.format(legal.to_call)
                    ))
                };
                // All in for an amount: a call when it does not pass the
                // bet to call, else a bet or raise to the total.
                let resolved;
                let l = match l {
                    Line::AllIn(w, x) => {
                        let added = to(x)?;
                        let total = st.street_bets()[p] + added;
                        resolved = if total <= st.street_bets()[p] + legal.to_call {
                            Line::Call(w.clone(), *x, true)
                        } else {
                            let at = Amount::parse(&units.format(total)).map_err(fmt)?;
                            Line::RaiseTo(w.clone(), at, true)
                        };
                        &resolved
                    }
                    l => l,
                };
                let (act, all_in) = match l {
                    Line::Fold(_) => (Act::Fold(p), None),
                    Line::Check(_) if legal.to_call == 0 => (Act::CheckCall(p), None),
                    Line::Check(_) => return Err(owes(0)),
                    Line::Call(_, x, a) => {
                        let x = to(x)?;
                        if x != legal.to_call || x == 0 {
                            return Err(owes(x));
                        }
                        (Act::CheckCall(p), Some(*a))
                    }
                    Line::Bet(_, x, a) | Line::RaiseTo(_, x, a) => {
                        let mut total = to(x)?;
                        if matches!(l, Line::Bet(..)) {
                            total += st.street_bets()[p];
                        }
                        let top = st.current_bet();
                        let nobody_calls = (0..st.seats()).all(|s| {
                            s == p
                                || !st.statuses()[s].is_in()
                                || st.stacks()[s] + st.street_bets()[s] <= top
                        });
                        if legal.raise.is_none() && nobody_calls && total > top {
                            // Nobody can call any of it: the call it
                            // amounts to, the rest returned.
                            let stack_to = st.stacks()[p] + st.street_bets()[p];
                            excess[p] += total.min(stack_to) - top.min(stack_to);
                            (Act::CheckCall(p), None)
                        } else {
                            if !legal.allows(Action::RaiseTo(total)) {
                                let e = match legal.raise {
                                    None => ActionError::RaiseNotAllowed,
                                    Some((min, _)) if total < min => {
                                        ActionError::BelowMinimum { amount: total, min }
                                    }
                                    Some((_, max)) => {
                                        ActionError::AboveStack { amount: total, max }
                                    }
                                };
                                return Err(fmt(format!(
                                    "'{w}' {} {}: {e}",
                                    if matches!(l, Line::Bet(..)) {
                                        "bets"
                                    } else {
                                        "raises to"
                                    },
                                    units.format(total)
                                )));
                            }
                            (Act::BetRaise(p, total), Some(*a))
                        }
                    }
                    _ => unreachable!("an action line"),
                };
                step(&mut table, &mut acts, act)?;
                if let Some(said) = all_in {
                    let is = table.state().statuses()[p] == Status::AllIn
                        || table.state().stacks()[p] == 0;
                    if said && !is {
                        return Err(fmt(format!(
                            "'{w}' is all in by the text, not at the table"
                        )));
                    }
                }
            }
            _ => {}
        }
    }
    showdown(
        &mut table, &mut acts, &shown, &mucked, &told, &collected, &step,
    )?;
    // A winner who shows after everyone else folded.
    for (&p, c) in &shown {
        if table.state().won_unseen(p) {
            step(
                &mut table,
                &mut acts,
                Act::Show(p, c.iter().map(|&x| Some(x)).collect()),
            )?;
        }
    }
    if let Some(why) = pending(&table) {
        return Err(HistoryError::Unfinished(why));
    }
    // The bets returned: the table's, and what a raise nobody could call
    // had above its call.
    let mut table_returned = excess.clone();
    for e in table.state().log() {
        if let Event::UncalledReturned { seat, amount } = e {
            table_returned[*seat] += amount;
        }
    }
    // Old histories and some trackers' exports write no returns at all.
    let told = t.lines.iter().any(|l| matches!(l, Line::Returned(..)));
    if told && table_returned != returned {
        let show = |v: &[Chips]| {
            v.iter()
                .map(|&x| units.format(x))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(HistoryError::Accounts(format!(
            "the text returns [{}] uncalled, the table [{}]",
            show(&returned),
            show(&table_returned)
        )));
    }
    let mut total = t.total.as_ref().map(to).transpose()?;
    if t.returns_collected {
        for (c, &back) in collected.iter_mut().zip(&table_returned) {
            *c = c.checked_sub(back).ok_or_else(|| {
                HistoryError::Accounts(format!(
                    "a player collected less than the {} the table returns",
                    units.format(back)
                ))
            })?;
        }
        let back: Chips = table_returned.iter().sum();
        total = total.map(|x| x.saturating_sub(back));
    }
    let mut r = HandRecord::new(
        forced,
        stacks,
        acts.into_iter()
            .map(|a| {
                let text = act_text(&a, units);
                (a, text)
            })
            .collect(),
        units,
    );
    r.runs = t.runs.max(1);
    r.winnings = Some(collected.clone());
    let paid: Chips = table
        .state()
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::PotAwarded { amount, .. } | Event::RunAwarded { amount, .. } => Some(*amount),
            _ => None,
        })
        .sum();
    // What the room took: the total pot less what was collected (the
    // fees a summary lists are each rounded), else the fees listed, else
    // (no total, no fee: iPoker) the pots less what was collected.
    r.rake = Some(match (total, t.rake) {
        (Some(total), _) => total.saturating_sub(collected.iter().sum()),
        (None, Some(x)) => to(&x)?,
        (None, None) => paid.saturating_sub(collected.iter().sum()),
    });
    if let Some(total) = total
        && total != paid
    {
        return Err(HistoryError::Accounts(format!(
            "the text's total pot is {}, the table's pots make {}",
            units.format(total),
            units.format(paid)
        )));
    }
    let mut info = t.info.clone();
    info.players = Some(seats.iter().map(|s| s.name.clone()).collect());
    info.seats = Some(seats.iter().map(|s| s.seat).collect());
    info.button = t.button.filter(|b| !seats.iter().any(|s| s.seat == *b));
    info.hero = t.hero.as_deref().and_then(index);
    r.info = info;
    // The record replays to the same pots, and they are what the text
    // says each player collected.
    let replayed = replay(&r)?;
    r.finishing_stacks = Some(replayed.final_stacks());
    Ok(r)
}

/// At a showdown, each player still to show does as the text says:
/// shows, mucks, or (never shown) goes on without showing — mucking at
/// the river when the text gives them nothing.
fn showdown(
    table: &mut Table,
    acts: &mut Vec<Act>,
    shown: &BTreeMap<Player, Vec<Card>>,
    mucked: &[Player],
    told: &[Player],
    collected: &[Chips],
    step: &impl Fn(&mut Table, &mut Vec<Act>, Act) -> Result<(), HistoryError>,
) -> Result<(), HistoryError> {
    while table.state().phase() == Phase::Showdown {
        let river = table.state().board().len() == 5;
        let pending = table.state().to_show();
        // In the text's order, then the others.
        let Some(seat) = told
            .iter()
            .copied()
            .find(|p| pending.contains(p) && (river || shown.contains_key(p)))
            .or_else(|| pending.first().copied())
        else {
            break;
        };
        let known = table.state().hole(seat).is_some();
        let a = match shown.get(&seat) {
            Some(c) => Act::Show(seat, c.iter().map(|&x| Some(x)).collect()),
            // Cards dealt face up (the hero's, or all of iPoker's at the
            // showdown) show unless the text mucks them.
            None if known && !mucked.contains(&seat) && (river || shown.is_empty()) => {
                Act::Show(seat, Vec::new())
            }
            // A muck counts at the river: before it the player still
            // has the rest of the board to come.
            None if river && (mucked.contains(&seat) || collected[seat] == 0) => Act::Muck(seat),
            None => Act::Show(seat, vec![None, None]),
        };
        step(table, acts, a)?;
    }
    Ok(())
}
