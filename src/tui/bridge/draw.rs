//! How the bridge board is drawn: the header (board, dealer,
//! vulnerability, contract, tricks), the hands around the table with the
//! trick in the middle, your hand and the bidding box during the auction,
//! the auction's four columns (or what each call means), and the match's
//! boards.

use ratatui::text::{Line, Span};

use super::{Command, STRAINS, Ui, cursor_bid, legal_bids, legal_calls, legal_cards};
use crate::tui::hit::Marked;
use crate::tui::link::Seen;
use crate::tui::theme::Theme;
use cardgames::bridge::board::Direction;
use cardgames::bridge::bots::bidding;
use cardgames::bridge::contract::{Bid, Call, Strain};
use cardgames::bridge::narration::{unit_text, vulnerable_text};
use cardgames::bridge::session::ContractBridge;
use cardgames::bridge::state::Phase;
use cardgames::cards::{Card, Suit};

/// A call as drawn: `1♠`, `3NT`, `Pass`, `X`, `XX`.
fn call_text(call: Call, theme: Theme) -> String {
    match call {
        Call::Bid(b) => bid_text(b, theme),
        Call::Pass => "Pass".into(),
        Call::Double => "X".into(),
        Call::Redouble => "XX".into(),
    }
}

fn strain_text(s: Strain, theme: Theme) -> String {
    s.trump().map_or("NT".into(), |suit| theme.suit_text(suit))
}

fn bid_text(b: Bid, theme: Theme) -> String {
    format!("{}{}", b.level, strain_text(b.strain, theme))
}

/// The name shown for compass seat `d`: "You", the person's or bot's
/// name, with the compass letter.
fn who(seen: &Seen<ContractBridge>, d: Direction) -> String {
    let seat = seen.view.seat_of(d);
    let name = seen.name(seat);
    let dummy = seen
        .view
        .board
        .contract
        .filter(|_| seen.view.board.phase != Phase::Auction)
        .map(|c| c.dummy());
    let tag = if Some(d) == dummy { " (dummy)" } else { "" };
    format!("{} {name}{tag}", d.letter())
}

/// The lines of one hand: a suit a line, spades first; a hidden hand as
/// its card count. On your turn the legal cards of the hand to play are
/// click targets, the one under the cursor marked.
fn hand_lines(
    seen: &Seen<ContractBridge>,
    ui: &Ui,
    d: Direction,
    indent: usize,
    theme: Theme,
) -> Marked<Command> {
    let v = &seen.view.board;
    let hand = v.hands[d.index()];
    let mut out = Marked::default();
    out.push(Line::from(vec![
        Span::raw(" ".repeat(indent)),
        Span::styled(who(seen, d), theme.player(d.index())),
    ]));
    if hand.is_empty() {
        let n = v.counts[d.index()];
        out.push(Line::from(vec![
            Span::raw(" ".repeat(indent)),
            Span::styled(
                if n == 0 {
                    String::new()
                } else {
                    format!("{n} cards")
                },
                theme.dim(),
            ),
        ]));
        for _ in 0..3 {
            out.push(Line::default());
        }
        return out;
    }
    let playing = seen.my_turn() && v.to_play == Some(d);
    let legal = if playing {
        legal_cards(seen)
    } else {
        Vec::new()
    };
    let cursor = legal.get(ui.card).copied();
    for suit in Suit::PBN_ORDER {
        let mut spans = vec![
            Span::raw(" ".repeat(indent)),
            Span::styled(format!("{} ", theme.suit_text(suit)), theme.suit(suit)),
        ];
        let cards: Vec<Card> = hand.of_suit(suit).sorted_for_display();
        if cards.is_empty() {
            spans.push(Span::styled("—", theme.dim()));
        }
        let line = out.lines.len();
        for c in cards {
            let style = if Some(c) == cursor {
                theme.selected()
            } else if legal.contains(&c) {
                theme.legal()
            } else {
                theme.text()
            };
            if legal.contains(&c) {
                out.mark(line, spans.len(), Command::PlayCard(c));
            }
            spans.push(Span::styled(c.rank().letter().to_string(), style));
            spans.push(Span::raw(" "));
        }
        out.push(Line::from(spans));
    }
    out
}

