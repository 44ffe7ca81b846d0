//! The rank keys and the shape of the perfect hash, shared by the crate
//! and by the build script (`build.rs`) that generates the evaluator's
//! tables from them. Plain constants and `const fn`s only: the build
//! script includes this file on its own.

/// Each rank's key, deuce first: all sums of up to seven of them (no key
/// more than four times) differ, and the largest sum (four aces and three
/// kings) is below 2^25. Found by a greedy search taking, rank after rank,
/// the smallest key that keeps the sums distinct.
pub const RANK_KEYS: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/// The greedy keys' sums crowd together (the large keys dominate them);
/// multiplying every key by an odd number modulo 2^25 spreads the sums
/// over all 25 bits and keeps them distinct (it is a bijection, and every
/// sum is below 2^25). Since a product of a sum is the sum of the
/// products, each card carries its key already multiplied.
pub const KEY_MULTIPLIER: u32 = 0x6342_F42F;

/// A key sits in the top 25 bits of a `u32` (shifted up by this much), so
/// that wrapping sums of keys are sums modulo 2^25 with nothing to mask
/// off, and the 7 bits below a key are free: in a hand's word they hold
/// cards.
pub const KEY_SHIFT: u32 = 7;

/// The perfect hash cuts a key into a row (its top 12 bits, a shift
/// that needs no mask and no bounds check) and a column (the rest); each
/// row has its own offset, added to the column modulo `RANK_SLOTS`.
/// 4,096 rows keep the offsets (16 KB) in the first-level cache beside
/// the values in use.
pub const ROW_SHIFT: u32 = 20;

/// How many rows: one offset each.
pub const ROWS: usize = 1 << (32 - ROW_SHIFT);

/// The table of non-flush values has this many slots (a power of two: the
/// slot is the column plus its row's offset, masked, so it is always in
/// the table). The 73,775 multisets of five to seven ranks are packed
/// into the first 106,166 of them (69% full); the flush values follow.
pub const RANK_SLOTS: usize = 1 << 17;

/// The hashed key of one rank.
pub const fn rank_key(rank: usize) -> u32 {
    RANK_KEYS[rank].wrapping_mul(KEY_MULTIPLIER) << KEY_SHIFT
}

/// Where the perfect hash puts a key (of five to seven ranks, or anything
/// in its bits below `KEY_SHIFT`) in the table of non-flush values: the
/// key's column plus its row's offset, modulo the table size.
#[inline(always)]
pub const fn slot(offsets: &[u32; ROWS], key: u32) -> usize {
    (key >> KEY_SHIFT).wrapping_add(offsets[(key >> ROW_SHIFT) as usize]) as usize
        & (RANK_SLOTS - 1)
}
