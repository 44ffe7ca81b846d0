//! Models of the opponents: how a player assumes each of them plays
//! (soundly, uniformly at random like the `random` bot, or either with
//! some chance), and the reads that estimate this from the moves each is
//! seen to make.
//!
//! The reads watch the positions that tell the two apart under chance
//! rules: a near-sure attack is there (one the default policy would make).
//! A sound player then attacks with good odds but for a rare slip; a
//! random player picks any legal move alike, so it often blunders: it
//! passes, or attacks against the odds from a stack that could still
//! grow. Each such move moves the log-odds of "random" by its likelihood
//! ratio.

use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::policy::{GREEDY_ODDS, spends_at_any_odds};
use crate::doom::board::MAX_PLAYERS;
use crate::doom::odds::win_odds;
use crate::doom::rules::{Config, Move, Position, RuleSet};
use crate::game::GameRng;

/// How the opponents are assumed to play in playouts (`super::playout`):
/// player `p` is, with chance `random[p]`, a random player, who picks
/// uniformly among its legal moves, else a sound one, who plays the
/// default policy. The entry of the player who plans is not used.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpponentModel {
    /// Each player's chance of playing at random, 0 to 1.
    pub random: [f32; MAX_PLAYERS as usize],
}

impl OpponentModel {
    /// Opponents who play soundly.
    pub const SOUND: OpponentModel = OpponentModel {
        random: [0.0; MAX_PLAYERS as usize],
    };
    /// Opponents who pick uniformly among their legal moves.
    pub const RANDOM: OpponentModel = OpponentModel {
        random: [1.0; MAX_PLAYERS as usize],
    };

    /// The opponents of `root` in one playout, each sound (0) or random
    /// (1), drawn in seat order with this model's chances from `luck` (no
    /// draw for a player whose chance is sure; `root`'s entry is kept).
    pub fn draw(self, luck: u64, root: u8) -> OpponentModel {
        let mut rng = GameRng::seed_from_u64(luck ^ 0xD1B5_4A32_D192_ED03);
        let mut drawn = self;
        for (p, r) in drawn.random.iter_mut().enumerate() {
            if p != usize::from(root) && *r > 0.0 && *r < 1.0 {
                *r = if rng.random::<f32>() < *r { 1.0 } else { 0.0 };
            }
        }
        drawn
    }
}

/// The chance that a sound player blunders where a near-sure attack is.
const SLIP: f32 = 0.05;

/// Attacks less likely than this to win are blunders while a near-sure
/// one is there, unless made from a full stack (the default policy spends
/// those at any odds).
const POOR: f32 = 0.5;

/// The prior log-odds that an opponent plays at random: even, before any
/// move is seen.
const PRIOR: f32 = 0.0;

/// The evidence is capped both ways, so a read can still turn.
const CAP: f32 = 12.0;

/// Whether `mv` at `pos` is a blunder: a pass or a poor attack ([`POOR`])
/// while a near-sure attack is there. `None` when `pos` does not tell (no
/// such attack, or classic rules).
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
        Move::Attack { from, to } => {
            odds(from, to) < POOR && !spends_at_any_odds(cfg, pos.board.dice(from.into()))
        }
    })
}

/// What a player has read of one opponent: the log-odds that it plays
/// uniformly at random rather than soundly.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct Read {
    log_odds: f32,
    seen: u32,
}

impl Default for Read {
    fn default() -> Read {
        Read {
            log_odds: PRIOR,
            seen: 0,
        }
    }
}

/// What a player has read of each other player, by seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reads {
    players: [Read; MAX_PLAYERS as usize],
}

