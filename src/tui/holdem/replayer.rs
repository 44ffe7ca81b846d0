//! The hand replayer: your own Hold'em hands from earlier sessions, or the
//! hands of any file or folder of histories (PHH, PHHS, PokerStars text),
//! stepped through action by action and street by street. Each moment is
//! drawn as at the table (stacks, bets, pots, board, the showdown) with
//! every hole card the history names, or only the cards seen at that
//! moment (yours, and those shown), with the log so far and, when the
//! cards of everyone still in are known, each one's equity then.

use std::path::{Path, PathBuf};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::keymap::{Binding, Key};
use crate::tui::line_edit::LineEdit;
use crate::tui::log::LogPane;
use crate::tui::screen::{Nav, Screen};
use crate::tui::table::Board;
use crate::tui::theme::Theme;
use cardgames::cards::CardSet;
use cardgames::game::Game;
use cardgames::game::Seat;
use cardgames::holdem::action::Street;
use cardgames::holdem::equity::{Spot, exact};
use cardgames::holdem::formats::read_any;
use cardgames::holdem::hand::HandState;
use cardgames::holdem::history::HandRecord;
use cardgames::holdem::history::files::{history_files, read_text};
use cardgames::holdem::history::steps::Steps;
use cardgames::holdem::narration::event_notes;
use cardgames::holdem::range::{Combo, Range};
use cardgames::holdem::seats::MAX_SEATS;
use cardgames::holdem::session::Holdem;
use cardgames::narrate::Note;

/// Each contender's share of the pot: (seat, share).
type Shares = Vec<(Seat, f64)>;

/// Where a hand of the list comes from.
#[derive(Debug, Clone)]
enum Source {
    /// One of your own hands: a file read when opened.
    Mine(PathBuf),
    /// A hand of a file opened here, read already (or why it was not).
    Read(Box<Result<HandRecord, String>>),
}

/// One hand of the list.
#[derive(Debug, Clone)]
struct Item {
    label: String,
    source: Source,
}

/// The hand being stepped through.
#[derive(Debug)]
struct Open {
    /// Its place in the list.
    index: usize,
    steps: Steps,
    /// The seats' names, by table seat.
    names: Vec<String>,
    /// Your seat, in your own hands.
    me: Option<Seat>,
    /// Each moment's equities, once worked out: (seat, share of the pot),
    /// with every card, and with the cards seen.
    equity: [Vec<Option<Shares>>; 2],
}

impl Open {
    /// The current moment: every card the history names, or only those
    /// seen then (your own, and those shown).
    fn moment(&self, every_card: bool) -> Option<HandState> {
        let table = self.steps.current_table()?;
        Some(if every_card {
            table.state().clone()
        } else {
            table.view(self.me.unwrap_or(MAX_SEATS)).state
        })
    }
}

/// The replayer: a list of hands, or one hand being stepped through.
#[derive(Debug)]
pub struct ReplayerScreen {
    /// What the list holds ("your hands", or the path opened).
    from: String,
    items: Vec<Item>,
    cursor: usize,
    open: Option<Open>,
    /// Every hole card the history names shown, or only those seen.
    every_card: bool,
    /// Whether files of this machine may be opened (not through a hall's
    /// ssh door, where they are the hall's).
    open_files: bool,
    /// A path being typed.
    typing: Option<LineEdit>,
    error: Option<String>,
}

/// Commands of the replayer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayerAction {
    /// The list: the hand above; a hand: the street before.
    Up,
    /// The list: the hand below; a hand: the next street.
    Down,
    /// The list: step through the highlighted hand.
    Enter,
    /// One action forward.
    Forward,
    /// One action back.
    Back,
    /// To the hand's first moment.
    Start,
    /// To the hand's last moment.
    End,
    /// The hand below in the list (an older one in the kept hands,
    /// newest first).
    NextHand,
    /// The hand above in the list.
    PreviousHand,
    /// Type the path of a file or folder to open.
    OpenPath,
    /// Every hole card, or only those seen.
    Cards,
    /// Back to the list, or to the menu.
    Leave,
}

