//! The app: which screen is showing, the help overlay, the keys every
//! screen shares (`?` help, Ctrl-C quit), the frame around each screen
//! (title, status, hint bar) and the "terminal too small" screen.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyEvent, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use super::doom::{DoomScreen, Setup};
use super::holdem::{HoldemScreen, TableSetup};
use super::honeymoon::HoneymoonScreen;
use super::keymap::{Binding, Hint, Key, help_lines, hint_at, hint_bar, hints, lookup};
use super::menu::Menu;
use super::saved::{self, SavedGame};
use super::screen::{Nav, Screen, Target};
use super::settings::Level;
use super::settings::{Settings, SettingsScreen};
use super::solver::SolverScreen;
use super::stats::Stats;
use super::theme::Theme;
use crate::game::random_seed;
use crate::honeymoon::game::Options;
use crate::store::{self, Store};

/// The smallest terminal the app draws in.
pub const MIN_WIDTH: u16 = 60;
/// The smallest terminal the app draws in.
pub const MIN_HEIGHT: u16 = 20;
/// Blank columns before the hint bar's first entry.
const BAR_MARGIN: u16 = 1;

/// The screen showing now.
#[derive(Debug)]
enum Current {
    Menu(Menu),
    Holdem(Box<HoldemScreen>),
    Doom(Box<DoomScreen>),
    Honeymoon(Box<HoneymoonScreen>),
    Settings(SettingsScreen),
    Solver(Box<SolverScreen>),
}

/// Runs `$body` with `$s` bound to the current screen, whatever its type.
macro_rules! on_screen {
    ($current:expr, $s:ident => $body:expr) => {
        match $current {
            Current::Menu($s) => $body,
            Current::Holdem($s) => $body,
            Current::Doom($s) => $body,
            Current::Honeymoon($s) => $body,
            Current::Settings($s) => $body,
            Current::Solver($s) => $body,
        }
    };
}

/// Keys every screen shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Global {
    Help,
    Rules,
    Quit,
}

fn global_bindings(rules: bool) -> Vec<Binding<Global>> {
    vec![
        Binding::new(
            &[Key::Char('?')],
            "help",
            "Show or hide this help",
            Global::Help,
        ),
        Binding::new(
            &[Key::Char('i')],
            "",
            "Show or hide the rules of the game",
            Global::Rules,
        )
        .enabled(rules),
        Binding::new(
            &[Key::Ctrl('c')],
            "",
            "Quit at once (the game is saved)",
            Global::Quit,
        ),
    ]
}

/// The whole app state.
#[derive(Debug)]
pub struct App {
    current: Current,
    settings: Settings,
    color_allowed: bool,
    store: Option<Store>,
    help: bool,
    rules: bool,
    notice: Option<String>,
    quit: bool,
    /// The body area of the last frame, for mouse hits.
    body: Rect,
    /// The hint bar of the last frame, for mouse hits.
    bar: Rect,
    /// The seed of the next game or deal opened (then incremented), so a
    /// session started with `--seed` replays.
    next_seed: u64,
    stats: Stats,
    saved: Option<SavedGame>,
    /// The save file on disk could not be read: never write over it.
    save_blocked: bool,
}

impl App {
    /// The app on its main menu. `color_allowed` is false under
    /// `NO_COLOR`; `store` is where settings live (none in tests).
    pub fn new(settings: Settings, color_allowed: bool, store: Option<Store>) -> App {
        App {
            current: Current::Menu(Menu::new(None, Stats::default())),
            settings,
            color_allowed,
            store,
            help: false,
            rules: false,
            notice: None,
            quit: false,
            body: Rect::default(),
            bar: Rect::default(),
            next_seed: random_seed(),
            stats: Stats::default(),
            saved: None,
            save_blocked: false,
        }
    }

    /// The same app, drawing its games from `seed` onwards.
    pub fn with_seed(mut self, seed: u64) -> App {
        self.next_seed = seed;
        self
    }

    fn take_seed(&mut self) -> u64 {
        let s = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        s
    }

    /// The app with settings, stats and the saved game read from `store`
    /// (defaults when missing; a bad file is reported on the status line,
    /// left alone, and never written over).
    pub fn with_store(store: Store, ascii: bool, color_allowed: bool) -> App {
        let mut problems = Vec::new();
        let mut settings: Settings =
            load_or_note(&store.config_path("settings"), "settings", &mut problems)
                .unwrap_or_default();
        settings.ascii |= ascii;
        let stats =
            load_or_note(&store.data_path("stats"), "stats", &mut problems).unwrap_or_default();
        let before = problems.len();
        let saved = load_or_note(&store.data_path(saved::FILE), saved::KIND, &mut problems);
        let mut app = App::new(settings, color_allowed, Some(store));
        app.save_blocked = problems.len() > before;
        app.stats = stats;
        app.saved = saved;
        app.notice = problems.into_iter().next();
        app.current = Current::Menu(app.menu());
        app
    }

