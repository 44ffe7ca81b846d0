//! PHH hand histories (the Poker Hand History standard, TOML): writing a
//! finished hand exactly as rules/holdem.md shows, and reading back the
//! subset we write into a replayed hand.
//!
//! Players are listed in position order: p1 is the first player left of
//! the button, the last is the button (heads-up: p1 the big blind, p2 the
//! button and small blind).

use std::fmt::Write;

use super::pots::Chips;
use super::table::{Action, Blinds, Event, Move, Table, stacked_deck};
use crate::cards::{Card, parse_cards};
use crate::game::{Game, Seat};

/// Why a PHH file could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhhError {
    /// A line or a value that is not in our PHH subset.
    #[error("PHH: {0}")]
    Syntax(String),
    /// A required field is missing.
    #[error("PHH: missing field '{0}'")]
    Missing(&'static str),
    /// The actions do not replay on the table.
    #[error("PHH: action {index} '{action}': {why}")]
    Replay {
        /// Which action (0-based).
        index: usize,
        /// Its text.
        action: String,
        /// What went wrong.
        why: String,
    },
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect()
}

fn list<T: ToString>(items: &[T]) -> String {
    let parts: Vec<String> = items.iter().map(ToString::to_string).collect();
    format!("[{}]", parts.join(", "))
}

/// The PHH text of a finished hand (or of the hand so far).
pub fn write(table: &Table) -> String {
    let state = table.state();
    let players = state.players();
    let p = |seat: Seat| players.iter().position(|&s| s == seat).map_or(0, |i| i + 1);
    let (sb, bb) = state.blind_seats();
    let blinds = state.blinds();
    let forced: Vec<Chips> = players
        .iter()
        .map(|&s| match s {
            s if s == sb => blinds.small,
            s if s == bb => blinds.big,
            _ => 0,
        })
        .collect();
    let starting: Vec<Chips> = players
        .iter()
        .map(|&s| state.starting_stacks()[s])
        .collect();
    let mut actions = Vec::new();
    for e in state.log() {
        match e {
            Event::HoleDealt { seat, cards } => {
                let c = cards
                    .or(state.hole(*seat))
                    .map_or("????".into(), |c| cards_text(&c));
                actions.push(format!("d dh p{} {c}", p(*seat)));
            }
            Event::Acted { seat, action, .. } => {
                let what = match action {
                    Move::Fold => "f".to_string(),
                    Move::Check | Move::Call(_) => "cc".to_string(),
                    Move::Bet(to) | Move::Raise(to) => format!("cbr {to}"),
                };
                actions.push(format!("p{} {what}", p(*seat)));
            }
            Event::StreetDealt { cards, .. } => actions.push(format!("d db {}", cards_text(cards))),
            Event::Showed { seat, cards, .. } => {
                actions.push(format!("p{} sm {}", p(*seat), cards_text(cards)));
            }
            Event::Mucked { seat } => actions.push(format!("p{} sm", p(*seat))),
            _ => {}
        }
    }
    let finishing: Vec<Chips> = players.iter().map(|&s| state.stacks()[s]).collect();
    let quoted: Vec<String> = actions.iter().map(|a| format!("'{a}'")).collect();
    let mut out = String::new();
    let _ = writeln!(out, "variant = 'NT'");
    let _ = writeln!(out, "antes = {}", list(&vec![0; players.len()]));
    let _ = writeln!(out, "blinds_or_straddles = {}", list(&forced));
    let _ = writeln!(out, "min_bet = {}", blinds.big);
    let _ = writeln!(out, "starting_stacks = {}", list(&starting));
    let _ = writeln!(out, "actions = [{}]", quoted.join(", "));
    let _ = writeln!(out, "finishing_stacks = {}", list(&finishing));
    out
}

/// A PHH file read back: the fields we write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Blinds per player, in position order.
    pub blinds_or_straddles: Vec<Chips>,
    /// The smallest bet.
    pub min_bet: Chips,
    /// Stacks per player at the start.
    pub starting_stacks: Vec<Chips>,
    /// The action strings.
    pub actions: Vec<String>,
    /// Stacks per player at the end.
    pub finishing_stacks: Vec<Chips>,
}

