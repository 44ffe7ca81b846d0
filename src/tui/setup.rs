//! A game's setup form, the same for every game: the options of its setup
//! (from the registry, as the engine describes them), changed in place
//! with ←/→. For a game on this machine, also the computer's level, then
//! the table (when a saved game of the same kind would be replaced, the
//! form asks first; the setup and the level are kept for the next time);
//! for a table in the hall, also the game, the seconds to act and whether
//! the table is private, then the table is created.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::keymap::{Binding, Key};
use super::online::net::Net;
use super::screen::{Nav, Screen};
use super::settings::Settings;
use super::theme::Theme;
use cardgames::form::Field;
use cardgames::game::Level;
use cardgames::games::{Entry, registry};
use cardgames::runner::thinking::Budget;
use cardgames::store::{self, Store};
use cardgames::wire::protocol::ClientMsg;

/// The kind of the file that keeps a game's last setup started here.
const REMEMBERED: &str = "setup";

/// Where the last setup of game `id` started on this machine is kept.
pub fn remembered_path(store: &Store, id: &str) -> PathBuf {
    store.data_path(&format!("setup-{id}"))
}

/// What the form keeps of the last game it started: the setup and the
/// computer's level.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LastGame {
    /// The game's setup.
    pub setup: Value,
    /// The computer's level (not in files kept before it was).
    #[serde(default)]
    pub level: Option<Level>,
}

/// A kept file: the last game, or (as kept before the level was) the
/// setup alone.
#[derive(Deserialize)]
#[serde(untagged)]
enum Kept {
    Game(LastGame),
    Setup(Value),
}

/// The last game of `entry` kept at `path`, when there is one whose setup
/// the game still accepts; else `None`, and a notice when the file was
/// there but damaged or no longer valid (the form then opens with the
/// defaults).
pub fn remembered(entry: &Entry, path: &std::path::Path) -> (Option<LastGame>, Option<String>) {
    let checked = store::load::<Kept>(path, REMEMBERED)
        .map_err(|e| e.to_string())
        .and_then(|kept| {
            let Some(kept) = kept else { return Ok(None) };
            let last = match kept {
                Kept::Game(last) => last,
                Kept::Setup(setup) => LastGame { setup, level: None },
            };
            let valid = entry
                .kind
                .fields(&last.setup)
                .and(entry.kind.seats(&last.setup));
            valid.map(|_| Some(last)).map_err(|e| e.to_string())
        });
    match checked {
        Ok(setup) => (setup, None),
        Err(e) => (
            None,
            Some(format!(
                "Your last {} setup could not be used ({e}); the defaults are shown",
                entry.name
            )),
        ),
    }
}

/// What the form is for.
#[derive(Debug)]
enum Purpose {
    /// A game on this machine against the computer.
    Local {
        level: Level,
        seed: u64,
        /// The saved game this would replace.
        replaces: Option<String>,
        asking: bool,
        /// What the computer may think with.
        budget: Budget,
    },
    /// A table in the hall.
    Hall {
        net: Net,
        seconds: u32,
        private: bool,
    },
}

/// Seconds to act that the hall form offers.
const SECONDS: [u32; 7] = [10, 15, 20, 30, 45, 60, 120];

/// The setup form of one game.
#[derive(Debug)]
pub struct SetupScreen {
    entry: &'static Entry,
    setup: Value,
    purpose: Purpose,
    cursor: usize,
    settings: Settings,
    error: Option<String>,
    /// Where the setup is kept when a game starts from it.
    remember: Option<PathBuf>,
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
    /// The form for `entry`, starting from the `last` game started (the
    /// default setup and the settings' level when `None`), the table to be
    /// dealt from `seed`; `replaces` is the saved game of this kind, if
    /// any; the computer thinks within `budget`.
    pub fn new(
        entry: &'static Entry,
        last: Option<LastGame>,
        seed: u64,
        settings: Settings,
        replaces: Option<String>,
        budget: Budget,
    ) -> SetupScreen {
        let (setup, level) = match last {
            Some(last) => (last.setup, last.level.unwrap_or(settings.level)),
            None => (entry.kind.default_setup(), settings.level),
        };
        SetupScreen {
            entry,
            setup,
            purpose: Purpose::Local {
                level,
                seed,
                replaces,
                asking: false,
                budget,
            },
            cursor: 0,
            settings,
            error: None,
            remember: None,
        }
    }

    /// The form, keeping the setup and the level at `path` when a game
    /// starts from them (read back with [`remembered`]).
    pub fn remembering(mut self, path: PathBuf) -> SetupScreen {
        self.remember = Some(path);
        self
    }

    /// The form of a new table in the hall reached through `net`, for
    /// `entry`'s game to begin with.
    pub fn online(entry: &'static Entry, net: Net, settings: Settings) -> SetupScreen {
        SetupScreen {
            entry,
            setup: entry.kind.default_setup(),
            purpose: Purpose::Hall {
                net,
                seconds: 30,
                private: false,
            },
            cursor: 0,
            settings,
            error: None,
            remember: None,
        }
    }

