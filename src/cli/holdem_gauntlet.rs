//! `cardgames holdem gauntlet`: a level against the reference opponents
//! (the calling station, the maniac, the tight-aggressive rule bot, the
//! push/fold equilibrium at 10 bb) and the other levels, heads-up and
//! six-handed (the level against five of the opponent), through the
//! runner's match runner: duplicate deals (every deal once per seat, the
//! bots rotated), many tables in parallel, the level's bb/100 with a 95%
//! interval per match, and how long its decisions took.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use serde_json::json;

use super::output::Output;
use super::progress::Progress;
use super::{CliError, parsed, seed_or_announce};
use cardgames::game::{Bot, BoxBot, GameRng, Level};
use cardgames::holdem::action::{Action, Blinds, Event, Move};
use cardgames::holdem::bots::classes::Class;
use cardgames::holdem::bots::pushfold::{self, Spot};
use cardgames::holdem::bots::{self, reference};
use cardgames::holdem::session::Holdem;
use cardgames::holdem::setup::{Mode, Rebuy, Setup};
use cardgames::holdem::table::View;
use cardgames::runner::RunError;
use cardgames::runner::matches::{self, Played, Spec};

/// Arguments of `cardgames holdem gauntlet`.
#[derive(Debug, Args)]
pub struct GauntletArgs {
    /// The level to measure: easy, normal or hard.
    #[arg(long, default_value = "hard", value_parser = parsed::<Level>)]
    level: Level,

    /// Hands the level plays in each match.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
    hands: u64,

    /// Seed for the cards and the bots; the same seed gives the same table.
    #[arg(long)]
    seed: Option<u64>,

    /// Only these opponents (station, maniac, abc, equilibrium, easy,
    /// normal, hard) [default: all but the level itself].
    #[arg(long, value_delimiter = ',', value_name = "NAME,...")]
    opponents: Vec<String>,

    /// Only these tables: hu (heads-up), 6max [default: both].
    #[arg(long, value_delimiter = ',', value_name = "hu,6max")]
    tables: Vec<String>,

    #[command(flatten)]
    output: Output,
}

/// Decision times in 10 µs buckets (the last: 100 ms or more).
struct Clock {
    buckets: Vec<AtomicU64>,
    max_us: AtomicU64,
}

const BUCKET_US: u64 = 10;

impl Clock {
    fn new() -> Clock {
        Clock {
            buckets: (0..=10_000).map(|_| AtomicU64::new(0)).collect(),
            max_us: AtomicU64::new(0),
        }
    }

    fn record(&self, us: u64) {
        let i = ((us / BUCKET_US) as usize).min(self.buckets.len() - 1);
        self.buckets[i].fetch_add(1, Ordering::Relaxed);
        self.max_us.fetch_max(us, Ordering::Relaxed);
    }

    fn count(&self) -> u64 {
        self.buckets.iter().map(|b| b.load(Ordering::Relaxed)).sum()
    }

    /// The time under which a share `q` of the decisions took, in ms.
    fn quantile_ms(&self, q: f64) -> f64 {
        let n = self.count();
        let want = (q * n as f64).ceil() as u64;
        let mut seen = 0;
        for (i, b) in self.buckets.iter().enumerate() {
            seen += b.load(Ordering::Relaxed);
            if seen >= want {
                return ((i as u64 + 1) * BUCKET_US) as f64 / 1000.0;
            }
        }
        self.max_ms()
    }

    fn max_ms(&self) -> f64 {
        self.max_us.load(Ordering::Relaxed) as f64 / 1000.0
    }
}

/// A bot whose decisions are timed.
struct Timed {
    bot: BoxBot<Holdem>,
    clock: Arc<Clock>,
}

impl Bot<Holdem> for Timed {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Action {
        let start = Instant::now();
        let a = self.bot.choose(view, rng);
        self.clock.record(start.elapsed().as_micros() as u64);
        a
    }

    fn observe(&mut self, view: &View, action: &Action) {
        self.bot.observe(view, action);
    }

    fn deal_ended(&mut self, view: &View) {
        self.bot.deal_ended(view);
    }

    fn memory(&self) -> Option<serde_json::Value> {
        self.bot.memory()
    }

    fn recall(&mut self, memory: &serde_json::Value) {
        self.bot.recall(memory);
    }
}

/// The level's push/fold choices heads-up against the equilibrium, beside
/// the equilibrium's with the same hands: small blinds played and shoves
/// (the level's, the equilibrium's, the hands where they differ), shoves
/// faced as the big blind and calls (the same three).
#[derive(Debug, Default, Clone, Copy)]
struct ShortStack {
    small_blinds: u64,
    shoves: [u64; 3],
    shoves_faced: u64,
    calls: [u64; 3],
}

