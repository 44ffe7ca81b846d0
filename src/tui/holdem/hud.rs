//! The HUD: one line per opponent with their statistics over the hands
//! ended at this table while you watched (VPIP, PFR, 3-bet, aggression
//! factor, went to showdown, won at showdown, bb/100), as trackers show
//! them; toggled with a key, in place of the log.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::tui::link::Seen;
use crate::tui::theme::Theme;
use cardgames::game::Seat;
use cardgames::holdem::action::Status;
use cardgames::holdem::history::stats::{PlayerStats, Stats};
use cardgames::holdem::session::Holdem;

/// The longest name shown; longer ones are cut.
const NAME_WIDTH: usize = 10;

/// Whether the HUD is shown, and the counts behind it.
#[derive(Debug, Default)]
pub struct Hud {
    /// Shown in place of the log.
    pub shown: bool,
    stats: Stats,
}

impl Hud {
    /// Counts the hand that just ended.
    pub fn count(&mut self, seen: &Seen<Holdem>) {
        self.stats.add_hand(&seen.view.state, |s| seen.name(s));
    }

    /// One player's counts, by the name shown.
    pub fn of(&self, name: &str) -> Option<&PlayerStats> {
        self.stats.players.get(name)
    }

    /// Rows the HUD takes: a rule and a line per opponent.
    pub fn rows(&self, seen: &Seen<Holdem>) -> u16 {
        opponents(seen, &self.stats).count() as u16 + 1
    }

    /// Draws a line per opponent under a rule naming the HUD.
    pub fn render(&self, seen: &Seen<Holdem>, area: Rect, buf: &mut Buffer, theme: Theme) {
        let names: Vec<String> = opponents(seen, &self.stats).map(|s| seen.name(s)).collect();
        let width = names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0)
            .min(NAME_WIDTH);
        let lines: Vec<Line> = names
            .iter()
            .map(|name| {
                let shown: String = name.chars().take(width).collect();
                Line::from(vec![
                    Span::styled(format!("{shown:<width$} "), theme.title()),
                    Span::raw(summary(self.of(name))),
                ])
            })
            .collect();
        let hands = self.stats.hands;
        let title = format!(
            " HUD: {hands} hand{} at this table · h: log ",
            if hands == 1 { "" } else { "s" }
        );
        Paragraph::new(lines)
            .block(
                Block::new()
                    .borders(Borders::TOP)
                    .border_style(theme.dim())
                    .title(Span::styled(title, theme.dim())),
            )
            .render(area, buf);
    }
}

/// Every seat but the person's own that is dealt in, or whose player
/// has hands counted (an empty seat of a hall's table has neither).
fn opponents<'a>(seen: &'a Seen<Holdem>, stats: &'a Stats) -> impl Iterator<Item = Seat> + 'a {
    let st = &seen.view.state;
    (0..st.seats()).filter(move |&s| {
        Some(s) != seen.me
            && (st.statuses()[s] != Status::Out || stats.players.contains_key(&seen.name(s)))
    })
}

/// The line of numbers, as trackers abbreviate them; `-` where a number
/// has no hands behind it yet.
pub fn summary(stats: Option<&PlayerStats>) -> String {
    let Some(p) = stats else {
        return "no hands yet".into();
    };
    let pct = |v: Option<f64>| v.map_or("-".into(), |x| format!("{x:.0}"));
    let af = p.af().map_or("-".into(), |x| format!("{x:.1}"));
    let bb = p.bb_per_100().map_or("-".into(), |x| format!("{x:+.1}"));
    format!(
        "{}h VPIP {} PFR {} 3B {} AF {af} WTSD {} W$SD {} bb/100 {bb}",
        p.hands,
        pct(p.vpip_pct()),
        pct(p.pfr_pct()),
        pct(p.three_bet_pct()),
        pct(p.wtsd_pct()),
        pct(p.wsd_pct()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_without_hands_says_so_and_numbers_without_chances_are_dashes() {
        assert_eq!(summary(None), "no hands yet");
        let p = PlayerStats {
            hands: 4,
            vpip: 1,
            pfr: 1,
            big_blinds_won: -3.0,
            ..PlayerStats::default()
        };
        assert_eq!(
            summary(Some(&p)),
            "4h VPIP 25 PFR 25 3B - AF - WTSD - W$SD - bb/100 -75.0"
        );
    }
}
