//! Key bindings as data: every screen declares its keys once, and the key
//! dispatch, the hint bar and the `?` help overlay are all made from that
//! one declaration, so they can never disagree.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::text::{Line, Span};

use super::theme::Theme;

/// One key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A printable character (case matters).
    Char(char),
    /// Control plus a letter.
    Ctrl(char),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Tab.
    Tab,
    /// Backspace.
    Backspace,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
}

impl Key {
    /// True when the event is this key.
    pub fn matches(self, ev: &KeyEvent) -> bool {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        match (self, ev.code) {
            (Key::Ctrl(c), KeyCode::Char(k)) => ctrl && k.eq_ignore_ascii_case(&c),
            (Key::Char(c), KeyCode::Char(k)) => !ctrl && k == c,
            (Key::Enter, KeyCode::Enter) => true,
            (Key::Esc, KeyCode::Esc) => true,
            (Key::Up, KeyCode::Up) => true,
            (Key::Down, KeyCode::Down) => true,
            (Key::Left, KeyCode::Left) => true,
            (Key::Right, KeyCode::Right) => true,
            (Key::Tab, KeyCode::Tab) => true,
            (Key::Backspace, KeyCode::Backspace) => true,
            (Key::PageUp, KeyCode::PageUp) => true,
            (Key::PageDown, KeyCode::PageDown) => true,
            _ => false,
        }
    }

    /// How the key is written in hints and help.
    pub fn label(self) -> String {
        match self {
            Key::Char(' ') => "space".into(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("^{}", c.to_ascii_uppercase()),
            Key::Enter => "enter".into(),
            Key::Esc => "esc".into(),
            Key::Up => "↑".into(),
            Key::Down => "↓".into(),
            Key::Left => "←".into(),
            Key::Right => "→".into(),
            Key::Tab => "tab".into(),
            Key::Backspace => "bksp".into(),
            Key::PageUp => "pgup".into(),
            Key::PageDown => "pgdn".into(),
        }
    }
}

/// One command of a screen: its keys, a short name for the hint bar, a
/// sentence for the help overlay, and the action it triggers.
#[derive(Debug, Clone)]
pub struct Binding<A> {
    /// The keys (the first is the one shown in the hint bar).
    pub keys: Vec<Key>,
    /// A word or two for the hint bar; empty keeps it out of the bar.
    pub hint: &'static str,
    /// What it does, for the help overlay.
    pub help: &'static str,
    /// What it triggers.
    pub action: A,
    /// False when the command exists but cannot be used now (greyed).
    pub enabled: bool,
}

impl<A> Binding<A> {
    /// An enabled binding.
    pub fn new(keys: &[Key], hint: &'static str, help: &'static str, action: A) -> Binding<A> {
        Binding {
            keys: keys.to_vec(),
            hint,
            help,
            action,
            enabled: true,
        }
    }

    /// The same binding, enabled only when `on`.
    pub fn enabled(mut self, on: bool) -> Binding<A> {
        self.enabled = on;
        self
    }
}

/// The action of the first enabled binding that has this key.
pub fn lookup<A: Clone>(bindings: &[Binding<A>], ev: &KeyEvent) -> Option<A> {
    bindings
        .iter()
        .find(|b| b.enabled && b.keys.iter().any(|k| k.matches(ev)))
        .map(|b| b.action.clone())
}

/// A binding with its action erased: what the hint bar and help need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// Key labels joined with `/`.
    pub keys: String,
    /// Hint-bar word(s).
    pub hint: &'static str,
    /// Help sentence.
    pub help: &'static str,
    /// Usable now.
    pub enabled: bool,
}

/// The hints of a list of bindings.
pub fn hints<A>(bindings: &[Binding<A>]) -> Vec<Hint> {
    bindings
        .iter()
        .map(|b| Hint {
            keys: b
                .keys
                .iter()
                .map(|k| k.label())
                .collect::<Vec<_>>()
                .join("/"),
            hint: b.hint,
            help: b.help,
            enabled: b.enabled,
        })
        .collect()
}

