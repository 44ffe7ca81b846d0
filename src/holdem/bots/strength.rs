//! How strong every two-card hand is on a board: its made hand's place
//! among all the hands that could be held (the share of them it beats),
//! raised for draws before the river, and the board's texture. The hand
//! readers order ranges by this score; the bots describe their own hands
//! with [`describe`].

use super::classes::combo;
use crate::cards::{Card, CardSet, Suit};
use crate::holdem::eval::{Category, Hand, evaluate};

/// Draws of a hand before the river.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Draws {
    /// Four to a flush with at least one hole card.
    pub flush: bool,
    /// Eight outs to a straight (both ends open, or a double gutshot).
    pub open_ended: bool,
    /// Four outs to a straight.
    pub gutshot: bool,
}

impl Draws {
    /// Any draw worth betting or calling for.
    pub fn strong(self) -> bool {
        self.flush || self.open_ended
    }
}

/// The draws `hole` has on `board` (none on the river).
pub fn draws(hole: [Card; 2], board: &[Card]) -> Draws {
    if board.len() >= 5 || board.len() < 3 {
        return Draws::default();
    }
    let all: CardSet = board.iter().chain(&hole).copied().collect();
    let flush = Suit::ALL
        .iter()
        .any(|&s| all.suit_mask(s).count_ones() == 4 && hole.iter().any(|h| h.suit() == s));
    let ranks = rank_mask(all);
    let mine = hole.iter().fold(0u16, |m, c| m | 1 << c.rank().index());
    let (mut outs, mut open) = (0u16, false);
    // Straights A-5 (the ace low) to T-A: a missing rank completing one.
    for top in 3..13usize {
        let window: u16 = if top == 3 {
            0b1111 | 1 << 12
        } else {
            0b11111 << (top - 4)
        };
        let have = ranks & window;
        if have.count_ones() == 4 && have & mine != 0 && ranks & window != window {
            outs |= window & !ranks;
        }
    }
    if outs.count_ones() >= 2 {
        open = true;
    }
    Draws {
        flush,
        open_ended: open,
        gutshot: !open && outs.count_ones() == 1,
    }
}

/// The ranks present, one bit each (deuce = bit 0).
fn rank_mask(cards: CardSet) -> u16 {
    Suit::ALL.iter().fold(0, |m, &s| m | cards.suit_mask(s))
}

/// Every two-card hand's strength on one board.
#[derive(Debug, Clone)]
pub struct Scores {
    /// Per hand (by [`combo::index`]): 0 for the weakest, up to 1 for
    /// the nuts; hands using a board card are 0.
    pub score: Vec<f32>,
    /// The hands that could be held, strongest first.
    pub order: Vec<u16>,
}

impl Scores {
    /// The scores on `board` (three to five cards).
    pub fn on(board: &[Card]) -> Scores {
        let used: CardSet = board.iter().copied().collect();
        let base = board.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
        let all = combo::all();
        let mut live: Vec<(u16, u16)> = Vec::with_capacity(combo::COUNT);
        for (i, &[a, b]) in all.iter().enumerate() {
            if !used.contains(a) && !used.contains(b) {
                live.push((base.add(a).add(b).value().get(), i as u16));
            }
        }
        live.sort_unstable();
        let n = live.len() as f32;
        let mut score = vec![0f32; combo::COUNT];
        let mut i = 0;
        while i < live.len() {
            let mut j = i;
            while j < live.len() && live[j].0 == live[i].0 {
                j += 1;
            }
            // The share beaten, ties counted half.
            let made = (i as f32 + (j - i) as f32 / 2.0) / n;
            for &(_, c) in &live[i..j] {
                let d = draws(all[c as usize], board);
                score[c as usize] = with_draws(made, d, board.len());
            }
            i = j;
        }
        let mut order: Vec<u16> = live.iter().map(|&(_, c)| c).collect();
        order.sort_by(|&a, &b| score[b as usize].total_cmp(&score[a as usize]));
        Scores { score, order }
    }
}

/// A made hand's score raised for its draws: a draw counts like the made
/// hands its outs would reach (half as much with one card to come).
fn with_draws(made: f32, d: Draws, board: usize) -> f32 {
    let lift: f32 = if d.flush && d.open_ended {
        0.5
    } else if d.flush {
        0.35
    } else if d.open_ended {
        0.3
    } else if d.gutshot {
        0.12
    } else {
        0.0
    };
    let lift = if board == 4 { lift * 0.5 } else { lift };
    made + (1.0 - made) * lift
}

