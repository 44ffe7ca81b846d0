//! The honeymoon board's panels beside the table: the double-dummy review
//! of the deal just played (the exchange's face-up cards and their sampled
//! worth, each card of the play with North's tricks before and after it,
//! mistakes marked `!` and highlighted, the best cards instead) and the
//! match (every deal's result; with duplicate, each deal and its swapped
//! replay side by side, each deal's score part by part; deals with undos
//! marked `*`), and a deal's score part by part at its end.

use ratatui::text::{Line, Span};

use crate::tui::link::Seen;
use crate::tui::theme::Theme;
use cardgames::game::Seat;
use cardgames::honeymoon::NORTH;
use cardgames::honeymoon::review::Review;
use cardgames::honeymoon::{DealLine, DealResult, Honeymoon, score_parts};

use super::hand::{me, opponent};
use super::words::contract_text;

/// A panel: lines that stay at the top and lines that scroll.
pub struct Panel {
    /// Always shown.
    pub head: Vec<Line<'static>>,
    /// Scrolled.
    pub body: Vec<Line<'static>>,
}

/// The match-over screen: who won and by how much, the keys, then the
/// match panel's deals.
pub fn match_over_lines(seen: &Seen<Honeymoon>, theme: Theme) -> Panel {
    let v = &seen.view;
    let mine = me(seen);
    let (you, other) = (v.totals[mine], v.totals[1 - mine]);
    let verdict = match you.cmp(&other) {
        std::cmp::Ordering::Greater => format!("You win, {you} to {other}"),
        std::cmp::Ordering::Less => {
            let who = opponent(seen);
            let who = if who == "computer" {
                "The computer".to_string()
            } else {
                who
            };
            format!("{who} wins, {other} to {you}")
        }
        std::cmp::Ordering::Equal => format!("A tie at {you}"),
    };
    let keys = if seen.online {
        "A new match comes in a moment".to_string()
    } else {
        "n: new match · q: menu".to_string()
    };
    let Panel { head, body } = match_lines(seen, theme);
    let mut lines = vec![
        Line::styled(format!("Match over ({})", v.options.length), theme.title()),
        Line::styled(verdict, theme.title()),
        Line::styled(keys, theme.title()),
        Line::default(),
    ];
    lines.extend(head.into_iter().skip(1));
    Panel { head: lines, body }
}

/// The lines of `panel` that fit `height` rows, the body from `scroll`.
pub fn panel_view(panel: Panel, scroll: usize, height: u16) -> Vec<Line<'static>> {
    let room = usize::from(height).saturating_sub(panel.head.len());
    let top = scroll.min(panel.body.len().saturating_sub(room));
    let mut lines = panel.head;
    lines.extend(panel.body.into_iter().skip(top).take(room));
    lines
}

fn short(seen: &Seen<Honeymoon>, seat: Seat) -> String {
    if Some(seat) == seen.me {
        "you".into()
    } else if seat == NORTH {
        "N".into()
    } else {
        "S".into()
    }
}

/// The review of the deal just played.
pub fn review_lines(seen: &Seen<Honeymoon>, r: &Review, theme: Theme) -> Panel {
    let mine = me(seen);
    let Some(record) = &seen.view.record else {
        return Panel {
            head: vec![Line::styled("No deal to review", theme.dim())],
            body: Vec::new(),
        };
    };
    let c = record.contract;
    let head = vec![
        Line::styled(
            format!(
                "Review · {} by {} · {} tricks · par N {}",
                contract_text(c, theme),
                short(seen, c.declarer),
                record.declarer_tricks,
                r.par
            ),
            theme.title(),
        ),
        Line::from(vec![
            Span::styled("Lost to mistakes: ", theme.dim()),
            Span::styled(
                format!("you {}", r.lost[mine]),
                if r.lost[mine] > 0 {
                    theme.bad()
                } else {
                    theme.good()
                },
            ),
            Span::raw(format!(" · {} {}", short(seen, 1 - mine), r.lost[1 - mine])),
        ]),
    ];
    let mut body = Vec::new();
    if !r.exchange.is_empty() {
        body.push(Line::styled(
            "Exchange: face-up card, taker, worth (tricks)",
            theme.dim(),
        ));
        for x in &r.exchange {
            let verb = if x.taken_by == mine {
                "you took"
            } else {
                "gave up "
            };
            body.push(Line::from(vec![
                Span::raw(format!("{:>3} ", x.trick)),
                Span::styled(theme.card_text(x.face_up), theme.suit(x.face_up.suit())),
                Span::raw(format!("  {verb}  {:+.1}", x.worth)),
            ]));
        }
    }
    body.push(Line::styled(
        "Play: trick, who, card, N tricks before→after",
        theme.dim(),
    ));
    for p in &r.plays {
        let mut spans = vec![
            Span::raw(format!("{:>3} {:<4}", p.trick, short(seen, p.seat))),
            Span::styled(
                format!("{:<4}", theme.card_text(p.card)),
                theme.suit(p.card.suit()),
            ),
            Span::raw(format!("{:>2}→{:<2}", p.north_before, p.north_after)),
        ];
        if p.cost > 0 {
            let best: Vec<String> = p.best.iter().map(|&b| theme.card_text(b)).collect();
            spans.push(Span::styled(format!(" !-{} ", p.cost), theme.bad()));
            spans.push(Span::styled(
                format!("best {}", best.join(" ")),
                theme.dim(),
            ));
        }
        body.push(Line::from(spans));
    }
    if let Some(cl) = r.claim {
        body.push(Line::styled(
            format!(
                "Claim: {} {} of the rest (best play {}){}",
                short(seen, cl.seat),
                cl.tricks,
                cl.best,
                if cl.cost > 0 {
                    format!(" !-{}", cl.cost)
                } else {
                    String::new()
                }
            ),
            if cl.cost > 0 {
                theme.bad()
            } else {
                theme.text()
            },
        ));
    }
    Panel { head, body }
}

