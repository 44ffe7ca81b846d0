//! Pots: the main pot and side pots formed from what each player put in,
//! and the split of one pot between tied winners with the odd chip.

use serde::{Deserialize, Serialize};

use crate::game::Seat;

/// A count of chips. Chips are whole; none is ever created or lost.
pub type Chips = u64;

/// One pot: its chips and the seats that can win it (a bit per seat).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pot {
    /// The chips in it.
    pub amount: Chips,
    /// Bit `s` is set when seat `s` may win it.
    pub eligible: u16,
}

impl Pot {
    /// Whether `seat` may win this pot.
    pub fn is_eligible(&self, seat: Seat) -> bool {
        self.eligible & (1 << seat) != 0
    }

    /// The eligible seats, lowest first.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..16).filter(|&s| self.is_eligible(s))
    }
}

/// The pots formed from each seat's contribution to the hand. A pot is cut
/// at every contribution level of a player still in; folded chips stay in
/// the pots but their owner is not eligible; neighbouring pots with the
/// same eligible players merge. Chips above the highest level of a player
/// still in join the last pot.
pub fn form_pots(contributed: &[Chips], folded: &[bool]) -> Vec<Pot> {
    let mut levels: Vec<Chips> = contributed
        .iter()
        .zip(folded)
        .filter(|&(&c, &f)| !f && c > 0)
        .map(|(&c, _)| c)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<Pot> = Vec::with_capacity(levels.len());
    let mut below = 0;
    for &level in &levels {
        let mut amount = 0;
        let mut eligible = 0u16;
        for (s, (&c, &f)) in contributed.iter().zip(folded).enumerate() {
            amount += c.min(level) - c.min(below);
            if !f && c >= level {
                eligible |= 1 << s;
            }
        }
        below = level;
        match pots.last_mut() {
            Some(last) if last.eligible == eligible => last.amount += amount,
            _ => pots.push(Pot { amount, eligible }),
        }
    }
    let rest: Chips = contributed.iter().map(|&c| c.saturating_sub(below)).sum();
    if rest > 0 {
        match pots.last_mut() {
            Some(last) => last.amount += rest,
            None => {
                // Nobody still in put a chip in: the chips have no owner
                // but the players still in (the caller guarantees one).
                let eligible = folded
                    .iter()
                    .enumerate()
                    .filter(|&(_, &f)| !f)
                    .fold(0u16, |m, (s, _)| m | 1 << s);
                pots.push(Pot {
                    amount: rest,
                    eligible,
                });
            }
        }
    }
    pots
}

/// Splits `amount` between `winners`, given in clockwise order starting
/// left of the button: equal shares, and every odd chip to the first
/// winner (as the reference PHH implementation does).
pub fn split_odd_first(amount: Chips, winners: &[Seat]) -> Vec<(Seat, Chips)> {
    let k = winners.len() as Chips;
    if k == 0 {
        return Vec::new();
    }
    let share = amount / k;
    let odd = amount % k;
    winners
        .iter()
        .enumerate()
        .map(|(i, &s)| (s, share + if i == 0 { odd } else { 0 }))
        .collect()
}

/// Splits `amount` between `winners`, given in clockwise order starting
/// left of the button: equal shares, and the odd chips one each to the
/// first winners (as the rooms share them).
pub fn split_odd_each(amount: Chips, winners: &[Seat]) -> Vec<(Seat, Chips)> {
    let k = winners.len() as Chips;
    if k == 0 {
        return Vec::new();
    }
    let (share, odd) = (amount / k, amount % k);
    winners
        .iter()
        .enumerate()
        .map(|(i, &s)| (s, share + Chips::from((i as Chips) < odd)))
        .collect()
}

/// Why a pot of a hand with decimal amounts cannot be split exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    /// The shares need more decimal places than the amounts have.
    #[error("a pot of {amount} units split {winners} ways needs more decimal places")]
    Finer {
        /// The pot, in minor units.
        amount: Chips,
        /// How many winners.
        winners: usize,
    },
    /// A whole pot that does not divide evenly, in a hand mixing whole and
    /// decimal amounts: the reference splits it into fractions or gives
    /// the odd chips to the first winner depending on how each amount was
    /// written, which cannot be told here.
    #[error(
        "a whole pot of {amount} units split {winners} ways in a hand mixing whole and decimal amounts is ambiguous"
    )]
    Ambiguous {
        /// The pot, in minor units.
        amount: Chips,
        /// How many winners.
        winners: usize,
    },
}

