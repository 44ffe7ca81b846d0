//! Monte Carlo planning for the chance rules: the move of a fast default
//! policy ([`super::policy::greedy_move`], a greedy attacker) is kept unless another
//! candidate brings clearly more of the win in whole games played out to
//! the end by that policy on the player's side and the opponents' as an
//! [`OpponentModel`] says (each playout draws, for each opponent, whether
//! it plays the default policy or uniformly random moves), with attacks
//! decided by sampled dice. The playouts are seeded, and playout `i` of
//! every candidate draws from the same seed (common random numbers), so
//! candidates are compared on the same luck and the same opponents, and
//! a decision is reproducible for a seed and a fixed number of rounds.

use std::time::Instant;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use super::model::OpponentModel;
use super::policy::greedy_move;
use super::strong::{Decision, Limits};
use crate::doom::odds::win_odds;
use crate::doom::rules::{Config, Move, Position, RuleSet, winners};
use crate::game::GameRng;

/// Attacks less likely than this are not candidates at the root while a
/// likelier move exists.
const HOPELESS: f32 = 0.4;

/// Playouts given to every surviving candidate in one round.
const ROUND: u32 = 32;

/// A playout still running after this many moves is scored by hexes held.
const PLAYOUT_CAP: u32 = 400;

/// Makes `m` at `pos`, deciding an attack by a roll of `rng` against its
/// odds.
fn play(cfg: &Config, pos: &Position, m: Move, rng: &mut GameRng) -> Position {
    match m {
        Move::Pass => pos.after_pass(cfg),
        Move::Attack { from, to } => {
            let (from, to) = (usize::from(from), usize::from(to));
            let won = match cfg.rules {
                RuleSet::Classic => true,
                RuleSet::Chance => {
                    rng.random::<f32>() < win_odds(pos.board.dice(from), pos.board.dice(to))
                }
            };
            if won {
                pos.after_win(from, to)
            } else {
                pos.after_loss(from, to)
            }
        }
    }
}

/// `root`'s share of the win at the end of a game played from `pos` by the
/// default policy for `root` and as `model` says for the others: each move
/// of player `p` is uniformly random with chance `model.random[p]`, else
/// the default policy's (no draw is made when that chance is 0). After
/// 400 moves (`PLAYOUT_CAP`), the share by hexes held.
pub fn playout(
    cfg: &Config,
    pos: &Position,
    root: u8,
    model: OpponentModel,
    rng: &mut GameRng,
) -> f32 {
    let mut pos = *pos;
    for _ in 0..PLAYOUT_CAP {
        let chance = model
            .random
            .get(usize::from(pos.player))
            .copied()
            .unwrap_or(0.0);
        let random = pos.player != root && chance > 0.0 && rng.random::<f32>() < chance;
        let m = if random {
            pos.moves(cfg).choose(rng).copied()
        } else {
            greedy_move(cfg, &pos)
        };
        match m {
            Some(m) => pos = play(cfg, &pos, m, rng),
            None => break,
        }
    }
    let w = winners(&pos.board);
    if w & 1 << root == 0 {
        0.0
    } else {
        1.0 / w.count_ones() as f32
    }
}

/// One candidate at the root and what its playouts brought so far, also
/// as differences from the default policy's move on the same luck.
struct Candidate {
    mv: Move,
    total: f64,
    diff: f64,
    diff_sq: f64,
    runs: u32,
}

impl Candidate {
    fn new(mv: Move) -> Candidate {
        Candidate {
            mv,
            total: 0.0,
            diff: 0.0,
            diff_sq: 0.0,
            runs: 0,
        }
    }

    fn mean(&self) -> f64 {
        self.total / f64::from(self.runs.max(1))
    }

    /// How much better than the default's move, in standard errors of
    /// the paired difference (0 when no playout differed).
    fn edge(&self) -> f64 {
        let n = f64::from(self.runs.max(1));
        let mean = self.diff / n;
        let var = (self.diff_sq / n - mean * mean).max(0.0);
        let se = (var / n).sqrt();
        if se == 0.0 { 0.0 } else { mean / se }
    }
}

