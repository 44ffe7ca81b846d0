//! A game's table on screen, for every game alike: the session's
//! lifecycle (who is to act, the log, errors, the session's running
//! result, lifetime statistics, save and resume, the next deal) is here
//! once, and each game supplies only its [`Board`]: how it draws a view
//! and the legal actions, and which keys make which action.
//!
//! A table is reached through a [`Link`]: a session on this machine
//! ([`super::local::LocalTable`]) or a seat at a table in the hall; the screen
//! is the same.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};
use ratatui::layout::Rect;
use serde_json::Value;

use super::farewell::FarewellScreen;
use super::keymap::{Binding, Key};
use super::line_edit::LineEdit;
use super::link::{Link, Seen, Tick, Update};
use super::log::{self, LogPane};
use super::saved::SavedGame;
use super::screen::{Keep, Nav, Screen};
use super::settings::Settings;
use super::theme::Theme;
use cardgames::game::{Playable, Seat, Stage};
use cardgames::narrate::Note;
use cardgames::stats::Record;

/// A board's answer to a command.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply<A> {
    /// Play this action.
    Act(A),
    /// Nothing to play (the board's own state changed, or nothing did).
    Done,
    /// Take back the person's last move (undo).
    Undo,
    /// Show the person's hidden cards (between deals).
    Show,
    /// Tell the person why not.
    Error(String),
}

/// The session's running result for the person: deals finished, score and
/// score in the game's unit, and the rebuys where chips are bought.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Running {
    /// Deals finished.
    pub deals: u64,
    /// The person's score summed.
    pub net: f64,
    /// The same in the game's unit (big blinds).
    pub units: f64,
    /// What the person has bought in, when the game says.
    pub bought: Option<u64>,
    /// Times they bought chips again after the first stack.
    pub rebuys: u64,
}

impl Running {
    /// Counts one step of the session seen by the person in `seat`.
    pub fn add(&mut self, u: &Update, seat: Seat) {
        if let Some((scores, unit)) = u.ended.as_ref().filter(|_| u.dealt_in) {
            let mine = scores.get(seat).copied().unwrap_or(0.0);
            self.deals += 1;
            self.net += mine;
            self.units += mine / unit.max(f64::MIN_POSITIVE);
        }
        if let Some(b) = u.bought {
            if self.bought.is_some_and(|before| b > before) {
                self.rebuys += 1;
            }
            self.bought = Some(b);
        }
    }
}

/// How a game is drawn and played on screen.
pub trait Board: Playable {
    /// The board's own state between frames: cursors, an amount being
    /// typed, hints shown.
    type Ui: Default + std::fmt::Debug;
    /// The board's commands.
    type Command: Clone + std::fmt::Debug + PartialEq;

    /// Where the person sits at a table on this machine.
    const HOME: Seat = 0;
    /// What the next-deal key says ("next hand").
    const NEXT: &'static str;

    /// What the next-deal key says now in the bar and in the help (by
    /// default [`Board::NEXT`], "Deal the next deal").
    fn next_hint(_seen: &Seen<Self>) -> (&'static str, &'static str) {
        (Self::NEXT, "Deal the next deal")
    }

    /// The seats' names at a table on this machine.
    fn seat_names(seats: usize) -> Vec<String>;
    /// The title, after the app's name.
    fn title(seen: &Seen<Self>, running: &Running) -> String;
    /// A few words for the menu about a session left unfinished.
    fn summary(seen: &Seen<Self>, running: &Running) -> String;
    /// True when the session has come to its end although the game would
    /// deal on (a match played to its length): nothing is kept to resume.
    /// By default, never.
    fn finished(_seen: &Seen<Self>) -> bool {
        false
    }
    /// The board's keys now.
    fn bindings(seen: &Seen<Self>, ui: &Self::Ui) -> Vec<Binding<Self::Command>>;
    /// Carries out a command.
    fn command(seen: &Seen<Self>, ui: &mut Self::Ui, command: Self::Command)
    -> Reply<Self::Action>;
    /// Draws the table, the log where the board wants it.
    fn render(
        seen: &Seen<Self>,
        ui: &Self::Ui,
        log: &LogPane,
        area: Rect,
        buf: &mut Buffer,
        theme: Theme,
    );
    /// A mouse event in the body `area`, as a command.
    fn mouse(
        _seen: &Seen<Self>,
        _ui: &Self::Ui,
        _ev: MouseEvent,
        _area: Rect,
    ) -> Option<Self::Command> {
        None
    }
    /// After anything was played: the board's state catches up.
    fn moved(_seen: &Seen<Self>, _ui: &mut Self::Ui) {}
    /// A deal has just ended, as `seen` shows it.
    fn deal_ended(_seen: &Seen<Self>, _ui: &mut Self::Ui) {}
    /// The board's state takes the person's settings, once at the start.
    fn configure(_ui: &mut Self::Ui, _settings: &Settings) {}
    /// What the person did since sitting down, as (label, value) rows
    /// shown on leaving the table; none: the table is left at once.
    fn farewell(_seen: &Seen<Self>, _ui: &Self::Ui) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// Whether leaving in the middle of a deal is asked about, when the
    /// settings say so.
    const ASK_BEFORE_LEAVING: bool = false;
}

