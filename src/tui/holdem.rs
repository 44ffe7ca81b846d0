//! The Texas Hold'em table: seats around the table with names, stacks,
//! bets, the button and blinds; the pots and the board; your hole cards;
//! an action bar offering only the legal choices, with amount entry and
//! presets; computer players acting with a visible pause; the showdown;
//! a scrolling hand log; and the session's results.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use serde::{Deserialize, Serialize};

use super::keymap::{Binding, Key};
use super::log;
use super::screen::{Nav, Screen};
use super::settings::Level;
use super::stats::Record;
use super::theme::Theme;
use super::worker::{Driver, Step, spinner};
use crate::cards::Card;
use crate::game::{Game, GameRng, Seat, rng_from_seed};
use crate::holdem::bots::{by_name, pot_fraction_to};
use crate::holdem::eval::HandValue;
use crate::holdem::pots::Chips;
use crate::holdem::session::{Config, Mode, Session};
use crate::holdem::table::{Action, Blind, Blinds, Event, Legal, Move, Status, Street, Table};

/// Your seat.
const YOU: Seat = 0;

const NAMES: [&str; 9] = [
    "You", "Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gil", "Hana",
];

/// The table's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSetup {
    /// Players, you included.
    pub players: usize,
    /// Starting stack.
    pub stack: Chips,
    /// Small and big blind.
    pub blinds: Blinds,
    /// Tournament (blinds double every 10 hands, no rebuys) or cash.
    pub tournament: bool,
    /// The computer players' level.
    pub level: Level,
}

impl Default for TableSetup {
    fn default() -> TableSetup {
        TableSetup {
            players: 6,
            stack: 1000,
            blinds: Blinds { small: 5, big: 10 },
            tournament: false,
            level: Level::Normal,
        }
    }
}

/// What is saved of a session in progress.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HoldemSave {
    setup: TableSetup,
    session: Session,
    log: Vec<String>,
    seed: u64,
    hands: u64,
    net: i64,
    net_bb: f64,
    /// What the computer players had learned about the others (saves
    /// from before this field resume with fresh reads).
    #[serde(default)]
    reads: Vec<Option<serde_json::Value>>,
    /// The computer players' generator (saves from before this field start
    /// it afresh from the seed).
    #[serde(default)]
    bot_rng: Option<GameRng>,
}

impl HoldemSave {
    /// A few words for the menu.
    pub fn summary(&self) -> String {
        format!(
            "{} players, hand {}, you {:+}",
            self.setup.players,
            self.session.hands_played(),
            self.net
        )
    }
}

/// Typing a bet or raise amount.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    text: String,
}

/// The Hold'em screen.
pub struct HoldemScreen {
    setup: TableSetup,
    field: usize,
    session: Option<Session>,
    driver: Option<Driver<Table>>,
    entry: Option<Entry>,
    log: Vec<String>,
    log_back: usize,
    seed: u64,
    delay: Duration,
    error: Option<String>,
    hands: u64,
    net: i64,
    net_bb: f64,
    recorded_hand: u64,
    pending_record: Option<Record>,
    ascii: bool,
}

impl std::fmt::Debug for HoldemScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HoldemScreen")
            .field("setup", &self.setup)
            .finish()
    }
}

/// Commands of the Hold'em screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldemAction {
    /// Settings: previous field.
    Up,
    /// Settings: next field.
    Down,
    /// Settings: change down.
    Left,
    /// Settings: change up.
    Right,
    /// Start the table / confirm the amount / next hand.
    Enter,
    /// Fold.
    Fold,
    /// Check or call.
    Call,
    /// Open the bet/raise amount entry.
    Raise,
    /// Amount entry: a digit.
    Digit(u8),
    /// Amount entry: delete a digit.
    Backspace,
    /// Amount entry: the minimum.
    Min,
    /// Amount entry: half the pot.
    HalfPot,
    /// Amount entry: the pot.
    Pot,
    /// All in (also from the action bar).
    AllIn,
    /// Amount entry: one big blind more.
    More,
    /// Amount entry: one big blind less.
    Less,
    /// Amount entry: cancel.
    Cancel,
    /// Deal the next hand.
    Next,
    /// Leave the table.
    Leave,
    /// Scroll the hand log back.
    LogOlder,
    /// Scroll the hand log forward.
    LogNewer,
}

