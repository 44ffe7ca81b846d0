//! The app driven by key events, drawn into an in-memory terminal: screen
//! snapshots at 80×24 and at the minimum size, navigation, help, settings.

use cardgames::doom::Doom;
use cardgames::game::{Level, Stage};
use cardgames::holdem::session::Holdem;
use cardgames::honeymoon::Honeymoon;
use cardgames::store::Store;
use cardgames::tui::{App, MIN_HEIGHT, MIN_WIDTH, Settings};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

fn screen(app: &mut App, width: u16, height: u16) -> String {
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

fn press(app: &mut App, code: KeyCode) {
    app.handle(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn new_app() -> App {
    App::new(Settings::default(), false, None)
}

/// An app whose computer players act without a pause, its games dealt
/// from `seed`, saving into `dir` when given.
fn quick_app(dir: Option<&std::path::Path>, seed: u64) -> App {
    let settings = Settings {
        bot_delay_ms: 0,
        ..Settings::default()
    };
    App::new(settings, false, dir.map(Store::at)).with_seed(seed)
}

/// From the menu of `app`, the honeymoon bridge setup form.
fn honeymoon_setup(app: &mut App) {
    press(app, KeyCode::Down);
    press(app, KeyCode::Down);
    press(app, KeyCode::Enter);
}

#[test]
fn menu_snapshots() {
    let mut app = new_app();
    insta::assert_snapshot!("menu_80x24", screen(&mut app, 80, 24));
    insta::assert_snapshot!("menu_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
}

#[test]
fn too_small_says_so_and_no_key_acts_behind_it() {
    let mut app = new_app();
    let text = screen(&mut app, MIN_WIDTH - 1, MIN_HEIGHT);
    assert!(text.contains("Terminal too small"), "{text}");
    assert!(text.contains(&format!("{}×{}", MIN_WIDTH - 1, MIN_HEIGHT)));
    insta::assert_snapshot!("too_small", screen(&mut app, 40, 10));
    // Enter would open Hold'em, q would quit: neither does while too small.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.title(), "Main menu");
    assert!(!app.should_quit());
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(app.should_quit(), "Ctrl-C still quits");
}

#[test]
fn help_overlay_lists_the_screen_keys() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('?'));
    assert!(app.help_shown());
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Open the highlighted entry"));
    insta::assert_snapshot!("menu_help", text);
    // Keys other than ?/esc/q do nothing while help is up.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.title(), "Main menu");
    press(&mut app, KeyCode::Esc);
    assert!(!app.help_shown());
}

#[test]
fn settings_are_edited_and_kept() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new(Settings::default(), true, Some(Store::at(dir.path())));
    for _ in 0..8 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter); // Settings is ninth
    assert_eq!(app.title(), "Settings");
    insta::assert_snapshot!("settings_80x24", screen(&mut app, 80, 24));
    insta::assert_snapshot!("settings_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    press(&mut app, KeyCode::Char('j'));
    press(&mut app, KeyCode::Char('j'));
    press(&mut app, KeyCode::Enter); // AI level normal -> hard
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.title(), "Main menu");
    assert_eq!(app.settings().level, Level::Hard);
    let again = App::with_store(Store::at(dir.path()), false, true);
    assert_eq!(again.settings().level, Level::Hard);
}

#[test]
fn quit_from_the_menu_and_with_ctrl_c() {
    let mut app = new_app();
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
    let mut app = new_app();
    app.handle(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(app.should_quit());
}

#[test]
fn a_corrupt_settings_file_is_kept_aside_and_reported_in_full() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("settings.json");
    let kept = dir.path().join("settings.json.damaged-1");
    let stats = dir.path().join("stats.json");
    let stats_kept = dir.path().join("stats.json.damaged-1");
    std::fs::write(&path, "garbage").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&stats, "{\"format\":").unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::with_store(Store::at(dir.path()), false, false);
    // The whole notice shows, the kept files named, at 80x24.
    let text = screen(&mut app, 80, 24);
    let flat: String = text
        .lines()
        .map(|l| l.trim_matches(|c| c == ' ' || c == '│'))
        .collect::<Vec<_>>()
        .join(" ");
    for want in [kept.display().to_string(), stats_kept.display().to_string()] {
        assert!(flat.contains(&want), "{want} not in\n{text}");
    }
    assert!(flat.contains("the settings start afresh"), "{text}");
    assert!(text.contains("any key to close"), "{text}");
    // The first key only closes the notice; then change a setting.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.title(), "Main menu");
    assert!(!screen(&mut app, 80, 24).contains("Notice"));
    for _ in 0..8 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.title(), "Settings");
    press(&mut app, KeyCode::Enter); // suit letters on
    press(&mut app, KeyCode::Esc);
    assert!(app.settings().ascii);
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap_or_default(),
        "garbage"
    );
    assert_eq!(
        std::fs::read_to_string(&stats_kept).unwrap_or_default(),
        "{\"format\":"
    );
    let again = App::with_store(Store::at(dir.path()), false, false);
    assert!(again.settings().ascii, "the new settings are written");
}

#[test]
fn solver_screen_plays_and_undoes() {
    let mut app = new_app().with_seed(5);
    for _ in 0..6 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter); // Endgame solver is seventh
    assert_eq!(app.title(), "Endgame solver");
    let start = screen(&mut app, 80, 24);
    insta::assert_snapshot!("solver_80x24", start);
    insta::assert_snapshot!("solver_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    press(&mut app, KeyCode::Enter); // play the highlighted card
    let after = screen(&mut app, 80, 24);
    assert!(after.contains("Trick: North led"), "{after}");
    assert!(after.contains("South to play"), "{after}");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(screen(&mut app, 80, 24), start);
    press(&mut app, KeyCode::Char('e'));
    assert_eq!(app.title(), "Endgame solver · editing");
    insta::assert_snapshot!("solver_edit_80x24", screen(&mut app, 80, 24));
    press(&mut app, KeyCode::Esc);
    assert_eq!(screen(&mut app, 80, 24), start);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.title(), "Main menu");
}

#[test]
fn solver_cards_are_played_by_clicking_them() {
    let mut app = new_app().with_seed(5);
    for _ in 0..6 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter); // Endgame solver
    let start = screen(&mut app, 80, 24);
    // North leads: a click on South's cards does nothing.
    let south = start
        .lines()
        .position(|l| l.starts_with(" South  "))
        .unwrap_or_else(|| panic!("{start}"));
    click(&mut app, 10, south as u16);
    assert_eq!(screen(&mut app, 80, 24), start);
    // North's 5♥ (the second suit row, the first rank after the symbol).
    let north = start
        .lines()
        .position(|l| l.starts_with(" North  "))
        .unwrap_or_else(|| panic!("{start}"));
    let row = north + 1;
    let col = column_of(&start, row, "♥ 5")
        .map(|c| c + 2)
        .unwrap_or_else(|| panic!("{start}"));
    click(&mut app, col, row as u16);
    let after = screen(&mut app, 80, 24);
    assert!(after.contains("Trick: North led 5♥"), "{after}");
    // The hint bar's "u undo" entry takes it back.
    click_hint(&mut app, "u undo");
    assert_eq!(screen(&mut app, 80, 24), start);
}

/// Waits for the computer players: one tick and a millisecond.
fn wait(app: &mut App) {
    app.tick();
    std::thread::sleep(std::time::Duration::from_millis(1));
}

/// Moves the Dice of Doom cursor to `hex`: up or down to its row, then
/// along the row.
fn cursor_to(app: &mut App, hex: u8) {
    let cursor = |app: &App| app.table::<Doom>().map_or(0, |t| t.cursor());
    let size = app
        .table::<Doom>()
        .map_or(1, |t| t.seen().view.position.board.size());
    let (tx, ty) = (usize::from(hex) % size, usize::from(hex) / size);
    for _ in 0..2 * size {
        let (cx, cy) = (cursor(app) % size, cursor(app) / size);
        match (cy.cmp(&ty), cx.cmp(&tx)) {
            (std::cmp::Ordering::Less, _) => press(app, KeyCode::Down),
            (std::cmp::Ordering::Greater, _) => press(app, KeyCode::Up),
            (_, std::cmp::Ordering::Less) => press(app, KeyCode::Right),
            (_, std::cmp::Ordering::Greater) => press(app, KeyCode::Left),
            _ => return,
        }
    }
    assert_eq!(cursor(app), usize::from(hex), "the cursor reached the hex");
}

