//! Equity: how often each of 2–9 hands or ranges wins or ties, over every
//! remaining board (exact) or over random deals (Monte Carlo).
//!
//! Exact enumeration of one deal of hole cards splits the boards in two.
//! Without a flush a hand's value depends only on the ranks, so boards are
//! taken by rank multiset, each weighted by how many boards share it (one
//! table lookup per player per multiset instead of per board). The boards
//! on which some player makes a flush (a suit with enough new cards for
//! that player's holding) are then enumerated card by card, adding their
//! true result and taking back the rank-only one. Ranges enumerate every
//! deal of combinations that share no card, each weighing the same.
//!
//! Monte Carlo draws a combination per player (a deal with a shared card
//! is drawn again, so card removal is exact) and the missing board cards.
//! Work is cut into fixed blocks of samples, block `b` drawing from the
//! seed's stream `b`, so a seed gives the same result on any thread count.

use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::GameRng;

use super::eval::fast::{flush_value, rank_value};
use super::eval::keys::rank_key;
use super::eval::{Hand, HandValue};
use super::range::{Combo, Range};

/// The most players a deal can have.
pub const MAX_PLAYERS: usize = 9;

/// Ties are counted in units of 1/2520: 2520 is divisible by 1..=9.
const SHARE_UNIT: i64 = 2520;

/// Samples per Monte Carlo block (each block has its own random stream).
const BLOCK: u64 = 1 << 14;

/// Why an equity could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EquityError {
    /// Fewer than 2 or more than 9 players.
    #[error("equity needs 2 to {MAX_PLAYERS} hands, got {0}")]
    PlayerCount(usize),
    /// A board of 1, 2 or more than 5 cards.
    #[error("a board has 0, 3, 4 or 5 cards, not {0}")]
    BoardSize(usize),
    /// A card on the board and among the dead cards.
    #[error("card {0} is both on the board and dead")]
    DeadOnBoard(Card),
    /// A player's range has no combination left beside board and dead cards.
    #[error("hand {0} has no possible combination with this board and dead cards")]
    EmptyRange(usize),
    /// No deal gives every player a combination without sharing a card.
    #[error("the hands have no possible deal together (they need the same cards)")]
    NoDeal,
    /// Monte Carlo with no samples.
    #[error("the number of samples must be at least 1")]
    NoSamples,
}

/// One player's result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerEquity {
    /// Boards (or samples) won outright.
    pub win: u64,
    /// Boards (or samples) shared with others.
    pub tie: u64,
    /// The share of the pot expected: wins plus each k-way tie as 1/k,
    /// over the boards.
    pub equity: f64,
}

/// The result for all players, in the order given.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    /// How many boards (exact) or samples (Monte Carlo) were counted.
    pub boards: u64,
    /// True for exact enumeration.
    pub exact: bool,
    /// Each player's result.
    pub players: Vec<PlayerEquity>,
}

/// A question: players' ranges, the known board and the dead cards.
#[derive(Debug, Clone)]
pub struct Spot {
    /// Each player's combinations, without board and dead cards.
    ranges: Vec<Vec<Combo>>,
    board: CardSet,
    dead: CardSet,
}

impl Spot {
    /// Checks the question: 2–9 players, a board of 0, 3, 4 or 5 cards not
    /// among the dead, and at least one deal in which no card is used twice.
    pub fn new(ranges: &[Range], board: CardSet, dead: CardSet) -> Result<Spot, EquityError> {
        if !(2..=MAX_PLAYERS).contains(&ranges.len()) {
            return Err(EquityError::PlayerCount(ranges.len()));
        }
        if !matches!(board.len(), 0 | 3 | 4 | 5) {
            return Err(EquityError::BoardSize(board.len()));
        }
        if let Some(card) = (board & dead).first() {
            return Err(EquityError::DeadOnBoard(card));
        }
        let ranges: Vec<Vec<Combo>> = ranges
            .iter()
            .map(|r| r.without(board | dead).combos().to_vec())
            .collect();
        if let Some(i) = ranges.iter().position(Vec::is_empty) {
            return Err(EquityError::EmptyRange(i + 1));
        }
        let spot = Spot {
            ranges,
            board,
            dead,
        };
        if !spot.any_deal(0, board | dead) {
            return Err(EquityError::NoDeal);
        }
        Ok(spot)
    }

