//! Joining a hall from the menu: the hall's address and your name, typed
//! in; a name already known to that hall (its token kept from an earlier
//! visit) logs you in as yourself, and the names you have there are listed
//! to choose from.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use cardgames::wire::client::hall_address;

use super::net::Net;
use super::tokens::Tokens;
use crate::tui::keymap::{Binding, Key};
use crate::tui::line_edit::{Edit, LineEdit};
use crate::tui::screen::{Nav, Screen};
use crate::tui::theme::Theme;

/// The join form.
#[derive(Debug)]
pub struct JoinScreen {
    fields: [LineEdit; 2],
    focus: usize,
    tokens: Tokens,
    error: Option<String>,
}

/// The form's commands. Its keys are read as typed text (see
/// [`Screen::text`]); these are its hint bar's entries, to click.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinAction {
    /// Join the hall.
    Join,
    /// The other field.
    Switch,
    /// Back to the menu.
    Back,
}

impl JoinScreen {
    /// The form, filled with the last hall joined and the name used there.
    pub fn new(tokens: Tokens) -> JoinScreen {
        let (url, name) = tokens.last().unwrap_or_else(|| {
            (
                "ws://127.0.0.1:7878".into(),
                std::env::var("USER").unwrap_or_default(),
            )
        });
        JoinScreen {
            fields: [LineEdit::with(&url), LineEdit::with(&name)],
            focus: 1,
            tokens,
            error: None,
        }
    }

    /// The form with this hall's address in it (`cardgames join URL`
    /// without a name the hall knows).
    pub fn at(mut self, url: &str) -> JoinScreen {
        self.fields[0] = LineEdit::with(url);
        self
    }

    fn join(&mut self) -> Nav {
        let url = match hall_address(self.fields[0].text()) {
            Ok(url) => url,
            Err(e) => {
                self.error = Some(e);
                return Nav::Stay;
            }
        };
        let name = self.fields[1].text().trim().to_string();
        match self.tokens.identity(&url, Some(&name)) {
            Ok(who) => {
                let net = Net::connect(&url, who, self.tokens.keeper(&url));
                Nav::Lobby(net)
            }
            Err(e) => {
                self.error = Some(e);
                Nav::Stay
            }
        }
    }
}

impl Screen for JoinScreen {
    type Action = JoinAction;

    fn title(&self) -> String {
        "Play online".into()
    }

    fn bindings(&self) -> Vec<Binding<JoinAction>> {
        vec![
            Binding::new(&[Key::Enter], "join", "Join the hall", JoinAction::Join),
            Binding::new(
                &[Key::Tab, Key::Up, Key::Down],
                "switch",
                "The other field",
                JoinAction::Switch,
            ),
            Binding::new(&[Key::Esc], "back", "Back to the menu", JoinAction::Back),
        ]
    }

    fn act(&mut self, action: JoinAction) -> Nav {
        match action {
            JoinAction::Join => self.join(),
            JoinAction::Switch => {
                self.focus = 1 - self.focus;
                Nav::Stay
            }
            JoinAction::Back => Nav::Menu,
        }
    }

    fn typing(&self) -> bool {
        true
    }

    fn text(&mut self, key: &KeyEvent) -> Option<Nav> {
        self.error = None;
        match key.code {
            KeyCode::Up | KeyCode::Down | KeyCode::Tab => Some(self.act(JoinAction::Switch)),
            KeyCode::Enter => Some(self.act(JoinAction::Join)),
            KeyCode::Esc => Some(self.act(JoinAction::Back)),
            _ => {
                let _: Edit = self.fields[self.focus].key(key);
                Some(Nav::Stay)
            }
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut lines = vec![
            Line::styled("Join a game hall (`cardgames serve` runs one)", theme.dim()),
            Line::default(),
        ];
        for (i, label) in ["Hall", "Your name"].iter().enumerate() {
            let focused = i == self.focus;
            let cursor = if focused { "▏" } else { "" };
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{}{label:<12}", theme.marker(focused)),
                    if focused {
                        theme.selected()
                    } else {
                        theme.text()
                    },
                ),
                Span::styled(format!("{}{cursor}", self.fields[i].text()), theme.legal()),
            ]));
        }
        if let Ok(url) = hall_address(self.fields[0].text()) {
            let names = self.tokens.names(&url);
            if !names.is_empty() {
                lines.push(Line::styled(
                    format!("  Your names there: {}", names.join(", ")),
                    theme.dim(),
                ));
            }
        }
        lines.push(Line::default());
        lines.push(Line::styled(
            "↑/↓ switch · enter join · esc back",
            theme.dim(),
        ));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }

    fn status(&self) -> Option<String> {
        self.error.clone()
    }
}
