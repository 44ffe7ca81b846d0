//! Tricks a side is sure of at a trick boundary, without searching: the
//! leader's quick tricks and each side's sure trump tricks.
//!
//! Each bound comes with the cards it relies on (absolute cards, at most
//! one a suit: every card of that suit from the top down to it must belong
//! to the seat it belongs to now); the suit lengths it relies on are part
//! of every position's key anyway.

use super::ranks::LANE;

/// The cards of suit `s` in the word `x`, as a 13-bit mask.
#[inline]
pub fn lane(x: u64, s: usize) -> u64 {
    (x >> (16 * s)) & LANE
}

/// The highest set bit of a non-zero mask.
#[inline]
pub fn highest(x: u64) -> u64 {
    1 << (63 - x.leading_zeros())
}

/// How many cards of `all` (one suit) from the top down belong to `mine`,
/// and the lowest of them (0 when none).
#[inline]
pub fn top_run(mine: u64, all: u64) -> (u32, u64) {
    // The cards of `all` above the highest card not in `mine`.
    let others = all & !mine;
    let run = if others == 0 {
        all
    } else {
        all & !((highest(others) << 1) - 1)
    };
    (run.count_ones(), run & run.wrapping_neg())
}

/// One hand's quick tricks in one suit when it is on lead.
#[derive(Clone, Copy, Default)]
struct SuitCash {
    /// Tricks.
    tricks: u32,
    /// The hand's cards the count uses as winners.
    winners: u32,
    /// The lowest master that beats someone's card (0: none).
    relied: u64,
}

/// The tricks `hand` cashes in suit `s` when on lead, whatever the others
/// play: its run of top cards (all its own), the whole suit when nobody
/// else can follow after the run, and in a suit contract a plain suit only
/// while each opponent holding trumps still follows.
fn suit_cash(hands: &[u64; 4], trump: usize, hand: usize, s: usize, all: u64) -> SuitCash {
    let m = lane(hands[hand], s);
    if m == 0 {
        return SuitCash::default();
    }
    let a = lane(all, s);
    let (k, _) = top_run(m, a);
    let opps = [hands[(hand + 1) & 3], hands[(hand + 3) & 3]];
    let longest_other = lane(opps[0], s)
        .count_ones()
        .max(lane(opps[1], s).count_ones())
        .max(lane(hands[hand ^ 2], s).count_ones());
    // Rounds before an opponent with trumps runs out and ruffs.
    let mut cap = u32::MAX;
    if trump < 4 && s != trump {
        for &o in &opps {
            if lane(o, trump) != 0 {
                cap = cap.min(lane(o, s).count_ones());
            }
        }
    }
    let mut tricks = k.min(cap);
    if tricks == k && cap == u32::MAX && longest_other <= k {
        // Everyone else is out of the suit after the run: the rest of the
        // hand's cards in it win too.
        tricks = m.count_ones();
    }
    // The masters that beat someone's card: one round per card the longest
    // other holding has.
    let ranked = tricks.min(k).min(longest_other);
    let mut relied = 0;
    if ranked > 0 {
        let mut x = a;
        for _ in 1..ranked {
            x &= !highest(x);
        }
        relied = highest(x) << (16 * s);
    }
    SuitCash {
        tricks,
        winners: tricks,
        relied,
    }
}

/// Adds suits' counts until `enough`: the total and the cards relied on.
fn take(cash: &[SuitCash; 4], suits: impl Iterator<Item = usize>, enough: u32) -> (u32, u64) {
    let mut total = 0;
    let mut relied = 0;
    for s in suits {
        if total >= enough {
            break;
        }
        if cash[s].tricks > 0 {
            total += cash[s].tricks;
            relied |= cash[s].relied;
        }
    }
    (total, relied)
}

