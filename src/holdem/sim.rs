//! Headless bot matches: many hands between named bots with fresh stacks
//! each hand and the button moving round, optionally duplicate (every deal
//! replayed with the bots rotated through the seats, to cut luck), and the
//! per-bot result in big blinds per 100 hands with a 95% interval.
//!
//! Deals are played in fixed-size batches, each with its own seeded
//! generators and fresh bots, in parallel: the result depends on the seed
//! only, never on the number of threads.

use rand::seq::SliceRandom;
use rayon::prelude::*;

use super::bots::{TableBot, by_name};
use super::pots::Chips;
use super::table::{Blinds, Forced, SetupError, Table};
use crate::cards::Card;
use crate::game::{Game, rng_from_seed};

/// Deals per batch.
const BATCH: u64 = 500;

/// A match.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    /// Bot names, one per seat.
    pub bots: Vec<String>,
    /// Deals to play (each played once per seat with `duplicate`).
    pub deals: u64,
    /// Every stack at the start of every hand.
    pub stack: Chips,
    /// The blinds.
    pub blinds: Blinds,
    /// An ante from every player (0: none).
    pub ante: Chips,
    /// An ante from the big blind alone (0: none).
    pub bb_ante: Chips,
    /// A straddle of two big blinds by the player after the big blind
    /// (three players or more).
    pub straddle: bool,
    /// The seed.
    pub seed: u64,
    /// Replay each deal with the bots rotated through the seats.
    pub duplicate: bool,
}

/// One bot's result.
#[derive(Debug, Clone, PartialEq)]
pub struct BotResult {
    /// The bot's name.
    pub bot: String,
    /// Its seat (its first seat, with `duplicate`).
    pub seat: usize,
    /// Hands played.
    pub hands: u64,
    /// Chips won (negative: lost).
    pub net: i64,
    /// Big blinds won per 100 hands.
    pub bb_per_100: f64,
    /// Half-width of the 95% confidence interval of `bb_per_100`.
    pub ci95: f64,
}

/// Why a match could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// A bot name nobody knows.
    #[error("unknown bot '{0}' (known: random, station, tight, shark, easy, normal, hard)")]
    UnknownBot(String),
    /// A bot chose an illegal action (a bug in the bot).
    #[error("bot '{bot}' chose an illegal action: {why}")]
    Illegal {
        /// The bot.
        bot: String,
        /// What the table said.
        why: String,
    },
    /// A table that cannot be dealt.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Per-bot sums over units (a hand, or a duplicate group of hands).
#[derive(Debug, Clone, Default)]
struct Sums {
    hands: u64,
    net: i64,
    units: u64,
    sum_sq: f64,
}

impl Sums {
    fn add(&mut self, other: &Sums) {
        self.hands += other.hands;
        self.net += other.net;
        self.units += other.units;
        self.sum_sq += other.sum_sq;
    }
}

impl Match {
    /// The forced bets of every hand.
    pub fn forced(&self) -> Forced {
        let mut f = Forced::blinds(self.blinds);
        if self.ante > 0 {
            f = f.with_ante(self.ante);
        }
        if self.bb_ante > 0 {
            f = f.with_big_blind_ante(self.bb_ante);
        }
        if self.straddle {
            f = f.with_straddle(self.blinds.big.saturating_mul(2));
        }
        f
    }

    fn new_bots(&self) -> Result<Vec<TableBot>, SimError> {
        self.bots
            .iter()
            .map(|n| by_name(n).ok_or_else(|| SimError::UnknownBot(n.clone())))
            .collect()
    }

