//! The statistics screen: every game's lifetime totals in full (deals
//! won, shared and lost, points for and against, and the result in the
//! game's unit), and a key to reset them all, asked first.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::screen::{Keep, Nav, Screen};
use super::theme::Theme;
use cardgames::games::registry;
use cardgames::stats::Tally;
use cardgames::stats::{Stats, Totals};

/// The lifetime statistics, as shown and maybe reset.
#[derive(Debug, Clone)]
pub struct StatsScreen {
    stats: Stats,
    /// The reset waits for its confirmation.
    asked: bool,
    /// The statistics were reset here.
    reset: bool,
}

/// Commands of the statistics screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsAction {
    /// Reset every game's statistics (asked first).
    Reset,
    /// Not after all.
    Keep,
    /// Back to the menu.
    Back,
}

impl StatsScreen {
    /// The screen showing `stats`.
    pub fn new(stats: &Stats) -> StatsScreen {
        StatsScreen {
            stats: stats.clone(),
            asked: false,
            reset: false,
        }
    }
}

/// A game's totals in full, as its results add up.
fn lines(t: &Totals, tally: Tally) -> [String; 2] {
    let deals = match tally {
        Tally::Chips => "hands",
        Tally::Wins => "games",
        Tally::Points => "deals",
    };
    let lost = t.deals.saturating_sub(t.wins + t.shared);
    let first = format!(
        "{} {deals} · won {} · shared {} · lost {lost}",
        t.deals, t.wins, t.shared
    );
    let net = (t.points_for - t.points_against).round() as i64;
    let second = match tally {
        Tally::Chips => format!(
            "{:+} chips · {:+.1} bb/100",
            t.points_for.round() as i64,
            t.units * 100.0 / t.deals.max(1) as f64
        ),
        Tally::Wins | Tally::Points => format!(
            "points {} for, {} against, {net:+} net",
            t.points_for.round() as i64,
            t.points_against.round() as i64
        ),
    };
    [first, second]
}

impl Screen for StatsScreen {
    type Action = StatsAction;

    fn title(&self) -> String {
        "Statistics".into()
    }

    fn bindings(&self) -> Vec<Binding<StatsAction>> {
        if self.asked {
            return vec![
                Binding::new(
                    &[Key::Char('y')],
                    "reset",
                    "Reset every game's statistics",
                    StatsAction::Reset,
                ),
                Binding::new(
                    &[Key::Char('n'), Key::Esc],
                    "keep",
                    "Keep the statistics",
                    StatsAction::Keep,
                ),
            ];
        }
        vec![
            Binding::new(
                &[Key::Char('r')],
                "reset",
                "Reset every game's statistics (asked first)",
                StatsAction::Reset,
            )
            .enabled(!self.stats.0.is_empty()),
            Binding::new(
                &[Key::Esc, Key::Char('q'), Key::Enter],
                "menu",
                "Back to the menu",
                StatsAction::Back,
            ),
        ]
    }

    fn act(&mut self, action: StatsAction) -> Nav {
        match action {
            StatsAction::Reset if !self.asked => self.asked = !self.stats.0.is_empty(),
            StatsAction::Reset => {
                self.asked = false;
                self.reset = true;
                self.stats = Stats::default();
            }
            StatsAction::Keep => self.asked = false,
            StatsAction::Back => return Nav::Menu,
        }
        Nav::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut out = vec![
            Line::styled("Every game's results over every session", theme.dim()),
            Line::default(),
        ];
        for e in registry()
            .entries()
            .iter()
            .filter(|e| super::boards::board(e.id).is_some())
        {
            out.push(Line::styled(e.name, theme.title()));
            let t = self.stats.of(e.id);
            if t.deals == 0 {
                out.push(Line::styled("  not played yet", theme.dim()));
            } else {
                out.extend(
                    lines(&t, e.tally).map(|l| Line::styled(format!("  {l}"), theme.text())),
                );
            }
        }
        Paragraph::new(out).render(area, buf);
    }

    fn status(&self) -> Option<String> {
        if self.asked {
            Some("Reset every game's statistics? y: reset · n: keep".into())
        } else if self.reset {
            Some("The statistics were reset.".into())
        } else {
            None
        }
    }

    fn keep(&self) -> Keep {
        if self.reset {
            Keep::Stats(self.stats.clone())
        } else {
            Keep::Nothing
        }
    }
}