/// The board's texture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Texture {
    /// Three or more of a suit (a flush possible), or two on the flop.
    pub suited: bool,
    /// Three ranks within five (straights possible or near).
    pub connected: bool,
    /// A pair or more on the board.
    pub paired: bool,
    /// The highest board card is a ten or better.
    pub high: bool,
}

impl Texture {
    /// The texture of `board`.
    pub fn of(board: &[Card]) -> Texture {
        let set: CardSet = board.iter().copied().collect();
        let most = Suit::ALL
            .iter()
            .map(|&s| set.suit_mask(s).count_ones())
            .max()
            .unwrap_or(0);
        let ranks = rank_mask(set);
        let wheel = ranks | (ranks >> 12 & 1);
        Texture {
            suited: most >= 3 || (board.len() == 3 && most == 2),
            connected: (0..9).any(|lo| (ranks >> lo & 0x1F).count_ones() >= 3)
                || (wheel & 0b1111).count_ones() >= 3,
            paired: (ranks.count_ones() as usize) < board.len(),
            high: board.iter().any(|c| c.rank().index() >= 8),
        }
    }

    /// Draws are likely: suits or connected ranks.
    pub fn wet(self) -> bool {
        self.suited || self.connected
    }

    /// A few words: "a dry king-high board", "a wet board".
    pub fn words(self) -> &'static str {
        match (self.wet(), self.paired) {
            (true, true) => "a wet paired board",
            (true, false) => "a wet board",
            (false, true) => "a dry paired board",
            (false, false) => "a dry board",
        }
    }
}

/// What the hole cards make on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Made {
    /// Nothing of their own (the board may pair).
    Nothing,
    /// A pair below the board's second card, or a pocket pair below its
    /// top card.
    WeakPair,
    /// A pair with the board's second card.
    MiddlePair,
    /// A pair with the board's top card.
    TopPair,
    /// A pocket pair above the board.
    Overpair,
    /// Two pair or better of their own (this category, when better than
    /// the board's).
    Better(Category),
}

