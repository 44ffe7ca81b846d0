//! Honeymoon deal records as PBN (Portable Bridge Notation): the two
//! hands at the start of the play in the `Deal` tag (East and West `-`),
//! the contract, the result and the play in PBN's own tags, and what PBN
//! has no place for (the hands as dealt, the stock, the exchange, the
//! auction of two, the claim, the score, the deal's marks) in `Honeymoon…`
//! supplemental tags. `docs/honeymoon-records.md` lists every tag.
//!
//! Reading takes any PBN with at least `Deal`, `Contract`, `Declarer` and a
//! `Play` section (one trick a line, columns from the opening leader
//! clockwise, East and West `-`); without the `Honeymoon…` tags the record
//! holds the play alone.

use std::collections::HashMap;

use super::record::{Claim, DealRecord, Exchange, RecordError, contract_text, seat_text};
use crate::cards::pbn::{hand_string, parse_hand};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::Seat;
use crate::honeymoon::auction::Call;
use crate::honeymoon::position::Position;
use crate::honeymoon::setup::{LeadRule, Scoring, Setup};
use crate::honeymoon::tricks::{NORTH, SOUTH};

/// A card as PBN writes it in a play section: suit then rank (`SA`, `HT`).
pub fn card_text(c: Card) -> String {
    format!(
        "{}{}",
        c.suit().letter().to_ascii_uppercase(),
        c.rank().letter()
    )
}

/// Reads a PBN card (`SA`), or one written rank first (`As`); trailing
/// `!`/`?` annotations are ignored.
fn read_card(token: &str) -> Option<Card> {
    let t = token.trim_end_matches(['!', '?']);
    let mut chars = t.chars();
    let (a, b) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return t.parse().ok();
    }
    match (Suit::from_char(a), Rank::from_char(b)) {
        (Some(s), Some(r)) => Some(Card::new(r, s)),
        _ => t.parse().ok(),
    }
}

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|&c| card_text(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// North's and South's hands as a PBN deal: `N:north - south -`.
fn deal_text(hands: [CardSet; 2]) -> String {
    format!(
        "N:{} - {} -",
        hand_string(hands[NORTH]),
        hand_string(hands[SOUTH])
    )
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn options_text(o: &Setup) -> String {
    format!(
        "no-trump={} doubling={} lead={} scoring={} practice={} duplicate={}",
        yes_no(o.no_trump),
        yes_no(o.doubling),
        match o.lead_rule {
            LeadRule::ExchangeLoser => "exchange-loser",
            LeadRule::Defender => "defender",
        },
        match o.scoring {
            Scoring::Bridge => "bridge",
            Scoring::Difference => "difference",
        },
        yes_no(o.practice),
        yes_no(o.duplicate),
    )
}

/// Every record as one PBN file.
pub fn write(records: &[DealRecord]) -> String {
    let mut out = String::from("% PBN 2.1\n% EXPORT\n");
    for (i, r) in records.iter().enumerate() {
        out.push('\n');
        out.push_str(&write_one(r, i + 1));
    }
    out
}

/// One record as a PBN game, numbered `board`.
pub fn write_one(r: &DealRecord, board: usize) -> String {
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", "cardgames honeymoon bridge".into()),
        ("Site", "-".into()),
        ("Date", "????.??.??".into()),
        ("Board", board.to_string()),
        ("West", "-".into()),
        ("North", r.names[NORTH].clone()),
        ("East", "-".into()),
        ("South", r.names[SOUTH].clone()),
        ("Dealer", seat_text::letter(r.dealer).into()),
        ("Vulnerable", "None".into()),
        ("Deal", deal_text(r.hands)),
        ("Scoring", "-".into()),
        ("Declarer", seat_text::letter(r.contract.declarer).into()),
        (
            "Contract",
            contract_text::write(&r.contract)
                .split(' ')
                .next()
                .unwrap_or("")
                .to_string(),
        ),
        ("Result", r.declarer_tricks.to_string()),
        ("HoneymoonOptions", options_text(&r.options)),
        (
            "HoneymoonAuction",
            r.auction
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        ),
    ];
    if let Some(x) = &r.exchange {
        tags.push(("HoneymoonDealt", deal_text(x.dealt)));
        tags.push(("HoneymoonStock", cards_text(&x.stock)));
        tags.push(("HoneymoonExchange", cards_text(&x.cards)));
    }
    if let Some(c) = r.claim {
        tags.push((
            "HoneymoonClaim",
            format!("{} {}", seat_text::letter(c.seat), c.tricks),
        ));
    }
    tags.push((
        "HoneymoonScore",
        format!("N {} S {}", r.score[NORTH], r.score[SOUTH]),
    ));
    if let Some(seed) = r.seed {
        tags.push(("HoneymoonSeed", seed.to_string()));
    }
    if let Some(deal) = r.deal {
        tags.push(("HoneymoonDeal", deal.to_string()));
    }
    tags.push(("HoneymoonReplay", yes_no(r.replay).into()));
    tags.push(("HoneymoonUndos", r.undos.to_string()));
    let mut out = String::from(
        "{Honeymoon bridge: North and South only, East and West never play; \
         Deal holds the hands at the start of the play}\n",
    );
    for (name, value) in tags {
        out.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "'")));
    }
    out.push_str(&format!("[Play \"{}\"]\n", seat_text::letter(r.leader)));
    // One trick a line: the opening leader's card first, the other's
    // two columns on (East and West play nothing).
    let mut pos = Position::new(r.hands[0], r.hands[1], r.trump(), r.leader);
    let mut trick: [Option<Card>; 2] = [None; 2];
    let line = |trick: [Option<Card>; 2]| {
        let col = |s: Seat| trick[s].map_or("-".to_string(), card_text);
        format!("{} - {} -\n", col(r.leader), col(1 - r.leader))
    };
    for &card in &r.play {
        let seat = pos.to_move();
        trick[seat] = Some(card);
        let Ok((next, won)) = pos.play(card) else {
            break;
        };
        pos = next;
        if won.is_some() {
            out.push_str(&line(trick));
            trick = [None; 2];
        }
    }
    if trick.iter().any(Option::is_some) {
        out.push_str(&line(trick));
    }
    if r.claim.is_some() || r.play.len() < 26 {
        out.push_str("*\n");
    }
    out
}

