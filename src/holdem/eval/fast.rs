//! The fast evaluator: hand values from tables, one card at a time.
//!
//! A hand is two words ([`Hand`]). The first adds up, for every card, its
//! rank's key (low 32 bits) and a one in its suit's 4-bit counter (high
//! 32 bits, each counter starting at 3 so that its top bit lights up at the
//! fifth card of a suit). The rank keys are chosen so that every multiset
//! of up to seven ranks has its own sum. The second word is the
//! [`CardSet`] of the cards.
//!
//! Without a flush the value depends only on the ranks: the key sum goes
//! through a perfect hash (row displacement: the key's low 14 bits pick a
//! row offset, the rest is added to it) into a table of values. With a
//! flush (at most one suit can have five of seven cards, and then no full
//! house or quads is possible) the 13-bit rank mask of that suit indexes
//! a table of flush values.
//!
//! Enumerations get more shortcuts. [`Sevenths`]: a six-card hand looks
//! up once the row of values for each seventh rank, spread over the 52
//! cards, and each seventh card then costs one load. [`Sixths`]: a
//! five-card hand looks up once the block of rows for each sixth rank, so
//! each sixth card gets its [`Sevenths`] with no hashing; and
//! [`Sixths::for_each_pair_above`] runs the last two levels of an
//! enumeration in index order itself: unless the five hold three of a
//! suit there is no flush check per sixth card, and unless the six hold
//! four of a suit the last card is a plain loop reading the sixth rank's
//! row by the seventh card's rank. Many unrelated seven-card hands go
//! faster through [`Evaluator::values_into`] (see `batch`), sixteen at a
//! time in vector registers where the CPU has AVX-512.
//!
//! Tables are built once, on first use, from the reference ranker: five
//! ranks are ranked by it, six and seven ranks take the best of dropping
//! one rank. The first call in a fresh process takes about 10 ms (best of
//! six runs on the project's 2-core machine at load average 10, listing
//! the 7,462 classes included; a warm rebuild 7 ms): mostly the six- and
//! seven-rank multisets' look-ups of their subsets; the perfect-hash
//! search is about a millisecond since it skips offsets already tried
//! (see `perfect_hash`). Sizes: the
//! rank-value table, 2 bytes a slot, uses 92,902 slots (181 KB of 256 KB
//! allocated; a minimal hash would use 73,775, one per multiset of 5, 6 or
//! 7 ranks, but takes 0.25 s to find), its row offsets 16,384 × 4 bytes
//! (64 KB), the flush values and the per-suit key sums 8,192 entries each
//! (16 KB and 32 KB); for enumerations, 18,395 six-rank rows of 13 values
//! (467 KB) and the row index of five- and six-rank slots (181 KB used).
//! The five-rank blocks of [`Sixths`], 6,175 of 13 × 13 values (2.1 MB),
//! are copied from those rows on the first call of [`Evaluator::sixths`]
//! (1.4 ms).

mod batch;

use std::sync::{LazyLock, OnceLock};

use crate::cards::{Card, CardSet, Rank, Suit};

use super::{HandValue, class_value, offsuit, reference};

/// Each rank's key, deuce first: all sums of up to seven of them (no key
/// more than four times) differ. Found by a greedy search taking, rank
/// after rank, the smallest key that keeps the sums distinct; the test
/// below checks the property.
pub(crate) const RANK_KEYS: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/// Where the suit counters start in the key word.
const SUIT_SHIFT: u32 = 32;
/// Each suit counter starts at 3, so its top bit is set at five cards.
const EMPTY_KEY: u64 = 0x3333 << SUIT_SHIFT;
/// The counters' top bits: a flush.
const FLUSH_BITS: u64 = 0x8888 << SUIT_SHIFT;
/// The perfect hash's row is the key's low `ROW_BITS` bits (they spread
/// evenly), its column the rest.
const ROW_BITS: u32 = 14;
const ROW_MASK: u32 = (1 << ROW_BITS) - 1;
const ROWS: usize = 1 << ROW_BITS;
/// The rank-value table's length: a power of two above the 73,775 slots
/// used, so a masked index needs no bounds check (the rest is never read).
const RANK_SLOTS: usize = 1 << 17;
/// The mark of a suit with five cards or more in a mask's key sum (above
/// every sum of seven rank keys).
const FIVE_OF_A_SUIT: u32 = 1 << 31;
/// Flush values by 13-bit rank mask.
const FLUSH_SLOTS: usize = 1 << 13;

