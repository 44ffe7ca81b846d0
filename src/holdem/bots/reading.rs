//! Hand reading: the range each player holds given what they did, action
//! by action. Before the flop a range is a weight per class (opens are
//! the top share of hands a player of that kind opens from that seat,
//! calls the slice below their re-raises, shoves the equilibrium's or
//! the share they are seen to shove); after it, a weight per two-card
//! hand, each bet, check, call and raise weighing the hands by how likely
//! that player is to act so with them (their value bets at the top of
//! their range, their bluffs at the bottom, in the proportions their
//! counts give).

use super::chart::{self, Weights};
use super::classes::{CLASSES, Class, combo};
use super::model::Counts;
use super::odds::Combos;
use super::pushfold::{self, Spot};
use super::situation::{Acted, Situation, preflop_order};
use super::strength::Scores;
use crate::cards::CardSet;
use crate::game::Seat;
use crate::holdem::action::Move;
use crate::holdem::seats::MAX_SEATS;

/// The least a hand keeps of its weight after an action it would rarely
/// take (nobody's play is that sure).
const RARELY: f32 = 0.06;

/// The part of `range` between the quantiles `from` and `to` of its own
/// weight (strongest at 0, by the chart's order), with soft edges.
pub fn portion(range: &Weights, from: f64, to: f64) -> Weights {
    let total: f64 = Class::all()
        .map(|c| range[c.index()] * c.combos() as f64)
        .sum();
    let mut out = [0.0; CLASSES];
    if total <= 0.0 {
        return out;
    }
    let mut start: f64 = 0.0;
    for &c in chart::strongest_first() {
        let mass = range[c.index()] * c.combos() as f64 / total;
        if mass <= 0.0 {
            continue;
        }
        let end = start + mass;
        let inside = (end.min(to) - start.max(from)).max(0.0);
        out[c.index()] = range[c.index()] * inside / mass;
        start = end;
    }
    out
}

/// Typical shares for the reads of players nobody has seen.
mod typical {
    /// Re-raises of one raise: heads-up, at a full table.
    pub const THREE_BET: [f64; 2] = [0.12, 0.05];
    /// The share of bluffs among them: heads-up, at a full table.
    pub const THREE_BET_BLUFFS: [f64; 2] = [0.35, 0.15];
    /// Calls of one raise from the big blind heads-up, from the big blind
    /// at a table, elsewhere.
    pub const CALL_OPEN: [f64; 3] = [0.55, 0.3, 0.1];
    /// Raises over limpers.
    pub const ISOLATE: f64 = 0.15;
}

/// Reads the ranges of a hand from one seat's situation.
#[derive(Debug)]
pub struct Reader<'a> {
    sit: &'a Situation<'a>,
    counts: [Counts; MAX_SEATS],
    after_flop: bool,
}

