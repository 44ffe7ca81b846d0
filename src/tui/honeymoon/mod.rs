//! Honeymoon bridge on screen: the bidding box with the legal bids, the
//! exchange (the face-up stock card, your hidden draws, who took what),
//! the play against the contract with the solver's value of each card on
//! request, claims and undo, the deal's score and the match total; after a
//! deal its double-dummy review, and the match view (duplicate pairs side
//! by side, deals with undos marked). At a table on this machine you are
//! South and the computer North.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

mod panels;

use panels::{match_lines, match_over_lines, panel_view, review_lines, score_lines};

use super::hit::Marked;
use super::keymap::{Binding, Key};
use super::log::LogPane;
use super::table::{Board, Reply, Running, Seen};
use super::theme::{Theme, spinner};
use crate::cards::{Card, Suit};
use crate::game::Seat;
use crate::honeymoon::review::{self, Review};
use crate::honeymoon::solver::{Analysis, Solver};
use crate::honeymoon::{Action, Bid, Call, Contract, Honeymoon, Phase, Played, Strain};
use crate::honeymoon::{NORTH, Position, SOUTH};
use crate::narrate::plural;

/// The board's state: the card and bid cursors, the solver's values when
/// asked for, a claim being chosen, and the panel shown.
#[derive(Debug)]
pub struct Ui {
    card: usize,
    /// The bid under the cursor, while it is legal (else the lowest legal
    /// bid is).
    bid: Option<Bid>,
    /// The hint is on: the solver's values are shown on each of your
    /// turns until it is turned off.
    hinting: bool,
    /// The solver's values for this turn, while hinting.
    hint: Option<Analysis>,
    /// Tricks to claim, while a claim is being chosen.
    claim: Option<u8>,
    /// The last completed trick is shown, until the key is pressed again.
    peek: bool,
    panel: Panel,
    /// First line of the review or match panel shown.
    scroll: usize,
}

/// What the left column shows.
#[derive(Debug, Default)]
enum Panel {
    /// The table.
    #[default]
    Table,
    /// The review of the deal just finished.
    Review(Box<Review>),
    /// The match: every deal's result.
    Match,
}

impl Default for Ui {
    fn default() -> Ui {
        Ui {
            card: 0,
            bid: None,
            hinting: false,
            hint: None,
            claim: None,
            peek: false,
            panel: Panel::Table,
            scroll: 0,
        }
    }
}

/// Sampled worlds per exchange trick in the review on screen.
const REVIEW_SAMPLES: usize = 6;

/// Commands of the honeymoon table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Previous card / legal bid.
    Left,
    /// Next card / legal bid.
    Right,
    /// Lower bid level.
    Up,
    /// Higher bid level.
    Down,
    /// Play the card or make the bid under the cursor.
    Choose,
    /// Pass in the auction.
    Pass,
    /// Double.
    Double,
    /// Redouble.
    Redouble,
    /// Show or hide the solver's value of each card (play phase).
    Hint,
    /// A click on one of your cards: play it if it is legal.
    PlayCard(Card),
    /// A click in the bidding box: highlight that bid, or make it when it
    /// is highlighted already.
    BidAt(Bid),
    /// Show or hide the last completed trick.
    LastTrick,
    /// Start choosing a claim (the play, on your turn).
    Claim,
    /// Make the claim chosen.
    ClaimNow,
    /// Close the claim, review or match panel.
    Close,
    /// Take back your last card.
    Undo,
    /// Show or hide the review of the deal just finished.
    Review,
    /// Show or hide the match's deals.
    Match,
    /// Scroll a panel up.
    ScrollUp,
    /// Scroll a panel down.
    ScrollDown,
}

fn me(seen: &Seen<Honeymoon>) -> Seat {
    seen.me.unwrap_or(SOUTH)
}

