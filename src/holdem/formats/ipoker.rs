//! iPoker's XML hand histories (a `<session>` of `<game>`s: the players
//! with their stacks, bets and wins, rounds of numbered actions, cards
//! written suit first, `D9 CK`, `H10`): read into a [`Transcript`] and
//! built into a record checked against each player's `bet` and `win`, and
//! written back in the same shape. Only Hold'em no limit is read; every
//! other game is refused by name.
//!
//! Action types, as iPoker numbers them: 0 fold, 1 small blind, 2 big
//! blind, 3 call, 4 check, 5 bet, 7 all in (the amount put in), 15 ante,
//! 23 raise (to the street total); 8 and 9 mark a player sitting out. A
//! player's `win` counts the bet returned to them, as iPoker writes it.

use std::fmt::Write;

use super::stars::money;
use super::stars_write::hand_number;
use super::transcript::{Line, Seated, Transcript, build};
use crate::cards::{Card, parse_cards};
use crate::holdem::action::{Blind, Event, Move};
use crate::holdem::history::amount::Amount;
use crate::holdem::history::{HandRecord, Hands, HistoryError, Replayed};
use crate::holdem::pots::Chips;

fn fmt(s: impl Into<String>) -> HistoryError {
    HistoryError::Format(s.into())
}

/// Whether a text is an iPoker session.
pub fn is_session(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    let t = t
        .strip_prefix("<?xml")
        .and_then(|r| r.split_once("?>"))
        .map_or(t, |(_, r)| r.trim_start());
    t.starts_with("<session")
}

/// A card as iPoker writes it: suit, then rank (`D9`, `CK`, `H10`).
fn card(s: &str) -> Result<Card, HistoryError> {
    let mut chars = s.chars();
    let suit = chars.next().ok_or_else(|| fmt("an empty card"))?;
    let rank: String = chars.collect();
    let text = format!("{rank}{}", suit.to_ascii_lowercase());
    parse_cards(&text)
        .ok()
        .and_then(|v| v.first().copied())
        .ok_or_else(|| fmt(format!("not a card: '{s}'")))
}

