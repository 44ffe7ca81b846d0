//! The app driven by key events, drawn into an in-memory terminal: screen
//! snapshots at 80×24 and at the minimum size, navigation, help, settings,
//! and every game played through its screen. Snapshots are kept in
//! `snapshots/`, one file per name.

pub(super) use crate::tui::frame::{MIN_HEIGHT, MIN_WIDTH};
pub(super) use crate::tui::{App, Settings};
pub(super) use cardgames::doom::Doom;
pub(super) use cardgames::game::{Level, Stage};
pub(super) use cardgames::holdem::session::Holdem;
pub(super) use cardgames::honeymoon::Honeymoon;
pub(super) use cardgames::store::Store;
pub(super) use ratatui::buffer::Buffer;
pub(super) use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
pub(super) use ratatui::layout::Rect;

/// Compares `value` with the snapshot `snapshots/NAME.snap`.
macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => "snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $value)
        })
    };
}

mod app;
mod doom;
mod holdem;
mod honeymoon;

pub(super) fn screen(app: &mut App, width: u16, height: u16) -> String {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    app.draw(area, &mut buf);
    (0..height)
        .map(|y| {
            let line: String = (0..width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect();
            line.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub(super) fn press(app: &mut App, code: KeyCode) {
    app.handle(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

pub(super) fn new_app() -> App {
    App::new(Settings::default(), false, None)
}

/// An app whose computer players act without a pause, its games dealt
/// from `seed`, saving into `dir` when given.
pub(super) fn quick_app(dir: Option<&std::path::Path>, seed: u64) -> App {
    let settings = Settings {
        bot_delay_ms: 0,
        ..Settings::default()
    };
    App::new(settings, false, dir.map(Store::at)).with_seed(seed)
}

/// Waits for the computer players: one tick and a millisecond.
pub(super) fn wait(app: &mut App) {
    app.tick();
    std::thread::sleep(std::time::Duration::from_millis(1));
}

pub(super) fn click(app: &mut App, column: u16, row: u16) {
    use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    app.handle(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }));
}

/// The cell where `needle` first appears on `row` of the drawn screen.
pub(super) fn column_of(text: &str, row: usize, needle: &str) -> Option<u16> {
    let line = text.lines().nth(row)?;
    let byte = line.find(needle)?;
    u16::try_from(line[..byte].chars().count()).ok()
}

/// Clicks the hint-bar entry starting with `entry` (e.g. "p pass").
pub(super) fn click_hint(app: &mut App, entry: &str) {
    let text = screen(app, 80, 24);
    let col = column_of(&text, 23, entry).unwrap_or_else(|| panic!("no {entry:?} in\n{text}"));
    click(app, col, 23);
}

/// The Hold'em session as it would be saved.
pub(super) fn save(app: &App) -> serde_json::Value {
    app.table::<Holdem>()
        .and_then(|t| t.save())
        .unwrap_or_default()
}

/// A quick app saving into `dir`, seated at a six-seat Hold'em table
/// dealt from `seed`.
pub(super) fn seated_at_holdem(dir: &std::path::Path, seed: u64) -> App {
    let mut app = quick_app(Some(dir), seed);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    app
}

/// Plays at the Hold'em table, calling whenever it is your turn, until
/// `hands` hands are over.
pub(super) fn call_through(app: &mut App, hands: u64) {
    for _ in 0..100_000 {
        let Some(t) = app.table::<Holdem>() else {
            panic!("left the table")
        };
        let played = t.running().deals;
        match t.seen().stage {
            Stage::DealOver if played >= hands => return,
            Stage::DealOver => press(app, KeyCode::Char('n')),
            Stage::Turn(0) => press(app, KeyCode::Char('c')),
            Stage::Turn(_) => wait(app),
            Stage::Over => panic!("the table ended"),
        }
    }
    panic!("{hands} hands never ended");
}

/// From the menu of `app`, the honeymoon bridge setup form.
pub(super) fn honeymoon_setup(app: &mut App) {
    press(app, KeyCode::Down);
    press(app, KeyCode::Down);
    press(app, KeyCode::Enter);
}
