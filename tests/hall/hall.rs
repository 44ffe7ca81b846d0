//! The game hall over real sockets on 127.0.0.1, deterministic seeds:
//! whole deals of every game between people and bots, spectators, what
//! each connection may see, chips that never change in sum.

use crate::common;

use cardgames::cards::CardSet;
use cardgames::runner::conformance::cards_in;
use cardgames::wire::protocol::{ClientMsg, ServerMsg};
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
            seat: Some(seat),
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
    watcher.await.unwrap_or_else(|e| panic!("{e}"));
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
    let (all, held) = ledger_sum(dir.path());
    assert_eq!(all, 0, "every transfer balances");
    assert_eq!(
        held,
        4 * 10_000 + 1000,
        "bankrolls and table chips: four grants and the bot's buy-in"
    );
    common::hall::assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_without_a_seat_takes_the_first_empty_one_and_a_full_table_says_taken() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 5).await;
    let mut ann = Player::join(addr, "ann").await;
    let mut ben = Player::join(addr, "ben").await;
    let mut cat = Player::join(addr, "cat").await;
    let table = ann
        .create("holdem", json!({"seats": 2, "stack": 1000}), 30)
        .await;
    let any = || ClientMsg::Sit {
        table,
        seat: None,
        invite: None,
    };
    assert_eq!(ann.request(any(), "a").await, Ok(Some(table)));
    // Ben's lobby may still show seat 0 free: the hall picks for him.
    assert_eq!(ben.request(any(), "b").await, Ok(Some(table)));
    let seen = ben.table_when(table, |t| t.you.is_some()).await;
    assert_eq!(seen.you, Some(1), "the first empty seat");
    assert_eq!(
        ann.request(any(), "again").await,
        Ok(Some(table)),
        "her own seat"
    );
    assert_eq!(cat.request(any(), "c").await, Err("taken".to_string()));
    common::hall::assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_honeymoon_match_is_followed_by_a_new_one() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 9).await;
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"no_trump": true, "lead_rule": "ExchangeLoser", "doubling": false,
        "scoring": "Bridge", "length": {"Deals": 1}});
    let table = ann.create("honeymoon", setup, 30).await;
    ann.send(ClientMsg::Sit {
        table,
        seat: Some(0),
        invite: None,
    })
    .await;
    ann.send(ClientMsg::AddBot {
        table,
        seat: 1,
        bot: "greedy".into(),
    })
    .await;
    // Each deal is a whole match: the table deals on all the same.
    let wait = std::time::Duration::from_secs(60);
    let scores = tokio::time::timeout(wait, ann.play(table, 2, bid_once_then_cards))
        .await
        .unwrap_or_else(|_| panic!("the table stopped after the match"));
    assert_eq!(scores.len(), 2);
    let view = ann
        .until(|m| match m {
            ServerMsg::Table(t) if t.table == table => Some(t.view.clone()),
            _ => None,
        })
        .await;
    assert_eq!(view["deals"].as_array().map(Vec::len), Some(1), "{view}");
    assert_eq!(view["match_over"], json!(true), "{view}");
    common::hall::assert_ledger(dir.path());
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
        seat: Some(0),
        invite: None,
    })
    .await;
    ben.send(ClientMsg::Sit {
        table,
        seat: Some(1),
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
        seat: Some(0),
        invite: None,
    })
    .await;
    dan.send(ClientMsg::Sit {
        table: doom,
        seat: Some(1),
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
    common::hall::assert_ledger(dir.path());
}

/// A Hold'em table of one person and bots keeps each hand as that
/// person's: the record names every seat and makes the person its hero.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_played_alone_among_bots_is_kept_as_the_persons() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 6).await;
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"seats": 2, "stack": 500, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}});
    let table = ann.create("holdem", setup, 30).await;
    ann.send(ClientMsg::Sit {
        table,
        seat: Some(0),
        invite: None,
    })
    .await;
    ann.send(ClientMsg::AddBot {
        table,
        seat: 1,
        bot: "station".into(),
    })
    .await;
    ann.play(table, 1, check_or_call).await;
    let conn = rusqlite::Connection::open(dir.path().join("hall.sqlite"))
        .unwrap_or_else(|e| panic!("{e}"));
    let record: String = conn
        .query_row(
            "SELECT record FROM deals WHERE table_id = ?1 ORDER BY id LIMIT 1",
            [table as i64],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("no hand kept: {e}"));
    let r = cardgames::holdem::formats::phh::read(&record).unwrap_or_else(|e| panic!("{e}"));
    let hero = r.info.hero.unwrap_or_else(|| panic!("no hero in {record}"));
    assert_eq!(r.name(hero), "ann", "{record}");
    assert_eq!(r.players(), 2);
}

