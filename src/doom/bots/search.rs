//! Search over the lazy game tree (a position's children exist only once
//! a search expands it): the book's three AIs written plainly, and the
//! fast searches that reproduce their decisions.
//!
//! - v1: exact minimax to the end of the game, a leaf worth the player's
//!   share of the win ([`minimax_exact`] plainly, [`ExactSolver`] with a
//!   transposition table and alpha-beta);
//! - v2: minimax to a fixed number of moves with `score-board` at the
//!   horizon ([`minimax_depth`] plainly, [`book_ab_ratings`] pruning as
//!   the book does, [`AlphaBeta`] with a table and move ordering);
//! - v4: chance-minimax, each dice-roll attack weighted by the book's
//!   odds in single floats ([`book_chance_ratings`]).
//!
//! Ratings are for a fixed player (`root`): its moves maximise, everyone
//! else's minimise, as the book assumes.

use super::eval::{score_board, share_twelfths};
use super::tt::{self, BoundTable, Node, SlotKey, Table};
use crate::doom::board::MAX_HEXES;
use crate::doom::rules::{Config, Move, Outcome, Position, RuleSet};

/// Why a search gave up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The exact search visited more positions than allowed.
    #[error("the game tree is too large to solve exactly (over {0} positions): give --depth")]
    TooLarge(u64),
    /// Exact solving needs games that end: classic rules.
    #[error("exact solving needs classic rules (chance games can go on for ever): give --depth")]
    NotClassic,
}

/// Where a move leads when no dice are rolled (a pass, a classic attack).
/// A chance attack is taken as won.
#[inline]
fn sure(pos: &Position, cfg: &Config, mv: Move) -> Position {
    match mv {
        Move::Pass => pos.after_pass(cfg),
        Move::Attack { from, to } => pos.after_win(from.into(), to.into()),
    }
}

/// The first move with the highest rating (the book's `position` of the
/// `max`): ties go to the earlier move.
pub fn first_best<V: PartialOrd + Copy>(ratings: &[(Move, V)]) -> Option<(Move, V)> {
    let mut best: Option<(Move, V)> = None;
    for &(m, v) in ratings {
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((m, v));
        }
    }
    best
}

/// The book's v1 `rate-position`, without memo: `root`'s share of the
/// win, in twelfths (12 = sole winner), with perfect play.
pub fn minimax_exact(cfg: &Config, pos: &Position, root: u8, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let values = pos
        .moves(cfg)
        .into_iter()
        .map(|m| minimax_exact(cfg, &sure(pos, cfg, m), root, nodes));
    let best = if pos.player == root {
        values.max()
    } else {
        values.min()
    };
    best.unwrap_or_else(|| share_twelfths(&pos.board, root))
}

/// Moves `hint` (if present) to the front, keeping the rest in order.
fn hint_first(moves: &mut [Move], hint: Option<Move>) {
    if let Some(h) = hint
        && let Some(i) = moves.iter().position(|&m| m == h)
    {
        moves[..=i].rotate_right(1);
    }
}

/// Exact minimax with a transposition table (the v1 memo, keyed by the
/// whole state) and alpha-beta pruning. Classic rules only.
///
/// Values are shares of the win in twelfths, so every search runs in the
/// window 0..=12 and a bound at either end is exact. Moves are tried in
/// the order that proves results with the fewest positions: the table's
/// best move, the pass, then captures of the biggest stacks with the
/// fewest dice (ties to the captures that cut off most often so far).
#[derive(Debug)]
pub struct ExactSolver {
    cfg: Config,
    /// Boards up to 3×3, keyed exactly in 64 bits.
    small: BoundTable<u64>,
    /// Larger boards.
    large: BoundTable<u128>,
    stack: Vec<(u64, Move)>,
    /// Cut-offs per attack (`from`, `to`), for the side that made them.
    history: Vec<[[u32; MAX_HEXES]; MAX_HEXES]>,
    root: u8,
    /// Positions visited so far.
    pub nodes: u64,
    limit: u64,
}

