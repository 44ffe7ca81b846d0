//! Our own AI's search: iterative deepening to a depth, a count of
//! positions or a time budget; paranoid minimax (every opponent against the player to move,
//! so alpha-beta applies with any number of players); expectimax over
//! dice rolls with Star1 pruning; a transposition table whose best move is
//! tried first, then captures by size; and, at the horizon in the middle
//! of a turn, the position rated as if the player passed there (a turn is
//! several moves, and the reinforcement comes with the pass).

use std::time::{Duration, Instant};

use super::eval::{self, WIN};
use super::tt::{self, Node, Table};
use crate::doom::rules::{Config, Move, Outcome, Position, RuleSet};

/// Positions the strong AI searches for a move under the classic rules,
/// unless told otherwise.
pub const STANDARD_POSITIONS: u64 = 200_000;

/// Playouts the strong AI plays for a move under the chance rules, unless
/// told otherwise.
pub const STANDARD_PLAYOUTS: u64 = 5_000;

/// How far or how long to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in moves (a pass is a move); for the chance
    /// rules' playouts (`super::playout`), the most rounds of playouts.
    pub depth: u8,
    /// Stop deepening when this time is up (the last finished iteration
    /// decides).
    pub budget: Option<Duration>,
    /// Stop when this many positions were visited (for the chance rules'
    /// playouts: this many playouts); unlike the time budget, the same
    /// on every machine, so a seeded game replays exactly.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search exactly `depth` moves deep, however long it takes.
    pub fn depth(depth: u8) -> Limits {
        Limits {
            depth,
            budget: None,
            nodes: None,
        }
    }

    /// Search as deep as `budget` allows (up to 64 moves).
    pub fn time(budget: Duration) -> Limits {
        Limits {
            depth: 64,
            budget: Some(budget),
            nodes: None,
        }
    }

    /// Search as deep as `nodes` positions allow (up to 64 moves); under
    /// the chance rules, as many rounds as `nodes` playouts allow.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: 64,
            budget: None,
            nodes: Some(nodes),
        }
    }

    /// A move's standard work, counted so that it is the same on every
    /// machine (a seeded game replays exactly anywhere):
    /// [`STANDARD_POSITIONS`] positions under the classic rules,
    /// [`STANDARD_PLAYOUTS`] playouts under the chance rules.
    pub fn standard(rules: RuleSet) -> Limits {
        Limits::nodes(match rules {
            RuleSet::Classic => STANDARD_POSITIONS,
            RuleSet::Chance => STANDARD_PLAYOUTS,
        })
    }
}

/// What a search decided.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The move to make.
    pub best: Move,
    /// Its value for the player to move.
    pub value: f32,
    /// The deepest iteration finished.
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
}

/// The strong AI's search, with its table kept between moves.
#[derive(Debug)]
pub struct StrongSearch {
    cfg: Config,
    table: Table<f32>,
    stack: Vec<Move>,
    nodes: u64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
}

/// Attacks less likely than this to win are not searched below the root.
const LONG_SHOT: f32 = 0.45;

const LO: f32 = -WIN;
const HI: f32 = WIN;

impl StrongSearch {
    /// A search for games under `cfg`.
    pub fn new(cfg: Config) -> StrongSearch {
        StrongSearch {
            cfg,
            table: Table::new(1 << 21),
            stack: Vec::with_capacity(4096),
            nodes: 0,
            deadline: None,
            node_limit: None,
            stopped: false,
        }
    }

