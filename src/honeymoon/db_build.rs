//! Building the endgame database ([`super::db`]): every position of up to
//! K cards a side solved by the double-dummy solver, one level at a time,
//! each level consulting the ones below.

use std::sync::Arc;

use rayon::prelude::*;

use super::db::{Db, DbError, MAX_K, binom, compositions, next_subset, position};
use super::solver::Solver;
use crate::cards::Suit;

/// Builds the database for up to `k` cards a side on `threads` threads
/// (0: one per core).
pub fn build(k: usize, threads: usize) -> Result<Db, DbError> {
    build_with(k, threads, &|_| {})
}

/// How many positions [`build`] solves for up to `k` cards a side.
pub fn positions_to_build(k: usize) -> u64 {
    (1..=k.min(MAX_K))
        .map(|n| 2 * (compositions(2 * n).len() * binom(2 * n, n)) as u64)
        .sum()
}

/// [`build`], calling `done(n)` as each `n` positions are solved (from
/// any thread; [`positions_to_build`] in all), for a progress bar.
pub fn build_with(k: usize, threads: usize, done: &(dyn Fn(u64) + Sync)) -> Result<Db, DbError> {
    if k == 0 || k > MAX_K {
        return Err(DbError::BadK(k));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| DbError::Threads(e.to_string()))?;
    let mut db = Db::empty();
    for n in 1..=k {
        let below = Arc::new(db.clone());
        let level = pool.install(|| {
            [None, Some(Suit::Spades)].map(|trump| build_level(n, trump, &below, done))
        });
        db.push_level(level);
    }
    Ok(db)
}

/// Every value of level `n` with `trump`, solved in parallel with `below`
/// consulted for smaller positions.
fn build_level(
    n: usize,
    trump: Option<Suit>,
    below: &Arc<Db>,
    done: &(dyn Fn(u64) + Sync),
) -> Vec<u8> {
    let per = binom(2 * n, n);
    compositions(2 * n)
        .par_iter()
        .map_init(
            || Solver::with_table_bits(16).with_db(below.clone()),
            |solver, &lengths| {
                let mut out = Vec::with_capacity(per);
                let mut joined = (1u64 << n) - 1;
                for _ in 0..per {
                    out.push(solver.leader_tricks(position(lengths, joined), trump));
                    joined = next_subset(joined);
                }
                done(per as u64);
                out
            },
        )
        .flatten_iter()
        .collect::<Vec<u8>>()
        .chunks(2)
        .map(|pair| pair[0] | pair.get(1).map_or(0, |v| v << 4))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::honeymoon::bits::LANE;
    use crate::honeymoon::db::level_positions;

    fn small_db() -> Db {
        build(4, 2).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn progress_counts_every_position_built() {
        let done = std::sync::atomic::AtomicU64::new(0);
        let db = build_with(3, 2, &|n| {
            done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(done.into_inner(), positions_to_build(3));
        assert_eq!(positions_to_build(3), db.positions() as u64);
    }

    #[test]
    fn lookups_equal_the_solver_on_every_position() {
        let db = small_db();
        let mut solver = Solver::new();
        for n in 1..=4 {
            for a in level_positions(n) {
                for trump in [
                    None,
                    Some(Suit::Clubs),
                    Some(Suit::Hearts),
                    Some(Suit::Spades),
                ] {
                    let lane = trump.map_or(0, |s| LANE << (s as u32 * 16));
                    assert_eq!(
                        db.lookup(a, lane),
                        Some(solver.leader_tricks(a, trump)),
                        "{a:?} {trump:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_solver_with_the_database_agrees_with_the_solver_without() {
        use crate::cards::{Card, CardSet};
        use crate::game::rng_from_seed;
        use crate::honeymoon::position::Position;
        use rand::Rng;
        use rand::seq::SliceRandom;
        let db = Arc::new(small_db());
        let mut plain = Solver::with_table_bits(14);
        let mut with_db = Solver::with_table_bits(14).with_db(db);
        let mut rng = rng_from_seed(4);
        for _ in 0..300 {
            let n = rng.random_range(1..=8);
            let mut pack: Vec<Card> = Card::all().collect();
            pack.shuffle(&mut rng);
            let north: CardSet = pack[..n].iter().copied().collect();
            let south: CardSet = pack[n..2 * n].iter().copied().collect();
            let trump = [None, Some(Suit::Diamonds), Some(Suit::Spades)][rng.random_range(0..3)];
            let pos = Position::new(north, south, trump, rng.random_range(0..2));
            assert_eq!(plain.analyze(&pos), with_db.analyze(&pos), "{pos:?}");
        }
    }
}
