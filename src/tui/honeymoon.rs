//! The honeymoon bridge screen: the bidding box with the legal bids, the
//! exchange (face-up stock card, your hidden draws, who took what), the
//! play against the contract with a solver hint, the deal's score and the
//! match total. You are South; the computer is North.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use serde::{Deserialize, Serialize};

use super::hit::Marked;
use super::keymap::{Binding, Key};
use super::log;
use super::screen::{Nav, Screen};
use super::stats::Record;
use super::theme::Theme;
use super::worker::{Driver, Step, spinner};
use crate::cards::{Card, Suit};
use crate::game::{Game, GameRng, Seat, rng_from_seed};
use crate::honeymoon::bots::make_bot;
use crate::honeymoon::game::{Action, Bid, Call, Event, Honeymoon, Options, Phase, Strain};
use crate::honeymoon::solver::{Analysis, Solver};
use crate::honeymoon::{NORTH, Position, SOUTH};

/// The human's seat.
const YOU: Seat = SOUTH;

/// What is saved of a match in progress.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HoneymoonSave {
    game: Honeymoon,
    bot: String,
    log: Vec<String>,
    bot_seed: u64,
    recorded: bool,
    /// The computer player's generator (saves from before this field start
    /// it afresh from `bot_seed`).
    #[serde(default)]
    bot_rng: Option<GameRng>,
}

impl HoneymoonSave {
    /// A few words for the menu.
    pub fn summary(&self) -> String {
        let t = self.game.totals();
        format!("you {} · computer {}", t[YOU], t[NORTH])
    }
}

/// The honeymoon bridge screen.
pub struct HoneymoonScreen {
    game: Honeymoon,
    bot: String,
    driver: Driver<Honeymoon>,
    bot_seed: u64,
    card_cursor: usize,
    bid_cursor: (u8, usize),
    hint: Option<Analysis>,
    solver: Solver,
    log: Vec<String>,
    log_back: usize,
    error: Option<String>,
    recorded: bool,
    ascii: bool,
}

impl std::fmt::Debug for HoneymoonScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HoneymoonScreen")
            .field("bot", &self.bot)
            .finish()
    }
}

/// Commands of the honeymoon screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoneymoonAction {
    /// Previous card / bid strain.
    Left,
    /// Next card / bid strain.
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
    /// Deal the next hand of the match.
    Next,
    /// Back to the menu.
    Back,
    /// Scroll the log back.
    LogOlder,
    /// Scroll the log forward.
    LogNewer,
    /// A click on one of your cards: play it if it is legal.
    PlayCard(Card),
    /// A click in the bidding box: highlight that bid, or make it when it
    /// is highlighted already.
    BidAt(Bid),
}

impl HoneymoonScreen {
    /// A new match against the bot called `bot` (`random`, `greedy`,
    /// `strong`), dealt from `seed`.
    pub fn new(
        options: Options,
        bot: &str,
        seed: u64,
        delay: Duration,
        ascii: bool,
    ) -> HoneymoonScreen {
        HoneymoonScreen::with_game(
            Honeymoon::new(options, NORTH, seed),
            bot,
            seed ^ 0xb1d5,
            None,
            delay,
            ascii,
        )
    }

    /// The screen for `game`, its computer player's generator `bot_rng` or
    /// a fresh one from `bot_seed`.
    fn with_game(
        game: Honeymoon,
        bot: &str,
        bot_seed: u64,
        bot_rng: Option<GameRng>,
        delay: Duration,
        ascii: bool,
    ) -> HoneymoonScreen {
        let bots = vec![make_bot(bot).or_else(|| make_bot("greedy")), None];
        let mut s = HoneymoonScreen {
            game,
            bot: bot.to_string(),
            driver: Driver::new(
                bots,
                bot_rng.unwrap_or_else(|| rng_from_seed(bot_seed)),
                delay,
            ),
            bot_seed,
            card_cursor: 0,
            bid_cursor: (1, 0),
            hint: None,
            solver: Solver::new(),
            log: Vec::new(),
            log_back: 0,
            error: None,
            recorded: false,
            ascii,
        };
        s.log
            .push(format!("Deal: {} deals", seat_name(s.game.dealer())));
        s
    }

