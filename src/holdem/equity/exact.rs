//! Exact equity: every deal of the ranges (combinations sharing no card,
//! each weighing the same) and every remaining board.
//!
//! One deal's boards split in two. Without a flush a hand's value depends
//! only on the ranks, so all boards are first taken by rank multiset of
//! the missing cards, each weighted by how many boards share it: one table
//! lookup per player per multiset instead of per board (the *rank pass*).
//! Then, suit by suit, the boards on which someone can make a flush in
//! that suit (enough new cards of it for a player's holding) are
//! enumerated by their cards of the suit, the other new cards again by
//! rank multiset: their true result counts, their rank-pass result is
//! taken back (the suit's *flush pass*). At most one suit can flush on a
//! board, so the passes never count a board twice.
//!
//! Deals that look the same to a pass share its result. The rank pass
//! sees only each player's two ranks; a suit's flush pass sees the ranks
//! and which of them are of that suit (and the suit itself only when the
//! board or the dead cards tell suits apart). So [`Plan`] counts, over all
//! deals, how often each such view occurs, and computes each distinct view
//! once: QQ+,AKs against a random hand is 26,950 deals, each a rank pass
//! and four flush passes, but only 364 distinct rank passes and 2,577
//! distinct flush passes. The views are independent, so threads share
//! them out.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use rayon::prelude::*;

use crate::cards::{CardSet, Suit};
use crate::holdem::eval::fast::{flush_value, rank_value};
use crate::holdem::eval::keys::rank_key;
use crate::holdem::eval::{Hand, HandValue};

use super::{Equity, MAX_PLAYERS, Spot, Tally, with_threads};

/// Exact equity over every deal of the ranges and every board.
pub fn exact(spot: &Spot, threads: usize) -> Equity {
    Plan::new(spot, threads).run(threads)
}

/// One player's two ranks (a number in 0..169, higher rank times 13 plus
/// the lower) and, per suit, which of the two cards are of that suit (bit
/// 0 the higher card's, bit 1 the lower's; a pair's card of the suit is
/// always bit 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Hole {
    ranks: u8,
    suits: [u8; 4],
}

impl Hole {
    fn of(cards: [crate::cards::Card; 2]) -> Hole {
        let [high, low] = cards;
        let ranks = (high.rank().index() * 13 + low.rank().index()) as u8;
        let suits = Suit::ALL.map(|s| {
            let bits = u8::from(high.suit() == s) | u8::from(low.suit() == s) << 1;
            if high.rank() == low.rank() && bits == 2 {
                1
            } else {
                bits
            }
        });
        Hole { ranks, suits }
    }

    fn high(self) -> usize {
        self.ranks as usize / 13
    }

    fn low(self) -> usize {
        self.ranks as usize % 13
    }

    /// The 13-bit mask of the ranks held in the suit with these bits.
    fn suited(self, bits: u8) -> u16 {
        let mut mask = 0;
        if bits & 1 != 0 {
            mask |= 1 << self.high();
        }
        if bits & 2 != 0 {
            mask |= 1 << self.low();
        }
        mask
    }
}

/// What a pass sees of a deal, packed: a rank pass's key holds 8 bits per
/// player (the ranks); a flush pass's key holds the suit class in its low
/// 2 bits, then 10 bits per player (the ranks, then the suit's bits).
type Key = u128;

fn rank_pass_key(holes: &[Hole]) -> Key {
    holes
        .iter()
        .rev()
        .fold(0, |key, h| key << 8 | Key::from(h.ranks))
}

fn flush_pass_key(holes: &[Hole], suit: usize, class: u8) -> Key {
    let players = holes.iter().rev().fold(0, |key, h| {
        key << 10 | Key::from(h.ranks) << 2 | Key::from(h.suits[suit])
    });
    players << 2 | Key::from(class)
}

/// Below this much work (see [`Plan::work`], a few milliseconds) a plan
/// runs on one thread.
const SMALL_WORK: u64 = 1_000_000;

