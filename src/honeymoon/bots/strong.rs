//! The `strong` bot: it bids from simulations (unseen cards dealt at
//! random, the exchange played out, the play phase solved double dummy,
//! each contract scored), chooses exchange cards by sampling the unseen
//! cards consistently with what it saw and scoring each candidate over
//! those worlds the same way, and plays the play phase perfectly with the
//! solver (every card is known by then).

use rand::seq::SliceRandom;

use super::greedy::{cheapest, cheapest_bid_above, greedy_card, greedy_finish, trump_of};
use crate::cards::{Card, CardSet, Rank};
use crate::game::{Bot, Game, GameRng, Seat};
use crate::honeymoon::action::{Action, Phase};
use crate::honeymoon::auction::{Bid, Call, Contract, Strain};
use crate::honeymoon::position::Position;
use crate::honeymoon::scoring::deal_score;
use crate::honeymoon::solver::Solver;
use crate::honeymoon::state::Honeymoon;
use crate::honeymoon::tricks::{lead_wins, legal_cards};
use crate::honeymoon::view::View;

/// The simulation bot.
#[derive(Debug, Clone)]
pub struct StrongBot {
    solver: Solver,
    /// Sampled worlds per exchange decision.
    pub exchange_worlds: usize,
    /// Sampled deals per bidding decision.
    pub bidding_worlds: usize,
}

impl Default for StrongBot {
    fn default() -> StrongBot {
        StrongBot::new()
    }
}

impl StrongBot {
    /// With the default sample sizes.
    pub fn new() -> StrongBot {
        StrongBot {
            solver: Solver::with_table_bits(16),
            exchange_worlds: 12,
            bidding_worlds: 16,
        }
    }

    /// Plays a sampled world's exchange out greedily and solves the play
    /// phase: declarer's tricks.
    fn finish(&mut self, g: Honeymoon) -> Option<u8> {
        greedy_finish(g, &mut self.solver)
    }

    fn bid(&mut self, view: &View, rng: &mut GameRng) -> Call {
        let me = view.seat;
        let unseen: Vec<Card> = view.unseen().iter().collect();
        let strains: Vec<Strain> = Strain::ALL
            .into_iter()
            .filter(|&s| s != Strain::NoTrump || view.options.no_trump)
            .collect();
        // tricks[declarer][strain] over the sampled deals
        let mut tricks: [Vec<Vec<u8>>; 2] = [vec![Vec::new(); 5], vec![Vec::new(); 5]];
        for _ in 0..self.bidding_worlds {
            let mut pack = unseen.clone();
            pack.shuffle(rng);
            let mut hands = [CardSet::EMPTY; 2];
            hands[me] = view.hand;
            hands[1 - me] = pack[..13].iter().copied().collect();
            let stock = pack[13..].to_vec();
            for &strain in &strains {
                for declarer in [me, 1 - me] {
                    let contract = Contract {
                        bid: Bid { level: 1, strain },
                        declarer,
                        doubled: 0,
                    };
                    let g = Honeymoon::at_exchange(view.options, hands, stock.clone(), contract);
                    if let Some(t) = self.finish(g) {
                        tricks[usize::from(declarer != me)][strain as usize].push(t);
                    }
                }
            }
        }
        let expect = |contract: Contract, samples: &[u8]| {
            samples
                .iter()
                .map(|&t| deal_score(contract, t, view.options.scoring) as f64)
                .sum::<f64>()
                / samples.len().max(1) as f64
        };
        let last = view.auction.iter().rev().find_map(|&(s, c)| match c {
            Call::Bid(bid) => Some((s, bid)),
            _ => None,
        });
        let mut best = (0.0, Call::Pass);
        if let Some((s, bid)) = last {
            let contract = Contract {
                bid,
                declarer: s,
                doubled: 0,
            };
            let v = expect(contract, &tricks[usize::from(s != me)][bid.strain as usize]);
            best.0 = if s == me { v } else { -v };
        }
        for &strain in &strains {
            let Some(lowest) = cheapest_bid_above(view, strain) else {
                continue;
            };
            for level in lowest.level..=7 {
                let contract = Contract {
                    bid: Bid { level, strain },
                    declarer: me,
                    doubled: 0,
                };
                let v = expect(contract, &tricks[0][strain as usize]);
                if v > best.0 {
                    best = (v, Call::Bid(contract.bid));
                }
            }
        }
        best.1
    }

    fn exchange(&mut self, view: &View, rng: &mut GameRng) -> Card {
        let legal = legal_cards(view.hand, view.led);
        let Some(contract) = view.contract else {
            return greedy_card(view.hand, view.led, view.face_up, None);
        };
        let candidates = distinct_cards(legal, view);
        if candidates.len() == 1 {
            return candidates[0];
        }
        let worlds: Vec<(CardSet, Vec<Card>)> = (0..self.exchange_worlds)
            .filter_map(|_| sample_world(view, rng))
            .collect();
        if worlds.is_empty() {
            return greedy_card(view.hand, view.led, view.face_up, trump_of(Some(contract)));
        }
        let sign = if contract.declarer == view.seat {
            1.0
        } else {
            -1.0
        };
        let mut best = (f64::MIN, candidates[0]);
        for &card in &candidates {
            let mut total = 0.0;
            for (other, stock) in &worlds {
                let mut g = Honeymoon::from_view(view, *other, stock.clone());
                if g.apply(Action::Play(card)).is_err() {
                    continue;
                }
                if let Some(t) = self.finish(g) {
                    total += sign * deal_score(contract, t, view.options.scoring) as f64;
                }
            }
            if total > best.0 {
                best = (total, card);
            }
        }
        best.1
    }

