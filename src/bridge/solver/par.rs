//! Par: the contract and score both sides reach when each knows the
//! double-dummy table and bids perfectly, the other side sacrificing
//! (doubled) when that costs less than letting the contract make.
//!
//! It is the value of a small game: from the dealer's side on, a side
//! either passes (after four opening passes the board is passed out) or
//! names any higher contract with whichever of its two players takes more
//! tricks; when the other side passes, the contract is played, doubled
//! when it fails. The game has 35 contracts and two sides: it is solved
//! exactly by memoised minimax.

use serde::{Deserialize, Serialize};

use super::table::DdTable;
use crate::bridge::board::{Direction, Side, Vulnerability};
use crate::bridge::contract::{Bid, Contract, Doubling, Strain};
use crate::bridge::scoring::score;

/// The par result of a deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Par {
    /// The score from North-South's side.
    pub score: i64,
    /// The par contracts, `4S N`, `5DX E` (empty when the par is to pass
    /// the board out).
    pub contracts: Vec<String>,
}

/// The 35 bids in ladder order.
fn bid_of(i: usize) -> Bid {
    Bid {
        level: (i / 5) as u8 + 1,
        strain: Strain::ALL[i % 5],
    }
}

/// The NS score of `side` playing bid `i` with its better declarer
/// (doubled when it fails), and the declarers that reach it.
fn played(table: &DdTable, vul: Vulnerability, i: usize, side: Side) -> (i64, Vec<Contract>) {
    let bid = bid_of(i);
    let seats = match side {
        Side::NS => [Direction::North, Direction::South],
        Side::EW => [Direction::East, Direction::West],
    };
    let mut best: Option<i64> = None;
    let mut who = Vec::new();
    for d in seats {
        let tricks = table.get(d, bid.strain);
        let doubling = if tricks >= bid.level + 6 {
            Doubling::Undoubled
        } else {
            Doubling::Doubled
        };
        let contract = Contract {
            bid,
            doubling,
            declarer: d,
        };
        let s = score(&contract, tricks, vul.of(side));
        match best {
            Some(b) if b > s => {}
            Some(b) if b == s => who.push(contract),
            _ => {
                best = Some(s);
                who = vec![contract];
            }
        }
    }
    let s = best.unwrap_or(0);
    (if side == Side::NS { s } else { -s }, who)
}

/// The memoised game.
struct Game<'a> {
    table: &'a DdTable,
    vul: Vulnerability,
    /// NS value after `side` bid contract `i`, the other side to call.
    memo: [[Option<i64>; 2]; 35],
}

/// Whether `side` prefers NS score `a` to `b`.
fn better(side: Side, a: i64, b: i64) -> bool {
    if side == Side::NS { a > b } else { a < b }
}

impl Game<'_> {
    /// NS value once `side` has bid contract `i`.
    fn after_bid(&mut self, i: usize, side: Side) -> i64 {
        if let Some(v) = self.memo[i][side.index()] {
            return v;
        }
        let other = side.other();
        let mut best = played(self.table, self.vul, i, side).0;
        for j in i + 1..35 {
            let v = self.after_bid(j, other);
            if better(other, v, best) {
                best = v;
            }
        }
        self.memo[i][side.index()] = Some(best);
        best
    }

    /// NS value with `side` to call and no bid yet, after `passes` passes;
    /// with the best opening bid (`None`: pass).
    fn opening(&mut self, side: Side, passes: usize) -> (i64, Option<(usize, Side)>) {
        if passes == 4 {
            return (0, None);
        }
        let (mut best, mut line) = (self.opening(side.other(), passes + 1).0, None);
        for i in 0..35 {
            let v = self.after_bid(i, side);
            if better(side, v, best) {
                best = v;
                line = Some((i, side));
            }
        }
        (best, line)
    }
}

/// The par score and contracts of a deal with `table`, `vul` and the
/// dealer `dealer` (who bids first matters when both sides can make the
/// same contract).
pub fn par(table: &DdTable, vul: Vulnerability, dealer: Direction) -> Par {
    let mut game = Game {
        table,
        vul,
        memo: [[None; 2]; 35],
    };
    let score = game.opening(dealer.side(), 0).0;
    // The first side that does better by bidding than by passing opens.
    let mut side = dealer.side();
    let mut line = None;
    for passes in 0..4 {
        line = game.opening(side, passes).1;
        if line.is_some() {
            break;
        }
        side = side.other();
    }
    // Follow the best line to the contract played.
    while let Some((i, s)) = line {
        let value = game.after_bid(i, s);
        let other = s.other();
        let pass = played(table, vul, i, s).0;
        let next =
            (i + 1..35).find(|&j| better(other, value, pass) && game.after_bid(j, other) == value);
        match next {
            Some(j) => line = Some((j, other)),
            None => {
                let contracts = played(table, vul, i, s)
                    .1
                    .iter()
                    .map(Contract::to_string)
                    .collect();
                return Par { score, contracts };
            }
        }
    }
    Par {
        score,
        contracts: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(ns: [u8; 5]) -> DdTable {
        // The same tricks for both players of a side; East-West the rest.
        let ew = ns.map(|t| 13 - t);
        DdTable {
            tricks: [ns, ew, ns, ew],
        }
    }

    #[test]
    fn the_side_with_game_bids_it() {
        // NS make 10 tricks in spades, 9 in no trump: 4S beats 3NT.
        let t = table([6, 6, 7, 10, 9]);
        let p = par(&t, Vulnerability::None, Direction::North);
        assert_eq!(p.score, 420);
        assert_eq!(p.contracts, vec!["4S N", "4S S"]);
    }

    #[test]
    fn a_cheap_sacrifice_is_taken() {
        // NS make 4S (620 vulnerable); EW, not vulnerable, go two down in
        // 5D doubled (-300): par is the sacrifice.
        let t = table([5, 4, 6, 10, 8]);
        let p = par(&t, Vulnerability::NS, Direction::North);
        assert_eq!(p.score, 300);
        assert_eq!(p.contracts, vec!["5DX E", "5DX W"]);
        // Not vulnerable against vulnerable, the sacrifice costs 500:
        // more than 420.
        let p = par(&t, Vulnerability::EW, Direction::North);
        assert_eq!(p.score, 420);
    }

    #[test]
    fn nobody_makes_anything_passes_out() {
        // Every contract fails for both sides: 6 tricks each way and the
        // leader's side takes 7.
        let t = DdTable {
            tricks: [[6; 5]; 4],
        };
        let p = par(&t, Vulnerability::All, Direction::East);
        assert_eq!(p.score, 0);
        assert!(p.contracts.is_empty());
    }
}