/// Plays the human's side of a Dice of Doom game with keys: the first
/// legal move each time, reached by moving the cursor.
fn play_doom_to_the_end(app: &mut App) {
    use cardgames::doom::rules::Move;
    for _ in 0..10_000 {
        let Some(table) = app.table::<Doom>() else {
            panic!("left the game")
        };
        let seen = table.seen();
        match seen.stage {
            Stage::Turn(0) => match seen.legal[0] {
                Move::Pass => press(app, KeyCode::Char('p')),
                Move::Attack { from, to } => {
                    for hex in [from, to] {
                        cursor_to(app, hex);
                        press(app, KeyCode::Enter);
                    }
                }
            },
            Stage::Turn(_) => wait(app),
            Stage::DealOver | Stage::Over => return,
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_whole_doom_game_on_2x2_against_the_book_ai() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = quick_app(Some(dir.path()), 3);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter); // Dice of Doom
    insta::assert_snapshot!("doom_setup_80x24", screen(&mut app, 80, 24));
    insta::assert_snapshot!("doom_setup_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    for _ in 0..3 {
        press(&mut app, KeyCode::Left); // 5×5 -> 2×2
    }
    press(&mut app, KeyCode::Enter);
    let start = screen(&mut app, 80, 24);
    assert!(start.contains("Dice of Doom · 2×2 classic"), "{start}");
    insta::assert_snapshot!("doom_2x2_start", start);
    insta::assert_snapshot!("doom_2x2_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    press(&mut app, KeyCode::Char('i'));
    let rules = screen(&mut app, 80, 24);
    assert!(
        rules.contains("Dice of Doom (Land of Lisp)") && rules.contains("Classic rules"),
        "{rules}"
    );
    insta::assert_snapshot!("doom_rules_80x24", rules);
    press(&mut app, KeyCode::Esc);
    play_doom_to_the_end(&mut app);
    let end = screen(&mut app, 80, 24);
    assert!(end.contains("Game over"), "{end}");
    assert!(end.contains("n: next game"), "{end}");
    assert_eq!(app.stats().of("doom").deals, 1);
    // The next game is dealt on a new board.
    press(&mut app, KeyCode::Char('n'));
    let next = screen(&mut app, 80, 24);
    assert!(next.contains("— Game 2:"), "{next}");
    // Left: the game in progress is kept, the record was written.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.title(), "Main menu");
    assert!(dir.path().join("stats.json").exists());
    assert!(dir.path().join("saved-doom.json").exists());
    assert!(screen(&mut app, 80, 24).contains("Resume Dice of Doom"));
}

#[test]
fn the_doom_setup_gives_each_rule_set_the_books_dice() {
    let mut app = quick_app(None, 3);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter); // Dice of Doom
    // The setup's most dice and rules, as shown.
    let shown = |app: &mut App| -> (String, String) {
        let s = screen(app, 80, 24);
        let value = |label: &str| {
            let line = s.lines().find(|l| l.contains(label)).unwrap_or("");
            let inner = line.split('‹').nth(1).and_then(|v| v.split('›').next());
            inner.unwrap_or("").trim().to_string()
        };
        (value("Most dice on a hex"), value("Rules"))
    };
    let is = |d: &str, r: &str| (d.to_string(), r.to_string());
    assert_eq!(shown(&mut app), is("3", "classic (more dice win)"));
    for _ in 0..3 {
        press(&mut app, KeyCode::Down); // to Rules
    }
    press(&mut app, KeyCode::Right);
    assert_eq!(shown(&mut app), is("5", "chance (dice rolls)"));
    press(&mut app, KeyCode::Left);
    assert_eq!(
        shown(&mut app),
        is("3", "classic (more dice win)"),
        "left goes back"
    );
    // A number chosen by hand stays.
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    assert_eq!(shown(&mut app), is("4", "chance (dice rolls)"));
    press(&mut app, KeyCode::Enter);
    let config = app.table::<Doom>().map(|t| t.seen().view.config);
    assert_eq!(
        config.map(|c| (c.max_dice, c.rules.name())),
        Some((4, "chance"))
    );
}

/// A Dice of Doom game under chance rules on the default 5×5 board.
fn doom_chance_game(seed: u64) -> App {
    let mut app = quick_app(None, seed);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter); // Dice of Doom
    for _ in 0..3 {
        press(&mut app, KeyCode::Down); // to Rules
    }
    press(&mut app, KeyCode::Right); // chance
    press(&mut app, KeyCode::Enter);
    app
}

#[test]
fn doom_shows_the_odds_of_an_attack_before_it_is_made() {
    use cardgames::doom::odds::exact_odds;
    use cardgames::doom::rules::Move;
    let mut app = doom_chance_game(5);
    let seen = app
        .table::<Doom>()
        .map(|t| t.seen())
        .unwrap_or_else(|| panic!("no game"));
    let Some(&Move::Attack { from, to }) = seen.legal.iter().find(|m| **m != Move::Pass) else {
        panic!("no attack: {:?}", seen.legal)
    };
    let board = seen.view.position.board;
    cursor_to(&mut app, from);
    let picking = screen(&mut app, 80, 24);
    assert!(
        !picking.contains("wins"),
        "no odds before an attacker: {picking}"
    );
    press(&mut app, KeyCode::Enter);
    cursor_to(&mut app, to);
    let p = 100.0
        * exact_odds(
            board.hex(usize::from(from)).dice,
            board.hex(usize::from(to)).dice,
        );
    let aiming = screen(&mut app, 80, 24);
    assert!(
        aiming.contains(&format!("From hex {from} to {to}: wins {p:.0}%")),
        "{aiming}"
    );
}

#[test]
fn doom_hint_shows_the_strong_ais_move_without_playing_it() {
    use cardgames::doom::rules::Move;
    let mut app = quick_app(None, 7);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter); // Dice of Doom
    press(&mut app, KeyCode::Enter); // 5×5 classic
    let seen = |app: &App| {
        app.table::<Doom>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no game"))
    };
    let before = seen(&app);
    press(&mut app, KeyCode::Char('h'));
    let shown = screen(&mut app, 80, 24);
    let after = seen(&app);
    assert_eq!(after.view.position, before.view.position, "not played");
    let line = shown
        .lines()
        .find_map(|l| l.split("Hint: ").nth(1))
        .unwrap_or_else(|| panic!("no hint: {shown}"))
        .trim()
        .to_string();
    let words: Vec<&str> = line.split(' ').collect();
    if let ["hex", from, "attacks", to] = words[..] {
        let (from, to) = (from.parse().unwrap_or(99), to.parse().unwrap_or(99));
        assert!(before.legal.contains(&Move::Attack { from, to }), "{line}");
        let cursor = app.table::<Doom>().map(|t| t.cursor());
        assert_eq!(cursor, Some(usize::from(to)), "the cursor is on the target");
        // Enter plays the hinted attack.
        press(&mut app, KeyCode::Enter);
        assert_ne!(seen(&app).view.position, before.view.position);
    } else {
        assert_eq!(line, "pass (p)");
    }
    // The same position gets the same hint.
    let mut again = quick_app(None, 7);
    press(&mut again, KeyCode::Down);
    press(&mut again, KeyCode::Enter);
    press(&mut again, KeyCode::Enter);
    press(&mut again, KeyCode::Char('h'));
    assert_eq!(screen(&mut again, 80, 24), shown);
}

#[test]
fn doom_shows_the_computers_last_attack() {
    use cardgames::doom::rules::Move;
    let mut app = quick_app(None, 3);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter); // Dice of Doom
    press(&mut app, KeyCode::Enter); // 5×5 classic against the book AI
    let seen = |app: &App| {
        app.table::<Doom>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no game"))
    };
    assert!(!screen(&mut app, 80, 24).contains("Last attack:"));
    for _ in 0..1000 {
        let now = seen(&app);
        if let (Stage::Turn(0), Some(last)) = (now.stage, now.view.last)
            && last.player != 0
        {
            let shown = screen(&mut app, 80, 24);
            let verb = if last.won { "won" } else { "lost" };
            let line = format!("Last attack: b {}->{} {verb}", last.from, last.to);
            assert!(shown.contains(&line), "{line}: {shown}");
            return;
        }
        match now.stage {
            Stage::Turn(0) => match now.legal[0] {
                Move::Pass => press(&mut app, KeyCode::Char('p')),
                Move::Attack { from, to } => {
                    for hex in [from, to] {
                        cursor_to(&mut app, hex);
                        press(&mut app, KeyCode::Enter);
                    }
                }
            },
            Stage::Turn(_) => wait(&mut app),
            _ => panic!("the game ended before the computer attacked"),
        }
    }
    panic!("the computer never attacked");
}