/// One game's tags and sections as read.
#[derive(Default)]
struct Game {
    tags: HashMap<String, (usize, String)>,
    sections: HashMap<String, Vec<(usize, String)>>,
}

/// Splits the file into games: tags with their values and the lines of
/// each tag's section, comments removed.
fn games(text: &str) -> Result<Vec<Game>, RecordError> {
    let mut games = Vec::new();
    let mut game = Game::default();
    let mut current: Option<String> = None;
    let mut in_comment = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if !in_comment && raw.starts_with('%') {
            continue;
        }
        let mut line = String::new();
        for ch in raw.chars() {
            match (in_comment, ch) {
                (false, '{') => in_comment = true,
                (true, '}') => in_comment = false,
                (false, ';') => break,
                (false, c) => line.push(c),
                (true, _) => {}
            }
        }
        let t = line.trim();
        if t.is_empty() {
            if !in_comment && raw.trim().is_empty() && !game.tags.is_empty() {
                games.push(std::mem::take(&mut game));
                current = None;
            }
            continue;
        }
        if let Some(inner) = t.strip_prefix('[') {
            let bad = || RecordError::Pbn {
                line: n,
                why: format!("a tag is written [Name \"value\"], not {t}"),
            };
            let inner = inner.strip_suffix(']').ok_or_else(bad)?;
            let (name, value) = inner.split_once(' ').ok_or_else(bad)?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(bad)?;
            game.tags.insert(name.to_string(), (n, value.to_string()));
            current = Some(name.to_string());
        } else if let Some(tag) = &current {
            game.sections
                .entry(tag.clone())
                .or_default()
                .push((n, t.to_string()));
        } else {
            return Err(RecordError::Pbn {
                line: n,
                why: format!("'{t}' is outside any tag"),
            });
        }
    }
    if in_comment {
        return Err(RecordError::Pbn {
            line: text.lines().count(),
            why: "a comment { is never closed (is the file cut short?)".into(),
        });
    }
    if !game.tags.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// Reads every game of a PBN file as a record, each checked by replaying
/// it.
pub fn read(text: &str) -> Result<Vec<DealRecord>, RecordError> {
    let games = games(text)?;
    if games.is_empty() {
        return Err(RecordError::Empty);
    }
    games
        .iter()
        .enumerate()
        .map(|(i, g)| read_game(g, i + 1))
        .collect()
}

