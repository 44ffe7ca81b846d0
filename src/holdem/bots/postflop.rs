//! After the flop. The bot reads every range (its own included), samples
//! its equity against the opponents', and:
//!
//! - checked to or first: picks a size for the spot, never for its hand
//!   (small on dry boards its range dominates, bigger on wet ones and on
//!   later streets); bets for value when it is ahead of the hands that
//!   would call (thinner against players who call too much); bluffs with
//!   the share of its weak hands that balances its value bets at that size
//!   (bluffs : value = size : pot + size on the river, more on earlier
//!   streets where bluffs still draw), draws first; the hard level bluffs
//!   more into players who fold more and never into ones who do not;
//! - facing a bet: calls when its equity against the bettor's range (read
//!   from how that player bets) beats the price, draws with their implied
//!   odds; raises for value when far ahead, and semi-bluffs a share of its
//!   draws.

use rand::Rng;

use super::classes::combo;
use super::explain::Decision;
use super::model::Counts;
use super::odds::{self, Combos};
use super::preflop::give_up;
use super::reading::{Reader, quantiles};
use super::situation::Situation;
use super::strength::{Made, Scores, Texture, draws, made};
use super::style::{Level, Style};
use crate::game::{GameRng, Seat};
use crate::holdem::action::{Action, Street};

/// The hands of `range` that go on against a bet when `fold` of it folds:
/// its strongest `1 - fold` by weight.
fn going_on(range: &Combos, scores: &Scores, fold: f64) -> Combos {
    let q = quantiles(range, scores);
    let mut out = range.clone();
    for (w, &x) in out.w.iter_mut().zip(&q) {
        if f64::from(x) > 1.0 - fold {
            *w = 0.0;
        }
    }
    out
}

/// How often `counts` folds to a bet of `size` (a share of the pot) from
/// the bot, a c-bet or not.
fn folds(counts: &Counts, cbet: bool, size: f64) -> f64 {
    if size >= 0.9 {
        counts.fold_big()
    } else if cbet {
        counts.fold_cbet()
    } else {
        counts.fold_bet()
    }
}

/// A bet of `fraction` of the pot, all in when it would leave too little
/// behind.
fn bet(sit: &Situation, fraction: f64) -> Action {
    let Some((min, max)) = sit.legal.raise else {
        return Action::Check;
    };
    let pot = sit.state.pot_total() + sit.legal.to_call;
    let to = sit.state.current_bet() + (pot as f64 * fraction).round() as u64;
    if to as f64 >= 0.6 * max as f64 {
        Action::RaiseTo(max)
    } else {
        Action::RaiseTo(to.clamp(min, max))
    }
}

/// Decides after the flop. `scores` are the boards' scores so far (flop,
/// turn, river).
pub fn decide(
    sit: &Situation,
    reader: &Reader,
    style: &Style,
    scores: &[Scores],
    rng: &mut GameRng,
) -> Decision {
    let opponents = sit.opponents();
    let ranges: Vec<Combos> = opponents.iter().map(|&s| reader.range(s, scores)).collect();
    let refs: Vec<&Combos> = ranges.iter().collect();
    let e = odds::equity(sit.hole, sit.board(), &refs, style.samples, rng);
    let Some(now) = scores.last() else {
        return Decision::new(give_up(sit), "no board to read");
    };
    if sit.legal.to_call == 0 {
        first_to_bet(sit, reader, style, scores, now, &opponents, &ranges, e, rng)
    } else {
        facing_bet(sit, reader, style, scores, now, &opponents, e, rng)
    }
}

