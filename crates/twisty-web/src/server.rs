//! The HTTP server: routes, embedded assets, limits and graceful shutdown.

use crate::api::{self, ApiError};
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Semaphore};

/// Largest accepted request body, in bytes.
pub const MAX_BODY: usize = 64 * 1024;

/// Server settings.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Address to bind (default loopback 127.0.0.1).
    pub bind: IpAddr,
    /// Port (0 picks a free one).
    pub port: u16,
    /// Solves allowed at once (default: the number of cores); more get 503.
    pub max_concurrent_solves: Option<usize>,
    /// Raised elsewhere (e.g. by a Ctrl-C handler) to shut the server down gracefully.
    pub shutdown: Option<Arc<AtomicBool>>,
    /// Replaces every solver by one that runs until cancelled (for tests of cancellation
    /// and of the concurrency limit).
    pub slow_solver_for_tests: bool,
    /// Table cache directory for solvers that need tables (default: `twisty-tables` in the
    /// system's temporary directory).
    pub tables_dir: Option<PathBuf>,
    /// Largest total size of tables to load, in bytes.
    pub max_table_memory: Option<u64>,
    /// Memory budget of one solve in MiB (A* `memory_mib` is held to it; see
    /// [`crate::limits`]).
    pub solve_memory_mib: u64,
    /// Open connections allowed at once (more are closed at once).
    pub max_connections: usize,
    /// Time a client has to send a request's headers (and longest idle keep-alive).
    pub header_timeout: Duration,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            max_concurrent_solves: None,
            shutdown: None,
            slow_solver_for_tests: false,
            tables_dir: None,
            max_table_memory: None,
            solve_memory_mib: crate::limits::DEFAULT_SOLVE_MEMORY_MIB,
            max_connections: crate::listener::MAX_CONNECTIONS,
            header_timeout: crate::listener::HEADER_TIMEOUT,
        }
    }
}

/// Errors starting the server.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound.
    // The cause is part of the message, not a `source`: printed once with the chain.
    #[error("cannot listen on {addr}: {cause}{}", if cause.kind() == std::io::ErrorKind::AddrInUse { " (another server may be using the port; `--port 0` picks a free one)" } else { "" })]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The cause.
        cause: std::io::Error,
    },
    /// Any other I/O failure (runtime, accept loop).
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}

/// State shared by the handlers.
#[derive(Debug)]
pub struct AppState {
    /// Permits for concurrent solves.
    pub solves: Arc<Semaphore>,
    /// Permits for concurrent input checks and replays (`/api/validate`, `/api/replay`),
    /// which run on the blocking pool: twice the solves, at least four.
    pub parses: Arc<Semaphore>,
    /// Number of permits.
    pub max_solves: usize,
    /// See [`ServerConfig::solve_memory_mib`].
    pub solve_memory_mib: u64,
    /// Solves currently running (including ones whose client has gone, until they stop).
    pub active: AtomicUsize,
    /// Changes to `true` when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// See [`ServerConfig::slow_solver_for_tests`].
    pub slow_solver_for_tests: bool,
    /// The solvers random-state scrambles use.
    pub env: crate::puzzles::Env,
    /// The engine: every solve goes through it; its tables are loaded once per process.
    pub engine: Arc<twisty_engine::Engine>,
    /// Which solvers' tables are loaded or loading.
    pub warmth: crate::warm::Warmth,
    /// The hosts requests may name.
    pub hosts: crate::guard::Hosts,
    /// The solves running now, for progress polling (`GET /api/solves`).
    pub running: std::sync::Mutex<Vec<crate::solve::RunningSolve>>,
    /// Next solve id.
    pub next_id: std::sync::atomic::AtomicU64,
}

