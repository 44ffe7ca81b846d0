//! The main menu: a resume entry for each saved game, the games of the
//! registry with their lifetime records, the game hall, the hand
//! replayer, the endgame solver, statistics, settings and quit.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::screen::{Nav, Screen, Target};
use super::theme::Theme;
use cardgames::games::registry;
use cardgames::stats::Stats;

/// One entry of the menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    label: String,
    blurb: String,
    target: Option<Target>,
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
    /// The menu; `saved` names each game's saved session (game id and a
    /// few words), `stats` fill in the lifetime records beside each game.
    pub fn new(saved: &[(&'static str, String)], stats: &Stats) -> Menu {
        let mut items = Vec::new();
        for (id, summary) in saved {
            let name = registry().get(id).map_or(*id, |e| e.name);
            items.push(Item {
                label: format!("Resume {name}"),
                blurb: summary.clone(),
                target: Some(Target::Resume(id)),
            });
        }
        for e in registry()
            .entries()
            .iter()
            .filter(|e| super::boards::board(e.id).is_some())
        {
            let record = stats.line(e.id, e.tally);
            items.push(Item {
                label: e.name.into(),
                blurb: if record.is_empty() {
                    e.blurb.into()
                } else {
                    format!("{} · {record}", e.blurb)
                },
                target: Some(Target::Setup(e.id)),
            });
        }
        let others = [
            (
                "Play online",
                "a game hall: tables with people, chat",
                Some(Target::Online),
            ),
            (
                "Hand replayer",
                "Hold'em hands, action by action",
                Some(Target::Replayer),
            ),
            (
                "Endgame solver",
                "honeymoon double-dummy: every card's trick value",
                Some(Target::Solver),
            ),
            (
                "Statistics",
                "lifetime results, in full",
                Some(Target::Statistics),
            ),
            (
                "Settings",
                "suit symbols, colour, AI level, pace",
                Some(Target::Settings),
            ),
            ("Quit", "", None),
        ];
        for (label, blurb, target) in others {
            items.push(Item {
                label: label.into(),
                blurb: blurb.into(),
                target,
            });
        }
        Menu { items, cursor: 0 }
    }

    fn open(&self) -> Nav {
        match &self.items[self.cursor].target {
            Some(t) => Nav::Open(t.clone()),
            None => Nav::Quit,
        }
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
            MenuAction::Open => return self.open(),
            MenuAction::Pick(i) if i < n => {
                self.cursor = i;
                return self.open();
            }
            MenuAction::Pick(_) => {}
            MenuAction::Quit => return Nav::Quit,
        }
        Nav::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut lines = vec![
            Line::styled(
                "Card and dice games, against the computer or people online",
                theme.dim(),
            ),
            Line::default(),
        ];
        for (i, item) in self.items.iter().enumerate() {
            let chosen = i == self.cursor;
            let marker = theme.marker(chosen);
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{marker}{:<20}", item.label),
                    if chosen {
                        theme.selected()
                    } else {
                        theme.text()
                    },
                ),
                Span::styled(format!("  {}", item.blurb), theme.dim()),
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
