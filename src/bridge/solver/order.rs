//! Move generation and ordering: the legal cards of the seat to play, one
//! card for each run of cards the search may treat as one, most promising
//! first.
//!
//! Two cards of a hand are equivalent when no card still out at the start
//! of the trick lies between them (cards played to the trick so far
//! count): whichever is played, the rest of the deal goes the same way.
//! The order tries first the lead the table remembers and the card that
//! last cut off at this depth, then cashing winners, leads to partner's
//! winners and ruffs, away from the opponents' ruffs; in the later seats,
//! the cheapest card that wins when partner is not already winning, else
//! the lowest.

use super::bounds::{highest, lane};
use super::node::{Bit, Search, beats};
use super::ranks::{LANE, select13};
use super::tt::NO_MOVE;

/// The moves of one node, in the order to try them.
#[derive(Debug)]
pub struct Moves {
    cards: [Bit; 13],
    len: usize,
}

impl Moves {
    /// The cards to try, best first.
    pub fn as_slice(&self) -> &[Bit] {
        &self.cards[..self.len]
    }

    /// The moves of `seat`, at place `k` of the trick with `n` tricks left
    /// in `search`; `hint` is the table's best lead (suit * 16 + relative
    /// rank) or [`NO_MOVE`].
    pub fn generate(
        search: &Search,
        n: usize,
        k: usize,
        seat: usize,
        hint: u8,
        cut: Option<Bit>,
    ) -> Moves {
        let f = &search.frames[n];
        let hand = search.hands[seat];
        let led = usize::from(f.cards[0] >> 4);
        let follow = k > 0 && lane(hand, led) != 0;
        let mut scored = [(0i32, 0 as Bit); 13];
        let mut len = 0;
        let hint_card = if k == 0 && hint != NO_MOVE {
            let s = usize::from(hint >> 4);
            let c = select13(lane(f.all, s), u32::from(hint & 15));
            if c == 0 { 0 } else { c << (16 * s) }
        } else {
            0
        };
        for s in 0..4 {
            if follow && s != led {
                continue;
            }
            let h = lane(hand, s);
            if h == 0 {
                continue;
            }
            let a = lane(f.all, s);
            let view = SuitView::new(search, f.all, s);
            let mut e = h | (!a & LANE);
            while e != 0 {
                let low = e & e.wrapping_neg();
                let next = e + low;
                let run = e & !next;
                e &= next;
                let mine = h & run;
                if mine == 0 {
                    continue;
                }
                let c = (16 * s) as Bit + mine.trailing_zeros() as Bit;
                let run_cards = mine << (16 * s);
                let score = if k == 0 {
                    lead_score(search, n, seat, c, mine, &view)
                } else {
                    follow_score(search, n, k, seat, c, follow, &view)
                } + if hint_card & run_cards != 0 {
                    1 << 21
                } else if cut.is_some_and(|x| (1u64 << x) & run_cards != 0) {
                    1 << 20
                } else {
                    0
                };
                scored[len] = (score, c);
                len += 1;
            }
        }
        // Insertion sort, best first (few moves).
        for i in 1..len {
            let x = scored[i];
            let mut j = i;
            while j > 0 && scored[j - 1].0 < x.0 {
                scored[j] = scored[j - 1];
                j -= 1;
            }
            scored[j] = x;
        }
        let mut cards = [0; 13];
        for (out, &(_, c)) in cards.iter_mut().zip(&scored[..len]) {
            *out = c;
        }
        Moves { cards, len }
    }
}

/// What the scoring needs to know about one suit at the node.
struct SuitView {
    /// The cards of the suit still out (at the trick's start).
    all: u64,
    /// The seats holding its highest and second-highest card (4: none).
    top: usize,
    second: usize,
    third: usize,
}

impl SuitView {
    fn new(search: &Search, all: u64, s: usize) -> SuitView {
        let a = lane(all, s);
        let holder = |card: u64| {
            if card == 0 {
                return 4;
            }
            (0..4)
                .find(|&h| lane(search.hands[h], s) & card != 0)
                .unwrap_or(4)
        };
        let t = if a == 0 { 0 } else { highest(a) };
        let rest = a & !t;
        let sc = if rest == 0 { 0 } else { highest(rest) };
        let rest = rest & !sc;
        let th = if rest == 0 { 0 } else { highest(rest) };
        SuitView {
            all: a,
            top: holder(t),
            second: holder(sc),
            third: holder(th),
        }
    }

    /// The card's place among the suit's cards out, from the bottom.
    fn rel_rank(&self, c: Bit) -> i32 {
        (self.all & ((1 << (c & 15)) - 1)).count_ones() as i32
    }
}

