//! Dice of Doom on screen: the hex board in offset rows with each player's
//! letter, colour and dice; choosing the attacker and the target by keys
//! or mouse, the legal ones marked; the players' hexes and dice, whose
//! turn, and the log beside it.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use super::keymap::{Binding, Key};
use super::link::Seen;
use super::log::LogPane;
use super::table::{Board, Reply, Running, TableScreen};
use super::theme::{Theme, spinner};
use cardgames::doom::Doom;
use cardgames::doom::board::player_letter;
use cardgames::doom::bots::players::StrongBot;
use cardgames::doom::bots::strong::Limits;
use cardgames::doom::odds::exact_odds;
use cardgames::doom::rules::{Move, RuleSet, winners};
use cardgames::game::{Bot, Stage, rng_from_seed};

/// The board's state: the cursor, the chosen attacker and the hint shown.
#[derive(Debug, Default)]
pub struct Ui {
    cursor: usize,
    source: Option<u8>,
    hint: Option<Move>,
    /// The hex Up/Down last moved to and the column they aim at there.
    column: Option<(usize, u16)>,
    /// The hexes' numbers (the CLI's names for them in moves) hidden.
    hide_numbers: bool,
}

/// Moves the cursor a row up (`dy` −1) or down (+1) to the hex drawn
/// nearest the column it is in (the column a run of Up/Down began in, so
/// the cursor keeps to a straight line down the offset rows); stays put
/// at the board's edge.
fn vertical(ui: &mut Ui, n: usize, dy: isize) -> Reply<Move> {
    let Some(y) = (ui.cursor / n).checked_add_signed(dy).filter(|&y| y < n) else {
        return Reply::Done;
    };
    let column = match ui.column {
        Some((hex, column)) if hex == ui.cursor => column,
        _ => column_of(n, ui.cursor),
    };
    // Of two equally near, the left one: a straight line down the screen
    // and back up goes through the same hexes.
    let nearest = (0..n)
        .map(|x| y * n + x)
        .min_by_key(|&h| (column_of(n, h).abs_diff(column), h));
    if let Some(h) = nearest {
        ui.cursor = h;
        ui.column = Some((h, column));
    }
    Reply::Done
}

/// The column hex `hex` is drawn at as a token: every geometry's columns
/// are these, scaled.
fn column_of(n: usize, hex: usize) -> u16 {
    Geometry::compact(n, 0).cell(n, hex).0
}

/// The hint's search: this many positions (playouts under chance rules),
/// from a fixed seed, so the same position always gets the same hint.
const HINT_NODES: u64 = 2_000;
const HINT_SEED: u64 = 0x5EED;

/// The strong AI's move for the person, shown and not played: the
/// attacker chosen and the cursor on the target, or a pass.
fn hint(seen: &Seen<Doom>, ui: &mut Ui) -> Reply<Move> {
    let mut bot = StrongBot::new(Limits::nodes(HINT_NODES));
    let mv = bot.choose(&seen.view, &mut rng_from_seed(HINT_SEED));
    if let Move::Attack { from, to } = mv {
        ui.source = Some(from);
        ui.cursor = usize::from(to);
    }
    ui.hint = Some(mv);
    Reply::Done
}

/// Takes back the person's last move (practice against the computer):
/// refused under chance rules, where the dice were already rolled, and
/// online.
fn undo(seen: &Seen<Doom>, ui: &mut Ui) -> Reply<Move> {
    if seen.online {
        return Reply::Error("moves are not taken back online".into());
    }
    if seen.view.config.rules != RuleSet::Classic {
        return Reply::Error("no undo under chance rules: the dice were rolled".into());
    }
    ui.source = None;
    Reply::Undo
}

/// Commands of the Dice of Doom board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Cursor up a row.
    Up,
    /// Cursor down a row.
    Down,
    /// Cursor left.
    Left,
    /// Cursor right.
    Right,
    /// Pick the hex under the cursor (attacker, then target).
    Select,
    /// Pick hex `n` (mouse).
    Click(u8),
    /// End the turn.
    Pass,
    /// Drop the chosen attacker.
    Unselect,
    /// Show the strong AI's move.
    Hint,
    /// Show or hide the hexes' numbers.
    Numbers,
    /// Take back your last move (classic rules, against the computer).
    Undo,
}

