//! Contract bridge: four hands, the auction, the play and duplicate
//! scoring, with the double-dummy solver every bridge program needs.
//!
//! - [`board`]: seats, sides, board numbering (dealer and vulnerability),
//!   dealing a board;
//! - [`contract`]: calls and contracts;
//! - [`auction`]: the calls, the final contract and its declarer;
//! - [`play`]: tricks, dummy, claims;
//! - [`state`]: one board from the deal to the score, in the one shape;
//! - [`scoring`]: duplicate score, IMPs, matchpoints, the result line;
//! - [`solver`]: the double-dummy solver, the deal's table and par;
//! - [`formats`]: the hand diagram, PBN and BBO's LIN.

pub mod auction;
pub mod board;
pub mod contract;
pub mod formats;
pub mod play;
pub mod scoring;
pub mod solver;
pub mod state;

pub use board::{BridgeDeal, Direction, Side, Vulnerability, deal};
pub use formats::text::{diagram, pbn_deal, pbn_record};
pub use state::{Action, Bridge, Event, RuleError, View};
