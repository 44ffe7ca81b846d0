//! The default policy of Dice of Doom: one greedy move at a time, with no
//! search. It is the `greedy` bot, the move the strong AI keeps unless its
//! playouts ([`super::playout`]) show a better one, the way those
//! playouts play, and the play its opponent model ([`super::model`])
//! compares a move with.

use crate::doom::board::{Board, MAX_HEXES};
use crate::doom::odds::win_odds;
use crate::doom::rules::{Config, Move, Position, RuleSet};

/// Under chance rules, attacks at least this likely are always worth
/// making.
pub const GREEDY_ODDS: f32 = 0.95;

/// Whether the default policy spends a stack of `dice` at any odds: a
/// full stack, which reinforcement cannot add to.
pub fn spends_at_any_odds(cfg: &Config, dice: u8) -> bool {
    dice >= cfg.max_dice
}

/// What one more hex in the largest group (one more die a turn) is worth
/// to the default policy, in win odds.
const GROWTH: f32 = 0.5;

/// What a hex an attack leaves weak costs the default policy, in win odds
/// per unit of the odds of the likeliest attack back on it.
const EXPOSURE: f32 = 0.2;

/// The default policy, one move at a time; `None` when the game is over.
///
/// Under chance rules it makes an attack while one is worth making: any
/// attack on the first move of a turn (a pass is not allowed), else one
/// at least [`GREEDY_ODDS`] likely or one from a full stack (reinforcement
/// cannot add to it, so its dice are spent best on the attack); when none
/// is, it passes. Of those it takes the best by its odds, plus
/// [`GROWTH`] for each hex it would add to the player's largest group,
/// less [`EXPOSURE`] times the odds of the likeliest attack back on the
/// source (left with one die) and, as likely as the attack wins, on the
/// conquered hex.
///
/// Under classic rules, where every attack wins, it takes the biggest
/// capture.
///
/// Ties go to the first attack in rules order.
pub fn greedy_move(cfg: &Config, pos: &Position) -> Option<Move> {
    let b = &pos.board;
    // The player's groups, found at the first attack worth rating.
    let mut groups = None;
    let mut best: Option<(Move, f32)> = None;
    for from in 0..b.len() {
        let s = b.hex(from);
        if s.owner != pos.player || s.dice < 2 {
            continue;
        }
        for &to in b.neighbors(from) {
            let d = b.hex(usize::from(to));
            if d.owner == pos.player {
                continue;
            }
            let rating = match cfg.rules {
                RuleSet::Chance => {
                    match chance_rating(cfg, pos, from, usize::from(to), &mut groups) {
                        Some(r) => r,
                        None => continue,
                    }
                }
                RuleSet::Classic if s.dice > d.dice => 1.0 + f32::from(d.dice),
                RuleSet::Classic => continue,
            };
            if best.is_none_or(|(_, r)| rating > r) {
                best = Some((
                    Move::Attack {
                        from: from as u8,
                        to,
                    },
                    rating,
                ));
            }
        }
    }
    match best {
        Some((m, _)) => Some(m),
        None if pos.first_move => None,
        None => Some(Move::Pass),
    }
}

/// The default policy's rating of the chance attack `from` → `to`;
/// `None` when the attack is not worth making. `groups` holds the
/// player's groups once found.
fn chance_rating(
    cfg: &Config,
    pos: &Position,
    from: usize,
    to: usize,
    groups: &mut Option<Groups>,
) -> Option<f32> {
    let b = &pos.board;
    let dice = b.dice(from);
    let odds = win_odds(dice, b.dice(to));
    if !pos.first_move && odds < GREEDY_ODDS && !spends_at_any_odds(cfg, dice) {
        return None;
    }
    let growth = groups
        .get_or_insert_with(|| Groups::of(b, pos.player))
        .growth(b, to);
    let won = pos.after_win(from, to).board;
    let exposure = threat(&won, from) + odds * threat(&won, to);
    Some(odds + GROWTH * growth as f32 - EXPOSURE * exposure)
}

/// One player's groups of connected hexes, to tell how much taking a hex
/// grows the largest.
struct Groups {
    masks: [u64; MAX_HEXES],
    len: usize,
    largest: u32,
}

impl Groups {
    fn of(board: &Board, player: u8) -> Groups {
        let mut g = Groups {
            masks: [0; MAX_HEXES],
            len: 0,
            largest: 0,
        };
        for mask in board.clusters(player) {
            g.masks[g.len] = mask;
            g.len += 1;
            g.largest = g.largest.max(mask.count_ones());
        }
        g
    }

