//! A seat at a table in the hall, as the table screen reaches it: what the
//! hall last sent of the table (its view read into the game's own types),
//! actions sent as the protocol's `act`, the table's log lines as they
//! come. The hall deals and keeps the session; this side keeps nothing.

use super::net::{Link as NetLink, Net};
use crate::tui::link::{Link, Seating, Seen, Tick, Update};
use crate::tui::screen::Nav;
use cardgames::game::{Playable, Stage};
use cardgames::runner::Save;
use cardgames::wire::protocol::{ClientMsg, SeatKind, TableState};

/// A seat (or a watcher) at table `table` of the hall.
pub struct RemoteTable<G: Playable> {
    net: Net,
    table: u64,
    seen: Seen<G>,
}

impl<G: Playable> std::fmt::Debug for RemoteTable<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteTable")
            .field("table", &self.table)
            .finish()
    }
}

impl<G: Playable> RemoteTable<G> {
    /// The table `table` through `net`, once the hall has sent it with its
    /// game begun (`None` before).
    pub fn new(net: Net, table: u64) -> Option<RemoteTable<G>> {
        let state = net.seen().watched.get(&table).cloned()?;
        let seen = seen_of::<G>(&state)?;
        Some(RemoteTable { net, table, seen })
    }

    /// Reads the table as the hall last sent it.
    fn refresh(&mut self) {
        let state = self.net.seen().watched.get(&self.table).cloned();
        if let Some(seen) = state.and_then(|s| seen_of::<G>(&s)) {
            self.seen = seen;
        }
    }
}

/// The table state read into the game's types (`None` before the game
/// began, or for a state this build cannot read).
pub fn seen_of<G: Playable>(t: &TableState) -> Option<Seen<G>> {
    let stage = t.stage?;
    Some(Seen {
        me: t.you,
        view: serde_json::from_value(t.view.clone()).ok()?,
        legal: serde_json::from_value(t.legal.clone()).unwrap_or_default(),
        stage,
        names: t
            .seats
            .iter()
            .map(|s| {
                if s.name.is_empty() {
                    "—".to_string()
                } else {
                    s.name.clone()
                }
            })
            .collect(),
        bots: t
            .seats
            .iter()
            .map(|s| (s.kind == SeatKind::Bot).then(|| s.name.clone()))
            .collect(),
        away: t
            .seats
            .iter()
            .map(|s| s.kind == SeatKind::Person && (!s.connected || s.sitting_out))
            .collect(),
        empty: t.seats.iter().map(|s| s.kind == SeatKind::Empty).collect(),
        thinking: None,
        setup: serde_json::from_value(t.setup.clone()).ok()?,
        online: true,
    })
}

impl<G: Playable> Link<G> for RemoteTable<G> {
    fn seen(&self) -> Seen<G> {
        self.seen.clone()
    }

    fn act(&mut self, action: G::Action) -> Result<Update, String> {
        let action = serde_json::to_value(action).map_err(|e| e.to_string())?;
        self.net.send(ClientMsg::Act {
            table: self.table,
            action,
        });
        Ok(Update::default())
    }

    fn next_deal(&mut self) -> Result<Update, String> {
        Ok(Update::default())
    }

    fn show(&mut self) -> Result<Update, String> {
        self.net.send(ClientMsg::Show { table: self.table });
        Ok(Update::default())
    }

    fn tick(&mut self) -> Tick {
        self.refresh();
        let (pending, error) = {
            let mut s = self.net.seen();
            let pending = s.notes.get_mut(&self.table).and_then(|q| q.pop_front());
            (pending, s.errors.pop_front())
        };
        if let Some(e) = error {
            return Tick::Moved(Err(e));
        }
        match pending {
            Some((notes, scores)) => {
                let unit = G::view_unit(&self.seen.view);
                Tick::Moved(Ok(Update {
                    notes,
                    ended: scores.map(|s| (s, unit)),
                    dealt_in: true,
                    bought: None,
                }))
            }
            None => Tick::Busy,
        }
    }

    fn save(&self) -> Option<Save<G>> {
        None
    }

    fn online(&self) -> bool {
        true
    }

    fn status(&self) -> Option<String> {
        let s = self.net.seen();
        let link = match &s.link {
            Some(NetLink::Up) | None => None,
            Some(NetLink::Connecting) => Some("connecting…".to_string()),
            Some(NetLink::Down { tries, why }) => {
                Some(format!("connection lost ({why}); trying again ({tries})…"))
            }
            Some(NetLink::Refused(why)) => Some(format!("the hall refused: {why}")),
        };
        let t = s.watched.get(&self.table)?;
        let since = s
            .received
            .get(&self.table)
            .map_or(0, |at| at.elapsed().as_millis() as u64);
        let clock = match (t.deadline_ms, t.stage) {
            (Some(ms), Some(Stage::Turn(_))) => {
                format!(" · {} s left", ms.saturating_sub(since).div_ceil(1000))
            }
            _ => String::new(),
        };
        Some(link.unwrap_or_else(|| format!("table {} · {}{clock}", self.table, t.status)))
    }

    fn chat(&mut self, text: &str) {
        self.net.send(ClientMsg::Chat {
            table: Some(self.table),
            text: text.to_string(),
        });
    }

    fn sit_out(&mut self, out: bool) {
        let table = self.table;
        self.net.send(if out {
            ClientMsg::SitOut { table }
        } else {
            ClientMsg::SitBack { table }
        });
    }

    fn seating(&self) -> Seating {
        let s = self.net.seen();
        let Some(t) = s.watched.get(&self.table) else {
            return Seating::default();
        };
        let free = t.seats.iter().any(|st| st.kind == SeatKind::Empty);
        Seating {
            may_sit: free && t.you.is_none(),
            may_add_bot: free && t.owner,
        }
    }

    fn take_seat(&mut self) {
        self.net.send(ClientMsg::Sit {
            table: self.table,
            seat: None,
            invite: None,
        });
    }

    fn add_bot(&mut self) {
        let seat = {
            let s = self.net.seen();
            s.watched
                .get(&self.table)
                .and_then(|t| t.seats.iter().position(|st| st.kind == SeatKind::Empty))
        };
        if let Some(seat) = seat {
            self.net.send(ClientMsg::AddBot {
                table: self.table,
                seat,
                bot: cardgames::game::Level::Normal.name().to_string(),
            });
        }
    }

    fn leave(&mut self) -> Nav {
        self.net.send(ClientMsg::Leave { table: self.table });
        Nav::Lobby(self.net.clone())
    }
}
