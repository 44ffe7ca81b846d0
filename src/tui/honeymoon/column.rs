//! The honeymoon board's game column: the match score, phase and
//! contract; the auction or the table (the other hand, the face-up stock
//! card, the trick led, the last trick); your hand with the solver's
//! values when asked for; and the prompt.

use ratatui::text::{Line, Span};

use super::bidding::bidding_lines;
use super::hand::{legal_cards, me, tricks_left};
use super::panels::score_lines;
use super::ui::{Command, Ui};
use super::words::{contract_text, seat_word, short_name};
use crate::tui::hit::Marked;
use crate::tui::link::Seen;
use crate::tui::theme::{Theme, spinner};
use cardgames::cards::{Card, Suit};
use cardgames::game::Seat;
use cardgames::honeymoon::{Honeymoon, NORTH, Phase, Played, SOUTH};
use cardgames::narrate::plural;

/// The match score, the phase (with the dealer while bidding, the tricks
/// while playing) and the contract, a line each so that they fit the
/// narrowest table column.
pub(super) fn header(seen: &Seen<Honeymoon>, theme: Theme) -> Vec<Line<'static>> {
    let v = &seen.view;
    let mut lines = vec![Line::from(vec![
        Span::styled("Match ", theme.dim()),
        Span::styled(
            format!(
                "{} {} · {} {}",
                seat_word(seen, NORTH),
                v.totals[NORTH],
                seat_word(seen, SOUTH),
                v.totals[SOUTH]
            ),
            theme.title(),
        ),
    ])];
    let status = match v.phase {
        Phase::Bidding if seen.me == Some(v.dealer) => "Bidding · you deal".to_string(),
        Phase::Bidding => format!("Bidding · {} deals", seat_word(seen, v.dealer)),
        Phase::Exchange => format!("Exchange trick {}/13", (v.exchange_tricks + 1).min(13)),
        Phase::Play => format!(
            "Play · tricks N {} S {}",
            v.play_tricks[NORTH], v.play_tricks[SOUTH]
        ),
        Phase::Over => "Deal over".to_string(),
    };
    lines.push(Line::styled(status, theme.text()));
    match v.contract {
        Some(c) => {
            let by = if seen.me == Some(c.declarer) {
                "you".to_string()
            } else {
                seat_word(seen, c.declarer)
            };
            lines.push(Line::styled(
                format!(
                    "Contract {} by {by}, needs {}",
                    contract_text(c, theme),
                    c.target()
                ),
                theme.text(),
            ));
        }
        None if v.phase == Phase::Over => lines.push(Line::styled("No contract", theme.text())),
        None => {}
    }
    lines
}

/// The game column: match and contract, the auction or the table, your
/// hand and the prompt.
pub(super) fn left_lines(seen: &Seen<Honeymoon>, ui: &Ui, theme: Theme) -> Marked<Command> {
    let mut lines = Marked::default();
    lines.extend(header(seen, theme));
    lines.push(Line::default());
    if seen.view.phase == Phase::Bidding {
        lines.extend_marked(bidding_lines(seen, ui, theme));
    } else {
        lines.extend(table_lines(seen, theme));
    }
    lines.push(match seen.view.last_trick().filter(|_| ui.peek) {
        Some(last) => last_trick_line(seen, last, theme),
        None => Line::default(),
    });
    if let Some(result) = seen.view.result.filter(|_| seen.view.phase == Phase::Over) {
        lines.extend(score_lines(seen, &result, theme));
    } else if seen.me.is_some() {
        lines.push(Line::styled("Your hand", theme.player(me(seen))));
        lines.extend_marked(hand_lines(seen, ui, theme));
        if ui.hinting && seen.view.phase == Phase::Play {
            lines.push(Line::styled(
                "card:tricks you take from here (solver)",
                theme.dim(),
            ));
        }
    }
    lines.push(Line::default());
    let prompt = match ui.claim {
        Some(n) => format!(
            "Claim {n} of the {} tricks left: ↑/↓, enter (esc: play on)",
            tricks_left(seen)
        ),
        None => prompt(seen, theme),
    };
    lines.push(Line::styled(prompt, theme.title()));
    lines
}

