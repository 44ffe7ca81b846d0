//! The bots by name, the `random` bot (any legal action), and bots
//! playing whole deals against each other.

use rand::seq::IndexedRandom;

use super::greedy::{GreedyBot, cheapest_bid_above};
use super::strong::StrongBot;
use crate::game::{Bot, GameRng};
use crate::honeymoon::action::{Action, Phase};
use crate::honeymoon::auction::{Call, Strain};
use crate::honeymoon::state::Honeymoon;
use crate::honeymoon::tricks::legal_cards;
use crate::honeymoon::view::View;

/// The bots `make_bot` knows.
pub const BOT_NAMES: [&str; 3] = ["random", "greedy", "strong"];

/// The bot called `name`.
pub fn make_bot(name: &str) -> Option<Box<dyn Bot<Honeymoon>>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "greedy" => Some(Box::new(GreedyBot)),
        "strong" => Some(Box::new(StrongBot::new())),
        _ => None,
    }
}

/// Picks any legal action.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot;

impl Bot<Honeymoon> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Action {
        let options: Vec<Action> = match view.phase {
            Phase::Bidding => {
                let mut calls = vec![Action::Call(Call::Pass)];
                if let Some(bid) = cheapest_bid_above(view, Strain::ALL[rng_index(rng, 5)]) {
                    calls.push(Action::Call(Call::Bid(bid)));
                }
                calls
            }
            _ => legal_cards(view.hand, view.led)
                .iter()
                .map(Action::Play)
                .collect(),
        };
        options
            .choose(rng)
            .copied()
            .unwrap_or(Action::Call(Call::Pass))
    }
}

fn rng_index(rng: &mut GameRng, n: usize) -> usize {
    use rand::Rng;
    rng.random_range(0..n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, CardSet};
    use crate::game::{Game, Seat, rng_from_seed};
    use crate::honeymoon::setup::{LeadRule, Scoring, Setup};

    /// Plays one deal to the end, checking every action is legal; returns
    /// the final state.
    fn playout(north: &str, south: &str, options: Setup, seed: u64) -> Honeymoon {
        let mut bots =
            [make_bot(north), make_bot(south)].map(|b| b.unwrap_or_else(|| panic!("bot")));
        let mut g = Honeymoon::new(options, (seed % 2) as Seat, seed);
        let mut rng = rng_from_seed(seed);
        let mut steps = 0;
        while let Some(seat) = g.to_act() {
            let action = bots[seat].choose(&g.view(seat), &mut rng);
            assert!(
                g.legal_actions().contains(&action),
                "{} chose {action:?}",
                bots[seat].name()
            );
            g.apply(action).unwrap_or_else(|e| panic!("{e}"));
            steps += 1;
            assert!(steps < 5000, "deal does not end");
        }
        g
    }

    fn check_accounted(g: &Honeymoon) {
        let played: Vec<Card> = g.history().iter().map(|p| p.card).collect();
        assert_eq!(played.len(), 52);
        assert_eq!(played.iter().copied().collect::<CardSet>(), CardSet::FULL);
        assert!(g.hand(0).is_empty() && g.hand(1).is_empty() && g.stock().is_empty());
        let r = g.outcome().unwrap_or_else(|| panic!("no result"));
        assert_eq!(g.play_tricks()[0] + g.play_tricks()[1], 13);
        assert_eq!(r.declarer_tricks, g.play_tricks()[r.contract.declarer]);
    }

    #[test]
    fn random_and_greedy_play_legal_whole_games() {
        let variants = [
            Setup::default(),
            Setup {
                no_trump: false,
                lead_rule: LeadRule::Defender,
                doubling: true,
                scoring: Scoring::Difference,
                ..Setup::default()
            },
        ];
        for (i, options) in variants.into_iter().enumerate() {
            for seed in 0..40 {
                for (n, s) in [
                    ("random", "random"),
                    ("greedy", "random"),
                    ("greedy", "greedy"),
                ] {
                    check_accounted(&playout(n, s, options, seed * 2 + i as u64));
                }
            }
        }
    }

    #[test]
    fn strong_plays_legal_whole_games() {
        for seed in 0..3 {
            check_accounted(&playout("strong", "greedy", Setup::default(), seed));
            check_accounted(&playout("random", "strong", Setup::default(), seed));
        }
    }
}
