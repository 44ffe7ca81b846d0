//! The double-dummy solver for four hands: with every card known, the
//! tricks each side takes with best play by all four players.
//!
//! It answers for any position of the play (a trick boundary or part way
//! through a trick): the tricks of each side ([`Solver::tricks`]), whether
//! a side can take a given number ([`Solver::can_take`], what a claim
//! asks), the value of every legal card ([`Solver::analyse`]), and for a
//! whole deal the 20-entry table of tricks by declarer and strain
//! ([`Solver::table`]).
//!
//! How it is fast (after Bo Haglund's DDS; see `docs/bridge.md`):
//! - suits as 13-bit masks per hand, one 64-bit word a hand;
//! - null-window searches ("do North-South take at least t?") driven up
//!   and down to the exact count, the answers fail-soft;
//! - cards that touch (nothing still out between them) tried once;
//! - quick tricks, sure trump tricks and a lost lead cut the search at
//!   trick boundaries before any card is tried;
//! - move ordering: the table's best lead, the card that last cut off at
//!   the same depth, then heuristics (cash winners, lead to partner's,
//!   give ruffs, win cheaply, duck when partner is winning);
//! - a transposition table keyed by the shape, the leader and the trump,
//!   holding bounds for *patterns*: only the owners of the cards whose
//!   ranks mattered (relative ranks), so one entry answers for many
//!   positions (partition search); the same answers make lower cards not
//!   worth trying when the ranks they share did not matter;
//! - the table kept between searches: the four leaders of a strain, the
//!   strains of a deal, and deals that share patterns.

mod bounds;
mod node;
mod order;
mod par;
mod ranks;
mod search;
mod table;
mod tt;

use serde::{Deserialize, Serialize};

use super::board::{Direction, Side};
use super::contract::Strain;
use crate::cards::{Card, CardSet};
use crate::honeymoon::lead_wins;
use node::{Bit, Cuts, Frame, Search};
pub use par::{Par, par};
pub use table::DdTable;
use tt::{NO_MOVE, Tt};

/// Why a position is not one the solver can take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A card is held twice (two hands, or played and held).
    #[error("card {0} appears twice")]
    Shared(Card),
    /// More than three cards in the trick in progress.
    #[error("a trick in progress holds {0} cards (at most 3: a trick of 4 is over)")]
    LongTrick(usize),
    /// The hand sizes do not fit the trick in progress.
    #[error("hand sizes {sizes:?} (N E S W) do not fit {played} card(s) played to the trick")]
    Sizes {
        /// North, East, South, West.
        sizes: [usize; 4],
        /// Cards played to the trick.
        played: usize,
    },
    /// A card played to the trick did not follow suit although its player
    /// still holds the suit led.
    #[error("{card} was played to a {led} lead while the hand still holds that suit")]
    Revoke {
        /// The card played.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// No cards left.
    #[error("no cards left to play")]
    Over,
}

/// A position of the play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The cards each seat still holds (North, East, South, West); the
    /// cards already played to the trick in progress are not among them.
    pub hands: [CardSet; 4],
    /// The strain (trumps, or no trump).
    pub strain: Strain,
    /// The seat that leads (or led) the trick in progress.
    pub leader: Direction,
    /// The cards played to the trick in progress, from the leader on
    /// (empty at a trick boundary).
    pub trick: Vec<Card>,
}

impl Position {
    /// A position at a trick boundary.
    pub fn new(hands: [CardSet; 4], strain: Strain, leader: Direction) -> Position {
        Position {
            hands,
            strain,
            leader,
            trick: Vec::new(),
        }
    }

    /// The seat to play next.
    pub fn to_play(&self) -> Direction {
        self.leader.step(self.trick.len())
    }

    /// Tricks still to be played, the one in progress included.
    pub fn tricks_left(&self) -> usize {
        self.hands[self.leader.index()].len() + usize::from(!self.trick.is_empty())
    }

    /// Checks that the cards are distinct, the trick short of four cards,
    /// the hands' sizes fit it, and nobody revoked in it.
    pub fn validate(&self) -> Result<(), PositionError> {
        let mut seen = CardSet::EMPTY;
        for c in self
            .hands
            .iter()
            .flat_map(|h| h.iter())
            .chain(self.trick.iter().copied())
        {
            if !seen.insert(c) {
                return Err(PositionError::Shared(c));
            }
        }
        let played = self.trick.len();
        if played > 3 {
            return Err(PositionError::LongTrick(played));
        }
        let sizes = self.hands.map(|h| h.len());
        let n = self.tricks_left();
        for (k, seat) in (0..4).map(|k| (k, self.leader.step(k))) {
            let want = if k < played { n - 1 } else { n };
            if sizes[seat.index()] != want {
                return Err(PositionError::Sizes { sizes, played });
            }
        }
        if n == 0 {
            return Err(PositionError::Over);
        }
        if let Some(&led) = self.trick.first() {
            for (k, &card) in self.trick.iter().enumerate().skip(1) {
                let hand = self.hands[self.leader.step(k).index()];
                if card.suit() != led.suit() && !hand.of_suit(led.suit()).is_empty() {
                    return Err(PositionError::Revoke { card, led });
                }
            }
        }
        Ok(())
    }