    /// The settings searched.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// Decides a move for the player to move; `None` when the game is over.
    pub fn decide(&mut self, pos: &Position, limits: Limits) -> Option<Decision> {
        let mut moves = pos.moves(&self.cfg);
        if moves.is_empty() {
            return None;
        }
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limits.budget.map(|b| Instant::now() + b);
        self.node_limit = limits.nodes;
        let root = pos.player;
        let mut done = Decision {
            best: moves[0],
            value: 0.0,
            depth: 0,
            nodes: 0,
        };
        if moves.len() == 1 {
            done.nodes = 1;
            return Some(done);
        }
        for depth in 1..=limits.depth.max(1) {
            let mut best: Option<(Move, f32)> = None;
            for &m in &moves {
                let alpha = best.map_or(f32::NEG_INFINITY, |(_, v)| v);
                let v = self.child(pos, m, beyond(m, depth), root, alpha, f32::INFINITY);
                if self.stopped {
                    break;
                }
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((m, v));
                }
            }
            if self.stopped {
                break;
            }
            if let Some((m, v)) = best {
                done = Decision {
                    best: m,
                    value: v,
                    depth,
                    nodes: self.nodes,
                };
                // The best move first in the next iteration.
                if let Some(i) = moves.iter().position(|&x| x == m) {
                    moves[..=i].rotate_right(1);
                }
                if v.abs() > WIN / 2.0 {
                    break;
                }
            }
        }
        done.nodes = self.nodes;
        Some(done)
    }

    /// Every move of the player to move, in rules order, rated by a full
    /// search `depth` moves deep.
    pub fn ratings(&mut self, pos: &Position, depth: u8) -> Vec<(Move, f32)> {
        self.stopped = false;
        self.deadline = None;
        self.node_limit = None;
        let depth = depth.max(1);
        pos.moves(&self.cfg)
            .into_iter()
            .map(|m| {
                let v = self.child(
                    pos,
                    m,
                    beyond(m, depth),
                    pos.player,
                    f32::NEG_INFINITY,
                    f32::INFINITY,
                );
                (m, v)
            })
            .collect()
    }

    /// Positions visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn out_of_time(&mut self) -> bool {
        if !self.stopped
            && (self.node_limit.is_some_and(|n| self.nodes >= n)
                || self.nodes.is_multiple_of(512)
                    && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn leaf(&self, pos: &Position, root: u8) -> f32 {
        if pos.first_move {
            eval::strong(&self.cfg, pos, root)
        } else {
            eval::strong(&self.cfg, &pos.after_pass(&self.cfg), root)
        }
    }

    /// The value of making `m` at `pos`, searched `depth` moves beyond.
    fn child(
        &mut self,
        pos: &Position,
        m: Move,
        depth: u8,
        root: u8,
        alpha: f32,
        beta: f32,
    ) -> f32 {
        match pos.outcome(&self.cfg, m) {
            Outcome::Sure(next) => self.search(&next, depth, root, alpha, beta),
            Outcome::Roll { odds, won, lost } => {
                if odds >= 1.0 {
                    return self.search(&won, depth, root, alpha, beta);
                }
                if odds <= 0.0 {
                    return self.search(&lost, depth, root, alpha, beta);
                }
                // Star1: bound each outcome by what the other could add.
                let (p, q) = (odds, 1.0 - odds);
                let a1 = (alpha - q * HI) / p;
                let b1 = (beta - q * LO) / p;
                let v1 = self.search(&won, depth, root, a1.max(LO), b1.min(HI));
                if v1 <= a1 {
                    return p * v1 + q * HI;
                }
                if v1 >= b1 {
                    return p * v1 + q * LO;
                }
                let a2 = (alpha - p * v1) / q;
                let b2 = (beta - p * v1) / q;
                let v2 = self.search(&lost, depth, root, a2.max(LO), b2.min(HI));
                p * v1 + q * v2
            }
        }
    }

    fn search(
        &mut self,
        pos: &Position,
        depth: u8,
        root: u8,
        mut alpha: f32,
        mut beta: f32,
    ) -> f32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0.0;
        }
        if depth == 0 {
            return self.leaf(pos, root);
        }
        let key = tt::key(pos, root, self.cfg.rules);
        let mut hint = None;
        if let Some(e) = self.table.get(key) {
            if e.depth >= depth
                && let Some(v) = e.cut(&mut alpha, &mut beta)
            {
                return v;
            }
            hint = e.best;
        }
        let start = self.stack.len();
        pos.push_moves(&self.cfg, &mut self.stack);
        if start == self.stack.len() {
            return eval::strong(&self.cfg, pos, root);
        }
        drop_long_shots(&self.cfg, pos, &mut self.stack, start);
        let end = self.stack.len();
        order(&self.cfg, pos, &mut self.stack[start..end], hint);
        let mut node = Node::new(pos.player == root, alpha, beta);
        for i in start..end {
            let m = self.stack[i];
            let v = self.child(pos, m, beyond(m, depth), root, node.alpha, node.beta);
            if self.stopped {
                self.stack.truncate(start);
                return 0.0;
            }
            if node.take(m, v) {
                break;
            }
        }
        self.stack.truncate(start);
        self.table
            .record(key, node.best, alpha, beta, depth, node.best_move);
        node.best
    }
}

/// Forward pruning under chance rules: below the root, attacks more
/// likely to fail than not (`moves[start..]`) are left unsearched unless
/// nothing else is left, so the search reaches the opponents' turns.
fn drop_long_shots(cfg: &Config, pos: &Position, moves: &mut Vec<Move>, start: usize) {
    if cfg.rules != RuleSet::Chance {
        return;
    }
    let b = &pos.board;
    let promising = |m: &Move| match *m {
        Move::Pass => true,
        Move::Attack { from, to } => {
            crate::doom::odds::win_odds(b.dice(from.into()), b.dice(to.into())) >= LONG_SHOT
        }
    };
    if !moves[start..].iter().any(promising) {
        return;
    }
    let mut keep = start;
    for i in start..moves.len() {
        if promising(&moves[i]) {
            moves[keep] = moves[i];
            keep += 1;
        }
    }
    moves.truncate(keep);
}

/// The depth left after `m` with `depth` to go: a pass costs nothing (the
/// turn is over, and the search should see the reply; the next player
/// cannot pass at once, so this never loops).
fn beyond(m: Move, depth: u8) -> u8 {
    if m == Move::Pass { depth } else { depth - 1 }
}

