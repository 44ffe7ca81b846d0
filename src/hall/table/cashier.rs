//! The chips a hall table moves in a game played for chips: buying in
//! from a bankroll (or the house, for a bot), chips bought during the
//! session going into it, rebuys between deals, and cashing out back to
//! where the chips came from, each person told of their bankroll.

use super::ledger;
use super::seats::{Occupant, Slot};
use super::{Table, err};
use crate::game::{Seat, Stage};
use crate::hall::store::{self, player_account};
use crate::narrate::Note;
use crate::wire::protocol::ServerMsg;

impl Table {
    /// Empties `seat`, its chips back to where they came from.
    pub(super) async fn cash_out(&mut self, seat: Seat) {
        let chips = self.held()[seat];
        let to = ledger::account_of(&self.slots[seat]);
        let owner = self.slots[seat].owner();
        let in_session = self
            .runner
            .as_ref()
            .and_then(|r| r.chips())
            .and_then(|c| c.get(seat).copied())
            .unwrap_or(0);
        let step = match &mut self.runner {
            Some(r) if in_session > 0 => Some(r.set_chips(seat, 0).map(|mut step| {
                step.tell(
                    &Note::new()
                        .seat(seat)
                        .verb("leave")
                        .text("with")
                        .amount(chips),
                );
                step
            })),
            _ => None,
        };
        let entries = match &step {
            Some(Ok(s)) => vec![s.entry.clone()],
            _ => Vec::new(),
        };
        self.slots[seat] = Slot::empty();
        self.seat_runner(seat);
        let mut change = self.change(entries);
        change.cash_out(seat, to, chips);
        self.write(change).await;
        if let Some(Ok(step)) = step {
            self.broadcast(&step);
        }
        if let Some(p) = owner {
            self.tell_bankroll(p).await;
        }
    }

    /// `occupant` buys `amount` chips into `seat` from their bankroll (a
    /// bot, from the house). The session takes them at once when no deal
    /// is being played or shown, else between deals.
    pub(super) async fn buy_in(
        &mut self,
        seat: Seat,
        occupant: Occupant,
        amount: u64,
    ) -> Result<(), ServerMsg> {
        let begun = self.runner.is_some();
        let before = self.slots[seat].clone();
        let mut slot = if before.occupant == occupant {
            before.clone()
        } else {
            Slot::of(occupant, 0, false)
        };
        slot.buy(amount, begun);
        self.slots[seat] = slot;
        let payer = ledger::account_of(&self.slots[seat]);
        let change = self.change(Vec::new());
        let paid = self
            .hall
            .store
            .call(move |conn| ledger::pay_in(conn, seat, &payer, amount, change))
            .await;
        let refused = match paid {
            Ok(Ok(balance)) => Ok(balance),
            Ok(Err(have)) => Err(err(
                "bankroll",
                format!("the buy-in is {amount} and you have {have}"),
            )),
            Err(e) => Err(err("store", e.to_string())),
        };
        let balance = refused.inspect_err(|_| self.slots[seat] = before)?;
        self.seat_runner(seat);
        self.hall.lobby_update(self.summary());
        if let Some(p) = self.slots[seat].person() {
            // The bankroll as the buy-in left it: no second trip to the store.
            self.hall
                .tell_player(p, &ServerMsg::Bankroll { bankroll: balance });
        }
        if !self.in_deal() && self.stage() != Some(Stage::DealOver) {
            self.take_buy_in(seat).await;
        }
        Ok(())
    }

    /// Chips `seat` bought during the session go into it.
    pub(super) async fn take_buy_in(&mut self, seat: Seat) {
        let pending = self.slots[seat].pending(self.runner.is_some());
        let Some(runner) = self.runner.as_mut().filter(|_| pending > 0) else {
            return;
        };
        let playing = runner
            .chips()
            .and_then(|c| c.get(seat).copied())
            .unwrap_or(0);
        match runner.set_chips(seat, playing + pending) {
            Ok(mut step) => {
                let note = if playing == 0 {
                    Note::new()
                        .seat(seat)
                        .verb("buy")
                        .text("in for")
                        .amount(pending)
                } else {
                    let total = playing + pending;
                    Note::new()
                        .seat(seat)
                        .verb("top")
                        .text("up to")
                        .amount(total)
                };
                step.tell(&note);
                let slot = &mut self.slots[seat];
                slot.chips = 0;
                slot.joining = false;
                let change = self.change(vec![step.entry.clone()]);
                self.write(change).await;
                self.broadcast(&step);
            }
            Err(e) => crate::hall::log(format_args!("hall: table {}: buy-in: {e}", self.id)),
        }
    }

    /// Before the next deal, `seat` buys what the table's rebuy rule says
    /// (a busted seat its stack again, a short one topped up), as much as
    /// its owner's bankroll holds.
    pub(super) async fn rebuy(&mut self, seat: Seat) {
        let want = self.entry.kind.hall_rebuy(&self.setup, self.held()[seat]);
        if want == 0 {
            return;
        }
        let payer = ledger::account_of(&self.slots[seat]);
        let amount = if self.slots[seat].owner().is_some() {
            let have = self
                .hall
                .store
                .call(move |conn| Ok(store::balance(conn, &payer)?))
                .await
                .unwrap_or(0);
            want.min(have.max(0) as u64)
        } else {
            want
        };
        if amount > 0 {
            let occupant = self.slots[seat].occupant.clone();
            if let Err(e) = self.buy_in(seat, occupant, amount).await {
                crate::hall::log(format_args!("hall: table {}: rebuy: {e:?}", self.id));
            }
        }
    }

    pub(super) async fn tell_bankroll(&mut self, player: i64) {
        let bankroll = self
            .hall
            .store
            .call(move |conn| Ok(store::balance(conn, &player_account(player))?))
            .await
            .unwrap_or(0);
        // Every connection of the player's: one that left the table in the
        // middle of the hand is paid when it ends, in the lobby.
        self.hall
            .tell_player(player, &ServerMsg::Bankroll { bankroll });
    }
}