/// Each card's key: its rank key plus one in its suit's counter (64
/// entries so that a masked card index needs no bounds check).
const CARD_KEYS: [u64; 64] = {
    let mut keys = [0u64; 64];
    let mut i = 0;
    while i < 52 {
        keys[i] = RANK_KEYS[i / 4] as u64 + (1u64 << (SUIT_SHIFT + 4 * (i as u32 % 4)));
        i += 1;
    }
    keys
};

/// Each card's bit in a [`CardSet`].
const CARD_BITS: [u64; 64] = {
    let mut bits = [0u64; 64];
    let mut i = 0;
    while i < 52 {
        bits[i] = 1u64 << ((i as u32 % 4) * 16 + i as u32 / 4);
        i += 1;
    }
    bits
};

/// A hand being built one card at a time: cheap to copy and to extend, so
/// an enumeration extends a shared prefix rather than starting over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    key: u64,
    mask: u64,
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::EMPTY
    }
}

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand {
        key: EMPTY_KEY,
        mask: 0,
    };

    /// This hand with `card` added (the card must not be in it already).
    #[inline(always)]
    #[must_use]
    pub const fn add(self, card: Card) -> Hand {
        let i = card.index() & 63;
        Hand {
            key: self.key + CARD_KEYS[i],
            mask: self.mask | CARD_BITS[i],
        }
    }

    /// This hand with every card of `other` added (no card may be in both).
    #[inline(always)]
    #[must_use]
    pub const fn combine(self, other: Hand) -> Hand {
        Hand {
            key: self.key + other.key - EMPTY_KEY,
            mask: self.mask | other.mask,
        }
    }

    /// The hand of these cards.
    pub fn of(cards: CardSet) -> Hand {
        cards.iter().fold(Hand::EMPTY, Hand::add)
    }

    /// The cards.
    pub const fn cards(self) -> CardSet {
        CardSet::from_bits(self.mask)
    }

    /// How many cards.
    pub const fn len(self) -> usize {
        self.mask.count_ones() as usize
    }

    /// True when there are no cards.
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// The sum of the rank keys: what the value of a hand without a flush
    /// depends on.
    #[inline(always)]
    pub(crate) const fn rank_key(self) -> u32 {
        self.key as u32
    }

    /// The value of a hand of five to seven cards.
    #[inline]
    pub fn value(self) -> HandValue {
        Evaluator::get().value(self)
    }
}

/// The tables. Get them with [`Evaluator::get`] and keep the reference in
/// a hot loop.
#[derive(Debug)]
pub struct Evaluator {
    /// Row offsets of the perfect hash, by the key's low `ROW_BITS` bits.
    offsets: Box<[u32; ROWS]>,
    /// Values of the non-flush hands, by perfect hash of the rank key (one
    /// entry more than the slots: the batch path reads two at a time).
    ranks: Box<[u16; RANK_SLOTS + 1]>,
    /// How many slots of `ranks` are used.
    slots: usize,
    /// Values of flushes, by the 13-bit rank mask of the flush suit.
    flushes: Box<[u16; FLUSH_SLOTS]>,
    /// The sum of the rank keys of a 13-bit rank mask, plus
    /// `FIVE_OF_A_SUIT` when the mask has five ranks or more (no popcount
    /// needed; of seven cards only one suit can have five).
    mask_keys: Box<[u32; FLUSH_SLOTS]>,
    /// For a six-card rank key's slot: its row in `sevenths`; for a
    /// five-card rank key's slot: its block in `sixths`.
    rows: Box<[u16; RANK_SLOTS]>,
    /// By six-rank multiset (row) and a seventh rank: the non-flush value.
    sevenths: Box<[[u16; 13]]>,
    /// By five-rank multiset (block), a sixth and a seventh rank: the
    /// non-flush value. Built on first use.
    sixths: OnceLock<Box<[Block]>>,
}

/// A five-rank multiset's values with each sixth (row) and seventh rank
/// (column); zero where a rank would be there five times.
type Block = [[u16; 13]; 13];

/// The values of one six-card hand plus each possible seventh card: one
/// lookup for the whole row of thirteen ranks, spread over the 52 cards,
/// then one load per card. For enumerations, whose last level adds one
/// card to a fixed prefix.
#[derive(Debug, Clone, Copy)]
pub struct Sevenths {
    /// By card index (64 entries so that a masked index needs no bounds
    /// check; the six cards' own entries are never asked for).
    values: [HandValue; 64],
}