/// The moves worth trying at `pos`, in rules order: the pass and every
/// attack with a fair chance, or every move when no attack has one.
fn candidates(cfg: &Config, pos: &Position) -> Vec<Move> {
    let moves = pos.moves(cfg);
    let b = &pos.board;
    let fair = |m: &Move| match *m {
        Move::Pass => true,
        Move::Attack { from, to } => {
            cfg.rules == RuleSet::Classic
                || win_odds(b.dice(from.into()), b.dice(to.into())) >= HOPELESS
        }
    };
    let kept: Vec<Move> = moves.iter().copied().filter(fair).collect();
    if kept.is_empty() { moves } else { kept }
}

/// Standard errors of the paired difference a candidate must be ahead of
/// the default policy's move to replace it (or behind, to be dropped).
const CONVINCED: f64 = 2.0;

/// Decides a move for the player to move: the default policy's move,
/// unless playouts show another candidate clearly better. Rounds of
/// 32 playouts (`ROUND`) per candidate run until `limits.depth` rounds are
/// done or the budget (time, or `limits.nodes` playouts) is spent (at
/// least one round is always played);
/// after each round the candidates clearly worse than the default's move
/// are dropped. The opponents of each playout are drawn from `model`
/// ([`OpponentModel::draw`]), the same for every candidate. `seed`
/// fixes every playout's dice. `None` when the game is over.
pub fn decide(
    cfg: &Config,
    pos: &Position,
    limits: Limits,
    model: OpponentModel,
    seed: u64,
) -> Option<Decision> {
    let deadline = limits.budget.map(|b| Instant::now() + b);
    let default = greedy_move(cfg, pos)?;
    // The default's move first (it may be a long shot): it is never
    // dropped.
    let mut cands = vec![Candidate::new(default)];
    cands.extend(
        candidates(cfg, pos)
            .into_iter()
            .filter(|&m| m != default)
            .map(Candidate::new),
    );
    let mut nodes = 0u64;
    let mut rounds = 0u8;
    let mut played = 0u64;
    let mut results = Vec::with_capacity(cands.len());
    while cands.len() > 1 && rounds < limits.depth.max(1) {
        let spent = limits.nodes.is_some_and(|n| nodes >= n)
            || deadline.is_some_and(|d| Instant::now() >= d);
        if rounds > 0 && spent {
            break;
        }
        for _ in 0..ROUND {
            let luck = seed ^ played.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            played += 1;
            results.clear();
            let opponents = model.draw(luck, pos.player);
            results.extend(cands.iter().map(|c| {
                let mut rng = GameRng::seed_from_u64(luck);
                let after = play(cfg, pos, c.mv, &mut rng);
                f64::from(playout(cfg, &after, pos.player, opponents, &mut rng))
            }));
            for (c, &r) in cands.iter_mut().zip(&results) {
                let d = r - results[0];
                c.total += r;
                c.diff += d;
                c.diff_sq += d * d;
                c.runs += 1;
            }
            nodes += cands.len() as u64;
        }
        rounds += 1;
        let keep: Vec<bool> = cands
            .iter()
            .enumerate()
            .map(|(i, c)| i == 0 || c.edge() > -CONVINCED)
            .collect();
        let mut k = keep.iter();
        cands.retain(|_| k.next().copied().unwrap_or(true));
    }
    let chosen = cands
        .iter()
        .filter(|c| c.edge() >= CONVINCED)
        .fold(&cands[0], |best, c| {
            if best.edge() < CONVINCED || c.mean() > best.mean() {
                c
            } else {
                best
            }
        });
    Some(Decision {
        best: chosen.mv,
        value: chosen.mean() as f32,
        depth: rounds,
        nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::testing::{at, attack, chance};
    use crate::game::rng_from_seed;

    #[test]
    fn a_long_shot_default_move_stays_a_candidate() {
        let cfg = chance();
        // The first move of a turn: 0 (two dice) may try 1 (b3, 15%),
        // which would join 0 and 2, or 3 or 4 (b2, 44%). The default policy
        // takes the long shot, which is no candidate of its own.
        let pos = at("a2 b3 a1 b2 b2 b1 b1 b1 b1", true);
        assert_eq!(greedy_move(&cfg, &pos), Some(attack(0, 1)));
        assert!(!candidates(&cfg, &pos).contains(&attack(0, 1)));
        let d = decide(&cfg, &pos, Limits::depth(2), OpponentModel::SOUND, 3).unwrap();
        assert!(pos.is_legal(&cfg, d.best), "{}", d.best);
    }

    #[test]
    fn playout_shares_split_the_win() {
        let cfg = chance();
        let mut boards = rng_from_seed(3);
        for seed in 0..50 {
            let b = crate::doom::deal::random_board(4, &cfg, &mut boards).unwrap();
            let pos = Position::new(b, 0);
            let greedy = OpponentModel::SOUND;
            let a = playout(&cfg, &pos, 0, greedy, &mut rng_from_seed(seed));
            let b = playout(&cfg, &pos, 1, greedy, &mut rng_from_seed(seed));
            assert!([0.0, 0.5, 1.0].contains(&a), "{a}");
            assert_eq!(a + b, 1.0);
        }
    }

    #[test]
    fn long_shots_are_not_candidates_while_a_pass_is_allowed() {
        let cfg = chance();
        // 0 (two dice) sees 2 (b1, 84%) and 1 (b5, 1%); 3 (b5) is not ours.
        let pos = at("a2 b5 b1 a1", false);
        assert_eq!(candidates(&cfg, &pos), vec![Move::Pass, attack(0, 2)]);
        // With only long shots on the first move, every attack is one.
        let pos = at("a2 b5 b5 a1", true);
        assert_eq!(candidates(&cfg, &pos), pos.moves(&cfg));
    }

    #[test]
    fn a_seeded_decision_is_reproducible_and_legal() {
        let cfg = chance();
        let mut boards = rng_from_seed(11);
        for _ in 0..5 {
            let b = crate::doom::deal::random_board(4, &cfg, &mut boards).unwrap();
            let pos = Position::new(b, 0);
            let one = decide(&cfg, &pos, Limits::depth(2), OpponentModel::SOUND, 42);
            assert_eq!(
                one,
                decide(&cfg, &pos, Limits::depth(2), OpponentModel::SOUND, 42)
            );
            if let Some(d) = one {
                assert!(pos.is_legal(&cfg, d.best), "{b}: {}", d.best);
                assert!((0.0..=1.0).contains(&d.value));
            }
        }
    }

    #[test]
    fn does_not_pass_into_a_lost_ending() {
        let cfg = chance();
        // a holds one hex to b's three, all of b's on one die: after a
        // pass b cannot attack and the game ends, lost. An attack (84%)
        // makes it two each, and a tie.
        let pos = at("a2 b1 b1 b1", false);
        let d = decide(&cfg, &pos, Limits::depth(4), OpponentModel::SOUND, 7).unwrap();
        assert_ne!(d.best, Move::Pass);
        assert!((0.3..0.55).contains(&d.value), "{}", d.value);
    }

    #[test]
    fn takes_the_attack_that_ends_the_game() {
        let cfg = chance();
        // a holds five hexes, b four; b's only stack is 8 (three dice),
        // next to a's five at 4. Taking it (91%) ends the game, won;
        // a pass lets b's three dice strike first.
        let pos = at("a2 a2 b1 a2 a5 b1 b1 a2 b3", false);
        let d = decide(&cfg, &pos, Limits::depth(4), OpponentModel::SOUND, 7).unwrap();
        assert_ne!(d.best, Move::Pass);
        assert!(d.value > 0.9, "{}", d.value);
    }
}
