//! `cardgames doom solve|svg|sim`: rate a position's moves with the
//! book's AI or ours, draw a board as SVG, and play AIs against each
//! other on random boards.

use std::io::Write;
use std::sync::Mutex;

use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::output::Output;
use super::progress::Progress;
use super::{CliError, parsed, seed_or_announce};
use cardgames::doom::bots::eval;
use cardgames::doom::bots::search::{
    ExactSolver, book_ab_ratings, book_chance_ratings, first_best,
};
use cardgames::doom::bots::strong::{Limits, StrongSearch};
use cardgames::doom::bots::{AiKind, UnknownAi, make_bot};
use cardgames::doom::formats::svg;
use cardgames::doom::{Board, Config, Deal, Doom, Move, Position, RuleSet, board};
use cardgames::game::BoxBot;
use cardgames::runner::RunError;
use cardgames::runner::matches::{self, Spec};

/// Arguments of `cardgames doom`: a headless command, or the options of
/// a game on screen.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct DoomArgs {
    /// What to do (with none, play on screen).
    #[command(subcommand)]
    pub command: Option<DoomCommand>,
    /// The game's options on screen (`cardgames play doom --help` lists
    /// them).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "OPTIONS"
    )]
    pub options: Vec<String>,
}

/// The headless doom commands.
#[derive(Debug, Subcommand)]
pub enum DoomCommand {
    /// Rate every move of the player to move on a board.
    Solve(SolveArgs),
    /// Draw a board as a standalone SVG picture (to stdout).
    Svg(SvgArgs),
    /// Play AIs against each other on random boards, seats alternated.
    Sim(SimArgs),
}

/// Game settings shared by the commands.
#[derive(Debug, Args)]
pub struct GameOpts {
    /// Players (2 to 4); letters a, b, c, d in turn order.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// The most dice on a hex (2 to 8) [default: 3 classic, 5 chance].
    #[arg(long)]
    max_dice: Option<u8>,
    /// Rule set: classic (more dice win) or chance (dice rolls).
    #[arg(long, default_value = "classic", value_parser = parsed::<RuleSet>)]
    rules: RuleSet,
}

impl GameOpts {
    fn config(&self) -> Result<Config, CliError> {
        let max_dice = self.max_dice.unwrap_or(self.rules.book_max_dice());
        Config::new(self.players, max_dice, self.rules).map_err(CliError::input)
    }
}

/// Arguments of `cardgames doom solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board: hexes row by row from the top left, player letter and
    /// dice, e.g. "a3 a3 b3 b1".
    #[arg(long)]
    board: String,
    /// The player to move.
    #[arg(long, default_value = "a")]
    to_move: String,
    #[command(flatten)]
    game: GameOpts,
    /// Which AI rates the moves: book (v1 full tree for classic rules
    /// without --depth, v2 alpha-beta with it; v4 for chance rules) or
    /// strong (ours). --help says what the ratings mean.
    ///
    /// Ratings are for the player to move: higher is better for them. A
    /// full tree (book without --depth, or strong on classic boards of up
    /// to 3x3) rates a move by the share of the win it leads to: 1 a
    /// sure win, 0 a sure loss, 0.5 a two-way tie. The book's cut trees
    /// rate by its score-board at the horizon: +2 per hex of the player's
    /// that no neighbour outnumbers, +1 per outnumbered one, -1 per hex of
    /// another player (so from minus the hex count to twice it; under
    /// chance rules, averaged over the dice). The strong AI's cut tree
    /// rates from -10000 to 10000: beyond +9000 a won game (the margin
    /// of hexes added), below -9000 a lost one (a shared win between them); otherwise, at most
    /// 5000 either way, 10 per hex more than the average opponent, 2 per
    /// die more (4 under chance rules), and a few points for threats
    /// made and suffered (and, under chance rules, 5 per hex of largest
    /// group more).
    #[arg(long, default_value = "book")]
    ai: String,
    /// Search depth in moves [default: full tree for classic book; 2 for
    /// chance book; 6 for strong].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=40))]
    depth: Option<u8>,
    #[command(flatten)]
    output: Output,
}

/// Arguments of `cardgames doom svg`.
#[derive(Debug, Args)]
pub struct SvgArgs {
    /// The board, as for solve.
    #[arg(long)]
    board: String,
    /// Players the board may name (2 to 4).
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// The most dice a hex may hold (2 to 8).
    #[arg(long, default_value_t = 8)]
    max_dice: u8,
}

