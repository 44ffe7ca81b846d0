//! The hall's store: one SQLite file in the data directory (WAL mode),
//! its schema made and migrated on start, used from one thread of its own
//! that takes jobs in order, so the async tasks never block on it.
//!
//! Chips are kept by double entry: every movement is a transfer whose
//! rows sum to zero, between accounts `player:<id>` (a bankroll), `house`
//! (the bank bots and new players draw on) and `table:<t>:<seat>` (chips
//! in front of a seat). So the sum of every account is zero at all times,
//! and bankrolls plus chips on tables change only by what the house pays
//! out or takes back.
//!
//! One hall at a time has a store: a lock file beside it is held while the
//! store is open (a second hall on the same data would pay the same chips
//! out twice).

use std::fs::{File, TryLockError};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::oneshot;

use crate::stats::Totals;
use crate::wire::protocol::name_key;

/// The schema version this build makes.
const SCHEMA: i64 = 3;

/// How often the write-ahead log is copied into the database.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Past this size the log starts again from its beginning (and its file
/// is cut back to this size). A copy made beside the writer never catches
/// up with a hall that writes all the time (the log would grow forever),
/// and one that holds writes back while it copies the whole log stalls
/// every table for tens of milliseconds. So the background copy does the
/// bulk, and the store's own thread, between two batches, copies the
/// little written since (a few milliseconds).
const WAL_LIMIT: u64 = 4 << 20;

/// What a new player starts with.
pub const FIRST_BANKROLL: i64 = 10_000;

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("hall store: {0}")]
    Sql(#[from] rusqlite::Error),
    /// The file is from a newer cardgames.
    #[error(
        "hall store {path}: schema {found} is newer than this cardgames ({SCHEMA}); it was left as it is"
    )]
    Newer {
        /// The file.
        path: String,
        /// Its schema version.
        found: i64,
    },
    /// A transfer whose rows do not sum to zero (a bug).
    #[error("unbalanced transfer: {0}")]
    Unbalanced(String),
    /// The store's thread is gone.
    #[error("hall store is closed")]
    Closed,
    /// The batch this change was in could not be committed.
    #[error("hall store: not written: {0}")]
    Lost(String),
    /// Another hall has the store open.
    #[error("hall store {0} is in use by another running hall")]
    InUse(String),
    /// The lock file could not be made.
    #[error("hall store {path}: {error}")]
    Lock {
        /// The lock file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
}

/// Work for the store's thread. It runs inside the batch's transaction
/// (in a savepoint of its own, so its failure undoes only its changes)
/// and returns what to do once the batch is committed or not: answer its
/// caller only then, so nothing is acknowledged that could be lost.
type Job = Box<dyn FnOnce(&mut Connection) -> Done + Send>;

/// A job's answer, given whether its batch was committed.
type Done = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// At most this many jobs are committed together.
const BATCH: usize = 256;

/// Runs `f` in a savepoint: kept when it succeeds, undone when it fails.
fn in_savepoint<T>(
    conn: &mut Connection,
    f: impl FnOnce(&mut Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    conn.execute_batch("SAVEPOINT job")?;
    let result = f(conn);
    let end = if result.is_ok() {
        "RELEASE job"
    } else {
        "ROLLBACK TO job; RELEASE job"
    };
    conn.execute_batch(end)?;
    result
}

/// The store's thread: jobs waiting together are run in one transaction
/// and committed at once (one write to the disk for all of them), then
/// each is answered.
fn serve_jobs(mut conn: Connection, jobs: mpsc::Receiver<Job>, cut_back: &AtomicBool) {
    loop {
        let first = match jobs.recv_timeout(CHECKPOINT_EVERY) {
            Ok(job) => Some(job),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        };
        if cut_back.swap(false, Ordering::Relaxed) {
            // The only writer, between transactions: nothing is written
            // while it runs, so it copies the log to its end, and the next
            // write starts the log again from its beginning.
            let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
        }
        let Some(first) = first else { continue };
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let began = conn.execute_batch("BEGIN IMMEDIATE");
        let done: Vec<Done> = batch.into_iter().map(|job| job(&mut conn)).collect();
        // Without the batch's transaction each job's savepoint was its own.
        let committed = match began {
            Ok(()) => conn.execute_batch("COMMIT").map_err(StoreError::from),
            Err(_) => Ok(()),
        };
        if committed.is_err() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        for answer in done {
            answer(match &committed {
                Ok(()) => Ok(()),
                Err(e) => Err(StoreError::Lost(e.to_string())),
            });
        }
    }
}

/// The store, reached from any task.
#[derive(Debug, Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
}

