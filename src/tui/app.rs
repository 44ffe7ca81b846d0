//! The app: which screen is showing, the help and rules overlays, the keys
//! every screen shares (`?` help, `i` rules, Ctrl-C quit), the frame
//! around each screen (title, status, hint bar), the "terminal too small"
//! notice, the notices (one row, or a message box when longer), and what
//! is kept between runs: settings, lifetime statistics and one saved game
//! per game.

use std::any::Any;
use std::collections::BTreeMap;
use std::path::PathBuf;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyEvent, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::frame::{
    MIN_HEIGHT, MIN_WIDTH, body_inner, boxed, frame_layout, help_overlay, notice_box,
    rules_overlay, too_small,
};
use super::holdem::replayer::ReplayerScreen;
use super::honeymoon::solver::SolverScreen;
use super::keymap::{Binding, Hint, Key, hint_at, hint_bar, hints, lookup};
use super::menu::Menu;
use super::online::join::JoinScreen;
use super::online::lobby::Lobby;
use super::online::name::{NameScreen, Registrar};
use super::online::net::Net;
use super::online::tokens::Tokens;
use super::saved::{self, SavedGame};
use super::screen::{Keep, Nav, Page, Target};
use super::settings::Settings;
use super::settings_screen::SettingsScreen;
use super::setup::{SetupScreen, remembered, remembered_path};
use super::statistics::StatsScreen;
use super::table::{Board, TableScreen};
use super::theme::Theme;
use super::{NewGame, Start};
use cardgames::game::random_seed;
use cardgames::games::registry;
use cardgames::runner::thinking::Budget;
use cardgames::stats::Stats;
use cardgames::store::{self, Store};

/// Blank columns before the hint bar's first entry.
const BAR_MARGIN: u16 = 1;

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
            "Quit at once (the game is kept)",
            Global::Quit,
        ),
    ]
}

/// The hall an app was reached through (its ssh door): *Play online* goes
/// straight to its lobby as the player the door knows.
pub struct Door {
    /// The hall's WebSocket address.
    pub hall: String,
    /// The player's token there (when the door knows them).
    pub tokens: Tokens,
    /// For a newcomer: registers the name they choose first.
    pub register: Option<Registrar>,
    /// This session's share of the hall's thinking.
    pub budget: Budget,
    /// The player has a seat at one of the hall's tables: the app opens
    /// on the hall, which takes them back to it.
    pub seated: bool,
}

impl std::fmt::Debug for Door {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Door")
            .field("hall", &self.hall)
            .field("registers", &self.register.is_some())
            .finish_non_exhaustive()
    }
}

/// The whole app state.
pub struct App {
    current: Box<dyn Page>,
    settings: Settings,
    color_allowed: bool,
    store: Option<Store>,
    help: bool,
    rules: bool,
    notice: Option<String>,
    quit: bool,
    /// The whole area of the last frame: too small, and no key acts.
    area: Rect,
    /// The body area of the last frame, for mouse hits.
    body: Rect,
    /// The hint bar of the last frame, for mouse hits.
    bar: Rect,
    /// The seed of the next game opened (then incremented), so a session
    /// started with `--seed` replays.
    next_seed: u64,
    stats: Stats,
    saved: BTreeMap<&'static str, SavedGame>,
    /// Files that could not be read and were not renamed aside: never
    /// written over. Saves by game id, else `settings` or `stats`.
    blocked: Vec<&'static str>,
    /// The tokens halls gave.
    tokens: Tokens,
    /// The hall the app was reached through, if any.
    home_hall: Option<String>,
    /// What the computer players of local games may think with.
    budget: Budget,
    /// The file of the deal kept last, written again when its hand's
    /// winner shows after it ended.
    last_kept: Option<PathBuf>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App").field("title", &self.title()).finish()
    }
}

