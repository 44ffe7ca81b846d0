//! The endgame solver screen: a two-hand honeymoon position, every legal
//! card's double-dummy trick value, cards played with values updating,
//! undo, and an editor to build a position card by card (or deal one).

use rand::seq::SliceRandom;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::tui::hit::Marked;
use crate::tui::keymap::{Binding, Key};
use crate::tui::screen::{Nav, Screen};
use crate::tui::theme::Theme;
use cardgames::cards::{Card, CardSet, Rank, Suit};
use cardgames::game::{GameRng, Seat, rng_from_seed};
use cardgames::honeymoon::solver::{Analysis, Solver};
use cardgames::honeymoon::{NORTH, Position, SOUTH, trump_name};

/// One position of the play, with the tricks taken before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    position: Position,
    taken: [u8; 2],
}

/// Play or edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Play,
    Edit { suit: usize, rank: usize },
}

/// The solver screen.
#[derive(Debug)]
pub struct SolverScreen {
    step: Step,
    history: Vec<Step>,
    /// The position before editing started (esc restores it).
    before_edit: Option<Step>,
    analysis: Option<Analysis>,
    cursor: usize,
    mode: Mode,
    deal_size: usize,
    rng: GameRng,
    solver: Solver,
    error: Option<String>,
}

/// Commands of the solver screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolverAction {
    /// Previous card / edit cursor left.
    Left,
    /// Next card / edit cursor right.
    Right,
    /// Edit cursor up a suit.
    Up,
    /// Edit cursor down a suit.
    Down,
    /// Play the highlighted card.
    Play,
    /// Take back the last card.
    Undo,
    /// Deal a new random position.
    Deal,
    /// One more card per hand in new deals.
    More,
    /// One fewer card per hand in new deals.
    Fewer,
    /// Next trump suit (♠ ♥ ♦ ♣ NT).
    Trump,
    /// The other side leads.
    Leader,
    /// Start editing.
    Edit,
    /// Give the card under the edit cursor to a seat, or to nobody.
    Give(Option<Seat>),
    /// Finish editing.
    Done,
    /// Abandon the edit.
    Cancel,
    /// Back to the menu.
    Back,
    /// A click on a card of the side to play: play it.
    PlayCard(Card),
}

/// Suits top to bottom as drawn.
const SUITS: [Suit; 4] = Suit::PBN_ORDER;

impl SolverScreen {
    /// A screen with a random 7-card-a-side deal from `seed`.
    pub fn new(seed: u64) -> SolverScreen {
        let mut s = SolverScreen {
            step: Step {
                position: Position::new(CardSet::EMPTY, CardSet::EMPTY, None, NORTH),
                taken: [0, 0],
            },
            history: Vec::new(),
            before_edit: None,
            analysis: None,
            cursor: 0,
            mode: Mode::Play,
            deal_size: 7,
            rng: rng_from_seed(seed),
            solver: Solver::new(),
            error: None,
        };
        s.deal();
        s
    }

    fn deal(&mut self) {
        let mut cards: Vec<Card> = Card::all().collect();
        cards.shuffle(&mut self.rng);
        let n = self.deal_size;
        let north: CardSet = cards[..n].iter().copied().collect();
        let south: CardSet = cards[n..2 * n].iter().copied().collect();
        let p = self.step.position;
        self.set_position(Position::new(north, south, p.trump, p.leader));
    }

    /// Starts a fresh play from `position`.
    fn set_position(&mut self, position: Position) {
        self.step = Step {
            position,
            taken: [0, 0],
        };
        self.history.clear();
        self.analyze();
    }

    fn analyze(&mut self) {
        self.cursor = 0;
        match self.solver.analyze(&self.step.position) {
            Ok(a) => {
                self.analysis = Some(a);
                self.error = None;
            }
            Err(e) => {
                self.analysis = None;
                self.error = Some(e.to_string());
            }
        }
    }

    fn selected(&self) -> Option<Card> {
        self.analysis
            .as_ref()?
            .cards
            .get(self.cursor)
            .map(|v| v.card)
    }

    fn play(&mut self, card: Card) {
        if let Ok((next, winner)) = self.step.position.play(card) {
            self.history.push(self.step);
            let mut taken = self.step.taken;
            if let Some(w) = winner {
                taken[w] += 1;
            }
            self.step = Step {
                position: next,
                taken,
            };
            self.analyze();
        }
    }

