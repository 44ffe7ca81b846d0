//! A contract-bridge table in the hall: two people and two bots finish a
//! board while a spectator watches, and no connection is ever sent a card
//! it may not know: before the opening lead only its own hand; after it
//! dummy's and the cards played too; every hand once the board is over.

use crate::common;

use cardgames::cards::CardSet;
use cardgames::runner::conformance::cards_in;
use cardgames::wire::protocol::{ClientMsg, TableState};
use common::hall::{Player, start_hall};
use serde_json::{Value, json};

/// The bridge chooser of a test person: the lowest bid into an empty
/// auction, a pass after it, the first legal card.
fn open_then_pass(t: &TableState) -> Value {
    let legal = t.legal.as_array().cloned().unwrap_or_default();
    let empty = t.view["board"]["calls"]
        .as_array()
        .is_none_or(|a| a.is_empty());
    let bid = legal
        .iter()
        .find(|a| a.get("Call").is_some_and(|c| c.get("Bid").is_some()));
    match (empty, bid) {
        (true, Some(b)) => b.clone(),
        _ => legal
            .iter()
            .find(|a| a.get("Call") == Some(&Value::from("Pass")))
            .or(legal.first())
            .cloned()
            .unwrap_or(Value::Null),
    }
}

fn cards_of(v: &Value) -> CardSet {
    serde_json::from_value(v.clone()).unwrap_or(CardSet::EMPTY)
}

/// What a message lawfully shows, learned from the message itself: the
/// cards played (tricks, the trick in progress, "plays" notes) and, once
/// the opening lead is made, dummy's hand.
fn shown(msg: &Value) -> CardSet {
    let mut out = CardSet::EMPTY;
    if msg["type"] == "notes" {
        for note in msg["notes"].as_array().into_iter().flatten() {
            let plays = note["parts"]
                .as_array()
                .is_some_and(|p| p.iter().any(|x| x["verb"] == "play"));
            if plays {
                out |= cards_in(note);
            }
        }
    }
    let board = &msg["view"]["board"];
    out |= cards_in(&board["tricks"]) | cards_in(&board["trick"]);
    let led = board["tricks"].as_array().is_some_and(|t| !t.is_empty())
        || board["trick"].as_array().is_some_and(|t| !t.is_empty());
    if led {
        let dummy = match board["contract"]["declarer"].as_str() {
            Some("N") => 2,
            Some("E") => 3,
            Some("S") => 0,
            Some("W") => 1,
            _ => 4,
        };
        if let Some(h) = board["hands"].get(dummy) {
            out |= cards_of(h);
        }
    }
    out
}

/// Checks every message `p` received up to the board's end: nothing
/// beyond `mine` and what was lawfully shown so far.
fn assert_no_leak(who: &str, p: &Player, mine: CardSet) {
    let mut revealed = CardSet::EMPTY;
    for text in &p.received {
        let msg: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        let over = msg["type"] == "notes" && !msg["scores"].is_null();
        if over {
            return;
        }
        revealed |= shown(&msg);
        let leak = cards_in(&msg) - mine - revealed;
        assert!(
            leak.is_empty(),
            "{who} was sent {leak} it may not see: {text}"
        );
    }
}

/// The hand `p` was dealt, from the first view that shows its seat.
fn first_hand(p: &Player, seat: usize) -> CardSet {
    p.received
        .iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .find_map(|m| {
            let h = cards_of(&m["view"]["board"]["hands"][seat]);
            (h.len() == 13).then_some(h)
        })
        .unwrap_or(CardSet::EMPTY)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_two_bots_finish_a_board_and_nobody_sees_a_hidden_card() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 4).await;
    let mut ann = Player::join(addr, "ann").await;
    let table = ann
        .create("bridge", json!({"boards": 1, "scoring": "imps"}), 60)
        .await;
    let mut ben = Player::join(addr, "ben").await;
    let mut eve = Player::join(addr, "eve").await;
    eve.send(ClientMsg::Watch {
        table,
        invite: None,
    })
    .await;
    // North and South are people, East and West bots.
    ann.sit(table, 0).await;
    ben.sit(table, 2).await;
    for seat in [1, 3] {
        ann.send(ClientMsg::AddBot {
            table,
            seat,
            bot: "easy".into(),
        })
        .await;
    }
    let a = tokio::spawn(async move {
        let s = ann.play(table, 1, open_then_pass).await;
        (ann, s)
    });
    let b = tokio::spawn(async move {
        let s = ben.play(table, 1, open_then_pass).await;
        (ben, s)
    });
    let e = tokio::spawn(async move {
        eve.deal_over().await;
        eve
    });
    let (ann, sa) = a.await.unwrap_or_else(|e| panic!("{e}"));
    let (ben, sb) = b.await.unwrap_or_else(|e| panic!("{e}"));
    let eve = e.await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sa, sb, "both people see the same scores");
    assert_eq!(sa[0][0], sa[0][2], "North and South score alike");
    assert_eq!(sa[0][1], -sa[0][0], "East-West the opposite");
    let north = first_hand(&ann, 0);
    let south = first_hand(&ben, 2);
    assert_eq!(north.len(), 13);
    assert_eq!(south.len(), 13);
    assert!(north.is_disjoint(south));
    // The board was played: the first person opened, so there was a lead.
    let played = ann.received.iter().any(|t| t.contains("\"verb\":\"play\""));
    assert!(played, "cards were played");
    assert_no_leak("ann", &ann, north);
    assert_no_leak("ben", &ben, south);
    assert_no_leak("eve", &eve, CardSet::EMPTY);
}

/// The bridge board at 80×24 under tmux: the bidding box and alerts, the
/// play, a claim the solver accepts (conceding the rest), the review and
/// the match view.
#[test]
fn a_board_on_screen_from_the_bidding_box_to_the_review() {
    use common::tmux::{Tmux, have};
    if !have("tmux", "-V") {
        return;
    }
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let config = home.path().join(".config/cardgames");
    std::fs::create_dir_all(&config).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        config.join("settings.json"),
        r#"{"format":"cardgames","kind":"settings","version":1,"data":{"bot_delay_ms":0}}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let bin = env!("CARGO_BIN_EXE_cardgames");
    let t = Tmux::run(
        "bridge",
        home.path(),
        (80, 24),
        &[
            bin, "play", "bridge", "--seed", "3", "--level", "easy", "--boards", "1",
        ],
    );
    let s = t.wait_for("Pass (p)");
    assert!(s.contains("Board 1 · North deals"), "{s}");
    t.keys(&["a"]);
    t.wait_for("The auction (a to close)");
    t.keys(&["a"]);
    // Pass until the play, then concede the rest: a claim of none holds.
    for _ in 0..20 {
        let s = t.wait_for_any(&["Pass (p)", "Play from"]);
        if s.contains("Play from") {
            break;
        }
        t.keys(&["p"]);
    }
    t.keys(&["c"]);
    t.wait_for("Claim 13 of the tricks left");
    t.keys(&["j"; 13]);
    t.wait_for("Claim 0 of");
    t.keys(&["Enter"]);
    t.wait_for("v: review");
    t.keys(&["v"]);
    t.wait_for("Double dummy");
    t.keys(&["Escape", "m"]);
    t.wait_for("The match: 1 of 1 boards");
    t.keys(&["Escape", "q"]);
}
