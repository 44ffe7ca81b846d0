//! How often can any player beat `random` on `doom sim`'s boards? An
//! upper bound per board, by exact search over the opening turns: every
//! legal move of the random player weighted alike (as `--ai random`
//! plays), our best move everywhere, the dice of each attack by the
//! book's odds, and any game still going when our turn number
//! `turns + 1` begins counted as won. A game that ends earlier is scored
//! as `sim` scores it (a share of the win to each player holding the most
//! hexes). The boards are `sim`'s for the same seed, with our AI and
//! `random` taking turns in the seats as `--ai ours,random` does.
//!
//! ```text
//! cargo run --release --example doom_random_bound -- --games 200 --seed 1
//! ```

use std::collections::HashMap;
use std::process::ExitCode;

use cardgames::doom::deal::{Deal, sim_board};
use cardgames::doom::{Config, Outcome, Position, RuleSet};
use clap::{Parser, ValueEnum};

/// Bounds our chance of beating `random` on each of `doom sim`'s boards.
#[derive(Debug, Parser)]
struct Args {
    /// Games of `doom sim` to bound (game 0 up).
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// The sim's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Classic)]
    rules: Rules,
    /// How the boards are drawn.
    #[arg(long, value_enum, default_value_t = Boards::Book)]
    boards: Boards,
    /// Board side.
    #[arg(long, default_value_t = 5)]
    size: usize,
    /// Our turns searched before the game counts as won.
    #[arg(long, default_value_t = 1)]
    turns: u8,
    /// Positions searched per board before giving up on it (its bound is
    /// then 1).
    #[arg(long, default_value_t = 20_000_000)]
    nodes: u64,
    /// Print only the boards whose bound is below this.
    #[arg(long, default_value_t = 1.0)]
    below: f64,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Rules {
    Classic,
    Chance,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Boards {
    Book,
    Balanced,
}

/// The search over one board.
struct Bound {
    cfg: Config,
    us: u8,
    turns: u8,
    memo: HashMap<(Position, u8), f64>,
    nodes: u64,
    limit: u64,
}

/// The search gave up: too many positions.
struct TooBig;

impl Bound {
    /// The bound at `pos`, with `done` of our turns over.
    fn value(&mut self, pos: Position, done: u8) -> Result<f64, TooBig> {
        if pos.is_over(&self.cfg) {
            let w = pos.winners();
            let share = if w & 1 << self.us == 0 {
                0.0
            } else {
                1.0 / f64::from(w.count_ones())
            };
            return Ok(share);
        }
        if pos.player == self.us && pos.first_move && done == self.turns {
            return Ok(1.0);
        }
        if let Some(&v) = self.memo.get(&(pos, done)) {
            return Ok(v);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(TooBig);
        }
        let moves = pos.moves(&self.cfg);
        let ours = pos.player == self.us;
        let mut best = 0.0f64;
        let mut sum = 0.0f64;
        for &m in &moves {
            // Our pass ends one of our turns.
            let after = |p: &Position| done + u8::from(ours && p.player != pos.player);
            let v = match pos.outcome(&self.cfg, m) {
                Outcome::Sure(next) => {
                    let d = after(&next);
                    self.value(next, d)?
                }
                Outcome::Roll { odds, won, lost } => {
                    let odds = f64::from(odds);
                    let w = self.value(won, after(&won))?;
                    let l = self.value(lost, after(&lost))?;
                    odds * w + (1.0 - odds) * l
                }
            };
            if ours {
                best = best.max(v);
                if best >= 1.0 {
                    break;
                }
            } else {
                sum += v;
            }
        }
        let v = if ours { best } else { sum / moves.len() as f64 };
        self.memo.insert((pos, done), v);
        Ok(v)
    }
}

fn main() -> ExitCode {
    let a = Args::parse();
    let rules = match a.rules {
        Rules::Classic => RuleSet::Classic,
        Rules::Chance => RuleSet::Chance,
    };
    let deal = match a.boards {
        Boards::Book => Deal::Book,
        Boards::Balanced => Deal::Balanced,
    };
    let cfg = match Config::new(2, rules.book_max_dice(), rules) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut total = 0.0;
    let mut given_up = 0;
    for g in 0..a.games {
        let board = match sim_board(deal, a.size, &cfg, a.seed, g, 2) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        // Seat s of game g is played by AI (s + g) mod 2; we are AI 0.
        let us = (g % 2) as u8;
        let mut search = Bound {
            cfg,
            us,
            turns: a.turns,
            memo: HashMap::new(),
            nodes: 0,
            limit: a.nodes,
        };
        let bound = search.value(Position::new(board, 0), 0);
        let (v, note) = match bound {
            Ok(v) => (v, String::new()),
            Err(TooBig) => {
                given_up += 1;
                (1.0, format!(" (gave up after {} positions)", a.nodes))
            }
        };
        total += v;
        if v < a.below {
            let dice = |p: u8| -> u32 {
                board
                    .hexes()
                    .filter(|h| h.owner == p)
                    .map(|h| u32::from(h.dice))
                    .sum()
            };
            println!(
                "game {g:>4}: {} first, hexes {}-{}, dice {}-{}, bound {:.4}, {} positions{note}",
                if us == 0 { "we move" } else { "random moves" },
                board.count(us),
                board.count(1 - us),
                dice(us),
                dice(1 - us),
                v,
                search.nodes,
            );
        }
    }
    println!(
        "{} games: at most {:.2} wins ({:.2}%) for any play; {given_up} boards given up (counted as won)",
        a.games,
        total,
        100.0 * total / a.games as f64
    );
    ExitCode::SUCCESS
}
