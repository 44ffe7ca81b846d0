//! How a command prints its results: one flattened clap struct shared by
//! every result-printing command, so each takes `--format F` and the
//! shorthand `--json` (the same as `--format json`) alike.

use clap::{Args, ValueEnum};

/// A command's output formats: text by default, and always JSON.
pub trait Formats: ValueEnum + Clone + Send + Sync + 'static {
    /// The default, for people.
    const TEXT: Self;
    /// What `--json` chooses.
    const JSON: Self;
}

/// `--format F` and `--json`; giving both is an error.
#[derive(Debug, Args)]
pub struct Output<F: Formats = Plain> {
    /// Print JSON (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    json: bool,

    /// Output format [default: text].
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<F>,
}

impl<F: Formats> Output<F> {
    /// The format chosen.
    pub fn format(&self) -> F {
        if self.json {
            F::JSON
        } else {
            self.format.clone().unwrap_or(F::TEXT)
        }
    }
}

impl Output {
    /// Whether JSON was asked for, by `--json` or `--format json`.
    pub fn json(&self) -> bool {
        matches!(self.format(), Plain::Json)
    }
}

/// The formats of a command that prints text or JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Plain {
    /// Text for people.
    Text,
    /// JSON: one object, or one object per line when there are many items.
    Json,
}

impl Formats for Plain {
    const TEXT: Self = Plain::Text;
    const JSON: Self = Plain::Json;
}
