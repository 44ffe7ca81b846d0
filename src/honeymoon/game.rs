//! The whole game of `rules/honeymoon.md`: deal, bidding, the exchange of
//! thirteen tricks that score nothing, the play of thirteen tricks,
//! scoring and a running match total, as a [`Game`] state machine.
//!
//! Chance is the deal: each deal's shuffle comes from the match seed and
//! the deal's number, so a seed replays a whole match and the state stays
//! plain data (serde).

use std::fmt;

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::bots::{BOT_NAMES, make_bot};
use super::narration;
use super::record::DealRecord;
use super::solver::Solver;
use super::{NORTH, Position, SOUTH, lead_wins, legal_cards};
use crate::cards::{Card, CardSet, Suit};
use crate::form::{Choices, Field, Form, unknown};
use crate::game::{BoxBot, Game, Level, Playable, Seat, SetupError, rng_from_seed};
use crate::narrate::Note;

/// A bid's denomination, in ladder order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Strain {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♥
    Hearts,
    /// ♠
    Spades,
    /// No trump.
    NoTrump,
}

impl Strain {
    /// All five, lowest first.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The trump suit (none for no trump).
    pub fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    /// The strain whose trump is `trump`.
    pub fn of_trump(trump: Option<Suit>) -> Strain {
        match trump {
            Some(Suit::Clubs) => Strain::Clubs,
            Some(Suit::Diamonds) => Strain::Diamonds,
            Some(Suit::Hearts) => Strain::Hearts,
            Some(Suit::Spades) => Strain::Spades,
            None => Strain::NoTrump,
        }
    }

    /// Score of each trick bid and made (no trump: the first).
    fn trick_value(self) -> i64 {
        match self {
            Strain::Clubs | Strain::Diamonds => 20,
            Strain::Hearts | Strain::Spades => 30,
            Strain::NoTrump => 40,
        }
    }
}

/// A bid: level 1–7 and strain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Bid {
    /// 1–7: declarer needs 6 + level tricks.
    pub level: u8,
    /// The strain.
    pub strain: Strain,
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.strain {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        };
        write!(f, "{}{s}", self.level)
    }
}

impl std::str::FromStr for Bid {
    type Err = String;

    /// `1S`, `3NT` (or `3N`), any case; a suit symbol for the strain.
    fn from_str(s: &str) -> Result<Bid, String> {
        let t = s.trim();
        let bad = || format!("'{t}' is not a bid (like 1S or 3NT)");
        let mut chars = t.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|l| (1..=7).contains(l))
            .ok_or_else(bad)? as u8;
        let rest: String = chars.collect();
        let strain = match crate::honeymoon::parse_trump(&rest) {
            Some(trump) => Strain::of_trump(trump),
            None => return Err(bad()),
        };
        Ok(Bid { level, strain })
    }
}

/// One call in the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Call {
    /// Pass: after any bid it ends the auction.
    Pass,
    /// A higher bid.
    Bid(Bid),
    /// Double the opponent's bid (option).
    Double,
    /// Redouble the opponent's double (option).
    Redouble,
}

impl fmt::Display for Call {
    /// `Pass`, `1S`, `3NT`, `X` (double), `XX` (redouble), as PBN writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Bid(b) => write!(f, "{b}"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
        }
    }
}

impl std::str::FromStr for Call {
    type Err = String;

    /// What [`Call`]'s `Display` writes, any case (`P` for pass too).
    fn from_str(s: &str) -> Result<Call, String> {
        match s.trim().to_ascii_uppercase().as_str() {
            "PASS" | "P" => Ok(Call::Pass),
            "X" => Ok(Call::Double),
            "XX" => Ok(Call::Redouble),
            _ => s.parse().map(Call::Bid),
        }
    }
}

/// A move: a call in the auction, a card in the exchange or play, or a
/// claim in the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A call.
    Call(Call),
    /// A card.
    Play(Card),
    /// The seat to act claims this many of the tricks left (the current
    /// one included), the other seat taking the rest. It holds, and ends
    /// the deal, only when the solver finds that many against best
    /// defence; otherwise it is refused and play goes on. Never among the
    /// legal actions a bot picks from.
    Claim(u8),
}

/// The final contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    /// The bid.
    pub bid: Bid,
    /// Who bid it last.
    pub declarer: Seat,
    /// 0 undoubled, 1 doubled, 2 redoubled.
    pub doubled: u8,
}

impl Contract {
    /// The doubling as bridge writes it after the bid: "", "X" or "XX".
    pub fn doubling(&self) -> &'static str {
        ["", "X", "XX"][usize::from(self.doubled.min(2))]
    }

    /// Tricks declarer needs in the play phase.
    pub fn target(&self) -> u8 {
        6 + self.bid.level
    }
}