    /// The cards the seat to play may play.
    pub fn legal(&self) -> CardSet {
        crate::honeymoon::legal_cards(
            self.hands[self.to_play().index()],
            self.trick.first().copied(),
        )
    }

    /// The seat winning the trick in progress so far.
    pub fn winning(&self) -> Option<Direction> {
        let trump = self.strain.trump();
        let mut best: Option<(usize, Card)> = None;
        for (k, &c) in self.trick.iter().enumerate() {
            best = match best {
                Some((bk, b)) if lead_wins(b, c, trump) => Some((bk, b)),
                _ => Some((k, c)),
            };
        }
        best.map(|(k, _)| self.leader.step(k))
    }
}

/// What a position is worth.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// North-South's and East-West's tricks from here (the trick in
    /// progress included), with best play.
    pub tricks: [u8; 2],
    /// Every legal card of the seat to play, spades first, high first,
    /// with each side's tricks after it.
    pub cards: Vec<CardValue>,
}

/// One legal card and each side's tricks after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardValue {
    /// The card.
    pub card: Card,
    /// North-South's and East-West's tricks after it, with best play.
    pub tricks: [u8; 2],
}

/// The double-dummy solver. Its transposition table lives between calls
/// (entries hold for every deal), so keep one solver for many problems.
#[derive(Debug, Clone)]
pub struct Solver {
    tt: Tt,
    cuts: Cuts,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// The table's default size.
pub const DEFAULT_MEMORY: usize = 48 << 20;

/// A position ready for the search: card words and the trick in progress.
struct Prepared {
    hands: [u64; 4],
    trump: usize,
    leader: usize,
    trick: Vec<Bit>,
    n: usize,
}

fn bit_of(c: Card) -> Bit {
    CardSet::single(c).bits().trailing_zeros() as Bit
}

/// The trump index of a strain: clubs 0 … spades 3, no trump 4.
fn trump_index(strain: Strain) -> usize {
    strain as usize
}

impl Solver {
    /// A solver with a table of [`DEFAULT_MEMORY`] bytes.
    pub fn new() -> Solver {
        Solver::with_memory(DEFAULT_MEMORY)
    }

    /// A solver whose transposition table takes about `bytes` bytes (the
    /// solver's only large allocation).
    pub fn with_memory(bytes: usize) -> Solver {
        Solver {
            tt: Tt::with_bytes(bytes),
            cuts: Cuts::default(),
            nodes: 0,
        }
    }

    /// The transposition table's size in bytes.
    pub fn memory(&self) -> usize {
        self.tt.bytes()
    }

    /// Search nodes visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets everything the table learned (to time cold solves).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    fn prepare(pos: &Position) -> Result<Prepared, PositionError> {
        pos.validate()?;
        Ok(Prepared {
            hands: pos.hands.map(|h| h.bits()),
            trump: trump_index(pos.strain),
            leader: pos.leader.index(),
            trick: pos.trick.iter().map(|&c| bit_of(c)).collect(),
            n: pos.tricks_left(),
        })
    }

    /// A searcher set up at `p`, with the trick in progress in its frame.
    fn searcher<'a>(tt: &'a mut Tt, cuts: &'a mut Cuts, p: &Prepared) -> Search<'a> {
        let mut s = Search::new(p.hands, p.trump, tt, cuts);
        if !p.trick.is_empty() {
            let mut cards = [0; 4];
            let mut winning = 0;
            let mut all = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
            for (k, &c) in p.trick.iter().enumerate() {
                cards[k] = c;
                all |= 1 << c;
                if k > 0 && node::beats(c, cards[winning], p.trump) {
                    winning = k;
                }
            }
            s.frames[p.n] = Frame {
                leader: p.leader,
                all,
                cards,
                winning,
                rel: None,
            };
        }
        s
    }

    /// North-South's exact tricks at `p`, known to lie in `lo..=hi`,
    /// starting from `guess`.
    fn exact(&mut self, p: &Prepared, lo: u8, hi: u8, guess: u8) -> u8 {
        let mut search = Solver::searcher(&mut self.tt, &mut self.cuts, p);
        let value = exact_in(&mut search, p, lo, hi, guess);
        self.nodes += search.nodes;
        value
    }

    /// Whether North-South take at least `target` at `p`.
    fn ns_at_least(&mut self, p: &Prepared, target: u8) -> bool {
        let mut search = Solver::searcher(&mut self.tt, &mut self.cuts, p);
        let v = probe(&mut search, p, target);
        self.nodes += search.nodes;
        v >= target
    }

    /// North-South's and East-West's tricks from `pos` (the trick in
    /// progress included), with best play.
    pub fn tricks(&mut self, pos: &Position) -> Result<[u8; 2], PositionError> {
        let p = Solver::prepare(pos)?;
        self.tt.next_age();
        let n = p.n as u8;
        let ns = self.exact(&p, 0, n, n / 2);
        Ok([ns, n - ns])
    }

