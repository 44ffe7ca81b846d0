//! The terminal front end: sets the terminal up, runs the event loop over
//! the [`App`], and restores the terminal on every way out (quit, Ctrl-C,
//! SIGHUP or SIGTERM, error, panic), keeping the game in progress. Every game is drawn by its board ([`table::Board`]) on
//! the one table screen ([`table::TableScreen`]), whose lifecycle is the
//! same for every game.

mod app;
mod boards;
mod doom;
mod farewell;
mod frame;
mod hit;
mod holdem;
mod honeymoon;
mod keymap;
mod line_edit;
mod link;
mod local;
mod log;
mod menu;
mod nim;
pub mod online;
mod saved;
mod screen;
mod settings;
mod settings_screen;
mod setup;
mod statistics;
pub mod stream;
pub mod table;
mod theme;

#[cfg(test)]
mod tests;

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use serde_json::Value;

pub use app::{App, Door};
pub use online::tokens::Tokens;
pub use settings::Settings;

use cardgames::game::Playable;
use cardgames::store::Store;

/// How often the loop wakes while something is in progress (bot thinking,
/// animation). When nothing is, it blocks on input: no busy loop.
pub(crate) const TICK: Duration = Duration::from_millis(50);

/// How often the idle loop wakes to see whether a signal asked it to end.
const SIGNAL_CHECK: Duration = Duration::from_millis(200);

/// A new game to open on screen.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// The game's registry id.
    pub game: String,
    /// Its setup, as JSON.
    pub setup: Value,
    /// The bot in every other seat.
    pub bot: String,
}

impl NewGame {
    /// A game of `G` with `setup`, against `bot`.
    pub fn new<G: Playable>(setup: &G::Setup, bot: &str) -> NewGame {
        NewGame {
            game: G::ID.into(),
            setup: serde_json::to_value(setup).unwrap_or(Value::Null),
            bot: bot.into(),
        }
    }
}

/// Where the app opens.
#[derive(Debug, Clone)]
pub enum Start {
    /// The main menu.
    Menu,
    /// A new game.
    Game(NewGame),
    /// The lobby of the hall at this address, as this player (a name the
    /// first time; the kept token after).
    Hall {
        /// The hall's address (`ws://host:port`).
        url: String,
        /// The name to use.
        name: Option<String>,
    },
}

/// Opens the app (on the menu or straight into a game; `seed` makes the
/// games replayable) and runs it until the player quits.
pub fn run(start: Start, seed: Option<u64>, ascii: bool) -> io::Result<()> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(io::Error::other(
            "the game screen needs a terminal; see `cardgames --help` for the headless commands",
        ));
    }
    let color = theme::Theme::color_from_env();
    let mut app = match Store::platform() {
        Ok(store) => App::with_store(store, ascii, color),
        Err(_) => App::new(
            Settings {
                ascii,
                ..Default::default()
            },
            color,
            None,
        ),
    };
    if let Some(seed) = seed {
        app = app.with_seed(seed);
    }
    app.open(start);
    let stop = watch_signals();
    let mut terminal = ratatui::try_init()?;
    // ratatui's panic hook restores raw mode and the main screen; also
    // stop mouse reporting before the panic message is printed.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        hook(info);
    }));
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app, &stop);
    // However the loop ended (a signal, or the terminal gone), the game in
    // progress is kept as Ctrl-C keeps it.
    if !app.should_quit() {
        app.quit();
    }
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// A flag raised by SIGHUP (the terminal closed) or SIGTERM (`kill`):
/// the event loop then leaves as Ctrl-C does. The handlers are in place
/// when this returns; a thread of its own waits for the signals.
fn watch_signals() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return stop;
        };
        let streams = rt.block_on(async {
            (
                signal(SignalKind::hangup()),
                signal(SignalKind::terminate()),
            )
        });
        if let (Ok(mut hup), Ok(mut term)) = streams {
            let raised = stop.clone();
            std::thread::Builder::new()
                .name("signals".into())
                .spawn(move || {
                    rt.block_on(async {
                        tokio::select! {
                            _ = hup.recv() => {}
                            _ = term.recv() => {}
                        }
                    });
                    raised.store(true, Ordering::SeqCst);
                })
                .ok();
        }
    }
    stop
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App, stop: &AtomicBool) -> io::Result<()> {
    let events = read_events();
    loop {
        terminal.draw(|frame| app.draw(frame.area(), frame.buffer_mut()))?;
        if app.should_quit() {
            return Ok(());
        }
        let busy = app.tick();
        // Idle, the loop sleeps until a key, waking only to check the flag.
        loop {
            if stop.load(Ordering::SeqCst) {
                app.quit();
                return Ok(());
            }
            match events.recv_timeout(if busy { TICK } else { SIGNAL_CHECK }) {
                Ok(Ok(ev)) => {
                    app.handle(ev);
                    break;
                }
                Ok(Err(e)) => return Err(e),
                Err(mpsc::RecvTimeoutError::Timeout) if busy => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
            }
        }
    }
}

/// The terminal's events, read on a thread of their own: the loop never
/// waits inside the reader, which spins for ever once the terminal has
/// closed (it reads nothing, again and again), and so always sees the
/// signal flag.
fn read_events() -> mpsc::Receiver<io::Result<event::Event>> {
    let (tx, rx) = mpsc::sync_channel(64);
    let reader = std::thread::Builder::new()
        .name("keys".into())
        .spawn(move || {
            loop {
                let ev = event::read();
                let failed = ev.is_err();
                if tx.send(ev).is_err() || failed {
                    return;
                }
            }
        });
    if let Err(e) = reader {
        // Without the thread the loop hears of no key: it says why and ends.
        let (tx, rx) = mpsc::sync_channel(1);
        let _ = tx.send(Err(e));
        return rx;
    }
    rx
}
