//! The big cubes' reduction solver (4x4x4 and up, default): centres, wing parity, the 3x3x3
//! stage by two-phase, then the centre and wing orbits by pure 3-cycles
//! ([`twisty_solvers::reduction`]).

use super::{need, twophase};
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::options::{OptionSpec, Resolved};
use std::sync::Arc;
use twisty_core::cube_n::{CubeN, CubeNMove, CubeNState};
use twisty_solvers::reduction::xcentres::{specs, XCentreTables, MAX_TABLE_N};
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
    prepare,
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

/// The x-centre tables of even N (`odd` false) or odd N: 0.6 MB, built in well under a
/// second.
fn xcentre_needs(odd: bool) -> Vec<TableNeed> {
    specs(odd).into_iter().map(|s| need(s, 4.0e-7)).collect()
}

/// The two-phase solver's small tables (the 3x3x3 stage) and the x-centre tables of both
/// parities of N.
fn tables(_: &Resolved) -> Vec<TableNeed> {
    let mut out = (twophase::ENTRY.tables)(&Resolved::default());
    out.extend(xcentre_needs(false));
    out.extend(xcentre_needs(true));
    out
}

/// Every table of [`tables`], loaded or built.
fn prepare(ctx: &Ctx<'_>) -> Result<(), EngineError> {
    twophase::load_small(ctx)?;
    load_xcentres(ctx, false)?;
    load_xcentres(ctx, true).map(|_| ())
}

/// The x-centre tables of even or odd N from the table cache (built and stored on first
/// use).
fn load_xcentres(ctx: &Ctx<'_>, odd: bool) -> Result<Arc<XCentreTables>, EngineError> {
    let key = if odd {
        "cube-n/reduction-odd"
    } else {
        "cube-n/reduction-even"
    };
    let what = if odd {
        "the reduction's x-centre tables (odd N)"
    } else {
        "the reduction's x-centre tables (even N)"
    };
    ctx.load(key, what, &xcentre_needs(odd), |cache, progress| {
        Ok(XCentreTables::from_cache(cache, odd, progress)?)
    })
}

fn run(ctx: &Ctx<'_>, cube: &CubeN, state: &CubeNState) -> RunResult<CubeNMove> {
    let beam = ctx.options.usize("beam").unwrap_or(DEFAULT_BEAM);
    let tp = twophase::load_small(ctx)?;
    let centre_tables = !ctx.options.flag("no_centre_tables");
    let mut solver = Reduction::with_twophase((*tp).clone())
        .with_beam(beam)
        .with_centre_tables(centre_tables);
    if centre_tables && (4..=MAX_TABLE_N).contains(&cube.n) {
        solver = solver.with_xcentre_tables(load_xcentres(ctx, cube.is_odd())?);
    }
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