/// Cards written `D9 CK`; `X X` (or nothing) for unknown cards.
fn cards(s: &str) -> Result<Option<Vec<Card>>, HistoryError> {
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.is_empty() || words.contains(&"X") {
        return Ok(None);
    }
    words
        .iter()
        .map(|w| card(w))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// Reads every game of an iPoker session: its game code and the hand, or
/// why it could not be read.
pub fn read_all(text: &str) -> Result<Hands, HistoryError> {
    let text = text.trim_start_matches('\u{feff}');
    let doc = roxmltree::Document::parse(text).map_err(|e| fmt(format!("not iPoker XML: {e}")))?;
    let session = doc.root_element();
    let general = session.children().find(|n| n.has_tag_name("general"));
    let field = |name: &str| {
        general
            .and_then(|g| g.children().find(|n| n.has_tag_name(name)))
            .and_then(|n| n.text())
            .map(str::trim)
            .filter(|t| !t.is_empty() && *t != "N/A")
            .map(str::to_string)
    };
    let session_info = SessionInfo {
        game: field("gametype").unwrap_or_default(),
        table: field("tablename"),
        currency: field("tablecurrency").or_else(|| field("currency")),
        nickname: field("nickname"),
        real: field("mode").is_none_or(|m| m == "real"),
        tournament: field("tournamentcode"),
    };
    Ok(session
        .descendants()
        .filter(|n| n.has_tag_name("game"))
        .enumerate()
        .map(|(i, g)| {
            let label = g
                .attribute("gamecode")
                .map_or_else(|| (i + 1).to_string(), str::to_string);
            (label, read_game(g, &session_info))
        })
        .collect())
}

struct SessionInfo {
    game: String,
    table: Option<String>,
    currency: Option<String>,
    nickname: Option<String>,
    real: bool,
    tournament: Option<String>,
}

fn read_game(g: roxmltree::Node, s: &SessionInfo) -> Result<HandRecord, HistoryError> {
    let game = s
        .game
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    if game != "Holdem NL" {
        let name = match game.as_str() {
            "Holdem L" => "fixed-limit Hold'em",
            "Holdem PL" => "pot-limit Hold'em",
            _ => s.game.as_str(),
        };
        return Err(fmt(format!(
            "{name} is not read: only Texas Hold'em no limit"
        )));
    }
    let mut t = Transcript {
        runs: 1,
        returns_collected: true,
        ..Transcript::default()
    };
    let info = &mut t.info;
    info.venue = Some("iPoker".into());
    info.hand = g.attribute("gamecode").map(str::to_string);
    info.table = s.table.clone();
    info.play_money = !s.real;
    info.currency = s.currency.clone().filter(|c| c.len() == 3);
    let stakes = s.game.split_whitespace().nth(2).unwrap_or_default();
    info.currency_symbol = stakes
        .chars()
        .next()
        .filter(|c| !c.is_ascii_digit())
        .map(String::from);
    if let Some(tc) = &s.tournament {
        info.tournament = Some(crate::holdem::history::Tournament {
            id: tc.clone(),
            buy_in: None,
        });
    }
    if let Some((a, b)) = stakes.split_once('/') {
        t.stakes = Some((money(a)?, money(b)?));
    }
    let general = g.children().find(|n| n.has_tag_name("general"));
    if let Some(date) = general
        .and_then(|n| n.children().find(|c| c.has_tag_name("startdate")))
        .and_then(|n| n.text())
    {
        let (day, time) = date.trim().split_once([' ', 'T']).unwrap_or((date, ""));
        const MONTHS: [&str; 12] = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        // 2014-01-06, or 07-Apr-2014.
        let parts: Vec<&str> = day.split('-').collect();
        let ymd = match parts.as_slice() {
            [d, m, y] if m.len() == 3 => MONTHS
                .iter()
                .position(|x| x == m)
                .and_then(|m| Some((y.parse().ok()?, m as i64 + 1, d.parse().ok()?))),
            [y, m, d] => (|| Some((y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)))(),
            _ => None,
        };
        if let Some(ymd) = ymd {
            info.date = Some(ymd);
            info.time = Some(time.chars().take(8).collect());
        }
    }
    let mut wins: Vec<(String, Amount)> = Vec::new();
    let players = general
        .and_then(|n| n.children().find(|c| c.has_tag_name("players")))
        .ok_or_else(|| fmt("a game with no players"))?;
    for p in players.children().filter(|n| n.has_tag_name("player")) {
        let name = p.attribute("name").unwrap_or_default().to_string();
        let seat: u32 = p
            .attribute("seat")
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| fmt(format!("no seat for '{name}'")))?;
        if p.attribute("dealer") == Some("1") {
            t.button = Some(seat);
        }
        let chips = money(p.attribute("chips").unwrap_or("0"))?;
        if chips.mantissa > 0 {
            t.seats.push(Seated {
                seat,
                name: name.clone(),
                stack: chips,
            });
        }
        let win = money(p.attribute("win").unwrap_or("0"))?;
        if win.mantissa > 0 {
            wins.push((name, win));
        }
    }
    // The rounds: cards and actions, by action number.
    let mut actions: Vec<(u32, Line)> = Vec::new();
    let mut boards: Vec<(u32, Vec<Card>)> = Vec::new();
    for round in g.children().filter(|n| n.has_tag_name("round")) {
        let no: u32 = round
            .attribute("no")
            .and_then(|x| x.parse().ok())
            .unwrap_or(0);
        for n in round.children().filter(roxmltree::Node::is_element) {
            if n.has_tag_name("cards") {
                let c = cards(n.text().unwrap_or_default())?;
                match (n.attribute("type"), c) {
                    (Some("Pocket"), Some(c)) => {
                        let who = n.attribute("player").unwrap_or_default().to_string();
                        if s.nickname.as_deref().is_none_or(|h| h == who) {
                            t.hero.get_or_insert_with(|| who.clone());
                        }
                        t.lines.push(Line::Dealt(who, c));
                    }
                    (Some("Flop" | "Turn" | "River"), Some(c)) => boards.push((no, c)),
                    _ => {}
                }
            } else if n.has_tag_name("action") {
                let who = n.attribute("player").unwrap_or_default().to_string();
                let order: u32 = n.attribute("no").and_then(|x| x.parse().ok()).unwrap_or(0);
                let sum = money(n.attribute("sum").unwrap_or("0"))?;
                let kind = n.attribute("type").unwrap_or_default();
                let line = match kind {
                    "0" => Line::Fold(who),
                    "1" => Line::SmallBlind(who, sum),
                    "2" => Line::BigBlind(who, sum),
                    "3" => Line::Call(who, sum, false),
                    "4" => Line::Check(who),
                    "5" => Line::Bet(who, sum, false),
                    "6" | "7" => Line::AllIn(who, sum),
                    "15" => Line::Ante(who, sum),
                    "23" => Line::RaiseTo(who, sum, false),
                    "8" | "9" => continue,
                    other => return Err(fmt(format!("an action of type {other}"))),
                };
                actions.push((order + 1000 * no, line));
            }
        }
    }
    actions.sort_by_key(|(o, _)| *o);
    // Each street's actions after its cards.
    let mut street = 1;
    for (o, line) in actions {
        while let Some(pos) = boards
            .iter()
            .position(|(r, _)| *r <= o / 1000 && *r > street)
        {
            let (r, c) = boards.remove(pos);
            street = r;
            t.lines.push(Line::Board { run: 0, cards: c });
        }
        t.lines.push(line);
    }
    boards.sort_by_key(|(r, _)| *r);
    for (_, c) in boards {
        t.lines.push(Line::Board { run: 0, cards: c });
    }
    for (name, win) in wins {
        t.lines.push(Line::Collected(name, win));
    }
    t.cash = t.info.tournament.is_none() && !t.info.play_money && t.info.currency_symbol.is_some();
    build(&t)
}