    /// True when players `from..` can all get a combination avoiding `used`.
    fn any_deal(&self, from: usize, used: CardSet) -> bool {
        let Some(range) = self.ranges.get(from) else {
            return true;
        };
        range
            .iter()
            .any(|c| c.set().is_disjoint(used) && self.any_deal(from + 1, used | c.set()))
    }

    /// Every deal of combinations sharing no card, in order, one after
    /// another (chunks of one combination per player).
    fn deals(&self) -> Vec<Combo> {
        fn go(spot: &Spot, used: CardSet, deal: &mut Vec<Combo>, out: &mut Vec<Combo>) {
            let Some(range) = spot.ranges.get(deal.len()) else {
                out.extend_from_slice(deal);
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
        go(self, self.board | self.dead, &mut Vec::new(), &mut out);
        out
    }

    fn players(&self) -> usize {
        self.ranges.len()
    }
}

/// Win, tie and tie-share counts; signed so a correction can take back.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    boards: u64,
    win: [i64; MAX_PLAYERS],
    tie: [i64; MAX_PLAYERS],
    share: [i64; MAX_PLAYERS],
}

impl Tally {
    /// Counts `weight` boards on which the players hold `values`.
    #[inline(always)]
    fn record(&mut self, values: &[HandValue], weight: i64) {
        let best = values.iter().copied().max().unwrap_or_default();
        let winners = values.iter().filter(|&&v| v == best).count();
        if winners == 1 {
            let i = values.iter().position(|&v| v == best).unwrap_or_default();
            self.win[i] += weight;
        } else {
            let share = weight * (SHARE_UNIT / winners as i64);
            for (i, &v) in values.iter().enumerate() {
                if v == best {
                    self.tie[i] += weight;
                    self.share[i] += share;
                }
            }
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.boards += other.boards;
        for i in 0..MAX_PLAYERS {
            self.win[i] += other.win[i];
            self.tie[i] += other.tie[i];
            self.share[i] += other.share[i];
        }
        self
    }

    fn finish(self, players: usize, exact: bool) -> Equity {
        let boards = self.boards.max(1) as f64;
        Equity {
            boards: self.boards,
            exact,
            players: (0..players)
                .map(|i| PlayerEquity {
                    win: self.win[i] as u64,
                    tie: self.tie[i] as u64,
                    equity: (self.win[i] as f64 + self.share[i] as f64 / SHARE_UNIT as f64)
                        / boards,
                })
                .collect(),
        }
    }
}

/// Runs `f` on a pool of `threads` threads (1: on this thread).
fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    if threads <= 1 {
        return f();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

/// Exact equity over every deal of the ranges and every board.
pub fn exact(spot: &Spot, threads: usize) -> Equity {
    let deals = spot.deals();
    let n = spot.players();
    let tally = if threads <= 1 {
        deals.chunks_exact(n).fold(Tally::default(), |t, d| {
            t.merge(exact_deal(d, spot.board, spot.dead))
        })
    } else {
        with_threads(threads, || {
            deals
                .par_chunks_exact(n)
                .map(|d| exact_deal(d, spot.board, spot.dead))
                .reduce(Tally::default, Tally::merge)
        })
    };
    tally.finish(spot.players(), true)
}

/// Exact equity of fixed hole cards over every board.
fn exact_deal(holes: &[Combo], board: CardSet, dead: CardSet) -> Tally {
    let n = holes.len();
    let board_hand = Hand::of(board);
    let mut prefix = [Hand::EMPTY; MAX_PLAYERS];
    let mut used = board | dead;
    for (p, c) in prefix.iter_mut().zip(holes) {
        *p = board_hand.combine(Hand::of(c.set()));
        used |= c.set();
    }
    let prefix = &prefix[..n];
    let avail = !used;
    let missing = 5 - board.len();
    let mut tally = Tally {
        boards: binomial(avail.len(), missing),
        ..Tally::default()
    };
    rank_boards(prefix, avail, missing, &mut tally);
    for suit in Suit::ALL {
        flush_boards(prefix, avail, missing, suit, &mut tally);
    }
    tally
}

/// Every board as if no one could make a flush, by rank multiset of the
/// missing cards, weighted by the boards with those ranks.
fn rank_boards(prefix: &[Hand], avail: CardSet, missing: usize, tally: &mut Tally) {
    let mut left = [0u8; 13];
    for c in avail {
        left[c.rank().index()] += 1;
    }
    let keys: Vec<u32> = prefix.iter().map(|h| h.rank_key()).collect();
    let mut values = [HandValue::default(); MAX_PLAYERS];
    let mut leaf = |add: u32, weight: u64| {
        for (v, k) in values.iter_mut().zip(&keys) {
            *v = rank_value(k + add);
        }
        tally.record(&values[..keys.len()], weight as i64);
    };
    let mut taken = [0u8; 13];
    rank_multisets(&left, &mut taken, 0, missing, 0, 1, &mut leaf);
}

/// Calls `leaf(key, weight)` for every multiset of `missing` more ranks
/// from `start` up, no rank more often than `left` allows; `weight` is the
/// number of card choices with those ranks.
fn rank_multisets(
    left: &[u8; 13],
    taken: &mut [u8; 13],
    start: usize,
    missing: usize,
    key: u32,
    weight: u64,
    leaf: &mut impl FnMut(u32, u64),
) {
    if missing == 0 {
        leaf(key, weight);
        return;
    }
    for r in start..13 {
        let (have, took) = (left[r] as u64, taken[r] as u64);
        if took < have {
            // C(have, took + 1) = C(have, took) * (have - took) / (took + 1)
            let w = weight * (have - took) / (took + 1);
            taken[r] += 1;
            rank_multisets(left, taken, r, missing - 1, key + rank_key(r), w, leaf);
            taken[r] -= 1;
        }
    }
}

/// The boards on which someone makes a flush in `suit`: their true result
/// in, their rank-only result (counted by [`rank_boards`]) out. For each
/// choice of new cards in the suit, the flushes are fixed and the other
/// new cards matter only by rank, so they are taken by rank multiset.
fn flush_boards(prefix: &[Hand], avail: CardSet, missing: usize, suit: Suit, tally: &mut Tally) {
    let n = prefix.len();
    let held: Vec<u16> = prefix.iter().map(|h| h.cards().suit_mask(suit)).collect();
    let fewest_needed = held
        .iter()
        .map(|m| 5 - (m.count_ones() as usize).min(5))
        .min()
        .unwrap_or(5);
    let suited: Vec<Card> = avail.of_suit(suit).iter().collect();
    let mut left = [0u8; 13];
    for c in avail - avail.of_suit(suit) {
        left[c.rank().index()] += 1;
    }
    let keys: Vec<u32> = prefix.iter().map(|h| h.rank_key()).collect();
    let mut flush = [None; MAX_PLAYERS];
    let mut truth = [HandValue::default(); MAX_PLAYERS];
    let mut rank_only = [HandValue::default(); MAX_PLAYERS];
    let mut taken = [0u8; 13];
    for j in fewest_needed..=missing.min(suited.len()) {
        for_each_subset(&suited, j, Hand::EMPTY, &mut |new_suited| {
            let new_mask = new_suited.cards().suit_mask(suit);
            for (f, &m) in flush.iter_mut().zip(&held) {
                let ranks = m | new_mask;
                *f = (ranks.count_ones() >= 5).then(|| flush_value(ranks));
            }
            let mut leaf = |add: u32, weight: u64| {
                for i in 0..n {
                    rank_only[i] = rank_value(keys[i] + add);
                    truth[i] = flush[i].unwrap_or(rank_only[i]);
                }
                tally.record(&truth[..n], weight as i64);
                tally.record(&rank_only[..n], -(weight as i64));
            };
            let start = new_suited.rank_key();
            rank_multisets(&left, &mut taken, 0, missing - j, start, 1, &mut leaf);
        });
    }
}

/// Calls `f` with `base` plus each `m`-card subset of `cards`.
fn for_each_subset(cards: &[Card], m: usize, base: Hand, f: &mut impl FnMut(Hand)) {
    if m == 0 {
        f(base);
        return;
    }
    for i in 0..cards.len().saturating_sub(m - 1) {
        for_each_subset(&cards[i + 1..], m - 1, base.add(cards[i]), f);
    }
}

/// n choose k.
fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

/// Monte Carlo equity from `samples` random deals and boards, seeded.
pub fn monte_carlo(
    spot: &Spot,
    samples: u64,
    seed: u64,
    threads: usize,
) -> Result<Equity, EquityError> {
    if samples == 0 {
        return Err(EquityError::NoSamples);
    }
    let blocks = samples.div_ceil(BLOCK);
    let block = |b: u64| {
        let count = BLOCK.min(samples - b * BLOCK);
        let mut rng = GameRng::seed_from_u64(seed);
        rng.set_stream(b);
        sample_block(spot, count, &mut rng)
    };
    let tally = if threads <= 1 {
        (0..blocks).map(block).fold(Tally::default(), Tally::merge)
    } else {
        with_threads(threads, || {
            (0..blocks)
                .into_par_iter()
                .map(block)
                .reduce(Tally::default, Tally::merge)
        })
    };
    Ok(tally.finish(spot.players(), false))
}

/// The 52 cards by index, for drawing.
const DECK: [Card; 52] = {
    let mut deck = [Card::new(Rank::Two, Suit::Clubs); 52];
    let mut i = 0;
    while i < 52 {
        deck[i] = Card::new(Rank::from_index(i as u8 / 4), Suit::from_index(i as u8 % 4));
        i += 1;
    }
    deck
};

fn sample_block(spot: &Spot, count: u64, rng: &mut GameRng) -> Tally {
    let n = spot.players();
    let board_hand = Hand::of(spot.board);
    let known = spot.board | spot.dead;
    let missing = 5 - spot.board.len();
    let mut tally = Tally {
        boards: count,
        ..Tally::default()
    };
    let mut holes = [Hand::EMPTY; MAX_PLAYERS];
    let mut values = [HandValue::default(); MAX_PLAYERS];
    for _ in 0..count {
        let mut used = 'deal: loop {
            let mut used = known;
            for (hole, range) in holes.iter_mut().zip(&spot.ranges) {
                let combo = range[rng.random_range(0..range.len())];
                if !combo.set().is_disjoint(used) {
                    continue 'deal;
                }
                used |= combo.set();
                *hole = Hand::of(combo.set());
            }
            break used;
        };
        let mut board = board_hand;
        let mut drawn = 0;
        while drawn < missing {
            let card = DECK[rng.random_range(0..52)];
            if used.insert(card) {
                board = board.add(card);
                drawn += 1;
            }
        }
        for i in 0..n {
            values[i] = Hand::value(board.combine(holes[i]));
        }
        tally.record(&values[..n], 1);
    }
    tally
}

/// The bots' fast estimate: the pot share `hole` can expect against
/// `opponents` random hands, given the known `board` (0, 3, 4 or 5 cards)
/// and `dead` cards, from `samples` random deals drawn from `rng`.
/// Returns a number in 0..=1 (a k-way tie counts 1/k).
///
/// # Panics
/// If the cards cannot be dealt (more than 50 known, or not enough left for
/// the opponents and the board).
pub fn vs_random<R: Rng>(
    hole: Combo,
    board: CardSet,
    dead: CardSet,
    opponents: usize,
    samples: u32,
    rng: &mut R,
) -> f64 {
    let known = board | dead | hole.set();
    let mut deck: Vec<Card> = (!known).iter().collect();
    let missing = 5 - board.len().min(5);
    let needed = missing + 2 * opponents;
    assert!(
        needed <= deck.len(),
        "not enough cards for {opponents} opponents"
    );
    let board_hand = Hand::of(board);
    let hero_hand = board_hand.combine(Hand::of(hole.set()));
    let mut share = 0u64;
    for _ in 0..samples {
        for t in 0..needed {
            let j = rng.random_range(t..deck.len());
            deck.swap(t, j);
        }
        let new = deck[..missing].iter().fold(Hand::EMPTY, |h, &c| h.add(c));
        let hero = hero_hand.combine(new).value();
        let common = board_hand.combine(new);
        let mut tied = 1;
        let mut lost = false;
        for pair in deck[missing..needed].chunks_exact(2) {
            let v = common.add(pair[0]).add(pair[1]).value();
            if v > hero {
                lost = true;
                break;
            }
            tied += u64::from(v == hero);
        }
        if !lost {
            share += SHARE_UNIT as u64 / tied;
        }
    }
    share as f64 / (SHARE_UNIT as f64 * f64::from(samples.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::eval::best_five;

    fn ranges(texts: &[&str]) -> Vec<Range> {
        texts
            .iter()
            .map(|t| Range::parse(t).unwrap_or_else(|e| panic!("{t}: {e}")))
            .collect()
    }

    fn set(text: &str) -> CardSet {
        CardSet::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn spot(hands: &[&str], board: &str, dead: &str) -> Spot {
        Spot::new(&ranges(hands), set(board), set(dead)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The slow way: every deal, every board, each hand ranked by the
    /// reference ranker as the best five of its seven cards.
    fn brute_force(spot: &Spot) -> (u64, Vec<(u64, u64, f64)>) {
        let n = spot.players();
        let mut boards = 0;
        let mut out = vec![(0u64, 0u64, 0f64); n];
        for deal in spot.deals().chunks_exact(n) {
            let used = deal.iter().fold(spot.board | spot.dead, |u, c| u | c.set());
            let rest: Vec<Card> = (!used).iter().collect();
            let missing = 5 - spot.board.len();
            let mut pick = Vec::new();
            let mut each_board = |extra: &[Card]| {
                boards += 1;
                let values: Vec<_> = deal
                    .iter()
                    .map(|c| {
                        let mut cards: Vec<Card> =
                            spot.board.iter().chain(extra.iter().copied()).collect();
                        cards.extend(c.cards());
                        best_five(&cards).0
                    })
                    .collect();
                let best = values.iter().max().copied().unwrap_or_default();
                let winners = values.iter().filter(|&&v| v == best).count();
                for (i, &v) in values.iter().enumerate() {
                    if v == best {
                        if winners == 1 {
                            out[i].0 += 1;
                        } else {
                            out[i].1 += 1;
                        }
                        out[i].2 += 1.0 / winners as f64;
                    }
                }
            };
            choose(&rest, missing, &mut pick, &mut each_board);
        }
        for o in &mut out {
            o.2 /= boards as f64;
        }
        (boards, out)
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
    fn exact_equals_brute_force_on_flops_and_turns() {
        let cases: &[(&[&str], &str, &str)] = &[
            (&["AhKh", "QsQc"], "2h 7h Qd", ""),
            (&["AhKh", "QsQc"], "2h 7h Qd", "3h 4c"),
            (&["As5s", "Ks7d", "JhTh"], "3s 4s 6h", ""),
            (&["8c8d", "9c9d"], "2c 3c 4c 5c", ""),
            (&["AcKd", "AdKc", "AhKs"], "Ts Js 2d", ""),
            (&["2c3d", "2d3c"], "As Ks Qs Js", ""),
            (&["AcAd", "7s2h"], "As Ah Kd Kc 2d", ""),
            (&["QQ+", "AKs"], "2h 7h Qd 9s", ""),
        ];
        for (hands, board, dead) in cases {
            assert_matches_brute_force(&spot(hands, board, dead));
        }
    }

    /// Preflop, where the rank-multiset shortcut matters most: the same
    /// counts as evaluating every one of the 1,712,304 boards.
    #[test]
    fn preflop_exact_equals_board_by_board() {
        for hands in [["AcAd", "KhKs"], ["AhKh", "7h6h"], ["AsKd", "AdKs"]] {
            let spot = spot(&hands, "", "");
            let fast = exact(&spot, 1);
            let holes: Vec<Hand> = spot.ranges.iter().map(|r| Hand::of(r[0].set())).collect();
            let rest: Vec<Card> = (!holes.iter().fold(CardSet::EMPTY, |u, h| u | h.cards()))
                .iter()
                .collect();
            let mut tally = Tally::default();
            let mut pick = Vec::new();
            choose(&rest, 5, &mut pick, &mut |board| {
                let b = board.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
                let values: Vec<HandValue> =
                    holes.iter().map(|h| Hand::value(h.combine(b))).collect();
                tally.boards += 1;
                tally.record(&values, 1);
            });
            assert_eq!(fast, tally.finish(2, true), "{hands:?}");
            assert_eq!(fast.boards, 1_712_304);
        }
        let aa_kk = exact(&spot(&["AcAd", "KhKs"], "", ""), 1);
        assert!(
            (aa_kk.players[0].equity - 0.81255).abs() < 0.0001,
            "{aa_kk:?}"
        );
    }

    #[test]
    fn monte_carlo_is_within_three_standard_errors() {
        for (hands, board) in [
            (&["AhKh", "QsQc"][..], ""),
            (&["As5s", "Ks7d", "JhTh"][..], "3s 4s 6h"),
            (&["QQ+,AKs", "random"][..], "2h 7h Qd 9s"),
        ] {
            let spot = spot(hands, board, "");
            let want = exact(&spot, 2);
            let samples = 200_000;
            let got = monte_carlo(&spot, samples, 7, 2).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(got.boards, samples);
            for (g, w) in got.players.iter().zip(&want.players) {
                let se = (w.equity * (1.0 - w.equity) / samples as f64).sqrt();
                assert!(
                    (g.equity - w.equity).abs() < 3.0 * se + 1e-9,
                    "{hands:?}: {g:?} vs {w:?}"
                );
            }
        }
    }

    #[test]
    fn monte_carlo_is_deterministic_for_a_seed_on_any_thread_count() {
        let spot = spot(&["AhKh", "QsQc", "random"], "", "");
        let one = monte_carlo(&spot, 50_000, 11, 1).ok();
        assert_eq!(one, monte_carlo(&spot, 50_000, 11, 2).ok());
        assert_ne!(one, monte_carlo(&spot, 50_000, 12, 1).ok());
    }

    #[test]
    fn threads_do_not_change_exact_results() {
        let spot = spot(&["JJ+", "AKs,AQs"], "2h 7h Qd", "");
        assert_eq!(exact(&spot, 1), exact(&spot, 2));
    }

    #[test]
    fn vs_random_agrees_with_exact_against_a_random_range() {
        let board = set("Ts 9s 2d");
        let hole = Range::parse("AsKs")
            .map(|r| r.combos()[0])
            .unwrap_or_else(|e| panic!("{e}"));
        let spot = Spot::new(
            &[Range::exact(hole), Range::random()],
            board,
            CardSet::EMPTY,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let want = exact(&spot, 2).players[0].equity;
        let mut rng = crate::game::rng_from_seed(5);
        let samples = 200_000;
        let got = vs_random(hole, board, CardSet::EMPTY, 1, samples, &mut rng);
        let se = (want * (1.0 - want) / f64::from(samples)).sqrt();
        assert!((got - want).abs() < 3.0 * se, "{got} vs {want}");
    }

    #[test]
    fn rejects_impossible_questions() {
        let r = |t: &str| ranges(&[t])[0].clone();
        let two = [r("AA"), r("KK")];
        assert_eq!(
            Spot::new(&two[..1], CardSet::EMPTY, CardSet::EMPTY).err(),
            Some(EquityError::PlayerCount(1))
        );
        let ten = vec![r("random"); 10];
        assert_eq!(
            Spot::new(&ten, CardSet::EMPTY, CardSet::EMPTY).err(),
            Some(EquityError::PlayerCount(10))
        );
        assert_eq!(
            Spot::new(&two, set("2c 3c"), CardSet::EMPTY).err(),
            Some(EquityError::BoardSize(2))
        );
        assert_eq!(
            Spot::new(&two, CardSet::EMPTY, set("Ac Ad Ah")).err(),
            Some(EquityError::EmptyRange(1))
        );
        assert_eq!(
            Spot::new(&[r("AcAd"), r("AcAh")], CardSet::EMPTY, CardSet::EMPTY).err(),
            Some(EquityError::NoDeal)
        );
        assert!(Spot::new(&two, set("2c 3c 4c"), set("2c")).is_err());
    }
}
