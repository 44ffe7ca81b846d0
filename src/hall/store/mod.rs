//! The hall's store: one SQLite file in the data directory (WAL mode),
//! its schema made and migrated on start ([`schema`]), used from one
//! thread of its own that takes jobs in order, so the async tasks never
//! block on it. This file holds that thread and the store's file; what is
//! kept in it: the chips ([`ledger`]), the players ([`players`]), the
//! tables and their deals ([`tables`]).
//!
//! One hall at a time has a store: a lock file beside it is held while the
//! store is open (a second hall on the same data would pay the same chips
//! out twice).

mod error;
mod ledger;
mod players;
mod schema;
mod tables;

use std::fs::{File, TryLockError};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;

use rusqlite::Connection;
use tokio::sync::oneshot;

pub use error::StoreError;
pub use ledger::{
    HOUSE, balance, ledger_sums, player_account, seat_account, table_balances, transfer,
};
pub use players::{
    FIRST_BANKROLL, new_player, player_by_key, player_by_token, player_stats, set_token, token_hash,
};
use schema::migrate;
pub use tables::{
    DealRow, TableRow, append_step, checkpoint, close_table, new_table, open_tables, record_deal,
    set_seats,
};

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
        self.submit(f, move |r| {
            let _ = tx.send(r);
        })?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Queues `f` for the store's thread; `answer` gets its result once
    /// the batch it is in is committed (or not).
    fn submit<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
        answer: impl FnOnce(Result<T, StoreError>) + Send + 'static,
    ) -> Result<(), StoreError> {
        self.jobs
            .send(Box::new(move |conn| {
                let result = in_savepoint(conn, f);
                Box::new(move |committed| answer(committed.and(result)))
            }))
            .map_err(|_| StoreError::Closed)
    }

    /// Runs `f` on the store's thread, in order with every other job,
    /// without waiting; a failure is reported on stderr.
    pub fn run(
        &self,
        what: &'static str,
        f: impl FnOnce(&mut Connection) -> Result<(), StoreError> + Send + 'static,
    ) {
        let _ = self.submit(f, move |r| {
            if let Err(e) = r {
                super::log(format_args!("hall: {what}: {e}"));
            }
        });
    }

    /// Runs `f` on the store's thread, blocking this thread until done
    /// (for code outside the async runtime).
    pub fn call_blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = mpsc::channel();
        self.submit(f, move |r| {
            let _ = tx.send(r);
        })?;
        rx.recv().map_err(|_| StoreError::Closed)?
    }
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
