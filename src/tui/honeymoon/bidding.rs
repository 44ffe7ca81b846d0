//! The honeymoon board's bidding box: the legal calls and bids, the bid
//! under the cursor and its moves along the ladder of legal bids, and the
//! auction so far above the box, every legal bid a click target.

use ratatui::text::{Line, Span};

use super::ui::{Command, Ui};
use super::words::{call_text, short_name, strain_text};
use crate::tui::hit::Marked;
use crate::tui::link::Seen;
use crate::tui::theme::Theme;
use cardgames::honeymoon::{Action, Bid, Call, Honeymoon, Strain};

pub(super) fn legal_calls(seen: &Seen<Honeymoon>) -> Vec<Call> {
    seen.legal
        .iter()
        .filter_map(|a| match a {
            Action::Call(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Your legal bids, lowest first.
pub(super) fn legal_bids(seen: &Seen<Honeymoon>) -> Vec<Bid> {
    let mut bids: Vec<Bid> = legal_calls(seen)
        .into_iter()
        .filter_map(|c| match c {
            Call::Bid(b) => Some(b),
            _ => None,
        })
        .collect();
    bids.sort();
    bids
}

/// The bid under the cursor: the one chosen while it stays legal, else
/// the lowest legal bid.
pub(super) fn cursor_bid(seen: &Seen<Honeymoon>, ui: &Ui) -> Option<Bid> {
    let bids = legal_bids(seen);
    ui.bid
        .filter(|b| bids.contains(b))
        .or_else(|| bids.first().copied())
}

/// The cursor moved along the ladder of legal bids: `step` bids on
/// (Left/Right), or a level up or down in the same strain (Up/Down).
pub(super) fn move_bid(seen: &Seen<Honeymoon>, ui: &mut Ui, command: Command) {
    let bids = legal_bids(seen);
    let Some(at) = cursor_bid(seen, ui) else {
        return;
    };
    let i = bids.iter().position(|&b| b == at).unwrap_or_default();
    let level = |delta: i8| {
        let bid = Bid {
            level: at.level.checked_add_signed(delta)?,
            strain: at.strain,
        };
        bids.contains(&bid).then_some(bid)
    };
    let to = match command {
        Command::Left => bids.get(i.saturating_sub(1)).copied(),
        Command::Right => bids.get(i + 1).copied(),
        Command::Up => level(-1).or(bids.first().copied()),
        Command::Down => level(1),
        _ => None,
    };
    if let Some(bid) = to {
        ui.bid = Some(bid);
    }
}

/// The auction so far and the bidding box; on your turn every legal bid
/// is a click target.
pub(super) fn bidding_lines(seen: &Seen<Honeymoon>, ui: &Ui, theme: Theme) -> Marked<Command> {
    let v = &seen.view;
    let calls = legal_calls(seen);
    let mine = seen.my_turn();
    let cursor = cursor_bid(seen, ui);
    let auction: Vec<String> = v
        .auction
        .iter()
        .map(|(s, c)| format!("{} {}", short_name(seen, *s), call_text(*c, theme)))
        .collect();
    let mut lines = Marked::default();
    lines.push(Line::from(vec![
        Span::styled("Auction ", theme.dim()),
        Span::raw(if auction.is_empty() {
            "—".to_string()
        } else {
            auction.join("  ")
        }),
    ]));
    for level in 1..=7u8 {
        let mut spans = vec![Span::styled(format!("  {level} "), theme.dim())];
        for strain in &Strain::ALL {
            let bid = Bid {
                level,
                strain: *strain,
            };
            let legal = calls.contains(&Call::Bid(bid));
            // Bids below the auction show as a dot: not by colour alone.
            let shown = if legal || !mine {
                strain_text(*strain, theme)
            } else {
                "·".to_string()
            };
            let style = if Some(bid) == cursor && mine {
                theme.selected()
            } else if legal {
                theme.legal()
            } else {
                theme.disabled()
            };
            if mine && legal {
                lines.mark(usize::from(level), spans.len(), Command::BidAt(bid));
            }
            spans.push(Span::styled(format!("{shown:<3}"), style));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    lines
}
