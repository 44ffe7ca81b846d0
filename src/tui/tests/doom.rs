//! Dice of Doom on screen: whole games against the book's AI, the
//! odds, hints, the hexes under the mouse, saves and undo.

use super::*;

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
    snapshot!("doom_setup_80x24", screen(&mut app, 80, 24));
    snapshot!("doom_setup_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    for _ in 0..3 {
        press(&mut app, KeyCode::Left); // 5×5 -> 2×2
    }
    press(&mut app, KeyCode::Enter);
    let start = screen(&mut app, 80, 24);
    assert!(start.contains("Dice of Doom · 2×2 classic"), "{start}");
    snapshot!("doom_2x2_start", start);
    snapshot!("doom_2x2_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    press(&mut app, KeyCode::Char('i'));
    let rules = screen(&mut app, 80, 24);
    assert!(
        rules.contains("Dice of Doom (Land of Lisp)") && rules.contains("Classic rules"),
        "{rules}"
    );
    snapshot!("doom_rules_80x24", rules);
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
    snapshot!("doom_5x5_80x24", screen(&mut app, 80, 24));
    snapshot!("doom_5x5_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    snapshot!("doom_5x5_160x48", screen(&mut app, 160, 48));
    // The largest board the setup offers falls back to tokens at 80×24.
    let mut big = quick_app(None, 3);
    doom_game(&mut big, 8);
    snapshot!("doom_8x8_80x24", screen(&mut big, 80, 24));
    let settings = Settings {
        bot_delay_ms: 0,
        ascii: true,
        ..Settings::default()
    };
    let mut ascii = App::new(settings, false, None).with_seed(3);
    doom_game(&mut ascii, 5);
    snapshot!("doom_5x5_ascii", screen(&mut ascii, 80, 24));
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
