//! The screen shown on leaving a table: what the person did since they sat
//! down (rows a game's board supplies), dismissed with any key, then on to
//! where leaving goes (the menu, or the hall's lobby).

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::screen::{Nav, Screen};
use super::theme::Theme;

/// A session's summary, until a key is pressed.
pub struct FarewellScreen {
    rows: Vec<(&'static str, String)>,
    then: Option<Nav>,
}

impl std::fmt::Debug for FarewellScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FarewellScreen")
            .field("rows", &self.rows)
            .finish()
    }
}

impl FarewellScreen {
    /// The summary `rows` (label, value) of a session; a key goes on to
    /// `then`.
    pub fn new(rows: Vec<(&'static str, String)>, then: Nav) -> Self {
        FarewellScreen {
            rows,
            then: Some(then),
        }
    }

    fn go_on(&mut self) -> Nav {
        self.then.take().unwrap_or(Nav::Menu)
    }
}

impl Screen for FarewellScreen {
    type Action = ();

    fn title(&self) -> String {
        "Session summary".into()
    }

    fn bindings(&self) -> Vec<Binding<()>> {
        vec![Binding::new(
            &[Key::Enter],
            "go on",
            "Leave the summary",
            (),
        )]
    }

    fn act(&mut self, (): ()) -> Nav {
        self.go_on()
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let label = self
            .rows
            .iter()
            .map(|(l, _)| l.chars().count())
            .max()
            .unwrap_or(0);
        let mut lines = vec![
            Line::styled("Since you sat down", theme.title()),
            Line::default(),
        ];
        lines.extend(self.rows.iter().map(|(l, v)| {
            Line::from(vec![
                Span::styled(format!("{l:<label$}  "), theme.dim()),
                Span::styled(v.clone(), theme.text()),
            ])
        }));
        lines.push(Line::default());
        lines.push(Line::styled("Press any key to go on.", theme.dim()));
        let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
        let height = lines.len() as u16;
        let [_, column, _] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(width.min(area.width)),
            Constraint::Fill(1),
        ])
        .areas(area);
        let [_, middle, _] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(height.min(area.height)),
            Constraint::Fill(1),
        ])
        .areas(column);
        Paragraph::new(lines).render(middle, buf);
    }

    /// Every key goes on (but Ctrl-C, which quits as everywhere).
    fn typing(&self) -> bool {
        true
    }

    fn text(&mut self, _key: &KeyEvent) -> Option<Nav> {
        Some(self.go_on())
    }
}
