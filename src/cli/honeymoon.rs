//! `cardgames honeymoon`: the double-dummy solver (`solve`), the endgame
//! database (`db build`) and bot-against-bot matches (`sim`).

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use std::sync::Mutex;

use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::output::{Formats, Output};
use super::progress::Progress;
use super::{CliError, Style, seed_or_announce};
use cardgames::cards::pbn::parse_hand;
use cardgames::cards::{Card, Suit};
use cardgames::game::Game;
use cardgames::honeymoon::Honeymoon;
use cardgames::honeymoon::db::Db;
use cardgames::honeymoon::db_build;
use cardgames::honeymoon::formats::pbn;
use cardgames::honeymoon::formats::read_file;
use cardgames::honeymoon::formats::record::{DealRecord, contract_text, seat_text};
use cardgames::honeymoon::review::{self as deal_review, Review};
use cardgames::honeymoon::solver::{Analysis, Solver};
use cardgames::honeymoon::{NORTH, Position, SOUTH, parse_trump};
use cardgames::runner::make_bot;
use cardgames::runner::matches::{self, Spec};

/// Arguments of `cardgames honeymoon`: a headless command, or the
/// options of a match on screen.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct HoneymoonArgs {
    /// What to do (with none, play on screen).
    #[command(subcommand)]
    pub command: Option<HoneymoonCommand>,
    /// The game's options on screen (`cardgames play honeymoon --help` lists
    /// them).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "OPTIONS"
    )]
    pub options: Vec<String>,
}

/// The headless honeymoon commands.
#[derive(Debug, Subcommand)]
pub enum HoneymoonCommand {
    /// Double-dummy solve a two-hand position: tricks for each side and
    /// the value of every legal card.
    Solve(SolveArgs),
    /// The endgame database.
    Db {
        /// What to do with it.
        #[command(subcommand)]
        command: DbCommand,
    },
    /// Play bots against each other, seats alternated each deal.
    Sim(SimArgs),
    /// Review recorded deals double dummy: every card's cost, the best
    /// cards, the running par, the worth of the exchange's face-up cards.
    Review(ReviewArgs),
}

/// Arguments of `honeymoon review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// A deal record: JSON (as the app and `sim --records` keep them) or
    /// PBN; a file may hold several deals.
    file: PathBuf,
    #[command(flatten)]
    output: Output<ReviewFormat>,
    /// Sampled worlds per exchange trick (0: review the play only).
    #[arg(long, default_value_t = 8)]
    samples: usize,
    /// Seed of the exchange samples.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Write the deals read as PBN instead of reviewing them (the same as
    /// --format pbn).
    #[arg(long, conflicts_with_all = ["json", "format"])]
    to_pbn: bool,
    #[command(flatten)]
    style: Style,
}

/// What `honeymoon review` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReviewFormat {
    /// Each deal's review as text.
    Text,
    /// One JSON object per deal.
    Json,
    /// No review: the deals read, as PBN.
    Pbn,
}

impl Formats for ReviewFormat {
    const TEXT: Self = ReviewFormat::Text;
    const JSON: Self = ReviewFormat::Json;
}

/// Arguments of `honeymoon solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// North's hand in PBN (spades.hearts.diamonds.clubs).
    #[arg(long, required_unless_present = "batch")]
    north: Option<String>,
    /// South's hand in PBN.
    #[arg(long, required_unless_present = "batch")]
    south: Option<String>,
    /// Trump suit: S, H, D, C or NT.
    #[arg(long, required_unless_present = "batch")]
    trump: Option<String>,
    /// The side on lead: N or S.
    #[arg(long, required_unless_present = "batch")]
    lead: Option<String>,
    /// The card the leader has already played to the current trick.
    #[arg(long)]
    led: Option<String>,
    #[command(flatten)]
    output: Output,
    /// Read positions from stdin, one per line: NORTH SOUTH TRUMP LEAD
    /// [LED]; write one JSON line per position.
    #[arg(long, conflicts_with_all = ["north", "south", "trump", "lead", "led"])]
    batch: bool,
    /// An endgame database file to consult.
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    #[command(flatten)]
    style: Style,
}

