//! The main menu: the games, the endgame solver, settings and quit.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::screen::{Nav, Screen, Target};
use super::theme::Theme;

/// One entry of the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// Two-hand double-dummy analysis.
    Solver,
    /// Change settings.
    Settings,
    /// Leave.
    Quit,
}

impl Item {
    fn label(self) -> &'static str {
        match self {
            Item::Solver => "Endgame solver",
            Item::Settings => "Settings",
            Item::Quit => "Quit",
        }
    }

    fn blurb(self) -> &'static str {
        match self {
            Item::Solver => "honeymoon double-dummy: every card's trick value",
            Item::Settings => "suit symbols, colour, AI level, pace",
            Item::Quit => "",
        }
    }

    fn nav(self) -> Nav {
        match self {
            Item::Solver => Nav::Open(Target::Solver),
            Item::Settings => Nav::Open(Target::Settings),
            Item::Quit => Nav::Quit,
        }
    }
}

/// The menu and its cursor.
#[derive(Debug, Clone)]
pub struct Menu {
    items: Vec<Item>,
    cursor: usize,
}

/// Commands of the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuAction {
    /// Cursor up.
    Up,
    /// Cursor down.
    Down,
    /// Open the highlighted entry.
    Open,
    /// Open entry `n` directly.
    Pick(usize),
    /// Leave the app.
    Quit,
}

/// The first line of the menu body where the entries start.
const TOP: u16 = 2;

impl Menu {
    /// The menu.
    pub fn new() -> Menu {
        Menu {
            items: vec![Item::Solver, Item::Settings, Item::Quit],
            cursor: 0,
        }
    }

    /// The highlighted entry.
    pub fn current(&self) -> Item {
        self.items[self.cursor]
    }
}

impl Default for Menu {
    fn default() -> Menu {
        Menu::new()
    }
}

impl Screen for Menu {
    type Action = MenuAction;

    fn title(&self) -> String {
        "Main menu".into()
    }

    fn bindings(&self) -> Vec<Binding<MenuAction>> {
        vec![
            Binding::new(&[Key::Up, Key::Char('k')], "up", "Move up", MenuAction::Up),
            Binding::new(
                &[Key::Down, Key::Char('j')],
                "down",
                "Move down",
                MenuAction::Down,
            ),
            Binding::new(
                &[Key::Enter, Key::Char(' ')],
                "open",
                "Open the highlighted entry",
                MenuAction::Open,
            ),
            Binding::new(
                &[Key::Char('q'), Key::Esc],
                "quit",
                "Quit cardgames",
                MenuAction::Quit,
            ),
        ]
    }

    fn act(&mut self, action: MenuAction) -> Nav {
        let n = self.items.len();
        match action {
            MenuAction::Up => self.cursor = (self.cursor + n - 1) % n,
            MenuAction::Down => self.cursor = (self.cursor + 1) % n,
            MenuAction::Open => return self.current().nav(),
            MenuAction::Pick(i) if i < n => {
                self.cursor = i;
                return self.current().nav();
            }
            MenuAction::Pick(_) => {}
            MenuAction::Quit => return Nav::Quit,
        }
        Nav::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut lines = vec![
            Line::styled("Card and dice games against the computer", theme.dim()),
            Line::default(),
        ];
        for (i, item) in self.items.iter().enumerate() {
            let chosen = i == self.cursor;
            let marker = if chosen { "▶ " } else { "  " };
            let marker = if theme.ascii && chosen { "> " } else { marker };
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{marker}{:<20}", item.label()),
                    if chosen {
                        theme.selected()
                    } else {
                        theme.text()
                    },
                ),
                Span::styled(format!("  {}", item.blurb()), theme.dim()),
            ]));
        }
        Paragraph::new(lines).render(area, buf);
    }

    fn mouse(&self, ev: MouseEvent, area: Rect) -> Option<MenuAction> {
        let MouseEventKind::Down(MouseButton::Left) = ev.kind else {
            return None;
        };
        let row = ev.row.checked_sub(area.y + TOP)? as usize;
        (row < self.items.len()).then_some(MenuAction::Pick(row))
    }
}
