//! A deal of honeymoon bridge as a state machine ([`Game`]): the deal
//! (each deal's shuffle from the match seed and the deal's number, so a
//! seed replays a whole match and the state stays plain data), the
//! auction, the exchange of thirteen tricks that score nothing, the play
//! of thirteen tricks, claims checked by the solver, the deal scored into
//! the match's running total; and deals set up from given cards, for
//! records and for bots' sampled worlds.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::action::{Action, Event, Phase, Played, RuleError};
use super::auction::{Bid, Call, Contract, Strain};
use super::formats::record::{Claim, DealRecord, Exchange, default_names};
use super::position::Position;
use super::scoring::{DealLine, DealResult, deal_score};
use super::setup::{LeadRule, Setup};
use super::solver::Solver;
use super::tricks::{NORTH, SOUTH, lead_wins, legal_cards};
use super::view::View;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat, rng_from_seed};

/// A deal of honeymoon bridge in progress. The fields are the engine's:
/// `playable.rs` deals the next deal and tells each seat its secrets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Honeymoon {
    pub(super) options: Setup,
    pub(super) seed: u64,
    pub(super) deal_number: u64,
    pub(super) dealer: Seat,
    pub(super) phase: Phase,
    pub(super) hands: [CardSet; 2],
    /// The stock, next card last.
    pub(super) stock: Vec<Card>,
    pub(super) face_up: Option<Card>,
    pub(super) auction: Vec<(Seat, Call)>,
    pub(super) contract: Option<Contract>,
    pub(super) to_act: Seat,
    pub(super) leader: Seat,
    pub(super) led: Option<Card>,
    pub(super) exchange_tricks: u8,
    pub(super) play_tricks: [u8; 2],
    pub(super) history: Vec<Played>,
    pub(super) face_up_taken: Vec<(Seat, Card)>,
    pub(super) hidden_draws: [Vec<Card>; 2],
    pub(super) result: Option<DealResult>,
    pub(super) totals: [i64; 2],
    /// The hands as dealt.
    #[serde(default)]
    pub(super) dealt: [CardSet; 2],
    /// The stock as dealt, next card last.
    #[serde(default)]
    pub(super) pack: Vec<Card>,
    /// This deal replays the one before with the hands swapped.
    #[serde(default)]
    pub(super) replay: bool,
    /// Cards taken back this deal.
    #[serde(default)]
    pub(super) undos: u32,
    /// The claim that ended the play: who, and how many tricks.
    #[serde(default)]
    pub(super) claim: Option<(Seat, u8)>,
    /// The match's finished deals.
    #[serde(default)]
    pub(super) deals: Vec<DealLine>,
}

impl Honeymoon {
    /// The first deal of a match.
    pub fn new(options: Setup, dealer: Seat, seed: u64) -> Honeymoon {
        let mut g = Honeymoon {
            options,
            seed,
            deal_number: 0,
            dealer,
            phase: Phase::Bidding,
            hands: [CardSet::EMPTY; 2],
            stock: Vec::new(),
            face_up: None,
            auction: Vec::new(),
            contract: None,
            to_act: dealer,
            leader: dealer,
            led: None,
            exchange_tricks: 0,
            play_tricks: [0; 2],
            history: Vec::new(),
            face_up_taken: Vec::new(),
            hidden_draws: [Vec::new(), Vec::new()],
            result: None,
            totals: [0; 2],
            dealt: [CardSet::EMPTY; 2],
            pack: Vec::new(),
            replay: false,
            undos: 0,
            claim: None,
            deals: Vec::new(),
        };
        g.deal();
        g
    }

    /// The next deal of the match: the other seat deals, totals carry on.
    pub(super) fn following(&self) -> Honeymoon {
        let mut g = Honeymoon::new(self.options, 1 - self.dealer, self.seed);
        g.deal_number = self.deal_number + 1;
        g.totals = self.totals;
        g.deals = self.deals.clone();
        g.deal();
        g
    }

    /// The same deal again with the hands swapped: each seat gets the
    /// cards the other was dealt, the other seat deals, the stock comes
    /// in the same order.
    pub(super) fn swapped(&self) -> Honeymoon {
        let mut g = self.following();
        g.deal_number = self.deal_number;
        g.hands = [self.dealt[1], self.dealt[0]];
        g.dealt = g.hands;
        g.pack = self.pack.clone();
        g.stock = self.pack.clone();
        g.replay = true;
        g
    }