    fn games() -> Vec<&'static Entry> {
        registry()
            .entries()
            .iter()
            .filter(|e| crate::tui::boards::board(e.id).is_some())
            .collect()
    }

    fn fields(&self) -> Vec<Field> {
        let mut fields = Vec::new();
        if let Purpose::Hall { .. } = self.purpose {
            let games = SetupScreen::games();
            fields.push(Field {
                key: "game".into(),
                label: "Game".into(),
                choices: games.iter().map(|e| e.name.to_string()).collect(),
                selected: games
                    .iter()
                    .position(|e| e.id == self.entry.id)
                    .unwrap_or(0),
            });
        }
        fields.extend(self.entry.kind.fields(&self.setup).unwrap_or_default());
        match &self.purpose {
            Purpose::Local { level, .. } => fields.push(Field {
                key: "level".into(),
                label: "Computer".into(),
                choices: Level::ALL
                    .iter()
                    .map(|&l| match self.entry.kind.level_bot(l) {
                        bot if bot == l.name() => l.to_string(),
                        bot => format!("{l} ({bot})"),
                    })
                    .collect(),
                selected: Level::ALL.iter().position(|l| l == level).unwrap_or(1),
            }),
            Purpose::Hall {
                seconds, private, ..
            } => {
                fields.push(Field {
                    key: "seconds".into(),
                    label: "Seconds to act".into(),
                    choices: SECONDS.iter().map(u32::to_string).collect(),
                    selected: SECONDS.iter().position(|s| s == seconds).unwrap_or(3),
                });
                fields.push(Field {
                    key: "private".into(),
                    label: "Private (invite code)".into(),
                    choices: vec!["no".into(), "yes".into()],
                    selected: usize::from(*private),
                });
            }
        }
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
        match (field.key.as_str(), &mut self.purpose) {
            ("level", Purpose::Local { level, .. }) => *level = Level::ALL[next % Level::ALL.len()],
            ("seconds", Purpose::Hall { seconds, .. }) => *seconds = SECONDS[next % SECONDS.len()],
            ("private", Purpose::Hall { private, .. }) => *private = next == 1,
            ("game", Purpose::Hall { .. }) => {
                if let Some(entry) = SetupScreen::games().get(next) {
                    self.entry = entry;
                    self.setup = entry.kind.default_setup();
                }
            }
            (key, _) => match self.entry.kind.choose(&self.setup, key, next) {
                Ok(s) => self.setup = s,
                Err(e) => self.error = Some(e.to_string()),
            },
        }
    }

    fn asking(&self) -> bool {
        matches!(self.purpose, Purpose::Local { asking: true, .. })
    }

    fn start(&mut self) -> Nav {
        match &mut self.purpose {
            Purpose::Local {
                replaces: Some(_),
                asking: asking @ false,
                ..
            } => {
                *asking = true;
                Nav::Stay
            }
            Purpose::Local {
                level,
                seed,
                budget,
                ..
            } => {
                let Some(open) = super::boards::board(self.entry.id) else {
                    return Nav::Menu;
                };
                let bot = self.entry.kind.level_bot(*level);
                match open.local(
                    self.entry.rules,
                    &self.setup,
                    bot,
                    *seed,
                    &self.settings,
                    budget,
                ) {
                    Ok(page) => {
                        // A convenience: a setup not written is only
                        // not offered next time.
                        if let Some(path) = &self.remember {
                            let last = LastGame {
                                setup: self.setup.clone(),
                                level: Some(*level),
                            };
                            store::save(path, REMEMBERED, &last).ok();
                        }
                        Nav::Show(page)
                    }
                    Err(e) => {
                        self.error = Some(e);
                        Nav::Stay
                    }
                }
            }
            Purpose::Hall {
                net,
                seconds,
                private,
            } => {
                net.send(ClientMsg::Create {
                    game: self.entry.id.into(),
                    choices: None,
                    setup: Some(self.setup.clone()),
                    seconds: Some(*seconds),
                    private: *private,
                });
                Nav::Lobby(net.clone())
            }
        }
    }
}

/// `text` in at most `room` columns: cut with "…" when longer.
fn fitted(text: &str, room: usize) -> String {
    if text.chars().count() <= room {
        return text.to_string();
    }
    let kept: String = text.chars().take(room.saturating_sub(1)).collect();
    format!("{kept}…")
}

impl Screen for SetupScreen {
    type Action = SetupAction;

    fn title(&self) -> String {
        match self.purpose {
            Purpose::Local { .. } => format!("{} · new game", self.entry.name),
            Purpose::Hall { .. } => "New table in the hall".into(),
        }
    }

    fn bindings(&self) -> Vec<Binding<SetupAction>> {
        if self.asking() {
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
            SetupAction::Back => match &mut self.purpose {
                Purpose::Local {
                    asking: asking @ true,
                    ..
                } => *asking = false,
                Purpose::Local { .. } => return Nav::Menu,
                Purpose::Hall { net, .. } => {
                    return Nav::Lobby(net.clone());
                }
            },
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
            let marker = theme.marker(chosen);
            let value = f.choices.get(f.selected).cloned().unwrap_or_default();
            let value = format!(" ‹ {value} ›");
            // The value whole on the row: the label gives way to it.
            let room = usize::from(area.width)
                .saturating_sub(Span::raw(marker).width() + Span::raw(&value).width());
            let label = fitted(&f.label, room);
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{marker}{label:<0$}", room.min(22)),
                    if chosen {
                        theme.selected()
                    } else {
                        theme.text()
                    },
                ),
                Span::styled(value, theme.legal()),
            ]));
        }
        lines.push(Line::default());
        match &self.purpose {
            Purpose::Local {
                replaces: Some(saved),
                asking: true,
                ..
            } => {
                lines.push(Line::styled(
                    format!("You have a saved game ({saved}). Starting anew replaces it."),
                    theme.bad(),
                ));
                lines.push(Line::styled("y: start anew · n: keep it", theme.title()));
            }
            Purpose::Local { .. } => {
                lines.push(Line::styled("Press enter to sit down.", theme.dim()))
            }
            Purpose::Hall { .. } => lines.push(Line::styled(
                "Press enter to create the table.",
                theme.dim(),
            )),
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
