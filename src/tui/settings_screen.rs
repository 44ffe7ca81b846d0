//! The settings screen: the user's [`Settings`] as a list of options,
//! changed in place and kept when the screen is left.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::screen::{Keep, Nav, Screen};
use super::settings::Settings;
use super::theme::Theme;
use cardgames::game::Level;

/// The settings screen: a list of options, changed in place.
#[derive(Debug, Clone)]
pub struct SettingsScreen {
    /// The settings being edited.
    pub settings: Settings,
    cursor: usize,
    /// `NO_COLOR` is set: colour is off whatever the setting says.
    no_color: bool,
}

/// Commands of the settings screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsAction {
    /// Previous option.
    Up,
    /// Next option.
    Down,
    /// Change the option to its next value.
    Change,
    /// Change the option to its previous value.
    ChangeBack,
    /// Back to the menu.
    Back,
}

const DELAYS: [u32; 5] = [0, 200, 400, 800, 1500];

impl SettingsScreen {
    /// The screen, editing `settings`; `color_allowed` is false under
    /// `NO_COLOR`.
    pub fn new(settings: Settings, color_allowed: bool) -> SettingsScreen {
        SettingsScreen {
            settings,
            cursor: 0,
            no_color: !color_allowed,
        }
    }

    fn rows(&self) -> [(&'static str, String); 6] {
        let s = self.settings;
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        [
            ("Suit letters (ASCII)", on(s.ascii)),
            (
                "Colour",
                if self.no_color {
                    "off (NO_COLOR)".to_string()
                } else {
                    on(s.color)
                },
            ),
            ("AI level", s.level.name().to_string()),
            ("Computer move pause", format!("{} ms", s.bot_delay_ms)),
            ("Ask before all-in", on(s.confirm_all_in)),
            ("Ask before leaving a hand", on(s.confirm_leave)),
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
                &[Key::Left, Key::Char('h')],
                "",
                "Change the highlighted option back",
                SettingsAction::ChangeBack,
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
            SettingsAction::Change | SettingsAction::ChangeBack => {
                let forward = action == SettingsAction::Change;
                let step = |i: usize, n: usize| {
                    if forward {
                        (i + 1) % n
                    } else {
                        (i + n - 1) % n
                    }
                };
                let s = &mut self.settings;
                match self.cursor {
                    0 => s.ascii = !s.ascii,
                    1 => s.color = !s.color,
                    2 => {
                        let i = Level::ALL.iter().position(|&l| l == s.level).unwrap_or(1);
                        s.level = Level::ALL[step(i, Level::ALL.len())];
                    }
                    4 => s.confirm_all_in = !s.confirm_all_in,
                    5 => s.confirm_leave = !s.confirm_leave,
                    _ => {
                        let i = DELAYS
                            .iter()
                            .position(|&d| d == s.bot_delay_ms)
                            .unwrap_or(0);
                        s.bot_delay_ms = DELAYS[step(i, DELAYS.len())];
                    }
                }
            }
            SettingsAction::Back => return Nav::Menu,
        }
        Nav::Stay
    }

    fn keep(&self) -> Keep {
        Keep::Settings(self.settings)
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let lines: Vec<Line> = self
            .rows()
            .into_iter()
            .enumerate()
            .map(|(i, (name, value))| {
                let marker = theme.marker(i == self.cursor);
                let style = if i == self.cursor {
                    theme.selected()
                } else {
                    theme.text()
                };
                Line::from(vec![
                    Span::styled(format!("{marker}{name:<26}"), style),
                    Span::styled(format!(" {value}"), theme.legal()),
                ])
            })
            .collect();
        Paragraph::new(lines).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(screen: &SettingsScreen, theme: Theme) -> String {
        let area = Rect::new(0, 0, 60, 4);
        let mut buf = Buffer::empty(area);
        screen.render(area, &mut buf, theme);
        (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn colour_says_it_is_off_under_no_color() {
        let settings = Settings::default();
        let theme = Theme::new(true, false);
        assert!(drawn(&SettingsScreen::new(settings, false), theme).contains("off (NO_COLOR)"));
        let allowed = drawn(&SettingsScreen::new(settings, true), theme);
        assert!(!allowed.contains("NO_COLOR"), "{allowed}");
        assert!(allowed.contains(" on"), "{allowed}");
    }

    #[test]
    fn the_selected_row_has_the_marker_of_every_other_list() {
        let screen = SettingsScreen::new(Settings::default(), true);
        let first = |theme: Theme| drawn(&screen, theme).lines().next().map(str::to_owned);
        assert!(first(Theme::new(true, false)).is_some_and(|l| l.starts_with("▶ Suit letters")));
        assert!(first(Theme::new(true, true)).is_some_and(|l| l.starts_with("> Suit letters")));
    }
}
