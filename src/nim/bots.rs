//! Nim's computer players: the perfect one (leave the opponent a multiple
//! of four) and one that always takes a single stone.

use rand::Rng;

use super::state::{MOST, Nim, Take};
use crate::game::{Bot, GameRng};

/// The bots by name.
pub const NAMES: [&str; 2] = ["perfect", "one"];

/// Leaves a multiple of four when it can; otherwise takes at random.
#[derive(Debug, Default)]
pub struct Perfect;

impl Bot<Nim> for Perfect {
    fn name(&self) -> &str {
        "perfect"
    }

    fn choose(&mut self, view: &Nim, rng: &mut GameRng) -> Take {
        match view.heap % (MOST + 1) {
            0 => rng.random_range(1..=MOST.min(view.heap)),
            r => r,
        }
    }
}

/// Takes one stone.
#[derive(Debug, Default)]
pub struct One;

impl Bot<Nim> for One {
    fn name(&self) -> &str {
        "one"
    }

    fn choose(&mut self, _: &Nim, _: &mut GameRng) -> Take {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;

    #[test]
    fn the_perfect_player_leaves_a_multiple_of_four() {
        let mut rng = rng_from_seed(1);
        for heap in 1..=21 {
            let take = Perfect.choose(&Nim::new(heap, 0), &mut rng);
            assert!((1..=MOST.min(heap)).contains(&take));
            if heap % 4 != 0 {
                assert_eq!((heap - take) % 4, 0, "heap {heap}");
            }
        }
    }
}
