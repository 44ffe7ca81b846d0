//! Search against a model of the opponents: expectimax in which the
//! player to move picks its best move, an opponent's move is a blend of
//! the move worst for that player (paranoid play) and the average over
//! every legal move (uniform random play, exactly the `random` bot's
//! distribution), and a dice roll is weighted by the book's odds table.
//! Depth-limited in moves (a pass is free, as in `super::strong`), rated
//! at the horizon by the strong evaluation.
//!
//! With the model set to uniform random play this is the measuring stick
//! for play against `random` (the `oracle` AI); the strong AI blends its
//! model by what it has seen its opponents do ([`Reads`]).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use serde::{Deserialize, Serialize};

use super::eval;
use super::rules::{Config, Move, Outcome, Position};
use super::strong::{Decision, beyond};
use super::tt::{self, Key, KeyHasher};

/// How the opponents are assumed to play: sound moves, uniformly random
/// ones, or a blend. Here a sound move is the one worst for the player
/// searching (paranoid play); in playouts (`super::playout`) it is the
/// default policy's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpponentModel {
    /// The share of uniform random play, 0 to 1: here an opponent's move
    /// is worth `random × mean + (1 − random) × worst` over its moves.
    pub random: f32,
}

impl OpponentModel {
    /// Opponents who play soundly.
    pub const SOUND: OpponentModel = OpponentModel { random: 0.0 };
    /// Opponents who pick uniformly among their legal moves.
    pub const RANDOM: OpponentModel = OpponentModel { random: 1.0 };
}

/// Expectimax under an [`OpponentModel`], with a table of exact values
/// (no bounds are needed without pruning) kept for one decision.
#[derive(Debug)]
pub struct ModelSearch {
    cfg: Config,
    model: OpponentModel,
    table: HashMap<(Key, u8), f32, BuildHasherDefault<KeyHasher>>,
    nodes: u64,
}

impl ModelSearch {
    /// A search for games under `cfg` against opponents playing as `model`.
    pub fn new(cfg: Config, model: OpponentModel) -> ModelSearch {
        ModelSearch {
            cfg,
            model,
            table: HashMap::default(),
            nodes: 0,
        }
    }

    /// Every move of the player to move, in rules order, rated `depth`
    /// moves deep for that player.
    pub fn ratings(&mut self, pos: &Position, depth: u8) -> Vec<(Move, f32)> {
        self.table.clear();
        self.nodes = 0;
        let depth = depth.max(1);
        pos.moves(&self.cfg)
            .into_iter()
            .map(|m| (m, self.child(pos, m, beyond(m, depth), pos.player)))
            .collect()
    }

    /// The first of the best-rated moves; `None` when the game is over.
    pub fn decide(&mut self, pos: &Position, depth: u8) -> Option<Decision> {
        let rated = self.ratings(pos, depth);
        let (best, value) = rated
            .into_iter()
            .reduce(|b, c| if c.1 > b.1 { c } else { b })?;
        Some(Decision {
            best,
            value,
            depth: depth.max(1),
            nodes: self.nodes,
        })
    }

    fn child(&mut self, pos: &Position, m: Move, depth: u8, root: u8) -> f32 {
        match pos.outcome(&self.cfg, m) {
            Outcome::Sure(next) => self.value(&next, depth, root),
            Outcome::Roll { odds, won, lost } => {
                let w = if odds > 0.0 {
                    self.value(&won, depth, root)
                } else {
                    0.0
                };
                let l = if odds < 1.0 {
                    self.value(&lost, depth, root)
                } else {
                    0.0
                };
                odds * w + (1.0 - odds) * l
            }
        }
    }

    fn value(&mut self, pos: &Position, depth: u8, root: u8) -> f32 {
        self.nodes += 1;
        if depth == 0 {
            let rated = if pos.first_move {
                *pos
            } else {
                pos.after_pass(&self.cfg)
            };
            return eval::strong(&self.cfg, &rated, root);
        }
        let key = (tt::key(pos, root, self.cfg.rules), depth);
        if let Some(&v) = self.table.get(&key) {
            return v;
        }
        let moves = pos.moves(&self.cfg);
        let v = if moves.is_empty() {
            eval::strong(&self.cfg, pos, root)
        } else {
            let vals: Vec<f32> = moves
                .iter()
                .map(|&m| self.child(pos, m, beyond(m, depth), root))
                .collect();
            if pos.player == root {
                vals.iter().copied().fold(f32::NEG_INFINITY, f32::max)
            } else {
                let worst = vals.iter().copied().fold(f32::INFINITY, f32::min);
                let mean = vals.iter().sum::<f32>() / vals.len() as f32;
                let r = self.model.random;
                r * mean + (1.0 - r) * worst
            }
        };
        self.table.insert(key, v);
        v
    }
}
