//! The ssh door: `ssh -p 2222 HOST` opens the whole terminal app
//! (menu, games against the computer, the hall's lobby and tables) in the
//! session, and the client's public key is the player's account. The
//! first login with a key asks for a name; later ones are that player.
//! With `--guests`, people without a key come in as a guest; without it
//! they are refused, with a banner saying why.
//!
//! Each session runs its app on a thread of its own ([`crate::tui::stream`]),
//! reaching the hall's tables through the hall's own WebSocket on
//! loopback, with a secret that spares it the cap on connections per
//! address. The host key (ed25519) is made on first start and kept in the
//! data directory.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey};
use russh::server::{Auth, Config as SshConfig, Handler, Msg, Server, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet};

use crate::tui::stream::{self, Input};
use crate::tui::{App, Door, Settings, Tokens};
use cardgames::hall::store::{self, StoreError};
use cardgames::hall::{Hall, HallError, Opened, new_token};

/// How the door is run.
#[derive(Debug, Clone)]
pub struct DoorConfig {
    /// Where it listens.
    pub listen: SocketAddr,
    /// People without a key come in as guests.
    pub guests: bool,
    /// Sessions at once.
    pub max_sessions: usize,
    /// A connection with nothing sent for this long is closed.
    pub idle: Duration,
}

/// The door's shared state.
struct Entrance {
    hall: Arc<Hall>,
    config: DoorConfig,
    sessions: AtomicUsize,
    /// The hall's WebSocket for the sessions' apps.
    ws: String,
}

/// Who came in.
#[derive(Debug, Clone)]
enum Who {
    /// The key with this fingerprint (SHA-256, as OpenSSH shows it).
    Key(String),
    /// Someone without a key.
    Guest,
}

/// The host key in `data`, made the first time.
fn host_key(data: &Path) -> Result<PrivateKey, HallError> {
    let path = data.join("ssh_host_ed25519_key");
    if path.exists() {
        return PrivateKey::read_openssh_file(&path).map_err(HallError::at(path.display()));
    }
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&rand::random()));
    key.write_openssh_file(&path, Default::default())
        .map_err(HallError::at(path.display()))?;
    Ok(key)
}

/// Opens the door beside the hall `beside`: binds its address, reads
/// (or makes) the host key, and serves sessions on a task of its own.
/// Returns where it listens.
pub async fn open(beside: &Opened, config: DoorConfig) -> Result<SocketAddr, HallError> {
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(HallError::at(format_args!("ssh on {}", config.listen)))?;
    let at = listener.local_addr()?;
    let hall = beside.hall();
    let key = host_key(hall.data())?;
    let ssh = Arc::new(SshConfig {
        inactivity_timeout: Some(config.idle),
        auth_rejection_time: Duration::from_millis(300),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![key],
        nodelay: true,
        ..Default::default()
    });
    let door = Arc::new(Entrance {
        hall,
        config,
        sessions: AtomicUsize::new(0),
        ws: beside.door_url(),
    });
    tokio::spawn(async move {
        let mut server = DoorServer(door);
        if let Err(e) = server.run_on_socket(ssh, &listener).await {
            cardgames::hall::log(format_args!("hall: ssh door: {e}"));
        }
    });
    Ok(at)
}

#[derive(Clone)]
struct DoorServer(Arc<Entrance>);

impl Server for DoorServer {
    type Handler = Conn;

    fn new_client(&mut self, _peer: Option<SocketAddr>) -> Conn {
        Conn {
            door: self.0.clone(),
            who: None,
            size: (80, 24),
            input: None,
        }
    }
}

/// One ssh connection.
struct Conn {
    door: Arc<Entrance>,
    who: Option<Who>,
    size: (u16, u16),
    input: Option<mpsc::Sender<Input>>,
}

fn methods(guests: bool) -> MethodSet {
    let mut m = vec![MethodKind::PublicKey];
    if guests {
        m.push(MethodKind::KeyboardInteractive);
    }
    MethodSet::from(m.as_slice())
}

fn clamp(n: u32) -> u16 {
    n.clamp(1, 1000) as u16
}

