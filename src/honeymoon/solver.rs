//! The exact double-dummy solver for two-hand positions.
//!
//! The search works on the rank-abstracted bitboard of [`super::bits`]: it asks
//! yes/no questions ("can the side on lead take `target` of the remaining
//! tricks?") and narrows the target to the exact count. What makes it fast:
//!
//! - equivalent cards: the leader tries one card of each run of touching
//!   cards; the follower only the cards that can matter (the lowest card
//!   that wins the trick and the lowest that loses it in the led suit, or
//!   when void the lowest trump and the lowest card of each other suit:
//!   keeping the higher of two cards of a suit is never worse, which the
//!   plain-minimax cross-check in `tests/engine/honeymoon_solver.rs` confirms on
//!   thousands of positions);
//! - a transposition table at trick boundaries keyed by the abstract
//!   position with the plain suits in canonical order (so it serves every
//!   deal with the same shape), holding lower and upper bounds and the
//!   best lead;
//! - quick-trick bounds: top cards the leader can cash, top trumps the
//!   follower must make;
//! - enhanced transposition cut-offs: before searching a lead, every reply
//!   is checked against the bounds and the table, and one already known to
//!   refute the lead ends the search;
//! - move ordering: the stored best lead, then sure winners, then leads
//!   from the leader's length and the follower's shortness;
//! - the endgame database at the leaves, when one is loaded.

use std::sync::Arc;

use super::bits::{Abs, LANE, abstract_bit, lane_of, lowest, run_bottoms};
use super::db::Db;
use super::position::{Position, PositionError};
use super::tricks::lead_wins;
use crate::cards::{Card, Suit};
use crate::game::Seat;

/// What a position is worth: tricks for each side from here (the current
/// trick included) and, for each legal card of the side to move, the
/// tricks each side takes after playing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// North's and South's tricks with best play.
    pub tricks: [u8; 2],
    /// Every legal card of the side to move, spades first, high first.
    pub cards: Vec<CardValue>,
}

/// One legal card and the tricks North and South take after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardValue {
    /// The card.
    pub card: Card,
    /// North's and South's tricks after it, with best play.
    pub tricks: [u8; 2],
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lo: u8,
    hi: u8,
    best: u8,
}

const NO_MOVE: u8 = 255;

/// What is known of a position before it is searched.
#[derive(Clone, Copy)]
struct Bounds {
    lo: u8,
    hi: u8,
    key: u64,
    best: u8,
}

/// A double-dummy solver. Its transposition table survives between calls
/// (entries are keyed by the abstract position and trump, so they stay
/// valid for every deal), so reuse one solver for many positions.
#[derive(Clone)]
pub struct Solver {
    table: Vec<Entry>,
    shift: u32,
    db: Option<Arc<Db>>,
    trump_lane: u64,
    trump_tag: u64,
    nodes: u64,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("table_entries", &self.table.len())
            .field("db", &self.db.as_ref().map(|d| d.max_cards()))
            .finish()
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a 2^18-entry table (4 MiB).
    pub fn new() -> Solver {
        Solver::with_table_bits(18)
    }

    /// A solver with a 2^`bits`-entry table.
    pub fn with_table_bits(bits: u32) -> Solver {
        let bits = bits.clamp(4, 28);
        Solver {
            table: vec![Entry::default(); 1 << bits],
            shift: 64 - bits,
            db: None,
            trump_lane: 0,
            trump_tag: 0,
            nodes: 0,
        }
    }

    /// Consults `db` for positions small enough to be in it.
    pub fn with_db(mut self, db: Arc<Db>) -> Solver {
        self.db = Some(db);
        self
    }

