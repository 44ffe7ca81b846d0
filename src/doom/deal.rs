//! How boards are dealt: the book's `gen-board` (every hex to a random
//! player), a balanced deal (equal hexes and dice for every player), and
//! the boards `doom sim` shares between the games of a run.

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::board::{Board, Hex, MAX_SIZE};
use super::rules::{Config, ConfigError};
use crate::game::{GameRng, SetupError, rng_from_seed};

/// The book's `gen-board`: every hex to a random player with 1..=max dice.
pub fn random_board(size: usize, cfg: &Config, rng: &mut GameRng) -> Result<Board, ConfigError> {
    if !(2..=MAX_SIZE).contains(&size) {
        return Err(ConfigError::Size(size));
    }
    let hexes: Vec<Hex> = (0..size * size)
        .map(|_| Hex {
            owner: rng.random_range(0..cfg.players),
            dice: rng.random_range(1..=cfg.max_dice),
        })
        .collect();
    Board::from_hexes(&hexes).ok_or(ConfigError::Size(size))
}

/// A fair random board: the players hold equal numbers of hexes (the
/// remainder going to random players) with the same dice on them, placed
/// at random.
pub fn balanced_board(size: usize, cfg: &Config, rng: &mut GameRng) -> Result<Board, ConfigError> {
    if !(2..=MAX_SIZE).contains(&size) {
        return Err(ConfigError::Size(size));
    }
    let n = size * size;
    let per = n / usize::from(cfg.players);
    let stacks: Vec<u8> = (0..per)
        .map(|_| rng.random_range(1..=cfg.max_dice))
        .collect();
    let mut hexes: Vec<Hex> = (0..cfg.players)
        .flat_map(|owner| stacks.iter().map(move |&dice| Hex { owner, dice }))
        .collect();
    while hexes.len() < n {
        hexes.push(Hex {
            owner: rng.random_range(0..cfg.players),
            dice: rng.random_range(1..=cfg.max_dice),
        });
    }
    hexes.shuffle(rng);
    Board::from_hexes(&hexes).ok_or(ConfigError::Size(size))
}

/// How boards are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Deal {
    /// The book's gen-board ([`random_board`]).
    #[default]
    Book,
    /// Equal hexes and dice for every player ([`balanced_board`]).
    Balanced,
}

/// The board of `doom sim`'s game `game` for `seed` when `ais` AIs take
/// turns in the seats: each run of `ais` games shares one board.
pub fn sim_board(
    deal: Deal,
    size: usize,
    cfg: &Config,
    seed: u64,
    game: u64,
    ais: u64,
) -> Result<Board, ConfigError> {
    let group = game / ais.max(1);
    let mut rng = rng_from_seed(seed ^ group.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    deal_board(deal, size, cfg, &mut rng)
}

impl std::str::FromStr for Deal {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<Deal, SetupError> {
        crate::form::pick(
            s,
            "board deal",
            &[("book", Deal::Book), ("balanced", Deal::Balanced)],
        )
    }
}

/// A board dealt `deal`'s way.
pub fn deal_board(
    deal: Deal,
    size: usize,
    cfg: &Config,
    rng: &mut GameRng,
) -> Result<Board, ConfigError> {
    match deal {
        Deal::Book => random_board(size, cfg, rng),
        Deal::Balanced => balanced_board(size, cfg, rng),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::rules::RuleSet;

    #[test]
    fn sim_boards_are_shared_by_each_run_of_games_and_balanced_when_asked() {
        let cfg = Config::new(2, 5, RuleSet::Chance).unwrap();
        let board = |deal, g, ais| sim_board(deal, 5, &cfg, 7, g, ais).unwrap();
        assert_eq!(board(Deal::Book, 4, 2), board(Deal::Book, 5, 2));
        assert_ne!(board(Deal::Book, 5, 2), board(Deal::Book, 6, 2));
        assert_eq!(board(Deal::Book, 3, 1), board(Deal::Book, 6, 2));
        for g in 0..20 {
            let b = board(Deal::Balanced, g, 2);
            let dice = |p: u8| -> Vec<u8> {
                let mut d: Vec<u8> = b.hexes().filter(|h| h.owner == p).map(|h| h.dice).collect();
                d.sort_unstable();
                d
            };
            // 25 hexes: 12 each with the same dice, and one more.
            let (a, b) = (dice(0), dice(1));
            assert_eq!(a.len() + b.len(), 25);
            let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
            assert_eq!(short.len(), 12);
            let same_but_one = (0..long.len()).any(|i| {
                let mut rest = long.clone();
                rest.remove(i);
                rest == short
            });
            assert!(same_but_one, "{short:?} {long:?}");
        }
        assert!(sim_board(Deal::Book, 9, &cfg, 7, 0, 2).is_err());
    }
}
