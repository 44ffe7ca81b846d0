//! Random hands (2–10 players, random stacks, antes, a big-blind ante or a
//! straddle now and then, random legal actions with a fold when checking
//! is free now and then) written as PHH, PokerStars and GGPoker text and
//! read back replay to the same stacks; kept as the app keeps them (names,
//! hero, number, time), PHH to PokerStars (or GGPoker) text to PHH gives
//! the same hand, every field but the room; any text given to the
//! readers, random or a damaged history, gives hands or errors and never
//! a panic.

use cardgames::cards::Card;
use cardgames::game::Kept;
use cardgames::game::{Game, rng_from_seed};
use cardgames::holdem::action::{Action, ActionError, Blinds};
use cardgames::holdem::forced::Forced;
use cardgames::holdem::formats::{self, Format, phh, read_any};
use cardgames::holdem::history::amount::Units;
use cardgames::holdem::history::{Act, HandRecord, Replayed, act_text, replay};
use cardgames::holdem::pots::Chips;
use cardgames::holdem::table::Table;
use proptest::prelude::*;
use rand::seq::SliceRandom;

fn forced_strategy() -> impl Strategy<Value = Forced> {
    (1u64..6, 0u64..6, 0u64..4, 0u8..4, 0u64..30).prop_map(
        |(small, extra, ante, kind, straddle)| {
            let f = Forced::blinds(Blinds {
                small,
                big: small + extra,
            });
            match kind {
                0 => f.with_ante(ante),
                1 => f.with_big_blind_ante(ante),
                2 if straddle > 0 => f.with_straddle(straddle),
                _ => f,
            }
        },
    )
}

fn hand_strategy() -> impl Strategy<Value = (Vec<Chips>, Forced, u64, Vec<(u8, f64)>)> {
    (
        prop::collection::vec(1u64..400, 2..=10),
        forced_strategy(),
        any::<u64>(),
        prop::collection::vec((0u8..5, 0.0f64..1.0), 60),
    )
}

