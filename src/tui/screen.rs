//! What every screen of the app provides ([`Screen`], with its own type of
//! commands), the same behind one object-safe face ([`Page`]) so the app
//! can hold any screen, and what a screen asks the app to do next.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};
use ratatui::layout::Rect;

use super::keymap::{Binding, Hint, hints, lookup};
use super::online::net::Net;
use super::saved::SavedGame;
use super::settings::Settings;
use super::theme::Theme;
use cardgames::stats::{Record, Stats};

/// Where to go after a command.
pub enum Nav {
    /// Stay on this screen.
    Stay,
    /// Back to the main menu.
    Menu,
    /// Open a screen the app makes.
    Open(Target),
    /// Show this screen.
    Show(Box<dyn Page>),
    /// The lobby of the hall reached through this connection.
    Lobby(Net),
    /// The setup form of a new table of this game at that hall.
    HallSetup(&'static str, Net),
    /// Leave the app.
    Quit,
}

impl std::fmt::Debug for Nav {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Nav::Stay => f.write_str("Stay"),
            Nav::Menu => f.write_str("Menu"),
            Nav::Open(t) => write!(f, "Open({t:?})"),
            Nav::Show(p) => write!(f, "Show({})", p.title()),
            Nav::Lobby(n) => write!(f, "Lobby({})", n.url),
            Nav::HallSetup(g, n) => write!(f, "HallSetup({g}, {})", n.url),
            Nav::Quit => f.write_str("Quit"),
        }
    }
}

/// The screens the app makes on request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A game's saved session.
    Resume(&'static str),
    /// A game's setup form.
    Setup(&'static str),
    /// The endgame solver.
    Solver,
    /// The Hold'em hand replayer.
    Replayer,
    /// The lifetime statistics.
    Statistics,
    /// The settings.
    Settings,
    /// The form to join a hall.
    Online,
}

/// What a screen being left wants kept.
#[derive(Debug)]
pub enum Keep {
    /// Nothing.
    Nothing,
    /// The settings as edited.
    Settings(Settings),
    /// The lifetime statistics, reset.
    Stats(Stats),
    /// A game's session: its save, or `None` once it is finished (the
    /// save is removed).
    Game(&'static str, Option<SavedGame>),
}

/// One screen: its key declarations, how it reacts, how it draws.
pub trait Screen {
    /// The commands of this screen.
    type Action: Clone;

    /// The title shown at the top.
    fn title(&self) -> String;

    /// The key bindings, as they stand now (disabled ones greyed).
    fn bindings(&self) -> Vec<Binding<Self::Action>>;

    /// Carries out a command.
    fn act(&mut self, action: Self::Action) -> Nav;

    /// Draws the body (everything but the title, hint and status lines).
    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme);

    /// A mouse event inside the body area `area`, as a command.
    fn mouse(&self, _ev: MouseEvent, _area: Rect) -> Option<Self::Action> {
        None
    }

    /// Advances anything in progress (bot moves, animations); true while
    /// something is still in progress, so the app keeps waking up.
    fn tick(&mut self) -> bool {
        false
    }

    /// The rules of the game on this screen, shown by the rules key.
    fn rules(&self) -> Option<&'static str> {
        None
    }

    /// A line for the status bar (messages, errors).
    fn status(&self) -> Option<String> {
        None
    }

    /// Finished games to add to the lifetime statistics, once each.
    fn take_records(&mut self) -> Vec<Record> {
        Vec::new()
    }

    /// What to keep when the screen is left.
    fn keep(&self) -> Keep {
        Keep::Nothing
    }

    /// After a tick: a screen to go to, when the screen wants to move on
    /// by itself (a table whose game began).
    fn redirect(&mut self) -> Option<Nav> {
        None
    }

    /// True while the screen takes typed text: keys go to it, not to the
    /// app's own (but Ctrl-C).
    fn typing(&self) -> bool {
        false
    }

    /// A key while the screen takes typed text (a chat line): what it did,
    /// or `None` when the screen takes no text now.
    fn text(&mut self, _key: &KeyEvent) -> Option<Nav> {
        None
    }
}

/// Any screen, as the app holds it.
pub trait Page {
    /// The title.
    fn title(&self) -> String;
    /// The hints of the screen's bindings, in order.
    fn hints(&self) -> Vec<Hint>;
    /// A key: the command it is bound to, carried out.
    fn key(&mut self, key: &KeyEvent) -> Nav;
    /// The `index`-th binding, as if its key was pressed (a click on the
    /// hint bar).
    fn binding(&mut self, index: usize) -> Nav;
    /// A mouse event in the body `area`.
    fn mouse(&mut self, ev: MouseEvent, area: Rect) -> Nav;
    /// See [`Screen::tick`].
    fn tick(&mut self) -> bool;
    /// See [`Screen::render`].
    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme);
    /// See [`Screen::rules`].
    fn rules(&self) -> Option<&'static str>;
    /// See [`Screen::status`].
    fn status(&self) -> Option<String>;
    /// See [`Screen::take_records`].
    fn take_records(&mut self) -> Vec<Record>;
    /// See [`Screen::keep`].
    fn keep(&self) -> Keep;
    /// See [`Screen::typing`].
    fn typing(&self) -> bool;
    /// See [`Screen::redirect`].
    fn redirect(&mut self) -> Option<Nav>;
    /// The screen itself, to look at its own type (tests).
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<S: Screen + 'static> Page for S {
    fn title(&self) -> String {
        Screen::title(self)
    }

    fn hints(&self) -> Vec<Hint> {
        hints(&self.bindings())
    }

    fn key(&mut self, key: &KeyEvent) -> Nav {
        if let Some(nav) = self.text(key) {
            return nav;
        }
        match lookup(&self.bindings(), key) {
            Some(a) => self.act(a),
            None => Nav::Stay,
        }
    }

    fn binding(&mut self, index: usize) -> Nav {
        match self.bindings().into_iter().nth(index) {
            Some(b) if b.enabled => self.act(b.action),
            _ => Nav::Stay,
        }
    }

    fn mouse(&mut self, ev: MouseEvent, area: Rect) -> Nav {
        match Screen::mouse(self, ev, area) {
            Some(a) => self.act(a),
            None => Nav::Stay,
        }
    }

    fn tick(&mut self) -> bool {
        Screen::tick(self)
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        Screen::render(self, area, buf, theme);
    }

    fn rules(&self) -> Option<&'static str> {
        Screen::rules(self)
    }

    fn status(&self) -> Option<String> {
        Screen::status(self)
    }

    fn take_records(&mut self) -> Vec<Record> {
        Screen::take_records(self)
    }

    fn keep(&self) -> Keep {
        Screen::keep(self)
    }

    fn typing(&self) -> bool {
        Screen::typing(self)
    }

    fn redirect(&mut self) -> Option<Nav> {
        Screen::redirect(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