const FIELDS: usize = 5;

impl HoldemScreen {
    /// The table settings form; the table will be dealt from `seed`.
    pub fn new(setup: TableSetup, seed: u64, delay: Duration, ascii: bool) -> HoldemScreen {
        HoldemScreen {
            setup,
            field: 0,
            session: None,
            driver: None,
            entry: None,
            log: Vec::new(),
            log_back: 0,
            seed,
            delay,
            error: None,
            hands: 0,
            net: 0,
            net_bb: 0.0,
            recorded_hand: 0,
            pending_record: None,
            ascii,
        }
    }

    /// The session at the table, once seated.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// Hands you have played, and your net chips.
    pub fn results(&self) -> (u64, i64) {
        (self.hands, self.net)
    }

    /// The finished hand's record, once.
    pub fn take_record(&mut self) -> Option<Record> {
        self.pending_record.take()
    }

    fn table(&self) -> Option<&Table> {
        self.session.as_ref()?.table()
    }

    /// Sits down at the table with the settings as they are.
    pub fn start(&mut self) {
        let s = self.setup;
        let mode = if s.tournament {
            Mode::Tournament {
                hands_per_level: 10,
            }
        } else {
            Mode::Cash { rebuy: true }
        };
        let config = Config {
            blinds: s.blinds,
            stack: s.stack,
            mode,
        };
        match Session::new(s.players, config, self.seed) {
            Ok(session) => {
                self.seat(session, None);
                self.log = vec![format!("Seed {}", self.seed)];
                self.next_hand();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Seats the computer players at `session`, their generator `bot_rng`
    /// or a fresh one from the seed.
    fn seat(&mut self, session: Session, bot_rng: Option<GameRng>) {
        let s = self.setup;
        let bots = (0..s.players)
            .map(|p| {
                if p == YOU {
                    None
                } else {
                    by_name(s.level.name())
                }
            })
            .collect();
        let rng = bot_rng.unwrap_or_else(|| rng_from_seed(self.seed ^ 0xb075));
        self.driver = Some(Driver::new(bots, rng, self.delay));
        self.session = Some(session);
    }

    /// A saved session, resumed with what the bots had learned.
    pub fn resume(save: HoldemSave, delay: Duration, ascii: bool) -> HoldemScreen {
        let mut s = HoldemScreen::new(save.setup, save.seed, delay, ascii);
        s.seat(save.session, save.bot_rng);
        if let Some(d) = &mut s.driver {
            d.recall(&save.reads);
        }
        s.log = save.log;
        s.hands = save.hands;
        s.net = save.net;
        s.net_bb = save.net_bb;
        // A hand saved unfinished is booked when it ends.
        s.recorded_hand = s.session.as_ref().map_or(0, |session| {
            let over = session.table().and_then(Game::outcome).is_some();
            session.hands_played() - u64::from(!over && session.hands_played() > 0)
        });
        s
    }

    /// What to save: the session, unless it is over.
    pub fn save(&self) -> Option<HoldemSave> {
        let session = self.session.clone()?;
        if self.over() {
            return None;
        }
        Some(HoldemSave {
            setup: self.setup,
            session,
            log: self.log.clone(),
            seed: self.seed,
            hands: self.hands,
            net: self.net,
            net_bb: self.net_bb,
            reads: self
                .driver
                .as_ref()
                .map(Driver::memories)
                .unwrap_or_default(),
            bot_rng: self.driver.as_ref().and_then(Driver::rng),
        })
    }

    fn next_hand(&mut self) {
        let Some(session) = &mut self.session else {
            return;
        };
        if session.stacks()[YOU] == 0 || session.is_over() {
            return;
        }
        match session.start_hand() {
            Ok(events) => {
                self.log
                    .push(format!("— Hand {} —", session.hands_played()));
                self.describe_all(&events);
                if let Some(d) = &mut self.driver {
                    d.moved();
                }
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn my_legal(&self) -> Option<Legal> {
        let t = self.table()?;
        (t.to_act() == Some(YOU))
            .then(|| t.state().legal())
            .flatten()
    }

    fn act(&mut self, action: Action) {
        let Some(session) = &mut self.session else {
            return;
        };
        let seat = match session.table().and_then(Table::to_act) {
            Some(s) => s,
            None => return,
        };
        match session.act(seat, action) {
            Ok(events) => {
                self.describe_all(&events);
                self.entry = None;
                self.error = None;
                if let Some(d) = &mut self.driver {
                    d.moved();
                }
                self.settle();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Books a finished hand into the session results.
    fn settle(&mut self) {
        let Some(session) = &self.session else { return };
        let Some(out) = session.table().and_then(Game::outcome) else {
            return;
        };
        if self.recorded_hand == session.hands_played() {
            return;
        }
        self.recorded_hand = session.hands_played();
        let bb = session.table().map_or(1, |t| t.state().blinds().big).max(1);
        let net = out.net[YOU];
        self.hands += 1;
        self.net += net;
        self.net_bb += net as f64 / bb as f64;
        self.pending_record = Some(Record::Holdem { net, big_blind: bb });
        if session.stacks()[YOU] == 0 {
            self.log.push("You are out of chips.".into());
        } else if session.is_over() {
            self.log.push("You won every chip at the table!".into());
        }
    }

    fn describe_all(&mut self, events: &[Event]) {
        self.log_back = 0;
        for e in events {
            if let Some(line) = self.describe(e) {
                self.log.push(line);
            }
        }
    }

    fn describe(&self, e: &Event) -> Option<String> {
        let theme = Theme::new(false, self.ascii);
        let cards = |cs: &[Card]| {
            cs.iter()
                .map(|c| theme.card_text(*c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let name = |s: Seat| NAMES[s % NAMES.len()];
        Some(match e {
            Event::HandStarted { .. } | Event::PotsFormed { .. } => return None,
            Event::HoleDealt {
                seat,
                cards: Some(c),
            } if *seat == YOU => format!("You are dealt {}", cards(c)),
            Event::HoleDealt { .. } => return None,
            Event::BlindPosted {
                seat,
                blind,
                amount,
                ..
            } => {
                let b = match blind {
                    Blind::Small => "the small blind",
                    Blind::Big => "the big blind",
                    Blind::Straddle => "a straddle",
                    Blind::Post => "a live blind",
                };
                says(*seat, &format!("post {b} {amount}"))
            }
            Event::AntePosted { seat, amount, .. } => {
                says(*seat, &format!("post the ante {amount}"))
            }
            Event::Acted {
                seat,
                action,
                all_in,
            } => {
                let what = match action {
                    Move::Fold => "fold".to_string(),
                    Move::Check => "check".to_string(),
                    Move::Call(x) => format!("call {x}"),
                    Move::Bet(x) => format!("bet {x}"),
                    Move::Raise(x) => format!("raise to {x}"),
                };
                let all_in = if *all_in { " (all in)" } else { "" };
                says(*seat, &format!("{what}{all_in}"))
            }
            Event::StreetDealt { street, cards: c } => {
                let s = match street {
                    Street::Flop => "Flop",
                    Street::Turn => "Turn",
                    _ => "River",
                };
                format!("{s}: {}", cards(c))
            }
            Event::UncalledReturned { seat, amount } => {
                format!("{amount} returned to {}", name(*seat))
            }
            Event::Showed {
                seat,
                cards: c,
                value,
            } => {
                let category = HandValue::new(*value)
                    .map(|v| v.category().to_string())
                    .unwrap_or_default();
                says(*seat, &format!("show {} ({category})", cards(c)))
            }
            Event::Mucked { seat } => says(*seat, "muck"),
            Event::PotAwarded { pot, seat, amount } => {
                let which = if *pot == 0 {
                    "the pot".to_string()
                } else {
                    format!("side pot {pot}")
                };
                says(*seat, &format!("win {amount} from {which}"))
            }
        })
    }

    fn amount_bounds(&self) -> Option<(Chips, Chips)> {
        self.my_legal()?.raise
    }

    fn preset(&mut self, fraction: Option<f64>) {
        let (Some(t), Some(legal)) = (self.table(), self.my_legal()) else {
            return;
        };
        let Some((min, max)) = legal.raise else {
            return;
        };
        let to = match fraction {
            None => min,
            Some(f) if f >= 10.0 => max,
            Some(f) => pot_fraction_to(t.state(), &legal, f).unwrap_or(min),
        };
        self.entry = Some(Entry {
            text: to.to_string(),
        });
    }

    fn entry_amount(&self) -> Option<Chips> {
        self.entry.as_ref()?.text.parse().ok()
    }

    fn over(&self) -> bool {
        self.session.as_ref().is_some_and(|s| {
            s.table().is_none_or(|t| t.to_act().is_none()) && (s.stacks()[YOU] == 0 || s.is_over())
        })
    }

    fn hand_over(&self) -> bool {
        self.table().is_some_and(|t| t.to_act().is_none())
    }

    /// Where each seat's box is drawn in a table area `w` × `h`.
    fn seat_origin(&self, seat: Seat, w: u16, h: u16) -> (u16, u16) {
        const ANCHORS: [(f32, u8); 9] = [
            (0.50, 2),
            (0.17, 2),
            (0.00, 1),
            (0.10, 0),
            (0.37, 0),
            (0.63, 0),
            (0.90, 0),
            (1.00, 1),
            (0.83, 2),
        ];
        let n = self.setup.players.max(2);
        let anchor = if seat == 0 {
            0
        } else {
            ((seat * 9) as f32 / n as f32).round().clamp(1.0, 8.0) as usize
        };
        let (fx, row) = ANCHORS[anchor];
        let x = ((w.saturating_sub(seat_width(w))) as f32 * fx).round() as u16;
        let y = match row {
            0 => 0,
            1 => h.saturating_sub(3) / 2,
            _ => h.saturating_sub(3),
        };
        (x, y)
    }

    fn render_seat(&self, t: &Table, seat: Seat, area: Rect, buf: &mut Buffer, theme: Theme) {
        let st = t.state();
        let (x, y) = self.seat_origin(seat, area.width, area.height);
        let (sb, bb) = st.blind_seats();
        let mut marks = Vec::new();
        if st.button() == seat {
            marks.push("D");
        }
        if sb == seat {
            marks.push("SB");
        }
        if bb == seat {
            marks.push("BB");
        }
        let acting = st.to_act() == Some(seat);
        let pointer = match (acting, self.ascii) {
            (true, false) => "▶",
            (true, true) => ">",
            _ => " ",
        };
        let head = format!("{pointer}{} {}", NAMES[seat % NAMES.len()], marks.join(" "));
        let name_style = if acting {
            theme.selected()
        } else {
            theme.player(seat)
        };
        let bet = st.street_bets()[seat];
        let narrow = seat_width(area.width) < 16;
        let chips = match (bet, narrow) {
            (0, _) => format!(" {}", st.stacks()[seat]),
            (_, false) => format!(" {} · bet {bet}", st.stacks()[seat]),
            (_, true) => format!(" {} b{bet}", st.stacks()[seat]),
        };
        let status = st.statuses()[seat];
        let shown = self.visible_hole(t, seat);
        let (cards, style): (String, Style) = match (status, shown) {
            (Status::Out, _) => (" out".into(), theme.dim()),
            (Status::Folded, _) => (" folded".into(), theme.dim()),
            (_, Some(c)) => (
                format!(" {} {}", theme.card_text(c[0]), theme.card_text(c[1])),
                theme.text(),
            ),
            (_, None) => (
                if self.ascii {
                    " ## ##"
                } else {
                    " ▒▒ ▒▒"
                }
                .into(),
                theme.dim(),
            ),
        };
        let cards = if status == Status::AllIn {
            format!("{cards} all-in")
        } else {
            cards
        };
        let w = seat_width(area.width).min(area.width.saturating_sub(x));
        let put = |dy: u16, text: &str, style: Style, buf: &mut Buffer| {
            if y + dy < area.height {
                buf.set_stringn(area.x + x, area.y + y + dy, text, usize::from(w), style);
            }
        };
        put(0, &head, name_style, buf);
        put(1, &chips, theme.text(), buf);
        if let Some(c) = shown.filter(|_| status.is_in()) {
            let mut cx = area.x + x + 1;
            for card in c {
                let text = theme.card_text(card);
                if y + 2 < area.height {
                    buf.set_string(cx, area.y + y + 2, &text, theme.suit(card.suit()));
                }
                cx += text.chars().count() as u16 + 1;
            }
            if status == Status::AllIn {
                put(2, "", style, buf);
            }
        } else {
            put(2, &cards, style, buf);
        }
    }

    /// The hole cards of `seat` that you may see: yours, and those shown.
    fn visible_hole(&self, t: &Table, seat: Seat) -> Option<[Card; 2]> {
        t.view(YOU).state.hole(seat)
    }

    fn render_center(&self, t: &Table, area: Rect, buf: &mut Buffer, theme: Theme) {
        let st = t.state();
        let mut spans = vec![Span::styled("Board ", theme.dim())];
        for i in 0..5 {
            match st.board().get(i) {
                Some(c) => spans.push(Span::styled(
                    theme.card_text(*c),
                    theme.suit(c.suit()).patch(theme.title()),
                )),
                None => spans.push(Span::styled("··", theme.dim())),
            }
            spans.push(Span::raw(" "));
        }
        // Side pots matter once somebody is all in.
        let pots = st.pots();
        let all_in = st.statuses().contains(&Status::AllIn);
        let pot_text = if all_in && pots.len() > 1 {
            let side: Vec<String> = pots[1..].iter().map(|p| p.amount.to_string()).collect();
            format!(
                "Pot {} · main {} · side {}",
                st.pot_total(),
                pots[0].amount,
                side.join(" + ")
            )
        } else {
            format!("Pot {}", st.pot_total())
        };
        let lines = vec![Line::from(spans), Line::styled(pot_text, theme.title())];
        let width = 30.min(area.width);
        let x = area.x + (area.width - width) / 2;
        let y = area.y + area.height.saturating_sub(2) / 2;
        let rect = Rect::new(x, y, width, 2.min(area.height));
        Paragraph::new(lines).centered().render(rect, buf);
    }

    fn action_line(&self, theme: Theme) -> Line<'static> {
        if let Some(e) = &self.entry {
            let (lo, hi) = self.amount_bounds().unwrap_or((0, 0));
            return Line::from(vec![
                Span::styled("Raise to ", theme.title()),
                Span::styled(format!("[{:>6}]", e.text), theme.selected()),
                Span::styled(
                    format!("  {lo}–{hi}  m min · h ½pot · p pot · a all-in · ↑↓ ±bb"),
                    theme.dim(),
                ),
            ]);
        }
        let Some(t) = self.table() else {
            return Line::default();
        };
        if self.over() {
            let text = if self.session.as_ref().is_some_and(|s| s.stacks()[YOU] == 0) {
                "You are out of chips. l: leave the table"
            } else {
                "You won every chip! l: leave the table"
            };
            return Line::styled(text, theme.good());
        }
        if t.to_act().is_none() {
            return Line::styled("Hand over: n or enter for the next hand", theme.title());
        }
        match self.my_legal() {
            Some(legal) => {
                let call = if legal.to_call > 0 {
                    format!("call {}", legal.to_call)
                } else {
                    "check".into()
                };
                let raise = match legal.raise {
                    Some((lo, _)) if t.state().current_bet() == 0 => format!("bet {lo}+"),
                    Some((lo, _)) => format!("raise to {lo}+"),
                    None => "no raise".into(),
                };
                Line::from(vec![
                    Span::styled("Your turn: ", theme.title()),
                    Span::styled(call, theme.legal()),
                    Span::raw(" · "),
                    Span::styled(
                        raise,
                        if legal.raise.is_some() {
                            theme.legal()
                        } else {
                            theme.disabled()
                        },
                    ),
                ])
            }
            None => {
                let who = t.to_act().map_or("", |s| NAMES[s % NAMES.len()]);
                let dots = self
                    .driver
                    .as_ref()
                    .and_then(Driver::thinking)
                    .map(|d| spinner(d, self.ascii))
                    .unwrap_or(' ');
                Line::styled(format!("{who} to act {dots}"), theme.dim())
            }
        }
    }

    fn setup_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let s = self.setup;
        let names = [
            "Players",
            "Starting stack",
            "Blinds",
            "Game",
            "Computer level",
        ];
        let values = [
            s.players.to_string(),
            s.stack.to_string(),
            format!("{}/{}", s.blinds.small, s.blinds.big),
            if s.tournament {
                "tournament (blinds double every 10 hands)".into()
            } else {
                "cash (rebuy when busted)".to_string()
            },
            s.level.name().to_string(),
        ];
        let mut lines = vec![
            Line::styled(
                "No-limit Texas Hold'em — you take the bottom seat",
                theme.dim(),
            ),
            Line::default(),
        ];
        for (i, (n, v)) in names.iter().zip(values).enumerate() {
            let chosen = i == self.field;
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{}{n:<16}", if chosen { "> " } else { "  " }),
                    if chosen {
                        theme.selected()
                    } else {
                        theme.text()
                    },
                ),
                Span::styled(format!(" ‹ {v} ›"), theme.legal()),
            ]));
        }
        lines.push(Line::default());
        lines.push(Line::styled("Press enter to sit down.", theme.dim()));
        lines
    }

    fn change(&mut self, up: bool) {
        const STACKS: [Chips; 5] = [200, 500, 1000, 2000, 5000];
        const BLINDS: [(Chips, Chips); 4] = [(1, 2), (5, 10), (10, 20), (25, 50)];
        const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];
        let cycle = |i: usize, n: usize| if up { (i + 1) % n } else { (i + n - 1) % n };
        let s = &mut self.setup;
        match self.field {
            0 => {
                s.players = if up {
                    if s.players >= 9 { 2 } else { s.players + 1 }
                } else if s.players <= 2 {
                    9
                } else {
                    s.players - 1
                }
            }
            1 => {
                let i = STACKS.iter().position(|&x| x == s.stack).unwrap_or(2);
                s.stack = STACKS[cycle(i, STACKS.len())];
            }
            2 => {
                let i = BLINDS
                    .iter()
                    .position(|&(a, b)| Blinds { small: a, big: b } == s.blinds)
                    .unwrap_or(1);
                let (small, big) = BLINDS[cycle(i, BLINDS.len())];
                s.blinds = Blinds { small, big };
            }
            3 => s.tournament = !s.tournament,
            _ => {
                let i = LEVELS.iter().position(|&l| l == s.level).unwrap_or(1);
                s.level = LEVELS[cycle(i, LEVELS.len())];
            }
        }
    }
}

/// A log line for `seat` doing `phrase` (verb first): "You call 10",
/// "Ada calls 10".
fn says(seat: Seat, phrase: &str) -> String {
    if seat == YOU {
        return format!("You {phrase}");
    }
    let (verb, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
    let sep = if rest.is_empty() { "" } else { " " };
    format!("{} {verb}s{sep}{rest}", NAMES[seat % NAMES.len()])
}

/// The width of a seat's box in a table area `w` wide.
fn seat_width(w: u16) -> u16 {
    if w >= 70 { 16 } else { 12 }
}

impl Screen for HoldemScreen {
    type Action = HoldemAction;

    fn title(&self) -> String {
        match &self.session {
            None => "Texas Hold'em · new table".into(),
            Some(s) => {
                let b = s.blinds();
                let bb100 = if self.hands > 0 {
                    self.net_bb * 100.0 / self.hands as f64
                } else {
                    0.0
                };
                format!(
                    "Hold'em {}/{} · hand {} · you {:+} ({:+.1} bb/100)",
                    b.small,
                    b.big,
                    s.hands_played(),
                    self.net,
                    bb100
                )
            }
        }
    }

    fn bindings(&self) -> Vec<Binding<HoldemAction>> {
        use HoldemAction::*;
        if self.session.is_none() {
            return vec![
                Binding::new(&[Key::Up, Key::Char('k')], "", "Previous setting", Up),
                Binding::new(&[Key::Down, Key::Char('j')], "", "Next setting", Down),
                Binding::new(
                    &[Key::Left, Key::Char('h')],
                    "",
                    "Change the setting down",
                    Left,
                ),
                Binding::new(
                    &[Key::Right, Key::Char('l')],
                    "change",
                    "Change the setting up",
                    Right,
                ),
                Binding::new(&[Key::Enter], "sit down", "Start the table", Enter),
                Binding::new(
                    &[Key::Esc, Key::Char('q')],
                    "menu",
                    "Back to the menu",
                    Leave,
                ),
            ];
        }
        if self.entry.is_some() {
            let mut b: Vec<Binding<HoldemAction>> = (0..10u8)
                .map(|d| {
                    Binding::new(
                        &[Key::Char(char::from(b'0' + d))],
                        "",
                        "Type the amount",
                        Digit(d),
                    )
                })
                .collect();
            b.extend([
                Binding::new(&[Key::Backspace], "", "Delete a digit", Backspace),
                Binding::new(&[Key::Char('m')], "", "The minimum raise", Min),
                Binding::new(&[Key::Char('h')], "", "Half the pot", HalfPot),
                Binding::new(&[Key::Char('p')], "", "The pot", Pot),
                Binding::new(&[Key::Char('a')], "", "All in", AllIn),
                Binding::new(&[Key::Up, Key::Char('+')], "", "One big blind more", More),
                Binding::new(&[Key::Down, Key::Char('-')], "", "One big blind less", Less),
                Binding::new(
                    &[Key::Enter],
                    "confirm",
                    "Bet or raise to the amount shown",
                    Enter,
                ),
                Binding::new(&[Key::Esc], "cancel", "Cancel the bet", Cancel),
            ]);
            return b;
        }
        let legal = self.my_legal();
        let owe = legal.is_some_and(|l| l.to_call > 0);
        let raise = legal.is_some_and(|l| l.raise.is_some());
        let call_hint = if owe { "call" } else { "check" };
        let hand_over = self.hand_over() && !self.over();
        let mut b = vec![
            Binding::new(&[Key::Char('f')], "fold", "Fold", Fold).enabled(owe),
            Binding::new(
                &[Key::Char('c'), Key::Char('k')],
                call_hint,
                "Check, or call the bet",
                Call,
            )
            .enabled(legal.is_some()),
            Binding::new(
                &[Key::Char('r'), Key::Char('b')],
                "bet/raise",
                "Bet or raise: choose the amount",
                Raise,
            )
            .enabled(raise),
            Binding::new(&[Key::Char('a')], "all-in", "Put in every chip", AllIn).enabled(raise),
            Binding::new(
                &[Key::Char('n'), Key::Enter],
                "next hand",
                "Deal the next hand",
                Next,
            )
            .enabled(hand_over),
            Binding::new(
                &[Key::Char('l'), Key::Esc, Key::Char('q')],
                "leave",
                "Leave the table",
                Leave,
            ),
        ];
        b.extend(log::bindings(LogOlder, LogNewer, self.log_back));
        b
    }

    fn act(&mut self, action: HoldemAction) -> Nav {
        use HoldemAction::*;
        if action == Leave {
            return Nav::Menu;
        }
        if self.session.is_none() {
            match action {
                Up => self.field = (self.field + FIELDS - 1) % FIELDS,
                Down => self.field = (self.field + 1) % FIELDS,
                Left => self.change(false),
                Right => self.change(true),
                Enter => self.start(),
                _ => {}
            }
            return Nav::Stay;
        }
        let bb = self.table().map_or(1, |t| t.state().blinds().big);
        match action {
            Fold => self.act(Action::Fold),
            Call => {
                if let Some(l) = self.my_legal() {
                    self.act(if l.to_call > 0 {
                        Action::Call
                    } else {
                        Action::Check
                    });
                }
            }
            Raise => self.preset(None),
            Min => self.preset(None),
            HalfPot => self.preset(Some(0.5)),
            Pot => self.preset(Some(1.0)),
            AllIn if self.entry.is_none() => {
                if let Some((_, max)) = self.amount_bounds() {
                    self.act(Action::RaiseTo(max));
                }
            }
            AllIn => self.preset(Some(f64::MAX)),
            Digit(d) => {
                if let Some(e) = &mut self.entry {
                    if e.text == "0" {
                        e.text.clear();
                    }
                    if e.text.len() < 9 {
                        e.text.push(char::from(b'0' + d));
                    }
                }
            }
            Backspace => {
                if let Some(e) = &mut self.entry {
                    e.text.pop();
                }
            }
            More | Less => {
                let (lo, hi) = self.amount_bounds().unwrap_or((0, 0));
                let now = self.entry_amount().unwrap_or(lo);
                let to = if action == More {
                    now.saturating_add(bb)
                } else {
                    now.saturating_sub(bb)
                };
                self.entry = Some(Entry {
                    text: to.clamp(lo, hi).to_string(),
                });
            }
            Cancel => self.entry = None,
            LogOlder => self.log_back = log::older(&self.log, self.log_back),
            LogNewer => self.log_back = log::newer(self.log_back),
            Enter if self.entry.is_some() => match (self.entry_amount(), self.amount_bounds()) {
                (Some(x), Some((lo, hi))) if (lo..=hi).contains(&x) => self.act(Action::RaiseTo(x)),
                (_, Some((lo, hi))) => {
                    self.error = Some(format!("the amount must be {lo} to {hi}"))
                }
                _ => self.entry = None,
            },
            Enter | Next if self.hand_over() => self.next_hand(),
            _ => {}
        }
        Nav::Stay
    }

    fn tick(&mut self) -> bool {
        let (Some(session), Some(driver)) = (&self.session, &mut self.driver) else {
            return false;
        };
        let Some(table) = session.table() else {
            return false;
        };
        match driver.step(table) {
            Step::Idle => false,
            Step::Busy => true,
            Step::Act(a) => {
                self.act(a);
                true
            }
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let Some(t) = self.table() else {
            Paragraph::new(self.setup_lines(theme)).render(area, buf);
            return;
        };
        let log_rows = if area.height >= 20 { 5 } else { 3 };
        let [table_area, log_area, bar] = Layout::vertical([
            Constraint::Min(9),
            Constraint::Length(log_rows),
            Constraint::Length(1),
        ])
        .areas(area);
        for seat in 0..t.state().seats() {
            self.render_seat(t, seat, table_area, buf, theme);
        }
        self.render_center(t, table_area, buf, theme);
        let room = usize::from(log_area.height.saturating_sub(1));
        let lines: Vec<Line> = log::visible(&self.log, room, self.log_back)
            .iter()
            .map(|l| Line::styled(l.clone(), theme.dim()))
            .collect();
        Paragraph::new(lines)
            .block(Block::new().borders(Borders::TOP).border_style(theme.dim()))
            .render(log_area, buf);
        Paragraph::new(self.action_line(theme)).render(bar, buf);
    }

    fn rules(&self) -> Option<&'static str> {
        Some(include_str!("../../assets/rules/holdem.txt"))
    }

    fn status(&self) -> Option<String> {
        self.error.clone()
    }
}
