//! Honeymoon bridge on screen: whole deals by keys and by mouse, the
//! endgame solver, the review and the match.

use super::*;

#[test]
fn solver_screen_plays_and_undoes() {
    let mut app = new_app().with_seed(5);
    for _ in 0..6 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter); // Endgame solver is seventh
    assert_eq!(app.title(), "Endgame solver");
    let start = screen(&mut app, 80, 24);
    snapshot!("solver_80x24", start);
    snapshot!("solver_min", screen(&mut app, MIN_WIDTH, MIN_HEIGHT));
    press(&mut app, KeyCode::Enter); // play the highlighted card
    let after = screen(&mut app, 80, 24);
    assert!(after.contains("Trick: North led"), "{after}");
    assert!(after.contains("South to play"), "{after}");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(screen(&mut app, 80, 24), start);
    press(&mut app, KeyCode::Char('e'));
    assert_eq!(app.title(), "Endgame solver · editing");
    snapshot!("solver_edit_80x24", screen(&mut app, 80, 24));
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
            snapshot!(name.clone(), screen(&mut app, 80, 24));
            snapshot!(
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
    snapshot!("honeymoon_review", screen(&mut app, 80, 24));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('m'));
    snapshot!("honeymoon_match", screen(&mut app, 80, 24));
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
    snapshot!("honeymoon_match_over", end);
    snapshot!(
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
