//! The Dice of Doom screen: new-game settings, the hex board in offset
//! rows with each player's letter, colour and dice, choosing source and
//! target by keys or mouse with legal targets marked, computer players
//! moving one visible step at a time, reinforcements, and the end.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use serde::{Deserialize, Serialize};

use super::keymap::{Binding, Key};
use super::log;
use super::screen::{Nav, Screen};
use super::stats::Record;
use super::theme::Theme;
use super::worker::{Driver, Step, spinner};
use crate::doom::board::player_letter;
use crate::doom::bots::{AiKind, make_bot};
use crate::doom::rules::{Config, Move, RuleSet};
use crate::doom::state::{DoomGame, Event, random_board};
use crate::doom::strong::Limits;
use crate::game::{Game, GameRng, rng_from_seed};

/// The new-game settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Board side.
    pub size: usize,
    /// Players, the human being `a`.
    pub players: u8,
    /// Most dice on a hex.
    pub max_dice: u8,
    /// Rule set.
    pub rules: RuleSet,
    /// The computer players' AI (`book`, `strong`, `random`).
    pub ai: AiChoice,
}

/// The AI as saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AiChoice {
    /// Uniform random moves.
    Random,
    /// The book's AI.
    Book,
    /// Our search (one second a move).
    Strong,
}

impl AiChoice {
    fn kind(self) -> AiKind {
        match self {
            AiChoice::Random => AiKind::Random,
            AiChoice::Book => AiKind::Book,
            AiChoice::Strong => AiKind::Strong,
        }
    }

    fn next(self) -> AiChoice {
        match self {
            AiChoice::Random => AiChoice::Book,
            AiChoice::Book => AiChoice::Strong,
            AiChoice::Strong => AiChoice::Random,
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            size: 5,
            players: 2,
            max_dice: RuleSet::Classic.book_max_dice(),
            rules: RuleSet::Classic,
            ai: AiChoice::Book,
        }
    }
}

/// What is saved of a game in progress.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DoomSave {
    setup: Setup,
    game: DoomGame,
    log: Vec<String>,
    bot_seed: u64,
    /// The computer players' generator (saves from before this field start
    /// it afresh from `bot_seed`).
    #[serde(default)]
    bot_rng: Option<GameRng>,
    /// What the computer players had read of the others (saves from
    /// before this field resume with fresh reads).
    #[serde(default)]
    reads: Vec<Option<serde_json::Value>>,
}

impl DoomSave {
    /// A few words for the menu: size, rules, moves made.
    pub fn summary(&self) -> String {
        format!(
            "{}×{} {}, move {}",
            self.setup.size,
            self.setup.size,
            self.setup.rules.name(),
            self.game.moves_made()
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Size,
    Players,
    MaxDice,
    Rules,
    Ai,
}

const FIELDS: [Field; 5] = [
    Field::Size,
    Field::Players,
    Field::MaxDice,
    Field::Rules,
    Field::Ai,
];

/// The human always plays `a`.
const HUMAN: u8 = 0;

/// The Dice of Doom screen.
pub struct DoomScreen {
    setup: Setup,
    field: usize,
    game: Option<DoomGame>,
    driver: Option<Driver<DoomGame>>,
    bot_seed: u64,
    delay: Duration,
    cursor: usize,
    source: Option<u8>,
    log: Vec<String>,
    log_back: usize,
    seed: u64,
    error: Option<String>,
    recorded: bool,
    ascii: bool,
}

impl std::fmt::Debug for DoomScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DoomScreen")
            .field("setup", &self.setup)
            .finish()
    }
}

/// Commands of the Dice of Doom screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoomAction {
    /// Cursor up (a row, or a settings field).
    Up,
    /// Cursor down.
    Down,
    /// Cursor left (or change a setting down).
    Left,
    /// Cursor right (or change a setting up).
    Right,
    /// Pick the hex under the cursor (source, then target), or start.
    Select,
    /// Pick hex `n` (mouse).
    Click(u8),
    /// End the turn.
    Pass,
    /// Drop the chosen source hex.
    Unselect,
    /// New game settings.
    New,
    /// Back to the menu.
    Back,
    /// Scroll the log back.
    LogOlder,
    /// Scroll the log forward.
    LogNewer,
}

