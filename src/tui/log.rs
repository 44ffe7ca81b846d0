//! The scrolling log beside each game: which lines show, and the keys that
//! scroll it back and forth (new lines bring it back to the end).

use super::keymap::{Binding, Key};

/// The lines to show in `room` rows, `back` lines up from the end (but
/// never past the first line at the top).
pub fn visible(log: &[String], room: usize, back: usize) -> &[String] {
    let end = log.len().saturating_sub(back).max(room.min(log.len()));
    &log[end.saturating_sub(room)..end]
}

/// How far back the log may scroll: up to its first line.
pub fn older(log: &[String], back: usize) -> usize {
    (back + 3).min(log.len().saturating_sub(1))
}

/// Scrolling toward the newest line.
pub fn newer(back: usize) -> usize {
    back.saturating_sub(3)
}

/// The two scrolling keys, bound to a screen's own actions.
pub fn bindings<A>(to_older: A, to_newer: A, back: usize) -> [Binding<A>; 2] {
    [
        Binding::new(
            &[Key::PageUp, Key::Char('[')],
            "",
            "Scroll the log back",
            to_older,
        ),
        Binding::new(
            &[Key::PageDown, Key::Char(']')],
            "",
            "Scroll the log forward",
            to_newer,
        )
        .enabled(back > 0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrolls_within_the_log() {
        let log: Vec<String> = (0..10).map(|i| i.to_string()).collect();
        assert_eq!(visible(&log, 3, 0), ["7", "8", "9"]);
        assert_eq!(visible(&log, 3, 4), ["3", "4", "5"]);
        assert_eq!(visible(&log, 30, 0).len(), 10);
        assert_eq!(visible(&log, 3, 9), ["0", "1", "2"]);
        assert_eq!(older(&log, 8), 9);
        assert_eq!(newer(2), 0);
    }
}
