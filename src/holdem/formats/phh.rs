//! PHH hand histories (the Poker Hand History standard, TOML), read with
//! a real TOML parser: `.phh` files of one hand and `.phhs` files of many
//! (a table per hand), comments, every field PHH defines for no-limit
//! hold'em, amounts with decimals, `????` for cards never shown. Written
//! as the reference implementation (PokerKit) reads them back: heads-up
//! blinds small first, shown hands before the rest of the board when all
//! are all in.
//!
//! Players are listed in position order: p1 is the first player left of
//! the button, the last is the button (heads-up: p1 the big blind, p2 the
//! button and small blind).
//!
//! Beside PHH's own fields (names, seats, table, hand, date, time and its
//! zone, level, currency, winnings) a record keeps what PHH has no field
//! for in fields of its own, as PHH allows (`_name`): `_hero` (the player
//! number whose hole cards the room showed, 3 for p3), `_rake`,
//! `_tournament` and `_buy_in`, `_play_money`, `_button` (a dead button's
//! seat), `_run_count` for a hand whose board was run twice: the next
//! boards' cards are then dealt after the first board's (PokerKit 0.7.7
//! has no notation for it and refuses such a file rather than replay it
//! wrong), and `_full_blinds` for a room's hand whose big blind was all in
//! for less: the room has the others call the big blind in full, where
//! PokerKit has them call what was posted.

use std::fmt::Write;

use toml::Value;

use crate::cards::{Card, parse_cards};
use crate::holdem::forced::Forced;
use crate::holdem::history::amount::{Amount, Units, units_for};
use crate::holdem::history::{
    Act, HandRecord, Hands, HistoryError, Info, Tournament, act_text, check_variant,
};
use crate::holdem::pots::Chips;
use crate::holdem::seats::MAX_SEATS;
use crate::holdem::table::Table;

fn err(s: impl Into<String>) -> HistoryError {
    HistoryError::Format(s.into())
}

/// The PHH text of a finished hand played on a table (or the hand so far).
pub fn write(table: &Table) -> String {
    write_record(&HandRecord::from_table(table, Units::default()))
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// A TOML string: single-quoted (as PHH files are) when it can be.
fn quoted(s: &str) -> String {
    if s.chars().any(|c| c == '\'' || c.is_control()) {
        Value::String(s.to_string()).to_string()
    } else {
        format!("'{s}'")
    }
}

/// The PHH text of a record.
pub fn write_record(r: &HandRecord) -> String {
    let u = r.units;
    let k = r.players();
    let amounts = |v: &[Chips]| -> String {
        list(
            &(0..k)
                .map(|i| u.format(v.get(i).copied().unwrap_or(0)))
                .collect::<Vec<_>>(),
        )
    };
    let blinds: Vec<String> = (0..k)
        .map(|i| {
            let b = u.format(r.forced.blind(i));
            if r.forced.is_post(i) && r.forced.blind(i) > 0 {
                format!("-{b}")
            } else {
                b
            }
        })
        .collect();
    let actions: Vec<String> = r
        .actions
        .iter()
        .map(|(a, _)| quoted(&act_text(a, u)))
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "variant = 'NT'");
    if r.forced.trim_antes {
        let _ = writeln!(out, "ante_trimming_status = true");
    }
    let _ = writeln!(out, "antes = {}", amounts(&r.forced.antes));
    let _ = writeln!(out, "blinds_or_straddles = {}", list(&blinds));
    let _ = writeln!(out, "min_bet = {}", u.format(r.forced.min_bet));
    let _ = writeln!(out, "starting_stacks = {}", amounts(&r.starting_stacks));
    let _ = writeln!(out, "actions = [{}]", actions.join(", "));
    if let Some(f) = &r.finishing_stacks {
        let _ = writeln!(out, "finishing_stacks = {}", amounts(f));
    }
    if let Some(w) = &r.winnings {
        let _ = writeln!(out, "winnings = {}", amounts(w));
    }
    let i = &r.info;
    if let Some(v) = &i.venue {
        let _ = writeln!(out, "venue = {}", quoted(v));
    }
    if let Some(v) = &i.event {
        let _ = writeln!(out, "event = {}", quoted(v));
    }
    if let Some(v) = &i.table {
        let _ = writeln!(out, "table = {}", quoted(v));
    }
    if let Some(v) = &i.hand {
        let _ = writeln!(out, "hand = {}", quoted(v));
    }
    if let Some(v) = i.level {
        let _ = writeln!(out, "level = {v}");
    }
    if let Some((y, m, d)) = i.date {
        let _ = writeln!(out, "year = {y}\nmonth = {m}\nday = {d}");
    }
    if let Some(t) = i.time.as_deref().and_then(local_time) {
        let _ = writeln!(out, "time = {t}");
    }
    if let Some(v) = &i.time_zone {
        let _ = writeln!(out, "time_zone_abbreviation = {}", quoted(v));
    }
    if let Some(v) = &i.seat_count {
        let _ = writeln!(out, "seat_count = {v}");
    }
    if let Some(v) = &i.seats {
        let s: Vec<String> = v.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "seats = {}", list(&s));
    }
    if let Some(v) = &i.players {
        let s: Vec<String> = v.iter().map(|n| quoted(n)).collect();
        let _ = writeln!(out, "players = {}", list(&s));
    }
    if let Some(v) = &i.currency {
        let _ = writeln!(out, "currency = {}", quoted(v));
    }
    if let Some(v) = &i.currency_symbol {
        let _ = writeln!(out, "currency_symbol = {}", quoted(v));
    }
    if let Some(h) = i.hero {
        let _ = writeln!(out, "_hero = {}", h + 1);
    }
    if let Some(x) = r.rake {
        let _ = writeln!(out, "_rake = {}", u.format(x));
    }
    if let Some(t) = &i.tournament {
        let _ = writeln!(out, "_tournament = {}", quoted(&t.id));
        if let Some(b) = &t.buy_in {
            let _ = writeln!(out, "_buy_in = {}", quoted(b));
        }
    }
    if i.play_money {
        let _ = writeln!(out, "_play_money = true");
    }
    if let Some(b) = i.button {
        let _ = writeln!(out, "_button = {b}");
    }
    if r.runs != 1 {
        let _ = writeln!(out, "_run_count = {}", r.runs);
    }
    if r.forced.full_blinds {
        let _ = writeln!(out, "_full_blinds = true");
    }
    out
}

