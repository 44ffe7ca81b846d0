//! The app's frame, drawn around every screen: the layout (title, body,
//! hint bar), the too-small message, the notice box, and the rules and
//! help overlays.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Widget, Wrap};

use super::keymap::{Hint, help_lines};
use super::theme::Theme;

/// The smallest terminal the app draws in.
pub const MIN_WIDTH: u16 = 60;
/// The smallest terminal the app draws in.
pub const MIN_HEIGHT: u16 = 20;

pub fn frame_layout(area: Rect) -> [Rect; 4] {
    Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// The screen's own area: the body less a one-column margin.
pub fn body_inner(body: Rect) -> Rect {
    body.inner(ratatui::layout::Margin::new(1, 0))
}

pub fn too_small(area: Rect, buf: &mut Buffer, theme: Theme) {
    let text = vec![
        Line::styled("Terminal too small", theme.bad()),
        Line::from(format!(
            "{}×{} now; cardgames needs at least {MIN_WIDTH}×{MIN_HEIGHT}.",
            area.width, area.height
        )),
        Line::from("Enlarge the window, or press Ctrl-C to quit."),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// True when `notice` does not fit the one-row status line of a frame
/// `width` wide (it is drawn after a blank column).
pub fn boxed(notice: &str, width: u16) -> bool {
    notice.contains('\n') || Line::raw(notice).width() + 1 > usize::from(width)
}

/// A long notice, wrapped whole in a box over the body.
pub fn notice_box(area: Rect, buf: &mut Buffer, theme: Theme, text: &str) {
    let inner = usize::from(area.width.saturating_sub(4)).max(1);
    let lines: Vec<Line> = text
        .lines()
        .flat_map(|l| wrap(l, inner))
        .map(|l| Line::styled(l, theme.bad()))
        .collect();
    let h = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect::new(area.x, area.y + (area.height - h) / 2, area.width, h);
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(" Notice ")
                .title_bottom(" any key to close ")
                .border_style(theme.title())
                .padding(Padding::horizontal(1)),
        )
        .render(rect, buf);
}

/// `line` cut into rows of at most `width` columns, between words where it
/// can be (a word longer than a row is cut where the row ends).
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in line.split(' ') {
        let mut chars: Vec<char> = word.chars().collect();
        let used = row.chars().count();
        if used > 0 && used + 1 + chars.len() <= width {
            row.push(' ');
            row.extend(chars);
            continue;
        }
        if used > 0 {
            rows.push(std::mem::take(&mut row));
        }
        while chars.len() > width {
            rows.push(chars.drain(..width).collect());
        }
        row = chars.into_iter().collect();
    }
    rows.push(row);
    rows
}

pub fn rules_overlay(area: Rect, buf: &mut Buffer, theme: Theme, text: &str) {
    let mut lines = text.lines();
    let title = lines.next().unwrap_or("Rules");
    let body: Vec<Line> = lines.skip_while(|l| l.is_empty()).map(Line::raw).collect();
    Clear.render(area, buf);
    Paragraph::new(body)
        .wrap(Wrap { trim: false })
        .block(
            Block::bordered()
                .title(format!(" {title} "))
                .title_bottom(" i or esc to close ")
                .border_style(theme.title()),
        )
        .render(area, buf);
}

pub fn help_overlay(area: Rect, buf: &mut Buffer, theme: Theme, title: &str, hints: &[Hint]) {
    let lines = help_lines(hints, theme);
    let width = lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4;
    let height = lines.len() as u16 + 2;
    let w = width.min(area.width);
    let h = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(format!(" Keys: {title} "))
                .title_bottom(" ? or esc to close ")
                .border_style(theme.title()),
        )
        .render(rect, buf);
}
