//! A client of the hall, typed: connect, say hello, send requests, read
//! messages. The terminal client (`cardgames join`), the tests and the
//! load generator all talk to the hall through it.

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

use super::protocol::{ClientMsg, PlayerInfo, READ_BUFFER, ServerMsg, VERSION};

/// Why the client failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    /// The hall could not be reached.
    #[error("cannot reach {url}: {why}")]
    Connect {
        /// Where.
        url: String,
        /// What went wrong.
        why: String,
    },
    /// The connection closed.
    #[error("the hall closed the connection")]
    Closed,
    /// The hall sent something that is not a message.
    #[error("unreadable message from the hall: {0}")]
    Protocol(String),
    /// The hall refused.
    #[error("{message} ({code})")]
    Refused {
        /// The error's code.
        code: String,
        /// What the hall said.
        message: String,
    },
}

/// Who a connection is: a new player's name, or a returning player's
/// token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Identity {
    /// A new player.
    Name(String),
    /// A returning player.
    Token(String),
}

/// The hall's answer to hello.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Welcome {
    /// Who the hall says you are.
    pub player: PlayerInfo,
    /// The token to come back with.
    pub token: String,
    /// Chips off the tables.
    pub bankroll: i64,
}

/// A connection to the hall.
#[derive(Debug)]
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// A hall's address as a person types it: `ws://…` or `wss://…` as given,
/// `host:port` as `ws://host:port`; another scheme (`http://…`) is an
/// error naming it.
pub fn hall_address(typed: &str) -> Result<String, String> {
    let typed = typed.trim();
    match typed.split_once("://") {
        _ if typed.is_empty() => Err("give the hall's address, like 127.0.0.1:7878".into()),
        Some(("ws" | "wss", rest)) if !rest.is_empty() => Ok(typed.to_string()),
        Some((scheme, _)) => Err(format!(
            "{typed}: a hall's address is host:port or begins ws:// (not {scheme}://)"
        )),
        None => Ok(format!("ws://{typed}")),
    }
}

/// The WebSocket address of a hall given as `ws://host:port` (the path
/// `/ws` is added when none is given).
pub fn ws_url(url: &str) -> String {
    let url = url.trim_end_matches('/');
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    if after_scheme.contains('/') {
        url.to_string()
    } else {
        format!("{url}/ws")
    }
}

impl Client {
    /// Connects to the hall at `url` and says hello as `who`.
    pub async fn connect(url: &str, who: &Identity) -> Result<(Client, Welcome), ClientError> {
        let url = ws_url(url);
        let (ws, _) = connect_async_with_config(
            &url,
            Some(WebSocketConfig::default().read_buffer_size(READ_BUFFER)),
            true,
        )
        .await
        .map_err(|e| ClientError::Connect {
            url: url.clone(),
            why: e.to_string(),
        })?;
        let mut client = Client { ws };
        let (name, token) = match who {
            Identity::Name(n) => (Some(n.clone()), None),
            Identity::Token(t) => (None, Some(t.clone())),
        };
        client
            .send(&ClientMsg::Hello {
                version: VERSION,
                name,
                token,
            })
            .await?;
        match client.recv().await? {
            ServerMsg::Welcome {
                player,
                token,
                bankroll,
                ..
            } => Ok((
                client,
                Welcome {
                    player,
                    token,
                    bankroll,
                },
            )),
            ServerMsg::Error { code, message, .. } => Err(ClientError::Refused { code, message }),
            other => Err(ClientError::Protocol(format!(
                "expected welcome, got {other:?}"
            ))),
        }
    }

    /// Sends a request.
    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        let text = serde_json::to_string(msg).map_err(|e| ClientError::Protocol(e.to_string()))?;
        self.send_text(&text).await
    }

    /// Sends any text as a message (for tests of what the hall refuses).
    pub async fn send_text(&mut self, text: &str) -> Result<(), ClientError> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|_| ClientError::Closed)
    }

    /// The next message from the hall, and its text as it came.
    pub async fn recv_raw(&mut self) -> Result<(ServerMsg, String), ClientError> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    let msg = serde_json::from_str(&t)
                        .map_err(|e| ClientError::Protocol(e.to_string()))?;
                    return Ok((msg, t.to_string()));
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                    return Err(ClientError::Closed);
                }
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next message from the hall.
    pub async fn recv(&mut self) -> Result<ServerMsg, ClientError> {
        self.recv_raw().await.map(|(m, _)| m)
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ws_path_is_added_when_missing() {
        assert_eq!(
            hall_address(" 127.0.0.1:7902 ").as_deref(),
            Ok("ws://127.0.0.1:7902")
        );
        assert_eq!(hall_address("wss://h:1").as_deref(), Ok("wss://h:1"));
        assert!(hall_address("http://h:1").is_err_and(|e| e.contains("not http://")));
        assert!(hall_address("").is_err());
        assert_eq!(ws_url("ws://h:1"), "ws://h:1/ws");
        assert_eq!(ws_url("ws://h:1/"), "ws://h:1/ws");
        assert_eq!(ws_url("ws://h:1/ws"), "ws://h:1/ws");
        assert_eq!(ws_url("ws://h:1/hall/ws"), "ws://h:1/hall/ws");
    }
}