    /// A deal from given cards: these hands and this stock (next card
    /// last), `dealer` to call first. Records replay from it.
    pub fn from_deal(
        options: Setup,
        dealer: Seat,
        hands: [CardSet; 2],
        stock: Vec<Card>,
    ) -> Honeymoon {
        let mut g = Honeymoon::new(options, dealer, 0);
        g.hands = hands;
        g.dealt = hands;
        g.pack = stock.clone();
        g.stock = stock;
        g
    }

    /// A deal at the start of the play: these hands, this contract,
    /// `leader` on lead (a record with no exchange replays from it).
    pub fn at_play(
        options: Setup,
        hands: [CardSet; 2],
        contract: Contract,
        leader: Seat,
    ) -> Honeymoon {
        let mut g = Honeymoon::new(options, contract.declarer, 0);
        g.hands = hands;
        g.dealt = hands;
        g.pack.clear();
        g.stock.clear();
        g.contract = Some(contract);
        g.phase = Phase::Play;
        g.exchange_tricks = 13;
        g.leader = leader;
        g.to_act = leader;
        g
    }

    /// A deal set up at the start of the exchange: these hands, this stock
    /// (next card last; its top card is turned up now) and contract. Used
    /// by bots to play out sampled worlds.
    pub fn at_exchange(
        options: Setup,
        hands: [CardSet; 2],
        stock: Vec<Card>,
        contract: Contract,
    ) -> Honeymoon {
        Honeymoon::at_exchange_led(options, hands, stock, contract, contract.declarer)
    }

    /// [`Honeymoon::at_exchange`] with `leader` to lead the next exchange
    /// trick (after the first, its winner leads).
    pub fn at_exchange_led(
        options: Setup,
        hands: [CardSet; 2],
        mut stock: Vec<Card>,
        contract: Contract,
        leader: Seat,
    ) -> Honeymoon {
        let mut g = Honeymoon::new(options, contract.declarer, 0);
        g.hands = hands;
        g.dealt = hands;
        g.pack = stock.clone();
        g.face_up = stock.pop();
        g.stock = stock;
        g.contract = Some(contract);
        g.phase = Phase::Exchange;
        g.exchange_tricks = (13 - g.stock.len().div_ceil(2)) as u8;
        g.leader = leader;
        g.to_act = leader;
        g
    }

    /// A full state consistent with `view`, the other hand being `other`
    /// and the face-down stock `stock` (next card last). Used by bots to
    /// play out sampled worlds.
    pub fn from_view(view: &View, other: CardSet, stock: Vec<Card>) -> Honeymoon {
        let mut hands = [CardSet::EMPTY; 2];
        hands[view.seat] = view.hand;
        hands[1 - view.seat] = other;
        Honeymoon {
            options: view.options,
            seed: 0,
            deal_number: 0,
            dealer: view.dealer,
            phase: view.phase,
            hands,
            stock,
            face_up: view.face_up,
            auction: view.auction.clone(),
            contract: view.contract,
            to_act: view.to_act.unwrap_or(view.leader),
            leader: view.leader,
            led: view.led,
            exchange_tricks: view.exchange_tricks,
            play_tricks: view.play_tricks,
            history: view.history.clone(),
            face_up_taken: view.face_up_taken.clone(),
            hidden_draws: if view.seat == NORTH {
                [view.my_draws.clone(), Vec::new()]
            } else {
                [Vec::new(), view.my_draws.clone()]
            },
            result: view.result,
            totals: view.totals,
            dealt: [CardSet::EMPTY; 2],
            pack: Vec::new(),
            replay: view.replay,
            undos: view.undos,
            claim: None,
            deals: Vec::new(),
        }
    }

