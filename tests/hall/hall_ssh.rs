//! The hall's ssh door, end to end with the real OpenSSH client in tmux:
//! two people with two keys meet at one Hold'em table and play a hand to
//! its end; a resize redraws; one drops mid-hand (its ssh killed) while
//! the other is still served, and comes back with the same key to the
//! same seat and cards; a keyless login is refused without `--guests` and
//! admitted with it; past the cap on sessions a login is turned away
//! with a message. `.ci/run` installs tmux and openssh-client;
//! elsewhere these tests are skipped (with a note) when either is missing.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};

use common::hall::spawn_hall;
use common::tmux::{Tmux, have};

fn have_tools() -> bool {
    have("tmux", "-V") && have("ssh", "-V") && have("ssh-keygen", "--help")
}

/// A fresh ed25519 key at `path`.
fn keygen(path: &Path) {
    let ok = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(path)
        .stdin(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "ssh-keygen");
}

/// The ssh command line for `port` with `auth` options, knowing no host
/// and reading no config.
fn ssh_args(dir: &Path, port: u16, auth: &[String]) -> Vec<String> {
    let mut args: Vec<String> = ["ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no"]
        .map(String::from)
        .to_vec();
    args.push("-o".into());
    args.push(format!(
        "UserKnownHostsFile={}",
        dir.join("known_hosts").display()
    ));
    args.extend(auth.iter().cloned());
    args.extend([
        "-p".into(),
        port.to_string(),
        "-t".into(),
        "player@127.0.0.1".into(),
    ]);
    args
}

/// Auth options: this key only.
fn with_key(key: &Path) -> Vec<String> {
    vec![
        "-o".into(),
        "IdentitiesOnly=yes".into(),
        "-o".into(),
        "PreferredAuthentications=publickey".into(),
        "-i".into(),
        key.display().to_string(),
    ]
}

/// Auth options: no key at all.
fn keyless() -> Vec<String> {
    vec![
        "-o".into(),
        "PubkeyAuthentication=no".into(),
        "-o".into(),
        "PreferredAuthentications=keyboard-interactive".into(),
        "-o".into(),
        "IdentityFile=/dev/null".into(),
    ]
}

/// An ssh session in tmux.
fn ssh(name: &str, dir: &Path, port: u16, auth: &[String], size: (u16, u16)) -> Tmux {
    let args = ssh_args(dir, port, auth);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Tmux::run(name, dir, size, &args)
}

/// From the main menu to the hall's lobby.
fn to_lobby(t: &Tmux) {
    t.wait_for("Play online");
    t.open_entry("Play online");
    t.wait_for("Tables");
}

/// The hole cards the log says `t` was dealt, e.g. "K♥ 2♦".
fn dealt(t: &Tmux) -> String {
    let s = t.wait_for("You are dealt");
    s.lines()
        .find_map(|l| l.split("You are dealt ").nth(1))
        .map(|c| c.trim().to_string())
        .unwrap_or_else(|| panic!("no cards in:\n{s}"))
}

/// The table's board line.
fn board(screen: &str) -> &str {
    screen
        .lines()
        .find(|l| l.contains("Board"))
        .unwrap_or_default()
}

/// Checks or calls for whoever is to act, until the hand is over.
fn play_out(a: &Tmux, b: &Tmux) {
    for _ in 0..40 {
        let mut acted = false;
        for t in [a, b] {
            let s = t.screen();
            if s.contains("Hand over") {
                return;
            }
            if s.contains("Your turn") {
                t.keys(&["c"]);
                // The first to act on the next street keeps the turn: the
                // board changes instead.
                t.wait_until("the move made", |now| {
                    !now.contains("Your turn") || board(now) != board(&s)
                });
                acted = true;
            }
        }
        if !acted {
            a.wait_until("a turn or the end", |s| {
                s.contains("Your turn")
                    || s.contains("Hand over")
                    || b.screen().contains("Your turn")
            });
        }
    }
    panic!("the hand never ended:\n{}\n{}", a.screen(), b.screen());
}

