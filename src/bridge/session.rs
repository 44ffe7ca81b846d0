//! A match of boards at one table ([`ContractBridge`]): the board in play,
//! the boards played with their results, pars and scores, the review of
//! the board just finished (its double-dummy table and par), and what each
//! seat and a spectator may see of it all.
//!
//! The table's seats are numbered as the runner numbers them; seat 2 is
//! the setup's compass seat (the person's on this machine), the others
//! follow it clockwise, so "your seat" turns the table instead of moving
//! the person.

use serde::{Deserialize, Serialize};

use super::board::{Direction, Side, Vulnerability};
use super::scoring::{BoardResult, imps};
use super::setup::{Scoring, Setup};
use super::solver::{DdTable, Par, Solver, par};
use super::state::{Action, Bridge, Event, Phase, RuleError, View};
use crate::cards::CardSet;
use crate::game::{Game, Seat};

/// The table seat that is the setup's compass seat.
pub const HOME: Seat = 2;

/// One board played in the match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scored {
    /// The board's number.
    pub board: u32,
    /// What happened.
    pub result: BoardResult,
    /// The par score from North-South's side (0 when the match scores
    /// total points and boards are not solved).
    pub par: i64,
    /// North-South's score for it in the match's unit (IMPs or
    /// matchpoints against par, or the points).
    pub ns: f64,
}

/// The board just finished, solved: what the review shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Review {
    /// Tricks for each declarer in each strain.
    pub table: DdTable,
    /// The par contracts and score.
    pub par: Par,
}

/// A match of boards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContractBridge {
    setup: Setup,
    seed: u64,
    /// The board in play (or just finished).
    board: Bridge,
    /// Boards of the match dealt so far, this one included.
    dealt: u32,
    /// Results of the finished boards as JSON-stable integers: see
    /// [`ContractBridge::scored`].
    scored: Vec<ScoredRaw>,
    /// The finished board solved.
    review: Option<Review>,
}

/// [`Scored`] kept without floats (the state compares for equality).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct ScoredRaw {
    board: u32,
    result: BoardResult,
    par: i64,
}

/// What happened at the table: a board dealt, what happened on it, and
/// its score once it is over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TableEvent {
    /// A board was dealt (its hands go to each seat's view only).
    Dealt {
        /// The board's number.
        board: u32,
        /// Its dealer.
        dealer: Direction,
        /// Who is vulnerable.
        vulnerability: Vulnerability,
    },
    /// Something happened on the board.
    Board(Event),
    /// The board was scored against its par.
    Scored(Scored),
}

/// What one seat (or a spectator) sees of the match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    /// The board as this seat sees it.
    pub board: View,
    /// Whose view: the compass seat, `None` for a spectator.
    pub me: Option<Direction>,
    /// The compass seat of each table seat.
    pub seats: [Direction; 4],
    /// How the match scores.
    pub scoring: Scoring,
    /// Boards in the match.
    pub boards: u32,
    /// This board's place in the match, from 1.
    pub number: u32,
    /// The boards finished, this one included once it is over.
    pub scored: Vec<Scored>,
    /// The finished board solved (only once it is over).
    pub review: Option<Review>,
}

impl TableView {
    /// North-South's and East-West's totals so far.
    pub fn totals(&self) -> [f64; 2] {
        let ns: f64 = self.scored.iter().map(|s| s.ns).sum();
        match self.scoring {
            Scoring::Matchpoints => [ns, self.scored.len() as f64 - ns],
            _ => [ns, -ns],
        }
    }

    /// The table seat of compass seat `d`.
    pub fn seat_of(&self, d: Direction) -> Seat {
        self.seats.iter().position(|&s| s == d).unwrap_or(0)
    }
}

/// North-South's score for a board in the match's unit.
pub fn unit_score(scoring: Scoring, result: &BoardResult, par: i64) -> f64 {
    match scoring {
        Scoring::Imps => imps(result.ns_score - par) as f64,
        Scoring::Matchpoints => match result.ns_score.cmp(&par) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
        Scoring::Total => result.ns_score as f64,
    }
}

/// Board `board` solved: its double-dummy table and par.
pub fn solve(board: &Bridge) -> Review {
    let mut solver = Solver::new();
    // Thirteen cards in each hand: a dealt board always solves.
    let table = solver.table(&board.deal().hands).unwrap_or(DdTable {
        tricks: [[0; 5]; 4],
    });
    let par = par(&table, board.vulnerability(), board.auction().dealer());
    Review { table, par }
}