impl TableScreen<Doom> {
    /// The hex under the cursor.
    pub fn cursor(&self) -> usize {
        self.ui().cursor
    }
}

fn size(seen: &Seen<Doom>) -> usize {
    seen.view.position.board.size()
}

fn targets_from(seen: &Seen<Doom>, from: u8) -> Vec<u8> {
    seen.legal
        .iter()
        .filter_map(|m| match m {
            Move::Attack { from: f, to } if *f == from => Some(*to),
            _ => None,
        })
        .collect()
}

/// Picks `hex`: as the attacker, as the target of the chosen attacker, or
/// drops the attacker picked again.
fn pick(seen: &Seen<Doom>, ui: &mut Ui, hex: u8) -> Reply<Move> {
    match ui.source {
        Some(from) if from == hex => ui.source = None,
        Some(from) if targets_from(seen, from).contains(&hex) => {
            ui.source = None;
            return Reply::Act(Move::Attack { from, to: hex });
        }
        _ if !targets_from(seen, hex).is_empty() => {
            ui.source = Some(hex);
            // The only target is taken at once.
            if let [only] = targets_from(seen, hex)[..] {
                ui.cursor = usize::from(only);
            }
        }
        _ if seen.my_turn() => {
            return Reply::Error(format!("hex {hex} cannot attack or be attacked now"));
        }
        _ => return Reply::Error("wait for your turn".into()),
    }
    Reply::Done
}

/// How the hexes are drawn: `w` columns and `h` rows apart, each row
/// shifted half a hex left of the one above; `boxed` draws each hex as a
/// framed cell filling that space, else as a one-line token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Geometry {
    w: u16,
    h: u16,
    boxed: bool,
}

impl Geometry {
    /// One-line tokens four columns wide, rows two apart when `height`
    /// has room for it, else one.
    fn compact(n: usize, height: u16) -> Geometry {
        let spacing = if (2 * n as u16) < height.saturating_sub(1) {
            2
        } else {
            1
        };
        Geometry {
            w: 4,
            h: spacing,
            boxed: false,
        }
    }

    /// The largest framed cells (at least 6×3, at most 14×6, twice as
    /// wide as tall at least) for which the board fits in `width`×`height`.
    fn boxed(n: usize, width: u16, height: u16) -> Option<Geometry> {
        let h = (height / n as u16).min(6);
        (6..=14u16)
            .rev()
            .step_by(2)
            .map(|w| Geometry {
                w,
                h: h.min(w / 2),
                boxed: true,
            })
            .find(|g| g.width(n) <= width)
            .filter(|g| g.h >= 3)
    }

    /// The board's width in columns (a token board keeps a blank after).
    fn width(self, n: usize) -> u16 {
        let n = n as u16;
        self.w / 2 * (n - 1) + self.w * n + u16::from(!self.boxed)
    }

    /// Where hex `hex` is drawn: (column, row) offsets in the board area.
    fn cell(self, n: usize, hex: usize) -> (u16, u16) {
        let (x, y) = ((hex % n) as u16, (hex / n) as u16);
        (self.w / 2 * (n as u16 - 1 - y) + self.w * x, y * self.h)
    }

    /// The columns and rows a hex covers, from its corner.
    fn extent(self) -> (u16, u16) {
        if self.boxed { (self.w, self.h) } else { (4, 1) }
    }
}

/// The board's area, the side panel's, the panel's border and how the
/// hexes are drawn: side by side when the board fits beside the narrowest
/// panel (framed cells when they fit, else tokens), else tokens with the
/// panel below. A wider screen widens the panel until the longest log
/// lines fit.
fn split(n: usize, area: Rect) -> (Rect, Rect, Borders, Geometry) {
    const PANEL: u16 = 28;
    const WIDE_PANEL: u16 = 40;
    let height = area.height.saturating_sub(1);
    let geometry = [WIDE_PANEL, PANEL]
        .iter()
        .find_map(|&panel| Geometry::boxed(n, area.width.saturating_sub(panel), height))
        .unwrap_or_else(|| Geometry::compact(n, height));
    let board_width = geometry.width(n);
    if area.width >= board_width + PANEL {
        let panel = (area.width - board_width).min(WIDE_PANEL);
        let [left, right] =
            Layout::horizontal([Constraint::Min(board_width), Constraint::Length(panel)])
                .areas(area);
        let board = Rect {
            y: left.y + 1,
            height,
            ..left
        };
        (board, right, Borders::LEFT, geometry)
    } else {
        let [top, bottom] =
            Layout::vertical([Constraint::Length(n as u16), Constraint::Min(1)]).areas(area);
        (top, bottom, Borders::TOP, Geometry::compact(n, 0))
    }
}

