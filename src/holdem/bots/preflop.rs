//! Before the flop, by stack depth and players. Short-stacked (up to 12 bb
//! effective, 13 heads-up) first in it pushes or folds by the equilibrium
//! ([`super::pushfold`]); from there to 20 bb it shoves the middle of that
//! range and raises small with the best hands and the weakest it plays;
//! deeper it opens the top share of hands for the players behind (wider
//! as they are fewer: 82% heads-up, 45% on the button, 16% under the gun
//! six-handed). Facing a raise it reads the raiser's range and calls when
//! its equity against it, as far as its position lets it realise it,
//! pays for the call; it re-raises the hands that beat the range that
//! goes on, with a share of bluffs (suited aces and connectors) the
//! raiser's folds pay for. Facing an all-in it calls when its equity
//! against the shover's range beats the price: at short stacks, the
//! equilibrium's calls, or a best response to the range the shover is
//! seen to shove.

use rand::Rng;

use super::chart::{self, Weights};
use super::classes::{CLASSES, Class};
use super::explain::{Decision, bb};
use super::pushfold::{self, Spot};
use super::reading::{Reader, portion};
use super::situation::Situation;
use super::style::{Level, Style};
use crate::game::{GameRng, Seat};
use crate::holdem::action::{Action, Move};

/// Up to this effective stack first in, push or fold (heads-up, and at a
/// full table).
const PUSH_FOLD: [f64; 2] = [13.0, 12.0];
/// Up to this, shove or raise small first in.
const SHALLOW: f64 = 20.0;
/// The best hands (a share of all), raised small rather than shoved.
const PREMIUM: f64 = 0.07;

/// A raise to `to_bb` big blinds (clamped to the legal range), or the
/// call or check when no raise is possible.
pub fn raise_to(sit: &Situation, to_bb: f64) -> Action {
    match sit.legal.raise {
        Some((min, max)) => {
            let to = (to_bb * sit.bb).round() as u64;
            Action::RaiseTo(to.clamp(min, max))
        }
        None => passive(sit),
    }
}

/// All in (or a call of everything when no raise is possible).
pub fn all_in(sit: &Situation) -> Action {
    match sit.legal.raise {
        Some((_, max)) => Action::RaiseTo(max),
        None => passive(sit),
    }
}

fn passive(sit: &Situation) -> Action {
    super::passive(&sit.legal)
}

/// Check when free, else fold.
pub fn give_up(sit: &Situation) -> Action {
    super::give_up(&sit.legal)
}

/// How much of its equity a hand wins on average after the flop, in or
/// out of position: suited, paired and connected hands more, unconnected
/// offsuit ones less; everything is realised when stacks are short.
fn realization(x: Class, in_position: bool, depth: f64, style: &Style) -> f64 {
    let mut r: f64 = if in_position { 0.96 } else { 0.82 };
    if x.is_suited() {
        r += 0.06;
    }
    if x.is_pair() {
        r += 0.04;
    } else if x.gap() <= 2 {
        r += 0.03;
    } else if !x.is_suited() && x.gap() >= 4 {
        r -= 0.06;
    }
    let (high, low) = x.ranks();
    if low.index() >= 8 && high != low {
        r += 0.03;
    }
    if style.margin > 0.0 {
        r -= 0.08;
    }
    let short = ((40.0 - depth) / 30.0).clamp(0.0, 1.0);
    (r + (1.0 - r) * short).clamp(0.55, 1.15)
}

/// Decides before the flop.
pub fn decide(sit: &Situation, reader: &Reader, style: &Style, rng: &mut GameRng) -> Decision {
    let x = Class::of(sit.hole);
    let pre = sit.preflop();
    let raises = pre.iter().filter(|a| a.aggressive()).count();
    if raises == 0 {
        let limpers = pre
            .iter()
            .filter(|a| matches!(a.action, Move::Call(_)))
            .count();
        if limpers == 0 && sit.legal.to_call > 0 {
            if sit.behind().is_empty() {
                return short_blind(sit, style, x);
            }
            return first_in(sit, reader, style, x);
        }
        return unraised(sit, reader, style, x, limpers);
    }
    let Some(raiser) = sit.state.aggressor() else {
        return Decision::new(give_up(sit), "no raiser to read");
    };
    let shoved = pre
        .iter()
        .any(|a| a.all_in && a.aggressive() && a.seat == raiser);
    if shoved || committing(sit) {
        return facing_all_in(sit, reader, style, x, raiser, shoved);
    }
    let opened = pre
        .iter()
        .find(|a| a.aggressive())
        .is_some_and(|a| a.seat == sit.me);
    match raises {
        1 => facing_open(sit, reader, style, x, raiser, rng),
        2 if opened => facing_three_bet(sit, reader, style, x, raiser),
        _ => facing_big(sit, reader, style, x, raiser),
    }
}