impl Sevenths {
    /// The values of the six cards `six`, given `row`, their non-flush
    /// values with each seventh rank.
    #[inline(always)]
    fn new(row: &[u16; 13], six: Hand, flushes: &[u16; FLUSH_SLOTS]) -> Sevenths {
        let mut values = spread(row);
        if four_of_a_suit(six) {
            with_flushes(&mut values, six, flushes);
        }
        Sevenths { values }
    }

    /// The value of the six cards plus `card` (not one of them).
    #[inline(always)]
    pub fn value(&self, card: Card) -> HandValue {
        self.values[card.index() & 63]
    }
}

/// The values of one five-card hand plus any two more cards: one lookup
/// for the block of its sixth and seventh ranks, then each sixth card's
/// [`Sevenths`] without hashing. For enumerations, whose last two levels
/// add cards to a fixed prefix.
#[derive(Debug, Clone, Copy)]
pub struct Sixths<'a> {
    block: &'a Block,
    five: Hand,
    flushes: &'a [u16; FLUSH_SLOTS],
}

impl<'a> Sixths<'a> {
    /// The values of the five cards plus `card` (not one of them) plus each
    /// seventh card.
    #[inline(always)]
    pub fn sevenths(&self, card: Card) -> Sevenths {
        let row = &self.block[(card.index() >> 2).min(12)];
        Sevenths::new(row, self.five.add(card), self.flushes)
    }

    /// Calls `f` with every two cards above `last`, the lower first, and the
    /// value of the five cards plus them, in index order: the last two
    /// levels of an enumeration in index order (the five cards must all be
    /// `last` or below). Without a flush draw the seventh card's rank reads
    /// the sixth rank's row directly; with one the row is spread over the
    /// cards and corrected for flushes.
    #[inline(always)]
    pub fn for_each_pair_above(&self, last: Card, mut f: impl FnMut(Card, Card, HandValue)) {
        debug_assert!(
            self.five.cards().iter().all(|c| c <= last),
            "a card above {last}"
        );
        let start = last.index() + 1;
        // A counter at 6 or more (3 + three cards): two more can flush.
        let draw = ((self.five.key >> SUIT_SHIFT) as u32 + 0x2222) & 0x8888 != 0;
        for (rank, row) in self.block.iter().enumerate().skip(start / 4) {
            for six in (4 * rank).max(start)..4 * rank + 4 {
                let six_card = Card::from_index(six as u8).unwrap_or(last);
                let seventh = |i: usize| Card::from_index(i as u8).unwrap_or(last);
                if draw && four_of_a_suit(self.five.add(six_card)) {
                    let mut values = spread(row);
                    with_flushes(&mut values, self.five.add(six_card), self.flushes);
                    for (seven, &value) in values[..52].iter().enumerate().skip(six + 1) {
                        f(six_card, seventh(seven), value);
                    }
                } else {
                    // No flush possible: the seventh card's rank picks the value.
                    for seven in six + 1..52 {
                        f(six_card, seventh(seven), HandValue(row[(seven >> 2) % 13]));
                    }
                }
            }
        }
    }
}

/// A row of values by seventh rank spread over the cards: by card index.
#[inline(always)]
fn spread(row: &[u16; 13]) -> [HandValue; 64] {
    let row: [u16; 16] = std::array::from_fn(|r| if r < 13 { row[r] } else { 0 });
    std::array::from_fn(|i| HandValue(row[i >> 2]))
}

/// True when six cards hold four or more of a suit: a seventh can make
/// (or keep) a flush.
#[inline(always)]
fn four_of_a_suit(six: Hand) -> bool {
    // A counter at 7 or more (3 + four cards).
    ((six.key >> SUIT_SHIFT) as u32 + 0x1111) & 0x8888 != 0
}

/// Corrects the values of six cards with four or more of a suit plus each
/// seventh card (by card index) for flushes.
#[inline(always)]
fn with_flushes(values: &mut [HandValue; 64], six: Hand, flushes: &[u16; FLUSH_SLOTS]) {
    let fours = ((six.key >> SUIT_SHIFT) as u32 + 0x1111) & 0x8888;
    let suit = (fours.trailing_zeros() / 4) as usize & 3;
    let ranks = ((six.mask >> (16 * suit)) & 0x1FFF) as usize;
    if six.key & FLUSH_BITS != 0 {
        // Five of a suit already: any other seventh card keeps the flush.
        *values = [HandValue(flushes[ranks]); 64];
    }
    for (rank, value) in values.iter_mut().skip(suit).step_by(4).take(13).enumerate() {
        *value = HandValue(flushes[(ranks | 1 << rank) & (FLUSH_SLOTS - 1)]);
    }
}

