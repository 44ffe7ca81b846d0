//! A duplicate match between two bots, as a team game is played: each
//! board at two tables, bot A North-South at the first and East-West at
//! the second, so both pairs hold the same cards; the board's IMPs for A
//! come from the two scores. Beside the IMPs it measures how often each
//! pair's contract is a par contract and how many double-dummy tricks
//! each pair's cards cost on average (0 for a perfect card).

use rayon::prelude::*;
use serde::Serialize;

use super::board::Side;
use super::bots::make_bot;
use super::contract::Contract;
use super::scoring::imps;
use super::session::ContractBridge;
use super::setup::Setup;
use super::solver::{DdTable, Solver, par};
use super::state::{Action, Bridge};
use crate::game::{BoxBot, Game, rng_from_seed};

/// One board of a duplicate match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardOutcome {
    /// The board's number.
    pub board: u32,
    /// North-South's score at each table (A North-South at the first).
    pub ns: [i64; 2],
    /// The contracts, as `4S N`, `Pass`.
    pub contracts: [String; 2],
    /// A's IMPs on the board.
    pub imps: i64,
    /// Whether each table's contract is a par contract (same level,
    /// strain and declaring side).
    pub par_contract: [bool; 2],
    /// Each pair's double-dummy tricks lost, and cards played (A, B).
    pub dd_loss: [(u32, u32); 2],
}

/// A duplicate match's summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Bot A.
    pub a: String,
    /// Bot B.
    pub b: String,
    /// Boards played.
    pub boards: usize,
    /// A's mean IMPs per board.
    pub imps_per_board: f64,
    /// Half-width of the 95% interval of the mean.
    pub ci95: f64,
    /// How often a table's final contract was a par contract.
    pub par_rate: f64,
    /// Average double-dummy tricks lost per card (A, B).
    pub dd_loss: [f64; 2],
}

/// Plays `board` with the bots in `seats` (North … West), measuring each
/// card's double-dummy cost; returns the finished board and each side's
/// (tricks lost, cards played).
pub fn play_board(
    mut board: Bridge,
    seats: &mut [BoxBot<ContractBridge>; 4],
    seed: u64,
    solver: &mut Solver,
) -> Result<(Bridge, [(u32, u32); 2]), String> {
    let mut rng = rng_from_seed(seed);
    let mut loss = [(0u32, 0u32); 2];
    while let Some(seat) = board.to_act() {
        // The bots see the board as a one-board match would show it.
        let view = ContractBridge::with_board(Setup::default(), seed, board.clone()).view(seat);
        let action = seats[seat].choose(&view, &mut rng);
        if let (Action::Play(card), Some(play)) = (action, board.play()) {
            let pos = play.position();
            if let Ok(a) = solver.analyse(&pos) {
                let side = pos.to_play().side().index();
                let best = a.tricks[side];
                let got = a
                    .cards
                    .iter()
                    .find(|c| c.card == card)
                    .map_or(best, |c| c.tricks[side]);
                loss[side].0 += u32::from(best - got.min(best));
                loss[side].1 += 1;
            }
        }
        board
            .apply(action)
            .map_err(|e| format!("{} chose {action:?}: {e}", seats[seat].name()))?;
    }
    Ok((board, loss))
}

/// Whether `contract` is one of the par contracts (level, strain and
/// declaring side; doubling aside). A passed-out board is par when the
/// par is to pass it out.
fn is_par(contract: Option<Contract>, pars: &[String]) -> bool {
    match contract {
        None => pars.is_empty(),
        Some(c) => pars
            .iter()
            .filter_map(|p| p.parse::<Contract>().ok())
            .any(|p| p.bid == c.bid && p.declarer.side() == c.declarer.side()),
    }
}

/// The four bots of a table: `ns` North and South, `ew` East and West.
fn table(ns: &str, ew: &str) -> Result<[BoxBot<ContractBridge>; 4], String> {
    let make = |n: &str| make_bot(n).ok_or_else(|| format!("no bridge bot called {n:?}"));
    Ok([make(ns)?, make(ew)?, make(ns)?, make(ew)?])
}

/// Board `k` of a match seeded `seed`: number `k + 1`, so dealer and
/// vulnerability go round.
pub fn board(seed: u64, k: u32) -> Bridge {
    Bridge::dealt(
        k % 16 + 1,
        seed ^ u64::from(k).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    )
}

