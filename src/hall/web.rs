//! The web door: the hall's pages for a browser. A start page shows the
//! lobby of every game (tables, who plays and watches, chat) and creates
//! a table of any game from the game's setup form, which the door serves
//! as JSON from the registry (`/web/form/GAME`), so the browser's form
//! is the terminal's. A page per table (`/table/N`) holds what every game
//! shares (seats, clock, log, chat) and draws the game with the game's
//! own board, a JavaScript module found by the game's id
//! (`/web/boards/ID.js`, from `web/boards/`); a game without one yet is
//! drawn by the generic board (its legal actions as buttons). Dice of
//! Doom's board asks the door for the engine's SVG
//! ([`crate::doom::formats::svg`]) with clickable hexes; honeymoon's for
//! a deal's double-dummy review (`web/review.rs`).
//!
//! The pages are files built into the binary, with no outside resource:
//! their scripts talk to the hall through the same WebSocket messages as
//! the terminal client (`/ws`), so the server checks every request of a
//! browser as it checks any client's. Hostile requests get an error
//! status, never a panic: an unknown path or table 404, a long address or
//! oversized headers 414 or 431, a bad board or form 400.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

mod review;

use super::Hall;
use crate::doom::Board;
use crate::doom::board::{MAX_DICE, MAX_HEXES};
use crate::doom::formats::svg::{Marks, marked_board_svg};
use crate::game::Level;
use crate::games::registry;

/// The longest request target (path and query) served, in bytes.
pub const MAX_TARGET: usize = 2048;
/// The most header bytes (names and values) a request may carry.
pub const MAX_HEADERS: usize = 8 * 1024;

const START: &str = include_str!("web/start.html");
const TABLE: &str = include_str!("web/table.html");
const STYLE: &str = include_str!("web/style.css");
const HALL_JS: &str = include_str!("web/hall.js");
const START_JS: &str = include_str!("web/start.js");
const TABLE_JS: &str = include_str!("web/table.js");
const GENERIC_BOARD: &str = include_str!("web/boards/generic.js");

/// Each game's web board, by the game's id (as the terminal's boards are
/// found): a JavaScript module drawing the game's `table` view. A game of
/// the registry not listed here is drawn by the generic board.
const BOARDS: &[(&str, &str)] = &[
    ("holdem", include_str!("web/boards/holdem.js")),
    ("doom", include_str!("web/boards/doom.js")),
    ("honeymoon", include_str!("web/boards/honeymoon.js")),
];

/// What the pages may load: their own files, and the hall's WebSocket.
/// The board's SVG styles its polygons inline, as the book's did.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The web door's routes (the WebSocket's is added by the hall).
pub fn routes() -> Router<Arc<Hall>> {
    Router::new()
        .route("/", get(|| async { page(START) }))
        .route("/doom/board.svg", get(board_svg))
        .route("/doom/{table}", get(doom_page))
        .route("/table/{table}", get(table_page))
        .route("/web/form/{game}", get(form))
        .route("/honeymoon/review/{table}", get(review::honeymoon_review))
        .route("/web/boards/{file}", get(board_module))
        .route("/web/style.css", get(|| async { asset("text/css", STYLE) }))
        .route("/web/hall.js", get(|| async { script(HALL_JS) }))
        .route("/web/start.js", get(|| async { script(START_JS) }))
        .route("/web/table.js", get(|| async { script(TABLE_JS) }))
}

/// Refuses, before any route, a request whose target or headers are too
/// long.
pub async fn guard(request: Request, next: Next) -> Response {
    let target = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    let headers: usize = request
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len())
        .sum();
    match limits(target, headers) {
        Some(status) => refuse(status),
        None => next.run(request).await,
    }
}

/// The status refusing a request with a target of `target` bytes and
/// headers of `headers` bytes, if one is due.
pub fn limits(target: usize, headers: usize) -> Option<StatusCode> {
    if target > MAX_TARGET {
        Some(StatusCode::URI_TOO_LONG)
    } else if headers > MAX_HEADERS {
        Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
    } else {
        None
    }
}

