//! The endgame database (seed 004): the exact value of every
//! rank-abstracted position with at most `K` cards a side, for no trump and
//! for a trump suit, with the side on lead to move. Built level by level on
//! a pool of threads (each level's solver reads the levels below), stored
//! half a byte a position in a versioned, checksummed file.
//!
//! Index of a position with `n` cards a side: the suit lengths (a
//! composition of `2n` into four parts) rank first, then the `2n` owner
//! bits of the suits laid end to end, a set of `n` ranked in colex order.
//! A trump suit is moved to the spade lane first, so one table serves all
//! four trump suits.

use std::io::{Read, Write};
use std::path::Path;

use super::bits::{Abs, LANE};

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"HMBDB\0\0\0";
/// The file format version this build reads and writes.
pub const VERSION: u32 = 1;
/// The largest `K` supported.
pub const MAX_K: usize = 8;

/// Why a database could not be built, read or written.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// Reading or writing the file failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file is not an endgame database.
    #[error("not a honeymoon endgame database (bad magic bytes)")]
    NotADb,
    /// The file was written by another format version.
    #[error("endgame database version {found}, this program reads version {VERSION}")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The file is damaged: wrong size or checksum.
    #[error("corrupt endgame database: {0}")]
    Corrupt(&'static str),
    /// A `K` out of range.
    #[error("max cards must be 1 to {MAX_K}, not {0}")]
    BadK(usize),
    /// The thread pool could not start.
    #[error("cannot start threads: {0}")]
    Threads(String),
}

/// The endgame database, loaded in memory.
#[derive(Debug, Clone)]
pub struct Db {
    k: usize,
    /// `levels[n - 1][t]`: values for `n` cards a side, `t` = 0 no trump,
    /// 1 trump in the spade lane; two to a byte, the even index in the low
    /// nibble.
    levels: Vec<[Vec<u8>; 2]>,
}

/// Binomial coefficients up to 32.
pub(super) fn binom(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1usize;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// Positions with `n` cards a side.
pub fn level_size(n: usize) -> usize {
    binom(2 * n + 3, 3) * binom(2 * n, n)
}

/// The rank of a composition of `lengths` among those of the same sum.
fn composition_rank(lengths: [usize; 4]) -> usize {
    let mut rem: usize = lengths.iter().sum();
    let mut rank = 0;
    for (i, &l) in lengths.iter().take(3).enumerate() {
        let parts_after = 3 - i;
        for v in 0..l {
            rank += binom(rem - v + parts_after - 1, parts_after - 1);
        }
        rem -= l;
    }
    rank
}

/// Every composition of `m` into four parts, in rank order.
pub(super) fn compositions(m: usize) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for a in 0..=m {
        for b in 0..=m - a {
            for c in 0..=m - a - b {
                out.push([a, b, c, m - a - b - c]);
            }
        }
    }
    out
}

/// Colex rank of the set bits of `bits` (bit positions `c_1 < c_2 < …`):
/// the sum of `C(c_j, j)`.
fn colex_rank(mut bits: u64) -> usize {
    let mut rank = 0;
    let mut j = 1;
    while bits != 0 {
        let c = bits.trailing_zeros() as usize;
        rank += binom(c, j);
        j += 1;
        bits &= bits - 1;
    }
    rank
}

/// The position's lane lengths and its owner bits laid end to end.
fn layout(a: Abs) -> ([usize; 4], u64) {
    let mut lengths = [0usize; 4];
    let mut joined = 0u64;
    let mut at = 0;
    for (s, len) in lengths.iter_mut().enumerate() {
        let shift = s * 16;
        *len = ((a.all >> shift) & LANE).count_ones() as usize;
        joined |= ((a.mine >> shift) & LANE) << at;
        at += *len;
    }
    (lengths, joined)
}

/// The position with these lane lengths and joined owner bits.
pub(super) fn position(lengths: [usize; 4], joined: u64) -> Abs {
    let mut mine = 0;
    let mut all = 0;
    let mut at = 0;
    for (s, &len) in lengths.iter().enumerate() {
        let bits = (1u64 << len) - 1;
        mine |= ((joined >> at) & bits) << (s * 16);
        all |= bits << (s * 16);
        at += len;
    }
    Abs { mine, all }
}

/// The next larger number with the same count of set bits (Gosper).
pub(super) fn next_subset(x: u64) -> u64 {
    let c = x & x.wrapping_neg();
    let r = x + c;
    (((r ^ x) >> 2) / c) | r
}

impl Db {
    /// A database of no positions, to build on.
    pub(super) fn empty() -> Db {
        Db {
            k: 0,
            levels: Vec::new(),
        }
    }

    /// Adds the level of `k + 1` cards a side (no trump, then trump).
    pub(super) fn push_level(&mut self, level: [Vec<u8>; 2]) {
        self.levels.push(level);
        self.k += 1;
    }

    /// The largest card count a side the database holds.
    pub fn max_cards(&self) -> usize {
        self.k
    }

    /// Positions stored (both trump variants).
    pub fn positions(&self) -> usize {
        (1..=self.k).map(|n| 2 * level_size(n)).sum()
    }

