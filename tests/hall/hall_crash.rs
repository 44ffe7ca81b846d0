//! A killed hall loses nothing: the real `cardgames serve` is killed with
//! SIGKILL in the middle of a hand and started again on the same data
//! directory; the ledger's sums are unchanged, both players come back to
//! the same seat in the same hand (resumed from its log), and the hand
//! plays on to its end. A SIGTERM stops it cleanly; a second hall on the
//! same data is refused.

use crate::common;

use std::path::Path;
use std::process::Command;

use cardgames::wire::client::Identity;
use cardgames::wire::protocol::{ClientMsg, ServerMsg, TableState};
use common::hall::{Player, check_or_call, spawn_hall};
use serde_json::json;

fn sums(data: &Path) -> (i64, i64) {
    let conn =
        rusqlite::Connection::open(data.join("hall.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    let q = |sql: &str| -> i64 {
        conn.query_row(sql, [], |r| r.get(0))
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let all = q("SELECT COALESCE(SUM(delta),0) FROM ledger");
    let house = q("SELECT COALESCE(SUM(delta),0) FROM ledger WHERE account = 'house'");
    (all, all - house)
}

/// A heads-up Hold'em cash table (5/10, stacks of 1,000) opened by `p`.
async fn heads_up_cash(p: &mut Player) -> u64 {
    let setup = json!({"seats": 2, "stack": 1000, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}});
    p.create("holdem", setup, 60).await
}

/// The table as it stands once the player to act is `who`.
async fn when_to_act(p: &mut Player, table: u64) -> TableState {
    p.until(|m| match m {
        ServerMsg::Table(t)
            if t.table == table && matches!(t.stage, Some(cardgames::game::Stage::Turn(_))) =>
        {
            Some((**t).clone())
        }
        _ => None,
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_hall_resumes_the_hand_and_keeps_every_chip() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (mut hall, addr) = spawn_hall(dir.path(), &[]);
    let mut ann = Player::join(addr, "ann").await;
    let mut ben = Player::join(addr, "ben").await;
    let table = heads_up_cash(&mut ann).await;
    ann.sit(table, 0).await;
    ben.sit(table, 1).await;
    // The first to act calls; then the hall dies.
    let state = when_to_act(&mut ann, table).await;
    let first = match state.stage {
        Some(cardgames::game::Stage::Turn(s)) => s,
        _ => unreachable!(),
    };
    let mover = if first == 0 { &mut ann } else { &mut ben };
    mover
        .send(ClientMsg::Act {
            table,
            action: check_or_call(&state),
        })
        .await;
    let after = mover
        .until(|m| match m {
            ServerMsg::Table(t) if t.table == table && t.stage != state.stage => {
                Some((**t).clone())
            }
            _ => None,
        })
        .await;
    let before = sums(dir.path());
    assert_eq!(
        before,
        (0, 20_000),
        "two bankrolls, 2,000 of them on the table"
    );
    hall.kill().unwrap_or_else(|e| panic!("{e}"));
    hall.wait().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sums(dir.path()), before, "nothing moved in the kill");

    let (mut hall, addr) = spawn_hall(dir.path(), &[]);
    let (ta, tb) = (ann.welcome.token.clone(), ben.welcome.token.clone());
    let mut ann = Player::connect(addr, &Identity::Token(ta)).await;
    let mut ben = Player::connect(addr, &Identity::Token(tb)).await;
    let resumed = ann
        .until(|m| match m {
            ServerMsg::Table(t) if t.table == table && t.stage.is_some() => Some((**t).clone()),
            _ => None,
        })
        .await;
    let at = |t: &TableState| {
        (
            t.stage,
            t.view["state"]["stacks"].clone(),
            t.view["state"]["board"].clone(),
        )
    };
    assert_eq!(
        at(&resumed),
        at(&after),
        "the same hand, at the same action"
    );
    assert_eq!(resumed.you, Some(0));
    assert_eq!(
        resumed.view["state"]["holes"][0],
        state.view["state"]["holes"][0]
    );
    let a = tokio::spawn(async move { ann.play(table, 1, check_or_call).await });
    let b = tokio::spawn(async move { ben.play(table, 1, check_or_call).await });
    let (a, b) = (a.await.unwrap_or_default(), b.await.unwrap_or_default());
    assert_eq!(a, b);
    assert_eq!(a[0].iter().sum::<f64>(), 0.0);
    assert_eq!(
        sums(dir.path()),
        before,
        "the hand moved chips between seats only"
    );

    // SIGTERM: a clean stop, and the store opens again.
    let ok = Command::new("kill")
        .args(["-TERM", &hall.id().to_string()])
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(ok, "kill -TERM");
    let status = hall.wait().unwrap_or_else(|e| panic!("{e}"));
    assert!(status.success(), "{status:?}");
    let (_hall, _) = spawn_hall(dir.path(), &[]);
    assert_eq!(sums(dir.path()), before);

    // A second hall on the same data is turned away: both would pay out
    // the same chips.
    let second = Command::new(env!("CARGO_BIN_EXE_cardgames"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("in use by another running hall"), "{err}");
    assert_eq!(sums(dir.path()), before);
    common::hall::assert_ledger(dir.path());
}

/// The hall's log is its stderr. When the reader of that pipe has gone
/// (`cardgames serve 2>&1 | head -1`, a log collector that died), the
/// hall serves on: its banner could not be written, and a player still
/// joins, opens a table and sits at it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hall_whose_log_is_gone_serves_on() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap_or_else(|e| panic!("{e}"));
    let (reader, writer) = std::io::pipe().unwrap_or_else(|e| panic!("{e}"));
    drop(reader);
    let mut hall = Command::new(env!("CARGO_BIN_EXE_cardgames"))
        .args([
            "serve",
            "--listen",
            &addr.to_string(),
            "--seed",
            "4",
            "--data",
        ])
        .arg(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(writer)
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut listening = false;
    for _ in 0..500 {
        if let Ok(Some(status)) = hall.try_wait() {
            panic!("the hall stopped: {status}");
        }
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            listening = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(listening, "the hall never listened on {addr}");
    let mut ann = Player::join(addr, "ann").await;
    let table = heads_up_cash(&mut ann).await;
    ann.sit(table, 0).await;
    ann.until(|m| match m {
        ServerMsg::Table(t) if t.table == table && t.you == Some(0) => Some(()),
        _ => None,
    })
    .await;
    assert!(matches!(hall.try_wait(), Ok(None)), "the hall still runs");
    let _ = hall.kill();
    let _ = hall.wait();
    common::hall::assert_ledger(dir.path());
}

/// A buy-in made during a hand waits beside it; a hall killed then keeps
/// it for its player, who gets it back whole on standing up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_buy_in_waiting_for_the_next_hand_survives_a_kill() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (mut hall, addr) = spawn_hall(dir.path(), &[]);
    let mut ann = Player::join(addr, "ann").await;
    let setup = json!({"seats": 3, "stack": 1000, "mode": {"cash": {"rebuy": "never"}}});
    let table = ann.create("holdem", setup, 60).await;
    ann.sit(table, 0).await;
    ann.send(ClientMsg::AddBot {
        table,
        seat: 1,
        bot: "easy".into(),
    })
    .await;
    when_to_act(&mut ann, table).await;
    let mut ben = Player::join(addr, "ben").await;
    let sit = ClientMsg::Sit {
        table,
        seat: Some(2),
        invite: None,
    };
    assert_eq!(ben.request(sit, "sit").await, Ok(Some(table)));
    common::hall::assert_ledger(dir.path());
    hall.kill().unwrap_or_else(|e| panic!("{e}"));
    hall.wait().unwrap_or_else(|e| panic!("{e}"));
    common::hall::assert_ledger(dir.path());

    let (_hall, addr) = spawn_hall(dir.path(), &[]);
    let token = ben.welcome.token.clone();
    let mut ben = Player::connect(addr, &Identity::Token(token)).await;
    let back = ben.table_when(table, |t| t.you == Some(2)).await;
    assert_eq!(back.seats[2].chips, Some(1000), "still in front of him");
    let stand = ClientMsg::Stand { table };
    assert_eq!(ben.request(stand, "up").await, Ok(Some(table)));
    assert_eq!(
        common::hall::bankroll(dir.path(), ben.welcome.player.id),
        10_000
    );
    common::hall::assert_ledger(dir.path());
}