/// The hint bar's entries in `width` columns: the index in `hints`, the
/// key shown and the words, for the enabled bindings with a hint. When
/// they do not all fit, the ones before the last give way, last first:
/// the first (help, which lists every key) and the last (the way out)
/// stay.
fn bar_entries(hints: &[Hint], width: u16) -> Vec<(usize, String, &'static str)> {
    let mut entries: Vec<(usize, String, &'static str)> = hints
        .iter()
        .enumerate()
        .filter(|(_, h)| h.enabled && !h.hint.is_empty())
        .map(|(i, h)| {
            let first = h.keys.split('/').next().unwrap_or_default();
            (i, first.to_string(), h.hint)
        })
        .collect();
    let used = |entries: &[(usize, String, &str)]| -> usize {
        let words: usize = entries
            .iter()
            .map(|(_, key, hint)| Span::raw(format!("{key} {hint}")).width())
            .sum();
        words + BAR_GAP.len() * entries.len().saturating_sub(1)
    };
    while entries.len() > 2 && used(&entries) > usize::from(width) {
        entries.remove(entries.len() - 2);
    }
    entries
}

/// The gap between two entries of the hint bar.
const BAR_GAP: &str = "  ";

/// The hint bar in `width` columns: `key name` pairs for the enabled
/// bindings with a hint (see [`bar_entries`] for when they do not fit).
pub fn hint_bar(hints: &[Hint], width: u16, theme: Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (_, key, hint) in bar_entries(hints, width) {
        if !spans.is_empty() {
            spans.push(Span::styled(BAR_GAP, theme.dim()));
        }
        spans.push(Span::styled(key, theme.key()));
        spans.push(Span::styled(format!(" {hint}"), theme.dim()));
    }
    Line::from(spans)
}

/// The entry of the hint bar drawn at column `col` (counted from the
/// bar's first character), as an index in `hints`: a click there is as
/// good as its key.
pub fn hint_at(hints: &[Hint], width: u16, col: u16) -> Option<usize> {
    let col = usize::from(col);
    let mut x = 0;
    for (n, (i, key, hint)) in bar_entries(hints, width).into_iter().enumerate() {
        if n > 0 {
            x += BAR_GAP.len();
        }
        let width = Span::raw(format!("{key} {hint}")).width();
        if (x..x + width).contains(&col) {
            return Some(i);
        }
        x += width;
    }
    None
}

/// The help overlay's lines: every binding, greyed when unavailable.
pub fn help_lines(hints: &[Hint], theme: Theme) -> Vec<Line<'static>> {
    let width = hints
        .iter()
        .map(|h| h.keys.chars().count())
        .max()
        .unwrap_or(0);
    hints
        .iter()
        .map(|h| {
            let style = if h.enabled {
                theme.text()
            } else {
                theme.disabled()
            };
            let keys = format!("{:>width$}", h.keys);
            Line::from(vec![
                Span::styled(
                    keys,
                    if h.enabled {
                        theme.key()
                    } else {
                        theme.disabled()
                    },
                ),
                Span::styled(format!("  {}", h.help), style),
            ])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn lookup_finds_enabled_bindings_only() {
        let b = vec![
            Binding::new(&[Key::Char('f')], "fold", "Fold the hand", 1),
            Binding::new(&[Key::Char('c'), Key::Enter], "call", "Call", 2).enabled(false),
            Binding::new(&[Key::Ctrl('c')], "", "Quit", 3),
        ];
        assert_eq!(
            lookup(&b, &ev(KeyCode::Char('f'), KeyModifiers::NONE)),
            Some(1)
        );
        assert_eq!(lookup(&b, &ev(KeyCode::Enter, KeyModifiers::NONE)), None);
        assert_eq!(
            lookup(&b, &ev(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(3)
        );
        assert_eq!(
            lookup(&b, &ev(KeyCode::Char('f'), KeyModifiers::CONTROL)),
            None
        );
        let h = hints(&b);
        assert_eq!(h[1].keys, "c/enter");
        let bar: String = hint_bar(&h, 80, Theme::new(false, true))
            .spans
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert_eq!(bar, "f fold");
    }

    #[test]
    fn a_bar_too_long_keeps_its_first_and_last_entries() {
        let b = vec![
            Binding::new(&[Key::Char('?')], "help", "Help", 1),
            Binding::new(&[Key::Char('f')], "fold", "Fold", 2),
            Binding::new(&[Key::Char('t')], "chat", "Chat", 3),
            Binding::new(&[Key::Char('o')], "sit out", "Sit out", 4),
            Binding::new(&[Key::Esc], "leave", "Leave", 5),
        ];
        let h = hints(&b);
        let bar = |width| -> String {
            hint_bar(&h, width, Theme::new(false, true))
                .spans
                .iter()
                .map(|s| s.content.to_string())
                .collect()
        };
        let all = "? help  f fold  t chat  o sit out  esc leave";
        assert_eq!(bar(all.len() as u16), all);
        assert_eq!(
            bar(all.len() as u16 - 1),
            "? help  f fold  t chat  esc leave"
        );
        assert_eq!(bar(20), "? help  esc leave");
        assert_eq!(bar(5), "? help  esc leave", "never fewer than two");
        // A click finds the entry drawn there, not the one given way.
        let esc = "? help  f fold  t chat  ".len() as u16;
        assert_eq!(hint_at(&h, all.len() as u16 - 1, esc), Some(4));
        assert_eq!(hint_at(&h, all.len() as u16, esc), Some(3));
    }

    #[test]
    fn a_click_on_the_hint_bar_finds_the_entry_under_it() {
        let b = vec![
            Binding::new(&[Key::Char('f')], "fold", "Fold the hand", 1),
            Binding::new(&[Key::Char('x')], "", "Hidden", 2),
            Binding::new(&[Key::Char('c')], "call", "Call", 3).enabled(false),
            Binding::new(&[Key::Left, Key::Char('h')], "back", "Back", 4),
        ];
        let h = hints(&b);
        // "f fold  ← back": columns 0-5 are fold, 6-7 the gap, 8-13 back.
        let at: Vec<Option<usize>> = (0..15).map(|c| hint_at(&h, 80, c)).collect();
        let fold = Some(0);
        let back = Some(3);
        assert_eq!(
            at,
            [
                fold, fold, fold, fold, fold, fold, None, None, back, back, back, back, back, back,
                None
            ]
        );
    }
}