/// The lowest share of the win.
const LOSS: i8 = 0;
/// The highest share of the win: sole winner.
const WIN: i8 = 12;

/// How the exact solver keys a state, and which of its tables holds it.
trait ExactKey: SlotKey {
    fn of(pos: &Position, root: u8) -> Self;
    fn table(solver: &mut ExactSolver) -> &mut BoundTable<Self>;
}

impl ExactKey for u64 {
    fn of(pos: &Position, root: u8) -> u64 {
        tt::small_key(pos, root)
    }
    fn table(solver: &mut ExactSolver) -> &mut BoundTable<u64> {
        &mut solver.small
    }
}

impl ExactKey for u128 {
    fn of(pos: &Position, root: u8) -> u128 {
        tt::large_key(pos, root)
    }
    fn table(solver: &mut ExactSolver) -> &mut BoundTable<u128> {
        &mut solver.large
    }
}

impl ExactSolver {
    /// A solver for games under `cfg`.
    pub fn new(cfg: Config) -> Result<ExactSolver, SearchError> {
        if cfg.rules != RuleSet::Classic {
            return Err(SearchError::NotClassic);
        }
        Ok(ExactSolver {
            cfg,
            small: BoundTable::new(),
            large: BoundTable::new(),
            stack: Vec::with_capacity(1024),
            history: vec![[[0; MAX_HEXES]; MAX_HEXES]; 2],
            root: 0,
            nodes: 0,
            limit: u64::MAX,
        })
    }

    /// Positions remembered.
    pub fn remembered(&self) -> usize {
        self.small.len() + self.large.len()
    }

    /// Gives up after visiting `limit` positions.
    pub fn with_node_limit(mut self, limit: u64) -> ExactSolver {
        self.limit = limit;
        self
    }

    /// `root`'s exact share of the win from `pos`, in twelfths.
    pub fn value(&mut self, pos: &Position, root: u8) -> Result<i32, SearchError> {
        self.root = root;
        let v = if pos.board.len() <= 9 {
            self.solve::<u64>(pos, LOSS, WIN)
        } else {
            self.solve::<u128>(pos, LOSS, WIN)
        };
        if self.nodes > self.limit {
            // Results past the limit are made up: forget them all.
            self.small = BoundTable::new();
            self.large = BoundTable::new();
            return Err(SearchError::TooLarge(self.limit));
        }
        Ok(i32::from(v))
    }

    /// Every move of the player to move, in rules order, with its exact
    /// rating for that player (the book's v1 `get-ratings`).
    pub fn ratings(&mut self, pos: &Position) -> Result<Vec<(Move, i32)>, SearchError> {
        pos.moves(&self.cfg)
            .into_iter()
            .map(|m| Ok((m, self.value(&sure(pos, &self.cfg, m), pos.player)?)))
            .collect()
    }

    /// Ranks the moves on the stack from `start` (higher first) and sorts
    /// them: `hint`, the pass, then captures of big stacks with few dice,
    /// ties to the captures that cut off most often so far.
    fn order(&mut self, pos: &Position, start: usize, hint: Option<Move>) {
        let b = &pos.board;
        let history = &self.history[usize::from(pos.player == self.root)];
        for (rank, m) in &mut self.stack[start..] {
            *rank = match *m {
                m if Some(m) == hint => u64::MAX,
                Move::Pass => u64::MAX - 1,
                Move::Attack { from, to } => {
                    let (f, t) = (usize::from(from), usize::from(to));
                    let capture = 8 * u64::from(b.dice(t)) + 8 - u64::from(b.dice(f));
                    capture << 32 | u64::from(history[f][t])
                }
            };
        }
        self.stack[start..].sort_by_key(|&(rank, _)| std::cmp::Reverse(rank));
    }

