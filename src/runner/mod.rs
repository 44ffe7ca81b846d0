//! The table runner: one session of any [`Playable`] game with its seats,
//! each a person or a bot. Every front end drives games through it: the
//! screen, the headless bot matches ([`matches`]) and the hall's tables.
//!
//! An action flows one way: the seat to act is a person, whose action
//! arrives through [`Runner::act`], or a bot, whose turn the caller takes
//! with [`Runner::lend`], decides wherever it likes (a worker thread for
//! the screen, inline for a match, a thread pool for the hall) and hands
//! back with [`Runner::give_back`]. Either way every other seat's bot
//! observes it, the game applies it, and it joins the action log, from
//! which the session replays exactly ([`Save`]). Events come back to the
//! caller, who narrates them for its viewer ([`Runner::notes`]).

pub mod conformance;
pub mod erased;
pub mod matches;
pub mod thinking;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::{BoxBot, GameRng, Playable, Seat, SetupError, Stage, rng_from_seed};
use crate::narrate::Note;

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// A person: their actions arrive from outside.
    Person,
    /// A bot of this name.
    Bot(String),
}

/// A seat: its name and who plays it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The name others see.
    pub name: String,
    /// Who plays it.
    pub player: Player,
}

impl SeatInfo {
    /// A person called `name`.
    pub fn person(name: impl Into<String>) -> SeatInfo {
        SeatInfo {
            name: name.into(),
            player: Player::Person,
        }
    }

    /// The bot `bot`, called `name`.
    pub fn bot(name: impl Into<String>, bot: impl Into<String>) -> SeatInfo {
        SeatInfo {
            name: name.into(),
            player: Player::Bot(bot.into()),
        }
    }
}

/// One entry of the action log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Logged<A> {
    /// A seat acted (`late`: its time ran out and the game's default
    /// action was taken for it).
    Act {
        /// Who.
        seat: Seat,
        /// What.
        action: A,
        /// Taken for the seat when its time ran out.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        late: bool,
        /// Taken for the seat at once: its player is away (sits out, or
        /// left the table during the deal).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        away: bool,
    },
    /// The next deal was dealt.
    Deal,
    /// A person took moves back ([`Runner::rewind`]): the entries after
    /// the state it went back to were dropped, and this marks the place
    /// (the game counts it: [`Playable::rewound`]).
    Undo,
    /// Between deals a seat showed its hidden cards
    /// ([`Playable::may_show`]).
    Show {
        /// Who.
        seat: Seat,
    },
    /// Between deals a seat's chips were set: a buy-in, or 0 when its
    /// player left with them.
    Chips {
        /// Whose.
        seat: Seat,
        /// How many it has now.
        chips: u64,
    },
}

/// How an action came to be taken for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Taken {
    /// Chosen by the seat (a person or a bot).
    Chosen,
    /// The game's default, the seat's time having run out.
    Late,
    /// The game's default, the seat's person being away.
    Away,
}

/// Why the runner refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// Someone acted out of turn.
    #[error("not your turn")]
    NotYourTurn,
    /// A person acted for a seat a bot plays, or the other way round.
    #[error("seat {0} is not yours to play")]
    NotYourSeat(Seat),
    /// The game refused the action.
    #[error("{0}")]
    Rule(String),
    /// A bot chose an action the game refused (a bug in the bot).
    #[error("bot '{bot}' chose an illegal action: {why}")]
    Illegal {
        /// The bot.
        bot: String,
        /// What the game said.
        why: String,
    },
    /// A bot's decision came back for a turn that is no longer current.
    #[error("a decision for a turn already played")]
    Stale,
    /// The next deal was asked for while one is in progress or the
    /// session is over.
    #[error("no new deal now")]
    NoDeal,
    /// The setup cannot be played.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bot nobody knows.
    #[error("unknown bot '{name}' (known: {known})")]
    UnknownBot {
        /// The name asked for.
        name: String,
        /// The bots of the game.
        known: String,
    },
    /// As many seat descriptions as seats are needed.
    #[error("{got} seats given for a table of {seats}")]
    Seats {
        /// Seats at the table.
        seats: usize,
        /// Seats described.
        got: usize,
    },
    /// A saved session that does not replay.
    #[error("the saved game does not replay at step {step}: {why}")]
    Replay {
        /// The log entry (0-based).
        step: usize,
        /// What went wrong.
        why: String,
    },
}

