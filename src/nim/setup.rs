//! A game of Nim's setup: how many stones the heap starts with.

use serde::{Deserialize, Serialize};

use crate::form::{Choices, Field, Form, SetupError, unknown};

/// The heap sizes offered.
const HEAPS: [u32; 3] = [7, 10, 21];

/// The stones a heap starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// Stones in the heap at the start of each game.
    pub heap: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup { heap: 10 }
    }
}

impl Form for Setup {
    fn fields(&self) -> Vec<Field> {
        vec![Choices::of(&HEAPS, &self.heap).field("heap", "Stones", |h| h.to_string())]
    }

    fn choose(&mut self, key: &str, index: usize) -> Result<(), SetupError> {
        match key {
            "heap" => self.heap = Choices::of(&HEAPS, &self.heap).get(key, index)?,
            _ => return Err(unknown(key)),
        }
        Ok(())
    }
}
