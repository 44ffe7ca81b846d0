//! The search's node: cards as bits, the tricks of the path, the
//! searcher's state, and the memory of the cards that cut off (what move
//! ordering and the search both read).

use super::bounds::lane;
use super::tt::Tt;

/// A card as its bit in the 64-bit card word: suit * 16 + rank.
pub type Bit = u8;

/// One trick of the search path.
#[derive(Clone, Copy, Default, Debug)]
pub struct Frame {
    /// The seat that led it.
    pub leader: usize,
    /// Every card out when it began (the cards played to it included).
    pub all: u64,
    /// The cards played to it so far, in order from the leader.
    pub cards: [Bit; 4],
    /// The position (0–3) of the card winning it so far.
    pub winning: usize,
    /// Every hand's cards in relative ranks when it began, if known.
    pub rel: Option<[u64; 4]>,
}

/// The searcher: the hands left, the trump, the table, and the tricks of
/// the path being searched.
#[derive(Debug)]
pub struct Search<'t> {
    /// Each seat's cards (North, East, South, West), in `CardSet` layout.
    pub hands: [u64; 4],
    /// The trump suit's index (clubs 0 … spades 3), 4 for no trump.
    pub trump: usize,
    /// Every seat's length in every suit (four bits each).
    pub shape: u64,
    /// The transposition table.
    pub tt: &'t mut Tt,
    /// The cards that last cut off, by situation.
    pub cuts: &'t mut Cuts,
    /// Nodes searched.
    pub nodes: u64,
    /// The path's tricks, by tricks left (1–13).
    pub frames: [Frame; 14],
    /// The lead that last cut the search off, by tricks left (the best
    /// lead to store).
    pub cut_lead: [Bit; 14],
}

/// Every seat's length in every suit, four bits each.
pub fn shape_of(hands: &[u64; 4]) -> u64 {
    let mut shape = 0;
    for (seat, h) in hands.iter().enumerate() {
        for s in 0..4 {
            shape |= u64::from(lane(*h, s).count_ones()) << (4 * (seat * 4 + s));
        }
    }
    shape
}

/// Whether card `c` beats card `w` with trump index `trump`.
#[inline]
pub fn beats(c: Bit, w: Bit, trump: usize) -> bool {
    if c >> 4 == w >> 4 {
        c > w
    } else {
        usize::from(c >> 4) == trump
    }
}

/// The cards that last cut the search off, by what the seat to play sees
/// of the trick: its whole hand when it leads, the suit led and the card
/// winning when it follows, its hand and the winning card when it cannot
/// follow. A card found here is tried first when it can be played again.
#[derive(Clone)]
pub struct Cuts {
    slots: Vec<u64>,
}

impl std::fmt::Debug for Cuts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cuts")
            .field("slots", &self.slots.len())
            .finish()
    }
}

/// Cut memory slots.
const CUT_BITS: u32 = 16;

impl Default for Cuts {
    fn default() -> Cuts {
        Cuts {
            slots: vec![0; 1 << CUT_BITS],
        }
    }
}

impl Cuts {
    /// The situation of `seat` at place `k` of the trick with `n` left.
    #[inline]
    pub fn key(search: &Search, n: usize, k: usize, seat: usize) -> u64 {
        let f = &search.frames[n];
        let hand = search.hands[seat];
        let raw = if k == 0 {
            hand
        } else {
            let led = usize::from(f.cards[0] >> 4);
            let wc = u64::from(f.cards[f.winning]);
            if lane(hand, led) != 0 {
                (lane(f.all, led) << (16 * led)) ^ wc << 58 ^ 1 << 57
            } else {
                hand ^ wc << 58
            }
        };
        (raw ^ (seat as u64) << 62 ^ (k as u64) << 53).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
    }

    /// The card stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Bit> {
        let e = self.slots[(key >> (64 - CUT_BITS)) as usize];
        (e >> 8 == key >> 8).then_some((e & 0xFF) as Bit)
    }

    /// Remembers that `card` cut off in situation `key`.
    #[inline]
    pub fn put(&mut self, key: u64, card: Bit) {
        self.slots[(key >> (64 - CUT_BITS)) as usize] = (key & !0xFF) | u64::from(card);
    }
}
