//! How each level plays: the same engine with different knobs. `normal`
//! is the unexploitative baseline (everyone read as a typical player,
//! balanced bluffs); `hard` reads each opponent from what it has seen and
//! exploits it; `easy` plays fewer hands, bluffs only with draws, bets one
//! size, needs a better hand to bet or call, and reads nothing into what
//! players do after the flop.

/// A level of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Simple but sane.
    Easy,
    /// The balanced baseline.
    Normal,
    /// Reads and exploits its opponents.
    Hard,
}

/// The knobs of a level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// Which level.
    pub level: Level,
    /// Each opponent read from its counts (else as a typical player).
    pub reads: bool,
    /// The share of the typical opening ranges it opens.
    pub open_scale: f64,
    /// Bluffs with re-raises before the flop.
    pub bluff_raises: bool,
    /// How much of the balanced share of bluffs it bluffs after the flop
    /// (draws are bluffed first).
    pub bluffs: f64,
    /// Equity it wants above the line before calling (a cautious
    /// player's margin).
    pub margin: f64,
    /// And before betting or raising for value.
    pub value_margin: f64,
    /// Reads the bets, checks and calls after the flop into the ranges
    /// (else a player's range is what it played before the flop).
    pub read_actions: bool,
    /// One bet size for every spot (a share of the pot), or sizes by
    /// range and board.
    pub fixed_size: Option<f64>,
    /// Deals sampled for an equity after the flop.
    pub samples: u32,
}

impl Style {
    /// The knobs of `level`.
    pub const fn of(level: Level) -> Style {
        match level {
            Level::Easy => Style {
                level,
                reads: false,
                open_scale: 0.7,
                bluff_raises: false,
                bluffs: 0.0,
                margin: 0.03,
                value_margin: 0.12,
                read_actions: false,
                fixed_size: Some(0.5),
                samples: 200,
            },
            Level::Normal => Style {
                level,
                reads: false,
                open_scale: 1.0,
                bluff_raises: true,
                bluffs: 1.0,
                margin: 0.0,
                value_margin: 0.0,
                read_actions: true,
                fixed_size: None,
                samples: 400,
            },
            Level::Hard => Style {
                level,
                reads: true,
                open_scale: 1.0,
                bluff_raises: true,
                bluffs: 1.0,
                margin: 0.0,
                value_margin: 0.0,
                read_actions: true,
                fixed_size: None,
                samples: 500,
            },
        }
    }

    /// Whether this is the exploiting level.
    pub fn exploits(&self) -> bool {
        self.level == Level::Hard
    }
}