/// Who leads the first trick of the play phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeadRule {
    /// The loser of the last exchange trick (the default).
    ExchangeLoser,
    /// Declarer's opponent.
    Defender,
}

/// How a deal scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scoring {
    /// Bridge trick values and bonuses without vulnerability.
    Bridge,
    /// Ten points a trick: declarer scores `(tricks − 6) × 10` when the
    /// contract makes, the defender `10` a trick short when it fails.
    Difference,
}

impl std::str::FromStr for LeadRule {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<LeadRule, SetupError> {
        crate::form::pick(
            s,
            "opening lead",
            &[
                ("exchange-loser", LeadRule::ExchangeLoser),
                ("defender", LeadRule::Defender),
            ],
        )
    }
}

impl std::str::FromStr for Scoring {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<Scoring, SetupError> {
        crate::form::pick(
            s,
            "scoring",
            &[
                ("bridge", Scoring::Bridge),
                ("difference", Scoring::Difference),
            ],
        )
    }
}

/// How long a match lasts: the match is over when a deal ends with the
/// target reached (in duplicate, only after a deal's swapped replay).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MatchLength {
    /// Deal after deal, a running total and no end.
    #[default]
    Endless,
    /// This many scored deals (thrown-in deals do not count).
    Deals(u32),
    /// Until a side's total reaches this many points.
    Points(u32),
}

impl MatchLength {
    /// The choices on the setup form.
    pub const PRESETS: [MatchLength; 6] = [
        MatchLength::Endless,
        MatchLength::Deals(4),
        MatchLength::Deals(8),
        MatchLength::Deals(16),
        MatchLength::Points(1000),
        MatchLength::Points(2000),
    ];

    /// Whether a match with these finished deals and totals is over.
    pub fn reached(self, deals: usize, totals: [i64; 2]) -> bool {
        match self {
            MatchLength::Endless => false,
            MatchLength::Deals(n) => deals >= n as usize,
            MatchLength::Points(p) => totals.iter().any(|&t| t >= i64::from(p)),
        }
    }
}

impl fmt::Display for MatchLength {
    /// `endless`, `8 deals`, `first to 1000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchLength::Endless => f.write_str("endless"),
            MatchLength::Deals(1) => f.write_str("1 deal"),
            MatchLength::Deals(n) => write!(f, "{n} deals"),
            MatchLength::Points(p) => write!(f, "first to {p}"),
        }
    }
}

impl std::str::FromStr for MatchLength {
    type Err = SetupError;

    /// `endless`, `8-deals` (or `8`), `1000-points`, any case.
    fn from_str(s: &str) -> Result<MatchLength, SetupError> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || {
            SetupError(format!(
                "unknown match length {s:?}: choose endless, N-deals (like 8-deals) or N-points (like 1000-points), N at least 1"
            ))
        };
        if t == "endless" {
            return Ok(MatchLength::Endless);
        }
        let (number, unit) = t.split_once('-').unwrap_or((&t, "deals"));
        let n: u32 = number.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
        match unit {
            "deal" | "deals" => Ok(MatchLength::Deals(n)),
            "point" | "points" => Ok(MatchLength::Points(n)),
            _ => Err(bad()),
        }
    }
}

/// The game's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// No-trump contracts allowed.
    pub no_trump: bool,
    /// Who leads the play phase.
    pub lead_rule: LeadRule,
    /// Double and redouble allowed.
    pub doubling: bool,
    /// The score table.
    pub scoring: Scoring,
    /// Practice: a person may also take back cards of the exchange (and
    /// so learn which stock card comes next).
    #[serde(default)]
    pub practice: bool,
    /// Duplicate: every deal is played a second time with the hands
    /// swapped (same 52 cards, same face-up order).
    #[serde(default)]
    pub duplicate: bool,
    /// How long the match lasts.
    #[serde(default)]
    pub length: MatchLength,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            no_trump: true,
            lead_rule: LeadRule::ExchangeLoser,
            doubling: false,
            scoring: Scoring::Bridge,
            practice: false,
            duplicate: false,
            length: MatchLength::Endless,
        }
    }
}

const ON_OFF: [bool; 2] = [true, false];
const OFF_ON: [bool; 2] = [false, true];
const LEADS: [LeadRule; 2] = [LeadRule::ExchangeLoser, LeadRule::Defender];
const SCORINGS: [Scoring; 2] = [Scoring::Bridge, Scoring::Difference];