impl<'a> Reader<'a> {
    /// A reader of `sit` taking each seat to act as `counts` says, and
    /// reading what they do after the flop when `after_flop`.
    pub fn new(
        sit: &'a Situation<'a>,
        counts: [Counts; MAX_SEATS],
        after_flop: bool,
    ) -> Reader<'a> {
        Reader {
            sit,
            counts,
            after_flop,
        }
    }

    /// What the bot reads of `seat`.
    pub fn counts(&self, seat: Seat) -> &Counts {
        &self.counts[seat]
    }

    /// The chips `seat` had for the hand after the antes, in big blinds.
    fn chips(&self, seat: Seat) -> f64 {
        self.sit
            .in_bb(self.sit.state.stacks()[seat] + self.sit.state.contributed()[seat])
            - self.sit.antes() / self.sit.state.players().len().max(1) as f64
    }

    /// The range `seat` holds before the flop given its actions there.
    pub fn preflop(&self, seat: Seat) -> Weights {
        let state = self.sit.state;
        let order = preflop_order(state);
        let heads_up = self.sit.heads_up_table();
        let mut range = chart::ANY;
        let (mut raises, mut limpers) = (0usize, 0usize);
        let mut opener: Option<Seat> = None;
        let mut shoved = false;
        let mut folded = [false; MAX_SEATS];
        let mut acted = [false; MAX_SEATS];
        let c = &self.counts[seat];
        for a in self.sit.preflop() {
            if a.seat == seat {
                range = self.preflop_action(
                    range,
                    a,
                    &order,
                    raises,
                    limpers,
                    opener,
                    shoved,
                    acted[seat],
                    &folded,
                    c,
                    heads_up,
                );
            }
            acted[a.seat] = true;
            match a.action {
                Move::Bet(_) | Move::Raise(_) => {
                    raises += 1;
                    opener.get_or_insert(a.seat);
                    shoved |= a.all_in;
                }
                Move::Call(_) if raises == 0 => limpers += 1,
                Move::Fold => folded[a.seat] = true,
                _ => {}
            }
        }
        range
    }

    /// The range after one preflop action of its player.
    #[allow(clippy::too_many_arguments)]
    fn preflop_action(
        &self,
        range: Weights,
        a: &Acted,
        order: &[Seat],
        raises: usize,
        limpers: usize,
        opener: Option<Seat>,
        shoved: bool,
        acted_before: bool,
        folded: &[bool; MAX_SEATS],
        c: &Counts,
        heads_up: bool,
    ) -> Weights {
        let s = a.seat;
        let raise = a.aggressive();
        let call = matches!(a.action, Move::Call(_));
        if raises == 0 && limpers == 0 && !acted_before {
            let at = order.iter().position(|&x| x == s).unwrap_or(0);
            let behind: Vec<Seat> = order[at + 1..]
                .iter()
                .copied()
                .filter(|&x| !folded[x])
                .collect();
            if behind.is_empty() {
                return range;
            }
            let deepest = behind.iter().map(|&x| self.chips(x)).fold(0.0, f64::max);
            let depth = self.chips(s).min(deepest);
            let typical_open = chart::open_share(behind.len(), heads_up);
            let open = c.open_share(typical_open);
            if raise && a.all_in && depth <= 20.0 {
                let spot = Spot {
                    behind: behind.len(),
                    depth,
                    antes: self.sit.antes(),
                };
                let table = pushfold::shoves(spot);
                return match c.shoves_unlike(table.share()) {
                    Some(share) => chart::top_range(share),
                    None => table.mix(),
                };
            }
            if raise {
                return chart::top_range(open);
            }
            if call {
                return chart::slice(open.min(0.9), (open + c.limp_share()).min(1.0));
            }
            return range;
        }
        if raises == 0 {
            // Limpers before: a raise isolates, a call or a check is
            // what is left.
            return if raise {
                portion(&range, 0.0, typical::ISOLATE)
            } else {
                portion(&range, typical::ISOLATE, 1.0)
            };
        }
        if opener == Some(s) && raises >= 2 {
            // Their raise was re-raised.
            let go_on = 1.0 - c.fold_three_bet();
            let four = 0.35 * go_on;
            return if raise {
                portion(&range, 0.0, four)
            } else {
                portion(&range, four, go_on)
            };
        }
        if shoved {
            let share = c.call_shove(0.3);
            return portion(&range, 0.0, share);
        }
        match raises {
            1 if !acted_before || call || raise => {
                let bb = self.sit.state.blind_seats().1;
                let three = c.three_bet(typical::THREE_BET[usize::from(!heads_up)]);
                let typical_call = if heads_up {
                    typical::CALL_OPEN[0]
                } else if s == bb {
                    typical::CALL_OPEN[1]
                } else {
                    typical::CALL_OPEN[2]
                };
                let calls = c.call_open(typical_call);
                // Re-raises are polarised: the best hands, and bluffs
                // from just below the calls.
                let value = three * (1.0 - typical::THREE_BET_BLUFFS[usize::from(!heads_up)]);
                let calls_end = (value + calls).min(1.0);
                if raise {
                    let mut w = portion(&range, 0.0, value);
                    let bluffs = portion(&range, calls_end, (calls_end + three - value).min(1.0));
                    for (x, b) in w.iter_mut().zip(bluffs) {
                        *x += b;
                    }
                    w
                } else {
                    portion(&range, value, calls_end)
                }
            }
            2 => {
                if raise {
                    portion(&range, 0.0, 0.03)
                } else {
                    portion(&range, 0.0, 0.08)
                }
            }
            _ => {
                if raise {
                    portion(&range, 0.0, 0.4)
                } else {
                    portion(&range, 0.0, 0.7)
                }
            }
        }
    }

    /// The range `seat` holds now, hand by hand: the preflop range spread
    /// over its hands (none using a card the bot can see), then each
    /// action after the flop weighed in. `scores` are the scores of the
    /// flop, turn and river boards so far.
    pub fn range(&self, seat: Seat, scores: &[Scores]) -> Combos {
        let classes = self.preflop(seat);
        let mut seen: CardSet = self.sit.board().iter().copied().collect();
        if seat != self.sit.me {
            seen.insert(self.sit.hole[0]);
            seen.insert(self.sit.hole[1]);
        }
        let mut r = Combos::empty();
        for (i, &[a, b]) in combo::all().iter().enumerate() {
            r.w[i] = classes[Class::of([a, b]).index()] as f32;
        }
        let mut r = r.without(seen);
        let c = &self.counts[seat];
        let aggressor = self.sit.preflop_aggressor();
        let heads_up = self.sit.heads_up_table();
        let streets = if self.after_flop {
            self.sit.streets.len()
        } else {
            1
        };
        for (k, street) in self.sit.streets.iter().enumerate().take(streets).skip(1) {
            let Some(scores) = scores.get(k - 1) else {
                break;
            };
            let mut bets = 0;
            for a in street {
                if a.seat == seat {
                    weigh(
                        &mut r,
                        scores,
                        a,
                        bets,
                        k,
                        aggressor == Some(seat),
                        c,
                        heads_up,
                    );
                }
                if a.aggressive() {
                    bets += 1;
                }
            }
        }
        r
    }
}

