//! Honeymoon bridge on screen: the bidding box with the legal bids, the
//! exchange (the face-up stock card, your hidden draws, who took what),
//! the play against the contract with the solver's value of each card on
//! request, claims and undo, the deal's score and the match total; after a
//! deal its double-dummy review, and the match view (duplicate pairs side
//! by side, deals with undos marked). At a table on this machine you are
//! South and the computer North.
//!
//! This file holds the board's state, its commands and what they do; its
//! parts: the game column ([`column`]), the bidding box ([`bidding`]), the
//! table's keys ([`keys`]), the review and match panels ([`panels`]), what
//! is read from the position for you ([`hand`]), and how the game's words
//! are written ([`words`]).

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

mod bidding;
mod column;
mod hand;
mod keys;
mod panels;
pub mod solver;
mod ui;
mod words;

use bidding::{cursor_bid, legal_bids, move_bid};
use column::left_lines;
use hand::{analysis, legal_cards, me, opponent, tricks_left};
use keys::table_bindings;
use panels::{match_lines, match_over_lines, panel_view, review_lines};
use ui::Panel;
pub use ui::{Command, Ui};

use super::keymap::{Binding, Key};
use super::link::Seen;
use super::log::LogPane;
use super::table::{Board, Reply, Running};
use super::theme::Theme;
use cardgames::game::Seat;
use cardgames::honeymoon::SOUTH;
use cardgames::honeymoon::review::{self};
use cardgames::honeymoon::solver::Solver;
use cardgames::honeymoon::{Action, Call, Honeymoon, Phase};

/// Sampled worlds per exchange trick in the review on screen.
const REVIEW_SAMPLES: usize = 6;

/// The table column and the log: the log is 30 columns wide, narrower
/// (down to 20) when the table column would have less than 38.
fn split(area: Rect) -> [Rect; 2] {
    let log = area.width.saturating_sub(38).clamp(20, 30);
    Layout::horizontal([Constraint::Min(0), Constraint::Length(log)]).areas(area)
}

impl Board for Honeymoon {
    type Ui = Ui;
    type Command = Command;
    const HOME: Seat = SOUTH;
    const NEXT: &'static str = "next deal";

    fn next_hint(seen: &Seen<Honeymoon>) -> (&'static str, &'static str) {
        if seen.view.match_over {
            ("new match", "Start a new match: this one is over")
        } else {
            (Self::NEXT, "Deal the next deal")
        }
    }

    fn seat_names(_seats: usize) -> Vec<String> {
        vec!["North".into(), "South".into()]
    }

    fn title(seen: &Seen<Honeymoon>, _running: &Running) -> String {
        match seen.me {
            Some(m) => {
                let other = match seen.bots.get(1 - m) {
                    Some(Some(bot)) => bot.clone(),
                    _ => seen.name(1 - m),
                };
                format!(
                    "Honeymoon bridge · you are {} · {}: {other}",
                    ["North", "South"][m],
                    ["North", "South"][1 - m],
                )
            }
            None => "Honeymoon bridge · watching".into(),
        }
    }

    fn summary(seen: &Seen<Honeymoon>, _running: &Running) -> String {
        let t = seen.view.totals;
        let mine = me(seen);
        format!("you {} · {} {}", t[mine], opponent(seen), t[1 - mine])
    }

    fn finished(seen: &Seen<Honeymoon>) -> bool {
        seen.view.match_over
    }

