//! Many seven-card hands at once: [`Evaluator::values_into`].
//!
//! On a CPU with AVX-512 (F, BW and VBMI, checked at run time) sixteen
//! hands go through vector registers together. The same key as
//! [`Hand`]'s is summed per hand without a table load per card: each
//! card's rank key is split into three bytes, and each byte is looked up
//! for all of a register's 64 card slots by one byte permutation
//! (`vpermb`, a 64-entry table in a register); a sum of absolute
//! differences against zero (`vpsadbw`) then adds the eight bytes of each
//! hand. Two more byte tables count the suits the same way. The perfect
//! hash's two loads are gathers. The few hands with a flush (about 3 %)
//! are listed without a branch and ranked one at a time afterwards.
//! Elsewhere every hand goes one at a time through [`Hand`].
//!
//! This is the crate's only `unsafe`: the vector path reads its input and
//! the tables through raw pointers, and is called only once the CPU is
//! known to have the instructions. On this project's machine it ranks
//! random hands more than twice as fast as one at a time (see the README).

use super::{Evaluator, Hand, HandValue};
use crate::cards::Card;

/// Hands per block: a block's flush list lives on the stack.
const BLOCK: usize = 4096;

impl Evaluator {
    /// The value of each seven-card hand of `hands`, written to the same
    /// place of `out`; as many as the shorter of the two holds, the rest of
    /// `out` untouched. Equal to [`Evaluator::value`] of each hand; faster
    /// where the CPU has AVX-512 (see the module comment). The cards of a
    /// hand must differ.
    pub fn values_into(&self, hands: &[[Card; 7]], out: &mut [HandValue]) {
        let n = hands.len().min(out.len());
        let (hands, out) = (&hands[..n], &mut out[..n]);
        let done = wide::values_into(self, hands, out);
        self.values_one_at_a_time(&hands[done..], &mut out[done..]);
    }