/// Below this many deals a plan counts them on one thread.
const SMALL_DEALS: u64 = 100_000;

/// A hasher for the packed keys: a multiply and a fold of the high half.
#[derive(Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = key as u64 ^ ((key >> 64) as u64).rotate_left(29);
        self.0 = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }
}

type Counts = HashMap<Key, u64, BuildHasherDefault<KeyHasher>>;

/// The fixed cards of a question, as the passes need them.
#[derive(Debug, Clone, Copy)]
struct Fixed {
    /// Players.
    players: usize,
    /// Board cards to come.
    missing: usize,
    /// The board's rank key sum.
    board_key: u32,
    /// Board and dead cards of each rank.
    used_of_rank: [u8; 13],
    /// Each suit's board cards and board-or-dead cards, as rank masks.
    board_of_suit: [u16; 4],
    used_of_suit: [u16; 4],
}

/// The work of an exact equity: how many deals see each distinct view of
/// each pass (see the module doc).
#[derive(Debug)]
pub struct Plan {
    fixed: Fixed,
    deals: u64,
    boards_per_deal: u64,
    rank_passes: Vec<(Key, u64)>,
    flush_passes: Vec<(Key, u64)>,
}

impl Plan {
    /// Counts every deal's views (the deals of the first player's
    /// combinations shared out over `threads`).
    pub fn new(spot: &Spot, threads: usize) -> Plan {
        let threads = if spot.deals_bound() < SMALL_DEALS {
            1
        } else {
            threads
        };
        let board = spot.board;
        let used = board | spot.dead;
        let fixed = Fixed {
            players: spot.players(),
            missing: spot.missing(),
            board_key: Hand::of(board).rank_key(),
            used_of_rank: std::array::from_fn(|r| {
                used.iter().filter(|c| c.rank().index() == r).count() as u8
            }),
            board_of_suit: Suit::ALL.map(|s| board.suit_mask(s)),
            used_of_suit: Suit::ALL.map(|s| used.suit_mask(s)),
        };
        // Suits that the board and dead cards do not tell apart share a
        // class (with neither, all four are one).
        let classes: [u8; 4] = std::array::from_fn(|s| {
            (0..s)
                .find(|&t| {
                    fixed.board_of_suit[t] == fixed.board_of_suit[s]
                        && fixed.used_of_suit[t] == fixed.used_of_suit[s]
                })
                .unwrap_or(s) as u8
        });
        let ranges: Vec<Vec<(CardSet, Hole)>> = spot
            .ranges
            .iter()
            .map(|r| r.iter().map(|c| (c.set(), Hole::of(c.cards()))).collect())
            .collect();
        let count_from = |mut counts: Views, first: &(CardSet, Hole)| {
            let mut holes = [first.1; MAX_PLAYERS];
            counts.deals(&ranges, &classes, used | first.0, &mut holes, 1);
            counts
        };
        let counts = with_threads(threads, || {
            if threads <= 1 {
                ranges[0].iter().fold(Views::default(), count_from)
            } else {
                ranges[0]
                    .par_iter()
                    .fold(Views::default, count_from)
                    .reduce(Views::default, Views::merge)
            }
        });
        let left = 52 - used.len() - 2 * fixed.players;
        let sorted = |map: Counts| {
            let mut terms: Vec<(Key, u64)> = map.into_iter().collect();
            terms.sort_unstable();
            terms
        };
        Plan {
            fixed,
            deals: counts.deals,
            boards_per_deal: binomial(left, fixed.missing),
            rank_passes: sorted(counts.rank),
            flush_passes: sorted(counts.flush),
        }
    }

    /// How many deals there are.
    pub fn deals(&self) -> u64 {
        self.deals
    }

    /// How many distinct passes there are to compute.
    pub fn passes(&self) -> usize {
        self.rank_passes.len() + self.flush_passes.len()
    }