/// How one hex is marked: the brackets beside its letter and dice, and
/// whether it was in the last attack, is a target or under the cursor.
struct Mark {
    l: char,
    r: char,
    last: bool,
    target: bool,
    cursor: bool,
}

/// A framed cell for one hex: the frame (doubled for the last attack,
/// green round a target) with the hex's number in it when asked, filled
/// with the owner's colour, the letter and dice in the middle.
fn draw_box(
    buf: &mut Buffer,
    at: Rect,
    owner: usize,
    (text, number): (&str, Option<usize>),
    mark: &Mark,
    theme: Theme,
) {
    let [tl, tr, bl, br, hz, vt] = match (theme.ascii, mark.last) {
        (true, false) => ['+', '+', '+', '+', '-', '|'],
        (true, true) => ['#', '#', '#', '#', '=', '#'],
        (false, false) => ['┌', '┐', '└', '┘', '─', '│'],
        (false, true) => ['╔', '╗', '╚', '╝', '═', '║'],
    };
    let frame = if mark.target {
        theme.legal()
    } else if mark.last {
        theme.player(owner).add_modifier(Modifier::BOLD)
    } else {
        theme.dim()
    };
    let fill = if mark.cursor {
        theme.selected()
    } else {
        theme.player_fill(owner)
    };
    let inner = usize::from(at.width - 2);
    let (bottom, right) = (at.y + at.height - 1, at.x + at.width - 1);
    let line = |a: char, b: char| format!("{a}{}{b}", hz.to_string().repeat(inner));
    buf.set_string(at.x, at.y, line(tl, tr), frame);
    if let Some(number) = number {
        buf.set_string(at.x + 1, at.y, number.to_string(), theme.dim());
    }
    buf.set_string(at.x, bottom, line(bl, br), frame);
    for y in at.y + 1..bottom {
        buf.set_string(at.x, y, vt.to_string(), frame);
        buf.set_string(at.x + 1, y, " ".repeat(inner), fill);
        buf.set_string(right, y, vt.to_string(), frame);
    }
    let pad = inner.saturating_sub(2 + text.chars().count());
    let middle = format!(
        "{}{}{text}{}{}",
        " ".repeat(pad / 2),
        mark.l,
        mark.r,
        " ".repeat(pad - pad / 2),
    );
    let style = if mark.last && !mark.cursor {
        fill.add_modifier(Modifier::UNDERLINED)
    } else {
        fill
    };
    buf.set_string(at.x + 1, at.y + (at.height - 1) / 2, middle, style);
}

fn render_board(
    seen: &Seen<Doom>,
    ui: &Ui,
    area: Rect,
    geometry: Geometry,
    buf: &mut Buffer,
    theme: Theme,
) {
    let board = &seen.view.position.board;
    let n = board.size();
    let mine = seen.my_turn();
    let targets = ui.source.map(|s| targets_from(seen, s)).unwrap_or_default();
    let last: Vec<u8> = seen
        .view
        .last
        .map(|a| vec![a.from, a.to])
        .unwrap_or_default();
    let sources: Vec<u8> = seen
        .legal
        .iter()
        .filter_map(|m| match m {
            Move::Attack { from, .. } => Some(*from),
            Move::Pass => None,
        })
        .collect();
    let (width, height) = geometry.extent();
    for (i, h) in board.hexes().enumerate() {
        let (dx, dy) = geometry.cell(n, i);
        if dx + width > area.width || dy + height > area.height {
            continue;
        }
        let idx = i as u8;
        let cursor = i == ui.cursor && mine;
        let target = targets.contains(&idx);
        let (l, r) = if cursor {
            ('[', ']')
        } else if last.first() == Some(&idx) {
            ('>', ' ')
        } else if last.get(1) == Some(&idx) {
            (' ', '<')
        } else if ui.source == Some(idx) {
            ('<', '>')
        } else if target || (ui.source.is_none() && sources.contains(&idx)) {
            ('(', ')')
        } else {
            (' ', ' ')
        };
        let owner = usize::from(h.owner);
        let text = format!("{}{}", player_letter(h.owner), h.dice);
        let (x, y) = (area.x + dx, area.y + dy);
        if geometry.boxed {
            let mark = Mark {
                l,
                r,
                last: last.contains(&idx),
                target,
                cursor,
            };
            let number = (!ui.hide_numbers).then_some(i);
            let at = Rect::new(x, y, width, height);
            draw_box(buf, at, owner, (&text, number), &mark, theme);
            continue;
        }
        let mut style = theme.player(owner);
        if last.contains(&idx) {
            style = style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
        }
        if cursor {
            style = theme.selected();
        } else if target {
            style = style.patch(theme.legal());
        }
        buf.set_string(x, y, format!("{l}{text}{r}"), style);
        // Tokens two rows apart: the number in the blank row below.
        if !ui.hide_numbers && geometry.h == 2 {
            buf.set_string(x + 1, y + 1, i.to_string(), theme.dim());
        }
    }
}

