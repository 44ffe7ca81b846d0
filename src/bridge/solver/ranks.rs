//! Relative ranks: a suit's cards renumbered among the cards still out, so
//! that positions differing only in cards already played look the same.
//!
//! A suit holding is a 13-bit mask (bit 0 the deuce, as in
//! [`crate::cards::CardSet`]'s lanes). [`pext13`] packs a hand's cards
//! down to their order among the suit's remaining cards (a software
//! `pext`, two small tables); [`select13`] finds the card of a given
//! order (a software `pdep` of one bit).

/// One suit's lane in a 64-bit card word.
pub const LANE: u64 = 0x1FFF;

/// `PEXT_LO[m][x]`: the bits of `x` at the positions set in `m`, packed
/// low, for the low seven ranks.
static PEXT_LO: [[u8; 128]; 128] = pext_table::<128>();
/// The same for the high six ranks.
static PEXT_HI: [[u8; 64]; 64] = pext_table::<64>();
/// `SELECT8[b][k]`: the position of the `k`-th lowest set bit of `b`.
static SELECT8: [[u8; 8]; 256] = select_table();

const fn pext_table<const N: usize>() -> [[u8; N]; N] {
    let mut t = [[0u8; N]; N];
    let mut m = 0;
    while m < N {
        let mut x = 0;
        while x < N {
            let mut out = 0u8;
            let mut k = 0;
            let mut bit = 0;
            while bit < 8 {
                if m & (1 << bit) != 0 {
                    if x & (1 << bit) != 0 {
                        out |= 1 << k;
                    }
                    k += 1;
                }
                bit += 1;
            }
            t[m][x] = out;
            x += 1;
        }
        m += 1;
    }
    t
}

const fn select_table() -> [[u8; 8]; 256] {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
}

/// The bits of `x` at the positions set in `m` (13-bit masks), packed low:
/// a hand's cards as their order among the suit's cards `m`.
#[inline]
pub fn pext13(x: u64, m: u64) -> u64 {
    let (ml, mh) = ((m & 0x7F) as usize, ((m >> 7) & 0x3F) as usize);
    let lo = u64::from(PEXT_LO[ml][(x & 0x7F) as usize]);
    let hi = u64::from(PEXT_HI[mh][((x >> 7) & 0x3F) as usize]);
    lo | hi << ml.count_ones()
}

/// The position of the `k`-th lowest set bit of the 13-bit mask `m` (as a
/// single bit); 0 when `m` has no more than `k` bits.
#[inline]
pub fn select13(m: u64, k: u32) -> u64 {
    let lo = (m & 0xFF) as usize;
    let below = lo.count_ones();
    if k < below {
        1 << SELECT8[lo][k as usize]
    } else {
        let hi = ((m >> 8) & 0x1F) as usize;
        let k = k - below;
        if k < hi.count_ones() {
            1 << (8 + SELECT8[hi][k as usize])
        } else {
            0
        }
    }
}

/// Every hand's cards as relative ranks: each suit's lane packed down to
/// the order among the cards of `all` (every lane of `hands` must be a
/// subset of `all`'s).
#[inline]
pub fn relative(hands: &[u64; 4], all: u64) -> [u64; 4] {
    let mut rel = [0u64; 4];
    update_relative(&mut rel, hands, all, 0b1111);
    rel
}

/// Recomputes the lanes of the suits in `suits` (bit `s` for suit `s`) of
/// the relative hands `rel`.
#[inline]
pub fn update_relative(rel: &mut [u64; 4], hands: &[u64; 4], all: u64, suits: u8) {
    for s in 0..4 {
        if suits >> s & 1 == 0 {
            continue;
        }
        let shift = 16 * s;
        let m = (all >> shift) & LANE;
        for (r, h) in rel.iter_mut().zip(hands) {
            let lane = if m == 0 {
                0
            } else {
                pext13((h >> shift) & LANE, m)
            };
            *r = (*r & !(LANE << shift)) | lane << shift;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pext_plain(x: u64, m: u64) -> u64 {
        let mut out = 0;
        let mut k = 0;
        for bit in 0..13 {
            if m >> bit & 1 == 1 {
                out |= (x >> bit & 1) << k;
                k += 1;
            }
        }
        out
    }

    #[test]
    fn pext_matches_the_plain_loop() {
        for m in (0..8192u64).step_by(7) {
            for x in (0..8192u64).step_by(13) {
                assert_eq!(pext13(x & m, m), pext_plain(x & m, m), "{x:b} {m:b}");
            }
        }
    }

    #[test]
    fn select_finds_each_bit() {
        for m in 0..8192u64 {
            let bits: Vec<u32> = (0..13).filter(|b| m >> b & 1 == 1).collect();
            for k in 0..14u32 {
                let want = bits.get(k as usize).map_or(0, |b| 1u64 << b);
                assert_eq!(select13(m, k), want, "{m:b} {k}");
            }
        }
    }

    #[test]
    fn relative_packs_each_suit() {
        // Spades: N holds A, 9; E holds K; S holds 2 (others played).
        let a = 1u64 << (48 + 12);
        let nine = 1u64 << (48 + 7);
        let k = 1u64 << (48 + 11);
        let two = 1u64 << 48;
        let hands = [a | nine, k, two, 0];
        let rel = relative(&hands, a | nine | k | two);
        assert_eq!(rel, [0b1010 << 48, 0b0100 << 48, 0b0001 << 48, 0]);
    }
}
