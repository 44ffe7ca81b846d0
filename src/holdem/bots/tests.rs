//! Every bot at mixed tables: thousands of seeded hands, never an illegal
//! action; what the hard level learns survives a save.

use super::*;
use crate::cards::Card;
use crate::game::{Game, rng_from_seed};
use crate::holdem::action::Blinds;
use rand::Rng;
use rand::seq::SliceRandom;

fn make(name: &str) -> TableBot {
    by_name(name)
        .or_else(|| reference::by_name(name))
        .expect("known bot")
}

fn play_hands(names: &[&str], hands: usize, seed: u64) {
    let mut rng = rng_from_seed(seed);
    let mut bots: Vec<TableBot> = names.iter().map(|n| make(n)).collect();
    let blinds = Blinds { small: 5, big: 10 };
    for h in 0..hands {
        let n = names.len();
        let stacks: Vec<u64> = (0..n).map(|_| rng.random_range(1..=3000)).collect();
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut rng);
        let (mut t, _) = Table::new(&stacks, h % n, blinds, &deck).expect("valid hand");
        while let Some(seat) = t.to_act() {
            let a = bots[seat].choose(&t.view(seat), &mut rng);
            if let Err(e) = t.apply(a) {
                panic!("{} chose {a:?} illegally: {e}", bots[seat].name());
            }
        }
        for (seat, bot) in bots.iter_mut().enumerate() {
            bot.deal_ended(&t.view(seat));
        }
        assert_eq!(
            t.state().stacks().iter().sum::<u64>(),
            stacks.iter().sum::<u64>()
        );
    }
}

#[test]
fn random_and_station_never_act_illegally() {
    play_hands(
        &["random", "station", "random", "random", "station", "random"],
        10_000,
        1,
    );
}

#[test]
fn the_levels_never_act_illegally() {
    play_hands(&["easy", "random", "station", "easy"], 2_000, 2);
    play_hands(&["hard", "random", "normal", "station"], 2_000, 3);
    play_hands(&["hard", "random"], 2_000, 4);
}

#[test]
fn the_reference_opponents_never_act_illegally() {
    play_hands(
        &["maniac", "abc", "equilibrium", "random", "station", "hard"],
        2_000,
        5,
    );
    play_hands(&["equilibrium", "random"], 2_000, 6);
}

#[test]
fn what_hard_learns_survives_memory_and_recall() {
    let mut rng = rng_from_seed(9);
    let mut hard = by_name("hard").expect("known bot");
    let mut others: TableBot = by_name("station").expect("known bot");
    let blinds = Blinds { small: 5, big: 10 };
    for h in 0..30 {
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut rng);
        let (mut t, _) = Table::new(&[1000, 1000, 1000], h % 3, blinds, &deck).expect("valid");
        while let Some(seat) = t.to_act() {
            let bot = if seat == 0 { &mut hard } else { &mut others };
            let a = bot.choose(&t.view(seat), &mut rng);
            t.apply(a).expect("legal");
        }
        hard.deal_ended(&t.view(0));
    }
    let memory = hard.memory().expect("hard learns");
    assert_ne!(
        memory,
        by_name("hard").and_then(|b| b.memory()).expect("fresh")
    );
    let mut copy = by_name("hard").expect("known bot");
    copy.recall(&memory);
    assert_eq!(copy.memory(), Some(memory));
    // Something unreadable leaves the bot fresh.
    let mut fresh = by_name("hard").expect("known bot");
    fresh.recall(&serde_json::json!({"seen": "nonsense"}));
    assert_eq!(fresh.memory(), by_name("hard").and_then(|b| b.memory()));
    // The other levels learn nothing.
    assert_eq!(by_name("normal").and_then(|b| b.memory()), None);
}

/// The first action of the player under the gun at six seats (button 0)
/// holding `hole`.
fn under_the_gun(bot: &str, hole: &str) -> Action {
    let cards = crate::cards::parse_cards(&format!("2c 3d 4h 5s {hole}")).expect("cards");
    let deck = crate::holdem::table::stacked_deck(&cards);
    let blinds = Blinds { small: 5, big: 10 };
    let (t, _) = Table::new(&[1000; 6], 0, blinds, &deck).expect("valid hand");
    assert_eq!(t.to_act(), Some(3));
    let mut bot = by_name(bot).expect("known bot");
    bot.choose(&t.view(3), &mut rng_from_seed(1))
}

