//! Computer players think on a worker thread so the screen keeps drawing:
//! the bot and its generator go to the thread and come back with the
//! chosen action.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{Bot, Game, GameRng};

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
    Done(Done<G>),
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
            Ok(done) => Poll::Done(done),
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
