//! Portable Bridge Notation (PBN 2.1): the tags `Board`, `Dealer`,
//! `Vulnerable`, `Deal`, `Auction`, `Play`, `Contract`, `Declarer`,
//! `Result` (read and written), `Score`, `OptimumScore` and
//! `DoubleDummyTricks` (written); games separated by blank lines; the
//! auction's and the play's sections after their tags.

use super::{FormatError, Record};
use crate::bridge::auction::Auction;
use crate::bridge::board::{Direction, Vulnerability, dealer_of_board};
use crate::bridge::contract::{Call, Contract, parse_contract};
use crate::bridge::play::Play;
use crate::cards::pbn::{hand_string, parse_hand};
use crate::cards::{Card, CardSet};

/// Reads a PBN `Deal` value: `N:AKQ2.K5.9.32 …`, the first hand's seat
/// then the hands clockwise; `-` or a missing last hand is not accepted.
pub fn parse_deal(text: &str) -> Result<[CardSet; 4], String> {
    let t = text.trim();
    let (first, rest) = t
        .split_once(':')
        .ok_or_else(|| format!("'{t}' is not a PBN deal (like N:AKQ2.K5.9.32 …)"))?;
    let first: Direction = first.parse()?;
    let parts: Vec<&str> = rest.split_whitespace().collect();
    if parts.len() != 4 {
        return Err(format!("a PBN deal has four hands, not {}", parts.len()));
    }
    let mut hands = [CardSet::EMPTY; 4];
    for (k, part) in parts.iter().enumerate() {
        let seat = first.step(k);
        hands[seat.index()] =
            parse_hand(part).map_err(|e| format!("{}'s hand '{part}': {e}", seat.name()))?;
    }
    Ok(hands)
}

/// One game's tags and sections as read.
#[derive(Default)]
struct Game {
    tags: Vec<(String, String, usize)>,
    auction: Vec<(String, usize)>,
    play: Vec<(Vec<String>, usize)>,
}

impl Game {
    fn tag(&self, name: &str) -> Option<(&str, usize)> {
        self.tags
            .iter()
            .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v, l)| (v.as_str(), *l))
    }
}

/// Reads every game of a PBN file.
pub fn parse(text: &str) -> Result<Vec<Record>, FormatError> {
    let mut games: Vec<Game> = Vec::new();
    let mut game = Game::default();
    let mut section = "";
    let mut in_comment = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let mut line = raw.trim().to_string();
        // Comments: `{…}` (over lines too), `;` to the end, `%` lines.
        if in_comment {
            match line.find('}') {
                Some(end) => {
                    line = line[end + 1..].to_string();
                    in_comment = false;
                }
                None => continue,
            }
        }
        while let Some(start) = line.find('{') {
            match line[start..].find('}') {
                Some(end) => line.replace_range(start..start + end + 1, ""),
                None => {
                    line.truncate(start);
                    in_comment = true;
                }
            }
        }
        if let Some(semi) = line.find(';') {
            line.truncate(semi);
        }
        let line = line.trim();
        if line.starts_with('%') {
            continue;
        }
        if line.is_empty() {
            if !game.tags.is_empty() {
                games.push(std::mem::take(&mut game));
            }
            section = "";
            continue;
        }
        if let Some(body) = line.strip_prefix('[') {
            let place = || format!("line {line_no}");
            let body = body
                .strip_suffix(']')
                .ok_or_else(|| FormatError::at(place(), "a tag must end with ]"))?;
            let (name, value) = body
                .split_once(char::is_whitespace)
                .ok_or_else(|| FormatError::at(place(), "a tag is [Name \"value\"]"))?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| {
                    FormatError::at(place(), "a tag's value must be in double quotes")
                })?;
            if game.tag(name).is_some() {
                games.push(std::mem::take(&mut game));
            }
            game.tags
                .push((name.to_string(), value.to_string(), line_no));
            section = if name.eq_ignore_ascii_case("Auction") {
                "auction"
            } else if name.eq_ignore_ascii_case("Play") {
                "play"
            } else {
                ""
            };
            continue;
        }
        match section {
            "auction" => game
                .auction
                .extend(line.split_whitespace().map(|t| (t.to_string(), line_no))),
            "play" => game.play.push((
                line.split_whitespace().map(str::to_string).collect(),
                line_no,
            )),
            _ => {
                return Err(FormatError::at(
                    format!("line {line_no}"),
                    format!("'{line}' is neither a tag nor part of an Auction or Play section"),
                ));
            }
        }
    }
    if !game.tags.is_empty() {
        games.push(game);
    }
    games
        .iter()
        .filter(|g| g.tag("Deal").is_some())
        .enumerate()
        .map(|(i, g)| record(g, i))
        .collect()
}

