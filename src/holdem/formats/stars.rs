//! PokerStars hand-history text (English and Portuguese, cash, Zoom, home
//! games, tournaments, the archive format with its indented lines) and
//! GGPoker's, which follows it closely, read into a [`Transcript`] and
//! built into a record checked against the room's own accounting.
//!
//! The other languages PokerStars writes (German, French, Spanish...) are
//! refused by name: no public file of real hands in them was found to
//! learn their whole wording from, and a word guessed wrong would read a
//! different hand.
//!
//! Only Texas Hold'em no limit is read. Every other game the header names
//! — pot-limit and fixed-limit Hold'em, 6+ (short deck) Hold'em, capped
//! no limit, Omaha, Courchevel, stud, draw — is refused by name, as is a
//! hand the room settled outside the table (a cash out, a cash drop).

use super::Format;
use super::transcript::{Line, Seated, Transcript, build};
use crate::cards::{Card, parse_cards};
use crate::holdem::history::amount::Amount;
use crate::holdem::history::{HandRecord, Hands, HistoryError, Tournament};

/// The words of one language of the room's text.
struct Words {
    /// How a hand's header begins.
    headers: &'static [&'static str],
    table: &'static str,
    seat: &'static str,
    button: &'static str,
    in_chips: &'static str,
    ante: &'static str,
    small_blind: &'static str,
    big_blind: &'static str,
    dead_blinds: &'static str,
    straddle: &'static [&'static str],
    fold: &'static str,
    check: &'static str,
    call: &'static str,
    bet: &'static str,
    raise: &'static str,
    raise_to: &'static str,
    all_in: &'static str,
    shows: &'static str,
    mucks: &'static str,
    dealt_to: &'static str,
    dealt_infix: &'static str,
    uncalled: (&'static str, &'static str),
    collected: &'static str,
    summary: &'static str,
    total: &'static str,
    tournament: &'static str,
    level: &'static str,
    show_down: &'static str,
}

const ENGLISH: Words = Words {
    headers: &[
        "PokerStars Hand #",
        "PokerStars Game #",
        "PokerStars Zoom Hand #",
        "PokerStars Home Game Hand #",
        "PokerStars Home Game #",
        "Poker Hand #",
    ],
    table: "Table '",
    seat: "Seat ",
    button: "Seat #",
    in_chips: " in chips",
    ante: "posts the ante ",
    small_blind: "posts small blind ",
    big_blind: "posts big blind ",
    dead_blinds: "posts small & big blinds ",
    straddle: &["posts straddle ", "straddle "],
    fold: "folds",
    check: "checks",
    call: "calls ",
    bet: "bets ",
    raise: "raises ",
    raise_to: " to ",
    all_in: "and is all-in",
    shows: "shows [",
    mucks: "mucks hand",
    dealt_to: "Dealt to ",
    dealt_infix: "",
    uncalled: ("Uncalled bet (", ") returned to "),
    collected: " collected ",
    summary: "*** SUMMARY ***",
    total: "Total pot ",
    tournament: "Tournament #",
    level: "Level",
    show_down: "SHOW",
};

const PORTUGUESE: Words = Words {
    headers: &["Mão PokerStars #", "Mão PokerStars Zoom #"],
    table: "Mesa '",
    seat: "Lugar ",
    button: "Lugar #",
    in_chips: " em fichas",
    ante: "coloca ante ",
    small_blind: "paga o small blind ",
    big_blind: "paga o big blind ",
    dead_blinds: "paga small & big blinds ",
    straddle: &["paga straddle "],
    fold: "desiste",
    check: "passa",
    call: "iguala ",
    bet: "aposta ",
    raise: "aumenta ",
    raise_to: " para ",
    all_in: "e está all-in",
    shows: "mostra [",
    mucks: "esconde a mão",
    dealt_to: "",
    dealt_infix: " recebe [",
    uncalled: ("Aposta não-igualada (", ") voltou para "),
    collected: " recebeu ",
    summary: "*** SUMÁRIO ***",
    total: "Total pote ",
    tournament: "Torneio #",
    level: "Nível",
    show_down: "SHOW",
};