#[test]
fn the_levels_open_strong_hands_under_the_gun_and_fold_weak_ones() {
    for level in ["easy", "normal", "hard"] {
        for strong in ["As Ks", "Qc Qd", "Ah Kd"] {
            assert!(
                matches!(under_the_gun(level, strong), Action::RaiseTo(25..=30)),
                "{level} with {strong}"
            );
        }
        for weak in ["7c 2d", "Jh 4s", "9s 3s"] {
            assert_eq!(
                under_the_gun(level, weak),
                Action::Fold,
                "{level} with {weak}"
            );
        }
    }
}

/// A heads-up hand: seat 1 the button (small blind) holding `button`,
/// seat 0 the big blind holding `big`, the board to come `board`, both
/// with `stack` chips (blinds 5/10).
fn heads_up(stack: u64, button: &str, big: &str, board: &str) -> Table {
    let cards = crate::cards::parse_cards(&format!("{big} {button} {board}")).expect("cards");
    let deck = crate::holdem::table::stacked_deck(&cards);
    let (t, _) = Table::new(&[stack, stack], 1, Blinds { small: 5, big: 10 }, &deck).expect("hand");
    t
}

/// What `level` does as the seat to act, and why.
fn decide(level: &str, t: &Table, seed: u64) -> (Action, String) {
    let seat = t.to_act().expect("someone acts");
    let mut bot = by_name(level).expect("known bot");
    let a = bot.choose(&t.view(seat), &mut rng_from_seed(seed));
    (a, bot.explain().expect("the levels explain"))
}

#[test]
fn short_stacked_the_levels_push_or_fold_by_the_equilibrium_and_say_so() {
    for level in ["easy", "normal", "hard"] {
        let t = heads_up(95, "Kd 7c", "2c 3d", "");
        let (a, why) = decide(level, &t, 1);
        assert_eq!(a, Action::RaiseTo(95), "{level}");
        assert!(
            why.starts_with("shoves 9.5 bb with K7o — equilibrium range at this depth"),
            "{level}: {why}"
        );
        let t = heads_up(95, "7d 2c", "As 3d", "");
        let (a, why) = decide(level, &t, 1);
        assert_eq!(a, Action::Fold, "{level}");
        assert!(
            why.starts_with("folds with 72o — not in the equilibrium range"),
            "{level}: {why}"
        );
    }
}

#[test]
fn the_big_blind_calls_a_ten_big_blind_shove_with_the_equilibriums_calls() {
    for (hand, calls) in [
        ("Kd 5c", true),
        ("Qs 9h", true),
        ("Js Td", true),
        ("8h 3c", false),
    ] {
        let mut t = heads_up(100, "Ah 2c", hand, "");
        t.apply(Action::RaiseTo(100)).expect("the button shoves");
        let (a, why) = decide("normal", &t, 1);
        assert_eq!(a == Action::Call, calls, "{hand}: {a:?}, {why}");
        assert!(why.contains("against his shoving range (top "), "{why}");
    }
}

#[test]
fn deep_heads_up_the_button_opens_most_hands() {
    for (hand, opens) in [
        ("Kd 5c", true),
        ("9s 6h", true),
        ("Jh 4c", true),
        ("7d 2c", false),
    ] {
        let t = heads_up(1000, hand, "As 3d", "");
        let (a, why) = decide("normal", &t, 1);
        assert_eq!(
            matches!(a, Action::RaiseTo(25)),
            opens,
            "{hand}: {a:?} {why}"
        );
        if opens {
            assert!(why.contains("opens the top 82% heads-up"), "{why}");
        }
    }
}

/// A heads-up hand at 100 bb where the button opened and the big blind
/// called: the flop `board` dealt, the big blind to act.
fn opened_and_called(button: &str, big: &str, board: &str) -> Table {
    let mut t = heads_up(1000, button, big, board);
    t.apply(Action::RaiseTo(25)).expect("open");
    t.apply(Action::Call).expect("call");
    t
}