/// `honeymoon db` subcommands.
#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Build the database of every position with at most K cards a side.
    Build(DbBuildArgs),
}

/// Arguments of `honeymoon db build`.
#[derive(Debug, Args)]
pub struct DbBuildArgs {
    /// Largest number of cards a side (1 to 8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=8))]
    max_cards: u32,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Where to write it.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    output: Output,
}

/// Arguments of `honeymoon sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// Deals to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The two bots, comma separated (greedy, strong, random).
    #[arg(long, value_name = "BOT,BOT", default_value = "strong,greedy")]
    ai: String,
    /// Seed for the deals and the bots.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    output: Output,
    /// Write a record of every deal played into this directory.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// The records' format: json or pbn.
    #[arg(long, default_value = "json", value_parser = ["json", "pbn"])]
    records_format: String,
    #[command(flatten)]
    options: super::sim_flags::HoneymoonOptions,
}

/// Runs `cardgames honeymoon …`.
pub fn run(args: HoneymoonArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    match args.command {
        Some(HoneymoonCommand::Solve(a)) => solve(a, ascii, out),
        Some(HoneymoonCommand::Db {
            command: DbCommand::Build(a),
        }) => build_db(a, out),
        Some(HoneymoonCommand::Sim(a)) => sim(a, out),
        Some(HoneymoonCommand::Review(a)) => review(a, ascii, out),
        None => Err(CliError::Input(
            "choose a honeymoon command: solve, db build, sim or review (see --help)".into(),
        )),
    }
}

/// Reads a position from its text fields.
fn read_position(
    north: &str,
    south: &str,
    trump: &str,
    lead: &str,
    led: Option<&str>,
) -> Result<Position, CliError> {
    let hand = |side: &str, text: &str| {
        parse_hand(text).map_err(|e| CliError::Input(format!("{side} hand: {e}")))
    };
    let north = hand("north", north)?;
    let south = hand("south", south)?;
    let trump = parse_trump(trump).ok_or_else(|| {
        CliError::Input(format!(
            "'{trump}' is not a trump (expected S, H, D, C or NT)"
        ))
    })?;
    let leader = match lead.trim().to_ascii_uppercase().as_str() {
        "N" | "NORTH" => NORTH,
        "S" | "SOUTH" => SOUTH,
        _ => {
            return Err(CliError::Input(format!(
                "'{lead}' is not a seat (expected N or S)"
            )));
        }
    };
    let led = led
        .map(|t| {
            t.parse::<Card>()
                .map_err(|e| CliError::Input(format!("led card: {e}")))
        })
        .transpose()?;
    let pos = Position {
        hands: [north, south],
        trump,
        leader,
        led,
    };
    pos.validate().map_err(CliError::input)?;
    Ok(pos)
}

fn solve(args: SolveArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let ascii = args.style.ascii(ascii);
    let mut solver = Solver::new();
    if let Some(path) = &args.db {
        let db = Db::load(path).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        solver = solver.with_db(Arc::new(db));
    }
    if args.batch {
        let stdin = std::io::stdin();
        for (i, line) in stdin.lock().lines().enumerate() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let pos = match fields.as_slice() {
                [n, s, t, l] => read_position(n, s, t, l, None),
                [n, s, t, l, c] => read_position(n, s, t, l, Some(c)),
                _ => Err(CliError::Input(
                    "expected NORTH SOUTH TRUMP LEAD [LED]".to_string(),
                )),
            }
            .map_err(|e| CliError::Input(format!("line {}: {e}", i + 1)))?;
            let analysis = solver.analyze(&pos).map_err(CliError::input)?;
            writeln!(out, "{}", analysis_json(&analysis))?;
        }
        return Ok(());
    }
    let field = |f: &Option<String>| f.clone().unwrap_or_default();
    let pos = read_position(
        &field(&args.north),
        &field(&args.south),
        &field(&args.trump),
        &field(&args.lead),
        args.led.as_deref(),
    )?;
    let analysis = solver.analyze(&pos).map_err(CliError::input)?;
    if args.output.json() {
        writeln!(out, "{}", analysis_json(&analysis))?;
    } else {
        write_diagram(&pos, &analysis, ascii, out)?;
        writeln!(out, "({} search nodes)", solver.nodes())?;
    }
    Ok(())
}

