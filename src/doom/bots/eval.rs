//! Rating a position at the search horizon: the book's `score-board`, and
//! our own evaluation (territory, dice balance, threats, cluster size)
//! for the strong AI.

use crate::doom::board::Board;
use crate::doom::rules::{Config, Position, RuleSet};

/// The book's `threatened`: a neighbouring enemy hex has more dice.
pub fn threatened(board: &Board, pos: usize) -> bool {
    let h = board.hex(pos);
    board.neighbors(pos).iter().any(|&n| {
        let o = board.hex(usize::from(n));
        o.owner != h.owner && o.dice > h.dice
    })
}

/// The book's `score-board`: +2 for each of `player`'s hexes not
/// threatened, +1 for each threatened one, −1 for every other hex.
pub fn score_board(board: &Board, player: u8) -> i32 {
    (0..board.len())
        .map(|pos| {
            if board.hex(pos).owner != player {
                -1
            } else if threatened(board, pos) {
                1
            } else {
                2
            }
        })
        .sum()
}

/// The share of the win `player` gets on a finished board, in twelfths:
/// 12 / (number of winners) to each winner, 0 to the others.
pub fn share_twelfths(board: &Board, player: u8) -> i32 {
    let w = crate::doom::rules::winners(board);
    if w & 1 << player == 0 {
        0
    } else {
        12 / w.count_ones() as i32
    }
}

/// The weights of the strong evaluation under one rule set (tuned by
/// `cardgames doom sim` against the book's AI).
struct Weights {
    /// Per hex of margin.
    hex: f32,
    /// Per die of margin.
    die: f32,
    /// A threatened hex whose owner moves next (it may still strike first).
    risk_owner_moves: f32,
    /// A threatened hex when an enemy moves next (it is about to fall;
    /// certainly under classic rules, likely under chance rules).
    risk_enemy_moves: f32,
    /// Per hex of largest-group margin (the chance reinforcement).
    cluster: f32,
}

const CLASSIC: Weights = Weights {
    hex: 10.0,
    die: 2.0,
    risk_owner_moves: 3.0,
    risk_enemy_moves: 18.0,
    cluster: 0.0,
};

const CHANCE: Weights = Weights {
    hex: 10.0,
    die: 4.0,
    risk_owner_moves: 3.0,
    risk_enemy_moves: 6.0,
    cluster: 5.0,
};

/// The strong evaluation's bound: every value lies in `-WIN..=WIN`.
pub const WIN: f32 = 10_000.0;

/// Our evaluation of `pos` for `root`: a finished game is worth its share
/// of the win (±WIN, with the hex margin to prefer bigger wins); otherwise
/// territory first, then dice, threats both ways and, under chance rules,
/// the largest group (the next reinforcement). Opponents are pooled and
/// averaged so the scale does not grow with the player count.
pub fn strong(cfg: &Config, pos: &Position, root: u8) -> f32 {
    let b = &pos.board;
    let others = f32::from(cfg.players - 1);
    let mut hexes = [0f32; 4];
    let mut dice = [0f32; 4];
    let mut exposed = [0f32; 4];
    for p in 0..b.len() {
        let h = b.hex(p);
        let o = usize::from(h.owner);
        hexes[o] += 1.0;
        dice[o] += f32::from(h.dice);
        if threatened(b, p) {
            exposed[o] += 1.0;
        }
    }
    let mine = usize::from(root);
    let opp = |v: &[f32; 4]| (v.iter().sum::<f32>() - v[mine]) / others;
    let margin = hexes[mine] - opp(&hexes);
    if pos.is_over(cfg) {
        let share = share_twelfths(b, root) as f32 / 12.0;
        return (2.0 * share - 1.0) * (WIN - 100.0) + margin;
    }
    let w = match cfg.rules {
        RuleSet::Classic => &CLASSIC,
        RuleSet::Chance => &CHANCE,
    };
    // Hexes of the side about to move are safe for a turn; the others'
    // threatened hexes are about to fall.
    let (my_risk, their_risk) = if pos.player == root {
        (w.risk_owner_moves, w.risk_enemy_moves)
    } else {
        (w.risk_enemy_moves, w.risk_owner_moves)
    };
    let mut v = w.hex * margin + w.die * (dice[mine] - opp(&dice)) - my_risk * exposed[mine]
        + their_risk * opp(&exposed);
    if w.cluster != 0.0 {
        let best_other = (0..cfg.players)
            .filter(|&p| p != root)
            .map(|p| b.largest_cluster(p))
            .max()
            .unwrap_or(0);
        v += w.cluster * (b.largest_cluster(root) as f32 - best_other as f32);
    }
    v.clamp(-WIN / 2.0, WIN / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_board_counts_like_the_book() {
        // a3 a3 / b3 b1: a's hexes: 0 has b3 below (3 > 3? no), 1 has b1;
        // neither threatened: 2 + 2 − 1 − 1.
        let b = Board::parse("a3 a3 b3 b1").unwrap();
        assert_eq!(score_board(&b, 0), 2);
        // b: hex 2 (3 dice) unthreatened, hex 3 (1 die) threatened by a3s.
        let (a_hexes, unthreatened, threatened_hex) = (-2, 2, 1);
        assert_eq!(score_board(&b, 1), a_hexes + unthreatened + threatened_hex);
        let b = Board::parse("a1 b2 a1 b1").unwrap();
        assert!(threatened(&b, 0));
        assert!(!threatened(&b, 2));
    }

    #[test]
    fn strong_prefers_more_territory_and_knows_the_end() {
        let cfg = Config::classic();
        let even = Position::new(Board::parse("a2 a2 b2 b2").unwrap(), 1);
        let ahead = Position::new(Board::parse("a2 a2 a2 b2").unwrap(), 1);
        assert!(strong(&cfg, &ahead, 0) > strong(&cfg, &even, 0));
        let won = Position::new(Board::parse("a1 a1 a1 b1").unwrap(), 1);
        assert!(won.is_over(&cfg));
        assert!(strong(&cfg, &won, 0) > WIN / 2.0);
        assert!(strong(&cfg, &won, 1) < -WIN / 2.0);
    }
}