/// What one step did: who acted and how, and what happened.
#[derive(Debug, Clone)]
pub struct Applied<G: Playable> {
    /// The entry added to the log.
    pub entry: Logged<G::Action>,
    /// What the game reported.
    pub events: Vec<G::Event>,
}

/// A bot's turn, lent out to be decided wherever the caller likes: the
/// bot, what it sees and its generator go, and come back with
/// [`Runner::give_back`].
pub struct BotTurn<G: Playable> {
    /// The seat to act.
    pub seat: Seat,
    /// What it sees.
    pub view: G::View,
    bot: BoxBot<G>,
    rng: GameRng,
    step: usize,
}

impl<G: Playable> std::fmt::Debug for BotTurn<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotTurn")
            .field("seat", &self.seat)
            .field("bot", &self.bot.name())
            .finish()
    }
}

impl<G: Playable> BotTurn<G> {
    /// The bot decides (as long as it takes).
    pub fn decide(&mut self) -> G::Action {
        self.bot.choose(&self.view, &mut self.rng)
    }

    /// Why the bot decided as it did ([`crate::game::Bot::explain`]).
    pub fn explain(&self) -> Option<String> {
        self.bot.explain()
    }
}

/// What a bot knew and its generator when its turn was lent: what a save
/// holds until the turn comes back.
#[derive(Debug, Clone)]
struct Lent {
    seat: Seat,
    memory: Option<Value>,
    rng: GameRng,
}

/// A session saved: its setup, seed, seats and action log, from which it
/// replays exactly, and what its bots had learned.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Save<G: Playable> {
    /// The setup.
    pub setup: G::Setup,
    /// The session's seed.
    pub seed: u64,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// Every step so far.
    pub log: Vec<Logged<G::Action>>,
    /// What each seat's bot had learned (`None`: a person, or nothing).
    pub memories: Vec<Option<Value>>,
    /// The bots' generator.
    pub bot_rng: GameRng,
    /// The chips the seats brought, for a session played for chips.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Vec<u64>>,
    /// The game the log starts from, when the session was checkpointed
    /// ([`Runner::rebase`]); without one the log starts at the first deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<G>,
}

/// Salt between a session's seed and its bots' generator.
const BOT_SALT: u64 = 0xb075_5eed_0000_0001;

/// One session at one table.
pub struct Runner<G: Playable> {
    setup: G::Setup,
    seed: u64,
    game: G,
    seats: Vec<SeatInfo>,
    bots: Vec<Option<BoxBot<G>>>,
    rng: Option<GameRng>,
    lent: Option<Lent>,
    log: Vec<Logged<G::Action>>,
    chips: Option<Vec<u64>>,
    origin: Option<G>,
}

impl<G: Playable> std::fmt::Debug for Runner<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("game", &G::ID)
            .field("seed", &self.seed)
            .field("steps", &self.log.len())
            .finish()
    }
}

/// The bot called `name`, or why not.
pub fn make_bot<G: Playable>(name: &str) -> Result<BoxBot<G>, RunError> {
    G::bot(name).ok_or_else(|| RunError::UnknownBot {
        name: name.to_string(),
        known: G::bot_names().join(", "),
    })
}

impl<G: Playable> Runner<G> {
    /// A new session of `setup` dealt from `seed`, with these seats.
    pub fn new(setup: G::Setup, seed: u64, seats: Vec<SeatInfo>) -> Result<Runner<G>, RunError> {
        let game = G::new(&setup, seed)?;
        Runner::with_game(setup, seed, game, seats, rng_from_seed(seed ^ BOT_SALT))
    }

    /// A new session of a game played for chips, each seat bringing its
    /// `chips` (0: an empty seat).
    pub fn seated(
        setup: G::Setup,
        seed: u64,
        seats: Vec<SeatInfo>,
        chips: Vec<u64>,
    ) -> Result<Runner<G>, RunError> {
        let game = G::seated(&setup, seed, &chips)?;
        let mut runner =
            Runner::with_game(setup, seed, game, seats, rng_from_seed(seed ^ BOT_SALT))?;
        runner.chips = Some(chips);
        Ok(runner)
    }

