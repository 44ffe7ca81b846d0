//! One board from the deal to the score, in the one shape every game has:
//! whose turn, the legal actions, `apply` (an illegal action is an error
//! and changes nothing), what each seat may see, and the outcome.

use serde::{Deserialize, Serialize};

use super::auction::{Auction, AuctionError};
use super::board::{BridgeDeal, Direction, Vulnerability, deal};
use super::contract::{Call, Contract};
use super::play::{Claim, Play, PlayError, Trick};
use super::scoring::BoardResult;
use super::solver::Solver;
use crate::cards::{Card, CardSet, standard_deck};
use crate::game::{Game, Seat, rng_from_seed};

/// A move: a call in the auction, a card in the play (declarer names
/// dummy's too), or a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A call.
    Call(Call),
    /// A card from the hand to play.
    Play(Card),
    /// The acting seat's side takes this many of the tricks left (the one
    /// in progress included) and concedes the rest; `Claim(0)` concedes
    /// them all. Held only when the double-dummy solver agrees; never
    /// among the legal actions a bot picks from.
    Claim(u8),
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The board is over.
    #[error("the board is over")]
    Over,
    /// A card during the auction, or a call during the play.
    #[error("{0:?} is not a move in this phase")]
    WrongPhase(Action),
    /// A call the auction does not allow.
    #[error(transparent)]
    Auction(#[from] AuctionError),
    /// A card or claim the play does not allow.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// What an action did, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A seat called.
    Called {
        /// Who.
        seat: Direction,
        /// What.
        call: Call,
    },
    /// The auction ended with this contract (`None`: passed out).
    Contract(Option<Contract>),
    /// A card was played from `seat`'s hand.
    Played {
        /// The hand it came from.
        seat: Direction,
        /// The card.
        card: Card,
    },
    /// After the opening lead, dummy's hand is faced for all to see.
    DummyFaced {
        /// Dummy.
        seat: Direction,
        /// Its cards.
        hand: CardSet,
    },
    /// A trick was completed.
    TrickWon(Trick),
    /// A claim held.
    Claimed(Claim),
    /// The board is over.
    Over(BoardResult),
}

/// The phase of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Calls.
    Auction,
    /// Cards.
    Play,
    /// Scored.
    Over,
}

/// A board being played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bridge {
    deal: BridgeDeal,
    vulnerability: Vulnerability,
    auction: Auction,
    play: Option<Play>,
    result: Option<BoardResult>,
}

/// What one seat may see: its own hand, dummy's once the opening lead is
/// made, every hand once the board is over; the calls, the cards played,
/// the tricks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat whose view this is.
    pub seat: Direction,
    /// Board number.
    pub board: u32,
    /// Dealer.
    pub dealer: Direction,
    /// Vulnerability.
    pub vulnerability: Vulnerability,
    /// The phase.
    pub phase: Phase,
    /// The hands this seat may see (others empty), North … West.
    pub hands: [CardSet; 4],
    /// The cards each seat still holds, North … West.
    pub counts: [usize; 4],
    /// The calls from the dealer's on.
    pub calls: Vec<Call>,
    /// The contract once the auction is over.
    pub contract: Option<Contract>,
    /// The finished tricks.
    pub tricks: Vec<Trick>,
    /// The trick in progress and who led it.
    pub trick: Vec<Card>,
    /// Who leads the trick in progress.
    pub leader: Option<Direction>,
    /// Tricks won by North-South and East-West.
    pub won: [u8; 2],
    /// The hand to play or the seat to call.
    pub to_play: Option<Direction>,
    /// The seat that decides it (declarer for dummy).
    pub to_act: Option<Direction>,
    /// The result once over.
    pub result: Option<BoardResult>,
}

impl Bridge {
    /// Board `deal` with its standard dealer and vulnerability.
    pub fn new(deal: BridgeDeal) -> Bridge {
        let vulnerability = deal.vulnerability();
        let dealer = deal.dealer();
        Bridge::with(deal, dealer, vulnerability)
    }

    /// Board `deal` with a dealer and vulnerability of its own (a file's).
    pub fn with(deal: BridgeDeal, dealer: Direction, vulnerability: Vulnerability) -> Bridge {
        Bridge {
            deal,
            vulnerability,
            auction: Auction::new(dealer),
            play: None,
            result: None,
        }
    }

    /// Board `board` dealt from a pack shuffled by `seed`: the same seed
    /// deals the same hands on any machine.
    pub fn dealt(board: u32, seed: u64) -> Bridge {
        let mut dealer = standard_deck().dealer(rng_from_seed(seed));
        // A fresh pack of 52 always holds four hands.
        let hands = deal(&mut dealer, board)
            .map(|d| d.hands)
            .unwrap_or([CardSet::EMPTY; 4]);
        Bridge::new(BridgeDeal { board, hands })
    }

