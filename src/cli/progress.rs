//! The progress bar of the long commands (`sim`, `db build`, a big exact
//! equity, a Monte Carlo equity): on stderr, with the time left, and only
//! when stderr is a terminal, so pipes, files and tests never see it. It
//! draws beside the work and changes nothing the work computes or prints.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of a known number of steps, cleared when dropped.
pub struct Progress(ProgressBar);

impl Progress {
    /// A bar of `total` steps of `what` ("hands", "games", …), drawn on
    /// stderr when stderr is a terminal.
    pub fn on_stderr(total: u64, what: &str) -> Progress {
        Progress::new(total, what, std::io::stderr().is_terminal())
    }

    /// A bar never drawn, for a run too short to need one.
    pub fn hidden(total: u64) -> Progress {
        Progress::new(total, "", false)
    }

    /// A bar drawn on stderr when `shown`, else hidden (it counts and
    /// draws nothing).
    fn new(total: u64, what: &str, shown: bool) -> Progress {
        let target = if shown {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        let template = format!("[{{bar:30}}] {{human_pos}}/{{human_len}} {what}, {{eta}} left");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress(bar)
    }

    /// `n` more steps done (from any thread).
    pub fn done(&self, n: u64) {
        self.0.inc(n);
    }

    /// `n` more steps done, of `total` now expected in all (from any
    /// thread; for work whose length is known only as it goes).
    pub fn done_of(&self, n: u64, total: u64) {
        self.0.set_length(total);
        self.0.inc(n);
    }

    /// Steps done so far.
    #[cfg(test)]
    fn position(&self) -> u64 {
        self.0.position()
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_bar_counts_and_draws_nothing() {
        let bar = Progress::new(10, "hands", false);
        assert!(bar.0.is_hidden());
        bar.done(3);
        bar.done(4);
        assert_eq!(bar.position(), 7);
        bar.done_of(2, 20);
        assert_eq!((bar.position(), bar.0.length()), (9, Some(20)));
    }

    #[test]
    fn the_bar_shows_on_a_terminal_only() {
        // Under `cargo test` stderr is captured, not a terminal.
        let bar = Progress::on_stderr(5, "games");
        assert_eq!(bar.0.is_hidden(), !std::io::stderr().is_terminal());
    }
}