/// Reads our PHH subset: `key = value` lines whose values are quoted
/// strings, integers or arrays of them (arrays may span lines).
pub fn read(text: &str) -> Result<Record, PhhError> {
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut pending: Option<(String, String)> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some((key, mut value)) = pending.take() {
            value.push(' ');
            value.push_str(line);
            if value.trim_end().ends_with(']') {
                fields.push((key, value));
            } else {
                pending = Some((key, value));
            }
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| PhhError::Syntax(format!("not 'key = value': {line}")))?;
        let (key, value) = (key.trim().to_string(), value.trim().to_string());
        if value.starts_with('[') && !value.ends_with(']') {
            pending = Some((key, value));
        } else {
            fields.push((key, value));
        }
    }
    if let Some((key, _)) = pending {
        return Err(PhhError::Syntax(format!("unterminated array '{key}'")));
    }
    let get = |name: &'static str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .ok_or(PhhError::Missing(name))
    };
    if unquote(get("variant")?)? != "NT" {
        return Err(PhhError::Syntax("only variant 'NT' is supported".into()));
    }
    let record = Record {
        blinds_or_straddles: numbers(get("blinds_or_straddles")?)?,
        min_bet: number(get("min_bet")?)?,
        starting_stacks: numbers(get("starting_stacks")?)?,
        actions: items(get("actions")?)?
            .iter()
            .map(|s| unquote(s))
            .collect::<Result<_, _>>()?,
        finishing_stacks: numbers(get("finishing_stacks")?)?,
    };
    let k = record.starting_stacks.len();
    if record.blinds_or_straddles.len() != k || record.finishing_stacks.len() != k {
        return Err(PhhError::Syntax(
            "per-player arrays differ in length".into(),
        ));
    }
    Ok(record)
}

fn number(s: &str) -> Result<Chips, PhhError> {
    s.trim()
        .parse()
        .map_err(|_| PhhError::Syntax(format!("not a chip count: {s}")))
}

fn unquote(s: &str) -> Result<String, PhhError> {
    let s = s.trim();
    let inner = s
        .strip_prefix('\'')
        .and_then(|r| r.strip_suffix('\''))
        .or_else(|| s.strip_prefix('"').and_then(|r| r.strip_suffix('"')));
    inner
        .map(str::to_string)
        .ok_or_else(|| PhhError::Syntax(format!("not a quoted string: {s}")))
}

fn items(s: &str) -> Result<Vec<String>, PhhError> {
    let inner = s
        .trim()
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or_else(|| PhhError::Syntax(format!("not an array: {s}")))?;
    Ok(inner
        .split(',')
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect())
}

fn numbers(s: &str) -> Result<Vec<Chips>, PhhError> {
    items(s)?.iter().map(|x| number(x)).collect()
}

/// Replays a record on a table: player i sits in seat i, the button is
/// the last player. Returns the finished (or interrupted) hand.
pub fn replay(record: &Record) -> Result<Table, PhhError> {
    let k = record.starting_stacks.len();
    let bad = |index: usize, why: String| PhhError::Replay {
        index,
        action: record.actions.get(index).cloned().unwrap_or_default(),
        why,
    };
    let player = |index: usize, tok: &str| -> Result<Seat, PhhError> {
        tok.strip_prefix('p')
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| (1..=k).contains(&n))
            .map(|n| n - 1)
            .ok_or_else(|| bad(index, format!("no player '{tok}'")))
    };
    let (small, big) = match record.blinds_or_straddles.as_slice() {
        [bb, sb] => (*sb, *bb),
        [sb, bb, ..] => (*sb, *bb),
        _ => return Err(PhhError::Syntax("fewer than two players".into())),
    };
    let mut holes: Vec<Option<Vec<Card>>> = vec![None; k];
    let mut board: Vec<Card> = Vec::new();
    for (i, a) in record.actions.iter().enumerate() {
        let t: Vec<&str> = a.split_whitespace().collect();
        let cards = |s: &str| parse_cards(s).map_err(|e| bad(i, e.to_string()));
        match t.as_slice() {
            ["d", "dh", p, c] => holes[player(i, p)?] = Some(cards(c)?),
            ["d", "db", c] => board.extend(cards(c)?),
            _ => {}
        }
    }
    let mut known = Vec::with_capacity(2 * k + 5);
    for (i, h) in holes.iter().enumerate() {
        match h.as_deref() {
            Some(&[a, b]) => known.extend([a, b]),
            _ => {
                return Err(PhhError::Syntax(format!(
                    "no two hole cards for p{}",
                    i + 1
                )));
            }
        }
    }
    known.extend(&board);
    let blinds = Blinds { small, big };
    let (mut table, _) = Table::new(
        &record.starting_stacks,
        k - 1,
        blinds,
        &stacked_deck(&known),
    )
    .map_err(|e| PhhError::Syntax(e.to_string()))?;
    for (i, a) in record.actions.iter().enumerate() {
        let t: Vec<&str> = a.split_whitespace().collect();
        let action = match t.as_slice() {
            ["d", ..] => continue,
            [p, "sm", ..] => {
                player(i, p)?;
                continue;
            }
            [p, verb, rest @ ..] => {
                let seat = player(i, p)?;
                let action = match (*verb, rest) {
                    ("f", []) => Action::Fold,
                    ("cc", []) => match table.state().legal() {
                        Some(l) if l.to_call > 0 => Action::Call,
                        _ => Action::Check,
                    },
                    ("cbr", [x]) => Action::RaiseTo(number(x).map_err(|e| bad(i, e.to_string()))?),
                    _ => return Err(bad(i, "not an action we write".into())),
                };
                (seat, action)
            }
            _ => return Err(bad(i, "not an action we write".into())),
        };
        table
            .act(action.0, action.1)
            .map_err(|e| bad(i, e.to_string()))?;
    }
    if table.to_act().is_some() {
        return Err(PhhError::Syntax(
            "the actions stop before the hand ends".into(),
        ));
    }
    Ok(table)
}