    /// A saved match, resumed.
    pub fn resume(save: HoneymoonSave, delay: Duration, ascii: bool) -> HoneymoonScreen {
        let mut s = HoneymoonScreen::with_game(
            save.game,
            &save.bot,
            save.bot_seed,
            save.bot_rng,
            delay,
            ascii,
        );
        s.log = save.log;
        s.recorded = save.recorded;
        s
    }

    /// What to save (always: a match goes on).
    pub fn save(&self) -> HoneymoonSave {
        HoneymoonSave {
            game: self.game.clone(),
            bot: self.bot.clone(),
            log: self.log.clone(),
            bot_seed: self.bot_seed,
            recorded: self.recorded,
            bot_rng: self.driver.rng(),
        }
    }

    /// The deal in progress.
    pub fn game(&self) -> &Honeymoon {
        &self.game
    }

    /// The finished deal's record, once.
    pub fn take_record(&mut self) -> Option<Record> {
        let result = self.game.outcome()?;
        if self.recorded {
            return None;
        }
        self.recorded = true;
        Some(Record::Honeymoon {
            you: result.score[YOU],
            them: result.score[NORTH],
        })
    }

    fn my_turn(&self) -> bool {
        self.game.to_act() == Some(YOU)
    }

    /// Your legal cards, in display order (spades first, high first).
    fn legal_cards(&self) -> Vec<Card> {
        if !self.my_turn() {
            return Vec::new();
        }
        let mut cards: Vec<Card> = self
            .game
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(c),
                Action::Call(_) => None,
            })
            .collect();
        cards.sort_by(|a, b| b.suit().cmp(&a.suit()).then(b.rank().cmp(&a.rank())));
        cards
    }

    fn legal_calls(&self) -> Vec<Call> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.game
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Call(c) => Some(c),
                Action::Play(_) => None,
            })
            .collect()
    }

    fn cursor_bid(&self) -> Bid {
        Bid {
            level: self.bid_cursor.0,
            strain: Strain::ALL[self.bid_cursor.1],
        }
    }

    fn apply(&mut self, action: Action) {
        let before = self.game.view(YOU).my_draws.len();
        match self.game.apply(action) {
            Ok(events) => {
                self.log_back = 0;
                for e in &events {
                    self.log.push(self.describe(e, before));
                }
                self.driver.moved();
                self.error = None;
                self.card_cursor = 0;
                self.refresh_hint();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn refresh_hint(&mut self) {
        if self.hint.is_none() {
            return;
        }
        self.hint = self.analysis();
    }

    /// The solver's values for your cards (play phase, your turn).
    fn analysis(&mut self) -> Option<Analysis> {
        if self.game.phase() != Phase::Play || !self.my_turn() {
            return None;
        }
        let led = self.game.led();
        let position = Position {
            hands: [self.game.hand(NORTH), self.game.hand(SOUTH)],
            trump: self.game.contract().and_then(|c| c.bid.strain.trump()),
            leader: self.game.leader(),
            led,
        };
        self.solver.analyze(&position).ok()
    }

    fn describe(&self, e: &Event, draws_before: usize) -> String {
        let theme = Theme::new(false, self.ascii);
        let card = |c: &Card| theme.card_text(*c);
        match e {
            Event::Called(seat, call) => {
                format!("{}: {}", seat_name(*seat), call_text(*call, theme))
            }
            Event::Redealt(dealer) => format!("Two passes: redeal, {} deals", seat_name(*dealer)),
            Event::Contracted(c) => format!(
                "Contract {} by {}{}",
                bid_text(c.bid, theme),
                seat_name(c.declarer),
                ["", " doubled", " redoubled"][usize::from(c.doubled.min(2))]
            ),
            Event::TurnedUp(c) => format!("Face up: {}", card(c)),
            Event::CardPlayed(seat, c) => format!("{} {}", act(*seat, "play"), card(c)),
            Event::TrickWon(seat) => format!("{} the trick", act(*seat, "win")),
            Event::TookFaceUp(seat, c) => format!("{} {}", act(*seat, "take"), card(c)),
            Event::DrewHidden(seat) if *seat == YOU => {
                let draws = self.game.view(YOU).my_draws;
                match draws.get(draws_before) {
                    Some(c) => format!("You draw {} (hidden)", card(c)),
                    None => "You draw a hidden card".into(),
                }
            }
            Event::DrewHidden(seat) => format!("{} draws a hidden card", seat_name(*seat)),
            Event::PlayBegan(seat) => format!("Play begins: {}", act(*seat, "lead")),
            Event::DealOver(r) => {
                let declarer = r.contract.declarer;
                let need = r.contract.target();
                let verdict = if r.declarer_tricks >= need {
                    format!("made with {}", r.declarer_tricks)
                } else {
                    format!("down {}", need - r.declarer_tricks)
                };
                format!(
                    "{} {verdict}: you {:+}",
                    seat_name(declarer),
                    r.score[YOU] - r.score[NORTH]
                )
            }
        }
    }

    fn header(&self, theme: Theme) -> Vec<Line<'static>> {
        let v = self.game.view(YOU);
        let mut lines = vec![Line::from(vec![
            Span::styled("Match ", theme.dim()),
            Span::styled(
                format!("you {} · computer {}", v.totals[YOU], v.totals[NORTH]),
                theme.title(),
            ),
            Span::styled(format!("   dealer {}", seat_name(v.dealer)), theme.dim()),
        ])];
        let contract = v.contract.map(|c| {
            format!(
                "{} by {} (needs {})",
                bid_text(c.bid, theme),
                seat_name(c.declarer),
                c.target()
            )
        });
        let status = match v.phase {
            Phase::Bidding => "Bidding".to_string(),
            Phase::Exchange => format!(
                "Exchange trick {}/13 · {}",
                (v.exchange_tricks + 1).min(13),
                contract.clone().unwrap_or_default()
            ),
            Phase::Play => format!(
                "Play · {} · N {} S {}",
                contract.clone().unwrap_or_default(),
                v.play_tricks[NORTH],
                v.play_tricks[SOUTH]
            ),
            Phase::Over => format!(
                "Deal over · {}",
                contract.unwrap_or_else(|| "no contract".into())
            ),
        };
        lines.push(Line::styled(status, theme.text()));
        lines
    }

    /// The game column: match and contract, the auction or the table,
    /// your hand and the prompt.
    fn left_lines(&self, theme: Theme) -> Marked<HoneymoonAction> {
        let mut lines = Marked::default();
        lines.extend(self.header(theme));
        lines.push(Line::default());
        if self.game.phase() == Phase::Bidding {
            lines.extend_marked(self.bidding_lines(theme));
        } else {
            lines.extend(self.table_lines(theme));
        }
        lines.push(Line::default());
        lines.push(Line::styled("Your hand", theme.player(YOU)));
        lines.extend_marked(self.hand_lines(theme));
        if self.hint.is_some() {
            lines.push(Line::styled(
                "card:tricks you take after it (solver)",
                theme.dim(),
            ));
        }
        lines.push(Line::default());
        lines.push(Line::styled(self.prompt(), theme.title()));
        lines
    }

    /// Your hand, a suit a line; legal cards are click targets.
    fn hand_lines(&self, theme: Theme) -> Marked<HoneymoonAction> {
        let v = self.game.view(YOU);
        let legal = self.legal_cards();
        let selected = legal.get(self.card_cursor).copied();
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
                let text = match &self.hint {
                    Some(a) => match a.cards.iter().find(|x| x.card == c) {
                        Some(x) => format!("{}:{}", c.rank().letter(), x.tricks[YOU]),
                        None => c.rank().letter().to_string(),
                    },
                    None => c.rank().letter().to_string(),
                };
                if legal.contains(&c) {
                    out.mark(line, spans.len(), HoneymoonAction::PlayCard(c));
                }
                spans.push(Span::styled(text, style));
                spans.push(Span::raw(" "));
            }
            out.push(Line::from(spans));
        }
        out
    }

    fn table_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let v = self.game.view(YOU);
        let mut lines = Vec::new();
        let known: Vec<String> = v
            .other_known()
            .sorted_for_display()
            .iter()
            .map(|c| theme.card_text(*c))
            .collect();
        let mut north = vec![
            Span::styled("North ", theme.player(NORTH)),
            Span::raw(format!("{} cards", v.other_count)),
        ];
        if v.phase == Phase::Play {
            // Every other card is dead or in your hand: North's hand is known.
            let hand = v.unseen() | v.other_known();
            for suit in Suit::PBN_ORDER {
                let ranks = crate::cards::pbn::suit_string(hand, suit);
                north.push(Span::styled(
                    format!(" {}", theme.suit_text(suit)),
                    theme.suit(suit),
                ));
                north.push(Span::raw(if ranks.is_empty() {
                    "-".to_string()
                } else {
                    ranks
                }));
            }
        } else if !known.is_empty() {
            north.push(Span::styled(
                format!("  holds {}", known.join(" ")),
                theme.dim(),
            ));
        }
        lines.push(Line::from(north));
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
            Some(c) => {
                let who = if v.leader == YOU { "You" } else { "North" };
                Line::from(vec![
                    Span::styled("Trick   ", theme.dim()),
                    Span::raw(format!("{who} led ")),
                    Span::styled(theme.card_text(c), theme.suit(c.suit())),
                ])
            }
            None => Line::styled("Trick   —", theme.dim()),
        };
        lines.push(trick);
        lines
    }

    /// The auction so far and the bidding box; on your turn every cell
    /// of the box is a click target.
    fn bidding_lines(&self, theme: Theme) -> Marked<HoneymoonAction> {
        let v = self.game.view(YOU);
        let calls = self.legal_calls();
        let auction: Vec<String> = v
            .auction
            .iter()
            .map(|(s, c)| {
                format!(
                    "{} {}",
                    seat_name(*s).chars().next().unwrap_or('?'),
                    call_text(*c, theme)
                )
            })
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
            for (i, strain) in Strain::ALL.iter().enumerate() {
                let bid = Bid {
                    level,
                    strain: *strain,
                };
                let legal = calls.contains(&Call::Bid(bid));
                // Bids below the auction show as a dot: not by colour alone.
                let shown = if legal || !self.my_turn() {
                    strain_text(*strain, theme)
                } else {
                    "·".to_string()
                };
                let text = format!("{shown:<3}");
                let style = if (level, i) == self.bid_cursor && self.my_turn() {
                    theme.selected()
                } else if legal {
                    theme.legal()
                } else {
                    theme.disabled()
                };
                if self.my_turn() {
                    lines.mark(usize::from(level), spans.len(), HoneymoonAction::BidAt(bid));
                }
                spans.push(Span::styled(text, style));
                spans.push(Span::raw(" "));
            }
            lines.push(Line::from(spans));
        }
        lines
    }

    fn prompt(&self) -> String {
        if let Some(r) = self.game.outcome() {
            return format!(
                "Deal scored: you {:+}. n: next deal",
                r.score[YOU] - r.score[NORTH]
            );
        }
        if let Some(t) = self.driver.thinking() {
            return format!("North is thinking {}", spinner(t, self.ascii));
        }
        match (self.game.phase(), self.my_turn()) {
            (Phase::Bidding, true) => "Your call: bid (enter) or pass (p)".into(),
            (Phase::Exchange | Phase::Play, true) => "Your card: ←/→ and enter".into(),
            _ => "North to play".into(),
        }
    }
}

