//! The reference opponents the gauntlet measures the levels against,
//! written apart from the levels' engine and not offered to players: a
//! calling station (the registry's [`Station`], which checks or calls
//! everything), a maniac (raises the pot whenever it may), a plain
//! tight-aggressive rule bot ([`Abc`]) and the push/fold equilibrium
//! player ([`Equilibrium`]).

mod abc;
mod equilibrium;
mod maniac;

pub use abc::Abc;
pub use equilibrium::Equilibrium;
pub use maniac::Maniac;

use super::{Station, TableBot};

/// The reference opponents by name.
pub const NAMES: [&str; 4] = ["station", "maniac", "abc", "equilibrium"];

/// A reference opponent by name.
pub fn by_name(name: &str) -> Option<TableBot> {
    Some(match name {
        "station" => Box::new(Station),
        "maniac" => Box::new(Maniac),
        "abc" => Box::new(Abc),
        "equilibrium" => Box::new(Equilibrium),
        _ => return None,
    })
}