impl DoomScreen {
    /// The settings form, ready to start a game from `seed`.
    pub fn new(setup: Setup, seed: u64, delay: Duration, ascii: bool) -> DoomScreen {
        DoomScreen {
            setup,
            field: 0,
            game: None,
            driver: None,
            bot_seed: seed ^ 0x5eed_b075,
            delay,
            cursor: 0,
            source: None,
            log: Vec::new(),
            log_back: 0,
            seed,
            error: None,
            recorded: false,
            ascii,
        }
    }

    /// A saved game, resumed with what the computer players had read.
    pub fn resume(save: DoomSave, delay: Duration, ascii: bool) -> DoomScreen {
        let mut s = DoomScreen::new(save.setup, 0, delay, ascii);
        s.bot_seed = save.bot_seed;
        s.start_with(save.game, save.bot_rng);
        if let Some(d) = &mut s.driver {
            d.recall(&save.reads);
        }
        s.log = save.log;
        s
    }

    /// The game in progress, if started.
    pub fn game(&self) -> Option<&DoomGame> {
        self.game.as_ref()
    }

    /// The hex under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// What to save, while a game is unfinished.
    pub fn save(&self) -> Option<DoomSave> {
        let game = self.game.as_ref()?;
        game.to_act()?;
        Some(DoomSave {
            setup: self.setup,
            game: game.clone(),
            log: self.log.clone(),
            bot_seed: self.bot_seed,
            bot_rng: self.driver.as_ref().and_then(Driver::rng),
            reads: self
                .driver
                .as_ref()
                .map(Driver::memories)
                .unwrap_or_default(),
        })
    }

    /// The finished game's record, once (then `None`).
    pub fn take_record(&mut self) -> Option<Record> {
        let result = self.game.as_ref()?.outcome()?;
        if self.recorded {
            return None;
        }
        self.recorded = true;
        Some(Record::Doom {
            won: result.winners.contains(&HUMAN),
            winners: result.winners.len(),
        })
    }

    /// Starts the game with the settings as they are.
    pub fn start(&mut self) {
        let config = match Config::new(self.setup.players, self.setup.max_dice, self.setup.rules) {
            Ok(c) => c,
            Err(e) => return self.error = Some(e.to_string()),
        };
        let mut rng = rng_from_seed(self.seed);
        let board = match random_board(self.setup.size, &config, &mut rng) {
            Ok(b) => b,
            Err(e) => return self.error = Some(e.to_string()),
        };
        self.start_with(DoomGame::new(config, board, HUMAN, self.seed), None);
        self.log = vec![
            format!(
                "New {}×{} {} game",
                self.setup.size,
                self.setup.size,
                self.setup.rules.name()
            ),
            format!("seed {}", self.seed),
        ];
    }

    /// Plays `game`, the computer players' generator `bot_rng` or a fresh
    /// one from the bot seed.
    fn start_with(&mut self, game: DoomGame, bot_rng: Option<GameRng>) {
        let limits = Limits::time(Duration::from_secs(1));
        let bots = (0..game.config().players)
            .map(|p| (p != HUMAN).then(|| make_bot(self.setup.ai.kind(), limits)))
            .collect();
        let rng = bot_rng.unwrap_or_else(|| rng_from_seed(self.bot_seed));
        self.driver = Some(Driver::new(bots, rng, self.delay));
        self.game = Some(game);
        self.cursor = 0;
        self.source = None;
        self.error = None;
        self.recorded = false;
    }

    fn size(&self) -> usize {
        self.game
            .as_ref()
            .map_or(self.setup.size, |g| g.position().board.size())
    }

    fn human_turn(&self) -> bool {
        self.game.as_ref().and_then(|g| g.to_act()) == Some(usize::from(HUMAN))
    }

    fn legal(&self) -> Vec<Move> {
        if self.human_turn() {
            self.game
                .as_ref()
                .map(|g| g.legal_actions())
                .unwrap_or_default()
        } else {
            Vec::new()
        }
    }

    fn targets_from(&self, from: u8) -> Vec<u8> {
        self.legal()
            .into_iter()
            .filter_map(|m| match m {
                Move::Attack { from: f, to } if f == from => Some(to),
                _ => None,
            })
            .collect()
    }

