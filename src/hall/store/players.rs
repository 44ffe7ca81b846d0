//! The hall store's players: making one (with the first bankroll),
//! finding one by session token or ssh key, a new token, and a player's
//! statistics by game.

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::StoreError;
use super::ledger::{HOUSE, player_account, transfer};
use crate::stats::Totals;
use crate::wire::protocol::name_key;

/// What a new player starts with.
pub const FIRST_BANKROLL: i64 = 10_000;

/// Hashes a session token (only hashes are kept).
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new player called `name` with `token`, granted the first bankroll;
/// `None` when the name, or one that looks like it ([`name_key`]), is
/// taken.
pub fn new_player(
    conn: &mut Connection,
    name: &str,
    token: &str,
    ssh_key: Option<&str>,
) -> Result<Option<i64>, StoreError> {
    let tx = conn.savepoint()?;
    let key = name_key(name);
    let taken: Option<i64> = tx
        .query_row(
            "SELECT id FROM players WHERE name = ?1 OR name_key = ?2",
            [name, &key],
            |r| r.get(0),
        )
        .optional()?;
    if taken.is_some() {
        return Ok(None);
    }
    tx.execute(
        "INSERT INTO players (name, name_key, token_hash, ssh_key) VALUES (?1, ?2, ?3, ?4)",
        params![name, key, token_hash(token), ssh_key],
    )?;
    let id = tx.last_insert_rowid();
    transfer(
        &tx,
        &[
            (HOUSE.into(), -FIRST_BANKROLL),
            (player_account(id), FIRST_BANKROLL),
        ],
        "first bankroll",
    )?;
    tx.commit()?;
    Ok(Some(id))
}

/// The player whose session token is `token`: id and name.
pub fn player_by_token(
    conn: &Connection,
    token: &str,
) -> Result<Option<(i64, String)>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT id, name FROM players WHERE token_hash = ?1",
            [token_hash(token)],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?)
}

/// The player whose ssh key is `key`: id and name.
pub fn player_by_key(conn: &Connection, key: &str) -> Result<Option<(i64, String)>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT id, name FROM players WHERE ssh_key = ?1",
            [key],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?)
}

/// Gives player `id` a new session token.
pub fn set_token(conn: &Connection, id: i64, token: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE players SET token_hash = ?1 WHERE id = ?2",
        params![token_hash(token), id],
    )?;
    Ok(())
}

/// A player's statistics by game.
pub fn player_stats(conn: &Connection, player: i64) -> Result<Vec<(String, Totals)>, StoreError> {
    let mut q = conn.prepare("SELECT game, totals FROM stats WHERE player = ?1 ORDER BY game")?;
    let rows = q.query_map([player], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (game, t) = row?;
        out.push((game, serde_json::from_str(&t).unwrap_or_default()));
    }
    Ok(out)
}
