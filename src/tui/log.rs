//! The scrolling log beside each game: which lines show, the keys that
//! scroll it back and forth (new lines bring it back to the end), and each
//! note of the game's narration drawn for the person reading it (cards in
//! their suit's style, players in theirs).

use ratatui::text::{Line, Span};

use super::keymap::{Binding, Key};
use super::theme::Theme;
use crate::game::Seat;
use crate::narrate::{Note, Piece, Tone};

/// The lines to show in `room` rows, `back` lines up from the end (but
/// never past the first line at the top).
pub fn visible<T>(log: &[T], room: usize, back: usize) -> &[T] {
    let end = log.len().saturating_sub(back).max(room.min(log.len()));
    &log[end.saturating_sub(room)..end]
}

/// How far back the log may scroll: up to its first line.
pub fn older<T>(log: &[T], back: usize) -> usize {
    (back + 3).min(log.len().saturating_sub(1))
}

/// Scrolling toward the newest line.
pub fn newer(back: usize) -> usize {
    back.saturating_sub(3)
}

/// The two scrolling keys, bound to a screen's own actions.
pub fn bindings<A>(to_older: A, to_newer: A, back: usize) -> [Binding<A>; 2] {
    [
        Binding::new(
            &[Key::PageUp, Key::Char('[')],
            "",
            "Scroll the log back",
            to_older,
        ),
        Binding::new(
            &[Key::PageDown, Key::Char(']')],
            "",
            "Scroll the log forward",
            to_newer,
        )
        .enabled(back > 0),
    ]
}

/// A game's log as one reader sees it.
#[derive(Debug, Clone, Copy)]
pub struct LogPane<'a> {
    /// The notes, oldest first.
    pub notes: &'a [Note],
    /// Lines scrolled back from the end.
    pub back: usize,
    /// The reader's seat (`None`: watching).
    pub me: Option<Seat>,
    /// The seats' names.
    pub names: &'a [String],
}

impl LogPane<'_> {
    /// The lines for `room` rows; when scrolled back, the last row says so.
    pub fn lines(&self, room: usize, theme: Theme) -> Vec<Line<'static>> {
        if self.back > 0 && room > 1 {
            let mut lines: Vec<Line> = visible(self.notes, room - 1, self.back)
                .iter()
                .map(|n| note_line(n, self.me, self.names, theme))
                .collect();
            lines.push(Line::styled(
                format!("  ↓ {} newer (] or pgdn)", self.back),
                theme.key(),
            ));
            return lines;
        }
        visible(self.notes, room, self.back)
            .iter()
            .map(|n| note_line(n, self.me, self.names, theme))
            .collect()
    }
}

/// One note as a styled line for `me`.
pub fn note_line(note: &Note, me: Option<Seat>, names: &[String], theme: Theme) -> Line<'static> {
    let base = match note.tone {
        Tone::Plain => theme.dim(),
        Tone::Heading => theme.title(),
        Tone::Highlight => theme.good(),
    };
    let spans: Vec<Span> = note
        .pieces(me, names)
        .into_iter()
        .map(|p| match p {
            Piece::Text(t) => Span::styled(t, base),
            Piece::Name(seat, name) => Span::styled(name, theme.player(seat)),
            Piece::Card(c) => Span::styled(theme.card_text(c), theme.suit(c.suit())),
            Piece::Suit(s) => Span::styled(theme.suit_text(s), theme.suit(s)),
        })
        .collect();
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrolls_within_the_log() {
        let log: Vec<String> = (0..10).map(|i| i.to_string()).collect();
        assert_eq!(visible(&log, 3, 0), ["7", "8", "9"]);
        assert_eq!(visible(&log, 3, 4), ["3", "4", "5"]);
        assert_eq!(visible(&log, 30, 0).len(), 10);
        assert_eq!(visible(&log, 3, 9), ["0", "1", "2"]);
        assert_eq!(older(&log, 8), 9);
        assert_eq!(newer(2), 0);
    }

    #[test]
    fn a_scrolled_log_says_so() {
        let notes: Vec<Note> = (0..10).map(|i| Note::new().text(i.to_string())).collect();
        let names = ["Ann".to_string()];
        let pane = |back| LogPane {
            notes: &notes,
            back,
            me: None,
            names: &names,
        };
        let theme = Theme::new(false, true);
        let text =
            |lines: Vec<Line>| -> Vec<String> { lines.iter().map(|l| l.to_string()).collect() };
        assert_eq!(text(pane(0).lines(3, theme)), ["7", "8", "9"]);
        assert_eq!(
            text(pane(3).lines(3, theme)),
            ["5", "6", "  ↓ 3 newer (] or pgdn)"]
        );
    }
}
