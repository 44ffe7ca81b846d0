//! Contract bridge on screen: during the auction your hand and a bidding
//! box of the legal calls, the auction in four columns beside it (`?`
//! explains every call as the bots' system reads it); in the play the
//! four hands around the table (yours and dummy face up, the others as
//! card counts), the trick in the middle, tricks per side; claims
//! (checked by the solver) and undo; after a board its review (the
//! double-dummy table, the par and each card's cost) and the match's
//! boards with their scores. At a table on this machine you sit in the
//! setup's seat (South by default), the computer in the others.
//!
//! This file holds the board's state, its keys and what they do; the
//! drawing is in [`draw`], the review in [`review`].

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

mod draw;
mod review;

use super::keymap::{Binding, Key};
use super::link::Seen;
use super::log::LogPane;
use super::table::{Board, Reply, Running};
use super::theme::Theme;
use cardgames::bridge::contract::{Bid, Call, Strain};
use cardgames::bridge::session::{ContractBridge, HOME};
use cardgames::bridge::state::{Action, Phase};
use cardgames::cards::Card;
use cardgames::game::Seat;

/// What the left column shows.
#[derive(Debug, Default)]
pub enum Panel {
    /// The table.
    #[default]
    Table,
    /// The board just finished, reviewed double dummy.
    Review(Box<review::Review>),
    /// The match's boards.
    Match,
}

/// The board's state between frames.
#[derive(Debug, Default)]
pub struct Ui {
    /// The card under the cursor (an index into the legal cards).
    card: usize,
    /// The bid under the cursor while it stays legal.
    bid: Option<Bid>,
    /// The auction's explanations are shown instead of the log.
    alerts: bool,
    /// Tricks to claim, while a claim is chosen.
    claim: Option<u8>,
    panel: Panel,
    scroll: usize,
}

/// The board's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Previous card or bid.
    Left,
    /// Next card or bid.
    Right,
    /// A bid a level lower.
    Up,
    /// A bid a level higher.
    Down,
    /// Play the card or make the bid under the cursor.
    Choose,
    /// Pass.
    Pass,
    /// Double.
    Double,
    /// Redouble.
    Redouble,
    /// A click on a legal card.
    PlayCard(Card),
    /// A click on a legal bid: choose it, or make it when chosen.
    BidAt(Bid),
    /// Show or hide what each call means.
    Alerts,
    /// Start a claim.
    Claim,
    /// Make the claim chosen.
    ClaimNow,
    /// Take back your last card.
    Undo,
    /// The review of the board just finished.
    Review,
    /// The match's boards.
    Match,
    /// Back to the table.
    Close,
    /// Scroll a panel.
    ScrollUp,
    /// Scroll a panel.
    ScrollDown,
}

