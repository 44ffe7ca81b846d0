//! The requests a hall table answers ([`TableCmd`]): watching, sitting
//! down and standing up, acting, chatting, sitting out, showing cards,
//! the creator adding and removing bots, and connections coming and going.

use serde_json::Value;
use tokio::time::Instant;

use super::seats::{Occupant, Slot};
use super::{SUBSTITUTE, Table, TableCmd, err};
use crate::game::{Level, Seat, Stage};
use crate::wire::protocol::{MAX_CHAT, ServerMsg, clean};

impl Table {
    pub(super) async fn handle(&mut self, cmd: TableCmd) {
        // Whatever a request does, an ended session looks at its seats again.
        self.settled = false;
        let table = Some(self.id);
        match cmd {
            TableCmd::Watch { player, reply } => {
                self.watchers.add(player.0, &reply.out, true);
                self.came_back(player.0);
                self.hall.lobby_update(self.summary());
                reply.answer(Ok(()), table);
            }
            TableCmd::Sit {
                player,
                seat,
                reply,
            } => {
                self.watchers.add(player.0, &reply.out, false);
                reply.answer(self.sit(player, seat).await, table);
            }
            TableCmd::Stand { player, reply } => {
                reply.answer(self.stand(player).await, table);
            }
            TableCmd::Leave { player, reply } => {
                let _ = self.stand(player).await;
                self.watchers.remove(reply.out.conn);
                reply.out.send(ServerMsg::Left { table: self.id });
                reply.answer(Ok(()), table);
                self.hall.lobby_update(self.summary());
            }
            TableCmd::Act {
                player,
                action,
                reply,
            } => {
                reply.answer(self.act(player, &action).await, table);
            }
            TableCmd::Show { player, reply } => {
                reply.answer(self.show(player).await, table);
            }
            TableCmd::Chat { name, text, reply } => {
                let text = clean(&text, MAX_CHAT);
                if !text.is_empty() {
                    let msg = ServerMsg::Chat {
                        table: Some(self.id),
                        from: name,
                        text,
                    };
                    let dropped = self.watchers.send_all(&msg);
                    self.gone(dropped);
                }
                reply.answer(Ok(()), table);
            }
            TableCmd::SitOut {
                player,
                out_now,
                reply,
            } => {
                let done = match self.seat_of(player) {
                    Some(seat) => {
                        let slot = &mut self.slots[seat];
                        slot.sitting_out = out_now;
                        slot.auto_out = false;
                        slot.timeouts = 0;
                        if !out_now {
                            self.back_in(seat);
                        }
                        let change = self.change(Vec::new());
                        self.write(change).await;
                        Ok(())
                    }
                    None => Err(err("not_seated", "you do not sit at this table")),
                };
                reply.answer(done, table);
            }
            TableCmd::AddBot {
                player,
                seat,
                bot,
                reply,
            } => {
                reply.answer(self.add_bot(player, seat, &bot).await, table);
            }
            TableCmd::RemoveBot {
                player,
                seat,
                reply,
            } => {
                reply.answer(self.remove_bot(player, seat).await, table);
            }
            TableCmd::Gone { conn } => {
                if let Some(player) = self.watchers.remove(conn) {
                    self.gone(vec![player]);
                }
                self.hall.lobby_update(self.summary());
            }
        }
        self.publish();
    }

    /// Connections of these players were dropped: a seated player with no
    /// other connection watching is away from now.
    pub(super) fn gone(&mut self, players: Vec<i64>) {
        for player in players {
            if !self.watchers.has_player(player)
                && let Some(seat) = self.seat_of(player)
            {
                self.slots[seat].away_since.get_or_insert(Instant::now());
            }
        }
    }

    /// A person whose seat this is is here again.
    pub(super) fn came_back(&mut self, player: i64) {
        let Some(seat) = self.seat_of(player) else {
            return;
        };
        self.slots[seat].away_since = None;
        if self.slots[seat].auto_out {
            self.slots[seat].sitting_out = false;
            self.slots[seat].auto_out = false;
            self.slots[seat].timeouts = 0;
            self.back_in(seat);
        }
    }

    /// A person takes their seat back from the bot playing for them.
    pub(super) fn back_in(&mut self, seat: Seat) {
        if let Occupant::Bot {
            for_player: Some((player, name)),
            ..
        } = self.slots[seat].occupant.clone()
        {
            self.slots[seat].occupant = Occupant::Person { player, name };
            self.seat_runner(seat);
        }
    }

