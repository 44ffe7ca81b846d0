//! The hall's HTTP server: HTTP/1.1 connections on the listening socket,
//! each served by the router with the peer's address at hand (axum's
//! `ConnectInfo`) and WebSocket upgrades allowed. A request's head (its
//! line and headers) must arrive within a time limit: a client that opens
//! connections and sends half a request never holds them for long, and
//! a connection's unsent data is bounded.

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// The kernel's send buffer of each connection, in bytes (it doubles it
/// for its own book-keeping).
const SEND_BUFFER: usize = 64 * 1024;

/// Serves `app` on `listener` until `stop` resolves; a request's head
/// must arrive within `head_within`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    head_within: Duration,
    stop: impl Future<Output = ()>,
) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(head_within);
    tokio::pin!(stop);
    loop {
        let (tcp, addr) = tokio::select! {
            () = &mut stop => return,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors or the like: wait, not spin.
                    super::log(format_args!("hall: accept: {e}"));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        // Each message is small and wanted at once: no Nagle delay. And
        // what waits unsent for a peer is bounded: a peer that stops
        // reading fills its queue soon and is cut off (see `outbox`),
        // instead of holding megabytes of the kernel's memory.
        let _ = tcp.set_nodelay(true);
        let _ = socket2::SockRef::from(&tcp).set_send_buffer_size(SEND_BUFFER);
        let service = app
            .clone()
            .map_request(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(addr));
                req
            });
        let connection = builder
            .serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service))
            .with_upgrades();
        tokio::spawn(async move {
            // A broken or timed-out connection only ends itself.
            let _ = connection.await;
        });
    }
}
