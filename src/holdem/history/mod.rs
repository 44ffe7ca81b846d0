//! Hand histories in a form that belongs to no file format: a
//! [`HandRecord`] (forced bets, stacks and actions in minor units, with the
//! scale they were written in), read from and written to PHH
//! ([`crate::holdem::phh`]) and PokerStars text
//! ([`crate::holdem::pokerstars`]); replayed on the table to exactly the
//! stacks the reference implementation gives, or refused with the reason
//! ([`replay`]); stepped through action by action ([`steps`]); added up
//! into player statistics ([`stats`]); and found on disk ([`files`]).

pub mod amount;
pub mod files;
pub mod stats;
pub mod steps;

use amount::{Decimals, Units};

use super::pots::Chips;
use super::table::{
    Action, ActionError, Event, Forced, Move, Phase, SetupError, SplitRule, Street, Table,
};
use crate::cards::Card;
use crate::game::Seat;
use crate::holdem::pots::SplitError;

/// Each hand of a file: its label (a `.phhs` table name, a PokerStars
/// hand number) and the hand or why it could not be read.
pub type Hands = Vec<(String, Result<HandRecord, HistoryError>)>;

/// Player `i` of a record is PHH's `p{i+1}`: in position order, the first
/// left of the button first, the button last.
pub type Player = usize;

/// One action of a hand history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    /// Hole cards dealt (`None` where unknown).
    Hole(Player, Vec<Option<Card>>),
    /// Board cards dealt.
    Board(Vec<Option<Card>>),
    /// Folds.
    Fold(Player),
    /// Checks or calls.
    CheckCall(Player),
    /// Bets or raises to this street total.
    BetRaise(Player, Chips),
    /// Shows these cards (empty: the cards dealt).
    Show(Player, Vec<Option<Card>>),
    /// Mucks.
    Muck(Player),
}

/// What a record says beyond the cards and chips: names and places.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Info {
    /// Player names, in player order.
    pub players: Option<Vec<String>>,
    /// Seat numbers at the table, in player order.
    pub seats: Option<Vec<u32>>,
    /// Seats at the table.
    pub seat_count: Option<u32>,
    /// The hand's name or number.
    pub hand: Option<String>,
    /// The table's name.
    pub table: Option<String>,
    /// Where it was played.
    pub venue: Option<String>,
    /// The currency symbol of the amounts.
    pub currency_symbol: Option<String>,
    /// The date, `(year, month, day)`.
    pub date: Option<(i64, i64, i64)>,
    /// The time of day, `HH:MM:SS`.
    pub time: Option<String>,
}

/// A hand history: everything needed to replay one hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRecord {
    /// The forced bets (blind order, as PHH writes them).
    pub forced: Forced,
    /// Stacks at the start, per player.
    pub starting_stacks: Vec<Chips>,
    /// The actions, each with its text as PHH writes it (for messages).
    pub actions: Vec<(Act, String)>,
    /// Stacks at the end, when the history gives them.
    pub finishing_stacks: Option<Vec<Chips>>,
    /// The scale of the amounts.
    pub units: Units,
    /// Names and places.
    pub info: Info,
}

/// Why a hand could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// Not a history we can read: the text says why.
    #[error("{0}")]
    Format(String),
    /// A variant other than no-limit Texas hold'em.
    #[error("variant '{code}' ({name}) is not supported: only 'NT' (no-limit Texas hold'em)")]
    Variant {
        /// The PHH code.
        code: String,
        /// Its name.
        name: &'static str,
    },
    /// The hand cannot start.
    #[error("cannot start the hand: {0}")]
    Setup(String),
    /// An action that does not replay.
    #[error("action {index} '{action}': {why}")]
    Action {
        /// Which action (1-based).
        index: usize,
        /// Its text.
        action: String,
        /// What went wrong.
        why: String,
    },
    /// The actions stop before the hand is over.
    #[error("the actions stop before the hand is over: {0}")]
    Unfinished(String),
    /// The replay ends with other stacks than the history says.
    #[error("finishing_stacks [{}] disagree with the replay [{}]", written.join(", "), replayed.join(", "))]
    Finishing {
        /// What the history says.
        written: Vec<String>,
        /// What the replay gives.
        replayed: Vec<String>,
    },
}

/// The PHH variant codes the reference knows, with their names.
pub const VARIANTS: [(&str, &str); 11] = [
    ("FT", "fixed-limit Texas hold'em"),
    ("NT", "no-limit Texas hold'em"),
    ("NS", "no-limit short-deck hold'em"),
    ("PO", "pot-limit Omaha hold'em"),
    ("FO/8", "fixed-limit Omaha hold'em high/low"),
    ("F7S", "fixed-limit seven-card stud"),
    ("F7S/8", "fixed-limit seven-card stud high/low"),
    ("FR", "fixed-limit razz"),
    ("N2L1D", "no-limit deuce-to-seven single draw"),
    ("F2L3D", "fixed-limit deuce-to-seven triple draw"),
    ("FB", "fixed-limit badugi"),
];