    /// Forgets every table entry (for timing cold solves).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// Search nodes visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn set_trump(&mut self, trump: Option<Suit>) {
        self.trump_lane = trump.map_or(0, |s| LANE << (s as u32 * 16));
        let t = trump.map_or(4u64, |s| s as u64);
        self.trump_tag = ((t & 3) << 14) | ((t >> 2) << 30);
    }

    /// The tricks the side on lead takes in the abstract position `a` (a
    /// trick boundary) with `trump`.
    pub fn leader_tricks(&mut self, a: Abs, trump: Option<Suit>) -> u8 {
        self.set_trump(trump);
        self.exact(a)
    }

    /// The tricks each side takes from `pos` with best play.
    pub fn tricks(&mut self, pos: &Position) -> Result<[u8; 2], PositionError> {
        pos.validate()?;
        Ok(match pos.led {
            None => self.boundary_tricks(pos),
            Some(led) => {
                let mut best = [0u8; 2];
                let follower = 1 - pos.leader;
                for (i, card) in pos.legal().iter().enumerate() {
                    let t = self.after_reply(pos, led, card);
                    if i == 0 || t[follower] > best[follower] {
                        best = t;
                    }
                }
                best
            }
        })
    }

    /// The tricks of each side and the value of every legal card of the
    /// side to move.
    pub fn analyze(&mut self, pos: &Position) -> Result<Analysis, PositionError> {
        pos.validate()?;
        let mover = pos.to_move();
        let mut cards: Vec<CardValue> = Vec::new();
        match pos.led {
            None => {
                if pos.tricks_left() > 0 {
                    self.set_trump(pos.trump);
                    let a = Abs::from_hands(pos.hands[mover], pos.hands[1 - mover]);
                    let n = pos.tricks_left() as u8;
                    let v = self.exact(a);
                    let remaining = pos.hands[0] | pos.hands[1];
                    let mut memo: Vec<(u64, u8)> = Vec::new();
                    for card in pos.legal() {
                        let p = abstract_bit(card, remaining);
                        let run = run_of(a.mine, p);
                        let mine = match memo.iter().find(|(r, _)| *r == run) {
                            Some(&(_, t)) => t,
                            None => {
                                let t = self.exact_lead(a, p, v);
                                memo.push((run, t));
                                t
                            }
                        };
                        cards.push(CardValue {
                            card,
                            tricks: by_seat(mover, mine, n - mine),
                        });
                    }
                }
            }
            Some(led) => {
                for card in pos.legal() {
                    cards.push(CardValue {
                        card,
                        tricks: self.after_reply(pos, led, card),
                    });
                }
            }
        }
        let tricks = cards
            .iter()
            .map(|c| c.tricks)
            .max_by_key(|t| t[mover])
            .unwrap_or([0, 0]);
        cards.sort_by(|a, b| {
            b.card
                .suit()
                .cmp(&a.card.suit())
                .then(b.card.rank().cmp(&a.card.rank()))
        });
        Ok(Analysis { tricks, cards })
    }

    /// Tricks at a trick boundary (validated position).
    fn boundary_tricks(&mut self, pos: &Position) -> [u8; 2] {
        let n = pos.tricks_left() as u8;
        if n == 0 {
            return [0, 0];
        }
        self.set_trump(pos.trump);
        let a = Abs::from_hands(pos.hands[pos.leader], pos.hands[1 - pos.leader]);
        let mine = self.exact(a);
        by_seat(pos.leader, mine, n - mine)
    }

    /// Tricks of each side after the follower answers `led` with `reply`.
    fn after_reply(&mut self, pos: &Position, led: Card, reply: Card) -> [u8; 2] {
        let leader = pos.leader;
        let winner = if lead_wins(led, reply, pos.trump) {
            leader
        } else {
            1 - leader
        };
        let mut hands = pos.hands;
        hands[1 - leader].remove(reply);
        let rest = Position::new(hands[0], hands[1], pos.trump, winner);
        let mut t = self.boundary_tricks(&rest);
        t[winner] += 1;
        t
    }

    /// The exact number of tricks the side on lead takes in `a`.
    fn exact(&mut self, a: Abs) -> u8 {
        let n = a.mine.count_ones() as u8;
        let mut b = self.bounds(a, n);
        self.probe(a, &mut b);
        let (mut lo, mut hi) = (b.lo, b.hi);
        while lo < hi {
            // Step from half the tricks towards the bounds: most values lie
            // near the middle, where this takes fewer searches than halving.
            let g = (lo + 1).max(n / 2).min(hi);
            if self.ge(a, g) {
                lo = g;
            } else {
                hi = g - 1;
            }
        }
        lo
    }

    /// The exact tricks of the side on lead when it leads `p`, knowing the
    /// position is worth `best` with best play.
    fn exact_lead(&mut self, a: Abs, p: u64, best: u8) -> u8 {
        let n = a.mine.count_ones() as u8;
        let (mut lo, mut hi) = (0u8, best);
        // Most leads are worth the best: try that first.
        if best > 0 {
            if self.lead_ge(a, n, p, best) {
                return best;
            }
            hi = best - 1;
        }
        while lo < hi {
            let g = (lo + hi).div_ceil(2);
            if self.lead_ge(a, n, p, g) {
                lo = g;
            } else {
                hi = g - 1;
            }
        }
        lo
    }

    /// What is cheaply known of `a` (with `n` cards a side): exact values
    /// of tiny positions and database positions, otherwise quick-trick
    /// bounds. The table is not read yet (see [`Solver::probe`]).
    fn bounds(&self, a: Abs, n: u8) -> Bounds {
        let mut b = Bounds {
            lo: 0,
            hi: n,
            key: 0,
            best: NO_MOVE,
        };
        if n <= 1 {
            let v = u8::from(n == 1 && self.lead_beats(a.mine, a.other()));
            b.lo = v;
            b.hi = v;
            return b;
        }
        if let Some(db) = &self.db
            && let Some(v) = db.lookup(a, self.trump_lane)
        {
            b.lo = v;
            b.hi = v;
            return b;
        }
        let (cash, sure) = quick_tricks(a, self.trump_lane);
        b.hi = n - sure as u8;
        b.lo = (cash as u8).min(b.hi);
        b
    }

    /// Narrows `b` with the table's bounds for `a` and notes its key and
    /// best lead.
    fn probe(&self, a: Abs, b: &mut Bounds) {
        if b.key != 0 {
            return;
        }
        let key = self.key(a);
        b.key = key;
        let e = &self.table[self.slot(key)];
        if e.key == key {
            b.lo = b.lo.max(e.lo);
            b.hi = b.hi.min(e.hi);
            b.best = e.best;
        }
        b.lo = b.lo.min(b.hi);
    }

    /// The table key: the abstract position with its plain suits in a
    /// canonical order (exchanging two plain suits changes nothing), and
    /// the trump.
    #[inline]
    fn key(&self, a: Abs) -> u64 {
        let raw = a.key();
        let lane = |s: u32| (raw >> (s * 16)) & LANE;
        let sort2 = |x: &mut u64, y: &mut u64| {
            if *x > *y {
                std::mem::swap(x, y);
            }
        };
        let key = if self.trump_lane == 0 {
            let [mut w, mut x, mut y, mut z] = [lane(0), lane(1), lane(2), lane(3)];
            sort2(&mut w, &mut x);
            sort2(&mut y, &mut z);
            sort2(&mut w, &mut y);
            sort2(&mut x, &mut z);
            sort2(&mut x, &mut y);
            w | x << 16 | y << 32 | z << 48
        } else {
            // The trump lane goes to the top, the plain suits (with the top
            // lane moved into the trump's place) are sorted below it; the
            // trump tag tells the trump suits apart.
            let t = self.trump_lane.trailing_zeros();
            let trumps = (raw >> t) & LANE;
            let plain = (raw & !self.trump_lane) | ((raw >> 48) << t);
            let [mut x, mut y, mut z] = [plain & LANE, (plain >> 16) & LANE, (plain >> 32) & LANE];
            sort2(&mut x, &mut y);
            sort2(&mut y, &mut z);
            sort2(&mut x, &mut y);
            x | y << 16 | z << 32 | trumps << 48
        };
        key | self.trump_tag
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    fn store(&mut self, key: u64, n: u8, lo: u8, hi: u8, best: u8) {
        let i = self.slot(key);
        let e = &mut self.table[i];
        if e.key == key {
            e.lo = e.lo.max(lo);
            e.hi = e.hi.min(hi);
            if best != NO_MOVE {
                e.best = best;
            }
        } else {
            *e = Entry {
                key,
                lo,
                hi: hi.min(n),
                best,
            };
        }
    }

    /// Can the side on lead in `a` take at least `target` tricks?
    fn ge(&mut self, a: Abs, target: u8) -> bool {
        let n = a.mine.count_ones() as u8;
        if target == 0 {
            return true;
        }
        if target > n {
            return false;
        }
        let b = self.bounds(a, n);
        self.decide(a, n, target, b)
    }

    /// [`Solver::ge`] once the bounds of `a` are known.
    fn decide(&mut self, a: Abs, n: u8, target: u8, mut b: Bounds) -> bool {
        self.nodes += 1;
        for probed in [false, true] {
            if b.lo >= target {
                return true;
            }
            if b.hi < target {
                return false;
            }
            if !probed {
                self.probe(a, &mut b);
            }
        }
        let mut moves = [(0i32, 0u64); 16];
        let count = self.score_leads(a, b.best, &mut moves);
        for i in 0..count {
            // Take the best-scored lead left: most nodes stop at the first.
            let mut top = i;
            for j in i + 1..count {
                if moves[j].0 > moves[top].0 {
                    top = j;
                }
            }
            moves.swap(i, top);
            let p = moves[i].1;
            if self.lead_ge(a, n, p, target) {
                self.store(b.key, n, target, n, p.trailing_zeros() as u8);
                return true;
            }
        }
        self.store(b.key, n, 0, target - 1, NO_MOVE);
        false
    }

    /// With one card each: does the leader's card win?
    fn lead_beats(&self, lead: u64, reply: u64) -> bool {
        if lane_of(lead) == lane_of(reply) {
            lead > reply
        } else {
            reply & self.trump_lane == 0
        }
    }

    /// The leads of `a` (one per run of touching cards) with a score for
    /// trying them: higher first.
    fn score_leads(&self, a: Abs, best: u8, moves: &mut [(i32, u64); 16]) -> usize {
        let other = a.other();
        let trump = self.trump_lane;
        let (mine_count, their_count) = (lane_counts(a.mine), lane_counts(other));
        let mut count = 0;
        for p in run_bottoms(a.mine) {
            let lane = lane_of(p);
            let suit = p.trailing_zeros() / 16;
            let above_other = other & lane & !(p | (p - 1));
            let follower_in_suit = other & lane != 0;
            let mut score = 0i32;
            if best != NO_MOVE && p.trailing_zeros() == u32::from(best) {
                score = 10000;
            } else if above_other == 0 && (follower_in_suit || other & trump == 0 || lane == trump)
            {
                // A sure winner: cash it.
                score = 5000 + count_in(mine_count, suit) as i32;
            } else {
                // Lead from length, away from the follower's length, and
                // towards a single higher card of the follower (forcing it
                // out); leading into the follower's void when it holds
                // trumps just gives it a ruff.
                if !follower_in_suit && other & trump != 0 {
                    score -= 200;
                }
                score += count_in(mine_count, suit) as i32 * 4;
                score -= count_in(their_count, suit) as i32 * 6;
                if above_other.count_ones() == 1 {
                    score += 10;
                }
                score = score * 16 + (p.trailing_zeros() & 15) as i32;
            }
            moves[count] = (score, p);
            count += 1;
        }
        count
    }

    /// After the leader in `a` leads `p`, can it still reach `target`
    /// whatever the follower plays?
    fn lead_ge(&mut self, a: Abs, n: u8, p: u64, target: u8) -> bool {
        let (replies, count) = replies(a.other(), p, self.trump_lane);
        let mut next = [(Abs { mine: 0, all: 0 }, false); 4];
        for (slot, &q) in next.iter_mut().zip(&replies[..count]) {
            let won = if lane_of(p) == lane_of(q) {
                p > q
            } else {
                q & self.trump_lane == 0
            };
            let (hi, lo) = if p > q { (p, q) } else { (q, p) };
            let rest = a.without(hi).without(lo);
            *slot = if won {
                (rest, true)
            } else {
                (rest.swap(), false)
            };
        }
        // Settle what the bounds (quick tricks, the table) already decide:
        // a refuted reply ends the search at once (an enhanced
        // transposition cut-off), a reply known to fail is skipped.
        let mut open: [Option<Bounds>; 4] = [None; 4];
        for (i, &(rest, won)) in next[..count].iter().enumerate() {
            let mut b = self.bounds(rest, n - 1);
            for probed in [false, true] {
                let (refuted, fine) = if won {
                    (b.hi < target - 1, b.lo >= target - 1)
                } else {
                    (target >= n || b.lo >= n - target, b.hi < n - target)
                };
                if refuted {
                    return false;
                }
                if fine {
                    break;
                }
                if probed {
                    open[i] = Some(b);
                } else {
                    self.probe(rest, &mut b);
                }
            }
        }
        for (i, &(rest, won)) in next[..count].iter().enumerate() {
            let Some(b) = open[i] else { continue };
            let ok = if won {
                self.decide(rest, n - 1, target - 1, b)
            } else {
                !self.decide(rest, n - 1, n - target, b)
            };
            if !ok {
                return false;
            }
        }
        true
    }
}