impl Form for Options {
    fn fields(&self) -> Vec<Field> {
        let yes_no = |b: &bool| if *b { "yes" } else { "no" }.to_string();
        vec![
            Choices::of(&ON_OFF, &self.no_trump).field("no_trump", "No-trump contracts", yes_no),
            Choices::of(&ON_OFF, &self.doubling).field("doubling", "Double and redouble", yes_no),
            Choices::of(&LEADS, &self.lead_rule).field("lead", "Opening lead", |l| match l {
                LeadRule::ExchangeLoser => "the last exchange trick's loser".into(),
                LeadRule::Defender => "declarer's opponent".into(),
            }),
            Choices::of(&SCORINGS, &self.scoring).field("scoring", "Scoring", |s| match s {
                Scoring::Bridge => "bridge scores".into(),
                Scoring::Difference => "trick difference × 10".into(),
            }),
            Choices::of(&MatchLength::PRESETS, &self.length).field(
                "match",
                "Match",
                MatchLength::to_string,
            ),
            Choices::of(&OFF_ON, &self.duplicate).field(
                "duplicate",
                "Replay each deal with the hands swapped",
                yes_no,
            ),
            Choices::of(&OFF_ON, &self.practice).field(
                "practice",
                "Practice: undo in the exchange too",
                yes_no,
            ),
        ]
    }

    fn choose(&mut self, key: &str, index: usize) -> Result<(), SetupError> {
        match key {
            "no_trump" => self.no_trump = Choices::of(&ON_OFF, &self.no_trump).get(key, index)?,
            "doubling" => self.doubling = Choices::of(&ON_OFF, &self.doubling).get(key, index)?,
            "lead" => self.lead_rule = Choices::of(&LEADS, &self.lead_rule).get(key, index)?,
            "scoring" => self.scoring = Choices::of(&SCORINGS, &self.scoring).get(key, index)?,
            "duplicate" => {
                self.duplicate = Choices::of(&OFF_ON, &self.duplicate).get(key, index)?
            }
            "match" => {
                self.length = Choices::of(&MatchLength::PRESETS, &self.length).get(key, index)?
            }
            "practice" => self.practice = Choices::of(&OFF_ON, &self.practice).get(key, index)?,
            _ => return Err(unknown(key)),
        }
        Ok(())
    }
}

/// The phases of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The auction.
    Bidding,
    /// Thirteen tricks for the stock's cards.
    Exchange,
    /// Thirteen tricks that count.
    Play,
    /// Scored.
    Over,
}

/// A card played to a trick, as everyone saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// In the exchange or the play.
    pub phase: Phase,
}

/// What an action set off, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A call was made.
    Called(Seat, Call),
    /// Two passes: a new deal, this dealer.
    Redealt(Seat),
    /// The auction ended in this contract.
    Contracted(Contract),
    /// A card was turned face up on the stock.
    TurnedUp(Card),
    /// A card was played.
    CardPlayed(Seat, Card),
    /// A trick was won.
    TrickWon(Seat),
    /// The exchange trick's winner took the face-up card.
    TookFaceUp(Seat, Card),
    /// The loser drew the next stock card face down (the card only in
    /// the drawer's own events).
    DrewHidden(Seat, Option<Card>),
    /// The play phase began with this seat on lead.
    PlayBegan(Seat),
    /// A claim held: this seat takes this many of the tricks that were
    /// left, the other the rest.
    Claimed {
        /// Who claimed.
        seat: Seat,
        /// Tricks claimed.
        tricks: u8,
        /// Tricks that were left.
        left: u8,
    },
    /// The deal ended with this result.
    DealOver(DealResult),
    /// The next deal of the match was dealt by this seat.
    NewDeal(Seat),
}

/// An illegal action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The deal is over.
    #[error("the deal is over")]
    Over,
    /// A call now that cards are being played, or a card during the auction.
    #[error("{0:?} is not a move in this phase")]
    WrongPhase(Action),
    /// A bid not higher than the last one, or no trump when not allowed.
    #[error("{0} is not a legal bid here")]
    BadBid(Bid),
    /// Double or redouble when not allowed.
    #[error("{0:?} is not allowed here")]
    BadCall(Call),
    /// A card not in hand, or not following suit.
    #[error("{0} is not a legal card here")]
    BadCard(Card),
    /// A new deal was asked for before this one ended.
    #[error("the deal is still going")]
    InProgress,
    /// A claim outside the play, or of more tricks than are left.
    #[error("you can claim up to {left} tricks, and only in the play")]
    BadClaim {
        /// Tricks left.
        left: u8,
    },
    /// The solver finds a defence that holds the claimer below the claim.
    #[error(
        "claim refused: against best defence you take {best} of the {left} tricks left, not {claimed}"
    )]
    ClaimRefused {
        /// Tricks claimed.
        claimed: u8,
        /// What the claimer takes with best play on both sides.
        best: u8,
        /// Tricks left.
        left: u8,
    },
}

/// One finished deal of a match, as the match view lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealLine {
    /// The result.
    pub result: DealResult,
    /// The deal was the swapped replay of the one before (duplicate).
    pub replay: bool,
    /// Cards taken back during the deal.
    pub undos: u32,
    /// The play ended with a claim.
    pub claimed: bool,
}

