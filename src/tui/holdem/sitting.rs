//! What the person did since sitting down at the Hold'em table, counted
//! as hands end, for the summary shown on leaving: hands played, result
//! in chips and big blinds per 100 hands, the biggest pot won, showdowns
//! won of those gone to (the HUD's counts for the person, with the chips
//! and pots counted here).

use super::hud::Hud;
use crate::tui::link::Seen;
use cardgames::holdem::action::Event;
use cardgames::holdem::session::Holdem;

/// The person's chips won and biggest pot since sitting down.
#[derive(Debug, Default)]
pub struct Sitting {
    net: i64,
    biggest: u64,
}

impl Sitting {
    /// Counts the hand that just ended, if the person was dealt in.
    pub fn count(&mut self, seen: &Seen<Holdem>) {
        let st = &seen.view.state;
        let Some(me) = seen.me.filter(|m| st.players().contains(m)) else {
            return;
        };
        let (start, end) = (st.starting_stacks(), st.stacks());
        self.net += end[me] as i64 - start[me] as i64;
        let won: u64 = st
            .log()
            .iter()
            .filter_map(|e| match e {
                Event::PotAwarded { seat, amount, .. } if *seat == me => Some(*amount),
                _ => None,
            })
            .sum();
        self.biggest = self.biggest.max(won);
    }

    /// The summary's rows, the person's other counts taken from `hud`;
    /// none before a hand was played.
    pub fn rows(&self, seen: &Seen<Holdem>, hud: &Hud) -> Vec<(&'static str, String)> {
        let Some(p) = seen.me.and_then(|me| hud.of(&seen.name(me))) else {
            return Vec::new();
        };
        let bb = p.bb_per_100().unwrap_or(0.0);
        vec![
            ("Hands played", p.hands.to_string()),
            ("Result", format!("{:+} chips ({bb:+.1} bb/100)", self.net)),
            (
                "Biggest pot won",
                match self.biggest {
                    0 => "none".into(),
                    n => n.to_string(),
                },
            ),
            (
                "Showdowns",
                format!("won {} of {}", p.won_at_showdown, p.showdowns),
            ),
        ]
    }
}
