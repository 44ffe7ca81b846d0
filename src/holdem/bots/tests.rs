//! Every bot at mixed tables: thousands of seeded hands, never an illegal
//! action; what the hard level learns survives a save.

use super::*;
use crate::cards::Card;
use crate::game::{Game, rng_from_seed};
use crate::holdem::table::Blinds;
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