/// Under chance rules, with an attacker chosen and the cursor on one of
/// its targets: the target and the attack's chance to win, in percent.
fn odds(seen: &Seen<Doom>, ui: &Ui) -> Option<(u8, f64)> {
    let from = ui.source?;
    let to = u8::try_from(ui.cursor).ok()?;
    if seen.view.config.rules != RuleSet::Chance || !targets_from(seen, from).contains(&to) {
        return None;
    }
    let board = &seen.view.position.board;
    let (att, def) = (board.hex(usize::from(from)).dice, board.hex(ui.cursor).dice);
    Some((to, 100.0 * exact_odds(att, def)))
}

fn prompt(seen: &Seen<Doom>, ui: &Ui, theme: Theme) -> String {
    let letter = |p: usize| player_letter(p as u8);
    if !matches!(seen.stage, Stage::Turn(_)) {
        let w = winners(&seen.view.position.board);
        let won: Vec<usize> = (0..usize::from(seen.view.config.players))
            .filter(|p| w & 1 << p != 0)
            .collect();
        let names: Vec<String> = won.iter().map(|&p| letter(p).to_string()).collect();
        return match (seen.me, won.as_slice()) {
            (Some(me), [only]) if *only == me => format!("You win! {}", seen.next("game")),
            (Some(me), _) if won.contains(&me) => {
                format!("Shared win {}. {}", names.join(" "), seen.next("game"))
            }
            _ => format!("{} wins. {}", names.join(" "), seen.next("game")),
        };
    }
    match ui.hint {
        Some(Move::Pass) => return "Hint: pass (p)".into(),
        Some(Move::Attack { from, to }) => return format!("Hint: hex {from} attacks {to}"),
        None => {}
    }
    match (seen.thinking, seen.my_turn(), ui.source) {
        (Some(t), false, _) => format!(
            "{} is thinking {}",
            seen.to_act().map_or('?', letter),
            spinner(t, theme.ascii)
        ),
        (_, true, None) => "Your move: pick an attacker".into(),
        (_, true, Some(f)) => match odds(seen, ui) {
            Some((to, p)) => format!("From hex {f} to {to}: wins {p:.0}%"),
            None => format!("From hex {f}: pick a target"),
        },
        _ => format!("{} is moving", seen.to_act().map_or('?', letter)),
    }
}