fn analysis_json(a: &Analysis) -> Value {
    json!({
        "north": a.tricks[NORTH],
        "south": a.tricks[SOUTH],
        "cards": a.cards.iter().map(|c| json!({"card": c.card.ascii(), "north": c.tricks[NORTH]})).collect::<Vec<_>>(),
    })
}

/// Both hands suit by suit; each legal card of the side to move carries
/// North's tricks after it.
fn write_diagram(
    pos: &Position,
    a: &Analysis,
    ascii: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mover = pos.to_move();
    let suit_sym = |s: Suit| {
        if ascii {
            s.letter().to_ascii_uppercase()
        } else {
            s.glyph()
        }
    };
    let trump = pos
        .trump
        .map_or("NT".to_string(), |s| suit_sym(s).to_string());
    writeln!(
        out,
        "Trump {trump}, {} on lead{}: North {}, South {}",
        seat_name(pos.leader),
        pos.led
            .map(|c| format!(" (led {}{})", c.rank().letter(), suit_sym(c.suit())))
            .unwrap_or_default(),
        a.tricks[NORTH],
        a.tricks[SOUTH]
    )?;
    for seat in [NORTH, SOUTH] {
        let note = if seat == mover {
            " to play (North's tricks after each card)"
        } else {
            ""
        };
        writeln!(out, "{}{note}", seat_name(seat))?;
        for suit in Suit::PBN_ORDER {
            let cards: Vec<String> = pos.hands[seat]
                .of_suit(suit)
                .sorted_for_display()
                .into_iter()
                .map(|c| match a.cards.iter().find(|v| v.card == c) {
                    Some(v) if seat == mover => {
                        format!("{}:{}", c.rank().letter(), v.tricks[NORTH])
                    }
                    _ => c.rank().letter().to_string(),
                })
                .collect();
            let text = if cards.is_empty() {
                "-".to_string()
            } else {
                cards.join(" ")
            };
            writeln!(out, "  {} {text}", suit_sym(suit))?;
        }
    }
    Ok(())
}

fn seat_name(seat: usize) -> &'static str {
    if seat == NORTH { "North" } else { "South" }
}

fn build_db(args: DbBuildArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start = Instant::now();
    let k = args.max_cards as usize;
    let progress = Progress::on_stderr(db_build::positions_to_build(k), "positions");
    let db = db_build::build_with(k, args.threads, &|n| progress.done(n));
    drop(progress);
    let db = db.map_err(CliError::input)?;
    let built = start.elapsed();
    db.save(&args.out)
        .map_err(|e| CliError::Input(format!("{}: {e}", args.out.display())))?;
    if args.output.json() {
        let line = json!({
            "max_cards": args.max_cards,
            "positions": db.positions(),
            "seconds": (built.as_secs_f64() * 100.0).round() / 100.0,
            "out": args.out.display().to_string(),
        });
        writeln!(out, "{line}")?;
        return Ok(());
    }
    writeln!(
        out,
        "endgame database K={} ({} positions) built in {:.2} s, written to {}",
        args.max_cards,
        db.positions(),
        built.as_secs_f64(),
        args.out.display()
    )?;
    Ok(())
}

/// What `honeymoon sim` counts per bot beside its points.
#[derive(Default)]
struct Counts {
    contracts: [u32; 2],
    made: [u32; 2],
    redeals: u64,
    /// Per deal, the first bot's points less the second's over both tables.
    net: std::collections::BTreeMap<u64, f64>,
}