static TABLES: LazyLock<Evaluator> = LazyLock::new(Evaluator::build);

impl Evaluator {
    /// The tables, built on first use.
    #[inline]
    pub fn get() -> &'static Evaluator {
        &TABLES
    }

    /// The value of a hand of five to seven cards.
    #[inline(always)]
    pub fn value(&self, hand: Hand) -> HandValue {
        if hand.key & FLUSH_BITS != 0 {
            let suit = ((hand.key & FLUSH_BITS) >> SUIT_SHIFT).trailing_zeros() / 4;
            HandValue(self.flushes[((hand.mask >> (16 * suit)) & 0x1FFF) as usize])
        } else {
            self.rank_value(hand.key as u32)
        }
    }

    /// The value of five to seven cards given as a set.
    #[inline]
    pub fn evaluate(&self, cards: CardSet) -> HandValue {
        debug_assert!((5..=7).contains(&cards.len()), "{cards} is not 5-7 cards");
        let b = cards.bits();
        let masks = [b, b >> 16, b >> 32, b >> 48].map(|m| (m & 0x1FFF) as usize);
        let key: u32 = masks.iter().map(|&m| self.mask_keys[m]).sum();
        if key & FIVE_OF_A_SUIT == 0 {
            return self.rank_value(key);
        }
        let suit = masks
            .iter()
            .position(|&m| self.mask_keys[m] & FIVE_OF_A_SUIT != 0)
            .unwrap_or_default();
        HandValue(self.flushes[masks[suit]])
    }

    /// The value of five to seven cards of these ranks (their key sum)
    /// counted as if there were no flush.
    #[inline(always)]
    pub(crate) fn rank_value(&self, key: u32) -> HandValue {
        HandValue(self.ranks[self.slot(key)])
    }

    /// The values of `six` (a hand of six cards) plus each seventh card.
    #[inline(always)]
    pub fn sevenths(&self, six: Hand) -> Sevenths {
        let row = self.sevenths[self.rows[self.slot(six.rank_key())] as usize];
        Sevenths::new(&row, six, &self.flushes)
    }

    /// The values of `five` (a hand of five cards) plus any two more: one
    /// lookup here, none per sixth card. The first call builds the blocks.
    #[inline(always)]
    pub fn sixths(&self, five: Hand) -> Sixths<'_> {
        let blocks = self.sixths.get_or_init(|| self.blocks());
        let block = self.rows[self.slot(five.rank_key())] as usize;
        Sixths {
            block: &blocks[block.min(blocks.len() - 1)],
            five,
            flushes: &self.flushes,
        }
    }

    /// The non-flush values of every five-rank multiset with a sixth and a
    /// seventh rank, by block: the multisets in the order that `build`
    /// numbers them. Each row is a six-rank multiset's row of sevenths.
    fn blocks(&self) -> Box<[Block]> {
        rank_multisets(5)
            .iter()
            .map(|&(key, counts)| {
                std::array::from_fn(|six| {
                    if count(counts, six) < 4 {
                        let row = self.rows[self.slot(key + RANK_KEYS[six])];
                        self.sevenths[row as usize]
                    } else {
                        [0; 13]
                    }
                })
            })
            .collect()
    }

    /// The value of a flush whose suit holds these ranks (a 13-bit mask of
    /// five or more).
    #[inline(always)]
    pub(crate) fn flush_value(&self, ranks: u16) -> HandValue {
        HandValue(self.flushes[ranks as usize & (FLUSH_SLOTS - 1)])
    }

    /// How many slots the rank-value table has.
    pub fn rank_table_len(&self) -> usize {
        self.slots
    }

    fn build() -> Evaluator {
        let by_size = [5, 6, 7].map(rank_multisets);
        let (offsets, slots) = perfect_hash(by_size.iter().flatten().map(|&(key, _)| key));
        let mut ev = Evaluator {
            offsets,
            ranks: boxed_array(),
            slots,
            flushes: flush_values(),
            mask_keys: {
                let mut keys: Box<[u32; FLUSH_SLOTS]> = boxed_array();
                for (m, key) in keys.iter_mut().enumerate() {
                    let ranks = (0..13).filter(|r| m >> r & 1 != 0);
                    *key = ranks.clone().map(|r| RANK_KEYS[r]).sum::<u32>()
                        + if ranks.count() >= 5 {
                            FIVE_OF_A_SUIT
                        } else {
                            0
                        };
                }
                keys
            },
            rows: boxed_array(),
            sevenths: vec![[0u16; 13]; by_size[1].len()].into_boxed_slice(),
            sixths: OnceLock::new(),
        };
        // Five ranks: the reference ranker, in suits that make no flush.
        for &(key, counts) in &by_size[0] {
            let mut ranks = (0..13u8).flat_map(|r| {
                std::iter::repeat_n(Rank::from_index(r), count(counts, r.into()) as usize)
            });
            let five: [Rank; 5] = std::array::from_fn(|_| ranks.next().unwrap_or(Rank::Two));
            let slot = ev.slot(key);
            ev.ranks[slot] = class_value(reference::rank_five(&offsuit(five))).0;
        }
        // Six and seven: the best of dropping one card.
        for &(key, counts) in by_size[1].iter().chain(&by_size[2]) {
            let best = (0..13)
                .filter(|&r| count(counts, r) > 0)
                .map(|r| ev.ranks[ev.slot(key - RANK_KEYS[r])])
                .max()
                .unwrap_or_default();
            let slot = ev.slot(key);
            ev.ranks[slot] = best;
        }
        // Five ranks' blocks (built later, in this order) and six ranks'
        // rows with a seventh, for enumerations.
        for (block, &(key, _)) in by_size[0].iter().enumerate() {
            let slot = ev.slot(key);
            ev.rows[slot] = block as u16;
        }
        for (row, &(key, counts)) in by_size[1].iter().enumerate() {
            let slot = ev.slot(key);
            ev.rows[slot] = row as u16;
            for (r, rank_key) in RANK_KEYS.iter().enumerate() {
                if count(counts, r) < 4 {
                    ev.sevenths[row][r] = ev.ranks[ev.slot(key + rank_key)];
                }
            }
        }
        ev
    }

    /// The rank-value table slot of a rank key.
    #[inline(always)]
    fn slot(&self, key: u32) -> usize {
        (self.offsets[(key & ROW_MASK) as usize] + (key >> ROW_BITS)) as usize & (RANK_SLOTS - 1)
    }
}