/// Plays a hand with the given choices, then checks and calls to the end.
/// A fold while checking is free that would leave chips nobody still in
/// can win is refused by the engine (PokerKit burns them): the seat checks.
fn play(stacks: &[Chips], forced: &Forced, seed: u64, choices: &[(u8, f64)]) -> Table {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(&mut rng_from_seed(seed));
    let button = (seed % stacks.len() as u64) as usize;
    let (mut t, _) = Table::with_forced(stacks, button, forced, &deck).expect("valid table");
    for &(kind, frac) in choices {
        let Some(legal) = t.state().legal() else {
            break;
        };
        let a = match (kind, legal.raise) {
            (0, _) if legal.to_call > 0 => Action::Fold,
            (1, _) if frac < 0.1 => Action::Fold,
            (2 | 3, Some((min, max))) => {
                Action::RaiseTo(min + ((max - min) as f64 * frac * frac) as Chips)
            }
            _ if legal.to_call > 0 => Action::Call,
            _ => Action::Check,
        };
        match t.apply(a) {
            Err(ActionError::Unclaimed(_)) => t.apply(Action::Check).expect("a free check"),
            other => other.expect("legal"),
        };
    }
    while let Some(legal) = t.state().legal() {
        let a = if legal.to_call > 0 {
            Action::Call
        } else {
            Action::Check
        };
        t.apply(a).expect("legal");
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn written_and_read_back_replays_to_the_same_stacks(
        (stacks, forced, seed, choices) in hand_strategy(),
    ) {
        let t = play(&stacks, &forced, seed, &choices);
        let st = t.state();
        let want: Vec<Chips> = st.players().iter().map(|&s| st.stacks()[s]).collect();
        let record = HandRecord::from_table(&t, Units::default());
        let hand = Replayed { table: t.clone(), record };
        let room = |f| formats::write(f, &[&hand], None).expect("writes");
        for text in [phh::write(&t), room(Format::PokerStars), room(Format::GgPoker)] {
            let hands = read_any(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(hands.len(), 1);
            let r = hands[0].1.clone().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            let back = replay(&r).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(back.finishing_stacks(), want.clone(), "{}", text);
        }
    }

    #[test]
    fn any_text_is_read_without_panicking(text in "\\PC{0,400}") {
        for (_, r) in read_any(&text).unwrap_or_default() {
            if let Ok(r) = r {
                let _ = replay(&r);
            }
        }
        let _ = formats::stars::read_all(&text);
        let _ = phh::read_all(&text);
    }

    #[test]
    fn damaged_histories_are_read_without_panicking(
        (stacks, forced, seed, choices) in hand_strategy(),
        cut in 0.0f64..1.0,
        len in 0usize..12,
        junk in "[ -~\\n]{0,12}",
        pokerstars_text in any::<bool>(),
    ) {
        let t = play(&stacks, &forced, seed, &choices);
        let text = if pokerstars_text {
            let record = HandRecord::from_table(&t, Units::default());
            formats::write(Format::PokerStars, &[&Replayed { table: t.clone(), record }], None).expect("writes")
        } else {
            phh::write(&t)
        };
        let chars: Vec<char> = text.chars().collect();
        let at = ((chars.len() as f64) * cut) as usize;
        let end = (at + len).min(chars.len());
        let damaged: String = chars[..at].iter().chain(junk.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect();
        for (_, r) in read_any(&damaged).unwrap_or_default() {
            if let Ok(r) = r {
                let _ = replay(&r);
            }
        }
    }

    #[test]
    fn kept_hands_go_through_room_text_and_back_unchanged(
        (stacks, forced, seed, choices) in hand_strategy(),
        me in 0usize..10,
        when in 0u64..4_000_000_000,
        gg in any::<bool>(),
    ) {
        let t = play(&stacks, &forced, seed, &choices);
        let seats = t.state().seats();
        let kept = Kept {
            names: (0..seats).map(|s| format!("Player {}", s + 1)).collect(),
            me: Some(me % seats).filter(|&s| t.state().players().contains(&s)),
            when: Some(when),
        };
        let record = HandRecord::kept(&t, &kept, seed);
        let phh_text = phh::write_record(&record);
        let hand = replay(&phh::read(&phh_text).map_err(|e| TestCaseError::fail(format!("{e}\n{phh_text}")))?)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{phh_text}")))?;
        let site = if gg { Format::GgPoker } else { Format::PokerStars };
        let room = formats::write(site, &[&hand], None).expect("writes");
        let back = read_any(&room).map_err(|e| TestCaseError::fail(format!("{e}\n{room}")))?;
        prop_assert_eq!(back.len(), 1);
        let mut again = back[0].1.clone().map_err(|e| TestCaseError::fail(format!("{e}\n{room}")))?;
        // The room's text names its room, not ours.
        again.info.venue = record.info.venue.clone();
        if gg {
            // GGPoker's hand numbers carry two letters first, and its
            // times no zone.
            again.info.hand = again.info.hand.map(|h| h.trim_start_matches(char::is_alphabetic).to_string());
            again.info.time_zone = record.info.time_zone.clone();
        }
        // The room's text deals the hero's cards, shows the others' where
        // they were shown, and (in the summary) where they were mucked.
        let mut want = record.clone();
        let seen = |p: usize| {
            want.info.hero == Some(p) || record.actions.iter().any(|(a, _)| *a == Act::Muck(p))
        };
        let hidden: Vec<usize> = (0..record.players()).filter(|&p| !seen(p)).collect();
        for (a, text) in &mut want.actions {
            if let Act::Hole(p, c) = a
                && hidden.contains(p)
            {
                *c = vec![None, None];
                *text = act_text(a, want.units);
            }
        }
        prop_assert_eq!(phh::write_record(&again), phh::write_record(&want), "{}", room);
    }
}
