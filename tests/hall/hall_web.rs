//! The hall's web door: hostile HTTP requests get error statuses (and the
//! hall goes on serving); and Dice of Doom played in a real browser
//! (headless Chromium driven by Selenium, see tests/common/browser.rs):
//! a whole game against the book's AI created from the start page, and a
//! browser player with a terminal client, a bot and a browser spectator
//! at one table. What the pages showed is checked against the engine
//! replaying the moves the hall recorded.

use crate::common;

use std::path::Path;
use std::time::Duration;

use cardgames::doom::{Doom, Setup};
use cardgames::game::{Game, Playable};
use cardgames::wire::protocol::{ClientMsg, ServerMsg};
use common::browser;
use common::hall::{Player, first_attack, start_hall};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One browser session at a time: the machine is small.
pub(crate) static BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Sends `request` as it is and returns the response's status (0 when
/// the connection closed without one) and the whole response.
async fn raw(addr: std::net::SocketAddr, request: &[u8]) -> (u16, String) {
    let mut tcp = TcpStream::connect(addr)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    // A refused request may be answered before it is all written.
    let _ = tcp.write_all(request).await;
    let mut got = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(30), tcp.read_to_end(&mut got)).await;
    assert!(
        read.is_ok(),
        "no answer to {:?}",
        String::from_utf8_lossy(request).get(..60)
    );
    let text = String::from_utf8_lossy(&got).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_requests_get_an_error_status_and_the_hall_goes_on() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 3).await;
    // Each table by its own player, so each create's answer is its own.
    let mut ann = Player::join(addr, "ann").await;
    let holdem = ann
        .create(
            "holdem",
            json!({"seats": 2, "stack": 1000, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": "never"}}}),
            30,
        )
        .await;
    let mut ben = Player::join(addr, "ben").await;
    let doom = ben
        .create(
            "doom",
            json!({"size": 3, "players": 2, "max_dice": 3, "rules": "classic", "boards": "book"}),
            30,
        )
        .await;
    let mut cat = Player::join(addr, "cat").await;
    cat.send(ClientMsg::Create {
        game: "doom".into(),
        choices: None,
        setup: None,
        seconds: None,
        private: true,
    })
    .await;
    let secret = cat
        .until(|m| match m {
            ServerMsg::Table(t) => Some((t.table, t.invite.clone().unwrap_or_default())),
            _ => None,
        })
        .await;

    let long_target = format!("/?{}", "a".repeat(3000));
    let big_header = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Junk: {}\r\nConnection: close\r\n\r\n",
        "j".repeat(9000)
    );
    let cases: Vec<(Vec<u8>, u16, &str)> =
        vec![
        (get("/"), 200, "the start page"),
        (
            get(&format!("/doom/{doom}")),
            200,
            "a Dice of Doom table's page",
        ),
        (get("/web/table.js"), 200, "a script"),
        (get("/web/boards/holdem.js"), 200, "a board"),
        (
            get("/web/boards/nim.js"),
            200,
            "a board of the generic kind",
        ),
        (get("/web/boards/chess.js"), 404, "the board of no game"),
        (get("/web/form/doom"), 200, "a form"),
        (
            get("/web/form/doom?key=size&choice=99"),
            400,
            "a choice past the choices",
        ),
        (get("/web/form/chess"), 404, "the form of no game"),
        (
            get(&format!("/honeymoon/review/{doom}?deal=1")),
            404,
            "the review of a table of another game",
        ),
        (get("/honeymoon/review/999?deal=1"), 404, "the review of no table"),
        (get("/honeymoon/review/1?deal=x"), 400, "a deal that is no number"),
        (
            get(&format!("/table/{holdem}")),
            200,
            "a Hold'em table's page",
        ),
        (
            get("/table/999"),
            404,
            "no such table at the generic address",
        ),
        (
            get(&format!("/table/{}", secret.0)),
            404,
            "a private table without its invite, at the generic address",
        ),
        (get("/nowhere"), 404, "an unknown path"),
        (get("/web/../Cargo.toml"), 404, "a path out of the door"),
        (get("/web/secret.js"), 404, "an unknown file"),
        (get("/doom/999"), 404, "no such table"),
        (get("/doom/abc"), 404, "a table id that is no number"),
        (get("/doom/-1"), 404, "a negative table id"),
        (get("/doom/01"), 404, "a table id with a leading zero"),
        (
            get("/doom/99999999999999999999999"),
            404,
            "a table id past u64",
        ),
        (
            get(&format!("/doom/{holdem}")),
            404,
            "a table of another game",
        ),
        (
            get(&format!("/doom/{}", secret.0)),
            404,
            "a private table without its invite",
        ),
        (
            get(&format!("/doom/{}?invite={}", secret.0, secret.1)),
            200,
            "a private table with its invite",
        ),
        (
            get("/doom/board.svg?board=a3%20b2%20a1%20b1"),
            200,
            "a board",
        ),
        (get("/doom/board.svg?board=zz"), 400, "a bad board"),
        (get("/doom/board.svg"), 400, "no board"),
        (
            get("/doom/board.svg?board=a3%20b2%20a1%20b1&chosen=9"),
            400,
            "a hex off the board",
        ),
        (
            get("/doom/board.svg?board=a3%20b2%20a1%20b1&chosen=x"),
            400,
            "a hex that is no number",
        ),
        (
            get("/doom/board.svg?board=a3%20b2%20a1%20b1&legal=1,2,77"),
            400,
            "a legal hex off the board",
        ),
        (
            get("/doom/board.svg?board=a3%20b2%20a1%20b1&dice=300"),
            400,
            "too many dice",
        ),
        (get(&long_target), 414, "a target too long"),
        (big_header.into_bytes(), 431, "headers too large"),
        (
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello"
                .to_vec(),
            405,
            "a post",
        ),
        (b"GARBAGE\r\n\r\n".to_vec(), 400, "no request at all"),
        (
            b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n".to_vec(),
            400,
            "a malformed header",
        ),
    ];
    for (request, want, what) in cases {
        let (status, text) = raw(addr, &request).await;
        assert_eq!(status, want, "{what}: {}", text.get(..200).unwrap_or(&text));
        if status == 200 {
            let policy = text.to_ascii_lowercase();
            assert!(
                policy.contains("content-security-policy: default-src 'none'"),
                "{what}: every page and file says what it may load"
            );
        }
    }
    // Nothing a page loads comes from elsewhere.
    for path in ["/", &format!("/doom/{doom}")] {
        let (_, page) = raw(addr, &get(path)).await;
        for outside in [
            "src=\"http",
            "href=\"http",
            "src=\"//",
            "href=\"//",
            "url(http",
        ] {
            assert!(!page.contains(outside), "{path}: {outside}");
        }
    }
    // The hall still serves its pages and its players.
    let (status, _) = raw(addr, &get("/")).await;
    assert_eq!(status, 200);
    let mut dan = Player::join(addr, "dan").await;
    dan.send(ClientMsg::Ping {}).await;
    dan.until(|m| matches!(m, ServerMsg::Pong).then_some(()))
        .await;
    common::hall::assert_ledger(dir.path());
}