/// The commands of every table screen.
#[derive(Debug, Clone, PartialEq)]
pub enum TableAction<C> {
    /// A command of the game's board.
    Game(C),
    /// Deal the next deal.
    Next,
    /// Leave the table (the session is kept); mid-deal, asked first when
    /// the board and the settings say so.
    Leave,
    /// Stay at the table after all.
    Stay,
    /// Scroll the log back.
    Older,
    /// Scroll the log forward.
    Newer,
    /// Start typing a chat line (online).
    Chat,
    /// Sit out, or come back (online).
    SitOut,
    /// Sit in a free seat of the table watched (online).
    Sit,
    /// Fill a free seat with a bot (online, the table's owner).
    AddBot,
    /// Show why the computer played as it did in the deal just over.
    Why,
}

/// A game's table on screen.
pub struct TableScreen<G: Board> {
    rules: &'static str,
    link: Box<dyn Link<G>>,
    ui: G::Ui,
    log: Vec<Note>,
    back: usize,
    error: Option<String>,
    running: Running,
    records: Vec<Record>,
    /// A chat line being typed.
    typing: Option<LineEdit>,
    sitting_out: bool,
    /// Leaving mid-deal is asked about.
    ask_leave: bool,
    /// Leaving mid-deal waits for its confirmation.
    leave_asked: bool,
}

impl<G: Board> std::fmt::Debug for TableScreen<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableScreen").field("game", &G::ID).finish()
    }
}

impl<G: Board> TableScreen<G> {
    /// The table reached through `link`, its log so far `log`.
    pub fn new(
        rules: &'static str,
        link: Box<dyn Link<G>>,
        log: Vec<Note>,
        running: Running,
    ) -> TableScreen<G> {
        TableScreen {
            rules,
            link,
            ui: G::Ui::default(),
            log,
            back: 0,
            error: None,
            running,
            records: Vec::new(),
            typing: None,
            sitting_out: false,
            ask_leave: false,
            leave_asked: false,
        }
    }

    /// The table with the person's `settings` applied.
    pub fn with_settings(mut self, settings: &Settings) -> TableScreen<G> {
        G::configure(&mut self.ui, settings);
        self.ask_leave = G::ASK_BEFORE_LEAVING && settings.confirm_leave;
        self
    }

    /// What the person sees.
    pub fn seen(&self) -> Seen<G> {
        self.link.seen()
    }

    /// The session's running result.
    pub fn running(&self) -> Running {
        self.running
    }

    /// The log so far.
    pub fn log(&self) -> &[Note] {
        &self.log
    }

    /// The session as it would be saved now (`None` once it is over).
    pub fn save(&self) -> Option<Value> {
        self.link.save().and_then(|s| serde_json::to_value(s).ok())
    }

    /// The board's own state.
    pub(crate) fn ui(&self) -> &G::Ui {
        &self.ui
    }

    /// The computer's reasons for its moves of the deal just over, into
    /// the log (during a deal: why not yet).
    fn why(&mut self) {
        if matches!(self.link.seen().stage, Stage::Turn(_)) {
            self.error = Some(
                "the computer's reasons come once the deal is over: they name its cards".into(),
            );
            return;
        }
        let reasons = self.link.reasons();
        if reasons.is_empty() {
            self.error = Some("no computer move of this deal left to explain".into());
            return;
        }
        let seen = self.link.seen();
        self.error = None;
        self.back = 0;
        for (seat, why) in reasons {
            let bot = seen.bots.get(seat).cloned().flatten().unwrap_or_default();
            self.log
                .push(Note::new().seat(seat).text(format!("({bot}): {why}")));
        }
    }

