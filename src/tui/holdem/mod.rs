//! Texas Hold'em on screen: the table ([`seats`]) with names, stacks, bets,
//! the button and blinds, the pots and the board and your hole cards; an
//! action bar offering only the legal choices; the bet box ([`entry`])
//! with its presets; the HUD ([`hud`]): each opponent's statistics
//! over the hands seen at this table; and the summary shown on leaving
//! ([`sitting`]).

mod entry;
mod hud;
pub mod replayer;
mod seats;
mod sitting;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::link::Seen;
use super::log::LogPane;
use super::settings::Settings;
use super::table::{Board, Reply, Running};
use super::theme::Theme;
use super::theme::spinner;
use cardgames::game::Seat;
use cardgames::game::Stage;
use cardgames::holdem::action::{Action, Legal};
use cardgames::holdem::hand::HandState;
use cardgames::holdem::seats::MAX_SEATS;
use cardgames::holdem::session::Holdem;
use cardgames::holdem::setup::{Mode, Setup};
use cardgames::holdem::table::View;
use cardgames::narrate::plural;
use entry::Entry;
use hud::Hud;
use sitting::Sitting;

/// The rows the table is drawn in at its best; on taller terminals the
/// rows beyond go to the log.
const TABLE_ROWS: u16 = 14;

const NAMES: [&str; 9] = [
    "You", "Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gil", "Hana",
];

/// The board's state: the bet box, when open, whether a fold when
/// checking is free or an all-in waits for its confirmation (the latter
/// asked only when the settings say so), the HUD, and what the person
/// did since sitting down.
#[derive(Debug, Default)]
pub struct Ui {
    entry: Option<Entry>,
    fold_asked: bool,
    ask_all_in: bool,
    all_in_asked: bool,
    hud: Hud,
    sitting: Sitting,
}

/// Commands of the Hold'em table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Fold (when checking is free, only once confirmed).
    Fold,
    /// Keep the hand: no fold after all.
    Keep,
    /// Check or call.
    Call,
    /// Open the bet box.
    Raise,
    /// All in (from the action bar or the bet box).
    AllIn,
    /// A command of the bet box.
    Entry(entry::Key),
    /// Show or hide the HUD.
    Hud,
    /// Show your cards after winning without a showdown.
    Show,
}

/// A moment of a hand drawn as at the table, seen from `me` (or by a
/// watcher), the seats named `names`: the replayer draws with this.
pub(crate) fn draw_hand(
    state: &HandState,
    me: Option<Seat>,
    names: Vec<String>,
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let seen = Seen {
        me,
        view: View::new(me.unwrap_or(MAX_SEATS), state.clone()),
        legal: Vec::new(),
        stage: state.to_act().map_or(Stage::DealOver, Stage::Turn),
        bots: vec![None; names.len()],
        names,
        away: Vec::new(),
        empty: Vec::new(),
        thinking: None,
        setup: Setup::default(),
        online: false,
    };
    seats::render(&seen, area, buf, theme);
}

/// Whether the person won the hand just over without a showdown and may
/// show their cards.
fn may_show(seen: &Seen<Holdem>) -> bool {
    seen.me.is_some_and(|me| seen.view.state.won_unseen(me))
}

fn my_legal(seen: &Seen<Holdem>) -> Option<Legal> {
    if !seen.my_turn() {
        return None;
    }
    seen.view.state.legal()
}

impl Board for Holdem {
    type Ui = Ui;
    type Command = Command;
    const NEXT: &'static str = "next hand";

    fn seat_names(seats: usize) -> Vec<String> {
        NAMES.iter().take(seats).map(|s| s.to_string()).collect()
    }

    fn title(seen: &Seen<Holdem>, running: &Running) -> String {
        let b = seen.view.state.blinds();
        let bb100 = if running.deals > 0 {
            running.units * 100.0 / running.deals as f64
        } else {
            0.0
        };
        let hand = running.deals + u64::from(matches!(seen.stage, Stage::Turn(_)));
        // "next level in N" after "hand N" counts hands: the word is left
        // out for the title to fit 80 columns.
        let level = match seen.view.next_level {
            Some(n) => format!(" · next level in {n}"),
            None => String::new(),
        };
        format!(
            "Hold'em {}/{} · hand {}{level} · you {:+}{} ({bb100:+.1} bb/100)",
            b.small,
            b.big,
            hand.max(1),
            running.net.round() as i64,
            rebuys(running),
        )
    }

    fn summary(seen: &Seen<Holdem>, running: &Running) -> String {
        format!(
            "{} players, {} hands, you {:+}{}",
            seen.view.state.seats(),
            running.deals,
            running.net.round() as i64,
            rebuys(running),
        )
    }

