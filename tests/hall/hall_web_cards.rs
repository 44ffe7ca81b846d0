//! The card games at the web door, in a real browser (headless Chromium
//! driven by Selenium, tests/web/cards_browser.py): a Hold'em hand between
//! two browser players and a bot, every action a click, with a reload
//! mid-hand and a spectator at a phone's width; what the pages showed is
//! checked against the engine replaying the hand the hall recorded.

use crate::common;
use crate::hall_web::BROWSER;

use std::path::Path;

use cardgames::game::{Game, Playable};
use cardgames::holdem::formats::phh;
use cardgames::holdem::history::replay;
use cardgames::honeymoon::Honeymoon;
use cardgames::honeymoon::formats::DealRecord;
use cardgames::honeymoon::review::review;
use cardgames::honeymoon::solver::Solver;
use common::browser;
use common::hall::start_hall;
use serde_json::Value;

/// Runs a scenario of tests/web/cards_browser.py against a new hall.
async fn scenario(name: &str, seed: u64) -> Option<(tempfile::TempDir, Value)> {
    let chromium = browser::chromium()?;
    let python = browser::python()?;
    let _one = BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), seed).await;
    let args = vec![
        name.to_string(),
        format!("http://{addr}"),
        browser::artifacts().display().to_string(),
    ];
    let report = tokio::task::spawn_blocking(move || {
        browser::run(&python, &chromium, "cards_browser.py", &args)
    })
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    Some((dir, report))
}

