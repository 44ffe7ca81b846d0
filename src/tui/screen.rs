//! What every screen of the app provides, and what a screen can ask the
//! app to do next.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::MouseEvent;
use ratatui::layout::Rect;

use super::keymap::Binding;
use super::theme::Theme;

/// Where to go after an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nav {
    /// Stay on this screen.
    Stay,
    /// Back to the main menu.
    Menu,
    /// Open another screen.
    Open(Target),
    /// Leave the app.
    Quit,
}

/// The screens the menu can open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The saved game.
    Resume,
    /// A new Hold'em table.
    Holdem,
    /// A new game of Dice of Doom.
    Doom,
    /// A new honeymoon bridge match.
    Honeymoon,
    /// The endgame solver.
    Solver,
    /// The settings screen.
    Settings,
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
}
