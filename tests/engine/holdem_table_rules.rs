//! Scripted hands, one per rule of rules/holdem.md, with exact final stacks.

use cardgames::cards::parse_cards;
use cardgames::holdem::action::{
    Action::{self, Call, Check, Fold, RaiseTo},
    ActionError, Blinds, Event, Legal, Street,
};
use cardgames::holdem::pots::Chips;
use cardgames::holdem::table::{Table, stacked_deck};

const BLINDS: Blinds = Blinds { small: 5, big: 10 };

/// A hand with hole cards given from the seat left of the button on, then
/// the board.
fn hand(stacks: &[Chips], button: usize, cards: &str) -> Table {
    let known = parse_cards(cards).expect("test cards");
    Table::new(stacks, button, BLINDS, &stacked_deck(&known))
        .expect("valid hand")
        .0
}

fn play(t: &mut Table, moves: &[(usize, Action)]) -> Vec<Event> {
    let mut all = Vec::new();
    for &(seat, a) in moves {
        let ev = t
            .act(seat, a)
            .unwrap_or_else(|e| panic!("seat {seat} {a:?}: {e}"));
        all.extend(ev);
    }
    all
}

fn final_stacks(t: &Table) -> Vec<Chips> {
    assert_eq!(t.state().street(), Street::Over, "hand not over");
    t.state().stacks().to_vec()
}

#[test]
fn heads_up_button_posts_small_blind_acts_first_preflop_last_after() {
    // Seat 0 is the button: small blind; seat 1 the big blind.
    let mut t = hand(&[1000, 1000], 0, "2c7d 3h8s KhQd5s4c 9d Ts");
    assert_eq!(t.state().street_bets(), &[5, 10]);
    assert_eq!(t.state().to_act(), Some(0));
    play(&mut t, &[(0, Call), (1, Check)]);
    assert_eq!(t.state().street(), Street::Flop);
    assert_eq!(
        t.state().to_act(),
        Some(1),
        "big blind first after the flop"
    );
    play(&mut t, &[(1, Check), (0, RaiseTo(20)), (1, Fold)]);
    assert_eq!(final_stacks(&t), vec![1010, 990]);
}

#[test]
fn min_raise_is_the_last_full_raise() {
    let mut t = hand(&[1000, 1000, 1000], 0, "");
    // Under the gun (the button, three-handed) raises to 30: +20.
    play(&mut t, &[(0, RaiseTo(30))]);
    let before = t.clone();
    assert_eq!(
        t.act(1, RaiseTo(49)),
        Err(ActionError::BelowMinimum {
            amount: 49,
            min: 50
        })
    );
    assert_eq!(t, before, "a refused action changes nothing");
    assert_eq!(
        t.act(2, Call),
        Err(ActionError::NotYourTurn { seat: 2, to_act: 1 })
    );
    assert_eq!(
        t.act(1, Check),
        Err(ActionError::CannotCheck { to_call: 25 })
    );
    assert_eq!(
        t.act(1, RaiseTo(1001)),
        Err(ActionError::AboveStack {
            amount: 1001,
            max: 1000
        })
    );
    assert_eq!(t, before);
    play(&mut t, &[(1, RaiseTo(80))]);
    // The last raise was +50: the next must be to 130 at least.
    assert_eq!(
        t.state().legal(),
        Some(Legal {
            to_call: 70,
            raise: Some((130, 1000))
        })
    );
    play(&mut t, &[(2, Fold), (0, Fold)]);
    assert_eq!(final_stacks(&t), vec![970, 1040, 990]);
}