/// Each hand's place in `range` by strength on the board: the weight
/// stronger than it plus half its own, over the whole (0: the strongest).
pub fn quantiles(range: &Combos, scores: &Scores) -> Vec<f32> {
    let total: f32 = scores.order.iter().map(|&i| range.w[i as usize]).sum();
    let mut q = vec![1.0f32; combo::COUNT];
    if total <= 0.0 {
        return q;
    }
    let mut acc = 0.0;
    for &i in &scores.order {
        let w = range.w[i as usize];
        q[i as usize] = (acc + w / 2.0) / total;
        acc += w;
    }
    q
}

/// How likely a hand at quantile `q` is to bet when a player bets `f` of
/// the time, bluffing `bluffs` of their bets from the bottom of the range.
fn bets(q: f32, f: f32, bluffs: f32) -> f32 {
    let value = f * (1.0 - bluffs);
    let bluff = f * bluffs;
    let ramp = |x: f32| (x / 0.05).clamp(0.0, 1.0);
    let p = ramp(value - q).max(ramp(q - (1.0 - bluff)));
    RARELY.max(p)
}

/// Weighs `seat`'s hands by an action after the flop (street `k`, with
/// `before` bets or raises on the street already).
#[allow(clippy::too_many_arguments)]
fn weigh(
    r: &mut Combos,
    scores: &Scores,
    a: &Acted,
    before: usize,
    k: usize,
    raised_preflop: bool,
    c: &Counts,
    heads_up: bool,
) {
    let q = quantiles(r, scores);
    let river = k == 3;
    // Bets bluff more before the river (draws) and heads-up (wider
    // ranges) than at a full table.
    let bluffs =
        (c.bluffs() * if river { 1.0 } else { 1.2 } * if heads_up { 1.0 } else { 0.7 }) as f32;
    let first = before == 0;
    let bet_rate = if first && k == 1 && raised_preflop {
        c.cbet()
    } else {
        c.bet()
    } as f32;
    for &i in &scores.order {
        let i = i as usize;
        if r.w[i] <= 0.0 {
            continue;
        }
        let x = q[i];
        let p = match a.action {
            Move::Bet(_) | Move::Raise(_) if first => {
                let b = if a.all_in { bluffs * 0.7 } else { bluffs };
                bets(x, bet_rate, b)
            }
            Move::Bet(_) | Move::Raise(_) => {
                let b = if a.all_in { bluffs * 0.5 } else { bluffs * 0.7 };
                bets(x, c.raise_bet() as f32, b)
            }
            Move::Check => 1.0 - 0.85 * bets(x, bet_rate, bluffs),
            Move::Call(_) => {
                let fold = if k == 1 && before == 1 && !raised_preflop {
                    c.fold_cbet()
                } else {
                    c.fold_bet()
                } as f32;
                let keep = if x <= 1.0 - fold { 1.0 } else { RARELY };
                // Some of the strongest raise instead.
                if x < c.raise_bet() as f32 * 0.5 {
                    keep * 0.5
                } else {
                    keep
                }
            }
            Move::Fold => 0.0,
        };
        r.w[i] *= p;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::game::Game;
    use crate::holdem::action::{Action, Blinds};
    use crate::holdem::table::{Table, stacked_deck};

    fn class(s: &str) -> Class {
        s.parse().expect("class")
    }

    #[test]
    fn portions_split_a_range_by_its_own_weight() {
        let open = chart::top_range(0.5);
        let top = portion(&open, 0.0, 0.2);
        assert!((chart::share(&top) - 0.1).abs() < 1e-9);
        let rest = portion(&open, 0.2, 1.0);
        assert!((chart::share(&rest) - 0.4).abs() < 1e-9);
        assert_eq!(portion(&[0.0; CLASSES], 0.0, 1.0), [0.0; CLASSES]);
    }

    /// A heads-up hand at 100 bb: the button opens, the big blind is to act.
    fn opened() -> Table {
        let deck = stacked_deck(&parse_cards("2c 7d Ah Kh 9s 8s 3c 4d 5h").expect("cards"));
        let (mut t, _) =
            Table::new(&[1000, 1000], 1, Blinds { small: 5, big: 10 }, &deck).expect("hand");
        t.apply(Action::RaiseTo(25)).expect("open");
        t
    }

    #[test]
    fn an_open_reads_as_the_top_of_the_hands() {
        let t = opened();
        let view = t.view(0);
        let sit = Situation::of(&view).expect("the big blind acts");
        let reader = Reader::new(&sit, [Counts::default(); MAX_SEATS], true);
        let open = reader.preflop(1);
        assert!((chart::share(&open) - 0.82).abs() < 0.01);
        assert_eq!(open[class("AA").index()], 1.0);
        // A player seen to open only strong hands reads narrower.
        let tight = Counts {
            open_spots: 40,
            open_expected: 40.0 * 0.82,
            opens: 8,
            ..Counts::default()
        };
        let mut counts = [Counts::default(); MAX_SEATS];
        counts[1] = tight;
        let narrow = Reader::new(&sit, counts, true).preflop(1);
        assert!(chart::share(&narrow) < 0.3, "{}", chart::share(&narrow));
    }

    #[test]
    fn bets_after_the_flop_weigh_toward_strong_hands() {
        let mut t = opened();
        t.apply(Action::Call).expect("call");
        // Flop 9s 8s 3c: the big blind checks, the button bets.
        t.apply(Action::Check).expect("check");
        t.apply(Action::RaiseTo(30)).expect("bet");
        let view = t.view(0);
        let sit = Situation::of(&view).expect("the big blind acts");
        let reader = Reader::new(&sit, [Counts::default(); MAX_SEATS], true);
        let scores = [Scores::on(sit.board())];
        let bettor = reader.range(1, &scores);
        let unread = reader.range(1, &[]);
        // The share of the range in hands scoring 0.9 or more (sets, two
        // pair, strong draws) grows with the bet.
        let strong = |r: &Combos| {
            let total: f32 = r.w.iter().sum();
            let top: f32 = (0..combo::COUNT)
                .filter(|&i| scores[0].score[i] >= 0.9)
                .map(|i| r.w[i])
                .sum();
            top / total
        };
        assert!(
            strong(&bettor) > 1.3 * strong(&unread),
            "{} {}",
            strong(&bettor),
            strong(&unread)
        );
        // The big blind checked: its strongest hands are rarer.
        let checker = reader.range(0, &scores);
        assert!(strong(&checker) < strong(&bettor));
        // Nobody holds the bot's own cards.
        let v = parse_cards("2c 7d").expect("cards");
        assert_eq!(bettor.w[combo::index(v[0], v[1])], 0.0);
    }
}
