//! Monte Carlo equity: random deals and boards, until a number of samples
//! or a standard error is reached.
//!
//! A sample draws a combination per player (a deal with a shared card is
//! drawn again from the start, so every deal is as likely as in the exact
//! count) and the missing board cards. Players with narrow ranges are
//! drawn together from a list of their combinations that share no card,
//! so that fewer deals are drawn again. Players who may hold any two live
//! cards are drawn last, and only they are drawn again when they share a
//! card: whatever the others hold, they have as many choices, so every
//! deal stays as likely. A batch of samples is drawn before their hands
//! are ranked, so that the table lookups of many hands overlap.
//!
//! Work is cut into fixed blocks of samples, block `b` drawing from the
//! seed's ChaCha8 stream `b` (which seeds a cheaper generator for the
//! block, see [`Xoshiro`]), so a seed gives the same result on any thread
//! count. Aiming at a standard error, the blocks are added up in order and
//! the count stops after the first block at which every player's standard
//! error is at or below the target; threads compute the next few blocks
//! ahead and drop what lies past it.

use rand::{RngCore, SeedableRng};
use rayon::prelude::*;

use crate::cards::CardSet;
use crate::game::GameRng;
use crate::holdem::eval::{Hand, HandValue};

use super::{Equity, EquityError, MAX_PLAYERS, SHARE_UNIT, Spot, Tally, winners, with_threads};

/// When a Monte Carlo count stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Stop {
    /// After this many samples.
    Samples(u64),
    /// Once every player's standard error is at most this.
    StdErr(f64),
}

/// The smallest standard error one may aim at (about 2.5 billion samples
/// for an even contest; the error message says it too).
const SMALLEST_STDERR: f64 = 1e-5;

/// Samples per block (each block has its own random stream).
const BLOCK: u64 = 1 << 12;

/// Samples drawn before their hands are ranked together.
const BATCH: usize = 64;

/// Monte Carlo equity, seeded: the same `seed` and `stop` give the same
/// result on any number of `threads`.
pub fn monte_carlo(
    spot: &Spot,
    stop: Stop,
    seed: u64,
    threads: usize,
) -> Result<Equity, EquityError> {
    monte_carlo_with(spot, stop, seed, threads, &|_, _| {})
}