#[test]
fn short_all_in_does_not_reopen_and_losers_muck() {
    // Button 0, small blind 1, big blind 2 (45 chips).
    // p1 = seat 1: 7c2d, p2 = seat 2: AhAd, p3 = seat 0: 9c9d.
    let mut t = hand(&[1000, 1000, 45], 0, "7c2d AhAd 9c9d Ks8h3d 4s Jc");
    play(&mut t, &[(0, RaiseTo(30)), (1, Call), (2, RaiseTo(45))]);
    // +15 is short of the +20 raise: seat 0 already acted, may only call.
    assert_eq!(
        t.state().legal(),
        Some(Legal {
            to_call: 15,
            raise: None
        })
    );
    assert_eq!(t.act(0, RaiseTo(65)), Err(ActionError::RaiseNotAllowed));
    play(&mut t, &[(0, Call)]);
    assert_eq!(
        t.state().legal(),
        Some(Legal {
            to_call: 15,
            raise: None
        })
    );
    let ev = play(
        &mut t,
        &[
            (1, Call),
            (1, Check),
            (0, Check),
            (1, Check),
            (0, Check),
            (1, Check),
            (0, Check),
        ],
    );
    // Seat 2 made the last raise and shows first; the others, clockwise
    // from there, cannot beat the aces and muck.
    let shows: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::Showed { .. } | Event::Mucked { .. }))
        .collect();
    assert_eq!(shows.len(), 3);
    assert!(matches!(shows[0], Event::Showed { seat: 2, .. }));
    assert_eq!(shows[1], &Event::Mucked { seat: 0 });
    assert_eq!(shows[2], &Event::Mucked { seat: 1 });
    assert_eq!(final_stacks(&t), vec![955, 955, 135]);
}

#[test]
fn two_short_all_ins_that_add_up_to_a_full_raise_reopen() {
    // Button 0; seat 1 (160) small blind, seat 2 (230) big blind, seat 3 under the gun.
    // Deal order: seat 1, seat 2, seat 3, seat 0.
    let mut t = hand(
        &[1000, 160, 230, 1000],
        0,
        "7c2d 8h3s AhAd 9c4d Ks9d6h 5s Jc",
    );
    play(&mut t, &[(3, Call), (0, Call), (1, Call), (2, Check)]);
    play(
        &mut t,
        &[
            (1, Check),
            (2, Check),
            (3, RaiseTo(100)),
            (0, Call),
            (1, RaiseTo(150)),
        ],
    );
    // One short all-in (+50 of 100): seat 2 has not acted since the bet, may raise.
    play(&mut t, &[(2, RaiseTo(220))]);
    // +50 and +70: 120 over seat 3's bet, a full raise: the betting reopens.
    assert_eq!(
        t.state().legal(),
        Some(Legal {
            to_call: 120,
            raise: Some((320, 990))
        })
    );
    let ev = play(&mut t, &[(3, Call), (0, Fold)]);
    // Everyone else is all in: the turn and river come one at a time.
    let streets: Vec<Street> = ev
        .iter()
        .filter_map(|e| match e {
            Event::StreetDealt { street, .. } => Some(*street),
            _ => None,
        })
        .collect();
    assert_eq!(streets, vec![Street::Turn, Street::River]);
    assert_eq!(final_stacks(&t), vec![890, 0, 0, 1500]);
}

#[test]
fn three_level_side_pots() {
    // Button 0 (1000), seat 1 (50) small blind, seat 2 (120) big blind,
    // seat 3 (300) under the gun. Best to worst: seat 1, 2, 3, 0.
    let mut t = hand(&[1000, 50, 120, 300], 0, "AhAd KhKd QhQd 7c2d Ts8c3d 5s 2h");
    play(
        &mut t,
        &[(3, RaiseTo(300)), (0, Call), (1, Call), (2, Call)],
    );
    assert_eq!(final_stacks(&t), vec![700, 200, 210, 360]);
}

#[test]
fn odd_chip_goes_left_of_the_button_when_the_board_plays() {
    // The board is a royal flush: everyone ties.
    let mut t = hand(&[1000, 1000, 1000], 0, "2c3d 2d3c 4c5d TsJsQsKsAs");
    play(&mut t, &[(0, Call), (1, Fold), (2, Check)]);
    for _ in 0..3 {
        play(&mut t, &[(2, Check), (0, Check)]);
    }
    // Pot 25 split 13/12: seat 2 is the first winner left of the button.
    assert_eq!(final_stacks(&t), vec![1002, 995, 1003]);
}

#[test]
fn uncalled_bet_goes_back() {
    // Heads-up: seat 0 button (1000), seat 1 (300) holds the better hand.
    let mut t = hand(&[1000, 300], 0, "AhAd 7c2d Ks8c3d 5s Jc");
    let ev = play(&mut t, &[(0, RaiseTo(1000)), (1, Call)]);
    assert!(ev.contains(&Event::UncalledReturned {
        seat: 0,
        amount: 700
    }));
    // All in: both hands are shown.
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Showed { .. }))
            .count(),
        2
    );
    assert_eq!(final_stacks(&t), vec![700, 600]);
}