    /// Fail-soft alpha-beta for `self.root` in the window (`alpha`, `beta`).
    fn solve<K: ExactKey>(&mut self, pos: &Position, mut alpha: i8, mut beta: i8) -> i8 {
        self.nodes += 1;
        if self.nodes > self.limit {
            return LOSS;
        }
        let start = self.stack.len();
        let stack = &mut self.stack;
        pos.for_each_move(&self.cfg, |m| stack.push((0, m)));
        match self.stack.len() - start {
            0 => return share_twelfths(&pos.board, self.root) as i8,
            1 => {
                let m = self.stack[start].1;
                self.stack.truncate(start);
                return self.solve::<K>(&sure(pos, &self.cfg, m), alpha, beta);
            }
            _ => {}
        }
        let key = K::of(pos, self.root);
        let mut hint = None;
        if let Some(e) = K::table(self).get(key) {
            if let Some(v) = e.cut(&mut alpha, &mut beta) {
                self.stack.truncate(start);
                return v;
            }
            hint = e.best;
        }
        let (a0, b0) = (alpha, beta);
        self.order(pos, start, hint);
        let maximise = pos.player == self.root;
        let mut best = if maximise { LOSS - 1 } else { WIN + 1 };
        let mut best_move = None;
        for i in start..self.stack.len() {
            let m = self.stack[i].1;
            let v = self.solve::<K>(&sure(pos, &self.cfg, m), alpha, beta);
            if maximise && v > best || !maximise && v < best {
                best = v;
                best_move = Some(m);
            }
            if maximise {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                if let Move::Attack { from, to } = m {
                    let h = &mut self.history[usize::from(maximise)][usize::from(from)]
                        [usize::from(to)];
                    *h = h.saturating_add(1);
                }
                break;
            }
        }
        self.stack.truncate(start);
        let (lo, hi) = if best <= a0 {
            (LOSS, best)
        } else if best >= b0 {
            (best, WIN)
        } else {
            (best, best)
        };
        K::table(self).record(key, lo, hi, best_move);
        best
    }
}

/// v2 without pruning: minimax to `depth` moves, `score-board` for `root`
/// at the horizon and at the end of the game.
pub fn minimax_depth(cfg: &Config, pos: &Position, depth: u8, root: u8, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let moves = if depth == 0 {
        Vec::new()
    } else {
        pos.moves(cfg)
    };
    let values = moves
        .into_iter()
        .map(|m| minimax_depth(cfg, &sure(pos, cfg, m), depth - 1, root, nodes));
    let best = if pos.player == root {
        values.max()
    } else {
        values.min()
    };
    best.unwrap_or_else(|| score_board(&pos.board, root))
}

/// The book's v2 `ab-get-ratings-max` at the root, verbatim: every move of
/// the player to move with the rating the book's pruned search gives it
/// (exact for each move that raises the best so far; a bound no better
/// than the best for the others).
pub fn book_ab_ratings(
    cfg: &Config,
    pos: &Position,
    depth: u8,
    nodes: &mut u64,
) -> Vec<(Move, i32)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.moves(cfg);
    let ratings = book_get_max(
        cfg,
        pos,
        &moves,
        pos.player,
        depth - 1,
        i32::MAX,
        i32::MIN,
        nodes,
    );
    moves.into_iter().zip(ratings).collect()
}

#[allow(clippy::too_many_arguments)]
fn book_get_max(
    cfg: &Config,
    pos: &Position,
    moves: &[Move],
    root: u8,
    depth: u8,
    upper: i32,
    mut lower: i32,
    nodes: &mut u64,
) -> Vec<i32> {
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        let x = book_ab_rate(cfg, &sure(pos, cfg, m), root, depth, upper, lower, nodes);
        out.push(x);
        if x >= upper {
            break;
        }
        lower = lower.max(x);
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn book_get_min(
    cfg: &Config,
    pos: &Position,
    moves: &[Move],
    root: u8,
    depth: u8,
    mut upper: i32,
    lower: i32,
    nodes: &mut u64,
) -> Vec<i32> {
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        let x = book_ab_rate(cfg, &sure(pos, cfg, m), root, depth, upper, lower, nodes);
        out.push(x);
        if x <= lower {
            break;
        }
        upper = upper.min(x);
    }
    out
}

