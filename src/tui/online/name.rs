//! A newcomer's first screen at a hall's ssh door: the name others will
//! see, registered with the hall for the key they came in with.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::tui::keymap::{Binding, Key};
use crate::tui::line_edit::LineEdit;
use crate::tui::screen::{Nav, Screen};
use crate::tui::theme::Theme;
use cardgames::wire::protocol::{NAME_RULE, normal_name};

/// Registers a new player by name at the hall the app came in by; on
/// success the hall's token is kept in the app's tokens ([`super::tokens::Tokens`]).
pub type Registrar = Box<dyn FnMut(&str) -> Result<(), String> + Send>;

/// The name form.
pub struct NameScreen {
    name: LineEdit,
    register: Registrar,
    error: Option<String>,
}

impl std::fmt::Debug for NameScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NameScreen").finish()
    }
}

/// The form's hint bar entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameAction {
    /// Take the name typed.
    Register,
}

impl NameScreen {
    /// The form; `register` takes the name.
    pub fn new(register: Registrar) -> NameScreen {
        NameScreen {
            name: LineEdit::default(),
            register,
            error: None,
        }
    }

    fn register(&mut self) -> Nav {
        let Some(name) = normal_name(self.name.text().trim()) else {
            self.error = Some(NAME_RULE.into());
            return Nav::Stay;
        };
        match (self.register)(&name) {
            Ok(()) => Nav::Menu,
            Err(e) => {
                self.error = Some(e);
                Nav::Stay
            }
        }
    }
}

impl Screen for NameScreen {
    type Action = NameAction;

    fn title(&self) -> String {
        "Welcome".into()
    }

    fn bindings(&self) -> Vec<Binding<NameAction>> {
        vec![Binding::new(
            &[Key::Enter],
            "take this name",
            "Take the name typed",
            NameAction::Register,
        )]
    }

    fn act(&mut self, action: NameAction) -> Nav {
        match action {
            NameAction::Register => self.register(),
        }
    }

    fn typing(&self) -> bool {
        true
    }

    fn text(&mut self, key: &KeyEvent) -> Option<Nav> {
        self.error = None;
        if key.code == KeyCode::Enter {
            return Some(self.register());
        }
        self.name.key(key);
        Some(Nav::Stay)
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let lines = vec![
            Line::styled(
                "Welcome to the hall. Your ssh key is your account here;",
                theme.text(),
            ),
            Line::styled("choose the name the other players will see.", theme.text()),
            Line::default(),
            Line::from(vec![
                Span::styled("Name: ", theme.selected()),
                Span::styled(format!("{}▏", self.name.text()), theme.legal()),
            ]),
        ];
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }

    fn status(&self) -> Option<String> {
        self.error.clone()
    }
}
