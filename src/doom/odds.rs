//! The chance that a dice-roll attack succeeds (the attacker's total must
//! beat the defender's): the book's `*dice-odds*` table in single floats
//! where it reaches, exact odds for the stacks beyond it.

use super::board::MAX_DICE;

/// The book's `*dice-odds*`, indexed [defender dice − 1][attacker dice − 2].
pub const BOOK_ODDS: [[f32; 4]; 5] = [
    [0.84, 0.97, 1.0, 1.0],
    [0.44, 0.78, 0.94, 0.99],
    [0.15, 0.45, 0.74, 0.91],
    [0.04, 0.19, 0.46, 0.72],
    [0.01, 0.06, 0.22, 0.46],
];

const SUMS: usize = 6 * MAX_DICE as usize + 1;

/// Ways to roll each total with `k` dice.
const fn sum_counts(k: usize) -> [u64; SUMS] {
    let mut ways = [0u64; SUMS];
    ways[0] = 1;
    let mut i = 0;
    while i < k {
        let mut next = [0u64; SUMS];
        let mut s = 0;
        while s < SUMS {
            if ways[s] != 0 {
                let mut face = 1;
                while face <= 6 {
                    if s + face < SUMS {
                        next[s + face] += ways[s];
                    }
                    face += 1;
                }
            }
            s += 1;
        }
        ways = next;
        i += 1;
    }
    ways
}

/// The exact chance that `att` dice roll a higher total than `def` dice.
const fn exact(att: usize, def: usize) -> f64 {
    let a = sum_counts(att);
    let d = sum_counts(def);
    let mut wins = 0u64;
    let mut total = 0u64;
    let mut sa = 0;
    while sa < SUMS {
        let mut sd = 0;
        while sd < SUMS {
            let w = a[sa] * d[sd];
            total += w;
            if sa > sd {
                wins += w;
            }
            sd += 1;
        }
        sa += 1;
    }
    wins as f64 / total as f64
}

const fn table() -> [[f32; MAX_DICE as usize + 1]; MAX_DICE as usize + 1] {
    let n = MAX_DICE as usize + 1;
    let mut t = [[0f32; MAX_DICE as usize + 1]; MAX_DICE as usize + 1];
    let mut att = 1;
    while att < n {
        let mut def = 1;
        while def < n {
            t[att][def] = if att >= 2 && att <= 5 && def <= 5 {
                BOOK_ODDS[def - 1][att - 2]
            } else {
                exact(att, def) as f32
            };
            def += 1;
        }
        att += 1;
    }
    t
}

static ODDS: [[f32; MAX_DICE as usize + 1]; MAX_DICE as usize + 1] = table();

/// The chance that `att` dice beat `def` dice, as the AI rates it: the
/// book's table for 2–5 attacking and 1–5 defending dice, exact beyond.
pub fn win_odds(att: u8, def: u8) -> f32 {
    ODDS[usize::from(att)][usize::from(def)]
}

/// The exact chance, for checking the table.
pub fn exact_odds(att: u8, def: u8) -> f64 {
    exact(usize::from(att), usize::from(def))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_table_is_used_where_it_reaches() {
        assert_eq!(win_odds(2, 1), 0.84);
        assert_eq!(win_odds(4, 3), 0.74);
        assert_eq!(win_odds(5, 5), 0.46);
        assert_eq!(win_odds(2, 5), 0.01);
    }

    #[test]
    fn the_book_table_is_close_to_the_exact_odds() {
        for att in 2..=5 {
            for def in 1..=5 {
                let book = f64::from(win_odds(att, def));
                assert!((book - exact_odds(att, def)).abs() < 0.01, "{att} v {def}");
            }
        }
    }

    #[test]
    fn exact_odds_beyond_the_table() {
        // One die each: 15 of 36 rolls win.
        assert!((exact_odds(1, 1) - 15.0 / 36.0).abs() < 1e-12);
        assert!((f64::from(win_odds(8, 8)) - exact_odds(8, 8)).abs() < 1e-6);
        assert!(win_odds(8, 1) > 0.999);
        assert!(win_odds(6, 5) > win_odds(5, 5));
    }
}