/// Adds the guard to a router.
pub fn guarded(router: Router) -> Router {
    router.layer(middleware::from_fn(guard))
}

/// A short plain-text refusal.
pub fn refuse(status: StatusCode) -> Response {
    let reason = status
        .canonical_reason()
        .unwrap_or("refused")
        .to_lowercase();
    (status, format!("{reason}\n")).into_response()
}

/// A response with the headers every page and file of the door carries.
fn respond(content_type: &'static str, body: impl Into<Body>) -> Response {
    let mut r = Response::new(body.into());
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn page(html: impl Into<Body>) -> Response {
    respond("text/html; charset=utf-8", html)
}

fn script(js: &'static str) -> Response {
    respond("text/javascript; charset=utf-8", js)
}

fn asset(content_type: &'static str, text: &'static str) -> Response {
    respond(content_type, text)
}

/// The query of a table's page.
#[derive(Debug, Deserialize)]
struct TableQuery {
    invite: Option<String>,
}

/// A table's page: 404 unless `table` is the number of a table the asker
/// may see (a private one with its invite code).
async fn table_page(
    State(hall): State<Arc<Hall>>,
    Path(table): Path<String>,
    Query(query): Query<TableQuery>,
) -> Response {
    any_table_page(&hall, &table, query, None)
}

/// A Dice of Doom table's page at its first address (`/doom/N`): 404 for
/// a table of another game.
async fn doom_page(
    State(hall): State<Arc<Hall>>,
    Path(table): Path<String>,
    Query(query): Query<TableQuery>,
) -> Response {
    any_table_page(&hall, &table, query, Some("doom"))
}

fn any_table_page(hall: &Hall, table: &str, query: TableQuery, only: Option<&str>) -> Response {
    let Some(id) = table_id(table) else {
        return refuse(StatusCode::NOT_FOUND);
    };
    let game = {
        let tables = super::lock(&hall.tables);
        tables
            .get(&id)
            .filter(|t| {
                only.is_none_or(|g| t.summary.game == g)
                    && (t.invite.is_none() || t.invite.as_deref() == query.invite.as_deref())
            })
            .map(|t| t.summary.game.clone())
    };
    match game.as_deref().and_then(|g| registry().get(g)) {
        Some(entry) => page(table_html(
            id,
            entry.id,
            entry.name,
            query.invite.as_deref(),
        )),
        None => refuse(StatusCode::NOT_FOUND),
    }
}

/// `GET /web/boards/ID.js`: the web board of game ID (the generic board
/// for a game of the registry without one), 404 for no game.
async fn board_module(Path(file): Path<String>) -> Response {
    match board_of(&file) {
        Some(js) => script(js),
        None => refuse(StatusCode::NOT_FOUND),
    }
}

/// The module served as `/web/boards/{file}`.
pub fn board_of(file: &str) -> Option<&'static str> {
    let id = file.strip_suffix(".js")?;
    let entry = registry().get(id)?;
    Some(
        BOARDS
            .iter()
            .find(|(game, _)| *game == entry.id)
            .map_or(GENERIC_BOARD, |(_, js)| js),
    )
}

/// The query of a setup form: a setup (JSON; the game's default when
/// left out), and the option to set on it, `key` to its choice `choice`.
#[derive(Debug, Deserialize)]
pub struct FormQuery {
    /// The setup as it stands.
    #[serde(default)]
    pub setup: Option<String>,
    /// The option changed.
    #[serde(default)]
    pub key: Option<String>,
    /// Its new choice.
    #[serde(default)]
    pub choice: Option<usize>,
}

/// `GET /web/form/GAME?setup=…&key=K&choice=I`: the game's setup form as
/// the terminal's setup screen shows it, from the registry.
async fn form(Path(game): Path<String>, Query(q): Query<FormQuery>) -> Response {
    match form_json(&game, &q) {
        Ok(json) => respond("application/json", json.to_string()),
        Err(FormError::NoGame) => refuse(StatusCode::NOT_FOUND),
        Err(FormError::Setup(e)) => (StatusCode::BAD_REQUEST, format!("{e}\n")).into_response(),
    }
}