/// Your hand, a suit a line; legal cards are click targets.
pub(super) fn hand_lines(seen: &Seen<Honeymoon>, ui: &Ui, theme: Theme) -> Marked<Command> {
    let v = &seen.view;
    let legal = legal_cards(seen);
    let selected = legal.get(ui.card).copied();
    let mut out = Marked::default();
    for (line, &suit) in Suit::PBN_ORDER.iter().enumerate() {
        let mut spans = vec![
            Span::raw(" "),
            Span::styled(theme.suit_text(suit), theme.suit(suit)),
            Span::raw(" "),
        ];
        let cards: Vec<Card> = v.hand.of_suit(suit).iter().rev().collect();
        if cards.is_empty() {
            spans.push(Span::styled("-", theme.dim()));
        }
        for c in cards {
            let style = if Some(c) == selected {
                theme.selected()
            } else if legal.contains(&c) {
                theme.legal()
            } else {
                theme.text()
            };
            let text = match ui
                .hint
                .as_ref()
                .and_then(|a| a.cards.iter().find(|x| x.card == c))
            {
                Some(x) => format!("{}:{}", c.rank().letter(), x.tricks[me(seen)]),
                None => c.rank().letter().to_string(),
            };
            if legal.contains(&c) {
                out.mark(line, spans.len(), Command::PlayCard(c));
            }
            spans.push(Span::styled(text, style));
            spans.push(Span::raw(" "));
        }
        out.push(Line::from(spans));
    }
    out
}

pub(super) fn table_lines(seen: &Seen<Honeymoon>, theme: Theme) -> Vec<Line<'static>> {
    let v = &seen.view;
    let other = 1 - me(seen);
    let mut lines = Vec::new();
    let known: Vec<String> = v
        .other_known()
        .sorted_for_display()
        .iter()
        .map(|c| theme.card_text(*c))
        .collect();
    let mut row = vec![
        Span::styled(format!("{} ", seat_word(seen, other)), theme.player(other)),
        Span::raw(format!(
            "{} {}",
            v.other_count,
            plural(v.other_count as u64, "card")
        )),
    ];
    if v.phase == Phase::Play && seen.me.is_some() {
        // Every other card is dead or in your hand: the other hand is known.
        let hand = v.unseen() | v.other_known();
        for suit in Suit::PBN_ORDER {
            let ranks = cardgames::cards::pbn::suit_string(hand, suit);
            row.push(Span::styled(
                format!(" {}", theme.suit_text(suit)),
                theme.suit(suit),
            ));
            row.push(Span::raw(if ranks.is_empty() {
                "-".to_string()
            } else {
                ranks
            }));
        }
    } else if !known.is_empty() {
        row.push(Span::styled(
            format!("  holds {}", known.join(" ")),
            theme.dim(),
        ));
    }
    lines.push(Line::from(row));
    if let Some(c) = v.face_up {
        lines.push(Line::from(vec![
            Span::styled("Face up ", theme.dim()),
            Span::styled(
                theme.card_text(c),
                theme.suit(c.suit()).patch(theme.title()),
            ),
            Span::styled(
                format!("  ({} left in the stock)", v.stock_left),
                theme.dim(),
            ),
        ]));
    } else {
        lines.push(Line::default());
    }
    let trick = match v.led {
        Some(c) => Line::from(vec![
            Span::styled("Trick   ", theme.dim()),
            Span::raw(format!("{} led ", seat_word(seen, v.leader))),
            Span::styled(theme.card_text(c), theme.suit(c.suit())),
        ]),
        None => Line::styled("Trick   —", theme.dim()),
    };
    lines.push(trick);
    lines
}

/// The last completed trick, lead first, and who won it.
pub(super) fn last_trick_line(
    seen: &Seen<Honeymoon>,
    (cards, winner): ([Played; 2], Seat),
    theme: Theme,
) -> Line<'static> {
    let mut spans = vec![Span::styled("Last trick ", theme.dim())];
    for p in cards {
        spans.push(Span::raw(format!("{} ", short_name(seen, p.seat))));
        spans.push(Span::styled(
            theme.card_text(p.card),
            theme.suit(p.card.suit()),
        ));
        spans.push(Span::raw("  "));
    }
    spans.push(Span::styled(
        format!("won by {}", seat_word(seen, winner)),
        theme.text(),
    ));
    Line::from(spans)
}

pub(super) fn prompt(seen: &Seen<Honeymoon>, theme: Theme) -> String {
    let v = &seen.view;
    if let Some(r) = v.result {
        let mine = me(seen);
        return format!(
            "Deal scored: you {:+}. {}",
            r.score[mine] - r.score[1 - mine],
            seen.next("deal")
        );
    }
    if let (Some(t), false) = (seen.thinking, seen.my_turn()) {
        let who = seen
            .to_act()
            .map(|s| seat_word(seen, s))
            .unwrap_or_default();
        return format!("{who} is thinking {}", spinner(t, theme.ascii));
    }
    match (v.phase, seen.my_turn()) {
        (Phase::Bidding, true) => "Your call: bid (enter) or pass (p)".into(),
        (Phase::Exchange | Phase::Play, true) => "Your card: ←/→ and enter".into(),
        _ => format!(
            "{} to play",
            seen.to_act()
                .map(|s| seat_word(seen, s))
                .unwrap_or_default()
        ),
    }
}
