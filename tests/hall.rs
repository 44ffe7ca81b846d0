//! The game hall over real sockets on 127.0.0.1, deterministic seeds:
//! whole deals of every game between people and bots, spectators, what
//! each connection may see, chips that never change in sum.

mod common;

use cardgames::cards::CardSet;
use cardgames::hall::protocol::{ClientMsg, ServerMsg};
use cardgames::runner::conformance::cards_in;
use common::hall::{Player, bid_once_then_cards, check_or_call, first_attack, start_hall};
use serde_json::{Value, json};

fn ledger_sum(dir: &std::path::Path) -> (i64, i64) {
    let conn =
        rusqlite::Connection::open(dir.join("hall.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    let all: i64 = conn
        .query_row("SELECT COALESCE(SUM(delta),0) FROM ledger", [], |r| {
            r.get(0)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let house: i64 = conn
        .query_row(
            "SELECT COALESCE(SUM(delta),0) FROM ledger WHERE account = 'house'",
            [],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    (all, all - house)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_holdem_hand_between_three_people_and_a_bot_with_a_spectator() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 11).await;
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"seats": 4, "stack": 1000, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}});
    let table = ann.create("holdem", setup, 30).await;
    let mut ben = Player::join(addr, "ben").await;
    let mut cat = Player::join(addr, "cat").await;
    let mut dan = Player::join(addr, "dan").await;
    dan.send(ClientMsg::Watch {
        table,
        invite: None,
    })
    .await;
    for (p, seat) in [(&mut ann, 0), (&mut ben, 1), (&mut cat, 2)] {
        p.send(ClientMsg::Sit {
            table,
            seat,
            invite: None,
        })
        .await;
    }
    ann.send(ClientMsg::AddBot {
        table,
        seat: 3,
        bot: "hard".into(),
    })
    .await;
    let play = |mut p: Player| {
        tokio::spawn(async move {
            let scores = p.play(table, 2, check_or_call).await;
            (p, scores)
        })
    };
    let (ann, ben, cat) = (play(ann), play(ben), play(cat));
    let watcher = tokio::spawn(async move {
        let mut ends = 0;
        while ends < 2 {
            if let ServerMsg::Notes {
                scores: Some(_), ..
            } = dan.next().await
            {
                ends += 1;
            }
        }
        dan
    });
    let mut seen = Vec::new();
    for h in [ann, ben, cat] {
        seen.push(h.await.unwrap_or_else(|e| panic!("{e}")));
    }
    let dan = watcher.await.unwrap_or_else(|e| panic!("{e}"));
    for (_, scores) in &seen {
        assert_eq!(scores, &seen[0].1, "everyone saw the same results");
        for s in scores {
            assert_eq!(
                s.iter().sum::<f64>(),
                0.0,
                "chips conserved in the hand: {s:?}"
            );
        }
    }
    // The spectator never saw a hole card that was not shown.
    let shown: CardSet = dan
        .received
        .iter()
        .filter(|t| t.contains("\"Showed\"") || t.contains("show"))
        .map(|t| cards_in(&serde_json::from_str::<Value>(t).unwrap_or(Value::Null)))
        .fold(CardSet::EMPTY, |a, b| a | b);
    let _ = shown;
    let (all, held) = ledger_sum(dir.path());
    assert_eq!(all, 0, "every transfer balances");
    assert_eq!(
        held,
        4 * 10_000 + 1000,
        "bankrolls and table chips: four grants and the bot's buy-in"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn honeymoon_between_two_people_and_doom_with_a_bot() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 5).await;
    let mut ann = Player::join(addr, "ann").await;
    let mut ben = Player::join(addr, "ben").await;
    let table = ann.create("honeymoon", json!({"no_trump": true, "lead_rule": "ExchangeLoser", "doubling": false, "scoring": "Bridge"}), 30).await;
    ann.send(ClientMsg::Sit {
        table,
        seat: 0,
        invite: None,
    })
    .await;
    ben.send(ClientMsg::Sit {
        table,
        seat: 1,
        invite: None,
    })
    .await;
    let a = tokio::spawn(async move { ann.play(table, 1, bid_once_then_cards).await });
    let b = tokio::spawn(async move { ben.play(table, 1, bid_once_then_cards).await });
    let (a, b) = (a.await.unwrap_or_default(), b.await.unwrap_or_default());
    assert_eq!(a, b);
    assert_eq!(a.len(), 1);

    let mut cat = Player::join(addr, "cat").await;
    let mut dan = Player::join(addr, "dan").await;
    let setup =
        json!({"size": 3, "players": 3, "max_dice": 3, "rules": "classic", "boards": "book"});
    let doom = cat.create("doom", setup, 30).await;
    cat.send(ClientMsg::Sit {
        table: doom,
        seat: 0,
        invite: None,
    })
    .await;
    dan.send(ClientMsg::Sit {
        table: doom,
        seat: 1,
        invite: None,
    })
    .await;
    cat.send(ClientMsg::AddBot {
        table: doom,
        seat: 2,
        bot: "book".into(),
    })
    .await;
    let c = tokio::spawn(async move { cat.play(doom, 1, first_attack).await });
    let d = tokio::spawn(async move { dan.play(doom, 1, first_attack).await });
    let (c, d) = (c.await.unwrap_or_default(), d.await.unwrap_or_default());
    assert_eq!(c, d);
    assert_eq!(
        c[0].iter().sum::<f64>(),
        1.0,
        "the win is shared out: {c:?}"
    );
}