/// Every multiset of `n` ranks that a deck holds (no rank more than four
/// times), low ranks first as [`for_each_rank_multiset`] orders them: its
/// key sum and its rank counts (four bits a rank, see [`count`]).
fn rank_multisets(n: usize) -> Vec<(u32, u64)> {
    fn go(n: usize, from: usize, key: u32, counts: u64, out: &mut Vec<(u32, u64)>) {
        if n == 0 {
            out.push((key, counts));
            return;
        }
        for (r, rank_key) in RANK_KEYS.iter().enumerate().skip(from) {
            if count(counts, r) < 4 {
                go(n - 1, r, key + rank_key, counts + (1 << (4 * r)), out);
            }
        }
    }
    let mut out = Vec::new();
    go(n, 0, 0, 0, &mut out);
    out
}

/// How many of rank `r` a multiset's counts hold.
fn count(counts: u64, r: usize) -> u64 {
    counts >> (4 * r) & 0xF
}

/// The flush value of every 13-bit rank mask of five or more ranks: five
/// from the reference ranker, more by dropping each rank in turn.
fn flush_values() -> Box<[u16; FLUSH_SLOTS]> {
    let mut values: Box<[u16; FLUSH_SLOTS]> = boxed_array();
    for mask in 0..1usize << 13 {
        let ranks = (0..13u8)
            .filter(|r| mask >> r & 1 != 0)
            .map(Rank::from_index);
        values[mask] = match mask.count_ones() {
            0..5 => 0,
            5 => {
                let mut five = ranks.map(|r| Card::new(r, Suit::Spades));
                let cards: [Card; 5] = std::array::from_fn(|_| {
                    five.next().unwrap_or(Card::new(Rank::Two, Suit::Spades))
                });
                class_value(reference::rank_five(&cards)).0
            }
            _ => ranks
                .map(|r| values[mask & !(1 << r.index())])
                .max()
                .unwrap_or_default(),
        };
    }
    values
}

/// A zeroed array on the heap.
fn boxed_array<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    vec![T::default(); N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has N elements"))
}