impl Handler for Conn {
    type Error = russh::Error;

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(Some(if self.door.config.guests {
            "cardgames hall: your ssh key is your account; without one you come in as a guest.\r\n"
                .into()
        } else {
            "cardgames hall: sign in with an ssh key (make one with `ssh-keygen -t ed25519`); this hall takes no guests.\r\n".into()
        }))
    }

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::Reject {
            proceed_with_methods: Some(methods(self.door.config.guests)),
            partial_success: false,
        })
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        self.who = Some(Who::Key(
            key.public_key.fingerprint(HashAlg::Sha256).to_string(),
        ));
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if !self.door.config.guests {
            return Ok(Auth::reject());
        }
        self.who = Some(Who::Guest);
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        _channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply.accept().await;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.size = (clamp(cols), clamp(rows));
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let door = self.door.clone();
        if door.sessions.fetch_add(1, Ordering::SeqCst) >= door.config.max_sessions {
            door.sessions.fetch_sub(1, Ordering::SeqCst);
            let handle = session.handle();
            session.channel_success(channel)?;
            let _ = handle
                .data(
                    channel,
                    "cardgames hall: it is full; come back a little later.\r\n",
                )
                .await;
            let _ = handle.exit_status_request(channel, 1).await;
            let _ = handle.close(channel).await;
            return Ok(());
        }
        let plan = match self.who.clone() {
            Some(who) => app_for(&door, who).await,
            None => Err(StoreError::Closed),
        };
        let plan = match plan {
            Ok(plan) => plan,
            Err(e) => {
                door.sessions.fetch_sub(1, Ordering::SeqCst);
                cardgames::hall::log(format_args!("hall: ssh session: {e}"));
                session.channel_failure(channel)?;
                return Ok(());
            }
        };
        session.channel_success(channel)?;
        let (tx, rx) = mpsc::channel();
        self.input = Some(tx);
        let (out_tx, mut out_rx) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
        let handle = session.handle();
        tokio::spawn(async move {
            while let Some(bytes) = out_rx.recv().await {
                if handle.data(channel, bytes).await.is_err() {
                    break;
                }
            }
            let _ = handle.exit_status_request(channel, 0).await;
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
        });
        let size = self.size;
        let ended = door.clone();
        std::thread::Builder::new()
            .name("ssh-session".into())
            .spawn(move || {
                let (files, door) = plan;
                let app = App::at_door(Settings::default(), files, door);
                let _ = stream::run(app, size, rx, move |bytes| out_tx.send(bytes).is_ok());
                ended.sessions.fetch_sub(1, Ordering::SeqCst);
            })
            .map_err(|e| russh::Error::IO(std::io::Error::other(e.to_string())))?;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.size = (clamp(cols), clamp(rows));
        if let Some(tx) = &self.input {
            let _ = tx.send(Input::Resize(self.size.0, self.size.1));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(tx) = &self.input {
            let _ = tx.send(Input::Bytes(data.to_vec()));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input = None;
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input = None;
        Ok(())
    }
}

/// What the app of a session is made of: the player's own files (none
/// for a newcomer or a guest) and the door.
type Plan = (Option<cardgames::store::Store>, Door);

/// The app for who came in: a known key's player (a fresh token for the
/// hall, their own files), a new key's newcomer (who first chooses a
/// name), or a guest (a guest name, no files).
async fn app_for(door: &Entrance, who: Who) -> Result<Plan, StoreError> {
    let tokens = Tokens::load(None);
    let ws = door.ws.clone();
    let budget = door.hall.thinking.budget();
    match who {
        Who::Key(key) => {
            let known = {
                let key = key.clone();
                door.hall
                    .store
                    .call(move |c| store::player_by_key(c, &key))
                    .await?
            };
            match known {
                Some((id, name)) => {
                    let token = new_token();
                    let t = token.clone();
                    door.hall
                        .store
                        .call(move |c| store::set_token(c, id, &t))
                        .await?;
                    tokens.keep(&ws, &name, &token);
                    let files = cardgames::store::Store::at(
                        &door.hall.data().join("players").join(id.to_string()),
                    );
                    let seated = !door.hall.tables_of_name(&name).is_empty();
                    Ok((
                        Some(files),
                        Door {
                            hall: ws,
                            tokens,
                            register: None,
                            budget,
                            seated,
                        },
                    ))
                }
                None => {
                    let store = door.hall.store.clone();
                    let (t, url) = (tokens.clone(), ws.clone());
                    let register = move |name: &str| -> Result<(), String> {
                        let token = new_token();
                        let (n, k, tk) = (name.to_string(), key.clone(), token.clone());
                        match store.call_blocking(move |c| store::new_player(c, &n, &tk, Some(&k)))
                        {
                            Ok(Some(_)) => {
                                t.keep(&url, name, &token);
                                Ok(())
                            }
                            Ok(None) => Err(format!("the name {name} is taken: choose another")),
                            Err(e) => Err(e.to_string()),
                        }
                    };
                    Ok((
                        None,
                        Door {
                            hall: ws,
                            tokens,
                            register: Some(Box::new(register)),
                            budget,
                            seated: false,
                        },
                    ))
                }
            }
        }
        Who::Guest => {
            for _ in 0..20 {
                let name = format!("guest-{:04}", rand::random::<u16>() % 10_000);
                let token = new_token();
                let (n, tk) = (name.clone(), token.clone());
                if door
                    .hall
                    .store
                    .call(move |c| store::new_player(c, &n, &tk, None))
                    .await?
                    .is_some()
                {
                    tokens.keep(&ws, &name, &token);
                    return Ok((
                        None,
                        Door {
                            hall: ws,
                            tokens,
                            register: None,
                            budget,
                            seated: false,
                        },
                    ));
                }
            }
            Err(StoreError::Closed)
        }
    }
}