    /// [`Evaluator::values_into`] without vectors.
    fn values_one_at_a_time(&self, hands: &[[Card; 7]], out: &mut [HandValue]) {
        for (hand, value) in hands.iter().zip(out) {
            *value = self.value(hand.iter().fold(Hand::EMPTY, |acc, &c| acc.add(c)));
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod wide {
    use std::arch::x86_64::{
        __m256i, __m512i, _mm256_storeu_si256, _mm512_add_epi32, _mm512_add_epi64,
        _mm512_and_si512, _mm512_castsi256_si512, _mm512_cvtepi32_epi16, _mm512_cvtepi64_epi32,
        _mm512_i32gather_epi32, _mm512_inserti64x4, _mm512_loadu_si512,
        _mm512_mask_permutexvar_epi8, _mm512_maskz_compress_epi32, _mm512_maskz_loadu_epi8,
        _mm512_permutexvar_epi8, _mm512_sad_epu8, _mm512_set1_epi8, _mm512_set1_epi32,
        _mm512_set1_epi64, _mm512_setzero_si512, _mm512_slli_epi64, _mm512_srli_epi32,
        _mm512_storeu_si512, _mm512_test_epi64_mask,
    };

    use super::super::{
        EMPTY_KEY, FLUSH_BITS, RANK_KEYS, RANK_SLOTS, ROW_BITS, ROW_MASK, SUIT_SHIFT,
    };
    use super::{BLOCK, Card, Evaluator, HandValue};

    /// Hands to a vector pass.
    const LANES: usize = 16;
    /// Bytes of eight hands.
    const EIGHT: usize = 8 * 7;
    /// A card slot that is no card: every byte table gives it zero.
    const NO_CARD: i8 = 63;

    /// Byte tables by card index (64 entries, zero past the 52 cards): the
    /// three bytes of the card's rank key, then its suit's count in the
    /// low or high half of a byte (suits 0 and 1 in the first, 2 and 3 in
    /// the second), so that the sums hold the four suit counters of
    /// [`Hand`]'s key.
    static BYTES: [[u8; 64]; 5] = {
        let mut tables = [[0u8; 64]; 5];
        let mut card = 0;
        while card < 52 {
            let key = RANK_KEYS[card / 4];
            tables[0][card] = key as u8;
            tables[1][card] = (key >> 8) as u8;
            tables[2][card] = (key >> 16) as u8;
            let suit = card % 4;
            tables[3 + suit / 2][card] = 1 << (4 * (suit % 2));
            card += 1;
        }
        tables
    };

    /// Where each byte of eight hands spread to eight bytes a hand comes
    /// from in the seven-byte layout (every eighth byte unused).
    static SPREAD: [u8; 64] = {
        let mut from = [0u8; 64];
        let mut i = 0;
        while i < 64 {
            from[i] = if i % 8 < 7 {
                (i / 8 * 7 + i % 8) as u8
            } else {
                0
            };
            i += 1;
        }
        from
    };

    /// Ranks as many of the hands as whole vector passes cover, when the
    /// CPU can; returns how many (a multiple of sixteen, or zero).
    pub(super) fn values_into(ev: &Evaluator, hands: &[[Card; 7]], out: &mut [HandValue]) -> usize {
        if available() {
            // SAFETY: the CPU has every feature the function is compiled for.
            unsafe { blocks(ev, hands, out) }
        } else {
            0
        }
    }

    /// True when the CPU has the instructions of the vector path.
    pub(super) fn available() -> bool {
        is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512vbmi")
            && is_x86_feature_detected!("popcnt")
    }

    /// The vector path, block by block: the non-flush values sixteen
    /// hands at a time, then the listed flushes one at a time.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,popcnt")]
    fn blocks(ev: &Evaluator, hands: &[[Card; 7]], out: &mut [HandValue]) -> usize {
        let mut flushes = [0u32; BLOCK + LANES];
        for (hands, out) in hands.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
            let mut listed = 0;
            for (pass, (sixteen, values)) in hands
                .chunks_exact(LANES)
                .zip(out.chunks_exact_mut(LANES))
                .enumerate()
            {
                let (values_of, flush) = pass_values(ev, sixteen);
                // SAFETY: `values` holds sixteen `HandValue`s, each a
                // `u16` (`repr(transparent)`): 32 bytes, which the store
                // writes.
                unsafe {
                    _mm256_storeu_si256(
                        values.as_mut_ptr().cast::<__m256i>(),
                        _mm512_cvtepi32_epi16(values_of),
                    );
                }
                let lanes = _mm512_add_epi32(
                    _mm512_set1_epi32((pass * LANES) as i32),
                    // SAFETY: 64 bytes read from a 16-entry `u32` array.
                    unsafe { _mm512_loadu_si512(LANE_NUMBERS.as_ptr().cast()) },
                );
                let slots = &mut flushes[listed..listed + LANES];
                // SAFETY: 64 bytes written to sixteen `u32`s.
                unsafe {
                    _mm512_storeu_si512(
                        slots.as_mut_ptr().cast(),
                        _mm512_maskz_compress_epi32(flush, lanes),
                    );
                }
                listed += flush.count_ones() as usize;
            }
            for &i in &flushes[..listed] {
                let i = i as usize;
                ev.values_one_at_a_time(&hands[i..=i], &mut out[i..=i]);
            }
        }
        hands.len() / LANES * LANES
    }

    /// 0 to 15, a lane's number.
    static LANE_NUMBERS: [u32; LANES] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

    /// Sixteen hands' values as if none had a flush (one per 32-bit lane),
    /// and a bit for each hand that has one.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn pass_values(ev: &Evaluator, sixteen: &[[Card; 7]]) -> (__m512i, u16) {
        assert_eq!(sixteen.len(), LANES);
        let bytes = sixteen.as_ptr().cast::<u8>();
        // SAFETY: `Card` is a `repr(transparent)` byte, so sixteen hands
        // are 112 bytes; the two reads cover bytes 0..56 and 56..112.
        let (low, low_flush) = unsafe { eight_keys(bytes) };
        let (high, high_flush) = unsafe { eight_keys(bytes.add(EIGHT)) };
        let keys = _mm512_inserti64x4(
            _mm512_castsi256_si512(_mm512_cvtepi64_epi32(low)),
            _mm512_cvtepi64_epi32(high),
            1,
        );
        let rows = _mm512_and_si512(keys, _mm512_set1_epi32(ROW_MASK as i32));
        // SAFETY: every row is below `ROWS`, the offsets' length.
        let offsets = unsafe { _mm512_i32gather_epi32::<4>(rows, ev.offsets.as_ptr().cast()) };
        let slots = _mm512_and_si512(
            _mm512_add_epi32(offsets, _mm512_srli_epi32(keys, ROW_BITS)),
            _mm512_set1_epi32(RANK_SLOTS as i32 - 1),
        );
        // SAFETY: each read takes 4 bytes at slot `s < RANK_SLOTS`, the
        // value and the next; the table has `RANK_SLOTS + 1` entries.
        let pairs = unsafe { _mm512_i32gather_epi32::<2>(slots, ev.ranks.as_ptr().cast()) };
        let values = _mm512_and_si512(pairs, _mm512_set1_epi32(0xFFFF));
        (values, u16::from(low_flush) | u16::from(high_flush) << 8)
    }

    /// Eight hands' keys (one per 64-bit lane: the rank key plus the suit
    /// counters, as in [`Hand`]), and a bit for each hand with a flush.
    ///
    /// # Safety
    /// `bytes` must point to eight hands: 56 readable bytes.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn eight_keys(bytes: *const u8) -> (__m512i, u8) {
        // SAFETY: the caller promises 56 bytes; the masked-off 8 are not read.
        let packed = unsafe { _mm512_maskz_loadu_epi8((1 << EIGHT) - 1, bytes.cast()) };
        // SAFETY: 64 bytes read from a 64-byte array.
        let spread = unsafe { _mm512_loadu_si512(SPREAD.as_ptr().cast()) };
        let cards = _mm512_mask_permutexvar_epi8(
            _mm512_set1_epi8(NO_CARD),
            0x7F7F_7F7F_7F7F_7F7F,
            spread,
            packed,
        );
        let zero = _mm512_setzero_si512();
        let sum = |table: usize| {
            // SAFETY: 64 bytes read from a 64-byte array.
            let bytes = unsafe { _mm512_loadu_si512(BYTES[table].as_ptr().cast()) };
            _mm512_sad_epu8(_mm512_permutexvar_epi8(cards, bytes), zero)
        };
        let keys = _mm512_add_epi64(
            _mm512_add_epi64(sum(0), _mm512_slli_epi64(sum(1), 8)),
            _mm512_slli_epi64(sum(2), 16),
        );
        let suits = _mm512_add_epi64(sum(3), _mm512_slli_epi64(sum(4), 8));
        let flush = _mm512_test_epi64_mask(
            _mm512_add_epi64(suits, _mm512_set1_epi64((EMPTY_KEY >> SUIT_SHIFT) as i64)),
            _mm512_set1_epi64((FLUSH_BITS >> SUIT_SHIFT) as i64),
        );
        (keys, flush)
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod wide {
    use super::{Card, Evaluator, HandValue};

    /// No vector path here: none done.
    pub(super) fn values_into(_: &Evaluator, _: &[[Card; 7]], _: &mut [HandValue]) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;

    use super::*;
    use crate::cards::CardSet;
    use crate::game::rng_from_seed;

    /// Seeded random hands; every other one drawn from two suits only, so
    /// that flushes are common.
    fn hands(n: usize, seed: u64) -> Vec<[Card; 7]> {
        let mut rng = rng_from_seed(seed);
        let deck: Vec<Card> = CardSet::FULL.iter().collect();
        let two_suits: Vec<Card> = deck.iter().copied().filter(|c| c.index() % 4 < 2).collect();
        (0..n)
            .map(|i| {
                let mut from = if i % 2 == 0 {
                    deck.clone()
                } else {
                    two_suits.clone()
                };
                let (seven, _) = from.partial_shuffle(&mut rng, 7);
                std::array::from_fn(|j| seven[j])
            })
            .collect()
    }

    fn one_by_one(hands: &[[Card; 7]]) -> Vec<HandValue> {
        let ev = Evaluator::get();
        hands
            .iter()
            .map(|h| ev.evaluate(h.iter().copied().collect()))
            .collect()
    }

    #[test]
    fn batches_equal_one_hand_at_a_time() {
        // Two whole blocks and a ragged end of neither 16 nor a block.
        let hands = hands(2 * BLOCK + 1000 + 7, 3);
        let mut out = vec![HandValue::default(); hands.len()];
        Evaluator::get().values_into(&hands, &mut out);
        assert_eq!(out, one_by_one(&hands));
    }

    #[test]
    fn the_path_without_vectors_equals_one_hand_at_a_time() {
        let hands = hands(5000, 4);
        let mut out = vec![HandValue::default(); hands.len()];
        Evaluator::get().values_one_at_a_time(&hands, &mut out);
        assert_eq!(out, one_by_one(&hands));
    }

    #[test]
    fn many_random_hands_agree() {
        let hands = hands(300_000, 5);
        let mut out = vec![HandValue::default(); hands.len()];
        Evaluator::get().values_into(&hands, &mut out);
        let expected = one_by_one(&hands);
        let differ = out.iter().zip(&expected).filter(|(a, b)| a != b).count();
        assert_eq!(differ, 0, "{differ} of {} hands differ", hands.len());
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_path_runs_where_the_cpu_has_it() {
        let hands = hands(40, 7);
        let mut out = vec![HandValue::default(); hands.len()];
        let done = wide::values_into(Evaluator::get(), &hands, &mut out);
        assert_eq!(done, if wide::available() { 32 } else { 0 });
        assert_eq!(out[..done], one_by_one(&hands[..done])[..]);
    }

    #[test]
    fn the_shorter_side_sets_the_count() {
        let hands = hands(40, 6);
        let ev = Evaluator::get();
        let mut short = vec![HandValue::default(); 20];
        ev.values_into(&hands, &mut short);
        assert_eq!(short, one_by_one(&hands[..20]));
        let mut long = vec![HandValue::default(); 50];
        ev.values_into(&hands, &mut long);
        assert_eq!(long[..40], one_by_one(&hands)[..]);
        assert!(long[40..].iter().all(|&v| v == HandValue::default()));
    }
}
