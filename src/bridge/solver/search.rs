//! The search: null-window alpha-beta on "do North-South take at least
//! `target` of the tricks left?", trick by trick, fail-soft (an answer
//! above the window is a lower bound, below it an upper bound).
//!
//! Every answer also returns the cards whose *ranks* it relied on (a
//! card that won a trick against another card of its suit, the cards a
//! quick-trick count used, the patterns of the table entries it used). At
//! a trick boundary the answer is stored in the transposition table for
//! every position that agrees on those cards (see [`super::tt`]), and a
//! card whose answer relied on no rank at or below its own makes the
//! moving hand's lower cards of that suit not worth trying.

use super::bounds::{highest, lane, lead_loses, quick_tricks, second_hand_wins, sure_trump_tricks};
use super::node::{Bit, Cuts, Frame, Search, beats, shape_of};
use super::order::Moves;
use super::ranks::{relative, select13, update_relative};
use super::tt::{NO_MOVE, Tt, meta};

/// The absolute cards at the lowest place of each suit of a pattern's
/// relative `cards`, among the cards `all`.
#[inline]
fn pattern_floor(cards: u64, all: u64) -> u64 {
    let mut out = 0;
    for s in 0..4 {
        let c = lane(cards, s);
        if c != 0 {
            out |= select13(lane(all, s), c.trailing_zeros()) << (16 * s);
        }
    }
    out
}