/// The cards of `msg` that its reader may not know yet: other seats'
/// hole cards not yet shown. `revealed` grows with every card a note shows.
fn leaked(msg: &str, others: CardSet, revealed: &mut CardSet) -> CardSet {
    let v: Value = serde_json::from_str(msg).unwrap_or(Value::Null);
    if v["type"] == "notes" {
        for note in v["notes"].as_array().into_iter().flatten() {
            let shows = note["parts"]
                .as_array()
                .is_some_and(|p| p.iter().any(|x| x["verb"] == "show"));
            if shows {
                *revealed |= cards_in(note);
            }
        }
    }
    cards_in(&v) & (others - *revealed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_connection_ever_sees_a_card_it_may_not() {
    use cardgames::game::Game;
    use cardgames::holdem::session::Holdem;
    use cardgames::holdem::setup::Setup;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let seed = 21;
    let addr = start_hall(dir.path(), seed).await;
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"seats": 3, "stack": 200, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}});
    let table = ann.create("holdem", setup.clone(), 30).await;
    let mut ben = Player::join(addr, "ben").await;
    let mut eve = Player::join(addr, "eve").await;
    eve.send(ClientMsg::Watch {
        table,
        invite: None,
    })
    .await;
    // The hand begins as soon as two sit down; seat 2 stays empty.
    ann.send(ClientMsg::Sit {
        table,
        seat: Some(0),
        invite: None,
    })
    .await;
    ben.send(ClientMsg::Sit {
        table,
        seat: Some(1),
        invite: None,
    })
    .await;
    // Everyone calls down: the hand goes to a showdown.
    let a = tokio::spawn(async move {
        let s = ann.play(table, 1, check_or_call).await;
        (ann, s)
    });
    let b = tokio::spawn(async move {
        let s = ben.play(table, 1, check_or_call).await;
        (ben, s)
    });
    let e = tokio::spawn(async move {
        eve.deal_over().await;
        eve
    });
    let (ann, _) = a.await.unwrap_or_else(|e| panic!("{e}"));
    let (ben, _) = b.await.unwrap_or_else(|e| panic!("{e}"));
    let eve = e.await.unwrap_or_else(|e| panic!("{e}"));
    // The same deal, dealt here from the table's seed.
    let setup: Setup = serde_json::from_value(setup).unwrap_or_else(|e| panic!("{e}"));
    let deal =
        Holdem::seated(&setup, seed + table, &[200, 200, 0]).unwrap_or_else(|e| panic!("{e}"));
    let hole =
        |s: usize| -> CardSet { deal.table().state().hole(s).into_iter().flatten().collect() };
    let all = hole(0) | hole(1);
    assert_eq!(all.len(), 4);
    for (who, received, mine) in [
        ("ann", &ann.received, hole(0)),
        ("ben", &ben.received, hole(1)),
        ("eve", &eve.received, CardSet::EMPTY),
    ] {
        let mut revealed = CardSet::EMPTY;
        for msg in received {
            let leak = leaked(msg, all - mine, &mut revealed);
            assert!(
                leak.is_empty(),
                "{who} was sent {leak} before it was shown: {msg}"
            );
        }
        assert!(
            received.iter().any(|m| m.contains("\"type\":\"notes\"")),
            "{who} followed the hand"
        );
    }
    assert!(deal.to_act().is_some());
    common::hall::assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_reconnects_gets_the_same_seat_mid_hand() {
    use cardgames::wire::client::Identity;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 3).await;
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"seats": 2, "stack": 500, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}});
    let table = ann.create("holdem", setup, 30).await;
    let mut ben = Player::join(addr, "ben").await;
    ann.send(ClientMsg::Sit {
        table,
        seat: Some(0),
        invite: None,
    })
    .await;
    ben.send(ClientMsg::Sit {
        table,
        seat: Some(1),
        invite: None,
    })
    .await;
    // Wait until the hand is on, then ben drops off.
    let state = ben
        .until(|m| match m {
            ServerMsg::Table(t) if t.stage.is_some() => Some((**t).clone()),
            _ => None,
        })
        .await;
    let token = ben.welcome.token.clone();
    ben.client.close().await;
    let mut again = Player::connect(addr, &Identity::Token(token)).await;
    assert_eq!(again.welcome.player.name, "ben");
    let back = again
        .until(|m| match m {
            ServerMsg::Table(t) if t.table == table => Some((**t).clone()),
            _ => None,
        })
        .await;
    assert_eq!(back.you, Some(1), "the same seat");
    assert_eq!(
        back.view["state"]["board"], state.view["state"]["board"],
        "the same hand"
    );
    assert_eq!(
        back.view["state"]["holes"][1], state.view["state"]["holes"][1],
        "the same cards"
    );
    assert!(back.seats[1].connected);
    // And the hand plays on to its end.
    let a = tokio::spawn(async move { ann.play(table, 1, check_or_call).await });
    let b = tokio::spawn(async move { again.play(table, 1, check_or_call).await });
    let (a, b) = (a.await.unwrap_or_default(), b.await.unwrap_or_default());
    assert_eq!(a, b);
    common::hall::assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_runs_out_into_the_default_action_and_sitting_out_plays_it_at_once() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 8).await;
    let mut ann = Player::join(addr, "ann").await;
    let mut ben = Player::join(addr, "ben").await;
    // Dice of Doom: no time bank; five seconds a move.
    let setup =
        json!({"size": 3, "players": 2, "max_dice": 3, "rules": "classic", "boards": "book"});
    let table = ann.create("doom", setup, 5).await;
    ann.send(ClientMsg::Sit {
        table,
        seat: Some(0),
        invite: None,
    })
    .await;
    ben.send(ClientMsg::Sit {
        table,
        seat: Some(1),
        invite: None,
    })
    .await;
    // Nobody acts: the first player's time runs out and the game's
    // default move is played for them, told to everyone.
    let late = ben
        .until(|m| match m {
            ServerMsg::Notes { notes, .. } => notes
                .iter()
                .find(|n| {
                    n.parts
                        .iter()
                        .any(|p| *p == cardgames::narrate::Part::Verb("run out".into()))
                })
                .cloned(),
            _ => None,
        })
        .await;
    let names = vec!["ann".to_string(), "ben".to_string()];
    assert!(
        late.ascii(None, &names).ends_with("runs out of time"),
        "{late:?}"
    );
    // Sitting out: every turn is played at once by the default action.
    ann.send(ClientMsg::SitOut { table }).await;
    ben.send(ClientMsg::SitOut { table }).await;
    ben.until(|m| match m {
        ServerMsg::Table(t) if t.seats[1].sitting_out => Some(()),
        _ => None,
    })
    .await;
    ben.deal_over().await;
    ben.send(ClientMsg::SitBack { table }).await;
    ben.until(|m| match m {
        ServerMsg::Table(t) if !t.seats[1].sitting_out => Some(()),
        _ => None,
    })
    .await;
    common::hall::assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_winner_of_an_uncontested_pot_may_show_and_everyone_sees_it() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 5).await;
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"seats": 2, "stack": 1000, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}});
    let table = ann.create("holdem", setup, 30).await;
    let mut ben = Player::join(addr, "ben").await;
    for (p, seat) in [(&mut ann, 0), (&mut ben, 1)] {
        p.send(ClientMsg::Sit {
            table,
            seat: Some(seat),
            invite: None,
        })
        .await;
    }
    // Whoever acts first folds: the other wins without a showdown.
    let turn = |m: &ServerMsg| match m {
        ServerMsg::Table(t) if t.table == table => match t.stage {
            Some(cardgames::game::Stage::Turn(s)) => Some(s),
            _ => None,
        },
        _ => None,
    };
    let first = ann.until(turn).await;
    let (folder, winner) = if first == 0 {
        (&mut ann, &mut ben)
    } else {
        (&mut ben, &mut ann)
    };
    folder
        .send(ClientMsg::Act {
            table,
            action: json!("Fold"),
        })
        .await;
    let over = |m: &ServerMsg| match m {
        ServerMsg::Notes {
            table: t,
            scores: Some(_),
            ..
        } if *t == table => Some(()),
        _ => None,
    };
    folder.until(over).await;
    winner.until(over).await;
    let win_seat = 1 - first;
    folder.send(ClientMsg::Show { table }).await;
    let refused = folder
        .until(|m| match m {
            ServerMsg::Error { code, .. } => Some(code.clone()),
            _ => None,
        })
        .await;
    assert_eq!(refused, "illegal", "the loser has nothing to show");
    winner.send(ClientMsg::Show { table }).await;
    let holes = |m: &ServerMsg| match m {
        ServerMsg::Table(t) if t.table == table => {
            let h = &t.view["state"]["holes"][win_seat];
            (!h.is_null()).then(|| h.clone())
        }
        _ => None,
    };
    let seen = folder.until(holes).await;
    let own = winner
        .tables
        .get(&table)
        .map(|t| t.view["state"]["holes"][win_seat].clone())
        .unwrap_or_default();
    assert_eq!(seen, own, "the folder sees the winner's own cards");
    let line = folder
        .received
        .iter()
        .rev()
        .find(|m| m.contains("\"notes\"") && m.contains("show"))
        .cloned()
        .unwrap_or_default();
    assert!(!line.is_empty(), "the show is narrated");
    winner.send(ClientMsg::Show { table }).await;
    let again = winner
        .until(|m| match m {
            ServerMsg::Error { code, .. } => Some(code.clone()),
            _ => None,
        })
        .await;
    assert_eq!(again, "illegal", "only once");
    common::hall::assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn who_leaves_in_the_middle_of_a_hand_is_told_the_bankroll_it_ends_with() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 4).await;
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"seats": 2, "stack": 500, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}});
    let table = ann.create("holdem", setup, 30).await;
    let mut ben = Player::join(addr, "ben").await;
    ann.sit(table, 0).await;
    ben.sit(table, 1).await;
    ben.until(|m| match m {
        ServerMsg::Table(t) if t.stage.is_some() => Some(()),
        _ => None,
    })
    .await;
    // Ben leaves for the lobby; his seat plays on without him and is paid
    // out when the hand ends.
    ben.send(ClientMsg::Leave { table }).await;
    let a = tokio::spawn(async move { ann.play(table, 1, check_or_call).await });
    let told = ben
        .until(|m| match m {
            ServerMsg::Bankroll { bankroll } if *bankroll != 9_500 => Some(*bankroll),
            _ => None,
        })
        .await;
    a.await.unwrap_or_else(|e| panic!("{e}"));
    let conn = rusqlite::Connection::open(dir.path().join("hall.sqlite"))
        .unwrap_or_else(|e| panic!("{e}"));
    let kept: i64 = conn
        .query_row(
            "SELECT SUM(delta) FROM ledger WHERE account = ?1",
            [format!("player:{}", ben.welcome.player.id)],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(told, kept);
    assert!(told > 9_500 - 500, "the seat's chips came back: {told}");
    common::hall::assert_ledger(dir.path());
}