/// A game's record.
fn record(g: &Game, index: usize) -> Result<Record, FormatError> {
    let at = |line: usize| format!("line {line}");
    let (deal, line) = g.tag("Deal").unwrap_or(("", 0));
    let hands = parse_deal(deal).map_err(|e| FormatError::at(at(line), e))?;
    let board = match g.tag("Board") {
        Some((v, l)) => v
            .trim()
            .parse::<u32>()
            .map_err(|_| FormatError::at(at(l), format!("'{v}' is not a board number")))?,
        None => index as u32 + 1,
    };
    let dealer = match g.tag("Dealer") {
        Some((v, l)) => v.parse().map_err(|e| FormatError::at(at(l), e))?,
        None => dealer_of_board(board),
    };
    let vulnerability = match g.tag("Vulnerable") {
        Some((v, l)) => v.parse().map_err(|e| FormatError::at(at(l), e))?,
        None => Vulnerability::of_board(board),
    };
    let contract = match (g.tag("Contract"), g.tag("Declarer")) {
        (Some((c, l)), Some((d, _))) if !c.eq_ignore_ascii_case("pass") && !c.is_empty() => {
            let (bid, doubling) = parse_contract(c).map_err(|e| FormatError::at(at(l), e))?;
            let declarer = d.parse().map_err(|e| FormatError::at(at(l), e))?;
            Some(Contract {
                bid,
                doubling,
                declarer,
            })
        }
        _ => None,
    };
    let result = match g.tag("Result") {
        Some((v, l)) if !v.trim().is_empty() => Some(
            v.trim()
                .parse::<u8>()
                .ok()
                .filter(|&t| t <= 13)
                .ok_or_else(|| {
                    FormatError::at(at(l), format!("'{v}' is not a number of tricks"))
                })?,
        ),
        _ => None,
    };
    let mut rec = Record {
        board,
        dealer,
        vulnerability,
        hands,
        calls: Vec::new(),
        contract,
        play: Vec::new(),
        result,
    };
    if let Some((first, l)) = g.tag("Auction") {
        let first: Direction = first.parse().map_err(|e| FormatError::at(at(l), e))?;
        let mut auction = Auction::new(first);
        for (token, l) in &g.auction {
            let t = token.trim_end_matches(['!', '?']);
            if t.is_empty() || t == "*" || t == "-" || t.starts_with('=') || t.starts_with('$') {
                continue;
            }
            if t.eq_ignore_ascii_case("AP") {
                while !auction.is_over() {
                    let _ = auction.call(Call::Pass);
                }
                continue;
            }
            let call: Call = t
                .parse()
                .map_err(|_| FormatError::at(at(*l), format!("'{t}' is not a call")))?;
            auction
                .call(call)
                .map_err(|e| FormatError::at(at(*l), format!("{call}: {e}")))?;
        }
        if first != dealer && !auction.calls().is_empty() {
            return Err(FormatError::at(
                at(l),
                format!("the auction starts with {first}, not the dealer {dealer}"),
            ));
        }
        rec.calls = auction.calls().to_vec();
        if let Some(c) = auction.contract() {
            rec.contract = Some(c);
        }
    }
    if let Some((first, l)) = g.tag("Play") {
        let first: Direction = first.parse().map_err(|e| FormatError::at(at(l), e))?;
        if let Some(contract) = rec.contract.filter(|_| !g.play.is_empty()) {
            rec.play = play_order(contract, hands, first, &g.play)?;
        }
    }
    rec.check(&format!("board {board}"))?;
    Ok(rec)
}

/// The cards of the play section in the order played.
fn play_order(
    contract: Contract,
    hands: [CardSet; 4],
    first: Direction,
    rows: &[(Vec<String>, usize)],
) -> Result<Vec<Card>, FormatError> {
    if first != contract.leader() {
        return Err(FormatError::at(
            format!("line {}", rows[0].1),
            format!(
                "the play starts with {first}, not declarer's left-hand opponent {}",
                contract.leader()
            ),
        ));
    }
    let mut play = Play::new(contract, hands);
    let mut out = Vec::new();
    'rows: for (row, l) in rows {
        if row.first().is_some_and(|t| t == "*") {
            break;
        }
        let mut cards: [Option<Card>; 4] = [None; 4];
        for (j, token) in row.iter().take(4).enumerate() {
            if token == "-" || token == "*" {
                continue;
            }
            // PBN cards are suit then rank: `SA`, `HT`.
            let mut chars = token.chars();
            let suit = chars.next().unwrap_or(' ');
            let rank: String = chars.collect();
            let card: Card = format!("{rank}{suit}").parse().map_err(|_| {
                FormatError::at(
                    format!("line {l}"),
                    format!("'{token}' is not a card (like SA or HT)"),
                )
            })?;
            cards[first.step(j).index()] = Some(card);
        }
        for _ in 0..4 {
            let Some(seat) = play.to_play() else {
                break 'rows;
            };
            let Some(card) = cards[seat.index()] else {
                break 'rows;
            };
            play.play(card)
                .map_err(|e| FormatError::at(format!("line {l}"), e.to_string()))?;
            out.push(card);
        }
    }
    Ok(out)
}