fn sim(args: SimArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let names: Vec<String> = args
        .ai
        .split(',')
        .map(|n| n.trim().to_ascii_lowercase())
        .collect();
    if names.len() != 2 {
        return Err(CliError::Input(format!(
            "--ai wants two bots, like strong,greedy (got '{}')",
            args.ai
        )));
    }
    for name in &names {
        make_bot::<Honeymoon>(name).map_err(CliError::input)?;
    }
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?;
    }
    let seed = seed_or_announce(args.seed);
    let spec = Spec::<Honeymoon> {
        setup: args.options.options(),
        bots: names.clone(),
        plays: 2 * u64::from(args.games),
        rotations: 2,
        seed,
        max_actions: Some(10_000),
    };
    let counts = Mutex::new(Counts::default());
    let write_failed: Mutex<Option<String>> = Mutex::new(None);
    let progress = Progress::on_stderr(spec.plays, "deals");
    let standings = matches::run(&spec, make_bot::<Honeymoon>, |p| {
        progress.done(1);
        let Some(result) = p.game.outcome() else {
            return;
        };
        if let Some(dir) = &args.records
            && let Some(mut record) = p.game.record()
        {
            record.names = [
                names[p.bot_of_seat[0]].clone(),
                names[p.bot_of_seat[1]].clone(),
            ];
            let (ext, text) = if args.records_format == "pbn" {
                ("pbn", pbn::write(std::slice::from_ref(&record)))
            } else {
                ("json", record.to_json() + "\n")
            };
            let path = dir.join(format!("deal-{:05}-{}.{ext}", p.deal + 1, p.play % 2 + 1));
            if let Err(e) = std::fs::write(&path, text)
                && let Ok(mut failed) = write_failed.lock()
            {
                *failed = Some(format!("{}: {e}", path.display()));
            }
        }
        if let Ok(mut c) = counts.lock() {
            let declarer = p.bot_of_seat[result.contract.declarer];
            c.contracts[declarer] += 1;
            c.made[declarer] += u32::from(result.declarer_tricks >= result.contract.target());
            c.redeals += p.game.deal_number();
            let a = p.bot_of_seat.iter().position(|&b| b == 0).unwrap_or(0);
            *c.net.entry(p.deal).or_default() += p.scores[a] - p.scores[1 - a];
        }
    })
    .map_err(CliError::input)?;
    drop(progress);
    if let Some(why) = write_failed.into_inner().ok().flatten() {
        return Err(CliError::Failed(why));
    }
    let c = counts.into_inner().unwrap_or_default();
    let mut match_points = [0.0f64; 2];
    for net in c.net.values() {
        match net.partial_cmp(&0.0) {
            Some(std::cmp::Ordering::Greater) => match_points[0] += 1.0,
            Some(std::cmp::Ordering::Less) => match_points[1] += 1.0,
            _ => {
                match_points[0] += 0.5;
                match_points[1] += 0.5;
            }
        }
    }
    let points: Vec<i64> = standings.iter().map(|s| s.total.round() as i64).collect();
    if args.output.json() {
        let bots: Vec<Value> = (0..2)
            .map(|i| {
                json!({"name": names[i], "points": points[i], "points_per_deal": standings[i].mean, "ci95": standings[i].ci95, "match_points": match_points[i], "contracts": c.contracts[i], "made": c.made[i]})
            })
            .collect();
        writeln!(
            out,
            "{}",
            json!({"games": args.games, "seed": seed, "bots": bots, "redeals": c.redeals})
        )?;
    } else {
        writeln!(out, "{} deals, seed {seed}, seats alternated", args.games)?;
        for (i, name) in names.iter().enumerate() {
            let share = match_points[i] / f64::from(args.games.max(1));
            writeln!(
                out,
                "{name:<8} points {:>7} ({:+.1} ± {:.1} a deal)  match points {:>6.1} ({:.1}%)  declared {} made {}",
                points[i],
                standings[i].mean,
                standings[i].ci95,
                match_points[i],
                share * 100.0,
                c.contracts[i],
                c.made[i]
            )?;
        }
        writeln!(out, "redeals (two passes): {}", c.redeals)?;
    }
    Ok(())
}

