//! The terminal front end: sets the terminal up, runs the event loop over
//! the [`app::App`], and restores the terminal on every way out (quit,
//! Ctrl-C, error, panic).

pub mod app;
pub mod doom;
mod hit;
pub mod holdem;
pub mod honeymoon;
pub mod keymap;
mod log;
pub mod menu;
pub mod saved;
pub mod screen;
pub mod settings;
pub mod solver;
pub mod stats;
pub mod theme;
mod worker;

use std::io::{self, IsTerminal};
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

use crate::store::Store;
use app::App;

/// How often the loop wakes while something is in progress (bot thinking,
/// animation). When nothing is, it blocks on input: no busy loop.
const TICK: Duration = Duration::from_millis(50);

/// Where the app opens.
#[derive(Debug, Clone)]
pub enum Start {
    /// The main menu.
    Menu,
    /// A Hold'em table with these settings.
    Holdem(holdem::TableSetup),
    /// A Dice of Doom game with these settings.
    Doom(doom::Setup),
    /// A honeymoon match with these options against this bot.
    Honeymoon(crate::honeymoon::game::Options, String),
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
            settings::Settings {
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
    let mut terminal = ratatui::try_init()?;
    // ratatui's panic hook restores raw mode and the main screen; also
    // stop mouse reporting before the panic message is printed.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        hook(info);
    }));
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App) -> io::Result<()> {
    loop {
        terminal.draw(|frame| app.draw(frame.area(), frame.buffer_mut()))?;
        if app.should_quit() {
            return Ok(());
        }
        if app.tick() {
            if event::poll(TICK)? {
                app.handle(event::read()?);
            }
        } else {
            app.handle(event::read()?);
        }
    }
}
