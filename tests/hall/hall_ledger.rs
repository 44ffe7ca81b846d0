//! The hall never loses a chip: buy-ins made during a deal, players who
//! bust while another waits to be dealt in, re-buys, the table's rebuy
//! rule; each test ends with the ledger audited against the tables (every
//! transfer balances, each seat's account holds what is in front of it).

use crate::common;

use cardgames::game::Stage;
use cardgames::wire::protocol::{ClientMsg, TableState};
use common::hall::{Player, assert_ledger, bankroll, shove, start_hall};
use serde_json::{Value, json};

fn cash(seats: usize, stack: u64, rebuy: &str) -> Value {
    json!({"seats": seats, "stack": stack, "blinds": {"small": 5, "big": 10}, "mode": {"cash": {"rebuy": rebuy}}})
}

fn dealing(t: &TableState) -> bool {
    matches!(t.stage, Some(Stage::Turn(_)))
}

fn sit(table: u64, seat: usize) -> ClientMsg {
    ClientMsg::Sit {
        table,
        seat: Some(seat),
        invite: None,
    }
}

/// Plays `p`'s turns by `choose` until a deal has ended (its scores).
async fn play_deal(p: &mut Player, table: u64, choose: fn(&TableState) -> Value) -> Vec<f64> {
    p.play(table, 1, choose).await.remove(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_buy_in_made_during_a_deal_comes_back_whole_when_the_player_stands_first() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 21).await;
    let mut ann = Player::join(addr, "ann").await;
    let table = ann.create("holdem", cash(3, 1000, "never"), 60).await;
    ann.sit(table, 0).await;
    ann.send(ClientMsg::AddBot {
        table,
        seat: 1,
        bot: "easy".into(),
    })
    .await;
    ann.table_when(table, dealing).await;
    // Ben sits while the hand is played: the buy-in waits beside it.
    let mut ben = Player::join(addr, "ben").await;
    let ben_id = ben.welcome.player.id;
    assert_eq!(ben.request(sit(table, 2), "sit").await, Ok(Some(table)));
    assert_eq!(bankroll(dir.path(), ben_id), 9_000);
    let seen = ben.table_when(table, |t| t.you == Some(2)).await;
    assert_eq!(
        seen.seats[2].chips,
        Some(1000),
        "his chips are in front of him"
    );
    assert_ledger(dir.path());
    // He stands before being dealt in: every chip back at once.
    assert_eq!(
        ben.request(ClientMsg::Stand { table }, "stand").await,
        Ok(Some(table))
    );
    assert_eq!(bankroll(dir.path(), ben_id), 10_000);
    assert_ledger(dir.path());
    // And again once the hand is over, before the next is dealt.
    play_deal(&mut ann, table, common::hall::check_or_call).await;
    assert_eq!(ben.request(sit(table, 2), "again").await, Ok(Some(table)));
    assert_eq!(
        ben.request(ClientMsg::Stand { table }, "up").await,
        Ok(Some(table))
    );
    assert_eq!(bankroll(dir.path(), ben_id), 10_000);
    assert_ledger(dir.path());
}

