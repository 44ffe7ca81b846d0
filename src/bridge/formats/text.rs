//! The written forms of a bridge deal: a PBN record and a text diagram.

use crate::bridge::board::{BridgeDeal, Direction};
use crate::cards::pbn::{hand_string, suit_string};
use crate::cards::{CardSet, Suit};

/// The PBN `Deal` tag value: `N:` then the four hands clockwise from North.
pub fn pbn_deal(deal: &BridgeDeal) -> String {
    let hands: Vec<String> = deal.hands.iter().map(|h| hand_string(*h)).collect();
    format!("N:{}", hands.join(" "))
}

/// A PBN record for one board: Board, Dealer, Vulnerable and Deal tags.
pub fn pbn_record(deal: &BridgeDeal) -> String {
    format!(
        "[Board \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n",
        deal.board,
        deal.dealer().letter(),
        deal.vulnerability().pbn(),
        pbn_deal(deal)
    )
}

/// The four suit lines of a hand, each `♠ AKQ2` (or `S AKQ2` in ASCII),
/// a void shown as `-`.
fn hand_lines(hand: CardSet, ascii: bool) -> Vec<String> {
    Suit::PBN_ORDER
        .iter()
        .map(|&suit| {
            let ranks = suit_string(hand, suit);
            let ranks = if ranks.is_empty() {
                "-".to_string()
            } else {
                ranks
            };
            let mark = if ascii {
                suit.letter().to_ascii_uppercase()
            } else {
                suit.glyph()
            };
            format!("{mark} {ranks}")
        })
        .collect()
}

/// A hand diagram: North on top, West and East beside each other, South
/// below, with the board, dealer and vulnerability in the corner.
pub fn diagram(deal: &BridgeDeal, ascii: bool) -> String {
    const WIDTH: usize = 20;
    let seat = |d: Direction| hand_lines(deal.hand(d), ascii);
    let pad = |s: &str| format!("{s:<WIDTH$}");
    let mut out = String::new();
    let corner = [
        format!("Board {}", deal.board),
        format!("Dealer {}", deal.dealer().letter()),
        format!("Vul {}", deal.vulnerability().pbn()),
        String::new(),
    ];
    for (c, n) in corner.iter().zip(seat(Direction::North)) {
        out.push_str(format!("{}{}", pad(c), n).trim_end());
        out.push('\n');
    }
    for (w, e) in seat(Direction::West).iter().zip(seat(Direction::East)) {
        out.push_str(&format!("{}{}{}", pad(w), pad(""), e));
        out.push('\n');
    }
    for s in seat(Direction::South) {
        out.push_str(&format!("{}{}", pad(""), s));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;

    fn sample() -> BridgeDeal {
        let h = |s| parse_hand(s).unwrap_or_default();
        BridgeDeal {
            board: 3,
            hands: [
                h("AKQJ.AKQ.AKQ.AKQ"),
                h("T987.JT9.JT9.JT9"),
                h("6543.876.876.876"),
                h("2.5432.5432.5432"),
            ],
        }
    }

    #[test]
    fn pbn_record_has_all_tags() {
        assert_eq!(
            pbn_record(&sample()),
            "[Board \"3\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n\
             [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n"
        );
    }

    #[test]
    fn diagram_places_the_seats() {
        let text = diagram(&sample(), true);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12);
        assert_eq!(lines[0], "Board 3             S AKQJ");
        assert_eq!(lines[4], "S 2                                     S T987");
        assert_eq!(lines[8], "                    S 6543");
        assert!(diagram(&sample(), false).contains("♠ AKQJ"));
    }
}
