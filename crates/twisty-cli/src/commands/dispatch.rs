//! `--puzzle` to a concrete puzzle: each subcommand's generic implementation run on it.

use crate::args::{
    BenchArgs, BenchWhich, PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs, SolveArgs, TablesArgs,
};
use crate::commands;
use crate::context::{CliError, CliResult, Ctx};
use twisty_core::clock::Clock;
use twisty_core::cube2::Cube2;
use twisty_core::cube3::Cube3;
use twisty_core::cube_n::CubeN;
use twisty_core::kilominx::Kilominx;
use twisty_core::sq1::Sq1;
use twisty_core::supercube::Supercube;

/// The N×N×N supercube of `--puzzle supercube:N`.
fn supercube(n: usize) -> CliResult<Supercube> {
    Supercube::new(n).map_err(CliError::usage)
}

/// The ordinary N×N×N cube of `--puzzle NxN`.
fn cube_n(n: usize) -> CliResult<CubeN> {
    CubeN::new(n).map_err(CliError::usage)
}

/// Runs `$run(ctx, &puzzle, $args…)` on the puzzle `--puzzle` names.
macro_rules! on_puzzle {
    ($kind:expr, $run:path, $ctx:expr $(, $arg:expr)*) => {
        match $kind {
            PuzzleKind::Cube3 => $run($ctx, &Cube3 $(, $arg)*),
            PuzzleKind::Cube2 => $run($ctx, &Cube2 $(, $arg)*),
            PuzzleKind::Kilominx => $run($ctx, &Kilominx $(, $arg)*),
            PuzzleKind::Clock => $run($ctx, &Clock $(, $arg)*),
            PuzzleKind::Sq1 => $run($ctx, &Sq1 $(, $arg)*),
            PuzzleKind::Supercube(n) => $run($ctx, &supercube(n)? $(, $arg)*),
            PuzzleKind::CubeN(n) => $run($ctx, &cube_n(n)? $(, $arg)*),
            PuzzleKind::Def(d) => $run($ctx, &*d.puzzle() $(, $arg)*),
        }
    };
}

/// `twisty scramble`.
pub fn scramble(ctx: &Ctx, args: &ScrambleArgs) -> CliResult {
    if let Some(event) = &args.event {
        return commands::scramble::run_event(ctx, event, args);
    }
    on_puzzle!(args.puzzle, commands::scramble::run, ctx, args)
}

/// `twisty show`.
pub fn show(ctx: &Ctx, args: &ShowArgs) -> CliResult {
    on_puzzle!(args.puzzle, commands::show::run, ctx, args)
}

/// `twisty solve`: through the engine (the 2x2x2 A* on the seed's colour nets or with the
/// seed's move names keeps the seed's display: its paths in both notations, the nets).
pub fn solve(ctx: &Ctx, args: &SolveArgs, matches: Option<&clap::ArgMatches>) -> CliResult {
    if args.batch.given() {
        return commands::batch::run(ctx, args, matches);
    }
    if args.puzzle == PuzzleKind::Cube2
        && args.solver.as_deref() == Some("astar")
        && commands::astar::wants_seed_display(ctx, args)
    {
        return commands::astar::solve(ctx, args);
    }
    commands::solve::run(ctx, args, matches)
}

/// `twisty play`.
pub fn play(ctx: &Ctx, args: &PlayArgs) -> CliResult {
    on_puzzle!(args.puzzle, commands::play::run, ctx, args.puzzle, args)
}

/// `twisty tables`.
pub fn tables(ctx: &Ctx, args: &TablesArgs) -> CliResult {
    commands::tables::run(ctx, args)
}

/// `twisty bench`.
pub fn bench(ctx: &Ctx, args: &BenchArgs) -> CliResult {
    match &args.which {
        BenchWhich::Astar2x2(a) => commands::astar::bench(a),
        BenchWhich::Optimal2x2(a) => commands::bench::optimal2x2(ctx, a),
        BenchWhich::Fast3x3(a) => commands::bench_fast3x3::fast3x3(ctx, a),
        BenchWhich::Metaheuristics(a) => commands::bench_metaheuristics::run(ctx, a),
        BenchWhich::Optimal(a) => match a.puzzle {
            PuzzleKind::Kilominx => commands::bench_optimal_kilominx::run(ctx, a),
            _ => commands::bench_optimal_cube3::optimal(ctx, a),
        },
        BenchWhich::Heuristic(a) => commands::bench_optimal_cube3::heuristic(ctx, a),
        BenchWhich::FastKilominx(a) => commands::bench_fast_kilominx::run(ctx, a),
        BenchWhich::Supercube(a) => commands::supercube::bench(ctx, a),
        BenchWhich::Supercube2(a) => commands::bench_supercube2::run(ctx, a),
        BenchWhich::Supercube3(a) => commands::bench_supercube3::run(ctx, a),
    }
}
