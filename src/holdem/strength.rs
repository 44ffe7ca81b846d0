//! Showdown strength of seven (or five or six) cards as one comparable
//! number: the table's single point of contact with hand ranking.

use crate::cards::{CardSet, Suit};

/// A hand's showdown value: higher wins, equal ties.
pub type Value = u32;

/// Category numbers, high card 0 … straight flush 8.
const STRAIGHT: u32 = 4;
const FLUSH: u32 = 5;
const STRAIGHT_FLUSH: u32 = 8;

/// The value of the best five of `cards`.
pub fn value(cards: CardSet) -> Value {
    let masks = Suit::ALL.map(|s| cards.suit_mask(s));
    for &m in &masks {
        if m.count_ones() >= 5 {
            return match straight_top(m) {
                Some(top) => pack(STRAIGHT_FLUSH, &[top]),
                None => pack(FLUSH, &top_ranks(m, 5)),
            };
        }
    }
    let mut counts = [0u8; 13];
    for m in masks {
        for (r, c) in counts.iter_mut().enumerate() {
            *c += ((m >> r) & 1) as u8;
        }
    }
    let any = masks.iter().fold(0, |a, &m| a | m);
    let ranks_with = |n: u8| -> Vec<u32> {
        (0..13u32).rev().filter(|&r| counts[r as usize] == n).collect()
    };
    let quads = ranks_with(4);
    let trips = ranks_with(3);
    let pairs = ranks_with(2);
    let without = |used: &[u32], k: usize| -> Vec<u32> {
        let mut m = any;
        for &r in used {
            m &= !(1 << r);
        }
        top_ranks(m, k)
    };
    if let Some(&q) = quads.first() {
        let mut k = vec![q];
        k.extend(without(&[q], 1));
        return pack(7, &k);
    }
    if let Some(&t) = trips.first() {
        let pair = trips.get(1).into_iter().chain(pairs.first()).max();
        if let Some(&p) = pair {
            return pack(6, &[t, p]);
        }
    }
    if let Some(top) = straight_top(any) {
        return pack(STRAIGHT, &[top]);
    }
    if let Some(&t) = trips.first() {
        let mut k = vec![t];
        k.extend(without(&[t], 2));
        return pack(3, &k);
    }
    if pairs.len() >= 2 {
        let mut k = vec![pairs[0], pairs[1]];
        k.extend(without(&[pairs[0], pairs[1]], 1));
        return pack(2, &k);
    }
    if let Some(&p) = pairs.first() {
        let mut k = vec![p];
        k.extend(without(&[p], 3));
        return pack(1, &k);
    }
    pack(0, &top_ranks(any, 5))
}

/// The category of a value: 0 high card … 8 straight flush.
pub fn category(v: Value) -> u32 {
    v >> 20
}

fn pack(category: u32, ranks: &[u32]) -> Value {
    let mut v = category;
    for i in 0..5 {
        v = v << 4 | ranks.get(i).map_or(0, |&r| r + 1);
    }
    v
}

fn top_ranks(mask: u16, k: usize) -> Vec<u32> {
    (0..13u32).rev().filter(|&r| mask >> r & 1 == 1).take(k).collect()
}

/// The top rank of the highest straight in a rank mask (the wheel's top is
/// the five).
fn straight_top(mask: u16) -> Option<u32> {
    let m = u32::from(mask) << 1 | u32::from(mask >> 12 & 1);
    (0..=9u32).rev().find(|&lo| m >> lo & 0x1F == 0x1F).map(|lo| lo + 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Value {
        value(CardSet::parse(s).expect("valid cards"))
    }

    #[test]
    fn categories_order() {
        let hands = [
            "2c 5d 7h 9s Jc Kd 3h",
            "2c 2d 7h 9s Jc Kd 3h",
            "2c 2d 7h 7s Jc Kd 3h",
            "2c 2d 2h 7s Jc Kd 3h",
            "Ac 2d 3h 4s 5c Kd 9h",
            "2h 5h 7h 9h Jh Kd 3c",
            "2c 2d 2h 7s 7c Kd 3h",
            "2c 2d 2h 2s Jc Kd 3h",
            "Ah 2h 3h 4h 5h Kd 9c",
        ];
        for w in hands.windows(2) {
            assert!(v(w[0]) < v(w[1]), "{} < {}", w[0], w[1]);
        }
        assert_eq!(category(v("Ah 2h 3h 4h 5h Kd 9c")), 8);
    }

    #[test]
    fn wheel_is_lowest_straight_and_kickers_count_to_five() {
        assert!(v("Ac 2d 3h 4s 5c") < v("2c 3d 4h 5s 6c"));
        assert_eq!(v("Ac Kd 8h 7s 2c 3d 4h"), v("Ac Kd 8h 7s 4h 3c 2s"));
        assert_eq!(v("Ac Ad Kh Qs Jc 3d 2h"), v("Ac Ad Kh Qs Jc 4d 2h"));
        assert!(v("Ac Ad Kh Qs Jc") > v("Ac Ad Kh Qs Tc"));
    }
}
