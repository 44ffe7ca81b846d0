//! The scrolling log beside each game: which lines show, the keys that
//! scroll it back and forth (new lines bring it back to the end), and each
//! note of the game's narration drawn for the person reading it (cards in
//! their suit's style, players in theirs), wrapped at word breaks to the
//! pane's width so that no note loses its end.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::theme::Theme;
use cardgames::game::Seat;
use cardgames::narrate::{Note, Piece, Tone};

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
    /// The lines for `room` rows of `width` columns, the newest note last
    /// (a note too long for a row goes on in the next, indented; when the
    /// notes shown need more rows than there are, the oldest lose their
    /// first rows); when scrolled back, the last row says so.
    pub fn lines(&self, room: usize, width: u16, theme: Theme) -> Vec<Line<'static>> {
        let scrolled = self.back > 0 && room > 1;
        let rows = if scrolled { room - 1 } else { room };
        let mut lines: Vec<Line> = Vec::new();
        for note in visible(self.notes, rows, self.back).iter().rev() {
            let mut wrapped = wrap(note_line(note, self.me, self.names, theme), width);
            wrapped.append(&mut lines);
            lines = wrapped;
            if lines.len() >= rows {
                break;
            }
        }
        lines.drain(..lines.len().saturating_sub(rows));
        if scrolled {
            lines.push(Line::styled(
                format!("  ↓ {} newer (] or pgdn)", self.back),
                theme.key(),
            ));
        }
        lines
    }

    /// Draws the pane in `area`, under a rule across its top.
    pub fn render_under_rule(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let block = Block::new().borders(Borders::TOP).border_style(theme.dim());
        let inner = block.inner(area);
        Paragraph::new(self.lines(inner.height.into(), inner.width, theme))
            .block(block)
            .render(area, buf);
    }
}

/// Where a row of the log may break: before a space that follows other
/// text, unless what follows is only punctuation (a closing "—" stays with
/// the word before it). A word is its pieces, each in its own style.
fn words(line: Line<'static>) -> Vec<Vec<Span<'static>>> {
    let mut words: Vec<Vec<Span>> = Vec::new();
    let mut word: Vec<Span> = Vec::new();
    let end_word = |words: &mut Vec<Vec<Span<'static>>>, word: Vec<Span<'static>>| {
        let punctuation = word
            .iter()
            .all(|s| !s.content.chars().any(char::is_alphanumeric));
        match words.last_mut() {
            Some(before) if punctuation => before.extend(word),
            _ => words.push(word),
        }
    };
    for span in line.spans {
        for ch in span.content.chars() {
            let text_so_far = word.iter().any(|s| s.content.trim() != "");
            if ch == ' ' && text_so_far {
                end_word(&mut words, std::mem::take(&mut word));
            }
            push_char(&mut word, ch, span.style);
        }
    }
    if !word.is_empty() {
        end_word(&mut words, word);
    }
    words
}

/// `line` in rows of at most `width` columns, broken between words (a
/// word wider than a row, between its letters); the rows after the first
/// are indented by two columns and lose the space they broke at.
fn wrap(line: Line<'static>, width: u16) -> Vec<Line<'static>> {
    const INDENT: &str = "  ";
    let width = usize::from(width).max(INDENT.len() + 1);
    let mut rows: Vec<Line> = vec![Line::default()];
    for mut word in words(line) {
        let row_width = rows.last().map_or(0, Line::width);
        let word_width: usize = word.iter().map(Span::width).sum();
        if row_width > 0 && row_width + word_width > width {
            if let Some(first) = word.first_mut() {
                let kept = first.content.trim_start().to_string();
                *first.content.to_mut() = kept;
            }
            rows.push(Line::from(INDENT));
        }
        for span in word {
            for ch in span.content.chars() {
                let piece = Span::styled(ch.to_string(), span.style);
                let full = rows.last().map_or(0, Line::width) + piece.width() > width;
                if full {
                    rows.push(Line::from(INDENT));
                }
                if let Some(row) = rows.last_mut() {
                    push_char(&mut row.spans, ch, span.style);
                }
            }
        }
    }
    rows
}

/// Adds `ch` to the end of `spans`, to the last span when the style is the
/// same.
fn push_char(spans: &mut Vec<Span<'static>>, ch: char, style: Style) {
    match spans.last_mut() {
        Some(last) if last.style == style => last.content.to_mut().push(ch),
        _ => spans.push(Span::styled(ch.to_string(), style)),
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
        assert_eq!(text(pane(0).lines(3, 20, theme)), ["7", "8", "9"]);
        assert_eq!(
            text(pane(3).lines(3, 30, theme)),
            ["5", "6", "  ↓ 3 newer (] or pgdn)"]
        );
    }

    #[test]
    fn a_long_note_wraps_at_word_breaks_and_keeps_its_styles() {
        let theme = Theme::new(false, true);
        let card: cardgames::cards::Card = "As".parse().unwrap_or_else(|e| panic!("{e}"));
        let names = ["North".to_string(), "South".to_string()];
        let note = Note::new()
            .seat(0)
            .verb("lead")
            .text("the")
            .card(card)
            .text("and wins the trick");
        let line = note_line(&note, None, &names, theme);
        let whole = line.to_string();
        let rows = wrap(line.clone(), 12);
        let text: Vec<String> = rows.iter().map(|l| l.to_string()).collect();
        assert!(text.iter().all(|r| r.chars().count() <= 12), "{text:?}");
        assert!(text.len() > 1, "{text:?}");
        assert!(
            text[1..]
                .iter()
                .all(|r| r.starts_with("  ") && !r.starts_with("   "))
        );
        // Nothing lost but the spaces broken at.
        let joined = text.iter().map(|r| r.trim()).collect::<Vec<_>>().join(" ");
        assert_eq!(joined, whole);
        // Each character keeps its style.
        let styled = |lines: &[Line]| -> Vec<(char, Style)> {
            lines
                .iter()
                .flat_map(|l| l.spans.iter())
                .flat_map(|s| s.content.chars().map(move |c| (c, s.style)))
                .filter(|(c, _)| *c != ' ')
                .collect()
        };
        assert_eq!(styled(&rows), styled(std::slice::from_ref(&line)));
        // Wide enough: one row, as it was.
        let one = wrap(line.clone(), 80);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].to_string(), whole);
        assert_eq!(styled(&one), styled(std::slice::from_ref(&line)));
        // A closing dash goes with the word before it.
        let dashed = wrap(Line::from("— New deal: North deals —"), 22);
        let text: Vec<String> = dashed.iter().map(|l| l.to_string()).collect();
        assert_eq!(text, ["— New deal: North", "  deals —"]);
        // A word wider than a row is cut between its letters.
        let long = wrap(Line::from("abcdefghij"), 4);
        let text: Vec<String> = long.iter().map(|l| l.to_string()).collect();
        assert_eq!(text, ["abcd", "  ef", "  gh", "  ij"]);
    }

    #[test]
    fn the_newest_note_shows_whole_and_older_ones_give_way() {
        let notes: Vec<Note> = ["one two three", "four five six seven", "eight"]
            .iter()
            .map(|t| Note::new().text(*t))
            .collect();
        let names: [String; 0] = [];
        let pane = LogPane {
            notes: &notes,
            back: 0,
            me: None,
            names: &names,
        };
        let theme = Theme::new(false, true);
        let text: Vec<String> = pane
            .lines(4, 10, theme)
            .iter()
            .map(|l| l.to_string())
            .collect();
        assert_eq!(text, ["four five", "  six", "  seven", "eight"]);
    }
}
