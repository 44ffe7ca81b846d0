//! What the bots read from cards: a preflop strength percentile (the Chen
//! formula ranked over all 1,326 starting hands), made hands and draws
//! after the flop, board texture, and Monte Carlo equity against
//! opponents' ranges.

use std::sync::OnceLock;

use rand::Rng;

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::GameRng;
use crate::holdem::eval::{Category, Hand, HandValue, evaluate};

/// The Chen formula's score of two hole cards (higher is better).
pub fn chen(hole: [Card; 2]) -> f64 {
    let points = |r: Rank| match r {
        Rank::Ace => 10.0,
        Rank::King => 8.0,
        Rank::Queen => 7.0,
        Rank::Jack => 6.0,
        r => (r.index() as f64 + 2.0) / 2.0,
    };
    let (hi, lo) = if hole[0].rank() >= hole[1].rank() {
        (hole[0], hole[1])
    } else {
        (hole[1], hole[0])
    };
    if hi.rank() == lo.rank() {
        return (points(hi.rank()) * 2.0).max(5.0);
    }
    let mut s = points(hi.rank());
    if hi.suit() == lo.suit() {
        s += 2.0;
    }
    let gap = hi.rank().index() - lo.rank().index() - 1;
    s -= [0.0, 1.0, 2.0, 4.0, 5.0][gap.min(4)];
    if gap <= 1 && hi.rank() < Rank::Queen {
        s += 1.0;
    }
    s
}

/// The share of starting hands at most as strong as `hole` (1.0 for aces,
/// near 0 for seven-deuce offsuit).
pub fn preflop_percentile(hole: [Card; 2]) -> f64 {
    static TABLE: OnceLock<Vec<f32>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut scored: Vec<(f64, usize)> = Vec::with_capacity(1326);
        for a in 0..52u8 {
            for b in a + 1..52 {
                let (ca, cb) = (card(a), card(b));
                scored.push((chen([ca, cb]), pair_index(ca, cb)));
            }
        }
        scored.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut t = vec![0f32; 52 * 52];
        let mut i = 0;
        while i < scored.len() {
            let mut j = i;
            while j < scored.len() && scored[j].0 == scored[i].0 {
                j += 1;
            }
            for &(_, idx) in &scored[i..j] {
                t[idx] = j as f32 / scored.len() as f32;
            }
            i = j;
        }
        t
    });
    f64::from(table[pair_index(hole[0], hole[1])])
}

fn card(i: u8) -> Card {
    Card::from_index(i).unwrap_or_else(|| unreachable!("below 52"))
}

fn pair_index(a: Card, b: Card) -> usize {
    let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
    lo * 52 + hi
}

/// A made hand after the flop, in the bots' words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Made {
    /// Nothing of our own (the board may still pair).
    Nothing,
    /// A pair below the top board card, or a pocket pair below it.
    WeakPair,
    /// Top pair or an overpair.
    TopPair,
    /// Two pair or better, using a hole card.
    Strong,
}

/// How `hole` plays on `board` (three to five cards).
pub fn made_hand(hole: [Card; 2], board: &[Card]) -> Made {
    let b: CardSet = board.iter().copied().collect();
    let mine = evaluate(b | hole.iter().copied().collect());
    let cat = mine.category();
    let board_cat = if board.len() >= 5 {
        evaluate(b).category()
    } else {
        board_category(board)
    };
    if cat >= Category::TwoPair && cat > board_cat {
        return Made::Strong;
    }
    let top = board.iter().map(|c| c.rank()).max().unwrap_or(Rank::Two);
    let paired = |r: Rank| board.iter().any(|c| c.rank() == r);
    let pocket = hole[0].rank() == hole[1].rank();
    if pocket && hole[0].rank() > top {
        return Made::TopPair;
    }
    if hole.iter().any(|c| c.rank() == top) {
        return Made::TopPair;
    }
    if pocket || hole.iter().any(|c| paired(c.rank())) {
        return Made::WeakPair;
    }
    Made::Nothing
}

/// The category the board makes alone (fewer than five cards: pairs only).
fn board_category(board: &[Card]) -> Category {
    let mut counts = [0u8; 13];
    for c in board {
        counts[c.rank().index()] += 1;
    }
    let max = counts.iter().copied().max().unwrap_or(0);
    let pairs = counts.iter().filter(|&&c| c == 2).count();
    match (max, pairs) {
        (4, _) => Category::FourOfAKind,
        (3, _) => Category::ThreeOfAKind,
        (_, 2) => Category::TwoPair,
        (2, _) => Category::OnePair,
        _ => Category::HighCard,
    }
}