/// A running server (see [`start`]).
#[derive(Debug)]
pub struct RunningServer {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Shared state (for inspection in tests).
    pub state: Arc<AppState>,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl RunningServer {
    /// Waits until the server stops (after its shutdown flag was raised).
    pub async fn wait(self) -> Result<(), ServeError> {
        let RunningServer { stop, task, .. } = self;
        let r = task.await;
        drop(stop);
        match r {
            Ok(r) => Ok(r?),
            Err(e) => Err(ServeError::Io(std::io::Error::other(e))),
        }
    }

    /// Stops accepting, cancels running solves and waits for open requests to finish.
    pub async fn shutdown(self) -> Result<(), ServeError> {
        let _ = self.stop.send(true);
        match self.task.await {
            Ok(r) => Ok(r?),
            Err(e) => Err(ServeError::Io(std::io::Error::other(e))),
        }
    }
}

/// The page's files, served at `/` + their path (`index.html` also at `/`): the same files
/// make the static site of the WebAssembly build (`scripts/build_wasm.sh`).
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "index.html",
        include_str!("../assets/index.html"),
        "text/html; charset=utf-8",
    ),
    (
        "app.js",
        include_str!("../assets/app.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "transport.js",
        include_str!("../assets/transport.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "worker.js",
        include_str!("../assets/worker.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "table_store.js",
        include_str!("../assets/table_store.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "stored.js",
        include_str!("../assets/stored.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "url.js",
        include_str!("../assets/url.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "editor.js",
        include_str!("../assets/editor.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "app.css",
        include_str!("../assets/app.css"),
        "text/css; charset=utf-8",
    ),
    (
        "vendor/three.module.min.js",
        include_str!("../assets/vendor/three.module.min.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "vendor/three.LICENSE",
        include_str!("../assets/vendor/three.LICENSE"),
        "text/plain; charset=utf-8",
    ),
];

fn asset(body: &'static str, mime: &'static str) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

async fn fallback(uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        ApiError::not_found(path).into_response()
    } else {
        (StatusCode::NOT_FOUND, format!("404: no such page: {path}\n")).into_response()
    }
}

/// The router with every route, for a given shared state.
pub fn router(state: Arc<AppState>) -> Router {
    let mut router = Router::new();
    for &(path, body, mime) in ASSETS {
        let route = if path == "index.html" {
            "/".to_string()
        } else {
            format!("/{path}")
        };
        router = router.route(&route, get(move || async move { asset(body, mime) }));
    }
    router
        .route("/api/health", get(api::health))
        .route("/api/puzzles", get(api::list_puzzles))
        .route("/api/scramble", get(api::scramble))
        .route("/api/geometry", get(api::geometry))
        .route("/api/solvers", get(api::list_solvers))
        .route("/api/validate", post(api::validate))
        .route("/api/replay", post(api::replay))
        .route("/api/solve", post(crate::solve::solve))
        .route("/api/solves", get(api::running_solves))
        .fallback(fallback)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::guard::guard,
        ))
        .with_state(state)
}

/// Binds and starts serving in the background on the current tokio runtime.
pub async fn start(config: ServerConfig) -> Result<RunningServer, ServeError> {
    let addr = SocketAddr::new(config.bind, config.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|cause| ServeError::Bind { addr, cause })?;
    let addr = listener.local_addr()?;
    let max_solves = config
        .max_concurrent_solves
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2))
        .max(1);
    let (stop, stopped) = watch::channel(false);
    let tables_dir = config
        .tables_dir
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join("twisty-tables"));
    let engine = Arc::new(twisty_engine::Engine::new(twisty_engine::EngineConfig {
        tables_dir,
        max_memory: config.max_table_memory,
        build_large_tables: false,
        progress: false,
    }));
    let state = Arc::new(AppState {
        solves: Arc::new(Semaphore::new(max_solves)),
        parses: Arc::new(Semaphore::new((2 * max_solves).max(4))),
        max_solves,
        solve_memory_mib: config.solve_memory_mib,
        active: AtomicUsize::new(0),
        running: std::sync::Mutex::new(Vec::new()),
        next_id: std::sync::atomic::AtomicU64::new(1),
        shutdown: stopped.clone(),
        slow_solver_for_tests: config.slow_solver_for_tests,
        env: crate::puzzles::Env::new(engine.clone()),
        engine,
        warmth: crate::warm::Warmth::default(),
        hosts: crate::guard::Hosts::new(config.bind),
    });
    let app = router(state.clone());
    let limits = crate::listener::ConnLimits {
        max_connections: config.max_connections,
        header_timeout: config.header_timeout,
    };
    let task = tokio::spawn(crate::listener::run(listener, app, limits, stopped));
    // Relay an external shutdown flag (a Ctrl-C handler installed by the caller).
    if let Some(flag) = config.shutdown {
        let stop = stop.clone();
        tokio::spawn(async move {
            loop {
                if flag.load(Ordering::SeqCst) {
                    let _ = stop.send(true);
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
    }
    Ok(RunningServer {
        addr,
        state,
        stop,
        task,
    })
}

/// Runs the server until shutdown: prints its URL, serves, and returns after a graceful
/// shutdown (the `shutdown` flag of `config`, or Ctrl-C when no flag is given).
pub fn serve(config: ServerConfig) -> Result<(), ServeError> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let result = rt.block_on(async move {
        let external = config.shutdown.is_some();
        let server = start(config).await?;
        // Load or build the solvers' tables in the background (never the large ones).
        crate::warm::warm_up(&server.state);
        let url = format!("http://{}/", server.addr);
        println!("twisty web viewer: {url}");
        if server.addr.ip().is_loopback() {
            println!("listening on loopback only: reachable from this machine, not from the network");
        } else {
            println!(
                "warning: listening on {}, reachable from other machines",
                server.addr.ip()
            );
        }
        println!("press Ctrl-C to stop");
        let r = if external {
            server.wait().await
        } else {
            let _ = tokio::signal::ctrl_c().await;
            server.shutdown().await
        };
        println!("server stopped");
        r
    });
    // Do not wait for a table build still running in the background: table files are
    // written to a temporary name and renamed, so an abandoned build leaves nothing behind.
    rt.shutdown_timeout(Duration::from_millis(200));
    result
}
