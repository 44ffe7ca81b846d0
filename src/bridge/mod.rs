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
//! - [`formats`]: the hand diagram, PBN and BBO's LIN;
//! - [`setup`], [`session`], [`playable`], [`narration`]: a match of
//!   boards at a table, as the runner plays it;
//! - [`bots`]: the computer players (the bidding system, card play by
//!   rules of thumb and by double-dummy sampling);
//! - [`duplicate`]: a duplicate match between two bots, the bench.

pub mod auction;
pub mod board;
pub mod bots;
pub mod contract;
pub mod duplicate;
pub mod formats;
pub mod narration;
pub mod play;
pub mod playable;
pub mod scoring;
pub mod session;
pub mod setup;
pub mod solver;
pub mod state;

pub use board::{BridgeDeal, Direction, Side, Vulnerability, deal};
pub use formats::text::{diagram, pbn_deal, pbn_record};
pub use session::{ContractBridge, TableEvent, TableView};
pub use setup::Setup;
pub use state::{Action, Bridge, Event, RuleError, View};
