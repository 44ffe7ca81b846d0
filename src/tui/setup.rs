//! A game's setup form, the same for every game: the options of its setup
//! (from the registry, as the engine describes them) and the computer's
//! level, changed in place with ←/→, then the table. When a saved game of
//! the same kind would be replaced, the form asks first.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use serde_json::Value;

use super::keymap::{Binding, Key};
use super::screen::{Nav, Screen};
use super::settings::Settings;
use super::theme::Theme;
use crate::form::Field;
use crate::game::Level;
use crate::games::Entry;

/// The setup form of one game.
#[derive(Debug)]
pub struct SetupScreen {
    entry: &'static Entry,
    setup: Value,
    level: Level,
    cursor: usize,
    seed: u64,
    settings: Settings,
    /// The saved game this would replace, while asking.
    replaces: Option<String>,
    asking: bool,
    error: Option<String>,
}

/// Commands of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupAction {
    /// Previous option.
    Up,
    /// Next option.
    Down,
    /// The option's previous value.
    Left,
    /// The option's next value.
    Right,
    /// Sit down (or confirm replacing the saved game).
    Start,
    /// Back to the menu (or keep the saved game).
    Back,
}

impl SetupScreen {
    /// The form for `entry`, starting from `setup` (the default when
    /// `None`), the table to be dealt from `seed`; `replaces` is the saved
    /// game of this kind, if any.
    pub fn new(
        entry: &'static Entry,
        setup: Option<Value>,
        seed: u64,
        settings: Settings,
        replaces: Option<String>,
    ) -> SetupScreen {
        SetupScreen {
            entry,
            setup: setup.unwrap_or_else(|| entry.kind.default_setup()),
            level: settings.level,
            cursor: 0,
            seed,
            settings,
            replaces,
            asking: false,
            error: None,
        }
    }

    fn fields(&self) -> Vec<Field> {
        let mut fields = self.entry.kind.fields(&self.setup).unwrap_or_default();
        fields.push(Field {
            key: "level".into(),
            label: "Computer".into(),
            choices: Level::ALL
                .iter()
                .map(|&l| format!("{l} ({})", self.entry.kind.level_bot(l)))
                .collect(),
            selected: Level::ALL
                .iter()
                .position(|&l| l == self.level)
                .unwrap_or(1),
        });
        fields
    }

    fn change(&mut self, forward: bool) {
        let fields = self.fields();
        let Some(field) = fields.get(self.cursor) else {
            return;
        };
        let n = field.choices.len().max(1);
        let next = if forward {
            (field.selected + 1) % n
        } else {
            (field.selected + n - 1) % n
        };
        if field.key == "level" {
            self.level = Level::ALL[next % Level::ALL.len()];
            return;
        }
        match self.entry.kind.choose(&self.setup, &field.key, next) {
            Ok(s) => self.setup = s,
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn start(&mut self) -> Nav {
        if self.replaces.is_some() && !self.asking {
            self.asking = true;
            return Nav::Stay;
        }
        let Some(open) = self.entry.screen else {
            return Nav::Menu;
        };
        let bot = self.entry.kind.level_bot(self.level);
        match open.local(
            self.entry.rules,
            &self.setup,
            bot,
            self.seed,
            &self.settings,
        ) {
            Ok(page) => Nav::Show(page),
            Err(e) => {
                self.error = Some(e);
                Nav::Stay
            }
        }
    }
}

impl Screen for SetupScreen {
    type Action = SetupAction;

    fn title(&self) -> String {
        format!("{} · new game", self.entry.name)
    }

    fn bindings(&self) -> Vec<Binding<SetupAction>> {
        if self.asking {
            return vec![
                Binding::new(
                    &[Key::Char('y'), Key::Enter],
                    "start anew",
                    "Start anew: the saved game is replaced",
                    SetupAction::Start,
                ),
                Binding::new(
                    &[Key::Char('n'), Key::Esc],
                    "keep it",
                    "Keep the saved game",
                    SetupAction::Back,
                ),
            ];
        }
        vec![
            Binding::new(
                &[Key::Up, Key::Char('k')],
                "",
                "Previous option",
                SetupAction::Up,
            ),
            Binding::new(
                &[Key::Down, Key::Char('j')],
                "",
                "Next option",
                SetupAction::Down,
            ),
            Binding::new(
                &[Key::Left, Key::Char('h')],
                "",
                "The option's previous value",
                SetupAction::Left,
            ),
            Binding::new(
                &[Key::Right, Key::Char('l')],
                "change",
                "The option's next value",
                SetupAction::Right,
            ),
            Binding::new(
                &[Key::Enter],
                "start",
                "Sit down at the table",
                SetupAction::Start,
            ),
            Binding::new(
                &[Key::Esc, Key::Char('q')],
                "menu",
                "Back to the menu",
                SetupAction::Back,
            ),
        ]
    }

    fn act(&mut self, action: SetupAction) -> Nav {
        self.error = None;
        let n = self.fields().len().max(1);
        match action {
            SetupAction::Up => self.cursor = (self.cursor + n - 1) % n,
            SetupAction::Down => self.cursor = (self.cursor + 1) % n,
            SetupAction::Left => self.change(false),
            SetupAction::Right => self.change(true),
            SetupAction::Start => return self.start(),
            SetupAction::Back if self.asking => self.asking = false,
            SetupAction::Back => return Nav::Menu,
        }
        Nav::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut lines = vec![
            Line::styled(format!("New game of {}", self.entry.name), theme.dim()),
            Line::default(),
        ];
        for (i, f) in self.fields().iter().enumerate() {
            let chosen = i == self.cursor;
            let marker = match (chosen, theme.ascii) {
                (true, false) => "▶ ",
                (true, true) => "> ",
                _ => "  ",
            };
            let value = f.choices.get(f.selected).cloned().unwrap_or_default();
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{marker}{:<22}", f.label),
                    if chosen {
                        theme.selected()
                    } else {
                        theme.text()
                    },
                ),
                Span::styled(format!(" ‹ {value} ›"), theme.legal()),
            ]));
        }
        lines.push(Line::default());
        match (&self.replaces, self.asking) {
            (Some(saved), true) => {
                lines.push(Line::styled(
                    format!("You have a saved game ({saved}). Starting anew replaces it."),
                    theme.bad(),
                ));
                lines.push(Line::styled("y: start anew · n: keep it", theme.title()));
            }
            _ => lines.push(Line::styled("Press enter to sit down.", theme.dim())),
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }

    fn rules(&self) -> Option<&'static str> {
        Some(self.entry.rules)
    }

    fn status(&self) -> Option<String> {
        self.error.clone()
    }
}