/// What `hole` makes on `board`.
pub fn made(hole: [Card; 2], board: &[Card]) -> Made {
    let set: CardSet = board.iter().chain(&hole).copied().collect();
    let mine = evaluate(set).category();
    let alone = board_category(board);
    // Two pair with a pair of the board's is one pair of the hand's own.
    let board_pair = mine == Category::TwoPair && alone == Category::OnePair;
    if mine >= Category::TwoPair && mine > alone && !board_pair {
        return Made::Better(mine);
    }
    let mut ranks: Vec<usize> = board.iter().map(|c| c.rank().index()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks.dedup();
    let top = ranks.first().copied().unwrap_or(0);
    let (h0, h1) = (hole[0].rank().index(), hole[1].rank().index());
    if h0 == h1 {
        return if h0 > top {
            Made::Overpair
        } else {
            Made::WeakPair
        };
    }
    match [h0, h1].into_iter().filter(|r| ranks.contains(r)).max() {
        Some(r) if r == top => Made::TopPair,
        Some(r) if ranks.get(1) == Some(&r) => Made::MiddlePair,
        Some(_) => Made::WeakPair,
        None => Made::Nothing,
    }
}

/// The category the board makes alone (under five cards: by its pairs).
fn board_category(board: &[Card]) -> Category {
    if board.len() >= 5 {
        return evaluate(board.iter().copied().collect()).category();
    }
    let mut counts = [0u8; 13];
    for c in board {
        counts[c.rank().index()] += 1;
    }
    let pairs = counts.iter().filter(|&&n| n == 2).count();
    match counts.iter().copied().max().unwrap_or(0) {
        4 => Category::FourOfAKind,
        3 => Category::ThreeOfAKind,
        2 if pairs == 2 => Category::TwoPair,
        2 => Category::OnePair,
        _ => Category::HighCard,
    }
}

/// What a hand makes on a board, in a player's words: "top pair",
/// "a flush draw", "two pair", "nothing".
pub fn describe(hole: [Card; 2], board: &[Card]) -> String {
    let d = draws(hole, board);
    let draw = if d.flush && d.open_ended {
        Some("a combo draw")
    } else if d.flush {
        Some("a flush draw")
    } else if d.open_ended {
        Some("an open-ended straight draw")
    } else if d.gutshot {
        Some("a gutshot")
    } else {
        None
    };
    let words = match made(hole, board) {
        Made::Nothing => None,
        Made::WeakPair => Some("a weak pair"),
        Made::MiddlePair => Some("middle pair"),
        Made::TopPair => Some("top pair"),
        Made::Overpair => Some("an overpair"),
        Made::Better(c) => Some(c.name()),
    };
    match (words, draw) {
        (Some(m), Some(d)) => format!("{m} and {d}"),
        (Some(m), None) => m.to_string(),
        (None, Some(d)) => d.to_string(),
        (None, None) => "nothing".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s).expect("cards")
    }

    fn two(s: &str) -> [Card; 2] {
        let v = cards(s);
        [v[0], v[1]]
    }

    #[test]
    fn draws_are_found() {
        let d = draws(two("9h Th"), &cards("Jh 8c 2h 3s"));
        assert!(d.flush && d.open_ended);
        assert!(draws(two("9c Td"), &cards("Jh 8c 2s")).open_ended);
        assert!(draws(two("Ac 4d"), &cards("2h 3c 9s")).gutshot);
        // The wheel's ace low.
        assert!(draws(two("Ac 2d"), &cards("3h 4c 9s")).gutshot);
        assert!(draws(two("9c Td"), &cards("Jh 8c 2s 4d 5d")) == Draws::default());
        assert!(!draws(two("Kc Qd"), &cards("2h 7c 9s")).strong());
    }

    #[test]
    fn scores_order_hands_on_a_board() {
        let board = cards("Kd 8s 3h");
        let s = Scores::on(&board);
        let of = |h: &str| {
            let [a, b] = two(h);
            s.score[combo::index(a, b)]
        };
        assert!(of("Kc 8d") > of("Ks Qh"));
        assert!(of("Ks Qh") > of("8c 7c"));
        assert!(of("8c 7c") > of("6c 2d"));
        // A draw is worth more than nothing.
        assert!(of("Tc 9c") > of("Tc 2d"));
        assert!(of("3c 3d") > 0.97);
        let [a, b] = two(&format!("{} {}", "Kd", "2c"));
        assert_eq!(s.score[combo::index(a, b)], 0.0);
        assert_eq!(s.order.len(), 1176);
        assert_eq!(s.order[0] as usize, {
            let [a, b] = two("Kc Kh");
            combo::index(a, b)
        });
    }

    #[test]
    fn textures_and_words() {
        assert!(Texture::of(&cards("Jh Th 9c")).wet());
        assert!(!Texture::of(&cards("Kd 7s 2c")).wet());
        assert!(Texture::of(&cards("Kd Ks 2c")).paired);
        assert_eq!(describe(two("Kc 2d"), &cards("Kd 8s 3h")), "top pair");
        assert_eq!(describe(two("As Ad"), &cards("Kd 8s 3h")), "an overpair");
        assert_eq!(describe(two("8c 2d"), &cards("Kd 8s 3h")), "middle pair");
        assert_eq!(describe(two("Ac Qd"), &cards("Kd 8s 3h")), "nothing");
        assert_eq!(describe(two("Kc 8d"), &cards("Kd 8s 3h")), "two pair");
        assert_eq!(describe(two("9h Th"), &cards("Jh 8c 2h")), "a combo draw");
        assert_eq!(describe(two("Ac Qd"), &cards("8d 8s 3h 2c 5d")), "nothing");
        // A pair on the board is not the hand's own two pair.
        assert_eq!(made(two("3c Qd"), &cards("8d 8s 3h")), Made::MiddlePair);
        assert_eq!(made(two("Tc Td"), &cards("5h 7s 7c")), Made::Overpair);
        assert_eq!(made(two("Kd 2s"), &cards("9d 8c Kh 7s 8s")), Made::TopPair);
        assert_eq!(
            made(two("8c Qd"), &cards("8d 8s 3h")),
            Made::Better(Category::ThreeOfAKind)
        );
    }
}
