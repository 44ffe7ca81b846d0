//! The transposition table: a key for the whole state (board size, every
//! hex, player to move, dice captured this turn, first-move flag, and the
//! player the search rates for) and a table of value bounds per key.
//!
//! Boards up to 16 hexes are packed into the key exactly; larger boards
//! use 128-bit Zobrist hashing. The exact solver has its own keys (64
//! bits, exact, for boards up to 3×3) and a compact open-addressed table
//! of bounds in twelfths, [`BoundTable`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::doom::board::{MAX_DICE, MAX_HEXES, MAX_PLAYERS};
use crate::doom::rules::{Move, Position, RuleSet};

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

/// The exact solver's key for a classic position on a board up to 3×3,
/// rated for `root`: every hex, the player to move, the first-move flag,
/// the dice captured this turn as far as they can matter (one die to
/// each hex at most, so `hexes + 1` or more all reinforce alike), and the
/// top bit set so that no key is 0.
pub fn small_key(pos: &Position, root: u8) -> u64 {
    let b = &pos.board;
    let spare = if pos.first_move {
        0
    } else {
        u64::from(pos.spare).min(b.len() as u64 + 1)
    };
    b.small_code()
        | u64::from(pos.player) << 54
        | u64::from(pos.first_move) << 56
        | spare << 57
        | u64::from(root) << 61
        | 1 << 63
}

/// The exact solver's key on larger boards: [`key`] with its top bit set.
pub fn large_key(pos: &Position, root: u8) -> Key {
    key(pos, root, RuleSet::Classic) | 1 << 127
}

/// A key the [`BoundTable`] can hold: never 0 (an empty slot).
pub trait SlotKey: Copy + Eq + Default + std::fmt::Debug {
    /// Spreads the key's bits over 64 for the slot index.
    fn spread(self) -> u64;
}

fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let x = (x ^ (x >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 32)
}

impl SlotKey for u64 {
    fn spread(self) -> u64 {
        mix(self)
    }
}

impl SlotKey for u128 {
    fn spread(self) -> u64 {
        mix(self as u64 ^ ((self >> 64) as u64).rotate_left(29))
    }
}

/// Bounds on a game value known in whole twelfths (0..=12), as the exact
/// solver keeps them: open addressing with linear probing, doubling when
/// two thirds full. Nothing is ever dropped: an exact result stays true
/// for the whole game.
#[derive(Debug, Clone)]
pub struct BoundTable<K> {
    slots: Vec<Slot<K>>,
    len: usize,
}

/// A stored state: its key (0 marks an empty slot), the bounds, and the
/// best move (`from`, `to`; `PASS_CODE` for a pass, `NO_MOVE` for none).
#[derive(Debug, Clone, Copy, Default)]
struct Slot<K> {
    key: K,
    lo: i8,
    hi: i8,
    from: u8,
    to: u8,
}

const PASS_CODE: u8 = 0xFE;
const NO_MOVE: u8 = 0xFF;

fn encode(m: Option<Move>) -> (u8, u8) {
    match m {
        None => (NO_MOVE, NO_MOVE),
        Some(Move::Pass) => (PASS_CODE, PASS_CODE),
        Some(Move::Attack { from, to }) => (from, to),
    }
}

fn decode(from: u8, to: u8) -> Option<Move> {
    match from {
        NO_MOVE => None,
        PASS_CODE => Some(Move::Pass),
        _ => Some(Move::Attack { from, to }),
    }
}

/// What the table knows of a state: `lo ≤ value ≤ hi`, and the move that
/// proved the last bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub lo: i8,
    /// The value is at most this.
    pub hi: i8,
    /// The best move found.
    pub best: Option<Move>,
}

impl Bounds {
    /// Uses these bounds on the window (`alpha`, `beta`): the value (or a
    /// bound past the window) when they settle it, otherwise `None` with
    /// the window narrowed to them.
    pub fn cut(&self, alpha: &mut i8, beta: &mut i8) -> Option<i8> {
        if self.lo >= *beta || self.lo == self.hi {
            return Some(self.lo);
        }
        if self.hi <= *alpha {
            return Some(self.hi);
        }
        *alpha = (*alpha).max(self.lo);
        *beta = (*beta).min(self.hi);
        None
    }
}

impl<K: SlotKey> Default for BoundTable<K> {
    fn default() -> BoundTable<K> {
        BoundTable::new()
    }
}

impl<K: SlotKey> BoundTable<K> {
    /// An empty table.
    pub fn new() -> BoundTable<K> {
        BoundTable {
            slots: vec![Slot::default(); 1 << 10],
            len: 0,
        }
    }

