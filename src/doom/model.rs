//! Models of the opponents: how a player assumes they play (soundly,
//! uniformly at random like the `random` bot, or a blend), and the reads
//! that estimate this from the moves they are seen to make.
//!
//! The reads watch the positions that tell the two apart under chance
//! rules: a near-sure attack is there (one the default policy would make).
//! A sound player then attacks with good odds but for a rare slip; a
//! random player picks any legal move alike, so it often blunders: it
//! passes, or attacks against the odds. Each such move moves the log-odds
//! of "random" by its likelihood ratio.

use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::odds::win_odds;
use super::playout::GREEDY_ODDS;
use super::rules::{Config, Move, Position, RuleSet};
use crate::game::GameRng;

/// How the opponents are assumed to play in playouts (`super::playout`):
/// with chance `random` they are random players, who pick uniformly among
/// their legal moves, else sound ones, who play the default policy.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpponentModel {
    /// The chance that the opponents play at random, 0 to 1.
    pub random: f32,
}

impl OpponentModel {
    /// Opponents who play soundly.
    pub const SOUND: OpponentModel = OpponentModel { random: 0.0 };
    /// Opponents who pick uniformly among their legal moves.
    pub const RANDOM: OpponentModel = OpponentModel { random: 1.0 };

    /// The opponents of one playout, [`SOUND`](Self::SOUND) or
    /// [`RANDOM`](Self::RANDOM), drawn with this model's chances from
    /// `luck` (no draw when the model is sure).
    pub fn draw(self, luck: u64) -> OpponentModel {
        if self.random <= 0.0 || self.random >= 1.0 {
            return self;
        }
        let mut rng = GameRng::seed_from_u64(luck ^ 0xD1B5_4A32_D192_ED03);
        if rng.random::<f32>() < self.random {
            OpponentModel::RANDOM
        } else {
            OpponentModel::SOUND
        }
    }
}

/// The chance that a sound player blunders where a near-sure attack is.
const SLIP: f32 = 0.05;

/// Attacks less likely than this to win are blunders while a near-sure
/// one is there.
const POOR: f32 = 0.5;

/// The prior log-odds that an opponent plays at random (1 in 10).
const PRIOR: f32 = -2.2;

/// The evidence is capped both ways, so a read can still turn.
const CAP: f32 = 12.0;

/// Whether `mv` at `pos` is a blunder: a pass or a poor attack while a
/// near-sure attack is there. `None` when `pos` does not tell (no such
/// attack, or classic rules).
fn blunder(cfg: &Config, pos: &Position, mv: Move) -> Option<bool> {
    if cfg.rules != RuleSet::Chance {
        return None;
    }
    let odds = |from: u8, to: u8| win_odds(pos.board.dice(from.into()), pos.board.dice(to.into()));
    let mut near_sure = false;
    pos.for_each_move(cfg, |m| {
        if let Move::Attack { from, to } = m {
            near_sure |= odds(from, to) >= GREEDY_ODDS;
        }
    });
    near_sure.then_some(match mv {
        Move::Pass => true,
        Move::Attack { from, to } => odds(from, to) < POOR,
    })
}

/// What a player has read of its opponents (pooled): the log-odds that
/// they play uniformly at random rather than soundly.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reads {
    log_odds: f32,
    seen: u32,
}

impl Default for Reads {
    fn default() -> Reads {
        Reads {
            log_odds: PRIOR,
            seen: 0,
        }
    }
}

impl Reads {
    /// Learns from an opponent making `mv` at `pos`; only legal moves in
    /// positions that tell (see the module doc) count.
    pub fn observe(&mut self, cfg: &Config, pos: &Position, mv: Move) {
        if !pos.is_legal(cfg, mv) {
            return;
        }
        let Some(blundered) = blunder(cfg, pos, mv) else {
            return;
        };
        let legal = pos.moves(cfg);
        let blunders = legal
            .iter()
            .filter(|&&m| blunder(cfg, pos, m) == Some(true))
            .count();
        // A random player blunders as often as blunders are among its moves.
        let random = blunders as f32 / legal.len() as f32;
        let ratio = if blundered {
            random / SLIP
        } else {
            (1.0 - random) / (1.0 - SLIP)
        };
        self.log_odds = (self.log_odds + ratio.ln()).clamp(-CAP, CAP);
        self.seen += 1;
    }

    /// The chance that the opponents play at random.
    pub fn random_chance(&self) -> f32 {
        1.0 / (1.0 + (-self.log_odds).exp())
    }

    /// Moves observed in positions that tell.
    pub fn seen(&self) -> u32 {
        self.seen
    }