impl ShortStack {
    /// Counts the play `p`, where the level is bot 0.
    fn count(&mut self, p: &Played<Holdem>) {
        let state = p.game.table().state();
        let Some(me) = p.bot_of_seat.iter().position(|&b| b == 0) else {
            return;
        };
        let Some(hole) = state.hole(me) else {
            return;
        };
        let class = Class::of(hole);
        let big = state.blinds().big.max(1) as f64;
        let depth = state.starting_stacks().iter().copied().min().unwrap_or(0) as f64 / big;
        let spot = Spot {
            behind: 1,
            depth,
            antes: 0.0,
        };
        let table = pushfold::shoves(spot);
        let acts: Vec<(usize, Move, bool)> = state
            .log()
            .iter()
            .filter_map(|e| match e {
                Event::Acted {
                    seat,
                    action,
                    all_in,
                } => Some((*seat, *action, *all_in)),
                _ => None,
            })
            .collect();
        let shove = |a: &(usize, Move, bool)| a.2 && matches!(a.1, Move::Raise(_) | Move::Bet(_));
        let Some(first) = acts.first() else {
            return;
        };
        let tally = |t: &mut [u64; 3], ours: bool, theirs: bool| {
            t[0] += u64::from(ours);
            t[1] += u64::from(theirs);
            t[2] += u64::from(ours != theirs);
        };
        if first.0 == me {
            self.small_blinds += 1;
            tally(&mut self.shoves, shove(first), table.contains(class));
        } else if shove(first) {
            self.shoves_faced += 1;
            let called = acts
                .get(1)
                .is_some_and(|a| a.0 == me && matches!(a.1, Move::Call(_)));
            let should = pushfold::call_evs(spot, &table.mix())[class.index()] > 0.0;
            tally(&mut self.calls, called, should);
        }
    }

    /// The counts as shares: (the level's, the equilibrium's, differing).
    fn shares(counts: [u64; 3], of: u64) -> [f64; 3] {
        counts.map(|c| c as f64 / of.max(1) as f64)
    }
}

/// A bot by name: a level or a reference opponent.
fn make(name: &str) -> Result<BoxBot<Holdem>, RunError> {
    bots::by_name(name)
        .or_else(|| reference::by_name(name))
        .map(|b| Box::new(b) as BoxBot<Holdem>)
        .ok_or_else(|| RunError::UnknownBot {
            name: name.to_string(),
            known: reference::NAMES.join(", "),
        })
}

/// One match of the gauntlet.
struct Match {
    /// Which match it is of all the gauntlet's, whichever are played:
    /// its cards come from the seed and this.
    key: u64,
    table: &'static str,
    opponent: String,
    stack_bb: u64,
    seats: usize,
}

/// One match's result for the level.
struct Result1 {
    hands: u64,
    bb_per_100: f64,
    ci95: f64,
}

const OPPONENTS: [&str; 4] = ["station", "maniac", "abc", "equilibrium"];
const BIG_BLIND: u64 = 10;

fn matches_of(args: &GauntletArgs) -> Result<Vec<Match>, CliError> {
    let level = args.level.name();
    let mut opponents: Vec<String> = OPPONENTS.iter().map(|s| s.to_string()).collect();
    opponents.extend(
        Level::ALL
            .iter()
            .map(|l| l.name().to_string())
            .filter(|l| l != level),
    );
    if !args.opponents.is_empty() {
        for o in &args.opponents {
            if !opponents.contains(o) && o != level {
                return Err(CliError::Input(format!(
                    "unknown opponent '{o}' (known: {})",
                    opponents.join(", ")
                )));
            }
        }
        opponents.retain(|o| args.opponents.contains(o));
    }
    let mut tables = vec![("HU", 2), ("6-max", 6)];
    if !args.tables.is_empty() {
        for t in &args.tables {
            if !["hu", "6max"].contains(&t.as_str()) {
                return Err(CliError::Input(format!(
                    "unknown table '{t}' (known: hu, 6max)"
                )));
            }
        }
        tables.retain(|(name, _)| {
            let key = if *name == "HU" { "hu" } else { "6max" };
            args.tables.iter().any(|t| t == key)
        });
    }
    let every: Vec<&str> = OPPONENTS
        .iter()
        .copied()
        .chain(Level::ALL.map(Level::name))
        .collect();
    Ok(tables
        .into_iter()
        .flat_map(|(table, seats)| {
            let every = every.clone();
            opponents.iter().map(move |o| Match {
                key: (seats as u64) << 8 | every.iter().position(|e| e == o).unwrap_or(0) as u64,
                table,
                opponent: o.clone(),
                stack_bb: if o == "equilibrium" { 10 } else { 100 },
                seats,
            })
        })
        .collect())
}

