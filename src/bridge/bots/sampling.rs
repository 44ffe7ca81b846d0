//! Card play by double-dummy sampling, as the strong programs play: deal
//! the cards this seat cannot see among the hidden hands, consistent with
//! the play so far (a seat that showed out of a suit holds none) and with
//! what the auction showed (points and lengths, read by the bidding
//! system; loosely at the normal level, exactly at the hard one), solve
//! each layout with the double-dummy solver, and play the card that takes
//! the most tricks over all of them.

use rand::Rng;
use rand::seq::SliceRandom;

use super::bidding::Known;
use super::hand::Hand;
use crate::bridge::board::Direction;
use crate::bridge::solver::{Position, Solver};
use crate::bridge::state::View;
use crate::cards::{Card, CardSet, Suit};
use crate::game::GameRng;

/// How a sampler deals its layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sampling {
    /// Layouts solved per decision.
    pub layouts: usize,
    /// Slack on the auction's points and lengths (0: exactly as shown).
    pub slack: u8,
    /// Deals tried per layout before the auction is ignored.
    pub tries: usize,
}

/// What the play has shown: each seat's cards played, and the suits each
/// has shown out of.
struct Shown {
    played: [CardSet; 4],
    void: [[bool; 4]; 4],
}

fn shown(view: &View) -> Shown {
    let mut s = Shown {
        played: [CardSet::EMPTY; 4],
        void: [[false; 4]; 4],
    };
    let mut note = |leader: Direction, cards: &[Card]| {
        let Some(led) = cards.first() else { return };
        for (k, &c) in cards.iter().enumerate() {
            let d = leader.step(k).index();
            s.played[d].insert(c);
            if c.suit() != led.suit() {
                s.void[d][led.suit().index()] = true;
            }
        }
    };
    for t in &view.tricks {
        note(t.leader, &t.cards);
    }
    if let Some(l) = view.leader {
        note(l, &view.trick);
    }
    s
}

/// Whether hand `cards` (with what the seat already played) agrees with
/// what its calls showed, within `slack`.
fn agrees(cards: CardSet, known: &Known, slack: u8) -> bool {
    let h = Hand::new(cards);
    let (lo, hi) = known.hcp;
    if h.hcp + slack < lo || h.hcp > hi.saturating_add(slack) {
        return false;
    }
    Suit::ALL.iter().all(|&s| {
        let (l, u) = known.len[s.index()];
        let n = h.len_of(s);
        n + slack >= l && n <= u.saturating_add(slack)
    })
}

/// One layout of the hidden cards: each hidden seat gets its count,
/// never a card of a suit it showed out of; `None` if the deal got stuck.
fn deal_once(
    unseen: &mut [Card],
    hidden: &[Direction],
    counts: &[usize; 4],
    shown: &Shown,
    rng: &mut GameRng,
) -> Option<[CardSet; 4]> {
    unseen.shuffle(rng);
    let mut out = [CardSet::EMPTY; 4];
    // Cards fewest seats can take go first.
    let takers = |c: &Card| {
        hidden
            .iter()
            .filter(|d| !shown.void[d.index()][c.suit().index()])
            .count()
    };
    let mut cards = unseen.to_vec();
    cards.sort_by_key(takers);
    for c in cards {
        let open: Vec<Direction> = hidden
            .iter()
            .copied()
            .filter(|d| {
                !shown.void[d.index()][c.suit().index()] && out[d.index()].len() < counts[d.index()]
            })
            .collect();
        if open.is_empty() {
            return None;
        }
        let d = open[rng.random_range(0..open.len())];
        out[d.index()].insert(c);
    }
    Some(out)
}