    /// An estimate of the work [`Plan::run`] has to do: the leaves its
    /// passes visit, each a table lookup and a comparison per player.
    pub fn work(&self) -> u64 {
        let fixed = &self.fixed;
        let rank = self.rank_passes.len() as u64 * MULTISETS[fixed.missing];
        let flush: u64 = self
            .flush_passes
            .iter()
            .map(|&(key, _)| {
                let suit = (key & 3) as usize;
                FlushView::new(fixed, &holes(key >> 2, 10, fixed)[..fixed.players], suit)
                    .leaves(fixed.missing)
            })
            .sum();
        (rank + flush) * fixed.players as u64
    }

    /// Computes every distinct pass once (shared out over `threads`) and
    /// adds them up as often as deals see them.
    pub fn run(&self, threads: usize) -> Equity {
        self.run_with(threads, &|_| {})
    }

    /// [`Plan::run`], calling `done(1)` as each of the [`Plan::passes`]
    /// is computed (from any thread), for a progress bar.
    pub fn run_with(&self, threads: usize, done: &(dyn Fn(u64) + Sync)) -> Equity {
        let fixed = &self.fixed;
        // Starting threads costs more than a small count.
        let threads = if self.work() < SMALL_WORK { 1 } else { threads };
        let rank = |&(key, times): &(Key, u64)| {
            let tally = rank_pass(fixed, &holes(key, 8, fixed)[..fixed.players]).times(times);
            done(1);
            tally
        };
        let flush = |&(key, times): &(Key, u64)| {
            let suit = (key & 3) as usize;
            let tally =
                flush_pass(fixed, &holes(key >> 2, 10, fixed)[..fixed.players], suit).times(times);
            done(1);
            tally
        };
        let tally = with_threads(threads, || {
            if threads <= 1 {
                let ranks = self.rank_passes.iter().map(rank);
                let flushes = self.flush_passes.iter().map(flush);
                ranks.chain(flushes).fold(Tally::default(), Tally::merge)
            } else {
                let ranks = self.rank_passes.par_iter().map(rank);
                let flushes = self.flush_passes.par_iter().map(flush);
                ranks.chain(flushes).reduce(Tally::default, Tally::merge)
            }
        });
        let boards = self.deals * self.boards_per_deal;
        Equity {
            boards,
            exact: true,
            players: tally.players(fixed.players, boards),
        }
    }
}

/// The players' holes from a pass key with `bits` bits a player (the
/// first `fixed.players` of the array).
fn holes(key: Key, bits: u32, fixed: &Fixed) -> [Hole; MAX_PLAYERS] {
    std::array::from_fn(|i| {
        let code = (key >> (bits * i as u32)) as u16 & ((1 << bits) - 1);
        let (ranks, suit_bits) = if bits == 10 {
            ((code >> 2) as u8, (code & 3) as u8)
        } else {
            (code as u8, 0)
        };
        // A flush pass reads the bits of its own suit only: put them there.
        Hole {
            ranks: if i < fixed.players { ranks } else { 0 },
            suits: [suit_bits; 4],
        }
    })
}

/// The deals and each pass view's count, for part of the deals.
#[derive(Debug, Default)]
struct Views {
    deals: u64,
    rank: Counts,
    flush: Counts,
}

impl Views {
    /// Counts the deals that complete `holes[..filled]` with players
    /// `filled..`, avoiding `used`.
    fn deals(
        &mut self,
        ranges: &[Vec<(CardSet, Hole)>],
        classes: &[u8; 4],
        used: CardSet,
        holes: &mut [Hole; MAX_PLAYERS],
        filled: usize,
    ) {
        let Some(range) = ranges.get(filled) else {
            let holes = &holes[..filled];
            self.deals += 1;
            *self.rank.entry(rank_pass_key(holes)).or_default() += 1;
            for (suit, &class) in classes.iter().enumerate() {
                *self
                    .flush
                    .entry(flush_pass_key(holes, suit, class))
                    .or_default() += 1;
            }
            return;
        };
        for &(cards, hole) in range {
            if cards.is_disjoint(used) {
                holes[filled] = hole;
                self.deals(ranges, classes, used | cards, holes, filled + 1);
            }
        }
    }