impl ReplayerScreen {
    /// Your own hands, kept in `mine` by the table screens (newest first);
    /// other files of this machine opened only when `open_files`.
    pub fn new(mine: Option<&Path>, open_files: bool) -> ReplayerScreen {
        let mut screen = ReplayerScreen {
            from: "your hands".into(),
            items: Vec::new(),
            cursor: 0,
            open: None,
            every_card: true,
            open_files,
            typing: None,
            error: None,
        };
        let Some(dir) = mine.filter(|d| d.is_dir()) else {
            return screen;
        };
        match history_files(dir) {
            Ok(files) => {
                let mut numbered: Vec<(u64, PathBuf)> =
                    files.into_iter().map(|f| (deal_number(&f), f)).collect();
                numbered.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
                screen.items = numbered
                    .into_iter()
                    .map(|(n, f)| Item {
                        label: format!("hand {n}"),
                        source: Source::Mine(f),
                    })
                    .collect();
            }
            Err((d, e)) => screen.error = Some(format!("{}: {e}", d.display())),
        }
        screen
    }

    /// Replaces the list with the hands of the file or folder at `path`.
    fn load(&mut self, path: &str) {
        let p = Path::new(path);
        let files = if p.is_dir() {
            match history_files(p) {
                Ok(f) => f,
                Err((d, e)) => {
                    self.error = Some(format!("{}: {e}", d.display()));
                    return;
                }
            }
        } else {
            vec![p.to_path_buf()]
        };
        let mut items = Vec::new();
        for f in &files {
            let short = f.file_name().map_or_else(
                || f.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            let text = match read_text(f) {
                Ok(t) => t,
                Err(e) => {
                    self.error = Some(format!("{}: {e}", f.display()));
                    return;
                }
            };
            match read_any(&text) {
                Ok(hands) => {
                    for (i, (label, hand)) in hands.into_iter().enumerate() {
                        let label = if label.is_empty() {
                            format!("{short} #{}", i + 1)
                        } else {
                            format!("{short} {label}")
                        };
                        items.push(Item {
                            label,
                            source: Source::Read(Box::new(hand.map_err(|e| e.to_string()))),
                        });
                    }
                }
                Err(e) => items.push(Item {
                    label: short,
                    source: Source::Read(Box::new(Err(e.to_string()))),
                }),
            }
        }
        if items.is_empty() {
            self.error = Some(format!("{path}: no hand histories there"));
            return;
        }
        self.from = path.to_string();
        self.items = items;
        self.cursor = 0;
        self.error = None;
    }

    /// Opens hand `index` of the list at its first moment.
    fn open_hand(&mut self, index: usize) {
        let Some(item) = self.items.get(index) else {
            return;
        };
        let mine = matches!(item.source, Source::Mine(_));
        let record = match &item.source {
            Source::Mine(f) => read_text(f)
                .map_err(|e| format!("{}: {e}", f.display()))
                .and_then(|t| read_any(&t).map_err(|e| e.to_string()))
                .and_then(|hands| match hands.into_iter().next() {
                    Some((_, hand)) => hand.map_err(|e| e.to_string()),
                    None => Err("no hand in the file".into()),
                }),
            Source::Read(r) => (**r).clone(),
        };
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                self.error = Some(format!("{}: {e}", item.label));
                return;
            }
        };
        let steps = Steps::new(record);
        let Some(first) = steps.current() else {
            self.error = Some(match steps.error() {
                Some(e) => format!("{}: {e}", item.label),
                None => format!("{}: the hand cannot start", item.label),
            });
            return;
        };
        let (names, me) = seat_names(steps.record(), first, mine);
        let moments = steps.len();
        self.cursor = index;
        self.error = None;
        self.open = Some(Open {
            index,
            steps,
            names,
            me,
            equity: [vec![None; moments], vec![None; moments]],
        });
        self.work_out_equity();
    }

    /// Works out the current moment's equities, once.
    fn work_out_equity(&mut self) {
        let Some(open) = &mut self.open else { return };
        let (at, mode) = (open.steps.position(), usize::from(!self.every_card));
        if open.equity[mode][at].is_none() {
            let shares = open
                .moment(self.every_card)
                .map(|m| equities(&m))
                .unwrap_or_default();
            open.equity[mode][at] = Some(shares);
        }
    }

    fn list_bindings(&self) -> Vec<Binding<ReplayerAction>> {
        let any = !self.items.is_empty();
        vec![
            Binding::new(
                &[Key::Up, Key::Char('k')],
                "up",
                "The hand above",
                ReplayerAction::Up,
            )
            .enabled(any),
            Binding::new(
                &[Key::Down, Key::Char('j')],
                "down",
                "The hand below",
                ReplayerAction::Down,
            )
            .enabled(any),
            Binding::new(
                &[Key::Enter, Key::Char(' ')],
                "replay",
                "Step through the highlighted hand",
                ReplayerAction::Enter,
            )
            .enabled(any),
            Binding::new(
                &[Key::Char('o')],
                "open file",
                "Open a file or folder of hand histories (PHH, PHHS, PokerStars)",
                ReplayerAction::OpenPath,
            )
            .enabled(self.open_files),
            Binding::new(
                &[Key::Esc],
                "menu",
                "Back to the menu",
                ReplayerAction::Leave,
            ),
        ]
    }

    fn hand_bindings(&self, open: &Open) -> Vec<Binding<ReplayerAction>> {
        let (at, last) = (open.steps.position(), open.steps.len().saturating_sub(1));
        vec![
            Binding::new(
                &[Key::Right, Key::Char('l')],
                "next",
                "One action forward",
                ReplayerAction::Forward,
            )
            .enabled(at < last),
            Binding::new(
                &[Key::Left, Key::Char('h')],
                "back",
                "One action back",
                ReplayerAction::Back,
            )
            .enabled(at > 0),
            Binding::new(
                &[Key::Down, Key::Char('j')],
                "street",
                "To the next street",
                ReplayerAction::Down,
            )
            .enabled(at < last),
            Binding::new(
                &[Key::Up, Key::Char('k')],
                "",
                "To the start of this street, or of the one before",
                ReplayerAction::Up,
            )
            .enabled(at > 0),
            Binding::new(
                &[Key::Char('g')],
                "",
                "To the start of the hand",
                ReplayerAction::Start,
            ),
            Binding::new(
                &[Key::Char('G')],
                "",
                "To the end of the hand",
                ReplayerAction::End,
            ),
            Binding::new(
                &[Key::Char(']'), Key::PageDown],
                "hand below",
                "The hand below in the list",
                ReplayerAction::NextHand,
            )
            .enabled(open.index + 1 < self.items.len()),
            Binding::new(
                &[Key::Char('['), Key::PageUp],
                "",
                "The hand above in the list",
                ReplayerAction::PreviousHand,
            )
            .enabled(open.index > 0),
            Binding::new(
                &[Key::Char('v')],
                if self.every_card {
                    "seen only"
                } else {
                    "every card"
                },
                "Every hole card the history names, or only those seen at that moment",
                ReplayerAction::Cards,
            ),
            Binding::new(
                &[Key::Esc],
                "list",
                "Back to the list",
                ReplayerAction::Leave,
            ),
        ]
    }

    fn render_list(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut lines = vec![
            Line::styled(format!("Hands: {}", self.from), theme.title()),
            Line::raw(""),
        ];
        if self.items.is_empty() {
            lines.push(Line::styled(
                "No hands here yet: hands you play at the Hold'em table are kept for this list.",
                theme.dim(),
            ));
            if self.open_files {
                lines.push(Line::styled(
                    "o: open a file or folder of hand histories (PHH, PHHS, PokerStars).",
                    theme.dim(),
                ));
            }
        }
        let room = usize::from(area.height.saturating_sub(2));
        let first = self.cursor.saturating_sub(room.saturating_sub(1));
        for (i, item) in self.items.iter().enumerate().skip(first).take(room) {
            let chosen = i == self.cursor;
            let style = if chosen {
                theme.selected()
            } else {
                theme.text()
            };
            let mut spans = vec![Span::styled(
                format!("{}{}", theme.marker(chosen), item.label),
                style,
            )];
            if let Source::Read(read) = &item.source
                && let Err(e) = read.as_ref()
            {
                spans.push(Span::styled(
                    format!("  cannot be replayed: {e}"),
                    theme.bad(),
                ));
            }
            lines.push(Line::from(spans));
        }
        Paragraph::new(lines).render(area, buf);
    }

    fn render_hand(&self, open: &Open, area: Rect, buf: &mut Buffer, theme: Theme) {
        let Some(moment) = open.moment(self.every_card) else {
            return;
        };
        let state = &moment;
        let log_rows = if area.height >= 22 { 6 } else { 4 };
        let [table_area, info, log_area] = Layout::vertical([
            Constraint::Min(9),
            Constraint::Length(2),
            Constraint::Length(log_rows),
        ])
        .areas(area);
        super::draw_hand(state, open.me, open.names.clone(), table_area, buf, theme);
        let street = match (state.street(), state.board().len()) {
            (Street::Over, _) => "hand over",
            (_, 0..=2) => "preflop",
            (_, 3) => "flop",
            (_, 4) => "turn",
            _ => "river",
        };
        let item = &self.items[open.index];
        let mut head = vec![
            Span::styled(item.label.clone(), theme.title()),
            Span::styled(
                format!(
                    " · {street} · moment {} of {} · {}",
                    open.steps.position() + 1,
                    open.steps.len(),
                    if self.every_card {
                        "every card"
                    } else {
                        "cards as seen"
                    }
                ),
                theme.dim(),
            ),
        ];
        if let Some(e) = open
            .steps
            .error()
            .filter(|_| open.steps.position() + 1 == open.steps.len())
        {
            head.push(Span::styled(format!(" · stops here: {e}"), theme.bad()));
        }
        let mut shares = vec![Span::styled("Equity: ", theme.dim())];
        let mode = usize::from(!self.every_card);
        match open.equity[mode][open.steps.position()].as_deref() {
            Some([]) | None => shares.push(Span::styled(
                if state.street() == Street::Over {
                    "the hand is over"
                } else {
                    "needs the cards of everyone still in"
                },
                theme.dim(),
            )),
            Some(list) => {
                for (i, (seat, share)) in list.iter().enumerate() {
                    if i > 0 {
                        shares.push(Span::raw(" · "));
                    }
                    let name = if Some(*seat) == open.me {
                        "You".to_string()
                    } else {
                        open.names.get(*seat).cloned().unwrap_or_default()
                    };
                    shares.push(Span::styled(name, theme.player(*seat)));
                    shares.push(Span::raw(format!(" {:.1}%", share * 100.0)));
                }
            }
        }
        Paragraph::new(vec![Line::from(head), Line::from(shares)]).render(info, buf);
        let notes: Vec<Note> = state
            .log()
            .iter()
            .flat_map(|e| event_notes(state, e))
            .collect();
        let pane = LogPane {
            notes: &notes,
            back: 0,
            me: open.me,
            names: &open.names,
        };
        pane.render_under_rule(log_area, buf, theme);
    }
}