/// The follower's replies worth trying when `p` is led: the lowest card
/// that wins and the lowest that loses in the led suit; when void, the
/// lowest trump and the lowest card of each other suit. Winning replies
/// first.
#[inline]
fn replies(other: u64, p: u64, trump: u64) -> ([u64; 4], usize) {
    let mut out = [0u64; 4];
    let lane = lane_of(p);
    let same = other & lane;
    if same != 0 {
        let low = lowest(same);
        let win = lowest(same & !(p | (p - 1)));
        if win == 0 {
            out[0] = low;
            return (out, 1);
        }
        out[0] = win;
        if win == low {
            return (out, 1);
        }
        out[1] = low;
        return (out, 2);
    }
    let mut count = 0;
    if other & trump != 0 {
        out[0] = lowest(other & trump);
        count = 1;
    }
    for s in 0..4 {
        let l = LANE << (s * 16);
        if l != trump && other & l != 0 {
            out[count] = lowest(other & l);
            count += 1;
        }
    }
    (out, count)
}

/// The run of touching cards of `mine` that holds `p`.
fn run_of(mine: u64, p: u64) -> u64 {
    let mut bottom = p;
    while bottom & 1 == 0 && (bottom >> 1) & mine & lane_of(p) != 0 {
        bottom >>= 1;
    }
    bottom
}