    fn merge(mut self, other: Views) -> Views {
        self.deals += other.deals;
        for (key, n) in other.rank {
            *self.rank.entry(key).or_default() += n;
        }
        for (key, n) in other.flush {
            *self.flush.entry(key).or_default() += n;
        }
        self
    }
}

/// Every board as if no one could make a flush, by rank multiset of the
/// missing cards, weighted by the boards with those ranks.
fn rank_pass(fixed: &Fixed, holes: &[Hole]) -> Tally {
    let n = holes.len();
    let mut left = fixed.used_of_rank.map(|u| 4 - u);
    let mut keys = [0u32; MAX_PLAYERS];
    for (key, h) in keys.iter_mut().zip(holes) {
        *key = fixed
            .board_key
            .wrapping_add(rank_key(h.high()))
            .wrapping_add(rank_key(h.low()));
        left[h.high()] -= 1;
        left[h.low()] -= 1;
    }
    let mut tally = Tally::default();
    let mut values = [HandValue::default(); MAX_PLAYERS];
    rank_multisets(&left, fixed.missing, &mut |add, weight| {
        for (v, k) in values.iter_mut().zip(&keys[..n]) {
            *v = rank_value(k.wrapping_add(add));
        }
        tally.record(&values[..n], weight as i64);
    });
    tally
}

/// What a suit's flush pass knows of a deal.
#[derive(Debug)]
struct FlushView {
    /// Each player's ranks of the suit, hole and board.
    held: [u16; MAX_PLAYERS],
    /// Each player's rank key sum, hole and board.
    keys: [u32; MAX_PLAYERS],
    /// The ranks of the suit still to come, as a mask.
    suited: u16,
    /// Cards of each rank in the other suits still to come.
    left: [u8; 13],
    /// The fewest new cards of the suit that give someone a flush.
    fewest_needed: usize,
}

impl FlushView {
    /// The view of `suit` (each hole's bits of that suit in `suits[suit]`).
    fn new(fixed: &Fixed, holes: &[Hole], suit: usize) -> FlushView {
        let mut held = [0u16; MAX_PLAYERS];
        let mut keys = [0u32; MAX_PLAYERS];
        let mut taken = fixed.used_of_suit[suit];
        let mut left: [u8; 13] =
            std::array::from_fn(|r| 3 - (fixed.used_of_rank[r] - u8::from(taken >> r & 1 != 0)));
        for (i, h) in holes.iter().enumerate() {
            let bits = h.suits[suit];
            held[i] = fixed.board_of_suit[suit] | h.suited(bits);
            taken |= h.suited(bits);
            keys[i] = fixed
                .board_key
                .wrapping_add(rank_key(h.high()))
                .wrapping_add(rank_key(h.low()));
            if bits & 1 == 0 {
                left[h.high()] -= 1;
            }
            if bits & 2 == 0 {
                left[h.low()] -= 1;
            }
        }
        let fewest_needed = held[..holes.len()]
            .iter()
            .map(|m| 5usize.saturating_sub(m.count_ones() as usize))
            .min()
            .unwrap_or(5);
        FlushView {
            held,
            keys,
            suited: !taken & 0x1FFF,
            left,
            fewest_needed,
        }
    }

    /// How many new cards of the suit the pass enumerates.
    fn counts(&self, missing: usize) -> std::ops::RangeInclusive<usize> {
        self.fewest_needed..=missing.min(self.suited.count_ones() as usize)
    }

    /// How many leaves the pass visits, about.
    fn leaves(&self, missing: usize) -> u64 {
        self.counts(missing)
            .map(|j| binomial(self.suited.count_ones() as usize, j) * MULTISETS[missing - j])
            .sum()
    }
}