#[test]
fn doom_up_and_down_go_to_the_hex_drawn_nearest() {
    let mut app = quick_app(None, 3);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter); // Dice of Doom
    press(&mut app, KeyCode::Enter); // 5×5: rows drawn half a hex apart
    let cursor = |app: &App| app.table::<Doom>().map_or(99, |t| t.cursor());
    let mut path = Vec::new();
    for _ in 0..5 {
        press(&mut app, KeyCode::Down);
        path.push(cursor(&app));
    }
    // Straight down the screen from hex 0, and no wrapping at the bottom.
    assert_eq!(path, [5, 11, 16, 22, 22]);
    press(&mut app, KeyCode::Up);
    assert_eq!(cursor(&app), 16, "down then up comes back");
    for _ in 0..5 {
        press(&mut app, KeyCode::Up);
    }
    assert_eq!(
        cursor(&app),
        0,
        "back up the same line, no wrapping at the top"
    );
}

#[test]
fn a_doom_game_left_midway_is_saved_and_resumed() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = quick_app(Some(dir.path()), 11);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter); // 5×5 against the book AI
    let board = |app: &App| {
        app.table::<Doom>()
            .map(|t| t.seen().view.position.board.to_string())
    };
    let before = board(&app);
    press(&mut app, KeyCode::Char('q'));
    assert!(dir.path().join("saved-doom.json").exists());
    let mut again = App::with_store(Store::at(dir.path()), false, false);
    let menu = screen(&mut again, 80, 24);
    assert!(
        menu.contains("Resume Dice of Doom   5×5 classic, game 1"),
        "{menu}"
    );
    press(&mut again, KeyCode::Enter);
    assert_eq!(board(&again), before);
    // Starting a new game asks before the saved one is replaced.
    press(&mut again, KeyCode::Char('q'));
    press(&mut again, KeyCode::Down);
    press(&mut again, KeyCode::Down); // Dice of Doom, under its resume entry
    press(&mut again, KeyCode::Enter);
    press(&mut again, KeyCode::Enter);
    let asking = screen(&mut again, 80, 24);
    assert!(asking.contains("Starting anew replaces it"), "{asking}");
    press(&mut again, KeyCode::Char('n'));
    assert_eq!(
        again.title(),
        "Dice of Doom · new game",
        "kept: still on the form"
    );
}

#[test]
fn a_corrupt_save_is_reported_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("saved-doom.json");
    std::fs::write(&path, "{\"format\":\"cardgames\"").unwrap_or_else(|e| panic!("{e}"));
    let old = dir.path().join("saved-game.json");
    std::fs::write(&old, "{}").unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::with_store(Store::at(dir.path()), false, false).with_seed(2);
    let menu = screen(&mut app, 80, 24);
    assert!(menu.contains("saved-doom.json"), "{menu}");
    assert!(!menu.contains("Resume"));
    press(&mut app, KeyCode::Esc); // closes the notice
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter); // Dice of Doom
    press(&mut app, KeyCode::Enter);
    assert!(app.table::<Doom>().is_some());
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        "{\"format\":\"cardgames\""
    );
    // A save of the first versions is reported and left alone too.
    let mut app = App::with_store(Store::at(dir.path()), false, false);
    std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut fresh = App::with_store(Store::at(dir.path()), false, false);
    let menu = screen(&mut fresh, 80, 24);
    assert!(
        menu.contains("saved-game.json holds a game saved by an earlier"),
        "{menu}"
    );
    assert_eq!(std::fs::read_to_string(&old).unwrap_or_default(), "{}");
    let _ = screen(&mut app, 80, 24);
}

#[test]
fn a_whole_honeymoon_deal_bid_exchange_play_and_score() {
    use cardgames::honeymoon::{Action, Bid, Call, Phase, Strain};
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = quick_app(Some(dir.path()), 21);
    honeymoon_setup(&mut app);
    press(&mut app, KeyCode::Enter); // its options as they are
    let mut seen_phases = Vec::new();
    let (mut hinting, mut hinted_turns) = (false, 0);
    for _ in 0..20_000 {
        let Some(h) = app.table::<Honeymoon>() else {
            panic!("left the screen")
        };
        let seen = h.seen();
        let phase = seen.view.phase;
        if !seen_phases.contains(&phase) {
            seen_phases.push(phase);
            let name = format!("honeymoon_{phase:?}").to_lowercase();
            insta::assert_snapshot!(name.clone(), screen(&mut app, 80, 24));
            insta::assert_snapshot!(
                format!("{name}_min"),
                screen(&mut app, MIN_WIDTH, MIN_HEIGHT)
            );
            continue;
        }
        match (phase, seen.stage) {
            (Phase::Over, _) => break,
            (Phase::Bidding, Stage::Turn(1)) => {
                // Bid 1♣ (where the cursor starts) when it is still legal, else pass.
                let one_club = Action::Call(Call::Bid(Bid {
                    level: 1,
                    strain: Strain::Clubs,
                }));
                let key = if seen.legal.contains(&one_club) {
                    KeyCode::Enter
                } else {
                    KeyCode::Char('p')
                };
                press(&mut app, key);
            }
            (Phase::Play, Stage::Turn(1)) if !hinting => {
                // Turned on once, the hint stays on every turn after.
                hinting = true;
                press(&mut app, KeyCode::Char('v'));
            }
            (Phase::Play, Stage::Turn(1)) => {
                let text = screen(&mut app, 80, 24);
                assert!(text.contains("card:tricks you take from here"), "{text}");
                let small = screen(&mut app, MIN_WIDTH, MIN_HEIGHT);
                let bar = small.lines().last().unwrap_or_default();
                assert!(bar.ends_with("esc menu"), "the key bar fits:\n{small}");
                hinted_turns += 1;
                press(&mut app, KeyCode::Enter);
            }
            (_, Stage::Turn(1)) => press(&mut app, KeyCode::Enter),
            _ => wait(&mut app),
        }
    }
    assert!(
        seen_phases.contains(&Phase::Exchange) && seen_phases.contains(&Phase::Play),
        "{seen_phases:?}"
    );
    assert!(hinted_turns > 1, "the hint was on for {hinted_turns} turns");
    let end = screen(&mut app, 80, 24);
    assert!(end.contains("Deal scored"), "{end}");
    assert_eq!(app.stats().of("honeymoon").deals, 1);
    let view = app
        .table::<Honeymoon>()
        .map(|h| h.seen().view)
        .unwrap_or_else(|| panic!("screen"));
    let result = view.result.unwrap_or_else(|| panic!("scored"));
    assert_eq!(result.totals, view.totals);
    // The deal's record is kept in the data directory and reads back.
    let kept: Vec<_> = std::fs::read_dir(dir.path().join("deals/honeymoon"))
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let records =
        cardgames::honeymoon::formats::read_file(&kept[0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Some(&records[0]), view.record.as_ref());
    // The review of the deal, then the match.
    press(&mut app, KeyCode::Char('r'));
    insta::assert_snapshot!("honeymoon_review", screen(&mut app, 80, 24));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('m'));
    insta::assert_snapshot!("honeymoon_match", screen(&mut app, 80, 24));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(
        app.table::<Honeymoon>().map(|h| h.seen().view.phase),
        Some(Phase::Bidding)
    );
    press(&mut app, KeyCode::Char('q'));
    assert!(screen(&mut app, 80, 24).contains("Resume Honeymoon bridge"));
}

#[test]
fn a_fold_when_checking_is_free_is_asked_first() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    let seen = |app: &App| {
        app.table::<Holdem>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no table"))
    };
    let free = |app: &App| {
        let s = seen(app);
        s.stage == Stage::Turn(0) && s.view.state.legal().is_some_and(|l| l.to_call == 0)
    };
    // Call or check along until a turn where checking is free.
    for _ in 0..20_000 {
        if free(&app) {
            break;
        }
        match seen(&app).stage {
            Stage::Turn(0) => press(&mut app, KeyCode::Char('c')),
            Stage::Turn(_) => wait(&mut app),
            _ => press(&mut app, KeyCode::Char('n')),
        }
    }
    assert!(free(&app), "never free to check");
    press(&mut app, KeyCode::Char('f'));
    let asked = screen(&mut app, 80, 24);
    assert!(
        asked.contains("Fold when you could check for free?"),
        "{asked}"
    );
    assert!(free(&app), "the fold was played before it was confirmed");
    press(&mut app, KeyCode::Char('n'));
    let kept = screen(&mut app, 80, 24);
    assert!(!kept.contains("Fold when you could check"), "{kept}");
    assert!(free(&app), "keeping the hand played something");
    press(&mut app, KeyCode::Char('f'));
    press(&mut app, KeyCode::Char('f'));
    assert!(!free(&app), "the confirmed fold was not played");
    let folded = screen(&mut app, 80, 24);
    assert!(folded.contains("You fold"), "{folded}");
}