/// [`monte_carlo`], telling `progress` of every block of samples counted:
/// how many samples it held, and how many the count should take in all
/// (aiming at a standard error, an estimate from the error so far).
pub fn monte_carlo_with(
    spot: &Spot,
    stop: Stop,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Equity, EquityError> {
    let draw = Draw::new(spot);
    let block = |b: u64, count: u64| {
        let mut rng = GameRng::seed_from_u64(seed);
        rng.set_stream(b);
        draw.block(count, &mut Xoshiro::from(&mut rng))
    };
    let stats = match stop {
        Stop::Samples(0) => return Err(EquityError::NoSamples),
        Stop::Samples(samples) => {
            let count = |b: u64| BLOCK.min(samples - b * BLOCK);
            let block = |b: u64| {
                let stats = block(b, count(b));
                progress(stats.samples, samples);
                stats
            };
            let blocks = samples.div_ceil(BLOCK);
            with_threads(threads, || {
                if threads <= 1 {
                    (0..blocks).map(block).fold(Stats::default(), Stats::merge)
                } else {
                    (0..blocks)
                        .into_par_iter()
                        .map(block)
                        .reduce(Stats::default, Stats::merge)
                }
            })
        }
        Stop::StdErr(target) => {
            if !(SMALLEST_STDERR..=0.5).contains(&target) {
                return Err(EquityError::StdErr(target));
            }
            let wave = threads.max(1) as u64;
            with_threads(threads, || {
                let mut total = Stats::default();
                for start in (0..).step_by(wave as usize) {
                    let blocks: Vec<Stats> = if threads <= 1 {
                        vec![block(start, BLOCK)]
                    } else {
                        (start..start + wave)
                            .into_par_iter()
                            .map(|b| block(b, BLOCK))
                            .collect()
                    };
                    for stats in blocks {
                        total = total.merge(stats);
                        let stderr = total.largest_stderr(draw.players);
                        // The error falls as one over the root of the count.
                        let expected = (stderr / target).powi(2) * total.samples as f64;
                        progress(stats.samples, total.samples.max(expected.ceil() as u64));
                        if stderr <= target {
                            return total;
                        }
                    }
                }
                total
            })
        }
    };
    Ok(stats.equity(draw.players))
}

/// Sample counts: the tally, and per player the sum of the squared pot
/// shares of the samples they tied (in share units), for the variance.
#[derive(Debug, Clone, Copy, Default)]
struct Stats {
    samples: u64,
    tally: Tally,
    tie_squares: [i64; MAX_PLAYERS],
}

impl Stats {
    fn merge(mut self, other: Stats) -> Stats {
        self.samples += other.samples;
        self.tally = self.tally.merge(other.tally);
        for (a, b) in self.tie_squares.iter_mut().zip(other.tie_squares) {
            *a += b;
        }
        self
    }

    /// Player `i`'s standard error of the mean share.
    fn stderr(&self, i: usize) -> f64 {
        let n = self.samples.max(1) as f64;
        let unit = SHARE_UNIT as f64;
        let win = self.tally.win[i] as f64;
        let mean = (win + self.tally.share[i] as f64 / unit) / n;
        let squares = (win + self.tie_squares[i] as f64 / (unit * unit)) / n;
        ((squares - mean * mean).max(0.0) / n).sqrt()
    }

    fn largest_stderr(&self, players: usize) -> f64 {
        (0..players).map(|i| self.stderr(i)).fold(0.0, f64::max)
    }

    fn equity(&self, players: usize) -> Equity {
        let mut result = self.tally.players(players, self.samples);
        for (i, p) in result.iter_mut().enumerate() {
            p.stderr = Some(self.stderr(i));
        }
        Equity {
            boards: self.samples,
            exact: false,
            players: result,
        }
    }
}

/// Groups of players drawn together have at most this many deals.
const GROUP_DEALS: usize = 10_000;

/// Players drawn together: every deal of their combinations that shares
/// no card, as a hand per player, one deal after another (a deal's hands
/// share a cache line or two), and each deal's cards.
#[derive(Debug)]
struct Group {
    players: Vec<usize>,
    /// How many deals.
    deals: usize,
    hands: Vec<Hand>,
    cards: Vec<CardSet>,
}

impl Group {
    /// Player `player` alone.
    fn of(spot: &Spot, player: usize) -> Group {
        let range = &spot.ranges[player];
        Group {
            players: vec![player],
            deals: range.len(),
            hands: range.iter().map(|c| Hand::of(c.set())).collect(),
            cards: range.iter().map(|c| c.set()).collect(),
        }
    }

    /// The deals of this group and `player`, if at most `GROUP_DEALS`
    /// could have to be listed.
    fn with(&self, spot: &Spot, player: usize) -> Option<Group> {
        let range = &spot.ranges[player];
        if self.deals * range.len() > GROUP_DEALS {
            return None;
        }
        let mut hands = Vec::new();
        let mut cards = Vec::new();
        let mut deals = 0;
        for (deal, &used) in self.hands.chunks_exact(self.players.len()).zip(&self.cards) {
            for c in range.iter().filter(|c| c.set().is_disjoint(used)) {
                hands.extend_from_slice(deal);
                hands.push(Hand::of(c.set()));
                cards.push(used | c.set());
                deals += 1;
            }
        }
        Some(Group {
            players: [&self.players[..], &[player]].concat(),
            deals,
            hands,
            cards,
        })
    }
}

/// The cards of a question ready for drawing.
#[derive(Debug)]
struct Draw {
    players: usize,
    /// The players in groups, narrowest ranges first.
    groups: Vec<Group>,
    /// The players who may hold any two live cards, each alone.
    any_two: Vec<Group>,
    board: Hand,
    known: CardSet,
    /// The cards neither on the board nor dead, each as a set and as a
    /// hand.
    live: Vec<(CardSet, Hand)>,
    missing: usize,
}

impl Draw {
    fn new(spot: &Spot) -> Draw {
        let known = spot.board | spot.dead;
        let live = 52 - known.len();
        let (any_two, mut order): (Vec<usize>, Vec<usize>) =
            (0..spot.players()).partition(|&p| spot.ranges[p].len() == live * (live - 1) / 2);
        order.sort_by_key(|&p| spot.ranges[p].len());
        let mut groups: Vec<Group> = Vec::new();
        for p in order {
            match groups.last().and_then(|g| g.with(spot, p)) {
                Some(joined) => {
                    groups.pop();
                    groups.push(joined);
                }
                None => groups.push(Group::of(spot, p)),
            }
        }
        Draw {
            players: spot.players(),
            groups,
            any_two: any_two.into_iter().map(|p| Group::of(spot, p)).collect(),
            board: Hand::of(spot.board),
            known,
            live: (!known)
                .iter()
                .map(|c| (CardSet::single(c), Hand::EMPTY.add(c)))
                .collect(),
            missing: spot.missing(),
        }
    }

    /// `count` samples (the work for `N` players, so that the loops over
    /// the players have a length the compiler knows).
    fn block(&self, count: u64, rng: &mut Xoshiro) -> Stats {
        match self.players {
            2 => self.block_of::<2>(count, rng),
            3 => self.block_of::<3>(count, rng),
            4 => self.block_of::<4>(count, rng),
            5 => self.block_of::<5>(count, rng),
            6 => self.block_of::<6>(count, rng),
            7 => self.block_of::<7>(count, rng),
            8 => self.block_of::<8>(count, rng),
            _ => self.block_of::<MAX_PLAYERS>(count, rng),
        }
    }

    /// `count` samples of `N` players, drawn a batch at a time: the
    /// batch's deals and boards first, then all its hands ranked in one
    /// loop (the table lookups of many hands overlap), then the results
    /// counted.
    fn block_of<const N: usize>(&self, count: u64, rng: &mut Xoshiro) -> Stats {
        let mut stats = Stats {
            samples: count,
            ..Stats::default()
        };
        let mut holes = [[Hand::EMPTY; N]; BATCH];
        let mut boards = [Hand::EMPTY; BATCH];
        let mut values = [[HandValue::default(); N]; BATCH];
        let mut left = count as usize;
        while left > 0 {
            let batch = left.min(BATCH);
            left -= batch;
            for (board, holes) in boards.iter_mut().zip(&mut holes).take(batch) {
                *board = self.deal(holes, rng);
            }
            for ((values, holes), board) in values.iter_mut().zip(&holes).zip(&boards).take(batch) {
                *values = holes.map(|hole| hole.combine(*board).value());
            }
            for sample in values.iter().take(batch) {
                stats.record(sample);
            }
        }
        stats
    }

    /// Draws a deal (each player's hole cards in `holes`) and returns the
    /// board.
    #[inline(always)]
    fn deal(&self, holes: &mut [Hand], rng: &mut Xoshiro) -> Hand {
        let mut used = 'deal: loop {
            let mut used = self.known;
            for g in &self.groups {
                let t = rng.below(g.deals as u32) as usize;
                let k = g.players.len();
                if !g.cards[t].is_disjoint(used) {
                    continue 'deal;
                }
                used |= g.cards[t];
                for (&p, &hand) in g.players.iter().zip(&g.hands[t * k..t * k + k]) {
                    holes[p] = hand;
                }
            }
            break used;
        };
        for g in &self.any_two {
            let t = loop {
                let t = rng.below(g.deals as u32) as usize;
                if g.cards[t].is_disjoint(used) {
                    break t;
                }
            };
            used |= g.cards[t];
            holes[g.players[0]] = g.hands[t];
        }
        let mut board = self.board;
        let mut drawn = 0;
        while drawn < self.missing {
            let (card, hand) = self.live[rng.below(self.live.len() as u32) as usize];
            if card.is_disjoint(used) {
                used |= card;
                board = board.combine(hand);
                drawn += 1;
            }
        }
        board
    }
}