#[test]
fn two_keys_play_a_hand_and_a_dropped_player_comes_back_to_the_seat() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (k1, k2) = (dir.path().join("ann_key"), dir.path().join("ben_key"));
    keygen(&k1);
    keygen(&k2);
    let data = dir.path().join("hall");
    let (_hall, _) = spawn_hall(&data, &["--ssh", "127.0.0.1:0"]);
    let port = _hall.ssh_port.unwrap_or_else(|| panic!("no ssh port"));
    assert!(
        data.join("ssh_host_ed25519_key").exists(),
        "the host key is made on first start and kept"
    );

    // First logins: each key chooses its name.
    let ann = ssh("ann", dir.path(), port, &with_key(&k1), (100, 32));
    ann.wait_for("choose the name");
    ann.type_line("Ann");
    let ben = ssh("ben", dir.path(), port, &with_key(&k2), (100, 32));
    ben.wait_for("choose the name");
    ben.type_line("Ben");
    to_lobby(&ann);
    to_lobby(&ben);
    assert!(ann.screen().contains("Ann"), "{}", ann.screen());

    // Ann makes a table for two; both sit.
    ann.keys(&["c"]);
    ann.wait_for("New table in the hall");
    ann.keys(&["Down", "Left", "Left", "Left", "Left"]);
    ann.wait_for("‹ 2 ›");
    ann.keys(&["Enter"]);
    ann.wait_for("waiting for");
    ann.keys(&["s"]);
    ben.wait_for("#1");
    ben.keys(&["s"]);
    let ben_cards = dealt(&ben);
    let ann_cards = dealt(&ann);
    assert_ne!(ann_cards, ben_cards);
    assert!(
        !ann.screen().contains(&ben_cards),
        "Ann never sees Ben's cards:\n{}",
        ann.screen()
    );

    // A resize redraws at the new size.
    ben.resize(120, 40);
    ben.wait_until("a 120-column frame", |s| {
        s.lines()
            .any(|l| l.chars().filter(|&c| c == '─').count() >= 118)
    });
    ben.wait_for(&ben_cards);

    // Ben's ssh dies mid-hand; Ann is still served.
    let killed = Command::new("kill")
        .args(["-KILL", &ben.pid().to_string()])
        .status()
        .is_ok_and(|s| s.success());
    assert!(killed, "kill ben's ssh");
    ben.wait_until("ben's ssh gone", |_| ben.ended());
    drop(ben);
    // Ann sees Ben's seat marked away.
    ann.wait_until("Ben away", |s| {
        s.lines().any(|l| l.contains("Ben") && l.contains("away"))
    });
    ann.keys(&["t"]);
    ann.type_line("still here?");
    ann.wait_for("Ann: still here?");

    // Ben comes back with the same key: straight to the seat, same cards.
    let ben = ssh("ben2", dir.path(), port, &with_key(&k2), (100, 32));
    let back = ben.wait_for(&ben_cards);
    assert!(back.contains("Hold'em 5/10 · hand 1"), "{back}");
    assert!(!back.contains("choose the name"), "{back}");
    ann.wait_until("Ben back", |s| {
        !s.lines().any(|l| l.contains("Ben") && l.contains("away"))
    });

    play_out(&ann, &ben);
    for t in [&ann, &ben] {
        let s = t.wait_for("Hand over");
        assert!(s.contains(" wins ") || s.contains("You win "), "{s}");
    }

    // Quitting closes the session cleanly.
    ben.keys(&["Escape"]);
    // Hands were played: leaving sums the session up first.
    ben.wait_for("Session summary");
    ben.keys(&["Enter"]);
    ben.wait_for("Tables");
    ben.keys(&["Escape"]);
    ben.wait_for("Main menu");
    ben.keys(&["q"]);
    ben.wait_until("the ssh session closed", |_| ben.ended());
    ann.keys(&["t"]);
    ann.type_line("bye Ben");
    ann.wait_for("Ann: bye Ben");
    common::hall::assert_ledger(&data);
}

#[test]
fn keyless_logins_need_guests() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (_closed, _) = spawn_hall(&dir.path().join("closed"), &["--ssh", "127.0.0.1:0"]);
    let port = _closed.ssh_port.unwrap_or_else(|| panic!("no ssh port"));
    let mut args = ssh_args(dir.path(), port, &keyless());
    args.retain(|a| a != "-t");
    let out = Command::new(&args[0])
        .args(&args[1..])
        .arg("true")
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("this hall takes no guests"), "{err}");
    assert!(err.contains("Permission denied"), "{err}");

    let (_open, _) = spawn_hall(
        &dir.path().join("open"),
        &["--ssh", "127.0.0.1:0", "--guests"],
    );
    let port = _open.ssh_port.unwrap_or_else(|| panic!("no ssh port"));
    let guest = ssh("guest", dir.path(), port, &keyless(), (100, 32));
    to_lobby(&guest);
    assert!(guest.screen().contains("· guest-"), "{}", guest.screen());
    common::hall::assert_ledger(&dir.path().join("open"));
}

#[test]
fn a_full_hall_says_so_and_the_first_session_plays_on() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (_hall, _) = spawn_hall(
        &dir.path().join("hall"),
        &["--ssh", "127.0.0.1:0", "--guests", "--ssh-sessions", "1"],
    );
    let port = _hall.ssh_port.unwrap_or_else(|| panic!("no ssh port"));
    let first = ssh("first", dir.path(), port, &keyless(), (100, 32));
    first.wait_for("Play online");
    let second = ssh("second", dir.path(), port, &keyless(), (100, 32));
    second.wait_for("it is full");
    second.wait_until("the second session closed", |_| second.ended());
    drop(second);
    to_lobby(&first);
    common::hall::assert_ledger(&dir.path().join("hall"));
}