    fn play(&mut self, view: &View) -> Card {
        let trump = trump_of(view.contract);
        let legal = legal_cards(view.hand, view.led);
        let mut hands = [CardSet::EMPTY; 2];
        hands[view.seat] = view.hand;
        hands[1 - view.seat] = view.unseen() | view.other_known();
        let pos = Position {
            hands,
            trump,
            leader: view.leader,
            led: view.led,
        };
        match self.solver.analyze(&pos) {
            Ok(a) => a
                .cards
                .iter()
                .rev()
                .max_by_key(|c| c.tricks[view.seat])
                .map_or_else(|| greedy_card(view.hand, view.led, None, trump), |c| c.card),
            Err(_) => cheapest(legal, trump)
                .unwrap_or_else(|| greedy_card(view.hand, view.led, None, trump)),
        }
    }
}

/// One card of each run of cards that are equivalent from this seat's
/// point of view (touching once the cards it has seen played are gone).
fn distinct_cards(legal: CardSet, view: &View) -> Vec<Card> {
    let played: CardSet = view.history.iter().map(|p| p.card).collect();
    let mut out: Vec<Card> = Vec::new();
    for card in legal.sorted_for_display() {
        let same_run = out.last().is_some_and(|&prev| {
            prev.suit() == card.suit()
                && (card.rank() as u8 + 1..prev.rank() as u8)
                    .all(|r| played.contains(Card::new(Rank::from_index(r), card.suit())))
        });
        if !same_run {
            out.push(card);
        }
    }
    out
}

/// The suits the other seat has shown out of since its last face-down
/// draw (it holds none of them but known face-up cards).
fn known_voids(view: &View) -> [bool; 4] {
    let other = 1 - view.seat;
    let trump = trump_of(view.contract);
    let mut voids = [false; 4];
    let mut lead: Option<(Seat, Card)> = None;
    for p in &view.history {
        match lead.take() {
            None => lead = Some((p.seat, p.card)),
            Some((leader, led)) => {
                if p.seat == other && p.card.suit() != led.suit() {
                    voids[led.suit() as usize] = true;
                }
                let winner = if lead_wins(led, p.card, trump) {
                    leader
                } else {
                    p.seat
                };
                if p.phase == Phase::Exchange && winner != other {
                    // The other seat lost and drew a card of any suit.
                    voids = [false; 4];
                }
            }
        }
    }
    voids
}

/// A random assignment of the unseen cards: the other hand (its known
/// face-up cards plus unknown ones, respecting shown-out suits) and the
/// face-down stock.
fn sample_world(view: &View, rng: &mut GameRng) -> Option<(CardSet, Vec<Card>)> {
    let known = view.other_known();
    let need = view.other_count.checked_sub(known.len())?;
    let voids = known_voids(view);
    let mut pool: Vec<Card> = view.unseen().iter().collect();
    pool.shuffle(rng);
    let (ok, rest): (Vec<Card>, Vec<Card>) = pool.iter().partition(|c| !voids[c.suit() as usize]);
    if ok.len() < need {
        return None;
    }
    let other: CardSet = known | ok[..need].iter().copied().collect::<CardSet>();
    let mut stock: Vec<Card> = ok[need..].to_vec();
    stock.extend(rest);
    stock.shuffle(rng);
    Some((other, stock))
}

impl Bot<Honeymoon> for StrongBot {
    fn name(&self) -> &str {
        "strong"
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Action {
        match view.phase {
            Phase::Bidding => Action::Call(self.bid(view, rng)),
            Phase::Exchange => Action::Play(self.exchange(view, rng)),
            _ => Action::Play(self.play(view)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;
    use crate::honeymoon::bots::greedy::GreedyBot;
    use crate::honeymoon::setup::Setup;

    #[test]
    fn strong_plays_the_play_phase_perfectly() {
        // From any play-phase state, the strong bot's card keeps the
        // solver's value for its side.
        let mut g = Honeymoon::new(Setup::default(), 0, 11);
        let mut greedy = GreedyBot;
        let mut rng = rng_from_seed(1);
        while g.phase() != Phase::Play {
            let Some(seat) = g.to_act() else { return };
            let a = greedy.choose(&g.view(seat), &mut rng);
            g.apply(a).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut strong = StrongBot::new();
        let mut solver = Solver::new();
        while let Some(seat) = g.to_act() {
            let pos = Position {
                hands: [g.hand(0), g.hand(1)],
                trump: trump_of(g.contract()),
                leader: g.leader(),
                led: g.led(),
            };
            let best = solver.tricks(&pos).unwrap_or_else(|e| panic!("{e}"));
            let Action::Play(card) = strong.choose(&g.view(seat), &mut rng) else {
                panic!("not a card")
            };
            let analysis = solver.analyze(&pos).unwrap_or_else(|e| panic!("{e}"));
            let chosen = analysis
                .cards
                .iter()
                .find(|c| c.card == card)
                .map(|c| c.tricks);
            assert_eq!(chosen.map(|t| t[seat]), Some(best[seat]));
            g.apply(Action::Play(card))
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