/// Arguments of `cardgames doom sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// Games to play.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The AIs, comma-separated (book, strong, greedy, random, oracle); seat s of game g
    /// is played by AI (s + g) mod count, so every AI takes every seat.
    #[arg(long, value_delimiter = ',', required = true)]
    ai: Vec<String>,
    #[command(flatten)]
    game: super::sim_flags::DoomOptions,
    /// Seed for the boards, the dice and the AIs' own draws: the same
    /// seed and options replay the same games, move for move, on any
    /// machine (the AIs' budgets are counts, never time).
    #[arg(long)]
    seed: Option<u64>,
    /// The strong and oracle AIs' fixed search depth in moves (under
    /// chance rules: rounds of 32 playouts per candidate move).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=64), conflicts_with = "nodes")]
    depth: Option<u8>,
    /// The strong and oracle AIs' budget per move: positions searched
    /// (classic rules) or playouts (chance rules) [default: 200000
    /// positions, 5000 playouts].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Moves after which a game is stopped and scored by hexes held.
    #[arg(long, default_value_t = 5000)]
    max_moves: u64,
    #[command(flatten)]
    output: Output,
}

/// Runs `cardgames doom …`.
pub fn run(args: DoomArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.command {
        Some(DoomCommand::Solve(a)) => solve(a, out),
        Some(DoomCommand::Svg(a)) => draw(a, out),
        Some(DoomCommand::Sim(a)) => sim(a, out),
        None => Err(CliError::Input(
            "doom: choose solve, svg or sim (see cardgames doom --help)".into(),
        )),
    }
}

fn parse_board(text: &str, cfg: &Config) -> Result<Board, CliError> {
    let b = Board::parse(text).map_err(CliError::input)?;
    b.check(cfg.players, cfg.max_dice)
        .map_err(CliError::input)?;
    Ok(b)
}

fn parse_player(text: &str, players: u8) -> Result<u8, CliError> {
    let mut chars = text.trim().chars();
    match (chars.next().map(|c| c.to_ascii_lowercase()), chars.next()) {
        (Some(c @ 'a'..='d'), None) if (c as u8 - b'a') < players => Ok(c as u8 - b'a'),
        _ => Err(CliError::Input(format!(
            "bad --to-move {text:?}: give a player letter from a to {}",
            board::player_letter(players - 1)
        ))),
    }
}

/// A single-float rating as the shortest decimal that reads back as the
/// same single float (so the book's v4 ratings print as the book's).
fn f32_rating(v: f32) -> f64 {
    format!("{v}").parse().unwrap_or(f64::from(v))
}

/// The most positions a full-tree solve may visit.
const EXACT_NODE_LIMIT: u64 = 5_000_000;

fn solve(a: SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let cfg = a.game.config()?;
    let board = parse_board(&a.board, &cfg)?;
    let player = parse_player(&a.to_move, cfg.players)?;
    let ai: AiKind = a.ai.parse().map_err(CliError::input)?;
    let pos = Position::new(board, player);
    let mut nodes = 0u64;
    let ratings: Vec<(Move, f64)> = match (ai, cfg.rules, a.depth) {
        (AiKind::Random | AiKind::Greedy | AiKind::Oracle, ..) => {
            return Err(CliError::Input(format!(
                "solve rates moves with book or strong, not {ai}"
            )));
        }
        (AiKind::Book, RuleSet::Classic, None) => exact_ratings(&cfg, &pos, &mut nodes)?,
        (AiKind::Book, RuleSet::Classic, Some(d)) => book_ab_ratings(&cfg, &pos, d, &mut nodes)
            .into_iter()
            .map(|(m, v)| (m, f64::from(v)))
            .collect(),
        (AiKind::Book, RuleSet::Chance, d) => {
            book_chance_ratings(&cfg, &pos, d.unwrap_or(2), &mut nodes)
                .into_iter()
                .map(|(m, v)| (m, f32_rating(v)))
                .collect()
        }
        (AiKind::Strong, RuleSet::Classic, None) if board.len() <= 9 => {
            exact_ratings(&cfg, &pos, &mut nodes)?
        }
        (AiKind::Strong, _, d) => {
            let mut s = StrongSearch::new(cfg);
            let r = s.ratings(&pos, d.unwrap_or(6));
            nodes = s.nodes();
            r.into_iter().map(|(m, v)| (m, f32_rating(v))).collect()
        }
    };
    let best = first_best(&ratings);
    let value = match best {
        Some((_, v)) => v,
        None => f64::from(eval::share_twelfths(&board, player)) / 12.0,
    };
    let letter = board::player_letter(player).to_string();
    if a.output.json() {
        let moves: Vec<Value> = ratings
            .iter()
            .map(|(m, v)| json!({"move": m.to_string(), "rating": v}))
            .collect();
        let doc = json!({
            "to_move": letter,
            "moves": moves,
            "best": best.map(|(m, _)| m.to_string()),
            "value": value,
            "nodes": nodes,
        });
        writeln!(out, "{doc}")?;
    } else {
        write!(out, "{}", board.drawing())?;
        writeln!(out, "to move: {letter}")?;
        for (m, v) in &ratings {
            writeln!(out, "  {:>8}  {v}", m.to_string())?;
        }
        match best {
            Some((m, v)) => writeln!(out, "best: {m} ({v})")?,
            None => writeln!(out, "no move: the game is over, share {value}")?,
        }
        writeln!(out, "nodes: {nodes}")?;
    }
    Ok(())
}

