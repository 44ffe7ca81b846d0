//! The transposition table: bounds on the tricks still to come, stored at
//! trick boundaries for whole classes of positions.
//!
//! An entry is keyed by the shape (every seat's length in every suit), the
//! seat on lead and the trump, and holds a *pattern*: for each suit, the
//! owners of the cards from the top down to the lowest card whose rank
//! mattered to the result (in relative ranks). Any position with that
//! shape, leader and trump whose cards at those places belong to the same
//! seats has the same bounds, whatever the lower cards: one entry answers
//! for many positions, across strains' leaders and across deals.
//!
//! The table is set-associative with a fixed number of entries (its size
//! a setting): all patterns of one shape, leader and trump go to the same
//! set, and a full set gives up its least useful entry (from an older
//! search, then with the fewest tricks left).

/// Entries per set.
const WAYS: usize = 64;
/// No best move stored.
pub const NO_MOVE: u8 = 0xFF;

/// One stored bound.
#[derive(Clone, Copy, Default, Debug)]
struct Entry {
    /// Per seat, the relative cards that must be that seat's.
    pattern: [u64; 4],
    /// Every seat's length in every suit, four bits each.
    shape: u64,
    /// Leader, trump and a valid bit (see [`meta`]).
    meta: u8,
    /// Tricks left.
    n: u8,
    /// North-South's tricks from here are at least `lo`, at most `hi`.
    lo: u8,
    hi: u8,
    /// The best lead found: suit * 16 + relative rank, or [`NO_MOVE`].
    best: u8,
    /// The search that stored it.
    age: u8,
}

/// The key's small part: leader (2 bits), trump (3 bits), valid.
#[inline]
pub fn meta(leader: usize, trump: usize) -> u8 {
    (leader as u8) | (trump as u8) << 2 | 0x80
}

/// What a lookup found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The bound that decides the question asked.
    pub value: u8,
    /// The matching pattern's cards, all seats together (relative).
    pub cards: u64,
}

/// The transposition table.
#[derive(Clone)]
pub struct Tt {
    /// A short hash of each entry's key (0: empty), scanned first.
    tags: Vec<u16>,
    entries: Vec<Entry>,
    shift: u32,
    age: u8,
}

impl std::fmt::Debug for Tt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tt")
            .field("entries", &self.entries.len())
            .finish()
    }
}

impl Tt {
    /// A table of about `bytes` bytes (at least one set).
    pub fn with_bytes(bytes: usize) -> Tt {
        let sets = (bytes / (WAYS * size_of::<Entry>())).max(1);
        let bits = usize::BITS - 1 - sets.leading_zeros();
        Tt {
            tags: vec![0; WAYS << bits],
            entries: vec![Entry::default(); WAYS << bits],
            shift: 64 - bits,
            age: 0,
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * (size_of::<Entry>() + size_of::<u16>())
    }

    /// Starts a new search: entries stored before it are replaced first.
    pub fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.tags.fill(0);
        self.entries.fill(Entry::default());
    }