fn words_of(header: &str) -> Option<&'static Words> {
    [&ENGLISH, &PORTUGUESE]
        .into_iter()
        .find(|w| w.headers.iter().any(|h| header.starts_with(h)))
}

/// Languages PokerStars writes that are not read: each one's name, how
/// its hand headers begin (where public parsers show it: German "PokerStars
/// Hand Nr. 123: ...", French "Main PokerStars n°123 : ..."), and the
/// words its seat lines begin with ("Platz 1: ...").
const UNREAD: [(&str, &[&str], &[&str]); 3] = [
    ("German", &["PokerStars Hand Nr."], &["Platz "]),
    ("French", &["Main PokerStars n°"], &["Siège ", "Place "]),
    ("Spanish", &[], &["Asiento "]),
];

/// Whether a line is a PokerStars hand header in a language not read: the
/// room's name among the first words, then the hand's number and a colon
/// ("PokerStars Hand Nr. 123:", "Main PokerStars n°123 :").
fn unread_header(line: &str) -> bool {
    let Some(at) = line.find("PokerStars") else {
        return false;
    };
    let before = &line[..at];
    if before.split_whitespace().count() > 1 || before.contains(':') {
        return false;
    }
    let Some((id, _)) = line[at + "PokerStars".len()..].split_once(':') else {
        return false;
    };
    let id = id.trim_end();
    let words = id.trim_end_matches(|c: char| c.is_ascii_digit());
    id.starts_with(' ')
        && id.len() - words.len() >= 3
        && !words.ends_with(|c: char| c.is_alphanumeric())
}

/// The language a hand is written in when it is one not read, by its
/// header or its seat lines ("Platz 3: Anna (1500 in Chips)"); `Some("")`
/// when its header is the room's but in no language known here.
fn unread_language(lines: &[&str]) -> Option<&'static str> {
    let header = lines.first().copied().unwrap_or_default();
    if let Some((name, _, _)) = UNREAD
        .iter()
        .find(|(_, heads, _)| heads.iter().any(|h| header.starts_with(h)))
    {
        return Some(name);
    }
    let seat_line = |l: &str, word: &str| {
        l.strip_prefix(word)
            .and_then(|r| r.split_once(": "))
            .is_some_and(|(n, rest)| n.parse::<u32>().is_ok() && rest.contains(" ("))
    };
    let by_seats = UNREAD.iter().find(|(_, _, seats)| {
        lines
            .iter()
            .skip(1)
            .any(|l| seats.iter().any(|w| seat_line(l, w)))
    });
    match by_seats {
        Some((name, _, _)) => Some(name),
        None => words_of(header).is_none().then_some(""),
    }
}

/// The room whose hand header this line is, if it is one.
pub fn site_of_header(line: &str) -> Option<Format> {
    let Some(w) = words_of(line) else {
        return unread_header(line).then_some(Format::PokerStars);
    };
    let rest = line.split_once('#')?.1;
    // A hand number (PokerStars) or an id (GGPoker: letters, digits),
    // then a colon.
    let id = rest.split_once(':')?.0;
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some(
        if line.starts_with("Poker Hand #") && std::ptr::eq(w, &ENGLISH) {
            Format::GgPoker
        } else {
            Format::PokerStars
        },
    )
}

/// Splits a text of many hands into hands, each from its header line; the
/// archive format's separator lines and leading spaces are dropped.
fn split_hands(text: &str) -> Vec<Vec<&str>> {
    let mut hands: Vec<Vec<&str>> = Vec::new();
    // Lines end in \n, \r\n or (old Mac files) \r alone.
    for line in text.split(['\n', '\r']) {
        let l = line.trim_start_matches('\u{feff}').trim();
        if site_of_header(l).is_some() {
            hands.push(Vec::new());
        }
        if let Some(h) = hands.last_mut()
            && !(l.starts_with("****") && l.ends_with("****") && l.contains('#'))
        {
            h.push(l);
        }
    }
    hands
}