/// How promising a lead of card `c` (from the run `mine`, lane bits) is:
/// suits that give the opponents few cards to choose from (a smaller
/// search), winners and finesses, ruffs for partner, away from the
/// opponents' ruffs and tenaces.
fn lead_score(search: &Search, n: usize, seat: usize, c: Bit, mine: u64, v: &SuitView) -> i32 {
    let t = search.trump;
    let h = &search.hands;
    let s = usize::from(c >> 4);
    let (lho, pd, rho) = ((seat + 1) & 3, seat ^ 2, (seat + 3) & 3);
    let len = |x: usize, suit: usize| lane(h[x], suit).count_ones() as i32;
    let rr = v.rel_rank(c);
    let trumps = t < 4 && s != t;
    let void_count = n as i32 + 1;
    let count = |x: usize| {
        if len(x, s) == 0 {
            void_count
        } else {
            len(x, s)
        }
    };
    let mut w = -((count(lho) + count(rho)) * 128) / 13;
    let ruffs = |x: usize| trumps && len(x, s) == 0 && len(x, t) > 0;
    let opp_ruff = ruffs(lho) || ruffs(rho);
    if opp_ruff {
        w -= 12;
    }
    if ruffs(pd) && len(rho, s) > 0 {
        w += 17;
    }
    if t >= 4 && len(pd, s) == 0 {
        w -= 9;
    }
    let sequence = (mine & (mine - 1)) != 0;
    let mine_top = v.top == seat && mine.trailing_zeros() <= 15 && {
        let tb = highest(v.all);
        mine & tb != 0
    };
    if mine_top || (v.top == pd && !ruffs(pd)) {
        // The side wins the trick unless it is ruffed.
        if v.second == rho && len(rho, s) != 1 {
            w -= 1;
        } else if v.second == lho {
            w += if len(lho, s) != 1 { 22 } else { 16 };
        }
        let safe = !opp_ruff;
        w += if mine_top {
            if v.second == pd {
                48 + rr
            } else {
                31 + if safe { 10 } else { 0 }
            }
        } else if v.second == seat {
            42 + rr
        } else {
            28 + rr
        };
    } else {
        if v.top == rho || v.second == rho {
            if len(rho, s) != 1 {
                w -= 12;
            }
        } else if v.top == lho && v.second == pd && len(pd, s) != 1 {
            w += 29;
        }
        if v.second == pd && v.third == pd {
            w += 30;
        } else if (v.second == seat && v.third == pd && len(pd, s) > 1)
            || (v.second == pd && v.third == seat && len(pd, s) > 1)
        {
            w += 20;
        }
        if trumps && len(seat, s) == 1 && len(seat, t) > 0 && len(pd, s) > 1 && v.top == pd {
            w += 19;
        }
        w += if (len(lho, s) == 1 && v.top == lho) || (len(rho, s) == 1 && v.top == rho) {
            28 + rr
        } else if v.top == seat {
            -17 + rr
        } else if sequence && v.second == seat {
            45
        } else if sequence {
            25 - rr
        } else {
            12 + rr
        };
    }
    w
}

/// How promising card `c` is for the seat at place `k` of the trick,
/// following suit (`follow`) or not.
fn follow_score(
    search: &Search,
    n: usize,
    k: usize,
    seat: usize,
    c: Bit,
    follow: bool,
    v: &SuitView,
) -> i32 {
    let f = &search.frames[n];
    let t = search.trump;
    let h = &search.hands;
    let wc = f.cards[f.winning];
    let winner = (f.leader + f.winning) & 3;
    let partner_wins = winner == seat ^ 2;
    let rank = i32::from(c & 15);
    let s = usize::from(c >> 4);
    let led = usize::from(f.cards[0] >> 4);
    let wins = beats(c, wc, t);
    // The next seat, an opponent, when one is still to play.
    let next = (seat + 1) & 3;
    // Can seat `x` still beat card `y`?
    let can_beat = |x: usize, y: Bit| {
        let same = lane(h[x], led);
        if same != 0 {
            usize::from(y >> 4) == led && highest(same) > 1 << (y & 15)
        } else if t < 4 && lane(h[x], t) != 0 {
            usize::from(y >> 4) != t || highest(lane(h[x], t)) > 1 << (y & 15)
        } else {
            false
        }
    };
    let safe = |y: Bit| k == 3 || !can_beat(next, y);
    if follow {
        let rr = v.rel_rank(c);
        if partner_wins && safe(wc) {
            // Partner has the trick: play low.
            return -rank;
        }
        if k == 1 {
            let pd = (seat + 2) & 3;
            if !can_beat(next, wc) && can_beat(pd, wc) && !can_beat(next, c) {
                // Partner, last to play, will win it anyway.
                return -rank;
            }
        }
        if wins {
            if safe(c) {
                // Wins for sure: as cheaply as possible.
                return 80 - rank;
            }
            // May force out a higher card.
            return if v.top != seat { 45 - rank } else { 30 + rr };
        }
        return -rank;
    }
    let held = lane(h[seat], s);
    if t < 4 && s == t {
        // A ruff.
        if partner_wins && safe(wc) {
            return -20 - rank;
        }
        if !wins {
            return -30 - rank;
        }
        if safe(c) {
            return 70 - rank;
        }
        return 40 + rank;
    }
    // A discard: from length, not from a guarded honour or a bare winner.
    let count = held.count_ones() as i32;
    let mut w = (count * 64) / 30 - rank;
    if count == 2 && v.second == seat {
        w -= 6;
    }
    if count == 1 && v.top == seat {
        w -= 8;
    }
    if partner_wins {
        w += 25;
    }
    w
}