    fn took(&mut self, update: Result<Update, String>) {
        match update {
            Ok(u) => {
                self.error = None;
                self.back = 0;
                let seen = self.link.seen();
                if let Some(me) = seen.me {
                    self.running.add(&u, me);
                }
                self.log.extend(u.notes);
                if u.ended.is_some() {
                    G::deal_ended(&seen, &mut self.ui);
                }
                if let (Some((scores, unit)), Some(me), true) = (u.ended, seen.me, u.dealt_in) {
                    let file = G::RECORD_EXT.zip(self.link.deal_record());
                    self.records.push(Record {
                        game: G::ID,
                        scores,
                        seat: me,
                        unit,
                        file,
                        amends: false,
                    });
                }
                G::moved(&seen, &mut self.ui);
            }
            Err(e) => self.error = Some(e),
        }
    }
}

impl<G: Board> Screen for TableScreen<G> {
    type Action = TableAction<G::Command>;

    fn title(&self) -> String {
        G::title(&self.link.seen(), &self.running)
    }

    fn bindings(&self) -> Vec<Binding<Self::Action>> {
        if self.leave_asked {
            return vec![
                Binding::new(
                    &[Key::Char('y'), Key::Esc, Key::Char('q')],
                    "leave",
                    "Leave the table all the same",
                    TableAction::Leave,
                ),
                Binding::new(
                    &[Key::Char('n')],
                    "stay",
                    "Stay at the table",
                    TableAction::Stay,
                ),
            ];
        }
        let seen = self.link.seen();
        let online = self.link.online();
        let (next, next_help) = G::next_hint(&seen);
        let mut b = vec![
            Binding::new(
                &[Key::Char('n'), Key::Enter],
                next,
                next_help,
                TableAction::Next,
            )
            .enabled(seen.stage == Stage::DealOver && !online),
        ];
        let board = G::bindings(&seen, &self.ui);
        // A key the board uses now (the bet box's esc) is the board's.
        let taken = |k: &Key| board.iter().any(|x| x.enabled && x.keys.contains(k));
        let free =
            |keys: &[Key]| -> Vec<Key> { keys.iter().filter(|k| !taken(k)).copied().collect() };
        let leave = free(&[Key::Esc, Key::Char('q')]);
        let (sit, bot) = (
            free(&[Key::Char('s')]),
            free(&[Key::Char('b'), Key::Char('+')]),
        );
        b.extend(board.into_iter().map(|x| Binding {
            keys: x.keys,
            hint: x.hint,
            help: x.help,
            action: TableAction::Game(x.action),
            enabled: x.enabled,
        }));
        if online {
            b.push(Binding::new(
                &[Key::Char('t')],
                "chat",
                "Say something at the table",
                TableAction::Chat,
            ));
            b.push(
                Binding::new(
                    &[Key::Char('o')],
                    if self.sitting_out {
                        "sit back"
                    } else {
                        "sit out"
                    },
                    "Sit out (your turns are played by the default action), or come back",
                    TableAction::SitOut,
                )
                .enabled(seen.me.is_some()),
            );
            let seating = self.link.seating();
            for (keys, hint, help, action, enabled) in [
                (
                    sit,
                    "sit",
                    "Sit in a free seat of this table",
                    TableAction::Sit,
                    seating.may_sit,
                ),
                (
                    bot,
                    "bot",
                    "Fill a free seat with a computer player (you made this table)",
                    TableAction::AddBot,
                    seating.may_add_bot,
                ),
            ] {
                if !keys.is_empty() {
                    b.push(Binding::new(&keys, hint, help, action).enabled(enabled));
                }
            }
        }
        if !online {
            b.push(Binding::new(
                &[Key::Char('w')],
                if self.link.has_reasons() { "why" } else { "" },
                "Why the computer played as it did (once the deal is over: its reasons name its cards)",
                TableAction::Why,
            ));
        }
        if !leave.is_empty() {
            let (hint, help) = if online {
                ("leave", "Leave the table for the lobby")
            } else {
                ("menu", "Back to the menu (the game is kept)")
            };
            b.push(Binding::new(&leave, hint, help, TableAction::Leave));
        }
        b.extend(log::bindings(
            TableAction::Older,
            TableAction::Newer,
            self.back,
        ));
        b
    }