    pub(super) async fn sit(
        &mut self,
        (player, name): (i64, String),
        seat: Option<Seat>,
    ) -> Result<(), ServerMsg> {
        let seat = match seat {
            Some(seat) => seat,
            // Your own seat, else the first empty one.
            None => self
                .seat_of(player)
                .or_else(|| {
                    self.slots
                        .iter()
                        .position(|s| matches!(s.occupant, Occupant::Empty))
                })
                .ok_or_else(|| err("taken", "every seat is taken".to_string()))?,
        };
        if seat >= self.slots.len() {
            return Err(err(
                "no_seat",
                format!("the table has seats 0 to {}", self.slots.len() - 1),
            ));
        }
        if let Some(mine) = self.seat_of(player) {
            if mine != seat {
                return Err(err("seated", format!("you already sit in seat {mine}")));
            }
            self.came_back(player);
            return self.stay(seat).await;
        }
        match &self.slots[seat].occupant {
            Occupant::Empty => {}
            // A person may take over a bot in a game already going that is
            // not played for chips.
            Occupant::Bot {
                for_player: None, ..
            } if !self.chips_game && self.runner.is_some() => {}
            _ => return Err(err("taken", format!("seat {seat} is taken"))),
        }
        let person = Occupant::Person { player, name };
        if self.chips_game {
            return self.buy_in(seat, person, self.stack).await;
        }
        self.slots[seat] = Slot::of(person, 0, false);
        self.seat_runner(seat);
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    /// A person sits in their own seat again: they stay after all (a stand
    /// asked for during the deal is forgotten), and with no chips left
    /// they buy in again.
    pub(super) async fn stay(&mut self, seat: Seat) -> Result<(), ServerMsg> {
        let slot = &mut self.slots[seat];
        if slot.leaving {
            slot.leaving = false;
            slot.sitting_out = false;
        }
        if self.chips_game && self.held()[seat] == 0 {
            let occupant = self.slots[seat].occupant.clone();
            return self.buy_in(seat, occupant, self.stack).await;
        }
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    pub(super) async fn stand(&mut self, player: i64) -> Result<(), ServerMsg> {
        let seat = self
            .seat_of(player)
            .ok_or_else(|| err("not_seated", "you do not sit at this table"))?;
        if self.chips_game {
            if self.in_hand(seat) {
                // Out of the hand (check or fold), out of the seat at its end.
                self.slots[seat].leaving = true;
                self.slots[seat].sitting_out = true;
            } else {
                // Not dealt in (a buy-in waiting, no chips): out at once.
                self.cash_out(seat).await;
                return Ok(());
            }
        } else if self.runner.is_some() {
            // The game goes on: a bot takes the seat.
            let bot = self.entry.kind.level_bot(SUBSTITUTE).to_string();
            self.slots[seat].occupant = Occupant::Bot {
                bot,
                for_player: None,
            };
            self.seat_runner(seat);
        } else {
            self.slots[seat] = Slot::empty();
        }
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    pub(super) async fn act(&mut self, player: i64, action: &Value) -> Result<(), ServerMsg> {
        let seat = self
            .seat_of(player)
            .ok_or_else(|| err("not_seated", "you do not sit at this table"))?;
        if self.stage() != Some(Stage::Turn(seat)) || self.slots[seat].person() != Some(player) {
            return Err(err("not_your_turn", "it is not your turn"));
        }
        let result = self.runner.as_mut().map(|r| r.act(seat, action));
        if let Some(Err(e)) = &result {
            return Err(err("illegal", e.to_string()));
        }
        let slot = &mut self.slots[seat];
        slot.timeouts = 0;
        if let Some(since) = slot.banking.take() {
            slot.bank_used += since.elapsed();
        }
        self.stepped(result).await;
        Ok(())
    }

    /// The player shows their hidden cards, where the game lets them.
    pub(super) async fn show(&mut self, player: i64) -> Result<(), ServerMsg> {
        let seat = self
            .seat_of(player)
            .ok_or_else(|| err("not_seated", "you do not sit at this table"))?;
        let result = match self.runner.as_mut() {
            Some(r) => r.show(seat),
            None => return Err(err("illegal", "there is nothing to show now")),
        };
        if let Err(e) = &result {
            return Err(err("illegal", e.to_string()));
        }
        let result = Some(result);
        self.stepped(result).await;
        Ok(())
    }

    pub(super) fn is_owner(&self, player: i64) -> Result<(), ServerMsg> {
        if player == self.owner {
            Ok(())
        } else {
            Err(err(
                "not_owner",
                "only the table's creator adds and removes bots",
            ))
        }
    }

    pub(super) async fn add_bot(
        &mut self,
        player: i64,
        seat: Seat,
        bot: &str,
    ) -> Result<(), ServerMsg> {
        self.is_owner(player)?;
        if !self.slots.get(seat).is_some_and(Slot::is_empty) {
            return Err(err("taken", format!("seat {seat} is not empty")));
        }
        let name = match bot.parse::<Level>() {
            Ok(level) => self.entry.kind.level_bot(level).to_string(),
            Err(_) if self.entry.kind.bot_names().contains(&bot) => bot.to_string(),
            Err(_) => {
                return Err(err(
                    "bad_bot",
                    format!(
                        "no bot {bot:?}: a level (easy, normal, hard) or one of {}",
                        self.entry.kind.bot_names().join(", ")
                    ),
                ));
            }
        };
        let occupant = Occupant::Bot {
            bot: name,
            for_player: None,
        };
        if self.chips_game {
            return self.buy_in(seat, occupant, self.stack).await;
        }
        self.slots[seat] = Slot::of(occupant, 0, false);
        self.seat_runner(seat);
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    pub(super) async fn remove_bot(&mut self, player: i64, seat: Seat) -> Result<(), ServerMsg> {
        self.is_owner(player)?;
        if !matches!(
            self.slots.get(seat).map(|s| &s.occupant),
            Some(Occupant::Bot {
                for_player: None,
                ..
            })
        ) {
            return Err(err("no_bot", format!("no bot in seat {seat}")));
        }
        if self.chips_game {
            if self.in_hand(seat) {
                self.slots[seat].leaving = true;
            } else {
                self.cash_out(seat).await;
                return Ok(());
            }
        } else if self.runner.is_some() {
            return Err(err(
                "playing",
                "the game is going: a bot stays until a person takes the seat",
            ));
        } else {
            self.slots[seat] = Slot::empty();
        }
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }
}
