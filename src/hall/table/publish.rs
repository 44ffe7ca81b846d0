//! What a hall table tells the connections watching it: each step's notes
//! as the watcher's seat may see them (nothing when a step has nothing for
//! them), and the table as it now stands — only when it changed for them,
//! so no frame is sent twice. A connection gone or too slow to keep up is
//! dropped here, and its player named so their seat can be marked away.

use std::collections::HashMap;

use tokio::time::Instant;

use crate::game::Seat;
use crate::hall::outbox::{ConnId, Outbox};
use crate::runner::erased::Step;
use crate::wire::protocol::{ServerMsg, TableText};

/// One connection watching.
struct Watcher {
    player: i64,
    out: Outbox,
    /// The last table sent, without its clock, and the deadline it had.
    last: Option<(String, Option<Instant>)>,
}

/// The connections watching a table.
#[derive(Default)]
pub struct Watchers(HashMap<ConnId, Watcher>);

impl Watchers {
    /// `out`, of `player`, watches from now on: it is sent the table at
    /// the next [`Watchers::table`] — also if it already watched, when
    /// `again`.
    pub fn add(&mut self, player: i64, out: &Outbox, again: bool) {
        let known = self.0.get_mut(&out.conn);
        match known {
            Some(w) if !again => w.player = player,
            _ => {
                let watcher = Watcher {
                    player,
                    out: out.clone(),
                    last: None,
                };
                self.0.insert(out.conn, watcher);
            }
        }
    }

    /// Connection `conn` stops watching: its player, if it watched.
    pub fn remove(&mut self, conn: ConnId) -> Option<i64> {
        self.0.remove(&conn).map(|w| w.player)
    }

    /// Whether any connection of `player` watches.
    pub fn has_player(&self, player: i64) -> bool {
        self.0.values().any(|w| w.player == player)
    }

    /// How many connections watch.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nobody watches.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Sends `msg` to every watcher.
    pub fn send_all(&mut self, msg: &ServerMsg) -> Vec<i64> {
        self.keep(|w| w.out.send(msg.clone()))
    }

    /// Tells every watcher of a step at `table`: its notes for their seat
    /// (`seat_of` their player) and, when it ended a deal, the scores.
    /// The players whose connection was dropped.
    pub fn step(
        &mut self,
        table: u64,
        step: &Step,
        seat_of: impl Fn(i64) -> Option<Seat>,
    ) -> Vec<i64> {
        let scores = step.ended.as_ref().map(|(s, _)| s.clone());
        self.keep(|w| {
            let notes = step.notes_for(seat_of(w.player));
            if notes.is_empty() && scores.is_none() {
                return true;
            }
            w.out.send(ServerMsg::Notes {
                table,
                notes: notes.to_vec(),
                scores: scores.clone(),
            })
        })
    }

    /// Sends each watcher the table as `state` draws it for their player,
    /// with `deadline` (its clock), unless it is what they were sent last.
    /// The players whose connection was dropped.
    pub fn table(
        &mut self,
        deadline: Option<Instant>,
        state: impl Fn(i64) -> TableText,
    ) -> Vec<i64> {
        self.keep(|w| {
            let mut text = state(w.player);
            text.deadline_ms = None;
            let seen = (text.encode(), deadline);
            if w.last.as_ref() == Some(&seen) {
                return true;
            }
            text.deadline_ms =
                deadline.map(|t| t.saturating_duration_since(Instant::now()).as_millis() as u64);
            w.last = Some(seen);
            w.out.send_text(text.encode())
        })
    }

    /// Keeps the watchers for which `send` succeeds; the players of the
    /// others.
    fn keep(&mut self, mut send: impl FnMut(&mut Watcher) -> bool) -> Vec<i64> {
        let mut dropped = Vec::new();
        self.0.retain(|_, w| {
            let kept = send(w);
            if !kept {
                dropped.push(w.player);
            }
            kept
        });
        dropped
    }
}