fn seat_name(seat: Seat) -> &'static str {
    if seat == YOU { "You" } else { "North" }
}

/// "You play" / "North plays".
fn act(seat: Seat, verb: &str) -> String {
    if seat == YOU {
        format!("You {verb}")
    } else {
        format!("North {verb}s")
    }
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

fn call_text(call: Call, theme: Theme) -> String {
    match call {
        Call::Pass => "pass".into(),
        Call::Bid(b) => bid_text(b, theme),
        Call::Double => "double".into(),
        Call::Redouble => "redouble".into(),
    }
}

impl Screen for HoneymoonScreen {
    type Action = HoneymoonAction;

    fn title(&self) -> String {
        format!("Honeymoon bridge · you are South · North: {}", self.bot)
    }

    fn bindings(&self) -> Vec<Binding<HoneymoonAction>> {
        use HoneymoonAction::*;
        let mine = self.my_turn();
        let phase = self.game.phase();
        let calls = self.legal_calls();
        let mut b = Vec::new();
        match phase {
            Phase::Bidding => {
                b.push(
                    Binding::new(&[Key::Left, Key::Char('h')], "", "Previous strain", Left)
                        .enabled(mine),
                );
                b.push(
                    Binding::new(&[Key::Right, Key::Char('l')], "", "Next strain", Right)
                        .enabled(mine),
                );
                b.push(
                    Binding::new(&[Key::Up, Key::Char('k')], "", "Lower level", Up).enabled(mine),
                );
                b.push(
                    Binding::new(&[Key::Down, Key::Char('j')], "move", "Higher level", Down)
                        .enabled(mine),
                );
                b.push(
                    Binding::new(&[Key::Enter], "bid", "Make the highlighted bid", Choose)
                        .enabled(calls.contains(&Call::Bid(self.cursor_bid()))),
                );
                b.push(
                    Binding::new(&[Key::Char('p')], "pass", "Pass", Pass)
                        .enabled(calls.contains(&Call::Pass)),
                );
                b.push(
                    Binding::new(&[Key::Char('d')], "double", "Double", Double)
                        .enabled(calls.contains(&Call::Double)),
                );
                b.push(
                    Binding::new(&[Key::Char('r')], "redouble", "Redouble", Redouble)
                        .enabled(calls.contains(&Call::Redouble)),
                );
            }
            Phase::Exchange | Phase::Play => {
                let any = !self.legal_cards().is_empty();
                b.push(
                    Binding::new(&[Key::Left, Key::Char('h')], "", "Previous card", Left)
                        .enabled(any),
                );
                b.push(
                    Binding::new(&[Key::Right, Key::Char('l')], "card", "Next card", Right)
                        .enabled(any),
                );
                b.push(
                    Binding::new(
                        &[Key::Enter, Key::Char(' ')],
                        "play",
                        "Play the highlighted card",
                        Choose,
                    )
                    .enabled(any),
                );
                b.push(
                    Binding::new(
                        &[Key::Char('v')],
                        "hint",
                        "Show the solver's trick value of each card",
                        Hint,
                    )
                    .enabled(phase == Phase::Play && mine),
                );
            }
            Phase::Over => b.push(Binding::new(
                &[Key::Char('n'), Key::Enter],
                "next deal",
                "Deal the next hand",
                Next,
            )),
        }
        b.push(Binding::new(
            &[Key::Esc, Key::Char('q')],
            "menu",
            "Back to the menu (the match is saved)",
            Back,
        ));
        b.extend(log::bindings(LogOlder, LogNewer, self.log_back));
        b
    }

    fn act(&mut self, action: HoneymoonAction) -> Nav {
        use HoneymoonAction::*;
        self.error = None;
        let n = self.legal_cards().len().max(1);
        match (self.game.phase(), action) {
            (_, Back) => return Nav::Menu,
            (_, LogOlder) => self.log_back = log::older(&self.log, self.log_back),
            (_, LogNewer) => self.log_back = log::newer(self.log_back),
            (Phase::Bidding, Left) => self.bid_cursor.1 = (self.bid_cursor.1 + 4) % 5,
            (Phase::Bidding, Right) => self.bid_cursor.1 = (self.bid_cursor.1 + 1) % 5,
            (Phase::Bidding, Up) => {
                self.bid_cursor.0 = if self.bid_cursor.0 <= 1 {
                    7
                } else {
                    self.bid_cursor.0 - 1
                }
            }
            (Phase::Bidding, Down) => {
                self.bid_cursor.0 = if self.bid_cursor.0 >= 7 {
                    1
                } else {
                    self.bid_cursor.0 + 1
                }
            }
            (Phase::Bidding, Choose) => self.apply(Action::Call(Call::Bid(self.cursor_bid()))),
            (Phase::Bidding, Pass) => self.apply(Action::Call(Call::Pass)),
            (Phase::Bidding, Double) => self.apply(Action::Call(Call::Double)),
            (Phase::Bidding, Redouble) => self.apply(Action::Call(Call::Redouble)),
            (Phase::Bidding, BidAt(bid)) => {
                let at = (bid.level, Strain::ALL.iter().position(|&x| x == bid.strain));
                if at == (self.bid_cursor.0, Some(self.bid_cursor.1)) {
                    self.apply(Action::Call(Call::Bid(bid)));
                } else if let (level, Some(strain)) = at {
                    self.bid_cursor = (level, strain);
                }
            }
            (_, PlayCard(c)) if self.legal_cards().contains(&c) => self.apply(Action::Play(c)),
            (_, Left) => self.card_cursor = (self.card_cursor + n - 1) % n,
            (_, Right) => self.card_cursor = (self.card_cursor + 1) % n,
            (_, Choose) => {
                if let Some(&c) = self.legal_cards().get(self.card_cursor) {
                    self.apply(Action::Play(c));
                }
            }
            (_, Hint) => {
                self.hint = match self.hint {
                    Some(_) => None,
                    None => self.analysis(),
                }
            }
            (Phase::Over, Next) => {
                self.game = self.game.next_deal();
                self.recorded = false;
                self.hint = None;
                self.log
                    .push(format!("New deal: {} deals", seat_name(self.game.dealer())));
                self.driver.moved();
            }
            _ => {}
        }
        Nav::Stay
    }

    fn tick(&mut self) -> bool {
        match self.driver.step(&self.game) {
            Step::Idle => false,
            Step::Busy => true,
            Step::Act(a) => {
                self.apply(a);
                true
            }
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let [left, right] = split(area);
        Paragraph::new(self.left_lines(theme).lines).render(left, buf);
        let room = usize::from(right.height.saturating_sub(1));
        let log: Vec<Line> = log::visible(&self.log, room, self.log_back)
            .iter()
            .map(|l| Line::styled(l.clone(), theme.dim()))
            .collect();
        Paragraph::new(log)
            .block(
                Block::new()
                    .borders(Borders::LEFT)
                    .border_style(theme.dim()),
            )
            .render(right, buf);
    }

    fn mouse(&self, ev: MouseEvent, area: Rect) -> Option<HoneymoonAction> {
        let MouseEventKind::Down(MouseButton::Left) = ev.kind else {
            return None;
        };
        let [left, _] = split(area);
        let theme = Theme::new(false, self.ascii);
        self.left_lines(theme).at(left, ev.column, ev.row)
    }

    fn rules(&self) -> Option<&'static str> {
        Some(include_str!("../../assets/rules/honeymoon.txt"))
    }

    fn status(&self) -> Option<String> {
        self.error.clone()
    }
}

/// The game column and the log column.
fn split(area: Rect) -> [Rect; 2] {
    Layout::horizontal([Constraint::Min(30), Constraint::Length(30)]).areas(area)
}