impl Reads {
    /// Learns from the player to move at `pos` making `mv`; only legal
    /// moves in positions that tell (see the module doc) count.
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
        let Some(read) = self.players.get_mut(usize::from(pos.player)) else {
            return;
        };
        read.log_odds = (read.log_odds + ratio.ln()).clamp(-CAP, CAP);
        read.seen += 1;
    }

    /// The chance that `player` plays at random.
    pub fn random_chance(&self, player: u8) -> f32 {
        let log_odds = self
            .players
            .get(usize::from(player))
            .map_or(PRIOR, |r| r.log_odds);
        1.0 / (1.0 + (-log_odds).exp())
    }

    /// Moves of `player` observed in positions that tell.
    pub fn seen(&self, player: u8) -> u32 {
        self.players.get(usize::from(player)).map_or(0, |r| r.seen)
    }

    /// The model to play against: each opponent random with the chance
    /// its read gives.
    pub fn model(&self) -> OpponentModel {
        OpponentModel {
            random: std::array::from_fn(|p| self.random_chance(p as u8)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::board::Board;
    use crate::doom::bots::players::random_move;
    use crate::doom::bots::search::book_move;
    use crate::doom::deal::random_board;
    use crate::doom::state::{Doom, View};
    use crate::game::{Game, rng_from_seed};

    fn chance() -> Config {
        Config::new(2, 5, RuleSet::Chance).unwrap()
    }

    /// Feeds every move of a seeded chance game between `mover`s to reads.
    fn read_game(seed: u64, moves: usize, mut mover: impl FnMut(&View) -> Move) -> Reads {
        let cfg = chance();
        let board = random_board(5, &cfg, &mut rng_from_seed(seed)).unwrap();
        let mut game = Doom::new(cfg, board, 0, seed);
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
    fn playout_opponents_are_drawn_each_on_its_own_with_its_chance() {
        for luck in 0..100 {
            for root in 0..4 {
                let sound = OpponentModel::SOUND;
                assert_eq!(sound.draw(luck, root), sound);
                let random = OpponentModel::RANDOM;
                assert_eq!(random.draw(luck, root), random);
            }
        }
        let model = OpponentModel {
            random: [0.3, 0.5, 0.6, 0.1],
        };
        // Per player: times drawn random; and players 0 and 2 together.
        let mut random = [0; 4];
        let mut both = 0;
        for luck in 0..10_000u64 {
            let drawn = model.draw(luck, 1);
            assert_eq!(drawn, model.draw(luck, 1));
            assert_eq!(drawn.random[1], 0.5, "the root's own entry is kept");
            for (p, &r) in drawn.random.iter().enumerate() {
                assert!(p == 1 || r == 0.0 || r == 1.0, "{drawn:?}");
                random[p] += usize::from(r == 1.0);
            }
            both += usize::from(drawn.random[0] == 1.0 && drawn.random[2] == 1.0);
        }
        for (p, expected) in [(0, 3_000), (2, 6_000), (3, 1_000)] {
            assert!(random[p].abs_diff(expected) < 200, "{p}: {random:?}");
        }
        assert!(both.abs_diff(1_800) < 150, "independent draws: {both}");
    }

    #[test]
    fn blunders_where_a_sure_attack_was_read_as_random() {
        let cfg = chance();
        // 0 (four dice) may take 2 (b1, sure) or try 1 (b5, 22%), or pass.
        let mut pos = Position::new(Board::parse("a4 b5 b1 a1").unwrap(), 0);
        pos.first_move = false;
        let mut reads = Reads::default();
        // The prior: even odds.
        assert_eq!(reads.model().random[0], 0.5, "{reads:?}");
        let mut last = reads.random_chance(0);
        for m in [
            Move::Pass,
            Move::Attack { from: 0, to: 1 },
            Move::Pass,
            Move::Attack { from: 0, to: 1 },
        ] {
            reads.observe(&cfg, &pos, m);
            assert!(reads.random_chance(0) > last, "{m}");
            last = reads.random_chance(0);
        }
        assert!(reads.model().random[0] > 0.99, "{reads:?}");
        // Player b is read on its own: the same spot with the colours
        // swapped, where b takes the sure hex.
        let mut swapped = Position::new(Board::parse("b4 a5 a1 b1").unwrap(), 1);
        swapped.first_move = false;
        for _ in 0..3 {
            reads.observe(&cfg, &swapped, Move::Attack { from: 0, to: 2 });
        }
        assert!(reads.random_chance(1) < 0.05, "{reads:?}");
        assert_eq!((reads.seen(0), reads.seen(1)), (4, 3));
        assert!(reads.model().random[0] > 0.99, "{reads:?}");
        // Taking the sure hex, again and again, brings a's read back.
        for _ in 0..15 {
            reads.observe(&cfg, &pos, Move::Attack { from: 0, to: 2 });
        }
        assert!(reads.model().random[0] < 0.05, "{reads:?}");
        assert_eq!(reads.seen(0), 19);
        // An attack against the odds from a full stack is no blunder.
        let mut full = Position::new(Board::parse("a5 b5 b1 a1").unwrap(), 0);
        full.first_move = false;
        let before = reads.random_chance(0);
        reads.observe(&cfg, &full, Move::Attack { from: 0, to: 1 });
        assert!(reads.random_chance(0) < before, "{reads:?}");
        // Seats beyond the table are no one's.
        assert_eq!(reads.seen(9), 0);
        assert_eq!(reads.random_chance(9), 0.5);
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
            for p in 0..2 {
                if reads.seen(p) >= 10 {
                    assert!(reads.random_chance(p) > 0.1, "seed {seed}: {reads:?}");
                }
                if reads.model().random[usize::from(p)] > 0.95 {
                    convinced += 1;
                }
            }
        }
        // Some games end before random play has shown itself often enough.
        assert!(convinced >= 8, "convinced of {convinced} of 16 players");
    }

    #[test]
    fn three_players_are_read_each_on_its_own() {
        let cfg = Config::new(3, 5, RuleSet::Chance).unwrap();
        let mut told = 0;
        for seed in 0..8 {
            let board = random_board(5, &cfg, &mut rng_from_seed(seed)).unwrap();
            let mut game = Doom::new(cfg, board, 0, seed);
            let mut rng = rng_from_seed(seed + 50);
            let mut reads = Reads::default();
            // a plays greedily and watches b (at random) and c (the book).
            for _ in 0..300 {
                let Some(seat) = game.to_act() else { break };
                let view = game.view(seat);
                let m = match seat {
                    0 => crate::doom::bots::policy::greedy_move(&cfg, &view.position),
                    1 => random_move(&view, &mut rng),
                    _ => book_move(&cfg, &view.position),
                };
                let m = m.unwrap_or(Move::Pass);
                if seat != 0 {
                    reads.observe(&cfg, &view.position, m);
                }
                game.apply(m).unwrap();
            }
            assert_eq!(reads.seen(0), 0);
            // Where random has shown itself, each is read for what it is.
            if reads.seen(1) >= 6 {
                told += 1;
                assert!(reads.random_chance(1) > 0.99, "seed {seed}: {reads:?}");
                assert!(reads.random_chance(2) < 0.5, "seed {seed}: {reads:?}");
            }
        }
        assert!(told >= 4, "random showed itself in {told} of 8 games");
    }

    #[test]
    fn the_book_ai_and_the_greedy_policy_are_read_as_sound() {
        for seed in 0..8 {
            let book = read_game(seed, 200, |v| {
                book_move(&v.config, &v.position).unwrap_or(Move::Pass)
            });
            let greedy = read_game(seed, 200, |v| {
                crate::doom::bots::policy::greedy_move(&v.config, &v.position).unwrap_or(Move::Pass)
            });
            for p in 0..2 {
                if book.seen(p) > 0 {
                    assert!(book.random_chance(p) < 0.5, "seed {seed}: {book:?}");
                }
                // The default policy never blunders by a near-sure attack.
                assert!(greedy.random_chance(p) <= 0.5, "seed {seed}: {greedy:?}");
            }
        }
    }
}
