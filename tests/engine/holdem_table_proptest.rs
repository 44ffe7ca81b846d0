//! Random legal action sequences on random tables (2–9 seats, random
//! stacks, some seats sitting out, antes and straddles now and then):
//! chips are conserved after every action, every pot is paid, the hand
//! always ends, and illegal actions are refused without changing anything.

use cardgames::cards::Card;
use cardgames::game::{Game, rng_from_seed};
use cardgames::holdem::action::{Action, ActionError, Blinds, Event, Move, Street};
use cardgames::holdem::forced::Forced;
use cardgames::holdem::pots::Chips;
use cardgames::holdem::table::Table;
use proptest::prelude::*;
use rand::seq::SliceRandom;

fn table_strategy() -> impl Strategy<Value = (Vec<Chips>, usize, Forced, u64)> {
    (2usize..=9)
        .prop_flat_map(|n| {
            (
                prop::collection::vec(prop_oneof![1 => Just(0u64), 6 => 1u64..400], n),
                0..n,
                1u64..6,
                0u64..6,
                (
                    0u64..4,
                    any::<bool>(),
                    prop_oneof![3 => Just(0u64), 1 => 1u64..30],
                ),
                any::<u64>(),
            )
        })
        .prop_filter("two players with chips", |(stacks, ..)| {
            stacks.iter().filter(|&&c| c > 0).count() >= 2
        })
        .prop_map(
            |(stacks, b, small, extra, (ante, bb_ante, straddle), seed)| {
                // The button on a seat with chips.
                let n = stacks.len();
                let button = (0..n)
                    .map(|k| (b + k) % n)
                    .find(|&s| stacks[s] > 0)
                    .unwrap_or(0);
                let mut forced = Forced::blinds(Blinds {
                    small,
                    big: small + extra,
                });
                if bb_ante {
                    forced = forced.with_big_blind_ante(ante);
                } else {
                    forced = forced.with_ante(ante);
                }
                if straddle > 0 {
                    forced = forced.with_straddle(straddle);
                }
                (stacks, button, forced, seed)
            },
        )
}

/// Actions that must be refused in this state.
fn illegal_actions(t: &Table) -> Vec<(usize, Action)> {
    let st = t.state();
    let Some(seat) = st.to_act() else {
        return vec![(0, Action::Check), (1, Action::Fold)];
    };
    let legal = st.legal().expect("to act");
    let mut v = vec![((seat + 1) % st.seats(), Action::Call)];
    if legal.to_call > 0 {
        v.push((seat, Action::Check));
    } else {
        // Folding when checking is free is legal; calling nothing is not.
        v.push((seat, Action::Call));
    }
    match legal.raise {
        Some((min, max)) => {
            v.push((seat, Action::RaiseTo(max + 1)));
            if min > st.current_bet() + 1 && min < max {
                v.push((seat, Action::RaiseTo(min - 1)));
            }
        }
        None => v.push((seat, Action::RaiseTo(st.current_bet() + 1_000_000))),
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn hands_conserve_chips_and_end(
        (stacks, button, forced, seed) in table_strategy(),
        choices in prop::collection::vec((0u8..4, 0.0f64..1.0), 200),
    ) {
        let mut rng = rng_from_seed(seed);
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut rng);
        let total: Chips = stacks.iter().sum();
        let (mut t, _) = Table::with_forced(&stacks, button, &forced, &deck).expect("valid table");
        let conserved = |t: &Table| t.state().stacks().iter().sum::<Chips>() + t.state().pot_total();
        prop_assert_eq!(conserved(&t), total);
        let mut steps = 0;
        for &(kind, frac) in &choices {
            for (seat, bad) in illegal_actions(&t) {
                let before = t.clone();
                prop_assert!(t.act(seat, bad).is_err(), "{:?} by {} was accepted", bad, seat);
                prop_assert_eq!(&t, &before);
            }
            let Some(legal) = t.state().legal() else { break };
            let action = match (kind, legal.raise) {
                (0, _) if legal.to_call > 0 => Action::Fold,
                // Now and then a fold when checking is free.
                (1, _) if frac < 0.05 => Action::Fold,
                (2 | 3, Some((min, max))) => {
                    Action::RaiseTo(min + ((max - min) as f64 * frac * frac) as Chips)
                }
                _ if legal.to_call > 0 => Action::Call,
                _ => Action::Check,
            };
            prop_assert!(legal.allows(action));
            let before = t.clone();
            match t.apply(action) {
                // A free fold that would leave chips nobody still in can
                // win is refused, and changes nothing; the check is free.
                Err(ActionError::Unclaimed(lost)) => {
                    prop_assert!(action == Action::Fold && legal.to_call == 0 && lost > 0);
                    prop_assert_eq!(&t, &before);
                    t.apply(Action::Check).expect("a free check");
                }
                other => {
                    other.expect("legal action");
                }
            }
            prop_assert_eq!(conserved(&t), total);
            steps += 1;
        }
        // Checking and calling always ends a hand within the 200 steps.
        while let Some(legal) = t.state().legal() {
            let a = if legal.to_call > 0 { Action::Call } else { Action::Check };
            t.apply(a).expect("legal");
            steps += 1;
            prop_assert!(steps < 400, "the hand does not end");
        }
        let st = t.state();
        prop_assert_eq!(st.street(), Street::Over);
        prop_assert_eq!(st.pot_total(), 0);
        prop_assert_eq!(st.stacks().iter().sum::<Chips>(), total);
        // Every pot is paid in full, only to players still in: the awards
        // add up to every chip put in (recounted from the log) less the
        // uncalled bets returned.
        let mut street_bet = vec![0; stacks.len()];
        let mut put_in: Chips = 0;
        let mut awarded: Chips = 0;
        for e in st.log() {
            match e {
                Event::AntePosted { amount, .. } => put_in += amount,
                Event::BlindPosted { seat, amount, .. } => {
                    street_bet[*seat] += amount;
                    put_in += amount;
                }
                Event::StreetDealt { .. } => street_bet.iter_mut().for_each(|b| *b = 0),
                Event::Acted { seat, action, .. } => {
                    let added = match action {
                        Move::Call(x) => *x,
                        Move::Bet(to) | Move::Raise(to) => to - street_bet[*seat],
                        Move::Fold | Move::Check => 0,
                    };
                    street_bet[*seat] += added;
                    put_in += added;
                }
                Event::UncalledReturned { amount, .. } => put_in -= amount,
                Event::PotAwarded { seat, amount, .. } => {
                    prop_assert!(st.statuses()[*seat].is_in(), "seat {} won without being in", seat);
                    awarded += amount;
                }
                _ => {}
            }
        }
        prop_assert_eq!(awarded, put_in);
        prop_assert!(t.outcome().is_some());
        prop_assert_eq!(t.outcome().expect("over").net.iter().sum::<i64>(), 0);
    }
}