    /// The first slot of the key's set and its tag.
    #[inline]
    fn set(&self, shape: u64, meta: u8) -> (usize, u16) {
        let h = (shape ^ u64::from(meta).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let set = if self.shift >= 64 {
            0
        } else {
            (h >> self.shift) as usize
        };
        (set * WAYS, (h as u16) | 1)
    }

    /// A stored bound for the position (`rel`: each seat's relative cards)
    /// that answers "do North-South take at least `target`?", if any; and
    /// the best lead stored with a matching pattern.
    #[inline]
    pub fn lookup(&self, shape: u64, meta: u8, rel: &[u64; 4], target: u8) -> (Option<Hit>, u8) {
        let (base, tag) = self.set(shape, meta);
        let mut best = NO_MOVE;
        for (i, &t) in self.tags[base..base + WAYS].iter().enumerate() {
            if t != tag {
                continue;
            }
            let e = &self.entries[base + i];
            if e.shape != shape || e.meta != meta {
                continue;
            }
            let p = &e.pattern;
            if (p[0] & !rel[0]) | (p[1] & !rel[1]) | (p[2] & !rel[2]) | (p[3] & !rel[3]) != 0 {
                continue;
            }
            let cards = p[0] | p[1] | p[2] | p[3];
            if e.lo >= target {
                return (Some(Hit { value: e.lo, cards }), e.best);
            }
            if e.hi < target {
                return (Some(Hit { value: e.hi, cards }), e.best);
            }
            if e.best != NO_MOVE {
                best = e.best;
            }
        }
        (None, best)
    }

    /// Stores bounds `lo..=hi` for `pattern`, tightening an entry with the
    /// same pattern.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        shape: u64,
        meta: u8,
        n: u8,
        pattern: [u64; 4],
        lo: u8,
        hi: u8,
        best: u8,
    ) {
        let (base, tag) = self.set(shape, meta);
        let age = self.age;
        let set = &mut self.entries[base..base + WAYS];
        let mut victim = 0;
        let mut victim_score = u32::MAX;
        for (i, e) in set.iter_mut().enumerate() {
            if e.shape == shape && e.meta == meta && e.pattern == pattern {
                e.lo = e.lo.max(lo);
                e.hi = e.hi.min(hi);
                if best != NO_MOVE {
                    e.best = best;
                }
                e.age = age;
                return;
            }
            // Empty first, then older searches, then fewer tricks left.
            let score = if e.meta == 0 {
                0
            } else {
                1 + u32::from(e.age == age) * 16 + u32::from(e.n)
            };
            if score < victim_score {
                victim_score = score;
                victim = i;
            }
        }
        self.tags[base + victim] = tag;
        set[victim] = Entry {
            pattern,
            shape,
            meta,
            n,
            lo,
            hi,
            best,
            age,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_answers_for_positions_that_contain_it() {
        let mut tt = Tt::with_bytes(1 << 16);
        let m = meta(0, 4);
        // North holds the top spade of three, East the next; the third is
        // anyone's.
        tt.store(7, m, 3, [0b100 << 48, 0b010 << 48, 0, 0], 2, 3, NO_MOVE);
        let held = [0b100 << 48, 0b010 << 48, 0b001 << 48, 0];
        let (hit, _) = tt.lookup(7, m, &held, 2);
        assert_eq!(hit.map(|h| h.value), Some(2));
        let other_low = [0b100 << 48, 0b011 << 48, 0, 0];
        assert!(tt.lookup(7, m, &other_low, 2).0.is_some());
        // Not when the bound does not decide, nor for another owner,
        // shape, leader or trump.
        assert!(tt.lookup(7, m, &held, 3).0.is_none());
        let swapped = [0b010 << 48, 0b100 << 48, 0b001 << 48, 0];
        assert!(tt.lookup(7, m, &swapped, 2).0.is_none());
        assert!(tt.lookup(8, m, &held, 2).0.is_none());
        assert!(tt.lookup(7, meta(1, 4), &held, 2).0.is_none());
        assert!(tt.lookup(7, meta(0, 3), &held, 2).0.is_none());
    }

    #[test]
    fn storing_the_same_pattern_tightens_it() {
        let mut tt = Tt::with_bytes(1 << 16);
        let m = meta(2, 0);
        let p = [1, 2, 4, 8];
        tt.store(5, m, 4, p, 1, 4, NO_MOVE);
        tt.store(5, m, 4, p, 0, 2, 3);
        let (hit, best) = tt.lookup(5, m, &p, 3);
        assert_eq!(hit.map(|h| h.value), Some(2));
        assert_eq!(best, 3);
        assert_eq!(tt.lookup(5, m, &p, 1).0.map(|h| h.value), Some(1));
    }

    #[test]
    fn a_full_set_keeps_working() {
        let mut tt = Tt::with_bytes(1);
        for i in 0..100u64 {
            tt.store(i, meta(0, 0), 5, [i, 0, 0, 0], 3, 3, NO_MOVE);
        }
        let (hit, _) = tt.lookup(99, meta(0, 0), &[99, 0, 0, 0], 3);
        assert_eq!(hit.map(|h| h.value), Some(3));
    }
}