/// The hole cards the record dealt player `p` face up.
fn known_hole(r: &HandRecord, p: usize) -> Option<[Card; 2]> {
    r.actions.iter().find_map(|(a, _)| match a {
        crate::holdem::history::Act::Hole(q, c) if *q == p => match c.as_slice() {
            [Some(a), Some(b)] => Some([*a, *b]),
            _ => None,
        },
        _ => None,
    })
}

/// A card as iPoker writes it.
fn card_text(c: Card) -> String {
    let s = c.to_string();
    let (rank, suit) = s.split_at(1);
    let rank = if rank == "T" { "10" } else { rank };
    format!("{}{rank}", suit.to_ascii_uppercase())
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// Writes replayed hands as one iPoker session.
pub fn write(hands: &[&Replayed], hero: Option<&str>) -> Result<String, HistoryError> {
    let Some(first) = hands.first() else {
        return Ok(String::new());
    };
    let r0 = &first.record;
    let sym = r0.info.currency_symbol.clone().unwrap_or_default();
    let u0 = r0.units;
    let b = first.table.state().blinds();
    let amt0 = |x: Chips| format!("{sym}{}", trim(u0.format(x), u0.unit(), x));
    let mut o = String::new();
    let _ = writeln!(o, "<?xml version=\"1.0\" encoding=\"utf-8\"?>");
    let _ = writeln!(o, "<session sessioncode=\"0\">");
    let _ = writeln!(o, "  <general>");
    let _ = writeln!(
        o,
        "    <mode>{}</mode>",
        if r0.info.play_money { "play" } else { "real" }
    );
    let _ = writeln!(
        o,
        "    <gametype>Holdem NL {}/{}</gametype>",
        amt0(b.small),
        amt0(b.big)
    );
    if let Some(t) = &r0.info.table {
        let _ = writeln!(o, "    <tablename>{}</tablename>", escape(t));
    }
    if let Some(c) = &r0.info.currency {
        let _ = writeln!(o, "    <tablecurrency>{c}</tablecurrency>");
    }
    if let Some(t) = &r0.info.tournament {
        let _ = writeln!(o, "    <tournamentcode>{}</tournamentcode>", escape(&t.id));
    }
    let nick = r0
        .info
        .hero
        .map(|h| r0.name(h))
        .or_else(|| hero.map(str::to_string));
    if let Some(n) = &nick {
        let _ = writeln!(o, "    <nickname>{}</nickname>", escape(n));
    }
    let _ = writeln!(o, "  </general>");
    for h in hands {
        write_game(h, hero, &mut o)?;
    }
    let _ = writeln!(o, "</session>");
    Ok(o)
}

/// An amount with no trailing zeros past the point, whole amounts bare.
fn trim(s: String, unit: Chips, x: Chips) -> String {
    if x.is_multiple_of(unit) {
        return (x / unit).to_string();
    }
    s
}

fn write_game(h: &Replayed, hero: Option<&str>, o: &mut String) -> Result<(), HistoryError> {
    let r = &h.record;
    let st = h.table.state();
    let order = st.players();
    let k = r.players();
    let u = r.units;
    let sym = r.info.currency_symbol.clone().unwrap_or_default();
    let amt = |x: Chips| format!("{sym}{}", trim(u.format(x), u.unit(), x));
    let player = |seat: usize| order.iter().position(|&s| s == seat).unwrap_or(0);
    let name = |seat: usize| escape(&r.name(player(seat)));
    let seat_of = |p: usize| {
        r.info
            .seats
            .as_ref()
            .and_then(|s| s.get(p).copied())
            .unwrap_or(p as u32 + 1)
    };
    let hero = r.info.hero.or_else(|| hero.and_then(|n| r.player_named(n)));
    if st.runs() > 1 {
        return Err(fmt(
            "iPoker XML has no board run twice: write it as PHH or PokerStars text",
        ));
    }
    let id = r
        .info
        .hand
        .clone()
        .filter(|h| h.chars().all(|c| c.is_ascii_digit()))
        .unwrap_or_else(|| hand_number(r));
    let (y, m, d) = r.info.date.unwrap_or((1970, 1, 1));
    let time = r.info.time.clone().unwrap_or_else(|| "00:00:00".into());
    // What each put in and won, the returned bets counted in both.
    let mut back = vec![0; k];
    let mut put = vec![0; k];
    for e in st.log() {
        match e {
            Event::UncalledReturned { seat, amount } => back[player(*seat)] += amount,
            Event::AntePosted { seat, amount, .. } | Event::BlindPosted { seat, amount, .. } => {
                put[player(*seat)] += amount;
            }
            _ => {}
        }
    }
    let got = h.collected();
    let finished = h.finishing_stacks();
    for p in 0..k {
        // All that left the stack, the returned part included.
        put[p] = r.starting_stacks[p] + back[p] + h.awards()[p] - finished[order[p]];
    }
    let _ = writeln!(o, "  <game gamecode=\"{id}\">");
    let _ = writeln!(o, "    <general>");
    let _ = writeln!(o, "      <startdate>{y}-{m:02}-{d:02} {time}</startdate>");
    let _ = writeln!(o, "      <players>");
    let mut by_seat: Vec<usize> = (0..k).collect();
    by_seat.sort_by_key(|&p| seat_of(p));
    for &p in &by_seat {
        let _ = writeln!(
            o,
            "        <player seat=\"{}\" name=\"{}\" chips=\"{}\" dealer=\"{}\" win=\"{}\" bet=\"{}\" />",
            seat_of(p),
            escape(&r.name(p)),
            amt(r.starting_stacks[p]),
            u8::from(p == k - 1),
            amt(got[p] + back[p]),
            amt(put[p])
        );
    }
    let _ = writeln!(o, "      </players>");
    let _ = writeln!(o, "    </general>");
    let mut n = 0;
    let mut bets = vec![0; st.seats()];
    let mut round = 0;
    let _ = writeln!(o, "    <round no=\"0\">");
    let open_round = |o: &mut String, round: &mut u32, to: u32| {
        while *round < to {
            let _ = writeln!(o, "    </round>");
            *round += 1;
            let _ = writeln!(o, "    <round no=\"{round}\">");
        }
    };
    let mut board: Vec<Card> = Vec::new();
    for e in st.log() {
        let (seat, kind, sum) = match e {
            Event::AntePosted { seat, amount, .. } => (*seat, 15, *amount),
            Event::BlindPosted {
                seat,
                blind,
                amount,
                ..
            } => {
                bets[*seat] = *amount;
                (*seat, if *blind == Blind::Small { 1 } else { 2 }, *amount)
            }
            Event::HoleDealt { .. } if round == 0 => {
                open_round(o, &mut round, 1);
                for &p in &by_seat {
                    // Every card the history had face up.
                    let known = known_hole(r, p).or_else(|| {
                        (Some(p) == hero || st.shown(order[p]))
                            .then(|| st.hole(order[p]))
                            .flatten()
                    });
                    let c = known.map_or_else(|| "X X".to_string(), |c| c.map(card_text).join(" "));
                    let _ = writeln!(
                        o,
                        "      <cards type=\"Pocket\" player=\"{}\">{c}</cards>",
                        escape(&r.name(p))
                    );
                }
                continue;
            }
            Event::StreetDealt { cards: c, .. } => {
                bets.iter_mut().for_each(|b| *b = 0);
                for &card in c {
                    board.push(card);
                    let (to, label, from) = match board.len() {
                        3 => (2, "Flop", 0),
                        4 => (3, "Turn", 3),
                        5 => (4, "River", 4),
                        _ => continue,
                    };
                    let shown: Vec<String> = board[from..].iter().map(|&c| card_text(c)).collect();
                    open_round(o, &mut round, to);
                    let _ = writeln!(
                        o,
                        "      <cards type=\"{label}\" player=\"\">{}</cards>",
                        shown.join(" ")
                    );
                }
                continue;
            }
            Event::Acted {
                seat,
                action,
                all_in,
            } => {
                let top = bets.iter().copied().max().unwrap_or(0);
                let (kind, sum) = match action {
                    Move::Fold => (0, 0),
                    Move::Check => (4, 0),
                    Move::Call(x) => {
                        bets[*seat] += x;
                        (if *all_in { 7 } else { 3 }, *x)
                    }
                    Move::Bet(to) | Move::Raise(to) => {
                        let added = to - bets[*seat];
                        bets[*seat] = *to;
                        match (all_in, top) {
                            (true, _) => (7, added),
                            (false, 0) => (5, added),
                            (false, _) => (23, *to),
                        }
                    }
                };
                (*seat, kind, sum)
            }
            _ => continue,
        };
        n += 1;
        let _ = writeln!(
            o,
            "      <action no=\"{n}\" player=\"{}\" type=\"{kind}\" sum=\"{}\" />",
            name(seat),
            amt(sum)
        );
    }
    let _ = writeln!(o, "    </round>");
    let _ = writeln!(o, "  </game>");
    Ok(())
}