/// Nobody has bet on this street.
#[allow(clippy::too_many_arguments)]
fn first_to_bet(
    sit: &Situation,
    reader: &Reader,
    style: &Style,
    scores: &[Scores],
    now: &Scores,
    opponents: &[Seat],
    ranges: &[Combos],
    e: f64,
    rng: &mut GameRng,
) -> Decision {
    if sit.legal.raise.is_none() {
        return Decision::new(Action::Check, "nobody left to bet against");
    }
    let street = sit.street();
    let board = sit.board();
    let texture = Texture::of(board);
    let mine = reader.range(sit.me, scores);
    let matchup = odds::range_vs_range(&mine, &ranges[0], board, 0.65, 0.35, 24, 12, rng);
    let size = style.fixed_size.unwrap_or(match street {
        Street::Flop if matchup.mean >= 0.55 && !texture.wet() => 0.33,
        Street::Flop if texture.wet() => 0.66,
        Street::Flop => 0.5,
        Street::Turn => 0.66,
        _ if matchup.mean >= 0.55 => 0.75,
        _ => 0.66,
    });
    let cbet = street == Street::Flop && sit.preflop_aggressor() == Some(sit.me);
    let fold: Vec<f64> = opponents
        .iter()
        .map(|&s| folds(reader.counts(s), cbet, size))
        .collect();
    let callers: Vec<Combos> = ranges
        .iter()
        .zip(&fold)
        .map(|(r, &f)| going_on(r, now, f))
        .collect();
    let caller_refs: Vec<&Combos> = callers.iter().collect();
    let e_call = odds::equity(sit.hole, board, &caller_refs, style.samples / 2, rng);
    let n = opponents.len();
    // A value bet wins when the hands that call pay more than they win:
    // called by k players on average (when called at all), its share of
    // what they put in beats its cost once its pot share is above
    // 1 / (k + 1) (a half heads-up, a fifth against four callers).
    let all_fold: f64 = fold.iter().product();
    let callers = fold.iter().map(|f| 1.0 - f).sum::<f64>() / (1.0 - all_fold).max(0.05);
    let line = 1.0 / (1.0 + callers.max(1.0))
        + style.value_margin
        + if sit.in_position() { 0.0 } else { 0.03 }
        + match street {
            Street::River => 0.03,
            Street::Turn => 0.0,
            _ => -0.04,
        };
    let folds_words = if n == 1 {
        format!("he folds {:.0}% to a bet", 100.0 * all_fold)
    } else {
        format!("all {n} fold {:.0}% of the time", 100.0 * all_fold)
    };
    if e_call >= line {
        if e >= 0.88
            && street == Street::Flop
            && !texture.wet()
            && style.bluffs > 0.0
            && rng.random_bool(0.2)
        {
            return Decision::new(
                Action::Check,
                format!("slow-plays: {:.0}% on {}", 100.0 * e, texture.words()),
            );
        }
        return Decision::new(
            bet(sit, size),
            format!(
                "bets for value: {:.0}% against the hands that call ({folds_words})",
                100.0 * e_call
            ),
        );
    }
    // Bluffs, in proportion to the value bets at this size.
    let alpha = size / (1.0 + 2.0 * size);
    let street_factor = match street {
        Street::Flop => 1.6,
        Street::Turn => 1.25,
        _ => 1.0,
    };
    let wanted = matchup.strong * alpha / (1.0 - alpha) * street_factor;
    // Half that: each street is balanced anew although the bluffs that
    // got there were already counted, and draws bluff first on top (at
    // the full share the bluffs lost to players who call by equity).
    let mut p = (0.5 * wanted / matchup.weak.max(0.05)).min(1.0) * style.bluffs;
    if style.exploits() {
        let typical = Counts::default();
        let typical_fold: f64 = (0..n).map(|_| folds(&typical, cbet, size)).product();
        let breakeven = size / (1.0 + size);
        p *= ((all_fold - breakeven) / (typical_fold - breakeven).max(0.05)).clamp(0.0, 2.5);
    }
    p *= 0.3f64.powi((n - 1) as i32);
    let d = draws(sit.hole, board);
    if d.strong() && street != Street::River {
        let p_draw = if style.bluffs > 0.0 {
            (2.0 * p).min(1.0)
        } else {
            0.35
        };
        if rng.random_bool(p_draw.clamp(0.0, 1.0)) {
            return Decision::new(
                bet(sit, size),
                format!(
                    "semi-bluffs: {:.0}% now with the draw, and {folds_words}",
                    100.0 * e
                ),
            );
        }
    } else if e < 0.45 && p > 0.0 && rng.random_bool(p.clamp(0.0, 1.0)) {
        return Decision::new(
            bet(sit, size),
            format!(
                "bluffs: {folds_words}, {:.0}% pays at this size",
                100.0 * size / (1.0 + size)
            ),
        );
    }
    Decision::new(
        Action::Check,
        format!(
            "{:.0}% against the hands that call is too little to bet for value",
            100.0 * e_call
        ),
    )
}

