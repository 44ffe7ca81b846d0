//! Honeymoon bots and bot-against-bot matches.
//!
//! - `random`: any legal action.
//! - `greedy`: the baseline. Bids on high-card and length points, wins the
//!   exchange trick when the face-up card is worth having and ducks with
//!   its cheapest card otherwise, and in the play leads its highest card and
//!   follows with the cheapest winner or its lowest card.
//! - `strong`: bids from simulations (unseen cards dealt at random, the
//!   exchange played out, the play phase solved double dummy, each contract
//!   scored), chooses exchange cards by sampling the unseen cards
//!   consistently with what it saw and scoring each candidate over those
//!   worlds the same way, and plays the play phase perfectly with the
//!   solver (every card is known by then).

use rand::seq::{IndexedRandom, SliceRandom};

use super::game::{Action, Bid, Call, Contract, Honeymoon, Phase, Strain, View, deal_score};
use super::solver::Solver;
use super::{Position, lead_wins, legal_cards};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{Bot, Game, GameRng, Seat};

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

/// The baseline bot.
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyBot;

impl Bot<Honeymoon> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, view: &View, _rng: &mut GameRng) -> Action {
        match view.phase {
            Phase::Bidding => Action::Call(greedy_call(view)),
            _ => Action::Play(greedy_card(
                view.hand,
                view.led,
                view.face_up,
                trump_of(view.contract),
            )),
        }
    }
}

fn trump_of(contract: Option<Contract>) -> Option<Suit> {
    contract.and_then(|c| c.bid.strain.trump())
}

/// The cheapest legal bid in `strain` above the auction's last bid.
fn cheapest_bid_above(view: &View, strain: Strain) -> Option<Bid> {
    if strain == Strain::NoTrump && !view.options.no_trump {
        return None;
    }
    let last = view.auction.iter().rev().find_map(|&(_, c)| match c {
        Call::Bid(b) => Some(b),
        _ => None,
    });
    let level = match last {
        None => 1,
        Some(b) if strain > b.strain => b.level,
        Some(b) => b.level + 1,
    };
    (level <= 7).then_some(Bid { level, strain })
}

/// High-card points: A 4, K 3, Q 2, J 1.
fn hcp(cards: CardSet) -> i32 {
    cards
        .iter()
        .map(|c| match c.rank() {
            Rank::Ace => 4,
            Rank::King => 3,
            Rank::Queen => 2,
            Rank::Jack => 1,
            _ => 0,
        })
        .sum()
}

/// The greedy bid: points = high cards + one a card beyond four in a
/// suit; the longest suit (no trump when balanced and strong); as high as
/// a level of (points − 10) / 3.
pub fn greedy_call(view: &View) -> Call {
    let hand = view.hand;
    let length = |s: Suit| hand.of_suit(s).len() as i32;
    let points = hcp(hand)
        + Suit::ALL
            .iter()
            .map(|&s| (length(s) - 4).max(0))
            .sum::<i32>();
    let best_suit = Suit::ALL
        .iter()
        .copied()
        .max_by_key(|&s| (length(s), hcp(hand.of_suit(s))))
        .unwrap_or(Suit::Spades);
    let balanced = Suit::ALL.iter().all(|&s| (2..=4).contains(&length(s)));
    let strain = if balanced && hcp(hand) >= 15 && view.options.no_trump {
        Strain::NoTrump
    } else {
        Strain::of_trump(Some(best_suit))
    };
    let max_level = ((points - 10) / 3).clamp(0, 7) as u8;
    match cheapest_bid_above(view, strain) {
        Some(bid) if bid.level <= max_level => Call::Bid(bid),
        _ => Call::Pass,
    }
}

fn is_trump(card: Card, trump: Option<Suit>) -> bool {
    Some(card.suit()) == trump
}

/// The cheapest card: plain suits before trumps, then lowest rank.
fn cheapest(cards: CardSet, trump: Option<Suit>) -> Option<Card> {
    cards.iter().min_by_key(|&c| (is_trump(c, trump), c.rank()))
}

/// The highest card, a trump preferred among equals.
fn highest(cards: CardSet, trump: Option<Suit>) -> Option<Card> {
    cards.iter().max_by_key(|&c| (c.rank(), is_trump(c, trump)))
}

/// The greedy card, in the exchange (`face_up` present) or the play. In
/// the exchange it tries to win only a face-up card worth having (jack or
/// better, or a trump).
pub fn greedy_card(
    hand: CardSet,
    led: Option<Card>,
    face_up: Option<Card>,
    trump: Option<Suit>,
) -> Card {
    let legal = legal_cards(hand, led);
    let want = face_up.is_none_or(|f| f.rank() >= Rank::Jack || is_trump(f, trump));
    let pick = match led {
        None if want => highest(legal, trump),
        None => cheapest(legal, trump),
        Some(lead) => {
            let winners: CardSet = legal
                .iter()
                .filter(|&c| !lead_wins(lead, c, trump))
                .collect();
            if want && !winners.is_empty() {
                cheapest(winners, trump)
            } else {
                cheapest(legal - winners, trump).or_else(|| cheapest(legal, trump))
            }
        }
    };
    pick.or_else(|| hand.first())
        .unwrap_or_else(|| Card::new(Rank::Two, Suit::Clubs))
}

/// Plays the rest of `g`'s exchange out with the greedy bot's cards for
/// both seats and solves the play phase double dummy: declarer's tricks
/// in the play.
pub fn greedy_finish(mut g: Honeymoon, solver: &mut Solver) -> Option<u8> {
    while g.phase() == Phase::Exchange {
        let seat = g.to_act()?;
        let card = greedy_card(g.hand(seat), g.led(), g.face_up(), trump_of(g.contract()));
        g.apply(Action::Play(card)).ok()?;
    }
    let contract = g.contract()?;
    let pos = Position {
        hands: [g.hand(0), g.hand(1)],
        trump: contract.bid.strain.trump(),
        leader: g.leader(),
        led: g.led(),
    };
    let t = solver.tricks(&pos).ok()?;
    Some(g.play_tricks()[contract.declarer] + t[contract.declarer])
}

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
    use crate::honeymoon::game::Options;

    /// Plays one deal to the end, checking every action is legal; returns
    /// the final state.
    fn playout(north: &str, south: &str, options: Options, seed: u64) -> Honeymoon {
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
            Options::default(),
            Options {
                no_trump: false,
                lead_rule: super::super::game::LeadRule::Defender,
                doubling: true,
                scoring: super::super::game::Scoring::Difference,
                ..Options::default()
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
            check_accounted(&playout("strong", "greedy", Options::default(), seed));
            check_accounted(&playout("random", "strong", Options::default(), seed));
        }
    }

    #[test]
    fn strong_plays_the_play_phase_perfectly() {
        // From any play-phase state, the strong bot's card keeps the
        // solver's value for its side.
        let mut g = Honeymoon::new(Options::default(), 0, 11);
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
