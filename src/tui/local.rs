//! A table on this machine: the runner with the person in one seat and
//! the computer in the others. Each computer player thinks on a worker
//! thread, so the screen keeps drawing, and its move is held until a
//! short pause since the last move has passed, so a person can follow.
//! The table keeps each computer move's reason ([`Bot::explain`]) until
//! the person asks for them once the deal is over.
//!
//! [`Bot::explain`]: cardgames::game::Bot::explain

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use super::link::{Link, Seen, Tick, Update};
use cardgames::game::{Playable, Seat, Stage};
use cardgames::narrate::Note;
use cardgames::runner::thinking::Budget;
use cardgames::runner::{Applied, BotTurn, Logged, Player, RunError, Runner, Save};

/// A decision under way or made.
enum Turn<G: Playable> {
    /// Thinking on a worker thread.
    Thinking(Receiver<(BotTurn<G>, G::Action)>),
    /// Decided, waiting for the pause to pass.
    Decided(Box<(BotTurn<G>, G::Action)>),
}

/// A session at a table on this machine.
pub struct LocalTable<G: Playable> {
    runner: Runner<G>,
    me: Seat,
    delay: Duration,
    budget: Budget,
    last_move: Instant,
    turn: Option<(Turn<G>, Instant)>,
    /// The reasons of the computer's moves of this deal not given yet:
    /// the log step of each move, its seat, the reason.
    reasons: Vec<(usize, Seat, String)>,
}

impl<G: Playable> std::fmt::Debug for LocalTable<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalTable")
            .field("runner", &self.runner)
            .field("me", &self.me)
            .finish()
    }
}

impl<G: Playable> LocalTable<G> {
    /// The person plays `me` at `runner`'s table; the computer pauses
    /// `delay` between moves and thinks within `budget`.
    pub fn new(runner: Runner<G>, me: Seat, delay: Duration, budget: Budget) -> LocalTable<G> {
        LocalTable {
            runner,
            me,
            delay,
            budget,
            last_move: Instant::now(),
            turn: None,
            reasons: Vec::new(),
        }
    }

    /// What the step did, for the person.
    fn update(&mut self, applied: Result<Applied<G>, RunError>) -> Result<Update, String> {
        let applied = applied.map_err(|e| e.to_string())?;
        self.last_move = Instant::now();
        Ok(update_of(self.runner.game(), &applied, Some(self.me)))
    }
}

/// The notes of a step for `me`, and the scores if it ended a deal.
pub fn update_of<G: Playable>(game: &G, applied: &Applied<G>, me: Option<Seat>) -> Update {
    Update {
        notes: cardgames::runner::notes_of(game, applied, me),
        ended: cardgames::runner::deal_scores(game, applied),
        dealt_in: me.is_none_or(|s| game.dealt_in(s)),
        bought: me.and_then(|s| game.bought(s)),
    }
}

impl<G: Playable> Link<G> for LocalTable<G> {
    fn seen(&self) -> Seen<G> {
        let me = Some(self.me);
        Seen {
            me,
            view: self.runner.view(me),
            legal: self.runner.legal(me),
            stage: self.runner.stage(),
            names: self.runner.names(),
            bots: self
                .runner
                .seats()
                .iter()
                .map(|s| match &s.player {
                    Player::Bot(name) => Some(name.clone()),
                    Player::Person => None,
                })
                .collect(),
            away: Vec::new(),
            empty: Vec::new(),
            thinking: self.turn.as_ref().map(|(_, at)| at.elapsed()),
            setup: self.runner.setup().clone(),
            online: false,
        }
    }

    fn act(&mut self, action: G::Action) -> Result<Update, String> {
        let applied = self.runner.act(self.me, action);
        self.update(applied)
    }

    fn next_deal(&mut self) -> Result<Update, String> {
        let applied = self.runner.next_deal();
        if applied.is_ok() {
            self.reasons.clear();
        }
        self.update(applied)
    }