/// Runs `cardgames holdem gauntlet`.
pub fn run(args: GauntletArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let matches = matches_of(&args)?;
    let seed = seed_or_announce(args.seed);
    let level = args.level.name();
    let clock = Arc::new(Clock::new());
    let total: u64 = matches.iter().map(|_| args.hands).sum();
    let progress = Progress::on_stderr(total, "hands");
    let mut results = Vec::with_capacity(matches.len());
    let short = std::sync::Mutex::new(ShortStack::default());
    for m in &matches {
        let setup = Setup {
            seats: m.seats,
            stack: m.stack_bb * BIG_BLIND,
            blinds: Blinds {
                small: BIG_BLIND / 2,
                big: BIG_BLIND,
            },
            mode: Mode::Cash {
                rebuy: Rebuy::TopUp,
            },
            ante: 0,
            bb_ante: 0,
            straddle: false,
        };
        let mut names = vec![level.to_string()];
        names.extend((1..m.seats).map(|_| m.opponent.clone()));
        let rotations = m.seats as u64;
        let spec = Spec::<Holdem> {
            setup,
            bots: names,
            plays: args.hands.div_ceil(rotations) * rotations,
            rotations,
            seed: seed ^ m.key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            max_actions: None,
        };
        let clock = clock.clone();
        let timed = |name: &str| -> Result<BoxBot<Holdem>, RunError> {
            let bot = make(name)?;
            Ok(if name == level {
                Box::new(Timed {
                    bot,
                    clock: clock.clone(),
                })
            } else {
                bot
            })
        };
        let pushfold = m.opponent == "equilibrium" && m.seats == 2;
        let standings = matches::run(&spec, timed, |p| {
            progress.done(1);
            if pushfold && let Ok(mut s) = short.lock() {
                s.count(p);
            }
        })
        .map_err(CliError::input)?;
        let me = &standings[0];
        let per_100 = |chips: f64| chips / BIG_BLIND as f64 * 100.0;
        results.push(Result1 {
            hands: me.plays,
            bb_per_100: per_100(me.mean),
            ci95: per_100(me.ci95),
        });
    }
    drop(progress);
    let short = short.into_inner().unwrap_or_default();
    print(&args, seed, &matches, &results, &clock, &short, out)
}

fn print(
    args: &GauntletArgs,
    seed: u64,
    matches: &[Match],
    results: &[Result1],
    clock: &Clock,
    short: &ShortStack,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let shoves = ShortStack::shares(short.shoves, short.small_blinds);
    let calls = ShortStack::shares(short.calls, short.shoves_faced);
    let round4 = |x: f64| (x * 10_000.0).round() / 10_000.0;
    let level = args.level.name();
    let round2 = |x: f64| (x * 100.0).round() / 100.0;
    if args.output.json() {
        let rows: Vec<_> = matches
            .iter()
            .zip(results)
            .map(|(m, r)| {
                json!({
                    "table": m.table,
                    "opponent": m.opponent,
                    "stack_bb": m.stack_bb,
                    "hands": r.hands,
                    "bb_per_100": round2(r.bb_per_100),
                    "ci95": round2(r.ci95),
                })
            })
            .collect();
        let doc = json!({
            "level": level,
            "hands": args.hands,
            "seed": seed,
            "duplicate": true,
            "matches": rows,
            "push_fold": (short.small_blinds > 0).then(|| json!({
                "small_blinds": short.small_blinds,
                "shoves": round4(shoves[0]),
                "equilibrium_shoves": round4(shoves[1]),
                "shoves_differing": round4(shoves[2]),
                "shoves_faced": short.shoves_faced,
                "calls": round4(calls[0]),
                "equilibrium_calls": round4(calls[1]),
                "calls_differing": round4(calls[2]),
            })),
            "decisions": {
                "count": clock.count(),
                "p50_ms": clock.quantile_ms(0.5),
                "p99_ms": clock.quantile_ms(0.99),
                "max_ms": clock.max_ms(),
            },
        });
        writeln!(out, "{doc}")?;
        return Ok(());
    }
    writeln!(
        out,
        "gauntlet: {level}, {} hands a match, duplicate deals, seed {seed}",
        args.hands
    )?;
    writeln!(
        out,
        "{:<6} {:<12} {:>6} {:>7} {:>9} {:>8}",
        "table", "opponent", "stack", "hands", "bb/100", "±95%"
    )?;
    for (m, r) in matches.iter().zip(results) {
        let opponent = if m.seats > 2 {
            format!("{} ×{}", m.opponent, m.seats - 1)
        } else {
            m.opponent.clone()
        };
        writeln!(
            out,
            "{:<6} {:<12} {:>4}bb {:>7} {:>+9.1} {:>8.1}",
            m.table, opponent, m.stack_bb, r.hands, r.bb_per_100, r.ci95
        )?;
    }
    if short.small_blinds > 0 {
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        writeln!(
            out,
            "push/fold at 10 bb heads-up: shoves {} of {} small blinds (the equilibrium {} of the same hands, {} played differently); calls {} of {} shoves (the equilibrium {}, {} differently)",
            pct(shoves[0]),
            short.small_blinds,
            pct(shoves[1]),
            pct(shoves[2]),
            pct(calls[0]),
            short.shoves_faced,
            pct(calls[1]),
            pct(calls[2]),
        )?;
    }
    writeln!(
        out,
        "decisions: {} timed, median {:.2} ms, p99 {:.2} ms, max {:.2} ms (one core each)",
        clock.count(),
        clock.quantile_ms(0.5),
        clock.quantile_ms(0.99),
        clock.max_ms()
    )?;
    Ok(())
}