fn read_game(g: &Game, number: usize) -> Result<DealRecord, RecordError> {
    let tag = |name: &'static str| {
        g.tags.get(name).ok_or(RecordError::Missing {
            game: number,
            tag: name,
        })
    };
    let at = |line: usize, why: String| RecordError::Pbn { line, why };
    let (line, deal) = tag("Deal")?;
    let hands = read_deal(deal).map_err(|w| at(*line, w))?;
    let (_, declarer) = tag("Declarer")?;
    let (line, contract) = tag("Contract")?;
    let contract =
        contract_text::parse(&format!("{contract} {declarer}")).map_err(|w| at(*line, w))?;
    let (line, play_seat) = tag("Play")?;
    let leader = seat_text::parse(play_seat)
        .ok_or_else(|| at(*line, format!("Play \"{play_seat}\": North or South leads")))?;
    let options = match g.tags.get("HoneymoonOptions") {
        Some((line, text)) => read_options(text).map_err(|w| at(*line, w))?,
        None => Setup::default(),
    };
    let dealer = match g.tags.get("Dealer") {
        Some((line, d)) => {
            seat_text::parse(d).ok_or_else(|| at(*line, format!("Dealer \"{d}\": N or S")))?
        }
        None => contract.declarer,
    };
    let auction: Vec<Call> = match g.tags.get("HoneymoonAuction") {
        Some((line, text)) => text
            .split_whitespace()
            .map(|t| t.parse())
            .collect::<Result<_, _>>()
            .map_err(|w| at(*line, w))?,
        None => Vec::new(),
    };
    let exchange = match g.tags.get("HoneymoonDealt") {
        None => None,
        Some((line, dealt)) => {
            let dealt = read_deal(dealt).map_err(|w| at(*line, w))?;
            let list = |name: &'static str| -> Result<Vec<Card>, RecordError> {
                let (line, text) = tag(name)?;
                text.split_whitespace()
                    .map(|t| read_card(t).ok_or_else(|| at(*line, format!("'{t}' is not a card"))))
                    .collect()
            };
            Some(Exchange {
                dealt,
                stock: list("HoneymoonStock")?,
                cards: list("HoneymoonExchange")?,
            })
        }
    };
    let claim = match g.tags.get("HoneymoonClaim") {
        None => None,
        Some((line, text)) => {
            let bad = || {
                at(
                    *line,
                    format!("HoneymoonClaim \"{text}\": a seat and a number"),
                )
            };
            let (seat, tricks) = text.trim().split_once(' ').ok_or_else(bad)?;
            Some(Claim {
                seat: seat_text::parse(seat).ok_or_else(bad)?,
                tricks: tricks.trim().parse().map_err(|_| bad())?,
            })
        }
    };
    let play = read_play(
        g.sections.get("Play").map(Vec::as_slice).unwrap_or(&[]),
        Position::new(hands[0], hands[1], contract.bid.strain.trump(), leader),
    )?;
    let number_tag = |name: &'static str| -> Result<Option<u64>, RecordError> {
        g.tags
            .get(name)
            .map(|(line, v)| {
                v.trim()
                    .parse()
                    .map_err(|_| at(*line, format!("{name} \"{v}\" is not a number")))
            })
            .transpose()
    };
    let name = |seat: &'static str, default: &str| {
        g.tags
            .get(seat)
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_empty() && v != "-")
            .unwrap_or_else(|| default.to_string())
    };
    let mut record = DealRecord {
        options,
        seed: number_tag("HoneymoonSeed")?,
        deal: number_tag("HoneymoonDeal")?,
        names: [name("North", "North"), name("South", "South")],
        dealer,
        auction,
        contract,
        exchange,
        hands,
        leader,
        play,
        claim,
        replay: g
            .tags
            .get("HoneymoonReplay")
            .is_some_and(|(_, v)| v.trim().eq_ignore_ascii_case("yes")),
        undos: number_tag("HoneymoonUndos")?.unwrap_or(0) as u32,
        declarer_tricks: 0,
        score: [0; 2],
    };
    // The result as the play gives it, then checked against the tags.
    let result = record.outcome()?;
    record.declarer_tricks = result.declarer_tricks;
    record.score = result.score;
    if let Some(said) = number_tag("Result")?
        && said != u64::from(result.declarer_tricks)
    {
        return Err(RecordError::Mismatch {
            said: format!("Result {said}"),
            got: format!("{} tricks for declarer", result.declarer_tricks),
        });
    }
    if let Some((_, said)) = g.tags.get("HoneymoonScore") {
        let got = format!("N {} S {}", result.score[NORTH], result.score[SOUTH]);
        if said.split_whitespace().collect::<Vec<_>>() != got.split(' ').collect::<Vec<_>>() {
            return Err(RecordError::Mismatch {
                said: format!("HoneymoonScore {said}"),
                got,
            });
        }
    }
    Ok(record)
}

