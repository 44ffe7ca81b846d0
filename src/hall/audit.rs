//! The ledger checked against the tables, from the store file alone: every
//! transfer balances (all accounts sum to zero), and each seat's account
//! holds exactly the chips in front of that seat — what its session holds
//! for it and what was bought in beside it — so that no chip is lost or
//! made, and no account holds chips for an empty seat or a closed table.
//! It reads one snapshot of the store, so it runs beside a running hall.

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use super::HallError;
use super::store::{self, HOUSE};
use super::table;
use crate::games::registry;

/// What the audit found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Audit {
    /// Every account's balance added up: zero when every transfer balanced.
    pub sum: i64,
    /// The players' bankrolls.
    pub bankrolls: i64,
    /// The chips in front of seats.
    pub at_tables: i64,
    /// The house's account (it granted what players and bots hold).
    pub house: i64,
    /// Each way the ledger and the tables disagree.
    pub problems: Vec<String>,
}

/// Audits the hall store in `data` (the hall's data directory).
pub fn audit(data: &Path) -> Result<Audit, HallError> {
    let path = data.join("hall.sqlite");
    let mut conn = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(HallError::at(path.display()))?;
    let tx = conn.transaction().map_err(HallError::at(path.display()))?;
    let accounts: BTreeMap<String, i64> = tx
        .prepare("SELECT account, SUM(delta) FROM ledger GROUP BY account")
        .and_then(|mut q| {
            q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()
        })
        .map_err(HallError::at(path.display()))?;
    let sum_of = |prefix: &str| -> i64 {
        accounts
            .iter()
            .filter(|(a, _)| a.starts_with(prefix))
            .map(|(_, b)| b)
            .sum()
    };
    let mut audit = Audit {
        sum: accounts.values().sum(),
        bankrolls: sum_of("player:"),
        at_tables: sum_of("table:"),
        house: accounts.get(HOUSE).copied().unwrap_or(0),
        problems: Vec::new(),
    };
    if audit.sum != 0 {
        audit
            .problems
            .push(format!("the accounts sum to {}, not 0", audit.sum));
    }
    // What each open table holds in front of each seat.
    let mut expected: BTreeMap<String, i64> = BTreeMap::new();
    for row in store::open_tables(&tx)? {
        let Some(entry) = registry().get(&row.game) else {
            audit
                .problems
                .push(format!("table {}: no game {:?}", row.id, row.game));
            continue;
        };
        let seats = entry.kind.seats(&row.setup).unwrap_or(0);
        let slots = table::slots_of(Some(row.seats), seats);
        let session = match table::restore(entry, row.save, row.steps) {
            Ok(session) => session,
            Err(e) => {
                audit.problems.push(format!("table {}: {e}", row.id));
                continue;
            }
        };
        if !entry.kind.chips() {
            continue;
        }
        let chips = session.as_ref().and_then(|s| s.chips());
        for (seat, held) in table::held(&slots, chips.as_deref())
            .into_iter()
            .enumerate()
        {
            expected.insert(store::seat_account(row.id, seat), held as i64);
        }
    }
    for (account, &balance) in accounts.iter().filter(|(a, _)| a.starts_with("table:")) {
        let held = expected.remove(account).unwrap_or(0);
        if balance != held {
            audit.problems.push(format!(
                "{account} holds {balance} but the seat has {held} in front of it"
            ));
        }
    }
    for (account, held) in expected.into_iter().filter(|&(_, h)| h != 0) {
        audit.problems.push(format!(
            "{account} holds 0 but the seat has {held} in front of it"
        ));
    }
    Ok(audit)
}
