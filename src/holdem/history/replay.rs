//! Replaying a record on the table: exactly as the reference
//! implementation (PokerKit) replays it, the steps it adds when an action
//! does not apply included, or refused with the reason; and checked
//! against what the history says the players collected and kept.

use super::amount::{Decimals, Units};
use super::{Act, HandRecord, HistoryError, Player};
use crate::cards::Card;
use crate::holdem::action::{
    Action, ActionError, Event, Phase, SetupError, SplitRule, Status, Street,
};
use crate::holdem::pots::{Chips, SplitError};
use crate::holdem::seats::MAX_SEATS;
use crate::holdem::table::Table;

/// Extra decimal places a replay may add to split a decimal pot exactly.
const EXTRA_DIGITS: u32 = 3;

/// A replayed hand: the finished table, and the record it came from (at
/// the scale the replay needed: a decimal pot split exactly may need more
/// places than the history wrote).
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The hand as played out.
    pub table: Table,
    /// The record, at the scale of `table`.
    pub record: HandRecord,
}

impl Replayed {
    /// The stacks at the end, per player, before the rake (what the
    /// reference implementation gives).
    pub fn finishing_stacks(&self) -> Vec<Chips> {
        self.table.state().stacks().to_vec()
    }

    /// The stacks at the end as the history writes amounts.
    pub fn finishing_text(&self) -> Vec<String> {
        let u = self.record.units;
        self.finishing_stacks()
            .iter()
            .map(|&x| u.format(x))
            .collect()
    }

    /// What each player won from the pots, before the rake.
    pub fn awards(&self) -> Vec<Chips> {
        awards(&self.table)
    }

    /// What each player collected: the history's amounts (after the
    /// rake) when it gives them, else the pots won.
    pub fn collected(&self) -> Vec<Chips> {
        self.record
            .winnings
            .clone()
            .unwrap_or_else(|| self.awards())
    }

    /// The stacks at the end after the rake: what the room's players kept.
    pub fn final_stacks(&self) -> Vec<Chips> {
        let won = self.awards();
        let got = self.collected();
        self.finishing_stacks()
            .iter()
            .zip(won.iter().zip(&got))
            .map(|(&s, (&w, &g))| s - w + g)
            .collect()
    }
}

/// What each player won from the pots of a finished table.
fn awards(table: &Table) -> Vec<Chips> {
    let st = table.state();
    let mut won = vec![0; st.seats()];
    for e in st.log() {
        if let Event::PotAwarded { seat, amount, .. } | Event::RunAwarded { seat, amount, .. } = e {
            won[*seat] += amount;
        }
    }
    won
}

/// Replays a hand to the end, exactly as the reference implementation
/// would, or says why not. A hand written with decimals has its pots
/// split exactly, as the reference splits them; when the history says
/// what each player collected (or kept) and that disagrees, the room's
/// rule is tried instead: shares in the smallest unit written, the odd
/// ones to the first winner left of the button. What the history says
/// the players collected and kept must agree with the replay.
pub fn replay(record: &HandRecord) -> Result<Replayed, HistoryError> {
    let told = record.winnings.is_some() || record.finishing_stacks.is_some();
    let first = replay_as_reference(record).and_then(check);
    match first {
        Err(e) if told => {
            // The rooms' rules: the odd chip (or cent) to the first
            // winner, or one each to the first winners.
            [SplitRule::OddChipsToFirst, SplitRule::OddChipsEach]
                .into_iter()
                .find_map(|rule| {
                    let table = replay_once(record, None, rule).ok()?;
                    check(Replayed {
                        table,
                        record: record.clone(),
                    })
                    .ok()
                })
                .ok_or(e)
        }
        other => other,
    }
}

/// The replay with the reference's split: exact shares of decimal pots,
/// at as many more places as they need.
fn replay_as_reference(record: &HandRecord) -> Result<Replayed, HistoryError> {
    let mut r = record.clone();
    loop {
        match replay_once(&r, None, split_rule(r.units)) {
            Err(Retry::Finer(e)) => match r.finer() {
                Some(f) if r.units.digits < record.units.digits + EXTRA_DIGITS => r = f,
                _ => return Err(e),
            },
            Err(Retry::No(e)) => return Err(e),
            Ok(table) => return Ok(Replayed { table, record: r }),
        }
    }
}