    fn edit_give(&mut self, suit: usize, rank: usize, seat: Option<Seat>) {
        let card = Card::new(Rank::from_index(12 - rank as u8), SUITS[suit]);
        let mut p = self.step.position;
        p.led = None;
        for hand in &mut p.hands {
            hand.remove(card);
        }
        if let Some(s) = seat {
            p.hands[s].insert(card);
        }
        self.step.position = p;
    }

    fn play_bindings(&self) -> Vec<Binding<SolverAction>> {
        use SolverAction::*;
        let can_play = self.selected().is_some();
        vec![
            Binding::new(
                &[Key::Left, Key::Char('h')],
                "",
                "Highlight the previous card",
                Left,
            )
            .enabled(can_play),
            Binding::new(
                &[Key::Right, Key::Char('l')],
                "card",
                "Highlight the next card",
                Right,
            )
            .enabled(can_play),
            Binding::new(
                &[Key::Enter, Key::Char(' ')],
                "play",
                "Play the highlighted card",
                Play,
            )
            .enabled(can_play),
            Binding::new(
                &[Key::Char('u'), Key::Backspace],
                "undo",
                "Take back the last card",
                Undo,
            )
            .enabled(!self.history.is_empty()),
            Binding::new(
                &[Key::Char('r')],
                "deal",
                "Deal a new random position",
                Deal,
            ),
            Binding::new(
                &[Key::Char('+')],
                "",
                "Deal one more card per hand next time",
                More,
            )
            .enabled(self.deal_size < 13),
            Binding::new(
                &[Key::Char('-')],
                "",
                "Deal one fewer card per hand next time",
                Fewer,
            )
            .enabled(self.deal_size > 1),
            Binding::new(
                &[Key::Char('t')],
                "trump",
                "Change trumps: ♠ ♥ ♦ ♣ NT",
                Trump,
            ),
            Binding::new(
                &[Key::Char('o')],
                "lead",
                "Let the other side lead this trick",
                Leader,
            )
            .enabled(self.step.position.led.is_none()),
            Binding::new(
                &[Key::Char('e')],
                "edit",
                "Edit the hands card by card",
                Edit,
            ),
            Binding::new(
                &[Key::Esc, Key::Char('q')],
                "menu",
                "Back to the menu",
                Back,
            ),
        ]
    }

    fn edit_bindings(&self) -> Vec<Binding<SolverAction>> {
        use SolverAction::*;
        vec![
            Binding::new(&[Key::Left, Key::Char('h')], "", "Cursor left", Left),
            Binding::new(&[Key::Right, Key::Char('l')], "", "Cursor right", Right),
            Binding::new(&[Key::Up, Key::Char('k')], "", "Cursor up", Up),
            Binding::new(&[Key::Down, Key::Char('j')], "move", "Cursor down", Down),
            Binding::new(&[Key::Enter], "done", "Finish editing and solve", Done),
            Binding::new(
                &[Key::Char('n')],
                "north",
                "Give the card to North",
                Give(Some(NORTH)),
            ),
            Binding::new(
                &[Key::Char('s')],
                "south",
                "Give the card to South",
                Give(Some(SOUTH)),
            ),
            Binding::new(
                &[Key::Char('x'), Key::Char(' ')],
                "nobody",
                "Take the card out of play",
                Give(None),
            ),
            Binding::new(
                &[Key::Char('t')],
                "trump",
                "Change trumps: ♠ ♥ ♦ ♣ NT",
                Trump,
            ),
            Binding::new(&[Key::Char('o')], "lead", "Change who leads", Leader),
            Binding::new(&[Key::Esc], "cancel", "Abandon the changes", Cancel),
        ]
    }

