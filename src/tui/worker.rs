//! Computer players think on a worker thread so the screen keeps drawing:
//! the bot and its generator go to the thread and come back with the
//! chosen action. A save taken meanwhile holds the bot's memory and the
//! generator as they were before the decision, so that a resumed game asks
//! the bot the same question with the same luck.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{Bot, Game, GameRng, Seat};

/// A finished decision: the action, and the bot and generator handed back.
pub struct Done<G: Game> {
    /// The bot, to think again next time.
    pub bot: Box<dyn Bot<G>>,
    /// Its generator.
    pub rng: GameRng,
    /// What it chose.
    pub action: G::Action,
}

/// A bot thinking on its own thread.
pub struct Worker<G: Game> {
    rx: Receiver<Done<G>>,
    started: Instant,
}

impl<G: Game> std::fmt::Debug for Worker<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("started", &self.started)
            .finish()
    }
}

/// Polling a worker.
pub enum Poll<G: Game> {
    /// Still thinking.
    Thinking,
    /// Decided.
    Done(Box<Done<G>>),
    /// The thread died (a bug in the bot): the bot is lost.
    Failed,
}

impl<G: Game + 'static> Worker<G>
where
    G::View: Send + 'static,
    G::Action: Send + 'static,
{
    /// Starts `bot` thinking about `view`.
    pub fn spawn(mut bot: Box<dyn Bot<G>>, view: G::View, mut rng: GameRng) -> Worker<G> {
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let action = bot.choose(&view, &mut rng);
            let _ = tx.send(Done { bot, rng, action });
        });
        Worker {
            rx,
            started: Instant::now(),
        }
    }

    /// The decision if it is ready.
    pub fn poll(&self) -> Poll<G> {
        match self.rx.try_recv() {
            Ok(done) => Poll::Done(Box::new(done)),
            Err(TryRecvError::Empty) => Poll::Thinking,
            Err(TryRecvError::Disconnected) => Poll::Failed,
        }
    }

    /// How long it has been thinking.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

/// A spinner frame for `elapsed` time (ASCII when asked).
pub fn spinner(elapsed: Duration, ascii: bool) -> char {
    const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
    const ASCII: [char; 4] = ['|', '/', '-', '\\'];
    let i = (elapsed.as_millis() / 100) as usize;
    if ascii { ASCII[i % 4] } else { FRAMES[i % 10] }
}

/// What the driver wants done now.
#[derive(Debug)]
pub enum Step<A> {
    /// Nothing: a human is to act, or the game is over.
    Idle,
    /// A computer player is thinking, or waiting out the pause.
    Busy,
    /// Apply this action for the computer player to act.
    Act(A),
}

/// Drives a game's computer players: starts the one to act on a worker
/// thread, holds its decision until a pause since the last move has passed
/// (so a person can follow), then hands the action over.
pub struct Driver<G: Game> {
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    rng: Option<GameRng>,
    worker: Option<Worker<G>>,
    pending: Option<G::Action>,
    last_move: Instant,
    delay: Duration,
    /// Seats whose bot died: they play their first legal action.
    failed: Vec<Seat>,
    /// The decision under way (thinking, or waiting out the pause), as it
    /// began.
    before: Option<Before>,
}

/// A seat's bot's memory and the generator when it began a decision: what
/// a save holds until the decision is played.
struct Before {
    seat: Seat,
    memory: Option<serde_json::Value>,
    rng: GameRng,
}

impl<G: Game> std::fmt::Debug for Driver<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver")
            .field("delay", &self.delay)
            .finish()
    }
}