fn book_ab_rate(
    cfg: &Config,
    pos: &Position,
    root: u8,
    depth: u8,
    upper: i32,
    lower: i32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let moves = if depth == 0 {
        Vec::new()
    } else {
        pos.moves(cfg)
    };
    if moves.is_empty() {
        return score_board(&pos.board, root);
    }
    if pos.player == root {
        let r = book_get_max(cfg, pos, &moves, root, depth - 1, upper, lower, nodes);
        r.into_iter().max().unwrap_or(i32::MIN)
    } else {
        let r = book_get_min(cfg, pos, &moves, root, depth - 1, upper, lower, nodes);
        r.into_iter().min().unwrap_or(i32::MAX)
    }
}

/// Depth-limited alpha-beta with `score-board` at the horizon, a
/// transposition table and the table's best move tried first: the book's
/// v2 decision, found faster.
#[derive(Debug)]
pub struct AlphaBeta {
    cfg: Config,
    table: Table<i32>,
    stack: Vec<Move>,
    /// Positions visited so far.
    pub nodes: u64,
}

impl AlphaBeta {
    /// A search for games under `cfg`.
    pub fn new(cfg: Config) -> AlphaBeta {
        AlphaBeta {
            cfg,
            table: Table::new(1 << 20),
            stack: Vec::with_capacity(1024),
            nodes: 0,
        }
    }

