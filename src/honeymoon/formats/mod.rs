//! What honeymoon reads and writes: a finished deal as a record
//! ([`record`]), checked by replaying it ([`replay`]), as JSON ([`json`])
//! and as PBN ([`pbn`]).

pub mod json;
pub mod pbn;
pub mod record;
pub mod replay;

pub use json::{read_file, read_text};
pub use record::{DealRecord, RecordError};