    /// Shuffles and deals afresh (first deal, or a redeal).
    fn deal(&mut self) {
        let mut rng = rng_from_seed(
            self.seed
                .wrapping_add(self.deal_number.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        );
        let mut pack: Vec<Card> = Card::all().collect();
        pack.shuffle(&mut rng);
        self.hands = [
            pack[..13].iter().copied().collect(),
            pack[13..26].iter().copied().collect(),
        ];
        self.stock = pack[26..].to_vec();
        self.dealt = self.hands;
        self.pack = self.stock.clone();
        self.phase = Phase::Bidding;
        self.auction.clear();
        self.to_act = self.dealer;
        self.leader = self.dealer;
    }

    /// Deals dealt before this one in the match, thrown-in deals included.
    pub fn deal_number(&self) -> u64 {
        self.deal_number
    }

    /// The match seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The hands as dealt.
    pub fn dealt(&self) -> [CardSet; 2] {
        self.dealt
    }

    /// The stock as dealt, next card last.
    pub fn pack(&self) -> &[Card] {
        &self.pack
    }

    /// The calls of the auction.
    pub fn auction(&self) -> &[(Seat, Call)] {
        &self.auction
    }

    /// This deal replays the one before with the hands swapped.
    pub fn is_replay(&self) -> bool {
        self.replay
    }

    /// Cards taken back this deal.
    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// The claim that ended the play: who, and how many tricks.
    pub fn claim(&self) -> Option<(Seat, u8)> {
        self.claim
    }

    /// The match's finished deals.
    pub fn deals(&self) -> &[DealLine] {
        &self.deals
    }

    /// The deal is over and the match has reached its length (in
    /// duplicate, only once the swapped replay is played): there is no
    /// further deal of this match, and
    /// [`Playable::next_deal`](crate::game::Playable::next_deal) starts a
    /// new match.
    pub fn match_over(&self) -> bool {
        self.result.is_some()
            && (!self.options.duplicate || self.replay)
            && self.options.length.reached(self.deals.len(), self.totals)
    }

    /// The first deal of a new match after this one: the other seat
    /// deals, fresh cards, totals back to nothing.
    pub(super) fn next_match(&self) -> Honeymoon {
        let mut g = Honeymoon::new(self.options, 1 - self.dealer, self.seed);
        g.deal_number = self.deal_number + 1;
        g.deal();
        g
    }

    /// The play-phase position now (none before the play).
    pub fn position(&self) -> Option<Position> {
        (self.phase == Phase::Play).then(|| Position {
            hands: self.hands,
            trump: self.contract.and_then(|c| c.bid.strain.trump()),
            leader: self.leader,
            led: self.led,
        })
    }

    /// The options.
    pub fn options(&self) -> Setup {
        self.options
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// A seat's cards.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The contract, once the auction is over.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The face-down stock, next card last.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }

    /// The card led to the current trick.
    pub fn led(&self) -> Option<Card> {
        self.led
    }

    /// Who leads the current trick.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The face-up stock card.
    pub fn face_up(&self) -> Option<Card> {
        self.face_up
    }

    /// Play-phase tricks, North and South.
    pub fn play_tricks(&self) -> [u8; 2] {
        self.play_tricks
    }

    /// The match totals.
    pub fn totals(&self) -> [i64; 2] {
        self.totals
    }

    /// Every card played, in order.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// The record of this deal, once it is over.
    pub fn record(&self) -> Option<DealRecord> {
        let result = self.outcome()?;
        let mut hands = [self.hand(NORTH), self.hand(SOUTH)];
        let mut play = Vec::new();
        let mut exchange_cards = Vec::new();
        for p in self.history() {
            if p.phase == Phase::Play {
                hands[p.seat].insert(p.card);
                play.push(p.card);
            } else {
                exchange_cards.push(p.card);
            }
        }
        let leader = self
            .history()
            .iter()
            .find(|p| p.phase == Phase::Play)
            .map_or(self.leader(), |p| p.seat);
        let exchange = (self.pack().len() == 26).then(|| Exchange {
            dealt: self.dealt(),
            stock: self.pack().iter().rev().copied().collect(),
            cards: exchange_cards,
        });
        Some(DealRecord {
            options: self.options(),
            seed: Some(self.seed()),
            deal: Some(self.deal_number()),
            names: default_names(),
            dealer: self.dealer(),
            auction: self.auction().iter().map(|&(_, c)| c).collect(),
            contract: result.contract,
            exchange,
            hands,
            leader,
            play,
            claim: self.claim().map(|(seat, tricks)| Claim { seat, tricks }),
            replay: self.is_replay(),
            undos: self.undos(),
            declarer_tricks: result.declarer_tricks,
            score: result.score,
        })
    }

    /// The highest bid so far and who made it, with the doubling state.
    fn last_bid(&self) -> Option<Contract> {
        let mut doubled = 0;
        for &(seat, call) in self.auction.iter().rev() {
            match call {
                Call::Bid(bid) => {
                    return Some(Contract {
                        bid,
                        declarer: seat,
                        doubled,
                    });
                }
                Call::Double => doubled = doubled.max(1),
                Call::Redouble => doubled = 2,
                Call::Pass => {}
            }
        }
        None
    }

    fn legal_calls(&self) -> Vec<Call> {
        let mut calls = vec![Call::Pass];
        let last = self.last_bid();
        for level in 1..=7 {
            for strain in Strain::ALL {
                let bid = Bid { level, strain };
                if (strain != Strain::NoTrump || self.options.no_trump)
                    && last.is_none_or(|c| bid > c.bid)
                {
                    calls.push(Call::Bid(bid));
                }
            }
        }
        if self.options.doubling
            && let Some(c) = last
        {
            if c.declarer != self.to_act && c.doubled == 0 {
                calls.push(Call::Double);
            }
            if c.declarer == self.to_act && c.doubled == 1 {
                calls.push(Call::Redouble);
            }
        }
        calls
    }

    fn call(&mut self, call: Call) -> Result<Vec<Event>, RuleError> {
        if !self.legal_calls().contains(&call) {
            return Err(match call {
                Call::Bid(b) => RuleError::BadBid(b),
                other => RuleError::BadCall(other),
            });
        }
        let seat = self.to_act;
        let mut events = vec![Event::Called(seat, call)];
        let last = self.last_bid();
        self.auction.push((seat, call));
        match (call, last) {
            (Call::Pass, None) if self.auction.len() >= 2 => {
                self.replay = false;
                self.dealer = 1 - self.dealer;
                self.deal_number += 1;
                self.deal();
                events.push(Event::Redealt(self.dealer));
            }
            (Call::Pass, Some(contract)) => {
                self.contract = Some(contract);
                self.phase = Phase::Exchange;
                self.leader = contract.declarer;
                self.to_act = contract.declarer;
                self.face_up = self.stock.pop();
                events.push(Event::Contracted(contract));
                events.extend(self.face_up.map(Event::TurnedUp));
            }
            _ => self.to_act = 1 - seat,
        }
        Ok(events)
    }

    fn play(&mut self, card: Card) -> Result<Vec<Event>, RuleError> {
        let seat = self.to_act;
        if !legal_cards(self.hands[seat], self.led).contains(card) {
            return Err(RuleError::BadCard(card));
        }
        self.hands[seat].remove(card);
        self.history.push(Played {
            seat,
            card,
            phase: self.phase,
        });
        let mut events = vec![Event::CardPlayed(seat, card)];
        let Some(lead) = self.led else {
            self.led = Some(card);
            self.to_act = 1 - seat;
            return Ok(events);
        };
        let trump = self.contract.and_then(|c| c.bid.strain.trump());
        let winner = if lead_wins(lead, card, trump) {
            self.leader
        } else {
            seat
        };
        let loser = 1 - winner;
        self.led = None;
        self.leader = winner;
        self.to_act = winner;
        events.push(Event::TrickWon(winner));
        if self.phase == Phase::Exchange {
            if let Some(up) = self.face_up.take() {
                self.hands[winner].insert(up);
                self.face_up_taken.push((winner, up));
                events.push(Event::TookFaceUp(winner, up));
            }
            if let Some(down) = self.stock.pop() {
                self.hands[loser].insert(down);
                self.hidden_draws[loser].push(down);
                events.push(Event::DrewHidden(loser, Some(down)));
            }
            self.exchange_tricks += 1;
            if self.stock.is_empty() {
                self.phase = Phase::Play;
                let lead = match self.options.lead_rule {
                    LeadRule::ExchangeLoser => loser,
                    LeadRule::Defender => 1 - self.contract.map_or(NORTH, |c| c.declarer),
                };
                self.leader = lead;
                self.to_act = lead;
                events.push(Event::PlayBegan(lead));
            } else {
                self.face_up = self.stock.pop();
                events.extend(self.face_up.map(Event::TurnedUp));
            }
        } else {
            self.play_tricks[winner] += 1;
            if self.hands[0].is_empty() {
                events.extend(self.finish());
            }
        }
        Ok(events)
    }

    /// The seat to act claims `tricks` of those left: checked with the
    /// solver against best defence.
    fn claim_tricks(&mut self, tricks: u8) -> Result<Vec<Event>, RuleError> {
        let seat = self.to_act;
        let position = self.position();
        let left = position.map_or(0, |p| p.tricks_left() as u8);
        let Some(position) = position.filter(|_| tricks <= left) else {
            return Err(RuleError::BadClaim { left });
        };
        let best = Solver::new()
            .tricks(&position)
            .map_err(|_| RuleError::BadClaim { left })?[seat];
        if best < tricks {
            return Err(RuleError::ClaimRefused {
                claimed: tricks,
                best,
                left,
            });
        }
        self.play_tricks[seat] += tricks;
        self.play_tricks[1 - seat] += left - tricks;
        self.claim = Some((seat, tricks));
        self.led = None;
        let mut events = vec![Event::Claimed { seat, tricks, left }];
        events.extend(self.finish());
        Ok(events)
    }

    /// The play is over: score the deal, add it to the match.
    fn finish(&mut self) -> Option<Event> {
        let contract = self.contract?;
        let tricks = self.play_tricks[contract.declarer];
        let points = deal_score(contract, tricks, self.options.scoring);
        let mut score = [0i64; 2];
        if points >= 0 {
            score[contract.declarer] = points;
        } else {
            score[1 - contract.declarer] = -points;
        }
        self.totals[0] += score[0];
        self.totals[1] += score[1];
        let result = DealResult {
            contract,
            declarer_tricks: tricks,
            score,
            totals: self.totals,
        };
        self.result = Some(result);
        self.phase = Phase::Over;
        self.deals.push(DealLine {
            result,
            replay: self.replay,
            undos: self.undos,
            claimed: self.claim.is_some(),
        });
        Some(Event::DealOver(result))
    }
}

impl Game for Honeymoon {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    type View = View;
    type Outcome = DealResult;

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Bidding => self.legal_calls().into_iter().map(Action::Call).collect(),
            Phase::Exchange | Phase::Play => legal_cards(self.hands[self.to_act], self.led)
                .iter()
                .map(Action::Play)
                .collect(),
            Phase::Over => Vec::new(),
        }
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(RuleError::Over),
            (Phase::Bidding, Action::Call(c)) => self.call(c),
            (Phase::Exchange | Phase::Play, Action::Play(card)) => self.play(card),
            (_, Action::Claim(tricks)) => self.claim_tricks(tricks),
            _ => Err(RuleError::WrongPhase(action)),
        }
    }

    fn view(&self, seat: Seat) -> View {
        View {
            seat,
            options: self.options,
            dealer: self.dealer,
            phase: self.phase,
            hand: self.hands[seat],
            other_count: self.hands[1 - seat].len(),
            face_up: self.face_up,
            stock_left: self.stock.len(),
            auction: self.auction.clone(),
            contract: self.contract,
            to_act: self.to_act(),
            leader: self.leader,
            led: self.led,
            exchange_tricks: self.exchange_tricks,
            play_tricks: self.play_tricks,
            history: self.history.clone(),
            face_up_taken: self.face_up_taken.clone(),
            my_draws: self.hidden_draws[seat].clone(),
            draws: [self.hidden_draws[0].len(), self.hidden_draws[1].len()],
            totals: self.totals,
            result: self.result,
            replay: self.replay,
            undos: self.undos,
            deals: self.deals.clone(),
            match_over: self.match_over(),
            record: self.record(),
        }
    }

    fn outcome(&self) -> Option<DealResult> {
        self.result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::honeymoon::testing::{card, exchange_deal_with, ok};

    fn bid(level: u8, strain: Strain) -> Action {
        Action::Call(Call::Bid(Bid { level, strain }))
    }

    #[test]
    fn a_pass_after_a_bid_ends_the_auction() {
        let mut g = Honeymoon::new(Setup::default(), NORTH, 7);
        assert_eq!(g.to_act(), Some(NORTH));
        ok(&mut g, bid(1, Strain::Clubs));
        ok(&mut g, bid(1, Strain::Hearts));
        let events = ok(&mut g, Action::Call(Call::Pass));
        let contract = g.contract().unwrap_or_else(|| panic!("no contract"));
        assert_eq!(contract.declarer, SOUTH);
        assert_eq!(
            contract.bid,
            Bid {
                level: 1,
                strain: Strain::Hearts
            }
        );
        assert_eq!(g.phase(), Phase::Exchange);
        assert_eq!(
            g.to_act(),
            Some(SOUTH),
            "declarer leads the first exchange trick"
        );
        assert!(g.face_up().is_some());
        assert_eq!(g.stock().len(), 25);
        assert!(matches!(events.last(), Some(Event::TurnedUp(_))));
    }

    #[test]
    fn two_passes_redeal_and_the_dealer_alternates() {
        let mut g = Honeymoon::new(Setup::default(), NORTH, 7);
        let before = g.hand(NORTH);
        ok(&mut g, Action::Call(Call::Pass));
        let events = ok(&mut g, Action::Call(Call::Pass));
        assert_eq!(events.last(), Some(&Event::Redealt(SOUTH)));
        assert_eq!(g.dealer(), SOUTH);
        assert_eq!(g.to_act(), Some(SOUTH));
        assert_eq!(g.phase(), Phase::Bidding);
        assert_ne!(g.hand(NORTH), before);
        assert_eq!((g.hand(NORTH) | g.hand(SOUTH)).len(), 26);
    }

    #[test]
    fn bids_must_climb_and_no_trump_is_an_option() {
        let mut g = Honeymoon::new(Setup::default(), NORTH, 7);
        ok(&mut g, bid(1, Strain::Spades));
        let snapshot = g.clone();
        let lower = Bid {
            level: 1,
            strain: Strain::Hearts,
        };
        assert_eq!(
            g.apply(bid(1, Strain::Hearts)),
            Err(RuleError::BadBid(lower))
        );
        assert_eq!(g, snapshot, "a refused action leaves the state unchanged");
        assert_eq!(
            g.apply(Action::Call(Call::Double)),
            Err(RuleError::BadCall(Call::Double))
        );
        let options = Setup {
            no_trump: false,
            ..Setup::default()
        };
        let mut h = Honeymoon::new(options, NORTH, 7);
        assert!(h.apply(bid(1, Strain::NoTrump)).is_err());
        assert!(!h.legal_actions().contains(&bid(3, Strain::NoTrump)));
    }

    #[test]
    fn doubling_when_allowed() {
        let options = Setup {
            doubling: true,
            ..Setup::default()
        };
        let mut g = Honeymoon::new(options, NORTH, 7);
        ok(&mut g, bid(2, Strain::Diamonds));
        ok(&mut g, Action::Call(Call::Double));
        ok(&mut g, Action::Call(Call::Redouble));
        ok(&mut g, Action::Call(Call::Pass));
        assert_eq!(g.contract().map(|c| c.doubled), Some(2));
    }

    fn exchange_deal() -> Honeymoon {
        exchange_deal_with(Setup::default())
    }

    #[test]
    fn exchange_follows_suit_and_the_winner_takes_the_face_up_card() {
        let mut g = exchange_deal();
        ok(&mut g, Action::Play(card("2s")));
        assert_eq!(
            g.apply(Action::Play(card("4h"))),
            Err(RuleError::BadCard(card("4h")))
        );
        let events = ok(&mut g, Action::Play(card("Ks")));
        assert!(events.contains(&Event::TrickWon(SOUTH)));
        assert!(events.contains(&Event::TookFaceUp(SOUTH, card("Ad"))));
        assert!(events.contains(&Event::DrewHidden(NORTH, Some(card("3c")))));
        assert!(g.hand(SOUTH).contains(card("Ad")));
        assert!(g.hand(NORTH).contains(card("3c")));
        assert_eq!(g.phase(), Phase::Play, "stock empty: play begins");
        assert_eq!(g.to_act(), Some(NORTH), "the exchange loser leads");
        // North's draw is hidden from South, South's face-up card is not.
        let south = g.view(SOUTH);
        assert!(south.my_draws.is_empty());
        assert!(!south.unseen().contains(card("Ad")));
        assert!(south.unseen().contains(card("3c")));
        assert_eq!(g.view(NORTH).my_draws, vec![card("3c")]);
    }

    #[test]
    fn trumps_win_in_the_play_and_the_deal_is_scored() {
        let mut g = exchange_deal();
        ok(&mut g, Action::Play(card("2s")));
        ok(&mut g, Action::Play(card("Ks")));
        // Play: North A♠ 3♥ 3♣ vs South 4♥ 5♣ A♦ after the exchange.
        ok(&mut g, Action::Play(card("As")));
        let events = ok(&mut g, Action::Play(card("4h")));
        assert!(
            events.contains(&Event::TrickWon(SOUTH)),
            "a trump beats the ace"
        );
        ok(&mut g, Action::Play(card("5c")));
        assert_eq!(
            g.apply(Action::Play(card("3h"))),
            Err(RuleError::BadCard(card("3h")))
        );
        ok(&mut g, Action::Play(card("3c")));
        ok(&mut g, Action::Play(card("Ad")));
        let events = ok(&mut g, Action::Play(card("3h")));
        assert!(events.contains(&Event::TrickWon(NORTH)), "ruffed");
        let r = g.outcome().unwrap_or_else(|| panic!("not over"));
        assert_eq!(r.declarer_tricks, 1);
        assert_eq!(
            r.score,
            [0, 300],
            "1H needs 7: six down, 50 each to the defender"
        );
        assert_eq!(g.to_act(), None);
        assert_eq!(g.apply(Action::Play(card("2c"))), Err(RuleError::Over));
    }
}