/// The header: board, dealer, vulnerability; the contract and tricks.
fn header(seen: &Seen<ContractBridge>, theme: Theme) -> Vec<Line<'static>> {
    let v = &seen.view.board;
    let mut first = format!(
        "Board {} · {} deals · {}",
        v.board,
        v.dealer.name(),
        vulnerable_text(v.vulnerability)
    );
    if let Some(c) = v.contract {
        first = format!(
            "{first} · {}{} by {}",
            bid_text(c.bid, theme),
            c.doubling.text(),
            c.declarer.letter()
        );
    }
    let second = match (v.phase, v.result) {
        (_, Some(r)) => format!("{} · v: review", r.line(theme.ascii)),
        (Phase::Play, _) => format!("Tricks NS {} · EW {}", v.won[0], v.won[1]),
        _ => String::new(),
    };
    vec![
        Line::styled(first, theme.title()),
        Line::styled(second, theme.dim()),
    ]
}

/// The trick in the middle: the card each seat played to it.
fn trick_cells(seen: &Seen<ContractBridge>) -> [Option<Card>; 4] {
    let v = &seen.view.board;
    let mut cells = [None; 4];
    let (leader, cards) = match (v.leader, v.trick.is_empty(), v.tricks.last()) {
        (Some(l), false, _) => (l, v.trick.clone()),
        (_, _, Some(t)) if v.trick.is_empty() => (t.leader, t.cards.to_vec()),
        _ => return cells,
    };
    for (k, c) in cards.into_iter().enumerate() {
        cells[leader.step(k).index()] = Some(c);
    }
    cells
}

fn card_span(c: Option<Card>, theme: Theme) -> Span<'static> {
    match c {
        Some(c) => Span::styled(format!("{:<3}", theme.card_text(c)), theme.suit(c.suit())),
        None => Span::raw("   "),
    }
}

/// The table in play: partner (or whoever sits across) on top, left and
/// right beside the trick, you below; during the auction, your hand and
/// the bidding box.
pub fn table(seen: &Seen<ContractBridge>, ui: &Ui, theme: Theme) -> Marked<Command> {
    let v = &seen.view.board;
    let me = seen.view.me.unwrap_or(Direction::South);
    let mut out = Marked::default();
    out.extend(header(seen, theme));
    if v.phase == Phase::Auction {
        out.extend_marked(hand_lines(seen, ui, me, 2, theme));
        out.push(Line::default());
        out.extend_marked(bidding_box(seen, ui, theme));
        if let Some(n) = ui.claim {
            out.push(Line::raw(format!("Claim {n}")));
        }
        return out;
    }
    let across = me.partner();
    let left = me.next();
    let right = me.step(3);
    out.extend_marked(hand_lines(seen, ui, across, 16, theme));
    let l = hand_lines(seen, ui, left, 0, theme);
    let r = hand_lines(seen, ui, right, 0, theme);
    let cells = trick_cells(seen);
    let mut middle = Marked::default();
    for i in 0..5 {
        let mut spans: Vec<Span<'static>> = Vec::new();
        let base = l.lines.get(i).cloned().unwrap_or_default();
        let width = base.width();
        spans.extend(base.spans);
        spans.push(Span::raw(" ".repeat(20usize.saturating_sub(width))));
        let (a, b, c) = match i {
            1 => (None, cells[across.index()], None),
            2 => (cells[left.index()], None, cells[right.index()]),
            3 => (None, cells[me.index()], None),
            _ => (None, None, None),
        };
        spans.push(card_span(a, theme));
        spans.push(card_span(b, theme));
        spans.push(card_span(c, theme));
        spans.push(Span::raw("  "));
        if let Some(line) = r.lines.get(i) {
            spans.extend(line.spans.clone());
        }
        middle.push(Line::from(spans));
    }
    out.extend_marked(middle);
    out.extend_marked(hand_lines(seen, ui, me, 16, theme));
    if let Some(n) = ui.claim {
        out.push(Line::styled(
            format!("Claim {n} of the tricks left? ↑↓, Enter"),
            theme.title(),
        ));
    } else if seen.my_turn() {
        let hand = v.to_play.map_or("your hand".into(), |d| {
            if d == me {
                "your hand".to_string()
            } else {
                format!("{}'s hand", d.name())
            }
        });
        out.push(Line::styled(
            format!("Play from {hand}: ←→ and Enter, or click"),
            theme.title(),
        ));
    }
    out
}