/// Splits `amount` (in minor units, `unit` to a whole amount) between
/// `winners` in equal, exact shares, as the reference splits decimal
/// amounts. With `all_decimal` false some amounts of the hand were whole,
/// and a whole pot that does not divide evenly is refused as ambiguous.
pub fn split_exact(
    amount: Chips,
    winners: &[Seat],
    unit: Chips,
    all_decimal: bool,
) -> Result<Vec<(Seat, Chips)>, SplitError> {
    let k = winners.len() as Chips;
    if k <= 1 {
        return Ok(split_odd_first(amount, winners));
    }
    let whole = unit > 0 && amount.is_multiple_of(unit);
    if !all_decimal && whole && !(amount / unit).is_multiple_of(k) {
        return Err(SplitError::Ambiguous {
            amount,
            winners: winners.len(),
        });
    }
    if !amount.is_multiple_of(k) {
        return Err(SplitError::Finer {
            amount,
            winners: winners.len(),
        });
    }
    Ok(split_odd_first(amount, winners))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pot_when_all_match() {
        let pots = form_pots(&[100, 100, 100], &[false, false, false]);
        assert_eq!(
            pots,
            vec![Pot {
                amount: 300,
                eligible: 0b111
            }]
        );
    }

    #[test]
    fn three_levels_of_side_pots() {
        // Seat 0 all in for 50, seat 1 for 120, seats 2 and 3 put in 300;
        // seat 3 folded.
        let pots = form_pots(&[50, 120, 300, 300], &[false, false, false, true]);
        assert_eq!(
            pots,
            vec![
                Pot {
                    amount: 200,
                    eligible: 0b0111
                },
                Pot {
                    amount: 210,
                    eligible: 0b0110
                },
                Pot {
                    amount: 360,
                    eligible: 0b0100
                },
            ]
        );
    }

    #[test]
    fn folded_levels_merge() {
        // The folder's level (40) does not cut a pot.
        let pots = form_pots(&[40, 100, 100], &[true, false, false]);
        assert_eq!(
            pots,
            vec![Pot {
                amount: 240,
                eligible: 0b110
            }]
        );
    }

    #[test]
    fn odd_chips_go_to_the_first_winner() {
        assert_eq!(split_odd_first(101, &[4, 1]), vec![(4, 51), (1, 50)]);
        assert_eq!(
            split_odd_first(200, &[2, 0, 1]),
            vec![(2, 68), (0, 66), (1, 66)]
        );
        assert_eq!(split_odd_first(7, &[3]), vec![(3, 7)]);
        assert_eq!(split_odd_first(7, &[]), vec![]);
        assert_eq!(
            split_odd_each(260, &[2, 0, 1]),
            vec![(2, 87), (0, 87), (1, 86)]
        );
    }

    #[test]
    fn exact_splits_of_decimal_amounts() {
        // 0.05 (unit 100) in two: needs a third decimal place.
        assert_eq!(
            split_exact(5, &[0, 1], 100, true),
            Err(SplitError::Finer {
                amount: 5,
                winners: 2
            })
        );
        assert_eq!(
            split_exact(50, &[0, 1], 1000, true),
            Ok(vec![(0, 25), (1, 25)])
        );
        // 13.00 in two: 6.50 each when every amount is decimal...
        assert_eq!(
            split_exact(1300, &[0, 1], 100, true),
            Ok(vec![(0, 650), (1, 650)])
        );
        // ...but ambiguous when some amounts were whole.
        assert!(matches!(
            split_exact(1300, &[0, 1], 100, false),
            Err(SplitError::Ambiguous { .. })
        ));
        assert_eq!(
            split_exact(1400, &[0, 1], 100, false),
            Ok(vec![(0, 700), (1, 700)])
        );
        assert_eq!(
            split_exact(1350, &[0, 1], 100, false),
            Ok(vec![(0, 675), (1, 675)])
        );
    }
}
