//! Thistlethwaite's four-phase solver (3x3x3), as seed 003 reproduces it.

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::options::OptionSpec;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_solvers::thistlethwaite::Thistlethwaite;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "thistlethwaite",
    aliases: &["tw", "staged"],
    family: PuzzleFamily::Cube3,
    default: false,
    optimal: false,
    multithreaded: false,
    summary: "Thistlethwaite's four nested subgroups, one IDA* per phase (≤ 52 moves; about 30 typical)",
    max_length: 100,
    options,
    tables: super::no_tables,
    prepare: super::nothing_to_prepare,
    heuristics: &[],
    runner: Runner::Cube3(run),
};

fn options() -> Vec<OptionSpec> {
    vec![OptionSpec::int(
        "search_phases",
        1,
        64,
        Some(1),
        "try up to K solutions of each phase and keep the shortest total (1 = the classic algorithm; time grows about as K³)",
    )]
}

fn run(ctx: &Ctx<'_>, state: &CubieCube) -> RunResult<Cube3Move> {
    let k = ctx.options.usize("search_phases").unwrap_or(1);
    let sol = Thistlethwaite::global().solve_with(&Cube3, state, &ctx.limits, k)?;
    Ok(Answer::one(sol))
}