/// A time of day as TOML writes a local time (`09:05:00`), when it is one.
fn local_time(t: &str) -> Option<String> {
    let parts: Vec<u32> = t
        .split(':')
        .map(|x| x.parse().ok())
        .collect::<Option<_>>()?;
    match parts.as_slice() {
        [h, m, s] if *h < 24 && *m < 60 && *s < 61 => Some(format!("{h:02}:{m:02}:{s:02}")),
        _ => None,
    }
}

/// Several records as one `.phhs` text: a table per hand.
pub fn write_all(records: &[HandRecord]) -> String {
    records
        .iter()
        .enumerate()
        .map(|(i, r)| format!("[{}]\n{}", i + 1, write_record(r)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Reads a PHH text of exactly one hand.
pub fn read(text: &str) -> Result<HandRecord, HistoryError> {
    let mut all = read_all(text)?;
    match all.len() {
        1 => all.remove(0).1,
        n => Err(err(format!("expected one hand, found {n}"))),
    }
}

/// Reads a `.phh` (one hand) or `.phhs` (a table per hand) text: each
/// hand's label (its table name in a `.phhs`) and the hand or why it
/// could not be read. An error here means the text is not TOML at all.
pub fn read_all(text: &str) -> Result<Hands, HistoryError> {
    let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let line = e
            .span()
            .and_then(|s| text.get(..s.start))
            .map(|t| t.lines().count().max(1))
            .unwrap_or(0);
        let msg = e.message().lines().next().unwrap_or("bad TOML").to_string();
        err(format!("not TOML (line {line}): {msg}"))
    })?;
    if doc.contains_key("variant") || doc.is_empty() || !doc.values().all(Value::is_table) {
        return Ok(vec![(String::new(), hand(&doc))]);
    }
    Ok(doc
        .iter()
        .map(|(k, v)| {
            let r = v.as_table().map_or_else(|| Err(err("not a hand")), hand);
            (k.clone(), r)
        })
        .collect())
}

fn amount_of(key: &str, v: &Value) -> Result<Amount, HistoryError> {
    match v {
        Value::Integer(i) => Ok(Amount {
            mantissa: u128::from(i.unsigned_abs()),
            digits: 0,
            decimal: false,
            negative: *i < 0,
        }),
        Value::Float(f) if f.is_finite() => {
            let mut a = Amount::parse(&f.to_string()).map_err(|e| err(format!("{key}: {e}")))?;
            a.decimal = true;
            Ok(a)
        }
        _ => Err(err(format!("{key}: not a number: {v}"))),
    }
}

/// A per-player list (or one number for everyone), cut or padded to `k`.
fn amounts_of(key: &str, v: &Value, k: Option<usize>) -> Result<Vec<Amount>, HistoryError> {
    let zero = Amount {
        mantissa: 0,
        digits: 0,
        decimal: false,
        negative: false,
    };
    let mut out = match v {
        Value::Array(a) => a
            .iter()
            .map(|x| amount_of(key, x))
            .collect::<Result<Vec<_>, _>>()?,
        Value::Integer(_) | Value::Float(_) => {
            let one = amount_of(key, v)?;
            vec![one; k.unwrap_or(1)]
        }
        _ => return Err(err(format!("{key}: not a list of numbers"))),
    };
    if let Some(k) = k {
        out.truncate(k);
        out.resize(k, zero);
    }
    Ok(out)
}

fn string_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Integer(i) => Some(i.to_string()),
        _ => None,
    }
}