/// The table's move first, then attacks on bigger stacks (and, under
/// chance rules, likelier wins), the pass last.
fn order(cfg: &Config, pos: &Position, moves: &mut [Move], hint: Option<Move>) {
    let b = &pos.board;
    let chance = cfg.rules == RuleSet::Chance;
    let score = |m: &Move| -> i32 {
        if Some(*m) == hint {
            return i32::MAX;
        }
        match *m {
            Move::Pass => -1,
            Move::Attack { from, to } => {
                let (s, d) = (b.hex(usize::from(from)), b.hex(usize::from(to)));
                if chance {
                    (crate::doom::odds::win_odds(s.dice, d.dice) * 100.0) as i32 + i32::from(d.dice)
                } else {
                    i32::from(d.dice) * 8 - i32::from(s.dice)
                }
            }
        }
    };
    moves.sort_by_key(|m| std::cmp::Reverse(score(m)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::board::Board;
    use crate::doom::bots::search::{ExactSolver, first_best};

    #[test]
    fn finds_the_win_the_exact_solver_finds() {
        let cfg = Config::classic();
        let pos = Position::new(Board::parse("b1 a2 a3 a1 b1 b2 b2 a2 b3").unwrap(), 0);
        let exact = ExactSolver::new(cfg).unwrap().ratings(&pos).unwrap();
        let (_, best) = first_best(&exact).unwrap();
        let d = StrongSearch::new(cfg)
            .decide(&pos, Limits::depth(40))
            .unwrap();
        let chosen = exact.iter().find(|(m, _)| *m == d.best).unwrap().1;
        assert_eq!(chosen, best, "strong chose {} rated {chosen}", d.best);
    }

    #[test]
    fn takes_an_immediate_win() {
        let cfg = Config::classic();
        // Taking b2 with the a3 leaves b a lone b1 that cannot attack.
        let pos = Position::new(Board::parse("a3 b1 b2 a1").unwrap(), 0);
        let d = StrongSearch::new(cfg)
            .decide(&pos, Limits::depth(4))
            .unwrap();
        assert_eq!(d.best, Move::Attack { from: 0, to: 2 });
        assert!(d.value > WIN / 2.0);
    }

    #[test]
    fn chance_search_returns_a_legal_move() {
        let cfg = Config::new(3, 5, RuleSet::Chance).unwrap();
        let pos = Position::new(
            Board::parse("a3 b2 c4 a1 b5 c2 a2 b1 c3 a4 b2 c1 a5 b3 c2 a1").unwrap(),
            0,
        );
        let d = StrongSearch::new(cfg)
            .decide(&pos, Limits::depth(3))
            .unwrap();
        assert!(pos.is_legal(&cfg, d.best));
        assert_eq!(d.depth, 3);
    }
}

#[cfg(test)]
mod star1 {
    use super::*;
    use crate::doom::board::Board;

    /// Expectimax with the same horizon rule, no pruning, no table.
    fn plain(s: &StrongSearch, pos: &Position, depth: u8, root: u8) -> f32 {
        if depth == 0 {
            return s.leaf(pos, root);
        }
        let mut moves = pos.moves(&s.cfg);
        if moves.is_empty() {
            return eval::strong(&s.cfg, pos, root);
        }
        drop_long_shots(&s.cfg, pos, &mut moves, 0);
        let vals = moves
            .iter()
            .map(|&m| plain_move(s, pos, m, beyond(m, depth), root));
        if pos.player == root {
            vals.fold(f32::NEG_INFINITY, f32::max)
        } else {
            vals.fold(f32::INFINITY, f32::min)
        }
    }

    fn plain_move(s: &StrongSearch, pos: &Position, m: Move, depth: u8, root: u8) -> f32 {
        match pos.outcome(&s.cfg, m) {
            Outcome::Sure(n) => plain(s, &n, depth, root),
            Outcome::Roll { odds, won, lost } => {
                odds * plain(s, &won, depth, root) + (1.0 - odds) * plain(s, &lost, depth, root)
            }
        }
    }

    #[test]
    fn star1_equals_plain_expectimax() {
        let cfg = Config::new(2, 5, RuleSet::Chance).unwrap();
        let mut rng = crate::game::rng_from_seed(9);
        for _ in 0..20 {
            let b: Board = crate::doom::deal::random_board(3, &cfg, &mut rng).unwrap();
            let pos = Position::new(b, 0);
            for depth in 1..=3 {
                let mut s = StrongSearch::new(cfg);
                for (m, v) in s.ratings(&pos, depth) {
                    let want = plain_move(&s, &pos, m, beyond(m, depth), 0);
                    assert!(
                        (v - want).abs() < 1e-2,
                        "{b} {m} depth {depth}: {v} vs {want}"
                    );
                }
            }
        }
    }
}
