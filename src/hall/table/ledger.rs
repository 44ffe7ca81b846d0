//! The chips in front of a hall table's seats as the ledger counts them,
//! and the store work that moves them. Each change of a table — a buy-in
//! from a bankroll (from the house, for a bot), a cash-out back to it, a
//! rebuy, the chips going into the session — is written in one transaction
//! with the seats and the session's steps, so that after any crash the
//! ledger, the seats and the session agree: each seat's account holds
//! exactly [`held`], which [`crate::hall::audit`] checks.

use rusqlite::Connection;
use serde_json::Value;

use super::seats::Slot;
use crate::hall::store::{self, HOUSE, StoreError, player_account, seat_account};

/// The chips in front of each seat: what the session holds for it
/// (`session`: its chips, once it has begun) and what was bought in that
/// it does not hold yet.
pub fn held(slots: &[Slot], session: Option<&[u64]>) -> Vec<u64> {
    slots
        .iter()
        .enumerate()
        .map(|(seat, slot)| {
            let playing = session.and_then(|c| c.get(seat).copied()).unwrap_or(0);
            playing + slot.pending(session.is_some())
        })
        .collect()
}

/// The account a seat's chips come from and go back to: its person's
/// bankroll, or the house for a bot of its own.
pub fn account_of(slot: &Slot) -> String {
    match slot.owner() {
        Some(p) => player_account(p),
        None => HOUSE.into(),
    }
}

/// One change of a table, written in one transaction.
#[derive(Debug)]
pub struct Change {
    /// The table.
    pub table: u64,
    /// Chips moved: (account, delta) rows summing to zero.
    pub moves: Vec<(String, i64)>,
    /// Why, for the ledger.
    pub reason: &'static str,
    /// The session's save, when the change starts its log again.
    pub checkpoint: Option<Value>,
    /// The session's steps taken, numbered from the last checkpoint.
    pub steps: Vec<(usize, Value)>,
    /// Who sits where once the change is made.
    pub seats: Value,
}

impl Change {
    /// `chips` from `seat`'s account back to `to` (nothing moved for 0).
    pub fn cash_out(&mut self, seat: usize, to: String, chips: u64) {
        if chips > 0 {
            self.moves = vec![
                (seat_account(self.table, seat), -(chips as i64)),
                (to, chips as i64),
            ];
            self.reason = "cash-out";
        }
    }
}

/// Writes `change`.
pub fn write(conn: &mut Connection, change: &Change) -> Result<(), StoreError> {
    let tx = conn.savepoint()?;
    if !change.moves.is_empty() {
        store::transfer(&tx, &change.moves, change.reason)?;
    }
    if let Some(save) = &change.checkpoint {
        store::checkpoint(&tx, change.table, save)?;
    }
    for (n, entry) in &change.steps {
        store::append_step(&tx, change.table, *n, entry)?;
    }
    store::set_seats(&tx, change.table, &change.seats)?;
    tx.commit()?;
    Ok(())
}

/// A buy-in: `amount` from `payer` into `seat`'s account, written with
/// `change` (the seats as they are once paid) — if the payer holds it (the
/// house always does). The payer's balance after it, or, when it holds
/// too little, nothing written and what it holds.
pub fn pay_in(
    conn: &mut Connection,
    seat: usize,
    payer: &str,
    amount: u64,
    mut change: Change,
) -> Result<Result<i64, i64>, StoreError> {
    let have = store::balance(conn, payer)?;
    if payer != HOUSE && have < amount as i64 {
        return Ok(Err(have));
    }
    change.moves = vec![
        (payer.to_string(), -(amount as i64)),
        (seat_account(change.table, seat), amount as i64),
    ];
    write(conn, &change)?;
    Ok(Ok(have - amount as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::table::seats::Occupant;

    fn person(chips: u64, joining: bool) -> Slot {
        let occupant = Occupant::Person {
            player: 1,
            name: "ann".into(),
        };
        Slot::of(occupant, chips, joining)
    }

    #[test]
    fn a_buy_in_counts_until_the_session_holds_it_and_then_only_there() {
        // Before the session: what was bought.
        assert_eq!(held(&[person(1000, false), Slot::empty()], None), [1000, 0]);
        // Once it began, the chips bought before it are the session's.
        assert_eq!(held(&[person(1000, false)], Some(&[700])), [700]);
        // Bought during a deal: beside the session's, until it takes them.
        let mut joining = person(0, false);
        joining.buy(1000, true);
        assert_eq!(held(&[joining.clone()], Some(&[0])), [1000]);
        // A rebuy on top of a short stack.
        joining.buy(300, true);
        assert_eq!(held(&[joining], Some(&[200])), [1500]);
    }
}