/// Whether calling would leave less than a third of the pot behind: the
/// choice is all in or fold.
fn committing(sit: &Situation) -> bool {
    let left = sit.in_bb(sit.state.stacks()[sit.me].saturating_sub(sit.legal.to_call));
    left < (sit.pot() + sit.to_call()) / 3.0
}

/// The push/fold spot of a shove by the bot now.
fn spot(sit: &Situation, behind: usize, depth: f64) -> Spot {
    Spot {
        behind: behind.max(1),
        depth,
        antes: sit.antes(),
    }
}

/// Everyone folded to the bot but the big blind, who is all in for less
/// than a big blind: a call against any hand.
fn short_blind(sit: &Situation, style: &Style, x: Class) -> Decision {
    let eq = chart::against_random(x);
    let need = sit.to_call() / (sit.pot() + sit.to_call()) + style.margin;
    let why = format!(
        "the blind is all in: {} against any hand, {} needed",
        chart::percent(eq),
        chart::percent(need)
    );
    Decision::new(
        if eq >= need {
            Action::Call
        } else {
            Action::Fold
        },
        why,
    )
}

/// First in (nobody has called or raised).
fn first_in(sit: &Situation, reader: &Reader, style: &Style, x: Class) -> Decision {
    let behind = sit.behind();
    let k = behind.len().max(1);
    let depth = sit.effective();
    let heads_up = sit.heads_up_table();
    let push_fold = PUSH_FOLD[usize::from(!heads_up)];
    let players = if k == 1 {
        "heads-up".to_string()
    } else {
        format!("with {k} players behind")
    };
    if depth <= push_fold {
        let spot = spot(sit, k, depth);
        let table = pushfold::shoves(spot);
        if style.exploits() && k == 1 {
            // A best response to how often the big blind calls.
            let counts = reader.counts(behind[0]);
            let equilibrium_calls = best(&pushfold::call_evs(spot, &table.mix()));
            let typical = chart::share(&equilibrium_calls);
            if let Some(calls) = counts.calls_shoves_unlike(typical) {
                let range = chart::top_range(calls);
                let ev = pushfold::shove_evs(spot, &[range])[x.index()];
                let how = if calls < typical { "wider" } else { "tighter" };
                let why = format!(
                    "he calls {} of shoves where the equilibrium calls {}: shoving {how} than equilibrium",
                    chart::percent(calls),
                    chart::percent(typical)
                );
                return Decision::new(if ev > 0.0 { all_in(sit) } else { give_up(sit) }, why);
            }
        }
        let why = format!(
            "equilibrium range at this depth ({} bb {players}: shoves {})",
            bb(depth),
            chart::percent(table.share())
        );
        return if table.contains(x) {
            Decision::new(all_in(sit), why)
        } else {
            Decision::new(give_up(sit), format!("not in the {why}"))
        };
    }
    let open = open_share(sit, reader, style, &behind, heads_up, depth);
    if depth <= SHALLOW {
        let table = pushfold::shoves(spot(sit, k, depth));
        let keep = 1.0 - (depth - push_fold) / (SHALLOW - push_fold + 3.0);
        let shove_top = (table.share() * keep).max(PREMIUM + 0.02);
        let top = chart::top(x);
        let why = format!(
            "at {} bb {players}: raises small with the best hands and the weakest it plays, shoves the top {} below them",
            bb(depth),
            chart::percent(shove_top)
        );
        return if top <= PREMIUM {
            Decision::new(raise_to(sit, 2.0), why)
        } else if top <= shove_top && table.contains(x) {
            Decision::new(all_in(sit), why)
        } else if top <= open {
            Decision::new(raise_to(sit, 2.0), why)
        } else {
            Decision::new(
                give_up(sit),
                format!(
                    "below its opening range at {} bb (top {})",
                    bb(depth),
                    chart::percent(open)
                ),
            )
        };
    }
    let size = if heads_up {
        if depth > 40.0 { 2.5 } else { 2.2 }
    } else if k == 1 {
        3.0
    } else {
        2.5
    };
    if chart::top(x) <= open {
        Decision::new(
            raise_to(sit, size),
            format!("opens the top {} {players}", chart::percent(open)),
        )
    } else {
        Decision::new(
            give_up(sit),
            format!(
                "below its opening range (top {} {players})",
                chart::percent(open)
            ),
        )
    }
}