/// The first game the hall recorded at a table, as the engine replays it.
struct Replay {
    /// Each position, `board|player` as the page keys them.
    positions: Vec<String>,
    /// The winners' letters, `a,c`.
    winners: String,
    /// Each seat's share of the win.
    shares: Vec<f64>,
    /// The moves as recorded: seat and action.
    moves: Vec<(u64, String)>,
}

impl Replay {
    /// The moves of `seat`.
    fn of(&self, seat: u64) -> Vec<String> {
        self.moves
            .iter()
            .filter(|(s, _)| *s == seat)
            .map(|(_, a)| a.clone())
            .collect()
    }
}

/// The first game the hall recorded at `table`, replayed by the engine
/// from the table's seed.
fn replay(data: &Path, table: u64) -> Replay {
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
    let setup: Setup = serde_json::from_str(&setup).unwrap_or_else(|e| panic!("{e}"));
    let mut game = <Doom as Playable>::new(&setup, seed as u64).unwrap_or_else(|e| panic!("{e}"));
    let key = |g: &Doom| {
        let v = serde_json::to_value(g.view(0)).unwrap_or_else(|e| panic!("{e}"));
        format!(
            "{}|{}",
            v["position"]["board"].as_str().unwrap_or_default(),
            v["position"]["player"]
        )
    };
    let mut positions = vec![key(&game)];
    let mut moves = Vec::new();
    let log: Vec<Value> = serde_json::from_str(&log).unwrap_or_else(|e| panic!("{e}"));
    for entry in &log {
        let Some(act) = entry.get("act") else {
            continue;
        };
        let (seat, action) = (act["seat"].as_u64().unwrap_or(99), act["action"].clone());
        moves.push((seat, action.as_str().unwrap_or_default().to_string()));
        let action = serde_json::from_value(action).unwrap_or_else(|e| panic!("{e}"));
        game.apply(action)
            .unwrap_or_else(|e| panic!("the engine refuses a recorded move: {e}"));
        positions.push(key(&game));
    }
    let result = game
        .outcome()
        .unwrap_or_else(|| panic!("the recorded game is over"));
    let winners: Vec<String> = result
        .winners
        .iter()
        .map(|&w| char::from(b'a' + w).to_string())
        .collect();
    let recorded: Vec<f64> = serde_json::from_str(&scores).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        recorded, result.shares,
        "the hall scored the game as the engine does"
    );
    Replay {
        positions,
        winners: winners.join(","),
        shares: result.shares,
        moves,
    }
}