    fn menu(&self) -> Menu {
        Menu::new(self.saved.as_ref().map(SavedGame::describe), self.stats)
    }

    /// The styles to draw with now.
    pub fn theme(&self) -> Theme {
        Theme::new(
            self.settings.color && self.color_allowed,
            self.settings.ascii,
        )
    }

    /// True once the user has asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// True while the help overlay is showing.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// The title of the current screen.
    pub fn title(&self) -> String {
        on_screen!(&self.current, s => s.title())
    }

    /// The current settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Reacts to one terminal event.
    pub fn handle(&mut self, event: Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Mouse(m) => {
                let click = m.kind == MouseEventKind::Down(MouseButton::Left);
                if self.help || self.rules {
                    // A click anywhere closes the overlay, as Esc does.
                    if click {
                        self.help = false;
                        self.rules = false;
                    }
                    return;
                }
                if click && m.row == self.bar.y {
                    if let Some(col) = m.column.checked_sub(self.bar.x + BAR_MARGIN) {
                        self.click_hint(col);
                    }
                    return;
                }
                let body = self.body;
                let nav = on_screen!(&mut self.current, s => match s.mouse(m, body) {
                    Some(a) => s.act(a),
                    None => Nav::Stay,
                });
                self.record();
                self.navigate(nav);
            }
            _ => {}
        }
    }

    /// A click on column `col` of the hint bar: the entry there acts as
    /// its key would.
    fn click_hint(&mut self, col: u16) {
        let has_rules = on_screen!(&self.current, s => s.rules().is_some());
        let globals = global_bindings(has_rules);
        let Some(i) = hint_at(&self.hints(), col) else {
            return;
        };
        if let Some(g) = globals.get(i) {
            return self.global(g.action);
        }
        self.notice = None;
        let nav = on_screen!(&mut self.current, s => {
            match s.bindings().into_iter().nth(i - globals.len()) {
                Some(b) if b.enabled => s.act(b.action),
                _ => Nav::Stay,
            }
        });
        self.record();
        self.navigate(nav);
    }

    /// The keys every screen shares.
    fn global(&mut self, g: Global) {
        match g {
            Global::Quit => self.navigate(Nav::Quit),
            Global::Help => {
                self.help = !self.help;
                self.rules = false;
            }
            Global::Rules => {
                self.rules = !self.rules;
                self.help = false;
            }
        }
    }

    fn key(&mut self, key: KeyEvent) {
        let has_rules = on_screen!(&self.current, s => s.rules().is_some());
        if let Some(g) = lookup(&global_bindings(has_rules), &key) {
            return self.global(g);
        }
        if self.help || self.rules {
            if Key::Esc.matches(&key) || Key::Char('q').matches(&key) {
                self.help = false;
                self.rules = false;
            }
            return;
        }
        self.notice = None;
        let nav = on_screen!(&mut self.current, s => {
            match lookup(&s.bindings(), &key) {
                Some(a) => s.act(a),
                None => Nav::Stay,
            }
        });
        self.record();
        self.navigate(nav);
    }

    /// Advances the current screen's work in progress; true while busy.
    pub fn tick(&mut self) -> bool {
        let busy = on_screen!(&mut self.current, s => s.tick());
        self.record();
        busy
    }

    fn navigate(&mut self, nav: Nav) {
        match nav {
            Nav::Stay => {}
            Nav::Quit => {
                self.leave_screen();
                self.quit = true;
            }
            Nav::Menu => {
                self.leave_screen();
                self.current = Current::Menu(self.menu());
            }
            Nav::Open(Target::Settings) => {
                self.current = Current::Settings(SettingsScreen::new(self.settings));
            }
            Nav::Open(Target::Doom) => {
                let seed = self.take_seed();
                self.current = Current::Doom(Box::new(DoomScreen::new(
                    Setup::default(),
                    seed,
                    self.bot_delay(),
                    self.settings.ascii,
                )));
            }
            Nav::Open(Target::Holdem) => {
                let seed = self.take_seed();
                let setup = TableSetup {
                    level: self.settings.level,
                    ..TableSetup::default()
                };
                self.current = Current::Holdem(Box::new(HoldemScreen::new(
                    setup,
                    seed,
                    self.bot_delay(),
                    self.settings.ascii,
                )));
            }
            Nav::Open(Target::Honeymoon) => {
                let seed = self.take_seed();
                let bot = match self.settings.level {
                    Level::Easy => "random",
                    Level::Normal => "greedy",
                    Level::Hard => "strong",
                };
                self.current = Current::Honeymoon(Box::new(HoneymoonScreen::new(
                    Options::default(),
                    bot,
                    seed,
                    self.bot_delay(),
                    self.settings.ascii,
                )));
            }
            Nav::Open(Target::Resume) => match self.saved.take() {
                Some(SavedGame::Holdem(save)) => {
                    self.current = Current::Holdem(Box::new(HoldemScreen::resume(
                        *save,
                        self.bot_delay(),
                        self.settings.ascii,
                    )));
                }
                Some(SavedGame::Honeymoon(save)) => {
                    self.current = Current::Honeymoon(Box::new(HoneymoonScreen::resume(
                        *save,
                        self.bot_delay(),
                        self.settings.ascii,
                    )));
                }
                Some(SavedGame::Doom(save)) => {
                    self.current = Current::Doom(Box::new(DoomScreen::resume(
                        *save,
                        self.bot_delay(),
                        self.settings.ascii,
                    )));
                }
                None => self.current = Current::Menu(self.menu()),
            },
            Nav::Open(Target::Solver) => {
                let seed = self.take_seed();
                self.current = Current::Solver(Box::new(SolverScreen::new(seed)));
            }
        }
    }

    fn bot_delay(&self) -> std::time::Duration {
        std::time::Duration::from_millis(u64::from(self.settings.bot_delay_ms))
    }

    /// Keeps what the screen being left has to keep: the settings, or the
    /// game in progress (a finished game clears the save).
    fn leave_screen(&mut self) {
        match &self.current {
            Current::Settings(s) => {
                self.settings = s.settings;
                let settings = self.settings;
                self.write(true, "settings", "settings", &settings);
            }
            Current::Doom(s) => {
                let save = s.save().map(|d| SavedGame::Doom(Box::new(d)));
                self.keep_game(save);
            }
            Current::Honeymoon(s) => {
                let save = Some(SavedGame::Honeymoon(Box::new(s.save())));
                self.keep_game(save);
            }
            Current::Holdem(s) => {
                let save = s.save().map(|h| SavedGame::Holdem(Box::new(h)));
                self.keep_game(save);
            }
            Current::Menu(_) | Current::Solver(_) => {}
        }
    }

    /// Writes the game in progress to the save file, or removes the file
    /// when there is none (unless the file on disk was unreadable).
    fn keep_game(&mut self, save: Option<SavedGame>) {
        self.saved = save;
        if self.save_blocked {
            return;
        }
        let Some(store) = &self.store else { return };
        let path = store.data_path(saved::FILE);
        let result = match &self.saved {
            Some(game) => store::save(&path, saved::KIND, game),
            None => store::remove(&path),
        };
        if let Err(e) = result {
            self.notice = Some(e.to_string());
        }
    }

    fn write<T: serde::Serialize>(&mut self, config: bool, name: &str, kind: &str, data: &T) {
        let Some(store) = &self.store else { return };
        let path = if config {
            store.config_path(name)
        } else {
            store.data_path(name)
        };
        if let Err(e) = store::save(&path, kind, data) {
            self.notice = Some(e.to_string());
        }
    }

    /// Adds a finished game to the lifetime stats.
    fn record(&mut self) {
        let record = match &mut self.current {
            Current::Holdem(s) => s.take_record(),
            Current::Doom(s) => s.take_record(),
            Current::Honeymoon(s) => s.take_record(),
            _ => None,
        };
        if let Some(r) = record {
            self.stats.add(r);
            let stats = self.stats;
            self.write(false, "stats", "stats", &stats);
        }
    }

    /// The Dice of Doom screen, when it is showing.
    pub fn doom(&self) -> Option<&DoomScreen> {
        match &self.current {
            Current::Doom(s) => Some(s),
            _ => None,
        }
    }

    /// Opens a game directly, started with the given settings.
    pub fn open(&mut self, start: super::Start) {
        use super::Start;
        let seed = if matches!(start, Start::Menu) {
            0
        } else {
            self.take_seed()
        };
        let (delay, ascii) = (self.bot_delay(), self.settings.ascii);
        match start {
            Start::Menu => {}
            Start::Holdem(setup) => {
                let mut s = HoldemScreen::new(setup, seed, delay, ascii);
                s.start();
                self.current = Current::Holdem(Box::new(s));
            }
            Start::Doom(setup) => {
                let mut s = DoomScreen::new(setup, seed, delay, ascii);
                s.start();
                self.current = Current::Doom(Box::new(s));
            }
            Start::Honeymoon(options, bot) => {
                let s = HoneymoonScreen::new(options, &bot, seed, delay, ascii);
                self.current = Current::Honeymoon(Box::new(s));
            }
        }
    }

    /// The Hold'em screen, when it is showing.
    pub fn holdem(&self) -> Option<&HoldemScreen> {
        match &self.current {
            Current::Holdem(s) => Some(s),
            _ => None,
        }
    }

    /// The honeymoon screen, when it is showing.
    pub fn honeymoon(&self) -> Option<&HoneymoonScreen> {
        match &self.current {
            Current::Honeymoon(s) => Some(s),
            _ => None,
        }
    }

    /// The lifetime statistics.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The shared keys first (so `? help` always shows), then the screen's.
    fn hints(&self) -> Vec<Hint> {
        let has_rules = on_screen!(&self.current, s => s.rules().is_some());
        let mut h = hints(&global_bindings(has_rules));
        h.extend(on_screen!(&self.current, s => hints(&s.bindings())));
        h
    }

    /// Draws the app into `area` of `buf`, remembering the body area for
    /// mouse hits.
    pub fn draw(&mut self, area: Rect, buf: &mut Buffer) {
        let [_, body, _, bar] = frame_layout(area);
        self.body = body_inner(body);
        self.bar = bar;
        (&*self).render(area, buf);
    }
}