/// Row displacement: places each row of keys (same low `ROW_BITS` bits)
/// at the lowest offset where all its columns fall on free slots, fullest
/// rows first, a row no lower than the last row of its length (which
/// tried the offsets below in vain, for a row like it: a table about a
/// quarter larger than minimal, found in a millisecond where a minimal one
/// takes a quarter of a second). Single keys fill the holes left. Offsets
/// are tried 64 at a time on a bit set of the slots taken. Returns the
/// offsets by row and the number of slots used.
fn perfect_hash(keys: impl Iterator<Item = u32> + Clone) -> (Box<[u32; ROWS]>, usize) {
    // The keys' columns bucketed by row, row r's in
    // `columns[starts[r]..starts[r + 1]]`.
    let mut starts = vec![0usize; ROWS + 1];
    for key in keys.clone() {
        starts[(key & ROW_MASK) as usize + 1] += 1;
    }
    for r in 0..ROWS {
        starts[r + 1] += starts[r];
    }
    let mut filled = starts.clone();
    let mut columns = vec![0usize; starts[ROWS]];
    for key in keys {
        let row = (key & ROW_MASK) as usize;
        columns[filled[row]] = (key >> ROW_BITS) as usize;
        filled[row] += 1;
    }
    let row = |r: usize| &columns[starts[r]..starts[r + 1]];
    // Longest rows first (a stable counting sort by length).
    let mut by_len: Vec<Vec<usize>> = Vec::new();
    for r in 0..ROWS {
        let len = row(r).len();
        if by_len.len() <= len {
            by_len.resize(len + 1, Vec::new());
        }
        by_len[len].push(r);
    }
    let order = by_len.into_iter().rev().flatten();
    let mut offsets: Box<[u32; ROWS]> = boxed_array();
    let mut taken: Vec<u64> = Vec::new();
    // Every slot below `full * 64` is taken.
    let mut full = 0usize;
    let mut slots = 0;
    // By row length: where the last row of that length went (one key can
    // go anywhere, so single keys fill holes from the bottom).
    let mut last_at = [0usize; 64];
    for r in order {
        let columns = row(r);
        let Some(&lowest) = columns.iter().min() else {
            continue;
        };
        let len = columns.len().min(63);
        let mut base = (full * 64).saturating_sub(lowest).max(last_at[len]);
        let offset = loop {
            // Bit i of `fits`: the row fits at offset base + i.
            let mut fits = !0;
            for &c in columns {
                if fits == 0 {
                    break;
                }
                fits &= !window(&taken, base + c);
            }
            if fits != 0 {
                break base + fits.trailing_zeros() as usize;
            }
            base += 64;
        };
        for &c in columns {
            let slot = offset + c;
            if slot / 64 >= taken.len() {
                taken.resize(slot / 64 + 1, 0);
            }
            taken[slot / 64] |= 1 << (slot % 64);
            slots = slots.max(slot + 1);
        }
        offsets[r] = offset as u32;
        if len > 1 {
            last_at[len] = offset;
        }
        while taken.get(full) == Some(&!0) {
            full += 1;
        }
    }
    assert!(
        slots <= RANK_SLOTS,
        "the rank table outgrew its {RANK_SLOTS} slots"
    );
    (offsets, slots)
}

