//! The app's own screens: the menu and its help, the settings, the
//! too-small message, statistics, the setup form and the join screen.

use super::*;

#[test]
fn menu_snapshots() {
    let mut app = new_app();
    snapshot!("menu_80x24", screen(&mut app, 80, 24));
    snapshot!("menu_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
}

#[test]
fn too_small_says_so_and_no_key_acts_behind_it() {
    let mut app = new_app();
    let text = screen(&mut app, MIN_WIDTH - 1, MIN_HEIGHT);
    assert!(text.contains("Terminal too small"), "{text}");
    assert!(text.contains(&format!("{}×{}", MIN_WIDTH - 1, MIN_HEIGHT)));
    snapshot!("too_small", screen(&mut app, 40, 10));
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
    snapshot!("menu_help", text);
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
    snapshot!("settings_80x24", screen(&mut app, 80, 24));
    snapshot!("settings_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
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
    snapshot!("statistics_80x24", text);
    snapshot!("statistics_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
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
    app.open(crate::tui::Start::Hall {
        url: "ws://127.0.0.1:7800".into(),
        name: None,
    });
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("ws://127.0.0.1:7800"), "{text}");
    assert!(!text.contains("7878"), "{text}");
}

#[test]
fn a_hall_that_cannot_be_reached_says_so_instead_of_an_empty_lobby() {
    // A port nobody listens on: the connection is refused at once.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new(Settings::default(), false, Some(Store::at(dir.path())));
    app.open(crate::tui::Start::Hall {
        url: format!("ws://127.0.0.1:{port}"),
        name: Some("ann".into()),
    });
    let mut text = screen(&mut app, 80, 24);
    for _ in 0..5_000 {
        if text.contains("cannot reach the hall") {
            break;
        }
        wait(&mut app);
        text = screen(&mut app, 80, 24);
    }
    assert!(text.contains("cannot reach the hall"), "{text}");
    assert!(!text.contains("c creates one"), "{text}");
}