    /// The deal as dealt.
    pub fn deal(&self) -> &BridgeDeal {
        &self.deal
    }

    /// Who is vulnerable.
    pub fn vulnerability(&self) -> Vulnerability {
        self.vulnerability
    }

    /// The auction so far.
    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The play, once the auction has a contract.
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        if self.result.is_some() {
            Phase::Over
        } else if self.play.is_some() {
            Phase::Play
        } else {
            Phase::Auction
        }
    }

    /// The hand to play or the seat to call (dummy when dummy plays).
    pub fn to_play(&self) -> Option<Direction> {
        match self.phase() {
            Phase::Auction => self.auction.to_call(),
            Phase::Play => self.play.as_ref().and_then(Play::to_play),
            Phase::Over => None,
        }
    }

    /// The seat that decides the next action (declarer for dummy).
    pub fn to_act_seat(&self) -> Option<Direction> {
        match self.phase() {
            Phase::Auction => self.auction.to_call(),
            Phase::Play => self.play.as_ref().and_then(Play::to_act),
            Phase::Over => None,
        }
    }

    fn finish(&mut self, events: &mut Vec<Event>) {
        let result = match &self.play {
            Some(p) => {
                BoardResult::new(Some(*p.contract()), p.declarer_tricks(), self.vulnerability)
            }
            None => BoardResult::new(None, 0, self.vulnerability),
        };
        self.result = Some(result);
        events.push(Event::Over(result));
    }

    fn call(&mut self, call: Call) -> Result<Vec<Event>, RuleError> {
        let seat = self.auction.to_call().ok_or(RuleError::Over)?;
        self.auction.call(call)?;
        let mut events = vec![Event::Called { seat, call }];
        if self.auction.is_over() {
            let contract = self.auction.contract();
            events.push(Event::Contract(contract));
            match contract {
                Some(c) => self.play = Some(Play::new(c, self.deal.hands)),
                None => self.finish(&mut events),
            }
        }
        Ok(events)
    }

    fn card(&mut self, card: Card) -> Result<Vec<Event>, RuleError> {
        let play = self.play.as_mut().ok_or(RuleError::Over)?;
        let seat = play.to_play().ok_or(RuleError::Over)?;
        let opening = !play.dummy_faced();
        let trick = play.play(card)?;
        let mut events = vec![Event::Played { seat, card }];
        if opening {
            let dummy = play.contract().dummy();
            events.push(Event::DummyFaced {
                seat: dummy,
                hand: play.hands()[dummy.index()],
            });
        }
        if let Some(t) = trick {
            events.push(Event::TrickWon(t));
        }
        if play.is_over() {
            self.finish(&mut events);
        }
        Ok(events)
    }

    fn claim(&mut self, tricks: u8) -> Result<Vec<Event>, RuleError> {
        let play = self.play.as_mut().ok_or(RuleError::Over)?;
        let seat = play.to_act().ok_or(RuleError::Over)?;
        let claim = play.claim(seat, tricks, &mut Solver::with_memory(8 << 20))?;
        let mut events = vec![Event::Claimed(claim)];
        self.finish(&mut events);
        Ok(events)
    }
}

impl Game for Bridge {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    type View = View;
    type Outcome = BoardResult;

    fn to_act(&self) -> Option<Seat> {
        self.to_act_seat().map(Direction::index)
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.phase() {
            Phase::Auction => self
                .auction
                .legal_calls()
                .into_iter()
                .map(Action::Call)
                .collect(),
            Phase::Play => self
                .play
                .as_ref()
                .map(|p| p.legal_cards().iter().map(Action::Play).collect())
                .unwrap_or_default(),
            Phase::Over => Vec::new(),
        }
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        match (self.phase(), action) {
            (Phase::Over, _) => Err(RuleError::Over),
            (Phase::Auction, Action::Call(c)) => self.call(c),
            (Phase::Play, Action::Play(card)) => self.card(card),
            (Phase::Play, Action::Claim(t)) => self.claim(t),
            _ => Err(RuleError::WrongPhase(action)),
        }
    }

