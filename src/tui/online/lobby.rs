//! The hall's lobby on screen: who you are and the connection, the tables
//! (game, stakes, who sits), the lobby's chat; a table you watch before
//! its game begins, with its seats to sit in and the bots its creator puts
//! in; a private table opened by the invite its creator passes on; and,
//! once a table's game is going, that game's own table screen.

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use super::net::{Link as NetLink, Net};
use cardgames::game::Level;
use cardgames::games::registry;
use cardgames::wire::protocol::{ClientMsg, SeatKind, TableState};
use ratatui::crossterm::event::KeyEvent;

use crate::tui::Settings;
use crate::tui::keymap::{Binding, Key};
use crate::tui::line_edit::LineEdit;
use crate::tui::screen::{Nav, Screen};
use crate::tui::theme::Theme;

/// The lobby.
pub struct Lobby {
    net: Net,
    settings: Settings,
    /// The table highlighted in the list.
    cursor: usize,
    /// The table watched before its game begins, and the seat highlighted.
    waiting: Option<(u64, usize)>,
    /// A line being typed, and what it is.
    typing: Option<(Typed, LineEdit)>,
    /// The invite codes typed, by table: sent again to sit there.
    invites: HashMap<u64, String>,
    error: Option<String>,
}

/// What a line typed in the lobby is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Typed {
    /// A chat line.
    Chat,
    /// A private table's invite.
    Invite,
}

/// An invite as a private table's creator passes it on: `4/baf9351d`,
/// the table's number and its code.
fn parse_invite(text: &str) -> Option<(u64, String)> {
    let (table, code) = text.trim().trim_start_matches('#').split_once(['/', ' '])?;
    let code = code.trim();
    let table = table.trim().parse().ok()?;
    (!code.is_empty() && code.chars().all(|c| c.is_ascii_alphanumeric()))
        .then(|| (table, code.to_string()))
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lobby").field("url", &self.net.url).finish()
    }
}

/// Commands of the lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyAction {
    /// Previous table, or seat.
    Up,
    /// Next table, or seat.
    Down,
    /// Watch the highlighted table.
    Watch,
    /// Sit at the highlighted table (its first free seat) or seat.
    Sit,
    /// Create a table.
    Create,
    /// Put a bot in the highlighted seat (the table's creator).
    AddBot,
    /// Take the bot out of the highlighted seat.
    RemoveBot,
    /// Stop watching the waiting table.
    Leave,
    /// Type a chat line.
    Chat,
    /// Type a private table's invite.
    Invite,
    /// Ask for the lobby again.
    Refresh,
    /// Back to the main menu.
    Back,
}

impl Lobby {
    /// The lobby of the hall reached through `net`.
    pub fn new(net: Net, settings: Settings) -> Lobby {
        net.send(ClientMsg::List {});
        Lobby {
            net,
            settings,
            cursor: 0,
            waiting: None,
            typing: None,
            invites: HashMap::new(),
            error: None,
        }
    }

    fn waiting_state(&self) -> Option<TableState> {
        let (id, _) = self.waiting?;
        self.net.seen().watched.get(&id).cloned()
    }

    fn selected_table(&self) -> Option<u64> {
        self.net.seen().tables.get(self.cursor).map(|t| t.table)
    }

    /// The table screen of a watched table whose game has begun.
    fn open(&mut self, id: u64) -> Option<Nav> {
        let state = self.net.seen().watched.get(&id).cloned()?;
        state.stage?;
        let entry = registry().get(&state.game)?;
        let open = crate::tui::boards::board(entry.id)?;
        match open.online(entry.rules, self.net.clone(), id, &self.settings) {
            Some(page) => Some(Nav::Show(page)),
            None => {
                self.error = Some(format!("table {id} cannot be shown"));
                None
            }
        }
    }
}

impl Screen for Lobby {
    type Action = LobbyAction;

    fn title(&self) -> String {
        let s = self.net.seen();
        let me =
            s.me.as_ref()
                .map_or("…".to_string(), |w| w.player.name.clone());
        format!(
            "Hall {} · {me} · {} chips · {} online",
            self.net.place(),
            s.bankroll,
            s.online
        )
    }