    fn act(&mut self, action: Self::Action) -> Nav {
        match action {
            TableAction::Leave
                if self.ask_leave
                    && !self.leave_asked
                    && self.link.seen().me.is_some()
                    && matches!(self.link.seen().stage, Stage::Turn(_)) =>
            {
                self.leave_asked = true;
            }
            TableAction::Leave => {
                let rows = G::farewell(&self.link.seen(), &self.ui);
                let then = self.link.leave();
                if rows.is_empty() {
                    return then;
                }
                return Nav::Show(Box::new(FarewellScreen::new(rows, then)));
            }
            TableAction::Stay => self.leave_asked = false,
            TableAction::Chat => self.typing = Some(LineEdit::default()),
            TableAction::SitOut => {
                self.sitting_out = !self.sitting_out;
                self.link.sit_out(self.sitting_out);
            }
            TableAction::Sit => self.link.take_seat(),
            TableAction::AddBot => self.link.add_bot(),
            TableAction::Why => self.why(),
            TableAction::Older => self.back = log::older(&self.log, self.back),
            TableAction::Newer => self.back = log::newer(self.back),
            TableAction::Next => {
                let update = self.link.next_deal();
                self.took(update);
            }
            TableAction::Game(c) => {
                let seen = self.link.seen();
                match G::command(&seen, &mut self.ui, c) {
                    Reply::Act(a) => {
                        let update = self.link.act(a);
                        self.took(update);
                    }
                    Reply::Undo => {
                        let update = self.link.undo();
                        self.took(update);
                    }
                    Reply::Show => {
                        let update = self.link.show();
                        let shown = update.is_ok();
                        self.took(update);
                        // The kept hand is written again with the show.
                        let file = G::RECORD_EXT.zip(self.link.deal_record());
                        if let (true, Some(file), Some(me)) = (shown, file, seen.me) {
                            self.records.push(Record {
                                game: G::ID,
                                scores: Vec::new(),
                                seat: me,
                                unit: 1.0,
                                file: Some(file),
                                amends: true,
                            });
                        }
                    }
                    Reply::Done => self.error = None,
                    Reply::Error(e) => self.error = Some(e),
                }
            }
        }
        Nav::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let seen = self.link.seen();
        let pane = LogPane {
            notes: &self.log,
            back: self.back,
            me: seen.me,
            names: &seen.names,
        };
        G::render(&seen, &self.ui, &pane, area, buf, theme);
    }

    fn mouse(&self, ev: MouseEvent, area: Rect) -> Option<Self::Action> {
        G::mouse(&self.link.seen(), &self.ui, ev, area).map(TableAction::Game)
    }

    fn tick(&mut self) -> bool {
        match self.link.tick() {
            Tick::Idle => false,
            Tick::Busy => true,
            Tick::Moved(update) => {
                self.took(update);
                true
            }
        }
    }

    fn rules(&self) -> Option<&'static str> {
        Some(self.rules)
    }

    fn status(&self) -> Option<String> {
        if let Some(line) = &self.typing {
            return Some(line.prompt("Say"));
        }
        if self.leave_asked {
            return Some("Leave in the middle of a hand? y: leave · n: stay".into());
        }
        self.error.clone().or_else(|| self.link.status())
    }

    fn typing(&self) -> bool {
        self.typing.is_some()
    }

    fn text(&mut self, key: &KeyEvent) -> Option<Nav> {
        self.typing.as_ref()?;
        if let Some(text) = LineEdit::type_into(&mut self.typing, key) {
            self.link.chat(&text);
        }
        Some(Nav::Stay)
    }

    fn take_records(&mut self) -> Vec<Record> {
        std::mem::take(&mut self.records)
    }

    fn keep(&self) -> Keep {
        if self.link.online() {
            return Keep::Nothing;
        }
        let seen = self.link.seen();
        let unfinished = !G::finished(&seen);
        let saved = unfinished
            .then(|| self.link.save())
            .flatten()
            .map(|save| SavedGame {
                summary: G::summary(&seen, &self.running),
                seat: seen.me.unwrap_or(G::HOME),
                save: serde_json::to_value(save).unwrap_or(Value::Null),
            });
        Keep::Game(G::ID, saved)
    }
}
