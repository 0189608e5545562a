//! `twisty serve`: the web viewer and solver page.

use super::{CliError, CliResult, Ctx};
use crate::args::ServeArgs;

/// Runs the web server until Ctrl-C.
pub fn run(ctx: &Ctx, args: &ServeArgs) -> CliResult {
    if args.max_solves == Some(0) {
        return Err(CliError::usage(anyhow::anyhow!(
            "--max-solves must be at least 1"
        )));
    }
    let config = twisty_web::ServerConfig {
        bind: args.bind,
        port: args.port,
        max_concurrent_solves: args.max_solves,
        shutdown: Some(ctx.cancel.clone()),
        slow_solver_for_tests: false,
        tables_dir: Some(ctx.tables_dir.clone()),
        max_table_memory: ctx.max_memory,
        ..twisty_web::ServerConfig::default()
    };
    twisty_web::serve(config).map_err(CliError::failure)
}
