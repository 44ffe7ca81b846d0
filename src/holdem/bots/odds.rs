//! Equity against what the opponents are read to hold: each opponent's
//! range is a weight per two-card hand ([`Combos`]); a hand's equity is
//! sampled (Monte Carlo over their hands and the board to come), or exact
//! on the river against one opponent.

use rand::Rng;

use super::classes::combo;
use crate::cards::{Card, CardSet};
use crate::game::GameRng;
use crate::holdem::eval::{Hand, HandValue};

/// A weight per two-card hand (by [`combo::index`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Combos {
    /// The weights.
    pub w: Vec<f32>,
}

impl Combos {
    /// Every hand at weight 0.
    pub fn empty() -> Combos {
        Combos {
            w: vec![0.0; combo::COUNT],
        }
    }

    /// The weights with every hand using a card of `dead` at 0.
    pub fn without(mut self, dead: CardSet) -> Combos {
        for (i, [a, b]) in combo::all().iter().enumerate() {
            if dead.contains(*a) || dead.contains(*b) {
                self.w[i] = 0.0;
            }
        }
        self
    }

    /// Running sums for drawing a hand by weight.
    fn cumulative(&self) -> Vec<f32> {
        let mut acc = 0.0;
        self.w
            .iter()
            .map(|&x| {
                acc += x.max(0.0);
                acc
            })
            .collect()
    }
}

/// Draws a hand by weight that uses none of `used` (any live hand when the
/// range is empty or every draw collides).
fn draw(cum: &[f32], used: CardSet, rng: &mut GameRng) -> [Card; 2] {
    let all = combo::all();
    let total = cum.last().copied().unwrap_or(0.0);
    if total > 0.0 {
        for _ in 0..24 {
            let u = rng.random::<f32>() * total;
            let i = cum.partition_point(|&c| c <= u).min(combo::COUNT - 1);
            let [a, b] = all[i];
            if !used.contains(a) && !used.contains(b) {
                return [a, b];
            }
        }
    }
    loop {
        let [a, b] = all[rng.random_range(0..combo::COUNT)];
        if !used.contains(a) && !used.contains(b) {
            return [a, b];
        }
    }
}

/// Deals the rest of the board from the cards not in `used`.
fn complete(board: Hand, missing: usize, used: &mut CardSet, rng: &mut GameRng) -> Hand {
    let mut h = board;
    let mut k = 0;
    while k < missing {
        let c = Card::from_index(rng.random_range(0..52u8)).unwrap_or_else(|| unreachable!());
        if used.insert(c) {
            h = h.add(c);
            k += 1;
        }
    }
    h
}

/// `hole`'s share of the pot on `board` against one hand from each of
/// `ranges` (ties shared): exact on the river against one range, else
/// over `samples` deals.
pub fn equity(
    hole: [Card; 2],
    board: &[Card],
    ranges: &[&Combos],
    samples: u32,
    rng: &mut GameRng,
) -> f64 {
    let known: CardSet = board.iter().chain(&hole).copied().collect();
    if board.len() == 5 && ranges.len() == 1 {
        return river_exact(hole, board, ranges[0], known);
    }
    let cums: Vec<Vec<f32>> = ranges.iter().map(|r| r.cumulative()).collect();
    let base = board.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
    let mut total = 0.0;
    for _ in 0..samples.max(1) {
        let mut used = known;
        let mut theirs = [[hole[0]; 2]; 8];
        for (k, cum) in cums.iter().enumerate().take(8) {
            let h = draw(cum, used, rng);
            used.insert(h[0]);
            used.insert(h[1]);
            theirs[k] = h;
        }
        let full = complete(base, 5 - board.len(), &mut used, rng);
        let me = full.add(hole[0]).add(hole[1]).value();
        total += share(
            me,
            theirs[..cums.len().min(8)]
                .iter()
                .map(|h| full.add(h[0]).add(h[1]).value()),
        );
    }
    total / f64::from(samples.max(1))
}

/// The pot share of `me` against these values: 1 alone on top, 1/k in a
/// k-way tie, 0 beaten.
fn share(me: HandValue, others: impl Iterator<Item = HandValue>) -> f64 {
    let mut tied = 1.0;
    for v in others {
        if v > me {
            return 0.0;
        }
        if v == me {
            tied += 1.0;
        }
    }
    1.0 / tied
}

