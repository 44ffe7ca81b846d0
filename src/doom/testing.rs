//! Positions and games the doom tests share.

use super::board::Board;
use super::rules::{Config, Move, Position, RuleSet};
use super::state::Doom;

/// Two players, five dice, chance rules.
pub fn chance() -> Config {
    Config::new(2, 5, RuleSet::Chance).unwrap_or_else(|e| panic!("{e}"))
}

/// `board` with `a` to move, on the first move of the turn or not.
pub fn at(board: &str, first_move: bool) -> Position {
    let mut pos = Position::new(Board::parse(board).unwrap_or_else(|e| panic!("{e}")), 0);
    pos.first_move = first_move;
    pos
}

/// An attack.
pub const fn attack(from: u8, to: u8) -> Move {
    Move::Attack { from, to }
}

/// A 3×3 game under chance rules, `a` to move, `seed` driving the dice.
pub fn chance_game(seed: u64) -> Doom {
    let cfg = Config::new(2, 5, RuleSet::Chance).unwrap_or_else(|e| panic!("{e}"));
    let board = Board::parse("a5 b3 a2 b1 a4 b5 a3 b2 a1").unwrap_or_else(|e| panic!("{e}"));
    Doom::new(cfg, board, 0, seed)
}