/// Your legal cards, in display order (spades first, high first).
fn legal_cards(seen: &Seen<Honeymoon>) -> Vec<Card> {
    let mut cards: Vec<Card> = seen
        .legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect();
    cards.sort_by(|a, b| b.suit().cmp(&a.suit()).then(b.rank().cmp(&a.rank())));
    cards
}

fn legal_calls(seen: &Seen<Honeymoon>) -> Vec<Call> {
    seen.legal
        .iter()
        .filter_map(|a| match a {
            Action::Call(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Your legal bids, lowest first.
fn legal_bids(seen: &Seen<Honeymoon>) -> Vec<Bid> {
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
fn cursor_bid(seen: &Seen<Honeymoon>, ui: &Ui) -> Option<Bid> {
    let bids = legal_bids(seen);
    ui.bid
        .filter(|b| bids.contains(b))
        .or_else(|| bids.first().copied())
}

/// The cursor moved along the ladder of legal bids: `step` bids on
/// (Left/Right), or a level up or down in the same strain (Up/Down).
fn move_bid(seen: &Seen<Honeymoon>, ui: &mut Ui, command: Command) {
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

/// The solver's values of your cards: in the play, on your turn, every
/// card is known (the other hand is every card you have not seen).
fn analysis(seen: &Seen<Honeymoon>) -> Option<Analysis> {
    let v = &seen.view;
    if v.phase != Phase::Play || !seen.my_turn() {
        return None;
    }
    let mine = me(seen);
    let other = v.unseen() | v.other_known();
    let mut hands = [other; 2];
    hands[mine] = v.hand;
    let position = Position {
        hands,
        trump: v.contract.and_then(|c| c.bid.strain.trump()),
        leader: v.leader,
        led: v.led,
    };
    Solver::new().analyze(&position).ok()
}

fn seat_word(seen: &Seen<Honeymoon>, seat: Seat) -> String {
    seen.name(seat)
}

fn strain_text(strain: Strain, theme: Theme) -> String {
    match strain.trump() {
        Some(s) => theme.suit_text(s),
        None => "NT".into(),
    }
}

fn bid_text(bid: Bid, theme: Theme) -> String {
    format!("{}{}", bid.level, strain_text(bid.strain, theme))
}

/// A contract's bid and doubling: `4♠`, `1♦X`, `3NTXX`.
fn contract_text(c: Contract, theme: Theme) -> String {
    format!("{}{}", bid_text(c.bid, theme), c.doubling())
}

fn call_text(call: Call, theme: Theme) -> String {
    match call {
        Call::Pass => "pass".into(),
        Call::Bid(b) => bid_text(b, theme),
        Call::Double => "double".into(),
        Call::Redouble => "redouble".into(),
    }
}

/// The match score, the phase (with the dealer while bidding, the tricks
/// while playing) and the contract, a line each so that they fit the
/// narrowest table column.
fn header(seen: &Seen<Honeymoon>, theme: Theme) -> Vec<Line<'static>> {
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
fn left_lines(seen: &Seen<Honeymoon>, ui: &Ui, theme: Theme) -> Marked<Command> {
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
fn hand_lines(seen: &Seen<Honeymoon>, ui: &Ui, theme: Theme) -> Marked<Command> {
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

fn table_lines(seen: &Seen<Honeymoon>, theme: Theme) -> Vec<Line<'static>> {
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
            let ranks = crate::cards::pbn::suit_string(hand, suit);
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
fn last_trick_line(
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

/// A seat's initial.
fn short_name(seen: &Seen<Honeymoon>, seat: Seat) -> char {
    seat_word(seen, seat).chars().next().unwrap_or('?')
}

/// The auction so far and the bidding box; on your turn every legal bid
/// is a click target.
fn bidding_lines(seen: &Seen<Honeymoon>, ui: &Ui, theme: Theme) -> Marked<Command> {
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

fn prompt(seen: &Seen<Honeymoon>, theme: Theme) -> String {
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

/// The keys of the table itself: the bidding box, the cards, hint, claim
/// and undo. The arrows and enter stay off the key bar (the prompt names
/// them), so that the bar fits the minimum width.
fn table_bindings(seen: &Seen<Honeymoon>, ui: &Ui) -> Vec<Binding<Command>> {
    let mine = seen.my_turn();
    let calls = legal_calls(seen);
    match seen.view.phase {
        Phase::Bidding => vec![
            Binding::new(
                &[Key::Left, Key::Char('h')],
                "",
                "Previous legal bid",
                Command::Left,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Right, Key::Char('l')],
                "",
                "Next legal bid",
                Command::Right,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Up, Key::Char('k')],
                "",
                "Same strain a level lower",
                Command::Up,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Down, Key::Char('j')],
                "",
                "Same strain a level higher",
                Command::Down,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Enter],
                "bid",
                "Make the highlighted bid",
                Command::Choose,
            )
            .enabled(cursor_bid(seen, ui).is_some()),
            Binding::new(&[Key::Char('p')], "pass", "Pass", Command::Pass)
                .enabled(calls.contains(&Call::Pass)),
            Binding::new(&[Key::Char('d')], "double", "Double", Command::Double)
                .enabled(calls.contains(&Call::Double)),
            Binding::new(&[Key::Char('r')], "redouble", "Redouble", Command::Redouble)
                .enabled(calls.contains(&Call::Redouble)),
        ],
        Phase::Exchange | Phase::Play => {
            let any = !legal_cards(seen).is_empty();
            vec![
                Binding::new(
                    &[Key::Left, Key::Char('h')],
                    "",
                    "Previous card",
                    Command::Left,
                )
                .enabled(any),
                Binding::new(
                    &[Key::Right, Key::Char('l')],
                    "",
                    "Next card",
                    Command::Right,
                )
                .enabled(any),
                Binding::new(
                    &[Key::Enter, Key::Char(' ')],
                    "",
                    "Play the highlighted card",
                    Command::Choose,
                )
                .enabled(any),
                Binding::new(
                    &[Key::Char('v')],
                    "hint",
                    "Show the solver's trick value of each card on each turn, or stop",
                    Command::Hint,
                )
                .enabled(seen.view.phase == Phase::Play && mine),
                Binding::new(
                    &[Key::Char('b')],
                    "last",
                    "Show the last trick played, or hide it",
                    Command::LastTrick,
                )
                .enabled(seen.view.last_trick().is_some()),
                Binding::new(
                    &[Key::Char('c')],
                    "claim",
                    "Claim the rest, or some of the tricks left (the solver checks it)",
                    Command::Claim,
                )
                .enabled(seen.view.phase == Phase::Play && mine),
                Binding::new(
                    &[Key::Char('u')],
                    "undo",
                    "Take back your last card (the play; in practice the exchange too)",
                    Command::Undo,
                )
                .enabled(can_undo(seen)),
            ]
        }
        Phase::Over => Vec::new(),
    }
}

/// Tricks left in the play (the current one included).
fn tricks_left(seen: &Seen<Honeymoon>) -> u8 {
    let v = &seen.view;
    13u8.saturating_sub(v.play_tricks[0] + v.play_tricks[1])
}

/// You have a card of this deal you may take back.
fn can_undo(seen: &Seen<Honeymoon>) -> bool {
    let v = &seen.view;
    let Some(me) = seen.me else { return false };
    v.phase != Phase::Over
        && seen.bots.iter().any(Option::is_some)
        && v.history.iter().any(|p| {
            p.seat == me
                && (p.phase == Phase::Play || (p.phase == Phase::Exchange && v.options.practice))
        })
}

/// The game column and the log column.
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
        format!("you {} · computer {}", t[mine], t[1 - mine])
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
        if seen.view.record.is_none() && matches!(ui.panel, Panel::Review(_)) {
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
    use crate::game::{Game, Playable, Stage};
    use crate::honeymoon::Setup;

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
        let card = Card::new(crate::cards::Rank::Ace, Suit::Spades);
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