/// How much of its range the bot defends against a bet whatever its
/// equity, so that no bet profits with any two cards: the minimum defence
/// 1 / (1 + size) at the normal level; at the hard level less as
/// it sees more of the bettor's bets (down to half: then its read
/// decides the rest); none at the easy level.
fn defence(style: &Style, counts: &Counts, size: f64) -> f64 {
    let mdf = 1.0 / (1.0 + size);
    match style.level {
        Level::Easy => 0.0,
        Level::Normal => mdf,
        Level::Hard => {
            let seen = f64::from(counts.bet_spots + counts.cbet_spots + counts.faced_bet);
            mdf * (40.0 / (40.0 + seen)).max(0.5)
        }
    }
}

/// Top pair or better: what the easy level calls big bets with.
fn strong_made(sit: &Situation) -> bool {
    made(sit.hole, sit.board()) >= Made::TopPair
}

/// Facing a bet or a raise.
#[allow(clippy::too_many_arguments)]
fn facing_bet(
    sit: &Situation,
    reader: &Reader,
    style: &Style,
    scores: &[Scores],
    now: &Scores,
    opponents: &[Seat],
    e: f64,
    rng: &mut GameRng,
) -> Decision {
    let street = sit.street();
    let pay = sit.to_call();
    let need = pay / (sit.pot() + pay);
    let d = draws(sit.hole, sit.board());
    let deep = sit.effective() >= sit.pot();
    let implied = match street {
        Street::Flop if d.strong() && deep => 0.05,
        Street::Turn if d.strong() && deep => 0.04,
        _ => 0.0,
    };
    let raises = sit.raises();
    let bettor = sit.state.aggressor().unwrap_or(opponents[0]);
    let against = format!("{:.0}% against his betting range", 100.0 * e);
    let raise_size = if street == Street::Flop { 3.0 } else { 2.5 };
    let raise = |sit: &Situation| -> Action {
        let Some((min, max)) = sit.legal.raise else {
            return Action::Call;
        };
        let to = (sit.state.current_bet() as f64 * raise_size).round() as u64;
        if to as f64 >= 0.45 * max as f64 {
            Action::RaiseTo(max)
        } else {
            Action::RaiseTo(to.clamp(min, max))
        }
    };
    if e >= 0.75 + 0.06 * raises.saturating_sub(1) as f64 + style.value_margin
        && sit.legal.raise.is_some()
    {
        return Decision::new(raise(sit), format!("raises for value: {against}"));
    }
    let counts = reader.counts(bettor);
    if d.strong()
        && street != Street::River
        && opponents.len() == 1
        && raises == 1
        && style.bluffs > 0.0
        && sit.legal.raise.is_some()
    {
        let mut p = 0.2 * style.bluffs;
        if style.exploits() {
            p *= (counts.fold_bet() / Counts::default().fold_bet()).clamp(0.0, 2.0);
        }
        if rng.random_bool(p.clamp(0.0, 1.0)) {
            return Decision::new(
                raise(sit),
                format!("semi-bluff raise with the draw: {against}"),
            );
        }
    }
    let why = format!("{against}, {:.0}% needed", 100.0 * (need + style.margin));
    let big = sit.legal.to_call >= sit.state.stacks()[sit.me] || pay >= 0.9 * (sit.pot() - pay);
    if style.level == Level::Easy && big && !strong_made(sit) {
        return Decision::new(
            Action::Fold,
            format!("a big bet, and less than top pair to call it with ({against})"),
        );
    }
    if e + implied >= need + style.margin {
        return Decision::new(Action::Call, why);
    }
    // The bet's size against the pot before it.
    let size = pay / (sit.pot() - pay).max(0.01);
    // Less on later streets and at a full table, where bets are bluffs
    // less often.
    let defend = defence(style, counts, size)
        * match street {
            Street::Flop => 0.85,
            Street::Turn => 0.75,
            _ => 0.65,
        }
        * if sit.heads_up_table() { 1.0 } else { 0.6 };
    let mine = reader.range(sit.me, scores);
    let place = quantiles(&mine, now)[combo::index(sit.hole[0], sit.hole[1])];
    // A read that leaves almost nothing to catch overrides the defence.
    if f64::from(place) <= defend && opponents.len() == 1 && e >= 0.6 * need {
        Decision::new(
            Action::Call,
            format!(
                "defends: in the top {:.0}% of its range, as much as a bet this size must meet ({against})",
                100.0 * defend
            ),
        )
    } else {
        Decision::new(Action::Fold, why)
    }
}