    /// Plays the match, calling `finished` with every finished hand (deal
    /// number, rotation, the table) — in parallel, so `finished` must be
    /// thread-safe. Returns one result per bot.
    pub fn run(
        &self,
        finished: impl Fn(u64, usize, &Table) + Sync,
    ) -> Result<Vec<BotResult>, SimError> {
        let k = self.bots.len();
        let forced = self.forced();
        Table::with_forced(
            &vec![self.stack; k],
            0,
            &forced,
            &Card::all().collect::<Vec<_>>(),
        )?;
        self.new_bots()?;
        let batches = self.deals.div_ceil(BATCH);
        let sums = (0..batches)
            .into_par_iter()
            .map(|b| self.batch(b, &finished))
            .collect::<Result<Vec<_>, _>>()?;
        let mut total = vec![Sums::default(); k];
        for batch in &sums {
            for (t, s) in total.iter_mut().zip(batch) {
                t.add(s);
            }
        }
        let bb = self.blinds.big as f64;
        Ok(total
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let units = s.units.max(1) as f64;
                let per_unit = s.net as f64 / units;
                let var = (s.sum_sq / units - per_unit * per_unit).max(0.0);
                let hands_per_unit = s.hands as f64 / units;
                let se = (var / units).sqrt();
                BotResult {
                    bot: self.bots[i].clone(),
                    seat: i,
                    hands: s.hands,
                    net: s.net,
                    bb_per_100: per_unit / hands_per_unit.max(1.0) / bb * 100.0,
                    ci95: 1.96 * se / hands_per_unit.max(1.0) / bb * 100.0,
                }
            })
            .collect())
    }

    fn batch(
        &self,
        b: u64,
        finished: &(impl Fn(u64, usize, &Table) + Sync),
    ) -> Result<Vec<Sums>, SimError> {
        let k = self.bots.len();
        let mut deck_rng = rng_from_seed(self.seed ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut bot_rng = rng_from_seed(!self.seed ^ b.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut bots = self.new_bots()?;
        let mut sums = vec![Sums::default(); k];
        let stacks = vec![self.stack; k];
        let mut deck: Vec<Card> = Card::all().collect();
        let rotations = if self.duplicate { k } else { 1 };
        let forced = self.forced();
        let first = b * BATCH;
        for deal in first..(first + BATCH).min(self.deals) {
            deck.shuffle(&mut deck_rng);
            let button = (deal % k as u64) as usize;
            let mut unit = vec![0i64; k];
            for r in 0..rotations {
                // Bot i sits in seat (i + r) % k.
                let (mut table, _) = Table::with_forced(&stacks, button, &forced, &deck)?;
                while let Some(seat) = table.to_act() {
                    let bot = (seat + k - r) % k;
                    let action = bots[bot].choose(&table.view(seat), &mut bot_rng);
                    table.apply(action).map_err(|e| SimError::Illegal {
                        bot: self.bots[bot].clone(),
                        why: e.to_string(),
                    })?;
                }
                let outcome = table.outcome().unwrap_or_else(|| unreachable!("hand over"));
                for (bot, u) in unit.iter_mut().enumerate() {
                    *u += outcome.net[(bot + r) % k];
                }
                finished(deal, r, &table);
            }
            for (s, &u) in sums.iter_mut().zip(&unit) {
                s.hands += rotations as u64;
                s.net += u;
                s.units += 1;
                s.sum_sq += (u as f64) * (u as f64);
            }
        }
        Ok(sums)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(bots: &[&str], deals: u64, duplicate: bool) -> Match {
        Match {
            bots: bots.iter().map(|s| s.to_string()).collect(),
            deals,
            stack: 1000,
            blinds: Blinds { small: 5, big: 10 },
            ante: 0,
            bb_ante: 0,
            straddle: false,
            seed: 9,
            duplicate,
        }
    }

    #[test]
    fn chips_balance_and_seed_replays() {
        let a = m(&["random", "station", "tight"], 1200, false)
            .run(|_, _, _| {})
            .expect("runs");
        assert_eq!(a.iter().map(|r| r.net).sum::<i64>(), 0);
        assert!(a.iter().all(|r| r.hands == 1200));
        let b = m(&["random", "station", "tight"], 1200, false)
            .run(|_, _, _| {})
            .expect("runs");
        assert_eq!(a, b);
    }

    #[test]
    fn duplicate_cancels_the_cards() {
        // Two identical bots in duplicate: every deal is played both ways
        // round, so with deterministic bots the result is exactly even.
        let r = m(&["station", "station"], 300, true)
            .run(|_, _, _| {})
            .expect("runs");
        assert_eq!(r[0].net, 0);
        assert_eq!(r[0].hands, 600);
        assert_eq!(r[0].ci95, 0.0);
    }

    #[test]
    fn unknown_bot_is_an_error() {
        assert_eq!(
            m(&["random", "genius"], 10, false).run(|_, _, _| {}),
            Err(SimError::UnknownBot("genius".into()))
        );
    }
}