/// The share of hands to open first in: the typical share for the
/// players behind, scaled by the level, and (hard) widened when they fold
/// more than typical players to a raise or narrowed when they defend
/// more.
fn open_share(
    sit: &Situation,
    reader: &Reader,
    style: &Style,
    behind: &[Seat],
    heads_up: bool,
    depth: f64,
) -> f64 {
    let typical = chart::open_share(behind.len().max(1), heads_up);
    let mut share = typical * style.open_scale;
    if depth <= SHALLOW && heads_up {
        share *= 0.9;
    }
    if style.exploits() && !behind.is_empty() {
        let bb_seat = sit.state.blind_seats().1;
        let defend = |s: Seat| {
            let c = reader.counts(s);
            let typical_call = if heads_up {
                0.55
            } else if s == bb_seat {
                0.3
            } else {
                0.1
            };
            let typical_three = if heads_up { 0.12 } else { 0.05 };
            let go_on = c.call_open(typical_call) + c.three_bet(typical_three);
            go_on - (typical_call + typical_three)
        };
        // Wider against players who fold more; never narrower than
        // typical (hands that play well are worth playing against players
        // who call too much).
        let extra: f64 = behind.iter().map(|&s| defend(s)).sum();
        share *= (1.0 - 1.2 * extra).clamp(1.0, 1.3);
    }
    share.min(if heads_up { 0.95 } else { 0.7 })
}

/// Nobody raised but someone called (limpers), or the big blind has its
/// option.
fn unraised(sit: &Situation, reader: &Reader, style: &Style, x: Class, limpers: usize) -> Decision {
    let depth = sit.effective();
    let opponents = sit.opponents();
    let callers: Vec<Seat> = sit
        .preflop()
        .iter()
        .filter(|a| matches!(a.action, Move::Call(_)))
        .map(|a| a.seat)
        .collect();
    let behind = sit.behind();
    if depth <= PUSH_FOLD[1] {
        let table = pushfold::shoves(spot(sit, behind.len() + limpers, depth));
        if table.contains(x) {
            return Decision::new(
                all_in(sit),
                format!("short-stacked at {} bb: shoves over the limp", bb(depth)),
            );
        }
        return Decision::new(
            give_up(sit),
            format!("short-stacked at {} bb: no hand to shove", bb(depth)),
        );
    }
    let eq = callers
        .iter()
        .map(|&s| chart::against(x, &reader.preflop(s)))
        .fold(1.0, f64::min);
    let want = 0.56 + 0.03 * (opponents.len().saturating_sub(1)) as f64 + style.margin;
    if eq >= want {
        let size = 3.0 + limpers as f64 + if sit.legal.to_call == 0 { 0.5 } else { 0.0 };
        return Decision::new(
            raise_to(sit, size),
            format!(
                "raises the limp: {} against the limping range",
                chart::percent(eq)
            ),
        );
    }
    if sit.legal.to_call == 0 {
        return Decision::new(Action::Check, "takes the free flop");
    }
    let speculative = x.is_pair()
        || (x.is_suited() && x.gap() <= 2)
        || (x.is_suited() && x.ranks().0.index() == 12);
    if speculative && depth >= 40.0 && sit.to_call() <= 1.0 {
        return Decision::new(
            Action::Call,
            "limps behind with a hand that plays well in a cheap pot",
        );
    }
    Decision::new(
        give_up(sit),
        format!(
            "{} against the limping range is not enough",
            chart::percent(eq)
        ),
    )
}

/// The best-response mix: 1 where acting is worth more than folding.
fn best(ev: &[f64; CLASSES]) -> Weights {
    ev.map(|v| if v > 0.0 { 1.0 } else { 0.0 })
}