    /// The book's v2 choice for the player to move: the first move in
    /// rules order with the highest rating at `depth` moves, and that
    /// rating. `None` when the game is over.
    pub fn decide(&mut self, pos: &Position, depth: u8) -> Option<(Move, i32)> {
        let depth = depth.max(1);
        let root = pos.player;
        let mut best: Option<(Move, i32)> = None;
        for m in pos.moves(&self.cfg) {
            let alpha = best.map_or(i32::MIN, |(_, v)| v);
            let v = self.ab(&sure(pos, &self.cfg, m), depth - 1, root, alpha, i32::MAX);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        best
    }

    fn ab(&mut self, pos: &Position, depth: u8, root: u8, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return score_board(&pos.board, root);
        }
        let key = tt::key(pos, root, self.cfg.rules);
        let mut hint = None;
        if let Some(e) = self.table.get(key) {
            if e.depth == depth
                && let Some(v) = e.cut(&mut alpha, &mut beta)
            {
                return v;
            }
            hint = e.best;
        }
        let start = self.stack.len();
        pos.push_moves(&self.cfg, &mut self.stack);
        let end = self.stack.len();
        if start == end {
            return score_board(&pos.board, root);
        }
        hint_first(&mut self.stack[start..end], hint);
        let mut node = Node::new(pos.player == root, alpha, beta);
        for i in start..end {
            let m = self.stack[i];
            let v = self.ab(
                &sure(pos, &self.cfg, m),
                depth - 1,
                root,
                node.alpha,
                node.beta,
            );
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

/// The book's v4 `get-ratings` on a tree cut at `depth` moves: each move
/// of the player to move with its rating, a dice-roll attack worth
/// `odds × won + (1 − odds) × lost` in single floats in the book's order.
pub fn book_chance_ratings(
    cfg: &Config,
    pos: &Position,
    depth: u8,
    nodes: &mut u64,
) -> Vec<(Move, f32)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.moves(cfg)
        .into_iter()
        .map(|m| {
            (
                m,
                book_chance_move(cfg, pos, m, pos.player, depth - 1, nodes),
            )
        })
        .collect()
}

fn book_chance_move(
    cfg: &Config,
    pos: &Position,
    m: Move,
    root: u8,
    depth: u8,
    nodes: &mut u64,
) -> f32 {
    match pos.outcome(cfg, m) {
        Outcome::Sure(next) => book_chance_rate(cfg, &next, root, depth, nodes),
        Outcome::Roll { odds, won, lost } => {
            let w = book_chance_rate(cfg, &won, root, depth, nodes);
            let l = book_chance_rate(cfg, &lost, root, depth, nodes);
            odds * w + (1.0 - odds) * l
        }
    }
}

/// The book's v4 `rate-position`: chance-minimax to `depth`, all other
/// players against `root`, `score-board` at the horizon.
pub fn book_chance_rate(cfg: &Config, pos: &Position, root: u8, depth: u8, nodes: &mut u64) -> f32 {
    *nodes += 1;
    let moves = if depth == 0 {
        Vec::new()
    } else {
        pos.moves(cfg)
    };
    if moves.is_empty() {
        return score_board(&pos.board, root) as f32;
    }
    let values = moves
        .into_iter()
        .map(|m| book_chance_move(cfg, pos, m, root, depth - 1, nodes));
    let pick = if pos.player == root {
        f32::max
    } else {
        f32::min
    };
    values.reduce(pick).unwrap_or(0.0)
}

/// The book's decision for the player to move: v1 exact minimax for
/// classic games on boards up to 3×3, v2 alpha-beta to depth 4 on larger
/// classic boards, v4 chance-minimax to depth 2 under chance rules.
/// `None` when the game is over.
pub fn book_move(cfg: &Config, pos: &Position) -> Option<Move> {
    match cfg.rules {
        RuleSet::Classic if pos.board.len() <= 9 => {
            let mut solver = ExactSolver::new(*cfg).ok()?;
            let ratings = solver.ratings(pos).ok()?;
            first_best(&ratings).map(|(m, _)| m)
        }
        RuleSet::Classic => AlphaBeta::new(*cfg).decide(pos, 4).map(|(m, _)| m),
        RuleSet::Chance => {
            let mut nodes = 0;
            first_best(&book_chance_ratings(cfg, pos, 2, &mut nodes)).map(|(m, _)| m)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::board::{Board, Hex};

    fn start(board: &str) -> Position {
        Position::new(Board::parse(board).unwrap(), 0)
    }

    /// Replays a printed game from `board` (player a first); moves marked
    /// `true` were the computer's and must be what the book's AI picks.
    fn replay_vs_computer(cfg: &Config, board: &str, moves: &[(&str, bool)]) -> Position {
        let mut pos = start(board);
        for &(text, computer) in moves {
            let mv: Move = text.parse().unwrap();
            if computer {
                assert_eq!(
                    book_move(cfg, &pos),
                    Some(mv),
                    "at {} player {}",
                    pos.board,
                    pos.player
                );
            }
            assert!(pos.is_legal(cfg, mv), "{text} at {}", pos.board);
            pos = sure(&pos, cfg, mv);
        }
        pos
    }

    #[test]
    fn v1_plays_the_printed_2x2_game() {
        let end = replay_vs_computer(
            &Config::classic(),
            "a3 b3 a2 b2",
            &[
                ("0->3", false),
                ("pass", false),
                ("1->0", true),
                ("pass", true),
                ("3->1", false),
                ("pass", false),
                ("0->2", true),
                ("2->3", true),
                ("pass", true),
            ],
        );
        assert_eq!(end.board, Board::parse("b2 a1 b2 b1").unwrap());
        assert!(end.is_over(&Config::classic()));
    }

    #[test]
    fn v1_plays_the_printed_3x3_game() {
        let end = replay_vs_computer(
            &Config::classic(),
            "b1 a2 a3 a1 b1 b2 b2 a2 b3",
            &[
                ("2->5", false),
                ("pass", false),
                ("6->3", true),
                ("pass", true),
                ("1->4", false),
                ("pass", false),
                ("8->5", true),
                ("pass", true),
                ("4->8", false),
                ("pass", false),
                ("0->1", true),
                ("pass", true),
                ("7->3", false),
                ("pass", false),
                ("5->2", true),
                ("pass", true),
            ],
        );
        assert!(end.is_over(&Config::classic()));
        assert_eq!(end.winners(), 0b10);
    }

    #[test]
    fn v2_plays_the_printed_4x4_turn() {
        let cfg = Config::classic();
        let end = replay_vs_computer(
            &cfg,
            "a1 b2 b1 a3 b3 a1 a3 a3 b3 b2 b2 b2 a3 a3 a2 a2",
            &[
                ("6->10", false),
                ("pass", false),
                ("1->5", true),
                ("4->0", true),
                ("11->6", true),
                ("pass", true),
            ],
        );
        assert_eq!(
            end.board,
            Board::parse("b3 b2 b2 a3 b1 b1 b1 a3 b3 b2 a2 b1 a3 a3 a2 a2").unwrap()
        );
        let menu: Vec<String> = end.moves(&cfg).iter().map(Move::to_string).collect();
        assert_eq!(
            menu,
            [
                "3->2", "7->11", "7->2", "7->6", "10->6", "10->5", "10->11", "13->9", "15->11"
            ]
        );
    }

    #[test]
    fn the_printed_5x5_game_used_stale_4x4_neighbours() {
        // The book's 5×5 transcript has b attack 1->5 and 6->10: neighbours
        // on a 4×4 board, left in the position-keyed memo from the 4×4
        // games. With the right 5×5 neighbours those attacks are illegal,
        // which is why our table keys include the board size.
        let cfg = Config::classic();
        let pos = replay_vs_computer(
            &cfg,
            "a2 b2 a1 b2 b2 a1 b2 b3 b3 a3 a1 b2 a3 b1 b2 b1 b3 a2 b2 a1 b3 b1 b1 a3 b3",
            &[("9->14", false), ("pass", false)],
        );
        assert!(!pos.is_legal(&cfg, "1->5".parse().unwrap()));
        assert!(!pos.is_legal(&cfg, "6->10".parse().unwrap()));
        assert_eq!(crate::doom::board::neighbors(4, 1), &[5, 0, 2, 6]);
    }

    #[test]
    fn exact_solver_agrees_with_plain_minimax_on_the_book_boards() {
        let cfg = Config::classic();
        for b in [
            "a3 b3 a2 b2",
            "b2 b2 a2 b1",
            "a1 b1 a2 b1",
            "b1 a2 a3 a1 b1 b2 b2 a2 b3",
        ] {
            let pos = start(b);
            let mut solver = ExactSolver::new(cfg).unwrap();
            for (m, v) in solver.ratings(&pos).unwrap() {
                let mut n = 0;
                let plain = minimax_exact(&cfg, &sure(&pos, &cfg, m), 0, &mut n);
                assert_eq!(v, plain, "{b} {m}");
            }
        }
    }

    /// Seeded boards of `size`×`size` with `players`, up to `dice` dice a
    /// hex and one die on all but about one hex in `sparse`: the solver's
    /// ratings (and values for every player) equal plain minimax's.
    fn cross_check(size: usize, players: u8, dice: u8, sparse: u32, boards: u64) {
        use rand::Rng;
        let cfg = Config::new(players, dice, RuleSet::Classic).unwrap();
        let mut solver = ExactSolver::new(cfg).unwrap();
        for seed in 0..boards {
            let mut rng = crate::game::rng_from_seed(seed);
            let hexes: Vec<Hex> = (0..size * size)
                .map(|_| Hex {
                    owner: rng.random_range(0..players),
                    dice: if rng.random_range(0..sparse) == 0 {
                        rng.random_range(1..=dice)
                    } else {
                        1
                    },
                })
                .collect();
            let b = Board::from_hexes(&hexes).unwrap();
            let pos = Position::new(b, (seed % u64::from(players)) as u8);
            for (m, v) in solver.ratings(&pos).unwrap() {
                let mut n = 0;
                let plain = minimax_exact(&cfg, &sure(&pos, &cfg, m), pos.player, &mut n);
                assert_eq!(v, plain, "{b} {m}");
            }
            for root in 0..players {
                let mut n = 0;
                let plain = minimax_exact(&cfg, &pos, root, &mut n);
                assert_eq!(solver.value(&pos, root).unwrap(), plain, "{b} for {root}");
            }
        }
    }

    #[test]
    fn exact_solver_agrees_with_plain_minimax_on_seeded_boards() {
        // 3×3 (64-bit keys) and 4×4 (128-bit keys), 2 to 4 players.
        cross_check(3, 2, 2, 1, 100);
        cross_check(3, 3, 2, 1, 200);
        cross_check(3, 2, 3, 4, 30);
        cross_check(3, 3, 3, 3, 60);
        cross_check(2, 4, 3, 1, 100);
        cross_check(4, 2, 2, 6, 40);
        cross_check(4, 3, 2, 2, 40);
    }

    #[test]
    fn exact_solver_gives_up_past_its_limit() {
        let pos = start("b1 a2 a3 a1 b1 b2 b2 a2 b3");
        let mut solver = ExactSolver::new(Config::classic())
            .unwrap()
            .with_node_limit(10);
        assert_eq!(solver.ratings(&pos), Err(SearchError::TooLarge(10)));
        assert_eq!(solver.remembered(), 0);
        assert_eq!(
            ExactSolver::new(Config::chance()).unwrap_err(),
            SearchError::NotClassic
        );
    }

    #[test]
    fn book_alpha_beta_finds_the_minimax_choice() {
        let cfg = Config::classic();
        let pos = start("a1 b2 b1 a3 b3 a1 a3 a3 b3 b2 b2 b2 a3 a3 a2 a2");
        for depth in 1..=4 {
            let mut n = 0;
            let book = book_ab_ratings(&cfg, &pos, depth, &mut n);
            let plain: Vec<(Move, i32)> = pos
                .moves(&cfg)
                .into_iter()
                .map(|m| {
                    (
                        m,
                        minimax_depth(&cfg, &sure(&pos, &cfg, m), depth - 1, 0, &mut n),
                    )
                })
                .collect();
            let (bm, bv) = first_best(&book).unwrap();
            assert_eq!(first_best(&plain), Some((bm, bv)));
            for (b, p) in book.iter().zip(&plain) {
                assert!(
                    b.1 == p.1 || (b.1 <= bv && p.1 <= b.1),
                    "bound {b:?} vs {p:?}"
                );
            }
            assert_eq!(AlphaBeta::new(cfg).decide(&pos, depth), Some((bm, bv)));
        }
    }

    #[test]
    fn v4_rates_in_single_floats_in_the_books_order() {
        let cfg = Config::new(2, 5, RuleSet::Chance).unwrap();
        // a2 attacks b1 (odds 0.84) or b5 (0.01); depth 1 rates the boards.
        let pos = start("a2 b5 b1 a1");
        let mut n = 0;
        let r = book_chance_ratings(&cfg, &pos, 1, &mut n);
        let won = score_board(&Board::parse("a1 b5 a1 a1").unwrap(), 0) as f32;
        let lost = score_board(&Board::parse("a1 b5 b1 a1").unwrap(), 0) as f32;
        assert_eq!(
            r[0],
            (
                Move::Attack { from: 0, to: 2 },
                0.84f32 * won + (1.0f32 - 0.84) * lost
            )
        );
        assert_eq!(n, 4);
    }
}
