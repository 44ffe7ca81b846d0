//! The levels the players meet (easy, normal, hard): one bot, the
//! [`Player`], playing by its level's [`Style`]. It reads the hand
//! ([`Situation`], [`Reader`]), decides before the flop ([`preflop`]) or
//! after it ([`postflop`]), keeps the reason of its last decision for
//! [`Bot::explain`], and (hard) learns its opponents when each hand is
//! over ([`Reads`]).

use super::explain::sentence;
use super::model::{Counts, Reads};
use super::reading::Reader;
use super::situation::Situation;
use super::strength::Scores;
use super::style::{Level, Style};
use super::{give_up, passive, postflop, preflop};
use crate::cards::Card;
use crate::game::{Bot, GameRng};
use crate::holdem::action::{Action, Street};
use crate::holdem::seats::MAX_SEATS;
use crate::holdem::table::{Table, View};

/// A computer player of one level.
#[derive(Debug, Clone)]
pub struct Player {
    name: String,
    style: Style,
    reads: Reads,
    last: Option<String>,
    /// The scores of the boards of the hand being played.
    scores: Vec<(Vec<Card>, Scores)>,
}

impl Player {
    /// A player of `level` answering to `name`.
    pub fn new(name: &str, level: Level) -> Player {
        Player {
            name: name.to_string(),
            style: Style::of(level),
            reads: Reads::default(),
            last: None,
            scores: Vec::new(),
        }
    }

    /// The scores of the flop, turn and river boards so far (kept for the
    /// rest of the hand).
    fn scores(&mut self, board: &[Card]) -> Vec<Scores> {
        let mut out = Vec::new();
        for n in 3..=board.len() {
            let b = &board[..n];
            let known = self.scores.iter().find(|(k, _)| k.as_slice() == b);
            let s = match known {
                Some((_, s)) => s.clone(),
                None => {
                    let s = Scores::on(b);
                    if self.scores.len() >= 6 {
                        self.scores.remove(0);
                    }
                    self.scores.push((b.to_vec(), s.clone()));
                    s
                }
            };
            out.push(s);
        }
        out
    }
}

impl Bot<Table> for Player {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Action {
        let Some(legal) = view.state.legal() else {
            return Action::Check;
        };
        let Some(sit) = Situation::of(view) else {
            return passive(&legal);
        };
        let seats = view.state.seats();
        let counts: [Counts; MAX_SEATS] = std::array::from_fn(|s| {
            if self.style.reads && s < seats && s != sit.me {
                self.reads.of(s, sit.me, seats)
            } else {
                Counts::default()
            }
        });
        let reader = Reader::new(&sit, counts, self.style.read_actions);
        let decision = if sit.street() == Street::Preflop {
            preflop::decide(&sit, &reader, &self.style, rng)
        } else {
            let scores = self.scores(sit.board());
            postflop::decide(&sit, &reader, &self.style, &scores, rng)
        };
        let action = if legal.allows(decision.action) {
            decision.action
        } else {
            give_up(&legal)
        };
        self.last = Some(sentence(&sit, &decision.with(action)));
        action
    }

    fn explain(&self) -> Option<String> {
        self.last.clone()
    }

    fn deal_ended(&mut self, view: &View) {
        if self.style.reads {
            self.reads.learn(view);
        }
        self.scores.clear();
    }

    fn memory(&self) -> Option<serde_json::Value> {
        self.style
            .reads
            .then(|| serde_json::to_value(&self.reads).ok())
            .flatten()
    }

    fn recall(&mut self, memory: &serde_json::Value) {
        if let Ok(reads) = serde_json::from_value(memory.clone()) {
            self.reads = reads;
        }
    }
}
