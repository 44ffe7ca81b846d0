//! Bot matches: many plays of a game between named bots, headless, for
//! `holdem sim`, `doom sim` and `honeymoon sim`.
//!
//! A match is `plays` plays grouped into deals of `rotations` plays each:
//! every play of a deal gets the same cards, board or dice
//! ([`Playable::match_deal`]), and in its `r`-th play the bot `(s + r) %
//! bots` sits in seat `s`, so with as many rotations as bots every bot
//! plays every seat of every deal (duplicate), which cuts the luck of the
//! deal out of the comparison. A bot's score in a deal is what it won over
//! all its plays there; the match reports each bot's mean per play with a
//! 95% interval over the deals.
//!
//! Plays run in fixed batches ([`Playable::MATCH_BATCH`] plays with the
//! same bots), in parallel; each play's bots draw from a generator seeded
//! from the match seed and the play's number, so the result depends on the
//! seed only, never on the number of threads.

use rayon::prelude::*;

use super::RunError;
use crate::game::{BoxBot, Playable, Seat, SetupError, rng_from_seed};

/// A match to play.
#[derive(Debug, Clone)]
pub struct Spec<G: Playable> {
    /// The game's setup for every play.
    pub setup: G::Setup,
    /// The bots by name: one per seat, or fewer, taking the seats in turn.
    pub bots: Vec<String>,
    /// Plays in all.
    pub plays: u64,
    /// Plays per deal, each with the bots moved one seat on.
    pub rotations: u64,
    /// The seed of the cards and the bots.
    pub seed: u64,
    /// Stop a play after this many actions and score it as it stands.
    pub max_actions: Option<u64>,
}

/// One bot's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The bot's name.
    pub bot: String,
    /// Plays it took part in.
    pub plays: u64,
    /// Its total score (chips, points, shares of wins).
    pub total: f64,
    /// Its mean score per play.
    pub mean: f64,
    /// Half-width of the 95% interval of `mean`.
    pub ci95: f64,
}

/// A finished play, as the match hands it to its caller.
#[derive(Debug)]
pub struct Played<'a, G: Playable> {
    /// The deal (0-based).
    pub deal: u64,
    /// The play (0-based over the match).
    pub play: u64,
    /// Which bot sat in each seat.
    pub bot_of_seat: &'a [usize],
    /// The game as the play ended.
    pub game: &'a G,
    /// Each seat's score.
    pub scores: &'a [f64],
    /// Stopped at the action limit.
    pub cut: bool,
}