/// The result of one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealResult {
    /// The contract.
    pub contract: Contract,
    /// Declarer's tricks in the play phase.
    pub declarer_tricks: u8,
    /// Points this deal, North and South.
    pub score: [i64; 2],
    /// The match totals after it.
    pub totals: [i64; 2],
}

/// A deal of honeymoon bridge in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Honeymoon {
    options: Options,
    seed: u64,
    deal_number: u64,
    dealer: Seat,
    phase: Phase,
    hands: [CardSet; 2],
    /// The stock, next card last.
    stock: Vec<Card>,
    face_up: Option<Card>,
    auction: Vec<(Seat, Call)>,
    contract: Option<Contract>,
    to_act: Seat,
    leader: Seat,
    led: Option<Card>,
    exchange_tricks: u8,
    play_tricks: [u8; 2],
    history: Vec<Played>,
    face_up_taken: Vec<(Seat, Card)>,
    hidden_draws: [Vec<Card>; 2],
    result: Option<DealResult>,
    totals: [i64; 2],
    /// The hands as dealt.
    #[serde(default)]
    dealt: [CardSet; 2],
    /// The stock as dealt, next card last.
    #[serde(default)]
    pack: Vec<Card>,
    /// This deal replays the one before with the hands swapped.
    #[serde(default)]
    replay: bool,
    /// Cards taken back this deal.
    #[serde(default)]
    undos: u32,
    /// The claim that ended the play: who, and how many tricks.
    #[serde(default)]
    claim: Option<(Seat, u8)>,
    /// The match's finished deals.
    #[serde(default)]
    deals: Vec<DealLine>,
}

/// What one seat sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// The options.
    pub options: Options,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// This seat's cards.
    pub hand: CardSet,
    /// How many cards the other seat holds.
    pub other_count: usize,
    /// The face-up stock card.
    pub face_up: Option<Card>,
    /// Cards left face down in the stock.
    pub stock_left: usize,
    /// The calls so far.
    pub auction: Vec<(Seat, Call)>,
    /// The contract, once the auction is over.
    pub contract: Option<Contract>,
    /// Whose turn (`None` when over).
    pub to_act: Option<Seat>,
    /// Who leads the current trick.
    pub leader: Seat,
    /// The card led to the current trick.
    pub led: Option<Card>,
    /// Exchange tricks finished.
    pub exchange_tricks: u8,
    /// Play-phase tricks won, North and South.
    pub play_tricks: [u8; 2],
    /// Every card played, in order.
    pub history: Vec<Played>,
    /// Face-up cards taken, by whom.
    pub face_up_taken: Vec<(Seat, Card)>,
    /// The cards this seat drew face down.
    pub my_draws: Vec<Card>,
    /// How many face-down cards each seat drew (counts only).
    pub draws: [usize; 2],
    /// Match totals before this deal ends.
    pub totals: [i64; 2],
    /// The result, once over.
    pub result: Option<DealResult>,
    /// This deal replays the one before with the hands swapped.
    pub replay: bool,
    /// Cards taken back this deal.
    pub undos: u32,
    /// The match's finished deals.
    pub deals: Vec<DealLine>,
    /// The match has reached its length: the next deal starts a new one.
    #[serde(default)]
    pub match_over: bool,
    /// The whole deal, once it is over (nothing is hidden then).
    pub record: Option<DealRecord>,
}

impl View {
    /// Cards this seat cannot see: the other hand's unknown cards and the
    /// face-down stock.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand;
        for p in &self.history {
            seen.insert(p.card);
        }
        for &(_, c) in &self.face_up_taken {
            seen.insert(c);
        }
        if let Some(c) = self.face_up {
            seen.insert(c);
        }
        CardSet::FULL - seen
    }

    /// Cards the other seat is known to hold: face-up cards it took and
    /// has not played.
    pub fn other_known(&self) -> CardSet {
        let other = 1 - self.seat;
        let mut known: CardSet = self
            .face_up_taken
            .iter()
            .filter(|(s, _)| *s == other)
            .map(|&(_, c)| c)
            .collect();
        for p in &self.history {
            known.remove(p.card);
        }
        known
    }

    /// The last completed trick of this deal: its two cards, lead first,
    /// and its winner.
    pub fn last_trick(&self) -> Option<([Played; 2], Seat)> {
        let done = self
            .history
            .len()
            .saturating_sub(usize::from(self.led.is_some()));
        let [lead, reply] = self.history.get(done.checked_sub(2)?..done)? else {
            return None;
        };
        let trump = self.contract.and_then(|c| c.bid.strain.trump());
        let winner = if lead_wins(lead.card, reply.card, trump) {
            lead.seat
        } else {
            reply.seat
        };
        Some(([*lead, *reply], winner))
    }
}