#[test]
fn a_busted_player_is_told_of_the_rebuy_and_it_is_counted() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down: cash, rebuy when busted
    let seen = |app: &App| {
        app.table::<Holdem>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no table"))
    };
    // All in every hand until busted.
    let mut busted = false;
    for _ in 0..20_000 {
        let s = seen(&app);
        match s.stage {
            Stage::Turn(0) => press(&mut app, KeyCode::Char('a')),
            Stage::Turn(_) => wait(&mut app),
            _ if s.view.state.stacks()[0] == 0 => {
                busted = true;
                break;
            }
            _ => press(&mut app, KeyCode::Char('n')),
        }
    }
    assert!(busted, "never busted");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("You rebuy for 1000 next hand"), "{text}");
    assert!(!text.contains("out of chips"), "{text}");
    assert!(!app.title().contains("rebuy"), "{}", app.title());
    press(&mut app, KeyCode::Char('n'));
    assert!(seen(&app).view.state.stacks()[0] > 0, "rebought");
    assert!(app.title().contains(", 1 rebuy ("), "{}", app.title());
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('x')); // past the session's summary
    let menu = screen(&mut app, 80, 24);
    assert!(menu.contains(", 1 rebuy"), "{menu}");
}

#[test]
fn a_whole_holdem_hand_at_six_seats() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    insta::assert_snapshot!("holdem_setup_80x24", screen(&mut app, 80, 24));
    insta::assert_snapshot!("holdem_setup_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    press(&mut app, KeyCode::Enter); // sit down at six seats
    let seen = |app: &App| {
        app.table::<Holdem>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no table"))
    };
    let mut shot = false;
    for _ in 0..20_000 {
        match seen(&app).stage {
            Stage::Turn(0) => {
                if !shot {
                    shot = true;
                    insta::assert_snapshot!("holdem_table_80x24", screen(&mut app, 80, 24));
                    insta::assert_snapshot!(
                        "holdem_table_min",
                        screen(&mut app, MIN_WIDTH, MIN_HEIGHT)
                    );
                    // Open the raise box, pick the pot preset, and cancel.
                    press(&mut app, KeyCode::Char('r'));
                    press(&mut app, KeyCode::Char('p'));
                    let text = screen(&mut app, 80, 24);
                    assert!(text.contains("Raise to ["), "{text}");
                    press(&mut app, KeyCode::Esc);
                    assert!(
                        app.table::<Holdem>().is_some(),
                        "esc closed the box, not the table"
                    );
                    // The computer's reasons name its cards: not mid-hand.
                    press(&mut app, KeyCode::Char('w'));
                    let text = screen(&mut app, 80, 24);
                    assert!(text.contains("once the deal is over"), "{text}");
                }
                press(&mut app, KeyCode::Char('c'));
            }
            Stage::Turn(_) => wait(&mut app),
            _ => break,
        }
    }
    let state = seen(&app).view.state;
    assert_eq!(state.stacks().iter().sum::<u64>(), 6000, "chips conserved");
    let end = screen(&mut app, 80, 24);
    assert!(end.contains("Hand over"), "{end}");
    assert!(
        end.contains(" from the pot") || end.contains(" from side pot"),
        "{end}"
    );
    let running = app
        .table::<Holdem>()
        .map(|t| t.running())
        .unwrap_or_default();
    assert_eq!(running.deals, 1);
    assert_eq!(running.net, state.stacks()[0] as f64 - 1000.0);
    assert_eq!(app.stats().of("holdem").deals, 1);
    // The hand log scrolls back to the blinds and forward again.
    assert!(!end.contains("the small blind"), "{end}");
    for _ in 0..10 {
        press(&mut app, KeyCode::PageUp);
    }
    let back = screen(&mut app, 80, 24);
    assert!(back.contains("the small blind"), "{back}");
    assert!(back.contains("newer (] or pgdn)"), "{back}");
    for _ in 0..10 {
        press(&mut app, KeyCode::Char(']'));
    }
    assert_eq!(screen(&mut app, 80, 24), end);
    // Why the computer played so: each of its moves with its reason.
    assert!(end.contains("w why"), "{end}");
    press(&mut app, KeyCode::Char('w'));
    let why = screen(&mut app, 80, 24);
    assert!(why.contains("(normal): "), "{why}");
    assert!(why.contains(" — "), "{why}");
    press(&mut app, KeyCode::Char('w'));
    assert!(screen(&mut app, 80, 24).contains("no computer move"));
    press(&mut app, KeyCode::Char('n'));
    assert!(screen(&mut app, 80, 24).contains("— Hand 2 · blinds 5/10 —"));
}

#[test]
fn a_holdem_session_left_midway_is_saved_and_resumed() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    let before = save(&app);
    let view = app.table::<Holdem>().map(|t| t.seen().view);
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y')); // leave mid-hand all the same
    let mut again = App::with_store(Store::at(dir.path()), false, false);
    let menu = screen(&mut again, 80, 24);
    assert!(
        menu.contains("Resume Texas Hold'em  6 players, 0 hands, you +0"),
        "{menu}"
    );
    press(&mut again, KeyCode::Enter);
    assert_eq!(save(&again), before, "the same session, generator included");
    assert_eq!(
        again.table::<Holdem>().map(|t| t.seen().view),
        view,
        "the same hand, mid-play"
    );
}

fn click(app: &mut App, column: u16, row: u16) {
    use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    app.handle(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }));
}

/// The cell where `needle` first appears on `row` of the drawn screen.
fn column_of(text: &str, row: usize, needle: &str) -> Option<u16> {
    let line = text.lines().nth(row)?;
    let byte = line.find(needle)?;
    u16::try_from(line[..byte].chars().count()).ok()
}

/// Clicks the hint-bar entry starting with `entry` (e.g. "p pass").
fn click_hint(app: &mut App, entry: &str) {
    let text = screen(app, 80, 24);
    let col = column_of(&text, 23, entry).unwrap_or_else(|| panic!("no {entry:?} in\n{text}"));
    click(app, col, 23);
}

#[test]
fn hint_bar_entries_are_clickable() {
    let mut app = new_app();
    click_hint(&mut app, "? help");
    assert!(app.help_shown());
    click(&mut app, 40, 10);
    assert!(!app.help_shown(), "a click closes the overlay");
    // The gap between entries does nothing.
    let text = screen(&mut app, 80, 24);
    let col = column_of(&text, 23, "? help").unwrap_or_else(|| panic!("{text}"));
    click(&mut app, col + 6, 23);
    assert!(!app.help_shown());
    assert_eq!(app.title(), "Main menu");
}

#[test]
fn a_honeymoon_deal_played_with_the_mouse() {
    use cardgames::cards::Suit;
    use cardgames::honeymoon::{Action, Call, Phase, Strain};
    let mut app = quick_app(None, 21);
    honeymoon_setup(&mut app);
    press(&mut app, KeyCode::Enter);
    let mut played = 0;
    let mut bids = 0;
    let auction = |app: &App| {
        app.table::<Honeymoon>()
            .map(|h| h.seen().view.auction.len())
    };
    for _ in 0..20_000 {
        let Some(h) = app.table::<Honeymoon>() else {
            panic!("left the screen")
        };
        let seen = h.seen();
        match (seen.view.phase, seen.stage) {
            (Phase::Over, _) => break,
            (Phase::Bidding, Stage::Turn(1)) => {
                let bid = seen.legal.iter().find_map(|a| match a {
                    Action::Call(Call::Bid(b)) => Some(*b),
                    _ => None,
                });
                match bid {
                    // One bid (the lowest legal), then passes.
                    Some(b) if bids == 0 => {
                        // The bidding box: level rows under the auction line,
                        // strain cells four columns apart after "  N ".
                        let text = screen(&mut app, 80, 24);
                        let row = text
                            .lines()
                            .position(|l| l.starts_with(&format!("   {} ", b.level)))
                            .unwrap_or_else(|| panic!("no level {} row\n{text}", b.level));
                        let strain = Strain::ALL
                            .iter()
                            .position(|&s| s == b.strain)
                            .unwrap_or_default();
                        let col = 5 + 4 * strain as u16;
                        let before = auction(&app);
                        // A click on another legal bid only highlights it.
                        let higher = row as u16 + 1;
                        click(&mut app, col, higher);
                        assert_eq!(auction(&app), before, "the first click only highlights");
                        // The cursor started on the lowest legal bid: back to it.
                        click(&mut app, col, row as u16);
                        assert_eq!(auction(&app), before, "the first click only highlights");
                        click(&mut app, col, row as u16);
                        assert_eq!(auction(&app), before.map(|n| n + 1), "{b:?} was bid");
                        bids += 1;
                    }
                    _ => click_hint(&mut app, "p pass"),
                }
            }
            (Phase::Exchange | Phase::Play, Stage::Turn(1)) => {
                let Some(card) = seen.legal.iter().find_map(|a| match a {
                    Action::Play(c) => Some(*c),
                    _ => None,
                }) else {
                    panic!("no card to play")
                };
                let text = screen(&mut app, 80, 24);
                let hand = text
                    .lines()
                    .position(|l| l.contains("Your hand"))
                    .unwrap_or_else(|| panic!("{text}"));
                let suit = Suit::PBN_ORDER
                    .iter()
                    .position(|&s| s == card.suit())
                    .unwrap_or_default();
                let row = hand + 1 + suit;
                // Ranks are drawn after the suit symbol, a space apart.
                let needle = format!(" {} ", card.rank().letter());
                let col = column_of(&text, row, &needle)
                    .map(|c| c + 1)
                    .unwrap_or_else(|| panic!("{card} not on row {row}\n{text}"));
                click(&mut app, col, row as u16);
                let now = app.table::<Honeymoon>().map(|h| h.seen().view);
                let Some(now) = now else {
                    panic!("left the screen")
                };
                assert!(!now.hand.contains(card), "clicking {card} played it");
                played += 1;
            }
            _ => wait(&mut app),
        }
    }
    assert!(bids >= 1 && played >= 13, "bids {bids}, cards {played}");
    let end = screen(&mut app, 80, 24);
    assert!(end.contains("Deal scored"), "{end}");
}