    /// Whether `side` takes at least `tricks` of the tricks left (the one
    /// in progress included) against any defence.
    pub fn can_take(
        &mut self,
        pos: &Position,
        side: Side,
        tricks: u8,
    ) -> Result<bool, PositionError> {
        let p = Solver::prepare(pos)?;
        self.tt.next_age();
        let n = p.n as u8;
        if tricks > n {
            return Ok(false);
        }
        Ok(match side {
            Side::NS => self.ns_at_least(&p, tricks),
            // East-West take at least t when North-South cannot take n - t + 1.
            Side::EW => tricks == 0 || !self.ns_at_least(&p, n - tricks + 1),
        })
    }

    /// Each side's tricks and the value of every legal card of the seat to
    /// play.
    pub fn analyse(&mut self, pos: &Position) -> Result<Analysis, PositionError> {
        let p = Solver::prepare(pos)?;
        self.tt.next_age();
        let n = p.n as u8;
        let seat = (p.leader + p.trick.len()) & 3;
        let legal = pos.legal();
        let all = pos.hands.iter().fold(CardSet::EMPTY, |a, h| a | *h)
            | pos.trick.iter().copied().collect::<CardSet>();
        let mut cards: Vec<CardValue> = Vec::new();
        let mut guess = n / 2;
        // Cards that touch (nothing out between them at the trick's start)
        // are worth the same: value one of each run.
        let mut done: Vec<(CardSet, [u8; 2])> = Vec::new();
        for card in legal.sorted_for_display() {
            let run = touching(legal, all, card);
            let tricks = match done.iter().find(|(r, _)| r.contains(card)) {
                Some(&(_, t)) => t,
                None => {
                    let mut after = pos.clone();
                    after.hands[seat].remove(card);
                    after.trick.push(card);
                    let ns = if after.trick.len() == 4 {
                        let winner = after.winning().unwrap_or(pos.leader);
                        let won = u8::from(winner.side() == Side::NS);
                        let next = Position::new(after.hands, pos.strain, winner);
                        if n == 1 {
                            won
                        } else {
                            let q = Solver::prepare(&next)?;
                            won + self.exact(&q, 0, n - 1, guess.saturating_sub(won).min(n - 1))
                        }
                    } else {
                        let q = Solver::prepare(&after)?;
                        self.exact(&q, 0, n, guess)
                    };
                    guess = ns;
                    let t = [ns, n - ns];
                    done.push((run, t));
                    t
                }
            };
            cards.push(CardValue { card, tricks });
        }
        let side = seat & 1;
        let tricks = cards
            .iter()
            .map(|c| c.tricks)
            .max_by_key(|t| t[side])
            .unwrap_or([0, 0]);
        Ok(Analysis { tricks, cards })
    }

    /// The tricks each declarer takes in each strain, for four hands of
    /// equal size (thirteen cards each for a whole deal).
    pub fn table(&mut self, hands: &[CardSet; 4]) -> Result<DdTable, PositionError> {
        table::solve(self, hands)
    }
}

/// The cards of `legal` that touch `card` in its suit: nothing of `all`
/// lies between them.
fn touching(legal: CardSet, all: CardSet, card: Card) -> CardSet {
    let s = card.suit();
    let mine = legal.suit_mask(s);
    let out = all.suit_mask(s);
    let r = card.rank() as u32;
    let mut run = 1u16 << r;
    // Down, then up: the next card still out, while it is ours.
    let mut x = r;
    while let Some(next) = (x > 0 && out & ((1 << x) - 1) != 0)
        .then(|| 15 - (out & ((1 << x) - 1)).leading_zeros())
        .filter(|&b| mine & (1 << b) != 0)
    {
        run |= 1 << next;
        x = next;
    }
    let mut x = r;
    while let Some(next) = (x < 12 && out >> (x + 1) != 0)
        .then(|| (out >> (x + 1)).trailing_zeros() + x + 1)
        .filter(|&b| mine & (1 << b) != 0)
    {
        run |= 1 << next;
        x = next;
    }
    let mut masks = [0u16; 4];
    masks[s.index()] = run;
    CardSet::from_suit_masks(masks)
}

/// One null-window search at the root of `p`: North-South's tricks,
/// fail-soft against `target`.
fn probe(search: &mut Search, p: &Prepared, target: u8) -> u8 {
    if p.trick.is_empty() {
        search.boundary(p.n, p.leader, target).0
    } else if target == 0 {
        0
    } else if usize::from(target) > p.n {
        p.n as u8
    } else {
        search.play(p.n, p.trick.len(), target, NO_MOVE).0
    }
}

/// North-South's exact tricks at `p` by null-window searches moving the
/// bounds `lo..=hi` together from `guess`.
fn exact_in(search: &mut Search, p: &Prepared, mut lo: u8, mut hi: u8, guess: u8) -> u8 {
    let mut g = guess.clamp(lo, hi);
    while lo < hi {
        let beta = if g == lo { g + 1 } else { g };
        let v = probe(search, p, beta);
        if v >= beta {
            lo = lo.max(v);
        } else {
            hi = hi.min(v);
        }
        g = v.clamp(lo, hi);
    }
    lo
}
