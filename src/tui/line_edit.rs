//! A line of text being typed (a chat line): printable keys add to it,
//! backspace takes back, enter finishes, esc cancels.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use cardgames::wire::protocol::MAX_CHAT;

/// What a key did to the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Still typing.
    Typing,
    /// Finished: the text (trimmed; empty when nothing was typed).
    Done(String),
    /// Given up.
    Cancelled,
}

/// A line being typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineEdit {
    text: String,
}

impl LineEdit {
    /// A line that already holds `text`.
    pub fn with(text: &str) -> LineEdit {
        LineEdit { text: text.into() }
    }

    /// The text so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Takes a key.
    pub fn key(&mut self, key: &KeyEvent) -> Edit {
        match key.code {
            KeyCode::Enter => Edit::Done(std::mem::take(&mut self.text).trim().to_string()),
            KeyCode::Esc => Edit::Cancelled,
            KeyCode::Backspace => {
                self.text.pop();
                Edit::Typing
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                if self.text.chars().count() < MAX_CHAT {
                    self.text.push(c);
                }
                Edit::Typing
            }
            _ => Edit::Typing,
        }
    }

    /// Feeds `key` to the line being typed in `slot`: the line is dropped
    /// once finished or given up. The text when finished with something
    /// typed; `None` otherwise.
    pub fn type_into(slot: &mut Option<LineEdit>, key: &KeyEvent) -> Option<String> {
        match slot.as_mut()?.key(key) {
            Edit::Typing => None,
            Edit::Cancelled => {
                *slot = None;
                None
            }
            Edit::Done(text) => {
                *slot = None;
                (!text.is_empty()).then_some(text)
            }
        }
    }

    /// The status line while typing, after `label` ("Say").
    pub fn prompt(&self, label: &str) -> String {
        format!("{label}: {}▏ (enter sends, esc cancels)", self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn typing_a_line() {
        let mut e = LineEdit::default();
        for c in "hi  x".chars() {
            assert_eq!(e.key(&k(KeyCode::Char(c))), Edit::Typing);
        }
        e.key(&k(KeyCode::Backspace));
        assert_eq!(e.key(&k(KeyCode::Enter)), Edit::Done("hi".into()));
        assert_eq!(e.key(&k(KeyCode::Esc)), Edit::Cancelled);
    }

    #[test]
    fn a_line_typed_into_a_slot_is_dropped_when_finished() {
        let mut slot = Some(LineEdit::default());
        assert_eq!(LineEdit::type_into(&mut slot, &k(KeyCode::Char('a'))), None);
        assert!(slot.is_some());
        assert_eq!(
            LineEdit::type_into(&mut slot, &k(KeyCode::Enter)),
            Some("a".into())
        );
        assert!(slot.is_none());
        slot = Some(LineEdit::default());
        assert_eq!(LineEdit::type_into(&mut slot, &k(KeyCode::Enter)), None);
        assert!(slot.is_none(), "nothing typed: finished all the same");
        slot = Some(LineEdit::with("x"));
        assert_eq!(LineEdit::type_into(&mut slot, &k(KeyCode::Esc)), None);
        assert!(slot.is_none());
        assert_eq!(LineEdit::type_into(&mut slot, &k(KeyCode::Enter)), None);
    }
}