    /// Everything drawn: header, then the editor or the two hands around
    /// the trick and the card values; cards to play are click targets.
    fn lines(&self, theme: Theme) -> Marked<SolverAction> {
        let mut lines = Marked::default();
        lines.extend(self.header(theme));
        lines.push(Line::default());
        match self.mode {
            Mode::Edit { suit, rank } => lines.extend(self.edit_lines(suit, rank, theme)),
            Mode::Play => {
                lines.extend_marked(self.hand_lines(NORTH, theme));
                let p = self.step.position;
                let trick = match p.led {
                    Some(c) => Line::from(vec![
                        Span::styled("       Trick: ", theme.dim()),
                        Span::raw(format!(
                            "{} led ",
                            if p.leader == NORTH { "North" } else { "South" }
                        )),
                        Span::styled(theme.card_text(c), theme.suit(c.suit())),
                    ]),
                    None => Line::styled("       Trick: (new)", theme.dim()),
                };
                lines.push(trick);
                lines.extend_marked(self.hand_lines(SOUTH, theme));
                lines.push(Line::default());
                lines.extend(self.value_lines(theme));
            }
        }
        lines
    }

    fn header(&self, theme: Theme) -> Vec<Line<'static>> {
        let p = self.step.position;
        let trump = match p.trump {
            Some(s) => format!("{} {}", theme.suit_text(s), trump_name(p.trump)),
            None => "none (NT)".to_string(),
        };
        let seat = |s: Seat| if s == NORTH { "North" } else { "South" };
        let mut lines = vec![Line::from(vec![
            Span::styled("Trumps ", theme.dim()),
            Span::styled(trump, theme.title()),
            Span::styled("   Lead ", theme.dim()),
            Span::raw(seat(p.leader)),
            Span::styled("   Taken ", theme.dim()),
            Span::raw(format!(
                "N {} · S {}",
                self.step.taken[0], self.step.taken[1]
            )),
        ])];
        lines.push(match (&self.analysis, &self.error) {
            _ if matches!(self.mode, Mode::Edit { .. }) => Line::default(),
            (_, Some(e)) => Line::styled(e.clone(), theme.bad()),
            (Some(a), None) if p.tricks_left() > 0 => Line::from(vec![
                Span::styled("With best play from here: ", theme.dim()),
                Span::styled(
                    format!("North {}, South {}", a.tricks[0], a.tricks[1]),
                    theme.good(),
                ),
                Span::styled(
                    format!(
                        "   (totals N {} · S {})",
                        a.tricks[0] + self.step.taken[0],
                        a.tricks[1] + self.step.taken[1]
                    ),
                    theme.dim(),
                ),
            ]),
            _ => Line::styled("All cards played.", theme.good()),
        });
        lines
    }

    /// One hand, a suit a line; the legal cards of the side to play are
    /// click targets.
    fn hand_lines(&self, seat: Seat, theme: Theme) -> Marked<SolverAction> {
        let p = self.step.position;
        let hand = p.hands[seat];
        let legal = if p.to_move() == seat && self.mode == Mode::Play {
            p.legal()
        } else {
            CardSet::EMPTY
        };
        let name = if seat == NORTH { "North" } else { "South" };
        let mut out = Marked::default();
        for (i, &suit) in SUITS.iter().enumerate() {
            {
                let label = if i == 0 {
                    format!("{name:<7}")
                } else {
                    " ".repeat(7)
                };
                let mut spans = vec![
                    Span::styled(label, theme.player(seat)),
                    Span::styled(theme.suit_text(suit), theme.suit(suit)),
                    Span::raw(" "),
                ];
                let cards: Vec<Card> = hand.of_suit(suit).iter().rev().collect();
                if cards.is_empty() {
                    spans.push(Span::styled("-", theme.dim()));
                }
                for c in cards {
                    let style = if self.selected() == Some(c) {
                        theme.selected()
                    } else if legal.contains(c) {
                        theme.legal()
                    } else {
                        theme.text()
                    };
                    if legal.contains(c) {
                        out.mark(i, spans.len(), SolverAction::PlayCard(c));
                    }
                    spans.push(Span::styled(c.rank().letter().to_string(), style));
                    spans.push(Span::raw(" "));
                }
                out.push(Line::from(spans));
            }
        }
        out
    }

    fn value_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let Some(a) = &self.analysis else {
            return vec![];
        };
        let p = self.step.position;
        if a.cards.is_empty() {
            return vec![];
        }
        let mover = p.to_move();
        let name = if mover == NORTH { "North" } else { "South" };
        let best = a.tricks[mover];
        let mut spans = Vec::new();
        for (i, v) in a.cards.iter().enumerate() {
            let mark = if v.tricks[mover] == best { "*" } else { " " };
            let style = if i == self.cursor {
                theme.selected()
            } else if v.tricks[mover] == best {
                theme.legal()
            } else {
                theme.text()
            };
            spans.push(Span::styled(
                format!("{} {}{mark}", theme.card_text(v.card), v.tricks[mover]),
                style,
            ));
            spans.push(Span::raw("  "));
        }
        vec![
            Line::styled(
                format!("{name} to play: {name}'s tricks after each card (* best)"),
                theme.dim(),
            ),
            Line::from(spans),
        ]
    }

    fn edit_lines(&self, suit_at: usize, rank_at: usize, theme: Theme) -> Vec<Line<'static>> {
        let p = self.step.position;
        let mut lines = vec![
            Line::styled(
                "Give each card to North (n), South (s) or nobody (x); enter solves.",
                theme.dim(),
            ),
            Line::from(format!(
                "   {}",
                Rank::ALL
                    .iter()
                    .rev()
                    .map(|r| r.letter().to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
        ];
        for (si, &suit) in SUITS.iter().enumerate() {
            let mut spans = vec![Span::styled(
                format!(" {} ", theme.suit_text(suit)),
                theme.suit(suit),
            )];
            for ri in 0..13 {
                let card = Card::new(Rank::from_index(12 - ri as u8), suit);
                let (text, style) = if p.hands[NORTH].contains(card) {
                    ("N", theme.player(NORTH))
                } else if p.hands[SOUTH].contains(card) {
                    ("S", theme.player(SOUTH))
                } else {
                    ("·", theme.dim())
                };
                let style = if (si, ri) == (suit_at, rank_at) {
                    theme.selected()
                } else {
                    style
                };
                spans.push(Span::styled(text, style));
                spans.push(Span::raw(" "));
            }
            lines.push(Line::from(spans));
        }
        lines.push(Line::from(format!(
            "North {} cards · South {} cards",
            p.hands[NORTH].len(),
            p.hands[SOUTH].len()
        )));
        lines
    }
}

impl Screen for SolverScreen {
    type Action = SolverAction;

    fn title(&self) -> String {
        match self.mode {
            Mode::Play => "Endgame solver".into(),
            Mode::Edit { .. } => "Endgame solver · editing".into(),
        }
    }

    fn bindings(&self) -> Vec<Binding<SolverAction>> {
        match self.mode {
            Mode::Play => self.play_bindings(),
            Mode::Edit { .. } => self.edit_bindings(),
        }
    }

    fn act(&mut self, action: SolverAction) -> Nav {
        use SolverAction::*;
        let n = self.analysis.as_ref().map_or(0, |a| a.cards.len()).max(1);
        match (self.mode, action) {
            (_, Back) => return Nav::Menu,
            (Mode::Play, Left) => self.cursor = (self.cursor + n - 1) % n,
            (Mode::Play, Right) => self.cursor = (self.cursor + 1) % n,
            (Mode::Play, Play) => {
                if let Some(card) = self.selected() {
                    self.play(card);
                }
            }
            (Mode::Play, PlayCard(card)) => self.play(card),
            (Mode::Play, Undo) => {
                if let Some(prev) = self.history.pop() {
                    self.step = prev;
                    self.analyze();
                }
            }
            (Mode::Play, Deal) => self.deal(),
            (Mode::Play, More) => self.deal_size = (self.deal_size + 1).min(13),
            (Mode::Play, Fewer) => self.deal_size = self.deal_size.saturating_sub(1).max(1),
            (_, Trump) => {
                let p = &mut self.step.position;
                p.trump = match p.trump {
                    Some(Suit::Spades) => Some(Suit::Hearts),
                    Some(Suit::Hearts) => Some(Suit::Diamonds),
                    Some(Suit::Diamonds) => Some(Suit::Clubs),
                    Some(Suit::Clubs) => None,
                    None => Some(Suit::Spades),
                };
                if self.mode == Mode::Play {
                    self.analyze();
                }
            }
            (_, Leader) if self.step.position.led.is_none() => {
                self.step.position.leader = 1 - self.step.position.leader;
                if self.mode == Mode::Play {
                    self.analyze();
                }
            }
            (Mode::Play, Edit) => {
                self.before_edit = Some(self.step);
                self.mode = Mode::Edit { suit: 0, rank: 0 };
            }
            (Mode::Edit { suit, rank }, Left) => {
                self.mode = Mode::Edit {
                    suit,
                    rank: (rank + 12) % 13,
                }
            }
            (Mode::Edit { suit, rank }, Right) => {
                self.mode = Mode::Edit {
                    suit,
                    rank: (rank + 1) % 13,
                }
            }
            (Mode::Edit { suit, rank }, Up) => {
                self.mode = Mode::Edit {
                    suit: (suit + 3) % 4,
                    rank,
                }
            }
            (Mode::Edit { suit, rank }, Down) => {
                self.mode = Mode::Edit {
                    suit: (suit + 1) % 4,
                    rank,
                }
            }
            (Mode::Edit { suit, rank }, Give(seat)) => {
                self.edit_give(suit, rank, seat);
                self.mode = Mode::Edit {
                    suit,
                    rank: (rank + 1) % 13,
                };
            }
            (Mode::Edit { .. }, Done) => {
                let p = self.step.position;
                match p.validate() {
                    Ok(()) => {
                        self.mode = Mode::Play;
                        self.set_position(p);
                    }
                    Err(e) => self.error = Some(e.to_string()),
                }
            }
            (Mode::Edit { .. }, Cancel) => {
                if let Some(s) = self.before_edit.take() {
                    self.step = s;
                }
                self.mode = Mode::Play;
                self.analyze();
            }
            _ => {}
        }
        Nav::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        Paragraph::new(self.lines(theme).lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }

    fn mouse(&self, ev: MouseEvent, area: Rect) -> Option<SolverAction> {
        let MouseEventKind::Down(MouseButton::Left) = ev.kind else {
            return None;
        };
        // The hands come before the value lines, the only ones that wrap;
        // glyphs and letters are one cell wide alike.
        self.lines(Theme::new(false, false))
            .at(area, ev.column, ev.row)
    }

    fn status(&self) -> Option<String> {
        match self.mode {
            Mode::Edit { .. } => self.error.clone(),
            Mode::Play => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playing_follows_the_solver_and_undo_restores() {
        let mut s = SolverScreen::new(5);
        let start = s.step.position;
        let best = s.analysis.as_ref().map(|a| a.tricks).unwrap_or_default();
        assert_eq!(best[0] + best[1], 7);
        // Play the first best card of each turn: the totals never change.
        for _ in 0..4 {
            let a = s
                .analysis
                .as_ref()
                .cloned()
                .unwrap_or_else(|| panic!("analysis"));
            let mover = s.step.position.to_move();
            s.cursor = a
                .cards
                .iter()
                .position(|v| v.tricks[mover] == a.tricks[mover])
                .unwrap_or(0);
            s.act(SolverAction::Play);
            let now = s.analysis.as_ref().map(|a| a.tricks).unwrap_or_default();
            let taken = s.step.taken;
            assert_eq!([now[0] + taken[0], now[1] + taken[1]], best);
        }
        for _ in 0..4 {
            s.act(SolverAction::Undo);
        }
        assert_eq!(s.step.position, start);
        assert_eq!(s.step.taken, [0, 0]);
    }

    #[test]
    fn editing_builds_a_position_and_rejects_bad_ones() {
        let mut s = SolverScreen::new(1);
        s.act(SolverAction::Edit);
        // Clear everything: 52 "nobody" presses walk the whole grid.
        for _ in 0..4 {
            for _ in 0..13 {
                s.act(SolverAction::Give(None));
            }
            s.act(SolverAction::Down);
        }
        // North ♠A, South ♠K (cursor at ♠A after the walk).
        s.act(SolverAction::Give(Some(NORTH)));
        s.act(SolverAction::Done);
        assert!(
            s.status().is_some_and(|e| e.contains("same number")),
            "{:?}",
            s.status()
        );
        s.act(SolverAction::Give(Some(SOUTH)));
        s.act(SolverAction::Done);
        assert_eq!(s.status(), None);
        let a = s
            .analysis
            .as_ref()
            .cloned()
            .unwrap_or_else(|| panic!("solved"));
        assert_eq!(a.tricks, [1, 0], "North's ace wins the one trick");
    }
}