/// Plays board `k` at both tables.
pub fn play_both(a: &str, b: &str, seed: u64, k: u32) -> Result<BoardOutcome, String> {
    let deal = board(seed, k);
    let mut solver = Solver::with_memory(16 << 20);
    let table_seed = |t: u64| seed.rotate_left(21) ^ (u64::from(k) << 1 | t);
    let (one, loss1) = play_board(deal.clone(), &mut table(a, b)?, table_seed(0), &mut solver)?;
    let (two, loss2) = play_board(deal.clone(), &mut table(b, a)?, table_seed(1), &mut solver)?;
    let dd: DdTable = solver
        .table(&deal.deal().hands)
        .map_err(|e| e.to_string())?;
    let p = par(&dd, deal.vulnerability(), deal.auction().dealer());
    let ns = [&one, &two].map(|t| t.outcome().map_or(0, |r| r.ns_score));
    let contract_text = |t: &Bridge| {
        t.outcome()
            .and_then(|r| r.contract)
            .map_or("Pass".to_string(), |c| c.to_string())
    };
    let ns_a = Side::NS.index();
    let ew = Side::EW.index();
    Ok(BoardOutcome {
        board: deal.deal().board,
        ns,
        contracts: [contract_text(&one), contract_text(&two)],
        imps: imps(ns[0] - ns[1]),
        par_contract: [&one, &two]
            .map(|t| is_par(t.outcome().and_then(|r| r.contract), &p.contracts)),
        // A is North-South at table one, East-West at table two.
        dd_loss: [
            (loss1[ns_a].0 + loss2[ew].0, loss1[ns_a].1 + loss2[ew].1),
            (loss1[ew].0 + loss2[ns_a].0, loss1[ew].1 + loss2[ns_a].1),
        ],
    })
}

/// A duplicate match of `boards` boards between bots `a` and `b`, seeded
/// `seed`, calling `each` with every board as it is finished.
pub fn run(
    a: &str,
    b: &str,
    boards: u32,
    seed: u64,
    each: impl Fn(&BoardOutcome) + Sync,
) -> Result<(Summary, Vec<BoardOutcome>), String> {
    table(a, b)?;
    let outcomes: Vec<BoardOutcome> = (0..boards)
        .into_par_iter()
        .map(|k| {
            let o = play_both(a, b, seed, k)?;
            each(&o);
            Ok(o)
        })
        .collect::<Result<_, String>>()?;
    Ok((summarise(a, b, &outcomes), outcomes))
}

/// The summary of a match's boards.
pub fn summarise(a: &str, b: &str, outcomes: &[BoardOutcome]) -> Summary {
    let n = outcomes.len().max(1) as f64;
    let mean = outcomes.iter().map(|o| o.imps as f64).sum::<f64>() / n;
    let var = outcomes
        .iter()
        .map(|o| (o.imps as f64 - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let par_hits = outcomes
        .iter()
        .map(|o| o.par_contract.iter().filter(|&&p| p).count())
        .sum::<usize>();
    let loss = |i: usize| {
        let (l, c) = outcomes.iter().fold((0u32, 0u32), |(l, c), o| {
            (l + o.dd_loss[i].0, c + o.dd_loss[i].1)
        });
        f64::from(l) / f64::from(c.max(1))
    };
    Summary {
        a: a.into(),
        b: b.into(),
        boards: outcomes.len(),
        imps_per_board: mean,
        ci95: 1.96 * (var / n).sqrt(),
        par_rate: par_hits as f64 / (2.0 * n),
        dd_loss: [loss(0), loss(1)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_bot_against_itself_passes_every_board_out_at_par_or_not() {
        let (s, boards) = run("pass", "pass", 1, 7, |_| {}).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.boards, 1);
        for o in &boards {
            assert_eq!(o.ns, [0, 0]);
            assert_eq!(o.imps, 0);
            assert_eq!(o.contracts, ["Pass".to_string(), "Pass".to_string()]);
            assert_eq!(o.dd_loss, [(0, 0), (0, 0)]);
        }
        assert_eq!(s.imps_per_board, 0.0);
    }

    #[test]
    fn the_same_bot_at_both_tables_scores_the_same_with_the_same_seeds() {
        let o = play_both("easy", "easy", 3, 0).unwrap_or_else(|e| panic!("{e}"));
        let again = play_both("easy", "easy", 3, 0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o, again, "seeded: the same board twice");
        // The same deterministic bots at both tables: the same contract
        // and result, so no IMPs change hands.
        assert_eq!(o.contracts[0], o.contracts[1]);
        assert_eq!(o.ns[0], o.ns[1]);
        assert_eq!(o.imps, 0);
        assert!(o.dd_loss[0].1 + o.dd_loss[1].1 > 0 || o.contracts[0] == "Pass");
    }

    #[test]
    fn par_contracts_match_by_level_strain_and_side() {
        let c: Contract = "4S N".parse().unwrap_or_else(|e| panic!("{e}"));
        assert!(is_par(Some(c), &["4SX S".into()]));
        assert!(!is_par(Some(c), &["4S E".into()]));
        assert!(!is_par(Some(c), &[]));
        assert!(is_par(None, &[]));
    }
}