/// The bidding box: the legal bids by level, the cursor's marked, and
/// pass, double and redouble when legal.
fn bidding_box(seen: &Seen<ContractBridge>, ui: &Ui, theme: Theme) -> Marked<Command> {
    let mut out = Marked::default();
    if !seen.my_turn() {
        let to = seen.to_act().map(|s| seen.name(s)).unwrap_or_default();
        out.push(Line::styled(format!("{to} to call…"), theme.dim()));
        return out;
    }
    let bids = legal_bids(seen);
    let cursor = cursor_bid(seen, ui);
    for level in 1..=7u8 {
        if !bids.iter().any(|b| b.level == level) {
            continue;
        }
        let mut spans = vec![Span::styled(format!("  {level} "), theme.dim())];
        for strain in STRAINS {
            let bid = Bid { level, strain };
            if !bids.contains(&bid) {
                spans.push(Span::raw("    "));
                continue;
            }
            let style = if Some(bid) == cursor {
                theme.selected()
            } else {
                theme.legal()
            };
            let line = out.lines.len();
            out.mark(line, spans.len(), Command::BidAt(bid));
            spans.push(Span::styled(
                format!("{:<3}", strain_text(strain, theme)),
                style,
            ));
            spans.push(Span::raw(" "));
        }
        out.push(Line::from(spans));
    }
    let calls = legal_calls(seen);
    let mut spans = vec![Span::raw("  ")];
    for (call, key, cmd) in [
        (Call::Pass, "p", Command::Pass),
        (Call::Double, "d", Command::Double),
        (Call::Redouble, "r", Command::Redouble),
    ] {
        if calls.contains(&call) {
            let line = out.lines.len();
            out.mark(line, spans.len(), cmd);
            spans.push(Span::styled(
                format!("{} ({key})", call_text(call, theme)),
                theme.legal(),
            ));
            spans.push(Span::raw("  "));
        }
    }
    out.push(Line::from(spans));
    out
}

/// The auction in four columns from West (the dealer's first call in its
/// column), or, with `alerts`, each call and what it means.
pub fn auction(
    seen: &Seen<ContractBridge>,
    alerts: bool,
    width: u16,
    theme: Theme,
) -> Vec<Line<'static>> {
    let v = &seen.view.board;
    let mut out = Vec::new();
    if alerts {
        out.push(Line::styled("The auction (a to close)", theme.title()));
        for k in 0..v.calls.len() {
            let d = v.dealer.step(k);
            let text = bidding::explain(v.dealer, v.vulnerability, &v.calls, k);
            let line = format!("{} {text}", d.letter());
            for chunk in wrap(&line, usize::from(width)) {
                out.push(Line::raw(chunk));
            }
        }
        out.push(Line::default());
        return out;
    }
    let order = [
        Direction::West,
        Direction::North,
        Direction::East,
        Direction::South,
    ];
    out.push(Line::from(
        order
            .iter()
            .map(|d| {
                let style = if Some(*d) == seen.view.me {
                    theme.title()
                } else {
                    theme.dim()
                };
                Span::styled(format!("{:<6}", d.letter()), style)
            })
            .collect::<Vec<_>>(),
    ));
    let start = order.iter().position(|&d| d == v.dealer).unwrap_or(0);
    let mut cells: Vec<String> = vec![String::new(); start];
    cells.extend(v.calls.iter().map(|&c| call_text(c, theme)));
    if v.phase == Phase::Auction {
        cells.push("?".into());
    }
    for row in cells.chunks(4) {
        out.push(Line::raw(
            row.iter().map(|c| format!("{c:<6}")).collect::<String>(),
        ));
    }
    out.push(Line::default());
    out
}

/// `text` cut into lines of `width` columns at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width.max(8) {
            out.push(std::mem::take(&mut line));
            line.push_str("  ");
        } else if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The match: each board's contract, result, par and score, and the
/// totals.
pub fn match_lines(seen: &Seen<ContractBridge>, theme: Theme) -> Vec<Line<'static>> {
    let v = &seen.view;
    let mut out = vec![Line::styled(
        format!(
            "The match: {} of {} boards, {}",
            v.scored.len(),
            v.boards,
            v.scoring
        ),
        theme.title(),
    )];
    out.push(Line::styled(
        format!(
            "{:>3}  {:<18}{:>7}{:>7}  {}",
            "Bd", "Result", "NS", "Par", "NS score"
        ),
        theme.dim(),
    ));
    for s in &v.scored {
        out.push(Line::raw(format!(
            "{:>3}  {:<18}{:>+7}{:>+7}  {}",
            s.board,
            s.result
                .line(theme.ascii)
                .split(" ")
                .take(2)
                .collect::<Vec<_>>()
                .join(" "),
            s.result.ns_score,
            s.par,
            unit_text(v.scoring, s.ns)
        )));
    }
    let [ns, ew] = v.totals();
    out.push(Line::styled(
        format!("Totals: North-South {ns} · East-West {ew}"),
        theme.title(),
    ));
    out
}

/// Lines from `scroll` on, as many as fit.
pub fn scrolled(lines: Vec<Line<'static>>, scroll: usize, height: u16) -> Vec<Line<'static>> {
    lines
        .into_iter()
        .skip(scroll)
        .take(usize::from(height))
        .collect()
}