fn frame_layout(area: Rect) -> [Rect; 4] {
    Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// The screen's own area: the body less a one-column margin.
fn body_inner(body: Rect) -> Rect {
    body.inner(ratatui::layout::Margin::new(1, 0))
}

fn too_small(area: Rect, buf: &mut Buffer, theme: Theme) {
    let text = vec![
        Line::styled("Terminal too small", theme.bad()),
        Line::from(format!(
            "{}×{} now; cardgames needs at least {MIN_WIDTH}×{MIN_HEIGHT}.",
            area.width, area.height
        )),
        Line::from("Enlarge the window, or press Ctrl-C to quit."),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return too_small(area, buf, theme);
        }
        let [top, body, status, bar] = frame_layout(area);
        let title = Line::from(vec![
            Span::styled(" cardgames ", theme.title()),
            Span::styled(format!("· {}", self.title()), theme.text()),
        ]);
        Paragraph::new(title)
            .block(
                Block::new()
                    .borders(Borders::BOTTOM)
                    .border_style(theme.dim()),
            )
            .render(top, buf);
        on_screen!(&self.current, s => s.render(body_inner(body), buf, theme));
        let status_text = self
            .notice
            .clone()
            .or_else(|| on_screen!(&self.current, s => s.status()));
        if let Some(text) = status_text {
            Paragraph::new(Span::styled(format!(" {text}"), theme.bad())).render(status, buf);
        }
        let hints = self.hints();
        let mut bar_line = hint_bar(&hints, theme);
        bar_line
            .spans
            .insert(0, Span::raw(" ".repeat(usize::from(BAR_MARGIN))));
        Paragraph::new(bar_line).render(bar, buf);
        if self.help {
            help_overlay(body, buf, theme, &self.title(), &hints);
        }
        if let Some(text) = on_screen!(&self.current, s => s.rules()).filter(|_| self.rules) {
            rules_overlay(body, buf, theme, text);
        }
    }
}

