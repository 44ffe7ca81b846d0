//! Hand-history files: PHH ([`phh`], the open standard), and the rooms'
//! own text as players' trackers read it — PokerStars and GGPoker
//! ([`stars`]), Winamax ([`winamax`]), iPoker's XML ([`ipoker`]) — each
//! read into a hand record
//! checked against the room's own accounting ([`transcript`]), and
//! written back.

pub mod ipoker;
pub mod phh;
pub mod stars;
mod stars_write;
pub mod transcript;
pub mod winamax;

use crate::holdem::history::{Hands, HistoryError, Replayed};

pub use stars_write::{StarsOptions, write_stars};

/// The formats a history may be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// PHH (`.phh`, or `.phhs` of many hands).
    Phh,
    /// PokerStars hand-history text (any of the languages it writes).
    PokerStars,
    /// GGPoker hand-history text.
    GgPoker,
    /// Winamax hand-history text.
    Winamax,
    /// iPoker XML.
    IPoker,
}

impl Format {
    /// The file extension of one hand (PHH) or of many.
    pub fn extension(self, hands: usize) -> &'static str {
        match (self, hands) {
            (Format::Phh, 1) => "phh",
            (Format::Phh, _) => "phhs",
            (Format::IPoker, _) => "xml",
            _ => "txt",
        }
    }
}

/// Tells the format by content: a room's hand header at the start of a
/// line; anything else is read as PHH.
pub fn detect(text: &str) -> Format {
    if ipoker::is_session(text) {
        return Format::IPoker;
    }
    for line in text.lines() {
        let l = line.trim_start_matches('\u{feff}').trim_start();
        if let Some(site) = stars::site_of_header(l) {
            return site;
        }
        if winamax::is_header(l) {
            return Format::Winamax;
        }
    }
    Format::Phh
}

/// Reads every hand of a text in any format.
pub fn read_any(text: &str) -> Result<Hands, HistoryError> {
    match detect(text) {
        Format::Phh
            if text
                .trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
                .is_empty() =>
        {
            Ok(Vec::new())
        }
        Format::Phh if !text.contains("variant") => Err(HistoryError::Format(
            "not a hand history this reads: PHH, PokerStars, GGPoker or Winamax text, iPoker XML"
                .into(),
        )),
        Format::Phh => phh::read_all(text),
        Format::PokerStars | Format::GgPoker => Ok(stars::read_all(text)),
        Format::Winamax => Ok(winamax::read_all(text)),
        Format::IPoker => ipoker::read_all(text),
    }
}

/// Writes replayed hands in `format`: several hands one after the other
/// as the room's files have them (a `.phhs` for PHH). `hero` names the
/// player whose cards the room's "Dealt to" line shows, when the history
/// knew of none.
pub fn write(
    format: Format,
    hands: &[&Replayed],
    hero: Option<&str>,
) -> Result<String, HistoryError> {
    match format {
        Format::Phh => {
            let records: Vec<_> = hands.iter().map(|h| with_hero(&h.record, hero)).collect();
            Ok(match records.as_slice() {
                [one] => phh::write_record(one),
                all => phh::write_all(all),
            })
        }
        Format::PokerStars | Format::GgPoker => {
            let opts = StarsOptions {
                site: format,
                hero: hero.map(str::to_string),
            };
            let texts: Vec<String> = hands
                .iter()
                .map(|h| write_stars(h, &opts))
                .collect::<Result<_, _>>()?;
            Ok(texts.join("\n\n\n"))
        }
        Format::Winamax => {
            let texts: Vec<String> = hands
                .iter()
                .map(|h| winamax::write(h, hero))
                .collect::<Result<_, _>>()?;
            Ok(texts.join("\n\n"))
        }
        Format::IPoker => ipoker::write(hands, hero),
    }
}

/// The record with `hero` as its hero when it had none.
fn with_hero(
    r: &crate::holdem::history::HandRecord,
    hero: Option<&str>,
) -> crate::holdem::history::HandRecord {
    let mut r = r.clone();
    if r.info.hero.is_none()
        && let Some(h) = hero
    {
        r.info.hero = r.player_named(h);
    }
    r
}