fn river_exact(hole: [Card; 2], board: &[Card], range: &Combos, known: CardSet) -> f64 {
    let base = board.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
    let me = base.add(hole[0]).add(hole[1]).value();
    let (mut won, mut of) = (0.0, 0.0);
    for (i, [a, b]) in combo::all().iter().enumerate() {
        let w = f64::from(range.w[i]);
        if w <= 0.0 || known.contains(*a) || known.contains(*b) {
            continue;
        }
        let v = base.add(*a).add(*b).value();
        of += w;
        won += w * if me > v {
            1.0
        } else if me == v {
            0.5
        } else {
            0.0
        };
    }
    if of > 0.0 { won / of } else { 0.5 }
}

/// How a range fares against another on a board (sampled).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Matchup {
    /// The mean equity of a hand of the first range against the second.
    pub mean: f64,
    /// The share of the first range (by weight) with a strong equity.
    pub strong: f64,
    /// The share with a weak one.
    pub weak: f64,
}

/// How `mine` fares against `theirs` on `board`: `hands` hands drawn from
/// `mine`, each against `deals` deals; "strong" is at least `strong`
/// equity, "weak" below `weak`.
#[allow(clippy::too_many_arguments)]
pub fn range_vs_range(
    mine: &Combos,
    theirs: &Combos,
    board: &[Card],
    strong: f64,
    weak: f64,
    hands: u32,
    deals: u32,
    rng: &mut GameRng,
) -> Matchup {
    let dead: CardSet = board.iter().copied().collect();
    let cum = mine.cumulative();
    let (mut sum, mut above, mut below) = (0.0, 0.0, 0.0);
    for _ in 0..hands.max(1) {
        let h = draw(&cum, dead, rng);
        let e = equity(h, board, &[theirs], deals, rng);
        sum += e;
        above += f64::from(u8::from(e >= strong));
        below += f64::from(u8::from(e < weak));
    }
    let n = f64::from(hands.max(1));
    Matchup {
        mean: sum / n,
        strong: above / n,
        weak: below / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::game::rng_from_seed;

    fn two(s: &str) -> [Card; 2] {
        let v = parse_cards(s).expect("cards");
        [v[0], v[1]]
    }

    fn any() -> Combos {
        Combos {
            w: vec![1.0; combo::COUNT],
        }
    }

    #[test]
    fn equity_against_any_hand_matches_the_known_numbers() {
        let mut rng = rng_from_seed(5);
        // Aces against a random hand: 85.2%.
        let e = equity(two("As Ah"), &[], &[&any()], 20_000, &mut rng);
        assert!((e - 0.852).abs() < 0.01, "{e}");
        // Against two random hands: 73.5%.
        let e = equity(two("As Ah"), &[], &[&any(), &any()], 20_000, &mut rng);
        assert!((e - 0.735).abs() < 0.012, "{e}");
    }

    #[test]
    fn river_equity_is_exact_and_weighted() {
        let board = parse_cards("Ks 7c 2d 9h 4s").expect("board");
        let mut rng = rng_from_seed(1);
        let e = equity(two("Ah Kd"), &board, &[&any()], 1, &mut rng);
        assert!(e > 0.9, "{e}");
        // Against only sets of sevens: nothing.
        let mut sevens = Combos::empty();
        for [a, b] in parse_cards("7s 7h 7d 7h")
            .expect("cards")
            .chunks(2)
            .map(|c| [c[0], c[1]])
        {
            sevens.w[combo::index(a, b)] = 1.0;
        }
        assert_eq!(equity(two("Ah Kd"), &board, &[&sevens], 1, &mut rng), 0.0);
    }

    #[test]
    fn a_strong_range_beats_a_weak_one() {
        let board = parse_cards("Kd 8s 3h").expect("board");
        let mut strong = Combos::empty();
        let mut weak = Combos::empty();
        for (i, [a, b]) in combo::all().iter().enumerate() {
            let kings = a.rank() == b.rank() || [a, b].iter().any(|c| c.rank().index() == 11);
            if kings {
                strong.w[i] = 1.0;
            } else if a.rank().index() < 6 && b.rank().index() < 6 {
                weak.w[i] = 1.0;
            }
        }
        let dead: CardSet = board.iter().copied().collect();
        let (strong, weak) = (strong.without(dead), weak.without(dead));
        let mut rng = rng_from_seed(3);
        let m = range_vs_range(&strong, &weak, &board, 0.7, 0.3, 200, 20, &mut rng);
        assert!(m.mean > 0.7 && m.strong > 0.5 && m.weak < 0.1, "{m:?}");
    }
}
