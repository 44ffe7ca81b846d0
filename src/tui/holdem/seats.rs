//! The Hold'em table drawn: each seat's box round the table (name, button
//! and blinds, stack and bet, cards as the person may see them) and the
//! board and pots in the middle.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::super::link::Seen;
use super::super::theme::Theme;
use cardgames::game::Seat;
use cardgames::holdem::action::Status;
use cardgames::holdem::session::Holdem;

/// Draws every seat and the middle of the table.
pub fn render(seen: &Seen<Holdem>, area: Rect, buf: &mut Buffer, theme: Theme) {
    for seat in 0..seen.view.state.seats() {
        render_seat(seen, seat, area, buf, theme);
    }
    render_center(seen, area, buf, theme);
}

/// The width of a seat's box in a table area `w` wide.
fn seat_width(w: u16) -> u16 {
    if w >= 70 { 16 } else { 12 }
}

/// Where `seat`'s box is drawn in a table area `w` × `h`: the person at
/// the bottom middle, the others clockwise round from the bottom left.
fn seat_origin(seen: &Seen<Holdem>, seat: Seat, w: u16, h: u16) -> (u16, u16) {
    const ANCHORS: [(f32, u8); 9] = [
        (0.50, 2),
        (0.17, 2),
        (0.00, 1),
        (0.10, 0),
        (0.37, 0),
        (0.63, 0),
        (0.90, 0),
        (1.00, 1),
        (0.83, 2),
    ];
    let n = seen.view.state.seats().max(2);
    let me = seen.me.unwrap_or(0);
    let k = (seat + n - me) % n;
    let anchor = if k == 0 {
        0
    } else {
        ((k * 9) as f32 / n as f32).round().clamp(1.0, 8.0) as usize
    };
    let (fx, row) = ANCHORS[anchor];
    let x = ((w.saturating_sub(seat_width(w))) as f32 * fx).round() as u16;
    let y = match row {
        0 => 0,
        1 => h.saturating_sub(3) / 2,
        _ => h.saturating_sub(3),
    };
    (x, y)
}

fn render_seat(seen: &Seen<Holdem>, seat: Seat, area: Rect, buf: &mut Buffer, theme: Theme) {
    let st = &seen.view.state;
    let (x, y) = seat_origin(seen, seat, area.width, area.height);
    let (sb, bb) = st.blind_seats();
    let mut marks = Vec::new();
    if st.button() == seat {
        marks.push("D");
    }
    if sb == seat {
        marks.push("SB");
    }
    if bb == seat {
        marks.push("BB");
    }
    let acting = st.to_act() == Some(seat);
    let pointer = match (acting, theme.ascii) {
        (true, false) => "▶",
        (true, true) => ">",
        _ => " ",
    };
    if seen.away(seat) {
        marks.push("away");
    }
    if seen.empty(seat) {
        // A free seat at a hall's table: no stack, no cards.
        let (x, y) = seat_origin(seen, seat, area.width, area.height);
        if y < area.height {
            let w = seat_width(area.width).min(area.width.saturating_sub(x));
            buf.set_stringn(
                area.x + x,
                area.y + y,
                " empty seat",
                usize::from(w),
                theme.dim(),
            );
        }
        return;
    }
    let head = format!("{pointer}{} {}", seen.name(seat), marks.join(" "));
    let name_style = if acting {
        theme.selected()
    } else {
        theme.player(seat)
    };
    let bet = st.street_bets()[seat];
    let narrow = seat_width(area.width) < 16;
    let chips = match (bet, narrow) {
        (0, _) => format!(" {}", st.stacks()[seat]),
        (_, false) => format!(" {} · bet {bet}", st.stacks()[seat]),
        (_, true) => format!(" {} b{bet}", st.stacks()[seat]),
    };
    let status = st.statuses()[seat];
    let shown = st.hole(seat);
    let hidden = if theme.ascii {
        " ## ##"
    } else {
        " ▒▒ ▒▒"
    };
    let (cards, style): (String, Style) = match (status, shown) {
        (Status::Out, _) => (" out".into(), theme.dim()),
        (Status::Folded, _) => (" folded".into(), theme.dim()),
        (_, Some(c)) => (
            format!(" {} {}", theme.card_text(c[0]), theme.card_text(c[1])),
            theme.text(),
        ),
        (_, None) => (hidden.into(), theme.dim()),
    };
    let cards = if status == Status::AllIn {
        format!("{cards} all-in")
    } else {
        cards
    };
    let w = seat_width(area.width).min(area.width.saturating_sub(x));
    let put = |dy: u16, text: &str, style: Style, buf: &mut Buffer| {
        if y + dy < area.height {
            buf.set_stringn(area.x + x, area.y + y + dy, text, usize::from(w), style);
        }
    };
    put(0, &head, name_style, buf);
    put(1, &chips, theme.text(), buf);
    if let Some(c) = shown.filter(|_| status.is_in()) {
        let mut cx = area.x + x + 1;
        for card in c {
            let text = theme.card_text(card);
            if y + 2 < area.height {
                buf.set_string(cx, area.y + y + 2, &text, theme.suit(card.suit()));
            }
            cx += text.chars().count() as u16 + 1;
        }
        if status == Status::AllIn && y + 2 < area.height {
            buf.set_string(cx, area.y + y + 2, "all-in", theme.text());
        }
    } else {
        put(2, &cards, style, buf);
    }
}

fn render_center(seen: &Seen<Holdem>, area: Rect, buf: &mut Buffer, theme: Theme) {
    let st = &seen.view.state;
    let mut spans = vec![Span::styled("Board ", theme.dim())];
    for i in 0..5 {
        match st.board().get(i) {
            Some(c) => spans.push(Span::styled(
                theme.card_text(*c),
                theme.suit(c.suit()).patch(theme.title()),
            )),
            None => spans.push(Span::styled("··", theme.dim())),
        }
        spans.push(Span::raw(" "));
    }
    // Side pots matter once somebody is all in.
    let pots = st.pots();
    let all_in = st.statuses().contains(&Status::AllIn);
    let pot_text = if all_in && pots.len() > 1 {
        let side: Vec<String> = pots[1..].iter().map(|p| p.amount.to_string()).collect();
        format!(
            "Pot {} · main {} · side {}",
            st.pot_total(),
            pots[0].amount,
            side.join(" + ")
        )
    } else {
        format!("Pot {}", st.pot_total())
    };
    let lines = vec![Line::from(spans), Line::styled(pot_text, theme.title())];
    let width = 30.min(area.width);
    let x = area.x + (area.width - width) / 2;
    let y = area.y + area.height.saturating_sub(2) / 2;
    let rect = Rect::new(x, y, width, 2.min(area.height));
    Paragraph::new(lines).centered().render(rect, buf);
}