/// Writes one board as PBN, with `extra` tags (name, value) after the
/// deal's.
pub fn write(rec: &Record, extra: &[(&str, String)]) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| out.push_str(&format!("[{name} \"{value}\"]\n"));
    tag("Board", &rec.board.to_string());
    tag("Dealer", &rec.dealer.to_string());
    tag("Vulnerable", rec.vulnerability.pbn());
    let hands: Vec<String> = rec.hands.iter().map(|h| hand_string(*h)).collect();
    tag("Deal", &format!("N:{}", hands.join(" ")));
    match rec.contract {
        Some(c) => {
            tag("Declarer", &c.declarer.to_string());
            tag("Contract", &c.text());
        }
        None if !rec.calls.is_empty() => {
            tag("Declarer", "");
            tag("Contract", "Pass");
        }
        None => {}
    }
    if let Some(r) = rec.result {
        tag("Result", &r.to_string());
    }
    for (name, value) in extra {
        tag(name, value);
    }
    if !rec.calls.is_empty() {
        out.push_str(&format!("[Auction \"{}\"]\n", rec.dealer));
        for chunk in rec.calls.chunks(4) {
            let line: Vec<String> = chunk.iter().map(Call::to_string).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
    }
    if let (Some(c), false) = (rec.contract, rec.play.is_empty()) {
        out.push_str(&format!("[Play \"{}\"]\n", c.leader()));
        for (_, cards) in rec.tricks() {
            let mut row = [
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
            ];
            for card in &cards {
                let seat = seat_of(rec, *card);
                let col = (seat.index() + 4 - c.leader().index()) % 4;
                let a = card.ascii();
                row[col] = format!("{}{}", &a[1..], &a[..1]).to_uppercase();
            }
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        if rec.play.len() < 52 {
            out.push_str("*\n");
        }
    }
    out
}

/// Whose hand `card` was dealt to.
fn seat_of(rec: &Record, card: Card) -> Direction {
    Direction::ALL
        .into_iter()
        .find(|d| rec.hands[d.index()].contains(card))
        .unwrap_or(Direction::North)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"% a comment
[Event "club night"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
[Auction "S"]
Pass Pass 7NT Pass
Pass Pass
[Play "E"]
ST S3 S2 SA {East leads}
S9 S4 H2 SK
*
"#;

    #[test]
    fn reads_tags_auction_and_play() {
        let recs = parse(GAME).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(recs.len(), 1);
        let r = &recs[0];
        assert_eq!(
            (r.board, r.dealer, r.vulnerability),
            (3, Direction::South, Vulnerability::EW)
        );
        assert_eq!(r.contract.map(|c| c.to_string()).as_deref(), Some("7NT N"));
        assert_eq!(r.calls.len(), 6);
        assert_eq!(r.result, Some(13));
        let order: Vec<String> = r.play.iter().map(|c| c.ascii()).collect();
        // Trick 1: E T, S 3, W 2, N A; North leads trick 2: A… K, E 9, S 4, W 2h.
        assert_eq!(order, ["Ts", "3s", "2s", "As", "Ks", "9s", "4s", "2h"]);
    }

    #[test]
    fn round_trips() {
        let recs = parse(GAME).unwrap_or_else(|e| panic!("{e}"));
        let text = write(&recs[0], &[]);
        let again = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again, recs);
    }

    #[test]
    fn bad_files_name_the_place() {
        let bad = GAME
            .replace("[Contract \"7NT\"]", "[Contract \"8NT\"]")
            .replace("[Auction \"S\"]\nPass Pass 7NT Pass\nPass Pass\n", "");
        let e = parse(&bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("line 8: "), "{e}");
        let bad = GAME.replace("AKQJ.AKQ.AKQ.AKQ", "AKQJ.AKQ.AKQ.AKX");
        let e = parse(&bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("line 6: North's hand"), "{e}");
        let bad = GAME.replace("S9 S4 H2 SK", "HJ S4 H2 SK");
        let e = parse(&bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("line 15: "), "{e}");
        let bad = GAME.replace("Pass Pass 7NT Pass", "Pass Pass 7NT 7NT");
        let e = parse(&bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("line 11: 7NT"), "{e}");
        assert!(parse("[Board \"1\"\n").is_err());
        assert!(parse("hello\n").is_err());
    }
}
