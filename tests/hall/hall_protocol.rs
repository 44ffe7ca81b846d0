//! The hall's protocol as docs/protocol.md promises it, over real sockets:
//! requests with an `id` answered once with it; each table frame sent once
//! and no empty notes; a client that stops reading, or sends bad messages
//! or half a request, closed (its last answers first); names that look
//! like another player's refused.

use crate::common;

use std::io::{Read, Write};
use std::time::Duration;

use cardgames::wire::protocol::{ClientMsg, ServerMsg};
use common::hall::{Player, assert_ledger, check_or_call, spawn_hall, start_hall};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_with_an_id_are_answered_once_with_it() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 31).await;
    let mut ann = Player::join(addr, "ann").await;
    let create = ClientMsg::Create {
        game: "doom".into(),
        choices: None,
        setup: None,
        seconds: None,
        private: false,
    };
    let table = ann
        .request(create, "c1")
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("create answers its table"));
    let watch = |table| ClientMsg::Watch {
        table,
        invite: None,
    };
    assert_eq!(ann.request(watch(999), "w").await, Err("no_table".into()));
    let act = |table| ClientMsg::Act {
        table,
        action: json!("pass"),
    };
    assert_eq!(ann.request(act(999), "a1").await, Err("no_table".into()));
    let mut ben = Player::join(addr, "ben").await;
    assert_eq!(
        ben.request(act(table), "a2").await,
        Err("not_watching".into())
    );
    assert_eq!(ben.request(watch(table), "w2").await, Ok(Some(table)));
    assert_eq!(ben.request(ClientMsg::Ping {}, "7").await, Ok(None));
    // A number is an id too, and a malformed request's id is echoed.
    ben.client
        .send_text(r#"{"type":"sit","table":"one","id":42}"#)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let refused = ben
        .until(|m| match m {
            ServerMsg::Error {
                id: Some(id), code, ..
            } => Some((id.clone(), code.clone())),
            _ => None,
        })
        .await;
    assert_eq!(refused, (json!(42), "bad_message".to_string()));
    // A partial setup takes the defaults for what it leaves out; an
    // option the game does not have is refused by name.
    let partial = ClientMsg::Create {
        game: "doom".into(),
        choices: None,
        setup: Some(json!({"size": 4})),
        seconds: None,
        private: false,
    };
    let made = ann.request(partial, "c2").await;
    assert!(matches!(made, Ok(Some(_))), "{made:?}");
    let bad = ClientMsg::Create {
        game: "doom".into(),
        choices: None,
        setup: Some(json!({"sizes": 4})),
        seconds: None,
        private: false,
    };
    assert_eq!(ann.request(bad, "c3").await, Err("bad_setup".into()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_table_frame_is_sent_once_and_no_notes_are_empty() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 32).await;
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"seats": 3, "stack": 1000});
    let create = ClientMsg::Create {
        game: "holdem".into(),
        choices: None,
        setup: Some(setup),
        seconds: Some(60),
        private: false,
    };
    let table = ann
        .request(create, "c")
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("a table"));
    // A request to the table is answered after what came before it.
    let chat = ClientMsg::Chat {
        table: Some(table),
        text: "hello".into(),
    };
    assert_eq!(ann.request(chat, "barrier").await, Ok(Some(table)));
    let frames = ann
        .received
        .iter()
        .filter(|t| t.starts_with(r#"{"type":"table""#))
        .count();
    assert_eq!(frames, 1, "the new table, once: {:#?}", ann.received);
    // Two hands against two bots: every notes frame says something.
    ann.sit(table, 0).await;
    for seat in [1, 2] {
        ann.send(ClientMsg::AddBot {
            table,
            seat,
            bot: "normal".into(),
        })
        .await;
    }
    ann.play(table, 2, check_or_call).await;
    for text in &ann.received {
        let msg: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
        if msg["type"] == "notes" {
            assert!(
                msg["notes"].as_array().is_some_and(|n| !n.is_empty())
                    || msg.get("scores").is_some(),
                "an empty notes frame: {text}"
            );
        }
    }
    let tables: Vec<&String> = ann
        .received
        .iter()
        .filter(|t| t.starts_with(r#"{"type":"table""#))
        .collect();
    for pair in tables.windows(2) {
        assert_ne!(pair[0], pair[1], "the same table frame twice in a row");
    }
    // Each frame numbers its deal, and a Hold'em view counts the pot.
    let mut deals = Vec::new();
    for text in tables {
        let t: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
        if t["stage"]["stage"] == "turn" {
            deals.push(t["deal"].as_u64().unwrap_or(0));
            let put_in: u64 = t["view"]["state"]["put_in"]
                .as_array()
                .map_or(0, |a| a.iter().filter_map(Value::as_u64).sum());
            assert_eq!(t["view"]["pot"].as_u64(), Some(put_in), "{text}");
        }
    }
    assert_eq!(deals.first(), Some(&1));
    assert!(
        deals.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1),
        "{deals:?}"
    );
    assert!(deals.last() >= Some(&2), "{deals:?}");
    assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_are_each_answered_before_the_connection_closes() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 33).await;
    let mut eve = Player::join(addr, "eve").await;
    for _ in 0..30 {
        eve.client
            .send_text("not json")
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let mut codes = Vec::new();
    loop {
        match eve.client.recv().await {
            Ok(ServerMsg::Error { code, .. }) => codes.push(code),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let bad = codes.iter().filter(|c| *c == "bad_message").count();
    assert_eq!(bad, 20, "{codes:?}");
    assert_eq!(
        codes.last().map(String::as_str),
        Some("closed"),
        "{codes:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_look_like_a_players_are_refused() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 34).await;
    let _ann = Player::join(addr, "ann").await;
    let url = format!("ws://{addr}");
    for (name, code) in [
        ("\u{430}nn", "name"),    // Cyrillic а among Latin letters
        ("\u{410}NN", "name"),    // likewise, upper case
        ("ＡＮＮ", "name_taken"), // full-width: ANN, which is ann
        ("ANN", "name_taken"),
        ("\u{430}\u{43f}\u{43f}", "ok"), // all Cyrillic: another name
    ] {
        let who = cardgames::wire::client::Identity::Name(name.into());
        match cardgames::wire::client::Client::connect(&url, &who).await {
            Ok((_, welcome)) => assert_eq!(code, "ok", "{name} was let in as {:?}", welcome.player),
            Err(cardgames::wire::client::ClientError::Refused { code: got, .. }) => {
                assert_eq!(got, code, "{name}")
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
    // A full-width name is kept in its plain form.
    let zoe = Player::join(addr, "ｚｏｅ").await;
    assert_eq!(zoe.welcome.player.name, "zoe");
}

/// A raw WebSocket client of the hall that reads only when asked, on a
/// socket with a small receive buffer.
async fn raw_client(
    addr: std::net::SocketAddr,
    name: &str,
) -> tokio_tungstenite::WebSocketStream<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4().unwrap_or_else(|e| panic!("{e}"));
    socket
        .set_recv_buffer_size(4096)
        .unwrap_or_else(|e| panic!("{e}"));
    let tcp = socket.connect(addr).await.unwrap_or_else(|e| panic!("{e}"));
    let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let hello = json!({"type": "hello", "version": 1, "name": name});
    ws.send(Message::Text(hello.to_string().into()))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    ws
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_closed() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 35).await;
    let mut slow = raw_client(addr, "slow").await;
    // It asks for the lobby again and again, and never reads the answers.
    let list = Message::Text(json!({"type": "list"}).to_string().into());
    for _ in 0..40 {
        slow.send(list.clone())
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    // Eight talkers fill the lobby with chat, reading all they are sent;
    // they stop once the lobby counts them alone.
    let (done_tx, done) = tokio::sync::watch::channel(false);
    let mut talkers = Vec::new();
    for k in 0..8 {
        let (mut sink, mut stream) = raw_client(addr, &format!("talker{k}")).await.split();
        let done_tx = done_tx.clone();
        tokio::spawn(async move {
            let mut all_in = false;
            while let Some(Ok(Message::Text(t))) = stream.next().await {
                let msg: Value = serde_json::from_str(&t).unwrap_or_default();
                if msg["type"] == "lobby" {
                    all_in |= msg["online"] == 9;
                    if all_in && msg["online"] == 8 {
                        let _ = done_tx.send(true);
                    }
                }
            }
        });
        let mut done = done.clone();
        talkers.push(tokio::spawn(async move {
            let line = json!({"type": "chat", "text": "x".repeat(190)}).to_string();
            while !*done.borrow_and_update() {
                if sink.send(Message::Text(line.clone().into())).await.is_err() {
                    break;
                }
                // Under the hall's rate limit: no talker is cut off.
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_millis(60)) => {}
                    _ = done.changed() => {}
                }
            }
        }));
    }
    for t in talkers {
        t.await.unwrap_or_else(|e| panic!("{e}"));
    }
    // Once the hall let the slow client go, reading it comes to an end.
    let drained = tokio::time::timeout(Duration::from_secs(60), async {
        let mut n = 0;
        while let Some(Ok(msg)) = slow.next().await {
            if msg.is_close() {
                break;
            }
            n += 1;
        }
        n
    })
    .await
    .unwrap_or_else(|_| panic!("the slow client is still connected"));
    assert!(drained > 0, "it had its welcome at least");
}

#[test]
fn a_half_sent_request_is_closed_after_the_request_timeout() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (_hall, addr) = spawn_hall(dir.path(), &["--request-timeout", "1"]);
    let mut tcp = std::net::TcpStream::connect(addr).unwrap_or_else(|e| panic!("{e}"));
    tcp.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .unwrap_or_else(|e| panic!("{e}"));
    // The rest never comes: the hall answers (408) or closes, and the
    // connection ends; a bound long past the timeout only guards the test.
    tcp.set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rest = Vec::new();
    let ended = tcp.read_to_end(&mut rest);
    assert!(ended.is_ok(), "still open: {ended:?}");
    // And a whole request on a new connection is served.
    let mut tcp = std::net::TcpStream::connect(addr).unwrap_or_else(|e| panic!("{e}"));
    tcp.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let mut page = String::new();
    tcp.read_to_string(&mut page)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
}

#[test]
fn the_python_client_written_from_the_document_plays_its_hands() {
    let Some(python) = common::python::venv(
        "CARDGAMES_WEBSOCKETS_PYTHON",
        "websockets-venv",
        "websockets==15.0.1",
        "import websockets",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (_hall, addr) = spawn_hall(&dir.path().join("hall"), &[]);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/hall_client.py");
    let out = std::process::Command::new(&python)
        .arg(script)
        .arg("ann")
        .args(["--hands", "3", "--url", &format!("ws://{addr}/ws")])
        .arg("--token-file")
        .arg(dir.path().join("token"))
        .output()
        .unwrap_or_else(|e| panic!("{python} {script}: {e}"));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}: {said}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("Created table 1"), "{said}");
    assert!(said.contains("— Hand 3 · blinds 5/10 —"), "{said}");
    assert!(said.contains("You post the"), "{said}");
    assert!(said.contains("bot:normal posts the"), "{said}");
    assert!(said.contains("Left table 1 after 3 hand(s)"), "{said}");
    assert_ledger(&dir.path().join("hall"));
}
