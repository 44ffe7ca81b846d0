//! Invariants of Dice of Doom's rules and searches on random positions:
//! the fast searches agree with plain minimax, dice-roll branches are
//! proper probabilities, and random games stay legal and end.

use cardgames::doom::bots::search::{
    AlphaBeta, ExactSolver, book_ab_ratings, first_best, minimax_depth, minimax_exact,
};
use cardgames::doom::deal::random_board;
use cardgames::doom::{Board, Config, Doom, Hex, Move, Outcome, Position, RuleSet};
use cardgames::game::{Game, rng_from_seed};
use proptest::prelude::*;
use rand::seq::IndexedRandom;

/// A board of `size`×`size` with owners below `players` and 1..=`dice` dice.
fn board(size: usize, players: u8, dice: u8) -> impl Strategy<Value = Board> {
    prop::collection::vec((0..players, 1..=dice), size * size).prop_map(|hexes| {
        let hexes: Vec<Hex> = hexes
            .into_iter()
            .map(|(owner, dice)| Hex { owner, dice })
            .collect();
        Board::from_hexes(&hexes).expect("square")
    })
}

fn after(pos: &Position, cfg: &Config, m: Move) -> Position {
    match pos.outcome(cfg, m) {
        Outcome::Sure(p) => p,
        Outcome::Roll { won, .. } => won,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn exact_search_equals_plain_minimax_on_2x2(b in board(2, 3, 3), players in 2u8..=3, first in 0u8..2) {
        let cfg = Config::new(players, 3, RuleSet::Classic).unwrap();
        prop_assume!(b.check(players, 3).is_ok());
        let pos = Position::new(b, first);
        let mut solver = ExactSolver::new(cfg).unwrap();
        for root in 0..players {
            let mut n = 0;
            prop_assert_eq!(solver.value(&pos, root).unwrap(), minimax_exact(&cfg, &pos, root, &mut n));
        }
        for (m, v) in solver.ratings(&pos).unwrap() {
            let mut n = 0;
            prop_assert_eq!(v, minimax_exact(&cfg, &after(&pos, &cfg, m), first, &mut n));
        }
    }

    #[test]
    fn exact_search_equals_plain_minimax_on_small_3x3(b in board(3, 2, 2)) {
        let cfg = Config::classic();
        let pos = Position::new(b, 0);
        let mut solver = ExactSolver::new(cfg).unwrap();
        for (m, v) in solver.ratings(&pos).unwrap() {
            let mut n = 0;
            prop_assert_eq!(v, minimax_exact(&cfg, &after(&pos, &cfg, m), 0, &mut n));
        }
    }

    #[test]
    fn alpha_beta_equals_minimax_at_the_same_depth(b in board(4, 2, 3), depth in 1u8..=3) {
        let cfg = Config::classic();
        let pos = Position::new(b, 0);
        let mut n = 0;
        let plain: Vec<(Move, i32)> = pos
            .moves(&cfg)
            .into_iter()
            .map(|m| (m, minimax_depth(&cfg, &after(&pos, &cfg, m), depth - 1, 0, &mut n)))
            .collect();
        let want = first_best(&plain);
        prop_assert_eq!(AlphaBeta::new(cfg).decide(&pos, depth), want);
        let book = book_ab_ratings(&cfg, &pos, depth, &mut n);
        prop_assert_eq!(first_best(&book), want);
    }

    #[test]
    fn chance_branches_are_probabilities(b in board(4, 4, 5)) {
        let cfg = Config::chance();
        let pos = Position::new(b, 0);
        for m in pos.moves(&cfg) {
            match pos.outcome(&cfg, m) {
                Outcome::Roll { odds, won, lost } => {
                    prop_assert!((0.0..=1.0).contains(&odds));
                    prop_assert!((f64::from(odds) + f64::from(1.0 - odds) - 1.0).abs() < 1e-6);
                    prop_assert_ne!(won, lost);
                }
                Outcome::Sure(_) => prop_assert_eq!(m, Move::Pass),
            }
        }
    }

    #[test]
    fn random_games_stay_legal_and_end(seed in any::<u64>(), size in 2usize..=6, players in 2u8..=4, chance in any::<bool>()) {
        let rules = if chance { RuleSet::Chance } else { RuleSet::Classic };
        let cfg = Config::new(players, if chance { 5 } else { 3 }, rules).unwrap();
        let mut rng = rng_from_seed(seed);
        let b = random_board(size, &cfg, &mut rng).unwrap();
        let mut game = Doom::new(cfg, b, 0, seed);
        let mut moves = 0u32;
        while game.to_act().is_some() {
            let legal = game.legal_actions();
            prop_assert!(!legal.is_empty());
            // An illegal move is refused and changes nothing.
            let before = *game.position();
            let bogus = Move::Attack { from: 200, to: 201 };
            prop_assert!(game.apply(bogus).is_err());
            prop_assert_eq!(*game.position(), before);
            let m = *legal.choose(&mut rng).unwrap();
            game.apply(m).unwrap();
            let p = game.position();
            p.board.check(players, cfg.max_dice).unwrap();
            prop_assert!(p.player < players);
            moves += 1;
            prop_assert!(moves < 20_000);
        }
        let result = game.outcome().unwrap();
        prop_assert!((result.shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        prop_assert!(game.apply(Move::Pass).is_err());
    }
}