/// The number in a kept hand's file name (`deal-12.phh` is 12).
fn deal_number(path: &Path) -> u64 {
    path.file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.rsplit('-').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The seats' names at the table of `state`, and your seat. Your own
/// hands name the seats as the table did (you sat in seat 1); other
/// histories name the players as they say.
fn seat_names(record: &HandRecord, state: &HandState, mine: bool) -> (Vec<String>, Option<Seat>) {
    let seats = state.seats();
    let order = state.players();
    let numbers = record.info.seats.as_ref();
    if mine && let Some(numbers) = numbers {
        let table = Holdem::seat_names(record.info.seat_count.map_or(seats, |n| n as usize));
        let mut names = vec![String::new(); seats];
        let mut me = None;
        for (p, &seat) in order.iter().enumerate() {
            let number = numbers.get(p).map_or(0, |&n| n as usize);
            names[seat] = table
                .get(number.wrapping_sub(1))
                .cloned()
                .unwrap_or_default();
            if number == 1 {
                me = Some(seat);
            }
        }
        return (names, me);
    }
    let mut names = vec![String::new(); seats];
    for (p, &seat) in order.iter().enumerate() {
        names[seat] = record.name(p);
    }
    (names, None)
}

/// Each contender's share of the pot over every board still to come, when
/// the cards of everyone still in are known (nothing otherwise, and once
/// the hand is over).
fn equities(state: &HandState) -> Shares {
    if state.street() == Street::Over {
        return Vec::new();
    }
    let statuses = state.statuses();
    let (mut seats, mut ranges, mut dead) = (Vec::new(), Vec::new(), CardSet::EMPTY);
    for seat in state.players() {
        let hole = state.hole(seat);
        if statuses[seat].is_in() && !state.has_mucked(seat) {
            let Some([a, b]) = hole else {
                return Vec::new();
            };
            seats.push(seat);
            ranges.push(Range::exact(Combo::new(a, b)));
        } else if let Some(cards) = hole {
            dead |= cards.into_iter().collect::<CardSet>();
        }
    }
    let board: CardSet = state.board().iter().copied().collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    match Spot::new(&ranges, board, dead) {
        Ok(spot) => {
            let eq = exact(&spot, threads);
            seats
                .into_iter()
                .zip(eq.players)
                .map(|(s, p)| (s, p.equity))
                .collect()
        }
        Err(_) => Vec::new(),
    }
}

impl Screen for ReplayerScreen {
    type Action = ReplayerAction;

    fn title(&self) -> String {
        match &self.open {
            Some(_) => "Hand replayer · stepping through".into(),
            None => "Hand replayer".into(),
        }
    }

    fn bindings(&self) -> Vec<Binding<ReplayerAction>> {
        match &self.open {
            Some(open) => self.hand_bindings(open),
            None => self.list_bindings(),
        }
    }

    fn act(&mut self, action: ReplayerAction) -> Nav {
        use ReplayerAction::*;
        let count = self.items.len();
        match (&mut self.open, action) {
            (None, Leave) => return Nav::Menu,
            (None, Up) => self.cursor = self.cursor.saturating_sub(1),
            (None, Down) => self.cursor = (self.cursor + 1).min(count.saturating_sub(1)),
            (None, Enter) => self.open_hand(self.cursor),
            (None, OpenPath) if self.open_files => {
                self.typing = Some(LineEdit::default());
                self.error = None;
            }
            (None, _) => {}
            (Some(_), Leave) => self.open = None,
            (Some(_), Cards) => self.every_card = !self.every_card,
            (Some(o), Forward) => {
                o.steps.forward();
            }
            (Some(o), Back) => {
                o.steps.back();
            }
            (Some(o), Down) => o.steps.next_street(),
            (Some(o), Up) => o.steps.previous_street(),
            (Some(o), Start) => o.steps.seek(0),
            (Some(o), End) => o.steps.seek(usize::MAX),
            (Some(o), NextHand) if o.index + 1 < count => {
                let next = o.index + 1;
                self.open_hand(next);
            }
            (Some(o), PreviousHand) if o.index > 0 => {
                let before = o.index - 1;
                self.open_hand(before);
            }
            (Some(_), _) => {}
        }
        self.work_out_equity();
        Nav::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        match &self.open {
            Some(open) => self.render_hand(open, area, buf, theme),
            None => self.render_list(area, buf, theme),
        }
    }

    fn status(&self) -> Option<String> {
        if let Some(t) = &self.typing {
            return Some(format!(
                "Open: {}▏ (a file or folder; enter opens, esc cancels)",
                t.text()
            ));
        }
        self.error.clone()
    }

    fn typing(&self) -> bool {
        self.typing.is_some()
    }

    fn text(&mut self, key: &KeyEvent) -> Option<Nav> {
        self.typing.as_ref()?;
        if let Some(path) = LineEdit::type_into(&mut self.typing, key) {
            self.load(&path);
        }
        Some(Nav::Stay)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn through_a_halls_door_no_file_of_the_machine_is_opened() {
        let mut door = ReplayerScreen::new(None, false);
        let open = door
            .bindings()
            .into_iter()
            .find(|b| b.action == ReplayerAction::OpenPath)
            .map(|b| b.enabled);
        assert_eq!(open, Some(false));
        door.act(ReplayerAction::OpenPath);
        assert!(!door.typing(), "the path line opened at the door");
        let mut here = ReplayerScreen::new(None, true);
        here.act(ReplayerAction::OpenPath);
        assert!(here.typing());
    }

    #[test]
    fn kept_hands_are_numbered_by_their_file_names() {
        assert_eq!(deal_number(Path::new("/x/deals/holdem/deal-12.phh")), 12);
        assert_eq!(deal_number(Path::new("odd.phh")), 0);
    }
}