/// The leader's and follower's counts as North's and South's.
fn by_seat(leader: Seat, mine: u8, theirs: u8) -> [u8; 2] {
    if leader == 0 {
        [mine, theirs]
    } else {
        [theirs, mine]
    }
}

/// Per lane: every bit at or below the highest set bit of `x`.
#[inline]
fn smear_down(x: u64) -> u64 {
    let mut s = x;
    s |= (s >> 1) & 0x7FFF_7FFF_7FFF_7FFF;
    s |= (s >> 2) & 0x3FFF_3FFF_3FFF_3FFF;
    s |= (s >> 4) & 0x0FFF_0FFF_0FFF_0FFF;
    s |= (s >> 8) & 0x00FF_00FF_00FF_00FF;
    s
}

/// Per lane: how many bits of `x` are set, in the lane's low byte.
#[inline]
fn lane_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    (x + (x >> 8)) & 0x00FF_00FF_00FF_00FF
}

/// Lane `s` of per-lane counts.
#[inline]
fn count_in(counts: u64, s: u32) -> u32 {
    ((counts >> (s * 16)) & 0xFF) as u32
}

/// Per lane of two per-lane counts: `0xFF` where `x >= y`, else 0.
#[inline]
fn at_least(x: u64, y: u64) -> u64 {
    const NINTH: u64 = 0x0100_0100_0100_0100;
    ((((x | NINTH) - y) & NINTH) >> 8) * 0xFF
}