    /// The side on lead's tricks in `a` (a trick boundary) with the trump
    /// lane `trump_lane` (0: no trump), if the position is small enough.
    #[inline]
    pub fn lookup(&self, a: Abs, trump_lane: u64) -> Option<u8> {
        let n = a.mine.count_ones() as usize;
        if n == 0 || n > self.k {
            return None;
        }
        let (a, t) = if trump_lane == 0 {
            (a, 0)
        } else {
            let s = trump_lane.trailing_zeros() / 16;
            (a.swap_suits(s, 3), 1)
        };
        let (lengths, joined) = layout(a);
        let index = composition_rank(lengths) * binom(2 * n, n) + colex_rank(joined);
        let byte = self.levels[n - 1][t].get(index / 2)?;
        Some((byte >> (4 * (index & 1))) & 0xF)
    }

    /// Writes the database to `w`.
    pub fn write_to(&self, w: &mut impl Write) -> Result<(), DbError> {
        let mut payload = Vec::new();
        for level in &self.levels {
            for values in level {
                payload.extend_from_slice(values);
            }
        }
        w.write_all(MAGIC)?;
        w.write_all(&VERSION.to_le_bytes())?;
        w.write_all(&(self.k as u32).to_le_bytes())?;
        w.write_all(&checksum(&payload).to_le_bytes())?;
        w.write_all(&payload)?;
        Ok(())
    }

    /// Writes the database to `path` (through a temporary file renamed
    /// into place).
    pub fn save(&self, path: &Path) -> Result<(), DbError> {
        let tmp = path.with_extension("tmp");
        let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        self.write_to(&mut f)?;
        f.flush()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        Ok(())
    }

    /// Reads a database written by [`Db::write_to`].
    pub fn read_from(r: &mut impl Read) -> Result<Db, DbError> {
        let mut bytes = Vec::new();
        r.read_to_end(&mut bytes)?;
        Db::from_bytes(&bytes)
    }

    /// Reads the database file at `path`.
    pub fn load(path: &Path) -> Result<Db, DbError> {
        Db::from_bytes(&std::fs::read(path)?)
    }

    fn from_bytes(bytes: &[u8]) -> Result<Db, DbError> {
        if bytes.len() < 24 || &bytes[..8] != MAGIC {
            return Err(DbError::NotADb);
        }
        let word =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = word(8);
        if version != VERSION {
            return Err(DbError::Version { found: version });
        }
        let k = word(12) as usize;
        if k == 0 || k > MAX_K {
            return Err(DbError::Corrupt("bad card count"));
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[16..24]);
        let payload = &bytes[24..];
        let expected: usize = (1..=k).map(level_size).sum();
        if payload.len() != expected {
            return Err(DbError::Corrupt("wrong size"));
        }
        if checksum(payload) != u64::from_le_bytes(sum) {
            return Err(DbError::Corrupt("checksum mismatch"));
        }
        let mut levels = Vec::new();
        let mut at = 0;
        for n in 1..=k {
            let size = level_size(n) / 2;
            let nt = payload[at..at + size].to_vec();
            let tr = payload[at + size..at + 2 * size].to_vec();
            if nt
                .iter()
                .chain(&tr)
                .any(|&b| usize::from(b & 0xF) > n || usize::from(b >> 4) > n)
            {
                return Err(DbError::Corrupt("value out of range"));
            }
            levels.push([nt, tr]);
            at += 2 * size;
        }
        Ok(Db { k, levels })
    }
}

/// FNV-1a over the payload.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Every position of level `n`, in index order (for tests).
pub fn level_positions(n: usize) -> impl Iterator<Item = Abs> {
    let per = binom(2 * n, n);
    compositions(2 * n).into_iter().flat_map(move |lengths| {
        let mut joined = (1u64 << n) - 1;
        (0..per).map(move |_| {
            let a = position(lengths, joined);
            joined = next_subset(joined);
            a
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_a_bijection_on_small_levels() {
        for n in 1..=4 {
            let mut seen = vec![false; level_size(n)];
            for a in level_positions(n) {
                let (lengths, joined) = layout(a);
                let i = composition_rank(lengths) * binom(2 * n, n) + colex_rank(joined);
                assert!(!seen[i], "index {i} twice");
                seen[i] = true;
                assert_eq!(position(lengths, joined), a);
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn round_trips_and_rejects_damage() {
        let db = super::super::db_build::build(4, 2).unwrap_or_else(|e| panic!("{e}"));
        let mut bytes = Vec::new();
        db.write_to(&mut bytes).unwrap_or_else(|e| panic!("{e}"));
        let back = Db::read_from(&mut bytes.as_slice()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.levels, db.levels);

        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert!(matches!(
            Db::read_from(&mut flipped.as_slice()),
            Err(DbError::Corrupt(_))
        ));

        let mut old = bytes.clone();
        old[8] = 9;
        let err = Db::read_from(&mut old.as_slice()).err();
        assert!(matches!(err, Some(DbError::Version { found: 9 })));

        let short = &bytes[..bytes.len() - 3];
        assert!(matches!(Db::from_bytes(short), Err(DbError::Corrupt(_))));
        assert!(matches!(
            Db::from_bytes(b"hello world, not a db at all"),
            Err(DbError::NotADb)
        ));
    }
}