/// A table as kept.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRow {
    /// Its number.
    pub id: u64,
    /// The game.
    pub game: String,
    /// Its setup.
    pub setup: Value,
    /// Its creator.
    pub owner: i64,
    /// Seconds to act.
    pub seconds: u32,
    /// Its invite code, when private.
    pub invite: Option<String>,
    /// Its seed.
    pub seed: u64,
    /// The seats (the hall's own record of who sits where).
    pub seats: Value,
    /// The runner's save at the last checkpoint, once play began.
    pub save: Option<Value>,
    /// The steps since that checkpoint.
    pub steps: Vec<Value>,
    /// Deals finished at it.
    pub deals: u64,
}

/// Hashes a session token (only hashes are kept).
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn migrate(conn: &mut Connection, path: &str) -> Result<(), StoreError> {
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

/// Holds the lock file beside the store at `path` (`hall.sqlite.lock`);
/// the system lets it go when the process ends, however it ends.
fn lock(path: &Path) -> Result<File, StoreError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = Path::new(&name);
    let failed = |error| StoreError::Lock {
        path: lock_path.display().to_string(),
        error,
    };
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_path)
        .map_err(failed)?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(StoreError::InUse(path.display().to_string())),
        Err(TryLockError::Error(e)) => Err(failed(e)),
    }
}

impl Store {
    /// Opens (or makes) the store at `path` and starts its thread.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with(path, WAL_LIMIT)
    }

    /// [`Store::open`] with the log cut back past `wal_limit` bytes.
    fn open_with(path: &Path, wal_limit: u64) -> Result<Store, StoreError> {
        let lock = lock(path)?;
        let mut conn = Connection::open(path)?;
        migrate(&mut conn, &path.display().to_string())?;
        // Commits never wait on a checkpoint's disk flush: a second
        // connection copies the log into the database in the background.
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        conn.pragma_update(None, "journal_size_limit", wal_limit as i64)?;
        let page: i64 = conn.pragma_query_value(None, "page_size", |r| r.get(0))?;
        let frame = page.max(0) as u64 + 24;
        let checkpointer = Connection::open(path)?;
        let cut_back = Arc::new(AtomicBool::new(false));
        let store_cut = cut_back.clone();
        thread::Builder::new()
            .name("hall-checkpoint".into())
            .spawn(move || {
                // Until the store's thread is gone.
                while Arc::strong_count(&cut_back) > 1 {
                    thread::sleep(CHECKPOINT_EVERY);
                    // The log's length in frames (a page and its header).
                    let frames: i64 = checkpointer
                        .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))
                        .unwrap_or(0);
                    if frames.max(0) as u64 * frame > wal_limit {
                        cut_back.store(true, Ordering::Relaxed);
                    }
                }
            })
            .map_err(|_| StoreError::Closed)?;
        let (tx, rx) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("hall-store".into())
            .spawn(move || {
                serve_jobs(conn, rx, &store_cut);
                drop(lock);
            })
            .map_err(|_| StoreError::Closed)?;
        Ok(Store { jobs: tx })
    }

    /// Runs `f` on the store's thread and waits for its answer.
    pub async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Box::new(move |conn| {
                let result = in_savepoint(conn, f);
                Box::new(move |committed| {
                    let _ = tx.send(committed.and(result));
                })
            }))
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Runs `f` on the store's thread, in order with every other job,
    /// without waiting; a failure is reported on stderr.
    pub fn run(
        &self,
        what: &'static str,
        f: impl FnOnce(&mut Connection) -> Result<(), StoreError> + Send + 'static,
    ) {
        let _ = self.jobs.send(Box::new(move |conn| {
            let result = in_savepoint(conn, f);
            Box::new(move |committed| {
                if let Err(e) = committed.and(result) {
                    super::log(format_args!("hall: {what}: {e}"));
                }
            })
        }));
    }

    /// Runs `f` on the store's thread, blocking this thread until done
    /// (for code outside the async runtime).
    pub fn call_blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = mpsc::channel();
        self.jobs
            .send(Box::new(move |conn| {
                let result = in_savepoint(conn, f);
                Box::new(move |committed| {
                    let _ = tx.send(committed.and(result));
                })
            }))
            .map_err(|_| StoreError::Closed)?;
        rx.recv().map_err(|_| StoreError::Closed)?
    }
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