/// Layouts of the hidden hands for `view`, consistent with the play and,
/// as far as `sampling` asks, with the auction.
pub fn layouts(
    view: &View,
    known: &[Known; 4],
    sampling: Sampling,
    rng: &mut GameRng,
) -> Vec<[CardSet; 4]> {
    let shown = shown(view);
    let visible = view.hands.iter().fold(CardSet::EMPTY, |a, h| a | *h);
    let played = shown.played.iter().fold(CardSet::EMPTY, |a, h| a | *h);
    let mut unseen: Vec<Card> = (CardSet::FULL - visible - played).iter().collect();
    let hidden: Vec<Direction> = Direction::ALL
        .into_iter()
        .filter(|d| view.hands[d.index()].is_empty() && view.counts[d.index()] > 0)
        .collect();
    let mut out = Vec::with_capacity(sampling.layouts);
    for _ in 0..sampling.layouts {
        let mut fallback = None;
        let mut found = None;
        for _ in 0..sampling.tries.max(1) {
            let Some(dealt) = deal_once(&mut unseen, &hidden, &view.counts, &shown, rng) else {
                continue;
            };
            let fits = hidden.iter().all(|d| {
                let i = d.index();
                agrees(dealt[i] | shown.played[i], &known[i], sampling.slack)
            });
            if fits {
                found = Some(dealt);
                break;
            }
            fallback.get_or_insert(dealt);
        }
        if let Some(dealt) = found.or(fallback) {
            let mut hands = view.hands;
            for d in &hidden {
                hands[d.index()] = dealt[d.index()];
            }
            out.push(hands);
        }
    }
    out
}

/// The card that takes the most tricks for the side to play over the
/// layouts, with the average it takes; `None` when no layout solves.
pub fn best_card(
    view: &View,
    layouts: &[[CardSet; 4]],
    solver: &mut Solver,
) -> Option<(Card, f64)> {
    let contract = view.contract?;
    let leader = view.leader?;
    let to_play = view.to_play?;
    let side = to_play.side().index();
    let mut totals: Vec<(Card, u32)> = Vec::new();
    let mut solved = 0u32;
    for hands in layouts {
        let pos = Position {
            hands: *hands,
            strain: contract.bid.strain,
            leader,
            trick: view.trick.clone(),
        };
        let Ok(a) = solver.analyse(&pos) else {
            continue;
        };
        solved += 1;
        for cv in a.cards {
            let t = u32::from(cv.tricks[side]);
            match totals.iter_mut().find(|(c, _)| *c == cv.card) {
                Some(e) => e.1 += t,
                None => totals.push((cv.card, t)),
            }
        }
    }
    let (card, total) = totals
        .into_iter()
        .max_by_key(|&(c, t)| (t, std::cmp::Reverse((c.rank(), c.suit()))))?;
    Some((card, f64::from(total) / f64::from(solved.max(1))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::state::Action;
    use crate::bridge::state::Bridge;
    use crate::game::{Game, rng_from_seed};

    #[test]
    fn layouts_keep_what_is_seen_and_respect_a_show_out() {
        let mut game = Bridge::dealt(1, 21);
        for c in ["1NT", "P", "P", "P"] {
            let call = c.parse().unwrap_or_else(|e| panic!("{e}"));
            game.apply(Action::Call(call))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        // Play a few tricks with the lowest legal card.
        for _ in 0..12 {
            let a = game.legal_actions()[0];
            game.apply(a).unwrap_or_else(|e| panic!("{e}"));
        }
        let seat = game.to_act().unwrap_or(0);
        let view = game.view(seat);
        let mut rng = rng_from_seed(4);
        let sampling = Sampling {
            layouts: 20,
            slack: 0,
            tries: 50,
        };
        let known = [Known::default(); 4];
        let sh = shown(&view);
        let ls = layouts(&view, &known, sampling, &mut rng);
        assert_eq!(ls.len(), 20);
        let truth = game.play().map(|p| *p.hands()).unwrap_or_else(|| panic!());
        for l in &ls {
            for d in Direction::ALL {
                let i = d.index();
                assert_eq!(l[i].len(), truth[i].len());
                if !view.hands[i].is_empty() {
                    assert_eq!(l[i], view.hands[i]);
                }
                for s in Suit::ALL {
                    if sh.void[i][s.index()] {
                        assert!(l[i].of_suit(s).is_empty());
                    }
                }
            }
            let all = l.iter().fold(CardSet::EMPTY, |a, h| a | *h);
            assert_eq!(all.len(), truth.iter().map(|h| h.len()).sum::<usize>());
        }
        let mut solver = Solver::with_memory(4 << 20);
        let (card, avg) = best_card(&view, &ls, &mut solver).unwrap_or_else(|| panic!("a card"));
        assert!(game.legal_actions().contains(&Action::Play(card)));
        assert!(avg <= 13.0);
    }
}