/// Reads every hand of a PokerStars or GGPoker text: its hand number and
/// the hand, or why it could not be read.
pub fn read_all(text: &str) -> Hands {
    split_hands(text)
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            let header = h.first().copied().unwrap_or_default();
            let label = header
                .split_once('#')
                .and_then(|(_, r)| r.split_once(':'))
                .map(|(n, _)| n.trim())
                .or_else(|| {
                    // "PokerStars Hand Nr. 123:", "Main PokerStars n°123 :".
                    let id = header.split_once(':')?.0.trim_end();
                    let digits = id.trim_end_matches(|c: char| c.is_ascii_digit());
                    Some(&id[digits.len()..]).filter(|n| !n.is_empty())
                })
                .map_or_else(|| (i + 1).to_string(), str::to_string);
            (label, read_hand(&h))
        })
        .collect()
}

/// An amount as the room writes it: a currency sign, then digits.
pub(crate) fn money(s: &str) -> Result<Amount, HistoryError> {
    let t = s
        .trim()
        .trim_start_matches(|c: char| !c.is_ascii_digit() && c != '.');
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    let t = t[..end].trim_end_matches(['.', ',']);
    Amount::parse(t).map_err(HistoryError::Format)
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

/// A Roman numeral (a PokerStars level), or plain digits (GGPoker's).
fn level_number(s: &str) -> Option<u32> {
    if let Ok(n) = s.parse() {
        return Some(n);
    }
    let value = |c| match c {
        'I' => Some(1),
        'V' => Some(5),
        'X' => Some(10),
        'L' => Some(50),
        'C' => Some(100),
        _ => None,
    };
    let v: Vec<u32> = s.chars().map(value).collect::<Option<_>>()?;
    let mut n = 0;
    for (i, &x) in v.iter().enumerate() {
        if v.get(i + 1).is_some_and(|&y| y > x) {
            n -= x as i64;
        } else {
            n += x as i64;
        }
    }
    u32::try_from(n).ok().filter(|&n| n > 0)
}

/// The first `YYYY/MM/DD H:MM:SS [ZONE]` of a header.
/// A date, a time of day and its zone.
type When = ((i64, i64, i64), String, Option<String>);

fn date_time(header: &str) -> Option<When> {
    let words: Vec<&str> = header.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let w = w.trim_start_matches('[');
        let ymd: Vec<i64> = w.split('/').filter_map(|x| x.parse().ok()).collect();
        if let [y, m, d] = ymd.as_slice()
            && *y > 1900
            && w.split('/').count() == 3
        {
            // "2007/10/15 - 05:34:03 (ET)" in old histories.
            let skip = usize::from(words.get(i + 1) == Some(&"-"));
            let time = words.get(i + 1 + skip)?.trim_end_matches(']');
            let hms: Vec<u32> = time.split(':').filter_map(|x| x.parse().ok()).collect();
            if hms.len() != 3 {
                continue;
            }
            let zone = words
                .get(i + 2 + skip)
                .map(|z| z.trim_matches(['(', ')']))
                .filter(|z| z.chars().all(|c| c.is_ascii_uppercase()) && !z.is_empty())
                .map(|z| z.to_string());
            let t = format!("{:02}:{:02}:{:02}", hms[0], hms[1], hms[2]);
            return Some(((*y, *m, *d), t, zone));
        }
    }
    None
}

