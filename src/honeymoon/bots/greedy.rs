//! The `greedy` bot, the baseline: it bids on high-card and length
//! points, wins the exchange trick when the face-up card is worth having
//! and ducks with its cheapest card otherwise, and in the play leads its
//! highest card and follows with the cheapest winner or its lowest card;
//! and the greedy finish of an exchange the strong bot and the review use.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{Bot, Game, GameRng};
use crate::honeymoon::action::{Action, Phase};
use crate::honeymoon::auction::{Bid, Call, Contract, Strain};
use crate::honeymoon::position::Position;
use crate::honeymoon::solver::Solver;
use crate::honeymoon::state::Honeymoon;
use crate::honeymoon::tricks::{lead_wins, legal_cards};
use crate::honeymoon::view::View;

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

/// The trump suit of a contract, if any.
pub(super) fn trump_of(contract: Option<Contract>) -> Option<Suit> {
    contract.and_then(|c| c.bid.strain.trump())
}

/// The cheapest legal bid in `strain` above the auction's last bid.
pub(super) fn cheapest_bid_above(view: &View, strain: Strain) -> Option<Bid> {
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
pub(super) fn cheapest(cards: CardSet, trump: Option<Suit>) -> Option<Card> {
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
