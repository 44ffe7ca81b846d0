//! The main menu: the games, the endgame solver, settings and quit.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::screen::{Nav, Screen, Target};
use super::stats::Stats;
use super::theme::Theme;

/// One entry of the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// The saved game.
    Resume,
    /// Texas Hold'em.
    Holdem,
    /// Dice of Doom.
    Doom,
    /// Honeymoon bridge.
    Honeymoon,
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
            Item::Resume => "Resume",
            Item::Holdem => "Texas Hold'em",
            Item::Doom => "Dice of Doom",
            Item::Honeymoon => "Honeymoon bridge",
            Item::Solver => "Endgame solver",
            Item::Settings => "Settings",
            Item::Quit => "Quit",
        }
    }

    fn blurb(self) -> &'static str {
        match self {
            Item::Resume => "",
            Item::Holdem => "no-limit, 2 to 9 players",
            Item::Doom => "the hex-board dice war of Land of Lisp",
            Item::Honeymoon => "two-player bridge: bid, exchange, play",
            Item::Solver => "honeymoon double-dummy: every card's trick value",
            Item::Settings => "suit symbols, colour, AI level, pace",
            Item::Quit => "",
        }
    }

    fn nav(self) -> Nav {
        match self {
            Item::Resume => Nav::Open(Target::Resume),
            Item::Holdem => Nav::Open(Target::Holdem),
            Item::Doom => Nav::Open(Target::Doom),
            Item::Honeymoon => Nav::Open(Target::Honeymoon),
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
    resume: Option<String>,
    stats: Stats,
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
    /// The menu; `resume` names the saved game, if any; `stats` fill in
    /// the lifetime records beside each game.
    pub fn new(resume: Option<String>, stats: Stats) -> Menu {
        let mut items = vec![
            Item::Holdem,
            Item::Doom,
            Item::Honeymoon,
            Item::Solver,
            Item::Settings,
            Item::Quit,
        ];
        if resume.is_some() {
            items.insert(0, Item::Resume);
        }
        Menu {
            items,
            cursor: 0,
            resume,
            stats,
        }
    }

    fn label(&self, item: Item) -> String {
        match (item, &self.resume) {
            (Item::Resume, Some(r)) => r.clone(),
            _ => item.label().to_string(),
        }
    }

    fn blurb(&self, item: Item) -> String {
        let record = match item {
            Item::Holdem => self.stats.holdem_line(),
            Item::Doom => self.stats.doom_line(),
            Item::Honeymoon => self.stats.honeymoon_line(),
            _ => String::new(),
        };
        if record.is_empty() {
            item.blurb().to_string()
        } else {
            format!("{} · {record}", item.blurb())
        }
    }

    /// The highlighted entry.
    pub fn current(&self) -> Item {
        self.items[self.cursor]
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
                    format!("{marker}{:<20}", self.label(*item)),
                    if chosen {
                        theme.selected()
                    } else {
                        theme.text()
                    },
                ),
                Span::styled(format!("  {}", self.blurb(*item)), theme.dim()),
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