impl App {
    /// The app on its main menu. `color_allowed` is false under
    /// `NO_COLOR`; `store` is where settings live (none in tests).
    pub fn new(settings: Settings, color_allowed: bool, store: Option<Store>) -> App {
        App {
            current: Box::new(Menu::new(&[], &Stats::default())),
            settings,
            color_allowed,
            store,
            help: false,
            rules: false,
            notice: None,
            quit: false,
            area: Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT),
            body: Rect::default(),
            bar: Rect::default(),
            next_seed: random_seed(),
            stats: Stats::default(),
            saved: BTreeMap::new(),
            blocked: Vec::new(),
            tokens: Tokens::load(None),
            home_hall: None,
            budget: Budget::unlimited(),
            last_kept: None,
        }
    }

    /// The app as a hall's ssh door runs it for one session: the player's
    /// own files in `store` (none for a guest), and *Play online* going to
    /// the door's hall; a newcomer first chooses a name.
    pub fn at_door(settings: Settings, store: Option<Store>, door: Door) -> App {
        let mut app = match store {
            Some(store) => App::with_store(store, settings.ascii, true),
            None => App::new(settings, true, None),
        };
        app.tokens = door.tokens;
        app.home_hall = Some(door.hall);
        app.budget = door.budget;
        if let Some(register) = door.register {
            app.current = Box::new(NameScreen::new(register));
        } else if door.seated {
            app.navigate(Nav::Open(Target::Online));
        }
        app
    }

    /// Leaves at once, keeping the game in progress (the client went away).
    pub fn quit(&mut self) {
        self.navigate(Nav::Quit);
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

    /// The app with settings, stats and the saved games read from `store`
    /// (defaults when missing). A bad file is reported in a notice and
    /// never written over: a saved game is left alone, a settings or stats
    /// file is renamed aside ([`store::set_aside`]) and the defaults used.
    pub fn with_store(store: Store, ascii: bool, color_allowed: bool) -> App {
        let mut problems = Vec::new();
        let mut blocked = Vec::new();
        let mut settings: Settings = load_or_set_aside(
            &store.config_path("settings"),
            "settings",
            &mut problems,
            &mut blocked,
        );
        settings.ascii |= ascii;
        let stats = load_or_set_aside(
            &store.data_path("stats"),
            "stats",
            &mut problems,
            &mut blocked,
        );
        let mut saved = BTreeMap::new();
        for e in registry().entries() {
            let before = problems.len();
            if let Some(game) = load_or_note(
                &store.data_path(&saved::file(e.id)),
                saved::KIND,
                &mut problems,
            ) {
                saved.insert(e.id, game);
            }
            if problems.len() > before {
                blocked.push(e.id);
            }
        }
        if store.data_path(saved::OLD_FILE).exists() {
            problems.push(format!(
                "{} holds a game saved by an earlier cardgames, which this one cannot resume; it was left as it is",
                store.data_path(saved::OLD_FILE).display()
            ));
        }
        let mut app = App::new(settings, color_allowed, Some(store.clone()));
        app.tokens = Tokens::load(Some(store));
        app.stats = stats;
        app.saved = saved;
        app.blocked = blocked;
        app.notice = Some(problems.join("\n")).filter(|n| !n.is_empty());
        app.current = Box::new(app.menu());
        app
    }

    fn menu(&self) -> Menu {
        let saved: Vec<(&'static str, String)> = self
            .saved
            .iter()
            .map(|(&id, s)| (id, s.summary.clone()))
            .collect();
        Menu::new(&saved, &self.stats)
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
        self.current.title()
    }

    /// The current settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The lifetime statistics.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The table of game `G`, when it is showing.
    pub fn table<G: Board>(&self) -> Option<&TableScreen<G>> {
        let any: &dyn Any = self.current.as_any();
        any.downcast_ref::<TableScreen<G>>()
    }

    /// The game saved for `id`, if any.
    pub fn saved(&self, id: &str) -> Option<&SavedGame> {
        self.saved.get(id)
    }

    fn too_small(&self) -> bool {
        self.area.width < MIN_WIDTH || self.area.height < MIN_HEIGHT
    }

    /// True while the notice is shown in a message box (it has several
    /// lines, or is wider than the status line).
    fn notice_boxed(&self) -> bool {
        self.notice
            .as_deref()
            .is_some_and(|n| boxed(n, self.area.width))
    }

    /// Reacts to one terminal event.
    pub fn handle(&mut self, event: Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Resize(w, h) => self.area = Rect::new(0, 0, w, h),
            Event::Mouse(m) if !self.too_small() => {
                let click = m.kind == MouseEventKind::Down(MouseButton::Left);
                if self.notice_boxed() {
                    if click {
                        self.notice = None;
                    }
                    return;
                }
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
                let nav = self.current.mouse(m, self.body);
                self.after(nav);
            }
            _ => {}
        }
    }

    /// A click on column `col` of the hint bar: the entry there acts as
    /// its key would.
    fn click_hint(&mut self, col: u16) {
        let globals = global_bindings(self.current.rules().is_some());
        let width = self.bar.width.saturating_sub(BAR_MARGIN);
        let Some(i) = hint_at(&self.hints(), width, col) else {
            return;
        };
        if let Some(g) = globals.get(i) {
            return self.global(g.action);
        }
        self.notice = None;
        let nav = self.current.binding(i - globals.len());
        self.after(nav);
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
        if self.too_small() {
            // Nothing acts behind the notice but quitting.
            if Key::Ctrl('c').matches(&key) {
                self.global(Global::Quit);
            }
            return;
        }
        if self.notice_boxed() {
            // A key closes the message box and does nothing behind it.
            if Key::Ctrl('c').matches(&key) {
                self.global(Global::Quit);
            }
            self.notice = None;
            return;
        }
        let globals = global_bindings(self.current.rules().is_some());
        if let Some(g) =
            lookup(&globals, &key).filter(|&g| g == Global::Quit || !self.current.typing())
        {
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
        let nav = self.current.key(&key);
        self.after(nav);
    }

    /// Advances the current screen's work in progress; true while busy.
    pub fn tick(&mut self) -> bool {
        let busy = self.current.tick();
        self.record();
        if let Some(nav) = self.current.redirect() {
            self.navigate(nav);
        }
        busy
    }

    fn after(&mut self, nav: Nav) {
        self.record();
        self.navigate(nav);
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
                self.current = Box::new(self.menu());
            }
            Nav::Show(page) => {
                self.leave_screen();
                self.current = page;
            }
            Nav::Lobby(net) => {
                self.leave_screen();
                self.current = Box::new(Lobby::new(net, self.settings));
            }
            Nav::HallSetup(id, net) => {
                self.leave_screen();
                if let Some(entry) = registry().get(id) {
                    self.current = Box::new(SetupScreen::online(entry, net, self.settings));
                }
            }
            Nav::Open(Target::Online) => match self.home_hall.clone() {
                Some(url) => self.join(&url, None),
                None => self.current = Box::new(JoinScreen::new(self.tokens.clone())),
            },
            Nav::Open(Target::Statistics) => self.current = Box::new(StatsScreen::new(&self.stats)),
            Nav::Open(Target::Settings) => {
                self.current = Box::new(SettingsScreen::new(self.settings, self.color_allowed))
            }
            Nav::Open(Target::Replayer) => {
                let mine = self.store.as_ref().map(|s| s.deals_dir("holdem"));
                // Through a hall's door the files of the machine are the
                // hall's, not the player's: only their own hands are shown.
                let open_files = self.home_hall.is_none();
                self.current = Box::new(ReplayerScreen::new(mine.as_deref(), open_files));
            }
            Nav::Open(Target::Solver) => {
                let seed = self.take_seed();
                self.current = Box::new(SolverScreen::new(seed));
            }
            Nav::Open(Target::Setup(id)) => {
                let Some(entry) = registry().get(id) else {
                    return;
                };
                let seed = self.take_seed();
                let replaces = self.saved.get(id).map(|s| s.summary.clone());
                let path = self.store.as_ref().map(|s| remembered_path(s, id));
                let (setup, notice) = match &path {
                    Some(path) => remembered(entry, path),
                    None => (None, None),
                };
                self.notice = notice.or(self.notice.take());
                let form = SetupScreen::new(
                    entry,
                    setup,
                    seed,
                    self.settings,
                    replaces,
                    self.budget.clone(),
                );
                self.current = Box::new(match path {
                    Some(path) => form.remembering(path),
                    None => form,
                });
            }
            Nav::Open(Target::Resume(id)) => {
                let opened = match (registry().get(id), self.saved.get(id)) {
                    (Some(entry), Some(saved)) => match super::boards::board(entry.id) {
                        Some(open) => open.resume(entry.rules, saved, &self.settings, &self.budget),
                        None => Err(format!("{} cannot be played on screen", entry.name)),
                    },
                    _ => Err("no saved game".into()),
                };
                match opened {
                    Ok(page) => self.current = page,
                    Err(e) => self.notice = Some(e),
                }
            }
        }
    }

    /// Keeps what the screen being left has to keep: the settings, or the
    /// game in progress (a finished game clears its save).
    fn leave_screen(&mut self) {
        match self.current.keep() {
            Keep::Nothing => {}
            Keep::Stats(s) => {
                self.stats = s;
                let stats = self.stats.clone();
                self.write(false, "stats", &stats);
            }
            Keep::Settings(s) => {
                self.settings = s;
                self.write(true, "settings", &s);
            }
            Keep::Game(id, save) => self.keep_game(id, save),
        }
    }

    /// Writes the game in progress to its save file, or removes the file
    /// when there is none (unless the file on disk was unreadable).
    fn keep_game(&mut self, id: &'static str, save: Option<SavedGame>) {
        if self.blocked.contains(&id) {
            return;
        }
        let Some(store) = &self.store else {
            match save {
                Some(s) => self.saved.insert(id, s),
                None => self.saved.remove(id),
            };
            return;
        };
        let path = store.data_path(&saved::file(id));
        let result = match &save {
            Some(game) => store::save(&path, saved::KIND, game),
            None => store::remove(&path),
        };
        match save {
            Some(s) => self.saved.insert(id, s),
            None => self.saved.remove(id),
        };
        if let Err(e) = result {
            self.notice = Some(e.to_string());
        }
    }

    /// Writes the settings or stats file (`name`, also its kind), unless
    /// the one on disk could not be read nor renamed aside.
    fn write<T: serde::Serialize>(&mut self, config: bool, name: &'static str, data: &T) {
        let Some(store) = &self.store else { return };
        if self.blocked.contains(&name) {
            return;
        }
        let path = if config {
            store.config_path(name)
        } else {
            store.data_path(name)
        };
        if let Err(e) = store::save(&path, name, data) {
            self.notice = Some(e.to_string());
        }
    }

    /// Adds finished deals to the lifetime stats.
    fn record(&mut self) {
        let records = self.current.take_records();
        if records.is_empty() {
            return;
        }
        for r in &records {
            let Some((ext, text)) = &r.file else {
                self.stats.add(r);
                continue;
            };
            let Some(store) = &self.store else {
                if !r.amends {
                    self.stats.add(r);
                }
                continue;
            };
            let written = match (&self.last_kept, r.amends) {
                // The deal just kept, written again.
                (Some(path), true) => std::fs::write(path, text).map(|()| path.clone()),
                (None, true) => continue,
                (_, false) => {
                    self.stats.add(r);
                    let dir = store.deals_dir(r.game);
                    let name = format!("deal-{}", self.stats.of(r.game).deals);
                    store::write_new(&dir, &name, ext, text)
                }
            };
            match written {
                Ok(path) => self.last_kept = Some(path),
                Err(e) => self.notice = Some(format!("{}: {e}", store.deals_dir(r.game).display())),
            }
        }
        let stats = self.stats.clone();
        self.write(false, "stats", &stats);
    }

    /// Opens a game directly, started with the given settings.
    pub fn open(&mut self, start: Start) {
        let NewGame { game, setup, bot } = match start {
            Start::Menu => return,
            Start::Hall { url, name } => return self.join(&url, name.as_deref()),
            Start::Game(g) => g,
        };
        let Some(entry) = registry().get(&game) else {
            self.notice = Some(format!("no game {game:?}"));
            return;
        };
        let seed = self.take_seed();
        let opened = match super::boards::board(entry.id) {
            Some(open) => open.local(
                entry.rules,
                &setup,
                &bot,
                seed,
                &self.settings,
                &self.budget,
            ),
            None => Err(format!("{} cannot be played on screen", entry.name)),
        };
        match opened {
            Ok(page) => self.current = page,
            Err(e) => self.notice = Some(e),
        }
    }

    /// The lobby of the hall at `url`.
    fn join(&mut self, url: &str, name: Option<&str>) {
        match self.tokens.identity(url, name) {
            Ok(who) => {
                let net = Net::connect(url, who, self.tokens.keeper(url));
                self.current = Box::new(Lobby::new(net, self.settings));
            }
            Err(e) => {
                self.notice = Some(e);
                self.current = Box::new(JoinScreen::new(self.tokens.clone()).at(url));
            }
        }
    }

    /// The shared keys first (so `? help` always shows), then the screen's.
    fn hints(&self) -> Vec<Hint> {
        let mut h = hints(&global_bindings(self.current.rules().is_some()));
        h.extend(self.current.hints());
        h
    }

    /// Draws the app into `area` of `buf`, remembering the areas for
    /// mouse hits and the size for the too-small notice.
    pub fn draw(&mut self, area: Rect, buf: &mut Buffer) {
        let [_, body, _, bar] = frame_layout(area);
        self.area = area;
        self.body = body_inner(body);
        self.bar = bar;
        (&*self).render(area, buf);
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return too_small(area, buf, theme);
        }
        let [top, body, status, bar] = frame_layout(area);
        // The app's name first, when the screen's whole title still fits.
        let branded = Line::from(vec![
            Span::styled(" cardgames ", theme.title()),
            Span::styled(format!("· {}", self.title()), theme.text()),
        ]);
        let title = if branded.width() <= usize::from(top.width) {
            branded
        } else {
            Line::styled(format!(" {}", self.title()), theme.text())
        };
        Paragraph::new(title)
            .block(
                Block::new()
                    .borders(Borders::BOTTOM)
                    .border_style(theme.dim()),
            )
            .render(top, buf);
        self.current.render(body_inner(body), buf, theme);
        let notice = self.notice.clone().filter(|n| !boxed(n, area.width));
        if let Some(text) = notice.or_else(|| self.current.status()) {
            Paragraph::new(Span::styled(format!(" {text}"), theme.bad()))
                .wrap(Wrap { trim: false })
                .render(status, buf);
        }
        let hints = self.hints();
        let mut bar_line = hint_bar(&hints, bar.width.saturating_sub(BAR_MARGIN), theme);
        bar_line
            .spans
            .insert(0, Span::raw(" ".repeat(usize::from(BAR_MARGIN))));
        Paragraph::new(bar_line).render(bar, buf);
        if self.help {
            help_overlay(body, buf, theme, &self.title(), &hints);
        }
        if let Some(text) = self.current.rules().filter(|_| self.rules) {
            rules_overlay(body, buf, theme, text);
        }
        if let Some(text) = self.notice.as_deref().filter(|n| boxed(n, area.width)) {
            notice_box(body, buf, theme, text);
        }
    }
}

/// Reads the settings or stats file (`kind`), the defaults when there is
/// none. One that cannot be read is renamed aside and a notice names
/// where it was kept; when it cannot even be renamed it is noted in
/// `blocked`, never to be written over.
fn load_or_set_aside<T: serde::de::DeserializeOwned + Default>(
    path: &std::path::Path,
    kind: &'static str,
    problems: &mut Vec<String>,
    blocked: &mut Vec<&'static str>,
) -> T {
    let e = match store::load(path, kind) {
        Ok(data) => return data.unwrap_or_default(),
        Err(e) => e,
    };
    let why = match &e {
        store::StoreError::Corrupt { reason, .. } => reason.clone(),
        store::StoreError::NewerVersion { found, .. } => {
            format!("written by a newer cardgames, format {found}")
        }
        _ => {
            problems.push(e.to_string());
            blocked.push(kind);
            return T::default();
        }
    };
    match store::set_aside(path) {
        Ok(kept) => problems.push(format!(
            "{} could not be read ({why}). It was kept as {}; the {kind} start afresh.",
            path.display(),
            kept.display()
        )),
        Err(err) => {
            problems.push(format!("{e} (renaming it aside failed: {err})"));
            blocked.push(kind);
        }
    }
    T::default()
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
