//! The transposition table: a key for the whole state (board size, every
//! hex, player to move, dice captured this turn, first-move flag, and the
//! player the search rates for) and a table of value bounds per key.
//!
//! Boards up to 16 hexes are packed into the key exactly; larger boards
//! use 128-bit Zobrist hashing.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{MAX_DICE, MAX_HEXES, MAX_PLAYERS};
use super::rules::{Move, Position, RuleSet};

/// A state's key.
pub type Key = u128;

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const ZOBRIST_LEN: usize = MAX_HEXES * MAX_PLAYERS as usize * (MAX_DICE as usize + 1);

const fn zobrist_table() -> [u128; ZOBRIST_LEN] {
    let mut t = [0u128; ZOBRIST_LEN];
    let mut s = 0x005E_EDD1_CE0F_D00D_u64;
    let mut i = 0;
    while i < ZOBRIST_LEN {
        let hi = splitmix(&mut s) as u128;
        let lo = splitmix(&mut s) as u128;
        t[i] = hi << 64 | lo;
        i += 1;
    }
    t
}

static ZOBRIST: [u128; ZOBRIST_LEN] = zobrist_table();

/// The key of `pos` as rated for `root`. Dice captured this turn only
/// matter under classic rules before the pass, so they are left out
/// otherwise (equal futures share an entry).
pub fn key(pos: &Position, root: u8, rules: RuleSet) -> Key {
    let b = &pos.board;
    let spare = if rules == RuleSet::Classic && !pos.first_move {
        u128::from(pos.spare.min(511))
    } else {
        0
    };
    let extras = u128::from(pos.player)
        | u128::from(pos.first_move) << 2
        | u128::from(root) << 3
        | spare << 5
        | (b.size() as u128) << 14;
    if b.len() <= 16 {
        let mut k = 0u128;
        for (i, h) in b.hexes().enumerate() {
            k |= u128::from(h.owner << 3 | (h.dice - 1)) << (5 * i);
        }
        k | extras << 80
    } else {
        let mut k = 0u128;
        for (i, h) in b.hexes().enumerate() {
            k ^= ZOBRIST[(i * MAX_PLAYERS as usize + usize::from(h.owner))
                * (MAX_DICE as usize + 1)
                + usize::from(h.dice)];
        }
        // The extras scale a random number no hex uses (hex 0 with 0 dice).
        k ^ ZOBRIST[0].wrapping_mul(extras)
    }
}

/// Hashes a 128-bit key to 64 bits (multiply-xorshift; keys are either
/// exact packings or already random).
#[derive(Default, Debug, Clone, Copy)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }

    fn write_u128(&mut self, k: u128) {
        let x = (k as u64) ^ ((k >> 64) as u64).rotate_left(29);
        let x = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        self.0 = x ^ (x >> 32);
    }
}

/// A search value: ordered, with ends that stand for "no bound".
pub trait Value: Copy + PartialOrd + std::fmt::Debug {
    /// Below every value.
    const LOWEST: Self;
    /// Above every value.
    const HIGHEST: Self;
}

impl Value for i32 {
    const LOWEST: i32 = i32::MIN;
    const HIGHEST: i32 = i32::MAX;
}

impl Value for f32 {
    const LOWEST: f32 = f32::NEG_INFINITY;
    const HIGHEST: f32 = f32::INFINITY;
}

/// What is known of a state's value at one search depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<V> {
    /// Remaining depth the bounds hold for (`u8::MAX`: exact to the end).
    pub depth: u8,
    /// The value is at least this.
    pub lo: V,
    /// The value is at most this.
    pub hi: V,
    /// The best move found, tried first next time.
    pub best: Option<Move>,
}

impl<V: Value> Entry<V> {
    /// Uses these bounds on the window (`alpha`, `beta`): the value when
    /// they settle it, otherwise `None` with the window narrowed to them.
    pub fn cut(&self, alpha: &mut V, beta: &mut V) -> Option<V> {
        if self.lo >= *beta || self.lo == self.hi {
            return Some(self.lo);
        }
        if self.hi <= *alpha {
            return Some(self.hi);
        }
        if self.lo > *alpha {
            *alpha = self.lo;
        }
        if self.hi < *beta {
            *beta = self.hi;
        }
        None
    }
}

/// One node's running minimax result inside an alpha-beta window: the
/// children's values are folded in one by one.
#[derive(Debug, Clone, Copy)]
pub struct Node<V> {
    maximise: bool,
    /// The best value so far (fail-soft).
    pub best: V,
    /// The move that gave it.
    pub best_move: Option<Move>,
    /// The window's lower end.
    pub alpha: V,
    /// The window's upper end.
    pub beta: V,
}