/// North's and South's hands of a PBN `Deal` value (East and West `-`).
fn read_deal(text: &str) -> Result<[CardSet; 2], String> {
    let (first, hands) = text
        .trim()
        .split_once(':')
        .ok_or_else(|| format!("Deal \"{text}\" does not start with a seat and ':'"))?;
    let start = match first.trim().to_ascii_uppercase().as_str() {
        "N" => 0,
        "E" => 1,
        "S" => 2,
        "W" => 3,
        other => return Err(format!("Deal starts with '{other}', not N, E, S or W")),
    };
    let parts: Vec<&str> = hands.split_whitespace().collect();
    if parts.len() != 4 {
        return Err(format!("Deal has {} hands, not 4", parts.len()));
    }
    let mut out = [CardSet::EMPTY; 2];
    for (i, part) in parts.iter().enumerate() {
        let compass = (start + i) % 4;
        let seat = match compass {
            0 => NORTH,
            2 => SOUTH,
            _ if *part == "-" || part.trim_matches('.').is_empty() => continue,
            _ => return Err("East and West hold no cards in honeymoon bridge".into()),
        };
        out[seat] = parse_hand(part).map_err(|e| format!("Deal: {e}"))?;
    }
    Ok(out)
}

fn read_options(text: &str) -> Result<Setup, String> {
    let mut o = Setup::default();
    for pair in text.split_whitespace() {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("HoneymoonOptions: '{pair}' is not key=value"))?;
        let flag = || match value {
            "yes" | "on" => Ok(true),
            "no" | "off" => Ok(false),
            _ => Err(format!("HoneymoonOptions: {key}={value} (yes or no)")),
        };
        match key {
            "no-trump" => o.no_trump = flag()?,
            "doubling" => o.doubling = flag()?,
            "practice" => o.practice = flag()?,
            "duplicate" => o.duplicate = flag()?,
            "lead" => o.lead_rule = value.parse().map_err(|e| format!("{e}"))?,
            "scoring" => o.scoring = value.parse().map_err(|e| format!("{e}"))?,
            _ => return Err(format!("HoneymoonOptions: unknown option '{key}'")),
        }
    }
    Ok(o)
}

/// The play section's cards in the order played: each line a trick, the
/// opening leader's column first; the trick's leader (the last winner)
/// played first.
fn read_play(lines: &[(usize, String)], mut pos: Position) -> Result<Vec<Card>, RecordError> {
    let opening = pos.leader;
    let mut play = Vec::new();
    for (n, text) in lines {
        let tokens: Vec<&str> = text
            .split_whitespace()
            .filter(|t| !t.starts_with('$') && !t.starts_with('=') && !t.starts_with('^'))
            .collect();
        if tokens == ["*"] {
            break;
        }
        let tokens: Vec<&str> = tokens.into_iter().filter(|t| *t != "*").collect();
        if tokens.len() > 4 {
            return Err(RecordError::Pbn {
                line: *n,
                why: format!("{} columns in a trick, at most 4", tokens.len()),
            });
        }
        let column = |i: usize| -> Result<Option<Card>, RecordError> {
            match tokens.get(i) {
                None | Some(&"-") => Ok(None),
                Some(t) => read_card(t).map(Some).ok_or_else(|| RecordError::Pbn {
                    line: *n,
                    why: format!("'{t}' is not a card"),
                }),
            }
        };
        if column(1)?.is_some() || column(3)?.is_some() {
            return Err(RecordError::Pbn {
                line: *n,
                why: "East and West play no cards in honeymoon bridge".into(),
            });
        }
        let mut by_seat = [None; 2];
        by_seat[opening] = column(0)?;
        by_seat[1 - opening] = column(2)?;
        let first = pos.leader;
        for seat in [first, 1 - first] {
            let Some(card) = by_seat[seat] else {
                break;
            };
            let (next, _) = pos.play(card).map_err(|e| RecordError::Pbn {
                line: *n,
                why: format!("{}: {e}", card_text(card)),
            })?;
            pos = next;
            play.push(card);
        }
        if by_seat[1 - first].is_some() && by_seat[first].is_none() {
            return Err(RecordError::Pbn {
                line: *n,
                why: format!(
                    "{} leads this trick but has no card in it",
                    seat_text::letter(first)
                ),
            });
        }
    }
    Ok(play)
}
