//! Kociemba's two-phase solver (3x3x3, default): a near-optimal answer in milliseconds.

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::options::OptionSpec;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_solvers::twophase::{TwoPhase, DEFAULT_MAX_LENGTH};
use twisty_solvers::Limits;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "two-phase",
    aliases: &["twophase", "kociemba"],
    family: PuzzleFamily::Cube3,
    default: true,
    optimal: false,
    multithreaded: false,
    summary: "Kociemba's two-phase algorithm: ≤ 21 moves (or --max-length) in about a millisecond",
    max_length: 40,
    options,
    tables: super::no_tables,
    prepare: super::nothing_to_prepare,
    heuristics: &[],
    runner: Runner::Cube3(run),
};

fn options() -> Vec<OptionSpec> {
    vec![OptionSpec::int(
        "probes",
        0,
        1_000_000_000,
        Some(0),
        "after the first solution, keep searching for shorter ones until this many phase-2 searches were tried",
    )]
}

fn run(ctx: &Ctx<'_>, state: &CubieCube) -> RunResult<Cube3Move> {
    let limits = Limits {
        max_length: Some(ctx.limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH)),
        ..ctx.limits.clone()
    };
    let probes = ctx.options.u64("probes").unwrap_or(0);
    let sol = TwoPhase::global().solve_with_probes(&Cube3, state, &limits, probes)?;
    Ok(Answer::one(sol))
}