    /// The model to play against: random opponents with the chance the
    /// reads give.
    pub fn model(&self) -> OpponentModel {
        OpponentModel {
            random: self.random_chance(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::board::Board;
    use crate::doom::search::book_move;
    use crate::doom::state::{DoomGame, View, random_board, random_move};
    use crate::game::{Game, rng_from_seed};

    fn chance() -> Config {
        Config::new(2, 5, RuleSet::Chance).unwrap()
    }

    /// Feeds every move of a seeded chance game between `mover`s to reads.
    fn read_game(seed: u64, moves: usize, mut mover: impl FnMut(&View) -> Move) -> Reads {
        let cfg = chance();
        let board = random_board(5, &cfg, &mut rng_from_seed(seed)).unwrap();
        let mut game = DoomGame::new(cfg, board, 0, seed);
        let mut reads = Reads::default();
        for _ in 0..moves {
            let Some(seat) = game.to_act() else { break };
            let view = game.view(seat);
            let m = mover(&view);
            reads.observe(&cfg, &view.position, m);
            game.apply(m).unwrap();
        }
        reads
    }

    #[test]
    fn playout_opponents_are_drawn_with_the_model_chances() {
        for luck in 0..100 {
            assert_eq!(OpponentModel::SOUND.draw(luck), OpponentModel::SOUND);
            assert_eq!(OpponentModel::RANDOM.draw(luck), OpponentModel::RANDOM);
        }
        let model = OpponentModel { random: 0.3 };
        let random = (0..10_000u64)
            .filter(|&luck| {
                let drawn = model.draw(luck);
                assert_eq!(drawn, model.draw(luck));
                assert!([OpponentModel::SOUND, OpponentModel::RANDOM].contains(&drawn));
                drawn == OpponentModel::RANDOM
            })
            .count();
        assert!((2_850..3_150).contains(&random), "{random}");
    }

    #[test]
    fn blunders_where_a_sure_attack_was_read_as_random() {
        let cfg = chance();
        // 0 (five dice) may take 2 (b1, sure) or try 1 (b5, 46%), or pass.
        let mut pos = Position::new(Board::parse("a5 b5 b1 a1").unwrap(), 0);
        pos.first_move = false;
        let mut reads = Reads::default();
        // The prior: one in ten.
        assert!((reads.model().random - 0.1).abs() < 0.01, "{reads:?}");
        let mut last = reads.random_chance();
        for m in [
            Move::Pass,
            Move::Attack { from: 0, to: 1 },
            Move::Pass,
            Move::Attack { from: 0, to: 1 },
        ] {
            reads.observe(&cfg, &pos, m);
            assert!(reads.random_chance() > last, "{m}");
            last = reads.random_chance();
        }
        assert!(reads.model().random > 0.99, "{reads:?}");
        // Taking the sure hex, again and again, brings it back.
        for _ in 0..12 {
            reads.observe(&cfg, &pos, Move::Attack { from: 0, to: 2 });
        }
        assert!(reads.model().random < 0.05, "{reads:?}");
        assert_eq!(reads.seen(), 16);
    }

    #[test]
    fn positions_that_tell_nothing_are_not_counted() {
        let cfg = chance();
        let mut reads = Reads::default();
        let mut pos = Position::new(Board::parse("a5 b5 b1 a1").unwrap(), 0);
        // No near-sure attack (two dice on one: 84%), at the first move of
        // a turn or later.
        let mut unsure = Position::new(Board::parse("a2 b5 b1 a1").unwrap(), 0);
        reads.observe(&cfg, &unsure, Move::Attack { from: 0, to: 1 });
        unsure.first_move = false;
        reads.observe(&cfg, &unsure, Move::Pass);
        // An illegal move.
        pos.first_move = false;
        reads.observe(&cfg, &pos, Move::Attack { from: 3, to: 1 });
        // Classic rules.
        reads.observe(&Config::classic(), &pos, Move::Pass);
        assert_eq!(reads, Reads::default());
    }

    #[test]
    fn the_random_bot_is_read_as_random_within_a_game() {
        let mut convinced = 0;
        for seed in 0..8 {
            let mut rng = rng_from_seed(seed + 100);
            let reads = read_game(seed, 200, |v| random_move(v, &mut rng).unwrap());
            assert!(reads.log_odds > PRIOR, "seed {seed}: {reads:?}");
            if reads.model().random > 0.95 {
                convinced += 1;
            }
        }
        // Some games end before random play has shown itself often enough.
        assert!(convinced >= 5, "convinced in {convinced} of 8 games");
    }

    #[test]
    fn the_book_ai_and_the_greedy_policy_are_read_as_sound() {
        for seed in 0..8 {
            let book = read_game(seed, 200, |v| {
                book_move(&v.config, &v.position).unwrap_or(Move::Pass)
            });
            assert!(book.model().random < 0.5, "seed {seed}: {book:?}");
            let greedy = read_game(seed, 200, |v| {
                crate::doom::playout::greedy_move(&v.config, &v.position).unwrap_or(Move::Pass)
            });
            assert!(greedy.model().random < 0.1, "seed {seed}: {greedy:?}");
            // The default policy never blunders by a near-sure attack.
            assert!(greedy.log_odds <= PRIOR, "seed {seed}: {greedy:?}");
        }
    }
}
