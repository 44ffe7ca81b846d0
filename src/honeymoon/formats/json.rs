//! Deal records as JSON files (`docs/honeymoon-records.md`): the record
//! as serde writes it, with its format and version; read one object, an
//! array or one object a line, each checked by replaying it; and a file of
//! records read whatever its format, JSON or PBN.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::pbn;
use super::record::{DealRecord, RecordError};

/// The `format` field of a JSON record.
pub const FORMAT: &str = "cardgames-honeymoon-deal";
/// The version of the record format this build writes and reads.
pub const VERSION: u32 = 1;
/// The JSON file: the record with its format and version.
#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    format: String,
    version: u32,
    #[serde(flatten)]
    record: T,
}

impl DealRecord {
    /// The record as JSON (one pretty object).
    pub fn to_json(&self) -> String {
        let envelope = Envelope {
            format: FORMAT.to_string(),
            version: VERSION,
            record: self,
        };
        serde_json::to_string_pretty(&envelope).unwrap_or_default()
    }

    /// Reads JSON: one object, an array of them, or one object a line;
    /// every deal checked by replaying it.
    pub fn from_json(text: &str) -> Result<Vec<DealRecord>, RecordError> {
        let values: Vec<serde_json::Value> = match serde_json::from_str(text) {
            Ok(serde_json::Value::Array(items)) => items,
            Ok(v) => vec![v],
            Err(whole) => text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(serde_json::from_str)
                .collect::<Result<_, _>>()
                .map_err(|_| RecordError::Json(whole.to_string()))?,
        };
        let mut out = Vec::new();
        for v in values {
            if v["format"] != FORMAT {
                return Err(RecordError::Json(format!("no \"format\": \"{FORMAT}\"")));
            }
            match v["version"].as_u64() {
                Some(n) if n <= u64::from(VERSION) => {}
                _ => {
                    return Err(RecordError::Json(format!(
                        "a version this build does not read (it reads {VERSION})"
                    )));
                }
            }
            let e: Envelope<DealRecord> =
                serde_json::from_value(v).map_err(|e| RecordError::Json(e.to_string()))?;
            e.record.replay()?;
            out.push(e.record);
        }
        if out.is_empty() {
            return Err(RecordError::Empty);
        }
        Ok(out)
    }
}

/// Reads every deal in a JSON or PBN file (told apart by its first
/// character), each checked by replaying it.
pub fn read_file(path: &Path) -> Result<Vec<DealRecord>, RecordError> {
    let bytes =
        std::fs::read(path).map_err(|e| RecordError::Io(format!("{}: {e}", path.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| RecordError::Io(format!("{}: not UTF-8 text", path.display())))?;
    read_text(&text)
}

/// [`read_file`] for text in hand.
pub fn read_text(text: &str) -> Result<Vec<DealRecord>, RecordError> {
    let mut chars = text.trim_start().chars();
    let first = chars.next();
    // A PBN tag is `[` and a name; a JSON array `[` and a value.
    let tag = chars
        .find(|c| !c.is_whitespace())
        .is_some_and(char::is_alphabetic);
    match first {
        Some('{') => DealRecord::from_json(text),
        Some('[') if !tag => DealRecord::from_json(text),
        Some(_) => pbn::read(text),
        None => Err(RecordError::Empty),
    }
}
