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

/// Hand keys are kept modulo 2^`KEY_BITS`.
pub const KEY_BITS: u32 = 25;

/// The mask of a hand key's `KEY_BITS` bits.
pub const KEY_MASK: u32 = (1 << KEY_BITS) - 1;

/// The greedy keys' sums crowd together (the large keys dominate them);
/// multiplying every key by an odd number modulo 2^`KEY_BITS` spreads the
/// sums evenly over the key space and keeps them distinct (it is a
/// bijection, and every sum is below 2^`KEY_BITS`). Since a product of a
/// sum is the sum of the products, each card carries its key already
/// multiplied. Of 3,000 odd numbers tried, this one let the perfect hash
/// (see `build.rs`) pack the 73,775 multisets into the fewest slots,
/// 106,166 (a typical one needs about 117,000).
pub const KEY_MULTIPLIER: u32 = 0x6342_F42F;

/// The perfect hash cuts a hand key into a row (the bits above
/// `ROW_SHIFT`) and a column (the bits below); each row has its own
/// offset into the table of values. 4,096 rows keep the offsets (16 KB)
/// in the first-level cache beside the values in use; fewer, longer rows
/// would pack worse, more would crowd the cache.
pub const ROW_SHIFT: u32 = 13;

/// How many rows: one offset each.
pub const ROWS: usize = 1 << (KEY_BITS - ROW_SHIFT);

/// The table of non-flush values has this many slots (a power of two, so
/// that a masked index needs no bounds check; the slots used are fewer).
pub const RANK_SLOTS: usize = 1 << 17;

/// The hashed key of one rank.
pub const fn rank_key(rank: usize) -> u32 {
    RANK_KEYS[rank].wrapping_mul(KEY_MULTIPLIER) & KEY_MASK
}