#[test]
fn a_holdem_tournament_title_says_when_the_blinds_rise() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    for _ in 0..3 {
        press(&mut app, KeyCode::Down); // to Format
    }
    for _ in 0..6 {
        if screen(&mut app, 80, 24).contains("tournament") {
            break;
        }
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Enter); // sit down
    for _ in 0..20_000 {
        let Some(t) = app.table::<Holdem>() else {
            panic!("no table")
        };
        match t.seen().stage {
            Stage::Turn(0) => break,
            _ => wait(&mut app),
        }
    }
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("hand 1 · next level in 10 ·"), "{text}");
    assert!(text.contains("bb/100)"), "the title fits: {text}");
    insta::assert_snapshot!("holdem_tournament_80x24", text);
}

/// Waits at the Hold'em table until it is your turn.
fn until_my_turn(app: &mut App) {
    for _ in 0..20_000 {
        let Some(t) = app.table::<Holdem>() else {
            panic!("no table")
        };
        if t.seen().stage == Stage::Turn(0) {
            return;
        }
        wait(app);
    }
    panic!("never my turn");
}

#[test]
fn all_in_is_asked_about_when_the_setting_says_so() {
    let settings = Settings {
        bot_delay_ms: 0,
        confirm_all_in: true,
        ..Settings::default()
    };
    let mut app = App::new(settings, false, None).with_seed(8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    until_my_turn(&mut app);
    press(&mut app, KeyCode::Char('a'));
    let asked = screen(&mut app, 80, 24);
    assert!(
        asked.contains("Go all in for 1000? a: all in · n: no"),
        "{asked}"
    );
    press(&mut app, KeyCode::Char('n'));
    let kept = screen(&mut app, 80, 24);
    assert!(!kept.contains("Go all in"), "{kept}");
    let all_in = |app: &App| {
        app.table::<Holdem>().is_some_and(|t| {
            t.log().iter().any(|n| {
                let line = n.ascii(Some(0), &t.seen().names);
                line.starts_with("You ") && line.ends_with("(all in)")
            })
        })
    };
    assert!(!all_in(&app), "n kept the hand as it was");
    // The whole stack typed in the raise box is asked about too.
    press(&mut app, KeyCode::Char('r'));
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Enter);
    let asked = screen(&mut app, 80, 24);
    assert!(asked.contains("Go all in for 1000?"), "{asked}");
    assert!(!all_in(&app), "not before the answer");
    press(&mut app, KeyCode::Char('n'));
    assert!(!all_in(&app), "n kept the hand as it was");
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Char('a'));
    assert!(all_in(&app), "a twice goes all in");
}

#[test]
fn leaving_mid_hand_is_asked_about() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    until_my_turn(&mut app);
    press(&mut app, KeyCode::Esc);
    let asked = screen(&mut app, 80, 24);
    assert!(asked.contains("Leave in the middle of a hand?"), "{asked}");
    press(&mut app, KeyCode::Char('n'));
    assert!(app.table::<Holdem>().is_some(), "n stays");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    assert!(app.table::<Holdem>().is_none(), "esc twice leaves");
    // Without the setting, esc leaves at once.
    let settings = Settings {
        bot_delay_ms: 0,
        confirm_leave: false,
        ..Settings::default()
    };
    let mut app = App::new(settings, false, None).with_seed(8);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    until_my_turn(&mut app);
    press(&mut app, KeyCode::Esc);
    assert!(app.table::<Holdem>().is_none(), "esc leaves");
}

/// A quick app saving into `dir`, seated at a six-seat Hold'em table
/// dealt from `seed`.
fn seated_at_holdem(dir: &std::path::Path, seed: u64) -> App {
    let mut app = quick_app(Some(dir), seed);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    app
}

/// Plays at the Hold'em table, calling whenever it is your turn, until
/// `hands` hands are over.
fn call_through(app: &mut App, hands: u64) {
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

#[test]
fn the_holdem_log_grows_with_the_terminal() {
    let mut app = quick_app(None, 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    press(&mut app, KeyCode::Enter); // sit down
    until_my_turn(&mut app);
    let short = screen(&mut app, 80, 24);
    assert!(!short.contains("posts the small blind"), "{short}");
    let tall = screen(&mut app, 80, 40);
    for line in [
        "Seed 8",
        "posts the small blind",
        "posts the big blind",
        "Board",
    ] {
        assert!(tall.contains(line), "{line}: {tall}");
    }
    // The table keeps its rows: drawn as at 80×24, the log below.
    let top = |s: &str| s.lines().take(17).collect::<Vec<_>>().join("\n");
    assert_eq!(top(&tall), top(&short), "{tall}");
}

#[test]
fn leaving_the_holdem_table_sums_up_the_session() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    call_through(&mut app, 3);
    let stacks = app
        .table::<Holdem>()
        .map(|t| t.seen().view.state.stacks()[0])
        .unwrap_or_default();
    press(&mut app, KeyCode::Char('q'));
    assert!(app.table::<Holdem>().is_none(), "left the table");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Hands played     3"), "{text}");
    let net = stacks as i64 - 1000;
    assert!(
        text.contains(&format!("Result           {net:+} chips (")),
        "{text}"
    );
    assert!(text.contains("Showdowns        won "), "{text}");
    insta::assert_snapshot!("holdem_farewell_80x24", text);
    insta::assert_snapshot!(
        "holdem_farewell_min",
        screen(&mut app, MIN_WIDTH, MIN_HEIGHT)
    );
    // The session was kept on leaving, before the summary is dismissed.
    let mut again = App::with_store(Store::at(dir.path()), false, false);
    assert!(
        screen(&mut again, 80, 24).contains("Resume Texas Hold'em  6 players, 3 hands"),
        "saved on leaving"
    );
    press(&mut app, KeyCode::Char(' '));
    let menu = screen(&mut app, 80, 24);
    assert!(menu.contains("Resume Texas Hold'em"), "{menu}");
    // Leaving before a hand ended since sitting down goes straight to
    // the menu.
    press(&mut app, KeyCode::Enter); // Resume
    assert!(app.table::<Holdem>().is_some(), "resumed");
    press(&mut app, KeyCode::Char('q'));
    assert!(screen(&mut app, 80, 24).contains("Resume Texas Hold'em"));
}

#[test]
fn statistics_are_shown_in_full_and_reset_when_confirmed() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    call_through(&mut app, 2);
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('x')); // past the session's summary
    // Resume, four games, Play online, Hand replayer, Endgame solver,
    // then Statistics, just before Settings.
    for _ in 0..8 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.title(), "Statistics");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("2 hands · won "), "{text}");
    assert!(text.contains(" bb/100"), "{text}");
    assert!(text.contains("Dice of Doom\n   not played yet"), "{text}");
    insta::assert_snapshot!("statistics_80x24", text);
    insta::assert_snapshot!("statistics_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    press(&mut app, KeyCode::Char('r'));
    let asked = screen(&mut app, 80, 24);
    assert!(
        asked.contains("Reset every game's statistics? y: reset"),
        "{asked}"
    );
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.stats().of("holdem").deals, 2, "n keeps them");
    assert!(screen(&mut app, 80, 24).contains("2 hands"));
    press(&mut app, KeyCode::Char('r'));
    press(&mut app, KeyCode::Char('y'));
    assert!(!screen(&mut app, 80, 24).contains("2 hands"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.title(), "Main menu");
    assert_eq!(app.stats().of("holdem").deals, 0, "reset");
    let mut again = App::with_store(Store::at(dir.path()), false, false);
    assert_eq!(again.stats().of("holdem").deals, 0, "reset on disk");
    let menu = screen(&mut again, 80, 24);
    assert!(!menu.contains("· 2 hands"), "{menu}");
}