    fn with_game(
        setup: G::Setup,
        seed: u64,
        game: G,
        seats: Vec<SeatInfo>,
        rng: GameRng,
    ) -> Result<Runner<G>, RunError> {
        if seats.len() != game.seats() {
            return Err(RunError::Seats {
                seats: game.seats(),
                got: seats.len(),
            });
        }
        let bots = seats
            .iter()
            .map(|s| match &s.player {
                Player::Bot(name) => make_bot::<G>(name).map(Some),
                Player::Person => Ok(None),
            })
            .collect::<Result<_, _>>()?;
        Ok(Runner {
            setup,
            seed,
            game,
            seats,
            bots,
            rng: Some(rng),
            lent: None,
            log: Vec::new(),
            chips: None,
            origin: None,
        })
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The setup.
    pub fn setup(&self) -> &G::Setup {
        &self.setup
    }

    /// The session's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The seats.
    pub fn seats(&self) -> &[SeatInfo] {
        &self.seats
    }

    /// The seats' names.
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The action log.
    pub fn log(&self) -> &[Logged<G::Action>] {
        &self.log
    }

    /// Where the session stands.
    pub fn stage(&self) -> Stage {
        Stage::of(&self.game)
    }

    /// What `seat` sees (`None`: a spectator).
    pub fn view(&self, seat: Option<Seat>) -> G::View {
        match seat {
            Some(s) => self.game.view(s),
            None => self.game.spectator_view(),
        }
    }

    /// The actions `seat` may take now (none unless it is to act).
    pub fn legal(&self, seat: Option<Seat>) -> Vec<G::Action> {
        match seat {
            Some(s) if self.game.to_act() == Some(s) => self.game.legal_actions(),
            _ => Vec::new(),
        }
    }

    /// The first deal, as dealt when the session began (its log entry is
    /// a deal's).
    pub fn opening(&self) -> Applied<G> {
        Applied {
            entry: Logged::Deal,
            events: self.game.opening(),
        }
    }

    /// The log's lines for a step, as `seat` may see it.
    pub fn notes(&self, applied: &Applied<G>, seat: Option<Seat>) -> Vec<Note> {
        notes_of(&self.game, applied, seat)
    }

    /// The seat to act when it is a bot whose turn has not been lent.
    pub fn bot_to_act(&self) -> Option<Seat> {
        let seat = self.game.to_act()?;
        self.bots.get(seat)?.as_ref().map(|_| seat)
    }

    /// A person's action for `seat`.
    pub fn act(&mut self, seat: Seat, action: G::Action) -> Result<Applied<G>, RunError> {
        if self.game.to_act() != Some(seat) {
            return Err(RunError::NotYourTurn);
        }
        if self.seats[seat].player != Player::Person {
            return Err(RunError::NotYourSeat(seat));
        }
        self.play(seat, action, Taken::Chosen)
            .map_err(|e| RunError::Rule(e.to_string()))
    }

    /// The game's default action for `seat`, a person whose time ran out.
    pub fn time_out(&mut self, seat: Seat) -> Result<Applied<G>, RunError> {
        self.default_for(seat, Taken::Late)
    }

    /// The game's default action for `seat`, a person who is away.
    pub fn stand_in(&mut self, seat: Seat) -> Result<Applied<G>, RunError> {
        self.default_for(seat, Taken::Away)
    }

    /// The game's default action for the person in `seat`, taken `how`.
    fn default_for(&mut self, seat: Seat, how: Taken) -> Result<Applied<G>, RunError> {
        if self.game.to_act() != Some(seat) {
            return Err(RunError::NotYourTurn);
        }
        if self.seats[seat].player != Player::Person {
            return Err(RunError::NotYourSeat(seat));
        }
        let action = self
            .game
            .default_action()
            .ok_or_else(|| RunError::Rule("no action to take".into()))?;
        self.play(seat, action, how)
            .map_err(|e| RunError::Rule(e.to_string()))
    }

    /// Lends the turn of the bot to act, if one is.
    pub fn lend(&mut self) -> Option<BotTurn<G>> {
        let seat = self.bot_to_act()?;
        let bot = self.bots[seat].take()?;
        let Some(rng) = self.rng.take() else {
            self.bots[seat] = Some(bot);
            return None;
        };
        self.lent = Some(Lent {
            seat,
            memory: bot.memory(),
            rng: rng.clone(),
        });
        Some(BotTurn {
            seat,
            view: self.game.view(seat),
            bot,
            rng,
            step: self.log.len(),
        })
    }

    /// Takes back a lent turn with the bot's decision and plays it. An
    /// action the game refuses is the bot's bug: an error, and the state
    /// stays as it was (the bot and its generator are back in place).
    pub fn give_back(
        &mut self,
        turn: BotTurn<G>,
        action: G::Action,
    ) -> Result<Applied<G>, RunError> {
        let BotTurn {
            seat,
            bot,
            rng,
            step,
            ..
        } = turn;
        let name = bot.name().to_string();
        self.bots[seat] = Some(bot);
        self.rng = Some(rng);
        self.lent = None;
        if step != self.log.len() || self.game.to_act() != Some(seat) {
            return Err(RunError::Stale);
        }
        self.play(seat, action, Taken::Chosen)
            .map_err(|e| RunError::Illegal {
                bot: name,
                why: e.to_string(),
            })
    }

    /// A lent turn that never came back (its thread died): the bot is made
    /// again with what it knew, the generator is put back as it was, and
    /// the game's default action is played for the seat.
    pub fn lost_turn(&mut self) -> Result<Applied<G>, RunError> {
        let lent = self.lent.take().ok_or(RunError::Stale)?;
        let Player::Bot(name) = &self.seats[lent.seat].player else {
            return Err(RunError::NotYourSeat(lent.seat));
        };
        let mut bot = make_bot::<G>(name)?;
        if let Some(m) = &lent.memory {
            bot.recall(m);
        }
        self.bots[lent.seat] = Some(bot);
        self.rng = Some(lent.rng);
        let action = self
            .game
            .default_action()
            .ok_or_else(|| RunError::Rule("no action to take".into()))?;
        self.play(lent.seat, action, Taken::Late)
            .map_err(|e| RunError::Rule(e.to_string()))
    }

    /// The bot to act decides here and now, and its action is played.
    pub fn think(&mut self) -> Option<Result<Applied<G>, RunError>> {
        let mut turn = self.lend()?;
        let action = turn.decide();
        Some(self.give_back(turn, action))
    }

    /// Deals the next deal, once the last is over.
    pub fn next_deal(&mut self) -> Result<Applied<G>, RunError> {
        if self.stage() != Stage::DealOver {
            return Err(RunError::NoDeal);
        }
        let events = self
            .game
            .next_deal()
            .map_err(|e| RunError::Rule(e.to_string()))?;
        // A deal decided as it is dealt (everyone all in from the blinds).
        self.tell_deal_over();
        self.log.push(Logged::Deal);
        Ok(Applied {
            entry: Logged::Deal,
            events,
        })
    }

    /// Sets `seat`'s chips between deals (a game played for chips).
    pub fn set_chips(&mut self, seat: Seat, chips: u64) -> Result<Applied<G>, RunError> {
        if matches!(self.stage(), Stage::Turn(_)) {
            return Err(RunError::Rule(
                "chips change hands only between deals".into(),
            ));
        }
        self.game.set_chips(seat, chips)?;
        let entry = Logged::Chips { seat, chips };
        self.log.push(entry.clone());
        Ok(Applied {
            entry,
            events: Vec::new(),
        })
    }

    /// Makes the game as it stands the start of the log: a save from here
    /// on holds this state and the steps after it, not the whole session.
    pub fn rebase(&mut self) {
        self.origin = Some(self.game.clone());
        self.log.clear();
    }

    /// Seats someone else in `seat`: a person, or a (new) bot. A bot in
    /// the middle of its turn stays until the turn is played.
    pub fn set_seat(&mut self, seat: Seat, info: SeatInfo) -> Result<(), RunError> {
        if seat >= self.seats.len() {
            return Err(RunError::Seats {
                seats: self.seats.len(),
                got: seat + 1,
            });
        }
        if self.lent.as_ref().is_some_and(|l| l.seat == seat) {
            return Err(RunError::NotYourSeat(seat));
        }
        self.bots[seat] = match &info.player {
            Player::Bot(name) => Some(make_bot::<G>(name)?),
            Player::Person => None,
        };
        self.seats[seat] = info;
        Ok(())
    }

    /// Plays `action` for `seat` (to act): the other seats' bots observe,
    /// the game applies, the log records.
    fn play(&mut self, seat: Seat, action: G::Action, how: Taken) -> Result<Applied<G>, G::Error> {
        let watching: Vec<(Seat, G::View)> = (0..self.bots.len())
            .filter(|&s| s != seat && self.bots[s].is_some())
            .map(|s| (s, self.game.view(s)))
            .collect();
        let events = self.game.apply(action.clone())?;
        for (s, view) in watching {
            if let Some(bot) = &mut self.bots[s] {
                bot.observe(&view, &action);
            }
        }
        self.tell_deal_over();
        let entry = Logged::Act {
            seat,
            action,
            late: how == Taken::Late,
            away: how == Taken::Away,
        };
        self.log.push(entry.clone());
        Ok(Applied { entry, events })
    }

    /// Once a deal is over, every bot sees it from its seat.
    fn tell_deal_over(&mut self) {
        if self.game.to_act().is_some() {
            return;
        }
        for (s, bot) in self.bots.iter_mut().enumerate() {
            if let Some(bot) = bot {
                bot.deal_ended(&self.game.view(s));
            }
        }
    }

    /// The session as a save: setup, seed, seats, the action log, what the
    /// bots learned and their generator (as they were before a lent turn).
    pub fn save(&self) -> Save<G> {
        let memories = self
            .bots
            .iter()
            .enumerate()
            .map(|(seat, bot)| match &self.lent {
                Some(l) if l.seat == seat => l.memory.clone(),
                _ => bot.as_ref().and_then(|b| b.memory()),
            })
            .collect();
        let bot_rng = match (&self.lent, &self.rng) {
            (Some(l), _) => l.rng.clone(),
            (None, Some(rng)) => rng.clone(),
            (None, None) => rng_from_seed(self.seed ^ BOT_SALT),
        };
        Save {
            setup: self.setup.clone(),
            seed: self.seed,
            seats: self.seats.clone(),
            log: self.log.clone(),
            memories,
            bot_rng,
            chips: self.chips.clone(),
            origin: self.origin.clone(),
        }
    }

    /// A saved session, replayed step by step from its seed (`seen` is
    /// called with the opening deal, then after each step, with the game
    /// as it then stood), its bots given back what they had learned.
    pub fn restore(
        save: Save<G>,
        mut seen: impl FnMut(&G, &Applied<G>),
    ) -> Result<Runner<G>, RunError> {
        let mut game = start_of(&save.setup, save.seed, &save.chips, &save.origin)?;
        if save.origin.is_none() {
            let opening = Applied {
                entry: Logged::Deal,
                events: game.opening(),
            };
            seen(&game, &opening);
        }
        replay(&mut game, &save.log, &mut seen)?;
        let mut runner = Runner::with_game(save.setup, save.seed, game, save.seats, save.bot_rng)?;
        for (bot, memory) in runner.bots.iter_mut().zip(&save.memories) {
            if let (Some(bot), Some(m)) = (bot, memory) {
                bot.recall(m);
            }
        }
        runner.log = save.log;
        runner.chips = save.chips;
        runner.origin = save.origin;
        Ok(runner)
    }

    /// `seat` shows its hidden cards between deals, where the game lets
    /// it ([`Playable::may_show`]: a Hold'em hand won without a showdown).
    pub fn show(&mut self, seat: Seat) -> Result<Applied<G>, RunError> {
        if !self.game.may_show(seat) {
            return Err(RunError::Rule("there is nothing to show now".into()));
        }
        let events = self.game.show(seat);
        let entry = Logged::Show { seat };
        self.log.push(entry.clone());
        Ok(Applied { entry, events })
    }

    /// Takes the session back to where it stood after the first `to`
    /// entries of the log (an undo): only within the current deal, only
    /// to a state the game allows ([`Playable::may_rewind`]), never while
    /// a bot's turn is lent. The later entries are dropped and an
    /// [`Logged::Undo`] marks the place. The bots keep what they observed.
    pub fn rewind(&mut self, to: usize) -> Result<Applied<G>, RunError> {
        let refuse = |why: &str| Err(RunError::Rule(why.to_string()));
        if self.lent.is_some() {
            return refuse("wait until the computer has moved");
        }
        if to >= self.log.len() {
            return refuse("nothing to take back");
        }
        if self.log[to..]
            .iter()
            .any(|e| matches!(e, Logged::Deal | Logged::Chips { .. }))
        {
            return refuse("only moves of this deal can be taken back");
        }
        let mut earlier = start_of(&self.setup, self.seed, &self.chips, &self.origin)?;
        replay(&mut earlier, &self.log[..to], &mut |_, _| {})?;
        if !self.game.may_rewind(&earlier) {
            return refuse("that move cannot be taken back here");
        }
        earlier.rewound();
        self.game = earlier;
        self.log.truncate(to);
        self.log.push(Logged::Undo);
        Ok(Applied {
            entry: Logged::Undo,
            events: Vec::new(),
        })
    }

    /// Puts a lent turn back without playing it: the bot and the
    /// generator return as they were lent.
    pub fn take_back(&mut self, turn: BotTurn<G>) {
        let BotTurn { seat, bot, .. } = turn;
        self.bots[seat] = Some(bot);
        if let Some(lent) = self.lent.take() {
            self.rng = Some(lent.rng);
        }
    }
}

/// The session's state before its log: the origin it was rebased to, or
/// a new session from the setup and seed.
fn start_of<G: Playable>(
    setup: &G::Setup,
    seed: u64,
    chips: &Option<Vec<u64>>,
    origin: &Option<G>,
) -> Result<G, RunError> {
    Ok(match (origin, chips) {
        (Some(origin), _) => origin.clone(),
        (None, Some(chips)) => G::seated(setup, seed, chips)?,
        (None, None) => G::new(setup, seed)?,
    })
}

/// Applies the log's entries to `game`, calling `seen` after each.
fn replay<G: Playable>(
    game: &mut G,
    log: &[Logged<G::Action>],
    seen: &mut dyn FnMut(&G, &Applied<G>),
) -> Result<(), RunError> {
    for (step, entry) in log.iter().enumerate() {
        let replay = |why: String| RunError::Replay { step, why };
        let events = match entry {
            Logged::Act { seat, action, .. } => {
                if game.to_act() != Some(*seat) {
                    return Err(replay(format!("seat {seat} is not to act")));
                }
                game.apply(action.clone())
                    .map_err(|e| replay(e.to_string()))?
            }
            Logged::Deal => {
                if !game.deal_over() {
                    return Err(replay("no deal is over".into()));
                }
                game.next_deal().map_err(|e| replay(e.to_string()))?
            }
            Logged::Undo => {
                game.rewound();
                Vec::new()
            }
            Logged::Show { seat } => {
                if !game.may_show(*seat) {
                    return Err(replay(format!("seat {seat} has nothing to show")));
                }
                game.show(*seat)
            }
            Logged::Chips { seat, chips } => {
                if game.to_act().is_some() {
                    return Err(replay("chips set during a deal".into()));
                }
                game.set_chips(*seat, *chips)
                    .map_err(|e| replay(e.to_string()))?;
                Vec::new()
            }
        };
        seen(
            game,
            &Applied {
                entry: entry.clone(),
                events,
            },
        );
    }
    Ok(())
}

/// Each seat's score and the game's unit when the step `applied` ended a
/// deal: by a move, or by the deal itself (a board already decided).
pub fn deal_scores<G: Playable>(game: &G, applied: &Applied<G>) -> Option<(Vec<f64>, f64)> {
    let ended =
        matches!(applied.entry, Logged::Act { .. } | Logged::Deal) && game.to_act().is_none();
    ended
        .then(|| game.scores().map(|s| (s, game.score_unit())))
        .flatten()
}

/// The log's lines for a step in `game` (as it stands after the step), as
/// `seat` may see it.
pub fn notes_of<G: Playable>(game: &G, applied: &Applied<G>, seat: Option<Seat>) -> Vec<Note> {
    let mut notes = Vec::new();
    match applied.entry {
        Logged::Act {
            seat: s,
            late: true,
            ..
        } => notes.push(Note::new().seat(s).verb("run out").text("of time")),
        Logged::Act {
            seat: s,
            away: true,
            ..
        } => notes.push(Note::new().seat(s).verb("be").text("away")),
        _ => {}
    }
    for e in &applied.events {
        notes.extend(game.narrate(&G::event_for(e, seat)));
    }
    notes
}