/// Why a form was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormError {
    /// No game of that id.
    NoGame,
    /// A setup or choice the game refuses.
    Setup(String),
}

/// The form of game `game` after `q`'s choice: `{"game", "name", "setup",
/// "seats", "fields", "bots", "levels", "chips"}` (`setup` whole, every
/// field filled in; `seats` at a table of it).
pub fn form_json(game: &str, q: &FormQuery) -> Result<serde_json::Value, FormError> {
    let entry = registry().get(game).ok_or(FormError::NoGame)?;
    let kind = &entry.kind;
    let bad = |e: crate::form::SetupError| FormError::Setup(e.to_string());
    let mut setup = match &q.setup {
        Some(text) => {
            let given: serde_json::Value =
                serde_json::from_str(text).map_err(|e| FormError::Setup(format!("setup: {e}")))?;
            kind.complete(&given).map_err(bad)?
        }
        None => kind.default_setup(),
    };
    match (&q.key, q.choice) {
        (Some(key), Some(choice)) => setup = kind.choose(&setup, key, choice).map_err(bad)?,
        (None, None) => {}
        _ => return Err(FormError::Setup("key and choice go together".into())),
    }
    // A setup that reads but cannot be played (99 seats) is refused too.
    let seats = kind.seats(&setup).map_err(bad)?;
    let fields = kind.fields(&setup).map_err(bad)?;
    let levels: Vec<&str> = Level::ALL.into_iter().map(|l| kind.level_bot(l)).collect();
    Ok(serde_json::json!({
        "game": entry.id,
        "name": entry.name,
        "setup": setup,
        "seats": seats,
        "fields": fields,
        "bots": kind.bot_names(),
        "levels": levels,
        "chips": kind.chips(),
    }))
}

/// A table's number from its path segment: digits only, no sign, no
/// leading zero, within `u64`.
pub fn table_id(text: &str) -> Option<u64> {
    let digits = !text.is_empty() && text.len() <= 20 && text.bytes().all(|b| b.is_ascii_digit());
    if !digits || (text.len() > 1 && text.starts_with('0')) {
        return None;
    }
    text.parse().ok()
}

/// The table page for table `id` of game `game` (named `name`); a private
/// table's invite code goes into the page (letters and digits only) for
/// its script to send.
pub fn table_html(id: u64, game: &str, name: &str, invite: Option<&str>) -> String {
    let invite = invite
        .filter(|c| c.len() <= 32 && c.bytes().all(|b| b.is_ascii_alphanumeric()))
        .unwrap_or("");
    let name = name
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('\'', "&#39;");
    TABLE
        .replace("{{TABLE}}", &id.to_string())
        .replace("{{GAME}}", game)
        .replace("{{NAME}}", &name)
        .replace("{{INVITE}}", invite)
}

/// The query of a board picture: the board as text (`a3 b2 …`), the
/// chosen hex, and the hexes to mark as legal (`1,5,7`).
#[derive(Debug, Deserialize)]
pub struct BoardQuery {
    /// The board, hexes row by row.
    pub board: String,
    /// The chosen hex.
    #[serde(default)]
    pub chosen: Option<usize>,
    /// The legal hexes, comma-separated.
    #[serde(default)]
    pub legal: String,
    /// The most dice a hex may hold in the game (room is left for them).
    #[serde(default)]
    pub dice: Option<u8>,
}

/// Why a board picture was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardQueryError {
    /// The board text.
    #[error("{0}")]
    Board(String),
    /// A hex that is not on the board.
    #[error("no hex {0} on this board")]
    NoHex(String),
    /// Room for more dice than a hex may hold.
    #[error("dice: 1 to {MAX_DICE}, not {0}")]
    Dice(u8),
}

