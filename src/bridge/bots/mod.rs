//! Bridge's computer players. All of them bid by the natural system in
//! [`bidding`] (but `pass`, which only passes); they play the cards by
//! rules of thumb ([`thumb`], easy) or by double-dummy sampling
//! ([`sampling`]: normal with a few layouts and a loose reading of the
//! auction, hard with more layouts read exactly). Every decision can be
//! explained ([`Bot::explain`]): a call by its rule, a card by its
//! sampling.

pub mod bidding;
pub mod hand;
pub mod sampling;
pub mod thumb;

use super::board::Direction;
use super::contract::Call;
use super::session::{ContractBridge, TableView};
use super::solver::Solver;
use super::state::{Action, Phase, View};
use crate::game::{Bot, BoxBot, GameRng};
use hand::Hand;
use sampling::Sampling;

/// The bots by name, weakest last.
pub const NAMES: [&str; 4] = ["hard", "normal", "easy", "pass"];

/// How a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Passes every time; plays by rules of thumb.
    Pass,
    /// The system; rules of thumb.
    Easy,
    /// The system; sampling a few layouts.
    Normal,
    /// The system; sampling more layouts, read exactly.
    Hard,
}

impl Style {
    /// Its sampling, for the styles that sample.
    pub fn sampling(self) -> Option<Sampling> {
        match self {
            Style::Normal => Some(Sampling {
                layouts: 12,
                slack: 2,
                tries: 40,
            }),
            Style::Hard => Some(Sampling {
                layouts: 32,
                slack: 0,
                tries: 200,
            }),
            Style::Pass | Style::Easy => None,
        }
    }
}

/// A computer player.
pub struct Player {
    style: Style,
    name: &'static str,
    solver: Option<Solver>,
    why: Option<String>,
}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("style", &self.style)
            .finish()
    }
}

impl Player {
    /// A player of `style` called `name`.
    pub fn new(style: Style, name: &'static str) -> Player {
        Player {
            style,
            name,
            solver: None,
            why: None,
        }
    }

    /// The call and its explanation.
    fn call(&self, view: &View) -> (Call, String) {
        if self.style == Style::Pass {
            return (Call::Pass, "always passes".into());
        }
        let ctx = bidding::context(view.dealer, view.vulnerability, &view.calls);
        let hand = Hand::new(view.hands[view.seat.index()]);
        let rule = bidding::choose(&ctx, &hand);
        (rule.call, rule.explain())
    }

    /// The card for the hand to play, and why.
    fn card(&mut self, view: &View, rng: &mut GameRng) -> Option<(crate::cards::Card, String)> {
        let to_play = view.to_play?;
        let legal = legal_of(view, to_play);
        if legal.len() == 1 {
            return legal.first().map(|c| (c, "the only legal card".into()));
        }
        if let Some(sampling) = self.style.sampling() {
            let known = bidding::context(view.dealer, view.vulnerability, &view.calls).known;
            let layouts = sampling::layouts(view, &known, sampling, rng);
            let solver = self
                .solver
                .get_or_insert_with(|| Solver::with_memory(16 << 20));
            if let Some((card, avg)) = sampling::best_card(view, &layouts, solver)
                && legal.contains(card)
            {
                let why = format!(
                    "double dummy over {} layouts: {avg:.1} tricks on average",
                    layouts.len()
                );
                return Some((card, why));
            }
        }
        thumb::card(view, to_play)
            .filter(|c| legal.contains(*c))
            .or_else(|| legal.first())
            .map(|c| (c, "rule of thumb".into()))
    }
}

/// The legal cards of `seat`'s hand in `view`.
fn legal_of(view: &View, seat: Direction) -> crate::cards::CardSet {
    let hand = view.hands[seat.index()];
    match view.trick.first() {
        Some(led) if !hand.of_suit(led.suit()).is_empty() => hand.of_suit(led.suit()),
        _ => hand,
    }
}

impl Bot<ContractBridge> for Player {
    fn name(&self) -> &str {
        self.name
    }

    fn choose(&mut self, view: &TableView, rng: &mut GameRng) -> Action {
        let board = &view.board;
        let (action, why) = match board.phase {
            Phase::Auction => {
                let (call, why) = self.call(board);
                (Action::Call(call), why)
            }
            _ => match self.card(board, rng) {
                Some((card, why)) => (Action::Play(card), why),
                None => (Action::Call(Call::Pass), String::new()),
            },
        };
        self.why = Some(why);
        action
    }

    fn explain(&self) -> Option<String> {
        self.why.clone()
    }
}

/// The bot called `name`.
pub fn make_bot(name: &str) -> Option<BoxBot<ContractBridge>> {
    let style = match name {
        "hard" => Style::Hard,
        "normal" => Style::Normal,
        "easy" => Style::Easy,
        "pass" => Style::Pass,
        _ => return None,
    };
    let name = NAMES.iter().copied().find(|n| *n == name)?;
    Some(Box::new(Player::new(style, name)))
}