/// A deal's score part by part, a line each, then who scores the total.
pub fn score_lines(
    seen: &Seen<Honeymoon>,
    result: &DealResult,
    theme: Theme,
) -> Vec<Line<'static>> {
    let c = result.contract;
    let parts = score_parts(c, result.declarer_tricks, seen.view.options.scoring);
    let mut lines = vec![Line::styled(
        format!(
            "Score · {} took {} tricks",
            seen.name(c.declarer),
            result.declarer_tricks
        ),
        theme.title(),
    )];
    for (points, name) in parts.named() {
        lines.push(Line::raw(format!(" {points:>5} {name}")));
    }
    let total = parts.total();
    let to = if total >= 0 {
        c.declarer
    } else {
        1 - c.declarer
    };
    lines.push(Line::styled(
        format!(" {:>5} to {}", total.abs(), seen.name(to)),
        theme.player(to),
    ));
    lines
}

/// A deal's score parts, `40 trick points + 20 overtricks`, on lines of
/// at most `PARTS_WIDTH` characters.
fn parts_lines(seen: &Seen<Honeymoon>, line: &DealLine) -> Vec<String> {
    let r = &line.result;
    let mut lines: Vec<String> = Vec::new();
    let parts = score_parts(r.contract, r.declarer_tricks, seen.view.options.scoring);
    for (points, name) in parts.named() {
        let part = format!("{points} {name}");
        match lines.last_mut() {
            Some(last) if last.chars().count() + part.chars().count() + 3 <= PARTS_WIDTH => {
                last.push_str(" + ");
                last.push_str(&part);
            }
            _ => lines.push(part),
        }
    }
    lines
}

/// Width of the score parts in the match panel (it is 49 wide at 80×24).
const PARTS_WIDTH: usize = 42;

/// Your points less the computer's in a deal.
fn net(line: &DealLine, mine: Seat) -> i64 {
    line.result.score[mine] - line.result.score[1 - mine]
}

/// One deal's result in a few words: `1♦ N 8 +90*`.
fn result_text(seen: &Seen<Honeymoon>, line: &DealLine, theme: Theme) -> String {
    let c = line.result.contract;
    format!(
        "{} {} {:>2} {:+}{}",
        contract_text(c, theme),
        short(seen, c.declarer),
        line.result.declarer_tricks,
        net(line, me(seen)),
        if line.undos > 0 { "*" } else { "" }
    )
}

/// The match: every deal, duplicate pairs side by side.
pub fn match_lines(seen: &Seen<Honeymoon>, theme: Theme) -> Panel {
    let v = &seen.view;
    let mine = me(seen);
    let deals = &v.deals;
    let duplicate = deals.iter().any(|d| d.replay) || v.options.duplicate;
    let undone = deals.iter().filter(|d| d.undos > 0).count();
    let mut head = vec![Line::styled(
        format!(
            "Match · you {} · {} {} · {} deal{}",
            v.totals[mine],
            opponent(seen),
            v.totals[1 - mine],
            deals.len(),
            if deals.len() == 1 { "" } else { "s" }
        ),
        theme.title(),
    )];
    head.push(Line::styled(
        if duplicate {
            "Deal  as dealt          swapped          net".to_string()
        } else {
            "Deal  contract, tricks, your net".to_string()
        },
        theme.dim(),
    ));
    let mut body = Vec::new();
    let mut i = 0;
    let mut number = 1;
    while i < deals.len() {
        let first = &deals[i];
        let pair = deals.get(i + 1).filter(|d| d.replay && !first.replay);
        let text = match (duplicate, pair) {
            (true, Some(second)) => format!(
                "{number:>4}  {:<16} {:<16} {:+}",
                result_text(seen, first, theme),
                result_text(seen, second, theme),
                net(first, mine) + net(second, mine)
            ),
            _ => format!("{number:>4}  {}", result_text(seen, first, theme)),
        };
        body.push(Line::raw(text));
        for deal in std::iter::once(first).chain(pair) {
            for text in parts_lines(seen, deal) {
                body.push(Line::styled(format!("      {text}"), theme.dim()));
            }
        }
        i += if pair.is_some() { 2 } else { 1 };
        number += 1;
    }
    if body.is_empty() {
        body.push(Line::styled("No deal finished yet", theme.dim()));
    }
    if undone > 0 {
        body.push(Line::styled(
            format!(
                "* cards were taken back ({undone} deal{})",
                if undone == 1 { "" } else { "s" }
            ),
            theme.dim(),
        ));
    }
    Panel { head, body }
}
