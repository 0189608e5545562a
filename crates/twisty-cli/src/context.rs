//! What every subcommand shares: the error type with its exit codes, and the invocation's
//! context (table cache, colours, Ctrl-C, the engine).

use crate::args::{ColourChoice, GlobalArgs};
use std::fmt;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A CLI failure and the exit code it maps to: 2 for usage errors (bad arguments, malformed
/// input), 1 for everything else (impossible states, no solution, I/O, tables).
#[derive(Debug)]
pub struct CliError {
    /// The error and its context.
    pub error: anyhow::Error,
    /// Whether this is a usage error (exit code 2).
    pub usage: bool,
    /// Whether the error was already printed (as JSON on stdout).
    pub printed: bool,
}

impl CliError {
    /// A usage error (exit code 2).
    pub fn usage(e: impl Into<anyhow::Error>) -> Self {
        CliError {
            error: e.into(),
            usage: true,
            printed: false,
        }
    }

    /// A failure (exit code 1).
    pub fn failure(e: impl Into<anyhow::Error>) -> Self {
        CliError {
            error: e.into(),
            usage: false,
            printed: false,
        }
    }

    /// The process exit code.
    pub fn exit_code(&self) -> u8 {
        if self.usage {
            2
        } else {
            1
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{:#}", self.error)
        } else {
            write!(f, "{}", self.error)
        }
    }
}

impl From<twisty_core::ParseError> for CliError {
    fn from(e: twisty_core::ParseError) -> Self {
        CliError::usage(e)
    }
}

impl From<twisty_core::InvalidState> for CliError {
    fn from(e: twisty_core::InvalidState) -> Self {
        CliError::failure(anyhow::anyhow!("impossible state: {e}"))
    }
}

impl From<twisty_engine::EngineError> for CliError {
    fn from(e: twisty_engine::EngineError) -> Self {
        let usage = e.kind.is_usage();
        CliError {
            error: anyhow::Error::new(e),
            usage,
            printed: false,
        }
    }
}

impl From<twisty_solvers::SolveError> for CliError {
    fn from(e: twisty_solvers::SolveError) -> Self {
        CliError::failure(e)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::failure(e)
    }
}

/// Result of a subcommand.
pub type CliResult<T = ()> = Result<T, CliError>;

/// Context shared by every subcommand.
#[derive(Debug, Clone)]
pub struct Ctx {
    /// Table cache directory.
    pub tables_dir: PathBuf,
    /// Worker threads (`None` = all cores).
    pub threads: Option<usize>,
    /// Whether to print ANSI colours on stdout.
    pub colour: bool,
    /// Whether to draw progress bars on stderr.
    pub progress: bool,
    /// Raised by Ctrl-C.
    pub cancel: Arc<AtomicBool>,
    /// Refuse to build or load tables larger than this many bytes (`--max-memory`).
    pub max_memory: Option<u64>,
    /// Build missing tables over 100 MiB when a solve needs them (`--build-tables`).
    pub build_tables: bool,
    /// The notation of moves read and printed (`--notation`).
    pub notation: crate::args::NotationArg,
    /// The engine (tables loaded once per process), made on first use.
    engine: std::sync::OnceLock<Arc<twisty_engine::Engine>>,
}

impl Ctx {
    /// The context of one invocation: colours, tables, Ctrl-C handler, engine.
    pub fn new(global: &GlobalArgs) -> Self {
        let colour = match global.colour {
            ColourChoice::Always => true,
            ColourChoice::Never => false,
            ColourChoice::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        let tables_dir = global.tables_dir.clone().unwrap_or_else(default_tables_dir);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        // A second Ctrl-C (or a failure to install the handler) falls back to the default.
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        Ctx {
            tables_dir,
            threads: global.threads,
            colour,
            progress: std::io::stderr().is_terminal(),
            cancel,
            max_memory: global.max_memory,
            build_tables: global.build_tables,
            notation: global.notation,
            engine: std::sync::OnceLock::new(),
        }
    }

    /// The engine over this invocation's table cache.
    pub fn engine(&self) -> Arc<twisty_engine::Engine> {
        self.engine
            .get_or_init(|| {
                Arc::new(twisty_engine::Engine::new(twisty_engine::EngineConfig {
                    tables_dir: self.tables_dir.clone(),
                    max_memory: self.max_memory,
                    build_large_tables: self.build_tables,
                    progress: self.progress,
                }))
            })
            .clone()
    }
}

/// The default table cache: the user cache directory + `/twisty`.
pub fn default_tables_dir() -> PathBuf {
    twisty_search::default_dir()
}
