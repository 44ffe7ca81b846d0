//! The double-dummy table of a deal: the tricks each of the four seats
//! takes as declarer in each of the five strains (20 entries), with one
//! transposition table shared by all the searches.

use serde::{Deserialize, Serialize};

use super::{Position, PositionError, Prepared, Solver};
use crate::bridge::board::Direction;
use crate::bridge::contract::Strain;
use crate::cards::CardSet;

/// Tricks by declarer and strain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DdTable {
    /// `tricks[declarer][strain]`: declarer North … West, strain clubs …
    /// no trump (the order of [`Strain::ALL`]).
    pub tricks: [[u8; 5]; 4],
}

impl DdTable {
    /// The tricks `declarer` takes in `strain`.
    pub fn get(&self, declarer: Direction, strain: Strain) -> u8 {
        self.tricks[declarer.index()][strain as usize]
    }
}

/// Solves the 20 entries: for each strain, North-South's tricks with each
/// seat on lead (the leader is declarer's left-hand opponent), each search
/// starting from the last one's answer.
pub(super) fn solve(solver: &mut Solver, hands: &[CardSet; 4]) -> Result<DdTable, PositionError> {
    let mut out = DdTable {
        tricks: [[0; 5]; 4],
    };
    // Validate once (four equal hands, distinct cards).
    Position::new(*hands, Strain::NoTrump, Direction::North).validate()?;
    let n = hands[0].len() as u8;
    solver.tt.next_age();
    for strain in [
        Strain::NoTrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ] {
        let mut guess = n / 2;
        // Leaders East and West first (North and South declaring), then
        // South and North.
        for leader in [1usize, 3, 2, 0] {
            let p = Prepared {
                hands: hands.map(|h| h.bits()),
                trump: super::trump_index(strain),
                leader,
                trick: Vec::new(),
                n: n as usize,
            };
            let ns = solver.exact(&p, 0, n, guess);
            guess = ns;
            let declarer = (leader + 3) & 3;
            out.tricks[declarer][strain as usize] = if declarer & 1 == 0 { ns } else { n - ns };
        }
    }
    Ok(out)
}