/// Bits `start .. start + 64` of a bit set (bits past its end are clear).
fn window(bits: &[u64], start: usize) -> u64 {
    let (word, shift) = (start / 64, start % 64);
    let low = bits.get(word).copied().unwrap_or(0) >> shift;
    let high = match shift {
        0 => 0,
        _ => bits.get(word + 1).copied().unwrap_or(0) << (64 - shift),
    };
    low | high
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::holdem::eval::for_each_rank_multiset;

    /// The key sum of some ranks.
    fn key_of(ranks: &[Rank]) -> u32 {
        ranks.iter().map(|r| RANK_KEYS[r.index()]).sum()
    }

    /// Every multiset of five to seven ranks has its own key sum and its own
    /// slot in the rank-value table, and the build enumerates exactly them.
    #[test]
    fn rank_keys_sum_uniquely_and_hash_perfectly() {
        let ev = Evaluator::get();
        let mut sums = std::collections::HashSet::new();
        let mut slots = std::collections::HashSet::new();
        let mut count = 0;
        let mut add = |ranks: &[Rank]| {
            count += 1;
            let key = key_of(ranks);
            sums.insert(key);
            let slot = ev.slot(key);
            assert!(slot < ev.rank_table_len(), "{ranks:?}");
            slots.insert(slot);
        };
        for_each_rank_multiset(|r: [Rank; 5]| add(&r));
        for_each_rank_multiset(|r: [Rank; 6]| add(&r));
        for_each_rank_multiset(|r: [Rank; 7]| add(&r));
        assert_eq!(count, 6175 + 18395 + 49205);
        assert_eq!(sums.len(), count);
        assert_eq!(slots.len(), count, "no two multisets share a slot");
        for n in 5..=7 {
            let listed: Vec<u32> = rank_multisets(n).iter().map(|&(key, _)| key).collect();
            let mut want = Vec::new();
            match n {
                5 => for_each_rank_multiset(|r: [Rank; 5]| want.push(key_of(&r))),
                6 => for_each_rank_multiset(|r: [Rank; 6]| want.push(key_of(&r))),
                _ => for_each_rank_multiset(|r: [Rank; 7]| want.push(key_of(&r))),
            }
            assert_eq!(listed, want, "{n} ranks in the same order");
        }
    }

    /// Every five-card hand: the fast value equals the reference's, through
    /// both entry points, and the 7,462 classes and the category counts
    /// come out as the combinatorics says.
    #[test]
    fn every_five_card_hand_matches_the_reference() {
        let ev = Evaluator::get();
        let mut seen = vec![false; super::super::CLASSES + 1];
        let mut per_category = [0u32; 9];
        let cards: Vec<Card> = Card::all().collect();
        for a in 0..52 {
            let ha = Hand::EMPTY.add(cards[a]);
            for b in a + 1..52 {
                let hb = ha.add(cards[b]);
                for c in b + 1..52 {
                    let hc = hb.add(cards[c]);
                    for d in c + 1..52 {
                        let hd = hc.add(cards[d]);
                        for e in d + 1..52 {
                            let five = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                            let want = class_value(reference::rank_five(&five));
                            let hand = hd.add(cards[e]);
                            assert_eq!(ev.value(hand), want, "{five:?}");
                            assert_eq!(ev.evaluate(hand.cards()), want, "{five:?}");
                            seen[want.0 as usize] = true;
                            per_category[want.category() as usize] += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(seen.iter().filter(|&&s| s).count(), super::super::CLASSES);
        assert_eq!(
            per_category,
            [
                1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40
            ]
        );
    }

    /// A million random six-card hands and a million seven-card ones
    /// (seeded): the fast value equals the reference's best of the subsets.
    #[test]
    fn random_six_and_seven_card_hands_match_the_reference() {
        use rand::seq::SliceRandom;
        let ev = Evaluator::get();
        let mut rng = crate::game::rng_from_seed(3);
        let mut deck: Vec<Card> = Card::all().collect();
        for n in [6, 7] {
            for _ in 0..1_000_000 {
                let (hand, _) = deck.partial_shuffle(&mut rng, n);
                let want = super::super::best_five(hand).0;
                let set: CardSet = hand.iter().copied().collect();
                assert_eq!(ev.evaluate(set), want, "{hand:?}");
                assert_eq!(ev.value(Hand::of(set)), want, "{hand:?}");
            }
        }
    }

    /// The enumeration shortcut gives the plain value for every seventh
    /// card of random six-card hands, flush draws included.
    #[test]
    fn sevenths_match_plain_evaluation() {
        use rand::seq::SliceRandom;
        let ev = Evaluator::get();
        let mut rng = crate::game::rng_from_seed(4);
        let mut deck: Vec<Card> = Card::all().collect();
        for round in 0..20_000 {
            let (six, _) = deck.partial_shuffle(&mut rng, 6);
            let mut six: Vec<Card> = six.to_vec();
            if round % 2 == 0 {
                // Four of a suit, so the seventh can make a flush.
                for (i, c) in six.iter_mut().take(4).enumerate() {
                    *c = Card::new(
                        Rank::from_index((round / 2 % 3 + 3 * i) as u8),
                        Suit::Hearts,
                    );
                }
                six.sort_unstable();
                six.dedup();
            }
            let hand = six.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
            if hand.len() != 6 {
                continue;
            }
            let sevenths = ev.sevenths(hand);
            for c in Card::all().filter(|c| !hand.cards().contains(*c)) {
                assert_eq!(sevenths.value(c), ev.value(hand.add(c)), "{six:?} + {c}");
            }
        }
    }

    /// The value of `five` plus every two other cards from the blocks
    /// equals the plain value.
    fn check_sixths(ev: &Evaluator, five: &[Card]) {
        let hand = five.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
        let sixths = ev.sixths(hand);
        let rest: Vec<Card> = Card::all().filter(|c| !hand.cards().contains(*c)).collect();
        for (i, &six) in rest.iter().enumerate() {
            let sevenths = sixths.sevenths(six);
            for &seven in &rest[i + 1..] {
                let want = ev.value(hand.add(six).add(seven));
                assert_eq!(sevenths.value(seven), want, "{five:?} + {six} + {seven}");
            }
        }
    }

    /// Every five-rank block: each multiset of five ranks (in suits that
    /// make no flush) plus every two other cards.
    #[test]
    fn sixths_match_plain_evaluation_for_every_block() {
        let ev = Evaluator::get();
        let mut count = 0;
        for_each_rank_multiset(|ranks: [Rank; 5]| {
            count += 1;
            check_sixths(ev, &offsuit(ranks));
        });
        assert_eq!(count, 6175);
    }

    /// Random five-card hands, half of them with three to five cards of a
    /// suit: flushes and flush draws through the blocks.
    #[test]
    fn sixths_match_plain_evaluation_with_flushes() {
        use rand::seq::SliceRandom;
        let ev = Evaluator::get();
        let mut rng = crate::game::rng_from_seed(5);
        let mut deck: Vec<Card> = Card::all().collect();
        let mut hearts: Vec<Card> = deck
            .iter()
            .copied()
            .filter(|c| c.suit() == Suit::Hearts)
            .collect();
        for round in 0..3_000 {
            let (five, _) = deck.partial_shuffle(&mut rng, 5);
            let mut five: Vec<Card> = five.to_vec();
            if round % 2 == 0 {
                let suited = 3 + round / 2 % 3;
                let (picked, _) = hearts.partial_shuffle(&mut rng, suited);
                five = deck
                    .iter()
                    .copied()
                    .filter(|c| c.suit() != Suit::Hearts)
                    .take(5 - suited)
                    .collect();
                five.extend_from_slice(picked);
            }
            assert_eq!(five.len(), 5);
            check_sixths(ev, &five);
        }
    }

    /// The pairs above the highest of five cards, with flush draws: every
    /// pair once, in index order, each with its plain value.
    #[test]
    fn pairs_above_match_plain_evaluation() {
        use rand::seq::SliceRandom;
        let ev = Evaluator::get();
        let mut rng = crate::game::rng_from_seed(6);
        let mut low: Vec<Card> = Card::all().take(40).collect();
        for round in 0..2_000 {
            let (five, _) = low.partial_shuffle(&mut rng, 5);
            let mut five = five.to_vec();
            if round % 2 == 0 {
                // Three of a suit: a sixth and a seventh can make a flush.
                for (i, c) in five.iter_mut().take(3).enumerate() {
                    *c = Card::new(Rank::from_index((round / 2 % 4 + 3 * i) as u8), Suit::Clubs);
                }
                five.sort_unstable();
                five.dedup();
                if five.len() < 5 {
                    continue;
                }
            }
            let hand = five.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
            let last = five
                .iter()
                .copied()
                .max()
                .unwrap_or(Card::new(Rank::Two, Suit::Clubs));
            let mut want = Vec::new();
            for six in Card::all().filter(|&c| c > last) {
                for seven in Card::all().filter(|&c| c > six) {
                    want.push((six, seven, ev.value(hand.add(six).add(seven))));
                }
            }
            let mut got = Vec::new();
            ev.sixths(hand)
                .for_each_pair_above(last, |six, seven, v| got.push((six, seven, v)));
            assert_eq!(got, want, "{five:?}");
        }
    }

    proptest::proptest! {
        /// Any five to seven distinct cards, added in any order: the same
        /// value from the incremental hand, the set and the reference.
        #[test]
        fn order_and_entry_point_do_not_matter(
            indices in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 5..=7),
            rotate in 0usize..7,
        ) {
            let mut cards: Vec<Card> = indices.iter().filter_map(|&i| Card::from_index(i)).collect();
            let forward = cards.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
            let n = cards.len();
            cards.rotate_left(rotate % n);
            cards.reverse();
            let backward = cards.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
            let ev = Evaluator::get();
            proptest::prop_assert_eq!(forward, backward);
            proptest::prop_assert_eq!(ev.value(forward), super::super::best_five(&cards).0);
            proptest::prop_assert_eq!(ev.evaluate(forward.cards()), ev.value(forward));
        }
    }

    #[test]
    fn hand_tracks_cards() {
        let set = CardSet::parse("As Kd 7h 7c 2s").unwrap_or_default();
        let hand = Hand::of(set);
        assert_eq!(hand.cards(), set);
        assert_eq!(hand.len(), 5);
        let split = Hand::of(CardSet::parse("As Kd").unwrap_or_default())
            .combine(Hand::of(CardSet::parse("7h 7c 2s").unwrap_or_default()));
        assert_eq!(split, hand);
    }
}