/// Checks a replay against what the history says each player collected
/// (after the rake) and kept.
fn check(replayed: Replayed) -> Result<Replayed, HistoryError> {
    let r = &replayed.record;
    let u = r.units;
    let k = r.players();
    let won = replayed.awards();
    let text = |v: &[Chips]| {
        v.iter()
            .map(|&x| u.format(x))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(got) = &r.winnings {
        let paid: Chips = won.iter().sum();
        let kept: Chips = got.iter().sum();
        let fee = paid.checked_sub(kept);
        let fits = got.len() == k
            && fee.is_some_and(|fee| r.rake.is_none_or(|rake| rake == fee))
            && got.iter().zip(&won).all(|(&g, &w)| {
                g <= w
                    && (g > 0 || w == 0 || fee.is_some_and(|f| f > 0))
                    && (fee != Some(0) || g == w)
            });
        if !fits {
            let rake = r.rake.map_or(String::new(), |x| {
                format!(" with a rake of {}", u.format(x))
            });
            return Err(HistoryError::Accounts(format!(
                "the history says the players collected [{}]{rake}, the replay pays [{}]",
                text(got),
                text(&won)
            )));
        }
    }
    if let Some(written) = &r.finishing_stacks
        && *written != replayed.final_stacks()
    {
        return Err(HistoryError::Finishing {
            written: written.iter().map(|&x| u.format(x)).collect(),
            replayed: replayed
                .final_stacks()
                .iter()
                .map(|&x| u.format(x))
                .collect(),
        });
    }
    Ok(replayed)
}

/// Every state of a hand: once its hole cards are dealt, then after each
/// later action, stopping at the first action that does not replay.
pub fn states(record: &HandRecord) -> (Vec<Table>, Option<HistoryError>) {
    let mut out = Vec::new();
    match replay_once(record, Some(&mut out), split_rule(record.units)) {
        Ok(_) => (out, None),
        Err(Retry::Finer(e) | Retry::No(e)) => (out, Some(e)),
    }
}

enum Retry {
    Finer(HistoryError),
    No(HistoryError),
}

/// Why an action did not apply.
pub(crate) enum Applied {
    /// A decimal pot needs a finer scale.
    Split(ActionError),
    /// The action does not fit the hand here.
    Refused(String),
}

/// Applies one action after the hole cards.
pub(crate) fn apply(table: &mut Table, a: &Act, k: usize) -> Result<(), Applied> {
    let refused = |e: ActionError| match e {
        ActionError::Split(_) => Applied::Split(e),
        e => Applied::Refused(e.to_string()),
    };
    let player = |p: &Player| {
        if *p < k {
            Ok(*p)
        } else {
            Err(Applied::Refused(format!("no player p{}", p + 1)))
        }
    };
    match a {
        Act::Hole(..) => Err(Applied::Refused(
            "hole cards dealt after the betting began".into(),
        )),
        Act::Board(cards) => {
            let known: Option<Vec<Card>> = cards.iter().copied().collect();
            let known = known.ok_or_else(|| Applied::Refused("unknown board cards".into()))?;
            if let Some(s) = table.state().to_act() {
                return Err(Applied::Refused(format!(
                    "board dealt while p{} is to act",
                    s + 1
                )));
            }
            table.deal_board(&known).map(drop).map_err(refused)
        }
        Act::Fold(p)
            if table.state().to_act() != Some(*p)
                && table.state().statuses().get(*p) == Some(&Status::AllIn) =>
        {
            // A player all in whose hand the room folds (sitting out).
            table.forfeit(*p).map(drop).map_err(refused)
        }
        Act::Fold(p) | Act::CheckCall(p) | Act::BetRaise(p, _) => {
            let seat = player(p)?;
            let st = table.state();
            match st.to_act() {
                Some(s) if s == seat => {}
                Some(s) => return Err(Applied::Refused(format!("p{} is to act", s + 1))),
                None => {
                    let why = match st.phase() {
                        Phase::Dealing => "the board is to be dealt first",
                        Phase::Showdown => "the showdown comes first",
                        _ => "the hand is over",
                    };
                    return Err(Applied::Refused(why.into()));
                }
            }
            let action = match a {
                Act::Fold(_) => Action::Fold,
                Act::BetRaise(_, x) => Action::RaiseTo(*x),
                _ => match st.legal() {
                    Some(l) if l.to_call > 0 => Action::Call,
                    _ => Action::Check,
                },
            };
            table.act(seat, action).map(drop).map_err(refused)
        }
        // Showing unknown cards is going on without showing.
        Act::Show(p, cards) if !cards.is_empty() && cards.iter().all(Option::is_none) => {
            let seat = player(p)?;
            table.pass_showdown(seat).map(drop).map_err(refused)
        }
        Act::Show(p, cards) => {
            let seat = player(p)?;
            let shown = match cards.as_slice() {
                [] => None,
                [Some(a), Some(b)] => Some([*a, *b]),
                _ => {
                    return Err(Applied::Refused(
                        "a show of other than two known cards".into(),
                    ));
                }
            };
            table.show(seat, shown).map(drop).map_err(refused)
        }
        Act::Muck(p) => {
            let seat = player(p)?;
            table.muck(seat).map(drop).map_err(refused)
        }
    }
}

/// One step the reference takes when an action does not apply: the
/// player to act checks when that is free, else folds; or a player at the
/// showdown goes on without showing. False when there is no such step.
fn repair(table: &mut Table) -> bool {
    let st = table.state();
    if let (Some(seat), Some(legal)) = (st.to_act(), st.legal()) {
        let a = if legal.to_call == 0 {
            Action::Check
        } else {
            Action::Fold
        };
        return table.act(seat, a).is_ok();
    }
    if st.phase() == Phase::Showdown
        && let Some(&seat) = st.to_show().first()
    {
        return table.pass_showdown(seat).is_ok();
    }
    false
}

/// How the reference splits a pot between tied winners at this scale:
/// whole chips with the odd ones to the first winner, decimal amounts
/// exactly.
pub fn split_rule(units: Units) -> SplitRule {
    match units.decimals {
        Decimals::None => SplitRule::OddChipsToFirst,
        d => SplitRule::Exact {
            unit: units.unit(),
            all_decimal: d == Decimals::All,
        },
    }
}

/// The known hole cards of each player, from the actions before the
/// betting; and where the betting begins.
/// Each player's hole cards, when known.
type Holes = Vec<Option<[Card; 2]>>;

fn holes(r: &HandRecord) -> Result<(Holes, usize), (usize, String)> {
    let k = r.players();
    let mut holes: Vec<Vec<Option<Card>>> = vec![Vec::new(); k];
    let mut first = r.actions.len();
    for (i, (a, _)) in r.actions.iter().enumerate() {
        match a {
            Act::Hole(p, cards) => {
                let h = holes
                    .get_mut(*p)
                    .ok_or_else(|| (i, format!("no player p{}", p + 1)))?;
                h.extend(cards);
                if h.len() > 2 {
                    return Err((i, format!("more than two hole cards for p{}", p + 1)));
                }
            }
            _ => {
                first = i;
                break;
            }
        }
    }
    let known = holes
        .iter()
        .map(|h| match h.as_slice() {
            [Some(a), Some(b)] => Some([*a, *b]),
            _ => None,
        })
        .collect();
    Ok((known, first))
}

/// A table for the record, its hole cards dealt and the runs told.
pub(crate) fn start(r: &HandRecord, split: SplitRule) -> Result<(Table, usize), HistoryError> {
    let k = r.players();
    if !(2..=MAX_SEATS).contains(&k) {
        return Err(HistoryError::Setup(format!(
            "{k} players: a hand has 2 to {MAX_SEATS}"
        )));
    }
    // Every sum of chips must fit: a hand of more than 2^60 minor units
    // is refused rather than counted wrong.
    let total = r
        .starting_stacks
        .iter()
        .chain(&r.forced.antes)
        .chain(&r.forced.blinds_or_straddles)
        .try_fold(0u64, |a, &x| a.checked_add(x))
        .filter(|&t| t < 1 << 60 && r.forced.min_bet < 1 << 60);
    if total.is_none() {
        return Err(HistoryError::Setup("amounts too large".into()));
    }
    let (known, first) = holes(r).map_err(|(i, why)| HistoryError::Action {
        index: i + 1,
        action: r.actions[i].1.clone(),
        why,
    })?;
    let setup = |e: SetupError| HistoryError::Setup(e.to_string());
    let (mut table, _) =
        Table::replay(&r.starting_stacks, &r.forced, &known, split).map_err(setup)?;
    if r.runs != 1 {
        table
            .run_times(r.runs)
            .map_err(|e| HistoryError::Setup(e.to_string()))?;
    }
    Ok((table, first))
}

/// What is still to come when the actions stop, if anything.
pub(crate) fn pending(table: &Table) -> Option<String> {
    let st = table.state();
    match st.phase() {
        Phase::Over => None,
        Phase::Betting => Some(format!("p{} is to act", st.to_act().map_or(0, |s| s + 1))),
        Phase::Dealing => Some(format!("{} board card(s) are due", st.board_due())),
        Phase::Showdown => {
            let who: Vec<String> = st.to_show().iter().map(|s| format!("p{}", s + 1)).collect();
            Some(format!("{} neither show nor muck", who.join(", ")))
        }
    }
}

/// Out of actions at the river showdown: the reference lets the players
/// still to show go on without showing.
pub(crate) fn pass_the_rest(table: &mut Table) {
    while table.state().phase() == Phase::Showdown && table.state().street() == Street::River {
        let Some(&seat) = table.state().to_show().first() else {
            break;
        };
        if table.pass_showdown(seat).is_err() {
            break;
        }
    }
}

fn replay_once(
    r: &HandRecord,
    mut trail: Option<&mut Vec<Table>>,
    split: SplitRule,
) -> Result<Table, Retry> {
    let k = r.players();
    let bad = |index: usize, why: String| {
        Retry::No(HistoryError::Action {
            index: index + 1,
            action: r
                .actions
                .get(index)
                .map(|a| a.1.clone())
                .unwrap_or_default(),
            why,
        })
    };
    let (mut table, first) = start(r, split).map_err(Retry::No)?;
    if let Some(t) = trail.as_deref_mut() {
        t.push(table.clone());
    }
    let action_error = |i: usize, e: ActionError| match e {
        ActionError::Split(SplitError::Finer { .. }) => Retry::Finer(HistoryError::Action {
            index: i + 1,
            action: r.actions[i].1.clone(),
            why: e.to_string(),
        }),
        e => bad(i, e.to_string()),
    };
    let action_error = |i: usize, e: Applied| match e {
        Applied::Split(e) => action_error(i, e),
        Applied::Refused(why) => bad(i, why),
    };
    for (i, (a, _)) in r.actions.iter().enumerate().skip(first) {
        // As the reference replays a history: an action that does not
        // apply is tried again after the player to act checks (when that
        // is free) or folds, or after a player at the showdown goes on
        // without showing; when nothing of that kind is possible the hand
        // is refused.
        let mut first_why = None;
        loop {
            match apply(&mut table, a, k) {
                Ok(()) => break,
                Err(e @ Applied::Split(_)) => return Err(action_error(i, e)),
                Err(Applied::Refused(why)) => {
                    let why = first_why.get_or_insert(why);
                    if matches!(a, Act::Hole(..)) || !repair(&mut table) {
                        return Err(bad(i, why.clone()));
                    }
                }
            }
        }
        if let Some(t) = trail.as_deref_mut() {
            t.push(table.clone());
        }
    }
    pass_the_rest(&mut table);
    match pending(&table) {
        Some(why) => Err(Retry::No(HistoryError::Unfinished(why))),
        None => Ok(table),
    }
}
