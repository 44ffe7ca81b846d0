//! The terminal client at a hall, in tmux (`cardgames join`): a table's
//! creator fills a free seat with a bot while the game runs, and someone
//! watching a private table by its invite sits down in the free seat —
//! from the table screen, with the game already going. A protocol client
//! watching by the invite checks the seats as the hall keeps them.

use crate::common;

use cardgames::wire::protocol::{ClientMsg, SeatKind};
use common::hall::{Player, spawn_hall};
use common::tmux::{Tmux, have};

/// `cardgames join ADDRESS --name NAME` in a fresh home.
fn join(name: &str, home: &std::path::Path, addr: std::net::SocketAddr) -> Tmux {
    let bin = env!("CARGO_BIN_EXE_cardgames");
    // The address as a person types it: no ws://.
    let at = addr.to_string();
    // Sessions are named per test: other tests of this binary run an "ann".
    let session = format!("join-{name}");
    let t = Tmux::run(
        &session,
        home,
        (100, 32),
        &[bin, "join", &at, "--name", name],
    );
    t.wait_for("Tables");
    t
}

#[test]
fn the_owner_adds_a_bot_and_an_invited_watcher_sits_at_a_running_private_table() {
    if !have("tmux", "-V") {
        eprintln!("tmux missing: test skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (_hall, addr) = spawn_hall(&dir.path().join("hall"), &[]);
    let (ann_home, ben_home) = (dir.path().join("ann"), dir.path().join("ben"));
    let ann = join("ann", &ann_home, addr);

    // Ann makes a private table for four, sits, and adds a bot: it deals.
    ann.keys(&["c"]);
    ann.wait_for("New table in the hall");
    ann.keys(&["Down", "Left", "Left"]);
    ann.wait_for("‹ 4 ›");
    for _ in 0..7 {
        ann.keys(&["Down"]);
    }
    ann.keys(&["Right"]);
    ann.wait_for("‹ yes ›");
    ann.keys(&["Enter"]);
    let waiting = ann.wait_for("invite");
    let invite = waiting
        .split_whitespace()
        .find(|w| w.contains('/') && w.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no invite in:\n{waiting}"))
        .to_string();
    let table: u64 = invite
        .split('/')
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{invite}"));
    ann.keys(&["s"]);
    ann.wait_for("(you)");
    ann.keys(&["Down", "b"]);
    ann.wait_for("You are dealt");

    // At the running table, `+` (or `b` when the board does not bet with
    // it) fills the next free seat with a bot.
    ann.keys(&["+"]);

    // Ben, watching by the invite, sits from the table screen.
    let ben = join("ben", &ben_home, addr);
    ben.keys(&["i"]);
    ben.type_line(&invite);
    let watching = ben.wait_for("s sit");
    assert!(
        !watching.contains("o sit out"),
        "a watcher does not sit out:\n{watching}"
    );
    assert!(
        watching.contains("empty seat"),
        "the free seat says so:\n{watching}"
    );
    ben.keys(&["s"]);

    let runtime = tokio::runtime::Runtime::new().unwrap_or_else(|e| panic!("{e}"));
    let seats = runtime.block_on(async {
        let mut cat = Player::join(addr, "cat").await;
        cat.send(ClientMsg::Watch {
            table,
            invite: invite.split('/').nth(1).map(str::to_string),
        })
        .await;
        cat.table_when(table, |t| t.seats.iter().all(|s| s.kind != SeatKind::Empty))
            .await
            .seats
    });
    let kinds: Vec<(SeatKind, &str)> = seats.iter().map(|s| (s.kind, s.name.as_str())).collect();
    assert_eq!(kinds[0], (SeatKind::Person, "ann"), "{kinds:?}");
    assert_eq!(kinds[1].0, SeatKind::Bot, "{kinds:?}");
    assert_eq!(
        kinds[2].0,
        SeatKind::Bot,
        "the bot added at the running table: {kinds:?}"
    );
    assert_eq!(kinds[3], (SeatKind::Person, "ben"), "{kinds:?}");
    // Seated, Ben is offered sitting out, not sitting.
    ben.wait_until("seated", |s| {
        s.contains("o sit out") && !s.contains("s sit ")
    });
}