impl<V: Value> Node<V> {
    /// A node of the maximising side (or not) with window (`alpha`, `beta`).
    pub fn new(maximise: bool, alpha: V, beta: V) -> Node<V> {
        Node {
            maximise,
            best: if maximise { V::LOWEST } else { V::HIGHEST },
            best_move: None,
            alpha,
            beta,
        }
    }

    /// Folds in move `m` worth `v`; true when the window has closed (a
    /// cut-off: the remaining moves need not be searched).
    pub fn take(&mut self, m: Move, v: V) -> bool {
        if (self.maximise && v > self.best) || (!self.maximise && v < self.best) {
            self.best = v;
            self.best_move = Some(m);
        }
        if self.maximise && self.best > self.alpha {
            self.alpha = self.best;
        } else if !self.maximise && self.best < self.beta {
            self.beta = self.best;
        }
        self.alpha >= self.beta
    }
}

/// A table of bounds, cleared when it grows past its capacity.
#[derive(Debug, Clone)]
pub struct Table<V> {
    map: HashMap<Key, Entry<V>, BuildHasherDefault<KeyHasher>>,
    capacity: usize,
}

impl<V: Value> Table<V> {
    /// A table that holds up to `capacity` entries before starting over.
    pub fn new(capacity: usize) -> Table<V> {
        Table {
            map: HashMap::with_capacity_and_hasher(capacity.min(1 << 14), Default::default()),
            capacity,
        }
    }

    /// The entry for `key`, if any.
    pub fn get(&self, key: Key) -> Option<&Entry<V>> {
        self.map.get(&key)
    }

    /// Stores `entry` for `key`.
    pub fn put(&mut self, key: Key, entry: Entry<V>) {
        if self.map.len() >= self.capacity && !self.map.contains_key(&key) {
            self.map.clear();
        }
        self.map.insert(key, entry);
    }

    /// Records what a fail-soft search result `v` from the window
    /// (`a0`, `b0`) proves at `depth`, keeping what was known before at
    /// the same depth.
    pub fn record(&mut self, key: Key, v: V, a0: V, b0: V, depth: u8, best: Option<Move>) {
        if self.map.len() >= self.capacity && !self.map.contains_key(&key) {
            self.map.clear();
        }
        let fresh = Entry {
            depth,
            lo: V::LOWEST,
            hi: V::HIGHEST,
            best,
        };
        let e = self.map.entry(key).or_insert(fresh);
        if e.depth != depth {
            *e = fresh;
        }
        e.best = best.or(e.best);
        if v <= a0 {
            e.hi = v;
        } else if v >= b0 {
            e.lo = v;
        } else {
            (e.lo, e.hi) = (v, v);
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::board::Board;

    #[test]
    fn keys_tell_apart_every_part_of_the_state() {
        let b = Board::parse("a3 a3 b3 b1").unwrap();
        let p = Position::new(b, 0);
        let k = key(&p, 0, RuleSet::Classic);
        let mut q = p;
        q.player = 1;
        assert_ne!(key(&q, 0, RuleSet::Classic), k);
        assert_ne!(key(&p, 1, RuleSet::Classic), k);
        let mut q = p;
        q.first_move = false;
        q.spare = 1;
        let k1 = key(&q, 0, RuleSet::Classic);
        q.spare = 2;
        assert_ne!(key(&q, 0, RuleSet::Classic), k1);
        assert_eq!(key(&q, 0, RuleSet::Chance), {
            q.spare = 1;
            key(&q, 0, RuleSet::Chance)
        });
        let other = Board::parse("a3 a3 b3 b2").unwrap();
        assert_ne!(key(&Position::new(other, 0), 0, RuleSet::Classic), k);
        // A 2×2 board of all a1 differs from a 3×3 prefix of a1s.
        let small = Board::parse("a1 a1 a1 a1").unwrap();
        let big = Board::parse("a1 a1 a1 a1 a1 a1 a1 a1 a1").unwrap();
        assert_ne!(
            key(&Position::new(small, 0), 0, RuleSet::Classic),
            key(&Position::new(big, 0), 0, RuleSet::Classic)
        );
    }

    #[test]
    fn zobrist_keys_differ_on_large_boards() {
        let text: Vec<&str> = (0..25)
            .map(|i| if i % 2 == 0 { "a2" } else { "b1" })
            .collect();
        let b = Board::parse(&text.join(" ")).unwrap();
        let p = Position::new(b, 0);
        let mut q = p;
        let mut h = q.board.hex(24);
        h.dice = 3;
        q.board.set(24, h);
        assert_ne!(key(&p, 0, RuleSet::Classic), key(&q, 0, RuleSet::Classic));
        let mut r = p;
        r.player = 1;
        assert_ne!(key(&p, 0, RuleSet::Classic), key(&r, 0, RuleSet::Classic));
    }
}