/// Why a match could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The bots or the setup are wrong.
    #[error(transparent)]
    Run(#[from] RunError),
    /// More bots than seats, or none.
    #[error("{bots} bots for {seats} seats: give 1 to {seats}")]
    Bots {
        /// Bots given.
        bots: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A play ended without a result.
    #[error("play {0} ended without a result")]
    Unfinished(u64),
}

impl From<SetupError> for MatchError {
    fn from(e: SetupError) -> MatchError {
        MatchError::Run(RunError::Setup(e))
    }
}

/// One play's result per bot.
struct PlayScore {
    deal: u64,
    by_bot: Vec<f64>,
}

/// Plays the match, calling `finished` with every play as it ends (from
/// several threads). Returns one standing per bot, in the order given.
pub fn run<G: Playable>(
    spec: &Spec<G>,
    make: impl Fn(&str) -> Result<BoxBot<G>, RunError> + Sync,
    finished: impl Fn(&Played<G>) + Sync,
) -> Result<Vec<Standing>, MatchError> {
    let seats = G::new(&spec.setup, spec.seed)?.seats();
    if spec.bots.is_empty() || spec.bots.len() > seats {
        return Err(MatchError::Bots {
            bots: spec.bots.len(),
            seats,
        });
    }
    for name in &spec.bots {
        make(name)?;
    }
    let batch = G::MATCH_BATCH.max(1);
    let scores: Vec<PlayScore> = (0..spec.plays.div_ceil(batch))
        .into_par_iter()
        .map(|b| {
            let first = b * batch;
            play_batch(
                spec,
                &make,
                &finished,
                first..(first + batch).min(spec.plays),
            )
        })
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .flatten()
        .collect();
    Ok(standings(spec, &scores))
}

/// Plays `plays` with one set of bots.
fn play_batch<G: Playable>(
    spec: &Spec<G>,
    make: &(impl Fn(&str) -> Result<BoxBot<G>, RunError> + Sync),
    finished: &(impl Fn(&Played<G>) + Sync),
    plays: std::ops::Range<u64>,
) -> Result<Vec<PlayScore>, MatchError> {
    let mut bots: Vec<BoxBot<G>> = spec
        .bots
        .iter()
        .map(|n| make(n))
        .collect::<Result<_, _>>()?;
    let k = bots.len();
    let rotations = spec.rotations.max(1);
    let mut out = Vec::with_capacity(plays.clone().count());
    for play in plays {
        let (deal, r) = (play / rotations, (play % rotations) as usize);
        let mut game = G::match_deal(&spec.setup, spec.seed, deal, play)?;
        let bot_of_seat: Vec<usize> = (0..game.seats()).map(|s| (s + r) % k).collect();
        let mut rng = rng_from_seed(spec.seed.rotate_left(17) ^ play);
        let mut actions = 0u64;
        let mut cut = false;
        while let Some(seat) = game.to_act() {
            if spec.max_actions.is_some_and(|m| actions >= m) {
                cut = true;
                break;
            }
            let me = bot_of_seat[seat];
            let action = bots[me].choose(&game.view(seat), &mut rng);
            observe_all(&mut bots, &bot_of_seat, &game, seat, &action);
            game.apply(action).map_err(|e| RunError::Illegal {
                bot: spec.bots[me].clone(),
                why: e.to_string(),
            })?;
            actions += 1;
        }
        for (i, bot) in bots.iter_mut().enumerate() {
            match bot_of_seat.iter().position(|&b| b == i) {
                Some(seat) if !cut => bot.deal_ended(&game.view(seat)),
                _ => {}
            }
        }
        let scores = game.scores().ok_or(MatchError::Unfinished(play))?;
        let mut by_bot = vec![0.0; k];
        for (s, score) in scores.iter().enumerate() {
            by_bot[bot_of_seat[s]] += score;
        }
        finished(&Played {
            deal,
            play,
            bot_of_seat: &bot_of_seat,
            game: &game,
            scores: &scores,
            cut,
        });
        out.push(PlayScore { deal, by_bot });
    }
    Ok(out)
}

/// Every bot but the one acting sees the action, from one of its seats.
fn observe_all<G: Playable>(
    bots: &mut [BoxBot<G>],
    bot_of_seat: &[usize],
    game: &G,
    actor: Seat,
    action: &G::Action,
) {
    let me = bot_of_seat[actor];
    for (i, bot) in bots.iter_mut().enumerate() {
        if i == me {
            continue;
        }
        if let Some(seat) = bot_of_seat.iter().position(|&b| b == i) {
            bot.observe(&game.view(seat), action);
        }
    }
}

/// Each bot's mean per play and its interval over the deals.
fn standings<G: Playable>(spec: &Spec<G>, scores: &[PlayScore]) -> Vec<Standing> {
    let k = spec.bots.len();
    // Per bot: the sum over each deal's plays.
    let deals = scores.iter().map(|s| s.deal + 1).max().unwrap_or(0) as usize;
    let mut units = vec![vec![0.0f64; deals]; k];
    for s in scores {
        for (bot, v) in s.by_bot.iter().enumerate() {
            units[bot][s.deal as usize] += v;
        }
    }
    let plays = scores.len() as f64;
    let per_unit = plays / (deals.max(1) as f64);
    units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let n = u.len().max(1) as f64;
            let total: f64 = u.iter().sum();
            let mean_unit = total / n;
            let var = u.iter().map(|x| (x - mean_unit).powi(2)).sum::<f64>() / n;
            let se = (var / n).sqrt();
            Standing {
                bot: spec.bots[i].clone(),
                plays: scores.len() as u64,
                total,
                mean: total / plays.max(1.0),
                ci95: 1.96 * se / per_unit.max(1.0),
            }
        })
        .collect()
}