impl Honeymoon {
    /// The first deal of a match.
    pub fn new(options: Options, dealer: Seat, seed: u64) -> Honeymoon {
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
    fn following(&self) -> Honeymoon {
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
    fn swapped(&self) -> Honeymoon {
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
        options: Options,
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
        options: Options,
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
        options: Options,
        hands: [CardSet; 2],
        stock: Vec<Card>,
        contract: Contract,
    ) -> Honeymoon {
        Honeymoon::at_exchange_led(options, hands, stock, contract, contract.declarer)
    }

    /// [`Honeymoon::at_exchange`] with `leader` to lead the next exchange
    /// trick (after the first, its winner leads).
    pub fn at_exchange_led(
        options: Options,
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
    /// further deal of this match, and [`Playable::next_deal`] starts a
    /// new match.
    pub fn match_over(&self) -> bool {
        self.result.is_some()
            && (!self.options.duplicate || self.replay)
            && self.options.length.reached(self.deals.len(), self.totals)
    }

    /// The first deal of a new match after this one: the other seat
    /// deals, fresh cards, totals back to nothing.
    fn next_match(&self) -> Honeymoon {
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
    pub fn options(&self) -> Options {
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

/// A deal's score taken apart. Declarer's points when the contract makes
/// (trick points, overtricks, bonuses); the defender's when it fails
/// (undertricks).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScoreParts {
    /// Points for the tricks bid and made (doubling included).
    pub tricks: i64,
    /// Points for the tricks over the contract.
    pub overtricks: i64,
    /// Tricks short of the contract.
    pub down: u8,
    /// The defender's points for the tricks short.
    pub undertricks: i64,
    /// Part score (50) or game (300).
    pub game: i64,
    /// Small slam (500) or grand slam (1000).
    pub slam: i64,
    /// For making a doubled (50) or redoubled (100) contract.
    pub doubled: i64,
}

impl ScoreParts {
    /// Declarer's score: positive when made, minus the defender's score
    /// when it fails.
    pub fn total(&self) -> i64 {
        self.tricks + self.overtricks + self.game + self.slam + self.doubled - self.undertricks
    }

    /// The parts that score, each with its name: `(60, "trick points")`.
    pub fn named(&self) -> Vec<(i64, String)> {
        let game = if self.game >= 300 {
            "game"
        } else {
            "part score"
        };
        let slam = if self.slam >= 1000 {
            "grand slam"
        } else {
            "small slam"
        };
        [
            (self.tricks, "trick points".to_string()),
            (self.overtricks, "overtricks".to_string()),
            (self.undertricks, format!("{} down", self.down)),
            (self.game, game.to_string()),
            (self.slam, slam.to_string()),
            (
                self.doubled,
                if self.doubled > 50 {
                    "redoubled"
                } else {
                    "doubled"
                }
                .to_string(),
            ),
        ]
        .into_iter()
        .filter(|(points, _)| *points != 0)
        .collect()
    }
}

/// Declarer's score for taking `tricks` in `contract`, part by part.
pub fn score_parts(contract: Contract, tricks: u8, scoring: Scoring) -> ScoreParts {
    let target = i64::from(contract.target());
    let got = i64::from(tricks);
    let mut parts = ScoreParts {
        down: contract.target().saturating_sub(tricks),
        ..ScoreParts::default()
    };
    if got < target {
        let down = target - got;
        parts.undertricks = match (scoring, contract.doubled) {
            (Scoring::Difference, _) => 10 * down,
            (Scoring::Bridge, 0) => 50 * down,
            (Scoring::Bridge, d) => {
                let base = 100 + 200 * (down - 1).min(2) + 300 * (down - 3).max(0);
                base * if d == 1 { 1 } else { 2 }
            }
        };
        return parts;
    }
    if scoring == Scoring::Difference {
        parts.tricks = (got - 6) * 10;
        return parts;
    }
    let factor = [1, 2, 4][usize::from(contract.doubled.min(2))];
    let strain = contract.bid.strain;
    let level = i64::from(contract.bid.level);
    let per = strain.trick_value();
    parts.tricks = if strain == Strain::NoTrump {
        (40 + 30 * (level - 1)) * factor
    } else {
        per * level * factor
    };
    let over = got - target;
    parts.overtricks = match contract.doubled {
        0 => over * if strain == Strain::NoTrump { 30 } else { per },
        1 => over * 100,
        _ => over * 200,
    };
    parts.game = if parts.tricks >= 100 { 300 } else { 50 };
    parts.slam = match level {
        6 => 500,
        7 => 1000,
        _ => 0,
    };
    parts.doubled = 50 * i64::from(contract.doubled);
    parts
}

/// Declarer's score for taking `tricks` in `contract`: positive when made,
/// minus the defender's score when it fails.
pub fn deal_score(contract: Contract, tricks: u8, scoring: Scoring) -> i64 {
    score_parts(contract, tricks, scoring).total()
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
            record: DealRecord::of_game(self),
        }
    }

    fn outcome(&self) -> Option<DealResult> {
        self.result
    }
}

impl Playable for Honeymoon {
    type Setup = Options;
    const ID: &'static str = "honeymoon";

    /// The first deal of a match, North dealing.
    fn new(options: &Options, seed: u64) -> Result<Honeymoon, SetupError> {
        Ok(Honeymoon::new(*options, NORTH, seed))
    }

    /// Deal `deal` of a match from its seed, the dealers alternating;
    /// every rotation of a deal gets the same cards.
    fn match_deal(
        options: &Options,
        seed: u64,
        deal: u64,
        _play: u64,
    ) -> Result<Honeymoon, SetupError> {
        let seed = seed.wrapping_add(deal.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        Ok(Honeymoon::new(*options, (deal % 2) as Seat, seed))
    }

    fn opening(&self) -> Vec<Event> {
        vec![Event::NewDeal(self.dealer)]
    }

    /// The finished deal as a JSON record (see [`DealRecord`]).
    fn deal_record(&self, _kept: &crate::game::Kept) -> Option<String> {
        DealRecord::of_game(self).map(|r| r.to_json())
    }

    const RECORD_EXT: Option<&'static str> = Some("json");

    /// Back to any earlier card of the play; in practice, of the exchange
    /// too. Never into the auction or another deal.
    fn may_rewind(&self, earlier: &Honeymoon) -> bool {
        earlier.deal_number == self.deal_number
            && earlier.replay == self.replay
            && match earlier.phase {
                Phase::Play => true,
                Phase::Exchange => self.options.practice,
                _ => false,
            }
    }

    fn rewound(&mut self) {
        self.undos += 1;
    }

    fn seats(&self) -> usize {
        2
    }

    /// South's side with South's cards and draws taken away.
    fn spectator_view(&self) -> View {
        let mut v = self.view(SOUTH);
        v.hand = CardSet::EMPTY;
        v.my_draws.clear();
        v
    }

    fn event_for(event: &Event, seat: Option<Seat>) -> Event {
        match event {
            Event::DrewHidden(s, Some(_)) if Some(*s) != seat => Event::DrewHidden(*s, None),
            e => e.clone(),
        }
    }

    /// A seat's cards the other has not seen taken face up; for no seat,
    /// the face-down stock.
    fn secrets(&self, seat: Option<Seat>) -> CardSet {
        match seat {
            Some(s) => {
                let taken: CardSet = self
                    .face_up_taken
                    .iter()
                    .filter(|(who, _)| *who == s)
                    .map(|&(_, c)| c)
                    .collect();
                self.hands[s] - taken
            }
            None => self.stock.iter().copied().collect(),
        }
    }

    fn narrate(&self, event: &Event) -> Vec<Note> {
        let mut notes = narration::notes(event);
        if matches!(event, Event::DealOver(_)) && self.match_over() {
            notes.push(narration::match_over(self.totals));
        }
        notes
    }

    /// A pass in the auction, the lowest legal card in the play.
    fn default_action(&self) -> Option<Action> {
        match self.phase {
            Phase::Bidding => Some(Action::Call(Call::Pass)),
            Phase::Exchange | Phase::Play => legal_cards(self.hands[self.to_act], self.led)
                .iter()
                .min_by_key(|c| (c.rank(), c.suit()))
                .map(Action::Play),
            Phase::Over => None,
        }
    }

    fn deal_over(&self) -> bool {
        self.result.is_some()
    }

    /// The next deal of the match; once the match is over, the first deal
    /// of a new match (so a table in the hall plays on).
    fn next_deal(&mut self) -> Result<Vec<Event>, RuleError> {
        if self.result.is_none() {
            return Err(RuleError::InProgress);
        }
        *self = if self.match_over() {
            self.next_match()
        } else if self.options.duplicate && !self.replay {
            self.swapped()
        } else {
            self.following()
        };
        Ok(vec![Event::NewDeal(self.dealer)])
    }

    /// Each seat's points this deal.
    fn scores(&self) -> Option<Vec<f64>> {
        self.result
            .map(|r| r.score.iter().map(|&p| p as f64).collect())
    }

    fn bot_names() -> &'static [&'static str] {
        &BOT_NAMES
    }

    fn bot(name: &str) -> Option<BoxBot<Honeymoon>> {
        make_bot(name)
    }

    fn level_bot(level: Level) -> &'static str {
        match level {
            Level::Easy => "random",
            Level::Normal => "greedy",
            Level::Hard => "strong",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;

    fn card(s: &str) -> Card {
        s.parse().unwrap_or_else(|_| panic!("bad card {s}"))
    }

    fn hand(s: &str) -> CardSet {
        parse_hand(s).unwrap_or_else(|e| panic!("{e}"))
    }

    fn bid(level: u8, strain: Strain) -> Action {
        Action::Call(Call::Bid(Bid { level, strain }))
    }

    fn ok(g: &mut Honeymoon, a: Action) -> Vec<Event> {
        g.apply(a).unwrap_or_else(|e| panic!("{a:?}: {e}"))
    }

    #[test]
    fn a_contract_writes_its_doubling_after_the_bid() {
        let c = |doubled| Contract {
            bid: Bid {
                level: 3,
                strain: Strain::NoTrump,
            },
            declarer: NORTH,
            doubled,
        };
        assert_eq!(
            [c(0), c(1), c(2)].map(|c| format!("{}{}", c.bid, c.doubling())),
            ["3NT", "3NTX", "3NTXX"]
        );
    }

    #[test]
    fn a_pass_after_a_bid_ends_the_auction() {
        let mut g = Honeymoon::new(Options::default(), NORTH, 7);
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
        let mut g = Honeymoon::new(Options::default(), NORTH, 7);
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
        let mut g = Honeymoon::new(Options::default(), NORTH, 7);
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
        let options = Options {
            no_trump: false,
            ..Options::default()
        };
        let mut h = Honeymoon::new(options, NORTH, 7);
        assert!(h.apply(bid(1, Strain::NoTrump)).is_err());
        assert!(!h.legal_actions().contains(&bid(3, Strain::NoTrump)));
    }

    #[test]
    fn doubling_when_allowed() {
        let options = Options {
            doubling: true,
            ..Options::default()
        };
        let mut g = Honeymoon::new(options, NORTH, 7);
        ok(&mut g, bid(2, Strain::Diamonds));
        ok(&mut g, Action::Call(Call::Double));
        ok(&mut g, Action::Call(Call::Redouble));
        ok(&mut g, Action::Call(Call::Pass));
        assert_eq!(g.contract().map(|c| c.doubled), Some(2));
    }

    fn exchange_deal() -> Honeymoon {
        exchange_deal_with(Options::default())
    }

    fn exchange_deal_with(options: Options) -> Honeymoon {
        // North declares 1 heart; stock (next card last): 3c drawn by the
        // loser, Ad face up.
        let contract = Contract {
            bid: Bid {
                level: 1,
                strain: Strain::Hearts,
            },
            declarer: NORTH,
            doubled: 0,
        };
        Honeymoon::at_exchange(
            options,
            [hand("A2.3.."), hand("K.4..5")],
            vec![card("3c"), card("Ad")],
            contract,
        )
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

    /// Plays [`exchange_deal_with`] out: South, defending, scores 300.
    fn played_out(length: MatchLength) -> Honeymoon {
        let mut g = exchange_deal_with(Options {
            length,
            ..Options::default()
        });
        for c in ["2s", "Ks", "As", "4h", "5c", "3c", "Ad", "3h"] {
            ok(&mut g, Action::Play(card(c)));
        }
        assert!(g.deal_over());
        g
    }

    #[test]
    fn a_match_is_over_at_its_length_and_no_further_deal_of_it_is_dealt() {
        for (length, over) in [
            (MatchLength::Endless, false),
            (MatchLength::Deals(1), true),
            (MatchLength::Deals(2), false),
            (MatchLength::Points(300), true),
            (MatchLength::Points(301), false),
        ] {
            let g = played_out(length);
            assert_eq!(g.match_over(), over, "{length}");
            assert_eq!(g.view(SOUTH).match_over, over, "{length}");
            let mut next = g.clone();
            ok_next(&mut next);
            if over {
                assert_eq!(next.totals(), [0, 0], "{length}: a new match");
                assert!(next.deals().is_empty(), "{length}: a new match");
            } else {
                assert_eq!(next.totals(), [0, 300], "{length}: the match goes on");
                assert_eq!(next.deals().len(), 1, "{length}");
            }
            assert!(!next.match_over());
            assert_eq!(next.deal_number(), g.deal_number() + 1, "fresh cards");
        }
        let over = played_out(MatchLength::Deals(1));
        // A table (the hall's too) sees a deal over and deals on: a new match.
        assert_eq!(crate::game::Stage::of(&over), crate::game::Stage::DealOver);
        let result = over.outcome().unwrap_or_else(|| panic!("scored"));
        assert_eq!(over.narrate(&Event::DealOver(result)).len(), 2);
        let notes = over.narrate(&Event::NewDeal(NORTH));
        assert_eq!(notes.len(), 1, "only a deal's end announces the match's");
    }

    #[test]
    fn in_duplicate_the_match_ends_only_after_the_replay() {
        let g = played_out(MatchLength::Deals(1));
        let mut dup = g.clone();
        dup.options.duplicate = true;
        assert!(!dup.match_over(), "the swapped replay is still to come");
        dup.replay = true;
        assert!(dup.match_over());
    }

    #[test]
    fn match_lengths_parse_and_show() {
        for (text, length) in [
            ("endless", MatchLength::Endless),
            ("8", MatchLength::Deals(8)),
            ("8-deals", MatchLength::Deals(8)),
            ("1000-Points", MatchLength::Points(1000)),
        ] {
            assert_eq!(text.parse::<MatchLength>(), Ok(length));
        }
        for bad in ["0", "-1", "8-tricks", "many"] {
            let e = bad.parse::<MatchLength>().err().map(|e| e.0);
            assert!(e.is_some_and(|e| e.contains("choose endless")), "{bad}");
        }
        assert_eq!(MatchLength::Points(1000).to_string(), "first to 1000");
        let mut o = Options::default();
        o.choose("match", 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o.length, MatchLength::Deals(8));
    }

    fn ok_next(g: &mut Honeymoon) {
        if let Err(e) = g.next_deal() {
            panic!("next deal: {e}");
        }
    }

    fn contract(level: u8, strain: Strain, doubled: u8) -> Contract {
        Contract {
            bid: Bid { level, strain },
            declarer: NORTH,
            doubled,
        }
    }

    #[test]
    fn score_table() {
        let b = Scoring::Bridge;
        assert_eq!(deal_score(contract(4, Strain::Spades, 0), 10, b), 420);
        assert_eq!(deal_score(contract(3, Strain::NoTrump, 0), 9, b), 400);
        assert_eq!(deal_score(contract(2, Strain::Clubs, 0), 9, b), 110);
        assert_eq!(deal_score(contract(6, Strain::Hearts, 0), 12, b), 980);
        assert_eq!(deal_score(contract(7, Strain::NoTrump, 0), 13, b), 1520);
        assert_eq!(deal_score(contract(1, Strain::NoTrump, 0), 5, b), -100);
        assert_eq!(deal_score(contract(2, Strain::Spades, 1), 8, b), 470);
        assert_eq!(deal_score(contract(2, Strain::Spades, 1), 5, b), -500);
        assert_eq!(deal_score(contract(2, Strain::Spades, 2), 7, b), -200);
        assert_eq!(deal_score(contract(1, Strain::Clubs, 2), 7, b), 230);
        assert_eq!(deal_score(contract(1, Strain::Diamonds, 1), 9, b), 340);
        let d = Scoring::Difference;
        assert_eq!(deal_score(contract(4, Strain::Spades, 0), 11, d), 50);
        assert_eq!(deal_score(contract(4, Strain::Spades, 0), 8, d), -20);
    }

    #[test]
    fn a_score_is_taken_apart_into_its_parts() {
        let b = Scoring::Bridge;
        let named = |c, t, s| score_parts(c, t, s).named();
        assert_eq!(
            named(contract(2, Strain::Clubs, 0), 9, b),
            [
                (40, "trick points".to_string()),
                (20, "overtricks".to_string()),
                (50, "part score".to_string())
            ]
        );
        assert_eq!(
            named(contract(6, Strain::Hearts, 0), 12, b),
            [
                (180, "trick points".to_string()),
                (300, "game".to_string()),
                (500, "small slam".to_string())
            ]
        );
        assert_eq!(
            named(contract(1, Strain::Diamonds, 1), 9, b),
            [
                (40, "trick points".to_string()),
                (200, "overtricks".to_string()),
                (50, "part score".to_string()),
                (50, "doubled".to_string())
            ]
        );
        assert_eq!(
            named(contract(2, Strain::Spades, 1), 5, b),
            [(500, "3 down".to_string())]
        );
        assert_eq!(
            named(contract(4, Strain::Spades, 0), 8, Scoring::Difference),
            [(20, "2 down".to_string())]
        );
    }

    #[test]
    fn a_seed_replays_the_deal_and_the_view_hides_the_other_hand() {
        let a = Honeymoon::new(Options::default(), NORTH, 99);
        let b = Honeymoon::new(Options::default(), NORTH, 99);
        assert_eq!(a, b);
        let v = a.view(SOUTH);
        assert_eq!(v.hand, a.hand(SOUTH));
        assert_eq!(v.unseen(), CardSet::FULL - a.hand(SOUTH));
        let json = serde_json::to_string(&a).unwrap_or_default();
        let back: Honeymoon = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, a);
        let mut next = a.clone();
        next.result = Some(DealResult {
            contract: Contract {
                bid: Bid {
                    level: 1,
                    strain: Strain::Clubs,
                },
                declarer: NORTH,
                doubled: 0,
            },
            declarer_tricks: 7,
            score: [20, 0],
            totals: [20, 0],
        });
        next.next_deal().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(next.dealer(), SOUTH);
        assert_ne!(next.hand(NORTH), a.hand(NORTH));
    }
}