/// The numbers a block draws: xoshiro256++ (Blackman and Vigna's
/// generator), seeded from the block's ChaCha8 stream. ChaCha8 makes the
/// seed's streams independent and the same everywhere; xoshiro256++ then
/// costs a few instructions a number, a quarter of the sampling time less.
#[derive(Debug)]
struct Xoshiro([u64; 4]);

impl Xoshiro {
    fn from(rng: &mut GameRng) -> Xoshiro {
        // Any state but all zeros will do; ChaCha8 gives all zeros about
        // never, and the forced bit rules it out.
        Xoshiro([
            rng.next_u64() | 1,
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
        ])
    }

    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A number in `0..n` (`n` at least 1), each as likely: the high half
    /// of the product of 32 random bits and `n` (Lemire's method), drawn
    /// again in the rare cases that would favour some numbers.
    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        let mut product = (self.next_u64() >> 32) * u64::from(n);
        if (product as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u32) < threshold {
                product = (self.next_u64() >> 32) * u64::from(n);
            }
        }
        (product >> 32) as u32
    }
}

impl Stats {
    /// Counts one sample.
    #[inline(always)]
    fn record(&mut self, values: &[HandValue]) {
        let winners = winners(values);
        if winners & (winners - 1) == 0 {
            self.tally.win[winners.trailing_zeros() as usize] += 1;
        } else {
            let share = SHARE_UNIT / winners.count_ones() as i64;
            for i in (0..values.len()).filter(|i| winners >> i & 1 != 0) {
                self.tally.tie[i] += 1;
                self.tally.share[i] += share;
                self.tie_squares[i] += share * share;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{THREE_WAY, ranges};
    use super::*;
    use crate::holdem::equity::exact;

    fn spot(hands: &[&str], board: &str) -> Spot {
        let board = CardSet::parse(board).unwrap_or_else(|e| panic!("{e}"));
        Spot::new(&ranges(hands), board, CardSet::EMPTY).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Within three standard errors of the exact answer, counting a fixed
    /// number of samples or aiming at a standard error.
    #[test]
    fn monte_carlo_is_within_three_standard_errors_of_exact() {
        for (hands, spot) in [
            (&["AhKh", "QsQc"][..], spot(&["AhKh", "QsQc"], "")),
            (THREE_WAY.0, THREE_WAY.spot()),
            (
                &["QQ+,AKs", "random"][..],
                spot(&["QQ+,AKs", "random"], "2h 7h Qd 9s"),
            ),
        ] {
            let want = exact(&spot, 2);
            for (stop, seed) in [(Stop::Samples(200_000), 7), (Stop::StdErr(0.002), 8)] {
                let got = monte_carlo(&spot, stop, seed, 2).unwrap_or_else(|e| panic!("{e}"));
                for (g, w) in got.players.iter().zip(&want.players) {
                    let se = g.stderr.unwrap_or_default();
                    assert!(
                        (g.equity - w.equity).abs() <= 3.0 * se,
                        "{hands:?} {stop:?}: {g:?} vs {w:?}"
                    );
                    if let Stop::StdErr(target) = stop {
                        assert!(se <= target, "{hands:?}: {se} above {target}");
                    }
                }
            }
        }
    }

    /// Aiming at a standard error stops at the first block that reaches
    /// it: one block less would not have.
    #[test]
    fn a_standard_error_target_stops_at_the_first_block_that_meets_it() {
        let spot = spot(&["AhKh", "QsQc", "random"], "");
        let target = 0.003;
        let got = monte_carlo(&spot, Stop::StdErr(target), 3, 2).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            got.boards > BLOCK && got.boards.is_multiple_of(BLOCK),
            "{}",
            got.boards
        );
        let fewer = monte_carlo(&spot, Stop::Samples(got.boards - BLOCK), 3, 1)
            .unwrap_or_else(|e| panic!("{e}"));
        let largest = |e: &Equity| {
            e.players
                .iter()
                .map(|p| p.stderr.unwrap_or_default())
                .fold(0.0, f64::max)
        };
        assert!(largest(&got) <= target);
        assert!(largest(&fewer) > target);
        assert_eq!(
            got,
            monte_carlo(&spot, Stop::Samples(got.boards), 3, 1).unwrap_or_else(|e| panic!("{e}"))
        );
    }

    /// Progress is told of every sample counted; the total it is given is
    /// the count asked for, or (aiming at an error) an estimate that ends
    /// at the samples taken.
    #[test]
    fn progress_hears_of_every_sample() {
        use std::sync::Mutex;
        let spot = spot(&["AhKh", "QsQc", "random"], "");
        for (stop, threads) in [(Stop::Samples(50_000), 2), (Stop::StdErr(0.003), 2)] {
            let heard = Mutex::new(Vec::new());
            let got = monte_carlo_with(&spot, stop, 5, threads, &|n, total| {
                if let Ok(mut h) = heard.lock() {
                    h.push((n, total));
                }
            })
            .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(Ok(&got), monte_carlo(&spot, stop, 5, threads).as_ref());
            let heard = heard.into_inner().unwrap_or_default();
            let counted: u64 = heard.iter().map(|&(n, _)| n).sum();
            assert_eq!(counted, got.boards, "{stop:?}");
            match stop {
                Stop::Samples(samples) => assert!(heard.iter().all(|&(_, t)| t == samples)),
                Stop::StdErr(_) => {
                    assert!(heard.len() > 2, "{heard:?}");
                    assert_eq!(heard.last().map(|&(_, t)| t), Some(got.boards));
                    // Early estimates are near the end, not wild.
                    let (_, early) = heard[1];
                    assert!(
                        early > got.boards / 2 && early < got.boards * 2,
                        "{heard:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn monte_carlo_is_deterministic_for_a_seed_on_any_thread_count() {
        let spot = spot(&["AhKh", "QsQc", "random"], "");
        for stop in [Stop::Samples(50_000), Stop::StdErr(0.004)] {
            let one = monte_carlo(&spot, stop, 11, 1).ok();
            assert_eq!(one, monte_carlo(&spot, stop, 11, 2).ok());
            assert_eq!(one, monte_carlo(&spot, stop, 11, 3).ok());
            assert_ne!(one, monte_carlo(&spot, stop, 12, 1).ok());
        }
    }

    #[test]
    fn refuses_no_samples_and_unreachable_targets() {
        let spot = spot(&["AA", "KK"], "");
        assert_eq!(
            monte_carlo(&spot, Stop::Samples(0), 1, 1).err(),
            Some(EquityError::NoSamples)
        );
        for target in [0.0, 1e-6, 0.6, f64::NAN] {
            assert!(matches!(
                monte_carlo(&spot, Stop::StdErr(target), 1, 1),
                Err(EquityError::StdErr(_))
            ));
        }
    }
}