/// Checks that `code` is `NT`, else names the variant in the error.
pub fn check_variant(code: &str) -> Result<(), HistoryError> {
    if code == "NT" {
        return Ok(());
    }
    let name = VARIANTS
        .iter()
        .find(|(c, _)| *c == code)
        .map_or("unknown", |(_, n)| n);
    Err(HistoryError::Variant {
        code: code.to_string(),
        name,
    })
}

/// Extra decimal places a replay may add to split a decimal pot exactly.
const EXTRA_DIGITS: u32 = 3;

impl HandRecord {
    /// Number of players.
    pub fn players(&self) -> usize {
        self.starting_stacks.len()
    }

    /// The player's name: from the history, or `p1`, `p2`, ...
    pub fn name(&self, p: Player) -> String {
        self.info
            .players
            .as_ref()
            .and_then(|v| v.get(p).cloned())
            .unwrap_or_else(|| format!("p{}", p + 1))
    }

    /// The same hand with one more decimal place.
    fn finer(&self) -> Option<HandRecord> {
        let m = |x: Chips| x.checked_mul(10);
        let all = |v: &[Chips]| v.iter().map(|&x| m(x)).collect::<Option<Vec<_>>>();
        let mut r = self.clone();
        r.forced.antes = all(&self.forced.antes)?;
        r.forced.blinds_or_straddles = all(&self.forced.blinds_or_straddles)?;
        r.forced.min_bet = m(self.forced.min_bet)?;
        r.starting_stacks = all(&self.starting_stacks)?;
        if let Some(f) = &self.finishing_stacks {
            r.finishing_stacks = Some(all(f)?);
        }
        for (a, _) in &mut r.actions {
            if let Act::BetRaise(_, x) = a {
                *x = m(*x)?;
            }
        }
        r.units.digits += 1;
        Some(r)
    }

    /// The record of a hand played (or being played) on a table, in whole
    /// chips unless `units` says otherwise, with each player's seat number
    /// (from 1) at a table of its seats.
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
                Event::StreetDealt { cards, .. } => {
                    Act::Board(cards.iter().map(|&c| Some(c)).collect())
                }
                Event::Showed { seat, cards, .. } => {
                    Act::Show(p(*seat), cards.iter().map(|&c| Some(c)).collect())
                }
                Event::Mucked { seat } => Act::Muck(p(*seat)),
                _ => continue,
            };
            let text = act_text(&act, units);
            actions.push((act, text));
        }
        let finishing = (state.phase() == Phase::Over)
            .then(|| players.iter().map(|&s| state.stacks()[s]).collect());
        HandRecord {
            forced,
            starting_stacks: players
                .iter()
                .map(|&s| state.starting_stacks()[s])
                .collect(),
            actions,
            finishing_stacks: finishing,
            units,
            info: Info {
                seats: Some(players.iter().map(|&s| s as u32 + 1).collect()),
                seat_count: Some(state.seats() as u32),
                ..Info::default()
            },
        }
    }
}

fn cards_text(cards: &[Option<Card>]) -> String {
    cards
        .iter()
        .map(|c| c.map_or("??".to_string(), |c| c.to_string()))
        .collect()
}

/// An action as PHH writes it.
pub fn act_text(act: &Act, units: Units) -> String {
    match act {
        Act::Hole(p, c) => format!("d dh p{} {}", p + 1, cards_text(c)),
        Act::Board(c) => format!("d db {}", cards_text(c)),
        Act::Fold(p) => format!("p{} f", p + 1),
        Act::CheckCall(p) => format!("p{} cc", p + 1),
        Act::BetRaise(p, x) => format!("p{} cbr {}", p + 1, units.format(*x)),
        Act::Show(p, c) if c.is_empty() => format!("p{} sm -", p + 1),
        Act::Show(p, c) => format!("p{} sm {}", p + 1, cards_text(c)),
        Act::Muck(p) => format!("p{} sm", p + 1),
    }
}

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
    /// The stacks at the end, per player.
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
}

/// Replays a hand to the end, exactly as the reference implementation
/// would, or says why not. With `finishing_stacks` in the history they
/// must agree.
pub fn replay(record: &HandRecord) -> Result<Replayed, HistoryError> {
    let mut r = record.clone();
    for _ in 0..=EXTRA_DIGITS {
        match replay_once(&r, None) {
            Err(Retry::Finer(e)) => match r.finer() {
                Some(f) if r.units.digits < record.units.digits + EXTRA_DIGITS => r = f,
                _ => return Err(e),
            },
            Err(Retry::No(e)) => return Err(e),
            Ok(table) => {
                let replayed = Replayed { table, record: r };
                if let Some(written) = &replayed.record.finishing_stacks
                    && *written != replayed.finishing_stacks()
                {
                    let u = replayed.record.units;
                    return Err(HistoryError::Finishing {
                        written: written.iter().map(|&x| u.format(x)).collect(),
                        replayed: replayed.finishing_text(),
                    });
                }
                return Ok(replayed);
            }
        }
    }
    Err(HistoryError::Unfinished("no exact split".into()))
}