fn rules_overlay(area: Rect, buf: &mut Buffer, theme: Theme, text: &str) {
    let mut lines = text.lines();
    let title = lines.next().unwrap_or("Rules");
    let body: Vec<Line> = lines.skip_while(|l| l.is_empty()).map(Line::raw).collect();
    Clear.render(area, buf);
    Paragraph::new(body)
        .wrap(Wrap { trim: false })
        .block(
            Block::bordered()
                .title(format!(" {title} "))
                .title_bottom(" i or esc to close ")
                .border_style(theme.title()),
        )
        .render(area, buf);
}

fn help_overlay(area: Rect, buf: &mut Buffer, theme: Theme, title: &str, hints: &[Hint]) {
    let lines = help_lines(hints, theme);
    let width = lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4;
    let height = lines.len() as u16 + 2;
    let w = width.min(area.width);
    let h = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(format!(" Keys: {title} "))
                .title_bottom(" ? or esc to close ")
                .border_style(theme.title()),
        )
        .render(rect, buf);
}

/// Reads one file, noting a problem instead of failing.
fn load_or_note<T: serde::de::DeserializeOwned>(
    path: &std::path::Path,
    kind: &str,
    problems: &mut Vec<String>,
) -> Option<T> {
    store::load(path, kind).unwrap_or_else(|e| {
        problems.push(e.to_string());
        None
    })
}