/// The Hold'em session as it would be saved.
fn save(app: &App) -> serde_json::Value {
    app.table::<Holdem>()
        .and_then(|t| t.save())
        .unwrap_or_default()
}

/// What the Hold'em computer players have learned, as a save holds it.
fn reads(app: &App) -> serde_json::Value {
    save(app)["memories"].clone()
}

#[test]
fn holdem_bots_keep_their_reads_across_a_save() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = quick_app(Some(dir.path()), 8);
    press(&mut app, KeyCode::Enter); // Texas Hold'em
    for _ in 0..6 {
        press(&mut app, KeyCode::Down); // to Computer
    }
    press(&mut app, KeyCode::Right); // hard: the level that reads
    assert!(screen(&mut app, 80, 24).contains("‹ hard ›"));
    press(&mut app, KeyCode::Enter); // sit down
    call_through(&mut app, 3);
    let before = reads(&app);
    let seats = before
        .as_array()
        .map_or(0, |r| r.iter().filter(|m| !m.is_null()).count());
    assert_eq!(seats, 5, "every computer player has reads: {before}");
    // Seat 1 keeps you as the player five seats to its left.
    let you = &before[1]["seen"][5];
    assert_eq!(you["hands"].as_u64(), Some(3), "seat 1 watched you: {you}");
    press(&mut app, KeyCode::Char('q'));
    let mut again = App::with_store(Store::at(dir.path()), false, false);
    press(&mut again, KeyCode::Enter); // Resume
    assert_eq!(reads(&again), before);
}

#[test]
fn a_holdem_session_left_while_a_bot_thinks_plays_on_as_if_never_left() {
    let dirs = [(); 2].map(|()| tempfile::tempdir().unwrap_or_else(|e| panic!("{e}")));
    let [mut kept, mut left] = [0, 1].map(|i| {
        let mut app = seated_at_holdem(dirs[i].path(), 9);
        call_through(&mut app, 2);
        // Deal the third hand and let a computer player begin to think.
        press(&mut app, KeyCode::Char('n'));
        loop {
            match app.table::<Holdem>().map(|t| t.seen().stage) {
                Some(Stage::Turn(0)) => press(&mut app, KeyCode::Char('c')),
                Some(Stage::Turn(_)) => break,
                _ => panic!("the hand ended at once"),
            }
        }
        app.tick();
        app
    });
    press(&mut left, KeyCode::Char('q'));
    press(&mut left, KeyCode::Char('y')); // leave mid-hand all the same
    let quick = Settings {
        bot_delay_ms: 0,
        ..Settings::default()
    };
    let store = Store::at(dirs[1].path());
    cardgames::store::save(&store.config_path("settings"), "settings", &quick)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut resumed = App::with_store(store, false, false);
    press(&mut resumed, KeyCode::Enter); // Resume
    for app in [&mut kept, &mut resumed] {
        call_through(app, 5);
    }
    assert_eq!(
        save(&resumed),
        save(&kept),
        "the same hands, the same bets, the bots' reads and generator"
    );
    let running = |app: &App| app.table::<Holdem>().map(|t| t.running());
    assert_eq!(running(&resumed), running(&kept), "and your results");
}

#[test]
fn the_hud_shows_each_opponents_numbers_over_the_hands_seen() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    call_through(&mut app, 5);
    let log = screen(&mut app, 80, 24);
    assert!(!log.contains("HUD:"), "{log}");
    press(&mut app, KeyCode::Char('h'));
    let hud = screen(&mut app, 80, 24);
    assert!(hud.contains("HUD: 5 hands at this table"), "{hud}");
    for name in ["Ada", "Ben", "Cleo", "Dev", "Eli"] {
        let line = hud
            .lines()
            .find(|l| l.trim_start().starts_with(name) && l.contains("VPIP"))
            .unwrap_or_else(|| panic!("no HUD line for {name}:\n{hud}"));
        assert!(
            line.contains(&format!("{name} ")) && line.contains(" 5h VPIP "),
            "{line}"
        );
    }
    assert!(
        !hud.lines()
            .any(|l| l.trim_start().starts_with("You") && l.contains("VPIP")),
        "{hud}"
    );
    press(&mut app, KeyCode::Char('h'));
    let back = screen(&mut app, 80, 24);
    assert!(!back.contains("HUD:"), "{back}");
}

/// Opens the hand replayer from the menu.
fn to_the_replayer(app: &mut App) {
    let menu = screen(app, 80, 24);
    let row = |needle: &str| {
        menu.lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no {needle} in the menu:\n{menu}"))
    };
    for _ in row("▶")..row("Hand replayer") {
        press(app, KeyCode::Down);
    }
    press(app, KeyCode::Enter);
}

#[test]
fn the_replayer_steps_through_a_hand_played_at_the_table() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = seated_at_holdem(dir.path(), 8);
    call_through(&mut app, 2);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc); // past the session's summary
    to_the_replayer(&mut app);
    let list = screen(&mut app, 80, 24);
    assert!(list.contains("Hands: your hands"), "{list}");
    let newest = list.find("hand 2").unwrap_or_else(|| panic!("{list}"));
    assert!(
        newest < list.find("hand 1").unwrap_or(0),
        "newest first:\n{list}"
    );
    press(&mut app, KeyCode::Enter);
    let first = screen(&mut app, 80, 24);
    insta::assert_snapshot!("replayer_hand_80x24", first);
    assert!(first.contains("hand 2 · preflop · moment 1 of"), "{first}");
    // Every hole card is known: everyone's equity, adding up to the pot.
    let equity = first
        .lines()
        .find(|l| l.starts_with(" Equity:"))
        .unwrap_or_else(|| panic!("{first}"));
    let shares: f64 = equity
        .split(['·', ' '])
        .filter_map(|w| w.strip_suffix('%'))
        .filter_map(|x| x.parse::<f64>().ok())
        .sum();
    assert!((shares - 100.0).abs() < 0.5, "{equity}");
    // Only the cards seen: yours, none of theirs, so no equity.
    press(&mut app, KeyCode::Char('v'));
    let seen = screen(&mut app, 80, 24);
    assert!(seen.contains("cards as seen"), "{seen}");
    assert!(
        seen.contains("needs the cards of everyone still in"),
        "{seen}"
    );
    press(&mut app, KeyCode::Char('v'));
    press(&mut app, KeyCode::Right);
    assert!(screen(&mut app, 80, 24).contains("moment 2 of"));
    press(&mut app, KeyCode::Left);
    assert!(screen(&mut app, 80, 24).contains("moment 1 of"));
    press(&mut app, KeyCode::Char('G'));
    let end = screen(&mut app, 80, 24);
    assert!(end.contains("hand over"), "{end}");
    assert!(end.contains(" win "), "the log tells the end:\n{end}");
    insta::assert_snapshot!("replayer_hand_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    // The hand below in the list, newest first, is the one before.
    press(&mut app, KeyCode::Char(']'));
    assert!(screen(&mut app, 80, 24).contains("hand 1 · preflop · moment 1 of"));
    press(&mut app, KeyCode::Char('['));
    assert!(screen(&mut app, 80, 24).contains("hand 2 · preflop"));
    press(&mut app, KeyCode::Esc);
    assert!(screen(&mut app, 80, 24).contains("Hands: your hands"));
}

#[test]
fn the_replayer_opens_a_file_and_says_what_it_cannot_read() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("two.phhs");
    let hand = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\nstarting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 100', 'p1 cc', 'd db 2c7d9h', 'd db Js', 'd db 4c']\nplayers = ['Ann', 'Bob']\n";
    std::fs::write(&file, format!("[1]\n{hand}\n[2]\nvariant = 'FT'\n"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut app = quick_app(None, 1);
    to_the_replayer(&mut app);
    assert!(screen(&mut app, 80, 24).contains("No hands here yet"));
    press(&mut app, KeyCode::Char('o'));
    for c in file.display().to_string().chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    let list = screen(&mut app, 80, 24);
    assert!(list.contains("two.phhs 1"), "{list}");
    assert!(list.contains("cannot be replayed: variant 'FT'"), "{list}");
    press(&mut app, KeyCode::Enter);
    let start = screen(&mut app, 80, 24);
    assert!(start.contains("Ann") && start.contains("Bob"), "{start}");
    // All in before the flop: aces against kings on every board to come.
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let all_in = screen(&mut app, 80, 24);
    assert!(all_in.contains("Equity: Ann 82.6% · Bob 17.4%"), "{all_in}");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('o'));
    for c in "/no/such/place".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    let refused = screen(&mut app, 80, 24);
    assert!(refused.contains("/no/such/place"), "{refused}");
    assert!(
        refused.contains("two.phhs 1"),
        "the list is kept:\n{refused}"
    );
}

