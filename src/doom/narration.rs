//! What the Dice of Doom log says: each event as notes for the runner
//! ("You take hex 7 from b (5 vs 3)", "b ends the turn: +3 dice"), worded
//! and styled by each front end.

use super::state::Event;
use crate::narrate::{Note, Tone};

/// The notes for `event`.
pub fn notes(event: &Event) -> Vec<Note> {
    let note = match event {
        Event::Attack {
            player,
            from,
            to,
            defender,
            attack_roll,
            defend_roll,
            won,
        } => {
            let rolls = match (attack_roll, defend_roll) {
                (Some(a), Some(d)) => format!(", {} vs {}", dice_text(a), dice_text(d)),
                _ => String::new(),
            };
            let n = Note::new().seat(usize::from(*player));
            let n = if *won {
                n.verb("take").text(format!("hex {to} from"))
            } else {
                n.verb("fail").text(format!("to take hex {to} from"))
            };
            n.seat(usize::from(*defender))
                .text(format!("({from}->{to}{rolls})"))
        }
        Event::Reinforced { player, hexes } => {
            let n = hexes.len();
            Note::new()
                .seat(usize::from(*player))
                .verb("end")
                .text(format!(
                    "the turn: +{n} {}",
                    if n == 1 { "die" } else { "dice" }
                ))
        }
        Event::TurnPassed { to, .. } => Note::new()
            .tone(Tone::Heading)
            .text("Turn:")
            .seat(usize::from(*to)),
        Event::NewGame { game, first } => Note::new()
            .tone(Tone::Heading)
            .text(format!("— Game {game}:"))
            .seat(usize::from(*first))
            .verb("move")
            .text("first —"),
        Event::GameOver { winners } => match winners.as_slice() {
            [one] => Note::new()
                .tone(Tone::Highlight)
                .text("Game over:")
                .seat(usize::from(*one))
                .verb("win"),
            many => many.iter().fold(
                Note::new()
                    .tone(Tone::Highlight)
                    .text("Game over, a shared win:"),
                |n, &w| n.seat(usize::from(w)),
            ),
        },
    };
    vec![note]
}

/// A roll as its dice and total: `5+3+1=9`.
fn dice_text(roll: &[u8]) -> String {
    let dice: Vec<String> = roll.iter().map(u8::to_string).collect();
    let sum: u32 = roll.iter().map(|&x| u32::from(x)).sum();
    format!("{}={sum}", dice.join("+"))
}