/// The record (PHH) of deal `deal` at `table`.
fn record(data: &Path, table: u64, deal: u64) -> String {
    let conn =
        rusqlite::Connection::open(data.join("hall.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    conn.query_row(
        "SELECT record FROM deals WHERE table_id = ?1 ORDER BY id LIMIT 1 OFFSET ?2",
        [table as i64, deal as i64 - 1],
        |r| r.get(0),
    )
    .unwrap_or_else(|e| panic!("table {table}, deal {deal}: {e}"))
}

/// Every page fits its width (no sideways scrolling) with touch targets
/// of 44 px at least and text of WCAG AA contrast.
fn check_shots(shots: &Value) {
    let shots = shots.as_array().cloned().unwrap_or_default();
    assert!(!shots.is_empty());
    for s in shots {
        let (scroll, inner) = (s["scroll_width"].as_u64(), s["inner_width"].as_u64());
        assert!(scroll <= inner, "{} scrolls sideways: {s}", s["name"]);
        assert_eq!(
            s["small"],
            serde_json::json!([]),
            "{}: small targets",
            s["name"]
        );
        assert_eq!(
            s["low_contrast"],
            serde_json::json!([]),
            "{}: contrast",
            s["name"]
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_holdem_hand_between_two_browsers_and_a_bot() {
    let Some((dir, report)) = scenario("holdem", 5).await else {
        return;
    };
    eprintln!("clicks: {}; log: {}", report["clicks"], report["log"]);
    let table = report["table"]
        .as_u64()
        .unwrap_or_else(|| panic!("{report}"));
    let deal = report["deal"]
        .as_u64()
        .unwrap_or_else(|| panic!("{report}"));

    // The hand as the engine replays the hall's record of it.
    let hand = phh::read(&record(dir.path(), table, deal)).unwrap_or_else(|e| panic!("{e}"));
    let replayed = replay(&hand).unwrap_or_else(|e| panic!("the engine replays the hand: {e}"));
    let names = hand.info.players.clone().unwrap_or_default();
    assert_eq!(names.len(), 3, "all three were dealt in: {names:?}");
    let final_ = &report["final"];
    for (name, stack) in names.iter().zip(replayed.finishing_stacks()) {
        let seat = final_["names"]
            .as_array()
            .and_then(|a| a.iter().position(|n| n.as_str() == Some(name)))
            .unwrap_or_else(|| panic!("{name} at the table: {final_}"));
        assert_eq!(
            final_["stacks"][seat].as_u64(),
            Some(stack),
            "{name}'s stack at the hand's end is the engine's"
        );
        assert_eq!(
            final_["drawn"][seat].as_str(),
            Some(stack.to_string().as_str()),
            "and the page drew it"
        );
    }
    // Every action of the two people was a click: ann raised once, both
    // acted in the hand.
    let of = |who: &str| -> Vec<Value> {
        report["clicks"][who]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter(|c| c["deal"].as_u64() == Some(deal))
                    .map(|c| c["action"].clone())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(
        of("ann").iter().any(|a| a.get("RaiseTo").is_some()),
        "{:?}",
        of("ann")
    );
    assert!(!of("ben").is_empty(), "ben played the hand");
    let acted_in_record = hand.actions.len();
    assert!(acted_in_record >= of("ann").len() + of("ben").len());

    // The reload came back to the seat, the same cards in hand.
    let reload = &report["reload"];
    assert_eq!(reload["you"].as_u64(), Some(1), "{reload}");
    assert!(reload["holes_before"].is_array(), "{reload}");
    assert_eq!(reload["holes_before"], reload["holes_after"]);
    assert!(
        reload["log_after"].as_u64() >= reload["log_before"].as_u64()
            && reload["log_before"].as_u64() > Some(0),
        "the log is kept over the reload: {reload}"
    );

    // A spectator saw no hidden card, and had nothing to click.
    let spy = &report["spectator_mid_hand"];
    assert!(
        spy["holes"]
            .as_array()
            .is_some_and(|h| h.iter().all(Value::is_null)),
        "{spy}"
    );
    assert_eq!(spy["faces"].as_u64(), Some(0), "{spy}");
    assert!(
        spy["backs"].as_u64() >= Some(4),
        "the cards in hand face down: {spy}"
    );
    assert_eq!(spy["legal"], serde_json::json!([]));
    assert_eq!(spy["buttons"].as_u64(), Some(0), "{spy}");
    check_shots(&Value::Array(vec![spy["shot"].clone()]));
    check_shots(&report["shots"]);

    let chat = report["chat"].as_str().unwrap_or_default();
    assert!(chat.contains(": nice hand"), "{chat}");
    // ann played the hand before ben sat down by keyboard (C).
    let keyed: Vec<Value> = report["clicks"]["ann"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|c| c["deal"].as_u64() < Some(deal))
                .map(|c| c["action"].clone())
                .collect()
        })
        .unwrap_or_default();
    assert!(!keyed.is_empty(), "{report}");
    // The HUD counts the hands ben played, as trackers do.
    let hud = report["hud"].as_str().unwrap_or_default();
    assert!(
        hud.contains("hands · VPIP 100%"),
        "ben called preflop: {hud}"
    );
    // The log words the notes: the hand's heading, cards with suit symbols.
    let log = report["log"].to_string();
    assert!(log.contains("— Hand ") && log.contains("You "), "{log}");
    assert!(
        ['♠', '♥', '♦', '♣'].iter().any(|s| log.contains(*s)),
        "{log}"
    );
    for p in report["pages"].as_array().cloned().unwrap_or_default() {
        assert_eq!(
            p["root"].as_str(),
            Some("{http://www.w3.org/1999/xhtml}html"),
            "{p}"
        );
    }
    assert_eq!(report["outside_resources"], serde_json::json!([]));
    assert_eq!(report["console_errors"], serde_json::json!([]));
    common::hall::assert_ledger(dir.path());
}

/// The first deal the hall recorded at `table`, replayed by the engine
/// from the table's setup and seed: each seat's actions, and the deal's
/// scores.
fn replay_honeymoon(data: &Path, table: u64) -> (Vec<(u64, Value)>, Vec<f64>) {
    let conn =
        rusqlite::Connection::open(data.join("hall.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    let (setup, seed): (String, i64) = conn
        .query_row(
            "SELECT setup, seed FROM tables WHERE id = ?1",
            [table as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap_or_else(|e| panic!("table {table}: {e}"));
    let (log, scores): (String, String) = conn
        .query_row(
            "SELECT log, scores FROM deals WHERE table_id = ?1 ORDER BY id LIMIT 1",
            [table as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap_or_else(|e| panic!("table {table}: no deal recorded: {e}"));
    let setup = serde_json::from_str(&setup).unwrap_or_else(|e| panic!("{e}"));
    let mut game =
        <Honeymoon as Playable>::new(&setup, seed as u64).unwrap_or_else(|e| panic!("{e}"));
    let log: Vec<Value> = serde_json::from_str(&log).unwrap_or_else(|e| panic!("{e}"));
    let mut moves = Vec::new();
    for entry in &log {
        let Some(act) = entry.get("act") else {
            continue;
        };
        moves.push((act["seat"].as_u64().unwrap_or(99), act["action"].clone()));
        let action =
            serde_json::from_value(act["action"].clone()).unwrap_or_else(|e| panic!("{e}"));
        game.apply(action)
            .unwrap_or_else(|e| panic!("the engine refuses a recorded action: {e}"));
    }
    let result = game.scores().unwrap_or_else(|| panic!("the deal is over"));
    let recorded: Vec<f64> = serde_json::from_str(&scores).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        recorded, result,
        "the hall scored the deal as the engine does"
    );
    (moves, result)
}

/// The double-dummy review of the first deal recorded at `table`: par and
/// the tricks each side lost.
fn honeymoon_review(data: &Path, table: u64) -> (u8, [u32; 2]) {
    let conn =
        rusqlite::Connection::open(data.join("hall.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    let text: String = conn
        .query_row(
            "SELECT record FROM deals WHERE table_id = ?1 ORDER BY id LIMIT 1",
            [table as i64],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let record = DealRecord::from_json(&text)
        .unwrap_or_else(|e| panic!("{e}"))
        .remove(0);
    let r = review(&record, &mut Solver::new(), 6, record.seed.unwrap_or(0))
        .unwrap_or_else(|e| panic!("{e}"));
    (r.par, r.lost)
}

/// A click's id as the action it sent: `card-As` → `{"Play": "As"}`,
/// `call-pass` → `{"Call": "Pass"}`, `bid-1c` → one club.
fn clicked(id: &str) -> Value {
    if let Some(card) = id.strip_prefix("card-") {
        return serde_json::json!({ "Play": card });
    }
    if id == "call-pass" {
        return serde_json::json!({"Call": "Pass"});
    }
    let bid = id.strip_prefix("bid-").unwrap_or_else(|| panic!("{id}"));
    let level = u64::from(bid.as_bytes()[0] - b'0');
    let strain = match &bid[1..] {
        "c" => "Clubs",
        "d" => "Diamonds",
        "h" => "Hearts",
        "s" => "Spades",
        _ => "NoTrump",
    };
    serde_json::json!({"Call": {"Bid": {"level": level, "strain": strain}}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_honeymoon_deal_in_the_browser_against_a_bot() {
    let Some((dir, report)) = scenario("honeymoon", 3).await else {
        return;
    };
    eprintln!("clicks: {}; log: {}", report["clicks"], report["log"]);
    let table = report["table"]
        .as_u64()
        .unwrap_or_else(|| panic!("{report}"));
    // A private table: its page and the link it gives carry the invite.
    let link = report["invite_link"].as_str().unwrap_or_default();
    assert!(link.contains(&format!("/table/{table}?invite=")), "{link}");
    assert_eq!(report["url"].as_str(), Some(link));
    let spy = &report["spectator"];
    assert_eq!(spy["you"], Value::Null, "{spy}");
    assert_eq!(
        spy["hand"].as_str(),
        Some(""),
        "a spectator holds no hand: {spy}"
    );
    assert_eq!(spy["my_draws"], serde_json::json!([]), "{spy}");
    assert_eq!(spy["faces_in_hands"].as_u64(), Some(0), "{spy}");
    assert!(
        spy["backs"].as_u64() >= Some(2),
        "both hands face down: {spy}"
    );
    assert_eq!(spy["errors"], serde_json::json!([]));
    let (moves, scores) = replay_honeymoon(dir.path(), table);
    // Every action of North was the browser's click, in order.
    let north: Vec<Value> = moves
        .iter()
        .filter(|(seat, _)| *seat == 0)
        .map(|(_, a)| a.clone())
        .collect();
    let clicks: Vec<Value> = report["clicks"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|c| clicked(c.as_str().unwrap_or_default()))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(clicks, north, "the clicks are North's recorded actions");
    assert!(
        clicks.iter().any(|c| c.get("Play").is_some()),
        "the deal was played out: {clicks:?}"
    );
    // The page showed the engine's score, and the deal's review.
    let shown = report["final"]["score"].clone();
    let want: Vec<i64> = scores.iter().map(|&s| s as i64).collect();
    assert_eq!(shown, serde_json::json!(want), "{report}");
    let result = report["result"].as_str().unwrap_or_default();
    assert!(
        result.contains("North") && result.contains("South"),
        "{result}"
    );
    let review = report["review"].as_str().unwrap_or_default();
    assert!(review.contains("Review of the deal"), "{review}");
    // Its double-dummy figures are the solver's, as the terminal shows them.
    let (par, lost) = honeymoon_review(dir.path(), table);
    let want = format!(
        "Double dummy: par North {par} tricks · lost to mistakes: North {}, South {}",
        lost[0], lost[1]
    );
    assert!(review.contains(&want), "{want} in {review}");
    check_shots(&report["shots"]);
    assert_eq!(report["outside_resources"], serde_json::json!([]));
    assert_eq!(report["console_errors"], serde_json::json!([]));
    common::hall::assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_fit_a_phone_and_a_wide_screen() {
    let Some((dir, report)) = scenario("widths", 7).await else {
        return;
    };
    check_shots(&report["shots"]);
    // The start page's form is Hold'em's, from the registry.
    let entry = cardgames::games::registry()
        .get("holdem")
        .unwrap_or_else(|| panic!("holdem"));
    let setup = entry.kind.default_setup();
    let want: Vec<String> = entry
        .kind
        .fields(&setup)
        .unwrap_or_default()
        .iter()
        .map(|f| format!("field-{}", f.key))
        .collect();
    assert_eq!(report["fields"], serde_json::json!(want));
    // Nim, which has no web board, was played to its end on the generic one.
    assert!(
        report["generic_clicks"]
            .as_array()
            .is_some_and(|c| !c.is_empty()),
        "{report}"
    );
    assert!(report["nim"].as_u64().is_some());
    let lobby = report["lobby"].to_string();
    assert!(
        lobby.contains("doom") && lobby.contains("bot:book"),
        "{lobby}"
    );
    assert!(
        report["chat"]
            .as_str()
            .is_some_and(|c| c.contains("hello hall"))
    );
    assert_eq!(report["outside_resources"], serde_json::json!([]));
    assert_eq!(report["console_errors"], serde_json::json!([]));
    common::hall::assert_ledger(dir.path());
}