impl<G: Game + 'static> Driver<G>
where
    G::View: Send + 'static,
    G::Action: Send + 'static,
{
    /// `bots[seat]` plays that seat (`None`: a human); `rng` feeds them.
    pub fn new(bots: Vec<Option<Box<dyn Bot<G>>>>, rng: GameRng, delay: Duration) -> Driver<G> {
        Driver {
            bots,
            rng: Some(rng),
            worker: None,
            pending: None,
            last_move: Instant::now(),
            delay,
            failed: Vec::new(),
            before: None,
        }
    }

    /// What each seat's bot has learned, for a save (`None` for a human or
    /// a bot that learns nothing); for a bot in the middle of a decision,
    /// what it knew before.
    pub fn memories(&self) -> Vec<Option<serde_json::Value>> {
        self.bots
            .iter()
            .enumerate()
            .map(|(seat, bot)| match &self.before {
                Some(before) if before.seat == seat => before.memory.clone(),
                _ => bot.as_ref().and_then(|b| b.memory()),
            })
            .collect()
    }

    /// The bots' generator, for a save: as it was before the decision under
    /// way, if any.
    pub fn rng(&self) -> Option<GameRng> {
        match &self.before {
            Some(before) => Some(before.rng.clone()),
            None => self.rng.clone(),
        }
    }

    /// Gives each seat's bot back what it had learned.
    pub fn recall(&mut self, memories: &[Option<serde_json::Value>]) {
        for (bot, memory) in self.bots.iter_mut().zip(memories) {
            if let (Some(bot), Some(m)) = (bot, memory) {
                bot.recall(m);
            }
        }
    }

    /// Shows `action`, about to be taken in `game` by the seat to act, to
    /// every other seat's bot (those that read their opponents learn).
    pub fn observe(&mut self, game: &G, action: &G::Action) {
        let mover = game.to_act();
        for (seat, bot) in self.bots.iter_mut().enumerate() {
            if let Some(bot) = bot
                && Some(seat) != mover
            {
                bot.observe(&game.view(seat), action);
            }
        }
    }

    /// Notes that a move was just made (the pause counts from here).
    pub fn moved(&mut self) {
        self.last_move = Instant::now();
    }

    /// How long the computer player has been thinking, if it is.
    pub fn thinking(&self) -> Option<Duration> {
        self.worker.as_ref().map(Worker::elapsed)
    }

    /// Advances the computer player to act in `game`, if any.
    pub fn step(&mut self, game: &G) -> Step<G::Action> {
        let Some(seat) = game.to_act() else {
            return Step::Idle;
        };
        let first_legal = || {
            game.legal_actions()
                .into_iter()
                .next()
                .map_or(Step::Idle, Step::Act)
        };
        if self.failed.contains(&seat) {
            return first_legal();
        }
        let human = self.bots.get(seat).is_none_or(Option::is_none);
        if human && self.worker.is_none() && self.pending.is_none() {
            return Step::Idle;
        }
        if self.pending.is_some() {
            if self.last_move.elapsed() < self.delay {
                return Step::Busy;
            }
            self.before = None;
            return self.pending.take().map_or(Step::Busy, Step::Act);
        }
        match self.worker.take() {
            None => {
                if let (Some(bot), Some(rng)) = (self.bots[seat].take(), self.rng.take()) {
                    self.before = Some(Before {
                        seat,
                        memory: bot.memory(),
                        rng: rng.clone(),
                    });
                    self.worker = Some(Worker::spawn(bot, game.view(seat), rng));
                }
                Step::Busy
            }
            Some(w) => match w.poll() {
                Poll::Thinking => {
                    self.worker = Some(w);
                    Step::Busy
                }
                Poll::Done(done) => {
                    self.bots[seat] = Some(done.bot);
                    self.rng = Some(done.rng);
                    self.pending = Some(done.action);
                    Step::Busy
                }
                // The bot died: play the first legal action for it from now
                // on. (Its generator went with it: the others go on from the
                // state it began with.)
                Poll::Failed => {
                    self.rng = self.before.take().map(|b| b.rng);
                    self.failed.push(seat);
                    first_legal()
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::bots::{AiKind, StrongBot, make_bot};
    use crate::doom::model::Reads;
    use crate::doom::state::{random_board, random_move};
    use crate::doom::strong::Limits;
    use crate::doom::{Config, DoomGame, Move, RuleSet, View};
    use crate::game::rng_from_seed;

    /// A bot with a bug: it dies on its first decision.
    struct Dies;

    impl Bot<DoomGame> for Dies {
        fn name(&self) -> &str {
            "dies"
        }

        fn choose(&mut self, _: &View, _: &mut GameRng) -> Move {
            panic!("a bot with a bug (this panic is expected in the test)")
        }
    }

    #[test]
    fn a_bot_that_dies_plays_its_first_legal_move_and_the_others_go_on() {
        let config = Config::new(2, 3, RuleSet::Classic).unwrap_or_else(|e| panic!("{e}"));
        let board =
            random_board(3, &config, &mut rng_from_seed(4)).unwrap_or_else(|e| panic!("{e}"));
        let mut game = DoomGame::new(config, board, 0, 4);
        let bots: Vec<Option<Box<dyn Bot<DoomGame>>>> = vec![
            Some(Box::new(Dies)),
            Some(make_bot(AiKind::Greedy, Limits::depth(1))),
        ];
        let mut driver = Driver::new(bots, rng_from_seed(5), Duration::ZERO);
        let mut moves = [0; 2];
        for _ in 0..100_000 {
            match driver.step(&game) {
                Step::Idle => break,
                Step::Busy => thread::sleep(Duration::from_millis(1)),
                Step::Act(m) => {
                    moves[game.to_act().unwrap_or_default()] += 1;
                    game.apply(m).unwrap_or_else(|e| panic!("{e}"));
                    driver.moved();
                }
            }
        }
        assert!(game.outcome().is_some(), "the game was played to its end");
        assert!(moves[0] > 0 && moves[1] > 0, "both seats moved: {moves:?}");
        assert!(driver.rng().is_some(), "the generator is still there");
    }

    #[test]
    fn bots_see_the_other_seats_moves() {
        let cfg = Config::new(2, 5, RuleSet::Chance).unwrap();
        let board = random_board(5, &cfg, &mut rng_from_seed(0)).unwrap();
        let mut game = DoomGame::new(cfg, board, 0, 0);
        let strong: Box<dyn Bot<DoomGame>> = Box::new(StrongBot::new(Limits::depth(1)));
        let mut driver = Driver::new(vec![None, Some(strong)], rng_from_seed(1), Duration::ZERO);
        let mut rng = rng_from_seed(2);
        // A person playing at random for seat 0, three turns.
        let mut turns = 0;
        while turns < 3
            && let Some(0) = game.to_act()
        {
            let m = random_move(&game.view(0), &mut rng).unwrap();
            driver.observe(&game, &m);
            game.apply(m).unwrap();
            if game.to_act() == Some(1) {
                // Seat 1's turn: play it at random too, unseen by itself.
                while let Some(1) = game.to_act() {
                    let m = random_move(&game.view(1), &mut rng).unwrap();
                    driver.observe(&game, &m);
                    game.apply(m).unwrap();
                }
                turns += 1;
            }
        }
        let memory = driver.memories()[1].clone().unwrap();
        let reads: Reads = serde_json::from_value(memory).unwrap();
        assert!(reads.seen(0) > 0, "{reads:?}");
        assert!(reads.model().random[0] > 0.5, "{reads:?}");
    }
}