#[test]
fn a_player_all_in_shows_even_against_two_players_with_chips() {
    // Button 0 holds aces, seat 1 kings, seat 2 (100 chips) 7-2 and goes
    // all in from the big blind; the other two play on with chips.
    let mut t = hand(&[1000, 1000, 100], 0, "KsKc 7c2d AhAd 3d4s9h Jc Qd");
    play(
        &mut t,
        &[
            (0, Call),
            (1, Call),
            (2, RaiseTo(100)),
            (0, Call),
            (1, Call),
        ],
    );
    play(&mut t, &[(1, Check), (0, RaiseTo(50)), (1, Call)]);
    play(&mut t, &[(1, Check), (0, Check)]);
    let ev = play(&mut t, &[(1, Check), (0, Check)]);
    // Seat 0 bet last and shows first; seat 1 cannot win and mucks; seat
    // 2 cannot win either but is all in: the cards are shown.
    let shows: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::Showed { .. } | Event::Mucked { .. }))
        .collect();
    assert_eq!(shows.len(), 3, "{shows:?}");
    assert!(matches!(shows[0], Event::Showed { seat: 0, .. }));
    assert_eq!(shows[1], &Event::Mucked { seat: 1 });
    assert!(matches!(shows[2], Event::Showed { seat: 2, .. }));
    assert_eq!(final_stacks(&t), vec![1000 + 200 + 50, 850, 0]);
}

#[test]
fn wheel_beats_trips_and_the_last_aggressor_shows_first() {
    // Seat 1 (big blind) KdKc, seat 0 (button) Ah2c: the wheel.
    let mut t = hand(&[1000, 1000], 0, "KdKc Ah2c 3d4s5h Ks 9c");
    play(&mut t, &[(0, Call), (1, Check)]);
    play(
        &mut t,
        &[(1, Check), (0, Check), (1, RaiseTo(20)), (0, Call)],
    );
    // Seat 1 bet the turn; nobody bets the river: seat 1 still shows first.
    let ev = play(&mut t, &[(1, Check), (0, Check)]);
    let shows: Vec<usize> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Showed { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(shows, vec![1, 0]);
    assert_eq!(final_stacks(&t), vec![1030, 970]);
}

#[test]
fn call_all_in_for_less_and_no_raise_against_all_ins() {
    // Seat 1 (button, 2000) shoves; seat 0 (big blind, 50) can only call.
    let mut t = hand(&[50, 2000], 1, "AhAd 7c2d Ks8c3d 5s Jc");
    play(&mut t, &[(1, RaiseTo(2000))]);
    assert_eq!(
        t.state().legal(),
        Some(Legal {
            to_call: 40,
            raise: None
        })
    );
    play(&mut t, &[(0, Call)]);
    assert_eq!(final_stacks(&t), vec![100, 1950]);
}

#[test]
fn blinds_all_in_run_straight_out() {
    let (t, ev) = Table::new(
        &[5, 10],
        0,
        BLINDS,
        &stacked_deck(&parse_cards("AhAd 7c2d Ks8c3d 5s Jc").expect("cards")),
    )
    .expect("valid");
    assert_eq!(t.state().street(), Street::Over);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::StreetDealt {
            street: Street::River,
            ..
        }
    )));
    // Seat 1 (left of the button) holds the aces.
    assert_eq!(final_stacks(&t), vec![0, 15]);
}