    fn play(&mut self, mv: Move) {
        let Some(game) = &mut self.game else { return };
        if let Some(d) = &mut self.driver {
            d.observe(game, &mv);
        }
        match game.apply(mv) {
            Ok(events) => {
                self.log_back = 0;
                for e in &events {
                    self.log.push(describe(e));
                }
                if let Some(d) = &mut self.driver {
                    d.moved();
                }
                self.error = None;
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn pick(&mut self, hex: u8) {
        match self.source {
            Some(from) if from == hex => self.source = None,
            Some(from) if self.targets_from(from).contains(&hex) => {
                self.source = None;
                self.play(Move::Attack { from, to: hex });
            }
            _ if !self.targets_from(hex).is_empty() => self.source = Some(hex),
            _ => {
                self.error = Some(if self.human_turn() {
                    format!("hex {hex} cannot attack or be attacked now")
                } else {
                    "wait for your turn".into()
                })
            }
        }
    }

    fn change(&mut self, up: bool) {
        let s = &mut self.setup;
        let step = |v: usize, lo: usize, hi: usize| {
            if up {
                if v >= hi { lo } else { v + 1 }
            } else if v <= lo {
                hi
            } else {
                v - 1
            }
        };
        match FIELDS[self.field] {
            Field::Size => s.size = step(s.size, 2, 8),
            Field::Players => s.players = step(usize::from(s.players), 2, 4) as u8,
            Field::MaxDice => s.max_dice = step(usize::from(s.max_dice), 2, 8) as u8,
            Field::Rules => {
                let rules = match s.rules {
                    RuleSet::Classic => RuleSet::Chance,
                    RuleSet::Chance => RuleSet::Classic,
                };
                // The book's dice go with its rules, unless changed.
                if s.max_dice == s.rules.book_max_dice() {
                    s.max_dice = rules.book_max_dice();
                }
                s.rules = rules;
            }
            Field::Ai => s.ai = s.ai.next(),
        }
    }

    fn move_cursor(&mut self, dx: isize, dy: isize) {
        let n = self.size() as isize;
        let (x, y) = ((self.cursor as isize) % n, (self.cursor as isize) / n);
        let (x, y) = ((x + dx).rem_euclid(n), (y + dy).rem_euclid(n));
        self.cursor = (y * n + x) as usize;
    }

    /// Where each hex is drawn: (column offset, row offset) in the board
    /// area, and the row spacing.
    fn cell(&self, hex: usize, spacing: u16) -> (u16, u16) {
        let n = self.size();
        let (x, y) = (hex % n, hex / n);
        ((2 * (n - 1 - y) + 4 * x) as u16, y as u16 * spacing)
    }

    fn spacing(&self, area: Rect) -> u16 {
        if (2 * self.size() as u16) < area.height.saturating_sub(1) {
            2
        } else {
            1
        }
    }

    /// The board's area and the side panel's: side by side when the
    /// board fits beside the narrowest panel, else the panel goes below.
    /// A wider screen widens the panel until the longest log lines fit.
    fn split(&self, area: Rect) -> (Rect, Rect, Borders) {
        const PANEL: u16 = 28;
        const WIDE_PANEL: u16 = 36;
        let n = self.size() as u16;
        let board_width = 2 * (n - 1) + 4 * n + 1;
        if area.width >= board_width + PANEL {
            let panel = (area.width - board_width).min(WIDE_PANEL);
            let [left, right] =
                Layout::horizontal([Constraint::Min(board_width), Constraint::Length(panel)])
                    .areas(area);
            let board = Rect {
                y: left.y + 1,
                height: left.height.saturating_sub(1),
                ..left
            };
            (board, right, Borders::LEFT)
        } else {
            let [top, bottom] =
                Layout::vertical([Constraint::Length(n), Constraint::Min(1)]).areas(area);
            (top, bottom, Borders::TOP)
        }
    }

    fn render_board(&self, game: &DoomGame, area: Rect, buf: &mut Buffer, theme: Theme) {
        let board = &game.position().board;
        let spacing = self.spacing(area);
        let targets = self
            .source
            .map(|s| self.targets_from(s))
            .unwrap_or_default();
        let sources: Vec<u8> = self
            .legal()
            .iter()
            .filter_map(|m| match m {
                Move::Attack { from, .. } => Some(*from),
                Move::Pass => None,
            })
            .collect();
        for (i, h) in board.hexes().enumerate() {
            let (dx, dy) = self.cell(i, spacing);
            if dx + 4 > area.width || dy >= area.height {
                continue;
            }
            let idx = i as u8;
            let (l, r) = if i == self.cursor && self.human_turn() {
                ('[', ']')
            } else if self.source == Some(idx) {
                ('<', '>')
            } else if targets.contains(&idx) || (self.source.is_none() && sources.contains(&idx)) {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            let mut style = theme.player(usize::from(h.owner));
            if i == self.cursor && self.human_turn() {
                style = theme.selected();
            } else if targets.contains(&idx) {
                style = style.patch(theme.legal());
            }
            let text = format!("{l}{}{}{r}", player_letter(h.owner), h.dice);
            buf.set_string(area.x + dx, area.y + dy, text, style);
        }
    }

    fn side_panel(&self, game: &DoomGame, height: u16, theme: Theme) -> Vec<Line<'static>> {
        let board = &game.position().board;
        let to_act = game.to_act();
        let mut lines = Vec::new();
        for p in 0..game.config().players {
            let dice: u32 = board
                .hexes()
                .filter(|h| h.owner == p)
                .map(|h| u32::from(h.dice))
                .sum();
            let who = if p == HUMAN {
                "you".to_string()
            } else {
                self.setup.ai.kind().name().to_string()
            };
            let marker = if to_act == Some(usize::from(p)) {
                "▶"
            } else {
                " "
            };
            let marker = if self.ascii && marker == "▶" {
                ">"
            } else {
                marker
            };
            lines.push(Line::from(vec![
                Span::raw(format!("{marker} ")),
                Span::styled(
                    format!("{} ", player_letter(p)),
                    theme.player(usize::from(p)),
                ),
                Span::raw(format!(
                    "{who:<7}{:>2} hex {:>3} dice",
                    board.count(p),
                    dice
                )),
            ]));
        }
        lines.push(Line::default());
        lines.push(Line::styled(self.prompt(game), theme.title()));
        lines.push(Line::default());
        let room = usize::from(height).saturating_sub(lines.len());
        for entry in log::visible(&self.log, room, self.log_back) {
            lines.push(Line::styled(entry.clone(), theme.dim()));
        }
        lines
    }

    fn prompt(&self, game: &DoomGame) -> String {
        if let Some(result) = game.outcome() {
            let names: Vec<String> = result
                .winners
                .iter()
                .map(|&w| player_letter(w).to_string())
                .collect();
            return if result.winners == [HUMAN] {
                "You win! n: new game".into()
            } else if result.winners.contains(&HUMAN) {
                format!("Shared win {}. n: new game", names.join(" "))
            } else {
                format!("{} wins. n: new game", names.join(" "))
            };
        }
        let thinking = self.driver.as_ref().and_then(Driver::thinking);
        match (thinking, self.human_turn(), self.source) {
            (Some(t), false, _) => format!(
                "{} is thinking {}",
                game.to_act().map_or('?', |p| player_letter(p as u8)),
                spinner(t, self.ascii)
            ),
            (None, true, None) => "Your move: pick an attacker".into(),
            (None, true, Some(f)) => format!("From hex {f}: pick a target"),
            _ => format!(
                "{} is moving",
                game.to_act().map_or('?', |p| player_letter(p as u8))
            ),
        }
    }

    fn setup_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let s = self.setup;
        let values = [
            format!("{}×{}", s.size, s.size),
            s.players.to_string(),
            s.max_dice.to_string(),
            s.rules.name().to_string(),
            s.ai.kind().name().to_string(),
        ];
        let names = [
            "Board size",
            "Players",
            "Most dice on a hex",
            "Rules",
            "Computer AI",
        ];
        let mut lines = vec![
            Line::styled("New game of Dice of Doom — you play a", theme.dim()),
            Line::default(),
        ];
        for (i, (name, value)) in names.iter().zip(values).enumerate() {
            let chosen = i == self.field;
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{}{name:<20}", if chosen { "> " } else { "  " }),
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
        lines.push(Line::styled(
            match s.rules {
                RuleSet::Classic => {
                    "Classic: more dice always win; reinforcements = dice captured − 1."
                }
                RuleSet::Chance => "Chance: attacks roll the dice; reinforcements = largest group.",
            },
            theme.dim(),
        ));
        lines.push(Line::styled("Press enter to start.", theme.dim()));
        lines
    }
}

/// One event as a line of the log.
fn describe(e: &Event) -> String {
    let l = |p: u8| player_letter(p);
    match e {
        Event::Attack {
            player,
            from,
            to,
            defender,
            attack_roll,
            defend_roll,
            won,
        } => {
            let rolls = match (attack_roll, defend_roll) {
                (Some(a), Some(d)) => format!(
                    " ({} vs {})",
                    a.iter().map(|&x| u32::from(x)).sum::<u32>(),
                    d.iter().map(|&x| u32::from(x)).sum::<u32>()
                ),
                _ => String::new(),
            };
            let result = if *won { "takes" } else { "fails vs" };
            format!(
                "{}: {from}->{to} {result} {}{rolls}",
                l(*player),
                l(*defender)
            )
        }
        Event::Reinforced { player, hexes } => {
            format!("{}: turn ends, +{} dice", l(*player), hexes.len())
        }
        Event::TurnPassed { to, .. } => format!("{}'s turn", l(*to)),
        Event::GameOver { winners } => {
            let w: Vec<String> = winners.iter().map(|&p| l(p).to_string()).collect();
            format!("Game over: {} won", w.join(" "))
        }
    }
}

impl Screen for DoomScreen {
    type Action = DoomAction;

    fn title(&self) -> String {
        match &self.game {
            None => "Dice of Doom · new game".into(),
            Some(g) => format!(
                "Dice of Doom · {}×{} {} · you are a",
                g.position().board.size(),
                g.position().board.size(),
                g.config().rules.name()
            ),
        }
    }

    fn bindings(&self) -> Vec<Binding<DoomAction>> {
        use DoomAction::*;
        let moves = [
            Binding::new(&[Key::Up, Key::Char('k')], "", "Move up", Up),
            Binding::new(&[Key::Down, Key::Char('j')], "", "Move down", Down),
            Binding::new(&[Key::Left, Key::Char('h')], "", "Move left", Left),
            Binding::new(&[Key::Right, Key::Char('l')], "move", "Move right", Right),
        ];
        match &self.game {
            None => {
                let mut b = moves.to_vec();
                b[2].help = "Change the setting down";
                b[3].help = "Change the setting up";
                b[3].hint = "change";
                b.push(Binding::new(
                    &[Key::Enter],
                    "start",
                    "Start the game",
                    Select,
                ));
                b.push(Binding::new(
                    &[Key::Esc, Key::Char('q')],
                    "menu",
                    "Back to the menu",
                    Back,
                ));
                b
            }
            Some(game) => {
                let mine = self.human_turn();
                let mut b: Vec<_> = moves.iter().cloned().map(|x| x.enabled(mine)).collect();
                b.push(
                    Binding::new(
                        &[Key::Enter, Key::Char(' ')],
                        "pick",
                        "Choose the hex under the cursor: first the attacker, then the target",
                        Select,
                    )
                    .enabled(mine),
                );
                b.push(
                    Binding::new(
                        &[Key::Char('p')],
                        "pass",
                        "End your turn (take reinforcements)",
                        Pass,
                    )
                    .enabled(mine && self.legal().contains(&Move::Pass)),
                );
                b.push(
                    Binding::new(&[Key::Char('x')], "", "Drop the chosen attacker", Unselect)
                        .enabled(self.source.is_some()),
                );
                b.push(
                    Binding::new(&[Key::Char('n')], "new", "New game", New)
                        .enabled(game.to_act().is_none()),
                );
                b.push(Binding::new(
                    &[Key::Esc, Key::Char('q')],
                    "menu",
                    "Back to the menu (the game is saved)",
                    Back,
                ));
                b.extend(log::bindings(LogOlder, LogNewer, self.log_back));
                b
            }
        }
    }

    fn act(&mut self, action: DoomAction) -> Nav {
        use DoomAction::*;
        match action {
            Back => return Nav::Menu,
            LogOlder => self.log_back = log::older(&self.log, self.log_back),
            LogNewer => self.log_back = log::newer(self.log_back),
            _ => {}
        }
        if self.game.is_none() {
            match action {
                Up => self.field = (self.field + FIELDS.len() - 1) % FIELDS.len(),
                Down => self.field = (self.field + 1) % FIELDS.len(),
                Left => self.change(false),
                Right => self.change(true),
                Select => self.start(),
                _ => {}
            }
            return Nav::Stay;
        }
        self.error = None;
        match action {
            Up => self.move_cursor(0, -1),
            Down => self.move_cursor(0, 1),
            Left => self.move_cursor(-1, 0),
            Right => self.move_cursor(1, 0),
            Select => self.pick(self.cursor as u8),
            Click(hex) => {
                self.cursor = usize::from(hex);
                self.pick(hex);
            }
            Pass => {
                self.source = None;
                self.play(Move::Pass);
            }
            Unselect => self.source = None,
            New => {
                self.seed = self.seed.wrapping_add(1);
                self.game = None;
            }
            Back | LogOlder | LogNewer => {}
        }
        Nav::Stay
    }

    fn tick(&mut self) -> bool {
        let (Some(game), Some(driver)) = (&self.game, &mut self.driver) else {
            return false;
        };
        match driver.step(game) {
            Step::Idle => false,
            Step::Busy => true,
            Step::Act(mv) => {
                self.play(mv);
                true
            }
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let Some(game) = &self.game else {
            Paragraph::new(self.setup_lines(theme)).render(area, buf);
            return;
        };
        let (board, panel, border) = self.split(area);
        self.render_board(game, board, buf, theme);
        Paragraph::new(self.side_panel(game, panel.height.saturating_sub(1), theme))
            .block(Block::new().borders(border).border_style(theme.dim()))
            .render(panel, buf);
    }

    fn mouse(&self, ev: MouseEvent, area: Rect) -> Option<DoomAction> {
        let MouseEventKind::Down(MouseButton::Left) = ev.kind else {
            return None;
        };
        let game = self.game.as_ref()?;
        let (board_area, _, _) = self.split(area);
        let spacing = self.spacing(board_area);
        (0..game.position().board.len()).find_map(|i| {
            let (dx, dy) = self.cell(i, spacing);
            let (x, y) = (board_area.x + dx, board_area.y + dy);
            (ev.row == y && ev.column >= x && ev.column < x + 4)
                .then_some(DoomAction::Click(i as u8))
        })
    }

    fn rules(&self) -> Option<&'static str> {
        Some(include_str!("../../assets/rules/doom.txt"))
    }

    fn status(&self) -> Option<String> {
        self.error.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::model::Reads;
    use crate::doom::{Board, Position};

    fn memories(screen: &DoomScreen) -> Vec<Option<serde_json::Value>> {
        screen
            .driver
            .as_ref()
            .map(Driver::memories)
            .unwrap_or_default()
    }

    #[test]
    fn a_save_keeps_what_the_computer_players_read() {
        let setup = Setup {
            rules: RuleSet::Chance,
            max_dice: 5,
            ai: AiChoice::Strong,
            ..Setup::default()
        };
        let mut screen = DoomScreen::new(setup, 4, Duration::ZERO, false);
        screen.start();
        // The strong player has seen its opponent pass by a sure attack.
        let cfg = Config::new(2, 5, RuleSet::Chance).unwrap();
        let mut pos = Position::new(Board::parse("a5 b5 b1 a1").unwrap(), 0);
        pos.first_move = false;
        let mut reads = Reads::default();
        reads.observe(&cfg, &pos, Move::Pass);
        let read = serde_json::to_value(reads).ok();
        if let Some(d) = &mut screen.driver {
            d.recall(&[None, read.clone()]);
        }
        assert_eq!(memories(&screen), vec![None, read.clone()]);
        let saved = serde_json::to_value(screen.save().unwrap()).unwrap();
        let resumed = DoomScreen::resume(
            serde_json::from_value(saved.clone()).unwrap(),
            Duration::ZERO,
            false,
        );
        assert_eq!(memories(&resumed), vec![None, read]);
        // A save from before reads were kept resumes with fresh ones.
        let mut older = saved;
        older.as_object_mut().unwrap().remove("reads");
        let fresh = DoomScreen::resume(
            serde_json::from_value(older).unwrap(),
            Duration::ZERO,
            false,
        );
        let default = serde_json::to_value(Reads::default()).ok();
        assert_eq!(memories(&fresh), vec![None, default]);
    }
}
