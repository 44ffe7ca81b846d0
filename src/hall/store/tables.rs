//! The hall store's tables and the deals played at them: a table's row
//! (setup, seats, the runner's save at its last checkpoint and the steps
//! since), kept as play goes on so a restarted hall resumes it, and each
//! finished deal with its statistics for every player in it.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use super::StoreError;
use crate::stats::Totals;

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