/// A new table; its number.
pub fn new_table(conn: &Connection, row: &TableRow) -> Result<u64, StoreError> {
    conn.execute(
        "INSERT INTO tables (game, setup, owner, seconds, invite, seed, seats) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            row.game,
            row.setup.to_string(),
            row.owner,
            row.seconds,
            row.invite,
            row.seed as i64,
            row.seats.to_string()
        ],
    )?;
    Ok(conn.last_insert_rowid() as u64)
}

/// Every table not closed, with its checkpoint and steps.
pub fn open_tables(conn: &Connection) -> Result<Vec<TableRow>, StoreError> {
    let mut q = conn.prepare(
        "SELECT id, game, setup, owner, seconds, invite, seed, seats, save,
            (SELECT COUNT(*) FROM deals WHERE deals.table_id = tables.id)
        FROM tables WHERE closed = 0 ORDER BY id",
    )?;
    let parse = |s: String| serde_json::from_str(&s).unwrap_or(Value::Null);
    let mut rows: Vec<TableRow> = q
        .query_map([], |r| {
            Ok(TableRow {
                id: r.get::<_, i64>(0)? as u64,
                game: r.get(1)?,
                setup: parse(r.get(2)?),
                owner: r.get(3)?,
                seconds: r.get(4)?,
                invite: r.get(5)?,
                seed: r.get::<_, i64>(6)? as u64,
                seats: parse(r.get(7)?),
                save: r.get::<_, Option<String>>(8)?.map(parse),
                steps: Vec::new(),
                deals: r.get::<_, i64>(9)? as u64,
            })
        })?
        .collect::<Result<_, _>>()?;
    for row in &mut rows {
        let mut q = conn.prepare("SELECT entry FROM steps WHERE table_id = ?1 ORDER BY n")?;
        row.steps = q
            .query_map([row.id as i64], |r| r.get::<_, String>(0))?
            .map(|s| s.map(parse))
            .collect::<Result<_, _>>()?;
    }
    Ok(rows)
}

/// Saves who sits where at a table.
pub fn set_seats(conn: &Connection, table: u64, seats: &Value) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE tables SET seats = ?1 WHERE id = ?2",
        params![seats.to_string(), table as i64],
    )?;
    Ok(())
}

/// A checkpoint: the runner's save (whose log is empty), the steps after
/// the last one dropped.
pub fn checkpoint(conn: &Connection, table: u64, save: &Value) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE tables SET save = ?1 WHERE id = ?2",
        params![save.to_string(), table as i64],
    )?;
    conn.execute("DELETE FROM steps WHERE table_id = ?1", [table as i64])?;
    Ok(())
}

/// One more step since the checkpoint.
pub fn append_step(
    conn: &Connection,
    table: u64,
    n: usize,
    entry: &Value,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT OR REPLACE INTO steps (table_id, n, entry) VALUES (?1, ?2, ?3)",
        params![table as i64, n as i64, entry.to_string()],
    )?;
    Ok(())
}

/// Closes a table (kept for its history).
pub fn close_table(conn: &Connection, table: u64) -> Result<(), StoreError> {
    conn.execute("UPDATE tables SET closed = 1 WHERE id = ?1", [table as i64])?;
    Ok(())
}