/// The game a header names, refused unless it is Texas Hold'em no limit.
fn check_game(header: &str) -> Result<(), HistoryError> {
    let refuse = |what: &str| {
        Err(HistoryError::Format(format!(
            "{what} is not read: only Texas Hold'em no limit"
        )))
    };
    if header.contains("6+ Hold'em") || header.contains("ShortDeck") {
        return refuse("6+ (short deck) Hold'em");
    }
    if header.contains(" Cap ") || header.contains("Cap -") {
        return refuse("capped no-limit Hold'em");
    }
    if header.contains("Split Hold'em") {
        return refuse("split Hold'em (two boards from the flop)");
    }
    if header.contains("Hold'em No Limit") && !header.contains("Mixed") {
        return Ok(());
    }
    let games = [
        ("Hold'em Pot Limit", "pot-limit Hold'em"),
        ("Hold'em Limit", "fixed-limit Hold'em"),
        ("Omaha", "Omaha"),
        ("Courchevel", "Courchevel"),
        ("Stud", "stud"),
        ("Razz", "razz"),
        ("Draw", "draw poker"),
        ("Badugi", "badugi"),
        ("HORSE", "a mixed game"),
        ("Mixed", "a mixed game"),
    ];
    match games.iter().find(|(g, _)| header.contains(g)) {
        Some((_, name)) => refuse(name),
        None => {
            let game = header
                .split_once(':')
                .map_or(header, |(_, g)| g)
                .split(" - ")
                .next()
                .unwrap_or_default()
                .trim();
            refuse(&format!("the game '{game}'"))
        }
    }
}

/// The header: hand number, tournament, level, stakes, date.
fn read_header(header: &str, words: &Words, t: &mut Transcript) -> Result<(), HistoryError> {
    check_game(header)?;
    let info = &mut t.info;
    let gg = header.starts_with("Poker Hand #");
    info.venue = Some(
        if gg {
            "GGPoker"
        } else if header.contains(" Zoom ") {
            "PokerStars Zoom"
        } else if header.contains("Home Game") {
            "PokerStars Home Game"
        } else {
            "PokerStars"
        }
        .to_string(),
    );
    let after = header.split_once('#').map_or("", |(_, r)| r);
    let (id, rest) = after.split_once(':').unwrap_or((after, ""));
    info.hand = Some(id.trim().to_string());
    if let Some((club, _)) = rest
        .trim_start()
        .strip_prefix('{')
        .and_then(|r| r.split_once('}'))
    {
        info.event = Some(club.to_string());
    }
    if let Some(r) = rest.split_once(words.tournament).map(|(_, r)| r) {
        let (id, rest) = r.split_once(',').unwrap_or((r, ""));
        let game = rest.find(" Hold'em").unwrap_or(rest.len());
        let buy_in = rest[..game].trim();
        info.tournament = Some(Tournament {
            id: id.trim().to_string(),
            buy_in: (!buy_in.is_empty()).then(|| buy_in.to_string()),
        });
        info.level = rest
            .split_once(words.level)
            .and_then(|(_, l)| l.trim_start().split([' ', '(']).next())
            .and_then(level_number);
    }
    // Stakes: the parentheses with a slash, e.g. "($0.01/$0.02 USD)".
    let stakes = rest
        .match_indices('(')
        .map(|(i, _)| &rest[i + 1..])
        .find(|s| s.split(')').next().is_some_and(|x| x.contains('/')));
    if let Some(s) = stakes {
        let inner = s.split(')').next().unwrap_or_default();
        if let Some((a, b)) = inner.split_once('/')
            && let (Ok(sb), Ok(bb)) = (money(a), money(b))
        {
            t.stakes = Some((sb, bb));
        }
        info.currency_symbol = inner
            .chars()
            .next()
            .filter(|c| !c.is_ascii_digit())
            .map(String::from);
        info.currency = inner
            .split_whitespace()
            .last()
            .filter(|w| w.len() == 3 && w.chars().all(|c| c.is_ascii_uppercase()))
            .map(str::to_string);
    }
    if let Some((d, time, zone)) = date_time(rest) {
        info.date = Some(d);
        info.time = Some(time);
        info.time_zone = zone;
    }
    Ok(())
}