/// Checks one page's report of the game it saw to the end against the
/// engine's replay; `from_start`: the page saw every position.
fn check_page(report: &Value, replayed: &Replay, from_start: bool) {
    let (positions, winners) = (&replayed.positions, &replayed.winners);
    assert_eq!(
        report["winners"].as_str(),
        Some(winners.as_str()),
        "the winner shown is the engine's: {}",
        report["result"]
    );
    let text = report["result"].as_str().unwrap_or_default();
    for w in winners.split(',') {
        assert!(text.contains(&format!("({w})")), "{text} names {w}");
    }
    let game = &report["games"][0];
    assert_eq!(game["winners"].as_str(), Some(winners.as_str()));
    let shown: Vec<String> = game["positions"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|p| p.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    if from_start {
        assert_eq!(
            &shown, positions,
            "the page drew every position of the game, one move at a time"
        );
    } else {
        assert!(positions.ends_with(&shown), "{shown:?} ends {positions:?}");
    }
    assert_eq!(
        report["outside_resources"],
        json!([]),
        "the page loads nothing from elsewhere"
    );
    assert_eq!(
        report["console_errors"],
        json!([]),
        "no error in the console"
    );
}

fn check_well_formed(pages: &Value) {
    let pages = pages.as_array().cloned().unwrap_or_default();
    assert!(!pages.is_empty());
    for p in pages {
        let root = p["root"].as_str().unwrap_or_default();
        assert!(
            root == "{http://www.w3.org/1999/xhtml}html"
                || root == "{http://www.w3.org/2000/svg}svg",
            "{p}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_the_browser_against_the_books_ai() {
    let Some(chromium) = browser::chromium() else {
        return;
    };
    let Some(python) = browser::python() else {
        return;
    };
    let _one = BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 11).await;
    let out = browser::artifacts();
    let args = vec![
        "versus-ai".to_string(),
        format!("http://{addr}"),
        out.display().to_string(),
    ];
    let report =
        tokio::task::spawn_blocking(move || browser::run_script(&python, &chromium, &args))
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    eprintln!("clicks: {}; log: {}", report["clicks"], report["log"]);
    check_well_formed(&report["pages"]);

    // The board at the start, as a picture kept under target/.
    let shot = &report["screenshot"];
    let png = std::fs::read(shot["path"].as_str().unwrap_or_default())
        .unwrap_or_else(|e| panic!("the screenshot: {e}"));
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
    assert_eq!(Some(u64::from(width)), shot["width"].as_u64());
    assert!(width >= 400 && height >= 200, "{width}×{height}");
    let ratio = shot["ratio"].as_f64().unwrap_or(1.0);
    let element_width = shot["element"]["width"].as_f64().unwrap_or(0.0);
    assert!(
        (f64::from(width) - element_width * ratio).abs() <= 2.0,
        "the picture is the board's element: {width} vs {element_width}"
    );
    assert!(
        shot["colours"].as_u64().unwrap_or(0) > 50,
        "not blank: {shot}"
    );
    assert!(
        shot["background_share"].as_f64().unwrap_or(1.0) < 0.9,
        "{shot}"
    );
    assert!(
        shot["red_pixels"].as_u64().unwrap_or(0) > 1000
            && shot["blue_pixels"].as_u64().unwrap_or(0) > 1000,
        "both players' colours are on the board: {shot}"
    );

    let table = report["table"]
        .as_u64()
        .unwrap_or_else(|| panic!("{report}"));
    let replayed = replay(dir.path(), table);
    assert_eq!(
        report["first"].as_str(),
        replayed.positions.first().map(String::as_str)
    );
    check_page(&report, &replayed, true);
    assert_eq!(
        report["result_in_next_game"].as_str(),
        Some(""),
        "the last game's winner is gone once the next begins"
    );
    // The browser's clicks are the moves recorded for seat a.
    assert_eq!(report["clicks"], json!(replayed.of(0)));
    assert!(!replayed.of(0).is_empty(), "the browser played");
    assert!(!replayed.of(1).is_empty(), "the computer played");
    common::hall::assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_and_a_terminal_at_one_table_with_a_bot_and_a_spectator() {
    let Some(chromium) = browser::chromium() else {
        return;
    };
    let Some(python) = browser::python() else {
        return;
    };
    let _one = BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // Seed 0 deals a board where seat b (the browser) has moves to make,
    // and the game ends in a three-way tie.
    let addr = start_hall(dir.path(), 0).await;
    // The terminal player makes the table, sits in seat a, puts the book's
    // AI in seat c and leaves seat b to the browser.
    let mut tom = Player::join(addr, "tom").await;
    let setup =
        json!({"size": 3, "players": 3, "max_dice": 3, "rules": "classic", "boards": "book"});
    let table = tom.create("doom", setup, 600).await;
    tom.send(ClientMsg::Sit {
        table,
        seat: Some(0),
        invite: None,
    })
    .await;
    tom.send(ClientMsg::AddBot {
        table,
        seat: 2,
        bot: "book".into(),
    })
    .await;
    let terminal = tokio::spawn(async move {
        let scores = tom.play(table, 1, first_attack).await;
        (tom, scores)
    });
    let out = browser::artifacts();
    let args = vec![
        "join".to_string(),
        format!("http://{addr}"),
        table.to_string(),
        "1".to_string(),
        out.display().to_string(),
    ];
    let report =
        tokio::task::spawn_blocking(move || browser::run_script(&python, &chromium, &args))
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    let (tom, scores) = terminal.await.unwrap_or_else(|e| panic!("{e}"));
    eprintln!("clicks: {}; log: {}", report["clicks"], report["log"]);
    check_well_formed(&report["pages"]);
    assert_eq!(report["missing_table_status"].as_u64(), Some(404));

    let replayed = replay(dir.path(), table);
    assert_eq!(
        scores,
        vec![replayed.shares.clone()],
        "the terminal saw the engine's result"
    );
    check_page(&report, &replayed, true);
    check_page(&report["watcher"], &replayed, true);
    assert_eq!(
        report["watcher_legal_hexes"].as_u64(),
        Some(0),
        "a spectator clicks nothing"
    );
    assert_eq!(report["watcher_pass_enabled"].as_bool(), Some(false));
    let seats = report["seats"].to_string();
    assert!(
        seats.contains("tom") && seats.contains("bot:book") && seats.contains("— you"),
        "{seats}"
    );
    // The browser's clicks are the moves recorded for seat b.
    assert_eq!(report["clicks"], json!(replayed.of(1)));
    assert!(!replayed.of(1).is_empty(), "the browser played");
    assert!(!replayed.of(0).is_empty(), "the terminal played");
    drop(tom);
    common::hall::assert_ledger(dir.path());
}