/// Per lane: `yes` where `mask` is set, else `no`.
#[inline]
fn select(mask: u64, yes: u64, no: u64) -> u64 {
    (yes & mask) | (no & !mask)
}

/// The sum of per-lane counts.
#[inline]
fn lane_sum(counts: u64) -> u32 {
    (counts.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
}

/// Quick-trick bounds of `a` with trump lane `trump` (0: no trump): the
/// tricks the side on lead can cash at once (top cards, and the rest of a
/// suit once the follower is out of it and cannot ruff), and the tricks
/// the follower must make whatever happens (trumps above all of the
/// leader's trumps each win whenever they are played).
#[inline]
fn quick_tricks(a: Abs, trump: u64) -> (u32, u32) {
    let other = a.other();
    let tops = lane_counts(a.mine & !smear_down(other));
    let mine = lane_counts(a.mine);
    let theirs = lane_counts(other);
    let t_lane = trump.trailing_zeros() / 16;
    let (free, sure) = if trump == 0 {
        (true, 0)
    } else {
        let their_tops = lane_counts(other & trump & !smear_down(a.mine & trump));
        (
            count_in(theirs, t_lane) <= count_in(tops, t_lane),
            count_in(their_tops, t_lane),
        )
    };
    let total = if free {
        // Each suit gives every card once the follower is out of it (at
        // most as many cards as the leader's tops), else only the tops.
        select(at_least(tops, theirs), mine, tops)
    } else {
        // Plain suits give the tops the follower must follow to; trumps
        // their tops.
        let plain = select(at_least(theirs, tops), tops, theirs);
        (plain & !trump) | (tops & trump)
    };
    (lane_sum(total), sure)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSet;
    use crate::game::rng_from_seed;
    use rand::Rng;
    use rand::seq::SliceRandom;

    /// Cards of `mine` above every card of `theirs` (one lane), plainly.
    fn tops(mine: u64, theirs: u64) -> u32 {
        (0..64)
            .filter(|&b| mine >> b & 1 == 1 && theirs >> b == 0)
            .count() as u32
    }

    /// The quick-trick rules one suit at a time.
    fn reference(a: Abs, trump: u64) -> (u32, u32) {
        let other = a.other();
        let free =
            trump == 0 || (other & trump).count_ones() <= tops(a.mine & trump, other & trump);
        let mut total = 0;
        for s in 0..4 {
            let lane = LANE << (s * 16);
            let (m, o) = (a.mine & lane, other & lane);
            let t = tops(m, o);
            total += if free {
                if o.count_ones() <= t {
                    m.count_ones()
                } else {
                    t
                }
            } else if lane == trump {
                t
            } else {
                t.min(o.count_ones())
            };
        }
        let sure = if trump == 0 {
            0
        } else {
            tops(other & trump, a.mine & trump)
        };
        (total, sure)
    }

    #[test]
    fn lane_parallel_quick_tricks_match_the_suit_by_suit_rules() {
        let mut rng = rng_from_seed(8);
        for _ in 0..5000 {
            let n = rng.random_range(1..=13);
            let mut pack: Vec<Card> = Card::all().collect();
            pack.shuffle(&mut rng);
            let lead: CardSet = pack[..n].iter().copied().collect();
            let other: CardSet = pack[n..2 * n].iter().copied().collect();
            let a = Abs::from_hands(lead, other);
            for trump in [0, LANE, LANE << 16, LANE << 32, LANE << 48] {
                assert_eq!(
                    quick_tricks(a, trump),
                    reference(a, trump),
                    "{a:?} {trump:x}"
                );
            }
        }
    }
}
