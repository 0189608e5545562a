//! The two-phase 3x3x3 supercube solver: the cube seen from its core, a 3x3x3 with
//! spinning centres and 27 moves, solved in two phases with tables built in memory (about
//! 6 MB, a second or two), every slice turn counted one (SSTM).

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::options::OptionSpec;
use std::sync::Arc;
use twisty_core::supercube::{SuperMove, Supercube, SupercubeState};
use twisty_solvers::supercube3::{Supercube3TwoPhase, DEFAULT_BUDGET, MAX_LENGTH};

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "twophase",
    aliases: &["two-phase", "kociemba"],
    family: PuzzleFamily::Supercube3,
    default: true,
    optimal: false,
    multithreaded: false,
    moves: false,
    summary: "two-phase 3x3x3 supercube solver seen from the core (centre spins and the core's orientation solved too; slice turns counted one each)",
    max_length: MAX_LENGTH,
    options,
    tables: super::no_tables,
    prepare: |ctx| load(ctx).map(|_| ()),
    heuristics: &[],
    runner: Runner::Supercube(run),
};

fn options() -> Vec<OptionSpec> {
    vec![OptionSpec::int(
        "improve_nodes",
        0,
        1_000_000_000,
        Some(DEFAULT_BUDGET as i64),
        "after the first answer, search this many more nodes for shorter ones (a node count, so answers do not depend on the machine)",
    )]
}

/// The solver with its tables (built in memory once per engine).
pub(crate) fn load(ctx: &Ctx<'_>) -> Result<Arc<Supercube3TwoPhase>, EngineError> {
    ctx.load(
        "supercube3/twophase",
        "the 3x3x3 supercube two-phase tables",
        &[],
        |_, _| Ok((Supercube3TwoPhase::new()?, Vec::new())),
    )
}

fn run(ctx: &Ctx<'_>, cube: &Supercube, state: &SupercubeState) -> RunResult<SuperMove> {
    if cube.n != 3 {
        return Err(EngineError::usage(format!(
            "the two-phase supercube solver takes the 3x3x3 only, not the {0}x{0}x{0}",
            cube.n
        )));
    }
    let solver = load(ctx)?;
    let budget = ctx.options.u64("improve_nodes").unwrap_or(DEFAULT_BUDGET);
    let (sol, why) = solver.solve_with(cube, state, &ctx.limits, budget)?;
    let mut answer = Answer::one(sol);
    answer
        .details
        .insert("stopped".into(), format!("{why:?}").to_lowercase().into());
    Ok(answer)
}
