//! A connection's outbox: the bounded queue of messages to it, and the
//! switch that cuts it off. A table or the lobby never waits on a
//! connection: when the queue is full the connection is too slow, and it
//! is closed (its seat then handled as a disconnect).

use std::sync::Arc;

use tokio::sync::{Notify, mpsc};

use super::protocol::{ServerMsg, encode};

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