    fn show(&mut self) -> Result<Update, String> {
        let applied = self.runner.show(self.me);
        self.update(applied)
    }

    fn tick(&mut self) -> Tick {
        match self.turn.take() {
            None => match self.runner.lend() {
                None => Tick::Idle,
                Some(mut turn) => {
                    let (tx, rx) = mpsc::channel();
                    let budget = self.budget.clone();
                    thread::spawn(move || {
                        let action = budget.think(|| turn.decide());
                        let _ = tx.send((turn, action));
                    });
                    self.turn = Some((Turn::Thinking(rx), Instant::now()));
                    Tick::Busy
                }
            },
            Some((Turn::Thinking(rx), at)) => match rx.try_recv() {
                Ok(decided) => {
                    self.turn = Some((Turn::Decided(Box::new(decided)), at));
                    Tick::Busy
                }
                Err(TryRecvError::Empty) => {
                    self.turn = Some((Turn::Thinking(rx), at));
                    Tick::Busy
                }
                // The bot's thread died (a bug in the bot): the game's
                // default action is played for it.
                Err(TryRecvError::Disconnected) => {
                    let applied = self.runner.lost_turn();
                    Tick::Moved(self.update(applied))
                }
            },
            Some((Turn::Decided(decided), at)) => {
                if self.last_move.elapsed() < self.delay {
                    self.turn = Some((Turn::Decided(decided), at));
                    return Tick::Busy;
                }
                let (turn, action) = *decided;
                let (seat, step) = (turn.seat, self.runner.log().len());
                let why = turn.explain();
                let applied = self.runner.give_back(turn, action);
                if let (Ok(_), Some(why)) = (&applied, why) {
                    self.reasons.push((step, seat, why));
                }
                Tick::Moved(self.update(applied))
            }
        }
    }

    /// Back to before the person's last move of this deal that the game
    /// lets them take back; a computer's move decided meanwhile is put
    /// back unplayed.
    fn undo(&mut self) -> Result<Update, String> {
        match self.turn.take() {
            Some((Turn::Thinking(rx), at)) => {
                self.turn = Some((Turn::Thinking(rx), at));
                return Err("wait until the computer has moved".into());
            }
            Some((Turn::Decided(decided), _)) => self.runner.take_back(decided.0),
            None => {}
        }
        let mut last = None;
        for (i, entry) in self.runner.log().iter().enumerate().rev() {
            match entry {
                Logged::Deal | Logged::Chips { .. } => break,
                Logged::Act { seat, .. } if *seat == self.me => {
                    last = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(step) = last else {
            return Err("none of your moves of this deal to take back".into());
        };
        self.runner.rewind(step).map_err(|e| e.to_string())?;
        self.reasons.retain(|&(at, _, _)| at < step);
        self.last_move = Instant::now();
        Ok(Update {
            notes: vec![
                Note::new()
                    .seat(self.me)
                    .verb("take")
                    .text("back your last move"),
            ],
            ended: None,
            dealt_in: true,
            bought: None,
        })
    }

    fn deal_record(&self) -> Option<String> {
        let kept = cardgames::game::Kept {
            names: self.runner.names(),
            me: Some(self.me),
            when: Some(cardgames::game::now_seconds()),
        };
        self.runner.game().deal_record(&kept)
    }

    fn reasons(&mut self) -> Vec<(Seat, String)> {
        if !self.has_reasons() {
            return Vec::new();
        }
        self.reasons
            .drain(..)
            .map(|(_, seat, why)| (seat, why))
            .collect()
    }

    fn has_reasons(&self) -> bool {
        !self.reasons.is_empty() && !matches!(self.runner.stage(), Stage::Turn(_))
    }

    fn save(&self) -> Option<Save<G>> {
        (self.runner.stage() != Stage::Over).then(|| self.runner.save())
    }
}
