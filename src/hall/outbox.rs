//! A connection's outbox: the bounded queue of messages to it, and the
//! switch that cuts it off. A table or the lobby never waits on a
//! connection: when the queue is full the connection is too slow, and it
//! is closed (its seat then handled as a disconnect).

use std::sync::Arc;

use tokio::sync::{Notify, mpsc};

use crate::wire::protocol::{RequestId, ServerMsg, encode};

/// A connection's number.
pub type ConnId = u64;

/// Messages a connection may have waiting before it counts as stalled.
pub const QUEUE: usize = 512;

/// Where messages to one connection go.
#[derive(Debug, Clone)]
pub struct Outbox {
    /// The connection.
    pub conn: ConnId,
    tx: mpsc::Sender<String>,
    kill: Arc<Notify>,
}

impl Outbox {
    /// An outbox for connection `conn`, its queue's other end, and the
    /// switch the connection listens to.
    pub fn new(conn: ConnId) -> (Outbox, mpsc::Receiver<String>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        let kill = Arc::new(Notify::new());
        (
            Outbox {
                conn,
                tx,
                kill: kill.clone(),
            },
            rx,
            kill,
        )
    }

    /// Queues `msg`; false when the connection is gone or too slow (then
    /// it is cut off).
    pub fn send(&self, msg: ServerMsg) -> bool {
        self.send_text(encode(&msg))
    }

    /// Queues a message already written as JSON text, as [`Outbox::send`].
    pub fn send_text(&self, text: String) -> bool {
        match self.tx.try_send(text) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.kill.notify_one();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }
}

/// Where the answer to one request goes: its connection, and the
/// request's `id` when it gave one. Every request with an `id` is answered
/// once: `error` when refused, else `ok` once it has been carried out.
#[derive(Debug, Clone)]
pub struct Reply {
    /// The connection.
    pub out: Outbox,
    /// The request's `id`.
    pub id: Option<RequestId>,
}

impl Reply {
    /// Answers: `ok` (about `table`) or the error.
    pub fn answer(&self, result: Result<(), ServerMsg>, table: Option<u64>) {
        match result {
            Ok(()) => {
                if let Some(id) = &self.id {
                    self.out.send(ServerMsg::Ok {
                        id: id.clone(),
                        table,
                    });
                }
            }
            Err(e) => {
                self.out.send(e.answering(self.id.as_ref()));
            }
        }
    }
}
