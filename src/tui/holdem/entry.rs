//! The bet box: an amount typed or chosen by preset (the minimum, half the
//! pot, the pot, all in, a big blind more or less), checked against the
//! legal range before it is played. The box opens on the minimum, and the
//! first digit typed replaces it.

use ratatui::text::{Line, Span};

use super::super::keymap::{self, Binding};
use super::super::table::Reply;
use super::super::theme::Theme;
use cardgames::holdem::action::{Action, Legal};
use cardgames::holdem::bots::pot_fraction_to;
use cardgames::holdem::hand::HandState;
use cardgames::holdem::pots::Chips;

/// The bet box's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A digit.
    Digit(u8),
    /// Delete a digit.
    Backspace,
    /// The minimum.
    Min,
    /// Half the pot.
    HalfPot,
    /// The pot.
    Pot,
    /// Every chip.
    AllIn,
    /// One big blind more.
    More,
    /// One big blind less.
    Less,
    /// Bet or raise to the amount shown.
    Confirm,
    /// Close the box.
    Cancel,
}

/// An amount being chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    text: String,
    /// Shown, not typed: the next digit replaces it.
    preset: bool,
}

impl Entry {
    /// The box opened on `amount`.
    pub fn new(amount: Chips) -> Entry {
        Entry {
            text: amount.to_string(),
            preset: true,
        }
    }

    fn set(&mut self, amount: Chips) {
        *self = Entry::new(amount);
    }

    fn amount(&self) -> Option<Chips> {
        self.text.parse().ok()
    }

    /// The box's keys.
    pub fn bindings(&self, _legal: &Legal) -> Vec<Binding<Key>> {
        use keymap::Key as K;
        let mut b: Vec<Binding<Key>> = (0..10u8)
            .map(|d| {
                Binding::new(
                    &[K::Char(char::from(b'0' + d))],
                    "",
                    "Type the amount",
                    Key::Digit(d),
                )
            })
            .collect();
        b.extend([
            Binding::new(&[K::Backspace], "", "Delete a digit", Key::Backspace),
            Binding::new(&[K::Char('m')], "", "The minimum", Key::Min),
            Binding::new(&[K::Char('h')], "", "Half the pot", Key::HalfPot),
            Binding::new(&[K::Char('p')], "", "The pot", Key::Pot),
            Binding::new(&[K::Char('a')], "", "All in", Key::AllIn),
            Binding::new(&[K::Up, K::Char('+')], "", "One big blind more", Key::More),
            Binding::new(
                &[K::Down, K::Char('-')],
                "",
                "One big blind less",
                Key::Less,
            ),
            Binding::new(
                &[K::Enter],
                "confirm",
                "Bet or raise to the amount shown",
                Key::Confirm,
            ),
            Binding::new(&[K::Esc], "cancel", "Close the bet box", Key::Cancel),
        ]);
        b
    }

    /// Carries out a key; a confirmed amount in range is the action.
    pub fn key(&mut self, key: Key, state: &HandState, legal: &Legal) -> Reply<Action> {
        let Some((lo, hi)) = legal.raise else {
            return Reply::Done;
        };
        let bb = state.blinds().big;
        match key {
            Key::Digit(d) => {
                if self.preset || self.text == "0" {
                    self.text.clear();
                    self.preset = false;
                }
                if self.text.len() < 9 {
                    self.text.push(char::from(b'0' + d));
                }
            }
            Key::Backspace => {
                self.preset = false;
                self.text.pop();
            }
            Key::Min => self.set(lo),
            Key::HalfPot => self.set(pot_fraction_to(state, legal, 0.5).unwrap_or(lo)),
            Key::Pot => self.set(pot_fraction_to(state, legal, 1.0).unwrap_or(lo)),
            Key::AllIn => self.set(hi),
            Key::More => self.set(self.amount().unwrap_or(lo).saturating_add(bb).clamp(lo, hi)),
            Key::Less => self.set(self.amount().unwrap_or(lo).saturating_sub(bb).clamp(lo, hi)),
            Key::Cancel => {}
            Key::Confirm => {
                return match self.amount() {
                    Some(x) if (lo..=hi).contains(&x) => Reply::Act(Action::RaiseTo(x)),
                    _ => Reply::Error(format!("the amount must be {lo} to {hi}")),
                };
            }
        }
        Reply::Done
    }

    /// The box as the line under the table.
    pub fn line(&self, state: &HandState, legal: &Legal, theme: Theme) -> Line<'static> {
        let (lo, hi) = legal.raise.unwrap_or((0, 0));
        let what = if state.current_bet() == 0 {
            "Bet "
        } else {
            "Raise to "
        };
        Line::from(vec![
            Span::styled(what, theme.title()),
            Span::styled(format!("[{:>6}]", self.text), theme.selected()),
            Span::styled(
                format!("  {lo}–{hi}  m min · h ½pot · p pot · a all-in · ↑↓ ±bb"),
                theme.dim(),
            ),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardgames::holdem::session::Holdem;
    use cardgames::holdem::setup::Setup;

    #[test]
    fn typing_replaces_the_preset_and_confirm_checks_the_range() {
        let s = Holdem::new(&Setup::default(), 3).unwrap_or_else(|e| panic!("{e}"));
        let st = s.table().state();
        let legal = st.legal().unwrap_or_else(|| panic!("someone to act"));
        let (lo, hi) = legal.raise.unwrap_or_else(|| panic!("a raise"));
        let mut e = Entry::new(lo);
        for d in [8, 0] {
            e.key(Key::Digit(d), st, &legal);
        }
        assert_eq!(e.text, "80", "the first digit replaced the minimum");
        assert_eq!(
            e.key(Key::Confirm, st, &legal),
            Reply::Act(Action::RaiseTo(80))
        );
        e.key(Key::Digit(9), st, &legal);
        assert_eq!(e.text, "809", "later digits append");
        e.key(Key::AllIn, st, &legal);
        e.key(Key::More, st, &legal);
        assert_eq!(e.amount(), Some(hi), "more stops at all in");
        let mut tiny = Entry::new(lo);
        tiny.key(Key::Digit(1), st, &legal);
        assert!(matches!(
            tiny.key(Key::Confirm, st, &legal),
            Reply::Error(_)
        ));
    }
}