/// Draws: a four-card flush draw or an open-ended straight draw using a
/// hole card (only before the river).
pub fn has_draw(hole: [Card; 2], board: &[Card]) -> bool {
    if board.len() >= 5 {
        return false;
    }
    let all: CardSet = board.iter().chain(&hole).copied().collect();
    let flush = hole
        .iter()
        .any(|h| all.suit_mask(h.suit()).count_ones() == 4);
    let ranks = Suit::ALL.iter().fold(0u16, |m, &s| m | all.suit_mask(s));
    let hole_ranks = hole.iter().fold(0u16, |m, c| m | 1 << c.rank().index());
    let open_ended = (0..=8).any(|lo| {
        let window = 0b1111u16 << lo;
        ranks & window == window
            && hole_ranks & window != 0
            && (lo > 0 && ranks >> (lo - 1) & 1 == 0)
            && (lo + 4 <= 12 && ranks >> (lo + 4) & 1 == 0)
    });
    flush || open_ended
}

/// A wet board: two or more of a suit with three or more cards, or three
/// cards within five ranks of each other.
pub fn is_wet(board: &[Card]) -> bool {
    let set: CardSet = board.iter().copied().collect();
    let suited = Suit::ALL.iter().any(|&s| {
        set.suit_mask(s).count_ones() >= 3
            || (board.len() == 3 && set.suit_mask(s).count_ones() == 2)
    });
    let ranks = Suit::ALL.iter().fold(0u16, |m, &s| m | set.suit_mask(s));
    let connected = (0..9).any(|lo| (ranks >> lo & 0x1F).count_ones() >= 3);
    suited || connected
}

/// What a bot believes an opponent holds: hands are drawn uniformly and
/// kept only if their preflop percentile is at least `min_percentile`,
/// and (with `min_made`) if they make at least that on the board or draw.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// Weakest preflop percentile kept.
    pub min_percentile: f64,
    /// After the flop, keep only hands making at least this, or drawing.
    pub min_made: Option<Made>,
    /// After the flop, drop hands making more than this.
    pub max_made: Option<Made>,
}

impl Range {
    fn admits(&self, hole: [Card; 2], board: &[Card]) -> bool {
        if preflop_percentile(hole) < self.min_percentile {
            return false;
        }
        if board.len() < 3 || (self.min_made.is_none() && self.max_made.is_none()) {
            return true;
        }
        let made = made_hand(hole, board);
        self.max_made.is_none_or(|m| made <= m)
            && self
                .min_made
                .is_none_or(|m| made >= m || has_draw(hole, board))
    }
}