/// The seed of board `k` of a match seeded `seed`.
fn board_seed(seed: u64, k: u32) -> u64 {
    seed ^ u64::from(k).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl ContractBridge {
    /// A match of `setup`, its first board dealt from `seed` with number
    /// `first` (which sets dealer and vulnerability).
    pub fn new(setup: Setup, seed: u64, first: u32) -> ContractBridge {
        ContractBridge::with_board(setup, seed, Bridge::dealt(first, board_seed(seed, 0)))
    }

    /// A match whose first board is `board` (a file's or a test's deal).
    pub fn with_board(setup: Setup, seed: u64, board: Bridge) -> ContractBridge {
        ContractBridge {
            setup,
            seed,
            board,
            dealt: 1,
            scored: Vec::new(),
            review: None,
        }
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The board in play.
    pub fn board(&self) -> &Bridge {
        &self.board
    }

    /// The compass seat of table seat `seat`.
    pub fn direction(&self, seat: Seat) -> Direction {
        Direction::from_index((seat + self.setup.seat.index() + 4 - HOME) % 4)
    }

    /// The table seat of compass seat `d`.
    pub fn seat(&self, d: Direction) -> Seat {
        (d.index() + HOME + 4 - self.setup.seat.index()) % 4
    }

    /// The boards finished, with their scores in the match's unit.
    pub fn scored(&self) -> Vec<Scored> {
        self.scored
            .iter()
            .map(|r| Scored {
                board: r.board,
                result: r.result,
                par: r.par,
                ns: unit_score(self.setup.scoring, &r.result, r.par),
            })
            .collect()
    }

    /// Whether the match is over: its last board finished.
    pub fn match_over(&self) -> bool {
        self.board.outcome().is_some() && self.scored.len() as u32 >= self.setup.boards
    }

    /// The finished board solved, when it is over.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// Solves the finished board and records its result.
    fn score_board(&mut self, result: BoardResult) {
        let deal = self.board.deal();
        let mut solver = Solver::with_memory(16 << 20);
        // Thirteen cards in each hand: a dealt board always solves.
        let table = solver.table(&deal.hands).unwrap_or(DdTable {
            tricks: [[0; 5]; 4],
        });
        let par = par(
            &table,
            self.board.vulnerability(),
            self.board.auction().dealer(),
        );
        self.scored.push(ScoredRaw {
            board: deal.board,
            result,
            par: par.score,
        });
        self.review = Some(Review { table, par });
    }

    /// The next board of the match, or the first of a new match when this
    /// one is over.
    pub fn deal_next(&mut self) -> Result<(), RuleError> {
        if self.board.outcome().is_none() {
            return Err(RuleError::WrongPhase(Action::Claim(0)));
        }
        if self.match_over() {
            *self = ContractBridge::new(self.setup, self.seed.wrapping_add(1), 1);
            return Ok(());
        }
        let number = self.board.deal().board + 1;
        self.board = Bridge::dealt(number, board_seed(self.seed, self.dealt));
        self.dealt += 1;
        self.review = None;
        Ok(())
    }

    /// The event that tells the board in play was dealt.
    pub fn dealt_event(&self) -> TableEvent {
        TableEvent::Dealt {
            board: self.board.deal().board,
            dealer: self.board.auction().dealer(),
            vulnerability: self.board.vulnerability(),
        }
    }

    /// The view of compass seat `me` (`None`: a spectator, who sees dummy
    /// once faced and the played cards, everything once the board is over).
    pub fn table_view(&self, me: Option<Direction>) -> TableView {
        let mut board = self.board.view(me.unwrap_or(Direction::North).index());
        if me.is_none() && board.phase != Phase::Over {
            let dummy = self
                .board
                .play()
                .filter(|p| p.dummy_faced())
                .map(|p| p.contract().dummy());
            for d in Direction::ALL {
                if Some(d) != dummy {
                    board.hands[d.index()] = CardSet::EMPTY;
                }
            }
        }
        let over = board.phase == Phase::Over;
        TableView {
            board,
            me,
            seats: std::array::from_fn(|s| self.direction(s)),
            scoring: self.setup.scoring,
            boards: self.setup.boards,
            number: self.dealt,
            scored: self.scored(),
            review: self.review.clone().filter(|_| over),
        }
    }

    /// Cards only compass seat `d` may know now: its hand, unless it is
    /// dummy faced or the board is over.
    pub fn secret_hand(&self, d: Direction) -> CardSet {
        if self.board.outcome().is_some() {
            return CardSet::EMPTY;
        }
        match self.board.play() {
            Some(p) if p.dummy_faced() && p.contract().dummy() == d => CardSet::EMPTY,
            Some(p) => p.hands()[d.index()],
            None => self.board.deal().hands[d.index()],
        }
    }
}

impl Game for ContractBridge {
    type Action = Action;
    type Event = TableEvent;
    type Error = RuleError;
    type View = TableView;
    type Outcome = BoardResult;

    fn to_act(&self) -> Option<Seat> {
        self.board.to_act_seat().map(|d| self.seat(d))
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.board.legal_actions()
    }

    fn apply(&mut self, action: Action) -> Result<Vec<TableEvent>, RuleError> {
        let events = self.board.apply(action)?;
        let over = match events.last() {
            Some(Event::Over(result)) => Some(*result),
            _ => None,
        };
        let mut out: Vec<TableEvent> = events.into_iter().map(TableEvent::Board).collect();
        if let Some(result) = over {
            self.score_board(result);
            if let Some(s) = self.scored().pop() {
                out.push(TableEvent::Scored(s));
            }
        }
        Ok(out)
    }

    fn view(&self, seat: Seat) -> TableView {
        self.table_view(Some(self.direction(seat)))
    }

    fn outcome(&self) -> Option<BoardResult> {
        self.board.outcome()
    }
}

/// The side of table seat `seat` in `game`.
pub fn side_of(game: &ContractBridge, seat: Seat) -> Side {
    game.direction(seat).side()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(game: &mut ContractBridge, calls: &str) {
        for c in calls.split_whitespace() {
            let call = c.parse().unwrap_or_else(|e| panic!("{e}"));
            game.apply(Action::Call(call))
                .unwrap_or_else(|e| panic!("{c}: {e}"));
        }
    }

    #[test]
    fn the_home_seat_is_the_setups_compass_seat() {
        for d in Direction::ALL {
            let game = ContractBridge::new(
                Setup {
                    seat: d,
                    ..Setup::default()
                },
                1,
                1,
            );
            assert_eq!(game.direction(HOME), d);
            for s in 0..4 {
                assert_eq!(game.seat(game.direction(s)), s);
            }
            // Board 1: North deals and acts first.
            assert_eq!(game.to_act(), Some(game.seat(Direction::North)));
            assert_eq!(game.view(HOME).board.seat, d);
        }
    }

    #[test]
    fn a_passed_out_board_scores_against_par_and_the_match_goes_on() {
        let setup = Setup {
            boards: 2,
            scoring: Scoring::Imps,
            ..Setup::default()
        };
        let mut game = ContractBridge::new(setup, 5, 1);
        call(&mut game, "P P P P");
        let review = game.review().cloned().unwrap_or_else(|| panic!("solved"));
        let scored = game.scored();
        assert_eq!(scored.len(), 1);
        assert_eq!(scored[0].par, review.par.score);
        assert_eq!(scored[0].ns, imps(-review.par.score) as f64);
        assert!(!game.match_over());
        let first = game.board().deal().clone();
        game.deal_next().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.board().deal().board, 2);
        assert_ne!(game.board().deal().hands, first.hands);
        assert!(game.review().is_none());
        call(&mut game, "P P P P");
        assert!(game.match_over());
        game.deal_next().unwrap_or_else(|e| panic!("{e}"));
        assert!(game.scored().is_empty(), "a new match");
    }

    #[test]
    fn a_spectator_sees_dummy_after_the_lead_and_nothing_else() {
        let mut game = ContractBridge::new(Setup::default(), 3, 1);
        call(&mut game, "1NT P P P");
        let seen = game.table_view(None);
        assert!(seen.board.hands.iter().all(|h| h.is_empty()));
        let lead = game.legal_actions()[0];
        game.apply(lead).unwrap_or_else(|e| panic!("{e}"));
        let seen = game.table_view(None);
        // North declares: South is dummy.
        for d in Direction::ALL {
            assert_eq!(
                seen.board.hands[d.index()].len(),
                if d == Direction::South { 13 } else { 0 }
            );
        }
        assert!(game.secret_hand(Direction::South).is_empty());
        assert_eq!(game.secret_hand(Direction::East).len(), 12);
    }
}