    fn bindings(&self) -> Vec<Binding<LobbyAction>> {
        use LobbyAction::*;
        if let Some(state) = self.waiting_state() {
            let owner = state.owner;
            return vec![
                Binding::new(&[Key::Up, Key::Char('k')], "", "Previous seat", Up),
                Binding::new(&[Key::Down, Key::Char('j')], "", "Next seat", Down),
                Binding::new(
                    &[Key::Char('s'), Key::Enter],
                    "sit",
                    "Sit in the highlighted seat",
                    Sit,
                )
                .enabled(state.you.is_none()),
                Binding::new(
                    &[Key::Char('b')],
                    "bot",
                    "Put a bot in the highlighted seat",
                    AddBot,
                )
                .enabled(owner),
                Binding::new(
                    &[Key::Char('x')],
                    "no bot",
                    "Take the bot out of the highlighted seat",
                    RemoveBot,
                )
                .enabled(owner),
                Binding::new(
                    &[Key::Char('t')],
                    "chat",
                    "Say something at the table",
                    Chat,
                ),
                Binding::new(
                    &[Key::Esc, Key::Char('q')],
                    "leave",
                    "Leave the table",
                    Leave,
                ),
            ];
        }
        vec![
            Binding::new(&[Key::Up, Key::Char('k')], "", "Previous table", Up),
            Binding::new(&[Key::Down, Key::Char('j')], "", "Next table", Down),
            Binding::new(&[Key::Enter], "watch", "Watch the highlighted table", Watch),
            Binding::new(
                &[Key::Char('s')],
                "sit",
                "Sit at the highlighted table",
                Sit,
            ),
            Binding::new(&[Key::Char('c')], "create", "Create a table", Create),
            Binding::new(
                &[Key::Char('i')],
                "invite",
                "Open a private table by the invite its creator passes on",
                Invite,
            ),
            Binding::new(
                &[Key::Char('t')],
                "chat",
                "Say something in the lobby",
                Chat,
            ),
            Binding::new(&[Key::Char('r')], "", "Ask for the lobby again", Refresh),
            Binding::new(
                &[Key::Esc, Key::Char('q')],
                "menu",
                "Back to the main menu",
                Back,
            ),
        ]
    }

    fn act(&mut self, action: LobbyAction) -> Nav {
        use LobbyAction::*;
        self.error = None;
        if let (Some(state), Some((id, seat))) = (self.waiting_state(), self.waiting) {
            let n = state.seats.len().max(1);
            match action {
                Up => self.waiting = Some((id, (seat + n - 1) % n)),
                Down => self.waiting = Some((id, (seat + 1) % n)),
                Sit => self.net.send(ClientMsg::Sit {
                    table: id,
                    seat: Some(seat),
                    invite: self.invites.get(&id).cloned(),
                }),
                AddBot => {
                    let bot = Level::Normal.name().to_string();
                    self.net.send(ClientMsg::AddBot {
                        table: id,
                        seat,
                        bot,
                    });
                }
                RemoveBot => self.net.send(ClientMsg::RemoveBot { table: id, seat }),
                Leave => {
                    self.net.send(ClientMsg::Leave { table: id });
                    self.waiting = None;
                    self.net.send(ClientMsg::List {});
                }
                Chat => self.typing = Some((Typed::Chat, LineEdit::default())),
                _ => {}
            }
            return Nav::Stay;
        }
        let n = self.net.seen().tables.len().max(1);
        match action {
            Up => self.cursor = (self.cursor + n - 1) % n,
            Down => self.cursor = (self.cursor + 1) % n,
            Watch => {
                if let Some(table) = self.selected_table() {
                    self.net.send(ClientMsg::Watch {
                        table,
                        invite: None,
                    });
                }
            }
            Sit => match self.selected_table() {
                // The hall picks the seat: this list may be a moment old.
                Some(table) => self.net.send(ClientMsg::Sit {
                    table,
                    seat: None,
                    invite: self.invites.get(&table).cloned(),
                }),
                None => self.error = Some("no table to sit at".into()),
            },
            Create => {
                let game = registry()
                    .entries()
                    .iter()
                    .find(|e| crate::tui::boards::board(e.id).is_some());
                if let Some(entry) = game {
                    return Nav::HallSetup(entry.id, self.net.clone());
                }
            }
            Chat => self.typing = Some((Typed::Chat, LineEdit::default())),
            Invite => self.typing = Some((Typed::Invite, LineEdit::default())),
            Refresh => self.net.send(ClientMsg::List {}),
            Back => return Nav::Menu,
            _ => {}
        }
        Nav::Stay
    }

