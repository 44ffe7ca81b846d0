//! How the honeymoon board writes the game's words: a seat's name and
//! initial, a strain, a bid, a call and a contract (`4♠`, `1♦X`, `3NTXX`),
//! each in the theme's suits.

use crate::tui::link::Seen;
use crate::tui::theme::Theme;
use cardgames::game::Seat;
use cardgames::honeymoon::{Bid, Call, Contract, Honeymoon, Strain};

pub(super) fn seat_word(seen: &Seen<Honeymoon>, seat: Seat) -> String {
    seen.name(seat)
}

/// A seat's initial.
pub(super) fn short_name(seen: &Seen<Honeymoon>, seat: Seat) -> char {
    seat_word(seen, seat).chars().next().unwrap_or('?')
}

pub(super) fn strain_text(strain: Strain, theme: Theme) -> String {
    match strain.trump() {
        Some(s) => theme.suit_text(s),
        None => "NT".into(),
    }
}

pub(super) fn bid_text(bid: Bid, theme: Theme) -> String {
    format!("{}{}", bid.level, strain_text(bid.strain, theme))
}

/// A contract's bid and doubling: `4♠`, `1♦X`, `3NTXX`.
pub(super) fn contract_text(c: Contract, theme: Theme) -> String {
    format!("{}{}", bid_text(c.bid, theme), c.doubling())
}

pub(super) fn call_text(call: Call, theme: Theme) -> String {
    match call {
        Call::Pass => "pass".into(),
        Call::Bid(b) => bid_text(b, theme),
        Call::Double => "double".into(),
        Call::Redouble => "redouble".into(),
    }
}
