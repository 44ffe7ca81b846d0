//! Hostile input: the message decoder never panics on any text, and a
//! rogue client sending random sequences of messages, well-formed or not,
//! to random tables gets errors (or is closed), while the hall goes on
//! serving a game at another table and taking new players.

use crate::common;

use cardgames::wire::client::{Client, Identity};
use cardgames::wire::protocol::{ClientMsg, ServerMsg, decode};
use common::hall::{Player, start_hall};
use proptest::prelude::*;
use serde_json::json;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn any_text_decodes_or_says_why(text in ".{0,300}") {
        let _ = decode(&text);
    }

    #[test]
    fn any_json_object_decodes_or_says_why(
        ty in prop::sample::select(vec!["hello", "act", "sit", "chat", "create", "watch", "add_bot", "leave", "x"]),
        table in any::<i64>(),
        seat in any::<i64>(),
        text in ".{0,40}",
    ) {
        let msg = json!({"type": ty, "table": table, "seat": seat, "text": text, "action": text, "bot": text});
        let _ = decode(&msg.to_string());
    }
}

/// One message a rogue client might send.
fn rogue() -> impl Strategy<Value = String> {
    let table = 0u64..6;
    prop_oneof![
        ".{0,64}",
        Just("{}".to_string()),
        Just("[1,2,3]".to_string()),
        Just("x".repeat(20_000)),
        (table.clone(), ".{0,20}")
            .prop_map(|(t, a)| json!({"type": "act", "table": t, "action": a}).to_string()),
        (table.clone(), 0usize..12)
            .prop_map(|(t, s)| json!({"type": "sit", "table": t, "seat": s}).to_string()),
        (table.clone(), 0usize..12).prop_map(|(t, s)| {
            json!({"type": "add_bot", "table": t, "seat": s, "bot": "hard"}).to_string()
        }),
        table
            .clone()
            .prop_map(|t| json!({"type": "watch", "table": t}).to_string()),
        table
            .clone()
            .prop_map(|t| json!({"type": "stand", "table": t}).to_string()),
        table.prop_map(|t| json!({"type": "leave", "table": t}).to_string()),
        ".{0,300}".prop_map(|t| json!({"type": "chat", "text": t}).to_string()),
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| {
            json!({"type": "create", "game": "doom", "setup": {"size": a, "players": b}})
                .to_string()
        }),
        Just(json!({"type": "hello", "version": 1, "name": "again"}).to_string()),
        Just(json!({"type": "act", "table": 1, "action": {"RaiseTo": u64::MAX}}).to_string()),
    ]
}

#[test]
fn a_rogue_client_never_stops_the_hall() {
    let runtime = tokio::runtime::Runtime::new().unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (addr, table) = runtime.block_on(async {
        let addr = start_hall(dir.path(), 2).await;
        // A table of bots that plays by itself, watched. A rogue may take
        // over a bot and leave; the shortest clock then moves for it.
        let mut host = Player::join(addr, "host").await;
        let setup =
            json!({"size": 3, "players": 2, "max_dice": 3, "rules": "classic", "boards": "book"});
        let table = host.create("doom", setup, 5).await;
        for seat in 0..2 {
            host.send(ClientMsg::AddBot {
                table,
                seat,
                bot: "random".into(),
            })
            .await;
        }
        (addr, table)
    });
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(24));
    let n = std::sync::atomic::AtomicU32::new(0);
    runner
        .run(&prop::collection::vec(rogue(), 1..40), |messages| {
            let n = n.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            runtime.block_on(async {
                let who = Identity::Name(format!("rogue{n}"));
                let Ok((mut rogue, _)) = Client::connect(&format!("ws://{addr}"), &who).await
                else {
                    panic!("the hall stopped taking players");
                };
                for m in &messages {
                    if rogue.send_text(m).await.is_err() {
                        break;
                    }
                }
                rogue.close().await;
            });
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    // The bots' table still plays, and newcomers still get in.
    runtime.block_on(async {
        let mut watcher = Player::join(addr, "watcher").await;
        watcher
            .send(ClientMsg::Watch {
                table,
                invite: None,
            })
            .await;
        let mut steps = 0;
        while steps < 3 {
            if let ServerMsg::Notes { .. } = watcher.next().await {
                steps += 1;
            }
        }
    });
}
