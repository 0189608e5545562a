//! The accept loop: HTTP/1.1 connections with a header read timeout (a client that is slow
//! to send its request, or idle between requests, is dropped) and a cap on open connections
//! (one over the cap is closed at once), so that idle or slow clients cannot starve others.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};

/// Open connections allowed at once by default.
pub const MAX_CONNECTIONS: usize = 4096;

/// Default time a client has to send a request's headers (also the longest idle time of a
/// kept-alive connection).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Limits of the accept loop.
#[derive(Debug, Clone, Copy)]
pub struct ConnLimits {
    /// Open connections allowed at once.
    pub max_connections: usize,
    /// Time to send a request's headers.
    pub header_timeout: Duration,
}

/// Serves `app` on `listener` until `stop` turns true, then closes idle connections, lets
/// open requests finish, and returns.
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: ConnLimits,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let max = limits.max_connections.max(1);
    let slots = Arc::new(Semaphore::new(max));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let builder = Arc::new(builder);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stop.wait_for(|s| *s) => break,
        };
        let (stream, _) = match accepted {
            Ok(a) => a,
            Err(_) => {
                // Out of file descriptors or a connection reset before accept: wait a little.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Ok(permit) = slots.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let builder = builder.clone();
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            let mut stopping = false;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => break,
                    _ = stop.wait_for(|s| *s), if !stopping => {
                        stopping = true;
                        conn.as_mut().graceful_shutdown();
                    }
                }
            }
        });
    }
    // Wait for every connection to close.
    let _all = slots.acquire_many(max as u32).await;
    Ok(())
}