/// Ann and Ben go all in until one of them is busted; Cat sits down
/// during the first hand. The busted one's seat.
async fn bust_with_cat_waiting(
    ann: &mut Player,
    ben: &mut Player,
    cat: &mut Player,
    table: u64,
) -> usize {
    ann.table_when(table, dealing).await;
    assert_eq!(cat.request(sit(table, 2), "cat").await, Ok(Some(table)));
    loop {
        let (a, b) = tokio::join!(play_deal(ann, table, shove), play_deal(ben, table, shove));
        assert_eq!(a, b);
        let after = ann.table_when(table, |t| !dealing(t)).await;

        // Whoever has nothing left in front of them is busted.
        let chips: Vec<u64> = after.seats.iter().map(|s| s.chips.unwrap_or(0)).collect();
        if let Some(busted) = (0..2).find(|&s| chips[s] == 0) {
            return busted;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_waiting_to_be_dealt_in_plays_on_when_the_others_bust() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 22).await;
    let mut ann = Player::join(addr, "ann").await;
    let mut ben = Player::join(addr, "ben").await;
    let mut cat = Player::join(addr, "cat").await;
    let table = ann.create("holdem", cash(3, 100, "never"), 60).await;
    ann.sit(table, 0).await;
    ben.sit(table, 1).await;
    let busted = bust_with_cat_waiting(&mut ann, &mut ben, &mut cat, table).await;
    // The session would be over (one player with chips), but Cat's buy-in
    // is there: it goes in and the next hand is dealt, Cat in it.
    let next = cat
        .table_when(table, |t| {
            dealing(t) && t.view["state"]["holes"][2].is_array()
        })
        .await;
    assert_eq!(next.seats[2].chips, Some(100));
    assert_eq!(next.seats[busted].chips, Some(0));
    assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busted_player_who_stands_and_sits_again_plays_the_next_hand() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 23).await;
    let mut ann = Player::join(addr, "ann").await;
    let mut ben = Player::join(addr, "ben").await;
    let mut cat = Player::join(addr, "cat").await;
    let table = ann.create("holdem", cash(3, 100, "never"), 60).await;
    ann.sit(table, 0).await;
    ben.sit(table, 1).await;
    let busted = bust_with_cat_waiting(&mut ann, &mut ben, &mut cat, table).await;
    let loser = if busted == 0 { &mut ann } else { &mut ben };
    let id = loser.welcome.player.id;
    assert_eq!(
        loser.request(ClientMsg::Stand { table }, "stand").await,
        Ok(Some(table))
    );
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        loser.request(sit(table, busted), "sit").await,
        Ok(Some(table))
    );
    assert_eq!(bankroll(dir.path(), id), 10_000 - 200);
    // Dealt into the next hand with the new chips, in the seat, not
    // sitting out (its turns are not played for it).
    let dealt = loser
        .table_when(table, |t| {
            dealing(t) && t.view["state"]["holes"][busted].is_array()
        })
        .await;
    assert_eq!(dealt.you, Some(busted));
    assert!(
        !dealt.seats[busted].sitting_out,
        "{:?}",
        dealt.seats[busted]
    );
    assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_rebuy_rule_is_kept_and_paid_from_the_bankroll() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 24).await;
    let mut ann = Player::join(addr, "ann").await;
    let mut ben = Player::join(addr, "ben").await;
    let ids = [ann.welcome.player.id, ben.welcome.player.id];
    // A partial setup: what it leaves out takes its default, and the
    // default rebuy (when busted) is what the table plays.
    let setup = json!({"seats": 2, "stack": 100});
    let table = ann.create("holdem", setup, 60).await;
    let made = ann.tables[&table].clone();
    assert_eq!(
        made.setup["mode"],
        json!({"cash": {"rebuy": "when_busted"}})
    );
    assert_eq!(made.setup["blinds"], json!({"small": 5, "big": 10}));
    ann.sit(table, 0).await;
    ben.sit(table, 1).await;
    // All in until someone busts: they buy the stack again at once.
    let busted = loop {
        let (a, _) = tokio::join!(
            play_deal(&mut ann, table, shove),
            play_deal(&mut ben, table, shove)
        );
        if let Some(s) = (0..2).find(|&s| a[s] == -100.0) {
            break s;
        }
    };
    let again = ann
        .table_when(table, |t| dealing(t) && t.seats[busted].chips == Some(100))
        .await;
    assert!(again.view["state"]["holes"][0].is_array());
    assert_eq!(bankroll(dir.path(), ids[busted]), 10_000 - 200);
    assert_ledger(dir.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_top_up_table_fills_each_short_stack_before_the_next_hand() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let addr = start_hall(dir.path(), 25).await;
    let mut ann = Player::join(addr, "ann").await;
    let mut ben = Player::join(addr, "ben").await;
    let table = ann.create("holdem", cash(2, 1000, "top_up"), 60).await;
    ann.sit(table, 0).await;
    ben.sit(table, 1).await;
    // Hands checked down until one is not split.
    let a = loop {
        let (a, b) = tokio::join!(
            play_deal(&mut ann, table, common::hall::check_or_call),
            play_deal(&mut ben, table, common::hall::check_or_call)
        );
        assert_eq!(a, b);
        if a[0] != 0.0 {
            break a;
        }
    };
    let loser = if a[0] < 0.0 { 0 } else { 1 };
    let next = ann
        .table_when(table, |t| dealing(t) && t.seats[loser].chips == Some(1000))
        .await;
    let winner = next.seats[1 - loser].chips.unwrap_or(0);
    assert!(winner > 1000, "the winner keeps what they won: {winner}");
    assert_ledger(dir.path());
}