impl<'t> Search<'t> {
    /// A searcher for `hands` with trump index `trump`.
    pub fn new(hands: [u64; 4], trump: usize, tt: &'t mut Tt, cuts: &'t mut Cuts) -> Search<'t> {
        Search {
            hands,
            trump,
            shape: shape_of(&hands),
            tt,
            cuts,
            nodes: 0,
            frames: [Frame::default(); 14],
            cut_lead: [NO_MOVE; 14],
        }
    }

    /// The seat to play at place `k` of the trick with `n` tricks left.
    #[inline]
    pub fn seat(&self, n: usize, k: usize) -> usize {
        (self.frames[n].leader + k) & 3
    }

    #[inline]
    fn make(&mut self, seat: usize, c: Bit) {
        self.hands[seat] ^= 1 << c;
        self.shape -= 1 << (4 * (seat * 4 + usize::from(c >> 4)));
    }

    #[inline]
    fn unmake(&mut self, seat: usize, c: Bit) {
        self.hands[seat] |= 1 << c;
        self.shape += 1 << (4 * (seat * 4 + usize::from(c >> 4)));
    }

    /// North-South's tricks of the `n` left, with `leader` on lead at a
    /// trick boundary, against `target` (fail-soft), and the cards relied
    /// on.
    pub fn boundary(&mut self, n: usize, leader: usize, target: u8) -> (u8, u64) {
        if target == 0 {
            return (0, 0);
        }
        if usize::from(target) > n {
            return (n as u8, 0);
        }
        self.nodes += 1;
        let all = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3];
        if n == 1 {
            return self.last_trick(leader);
        }
        let rel = match self.frames.get(n + 1).and_then(|f| f.rel) {
            Some(mut rel) => {
                // Only the suits of the last trick changed.
                let mut suits = 0u8;
                for c in self.frames[n + 1].cards {
                    suits |= 1 << (c >> 4);
                }
                update_relative(&mut rel, &self.hands, all, suits);
                rel
            }
            None => relative(&self.hands, all),
        };
        let m = meta(leader, self.trump);
        let (hit, hint) = self.tt.lookup(self.shape, m, &rel, target);
        if let Some(h) = hit {
            return (h.value, pattern_floor(h.cards, all));
        }
        let ns_leads = leader & 1 == 0;
        let n8 = n as u8;
        // What the leader's side is sure of, then the other side.
        // Enough to decide the question.
        let enough = if ns_leads { target } else { n8 + 1 - target };
        let (q, q_relied) = quick_tricks(&self.hands, self.trump, leader, all, enough);
        let (t, t_relied) = sure_trump_tricks(&self.hands, self.trump, leader, all);
        let (mine, mine_relied) = if q >= t { (q, q_relied) } else { (t, t_relied) };
        if ns_leads && mine >= target {
            return (mine, mine_relied);
        }
        if !ns_leads && n8 - mine < target {
            return (n8 - mine, mine_relied);
        }
        let (mut theirs, mut theirs_relied) =
            sure_trump_tricks(&self.hands, self.trump, leader ^ 1, all);
        let (lost, lost_relied) = lead_loses(&self.hands, self.trump, leader, all);
        if lost > theirs {
            theirs = lost;
            theirs_relied = lost_relied;
        }
        if ns_leads && n8 - theirs < target {
            return (n8 - theirs, theirs_relied);
        }
        if !ns_leads && theirs >= target {
            return (theirs, theirs_relied);
        }
        self.frames[n] = Frame {
            leader,
            all,
            cards: [0; 4],
            winning: 0,
            rel: Some(rel),
        };
        self.cut_lead[n] = NO_MOVE;
        let (value, relied) = self.play(n, 0, target, hint);
        let (pattern, up) = self.pattern(&rel, all, relied);
        let (lo, hi) = if value >= target {
            (value, n8)
        } else {
            (0, value)
        };
        let best = self.best_lead(n, all);
        self.tt.store(self.shape, m, n8, pattern, lo, hi, best);
        (value, up)
    }

    /// The killer lead at `n`, as a table move (suit * 16 + relative rank).
    fn best_lead(&self, n: usize, all: u64) -> u8 {
        let c = self.cut_lead[n];
        if c == NO_MOVE {
            return NO_MOVE;
        }
        let s = usize::from(c >> 4);
        let below = lane(all, s) & ((1 << (c & 15)) - 1);
        (s as u8) << 4 | below.count_ones() as u8
    }

    /// The pattern to store for the relied-on cards `relied`, and the
    /// relied-on cards to pass up. In each suit the pattern holds the owners
    /// of the cards from the top down to the lowest relied card, and on down
    /// through the cards touching it in the same hand (the search treated
    /// them as one); but not the suit's lowest cards when they all belong
    /// to one hand, as the shape already says whose they are.
    fn pattern(&self, rel: &[u64; 4], all: u64, relied: u64) -> ([u64; 4], u64) {
        let mut mask = 0u64;
        let mut up = 0u64;
        for s in 0..4 {
            let r = lane(relied, s);
            if r == 0 {
                continue;
            }
            let a = lane(all, s);
            let owner_of = |card: u64| {
                (0..4)
                    .find(|&h| lane(self.hands[h], s) & card != 0)
                    .unwrap_or(0)
            };
            let mut low = r & r.wrapping_neg();
            let held = lane(self.hands[owner_of(low)], s);
            // Down through the owner's touching cards.
            loop {
                let below = a & (low - 1);
                if below == 0 {
                    break;
                }
                let next = highest(below);
                if held & next == 0 {
                    break;
                }
                low = next;
            }
            // Up past the suit's bottom run when the floor lies in it.
            let bottom = a & a.wrapping_neg();
            let bottom_held = lane(self.hands[owner_of(bottom)], s);
            let mut t = bottom;
            loop {
                let above = a & !((t << 1) - 1);
                if above == 0 {
                    break;
                }
                let next = above & above.wrapping_neg();
                if bottom_held & next == 0 {
                    break;
                }
                t = next;
            }
            if low <= t {
                let above = a & !((t << 1) - 1);
                if above == 0 {
                    continue;
                }
                low = above & above.wrapping_neg();
            }
            up |= ((r & !(low - 1)) | low) << (16 * s);
            let from = (a & (low - 1)).count_ones();
            let len = a.count_ones();
            mask |= (((1u64 << len) - 1) & !((1u64 << from) - 1)) << (16 * s);
        }
        (rel.map(|r| r & mask), up)
    }

    /// The last trick: every seat has one card.
    fn last_trick(&self, leader: usize) -> (u8, u64) {
        let mut win = leader;
        let mut wc = self.hands[leader].trailing_zeros() as Bit;
        for k in 1..4 {
            let seat = (leader + k) & 3;
            let c = self.hands[seat].trailing_zeros() as Bit;
            if beats(c, wc, self.trump) {
                win = seat;
                wc = c;
            }
        }
        // The winner relied on its rank if it beat another card of its suit.
        let suit = usize::from(wc >> 4);
        let same = self.hands.iter().filter(|&&h| lane(h, suit) != 0).count();
        let relied = if same >= 2 { 1u64 << wc } else { 0 };
        (u8::from(win & 1 == 0), relied)
    }

    /// North-South's tricks of the `n` left (the trick in progress
    /// included) with the card at place `k` of the trick to play.
    pub fn play(&mut self, n: usize, k: usize, target: u8, hint: u8) -> (u8, u64) {
        let seat = self.seat(n, k);
        let max = seat & 1 == 0;
        // The second hand's side sure of this trick may be all it needs.
        if k == 1
            && (if max {
                target <= 1
            } else {
                usize::from(target) == n
            })
            && let Some(relied) =
                second_hand_wins(&self.hands, self.trump, seat, self.frames[n].cards[0])
        {
            return if max {
                (1, relied)
            } else {
                (n as u8 - 1, relied)
            };
        }
        let mut best = if max { 0 } else { n as u8 };
        let mut relied_all = 0u64;
        // Per suit, the lowest rank still worth trying (16: none).
        let mut floor = [0u8; 4];
        let cut_key = Cuts::key(self, n, k, seat);
        let moves = Moves::generate(self, n, k, seat, hint, self.cuts.get(cut_key));
        for &c in moves.as_slice() {
            let s = usize::from(c >> 4);
            if (c & 15) < floor[s] {
                continue;
            }
            let (value, relied) = self.try_card(n, k, seat, c, target);
            if max {
                best = best.max(value);
                if best >= target {
                    if k == 0 {
                        self.cut_lead[n] = c;
                    }
                    self.cuts.put(cut_key, c);
                    return (best, relied);
                }
            } else {
                best = best.min(value);
                if best < target {
                    if k == 0 {
                        self.cut_lead[n] = c;
                    }
                    self.cuts.put(cut_key, c);
                    return (best, relied);
                }
            }
            relied_all |= relied;
            // Lower cards of this suit cannot do better when no rank of
            // the suit at or below this card mattered.
            let r = lane(relied, s);
            if r == 0 {
                floor[s] = 16;
            } else {
                let low = r.trailing_zeros() as u8;
                if (c & 15) < low {
                    floor[s] = floor[s].max(low);
                }
            }
        }
        (best, relied_all)
    }

    /// Plays `c` for `seat` at place `k` and searches on.
    #[inline]
    fn try_card(&mut self, n: usize, k: usize, seat: usize, c: Bit, target: u8) -> (u8, u64) {
        let prev_winning = self.frames[n].winning;
        {
            let f = &mut self.frames[n];
            f.cards[k] = c;
            if k > 0 && beats(c, f.cards[f.winning], self.trump) {
                f.winning = k;
            }
        }
        self.make(seat, c);
        let out = if k < 3 {
            self.play(n, k + 1, target, NO_MOVE)
        } else {
            let f = self.frames[n];
            let wc = f.cards[f.winning];
            let winner = (f.leader + f.winning) & 3;
            let ns = u8::from(winner & 1 == 0);
            let same_suit = f.cards.iter().filter(|&&x| x >> 4 == wc >> 4).count();
            let trick_relied = if same_suit >= 2 { 1u64 << wc } else { 0 };
            let (v, r) = self.boundary(n - 1, winner, target - ns.min(target));
            (v + ns, r | trick_relied)
        };
        self.unmake(seat, c);
        self.frames[n].winning = prev_winning;
        out
    }
}