/// How many multisets of 0 to 5 ranks there are (no rank more than four
/// times): the rank pass's leaves, at most.
const MULTISETS: [u64; 6] = [1, 13, 91, 455, 1820, 6175];

/// The boards on which someone makes a flush in `suit`: their true result
/// in, their rank-pass result out. For each choice of new cards in the
/// suit, the flushes are fixed and the other new cards matter only by
/// rank, so they are taken by rank multiset.
fn flush_pass(fixed: &Fixed, holes: &[Hole], suit: usize) -> Tally {
    let n = holes.len();
    let view = FlushView::new(fixed, holes, suit);
    let mut tally = Tally::default();
    // A player's flush value, or zero (below every hand) without one: a
    // flush beats whatever the same seven cards make by rank.
    let mut flush = [HandValue::default(); MAX_PLAYERS];
    let mut truth = [HandValue::default(); MAX_PLAYERS];
    let mut rank_only = [HandValue::default(); MAX_PLAYERS];
    for j in view.counts(fixed.missing) {
        for_each_subset(view.suited, j, 0, 0, &mut |new, add| {
            for (f, &m) in flush.iter_mut().zip(&view.held[..n]) {
                *f = flush_value(m | new);
            }
            rank_multisets(&view.left, fixed.missing - j, &mut |more, weight| {
                for i in 0..n {
                    rank_only[i] = rank_value(view.keys[i].wrapping_add(add).wrapping_add(more));
                    truth[i] = flush[i].max(rank_only[i]);
                }
                tally.record(&truth[..n], weight as i64);
                tally.record(&rank_only[..n], -(weight as i64));
            });
        });
    }
    tally
}

