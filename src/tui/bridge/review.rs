//! The review of a board just finished: the double-dummy table and par
//! (solved by the session as the board ended), and each card played with
//! its double-dummy cost in tricks, as the honeymoon review gives it.

use ratatui::text::{Line, Span};

use crate::tui::link::Seen;
use crate::tui::theme::Theme;
use cardgames::bridge::board::Direction;
use cardgames::bridge::session::{ContractBridge, Review as Solved, TableView};
use cardgames::bridge::solver::{Position, Solver, par};
use cardgames::cards::{Card, Suit};

/// One trick with each card's cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrickCosts {
    /// Who led.
    pub leader: Direction,
    /// The cards from the leader on, each with the tricks it cost its side.
    pub cards: Vec<(Card, u8)>,
    /// Who won.
    pub winner: Direction,
}

/// A board reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The double-dummy table and par (the session's when it solved the
    /// board to score it, else solved here).
    pub solved: Solved,
    /// The tricks with their costs.
    pub tricks: Vec<TrickCosts>,
}

/// The review of the board `view` shows, once it is over and was played.
pub fn review(view: &TableView) -> Option<Review> {
    let b = &view.board;
    b.result?;
    let mut hands = b.hands;
    for t in &b.tricks {
        for (k, &c) in t.cards.iter().enumerate() {
            hands[t.leader.step(k).index()].insert(c);
        }
    }
    let mut solver = Solver::new();
    let solved = match &view.review {
        Some(r) => r.clone(),
        None => {
            let table = solver.table(&hands).ok()?;
            let par = par(&table, b.vulnerability, b.dealer);
            Solved { table, par }
        }
    };
    let Some(contract) = b.contract else {
        return Some(Review {
            solved,
            tricks: Vec::new(),
        });
    };
    let mut out = Vec::new();
    for t in &b.tricks {
        let mut pos = Position::new(hands, contract.bid.strain, t.leader);
        let mut cards = Vec::new();
        for &card in &t.cards {
            let seat = pos.to_play();
            let side = seat.side().index();
            let cost = solver.analyse(&pos).ok().map_or(0, |a| {
                let got = a
                    .cards
                    .iter()
                    .find(|c| c.card == card)
                    .map_or(a.tricks[side], |c| c.tricks[side]);
                a.tricks[side].saturating_sub(got)
            });
            cards.push((card, cost));
            pos.hands[seat.index()].remove(card);
            pos.trick.push(card);
        }
        for (k, &c) in t.cards.iter().enumerate() {
            hands[t.leader.step(k).index()].remove(c);
        }
        out.push(TrickCosts {
            leader: t.leader,
            cards,
            winner: t.winner,
        });
    }
    Some(Review {
        solved,
        tricks: out,
    })
}

/// The review's lines: the result, par, the table, then trick by trick.
pub fn lines(seen: &Seen<ContractBridge>, r: &Review, theme: Theme) -> Vec<Line<'static>> {
    let v = &seen.view;
    let mut out = Vec::new();
    if let Some(res) = v.board.result {
        out.push(Line::styled(
            format!("Board {}: {}", v.board.board, res.line(theme.ascii)),
            theme.title(),
        ));
    }
    {
        let rev = &r.solved;
        let pars = if rev.par.contracts.is_empty() {
            "pass".to_string()
        } else {
            rev.par.contracts.join(", ")
        };
        out.push(Line::raw(format!("Par {:+} NS ({pars})", rev.par.score)));
        let heads: String = Suit::ALL
            .iter()
            .map(|&s| format!("{:>3}", theme.suit_text(s)))
            .collect();
        out.push(Line::styled(
            format!("Double dummy {heads} NT"),
            theme.dim(),
        ));
        for d in Direction::ALL {
            let row: String = rev.table.tricks[d.index()]
                .iter()
                .map(|t| format!("{t:>3}"))
                .collect();
            out.push(Line::raw(format!("  {:<10}{row}", d.name())));
        }
    }
    let lost: u32 = r
        .tricks
        .iter()
        .flat_map(|t| &t.cards)
        .map(|(_, c)| u32::from(*c))
        .sum();
    out.push(Line::styled(
        format!("Cards that cost a trick: {lost} tricks in all"),
        theme.dim(),
    ));
    for (i, t) in r.tricks.iter().enumerate() {
        let mut spans = vec![Span::styled(format!("{:>2} ", i + 1), theme.dim())];
        for (k, (c, cost)) in t.cards.iter().enumerate() {
            let who = t.leader.step(k).letter();
            spans.push(Span::raw(format!("{who} ")));
            spans.push(Span::styled(theme.card_text(*c), theme.suit(c.suit())));
            let mark = if *cost > 0 {
                format!("-{cost} ")
            } else {
                "   ".into()
            };
            spans.push(Span::styled(
                mark,
                if *cost > 0 { theme.bad() } else { theme.dim() },
            ));
        }
        spans.push(Span::styled(format!("→{}", t.winner.letter()), theme.dim()));
        out.push(Line::from(spans));
    }
    out
}