    fn find(&self, key: K) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = key.spread() as usize & mask;
        loop {
            let k = self.slots[i].key;
            if k == key || k == K::default() {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// What is known of `key`, if anything.
    #[inline]
    pub fn get(&self, key: K) -> Option<Bounds> {
        let s = &self.slots[self.find(key)];
        (s.key == key).then(|| Bounds {
            lo: s.lo,
            hi: s.hi,
            best: decode(s.from, s.to),
        })
    }

    /// Records that the value of `key` lies in `lo..=hi` (on top of what
    /// was known) and that `best` proved it.
    pub fn record(&mut self, key: K, lo: i8, hi: i8, best: Option<Move>) {
        if 3 * (self.len + 1) > 2 * self.slots.len() {
            self.grow();
        }
        let i = self.find(key);
        let s = &mut self.slots[i];
        if s.key == key {
            s.lo = s.lo.max(lo);
            s.hi = s.hi.min(hi);
        } else {
            *s = Slot {
                key,
                lo,
                hi,
                from: NO_MOVE,
                to: NO_MOVE,
            };
            self.len += 1;
        }
        if best.is_some() {
            (s.from, s.to) = encode(best);
        }
    }

    fn grow(&mut self) {
        let bigger = vec![Slot::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, bigger);
        for s in old.into_iter().filter(|s| s.key != K::default()) {
            let i = self.find(s.key);
            self.slots[i] = s;
        }
    }

    /// States held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
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

    #[test]
    fn small_keys_tell_apart_every_part_that_matters() {
        let p = Position::new(Board::parse("a3 a3 b3 b1 a2 b1 b2 a1 a3").unwrap(), 0);
        let k = small_key(&p, 0);
        assert_ne!(k, 0);
        let mut q = p;
        q.player = 1;
        assert_ne!(small_key(&q, 0), k);
        assert_ne!(small_key(&p, 1), k);
        let mut q = p.after_win(0, 3);
        let k1 = small_key(&q, 0);
        assert_ne!(k1, k);
        q.spare = 2;
        assert_ne!(small_key(&q, 0), k1);
        // Ten dice or more reinforce every hex alike on 3×3.
        q.spare = 10;
        let k10 = small_key(&q, 0);
        q.spare = 300;
        assert_eq!(small_key(&q, 0), k10);
        q.spare = 9;
        assert_ne!(small_key(&q, 0), k10);
        let mut h = p.board.hex(8);
        h.dice = 1;
        let mut r = p;
        r.board.set(8, h);
        assert_ne!(small_key(&r, 0), k);
        let small = Position::new(Board::parse("a1 a1 a1 a1").unwrap(), 0);
        let big = Position::new(Board::parse("a1 a1 a1 a1 a1 a1 a1 a1 a1").unwrap(), 0);
        assert_ne!(small_key(&small, 0), small_key(&big, 0));
        assert_ne!(large_key(&small, 0), 0);
    }

    #[test]
    fn bound_tables_keep_and_narrow_bounds_as_they_grow() {
        let mut t = BoundTable::<u64>::new();
        assert!(t.get(7).is_none());
        t.record(7, 0, 6, Some(Move::Pass));
        t.record(7, 6, 12, None);
        let b = t.get(7).unwrap();
        assert_eq!((b.lo, b.hi, b.best), (6, 6, Some(Move::Pass)));
        for k in 1..5000u64 {
            t.record(
                k << 20 | 1,
                0,
                (k % 13) as i8,
                Some(Move::Attack {
                    from: (k % 9) as u8,
                    to: 3,
                }),
            );
        }
        assert_eq!(t.len(), 5000);
        assert_eq!(t.get(7).unwrap().lo, 6);
        for k in 1..5000u64 {
            let b = t.get(k << 20 | 1).unwrap();
            assert_eq!(b.hi, (k % 13) as i8);
            assert_eq!(
                b.best,
                Some(Move::Attack {
                    from: (k % 9) as u8,
                    to: 3
                })
            );
        }
        assert!(t.get(5001 << 20 | 1).is_none());
        let (mut alpha, mut beta) = (0, 12);
        let b = Bounds {
            lo: 6,
            hi: 12,
            best: None,
        };
        assert_eq!(b.cut(&mut alpha, &mut beta), None);
        assert_eq!((alpha, beta), (6, 12));
        assert_eq!(b.cut(&mut 0, &mut 6), Some(6));
        let b = Bounds {
            lo: 0,
            hi: 6,
            best: None,
        };
        assert_eq!(b.cut(&mut 6, &mut 12), Some(6));
    }
}