fn exact_ratings(
    cfg: &Config,
    pos: &Position,
    nodes: &mut u64,
) -> Result<Vec<(Move, f64)>, CliError> {
    let mut solver = ExactSolver::new(*cfg)
        .map_err(CliError::input)?
        .with_node_limit(EXACT_NODE_LIMIT);
    let r = solver.ratings(pos).map_err(CliError::input)?;
    *nodes = solver.nodes;
    Ok(r.into_iter()
        .map(|(m, v)| (m, f64::from(v) / 12.0))
        .collect())
}

fn draw(a: SvgArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let cfg = Config::new(a.players, a.max_dice, RuleSet::Classic).map_err(CliError::input)?;
    let board = parse_board(&a.board, &cfg)?;
    write!(out, "{}", svg::board_svg(&board))?;
    Ok(())
}

/// One finished (or cut) game: each AI's share of the win, and which AI
/// moved first.
/// What `doom sim` counts beside the wins: per AI, the games it moved
/// first in and its wins there; games cut short; moves made.
#[derive(Default)]
struct Counts {
    first: Vec<(u32, f64)>,
    cut: usize,
    moves: u64,
}

fn sim(a: SimArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let setup = a.game.setup();
    let cfg = setup.config().map_err(CliError::input)?;
    let kinds: Vec<AiKind> =
        a.ai.iter()
            .map(|s| s.parse().map_err(CliError::input))
            .collect::<Result<_, _>>()?;
    if kinds.len() > usize::from(cfg.players) {
        return Err(CliError::Input(format!(
            "{} AIs for {} players: give at most one AI per player",
            kinds.len(),
            cfg.players
        )));
    }
    let seed = seed_or_announce(a.seed);
    let limits = match (a.depth, a.nodes) {
        (Some(d), _) => Some(Limits::depth(d)),
        (None, Some(n)) => Some(Limits::nodes(n)),
        (None, None) => None,
    };
    let count = kinds.len();
    let spec = Spec::<Doom> {
        setup,
        bots: kinds.iter().map(|k| k.name().to_string()).collect(),
        plays: u64::from(a.games),
        rotations: count as u64,
        seed,
        max_actions: Some(a.max_moves),
    };
    let counts = Mutex::new(Counts {
        first: vec![(0, 0.0); count],
        ..Counts::default()
    });
    let make = |name: &str| -> Result<BoxBot<Doom>, RunError> {
        let kind: AiKind = name
            .parse()
            .map_err(|e: UnknownAi| RunError::Rule(e.to_string()))?;
        Ok(make_bot(kind, limits))
    };
    let progress = Progress::on_stderr(spec.plays, "games");
    let standings = matches::run(&spec, make, |p| {
        progress.done(1);
        if let Ok(mut c) = counts.lock() {
            let first = p.bot_of_seat[0];
            c.first[first].0 += 1;
            c.first[first].1 += p.scores[0];
            c.cut += usize::from(p.cut);
            c.moves += p.game.moves_made();
        }
    })
    .map_err(CliError::input)?;
    drop(progress);
    let Counts { first, cut, moves } = counts.into_inner().unwrap_or_default();
    let n = f64::from(a.games);
    let boards = match setup.boards {
        Deal::Book => "book",
        Deal::Balanced => "balanced",
    };
    if a.output.json() {
        let ais: Vec<Value> = standings
            .iter()
            .zip(&first)
            .map(|(s, (fg, fw))| {
                json!({"ai": s.bot, "wins": s.total, "rate": s.total / n, "ci95": s.ci95, "first_games": fg, "first_wins": fw})
            })
            .collect();
        let doc = json!({
            "games": a.games,
            "size": setup.size,
            "players": cfg.players,
            "max_dice": cfg.max_dice,
            "rules": cfg.rules.name(),
            "boards": boards,
            "seed": seed,
            "ais": ais,
            "cut": cut,
            "moves": moves,
        });
        writeln!(out, "{doc}")?;
    } else {
        writeln!(
            out,
            "{} games, {}x{}, {} players, {} rules, max dice {}, seed {seed}",
            a.games,
            setup.size,
            setup.size,
            cfg.players,
            cfg.rules.name(),
            cfg.max_dice
        )?;
        for (s, (fg, fw)) in standings.iter().zip(&first) {
            writeln!(
                out,
                "  {:<7} {:>8.1} wins  {:>6.1}% ± {:.1}  (moving first: {fw:.1} of {fg})",
                s.bot,
                s.total,
                100.0 * s.total / n,
                100.0 * s.ci95
            )?;
        }
        if cut > 0 {
            writeln!(
                out,
                "  {cut} games stopped at {} moves, scored by hexes held",
                a.max_moves
            )?;
        }
    }
    Ok(())
}