/// Facing a shove, or a raise that leaves only all in or fold.
fn facing_all_in(
    sit: &Situation,
    reader: &Reader,
    style: &Style,
    x: Class,
    raiser: Seat,
    shoved: bool,
) -> Decision {
    let range = reader.preflop(raiser);
    // Players already in the pot with the raiser (callers, and raisers
    // before him): at push/fold depths (20 bb or less) it must beat them
    // too, and its chance of beating every one is about the product of
    // its equities against each. Deeper, where an all-in is a raising
    // war of wide ranges, that product would understate a strong hand
    // (winning against one of them goes with winning against the
    // others), so it reads the raiser alone.
    let callers: Vec<Seat> = if sit.effective() <= 20.0 {
        sit.opponents()
            .into_iter()
            .filter(|&s| {
                s != raiser
                    && sit.preflop().iter().any(|a| {
                        a.seat == s && (a.aggressive() || matches!(a.action, Move::Call(_)))
                    })
            })
            .collect()
    } else {
        Vec::new()
    };
    let eq = callers
        .iter()
        .map(|&c| chart::against(x, &reader.preflop(c)))
        .fold(chart::against(x, &range), |e, f| e * f);
    // Everyone else still to act may wake up with a hand.
    let others = sit.opponents().len().saturating_sub(1 + callers.len());
    let my_chips = sit.in_bb(sit.state.stacks()[sit.me]);
    let their_chips = sit.in_bb(sit.state.stacks()[raiser]);
    let pay = sit.to_call().max(0.0);
    let need = if shoved || sit.legal.raise.is_none() {
        pay / (sit.pot() + pay)
    } else {
        // Shoving over the top: as if called.
        let put = my_chips.min(their_chips + pay);
        put / (sit.pot() + put + (put - pay).max(0.0))
    } + 0.03 * others as f64
        + style.margin;
    let who = if shoved { "shoving" } else { "raising" };
    let and_callers = match callers.len() {
        0 => String::new(),
        1 => " and the player in with him".to_string(),
        n => format!(" and the {n} players in with him"),
    };
    let why = format!(
        "{} against his {who} range (top {}){and_callers}, {} needed",
        chart::percent(eq),
        chart::percent(chart::share(&range)),
        chart::percent(need)
    );
    if eq >= need {
        let action = if shoved || sit.legal.raise.is_none() {
            Action::Call
        } else {
            all_in(sit)
        };
        Decision::new(action, why)
    } else {
        Decision::new(Action::Fold, why)
    }
}

/// Classes ranked as re-raise bluffs: suited aces, then suited connectors
/// and broadways, strongest first.
fn bluff_rank(c: Class) -> f64 {
    let (high, _) = c.ranks();
    let mut s = chart::against_random(c);
    if c.is_suited() {
        s += 0.2;
        if high.index() == 12 {
            s += 0.2;
        }
        if c.gap() <= 2 {
            s += 0.1;
        }
    }
    s
}

/// Facing one raise (an open), maybe with callers.
fn facing_open(
    sit: &Situation,
    reader: &Reader,
    style: &Style,
    x: Class,
    raiser: Seat,
    rng: &mut GameRng,
) -> Decision {
    let range = reader.preflop(raiser);
    let depth = sit.effective();
    let ip = sit.in_position();
    let callers = sit
        .preflop()
        .iter()
        .filter(|a| matches!(a.action, Move::Call(_)) && a.seat != sit.me)
        .count();
    let pot_after = sit.pot() + sit.to_call();
    let counts = reader.counts(raiser);
    let folds = if style.exploits() {
        counts.fold_three_bet()
    } else {
        0.5
    };
    let go_on = portion(&range, 0.0, 1.0 - folds);
    // Each class's value of calling and whether it re-raises for value.
    let ev_call = |c: Class| {
        realization(c, ip, depth, style) * chart::against(c, &range) * pot_after - sit.to_call()
    };
    let value_line = 0.55 + if ip { 0.0 } else { 0.02 } + 0.03 * callers as f64 + style.margin;
    let value = |c: Class| chart::against(c, &go_on) >= value_line;
    let raise = sit.in_bb(sit.state.current_bet());
    let size = raise * if ip { 3.0 } else { 3.7 } + raise * callers as f64;
    let shove_instead = size >= depth * 0.33;
    let eq = chart::against(x, &range);
    let of_range = format!("(top {})", chart::percent(chart::share(&range)));
    if value(x) {
        let action = if shove_instead {
            all_in(sit)
        } else {
            raise_to(sit, size)
        };
        return Decision::new(
            action,
            format!(
                "re-raises for value: {} against the hands that go on {of_range}",
                chart::percent(chart::against(x, &go_on))
            ),
        );
    }
    let call = ev_call(x) > 0.0;
    if style.bluff_raises && callers == 0 && !shove_instead && !x.is_pair() {
        // Bluffs in proportion to the value re-raises, from the hands
        // that would fold: more when the raiser folds more.
        let mass = |f: &dyn Fn(Class) -> bool| -> f64 {
            Class::all()
                .filter(|&c| f(c))
                .map(|c| c.combos() as f64)
                .sum()
        };
        let value_mass = mass(&|c| value(c));
        let ratio = if sit.heads_up_table() { 0.6 } else { 0.4 } * (folds / 0.5).clamp(0.0, 2.0);
        let mut candidates: Vec<Class> = Class::all()
            .filter(|&c| !value(c) && ev_call(c) <= 0.3 && c.is_suited())
            .collect();
        candidates.sort_by(|a, b| bluff_rank(*b).total_cmp(&bluff_rank(*a)));
        let mut taken = 0.0;
        for c in candidates {
            if taken >= ratio * value_mass {
                break;
            }
            taken += c.combos() as f64;
            if c == x && rng.random_bool(0.85) {
                return Decision::new(
                    raise_to(sit, size),
                    format!(
                        "re-raises as a bluff: he folds {} to re-raises, a hand that blocks and plays well",
                        chart::percent(folds)
                    ),
                );
            }
        }
    }
    let why = format!(
        "{} against his raising range {of_range}, the pot lays {} to 1",
        chart::percent(eq),
        bb(pot_after / sit.to_call().max(0.01) - 1.0)
    );
    if call {
        Decision::new(Action::Call, why)
    } else {
        Decision::new(give_up(sit), why)
    }
}

