//! The supercube genetic solver of seed 004: a sequence of GAs with cluster-restricted
//! moves and (only when asked) a macro library.

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::observer::Event;
use crate::options::OptionSpec;
use serde_json::{json, Map};
use std::path::PathBuf;
use twisty_core::supercube::{SuperMove, Supercube, SupercubeState};
use twisty_core::Puzzle;
use twisty_solvers::genetic::macros::MacroLibrary;
use twisty_solvers::genetic::{GaParams, GeneticSolver, Progress, DEFAULT_ATTEMPTS};
use twisty_solvers::{SearchStats, Solution};

/// File name of the learned macro library in the table cache.
pub const LIBRARY_FILE: &str = "supercube-macros.tmac";

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "ga",
    aliases: &["genetic"],
    family: PuzzleFamily::Supercube,
    default: true,
    optimal: false,
    multithreaded: true,
    moves: false,
    summary: "seed 004's sequence of genetic algorithms, cluster by cluster (long answers; --simplify shortens them)",
    max_length: u32::MAX,
    options,
    tables: super::no_tables,
    prepare: super::nothing_to_prepare,
    heuristics: &[],
    runner: Runner::Supercube(run),
};

fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::int("population", 2, 100_000, Some(100), "GA population size"),
        OptionSpec::int(
            "chromosome",
            1,
            10_000,
            Some(27),
            "chromosome length (moves per individual)",
        ),
        OptionSpec::int(
            "generations",
            1,
            1_000_000,
            Some(50),
            "largest number of generations of one GA run",
        ),
        OptionSpec::float(
            "winners",
            0.0,
            1.0,
            0.1,
            "fraction of the population selected as winners",
        ),
        OptionSpec::float(
            "mutation",
            0.0,
            100.0,
            1.0,
            "conjugation mutations per generation, as a fraction of the population",
        ),
        OptionSpec::int(
            "attempts",
            1,
            1024,
            Some(DEFAULT_ATTEMPTS as i64),
            "independent GA runs per step, the best played (1 = the paper's loop)",
        ),
        OptionSpec::int(
            "max_gas",
            1,
            100_000_000,
            Some(200_000),
            "give up after this many steps",
        ),
        OptionSpec::text(
            "macros",
            "macro library file to use (twisty's format, or the seed program's solutions.bin, read only)",
        ),
        OptionSpec::flag(
            "learn",
            "use and grow the learned macro library in the table cache (answers then depend on earlier runs)",
        ),
        OptionSpec::int(
            "macros_limit",
            1,
            1_000_000,
            None,
            "use and keep at most this many macros",
        ),
        OptionSpec::flag(
            "simplify",
            "report the moves with cancellations and merges applied",
        ),
        OptionSpec::flag(
            "simplify_parallel",
            "report the played moves merged across parallel slices",
        ),
    ]
}

/// One line for people about a GA step in progress.
pub fn progress_message(p: &Progress) -> String {
    format!(
        "shell {} cluster C{}: {} of {} cubies unsolved, step {}, {} moves, {:.1} s",
        p.shell,
        p.cluster,
        p.unsolved,
        p.cubies,
        p.ga_count,
        p.moves,
        p.elapsed.as_secs_f64()
    )
}

fn run(ctx: &Ctx<'_>, cube: &Supercube, state: &SupercubeState) -> RunResult<SuperMove> {
    let o = ctx.options;
    let params = GaParams {
        population: o.usize("population").unwrap_or(100),
        chromosome: o.usize("chromosome").unwrap_or(27),
        generations: o.usize("generations").unwrap_or(50),
        winners: o.float("winners").unwrap_or(0.1),
        mutation: o.float("mutation").unwrap_or(1.0),
        attempts: o.usize("attempts").unwrap_or(DEFAULT_ATTEMPTS),
    };
    params
        .check()
        .map_err(|e| EngineError::usage(format!("GA parameters: {e}")))?;
    let seed = ctx.seed.unwrap_or_else(twisty_core::rng::fresh_seed);
    let learn = o.flag("learn");
    let limit = o.usize("macros_limit");
    let (mut library, save_to): (MacroLibrary, Option<PathBuf>) = match o.str("macros") {
        Some(path) => {
            let path = PathBuf::from(path);
            let (lib, ours) =
                MacroLibrary::load_file(&path, limit).map_err(|e| EngineError::tables(e.to_string()))?;
            (lib, (ours && learn).then_some(path))
        }
        // A table cache without a directory keeps no library between runs.
        None if learn && !ctx.engine.cache().is_in_memory() => {
            let path = ctx.engine.cache().dir().join(LIBRARY_FILE);
            let lib = if path.is_file() {
                MacroLibrary::load(&path, limit).unwrap_or_else(|e| {
                    ctx.observer.event(&Event::Note {
                        message: format!("warning: {e}; starting a new macro library"),
                    });
                    MacroLibrary::new(limit)
                })
            } else {
                MacroLibrary::new(limit)
            };
            (lib, Some(path))
        }
        None => (MacroLibrary::new(limit), None),
    };
    let attempts = params.attempts;
    let solver = GeneticSolver {
        params,
        seed,
        learn,
        max_gas: o.u64("max_gas").unwrap_or(200_000),
    };
    let before = library.len();
    let s = solver.solve_with(cube, state, &ctx.limits, &mut library, |p| {
        ctx.observer.event(&Event::Step {
            message: progress_message(p),
        })
    })?;
    if library.len() > before {
        if let Some(path) = &save_to {
            if let Err(e) = library.save(path) {
                ctx.observer.event(&Event::Note {
                    message: format!("warning: learned macros not saved: {e}"),
                });
            }
        }
    }
    let (played, merged, simplified) = (s.moves.len(), s.merged.len(), s.simplified.len());
    let moves = if o.flag("simplify") {
        s.simplified
    } else if o.flag("simplify_parallel") {
        s.merged
    } else {
        s.moves
    };
    let mut details = Map::new();
    details.insert(
        "ga".into(),
        json!({
            "ga_steps": s.ga_count,
            "ga_runs": s.ga_runs,
            "attempts": attempts,
            "generations": s.generations,
            "macro_improvements": s.macro_hits,
            "macros_learned": s.learned,
            "played_length": played,
            "merged_length": merged,
            "simplified_length": simplified,
        }),
    );
    Ok(Answer {
        solutions: vec![Solution {
            length: cube.length(&moves, ctx.limits.metric),
            moves,
            optimal: false,
            stats: SearchStats {
                elapsed: s.elapsed,
                ..SearchStats::default()
            },
        }],
        details,
        seed: Some(seed),
    })
}