/// Calls `leaf(key, weight)` for every multiset of `missing` ranks (no
/// rank more often than `left` allows): `key` its rank keys' sum, `weight`
/// the number of card choices with those ranks.
fn rank_multisets(left: &[u8; 13], missing: usize, leaf: &mut impl FnMut(u32, u64)) {
    /// C(n, k) for n and k up to 4.
    const CHOOSE: [[u64; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    fn go(
        left: &[u8; 13],
        from: usize,
        missing: usize,
        key: u32,
        weight: u64,
        leaf: &mut impl FnMut(u32, u64),
    ) {
        if missing == 0 {
            leaf(key, weight);
            return;
        }
        // Each rank from `from` up, taken 1 to `left` times.
        for r in from..13 {
            let have = usize::from(left[r]);
            let mut key = key;
            for (copies, ways) in (1..=have.min(missing)).zip(&CHOOSE[have][1..]) {
                key = key.wrapping_add(rank_key(r));
                go(left, r + 1, missing - copies, key, weight * ways, leaf);
            }
        }
    }
    go(left, 0, missing, 0, 1, leaf);
}

/// Calls `f(subset, key)` with each `m`-rank subset of the mask `ranks`
/// (joined to `base`, whose rank keys sum to `key`): the subset as a mask
/// and its rank keys' sum.
fn for_each_subset(ranks: u16, m: usize, base: u16, key: u32, f: &mut impl FnMut(u16, u32)) {
    if m == 0 {
        f(base, key);
        return;
    }
    let mut rest = ranks;
    while rest.count_ones() as usize >= m {
        let low = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for_each_subset(
            rest,
            m - 1,
            base | 1 << low,
            key.wrapping_add(rank_key(low)),
            f,
        );
    }
}

/// n choose k.
fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{THREE_WAY, ranges, set};
    use super::*;
    use crate::cards::Card;
    use crate::holdem::equity::PlayerEquity;
    use crate::holdem::range::Combo;

    fn spot(hands: &[&str], board: &str, dead: &str) -> Spot {
        Spot::new(&ranges(hands), set(board), set(dead)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Every deal of combinations sharing no card, one after another.
    fn deals(spot: &Spot) -> Vec<Vec<Combo>> {
        fn go(spot: &Spot, used: CardSet, deal: &mut Vec<Combo>, out: &mut Vec<Vec<Combo>>) {
            let Some(range) = spot.ranges.get(deal.len()) else {
                out.push(deal.clone());
                return;
            };
            for &c in range {
                if c.set().is_disjoint(used) {
                    deal.push(c);
                    go(spot, used | c.set(), deal, out);
                    deal.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(spot, spot.board | spot.dead, &mut Vec::new(), &mut out);
        out
    }

    fn choose(cards: &[Card], m: usize, pick: &mut Vec<Card>, f: &mut impl FnMut(&[Card])) {
        if m == 0 {
            f(pick);
            return;
        }
        for i in 0..cards.len() {
            pick.push(cards[i]);
            choose(&cards[i + 1..], m - 1, pick, f);
            pick.pop();
        }
    }

    /// The slow way: every deal, every board, each hand ranked by the
    /// reference ranker as the best five of its seven cards.
    fn brute_force(spot: &Spot) -> (u64, Vec<(u64, u64, f64)>) {
        let n = spot.players();
        let mut boards = 0;
        let mut out = vec![(0u64, 0u64, 0f64); n];
        for deal in deals(spot) {
            let used = deal.iter().fold(spot.board | spot.dead, |u, c| u | c.set());
            let rest: Vec<Card> = (!used).iter().collect();
            let mut each_board = |extra: &[Card]| {
                boards += 1;
                let values: Vec<_> = deal
                    .iter()
                    .map(|c| {
                        let mut cards: Vec<Card> =
                            spot.board.iter().chain(extra.iter().copied()).collect();
                        cards.extend(c.cards());
                        crate::holdem::eval::reference::best_of(&cards).0
                    })
                    .collect();
                let best = values.iter().max().copied();
                let winners = values.iter().filter(|&&v| Some(v) == best).count();
                for (i, &v) in values.iter().enumerate() {
                    if Some(v) == best {
                        if winners == 1 {
                            out[i].0 += 1;
                        } else {
                            out[i].1 += 1;
                        }
                        out[i].2 += 1.0 / winners as f64;
                    }
                }
            };
            choose(&rest, spot.missing(), &mut Vec::new(), &mut each_board);
        }
        for o in &mut out {
            o.2 /= boards as f64;
        }
        (boards, out)
    }

    fn assert_matches_brute_force(spot: &Spot) {
        let fast = exact(spot, 1);
        let (boards, slow) = brute_force(spot);
        assert_eq!(fast.boards, boards, "{spot:?}");
        for (p, s) in fast.players.iter().zip(&slow) {
            assert_eq!((p.win, p.tie), (s.0, s.1), "{spot:?}");
            assert!((p.equity - s.2).abs() < 1e-9, "{spot:?}");
        }
    }

    #[test]
    fn exact_equals_brute_force_on_flops_turns_and_rivers() {
        let cases: &[(&[&str], &str, &str)] = &[
            (&["AhKh", "QsQc"], "2h 7h Qd", ""),
            (&["AhKh", "QsQc"], "2h 7h Qd", "3h 4c"),
            (&["As5s", "Ks7d", "JhTh"], "3s 4s 6h", ""),
            (&["8c8d", "9c9d"], "2c 3c 4c 5c", ""),
            (&["AcKd", "AdKc", "AhKs"], "Ts Js 2d", ""),
            (&["2c3d", "2d3c"], "As Ks Qs Js", ""),
            (&["AcAd", "7s2h"], "As Ah Kd Kc 2d", ""),
            (&["QQ+", "AKs"], "2h 7h Qd 9s", ""),
            (&["KK+,AKs", "TT+,AQs+", "76s,A5s"], "2h 3h 4h 5d", "6h"),
            (&["AhQh,AsQs", "KK,T9s", "22"], "Th 9h 4s", "2h"),
        ];
        for (hands, board, dead) in cases {
            assert_matches_brute_force(&spot(hands, board, dead));
        }
    }

    /// Preflop, where the grouping matters most: the same counts as
    /// evaluating every one of the 1,712,304 boards of each deal.
    #[test]
    fn preflop_exact_equals_board_by_board() {
        for hands in [
            ["AcAd", "KhKs"],
            ["AhKh", "7h6h"],
            ["AsKd", "AdKs"],
            ["8s7s", "8h7h"],
        ] {
            let spot = spot(&hands, "", "");
            let fast = exact(&spot, 1);
            let holes: Vec<Hand> = spot.ranges.iter().map(|r| Hand::of(r[0].set())).collect();
            let rest: Vec<Card> = (!holes.iter().fold(CardSet::EMPTY, |u, h| u | h.cards()))
                .iter()
                .collect();
            let mut tally = Tally::default();
            choose(&rest, 5, &mut Vec::new(), &mut |board| {
                let b = board.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
                let values: Vec<HandValue> = holes.iter().map(|h| h.combine(b).value()).collect();
                tally.record(&values, 1);
            });
            assert_eq!(fast.boards, 1_712_304);
            assert_eq!(fast.players, tally.players(2, fast.boards), "{hands:?}");
        }
    }

    /// The win and tie counts of the questions the README times, as
    /// OMPEval's enumeration counts them too.
    #[test]
    fn pinned_answers() {
        let counts = |e: &Equity| -> Vec<(u64, u64)> {
            e.players
                .iter()
                .map(|p: &PlayerEquity| (p.win, p.tie))
                .collect()
        };
        let aa_kk = exact(&spot(&["AdAc", "KhKs"], "", ""), 1);
        assert_eq!(aa_kk.boards, 1_712_304);
        assert_eq!(counts(&aa_kk), [(1_388_072, 6_538), (317_694, 6_538)]);
        let vs_random = exact(&spot(&["QQ+,AKs", "random"], "", ""), 2);
        assert_eq!(vs_random.boards, 46_146_592_800);
        assert_eq!(
            counts(&vs_random),
            [(36_601_922_580, 350_713_992), (9_193_956_228, 350_713_992)]
        );
        let ranges = exact(&spot(&["22+,A2s+,KTo+", "QQ+,AK"], "", ""), 2);
        assert_eq!(ranges.boards, 7_982_761_248);
        assert_eq!(
            counts(&ranges),
            [(2_574_054_384, 164_931_552), (5_243_775_312, 164_931_552)]
        );
        let flop = exact(&spot(&["random", "AhKh"], "Ts 9s 2d", ""), 2);
        assert_eq!(flop.boards, 1_070_190);
        assert_eq!(counts(&flop), [(522_682, 10_942), (536_566, 10_942)]);
        let three = exact(&THREE_WAY.spot(), 2);
        assert_eq!(three.boards, 654_048_318);
        assert_eq!(
            counts(&three),
            [
                (293_107_970, 37_440_270),
                (180_189_190, 46_487_163),
                (133_777_695, 22_630_762)
            ]
        );
    }

    #[test]
    fn threads_do_not_change_exact_results() {
        for (hands, board) in [
            (&["JJ+", "AKs,AQs"][..], "2h 7h Qd"),
            (&["22+,AT+", "KQ", "random"][..], "Jc 8d 3s"),
        ] {
            let spot = spot(hands, board, "");
            let one = exact(&spot, 1);
            assert_eq!(one, exact(&spot, 2));
            assert_eq!(one, exact(&spot, 3));
        }
    }

    /// Deals that differ only by a swap of suits share their passes.
    #[test]
    fn equivalent_deals_share_passes() {
        let plan = Plan::new(&spot(&["QQ+,AKs", "random"], "", ""), 1);
        assert_eq!(plan.deals(), 26_950);
        assert_eq!(
            (plan.rank_passes.len(), plan.flush_passes.len()),
            (364, 2_577)
        );
        let one = Plan::new(&spot(&["AdAc", "KhKs"], "", ""), 1);
        assert_eq!(
            one.passes(),
            3,
            "clubs and diamonds look alike, so do hearts and spades"
        );
    }
}
