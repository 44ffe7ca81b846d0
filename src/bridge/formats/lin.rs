//! BBO's LIN: `key|value|` pairs, one board a line. Read: `md|` (dealer
//! digit 1 S, 2 W, 3 N, 4 E, then the hands S, W, N, E; the last may be
//! left out), `sv|` (o, n, e, b), `ah|Board N|` or `qx|o3|` (the board
//! number), `mb|` each call (`p`, `d`, `r`, `1C`…`7N`, an alert `!`
//! ignored), `pc|` each card, `mc|` a claim of declarer's total tricks;
//! other keys (`pn`, `an`, `pg`, `nt`, `rh`, `st`) are skipped.

use super::{FormatError, Record};
use crate::bridge::board::{Direction, Vulnerability};
use crate::bridge::contract::{Bid, Call, Strain};
use crate::cards::pbn::suit_string;
use crate::cards::{Card, CardSet, Suit};

/// LIN's seat order in `md|`: South, West, North, East.
const MD_ORDER: [Direction; 4] = [
    Direction::South,
    Direction::West,
    Direction::North,
    Direction::East,
];

/// Reads one LIN hand: `SAKQ2HK5D9CAJT32`.
fn hand(text: &str) -> Result<CardSet, String> {
    let mut set = CardSet::EMPTY;
    let mut suit: Option<Suit> = None;
    for ch in text.chars() {
        match Suit::from_char(ch).filter(|_| ch.is_ascii_alphabetic() && "SHDCshdc".contains(ch)) {
            Some(s) => suit = Some(s),
            None => {
                let s = suit
                    .ok_or_else(|| format!("'{text}' is not a LIN hand (like SAKQ2HK5D9CAJT32)"))?;
                let card: Card = format!("{ch}{}", s.letter())
                    .parse()
                    .map_err(|_| format!("'{ch}' is not a rank in '{text}'"))?;
                if !set.insert(card) {
                    return Err(format!("{card} is written twice in '{text}'"));
                }
            }
        }
    }
    Ok(set)
}

/// Reads `md|`'s value: the dealer and the four hands.
fn md(value: &str) -> Result<(Direction, [CardSet; 4]), String> {
    let mut chars = value.chars();
    let dealer = match chars.next() {
        Some('1') => Direction::South,
        Some('2') => Direction::West,
        Some('3') => Direction::North,
        Some('4') => Direction::East,
        _ => return Err(format!("'{value}' must start with the dealer's digit 1–4")),
    };
    let parts: Vec<&str> = chars.as_str().split(',').collect();
    let mut hands = [CardSet::EMPTY; 4];
    for (k, seat) in MD_ORDER.iter().enumerate().take(3) {
        hands[seat.index()] = hand(parts.get(k).copied().unwrap_or(""))?;
    }
    let known = hands.iter().fold(CardSet::EMPTY, |a, h| a | *h);
    hands[Direction::East.index()] = match parts.get(3).copied().unwrap_or("") {
        "" => CardSet::from_bits(CardSet::FULL.bits() & !known.bits()),
        text => hand(text)?,
    };
    Ok((dealer, hands))
}

/// Reads one call: `p`, `d`, `r`, `1C` … `7N`.
fn call(value: &str) -> Result<Call, String> {
    let v = value.trim().trim_end_matches('!');
    match v.to_ascii_lowercase().as_str() {
        "p" => Ok(Call::Pass),
        "d" => Ok(Call::Double),
        "r" => Ok(Call::Redouble),
        _ => v
            .parse::<Bid>()
            .map(Call::Bid)
            .map_err(|_| format!("'{value}' is not a call (p, d, r, 1C … 7N)")),
    }
}

/// Reads every board of a LIN file (each line holding `md|` is a board).
pub fn parse(text: &str) -> Result<Vec<Record>, FormatError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !line.contains("md|") {
            continue;
        }
        let place = format!("line {}", i + 1);
        out.push(board(line, &place, out.len())?);
    }
    if out.is_empty() {
        return Err(FormatError::at("LIN", "no board (no md| deal) in the file"));
    }
    Ok(out)
}

/// One board's line.
fn board(line: &str, place: &str, index: usize) -> Result<Record, FormatError> {
    let fields: Vec<&str> = line.trim().split('|').collect();
    let mut rec: Option<Record> = None;
    let mut board_no: Option<u32> = None;
    let mut vul: Option<Vulnerability> = None;
    let mut claim: Option<u8> = None;
    let mut calls = Vec::new();
    let mut cards = Vec::new();
    let err = |key: &str, message: String| FormatError::at(format!("{place}, {key}|"), message);
    for pair in fields.chunks(2) {
        let key = pair[0].trim().to_ascii_lowercase();
        let value = pair.get(1).copied().unwrap_or("");
        match key.as_str() {
            "md" => {
                let (dealer, hands) = md(value).map_err(|e| err("md", e))?;
                rec = Some(Record {
                    board: 0,
                    dealer,
                    vulnerability: Vulnerability::None,
                    hands,
                    calls: Vec::new(),
                    contract: None,
                    play: Vec::new(),
                    result: None,
                });
            }
            "sv" => {
                vul = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "o" | "0" | "" => Vulnerability::None,
                    "n" => Vulnerability::NS,
                    "e" => Vulnerability::EW,
                    "b" => Vulnerability::All,
                    v => {
                        return Err(err(
                            "sv",
                            format!("'{v}' is not a vulnerability (o, n, e, b)"),
                        ));
                    }
                });
            }
            "ah" => {
                board_no = value
                    .trim()
                    .strip_prefix("Board")
                    .and_then(|n| n.trim().parse().ok())
                    .or(board_no);
            }
            "qx" => {
                board_no = value
                    .trim()
                    .get(1..)
                    .and_then(|n| n.parse().ok())
                    .or(board_no);
            }
            "mb" => calls.push(call(value).map_err(|e| err("mb", e))?),
            "pc" => {
                let v = value.trim();
                let mut chars = v.chars();
                let suit = chars.next().unwrap_or(' ');
                let card: Card = format!("{}{suit}", chars.as_str())
                    .parse()
                    .map_err(|_| err("pc", format!("'{v}' is not a card (like SA or HT)")))?;
                cards.push(card);
            }
            "mc" => {
                claim = Some(
                    value
                        .trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|&t| t <= 13)
                        .ok_or_else(|| err("mc", format!("'{value}' is not a number of tricks")))?,
                );
            }
            _ => {}
        }
    }
    let mut rec = rec.ok_or_else(|| FormatError::at(place, "no md| deal"))?;
    rec.board = board_no.unwrap_or(index as u32 + 1);
    rec.vulnerability = vul.unwrap_or_else(|| Vulnerability::of_board(rec.board));
    rec.calls = calls;
    rec.play = cards;
    rec.check(place)?;
    if claim.is_some() {
        rec.result = claim;
    }
    Ok(rec)
}