#[test]
fn after_the_flop_strong_hands_bet_for_value_and_air_folds_to_an_all_in() {
    // The big blind checks; the button has flopped a set.
    let mut t = opened_and_called("Kd Kc", "7h 2s", "Ks 8d 3c 4h 9s");
    t.apply(Action::Check).expect("check");
    for level in ["easy", "normal", "hard"] {
        let (a, why) = decide(level, &t, 3);
        assert!(matches!(a, Action::RaiseTo(_)), "{level}: {a:?} {why}");
        assert!(
            why.contains("with Kd Kc, three of a kind — bets for value"),
            "{level}: {why}"
        );
    }
    // The button shoves into the big blind's seven-high: fold.
    t.apply(Action::RaiseTo(975)).expect("shove");
    for level in ["easy", "normal", "hard"] {
        let (a, why) = decide(level, &t, 3);
        assert_eq!(a, Action::Fold, "{level}: {why}");
    }
}

#[test]
fn hard_stops_bluffing_a_player_who_never_folds() {
    // The river, checked to the button with nothing: normal bluffs some of
    // the time; hard, having watched a calling station, never does.
    let mut t = opened_and_called("Jd Tc", "7h 2s", "Ks 8d 3c 4h 2d");
    for _ in 0..2 {
        t.apply(Action::Check).expect("check");
        t.apply(Action::Check).expect("check");
    }
    t.apply(Action::Check)
        .expect("the big blind checks the river");
    let bluffs = |bot: &mut TableBot| {
        (0..200)
            .filter(|&s| {
                let a = bot.choose(&t.view(1), &mut rng_from_seed(s));
                matches!(a, Action::RaiseTo(_))
            })
            .count()
    };
    let mut normal = by_name("normal").expect("known bot");
    assert!(bluffs(&mut normal) > 10, "normal bluffs now and then");
    let mut hard = by_name("hard").expect("known bot");
    let mut station: TableBot = by_name("station").expect("known bot");
    let mut rng = rng_from_seed(4);
    for h in 0..200 {
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut rng);
        let (mut hand, _) =
            Table::new(&[1000, 1000], h % 2, Blinds { small: 5, big: 10 }, &deck).expect("hand");
        while let Some(seat) = hand.to_act() {
            let bot = if seat == 1 { &mut hard } else { &mut station };
            let a = bot.choose(&hand.view(seat), &mut rng);
            hand.apply(a).expect("legal");
        }
        hard.deal_ended(&hand.view(1));
    }
    assert_eq!(bluffs(&mut hard), 0, "hard does not bluff the station");
}

/// Six seats of 10 big blinds, button 0: under the gun (seat 3) shoves
/// with aces, seat 4 (kings) calls or folds, and seat 5 holding `hole`
/// decides.
fn after_a_shove(level: &str, called: bool, hole: &str) -> (Action, String) {
    let cards =
        crate::cards::parse_cards(&format!("2c 3d 4h 5s Ac Ah Kc Kh {hole}")).expect("cards");
    let deck = crate::holdem::table::stacked_deck(&cards);
    let blinds = Blinds { small: 5, big: 10 };
    let (mut t, _) = Table::new(&[100; 6], 0, blinds, &deck).expect("valid hand");
    t.apply(Action::RaiseTo(100)).expect("shove");
    t.apply(if called { Action::Call } else { Action::Fold })
        .expect("call or fold");
    assert_eq!(t.to_act(), Some(5));
    let mut bot = by_name(level).expect("known bot");
    let a = bot.choose(&t.view(5), &mut rng_from_seed(1));
    (a, bot.explain().unwrap_or_default())
}

#[test]
fn a_shove_called_before_it_takes_a_better_hand_to_call() {
    for level in ["normal", "hard"] {
        let (alone, _) = after_a_shove(level, false, "Td Ts");
        assert_eq!(alone, Action::Call, "{level}");
        let (called, why) = after_a_shove(level, true, "Td Ts");
        assert_eq!(called, Action::Fold, "{level}: {why}");
        assert!(why.contains("and the player in with him"), "{why}");
        let (jacks, _) = after_a_shove(level, true, "Jd Js");
        assert_eq!(jacks, Action::Call, "{level}");
    }
}
