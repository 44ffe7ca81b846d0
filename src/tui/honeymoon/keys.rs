//! The keys of the honeymoon table itself, by phase: the bidding box,
//! the cards, hint, last trick, claim and undo (when there is a card of
//! yours to take back).

use super::bidding::{cursor_bid, legal_calls};
use super::hand::legal_cards;
use super::ui::{Command, Ui};
use crate::tui::keymap::{Binding, Key};
use crate::tui::link::Seen;
use cardgames::honeymoon::{Call, Honeymoon, Phase};

/// The keys of the table itself: the bidding box, the cards, hint, claim
/// and undo. The arrows and enter stay off the key bar (the prompt names
/// them), so that the bar fits the minimum width.
pub(super) fn table_bindings(seen: &Seen<Honeymoon>, ui: &Ui) -> Vec<Binding<Command>> {
    let mine = seen.my_turn();
    let calls = legal_calls(seen);
    match seen.view.phase {
        Phase::Bidding => vec![
            Binding::new(
                &[Key::Left, Key::Char('h')],
                "",
                "Previous legal bid",
                Command::Left,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Right, Key::Char('l')],
                "",
                "Next legal bid",
                Command::Right,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Up, Key::Char('k')],
                "",
                "Same strain a level lower",
                Command::Up,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Down, Key::Char('j')],
                "",
                "Same strain a level higher",
                Command::Down,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Enter],
                "bid",
                "Make the highlighted bid",
                Command::Choose,
            )
            .enabled(cursor_bid(seen, ui).is_some()),
            Binding::new(&[Key::Char('p')], "pass", "Pass", Command::Pass)
                .enabled(calls.contains(&Call::Pass)),
            Binding::new(&[Key::Char('d')], "double", "Double", Command::Double)
                .enabled(calls.contains(&Call::Double)),
            Binding::new(&[Key::Char('r')], "redouble", "Redouble", Command::Redouble)
                .enabled(calls.contains(&Call::Redouble)),
        ],
        Phase::Exchange | Phase::Play => {
            let any = !legal_cards(seen).is_empty();
            vec![
                Binding::new(
                    &[Key::Left, Key::Char('h')],
                    "",
                    "Previous card",
                    Command::Left,
                )
                .enabled(any),
                Binding::new(
                    &[Key::Right, Key::Char('l')],
                    "",
                    "Next card",
                    Command::Right,
                )
                .enabled(any),
                Binding::new(
                    &[Key::Enter, Key::Char(' ')],
                    "",
                    "Play the highlighted card",
                    Command::Choose,
                )
                .enabled(any),
                Binding::new(
                    &[Key::Char('v')],
                    "hint",
                    "Show the solver's trick value of each card on each turn, or stop",
                    Command::Hint,
                )
                .enabled(seen.view.phase == Phase::Play && mine),
                Binding::new(
                    &[Key::Char('b')],
                    "last",
                    "Show the last trick played, or hide it",
                    Command::LastTrick,
                )
                .enabled(seen.view.last_trick().is_some()),
                Binding::new(
                    &[Key::Char('c')],
                    "claim",
                    "Claim the rest, or some of the tricks left (the solver checks it)",
                    Command::Claim,
                )
                .enabled(seen.view.phase == Phase::Play && mine),
                Binding::new(
                    &[Key::Char('u')],
                    "undo",
                    "Take back your last card (the play; in practice the exchange too)",
                    Command::Undo,
                )
                .enabled(can_undo(seen)),
            ]
        }
        Phase::Over => Vec::new(),
    }
}

/// You have a card of this deal you may take back.
pub(super) fn can_undo(seen: &Seen<Honeymoon>) -> bool {
    let v = &seen.view;
    let Some(me) = seen.me else { return false };
    v.phase != Phase::Over
        && seen.bots.iter().any(Option::is_some)
        && v.history.iter().any(|p| {
            p.seat == me
                && (p.phase == Phase::Play || (p.phase == Phase::Exchange && v.options.practice))
        })
}