    fn bindings(seen: &Seen<Honeymoon>, ui: &Ui) -> Vec<Binding<Command>> {
        if let Some(n) = ui.claim {
            let left = tricks_left(seen);
            return vec![
                Binding::new(
                    &[Key::Up, Key::Char('k')],
                    "",
                    "One trick more",
                    Command::Up,
                )
                .enabled(n < left),
                Binding::new(
                    &[Key::Down, Key::Char('j')],
                    "tricks",
                    "One trick fewer",
                    Command::Down,
                )
                .enabled(n > 0),
                Binding::new(
                    &[Key::Enter],
                    "claim",
                    "Claim that many of the tricks left",
                    Command::ClaimNow,
                ),
                Binding::new(&[Key::Esc], "cancel", "Play on", Command::Close),
            ];
        }
        let over = seen.view.match_over;
        let mut keys = match ui.panel {
            Panel::Table if !over => table_bindings(seen, ui),
            Panel::Table | Panel::Review(_) | Panel::Match => vec![
                Binding::new(
                    &[Key::Up, Key::Char('k')],
                    "",
                    "Scroll up",
                    Command::ScrollUp,
                ),
                Binding::new(
                    &[Key::Down, Key::Char('j')],
                    "scroll",
                    "Scroll down",
                    Command::ScrollDown,
                ),
                Binding::new(&[Key::Esc], "table", "Back to the table", Command::Close)
                    .enabled(!matches!(ui.panel, Panel::Table)),
            ],
        };
        keys.push(
            Binding::new(
                &[Key::Char('r')],
                "review",
                "Review the deal just played double dummy: each card's cost, the best cards, the par",
                Command::Review,
            )
            .enabled(seen.view.record.is_some()),
        );
        keys.push(Binding::new(
            &[Key::Char('m')],
            "match",
            "The match: every deal's result, duplicate pairs side by side, undos marked",
            Command::Match,
        ));
        keys
    }

    fn command(seen: &Seen<Honeymoon>, ui: &mut Ui, command: Command) -> Reply<Action> {
        let n = legal_cards(seen).len().max(1);
        let phase = seen.view.phase;
        if let Some(tricks) = ui.claim {
            match command {
                Command::Up => ui.claim = Some((tricks + 1).min(tricks_left(seen))),
                Command::Down => ui.claim = Some(tricks.saturating_sub(1)),
                Command::ClaimNow => {
                    ui.claim = None;
                    return Reply::Act(Action::Claim(tricks));
                }
                Command::Close => ui.claim = None,
                _ => {}
            }
            return Reply::Done;
        }
        match command {
            Command::Claim if phase == Phase::Play && seen.my_turn() => {
                ui.claim = Some(tricks_left(seen));
                return Reply::Done;
            }
            Command::Undo => return Reply::Undo,
            Command::Review => {
                ui.scroll = 0;
                ui.panel = match (&ui.panel, &seen.view.record) {
                    (Panel::Review(_), _) | (_, None) => Panel::Table,
                    (_, Some(record)) => {
                        match review::review(record, &mut Solver::new(), REVIEW_SAMPLES, 0) {
                            Ok(r) => Panel::Review(Box::new(r)),
                            Err(e) => return Reply::Error(e.to_string()),
                        }
                    }
                };
                return Reply::Done;
            }
            Command::Match => {
                ui.scroll = 0;
                ui.panel = match ui.panel {
                    Panel::Match => Panel::Table,
                    _ => Panel::Match,
                };
                return Reply::Done;
            }
            Command::Close => {
                ui.panel = Panel::Table;
                return Reply::Done;
            }
            Command::ScrollUp => {
                ui.scroll = ui.scroll.saturating_sub(1);
                return Reply::Done;
            }
            Command::ScrollDown => {
                ui.scroll += 1;
                return Reply::Done;
            }
            _ => {}
        }
        match (phase, command) {
            (Phase::Bidding, Command::Left | Command::Right | Command::Up | Command::Down) => {
                move_bid(seen, ui, command)
            }
            (Phase::Bidding, Command::Choose) => {
                if let Some(bid) = cursor_bid(seen, ui) {
                    return Reply::Act(Action::Call(Call::Bid(bid)));
                }
            }
            (Phase::Bidding, Command::Pass) => return Reply::Act(Action::Call(Call::Pass)),
            (Phase::Bidding, Command::Double) => return Reply::Act(Action::Call(Call::Double)),
            (Phase::Bidding, Command::Redouble) => return Reply::Act(Action::Call(Call::Redouble)),
            (Phase::Bidding, Command::BidAt(bid)) if legal_bids(seen).contains(&bid) => {
                if cursor_bid(seen, ui) == Some(bid) {
                    return Reply::Act(Action::Call(Call::Bid(bid)));
                }
                ui.bid = Some(bid);
            }
            (_, Command::PlayCard(c)) if legal_cards(seen).contains(&c) => {
                return Reply::Act(Action::Play(c));
            }
            (_, Command::Left) => ui.card = (ui.card + n - 1) % n,
            (_, Command::Right) => ui.card = (ui.card + 1) % n,
            (_, Command::Choose) => {
                if let Some(&c) = legal_cards(seen).get(ui.card) {
                    return Reply::Act(Action::Play(c));
                }
            }
            (_, Command::LastTrick) => ui.peek = !ui.peek,
            (_, Command::Hint) => {
                ui.hinting = !ui.hinting;
                ui.hint = if ui.hinting { analysis(seen) } else { None };
            }
            _ => {}
        }
        Reply::Done
    }