/// Cards as PHH writes them, two characters each, `??` unknown.
pub fn cards_of(s: &str) -> Result<Vec<Option<Card>>, String> {
    let chars: Vec<char> = s.chars().collect();
    if !chars.len().is_multiple_of(2) || chars.is_empty() {
        return Err(format!("not cards: '{s}'"));
    }
    chars
        .chunks(2)
        .map(|c| {
            let t: String = c.iter().collect();
            if t == "??" {
                return Ok(None);
            }
            match parse_cards(&t) {
                Ok(v) if v.len() == 1 => Ok(Some(v[0])),
                _ => Err(format!("not a card: '{t}'")),
            }
        })
        .collect()
}

fn player_of(tok: &str, k: usize) -> Result<usize, String> {
    tok.strip_prefix('p')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| (1..=k).contains(&n))
        .map(|n| n - 1)
        .ok_or_else(|| format!("no player '{tok}'"))
}

enum Parsed {
    Act(Act),
    BetRaise(usize, Amount),
    Nothing,
}

fn action_of(text: &str, k: usize) -> Result<Parsed, String> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    if let Some(i) = words.iter().position(|w| *w == "#") {
        words.truncate(i);
    }
    Ok(Parsed::Act(match words.as_slice() {
        [] => return Ok(Parsed::Nothing),
        ["d", "db", c] => Act::Board(cards_of(c)?),
        ["d", "dh", p, c] => Act::Hole(player_of(p, k)?, cards_of(c)?),
        [p, "f"] => Act::Fold(player_of(p, k)?),
        [p, "cc"] => Act::CheckCall(player_of(p, k)?),
        [p, "cbr", x] => {
            let a = Amount::parse(x)?;
            if a.negative {
                return Err(format!("negative amount '{x}'"));
            }
            return Ok(Parsed::BetRaise(player_of(p, k)?, a));
        }
        [p, "sm"] => Act::Muck(player_of(p, k)?),
        [p, "sm", "-"] => Act::Show(player_of(p, k)?, Vec::new()),
        [p, "sm", c] => Act::Show(player_of(p, k)?, cards_of(c)?),
        [_, "sd", ..] => return Err("draws are not part of hold'em".into()),
        [_, "pb"] => return Err("bring-ins are not part of hold'em".into()),
        _ => return Err("not a PHH action".into()),
    }))
}