/// Reads one hand from its lines (the header first).
fn read_hand(lines: &[&str]) -> Result<HandRecord, HistoryError> {
    let fmt = |s: String| HistoryError::Format(s);
    let header = lines.first().copied().unwrap_or_default();
    if let Some(language) = unread_language(lines) {
        return Err(fmt(if language.is_empty() {
            "PokerStars histories in this language are not read yet (only English and Portuguese)"
                .into()
        } else {
            format!(
                "{language} PokerStars histories are not read yet (only English and Portuguese)"
            )
        }));
    }
    let words = words_of(header).ok_or_else(|| fmt("no hand header".into()))?;
    let mut t = Transcript {
        runs: 1,
        ..Transcript::default()
    };
    read_header(header, words, &mut t)?;
    let mut summary = false;
    for &line in &lines[1..] {
        if line.starts_with(words.summary) {
            summary = true;
            continue;
        }
        if summary {
            read_summary(line, words, &mut t)?;
            continue;
        }
        read_line(line, words, &mut t)?;
    }
    t.cash = t.info.tournament.is_none()
        && !t.info.play_money
        && (t.info.currency.is_some() || t.info.currency_symbol.is_some());
    build(&t)
}

/// A line of the summary: the total pot and the rake, runs of the board,
/// the hole cards of a player who mucked.
fn read_summary(line: &str, words: &Words, t: &mut Transcript) -> Result<(), HistoryError> {
    if line.starts_with(words.seat)
        && let Some((_, rest)) = line.split_once(": ")
        && let Some(seated) = t
            .seats
            .iter()
            .filter(|s| rest.starts_with(&s.name))
            .max_by_key(|s| s.name.len())
        && let Some(at) = rest.find(" [")
        && rest.contains("mucked [")
    {
        let cards = bracket_cards(&rest[at..]).unwrap_or_default();
        if cards.len() == 2
            && !t
                .lines
                .iter()
                .any(|l| matches!(l, Line::Dealt(w, _) if *w == seated.name))
        {
            t.lines.insert(0, Line::Dealt(seated.name.clone(), cards));
        }
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix(words.total) {
        let mut parts = rest.split(" | ");
        t.total = parts.next().map(money).transpose()?;
        let mut fee: Option<Amount> = None;
        for part in parts {
            let x = money(part.trim_start_matches(|c: char| c.is_alphabetic() || c == ' '))?;
            fee = Some(match fee {
                None => x,
                Some(f) => {
                    let d = f.digits.max(x.digits);
                    let m = |a: Amount| a.mantissa * 10u128.pow(d - a.digits);
                    Amount {
                        mantissa: m(f) + m(x),
                        digits: d,
                        decimal: f.decimal || x.decimal,
                        negative: false,
                    }
                }
            });
        }
        t.rake = fee;
    } else if line.starts_with("Hand was run ") {
        t.runs = if line.contains("three") || line.contains("thrice") {
            3
        } else {
            2
        };
    }
    Ok(())
}

/// The verbs of an action line, longest first where one starts another.
fn verbs(w: &Words) -> Vec<&'static str> {
    let mut v = vec![
        w.ante,
        w.dead_blinds,
        w.small_blind,
        w.big_blind,
        w.fold,
        w.check,
        w.call,
        w.bet,
        w.raise,
        w.shows,
        w.mucks,
    ];
    v.extend(w.straddle);
    v
}