fn side_panel(
    seen: &Seen<Doom>,
    ui: &Ui,
    log: &LogPane,
    room: Rect,
    theme: Theme,
) -> Vec<Line<'static>> {
    let board = &seen.view.position.board;
    let mut lines = Vec::new();
    for p in 0..seen.view.config.players {
        let seat = usize::from(p);
        let dice: u32 = board
            .hexes()
            .filter(|h| h.owner == p)
            .map(|h| u32::from(h.dice))
            .sum();
        let marker = match (seen.to_act() == Some(seat), theme.ascii) {
            (true, false) => "▶",
            (true, true) => ">",
            _ => " ",
        };
        let name = seen.name(seat);
        // Seven columns of the name: the line fits the narrow panel.
        let who: String = if name == player_letter(p).to_string() {
            String::new()
        } else {
            name.chars().take(7).collect()
        };
        let hexes = board.count(p);
        lines.push(Line::from(vec![
            Span::raw(format!("{marker} ")),
            Span::styled(format!("{} ", player_letter(p)), theme.player(seat)),
            Span::raw(format!(
                "{who:<7}{hexes:>2} {:<5} {dice:>3} {}",
                if hexes == 1 { "hex" } else { "hexes" },
                if dice == 1 { "die" } else { "dice" }
            )),
        ]));
    }
    if let Some(a) = seen.view.last {
        lines.push(Line::raw(format!(
            "Last attack: {} {}->{} {}",
            player_letter(a.player),
            a.from,
            a.to,
            if a.won { "won" } else { "lost" }
        )));
    }
    lines.push(Line::default());
    lines.push(Line::styled(prompt(seen, ui, theme), theme.title()));
    lines.push(Line::default());
    let rows = usize::from(room.height).saturating_sub(lines.len());
    lines.extend(log.lines(rows, room.width, theme));
    lines
}

impl Board for Doom {
    type Ui = Ui;
    type Command = Command;
    const NEXT: &'static str = "new game";

    fn seat_names(seats: usize) -> Vec<String> {
        (0..seats)
            .map(|p| player_letter(p as u8).to_string())
            .collect()
    }

    fn title(seen: &Seen<Doom>, _running: &Running) -> String {
        let n = size(seen);
        let me = seen
            .me
            .map(|m| format!(" · you are {}", player_letter(m as u8)))
            .unwrap_or_default();
        format!(
            "Dice of Doom · {n}×{n} {}{me}",
            seen.view.config.rules.name()
        )
    }

    fn summary(seen: &Seen<Doom>, running: &Running) -> String {
        let n = size(seen);
        format!(
            "{n}×{n} {}, game {}",
            seen.view.config.rules.name(),
            running.deals + 1
        )
    }