    fn moved(seen: &Seen<Honeymoon>, ui: &mut Ui) {
        ui.card = 0;
        ui.peek &= seen.view.last_trick().is_some();
        ui.claim = None;
        // At this machine the next deal comes on `n`, which leaves the
        // review; at a hall it comes by itself, and the review stays open
        // until closed.
        if seen.view.record.is_none() && !seen.online && matches!(ui.panel, Panel::Review(_)) {
            ui.panel = Panel::Table;
        }
        ui.hint = if ui.hinting { analysis(seen) } else { None };
    }

    fn render(
        seen: &Seen<Honeymoon>,
        ui: &Ui,
        log: &LogPane,
        area: Rect,
        buf: &mut Buffer,
        theme: Theme,
    ) {
        let [left, right] = split(area);
        let lines = match &ui.panel {
            Panel::Table if seen.view.match_over => {
                panel_view(match_over_lines(seen, theme), ui.scroll, left.height)
            }
            Panel::Table => left_lines(seen, ui, theme).fit(left.height).lines,
            Panel::Review(r) => panel_view(review_lines(seen, r, theme), ui.scroll, left.height),
            Panel::Match => panel_view(match_lines(seen, theme), ui.scroll, left.height),
        };
        Paragraph::new(lines).render(left, buf);
        let block = Block::new()
            .borders(Borders::LEFT)
            .border_style(theme.dim());
        let inner = block.inner(right);
        let room = usize::from(inner.height.saturating_sub(1));
        Paragraph::new(log.lines(room, inner.width, theme))
            .block(block)
            .render(right, buf);
    }

