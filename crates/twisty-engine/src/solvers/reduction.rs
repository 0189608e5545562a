//! The big cubes' reduction solver (4x4x4 and up, default): centres, wing parity, the 3x3x3
//! stage by two-phase, then the centre and wing orbits by pure 3-cycles
//! ([`twisty_solvers::reduction`]).

use super::twophase;
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::options::{OptionSpec, Resolved};
use twisty_core::cube_n::{CubeN, CubeNMove, CubeNState};
use twisty_solvers::reduction::{Reduction, DEFAULT_BEAM};
use twisty_solvers::Solver;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "reduction",
    aliases: &["reduce"],
    family: PuzzleFamily::CubeN,
    default: true,
    optimal: false,
    multithreaded: false,
    moves: false,
    summary: "reduction: centres (tables up to 8x8x8), wing parity, the 3x3x3 by two-phase, then centres and wings by pure 3-cycles; every N up to 64",
    max_length: u32::MAX,
    options,
    tables,
    prepare: |ctx| twophase::load_small(ctx).map(|_| ()),
    heuristics: &[],
    runner: Runner::CubeN(run),
};

/// Widest beam the 3-cycle stages accept (each step tries every 3-cycle of the orbit for
/// every kept candidate: the time grows linearly with it).
pub const MAX_BEAM: i64 = 256;

fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::int(
            "beam",
            1,
            MAX_BEAM,
            Some(DEFAULT_BEAM as i64),
            "width of the 3-cycle stages' beam search: wider keeps more partial answers and finds shorter ones, in proportionally more time (1: greedy)",
        ),
        OptionSpec::flag(
            "no_centre_tables",
            "solve the first x-centre orbit (the 4x4x4's centres) by 3-cycles with the others instead of the table-driven stages (for comparison: longer answers)",
        ),
    ]
}

/// The two-phase solver's small tables (the 3x3x3 stage).
fn tables(_: &Resolved) -> Vec<TableNeed> {
    (twophase::ENTRY.tables)(&Resolved::default())
}

fn run(ctx: &Ctx<'_>, cube: &CubeN, state: &CubeNState) -> RunResult<CubeNMove> {
    let beam = ctx.options.usize("beam").unwrap_or(DEFAULT_BEAM);
    let tp = twophase::load_small(ctx)?;
    let solver = Reduction::with_twophase((*tp).clone())
        .with_beam(beam)
        .with_centre_tables(!ctx.options.flag("no_centre_tables"));
    let sol = solver.solve(cube, state, &ctx.limits)?;
    // Reduction does not search by length: an answer over the asked maximum is refused.
    if let Some(max) = ctx.limits.max_length {
        if sol.length > max {
            return Err(twisty_solvers::SolveError::GaveUp(format!(
                "at the maximum length: its answer has {} moves, more than {max}",
                sol.length
            ))
            .into());
        }
    }
    let mut answer = Answer::one(sol);
    answer
        .details
        .insert("beam".into(), serde_json::Value::from(beam as u64));
    Ok(answer)
}
