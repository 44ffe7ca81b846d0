//! `cardgames bridge`: the double-dummy table and par of deals (`solve`),
//! a contract's duplicate score (`score`), PBN ⇄ LIN (`convert`), and the
//! bots' duplicate bench (`sim`).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Map, Value, json};

use super::progress::Progress;
use super::{CliError, Style, seed_or_announce};
use cardgames::bridge::BridgeDeal;
use cardgames::bridge::board::{Direction, Vulnerability};
use cardgames::bridge::bots::NAMES;
use cardgames::bridge::contract::{Contract, Strain, parse_contract, strain_text};
use cardgames::bridge::duplicate::{self, Summary};
use cardgames::bridge::formats::pbn::parse_deal;
use cardgames::bridge::formats::{FormatError, Record, lin, pbn};
use cardgames::bridge::scoring::{BoardResult, score};
use cardgames::bridge::solver::{DdTable, Par, Solver, par};

/// Arguments of `cardgames bridge`.
#[derive(Debug, Args)]
pub struct BridgeArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: BridgeCommand,
}

/// The headless bridge commands.
#[derive(Debug, Subcommand)]
pub enum BridgeCommand {
    /// The double-dummy table (tricks for each declarer in each strain) and
    /// the par of a deal, or of every board of a PBN or LIN file.
    Solve {
        /// A deal in PBN (`N:AKQ2.K5.9.AJT32 …`, quoted) or a PBN/LIN file.
        deal: String,
        /// One JSON line per board.
        #[arg(long)]
        json: bool,
        /// The solver's table size in MiB.
        #[arg(long, default_value_t = 48)]
        memory: usize,
        #[command(flatten)]
        style: Style,
    },
    /// A contract's duplicate score from declarer's side.
    Score {
        /// The contract: `4S`, `3NT`, `4HX`, `6NTXX`.
        contract: String,
        /// Declarer: N, E, S or W.
        declarer: String,
        /// Who is vulnerable: none, ns, ew or all.
        #[arg(long, default_value = "none")]
        vul: String,
        /// Tricks declarer took (0–13).
        #[arg(long)]
        tricks: u8,
        /// `{"score": N}`.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        style: Style,
    },
    /// The bots' duplicate bench: each board at two tables with the pairs
    /// swapped, IMPs per board with a 95% interval, how often the
    /// contract is par, and the double-dummy tricks lost per card.
    Sim {
        /// Boards per match.
        #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..))]
        boards: u32,
        /// Seed of the deals and the bots (the same seed, the same numbers).
        #[arg(long)]
        seed: Option<u64>,
        /// The matches as `A:B` (default: hard:normal, normal:easy,
        /// easy:pass).
        #[arg(long = "match", value_name = "A:B")]
        matches: Vec<String>,
        /// One JSON object per match.
        #[arg(long)]
        json: bool,
    },
    /// Rewrites a PBN or LIN file in the other format (or the same).
    Convert {
        /// The file to read (PBN or LIN, told apart by its content).
        file: PathBuf,
        /// The format to write.
        #[arg(long)]
        to: Target,
        /// Write `<name>.pbn` or `<name>.lin` into this folder instead of
        /// printing.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// A file format to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// Portable Bridge Notation.
    Pbn,
    /// BBO's LIN.
    Lin,
}

/// Runs a bridge command.
pub fn run(args: BridgeArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    match args.command {
        BridgeCommand::Solve {
            deal,
            json,
            memory,
            style,
        } => solve(&deal, json, memory, style.ascii(ascii), out),
        BridgeCommand::Score {
            contract,
            declarer,
            vul,
            tricks,
            json,
            style,
        } => score_command(
            &contract,
            &declarer,
            &vul,
            tricks,
            json,
            style.ascii(ascii),
            out,
        ),
        BridgeCommand::Convert { file, to, out: dir } => convert(&file, to, dir.as_deref(), out),
        BridgeCommand::Sim {
            boards,
            seed,
            matches,
            json,
        } => sim(boards, seed_or_announce(seed), &matches, json, out),
    }
}

/// The boards of a file, read as LIN when it holds `md|` and no PBN tag.
fn read_file(path: &Path) -> Result<Vec<Record>, CliError> {
    let name = path.display();
    let text =
        std::fs::read_to_string(path).map_err(|e| CliError::input(format!("{name}: {e}")))?;
    let is_lin = text.contains("md|") && !text.trim_start().starts_with('[');
    let read: Result<Vec<Record>, FormatError> = if is_lin {
        lin::parse(&text)
    } else {
        pbn::parse(&text)
    };
    let records = read.map_err(|e| CliError::input(format!("{name}: {e}")))?;
    if records.is_empty() {
        return Err(CliError::input(format!("{name}: no deal in the file")));
    }
    Ok(records)
}

/// A deal given on the command line, or the boards of a file.
fn boards(arg: &str) -> Result<Vec<Record>, CliError> {
    let t = arg.trim();
    let looks_like_deal = t.len() > 2 && t.as_bytes()[1] == b':' && !Path::new(t).exists();
    if looks_like_deal {
        let hands = parse_deal(t).map_err(CliError::input)?;
        let mut rec = Record::of_deal(&BridgeDeal { board: 1, hands });
        rec.check("the deal").map_err(CliError::input)?;
        return Ok(vec![rec]);
    }
    read_file(Path::new(t))
}

const STRAINS: [Strain; 5] = [
    Strain::Clubs,
    Strain::Diamonds,
    Strain::Hearts,
    Strain::Spades,
    Strain::NoTrump,
];

fn solve(
    arg: &str,
    json: bool,
    memory: usize,
    ascii: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let records = boards(arg)?;
    let mut solver = Solver::with_memory(memory.max(1) << 20);
    for rec in &records {
        let table = solver.table(&rec.hands).map_err(CliError::input)?;
        let p = par(&table, rec.vulnerability, rec.dealer);
        if json {
            writeln!(out, "{}", solve_json(rec.board, &table, &p))?;
        } else {
            write!(out, "{}", solve_text(rec, &table, &p, ascii))?;
        }
    }
    Ok(())
}

fn solve_json(board: u32, table: &DdTable, p: &Par) -> Value {
    let mut tricks = Map::new();
    for d in Direction::ALL {
        let mut row = Map::new();
        for s in STRAINS {
            row.insert(strain_text(s).to_string(), json!(table.get(d, s)));
        }
        tricks.insert(d.to_string(), Value::Object(row));
    }
    json!({"board": board, "tricks": tricks, "par": {"score": p.score, "contracts": p.contracts}})
}

fn solve_text(rec: &Record, table: &DdTable, p: &Par, ascii: bool) -> String {
    let glyph = |s: Strain| {
        if ascii {
            strain_text(s).to_string()
        } else {
            cardgames::bridge::contract::strain_glyph(s).to_string()
        }
    };
    let mut text = format!(
        "Board {}  dealer {}  vul {}\n   ",
        rec.board,
        rec.dealer,
        rec.vulnerability.pbn()
    );
    for s in STRAINS {
        text.push_str(&format!("{:>3}", glyph(s)));
    }
    text.push('\n');
    for d in Direction::ALL {
        text.push_str(&format!("{d}  "));
        for s in STRAINS {
            text.push_str(&format!("{:>3}", table.get(d, s)));
        }
        text.push('\n');
    }
    let contracts = if p.contracts.is_empty() {
        "passed out".to_string()
    } else {
        p.contracts.join(", ")
    };
    text.push_str(&format!("Par {:+} for NS ({contracts})\n\n", p.score));
    text
}

#[allow(clippy::too_many_arguments)]
fn score_command(
    contract: &str,
    declarer: &str,
    vul: &str,
    tricks: u8,
    json: bool,
    ascii: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (bid, doubling) = parse_contract(contract).map_err(CliError::input)?;
    let declarer: Direction = declarer.parse().map_err(CliError::input)?;
    let vul: Vulnerability = vul.parse().map_err(CliError::input)?;
    if tricks > 13 {
        return Err(CliError::input(format!("--tricks {tricks}: at most 13")));
    }
    let c = Contract {
        bid,
        doubling,
        declarer,
    };
    let points = score(&c, tricks, vul.of(declarer.side()));
    if json {
        writeln!(out, "{}", json!({"score": points}))?;
    } else {
        let line = BoardResult::new(Some(c), tricks, vul).line(ascii);
        writeln!(out, "{line} ({points:+} for the declarer)")?;
    }
    Ok(())
}

fn convert(
    path: &Path,
    to: Target,
    dir: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let records = read_file(path)?;
    let text: String = match to {
        Target::Pbn => records
            .iter()
            .map(|r| pbn::write(r, &[]))
            .collect::<Vec<_>>()
            .join("\n"),
        Target::Lin => records.iter().map(lin::write).collect(),
    };
    match dir {
        None => out.write_all(text.as_bytes())?,
        Some(dir) => {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| "boards".into());
            let ext = if to == Target::Pbn { "pbn" } else { "lin" };
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError::Failed(format!("{}: {e}", dir.display())))?;
            let target = dir.join(format!("{stem}.{ext}"));
            let tmp = target.with_extension(format!("{ext}.tmp"));
            std::fs::write(&tmp, &text)
                .and_then(|()| std::fs::rename(&tmp, &target))
                .map_err(|e| CliError::Failed(format!("{}: {e}", target.display())))?;
            writeln!(out, "{}", target.display())?;
        }
    }
    Ok(())
}

