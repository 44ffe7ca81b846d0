//! The double-dummy review of a honeymoon bridge deal for the web door,
//! as the terminal's review panel shows it (each card's cost in tricks,
//! the exchange's face-up cards worth): `GET /honeymoon/review/N?deal=D`
//! reviews the latest deal numbered D (the record's `deal`) that table N
//! recorded, once the deal is over (its record is public then). One
//! review is worked out at a time, off the async threads, and the last
//! few are kept.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::super::Hall;
use super::{refuse, respond, table_id};
use crate::honeymoon::formats::DealRecord;
use crate::honeymoon::review::review;
use crate::honeymoon::solver::Solver;

/// Worlds sampled per exchange trick (as the terminal's review).
const SAMPLES: usize = 6;
/// Recorded deals of the table searched for the one asked.
const RECENT: i64 = 8;
/// Reviews kept.
const KEPT: usize = 16;

/// Which deal: its record's number, and a private table's invite.
#[derive(Debug, Deserialize)]
pub struct ReviewQuery {
    deal: u64,
    #[serde(default)]
    invite: Option<String>,
}

/// A review's key: its table, its record's seed and number.
type Key = (u64, u64, u64);

/// The reviews worked out (as JSON), newest last; and the lock that lets
/// one be worked out at a time.
static KEPT_REVIEWS: Mutex<VecDeque<(Key, String)>> = Mutex::new(VecDeque::new());
static WORKING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn kept(key: Key) -> Option<String> {
    let all = KEPT_REVIEWS.lock().unwrap_or_else(|p| p.into_inner());
    all.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone())
}

/// `GET /honeymoon/review/N`: the review as JSON
/// ([`crate::honeymoon::review::Review`]); 404 for a table the asker may
/// not see or a deal it has not recorded.
pub async fn honeymoon_review(
    State(hall): State<Arc<Hall>>,
    Path(table): Path<String>,
    Query(q): Query<ReviewQuery>,
) -> Response {
    let Some(id) = table_id(&table) else {
        return refuse(StatusCode::NOT_FOUND);
    };
    let visible = {
        let tables = super::super::lock(&hall.tables);
        tables.get(&id).is_some_and(|t| {
            t.summary.game == "honeymoon"
                && (t.invite.is_none() || t.invite.as_deref() == q.invite.as_deref())
        })
    };
    if !visible {
        return refuse(StatusCode::NOT_FOUND);
    }
    let records = hall
        .store
        .call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT record FROM deals WHERE table_id = ?1 AND record IS NOT NULL \
                 ORDER BY id DESC LIMIT ?2",
            )?;
            let rows = stmt.query_map(rusqlite::params![id as i64, RECENT], |r| {
                r.get::<_, String>(0)
            })?;
            Ok(rows.filter_map(Result::ok).collect::<Vec<String>>())
        })
        .await;
    let Ok(records) = records else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE);
    };
    let record = records
        .iter()
        .filter_map(|text| DealRecord::from_json(text).ok())
        .flatten()
        .find(|r| r.deal == Some(q.deal));
    let Some(record) = record else {
        return refuse(StatusCode::NOT_FOUND);
    };
    let seed = record.seed.unwrap_or(0);
    let key = (id, seed, q.deal);
    if let Some(json) = kept(key) {
        return respond("application/json", json);
    }
    let _one = WORKING.lock().await;
    if let Some(json) = kept(key) {
        return respond("application/json", json);
    }
    let worked = tokio::task::spawn_blocking(move || {
        review(&record, &mut Solver::new(), SAMPLES, seed)
            .map(|r| serde_json::to_string(&r).unwrap_or_default())
    })
    .await;
    match worked {
        Ok(Ok(json)) => {
            let mut all = KEPT_REVIEWS.lock().unwrap_or_else(|p| p.into_inner());
            all.push_back((key, json.clone()));
            while all.len() > KEPT {
                all.pop_front();
            }
            respond("application/json", json)
        }
        Ok(Err(e)) => (StatusCode::UNPROCESSABLE_ENTITY, format!("{e}\n")).into_response(),
        Err(_) => refuse(StatusCode::INTERNAL_SERVER_ERROR),
    }
}