    fn view(&self, seat: Seat) -> View {
        let me = Direction::from_index(seat);
        let play = self.play.as_ref();
        let current = play.map_or(self.deal.hands, |p| *p.hands());
        let over = self.result.is_some();
        let dummy = play
            .filter(|p| p.dummy_faced())
            .map(|p| p.contract().dummy());
        let hands = std::array::from_fn(|i| {
            let d = Direction::from_index(i);
            if over || d == me || Some(d) == dummy {
                current[i]
            } else {
                CardSet::EMPTY
            }
        });
        View {
            seat: me,
            board: self.deal.board,
            dealer: self.auction.dealer(),
            vulnerability: self.vulnerability,
            phase: self.phase(),
            hands,
            counts: current.map(|h| h.len()),
            calls: self.auction.calls().to_vec(),
            contract: self.auction.contract(),
            tricks: play.map(|p| p.tricks().to_vec()).unwrap_or_default(),
            trick: play.map(|p| p.trick().to_vec()).unwrap_or_default(),
            leader: play.filter(|p| !p.is_over()).map(Play::leader),
            won: play.map_or([0, 0], Play::won),
            to_play: self.to_play(),
            to_act: self.to_act_seat(),
            result: self.result,
        }
    }

    fn outcome(&self) -> Option<BoardResult> {
        self.result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply_all(game: &mut Bridge, calls: &str) {
        for c in calls.split_whitespace() {
            let call = c.parse().unwrap_or_else(|e| panic!("{e}"));
            game.apply(Action::Call(call))
                .unwrap_or_else(|e| panic!("{c}: {e}"));
        }
    }

    #[test]
    fn a_board_from_auction_to_score() {
        let mut game = Bridge::dealt(1, 7);
        assert_eq!(game.to_act(), Some(0));
        assert_eq!(game.phase(), Phase::Auction);
        assert!(matches!(
            game.apply(Action::Play(
                game.deal().hands[0].first().unwrap_or_else(|| panic!())
            )),
            Err(RuleError::WrongPhase(_))
        ));
        apply_all(&mut game, "1NT P 3NT P P P");
        assert_eq!(game.phase(), Phase::Play);
        // Declarer North; East leads; nobody but East sees anything of
        // another hand before the lead.
        assert_eq!(game.to_act(), Some(1));
        assert!(game.view(0).hands[2].is_empty());
        assert!(game.view(1).hands[2].is_empty());
        let before = game.clone();
        assert!(game.apply(Action::Call(Call::Pass)).is_err());
        assert_eq!(game, before);
        // Play it out with the lowest legal card each time.
        let mut turns = 0;
        while let Some(seat) = game.to_act() {
            let legal = game.legal_actions();
            assert!(!legal.is_empty());
            let events = game.apply(legal[0]).unwrap_or_else(|e| panic!("{e}"));
            if turns == 0 {
                assert!(matches!(
                    events[1],
                    Event::DummyFaced {
                        seat: Direction::South,
                        ..
                    }
                ));
                // Dummy is now seen by all.
                for s in 0..4 {
                    assert_eq!(game.view(s).hands[2].len(), 13);
                }
                assert!(game.view(3).hands[0].is_empty());
            }
            // Dummy's cards are chosen by declarer.
            assert_ne!(seat, 2);
            turns += 1;
        }
        assert_eq!(turns, 52);
        let result = game.outcome().unwrap_or_else(|| panic!("not over"));
        let p = game.play().unwrap_or_else(|| panic!());
        assert_eq!(result.declarer_tricks, p.won()[0]);
        assert_eq!(game.view(3).hands, [CardSet::EMPTY; 4]);
        assert_eq!(game.apply(Action::Call(Call::Pass)), Err(RuleError::Over));
    }

    #[test]
    fn passed_out_scores_zero() {
        let mut game = Bridge::dealt(2, 1);
        assert_eq!(game.to_act(), Some(1));
        apply_all(&mut game, "P P P P");
        assert_eq!(game.outcome().map(|r| r.ns_score), Some(0));
        assert_eq!(game.to_act(), None);
    }

    #[test]
    fn a_claim_ends_the_board() {
        let mut game = Bridge::dealt(3, 11);
        apply_all(&mut game, "P P 7NT X XX P P P");
        // Defenders conceding everything always holds.
        let events = game
            .apply(Action::Claim(0))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(events.last(), Some(Event::Over(_))));
        let result = game.outcome().unwrap_or_else(|| panic!());
        assert_eq!(result.declarer_tricks, 13);
        assert_eq!(result.ns_score, 2280);
    }

    #[test]
    fn the_state_round_trips_through_json() {
        let mut game = Bridge::dealt(5, 3);
        apply_all(&mut game, "1S P 2S P P P");
        let json = serde_json::to_string(&game).unwrap_or_default();
        let back: Bridge = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, game);
    }
}