/// One hand from its TOML table.
fn hand(t: &toml::Table) -> Result<HandRecord, HistoryError> {
    let get = |name: &'static str| {
        t.get(name)
            .ok_or_else(|| err(format!("missing field '{name}'")))
    };
    let variant = get("variant")?
        .as_str()
        .ok_or_else(|| err("variant: not a string"))?;
    check_variant(variant)?;
    let stacks = amounts_of("starting_stacks", get("starting_stacks")?, None)?;
    if !matches!(get("starting_stacks")?, Value::Array(_)) {
        return Err(err("starting_stacks: not a list"));
    }
    let k = stacks.len();
    if !(2..=MAX_SEATS).contains(&k) {
        return Err(err(format!("{k} players: a hand has 2 to {MAX_SEATS}")));
    }
    let antes = amounts_of("antes", get("antes")?, Some(k))?;
    let blinds = amounts_of("blinds_or_straddles", get("blinds_or_straddles")?, Some(k))?;
    let min_bet = amount_of("min_bet", get("min_bet")?)?;
    let texts: Vec<String> = match get("actions")? {
        Value::Array(a) => a
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| err("actions: not a list of strings"))?,
        _ => return Err(err("actions: not a list of strings")),
    };
    let per_player = |key: &'static str| match t.get(key) {
        Some(v) => {
            let f = amounts_of(key, v, None)?;
            if f.len() != k {
                return Err(err(format!("{key}: not one per player")));
            }
            Ok(Some(f))
        }
        None => Ok(None),
    };
    let finishing = per_player("finishing_stacks")?;
    let winnings = per_player("winnings")?;
    let rake = t.get("_rake").map(|v| amount_of("_rake", v)).transpose()?;
    if antes.iter().any(|a| a.negative) {
        return Err(err("antes: negative"));
    }
    if min_bet.negative || min_bet.mantissa == 0 {
        return Err(err("min_bet: not positive"));
    }
    if stacks.iter().any(|a| a.negative || a.mantissa == 0) {
        return Err(err("starting_stacks: not all positive"));
    }
    let mut parsed = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        match action_of(text, k) {
            Ok(Parsed::Nothing) => {}
            Ok(p) => parsed.push((p, text.clone())),
            Err(why) => {
                return Err(HistoryError::Action {
                    index: i + 1,
                    action: text.clone(),
                    why,
                });
            }
        }
    }
    let mut all: Vec<Amount> = Vec::new();
    all.extend(&antes);
    all.extend(&blinds);
    all.push(min_bet);
    all.extend(&stacks);
    all.extend(parsed.iter().filter_map(|(p, _)| match p {
        Parsed::BetRaise(_, a) => Some(*a),
        _ => None,
    }));
    let mut units = units_for(&all);
    for a in finishing.iter().chain(&winnings).flatten().chain(&rake) {
        units.digits = units.digits.max(a.digits);
    }
    let d = units.digits;
    let to = |a: &Amount| a.to_units(d).map_err(err);
    let actions = parsed
        .into_iter()
        .map(|(p, text)| {
            Ok((
                match p {
                    Parsed::Act(a) => a,
                    Parsed::BetRaise(pl, a) => Act::BetRaise(pl, to(&a)?),
                    Parsed::Nothing => unreachable!("filtered"),
                },
                text,
            ))
        })
        .collect::<Result<Vec<_>, HistoryError>>()?;
    let trim = match t.get("ante_trimming_status") {
        None => false,
        Some(Value::Boolean(b)) => *b,
        Some(_) => return Err(err("ante_trimming_status: not true or false")),
    };
    let forced = Forced {
        antes: antes.iter().map(to).collect::<Result<_, _>>()?,
        blinds_or_straddles: blinds.iter().map(to).collect::<Result<_, _>>()?,
        posts: blinds.iter().map(|a| a.negative).collect(),
        min_bet: to(&min_bet)?,
        trim_antes: trim,
        full_blinds: t.get("_full_blinds").and_then(Value::as_bool) == Some(true),
    };
    let names = t.get("players").and_then(Value::as_array).map(|a| {
        a.iter()
            .map(|v| string_of(v).unwrap_or_default())
            .collect::<Vec<_>>()
    });
    let num = |key: &str| t.get(key).and_then(Value::as_integer);
    let runs = match num("_run_count") {
        None => 1,
        Some(n @ 1..=4) => n as u8,
        Some(n) => return Err(err(format!("_run_count: {n} runs"))),
    };
    let info = Info {
        players: names.filter(|n| n.len() == k),
        seats: t.get("seats").and_then(Value::as_array).and_then(|a| {
            a.iter()
                .map(|v| v.as_integer().and_then(|i| u32::try_from(i).ok()))
                .collect::<Option<Vec<_>>>()
                .filter(|s| s.len() == k)
        }),
        seat_count: num("seat_count").and_then(|i| u32::try_from(i).ok()),
        button: num("_button").and_then(|i| u32::try_from(i).ok()),
        hand: t.get("hand").and_then(string_of),
        table: t.get("table").and_then(string_of),
        venue: t.get("venue").and_then(string_of),
        event: t.get("event").and_then(string_of),
        tournament: t
            .get("_tournament")
            .and_then(string_of)
            .map(|id| Tournament {
                id,
                buy_in: t.get("_buy_in").and_then(string_of),
            }),
        level: num("level").and_then(|i| u32::try_from(i).ok()),
        currency: t.get("currency").and_then(string_of),
        currency_symbol: t.get("currency_symbol").and_then(string_of),
        play_money: t.get("_play_money").and_then(Value::as_bool) == Some(true),
        date: match (num("year"), num("month"), num("day")) {
            (Some(y), Some(m), Some(d)) => Some((y, m, d)),
            _ => None,
        },
        time: t
            .get("time")
            .map(|v| v.to_string().trim_matches('"').to_string()),
        time_zone: t
            .get("time_zone_abbreviation")
            .and_then(string_of)
            .or_else(|| t.get("time_zone").and_then(string_of)),
        hero: num("_hero")
            .and_then(|h| usize::try_from(h).ok())
            .and_then(|h| h.checked_sub(1))
            .filter(|&h| h < k),
    };
    let all_to = |v: Option<Vec<Amount>>| -> Result<Option<Vec<Chips>>, HistoryError> {
        v.map(|f| f.iter().map(to).collect()).transpose()
    };
    let mut r = HandRecord::new(
        forced,
        stacks.iter().map(to).collect::<Result<_, _>>()?,
        actions,
        units,
    );
    r.finishing_stacks = all_to(finishing)?;
    r.winnings = all_to(winnings)?;
    r.rake = rake.as_ref().map(to).transpose()?;
    r.runs = runs;
    r.info = info;
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::action::Action::{Call, Check, Fold, RaiseTo};
    use crate::holdem::action::Blinds;
    use crate::holdem::history::replay;
    use crate::holdem::table::stacked_deck;

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
winnings = [190, 0, 0]
seat_count = 3
seats = [1, 2, 3]
_rake = 0
";
        assert_eq!(write(&t), expected);
        let back = replay(&read(expected).expect("reads")).expect("replays");
        assert_eq!(back.finishing_stacks(), vec![1100, 990, 910]);
        assert_eq!(write(&back.table), expected);
    }

    /// Heads-up, the blinds are written small first (the reference turns
    /// them round itself), and hands all in before the river are shown
    /// before the rest of the board.
    #[test]
    fn heads_up_blinds_small_first_and_all_in_hands_shown_before_the_board() {
        let known = parse_cards("AhAd KcKd 2c7d9h Js 4c").expect("cards");
        // Seat 1 is the button and small blind; seat 0 the big blind (p1).
        let (mut t, _) = Table::new(
            &[100, 100],
            1,
            Blinds { small: 5, big: 10 },
            &stacked_deck(&known),
        )
        .expect("valid");
        t.act(1, RaiseTo(100)).expect("shove");
        t.act(0, Call).expect("call");
        let text = write(&t);
        assert!(text.contains("blinds_or_straddles = [5, 10]\n"), "{text}");
        assert!(
            text.contains("'p2 cbr 100', 'p1 cc', 'p2 sm KcKd', 'p1 sm AhAd', 'd db 2c7d9h', 'd db Js', 'd db 4c']"),
            "{text}"
        );
        assert!(text.contains("finishing_stacks = [200, 0]"), "{text}");
        let back = replay(&read(&text).expect("reads")).expect("replays");
        assert_eq!(back.finishing_stacks(), vec![200, 0]);
    }

    #[test]
    fn reads_comments_cents_unknown_cards_and_phhs() {
        let text = "# a cash hand
variant = \"NT\"
antes = [0, 0, 0]   # none
blinds_or_straddles = [0.05, 0.10, 0]
min_bet = 0.10
starting_stacks = [10.00, 5.55, 7.25]
actions = [
  'd dh p1 ????', 'd dh p2 ????', 'd dh p3 AhKh',  # hero is p3
  'p3 cbr 0.25', 'p1 f', 'p2 cc',
  'd db 2c7d9h', 'p2 cc', 'p3 cbr 0.35 # a c-bet', 'p2 f',
]
";
        let r = read(text).expect("reads");
        assert_eq!(r.units.digits, 2);
        let t = replay(&r).expect("replays");
        assert_eq!(t.finishing_text(), vec!["9.95", "5.30", "7.55"]);
        let phhs = format!("[1]\n{text}\n[2]\n{text}").replace("# a cash hand\n", "");
        let all = read_all(&phhs).expect("TOML");
        assert_eq!(all.len(), 2);
        assert!(all.iter().all(|(_, r)| r.is_ok()));
    }

    /// A pot of 0.25 chopped two ways: the reference splits decimal
    /// amounts exactly (0.125 each), whole chips with the odd chip to the
    /// first winner; a whole pot in a hand mixing both is refused.
    #[test]
    fn split_pots_as_the_reference_splits_them() {
        let hand = |blinds: &str, stacks: &str| {
            format!(
                "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [{blinds}, 0]\nmin_bet = 10\nstarting_stacks = [{stacks}]\nactions = ['d dh p1 2c3d', 'd dh p2 2d3c', 'd dh p3 4c5d', 'p3 cc', 'p1 f', 'p2 cc', 'd db TsJsQs', 'p2 cc', 'p3 cc', 'd db Ks', 'p2 cc', 'p3 cc', 'd db As', 'p2 cc', 'p3 cc', 'p2 sm 2d3c', 'p3 sm 4c5d']\n"
            )
        };
        let cents =
            hand("0.05, 0.10", "1.00, 1.00, 1.00").replace("min_bet = 10", "min_bet = 0.10");
        let r = replay(&read(&cents).expect("reads")).expect("replays");
        assert_eq!(r.finishing_text(), vec!["0.95", "1.025", "1.025"]);
        let whole = hand("5, 10", "100, 100, 100");
        let r = replay(&read(&whole).expect("reads")).expect("replays");
        assert_eq!(r.finishing_stacks(), vec![95, 103, 102]);
        let mixed = hand("5, 10", "100.5, 100, 100");
        let e = replay(&read(&mixed).expect("reads")).map(|r| r.finishing_stacks());
        assert!(
            matches!(&e, Err(HistoryError::Action { why, .. }) if why.contains("ambiguous")),
            "{e:?}"
        );
    }

    #[test]
    fn huge_amounts_are_refused_not_overflowed() {
        let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\nstarting_stacks = [9223372036854775807, 9223372036854775807]\nactions = ['p2 cbr 9223372036854775807', 'p1 cc']\n";
        let r = read(text).expect("reads");
        assert_eq!(
            replay(&r).map(|h| h.finishing_stacks()),
            Err(HistoryError::Setup("amounts too large".into()))
        );
    }

    #[test]
    fn bad_files_are_errors() {
        assert_eq!(
            read("variant = 'NT'\n"),
            Err(err("missing field 'starting_stacks'"))
        );
        assert!(matches!(read("nonsense"), Err(HistoryError::Format(_))));
        let po = "variant = 'PO'\n";
        assert_eq!(
            read(po).map_err(|e| e.to_string()),
            Err("variant 'PO' (pot-limit Omaha hold'em) is not supported: only 'NT' (no-limit Texas hold'em)".into())
        );
        // Blinds written big first: p1 (the big blind heads-up) posts 5 and
        // acts first; the file read as our old one would be stops early.
        let bad = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [10, 5]\nmin_bet = 10\nstarting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cc']\nfinishing_stacks = [100, 100]\n";
        let r = read(bad).expect("reads");
        assert_eq!(
            replay(&r).map(|h| h.finishing_stacks()),
            Err(HistoryError::Action {
                index: 3,
                action: "p2 cc".into(),
                why: "p1 is to act".into()
            })
        );
    }
}