    fn tick(&mut self) -> bool {
        let opened = self.net.seen().opened.pop_front();
        if let Some(id) = opened {
            self.waiting = Some((id, 0));
        }
        if let Some(err) = self.net.seen().errors.pop_front() {
            self.error = Some(err);
        }
        true
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let [top, bottom] =
            Layout::vertical([Constraint::Min(6), Constraint::Length(7)]).areas(area);
        let s = self.net.seen();
        let mut lines = Vec::new();
        if let Some(state) = self.waiting.and_then(|(id, _)| s.watched.get(&id)) {
            let seat = self.waiting.map_or(0, |(_, seat)| seat);
            let name = registry()
                .get(&state.game)
                .map_or(state.game.as_str(), |e| e.name);
            lines.push(Line::styled(
                format!("Table {} · {name} · {}", state.table, state.status),
                theme.title(),
            ));
            if let Some(code) = &state.invite {
                lines.push(Line::styled(
                    format!(
                        "Private: invite {}/{code} (others press i in the lobby and type it)",
                        state.table
                    ),
                    theme.dim(),
                ));
            }
            lines.push(Line::default());
            for (i, st) in state.seats.iter().enumerate() {
                let marker = theme.marker(i == seat);
                let who = match st.kind {
                    SeatKind::Empty => "— empty —".to_string(),
                    SeatKind::Bot => format!("{} (computer)", st.name),
                    SeatKind::Person if state.you == Some(i) => format!("{} (you)", st.name),
                    SeatKind::Person => st.name.clone(),
                };
                let chips = st.chips.map(|c| format!("  {c} chips")).unwrap_or_default();
                let style = if i == seat {
                    theme.selected()
                } else {
                    theme.text()
                };
                lines.push(Line::from(vec![
                    Span::styled(format!("{marker}seat {i}: {who}"), style),
                    Span::styled(chips, theme.dim()),
                ]));
            }
        } else {
            lines.push(Line::styled("Tables", theme.title()));
            match (&s.link, &s.me) {
                (Some(NetLink::Refused(why)), _) => {
                    lines.push(Line::styled(format!("  {why}"), theme.dim()));
                }
                (_, Some(_)) if s.tables.is_empty() => {
                    lines.push(Line::styled("  none yet: c creates one", theme.dim()));
                }
                // Never welcomed: nothing is known of the hall's tables.
                (Some(NetLink::Down { why, .. }), None) => {
                    lines.push(Line::styled(
                        format!("  cannot reach the hall: {why}"),
                        theme.dim(),
                    ));
                }
                (_, None) => lines.push(Line::styled("  connecting…", theme.dim())),
                _ => {}
            }
            for (i, t) in s.tables.iter().enumerate() {
                let chosen = i == self.cursor;
                let name = registry().get(&t.game).map_or(t.game.as_str(), |e| e.name);
                let taken = t.players.iter().flatten().count();
                let who: Vec<&str> = t.players.iter().flatten().map(String::as_str).collect();
                let style = if chosen {
                    theme.selected()
                } else {
                    theme.text()
                };
                lines.push(Line::from(vec![
                    Span::styled(
                        format!("{}#{:<3} {name:<17}", theme.marker(chosen), t.table),
                        style,
                    ),
                    Span::styled(
                        format!(
                            " {taken}/{} {}",
                            t.seats,
                            if t.playing { "playing" } else { "waiting" }
                        ),
                        theme.legal(),
                    ),
                    Span::styled(format!("  {} · {}", t.about, who.join(", ")), theme.dim()),
                ]));
            }
        }
        Paragraph::new(lines).render(top, buf);
        let mut chat: Vec<Line> = s
            .lobby_chat
            .iter()
            .rev()
            .take(usize::from(bottom.height.saturating_sub(1)))
            .rev()
            .map(|l| Line::styled(l.clone(), theme.dim()))
            .collect();
        if chat.is_empty() {
            chat.push(Line::styled(
                "The lobby's chat: t to say something",
                theme.dim(),
            ));
        }
        Paragraph::new(chat)
            .block(Block::new().borders(Borders::TOP).border_style(theme.dim()))
            .render(bottom, buf);
    }

    fn status(&self) -> Option<String> {
        if let Some((typed, line)) = &self.typing {
            return Some(line.prompt(match typed {
                Typed::Chat => "Say",
                Typed::Invite => "Invite (the table's number/code, like 4/baf9351d)",
            }));
        }
        if let Some(e) = &self.error {
            return Some(e.clone());
        }
        match &self.net.seen().link {
            Some(NetLink::Connecting) => Some(format!("connecting to {}…", self.net.place())),
            Some(NetLink::Down { tries, why }) => {
                Some(format!("connection lost ({why}); trying again ({tries})…"))
            }
            Some(NetLink::Refused(why)) => Some(format!("the hall refused: {why}")),
            _ => None,
        }
    }

    fn typing(&self) -> bool {
        self.typing.is_some()
    }

    fn text(&mut self, key: &KeyEvent) -> Option<Nav> {
        let (typed, line) = self.typing.take()?;
        let mut slot = Some(line);
        let done = LineEdit::type_into(&mut slot, key);
        self.typing = slot.map(|line| (typed, line));
        match (typed, done) {
            (Typed::Chat, Some(text)) => {
                let table = self.waiting.map(|(id, _)| id);
                self.net.send(ClientMsg::Chat { table, text });
            }
            (Typed::Invite, Some(text)) => match parse_invite(&text) {
                Some((table, code)) => {
                    self.invites.insert(table, code.clone());
                    self.net.send(ClientMsg::Watch {
                        table,
                        invite: Some(code),
                    });
                }
                None => {
                    self.error = Some(format!(
                        "{text:?} is not an invite: the table's number, a slash and its code, like 4/baf9351d"
                    ))
                }
            },
            (_, None) => {}
        }
        Some(Nav::Stay)
    }

    fn redirect(&mut self) -> Option<Nav> {
        let (id, _) = self.waiting?;
        self.open(id)
    }
}

#[cfg(test)]
mod tests {
    use super::parse_invite;

    #[test]
    fn an_invite_is_the_tables_number_and_its_code() {
        let want = Some((4, "baf9351d".to_string()));
        assert_eq!(parse_invite("4/baf9351d"), want);
        assert_eq!(parse_invite(" #4 baf9351d "), want);
        for bad in ["baf9351d", "4/", "x/baf9351d", "4/baf 93", "4/ba;f"] {
            assert_eq!(parse_invite(bad), None, "{bad}");
        }
    }
}