/// Monte Carlo equity of `hole` on `board` against one hand from each of
/// `ranges`: the share of `samples` deals won (ties shared).
pub fn equity(
    hole: [Card; 2],
    board: &[Card],
    ranges: &[Range],
    samples: u32,
    rng: &mut GameRng,
) -> f64 {
    let known: CardSet = board.iter().chain(&hole).copied().collect();
    let live: Vec<Card> = Card::all().filter(|c| !known.contains(*c)).collect();
    let board_hand = board.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
    let mut total = 0.0;
    let mut deck = live.clone();
    for _ in 0..samples {
        let mut used = 0usize;
        let mut draw = |rng: &mut GameRng, used: &mut usize| -> Card {
            let j = rng.random_range(*used..deck.len());
            deck.swap(*used, j);
            *used += 1;
            deck[*used - 1]
        };
        let mut opp = [[live[0]; 2]; 8];
        for (k, range) in ranges.iter().enumerate().take(8) {
            // Rejection sampling, a few tries before taking any hand.
            let mark = used;
            for attempt in 0..12 {
                used = mark;
                let h = [draw(rng, &mut used), draw(rng, &mut used)];
                opp[k] = h;
                if attempt == 11 || range.admits(h, board) {
                    break;
                }
            }
        }
        let mut full = board_hand;
        for _ in board.len()..5 {
            full = full.add(draw(rng, &mut used));
        }
        let me = full.add(hole[0]).add(hole[1]).value();
        let mut best = HandValue::default();
        let mut count = 0;
        for h in &opp[..ranges.len().min(8)] {
            let v = full.add(h[0]).add(h[1]).value();
            if v > best {
                best = v;
                count = 1;
            } else if v == best {
                count += 1;
            }
        }
        if best < me {
            total += 1.0;
        } else if best == me {
            total += 1.0 / (f64::from(count) + 1.0);
        }
    }
    total / f64::from(samples.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::game::rng_from_seed;

    impl Range {
        const ANY: Range = Range {
            min_percentile: 0.0,
            min_made: None,
            max_made: None,
        };
    }

    fn two(s: &str) -> [Card; 2] {
        let v = parse_cards(s).expect("cards");
        [v[0], v[1]]
    }

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s).expect("cards")
    }

    #[test]
    fn preflop_order() {
        assert_eq!(preflop_percentile(two("AsAh")), 1.0);
        assert!(preflop_percentile(two("AsKs")) > preflop_percentile(two("9c9d")) - 0.05);
        assert!(preflop_percentile(two("7c2d")) < 0.05);
        assert!(preflop_percentile(two("JsTs")) > preflop_percentile(two("Js4d")));
    }

    #[test]
    fn made_hands_and_draws() {
        let board = cards("Kd 8s 3h");
        assert_eq!(made_hand(two("Kc 2d"), &board), Made::TopPair);
        assert_eq!(made_hand(two("As Ad"), &board), Made::TopPair);
        assert_eq!(made_hand(two("8c 2d"), &board), Made::WeakPair);
        assert_eq!(made_hand(two("Kc 8d"), &board), Made::Strong);
        assert_eq!(made_hand(two("Ac Qd"), &board), Made::Nothing);
        // A paired board alone is not our two pair.
        assert_eq!(made_hand(two("Ac Qd"), &cards("8d 8s 3h")), Made::Nothing);
        assert!(has_draw(two("9h Th"), &cards("Jh 8c 2h 3h")));
        assert!(has_draw(two("9c Td"), &cards("Jh 8c 2s")));
        assert!(!has_draw(two("9c Td"), &cards("Jh 8c 2s 4d 5d")));
        assert!(is_wet(&cards("Jh Th 9c")));
        assert!(!is_wet(&cards("Kd 7s 2c")));
    }

    /// Exact equity against one random hand on a full board, by brute force.
    fn exact_river(hole: [Card; 2], board: &[Card]) -> f64 {
        let all = |h: &[Card]| -> HandValue { evaluate(board.iter().chain(h).copied().collect()) };
        let me = all(&hole);
        let used: CardSet = board.iter().chain(&hole).copied().collect();
        let live: Vec<Card> = Card::all().filter(|c| !used.contains(*c)).collect();
        let (mut sum, mut n) = (0.0, 0.0);
        for i in 0..live.len() {
            for j in i + 1..live.len() {
                let v = all(&[live[i], live[j]]);
                sum += if me > v {
                    1.0
                } else if me == v {
                    0.5
                } else {
                    0.0
                };
                n += 1.0;
            }
        }
        sum / n
    }

    #[test]
    fn monte_carlo_equity_matches_brute_force() {
        let mut rng = rng_from_seed(5);
        for (h, b) in [
            ("Ah Kd", "Ks 7c 2d 9h 4s"),
            ("8c 8d", "As Kh Qd 3c 2s"),
            ("5h 6h", "7h 8h Ac 2d 2c"),
        ] {
            let (hole, board) = (two(h), cards(b));
            let exact = exact_river(hole, &board);
            let mc = equity(hole, &board, &[Range::ANY], 20_000, &mut rng);
            assert!(
                (exact - mc).abs() < 0.015,
                "{h} on {b}: exact {exact}, MC {mc}"
            );
        }
        // Aces against a random hand before the flop: about 85%.
        let e = equity(two("As Ah"), &[], &[Range::ANY], 20_000, &mut rng);
        assert!((e - 0.852).abs() < 0.015, "{e}");
        // A narrow range is harder to beat than any two cards.
        let tight = Range {
            min_percentile: 0.9,
            ..Range::ANY
        };
        let vs_tight = equity(two("Kc Qd"), &[], &[tight], 20_000, &mut rng);
        let vs_any = equity(two("Kc Qd"), &[], &[Range::ANY], 20_000, &mut rng);
        assert!(vs_tight + 0.1 < vs_any, "{vs_tight} vs {vs_any}");
    }
}