/// Every state of a hand: once its hole cards are dealt, then after each
/// later action, stopping at the first action that does not replay.
pub fn states(record: &HandRecord) -> (Vec<Table>, Option<HistoryError>) {
    let mut out = Vec::new();
    match replay_once(record, Some(&mut out)) {
        Ok(_) => (out, None),
        Err(Retry::Finer(e) | Retry::No(e)) => (out, Some(e)),
    }
}

enum Retry {
    Finer(HistoryError),
    No(HistoryError),
}

/// Why an action did not apply.
enum Applied {
    /// A decimal pot needs a finer scale.
    Split(ActionError),
    /// The action does not fit the hand here.
    Refused(String),
}

/// Applies one action after the hole cards.
fn apply(table: &mut Table, a: &Act, k: usize) -> Result<(), Applied> {
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

fn split_rule(units: Units) -> SplitRule {
    match units.decimals {
        Decimals::None => SplitRule::OddChipsToFirst,
        d => SplitRule::Exact {
            unit: units.unit(),
            all_decimal: d == Decimals::All,
        },
    }
}

fn replay_once(r: &HandRecord, mut trail: Option<&mut Vec<Table>>) -> Result<Table, Retry> {
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
    if !(2..=super::table::MAX_SEATS).contains(&k) {
        return Err(Retry::No(HistoryError::Setup(format!(
            "{k} players: a hand has 2 to {}",
            super::table::MAX_SEATS
        ))));
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
        return Err(Retry::No(HistoryError::Setup("amounts too large".into())));
    }
    // Hole cards come first, before any other action.
    let mut holes: Vec<Vec<Option<Card>>> = vec![Vec::new(); k];
    let mut first = r.actions.len();
    for (i, (a, _)) in r.actions.iter().enumerate() {
        match a {
            Act::Hole(p, cards) => {
                let h = holes
                    .get_mut(*p)
                    .ok_or_else(|| bad(i, format!("no player p{}", p + 1)))?;
                h.extend(cards);
                if h.len() > 2 {
                    return Err(bad(i, format!("more than two hole cards for p{}", p + 1)));
                }
            }
            _ => {
                first = i;
                break;
            }
        }
    }
    let known: Vec<Option<[Card; 2]>> = holes
        .iter()
        .map(|h| match h.as_slice() {
            [Some(a), Some(b)] => Some([*a, *b]),
            _ => None,
        })
        .collect();
    let setup = |e: SetupError| Retry::No(HistoryError::Setup(e.to_string()));
    let (mut table, _) =
        Table::replay(&r.starting_stacks, &r.forced, &known, split_rule(r.units)).map_err(setup)?;
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
    // Out of actions at the river showdown: the reference lets the players
    // still to show go on without showing.
    while table.state().phase() == Phase::Showdown && table.state().street() == Street::River {
        let Some(&seat) = table.state().to_show().first() else {
            break;
        };
        if table.pass_showdown(seat).is_err() {
            break;
        }
    }
    let st = table.state();
    let pending = match st.phase() {
        Phase::Over => None,
        Phase::Betting => Some(format!("p{} is to act", st.to_act().map_or(0, |s| s + 1))),
        Phase::Dealing => Some(format!("{} board card(s) are due", st.board_due())),
        Phase::Showdown => {
            let who: Vec<String> = st.to_show().iter().map(|s| format!("p{}", s + 1)).collect();
            Some(format!("{} neither show nor muck", who.join(", ")))
        }
    };
    match pending {
        Some(why) => Err(Retry::No(HistoryError::Unfinished(why))),
        None => Ok(table),
    }
}

/// The formats a history may be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// PHH (`.phh`, or `.phhs` of many hands).
    Phh,
    /// PokerStars hand-history text.
    PokerStars,
}

/// Tells the format by content: PokerStars text has lines beginning with
/// its hand header; anything else is read as PHH.
pub fn detect(text: &str) -> Format {
    let header = |l: &str| {
        let l = l.trim_start_matches('\u{feff}');
        l.starts_with("PokerStars Hand #") || l.starts_with("PokerStars Game #")
    };
    if text.lines().any(header) {
        Format::PokerStars
    } else {
        Format::Phh
    }
}

/// Reads every hand of a text in either format.
pub fn read_any(text: &str) -> Result<Hands, HistoryError> {
    match detect(text) {
        Format::Phh => crate::holdem::phh::read_all(text),
        Format::PokerStars => Ok(crate::holdem::pokerstars::read_all(text)),
    }
}
