//! Setup forms as data: a game's setup lists its options, each with the
//! choices it offers, so that every front end (the screen's setup form,
//! the hall's create-table form, the browser's start page) shows and
//! edits the same options the same way. The command line sets the same
//! setup types from flags, where any valid value goes, not just these
//! choices.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

/// A setup that cannot be played, or a value that is not one of its
/// choices: one line saying what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// One option of a form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// Its name in messages and the protocol (`stack`).
    pub key: String,
    /// What a person reads (`Starting stack`).
    pub label: String,
    /// The choices, as shown.
    pub choices: Vec<String>,
    /// The chosen one.
    pub selected: usize,
}

/// A setup that can be edited as a form.
pub trait Form {
    /// The options, in order, each with the current choice.
    fn fields(&self) -> Vec<Field>;

    /// Sets option `key` to its choice `index`; an unknown key or index is
    /// an error and changes nothing.
    fn choose(&mut self, key: &str, index: usize) -> Result<(), SetupError>;

    /// Moves option `key` one choice on (or back), wrapping around.
    fn step(&mut self, key: &str, forward: bool) -> Result<(), SetupError> {
        let fields = self.fields();
        let field = fields
            .iter()
            .find(|f| f.key == key)
            .ok_or_else(|| unknown(key))?;
        let n = field.choices.len().max(1);
        let next = if forward {
            (field.selected + 1) % n
        } else {
            (field.selected + n - 1) % n
        };
        self.choose(key, next)
    }
}

/// The error for an option no form has.
pub fn unknown(key: &str) -> SetupError {
    SetupError(format!("no option {key:?}"))
}

/// The choices of one option: the preset values, and the current value
/// among them (added in its place when it is not one of them).
#[derive(Debug, Clone)]
pub struct Choices<T> {
    values: Vec<T>,
    selected: usize,
}

impl<T: Clone + PartialEq> Choices<T> {
    /// `presets` with `current` chosen; `current` is inserted before the
    /// first preset that `after` says comes after it (at the end if none).
    pub fn new(presets: &[T], current: &T, after: impl Fn(&T, &T) -> bool) -> Choices<T> {
        let mut values = presets.to_vec();
        let selected = match values.iter().position(|v| v == current) {
            Some(i) => i,
            None => {
                let at = values
                    .iter()
                    .position(|v| after(v, current))
                    .unwrap_or(values.len());
                values.insert(at, current.clone());
                at
            }
        };
        Choices { values, selected }
    }

    /// Choices with nothing to insert (`current` is always a preset, or
    /// goes last).
    pub fn of(presets: &[T], current: &T) -> Choices<T> {
        Choices::new(presets, current, |_, _| false)
    }

    /// The form field, each value shown by `show`.
    pub fn field(&self, key: &str, label: &str, show: impl Fn(&T) -> String) -> Field {
        Field {
            key: key.into(),
            label: label.into(),
            choices: self.values.iter().map(show).collect(),
            selected: self.selected,
        }
    }

    /// The value at `index`.
    pub fn get(&self, key: &str, index: usize) -> Result<T, SetupError> {
        self.values
            .get(index)
            .cloned()
            .ok_or_else(|| SetupError(format!("option {key:?} has no choice {index}")))
    }
}

/// The value named `text` (any case) among `named`, or an error naming
/// `what` and listing the names.
pub fn pick<T: Copy>(text: &str, what: &str, named: &[(&str, T)]) -> Result<T, SetupError> {
    named
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(text.trim()))
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let names: Vec<&str> = named.iter().map(|&(n, _)| n).collect();
            SetupError(format!(
                "unknown {what} {text:?}: choose {}",
                or_list(&names)
            ))
        })
}

/// "a, b or c".
pub fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Choices for a number from `lo` to `hi`.
pub fn range<T: Copy + PartialOrd + Display>(
    lo: T,
    hi: T,
    current: T,
    next: fn(T) -> T,
) -> Choices<T> {
    let mut presets = Vec::new();
    let mut v = lo;
    while v <= hi {
        presets.push(v);
        v = next(v);
    }
    Choices::new(&presets, &current, |a, b| a > b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_odd_value_is_kept_in_order() {
        let c = Choices::new(&[200u64, 500, 1000], &700, |a, b| a > b);
        let f = c.field("stack", "Stack", |v| v.to_string());
        assert_eq!(f.choices, ["200", "500", "700", "1000"]);
        assert_eq!(f.selected, 2);
        assert_eq!(c.get("stack", 3), Ok(1000));
        assert!(c.get("stack", 4).is_err());
        let r = range(2u8, 4, 3, |x| x + 1);
        assert_eq!(
            r.field("p", "P", |v| v.to_string()).choices,
            ["2", "3", "4"]
        );
    }
}
