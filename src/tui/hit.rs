//! Mouse hits on text drawn line by line: lines whose spans may carry
//! the command a click on them gives.

use ratatui::layout::Rect;
use ratatui::text::Line;

/// Lines to draw, with some spans marked as click targets.
#[derive(Debug)]
pub struct Marked<A> {
    /// The lines, top down.
    pub lines: Vec<Line<'static>>,
    /// (line, span, command) for each clickable span.
    marks: Vec<(usize, usize, A)>,
}

impl<A> Default for Marked<A> {
    fn default() -> Marked<A> {
        Marked {
            lines: Vec::new(),
            marks: Vec::new(),
        }
    }
}

impl<A: Clone> Marked<A> {
    /// Adds lines with no targets.
    pub fn extend(&mut self, lines: impl IntoIterator<Item = Line<'static>>) {
        self.lines.extend(lines);
    }

    /// Adds one line with no targets.
    pub fn push(&mut self, line: impl Into<Line<'static>>) {
        self.lines.push(line.into());
    }

    /// Adds lines whose spans may carry a command.
    pub fn extend_marked(&mut self, other: Marked<A>) {
        let base = self.lines.len();
        self.marks.extend(
            other
                .marks
                .into_iter()
                .map(|(line, span, a)| (line + base, span, a)),
        );
        self.lines.extend(other.lines);
    }

    /// Marks span `span` of line `line` (counted in this list) as giving
    /// `action` when clicked.
    pub fn mark(&mut self, line: usize, span: usize, action: A) {
        self.marks.push((line, span, action));
    }

    /// The lines made to fit `height` rows where they can: empty lines
    /// are dropped, the last first, until they fit (a short terminal keeps
    /// every line that says something); the marks follow their lines.
    pub fn fit(mut self, height: u16) -> Marked<A> {
        while self.lines.len() > usize::from(height) {
            let Some(blank) = self.lines.iter().rposition(|l| l.width() == 0) else {
                break;
            };
            self.lines.remove(blank);
            for (line, _, _) in &mut self.marks {
                if *line > blank {
                    *line -= 1;
                }
            }
        }
        self
    }

    /// The command under the cell (`column`, `row`) when the lines are
    /// drawn top-left in `area` without wrapping.
    pub fn at(&self, area: Rect, column: u16, row: u16) -> Option<A> {
        let line = usize::from(row.checked_sub(area.y)?);
        let col = usize::from(column.checked_sub(area.x)?);
        let spans = &self.lines.get(line)?.spans;
        let mut x = 0;
        let span = spans.iter().position(|s| {
            x += s.width();
            col < x
        })?;
        self.marks
            .iter()
            .find(|(l, s, _)| *l == line && *s == span)
            .map(|(_, _, a)| a.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::text::Span;

    #[test]
    fn a_click_finds_the_marked_span_under_it() {
        let mut m = Marked::default();
        m.push("title");
        let mut hand = Marked::default();
        hand.push(Line::from(vec![
            Span::raw(" ♠ "),
            Span::raw("A"),
            Span::raw(" "),
            Span::raw("10"),
        ]));
        hand.mark(0, 1, 'a');
        hand.mark(0, 3, 't');
        m.extend_marked(hand);
        let area = Rect::new(2, 5, 40, 10);
        let row = 6;
        let hits: Vec<Option<char>> = (2..10).map(|c| m.at(area, c, row)).collect();
        // " ♠ A 10": columns 2-4 the suit, 5 the ace, 6 a space, 7-8 the ten.
        assert_eq!(
            hits,
            [
                None,
                None,
                None,
                Some('a'),
                None,
                Some('t'),
                Some('t'),
                None
            ]
        );
        assert_eq!(m.at(area, 5, 5), None, "the title is not a target");
        assert_eq!(m.at(area, 5, 4), None, "above the area");
        assert_eq!(m.at(area, 1, 6), None, "left of the area");
    }

    #[test]
    fn fitting_drops_empty_lines_from_the_bottom_and_keeps_the_marks() {
        let mut m = Marked::default();
        m.push("title");
        m.push("");
        m.push(Line::from(vec![Span::raw("x "), Span::raw("A")]));
        m.mark(2, 1, 'a');
        m.push("");
        m.push("prompt");
        let area = Rect::new(0, 0, 10, 4);
        let fitted = m.fit(4);
        let text: Vec<String> = fitted.lines.iter().map(ToString::to_string).collect();
        assert_eq!(text, ["title", "", "x A", "prompt"]);
        assert_eq!(fitted.at(area, 2, 2), Some('a'));
        let fitted = fitted.fit(3);
        assert_eq!(fitted.lines.len(), 3);
        assert_eq!(
            fitted.at(area, 2, 1),
            Some('a'),
            "the mark moved up with its line"
        );
        assert_eq!(
            fitted.fit(1).lines.len(),
            3,
            "lines that say something stay"
        );
    }
}