/// The finishing stacks of a replayed hand, in PHH player order.
pub fn finishing_stacks(table: &Table) -> Vec<Chips> {
    let state = table.state();
    state.players().iter().map(|&s| state.stacks()[s]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::table::Action::{Call, Check, Fold, RaiseTo};

    /// The example hand of rules/holdem.md, played on the table.
    #[test]
    fn writes_the_rules_example_exactly() {
        let known = parse_cards("AcAd QcQd KcKd 2c7d9h Js 4c").expect("cards");
        // Three players: seat 2 is the button (p3), seats 0 and 1 the blinds.
        let (mut t, _) = Table::new(
            &[1000, 1000, 1000],
            2,
            Blinds { small: 5, big: 10 },
            &stacked_deck(&known),
        )
        .expect("valid");
        for (seat, a) in [
            (2, RaiseTo(30)),
            (0, Call),
            (1, Fold),
            (0, Check),
            (2, RaiseTo(60)),
            (0, Call),
            (0, Check),
            (2, Check),
            (0, Check),
            (2, Check),
        ] {
            t.act(seat, a).expect("legal");
        }
        let expected = "variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AcAd', 'd dh p2 QcQd', 'd dh p3 KcKd', 'p3 cbr 30', 'p1 cc', 'p2 f', 'd db 2c7d9h', 'p1 cc', 'p3 cbr 60', 'p1 cc', 'd db Js', 'p1 cc', 'p3 cc', 'd db 4c', 'p1 cc', 'p3 cc', 'p3 sm KcKd', 'p1 sm AcAd']
finishing_stacks = [1100, 990, 910]
";
        assert_eq!(write(&t), expected);
        let back = replay(&read(expected).expect("reads")).expect("replays");
        assert_eq!(finishing_stacks(&back), vec![1100, 990, 910]);
    }

    #[test]
    fn reads_the_rules_layout_with_wrapped_arrays() {
        let text = "variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AcAd', 'd dh p2 QcQd', 'd dh p3 KcKd', 'p3 cbr 30',
           'p1 cc', 'p2 f', 'd db 2c7d9h', 'p1 cc', 'p3 cbr 60', 'p1 cc',
           'd db Js', 'p1 cc', 'p3 cc', 'd db 4c', 'p1 cc', 'p3 cc',
           'p3 sm KcKd', 'p1 sm AcAd']
finishing_stacks = [1100, 990, 910]
";
        let r = read(text).expect("reads");
        assert_eq!(r.actions.len(), 18);
        let t = replay(&r).expect("replays");
        assert_eq!(finishing_stacks(&t), r.finishing_stacks);
    }

    #[test]
    fn bad_files_are_errors() {
        assert_eq!(
            read("variant = 'NT'\n"),
            Err(PhhError::Missing("blinds_or_straddles"))
        );
        assert!(matches!(read("nonsense"), Err(PhhError::Syntax(_))));
        let bad = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [10, 5]\nmin_bet = 10\nstarting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p1 cc']\nfinishing_stacks = [100, 100]\n";
        let r = read(bad).expect("reads");
        assert!(matches!(replay(&r), Err(PhhError::Replay { index: 2, .. })));
    }
}
