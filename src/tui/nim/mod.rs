//! Nim on screen: the heap drawn as stones, whose turn, the score of the
//! session, and the keys 1, 2 and 3 to take that many.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::keymap::{Binding, Key};
use super::link::Seen;
use super::log::LogPane;
use super::table::{Board, Reply, Running};
use super::theme::Theme;
use cardgames::nim::Nim;
use cardgames::nim::state::MOST;

/// A move: take this many stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Command(u32);

/// The stones as a row of marks, five to a group.
fn stones(heap: u32, ascii: bool) -> String {
    let mark = if ascii { "o" } else { "●" };
    (0..heap)
        .map(|i| {
            if i > 0 && i % 5 == 0 {
                format!(" {mark}")
            } else {
                mark.to_string()
            }
        })
        .collect()
}

impl Board for Nim {
    type Ui = ();
    type Command = Command;
    const NEXT: &'static str = "new heap";

    fn seat_names(_seats: usize) -> Vec<String> {
        vec!["You".into(), "Computer".into()]
    }

    fn title(seen: &Seen<Nim>, running: &Running) -> String {
        format!(
            "Nim · {} stones · game {}",
            seen.view.start,
            running.deals + 1
        )
    }

    fn summary(seen: &Seen<Nim>, running: &Running) -> String {
        format!("{} stones, game {}", seen.view.start, running.deals + 1)
    }

    fn bindings(seen: &Seen<Nim>, _ui: &()) -> Vec<Binding<Command>> {
        const HELP: [&str; 3] = ["Take one stone", "Take two stones", "Take three stones"];
        const HINT: [&str; 3] = ["take 1", "take 2", "take 3"];
        (1..=MOST)
            .map(|n| {
                let i = n as usize - 1;
                let key = char::from(b'0' + n as u8);
                Binding::new(&[Key::Char(key)], HINT[i], HELP[i], Command(n))
                    .enabled(seen.legal.contains(&n))
            })
            .collect()
    }

    fn command(seen: &Seen<Nim>, _ui: &mut (), Command(n): Command) -> Reply<u32> {
        if seen.legal.contains(&n) {
            Reply::Act(n)
        } else if seen.my_turn() {
            Reply::Error(format!("{n} is more than the heap's {}", seen.view.heap))
        } else {
            Reply::Done
        }
    }

    fn render(
        seen: &Seen<Nim>,
        _ui: &(),
        log: &LogPane,
        area: Rect,
        buf: &mut Buffer,
        theme: Theme,
    ) {
        let view = &seen.view;
        let turn = match (view.winner, seen.to_act()) {
            (Some(w), _) => format!("{} took the last stone.", seen.name(w)),
            (None, Some(s)) if seen.my_turn() => {
                let _ = s;
                "Your turn: take 1, 2 or 3 stones.".to_string()
            }
            (None, Some(s)) => format!("{} is thinking…", seen.name(s)),
            (None, None) => String::new(),
        };
        let mut lines = vec![
            Line::default(),
            Line::from(vec![
                Span::styled(format!("  {:>2} left  ", view.heap), theme.title()),
                Span::styled(stones(view.heap, theme.ascii), theme.text()),
            ]),
            Line::default(),
            Line::styled(format!("  {turn}"), theme.title()),
            Line::default(),
        ];
        let rows = usize::from(area.height).saturating_sub(lines.len());
        lines.extend(log.lines(rows, area.width, theme));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_come_in_groups_of_five() {
        assert_eq!(stones(7, true), "ooooo oo");
        assert_eq!(stones(0, false), "");
    }
}