    fn mouse(seen: &Seen<Honeymoon>, ui: &Ui, ev: MouseEvent, area: Rect) -> Option<Command> {
        let MouseEventKind::Down(MouseButton::Left) = ev.kind else {
            return None;
        };
        if !matches!(ui.panel, Panel::Table) || seen.view.match_over {
            return None;
        }
        let [left, _] = split(area);
        left_lines(seen, ui, Theme::new(false, false))
            .fit(left.height)
            .at(left, ev.column, ev.row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardgames::cards::{Card, Suit};
    use cardgames::game::{Game, Playable, Stage};
    use cardgames::honeymoon::Bid;
    use cardgames::honeymoon::Setup;
    use cardgames::honeymoon::{NORTH, Strain};
    use column::{header, table_lines};

    fn seen(other_count: usize) -> Seen<Honeymoon> {
        let game =
            <Honeymoon as Playable>::new(&Setup::default(), 1).unwrap_or_else(|e| panic!("{e}"));
        let mut view = game.view(SOUTH);
        view.other_count = other_count;
        Seen {
            me: Some(SOUTH),
            view,
            legal: Vec::new(),
            stage: Stage::Turn(NORTH),
            names: vec!["North".into(), "South".into()],
            bots: vec![Some("normal".into()), None],
            away: Vec::new(),
            empty: Vec::new(),
            thinking: None,
            setup: Setup::default(),
            online: false,
        }
    }

    fn first_line(seen: &Seen<Honeymoon>) -> String {
        table_lines(seen, Theme::new(false, false))
            .first()
            .map(ToString::to_string)
            .unwrap_or_default()
    }

    /// South to call, after `calls` (from the dealer on).
    fn bidding(options: Setup, calls: &[Call]) -> Seen<Honeymoon> {
        let mut game = Honeymoon::new(options, NORTH, 3);
        for &c in calls {
            game.apply(Action::Call(c))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        if game.to_act() != Some(SOUTH) {
            game.apply(Action::Call(Call::Pass))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        seen_of(&game)
    }

    /// South's seat at `game`.
    fn seen_of(game: &Honeymoon) -> Seen<Honeymoon> {
        Seen {
            me: Some(SOUTH),
            view: game.view(SOUTH),
            legal: if game.to_act() == Some(SOUTH) {
                game.legal_actions()
            } else {
                Vec::new()
            },
            stage: game.to_act().map_or(Stage::Over, Stage::Turn),
            names: vec!["North".into(), "South".into()],
            bots: vec![Some("normal".into()), None],
            away: Vec::new(),
            empty: Vec::new(),
            thinking: None,
            setup: game.options(),
            online: false,
        }
    }

    fn text(seen: &Seen<Honeymoon>, ui: &Ui) -> String {
        left_lines(seen, ui, Theme::new(false, true))
            .lines
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn at_a_hall_the_review_stays_open_when_the_next_deal_comes() {
        let mut game = Honeymoon::new(Setup::default(), NORTH, 3);
        // The first cards each time, one bid of the lowest, then passes.
        let mut bid = true;
        while game.view(SOUTH).phase != Phase::Over {
            let legal = game.legal_actions();
            let action = match legal
                .iter()
                .find(|a| matches!(a, Action::Call(Call::Bid(_))))
            {
                Some(&b) if bid => b,
                _ if game.view(SOUTH).phase == Phase::Bidding => Action::Call(Call::Pass),
                _ => legal[0],
            };
            bid &= !matches!(action, Action::Call(Call::Bid(_)));
            game.apply(action).unwrap_or_else(|e| panic!("{e}"));
        }
        let over = seen_of(&game);
        let record = over
            .view
            .record
            .as_ref()
            .unwrap_or_else(|| panic!("no record"));
        let r = review::review(record, &mut Solver::new(), 1, 0).unwrap_or_else(|e| panic!("{e}"));
        let next = seen_of(&Honeymoon::new(Setup::default(), SOUTH, 4));
        for online in [true, false] {
            let mut ui = Ui {
                panel: Panel::Review(Box::new(r.clone())),
                ..Ui::default()
            };
            let seen = Seen {
                online,
                ..next.clone()
            };
            <Honeymoon as Board>::moved(&seen, &mut ui);
            assert_eq!(
                matches!(ui.panel, Panel::Review(_)),
                online,
                "online: {online}"
            );
        }
    }

    #[test]
    fn the_last_trick_is_shown_on_b_until_b_again() {
        let mut game = Honeymoon::new(Setup::default(), NORTH, 3);
        for call in [Call::Bid(bid(1, Strain::Clubs)), Call::Pass] {
            game.apply(Action::Call(call))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let mut ui = Ui::default();
        let seen = seen_of(&game);
        assert!(seen.view.last_trick().is_none());
        let _ = Honeymoon::command(&seen, &mut ui, Command::LastTrick);
        assert!(!text(&seen, &ui).contains("Last trick"));
        let mut cards = Vec::new();
        for _ in 0..3 {
            let Some(&Action::Play(c)) = game.legal_actions().first() else {
                panic!("no card")
            };
            cards.push(c);
            game.apply(Action::Play(c))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        // One trick done and the next one led: the peek shows the first.
        let seen = seen_of(&game);
        let Some((played, _)) = seen.view.last_trick() else {
            panic!("no last trick")
        };
        assert_eq!([played[0].card, played[1].card], [cards[0], cards[1]]);
        let mut ui = Ui::default();
        assert!(!text(&seen, &ui).contains("Last trick"));
        let _ = Honeymoon::command(&seen, &mut ui, Command::LastTrick);
        let shown = text(&seen, &ui);
        let theme = Theme::new(false, true);
        assert!(
            shown.contains(&format!(
                "Last trick N {}  Y {}  won by",
                theme.card_text(cards[0]),
                theme.card_text(cards[1])
            )),
            "{shown}"
        );
        let _ = Honeymoon::command(&seen, &mut ui, Command::LastTrick);
        assert!(!text(&seen, &ui).contains("Last trick"));
    }

    fn bid(level: u8, strain: Strain) -> Bid {
        Bid { level, strain }
    }

    fn cursor_after(seen: &Seen<Honeymoon>, keys: &[Command]) -> Option<Bid> {
        let mut ui = Ui::default();
        for &k in keys {
            let _ = Honeymoon::command(seen, &mut ui, k);
        }
        cursor_bid(seen, &ui)
    }

    #[test]
    fn the_bidding_cursor_starts_on_the_lowest_legal_bid_and_keeps_to_legal_bids() {
        use Command::{Down, Left, Right, Up};
        let seen = bidding(Setup::default(), &[Call::Bid(bid(1, Strain::Hearts))]);
        assert_eq!(cursor_after(&seen, &[]), Some(bid(1, Strain::Spades)));
        assert_eq!(cursor_after(&seen, &[Left]), Some(bid(1, Strain::Spades)));
        assert_eq!(cursor_after(&seen, &[Up]), Some(bid(1, Strain::Spades)));
        assert_eq!(cursor_after(&seen, &[Right]), Some(bid(1, Strain::NoTrump)));
        assert_eq!(
            cursor_after(&seen, &[Right, Right]),
            Some(bid(2, Strain::Clubs))
        );
        // Up from 2♣ would be 1♣, below the auction: the cursor stays legal.
        assert_eq!(
            cursor_after(&seen, &[Right, Right, Up]),
            Some(bid(1, Strain::Spades))
        );
        assert_eq!(cursor_after(&seen, &[Down]), Some(bid(2, Strain::Spades)));
        let top = [Down; 9];
        assert_eq!(cursor_after(&seen, &top), Some(bid(7, Strain::Spades)));
        // Without no trump, the ladder skips NT.
        let options = Setup {
            no_trump: false,
            ..Setup::default()
        };
        let seen = bidding(options, &[Call::Bid(bid(1, Strain::Spades))]);
        assert_eq!(cursor_after(&seen, &[]), Some(bid(2, Strain::Clubs)));
        assert_eq!(cursor_after(&seen, &[Left]), Some(bid(2, Strain::Clubs)));
        let seen = bidding(options, &[Call::Bid(bid(1, Strain::Hearts))]);
        assert_eq!(cursor_after(&seen, &[Right]), Some(bid(2, Strain::Clubs)));
        // A click on a bid below the auction does nothing.
        let mut ui = Ui::default();
        let _ = Honeymoon::command(&seen, &mut ui, Command::BidAt(bid(1, Strain::Clubs)));
        assert_eq!(cursor_bid(&seen, &ui), Some(bid(1, Strain::Spades)));
    }

    #[test]
    fn ascii_mode_draws_suits_in_one_case_and_an_ascii_spinner() {
        let mut seen = bidding(Setup::default(), &[]);
        seen.stage = Stage::Turn(NORTH);
        seen.thinking = Some(std::time::Duration::from_millis(100));
        let shown = text(&seen, &Ui::default());
        assert!(shown.contains("North is thinking /"), "{shown}");
        assert!(shown.contains(" s ") && !shown.contains(" S "), "{shown}");
        let theme = Theme::new(false, true);
        let card = Card::new(cardgames::cards::Rank::Ace, Suit::Spades);
        assert!(
            theme
                .card_text(card)
                .ends_with(&theme.suit_text(Suit::Spades))
        );
    }

    #[test]
    fn the_dealer_is_named_with_the_verb_that_agrees() {
        let status = |dealer| {
            let seen = seen_of(&Honeymoon::new(Setup::default(), dealer, 3));
            header(&seen, Theme::new(false, true))
                .get(1)
                .map(ToString::to_string)
                .unwrap_or_default()
        };
        assert_eq!(status(NORTH), "Bidding · North deals");
        assert_eq!(status(SOUTH), "Bidding · you deal");
    }

    #[test]
    fn the_other_hand_is_counted_in_card_or_cards() {
        let one = first_line(&seen(1));
        assert!(
            one.starts_with("North 1 card") && !one.contains("cards"),
            "{one}"
        );
        let two = first_line(&seen(2));
        assert!(two.starts_with("North 2 cards"), "{two}");
    }
}
