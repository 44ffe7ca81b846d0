//! The hall store's ledger. Chips are kept by double entry: every
//! movement is a transfer whose rows sum to zero, between accounts
//! `player:<id>` (a bankroll), `house` (the bank bots and new players
//! draw on) and `table:<t>:<seat>` (chips in front of a seat). So the sum
//! of every account is zero at all times, and bankrolls plus chips on
//! tables change only by what the house pays out or takes back.

use rusqlite::{Connection, params};

use super::StoreError;

/// Balances of accounts whose name starts with `prefix`.
fn balances(conn: &Connection, prefix: &str) -> Result<Vec<(String, i64)>, rusqlite::Error> {
    let mut q = conn.prepare(
        "SELECT account, SUM(delta) FROM ledger WHERE account LIKE ?1 || '%' GROUP BY account ORDER BY account",
    )?;
    let rows = q.query_map([prefix], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Records a transfer: `rows` (account, delta) must sum to zero.
pub fn transfer(conn: &Connection, rows: &[(String, i64)], reason: &str) -> Result<(), StoreError> {
    if rows.iter().map(|(_, d)| d).sum::<i64>() != 0 {
        return Err(StoreError::Unbalanced(format!("{reason}: {rows:?}")));
    }
    let entry: i64 = conn.query_row("SELECT COALESCE(MAX(entry), 0) + 1 FROM ledger", [], |r| {
        r.get(0)
    })?;
    for (account, delta) in rows.iter().filter(|(_, d)| *d != 0) {
        conn.execute(
            "INSERT INTO ledger (entry, account, delta, reason) VALUES (?1, ?2, ?3, ?4)",
            params![entry, account, delta, reason],
        )?;
    }
    Ok(())
}

/// A player's account.
pub fn player_account(id: i64) -> String {
    format!("player:{id}")
}

/// A seat's account.
pub fn seat_account(table: u64, seat: usize) -> String {
    format!("table:{table}:{seat}")
}

/// The house's account.
pub const HOUSE: &str = "house";

/// An account's balance.
pub fn balance(conn: &Connection, account: &str) -> Result<i64, rusqlite::Error> {
    conn.query_row(
        "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE account = ?1",
        [account],
        |r| r.get(0),
    )
}

/// The sum of every account (zero, always) and the chips held by players
/// and seats (everything but the house).
pub fn ledger_sums(conn: &Connection) -> Result<(i64, i64), StoreError> {
    let all: i64 = conn.query_row("SELECT COALESCE(SUM(delta), 0) FROM ledger", [], |r| {
        r.get(0)
    })?;
    let house = balance(conn, HOUSE)?;
    Ok((all, all - house))
}

/// Every seat account of `table` with its balance.
pub fn table_balances(conn: &Connection, table: u64) -> Result<Vec<(usize, i64)>, StoreError> {
    let prefix = format!("table:{table}:");
    Ok(balances(conn, &prefix)?
        .into_iter()
        .filter_map(|(a, b)| a[prefix.len()..].parse().ok().map(|s| (s, b)))
        .collect())
}