#[test]
fn views_hide_unshown_hole_cards() {
    use cardgames::game::Game;
    let mut t = hand(&[1000, 1000, 1000], 0, "KhKd AhAd 7c2d Qs8c3d 5s 2c");
    let v = t.view(1);
    assert_eq!(v.state.hole(1), t.state().hole(1));
    assert!(v.state.hole(1).is_some());
    assert_eq!(v.state.hole(0), None);
    let v = t.view(2);
    assert!(v.state.hole(2).is_some());
    assert_eq!(v.state.hole(1), None);
    assert_eq!(v.state.hole(0), None);
    // The log never names hole cards; events are filtered per seat.
    assert!(v.state.log().iter().all(|e| match e {
        Event::HoleDealt { cards, .. } => cards.is_none(),
        _ => true,
    }));
    let dealt = Event::HoleDealt {
        seat: 1,
        cards: t.state().hole(1),
    };
    assert_eq!(dealt.seen_by(1), dealt);
    assert_eq!(
        dealt.seen_by(2),
        Event::HoleDealt {
            seat: 1,
            cards: None
        }
    );
    // Seat 0 folds, seats 1 and 2 check it down: both show, the folder never.
    play(&mut t, &[(0, Fold), (1, Call), (2, Check)]);
    for _ in 0..3 {
        play(&mut t, &[(1, Check), (2, Check)]);
    }
    let v = t.view(0);
    assert!(v.state.hole(0).is_some());
    assert!(v.state.hole(1).is_some() && v.state.hole(2).is_some());
    let v = t.view(1);
    assert_eq!(v.state.hole(0), None, "a folded hand stays hidden");
}

#[test]
fn a_free_fold_that_would_leave_chips_nobody_can_win_is_refused() {
    // Button 0 folds, seat 3 is all in for 100; seats 1 and 2 play on.
    let mut t = hand(&[1000, 1000, 1000, 100], 0, "");
    play(
        &mut t,
        &[(3, RaiseTo(100)), (0, Fold), (1, Call), (2, Call)],
    );
    play(&mut t, &[(1, Check), (2, Check)]);
    play(&mut t, &[(1, RaiseTo(200)), (2, Call)]);
    // On the river seat 1 folds though checking is free: seat 2 is still
    // in above seat 3's all in, so nothing is lost.
    play(&mut t, &[(1, Fold)]);
    let before = t.clone();
    // Were seat 2 to fold too, its 200 and seat 1's 200 above the all in
    // could be won by nobody: refused, and nothing changes.
    assert_eq!(t.act(2, Fold), Err(ActionError::Unclaimed(400)));
    assert_eq!(t, before);
    play(&mut t, &[(2, Check)]);
    let stacks = final_stacks(&t);
    assert_eq!(stacks.iter().sum::<Chips>(), 3100);
    assert_eq!(stacks[1], 700, "seat 1 lost what it put in");
}

#[test]
fn the_winner_of_a_pot_nobody_contested_may_show_and_no_one_else() {
    use cardgames::game::Game;
    // Three seats, button 0 (first to act): seat 1 small blind, seat 2 big.
    let mut t = hand(&[1000, 1000, 1000], 0, "2c7d 3h8s AhKd QsJs4c 9d Ts");
    play(&mut t, &[(0, RaiseTo(30)), (1, Fold), (2, Fold)]);
    let stacks = final_stacks(&t);
    assert_eq!(stacks, vec![1015, 995, 990]);
    assert!(t.state().won_unseen(0));
    assert!(!t.state().won_unseen(1) && !t.state().won_unseen(2));
    assert_eq!(t.show(1, None), Err(ActionError::NotAtShowdown(1)));
    assert_eq!(t.view(1).state.hole(0), None, "hidden until shown");
    let ace_king: [cardgames::cards::Card; 2] = parse_cards("AhKd").unwrap().try_into().unwrap();
    let ev = t.show(0, None).expect("the winner shows");
    assert!(
        matches!(ev[..], [Event::Showed { seat: 0, cards, .. }] if cards == ace_king),
        "{ev:?}"
    );
    assert_eq!(final_stacks(&t), stacks, "showing moves no chip");
    assert_eq!(t.view(1).state.hole(0), Some(ace_king));
    assert_eq!(t.view(2).state.hole(1), None, "a folded hand stays hidden");
    assert!(!t.state().won_unseen(0));
    assert_eq!(t.show(0, None), Err(ActionError::NotAtShowdown(0)), "once");
}

#[test]
fn after_a_showdown_nobody_shows_again() {
    let mut t = hand(&[1000, 300], 0, "AhAd 7c2d Ks8c3d 5s Jc");
    play(&mut t, &[(0, RaiseTo(1000)), (1, Call)]);
    final_stacks(&t);
    for seat in 0..2 {
        assert!(!t.state().won_unseen(seat));
        assert!(t.show(seat, None).is_err());
    }
}