/// Its open was re-raised.
fn facing_three_bet(
    sit: &Situation,
    reader: &Reader,
    style: &Style,
    x: Class,
    raiser: Seat,
) -> Decision {
    let range = reader.preflop(raiser);
    let depth = sit.effective();
    let eq = chart::against(x, &range);
    let of_range = format!(
        "his re-raising range (top {})",
        chart::percent(chart::share(&range))
    );
    if eq >= 0.6 + style.margin {
        let action = if depth <= 45.0 {
            all_in(sit)
        } else {
            raise_to(sit, sit.in_bb(sit.state.current_bet()) * 2.3)
        };
        return Decision::new(
            action,
            format!("re-raises again: {} against {of_range}", chart::percent(eq)),
        );
    }
    let pot_after = sit.pot() + sit.to_call();
    // Against a re-raising range the weaker hands are dominated: they
    // realise less of their equity.
    let ev = 0.9 * realization(x, sit.in_position(), depth, style) * eq * pot_after - sit.to_call();
    let why = format!(
        "{} against {of_range}, the pot lays {} to 1",
        chart::percent(eq),
        bb(pot_after / sit.to_call().max(0.01) - 1.0)
    );
    if ev > 0.0 {
        return Decision::new(Action::Call, why);
    }
    // Defends enough of its opening range that the re-raise does not
    // profit with any two cards (the hard level less as it sees more of
    // this player's re-raises, down to half; the easy level not at all).
    let blind = if sit.state.blind_seats().1 == raiser {
        1.0
    } else {
        0.0
    };
    let before = sit.pot() - sit.in_bb(sit.state.current_bet()) + blind;
    let mdf = before / (before + sit.to_call());
    let seen = f64::from(reader.counts(raiser).faced_open);
    // At a full table re-raises are seldom bluffs: no floor there.
    let defend = match style.level {
        _ if !sit.heads_up_table() => 0.0,
        Level::Easy => 0.0,
        Level::Normal => mdf,
        Level::Hard => mdf * (40.0 / (40.0 + seen)).max(0.5),
    };
    let opened = chart::share(&reader.preflop(sit.me)).max(0.01);
    if chart::top(x) / opened <= defend {
        return Decision::new(
            Action::Call,
            format!(
                "defends: in the top {:.0}% of its opening range, as much as a re-raise this size must meet ({} against {of_range})",
                100.0 * defend,
                chart::percent(eq)
            ),
        );
    }
    Decision::new(give_up(sit), why)
}

/// Facing a re-raise cold, a 4-bet or more.
fn facing_big(sit: &Situation, reader: &Reader, style: &Style, x: Class, raiser: Seat) -> Decision {
    let range = reader.preflop(raiser);
    let eq = chart::against(x, &range);
    let need = sit.to_call() / (sit.pot() + sit.to_call()) + style.margin;
    let of_range = format!("his range (top {})", chart::percent(chart::share(&range)));
    if eq >= 0.55 + style.margin {
        return Decision::new(
            all_in(sit),
            format!("{} against {of_range}: all in", chart::percent(eq)),
        );
    }
    let why = format!(
        "{} against {of_range}, {} needed",
        chart::percent(eq),
        chart::percent(need + 0.05)
    );
    if eq >= need + 0.05 && eq >= 0.45 {
        Decision::new(Action::Call, why)
    } else {
        Decision::new(give_up(sit), why)
    }
}
