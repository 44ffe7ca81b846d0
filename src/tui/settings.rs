//! The user's settings, kept in the config file (edited on
//! [`super::settings_screen`]).

use serde::{Deserialize, Serialize};

use cardgames::game::Level;

/// The user's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Suits as letters.
    pub ascii: bool,
    /// Colour (off anyway under `NO_COLOR`).
    pub color: bool,
    /// AI strength for new games.
    pub level: Level,
    /// Pause between computer moves, in milliseconds.
    pub bot_delay_ms: u32,
    /// Ask before going all in with one key at the Hold'em table.
    pub confirm_all_in: bool,
    /// Ask before leaving the Hold'em table in the middle of a hand.
    pub confirm_leave: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            ascii: false,
            color: true,
            level: Level::Normal,
            bot_delay_ms: 400,
            confirm_all_in: false,
            confirm_leave: true,
        }
    }
}