/// One LIN hand: `SAKQ2HK5D9CAJT32`.
fn hand_text(set: CardSet) -> String {
    Suit::PBN_ORDER
        .iter()
        .map(|&s| format!("{}{}", s.letter().to_ascii_uppercase(), suit_string(set, s)))
        .collect()
}

/// Writes one board as a LIN line.
pub fn write(rec: &Record) -> String {
    let digit = match rec.dealer {
        Direction::South => 1,
        Direction::West => 2,
        Direction::North => 3,
        Direction::East => 4,
    };
    let hands: Vec<String> = MD_ORDER
        .iter()
        .map(|d| hand_text(rec.hands[d.index()]))
        .collect();
    let sv = match rec.vulnerability {
        Vulnerability::None => "o",
        Vulnerability::NS => "n",
        Vulnerability::EW => "e",
        Vulnerability::All => "b",
    };
    let mut out = format!(
        "pn|South,West,North,East|st||md|{digit}{}|rh||ah|Board {}|sv|{sv}|",
        hands.join(","),
        rec.board
    );
    for c in &rec.calls {
        let text = match c {
            Call::Pass => "p".to_string(),
            Call::Double => "d".to_string(),
            Call::Redouble => "r".to_string(),
            Call::Bid(b) => format!(
                "{}{}",
                b.level,
                if b.strain == Strain::NoTrump {
                    "N".to_string()
                } else {
                    b.to_string()[1..].to_string()
                }
            ),
        };
        out.push_str(&format!("mb|{text}|"));
    }
    if !rec.calls.is_empty() && !rec.play.is_empty() {
        out.push_str("pg||");
    }
    for card in &rec.play {
        let a = card.ascii();
        out.push_str(&format!("pc|{}{}|", a[1..].to_ascii_uppercase(), &a[..1]));
    }
    // A result the cards played do not give was a claim.
    if let (Some(r), true, Some(_)) = (rec.result, rec.play.len() < 52, rec.contract) {
        out.push_str(&format!("mc|{r}|"));
    }
    out.push_str("pg||\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "pn|a,b,c,d|st||md|3SAKQJHAKQDAKQCAKQ,S2H5432D5432C5432,S6543H876D876C876,|rh||ah|Board 3|sv|e|mb|p|mb|p|mb|7N!|an|all the tricks|mb|d|mb|r|mb|p|mb|p|mb|p|pg||pc|S2|pc|S3|pc|ST|pc|SA|pg||mc|13|pg||\n";

    #[test]
    fn reads_a_board() {
        let recs = parse(LINE).unwrap_or_else(|e| panic!("{e}"));
        let r = &recs[0];
        assert_eq!(
            (r.board, r.dealer, r.vulnerability),
            (3, Direction::North, Vulnerability::EW)
        );
        // md| names S, W, N and E is the rest.
        assert_eq!(r.hands[Direction::East.index()].len(), 13);
        assert!(
            r.hands[Direction::North.index()].contains("3s".parse().unwrap_or_else(|_| panic!()))
        );
        assert_eq!(
            r.contract.map(|c| c.to_string()).as_deref(),
            Some("7NTXX S")
        );
        assert_eq!(r.play.len(), 4);
        assert_eq!(r.result, Some(13));
    }

    #[test]
    fn round_trips() {
        let recs = parse(LINE).unwrap_or_else(|e| panic!("{e}"));
        let text = write(&recs[0]);
        assert_eq!(parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}")), recs);
        // And through PBN.
        let pbn = super::super::pbn::write(&recs[0], &[]);
        assert_eq!(
            super::super::pbn::parse(&pbn).unwrap_or_else(|e| panic!("{e}\n{pbn}")),
            recs
        );
    }

    #[test]
    fn bad_lines_name_the_key() {
        let e = |s: &str| parse(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(
            e("md|5SA|"),
            "line 1, md|: '5SA' must start with the dealer's digit 1–4"
        );
        assert!(e(&LINE.replace("mb|d|", "mb|q|")).starts_with("line 1, mb|: 'q' is not a call"));
        assert!(e(&LINE.replace("sv|e|", "sv|z|")).starts_with("line 1, sv|"));
        assert!(e(&LINE.replace("pc|S3|", "pc|H3|")).starts_with("line 1: card 2"));
        assert_eq!(e("hello"), "LIN: no board (no md| deal) in the file");
    }
}