    fn bindings(seen: &Seen<Holdem>, ui: &Ui) -> Vec<Binding<Command>> {
        let legal = my_legal(seen);
        if let (Some(e), Some(legal)) = (&ui.entry, legal) {
            return e
                .bindings(&legal)
                .into_iter()
                .map(|b| Binding {
                    keys: b.keys,
                    hint: b.hint,
                    help: b.help,
                    action: Command::Entry(b.action),
                    enabled: b.enabled,
                })
                .collect();
        }
        if ui.all_in_asked {
            return vec![
                Binding::new(
                    &[Key::Char('a'), Key::Char('y')],
                    "all-in",
                    "Go all in",
                    Command::AllIn,
                ),
                Binding::new(
                    &[Key::Char('n'), Key::Esc],
                    "no",
                    "Do not go all in",
                    Command::Keep,
                ),
            ];
        }
        if ui.fold_asked {
            return vec![
                Binding::new(
                    &[Key::Char('f'), Key::Char('y')],
                    "fold",
                    "Fold all the same",
                    Command::Fold,
                ),
                Binding::new(
                    &[Key::Char('n'), Key::Esc],
                    "keep",
                    "Keep the hand",
                    Command::Keep,
                ),
            ];
        }
        let owe = legal.is_some_and(|l| l.to_call > 0);
        let raise = legal.is_some_and(|l| l.raise.is_some());
        let show = may_show(seen).then(|| {
            Binding::new(
                &[Key::Char('s')],
                "show",
                "Show your cards to the table (you won without a showdown)",
                Command::Show,
            )
        });
        let mut bar = vec![
            Binding::new(&[Key::Char('f')], "fold", "Fold", Command::Fold).enabled(legal.is_some()),
            Binding::new(
                &[Key::Char('c'), Key::Char('k')],
                if owe { "call" } else { "check" },
                "Check, or call the bet",
                Command::Call,
            )
            .enabled(legal.is_some()),
            Binding::new(
                &[Key::Char('r'), Key::Char('b')],
                if seen.view.state.current_bet() == 0 {
                    "bet"
                } else {
                    "raise"
                },
                "Bet or raise: choose the amount",
                Command::Raise,
            )
            .enabled(raise),
            Binding::new(
                &[Key::Char('a')],
                "all-in",
                "Put in every chip",
                Command::AllIn,
            )
            .enabled(raise),
            Binding::new(
                &[Key::Char('h')],
                "hud",
                "Show or hide each opponent's statistics",
                Command::Hud,
            ),
        ];
        bar.extend(show);
        bar
    }

    fn command(seen: &Seen<Holdem>, ui: &mut Ui, command: Command) -> Reply<Action> {
        match command {
            Command::Hud => {
                ui.hud.shown = !ui.hud.shown;
                return Reply::Done;
            }
            Command::Show if may_show(seen) => return Reply::Show,
            _ => {}
        }
        let Some(legal) = my_legal(seen) else {
            return Reply::Done;
        };
        match command {
            // Folding when a check is free is legal, and asked about once.
            Command::Fold if legal.to_call == 0 && !ui.fold_asked => {
                ui.fold_asked = true;
                Reply::Done
            }
            Command::Fold => {
                ui.fold_asked = false;
                Reply::Act(Action::Fold)
            }
            Command::Keep => {
                ui.fold_asked = false;
                ui.all_in_asked = false;
                Reply::Done
            }
            Command::Call if legal.to_call > 0 => Reply::Act(Action::Call),
            Command::Call => Reply::Act(Action::Check),
            Command::Raise => {
                ui.entry = legal.raise.map(|(min, _)| Entry::new(min));
                Reply::Done
            }
            Command::AllIn if ui.ask_all_in && !ui.all_in_asked && ui.entry.is_none() => {
                ui.all_in_asked = legal.raise.is_some();
                Reply::Done
            }
            Command::AllIn => match legal.raise {
                Some((_, max)) => {
                    ui.all_in_asked = false;
                    ui.entry = None;
                    Reply::Act(Action::RaiseTo(max))
                }
                None => Reply::Done,
            },
            Command::Hud | Command::Show => Reply::Done,
            Command::Entry(key) => match &mut ui.entry {
                Some(e) => {
                    let reply = e.key(key, &seen.view.state, &legal);
                    if key == entry::Key::Cancel {
                        ui.entry = None;
                    }
                    // An amount typed up to the whole stack is asked about
                    // as the all-in key is.
                    let all_in = legal.raise.map(|(_, max)| Reply::Act(Action::RaiseTo(max)));
                    if ui.ask_all_in && Some(&reply) == all_in.as_ref() {
                        ui.entry = None;
                        ui.all_in_asked = true;
                        return Reply::Done;
                    }
                    reply
                }
                None => Reply::Done,
            },
        }
    }

    fn moved(_seen: &Seen<Holdem>, ui: &mut Ui) {
        ui.entry = None;
        ui.fold_asked = false;
        ui.all_in_asked = false;
    }

    fn configure(ui: &mut Ui, settings: &Settings) {
        ui.ask_all_in = settings.confirm_all_in;
    }

    const ASK_BEFORE_LEAVING: bool = true;

    fn deal_ended(seen: &Seen<Holdem>, ui: &mut Ui) {
        ui.hud.count(seen);
        ui.sitting.count(seen);
    }

    fn farewell(seen: &Seen<Holdem>, ui: &Ui) -> Vec<(&'static str, String)> {
        ui.sitting.rows(seen, &ui.hud)
    }