/// The tricks the leader's side can cash at once, whatever the others
/// play (counting stops at `enough`): the leader's own winners; or,
/// given a low card to reach partner's master, partner's winners; or the
/// leader's winners first and partner's after, when partner can follow or
/// discard through the leader's run without giving up a winner. Returns
/// the count and the cards relied on (in each suit used, the lowest
/// master that still had to beat someone else's card).
pub fn quick_tricks(
    hands: &[u64; 4],
    trump: usize,
    leader: usize,
    all: u64,
    enough: u8,
) -> (u8, u64) {
    let enough = u32::from(enough);
    let partner = leader ^ 2;
    let mine: [SuitCash; 4] = std::array::from_fn(|s| suit_cash(hands, trump, leader, s, all));
    let alone = take(&mine, 0..4, enough);
    if alone.0 >= enough {
        return (alone.0 as u8, alone.1);
    }
    let theirs: [SuitCash; 4] = std::array::from_fn(|s| suit_cash(hands, trump, partner, s, all));
    // A way to partner: a suit where partner cashes and the leader has a
    // card to lead.
    let Some(entry) = (0..4).find(|&s| theirs[s].tricks > 0 && lane(hands[leader], s) != 0) else {
        return (alone.0 as u8, alone.1);
    };
    let partner_first = std::iter::once(entry).chain((0..4).filter(move |&s| s != entry));
    let cross = take(&theirs, partner_first.clone(), enough);
    let mut best = if cross.0 > alone.0 { cross } else { alone };
    if best.0 < enough {
        // The leader cashes first, partner following or discarding cards
        // it does not count on.
        let rounds: u32 = mine.iter().map(|c| c.tricks).sum();
        let kept: u32 = theirs.iter().map(|c| c.winners).sum();
        let spare = hands[partner].count_ones() - kept;
        if rounds > 0 && rounds <= spare {
            let (t1, r1) = take(&mine, 0..4, enough);
            let (t2, r2) = take(&theirs, partner_first, enough.saturating_sub(t1));
            if t1 + t2 > best.0 {
                best = (t1 + t2, r1 | r2);
            }
        }
    }
    (best.0 as u8, best.1)
}

/// Trump tricks the side of `seat` is sure of: when the other side has
/// no trumps, every trump of the side's longer trump holding; otherwise
/// the side's run of top trumps (held by either partner) wins a trick with
/// every card of it one hand holds, since each falls in a different trick
/// and only a higher card of the same run can beat it.
pub fn sure_trump_tricks(hands: &[u64; 4], trump: usize, seat: usize, all: u64) -> (u8, u64) {
    if trump >= 4 {
        return (0, 0);
    }
    let a = lane(hands[seat], trump);
    let b = lane(hands[seat ^ 2], trump);
    let theirs = lane(hands[seat ^ 1] | hands[seat ^ 3], trump);
    if theirs == 0 {
        return (a.count_ones().max(b.count_ones()) as u8, 0);
    }
    let (k, low) = top_run(a | b, lane(all, trump));
    if k == 0 {
        return (0, 0);
    }
    let run = lane(all, trump) & !(low - 1);
    let tricks = (a & run).count_ones().max((b & run).count_ones());
    (tricks as u8, low << (16 * trump))
}

/// Tricks the leader's opponents are sure of because of the lead: when in
/// every suit the leader holds an opponent holds the master (and the
/// leader's partner cannot ruff it), the opponents win this trick; when
/// one opponent holds all those masters and nobody on the leader's side
/// can ruff, it wins the trick and cashes the other masters too. Returns
/// the count and the masters relied on.
pub fn lead_loses(hands: &[u64; 4], trump: usize, leader: usize, all: u64) -> (u8, u64) {
    let mine = hands[leader];
    let partner = hands[leader ^ 2];
    let partner_trumps = trump < 4 && lane(partner, trump) != 0;
    let ours = mine | partner;
    let mut relied = 0;
    let mut suits = 0;
    let mut holders = 0u8;
    for s in 0..4 {
        if lane(mine, s) == 0 {
            continue;
        }
        let top = highest(lane(all, s));
        if lane(ours, s) & top != 0 {
            return (0, 0);
        }
        if partner_trumps && s != trump && lane(partner, s) == 0 {
            return (0, 0);
        }
        relied |= top << (16 * s);
        suits += 1;
        let lho = (leader + 1) & 3;
        holders |= if lane(hands[lho], s) & top != 0 { 1 } else { 2 };
    }
    if suits == 0 {
        return (0, 0);
    }
    let no_ruffs = trump >= 4 || lane(ours, trump) == 0;
    if no_ruffs && holders != 3 {
        (suits, relied)
    } else {
        (1, relied)
    }
}

