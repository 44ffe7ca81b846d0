//! The settings screen and the settings it edits, kept in the config file.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use serde::{Deserialize, Serialize};

use super::keymap::{Binding, Key};
use super::screen::{Nav, Screen};
use super::theme::Theme;

/// How hard the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Beatable.
    Easy,
    /// A fair game.
    #[default]
    Normal,
    /// The strongest AI.
    Hard,
}

impl Level {
    /// The next level, wrapping.
    pub fn next(self) -> Level {
        match self {
            Level::Easy => Level::Normal,
            Level::Normal => Level::Hard,
            Level::Hard => Level::Easy,
        }
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

/// The user's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Suits as letters.
    pub ascii: bool,
    /// Colour (off anyway under `NO_COLOR`).
    pub color: bool,
    /// AI strength for new games.
    pub level: Level,
    /// Pause between computer moves, in milliseconds.
    pub bot_delay_ms: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            ascii: false,
            color: true,
            level: Level::Normal,
            bot_delay_ms: 400,
        }
    }
}

/// The settings screen: a list of options, changed in place.
#[derive(Debug, Clone)]
pub struct SettingsScreen {
    /// The settings being edited.
    pub settings: Settings,
    cursor: usize,
}

/// Commands of the settings screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsAction {
    /// Previous option.
    Up,
    /// Next option.
    Down,
    /// Change the option.
    Change,
    /// Back to the menu.
    Back,
}

const DELAYS: [u32; 5] = [0, 200, 400, 800, 1500];

impl SettingsScreen {
    /// The screen, editing `settings`.
    pub fn new(settings: Settings) -> SettingsScreen {
        SettingsScreen {
            settings,
            cursor: 0,
        }
    }

    fn rows(&self) -> [(&'static str, String); 4] {
        let s = self.settings;
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        [
            ("Suit letters (ASCII)", on(s.ascii)),
            ("Colour", on(s.color)),
            ("AI level", s.level.name().to_string()),
            ("Computer move pause", format!("{} ms", s.bot_delay_ms)),
        ]
    }
}

impl Screen for SettingsScreen {
    type Action = SettingsAction;

    fn title(&self) -> String {
        "Settings".into()
    }

    fn bindings(&self) -> Vec<Binding<SettingsAction>> {
        vec![
            Binding::new(
                &[Key::Up, Key::Char('k')],
                "up",
                "Previous option",
                SettingsAction::Up,
            ),
            Binding::new(
                &[Key::Down, Key::Char('j')],
                "down",
                "Next option",
                SettingsAction::Down,
            ),
            Binding::new(
                &[Key::Enter, Key::Char(' '), Key::Right, Key::Char('l')],
                "change",
                "Change the highlighted option",
                SettingsAction::Change,
            ),
            Binding::new(
                &[Key::Esc, Key::Char('q')],
                "back",
                "Save and go back to the menu",
                SettingsAction::Back,
            ),
        ]
    }

    fn act(&mut self, action: SettingsAction) -> Nav {
        let n = self.rows().len();
        match action {
            SettingsAction::Up => self.cursor = (self.cursor + n - 1) % n,
            SettingsAction::Down => self.cursor = (self.cursor + 1) % n,
            SettingsAction::Change => {
                let s = &mut self.settings;
                match self.cursor {
                    0 => s.ascii = !s.ascii,
                    1 => s.color = !s.color,
                    2 => s.level = s.level.next(),
                    _ => {
                        let i = DELAYS
                            .iter()
                            .position(|&d| d == s.bot_delay_ms)
                            .unwrap_or(0);
                        s.bot_delay_ms = DELAYS[(i + 1) % DELAYS.len()];
                    }
                }
            }
            SettingsAction::Back => return Nav::Menu,
        }
        Nav::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let lines: Vec<Line> = self
            .rows()
            .into_iter()
            .enumerate()
            .map(|(i, (name, value))| {
                let marker = if i == self.cursor { "> " } else { "  " };
                let style = if i == self.cursor {
                    theme.selected()
                } else {
                    theme.text()
                };
                Line::from(vec![
                    Span::styled(format!("{marker}{name:<24}"), style),
                    Span::styled(format!(" {value}"), theme.legal()),
                ])
            })
            .collect();
        Paragraph::new(lines).render(area, buf);
    }
}