    fn render(
        seen: &Seen<Holdem>,
        ui: &Ui,
        log: &LogPane,
        area: Rect,
        buf: &mut Buffer,
        theme: Theme,
    ) {
        // The log takes every row the table, at its best in TABLE_ROWS,
        // leaves: 5 rows at 80×24, more on taller terminals.
        let log_rows = if ui.hud.shown {
            ui.hud.rows(seen)
        } else if area.height >= 20 {
            area.height.saturating_sub(TABLE_ROWS + 1).max(5)
        } else {
            3
        };
        let [table_area, log_area, bar] = Layout::vertical([
            Constraint::Min(9),
            Constraint::Length(log_rows),
            Constraint::Length(1),
        ])
        .areas(area);
        seats::render(seen, table_area, buf, theme);
        if ui.hud.shown {
            ui.hud.render(seen, log_area, buf, theme);
        } else {
            log.render_under_rule(log_area, buf, theme);
        }
        Paragraph::new(action_line(seen, ui, theme)).render(bar, buf);
    }
}

/// ", 1 rebuy" after the result when the person bought chips again.
fn rebuys(running: &Running) -> String {
    match running.rebuys {
        0 => String::new(),
        n => format!(", {n} {}", plural(n, "rebuy")),
    }
}

/// What a busted seat buys before the next hand (0: none).
fn rebuy_when_busted(seen: &Seen<Holdem>) -> u64 {
    match seen.setup.mode {
        Mode::Cash { rebuy } => seen.setup.rebuy_for(rebuy, 0),
        Mode::Tournament { .. } => 0,
    }
}

/// The line under the table: the bet box, whose turn, or what comes next.
fn action_line(seen: &Seen<Holdem>, ui: &Ui, theme: Theme) -> Line<'static> {
    let st = &seen.view.state;
    if let (Some(e), Some(legal)) = (&ui.entry, my_legal(seen)) {
        return e.line(st, &legal, theme);
    }
    if let (true, Some((_, max))) = (ui.all_in_asked, my_legal(seen).and_then(|l| l.raise)) {
        return Line::styled(
            format!("Go all in for {max}? a: all in · n: no"),
            theme.bad(),
        );
    }
    if ui.fold_asked {
        return Line::styled(
            "Fold when you could check for free? f: fold · n: keep the hand",
            theme.bad(),
        );
    }
    let me = seen.me.unwrap_or(0);
    let busted = st.stacks().get(me) == Some(&0) && st.to_act().is_none();
    match seen.stage {
        Stage::Over if busted => {
            return Line::styled(
                "You are out of chips: the table is over. esc: leave",
                theme.bad(),
            );
        }
        // At a hall's table the others left (with their chips).
        Stage::Over if seen.online => {
            return Line::styled(
                "Nobody else is left to play at this table. esc: leave",
                theme.title(),
            );
        }
        Stage::Over => {
            return Line::styled("You won every chip at the table! esc: leave", theme.good());
        }
        Stage::DealOver if busted && seen.online => {
            return Line::styled("You are out of chips. esc: leave", theme.title());
        }
        Stage::DealOver if busted => {
            let text = match rebuy_when_busted(seen) {
                0 => "You are out of chips. n: watch the next hand · esc: leave".to_string(),
                n => format!("You rebuy for {n} next hand. n: deal it · esc: leave"),
            };
            return Line::styled(text, theme.title());
        }
        Stage::DealOver if may_show(seen) => {
            let text = format!(
                "You win without a showdown. s: show your cards · {}",
                seen.next("hand")
            );
            return Line::styled(text, theme.title());
        }
        Stage::DealOver => {
            return Line::styled(format!("Hand over: {}", seen.next("hand")), theme.title());
        }
        Stage::Turn(_) => {}
    }
    match my_legal(seen) {
        Some(legal) => {
            let call = if legal.to_call > 0 {
                let pot = st.pot_total() + legal.to_call;
                let odds = legal.to_call as f64 * 100.0 / pot as f64;
                format!(
                    "call {} to win {} ({odds:.0}%)",
                    legal.to_call,
                    st.pot_total()
                )
            } else {
                "check".into()
            };
            let raise = match legal.raise {
                Some((lo, _)) if st.current_bet() == 0 => format!("bet {lo}+"),
                Some((lo, _)) => format!("raise to {lo}+"),
                None => "no raise".into(),
            };
            Line::from(vec![
                Span::styled("Your turn: ", theme.title()),
                Span::styled(call, theme.legal()),
                Span::raw(" · "),
                Span::styled(
                    raise,
                    if legal.raise.is_some() {
                        theme.legal()
                    } else {
                        theme.disabled()
                    },
                ),
            ])
        }
        None => {
            let who = seen.to_act().map(|s| seen.name(s)).unwrap_or_default();
            let dots = seen
                .thinking
                .map(|d| spinner(d, theme.ascii))
                .unwrap_or(' ');
            Line::styled(format!("{who} to act {dots}"), theme.dim())
        }
    }
}