#[test]
fn the_winner_of_an_uncontested_pot_may_show_the_cards() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = seated_at_holdem(dir.path(), 8);
    let mine = |app: &App| {
        let Some(t) = app.table::<Holdem>() else {
            panic!("left the table")
        };
        t.seen()
    };
    for _ in 0..100_000 {
        let seen = mine(&app);
        match seen.stage {
            Stage::DealOver if seen.view.state.won_unseen(0) => break,
            Stage::DealOver => {
                let text = screen(&mut app, 80, 24);
                assert!(!text.contains("s: show"), "{text}");
                press(&mut app, KeyCode::Char('n'));
            }
            // Raise the minimum whenever it is our turn: sooner or later
            // everyone folds to it.
            Stage::Turn(0) => {
                press(&mut app, KeyCode::Char('r'));
                press(&mut app, KeyCode::Enter);
                if mine(&app).stage == Stage::Turn(0) {
                    press(&mut app, KeyCode::Char('c'));
                }
            }
            Stage::Turn(_) => wait(&mut app),
            Stage::Over => panic!("the table ended"),
        }
    }
    let won = screen(&mut app, 80, 24);
    assert!(
        won.contains("You win without a showdown. s: show your cards · n: next hand"),
        "{won}"
    );
    let hole = mine(&app).view.state.hole(0).expect("my cards");
    let shows = |app: &App| {
        app.table::<Holdem>().map_or(0, |t| {
            t.log()
                .iter()
                .filter(|n| n.ascii(Some(0), &t.seen().names).starts_with("You show"))
                .count()
        })
    };
    let before = shows(&app);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(shows(&app), before + 1, "s showed the cards");
    let seen = mine(&app);
    assert!(seen.view.state.shown(0));
    assert_eq!(seen.view.state.hole(0), Some(hole));
    let after = screen(&mut app, 80, 24);
    assert!(after.contains("Hand over: n: next hand"), "{after}");
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(shows(&app), before + 1, "a second s does nothing");
    press(&mut app, KeyCode::Char('n'));
    assert!(matches!(mine(&app).stage, Stage::Turn(_)), "the next hand");
}

/// Plays a honeymoon match of four deals (passing, leading the cursor's
/// card) until it is over, from the menu of `app`.
fn play_a_four_deal_match(app: &mut App) {
    use cardgames::honeymoon::Phase;
    honeymoon_setup(app);
    for _ in 0..4 {
        press(app, KeyCode::Down);
    }
    press(app, KeyCode::Right);
    assert!(screen(app, 80, 24).contains("Match                  ‹ 4 deals ›"));
    press(app, KeyCode::Enter);
    for _ in 0..200_000 {
        let Some(h) = app.table::<Honeymoon>() else {
            panic!("left the screen")
        };
        let seen = h.seen();
        match (seen.view.phase, seen.stage) {
            _ if seen.view.match_over => break,
            (Phase::Bidding, Stage::Turn(1)) => press(app, KeyCode::Char('p')),
            (_, Stage::Turn(1)) => press(app, KeyCode::Enter),
            (_, Stage::DealOver) => press(app, KeyCode::Char('n')),
            _ => wait(app),
        }
    }
}

#[test]
fn a_honeymoon_match_of_four_deals_ends_on_the_match_over_screen() {
    use cardgames::honeymoon::{MatchLength, Phase};
    let mut app = quick_app(None, 4);
    play_a_four_deal_match(&mut app);
    let view = app
        .table::<Honeymoon>()
        .map(|h| h.seen().view)
        .unwrap_or_else(|| panic!("screen"));
    assert!(view.match_over, "the match ended");
    assert_eq!(view.options.length, MatchLength::Deals(4));
    assert_eq!(view.deals.len(), 4);
    let end = screen(&mut app, 80, 24);
    assert!(end.contains("Match over (4 deals)"), "{end}");
    assert!(end.contains("The computer wins, 810 to 0"), "{end}");
    assert!(end.contains("n: new match · q: menu"), "{end}");
    insta::assert_snapshot!("honeymoon_match_over", end);
    insta::assert_snapshot!(
        "honeymoon_match_over_min",
        screen(&mut app, MIN_WIDTH, MIN_HEIGHT)
    );
    press(&mut app, KeyCode::Char('?'));
    let help = screen(&mut app, 80, 24);
    assert!(
        help.contains("Start a new match: this one is over"),
        "{help}"
    );
    press(&mut app, KeyCode::Esc);
    // No card or call behind the match-over screen: n starts a new match.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('p'));
    press(&mut app, KeyCode::Char('n'));
    let view = app
        .table::<Honeymoon>()
        .map(|h| h.seen().view)
        .unwrap_or_else(|| panic!("screen"));
    assert!(!view.match_over);
    assert!(view.deals.is_empty(), "a new match");
    assert_eq!(view.totals, [0, 0]);
    assert_eq!(view.phase, Phase::Bidding);
    press(&mut app, KeyCode::Char('q'));
    assert!(screen(&mut app, 80, 24).contains("Main menu"));
}

/// A match played to its length is not offered to resume; a match left
/// before its end is.
#[test]
fn a_finished_honeymoon_match_is_not_kept_to_resume() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let saved = dir.path().join("saved-honeymoon.json");
    let mut app = quick_app(Some(dir.path()), 4);
    play_a_four_deal_match(&mut app);
    press(&mut app, KeyCode::Char('q'));
    let menu = screen(&mut app, 80, 24);
    assert!(menu.contains("Main menu"), "{menu}");
    assert!(!menu.contains("Resume Honeymoon bridge"), "{menu}");
    assert!(!saved.exists());
    let mut app = quick_app(Some(dir.path()), 4);
    honeymoon_setup(&mut app);
    press(&mut app, KeyCode::Enter); // the last setup, four deals
    press(&mut app, KeyCode::Char('q'));
    assert!(screen(&mut app, 80, 24).contains("Resume Honeymoon bridge"));
    assert!(saved.exists());
}

/// Opens a Dice of Doom game on the `size`×`size` board (the setup's
/// first field, 5 by default).
fn doom_game(app: &mut App, size: usize) {
    press(app, KeyCode::Down);
    press(app, KeyCode::Enter); // Dice of Doom
    for _ in size..5 {
        press(app, KeyCode::Left);
    }
    for _ in 5..size {
        press(app, KeyCode::Right);
    }
    press(app, KeyCode::Enter);
}

