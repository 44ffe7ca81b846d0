//! Preflop charts: the 169 classes in order of strength, ranges as the top
//! share of that order (weights per class), and a class's equity against
//! such a range from the exact equities (card removal included).
//!
//! The order is all-in equity against a random hand, with a bonus for the
//! hands that play well after the flop when stacks are deep (suited and
//! connected ones): it is the order in which the bots open, defend and
//! read others' ranges. Push/fold decisions use the equilibrium
//! ([`super::pushfold`]) instead.

use std::sync::OnceLock;

use super::classes::{CLASSES, Class};
use super::preflop_equity::{equity, pairs};

/// A weight per class: how likely a player is to hold it given what they
/// did (1: as often as it is dealt, 0: never).
pub type Weights = [f64; CLASSES];

/// Every class at full weight.
pub const ANY: Weights = [1.0; CLASSES];

/// A class's all-in equity against a random hand.
pub fn against_random(c: Class) -> f64 {
    against(c, &ANY)
}

/// Class `c`'s all-in equity against a hand drawn from `range` (weights
/// per class, counted by the deals that share no card with `c`); 0.5
/// against an empty range.
pub fn against(c: Class, range: &Weights) -> f64 {
    let (mut met, mut won) = (0.0, 0.0);
    for d in Class::all() {
        let w = range[d.index()];
        if w > 0.0 {
            let n = f64::from(pairs(c, d)) * w;
            met += n;
            won += n * equity(c, d);
        }
    }
    if met > 0.0 { won / met } else { 0.5 }
}

/// The deep-stack score of a class: equity against a random hand, more for
/// suited and connected hands.
fn score(c: Class) -> f64 {
    let mut s = against_random(c);
    if c.is_suited() {
        s += 0.03;
    }
    if !c.is_pair() {
        s += [0.0, 0.02, 0.012, 0.006][c.gap().min(3)];
    }
    s
}

/// The classes strongest first, and each class's place as the share of
/// hands at least as strong (0 for aces up to 1 for the weakest).
struct Order {
    strongest_first: Vec<Class>,
    top: [f64; CLASSES],
}

fn order() -> &'static Order {
    static ORDER: OnceLock<Order> = OnceLock::new();
    ORDER.get_or_init(|| {
        let mut all: Vec<(f64, Class)> = Class::all().map(|c| (score(c), c)).collect();
        all.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut top = [0.0; CLASSES];
        let mut seen = 0usize;
        for &(_, c) in &all {
            seen += c.combos();
            top[c.index()] = seen as f64 / 1326.0;
        }
        Order {
            strongest_first: all.into_iter().map(|(_, c)| c).collect(),
            top,
        }
    })
}

/// The share of hands at least as strong as `c`: 0.0045 for aces, 1 for
/// the weakest hand. A range of the top `x` holds `c` when `top(c) <= x`.
pub fn top(c: Class) -> f64 {
    order().top[c.index()]
}

/// The classes strongest first.
pub fn strongest_first() -> &'static [Class] {
    &order().strongest_first
}

/// The range of the hands whose place is between `from` and `to` (shares
/// of all hands, strongest at 0), with soft edges: a class straddling an
/// edge is in by the part of it inside.
pub fn slice(from: f64, to: f64) -> Weights {
    let mut w = [0.0; CLASSES];
    let mut start: f64 = 0.0;
    for &c in strongest_first() {
        let end = top(c);
        let inside = (end.min(to) - start.max(from)).max(0.0);
        let width = (end - start).max(1e-9);
        w[c.index()] = (inside / width).clamp(0.0, 1.0);
        start = end;
    }
    w
}

/// The top share `x` of hands.
pub fn top_range(x: f64) -> Weights {
    slice(0.0, x)
}

/// The share of all hands a range holds.
pub fn share(range: &Weights) -> f64 {
    Class::all()
        .map(|c| range[c.index()] * c.combos() as f64)
        .sum::<f64>()
        / 1326.0
}

/// The share of hands a typical player opens first in with `behind`
/// players still to act (heads-up: the small blind against the big
/// blind), when stacks are deep.
pub fn open_share(behind: usize, heads_up: bool) -> f64 {
    if heads_up {
        return 0.82;
    }
    const SHARES: [f64; 9] = [1.0, 0.45, 0.45, 0.28, 0.21, 0.16, 0.13, 0.11, 0.10];
    SHARES[behind.min(SHARES.len() - 1)]
}

/// Text for a share: "the top 45%".
pub fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(s: &str) -> Class {
        s.parse().expect("class")
    }

    #[test]
    fn the_order_starts_with_aces_and_ends_with_trash() {
        assert_eq!(strongest_first()[0], class("AA"));
        assert!(top(class("AKs")) < 0.04);
        assert!(top(class("72o")) > 0.95);
        assert!(top(class("T9s")) < top(class("T9o")));
        assert!(top(class("QQ")) < top(class("AJo")));
        assert!((top(*strongest_first().last().expect("a class")) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn slices_hold_their_share() {
        for x in [0.05, 0.2, 0.45, 0.8] {
            assert!((share(&top_range(x)) - x).abs() < 1e-9, "{x}");
        }
        let middle = slice(0.2, 0.5);
        assert!((share(&middle) - 0.3).abs() < 1e-9);
        assert_eq!(middle[class("AA").index()], 0.0);
    }

    #[test]
    fn equities_against_ranges() {
        // Aces against a random hand: 85%.
        assert!((against_random(class("AA")) - 0.852).abs() < 0.002);
        // King-queen does worse against a tight range than a random one.
        assert!(against(class("KQo"), &top_range(0.1)) + 0.1 < against_random(class("KQo")));
        assert_eq!(against(class("KQo"), &[0.0; CLASSES]), 0.5);
    }
}