/// The legal calls now.
fn legal_calls(seen: &Seen<ContractBridge>) -> Vec<Call> {
    seen.legal
        .iter()
        .filter_map(|a| match a {
            Action::Call(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// The legal bids, lowest first.
fn legal_bids(seen: &Seen<ContractBridge>) -> Vec<Bid> {
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

/// The legal cards now, in the order drawn (spades first, high first).
fn legal_cards(seen: &Seen<ContractBridge>) -> Vec<Card> {
    let set: cardgames::cards::CardSet = seen
        .legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect();
    set.sorted_for_display()
}

/// The bid under the cursor.
fn cursor_bid(seen: &Seen<ContractBridge>, ui: &Ui) -> Option<Bid> {
    let bids = legal_bids(seen);
    ui.bid
        .filter(|b| bids.contains(b))
        .or_else(|| bids.first().copied())
}

/// Tricks still to play (the one in progress included).
fn tricks_left(seen: &Seen<ContractBridge>) -> u8 {
    13u8.saturating_sub(seen.view.board.tricks.len() as u8)
}

/// The table column and the right column (auction and log).
fn split(area: Rect) -> [Rect; 2] {
    let right = area.width.saturating_sub(46).clamp(22, 30);
    Layout::horizontal([Constraint::Min(0), Constraint::Length(right)]).areas(area)
}

impl Board for ContractBridge {
    type Ui = Ui;
    type Command = Command;
    const HOME: Seat = HOME;
    const NEXT: &'static str = "next board";

    fn next_hint(seen: &Seen<ContractBridge>) -> (&'static str, &'static str) {
        if seen.view.scored.len() as u32 >= seen.view.boards {
            ("new match", "Start a new match: this one is over")
        } else {
            (Self::NEXT, "Deal the next board")
        }
    }

    fn seat_names(_seats: usize) -> Vec<String> {
        ["Partner", "Right", "You", "Left"]
            .map(String::from)
            .to_vec()
    }

    fn title(seen: &Seen<ContractBridge>, _running: &Running) -> String {
        let v = &seen.view;
        let who =
            v.me.map_or("watching".to_string(), |d| format!("you are {}", d.name()));
        format!(
            "Contract bridge · board {} of {} · {who}",
            v.number, v.boards
        )
    }

    fn summary(seen: &Seen<ContractBridge>, _running: &Running) -> String {
        let [ns, ew] = seen.view.totals();
        format!(
            "board {} of {} · NS {ns} · EW {ew}",
            seen.view.number, seen.view.boards
        )
    }

    fn finished(seen: &Seen<ContractBridge>) -> bool {
        seen.view.board.phase == Phase::Over && seen.view.scored.len() as u32 >= seen.view.boards
    }

    fn bindings(seen: &Seen<ContractBridge>, ui: &Ui) -> Vec<Binding<Command>> {
        if ui.claim.is_some() {
            return vec![
                Binding::new(
                    &[Key::Up, Key::Char('k')],
                    "",
                    "One trick more",
                    Command::Up,
                ),
                Binding::new(
                    &[Key::Down, Key::Char('j')],
                    "tricks",
                    "One trick fewer",
                    Command::Down,
                ),
                Binding::new(
                    &[Key::Enter],
                    "claim",
                    "Claim that many of the tricks left",
                    Command::ClaimNow,
                ),
                Binding::new(&[Key::Esc], "cancel", "Play on", Command::Close),
            ];
        }
        if !matches!(ui.panel, Panel::Table) {
            return vec![
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
                Binding::new(&[Key::Esc], "table", "Back to the table", Command::Close),
            ];
        }
        let mine = seen.my_turn();
        let phase = seen.view.board.phase;
        let calls = legal_calls(seen);
        let mut keys = vec![
            Binding::new(
                &[Key::Left, Key::Char('h')],
                "",
                "Previous card or bid",
                Command::Left,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Right, Key::Char('l')],
                "move",
                "Next card or bid",
                Command::Right,
            )
            .enabled(mine),
        ];
        if phase == Phase::Auction {
            keys.extend([
                Binding::new(&[Key::Up, Key::Char('k')], "", "A level lower", Command::Up)
                    .enabled(mine),
                Binding::new(
                    &[Key::Down, Key::Char('j')],
                    "level",
                    "A level higher",
                    Command::Down,
                )
                .enabled(mine),
                Binding::new(
                    &[Key::Enter],
                    "bid",
                    "Make the bid under the cursor",
                    Command::Choose,
                )
                .enabled(mine && !legal_bids(seen).is_empty()),
                Binding::new(&[Key::Char('p')], "pass", "Pass", Command::Pass).enabled(mine),
                Binding::new(&[Key::Char('d')], "double", "Double", Command::Double)
                    .enabled(calls.contains(&Call::Double)),
                Binding::new(&[Key::Char('r')], "redouble", "Redouble", Command::Redouble)
                    .enabled(calls.contains(&Call::Redouble)),
            ]);
        } else if phase == Phase::Play {
            keys.extend([
                Binding::new(
                    &[Key::Enter, Key::Char(' ')],
                    "play",
                    "Play the card under the cursor",
                    Command::Choose,
                )
                .enabled(mine),
                Binding::new(
                    &[Key::Char('c')],
                    "claim",
                    "Claim tricks (the solver checks it)",
                    Command::Claim,
                )
                .enabled(mine),
                Binding::new(
                    &[Key::Char('u')],
                    "undo",
                    "Take back your last card",
                    Command::Undo,
                ),
            ]);
        }
        keys.extend([
            Binding::new(
                &[Key::Char('a')],
                "alerts",
                "What each call of the auction means",
                Command::Alerts,
            ),
            Binding::new(
                &[Key::Char('v')],
                "review",
                "Review the board: double-dummy table, par, each card's cost",
                Command::Review,
            )
            .enabled(phase == Phase::Over),
            Binding::new(
                &[Key::Char('m')],
                "match",
                "The match: every board's result and score",
                Command::Match,
            ),
        ]);
        keys
    }

    fn command(seen: &Seen<ContractBridge>, ui: &mut Ui, command: Command) -> Reply<Action> {
        if let Some(n) = ui.claim {
            match command {
                Command::Up => ui.claim = Some((n + 1).min(tricks_left(seen))),
                Command::Down => ui.claim = Some(n.saturating_sub(1)),
                Command::ClaimNow => {
                    ui.claim = None;
                    return Reply::Act(Action::Claim(n));
                }
                _ => ui.claim = None,
            }
            return Reply::Done;
        }
        let cards = legal_cards(seen);
        match command {
            Command::Alerts => ui.alerts = !ui.alerts,
            Command::Review => {
                ui.scroll = 0;
                ui.panel = match review::review(&seen.view) {
                    Some(r) => Panel::Review(Box::new(r)),
                    None => return Reply::Error("the review comes when the board is over".into()),
                };
            }
            Command::Match => {
                ui.scroll = 0;
                ui.panel = Panel::Match;
            }
            Command::Close => ui.panel = Panel::Table,
            Command::ScrollUp => ui.scroll = ui.scroll.saturating_sub(1),
            Command::ScrollDown => ui.scroll += 1,
            Command::Undo => return Reply::Undo,
            Command::Claim if seen.my_turn() => ui.claim = Some(tricks_left(seen)),
            Command::Pass => return Reply::Act(Action::Call(Call::Pass)),
            Command::Double => return Reply::Act(Action::Call(Call::Double)),
            Command::Redouble => return Reply::Act(Action::Call(Call::Redouble)),
            Command::PlayCard(c) if cards.contains(&c) => return Reply::Act(Action::Play(c)),
            Command::BidAt(b) if legal_bids(seen).contains(&b) => {
                if cursor_bid(seen, ui) == Some(b) && ui.bid == Some(b) {
                    return Reply::Act(Action::Call(Call::Bid(b)));
                }
                ui.bid = Some(b);
            }
            _ if seen.view.board.phase == Phase::Auction => return bid_command(seen, ui, command),
            Command::Left => ui.card = (ui.card + cards.len().max(1) - 1) % cards.len().max(1),
            Command::Right => ui.card = (ui.card + 1) % cards.len().max(1),
            Command::Choose => {
                if let Some(&c) = cards.get(ui.card) {
                    return Reply::Act(Action::Play(c));
                }
            }
            _ => {}
        }
        Reply::Done
    }

    fn moved(_seen: &Seen<ContractBridge>, ui: &mut Ui) {
        ui.card = 0;
        ui.claim = None;
    }

    fn deal_ended(_seen: &Seen<ContractBridge>, ui: &mut Ui) {
        ui.panel = Panel::Table;
    }

    fn render(
        seen: &Seen<ContractBridge>,
        ui: &Ui,
        log: &LogPane,
        area: Rect,
        buf: &mut Buffer,
        theme: Theme,
    ) {
        let [left, right] = split(area);
        let lines = match &ui.panel {
            Panel::Table => draw::table(seen, ui, theme).fit(left.height).lines,
            Panel::Review(r) => {
                draw::scrolled(review::lines(seen, r, theme), ui.scroll, left.height)
            }
            Panel::Match => draw::scrolled(draw::match_lines(seen, theme), ui.scroll, left.height),
        };
        Paragraph::new(lines).render(left, buf);
        let block = Block::new()
            .borders(Borders::LEFT)
            .border_style(theme.dim());
        let inner = block.inner(right);
        let mut lines = draw::auction(seen, ui.alerts, inner.width, theme);
        let room = usize::from(inner.height).saturating_sub(lines.len() + 1);
        lines.extend(log.lines(room, inner.width, theme));
        Paragraph::new(lines).block(block).render(right, buf);
    }

    fn mouse(seen: &Seen<ContractBridge>, ui: &Ui, ev: MouseEvent, area: Rect) -> Option<Command> {
        let MouseEventKind::Down(MouseButton::Left) = ev.kind else {
            return None;
        };
        if !matches!(ui.panel, Panel::Table) {
            return None;
        }
        let [left, _] = split(area);
        draw::table(seen, ui, Theme::new(false, false))
            .fit(left.height)
            .at(left, ev.column, ev.row)
    }
}

/// The cursor moves in the bidding box, or the bid under it is made.
fn bid_command(seen: &Seen<ContractBridge>, ui: &mut Ui, command: Command) -> Reply<Action> {
    let bids = legal_bids(seen);
    let Some(at) = cursor_bid(seen, ui) else {
        return Reply::Done;
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
        Command::Up => level(-1),
        Command::Down => {
            level(1).or_else(|| bids.iter().find(|b| b.level == at.level + 1).copied())
        }
        Command::Choose => return Reply::Act(Action::Call(Call::Bid(at))),
        _ => None,
    };
    if let Some(b) = to {
        ui.bid = Some(b);
    }
    Reply::Done
}

/// The strains in bidding-box order.
pub(super) const STRAINS: [Strain; 5] = Strain::ALL;