fn read_line(line: &str, words: &Words, t: &mut Transcript) -> Result<(), HistoryError> {
    let fmt = |s: String| HistoryError::Format(s);
    if line.contains("cashed out the hand") || line.contains("Cashout") {
        return Err(fmt(
            "a cash out (the room settled the hand itself) is not read".into(),
        ));
    }
    if line.starts_with("Cash Drop to Pot") {
        return Err(fmt(
            "a cash drop (money the room added to the pot) is not read".into(),
        ));
    }
    if let Some(rest) = line.strip_prefix(words.table) {
        if let Some(at) = rest.rfind("' ") {
            t.info.table = Some(rest[..at].to_string());
            let tail = &rest[at + 2..];
            t.info.seat_count = tail
                .split_whitespace()
                .find_map(|w| w.strip_suffix("-max"))
                .and_then(|n| n.parse().ok());
            t.info.play_money = tail.contains("Play Money");
            t.button = tail
                .split_once(words.button)
                .and_then(|(_, r)| r.split_whitespace().next())
                .and_then(|n| n.parse().ok());
        }
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix(words.seat)
        && let Some((n, rest)) = rest.split_once(": ")
        && let Some(chips) = rest.find(words.in_chips)
        && let Some(open) = rest[..chips].rfind(" (")
        && let Ok(seat) = n.parse::<u32>()
    {
        t.seats.push(Seated {
            seat,
            name: rest[..open].to_string(),
            stack: money(&rest[open + 2..chips])?,
        });
        return Ok(());
    }
    if line.starts_with("***") {
        let streets = ["FLOP", "TURN", "RIVER"];
        if streets.iter().any(|s| line.contains(&format!("{s} ***")))
            && !line.contains(words.show_down)
        {
            let run = if line.contains("SECOND") {
                1
            } else if line.contains("THIRD") {
                2
            } else {
                0
            };
            t.lines.push(Line::Board {
                run,
                cards: last_bracket_cards(line)?,
            });
        }
        return Ok(());
    }
    if !words.dealt_to.is_empty()
        && let Some(rest) = line.strip_prefix(words.dealt_to)
    {
        if let Some(i) = rest.rfind(" [") {
            let name = rest[..i].to_string();
            t.hero.get_or_insert_with(|| name.clone());
            t.lines.push(Line::Dealt(name, bracket_cards(&rest[i..])?));
        }
        return Ok(());
    }
    if !words.dealt_infix.is_empty()
        && let Some(i) = line.find(words.dealt_infix)
        && !line[..i].contains(": ")
    {
        let name = line[..i].to_string();
        t.hero.get_or_insert_with(|| name.clone());
        t.lines.push(Line::Dealt(name, bracket_cards(&line[i..])?));
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix(words.uncalled.0)
        && let Some((x, name)) = rest.split_once(words.uncalled.1)
    {
        t.lines
            .push(Line::Returned(name.trim().to_string(), money(x)?));
        return Ok(());
    }
    // "NAME collected X from pot": the name is a seated player's.
    if let Some(seated) = t
        .seats
        .iter()
        .filter(|s| line.starts_with(&format!("{}{}", s.name, words.collected)))
        .max_by_key(|s| s.name.len())
    {
        let rest = &line[seated.name.len() + words.collected.len()..];
        t.lines
            .push(Line::Collected(seated.name.clone(), money(rest)?));
        return Ok(());
    }
    // "NAME: verb ...": the name is up to the ": " before a known verb.
    let verbs = verbs(words);
    let Some((j, _)) = line
        .match_indices(": ")
        .find(|(j, _)| verbs.iter().any(|v| line[j + 2..].starts_with(v)))
    else {
        return Ok(());
    };
    let (who, what) = (line[..j].to_string(), &line[j + 2..]);
    let after = |v: &str| what.strip_prefix(v).unwrap_or("");
    let all_in = what.contains(words.all_in);
    let l = if what.starts_with(words.ante) {
        Line::Ante(who, money(after(words.ante))?)
    } else if what.starts_with(words.dead_blinds) {
        Line::DeadBlinds(who, money(after(words.dead_blinds))?)
    } else if what.starts_with(words.small_blind) {
        Line::SmallBlind(who, money(after(words.small_blind))?)
    } else if what.starts_with(words.big_blind) {
        Line::BigBlind(who, money(after(words.big_blind))?)
    } else if let Some(s) = words.straddle.iter().find(|s| what.starts_with(**s)) {
        Line::Straddle(who, money(after(s))?)
    } else if what.starts_with(words.fold) {
        Line::Fold(who)
    } else if what.starts_with(words.check) {
        Line::Check(who)
    } else if what.starts_with(words.call) {
        Line::Call(who, money(after(words.call))?, all_in)
    } else if what.starts_with(words.bet) {
        Line::Bet(who, money(after(words.bet))?, all_in)
    } else if what.starts_with(words.raise) {
        let to = after(words.raise)
            .split_once(words.raise_to)
            .map(|(_, t)| t)
            .ok_or_else(|| fmt(format!("bad raise '{line}'")))?;
        Line::RaiseTo(who, money(to)?, all_in)
    } else if what.starts_with(words.shows) {
        match bracket_cards(what) {
            Ok(cards) if cards.len() == 2 => Line::Show(who, cards),
            // One card shown (or hidden ones): the hand stays unknown.
            _ => return Ok(()),
        }
    } else {
        Line::Muck(who)
    };
    t.lines.push(l);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roman_levels_dates_and_games() {
        assert_eq!(level_number("VIII"), Some(8));
        assert_eq!(level_number("XIV"), Some(14));
        assert_eq!(level_number("12"), Some(12));
        assert_eq!(level_number("Q"), None);
        let d = date_time(" - 2015/07/22 2:17:55 BRT [2015/07/22 1:17:55 ET]");
        assert_eq!(
            d,
            Some(((2015, 7, 22), "02:17:55".into(), Some("BRT".into())))
        );
        assert!(check_game("PokerStars Hand #1: Hold'em No Limit ($1/$2)").is_ok());
        for (h, name) in [
            ("PokerStars Hand #1: 6+ Hold'em No Limit ($1/$1)", "6+"),
            ("PokerStars Hand #1: Hold'em Pot Limit ($1/$2)", "pot-limit"),
            ("PokerStars Hand #1: Hold'em Limit ($1/$2)", "fixed-limit"),
            ("PokerStars Hand #1: Omaha Pot Limit ($1/$2)", "Omaha"),
            (
                "PokerStars Hand #1: Hold'em No Limit ($2/$4 - $80 Cap - USD)",
                "capped",
            ),
        ] {
            let e = check_game(h).map_err(|e| e.to_string());
            assert!(e.as_ref().is_err_and(|e| e.contains(name)), "{h}: {e:?}");
        }
    }

    #[test]
    fn languages_not_read_are_refused_by_name() {
        for header in [
            "PokerStars Hand Nr. 123456: Hold'em No Limit ($0.01/$0.02 USD)",
            "Main PokerStars n°261415379202 :  Hold'em No Limit (100/200)",
        ] {
            assert_eq!(site_of_header(header), Some(Format::PokerStars), "{header}");
        }
        // A player whose name has the room's in it is no header.
        for line in [
            "PokerStars1234: calls 20",
            "Dealt to PokerStars 1234 [Ah Kh]",
            "PokerStars Hand 12: folds",
        ] {
            assert_eq!(site_of_header(line), None, "{line}");
        }
        let refusal = |text: &str| match read_all(text).pop() {
            Some((_, Err(e))) => e.to_string(),
            other => panic!("{other:?}"),
        };
        let german = "PokerStars Hand Nr. 123456: Hold'em No Limit ($0.01/$0.02 USD)\n\
                      Platz 1: Anna ($2 in Chips)\nPlatz 2: Bert ($2 in Chips)";
        assert_eq!(read_all(german)[0].0, "123456");
        assert!(refusal(german).starts_with("German PokerStars histories are not read yet"));
        // Known by its seats under a header in English.
        let spanish =
            "PokerStars Hand #7: Hold'em No Limit (10/20)\nAsiento 1: Ana (1500 en fichas)";
        assert!(refusal(spanish).starts_with("Spanish PokerStars"));
        let unknown = "Mano PokerStars n.º 77777: Hold'em No Limit (10/20)\nMesa 'Lira'";
        assert!(refusal(unknown).starts_with("PokerStars histories in this language are not read"));
    }
}