/// At the second seat of a trick led with card bit `led`: whether the
/// side of the second hand `seat` surely wins this trick, and the card
/// relied on. It does when it or the fourth hand (its partner) can ruff
/// and the third hand cannot, or when one of them holds a card of the
/// suit led above the led card and the third hand's cards while the third
/// hand cannot ruff.
pub fn second_hand_wins(hands: &[u64; 4], trump: usize, seat: usize, led: u8) -> Option<u64> {
    let ls = usize::from(led >> 4);
    let third = (seat + 1) & 3;
    let partner = seat ^ 2;
    let plain = trump < 4 && ls != trump;
    let ruffs = |h: usize| plain && lane(hands[h], ls) == 0 && lane(hands[h], trump) != 0;
    if ruffs(third) {
        return None;
    }
    if ruffs(seat) || ruffs(partner) {
        return Some(0);
    }
    let ours = lane(hands[seat] | hands[partner], ls);
    if ours == 0 {
        return None;
    }
    let top = highest(ours);
    (top > 1 << (led & 15) && top > lane(hands[third], ls)).then_some(top << (16 * ls))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;

    fn hands(n: &str, e: &str, s: &str, w: &str) -> [u64; 4] {
        [n, e, s, w].map(|h| parse_hand(h).map(|c| c.bits()).unwrap_or(0))
    }

    fn all(h: &[u64; 4]) -> u64 {
        h[0] | h[1] | h[2] | h[3]
    }

    const NT: usize = 4;
    const SPADES: usize = 3;
    const HEARTS: usize = 2;

    #[test]
    fn top_run_counts_the_masters() {
        assert_eq!(top_run(0b1101, 0b1111), (2, 0b0100));
        assert_eq!(top_run(0b1100, 0b1110), (2, 0b0100));
        assert_eq!(top_run(0b0100, 0b1110), (0, 0));
    }

    #[test]
    fn quick_tricks_cash_masters_and_long_suits() {
        // North: AKQ of spades and the ace of hearts; nobody else has a
        // spade after three rounds.
        let h = hands("AKQ2.A2..", "J9.K3.2.", "T8.Q4.3.", "76.J5.4.");
        let (q, relied) = quick_tricks(&h, NT, 0, all(&h), 13);
        assert_eq!(q, 5);
        // Two rounds of spades beat someone's card (the others hold two at
        // most): the king is relied on, and the ace of hearts.
        assert_eq!(relied, 1 << (48 + 11) | 1 << (32 + 12));
        // Asked for fewer, it finds at least that many.
        assert!(quick_tricks(&h, NT, 0, all(&h), 2).0 >= 2);
    }

    #[test]
    fn a_ruffing_opponent_caps_a_plain_suit() {
        // Hearts trump: East has one spade and a trump.
        let h = hands("AKQ2...", "J.K..2", "T8..32.", "76.5.4.");
        let (q, _) = quick_tricks(&h, HEARTS, 0, all(&h), 13);
        assert_eq!(q, 1);
        // In spades (trumps), all four win.
        let (q, _) = quick_tricks(&h, SPADES, 0, all(&h), 13);
        assert_eq!(q, 4);
    }

    #[test]
    fn sure_trumps_count_the_longer_holding_of_the_top_run() {
        // Spades trump: North A Q, South K, East J.
        let h = hands("AQ...", "J...", "K...", "2...");
        assert_eq!(sure_trump_tricks(&h, SPADES, 0, all(&h)).0, 2);
        assert_eq!(sure_trump_tricks(&h, SPADES, 1, all(&h)).0, 0);
        assert_eq!(sure_trump_tricks(&h, NT, 0, all(&h)).0, 0);
    }

    #[test]
    fn a_lead_into_masters_loses() {
        let h = hands("Q.Q..", "A.A..", "2.2..", "3.3..");
        // East holds both masters: it wins the lead and cashes the other.
        assert_eq!(lead_loses(&h, NT, 0, all(&h)).0, 2);
        assert_eq!(lead_loses(&h, NT, 1, all(&h)).0, 0);
        let h = hands("Q.Q..", "A...2", "2.2..", "3.A..");
        assert_eq!(lead_loses(&h, NT, 0, all(&h)).0, 1);
    }
}