#[test]
fn doom_hexes_are_cells_that_fill_the_screen() {
    let mut app = quick_app(None, 3);
    doom_game(&mut app, 5);
    insta::assert_snapshot!("doom_5x5_80x24", screen(&mut app, 80, 24));
    insta::assert_snapshot!("doom_5x5_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    insta::assert_snapshot!("doom_5x5_160x48", screen(&mut app, 160, 48));
    // The largest board the setup offers falls back to tokens at 80×24.
    let mut big = quick_app(None, 3);
    doom_game(&mut big, 8);
    insta::assert_snapshot!("doom_8x8_80x24", screen(&mut big, 80, 24));
    let settings = Settings {
        bot_delay_ms: 0,
        ascii: true,
        ..Settings::default()
    };
    let mut ascii = App::new(settings, false, None).with_seed(3);
    doom_game(&mut ascii, 5);
    insta::assert_snapshot!("doom_5x5_ascii", screen(&mut ascii, 80, 24));
}

#[test]
fn a_click_anywhere_in_a_doom_cell_picks_its_hex() {
    let mut app = quick_app(None, 3);
    doom_game(&mut app, 5);
    let text = screen(&mut app, 80, 24);
    let cursor = |app: &App| app.table::<Doom>().map_or(99, |t| t.cursor());
    // Hex 11 (a3, an attacker): the third row of cells, the second cell.
    assert_eq!(column_of(&text, 10, "(a3)"), Some(14), "{text}");
    // Its frame's bottom-right corner picks it as the attacker, and the
    // cursor goes to its only target, hex 16 below it.
    click(&mut app, 18, 11);
    assert!(screen(&mut app, 80, 24).contains("From hex 11: pick a target"));
    assert_eq!(cursor(&app), 16);
    // The target's frame, top-left corner: the attack is made.
    click(&mut app, 10, 12);
    let after = app.table::<Doom>().map(|t| t.seen().view.position.board);
    assert_eq!(after.map(|b| b.hex(16).owner), Some(0), "hex 16 taken");
}

#[test]
fn doom_hex_numbers_are_the_cli_move_names_and_toggle_with_hash() {
    use cardgames::doom::rules::Move;
    let mut app = quick_app(None, 3);
    doom_game(&mut app, 5);
    let seen = app
        .table::<Doom>()
        .map(|t| t.seen())
        .unwrap_or_else(|| panic!("no game"));
    // "11->16", as the CLI writes it, is hex 11 (a3) on hex 16 (b1),
    // each drawn in the cell with its number.
    let names: Vec<String> = seen.legal.iter().map(Move::to_string).collect();
    assert!(names.contains(&"11->16".to_string()), "{names:?}");
    let shown = screen(&mut app, 80, 24);
    for (number, cell) in [("┌11──┐", "│(a3)│"), ("┌16──┐", "│ b1 │")] {
        let row = shown.lines().position(|l| l.contains(number));
        let col = row.and_then(|r| column_of(&shown, r, number));
        assert!(col.is_some(), "{number}: {shown}");
        let line = row.and_then(|r| shown.lines().nth(r + 1)).unwrap_or("");
        let at = col.map_or(0, usize::from);
        assert_eq!(
            line.chars().skip(at).take(6).collect::<String>(),
            cell,
            "{number}: {shown}"
        );
    }
    press(&mut app, KeyCode::Char('#'));
    let hidden = screen(&mut app, 80, 24);
    assert!(
        !hidden.contains("┌11──┐") && hidden.contains("┌────┐"),
        "{hidden}"
    );
    press(&mut app, KeyCode::Char('#'));
    assert_eq!(screen(&mut app, 80, 24), shown);
    press(&mut app, KeyCode::Char('?'));
    assert!(screen(&mut app, 80, 24).contains("Show or hide the hexes' numbers"));
}

/// Plays `mv` with keys: the cursor to the attacker, Enter, to the
/// target, Enter (the only target is taken at once).
fn doom_attack(app: &mut App, from: u8, to: u8) {
    for hex in [from, to] {
        cursor_to(app, hex);
        press(app, KeyCode::Enter);
    }
}

#[test]
fn doom_undo_takes_back_your_moves_under_classic_rules_only() {
    use cardgames::doom::rules::Move;
    let mut app = quick_app(None, 3);
    doom_game(&mut app, 5);
    let seen = |app: &App| {
        app.table::<Doom>()
            .map(|t| t.seen())
            .unwrap_or_else(|| panic!("no game"))
    };
    let start = seen(&app).view.position;
    doom_attack(&mut app, 11, 16);
    let attacked = seen(&app).view.position;
    assert_ne!(attacked, start);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(seen(&app).view.position, start, "the attack taken back");
    assert!(screen(&mut app, 80, 24).contains("You take back your last move"));
    // An attack, the pass, the computer's whole turn: u goes back to
    // before the pass, the computer's moves undone with it.
    doom_attack(&mut app, 11, 16);
    press(&mut app, KeyCode::Char('p'));
    for _ in 0..1000 {
        if seen(&app).stage == Stage::Turn(0) {
            break;
        }
        wait(&mut app);
    }
    assert_eq!(seen(&app).stage, Stage::Turn(0));
    assert_ne!(seen(&app).view.position, attacked, "the computer moved");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(seen(&app).view.position, attacked);
    assert!(seen(&app).legal.contains(&Move::Pass));
    // Under chance rules the dice were rolled: refused, said so.
    let mut chance = doom_chance_game(5);
    let Some(&Move::Attack { from, to }) = seen(&chance).legal.iter().find(|m| **m != Move::Pass)
    else {
        panic!("no attack")
    };
    doom_attack(&mut chance, from, to);
    let after = seen(&chance).view.position;
    press(&mut chance, KeyCode::Char('u'));
    assert_eq!(seen(&chance).view.position, after);
    let text = screen(&mut chance, 80, 24);
    assert!(text.contains("no undo under chance rules"), "{text}");
}

#[test]
fn the_setup_form_opens_with_the_last_choices_started() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let value = |text: &str, label: &str| {
        let line = text.lines().find(|l| l.contains(label)).unwrap_or("");
        let inner = line.split('‹').nth(1).and_then(|v| v.split('›').next());
        inner.unwrap_or("").trim().to_string()
    };
    // A fresh app on `dir` (no saved game in the way), in the Doom setup.
    let open = || {
        std::fs::remove_file(dir.path().join("saved-doom.json")).ok();
        let mut app = quick_app(Some(dir.path()), 3);
        press(&mut app, KeyCode::Down);
        press(&mut app, KeyCode::Enter); // Dice of Doom
        app
    };
    let mut app = open();
    assert_eq!(value(&screen(&mut app, 80, 24), "Board"), "5×5");
    press(&mut app, KeyCode::Left); // 4×4
    for _ in 0..3 {
        press(&mut app, KeyCode::Down); // to Rules
    }
    press(&mut app, KeyCode::Right); // chance
    press(&mut app, KeyCode::Down); // Boards
    press(&mut app, KeyCode::Down); // Computer
    assert!(value(&screen(&mut app, 80, 24), "Computer").starts_with("normal"));
    press(&mut app, KeyCode::Right); // hard
    press(&mut app, KeyCode::Enter);
    assert!(screen(&mut app, 80, 24).contains("4×4 chance"));
    let mut again = open();
    let form = screen(&mut again, 80, 24);
    assert_eq!(value(&form, "Board"), "4×4", "{form}");
    assert_eq!(value(&form, "Rules"), "chance (dice rolls)", "{form}");
    assert!(value(&form, "Computer").starts_with("hard"), "{form}");
    // A file kept before the level was (the setup alone): the setup, and
    // the level from the settings.
    let kept = dir.path().join("setup-doom.json");
    let setup_alone =
        serde_json::json!({"size": 4, "players": 2, "max_dice": 3, "rules": "chance"});
    cardgames::store::save(&kept, "setup", &setup_alone).unwrap_or_else(|e| panic!("{e}"));
    let mut older = open();
    let form = screen(&mut older, 80, 24);
    assert_eq!(value(&form, "Board"), "4×4", "{form}");
    assert!(value(&form, "Computer").starts_with("normal"), "{form}");
    assert!(!form.contains("could not be used"), "{form}");
    // A damaged file: the defaults, and a notice says so.
    std::fs::write(&kept, "{ not json").unwrap_or_else(|e| panic!("{e}"));
    let mut damaged = open();
    let form = screen(&mut damaged, 80, 24);
    assert_eq!(value(&form, "Board"), "5×5", "{form}");
    assert!(form.contains("could not be used"), "{form}");
    // A setup the game no longer accepts: the same.
    let bad = serde_json::json!({"size": 99, "players": 2, "max_dice": 3, "rules": "classic"});
    cardgames::store::save(&kept, "setup", &bad).unwrap_or_else(|e| panic!("{e}"));
    let mut invalid = open();
    let form = screen(&mut invalid, 80, 24);
    assert!(form.contains("could not be used"), "{form}");
    press(&mut invalid, KeyCode::Esc); // closes the notice, if boxed
    assert_eq!(value(&screen(&mut invalid, 80, 24), "Board"), "5×5");
}

/// At the smallest screen every option of a setup form is on one row with
/// its value whole: a long label gives way, not the value.
#[test]
fn setup_values_stay_whole_at_the_smallest_screen() {
    let mut app = quick_app(None, 3);
    honeymoon_setup(&mut app);
    let form = screen(&mut app, MIN_WIDTH, MIN_HEIGHT);
    let rows: Vec<&str> = form.lines().filter(|l| l.contains('‹')).collect();
    assert!(rows.len() >= 6, "{form}");
    assert!(rows.iter().all(|r| r.trim_end().ends_with('›')), "{form}");
    assert!(
        form.contains("‹ the last exchange trick's loser ›"),
        "{form}"
    );
}

/// `cardgames join URL` without a name the hall knows opens the join form
/// with that address in it, not the default one.
#[test]
fn joining_without_a_name_keeps_the_address_given() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new(Settings::default(), false, Some(Store::at(dir.path())));
    app.open(cardgames::tui::Start::Hall {
        url: "ws://127.0.0.1:7800".into(),
        name: None,
    });
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("ws://127.0.0.1:7800"), "{text}");
    assert!(!text.contains("7878"), "{text}");
}