/// `honeymoon review`: every deal of the file, reviewed.
fn review(args: ReviewArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let ascii = args.style.ascii(ascii);
    let records = read_file(&args.file)
        .map_err(|e| CliError::Input(format!("{}: {e}", args.file.display())))?;
    let format = if args.to_pbn {
        ReviewFormat::Pbn
    } else {
        args.output.format()
    };
    if format == ReviewFormat::Pbn {
        write!(out, "{}", pbn::write(&records))?;
        return Ok(());
    }
    let mut solver = Solver::new();
    for (i, record) in records.iter().enumerate() {
        let r = deal_review::review(record, &mut solver, args.samples, args.seed).map_err(|e| {
            CliError::Input(format!("{}: deal {}: {e}", args.file.display(), i + 1))
        })?;
        if format == ReviewFormat::Json {
            writeln!(out, "{}", review_json(i + 1, record, &r))?;
        } else {
            write_review(i + 1, record, &r, args.samples, ascii, out)?;
        }
    }
    Ok(())
}

fn by_seat<T: serde::Serialize>(v: [T; 2]) -> Value {
    let [n, s] = v;
    json!({"N": n, "S": s})
}

fn review_json(number: usize, record: &DealRecord, r: &Review) -> Value {
    json!({
        "deal": number,
        "contract": contract_text::write(&record.contract),
        "declarer": seat_text::letter(record.contract.declarer),
        "declarer_tricks": record.declarer_tricks,
        "score": by_seat(record.score),
        "replay": record.replay,
        "undos": record.undos,
        "par": r.par,
        "plays": r.plays,
        "claim": r.claim,
        "lost": by_seat(r.lost),
        "exchange": r.exchange,
    })
}

fn write_review(
    number: usize,
    record: &DealRecord,
    r: &Review,
    samples: usize,
    ascii: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let card = |c: Card| if ascii { c.ascii() } else { c.glyph() };
    let c = record.contract;
    let need = c.target();
    let made = if record.declarer_tricks >= need {
        format!("made with {}", record.declarer_tricks)
    } else {
        format!("down {}", need - record.declarer_tricks)
    };
    let mut marks = Vec::new();
    if record.replay {
        marks.push("replay with the hands swapped".to_string());
    }
    if record.undos > 0 {
        marks.push(format!("{} undo(s)", record.undos));
    }
    writeln!(
        out,
        "Deal {number}: {}{} by {} (needs {need}), {made}: N {} S {}{}",
        c.bid,
        c.doubling(),
        seat_name(c.declarer),
        record.score[NORTH],
        record.score[SOUTH],
        if marks.is_empty() {
            String::new()
        } else {
            format!(" [{}]", marks.join(", "))
        }
    )?;
    if !r.exchange.is_empty() {
        writeln!(
            out,
            "Exchange: the face-up card, who took it, its worth in play tricks to the taker ({samples} samples)"
        )?;
        for x in &r.exchange {
            writeln!(
                out,
                "  {:>2}  {} taken by {} (the other drew {})  {:+.2}",
                x.trick,
                card(x.face_up),
                seat_name(x.taken_by),
                card(x.drawn),
                x.worth
            )?;
        }
    }
    writeln!(
        out,
        "Play: North's tricks with best play (par) {} at the opening lead",
        r.par
    )?;
    writeln!(
        out,
        "  trick seat card  N before  N after  cost  best instead"
    )?;
    for p in &r.plays {
        let best = if p.cost > 0 {
            p.best
                .iter()
                .map(|&c| card(c))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            String::new()
        };
        writeln!(
            out,
            "  {:>5} {:<4} {:<4} {:>8}  {:>7}  {:>4}{}  {best}",
            p.trick,
            seat_text::letter(p.seat),
            card(p.card),
            p.north_before,
            p.north_after,
            p.cost,
            if p.cost > 0 { " !" } else { "  " },
        )?;
    }
    if let Some(cl) = r.claim {
        writeln!(
            out,
            "  claim: {} claims {} (best play gives {}), cost {}",
            seat_name(cl.seat),
            cl.tricks,
            cl.best,
            cl.cost
        )?;
    }
    writeln!(
        out,
        "Tricks lost to mistakes: North {}, South {}",
        r.lost[NORTH], r.lost[SOUTH]
    )?;
    writeln!(out)?;
    Ok(())
}