/// The matches of the bench by default: each level against the next.
const LADDER: [(&str, &str); 3] = [("hard", "normal"), ("normal", "easy"), ("easy", "pass")];

/// Runs the duplicate bench.
fn sim(
    boards: u32,
    seed: u64,
    matches: &[String],
    json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let pairs: Vec<(String, String)> = if matches.is_empty() {
        LADDER
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    } else {
        matches
            .iter()
            .map(|m| {
                m.split_once(':')
                    .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
                    .ok_or_else(|| {
                        CliError::input(format!("--match {m:?}: write it as A:B, like hard:normal"))
                    })
            })
            .collect::<Result<_, _>>()?
    };
    for name in pairs.iter().flat_map(|(a, b)| [a, b]) {
        if !NAMES.contains(&name.as_str()) {
            return Err(CliError::input(format!(
                "no bridge bot called {name:?} (bots: {})",
                NAMES.join(", ")
            )));
        }
    }
    if !json {
        writeln!(
            out,
            "Duplicate bench: {boards} boards a match, seed {seed}\n{:<8}{:<8}{:>11}{:>8}{:>14}{:>11}{:>8}",
            "A", "B", "IMPs/board", "±95%", "par contract", "DD loss A", "B"
        )?;
    }
    for (a, b) in &pairs {
        let bar = Progress::on_stderr(u64::from(boards), &format!("boards of {a} against {b}"));
        let (summary, _) =
            duplicate::run(a, b, boards, seed, |_| bar.done(1)).map_err(CliError::input)?;
        drop(bar);
        if json {
            writeln!(
                out,
                "{}",
                serde_json::to_string(&summary).unwrap_or_default()
            )?;
        } else {
            writeln!(out, "{}", summary_line(&summary))?;
        }
    }
    Ok(())
}

fn summary_line(s: &Summary) -> String {
    format!(
        "{:<8}{:<8}{:>+11.2}{:>8.2}{:>13.0}%{:>11.3}{:>8.3}",
        s.a,
        s.b,
        s.imps_per_board,
        s.ci95,
        s.par_rate * 100.0,
        s.dd_loss[0],
        s.dd_loss[1]
    )
}
