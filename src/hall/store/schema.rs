//! The hall store's schema: the tables made in a new file and the
//! migrations that bring an older file up to this build's version, in one
//! transaction each; a file from a newer build is left as it is.

use rusqlite::{Connection, params};

use super::StoreError;
use crate::wire::protocol::name_key;

/// The schema version this build makes.
pub(super) const SCHEMA: i64 = 3;

pub(super) fn migrate(conn: &mut Connection, path: &str) -> Result<(), StoreError> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA {
        return Err(StoreError::Newer {
            path: path.into(),
            found: version,
        });
    }
    if version < 1 {
        conn.execute_batch(
            "BEGIN;
            CREATE TABLE players (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                token_hash TEXT,
                ssh_key TEXT UNIQUE,
                created INTEGER NOT NULL DEFAULT (unixepoch())
            );
            CREATE TABLE ledger (
                id INTEGER PRIMARY KEY,
                entry INTEGER NOT NULL,
                account TEXT NOT NULL,
                delta INTEGER NOT NULL,
                reason TEXT NOT NULL,
                at INTEGER NOT NULL DEFAULT (unixepoch())
            );
            CREATE INDEX ledger_account ON ledger(account);
            CREATE TABLE tables (
                id INTEGER PRIMARY KEY,
                game TEXT NOT NULL,
                setup TEXT NOT NULL,
                owner INTEGER NOT NULL REFERENCES players(id),
                seconds INTEGER NOT NULL,
                invite TEXT,
                seed INTEGER NOT NULL,
                seats TEXT NOT NULL,
                save TEXT,
                closed INTEGER NOT NULL DEFAULT 0,
                created INTEGER NOT NULL DEFAULT (unixepoch())
            );
            CREATE TABLE steps (
                table_id INTEGER NOT NULL REFERENCES tables(id),
                n INTEGER NOT NULL,
                entry TEXT NOT NULL,
                PRIMARY KEY (table_id, n)
            );
            CREATE TABLE deals (
                id INTEGER PRIMARY KEY,
                table_id INTEGER NOT NULL REFERENCES tables(id),
                game TEXT NOT NULL,
                seed INTEGER NOT NULL,
                players TEXT NOT NULL,
                scores TEXT NOT NULL,
                record TEXT,
                log TEXT NOT NULL,
                at INTEGER NOT NULL DEFAULT (unixepoch())
            );
            CREATE TABLE stats (
                player INTEGER NOT NULL REFERENCES players(id),
                game TEXT NOT NULL,
                totals TEXT NOT NULL,
                PRIMARY KEY (player, game)
            );
            PRAGMA user_version = 1;
            COMMIT;",
        )?;
    }
    if version < 2 {
        // A transfer's entry number is the last one plus one: found in
        // the index, not by reading the whole ledger.
        conn.execute_batch(
            "BEGIN;
            CREATE INDEX ledger_entry ON ledger(entry);
            PRAGMA user_version = 2;
            COMMIT;",
        )?;
    }
    if version < 3 {
        // Names that look alike are one name: each player's key, unique.
        let tx = conn.transaction()?;
        tx.execute_batch("ALTER TABLE players ADD COLUMN name_key TEXT")?;
        let names: Vec<(i64, String)> = tx
            .prepare("SELECT id, name FROM players ORDER BY id")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let mut taken = std::collections::HashSet::new();
        for (id, name) in names {
            // Of two look-alikes made before keys, the later one keeps
            // its name, under a key of its own.
            let mut key = name_key(&name);
            if !taken.insert(key.clone()) {
                key = format!("{key}#{id}");
            }
            tx.execute(
                "UPDATE players SET name_key = ?1 WHERE id = ?2",
                params![key, id],
            )?;
        }
        tx.execute_batch(
            "CREATE UNIQUE INDEX players_name_key ON players(name_key);
            PRAGMA user_version = 3;",
        )?;
        tx.commit()?;
    }
    Ok(())
}