    /// The hexes the largest group gains when the player takes `to`: it
    /// joins every group beside it.
    fn growth(&self, board: &Board, to: usize) -> u32 {
        let near = board.neighbor_mask(to);
        let joined: u32 = self.masks[..self.len]
            .iter()
            .filter(|&&g| g & near != 0)
            .map(|g| g.count_ones())
            .sum();
        (joined + 1).saturating_sub(self.largest)
    }
}

/// The odds of the likeliest attack on `pos` from a neighbour.
fn threat(board: &Board, pos: usize) -> f32 {
    let h = board.hex(pos);
    board
        .neighbors(pos)
        .iter()
        .map(|&n| board.hex(usize::from(n)))
        .filter(|e| e.owner != h.owner && e.dice > 1)
        .map(|e| win_odds(e.dice, h.dice))
        .fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::testing::{at, attack, chance};
    use crate::game::rng_from_seed;

    #[test]
    fn greedy_takes_the_surest_attack_and_passes_on_the_rest() {
        let cfg = chance();
        // 0 sees 2 (b1) and 1 (b3); 3 sees 1 and 2. 4 v 1 is sure.
        assert_eq!(
            greedy_move(&cfg, &at("a4 b3 b1 a2", true)),
            Some(attack(0, 2))
        );
        // Two dice on one die win 84% of the time: not enough once the
        // turn has begun, but the first move must attack.
        assert_eq!(
            greedy_move(&cfg, &at("a2 b3 b1 a1", false)),
            Some(Move::Pass)
        );
        assert_eq!(
            greedy_move(&cfg, &at("a2 b3 b1 a1", true)),
            Some(attack(0, 2))
        );
        // Ties go to the first in rules order.
        assert_eq!(
            greedy_move(&cfg, &at("a2 b3 b3 a1", true)),
            Some(attack(0, 2))
        );
        // No attack at the start of a turn: the game is over.
        assert_eq!(greedy_move(&cfg, &at("a1 b3 b3 a1", true)), None);
        // Classic rules: the biggest capture.
        let classic = Config::classic();
        assert_eq!(
            greedy_move(&classic, &at("a3 b2 b1 a1", true)),
            Some(attack(0, 1))
        );
    }

    #[test]
    fn greedy_spends_full_stacks_at_any_odds() {
        let cfg = chance();
        // Five dice (the most) on five: 46%, but a pass would waste them.
        assert_eq!(
            greedy_move(&cfg, &at("a5 b5 b5 a1", false)),
            Some(attack(0, 2))
        );
        // Four dice on five are kept.
        assert_eq!(
            greedy_move(&cfg, &at("a4 b5 b5 a1", false)),
            Some(Move::Pass)
        );
    }

    #[test]
    fn greedy_joins_its_groups_and_keeps_clear_of_big_stacks() {
        let cfg = chance();
        // 3×3, rows 0-2, 3-5, 6-8: 0 sees 3, 1 and 4, 1 sees 4, 0, 2 and
        // 5, 7 sees 4, 3, 6 and 8. a holds 0 and 2 apart, and every attack
        // of 0 is sure; taking 1 joins 0 and 2 (a group of three), the
        // others make a group of two.
        assert_eq!(
            greedy_move(&cfg, &at("a4 b1 a1 b1 b1 b2 b2 b2 b2", false)),
            Some(attack(0, 1))
        );
        // Every attack of 0 is sure and makes a group of two; the first is
        // taken, unless b's five dice at 7 see it (3 and 4 do, 1 not).
        assert_eq!(
            greedy_move(&cfg, &at("a4 b1 b1 b1 b1 b1 b1 b1 b1", false)),
            Some(attack(0, 3))
        );
        assert_eq!(
            greedy_move(&cfg, &at("a4 b1 b1 b1 b1 b1 b1 b5 b1", false)),
            Some(attack(0, 1))
        );
    }

    #[test]
    fn group_growth_is_the_largest_cluster_gained_by_a_win() {
        let cfg = chance();
        let mut boards = rng_from_seed(5);
        for size in [3, 5, 8] {
            for _ in 0..30 {
                let b = crate::doom::deal::random_board(size, &cfg, &mut boards).unwrap();
                let pos = Position::new(b, 0);
                let groups = Groups::of(&b, 0);
                assert_eq!(groups.largest, b.largest_cluster(0));
                for m in pos.moves(&cfg) {
                    if let Move::Attack { from, to } = m {
                        let won = pos.after_win(from.into(), to.into()).board;
                        let want = won.largest_cluster(0) - b.largest_cluster(0);
                        assert_eq!(groups.growth(&b, to.into()), want, "{b} {m}");
                    }
                }
            }
        }
    }
}