/// A finished deal: its history, and each player's statistics.
#[derive(Debug)]
pub struct DealRow {
    /// The table.
    pub table: u64,
    /// The game.
    pub game: String,
    /// The table's seed (the deal replays from the checkpoint before it).
    pub seed: u64,
    /// The player in each seat (`None`: a bot or nobody).
    pub players: Vec<Option<i64>>,
    /// Each seat's score.
    pub scores: Vec<f64>,
    /// The game's own record (PHH for Hold'em).
    pub record: Option<String>,
    /// The runner's log of the deal.
    pub log: Value,
    /// The unit of the scores (the big blind).
    pub unit: f64,
}

/// Keeps a finished deal and adds it to each player's statistics.
pub fn record_deal(conn: &Connection, deal: &DealRow) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO deals (table_id, game, seed, players, scores, record, log) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            deal.table as i64,
            deal.game,
            deal.seed as i64,
            serde_json::to_string(&deal.players).unwrap_or_default(),
            serde_json::to_string(&deal.scores).unwrap_or_default(),
            deal.record,
            deal.log.to_string()
        ],
    )?;
    for (seat, player) in deal.players.iter().enumerate() {
        let Some(player) = player else { continue };
        let old: Option<String> = conn
            .query_row(
                "SELECT totals FROM stats WHERE player = ?1 AND game = ?2",
                params![player, deal.game],
                |r| r.get(0),
            )
            .optional()?;
        let mut stats = crate::stats::Stats::default();
        let totals: Totals = old
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        let game: &'static str = crate::games::registry()
            .get(&deal.game)
            .map_or("?", |e| e.id);
        stats.0.insert(game.to_string(), totals);
        stats.add(&crate::stats::Record {
            game,
            scores: deal.scores.clone(),
            seat,
            unit: deal.unit,
            file: None,
            amends: false,
        });
        conn.execute(
            "INSERT OR REPLACE INTO stats (player, game, totals) VALUES (?1, ?2, ?3)",
            params![
                player,
                deal.game,
                serde_json::to_string(&stats.of(game)).unwrap_or_default()
            ],
        )?;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The write-ahead log beside the database at `path`.
    fn wal_path(path: &Path) -> std::path::PathBuf {
        let mut name = path.as_os_str().to_owned();
        name.push("-wal");
        name.into()
    }

    #[test]
    fn the_log_is_cut_back_while_writes_go_on() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("hall.sqlite");
        let store = Store::open_with(&path, 256 << 10).unwrap_or_else(|e| panic!("{e}"));
        let wal = || std::fs::metadata(wal_path(&path)).map_or(0, |m| m.len());
        let mut peak = 0;
        let mut cut = false;
        for round in 0..2_000 {
            let reason = format!("round {round}");
            store
                .call_blocking(move |conn| {
                    transfer(conn, &[("a".into(), 1), ("b".into(), -1)], &reason)
                })
                .unwrap_or_else(|e| panic!("{e}"));
            let size = wal();
            cut |= size < peak && peak > 256 << 10;
            peak = peak.max(size);
            if cut {
                break;
            }
            thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(cut, "the log grew to {peak} bytes and was never cut back");
    }

    #[test]
    fn jobs_committed_together_fail_alone() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let store = Store::open(&dir.path().join("hall.sqlite")).unwrap_or_else(|e| panic!("{e}"));
        // The first job holds the thread while the others queue, so they
        // are run as one batch.
        store.run("hold", |_| {
            thread::sleep(std::time::Duration::from_millis(50));
            Ok(())
        });
        store.run("kept", |conn| {
            transfer(conn, &[("a".into(), 1), ("b".into(), -1)], "kept")
        });
        store.run("undone", |conn| {
            transfer(conn, &[("c".into(), 1), ("d".into(), -1)], "undone")?;
            Err(StoreError::Unbalanced("on purpose".into()))
        });
        store.run("kept too", |conn| {
            transfer(conn, &[("e".into(), 2), ("f".into(), -2)], "kept too")
        });
        let seen = store
            .call_blocking(|conn| Ok(["a", "c", "e"].map(|a| balance(conn, a).unwrap_or(-1))))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seen, [1, 0, 2]);
        drop(store);
        let conn =
            Connection::open(dir.path().join("hall.sqlite")).unwrap_or_else(|e| panic!("{e}"));
        let on_disk = ["a", "c", "e"].map(|a| balance(&conn, a).unwrap_or(-1));
        assert_eq!(on_disk, [1, 0, 2], "committed, and only what succeeded");
    }

    #[test]
    fn transfers_balance_and_players_are_unique() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("hall.sqlite");
        let mut conn = Connection::open(&path).unwrap_or_else(|e| panic!("{e}"));
        migrate(&mut conn, "test").unwrap_or_else(|e| panic!("{e}"));
        let ann = new_player(&mut conn, "ann", "t1", None).unwrap_or_else(|e| panic!("{e}"));
        assert!(ann.is_some());
        assert_eq!(
            new_player(&mut conn, "ANN", "t2", None).ok(),
            Some(None),
            "names ignore case"
        );
        let id = ann.unwrap_or_default();
        assert_eq!(
            balance(&conn, &player_account(id)).ok(),
            Some(FIRST_BANKROLL)
        );
        assert!(transfer(&conn, &[(player_account(id), -5)], "lost").is_err());
        transfer(
            &conn,
            &[(player_account(id), -1000), (seat_account(1, 2), 1000)],
            "buy-in",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ledger_sums(&conn).ok(), Some((0, FIRST_BANKROLL)));
        assert_eq!(table_balances(&conn, 1).ok(), Some(vec![(2, 1000)]));
        assert_eq!(
            player_by_token(&conn, "t1").ok().flatten(),
            Some((id, "ann".into()))
        );
        assert!(player_by_token(&conn, "t2").ok().flatten().is_none());
        // A newer schema is refused and left alone.
        conn.pragma_update(None, "user_version", 99)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            migrate(&mut conn, "x"),
            Err(StoreError::Newer { found: 99, .. })
        ));
    }

    #[test]
    fn a_first_schema_store_gains_the_entry_index() {
        let mut conn = Connection::open_in_memory().unwrap_or_else(|e| panic!("{e}"));
        migrate(&mut conn, "x").unwrap_or_else(|e| panic!("{e}"));
        transfer(&conn, &[("a".into(), 5), ("b".into(), -5)], "before")
            .unwrap_or_else(|e| panic!("{e}"));
        conn.execute_batch(
            "DROP INDEX ledger_entry; DROP INDEX players_name_key;
            ALTER TABLE players DROP COLUMN name_key; PRAGMA user_version = 1;",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        migrate(&mut conn, "x").unwrap_or_else(|e| panic!("{e}"));
        let plan: String = conn
            .query_row(
                "EXPLAIN QUERY PLAN SELECT MAX(entry) FROM ledger",
                [],
                |r| r.get(3),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(plan.contains("ledger_entry"), "{plan}");
        assert_eq!(balance(&conn, "a").ok(), Some(5));
    }

    #[test]
    fn players_named_before_keys_keep_their_names_and_look_alikes_are_refused() {
        let mut conn = Connection::open_in_memory().unwrap_or_else(|e| panic!("{e}"));
        migrate(&mut conn, "x").unwrap_or_else(|e| panic!("{e}"));
        conn.execute_batch(
            "DROP INDEX players_name_key; ALTER TABLE players DROP COLUMN name_key;
            PRAGMA user_version = 2;
            INSERT INTO players (name) VALUES ('ann'), ('\u{430}nn'), ('ben');",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        migrate(&mut conn, "x").unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<(String, String)> = conn
            .prepare("SELECT name, name_key FROM players ORDER BY id")
            .and_then(|mut q| {
                q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect::<Result<_, _>>()
            })
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names[0], ("ann".into(), "ann".into()));
        assert_eq!(names[1], ("\u{430}nn".into(), "ann#2".into()));
        assert_eq!(names[2].1, "ben");
        let refused = |name: &str, conn: &mut Connection| {
            new_player(conn, name, "t", None).unwrap_or_else(|e| panic!("{e}"))
        };
        assert_eq!(refused("ANN", &mut conn), None);
        assert_eq!(refused("B\u{415}N", &mut conn), None, "Cyrillic Е");
        assert!(refused("cat", &mut conn).is_some());
    }
}