    fn bindings(seen: &Seen<Doom>, ui: &Ui) -> Vec<Binding<Command>> {
        let mine = seen.my_turn();
        let classic = seen.view.config.rules == RuleSet::Classic && !seen.online;
        vec![
            Binding::new(&[Key::Up, Key::Char('k')], "", "Move up", Command::Up).enabled(mine),
            Binding::new(&[Key::Down, Key::Char('j')], "", "Move down", Command::Down)
                .enabled(mine),
            Binding::new(&[Key::Left], "", "Move left", Command::Left).enabled(mine),
            Binding::new(
                &[Key::Right, Key::Char('l')],
                "move",
                "Move right",
                Command::Right,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Enter, Key::Char(' ')],
                "pick",
                "Choose the hex under the cursor: first the attacker, then the target",
                Command::Select,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Char('p')],
                "pass",
                "End your turn (take reinforcements)",
                Command::Pass,
            )
            .enabled(mine && seen.legal.contains(&Move::Pass)),
            Binding::new(
                &[Key::Char('x')],
                "",
                "Drop the chosen attacker",
                Command::Unselect,
            )
            .enabled(ui.source.is_some()),
            Binding::new(
                &[Key::Char('h')],
                "hint",
                "Show the strong AI's move for you, without playing it",
                Command::Hint,
            )
            .enabled(mine),
            Binding::new(
                &[Key::Char('u')],
                if classic { "undo" } else { "" },
                "Take back your last move, and the computer's since (classic rules)",
                Command::Undo,
            )
            .enabled(matches!(seen.stage, Stage::Turn(_))),
            Binding::new(
                &[Key::Char('#')],
                "",
                "Show or hide the hexes' numbers (the names moves use on the command line)",
                Command::Numbers,
            ),
        ]
    }

    fn command(seen: &Seen<Doom>, ui: &mut Ui, command: Command) -> Reply<Move> {
        ui.hint = None;
        let n = size(seen) as isize;
        let mut step = |dx: isize| {
            let (x, y) = ((ui.cursor as isize) % n, (ui.cursor as isize) / n);
            ui.cursor = (y * n + (x + dx).rem_euclid(n)) as usize;
            Reply::Done
        };
        match command {
            Command::Up => vertical(ui, n as usize, -1),
            Command::Down => vertical(ui, n as usize, 1),
            Command::Left => step(-1),
            Command::Right => step(1),
            Command::Select => pick(seen, ui, ui.cursor as u8),
            Command::Click(hex) => {
                ui.cursor = usize::from(hex);
                pick(seen, ui, hex)
            }
            Command::Pass => {
                ui.source = None;
                Reply::Act(Move::Pass)
            }
            Command::Unselect => {
                ui.source = None;
                Reply::Done
            }
            Command::Hint => hint(seen, ui),
            Command::Numbers => {
                ui.hide_numbers = !ui.hide_numbers;
                Reply::Done
            }
            Command::Undo => undo(seen, ui),
        }
    }

    fn moved(seen: &Seen<Doom>, ui: &mut Ui) {
        ui.hint = None;
        if !seen.my_turn() {
            ui.source = None;
        }
        if ui.cursor >= seen.view.position.board.len() {
            ui.cursor = 0;
        }
    }

    fn render(
        seen: &Seen<Doom>,
        ui: &Ui,
        log: &LogPane,
        area: Rect,
        buf: &mut Buffer,
        theme: Theme,
    ) {
        let (board, panel, border, geometry) = split(size(seen), area);
        render_board(seen, ui, board, geometry, buf, theme);
        let block = Block::new().borders(border).border_style(theme.dim());
        let inner = block.inner(panel);
        Paragraph::new(side_panel(
            seen,
            ui,
            log,
            Rect::new(0, 0, inner.width, panel.height.saturating_sub(1)),
            theme,
        ))
        .block(block)
        .render(panel, buf);
    }

    fn mouse(seen: &Seen<Doom>, _ui: &Ui, ev: MouseEvent, area: Rect) -> Option<Command> {
        let MouseEventKind::Down(MouseButton::Left) = ev.kind else {
            return None;
        };
        let n = size(seen);
        let (board_area, _, _, geometry) = split(n, area);
        let (width, height) = geometry.extent();
        (0..n * n).find_map(|i| {
            let (dx, dy) = geometry.cell(n, i);
            Rect::new(board_area.x + dx, board_area.y + dy, width, height)
                .contains((ev.column, ev.row).into())
                .then_some(Command::Click(i as u8))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::table::Board;
    use cardgames::doom::setup::Setup;
    use cardgames::game::{Game, Playable};

    /// Seat 0's place at the opening of a 5×5 game under `rules`, at home
    /// or at a hall's table.
    fn seen(rules: RuleSet, online: bool) -> Seen<Doom> {
        let setup = Setup {
            rules,
            max_dice: rules.book_max_dice(),
            ..Setup::default()
        };
        let game = <Doom as Playable>::new(&setup, 4).unwrap_or_else(|e| panic!("{e}"));
        Seen {
            me: Some(0),
            view: game.view(0),
            legal: game.legal_actions(),
            stage: Stage::Turn(0),
            names: vec!["you".into(), "b".into()],
            bots: vec![None, Some("strong".into())],
            away: Vec::new(),
            empty: Vec::new(),
            thinking: None,
            setup,
            online,
        }
    }

    fn undo_label(seen: &Seen<Doom>) -> String {
        <Doom as Board>::bindings(seen, &Ui::default())
            .into_iter()
            .find(|b| b.action == Command::Undo)
            .map(|b| b.hint.to_string())
            .unwrap_or_default()
    }

    /// `u` takes moves back only at home under classic rules: under chance
    /// rules the dice were rolled, and at a hall's table the others have
    /// seen the move; the key bar offers it only where it works.
    #[test]
    fn undo_only_at_home_under_classic_rules() {
        let home = seen(RuleSet::Classic, false);
        assert_eq!(undo(&home, &mut Ui::default()), Reply::Undo);
        assert_eq!(undo_label(&home), "undo");
        let online = seen(RuleSet::Classic, true);
        assert_eq!(
            undo(&online, &mut Ui::default()),
            Reply::Error("moves are not taken back online".into())
        );
        assert_eq!(undo_label(&online), "");
        let chance = seen(RuleSet::Chance, false);
        assert_eq!(
            undo(&chance, &mut Ui::default()),
            Reply::Error("no undo under chance rules: the dice were rolled".into())
        );
        assert_eq!(undo_label(&chance), "");
    }
}