/// The board picture's marks, checked against the board.
pub fn board_marks(q: &BoardQuery) -> Result<(Board, Marks), BoardQueryError> {
    let board = Board::parse(&q.board).map_err(|e| BoardQueryError::Board(e.to_string()))?;
    let hexes = board.size() * board.size();
    let on_board = |h: usize| (h < hexes).then_some(h);
    let chosen = match q.chosen {
        Some(h) => Some(on_board(h).ok_or_else(|| BoardQueryError::NoHex(h.to_string()))?),
        None => None,
    };
    let room = match q.dice {
        Some(d @ 1..=MAX_DICE) => d,
        Some(d) => return Err(BoardQueryError::Dice(d)),
        None => 1,
    };
    let mut legal = Vec::new();
    for part in q
        .legal
        .split(',')
        .filter(|p| !p.is_empty())
        .take(MAX_HEXES + 1)
    {
        let h = part
            .parse::<usize>()
            .ok()
            .and_then(on_board)
            .ok_or_else(|| BoardQueryError::NoHex(part.chars().take(8).collect()))?;
        legal.push(h);
    }
    Ok((
        board,
        Marks {
            chosen,
            legal,
            interactive: true,
            room,
        },
    ))
}

/// `GET /doom/board.svg?board=…&chosen=N&legal=…`: the board drawn by the
/// engine's SVG module, marked for a player choosing a move.
async fn board_svg(Query(q): Query<BoardQuery>) -> Response {
    match board_marks(&q) {
        Ok((board, marks)) => respond("image/svg+xml", marked_board_svg(&board, &marks)),
        Err(e) => (StatusCode::BAD_REQUEST, format!("{e}\n")).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::form::Field;

    fn query(board: &str, chosen: Option<usize>, legal: &str) -> BoardQuery {
        BoardQuery {
            board: board.into(),
            chosen,
            legal: legal.into(),
            dice: None,
        }
    }

    #[test]
    fn a_table_id_is_a_plain_number() {
        assert_eq!(table_id("7"), Some(7));
        assert_eq!(table_id("18446744073709551615"), Some(u64::MAX));
        for bad in [
            "",
            "-1",
            "+1",
            "07",
            "1e3",
            "x",
            "18446744073709551616",
            "1 ",
            "１",
            "%31",
            "../1",
            &"9".repeat(400),
        ] {
            assert_eq!(table_id(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_form_is_the_registrys_and_a_choice_moves_it_on() {
        let q = FormQuery {
            setup: None,
            key: None,
            choice: None,
        };
        let entry = registry().get("holdem").unwrap();
        let form = form_json("holdem", &q).unwrap();
        assert_eq!(form["setup"], entry.kind.default_setup());
        let fields: Vec<Field> = serde_json::from_value(form["fields"].clone()).unwrap();
        assert_eq!(fields, entry.kind.fields(&form["setup"]).unwrap());
        assert_eq!(form["chips"], true);
        assert_eq!(
            form["levels"],
            serde_json::json!(["easy", "normal", "hard"])
        );
        let q = FormQuery {
            setup: Some(form["setup"].to_string()),
            key: Some("seats".into()),
            choice: Some(0),
        };
        let two = form_json("holdem", &q).unwrap();
        assert_eq!(two["setup"]["seats"], 2);
        assert_eq!(two["seats"], 2);
        let bad = |setup: Option<&str>, key: Option<&str>, choice: Option<usize>| {
            let q = FormQuery {
                setup: setup.map(String::from),
                key: key.map(String::from),
                choice,
            };
            form_json("holdem", &q).unwrap_err()
        };
        assert!(matches!(
            bad(None, Some("nope"), Some(0)),
            FormError::Setup(_)
        ));
        assert!(matches!(
            bad(None, Some("seats"), Some(99)),
            FormError::Setup(_)
        ));
        assert!(matches!(
            bad(None, Some("seats"), None),
            FormError::Setup(_)
        ));
        assert!(matches!(bad(Some("{"), None, None), FormError::Setup(_)));
        assert!(matches!(
            bad(Some(r#"{"wings": 2}"#), None, None),
            FormError::Setup(_)
        ));
        assert!(matches!(
            bad(Some(r#"{"seats": 99}"#), None, None),
            FormError::Setup(_)
        ));
        assert_eq!(form_json("chess", &q), Err(FormError::NoGame));
    }

    #[test]
    fn every_game_has_a_board_module() {
        for e in registry().entries() {
            let js = board_of(&format!("{}.js", e.id)).unwrap();
            assert!(js.contains("export function board"), "{}", e.id);
        }
        assert_eq!(
            board_of("doom.js"),
            Some(include_str!("web/boards/doom.js"))
        );
        assert_eq!(board_of("nim.js"), Some(GENERIC_BOARD));
        for bad in ["chess.js", "doom", "doom.js.map", "../web.rs", ""] {
            assert_eq!(board_of(bad), None, "{bad}");
        }
    }

    #[test]
    fn long_targets_and_headers_are_refused() {
        assert_eq!(limits(10, 100), None);
        assert_eq!(limits(MAX_TARGET, MAX_HEADERS), None);
        assert_eq!(limits(MAX_TARGET + 1, 0), Some(StatusCode::URI_TOO_LONG));
        assert_eq!(
            limits(0, MAX_HEADERS + 1),
            Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
        );
    }

    #[test]
    fn a_table_page_names_its_table_and_only_a_plain_invite() {
        let html = table_html(42, "holdem", "Texas Hold'em", Some("ab12"));
        assert!(html.contains(r#"data-table="42""#));
        assert!(html.contains(r#"data-game="holdem""#));
        assert!(html.contains(r#"data-invite="ab12""#));
        assert!(html.contains("Texas Hold&#39;em · table 42"), "{html}");
        assert!(!html.contains("{{"));
        let html = table_html(1, "doom", "Dice of Doom", Some("\"><script>"));
        assert!(!html.contains("<script>\""), "{html}");
        assert!(html.contains(r#"data-invite="""#));
    }

    #[test]
    fn board_queries_are_checked_against_the_board() {
        let (board, marks) = board_marks(&query("a3 b2 a1 b1", Some(0), "1,3")).unwrap();
        assert_eq!(board.size(), 2);
        assert_eq!(marks.chosen, Some(0));
        assert_eq!(marks.legal, vec![1, 3]);
        for (q, why) in [
            (query("a3 b2 a1", None, ""), "square"),
            (query("a3 b2 e1 b1", None, ""), "player"),
            (query("a3 b2 a9 b1", None, ""), "dice"),
            (query("a3 b2 a1 b1", Some(4), ""), "no hex 4"),
            (query("a3 b2 a1 b1", None, "1,x"), "no hex x"),
            (query("a3 b2 a1 b1", None, "1,-1"), "no hex -1"),
            (
                query("a3 b2 a1 b1", None, "99999999999999999999999"),
                "no hex",
            ),
            (query(&"a1 ".repeat(10_000), None, ""), "square"),
            (query("", None, ""), "square"),
            (
                BoardQuery {
                    dice: Some(9),
                    ..query("a3 b2 a1 b1", None, "")
                },
                "dice",
            ),
        ] {
            let e = board_marks(&q).unwrap_err().to_string();
            assert!(e.contains(why), "{:?}: {e}", q.board.get(..20));
        }
    }

    #[test]
    fn the_marked_board_groups_each_hex_and_marks_not_by_colour_alone() {
        let (board, marks) = board_marks(&query("a3 b2 a1 b1", Some(0), "1")).unwrap();
        let svg = marked_board_svg(&board, &marks);
        assert_eq!(svg.matches(r#"<g id="hex-"#).count(), 4);
        assert!(svg.contains(r#"class="hex chosen" data-hex="0""#));
        assert!(svg.contains(r#"class="hex legal target" data-hex="1""#));
        assert!(svg.contains("stroke-dasharray"), "legal hexes are outlined");
        assert!(svg.contains("url(#hatch)"), "targets are hatched");
        // The chosen hex's base is the book's 100 brighter.
        assert!(svg.contains("fill:rgb(255,133,133)"), "{svg}");
        assert!(svg.contains(">a3</text>") && svg.contains(">b1</text>"));
        let (board, marks) = board_marks(&query("a3 b2 a1 b1", None, "0")).unwrap();
        let svg = marked_board_svg(&board, &marks);
        assert!(svg.contains(r#"class="hex legal source" data-hex="0""#));
        assert!(!svg.contains("url(#hatch)\""), "sources are not hatched");
    }
}
