//! Time to cancel: for every solver of the engine's catalog, on a hard input of its puzzle,
//! the time from the moment a solve must stop to its return through [`Engine::solve`], in
//! two ways: a time limit (`timeout`) and a cancel flag raised by another thread. Median and
//! maximum over the runs (20 by default); the target is 50 ms.
//!
//! `cargo bench -p twisty-engine --bench cancel` (`-- --runs N --limit SECONDS --only ID`).
//! Tables go to a temporary directory (`--tables DIR` to use a cache instead); solvers
//! needing a table over 100 MiB that is not in it are skipped, with the reason printed.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty_core::rng::seeded_rng;
use twisty_engine::{
    checked, solvers_for, Engine, EngineConfig, EngineError, ErrorKind, Notation, PuzzleId, Quiet,
    SolveRequest,
};

/// Superflip: 20 moves from solved in the half-turn metric, the 3x3x3's hardest known state.
const SUPERFLIP: &str = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
/// An 11-move 2x2x2 state the A* (with its default heuristic) does not solve quickly.
const CUBE2_HARD: &str = "U2 F2 U' R' U2 R' F' R F'";

/// The hard input of `solver` on `puzzle`, and a maximum length that keeps a solver that
/// stops at its first answer searching (one move short of the input's optimum).
fn hard_input(puzzle: PuzzleId, solver: &str) -> (String, Option<u32>) {
    let moves = |p: PuzzleId, n: usize| {
        twisty_engine::scramble::random_moves(p, n, Notation::Standard, &mut seeded_rng(7))
            .unwrap()
            .scramble
    };
    match (puzzle, solver) {
        (PuzzleId::Cube2, _) => (CUBE2_HARD.to_string(), None),
        (PuzzleId::Cube3, "two-phase") => (SUPERFLIP.to_string(), Some(19)),
        (PuzzleId::Cube3, _) => (SUPERFLIP.to_string(), None),
        (p, _) => (moves(p, 100), None),
    }
}

/// One solver's times: how long past the stop each run returned, and the runs that
/// returned before it (an answer found, or the search space exhausted).
struct Times {
    late: Vec<Duration>,
    early: Vec<Duration>,
    errors: Vec<String>,
}

impl Times {
    fn line(&self) -> String {
        let mut late = self.late.clone();
        late.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let stopped = if late.is_empty() {
            "—".to_string()
        } else {
            format!(
                "median {:.1} ms, max {:.1} ms",
                ms(late[late.len() / 2]),
                ms(late[late.len() - 1])
            )
        };
        let early = if self.early.is_empty() {
            String::new()
        } else {
            let longest = self.early.iter().max().copied().unwrap_or_default();
            format!(
                "; {} finished before the stop (longest {:.1} ms)",
                self.early.len(),
                ms(longest)
            )
        };
        let errors = if self.errors.is_empty() {
            String::new()
        } else {
            format!("; outcomes: {}", self.errors.join(", "))
        };
        format!("{} stopped: {stopped}{early}{errors}", late.len())
    }
}

/// The kind of a solve's outcome, and its message when it is neither an answer nor a stop.
fn outcome(r: &Result<twisty_engine::SolveReport, EngineError>) -> (String, Option<String>) {
    match r {
        Ok(_) => ("answer".to_string(), None),
        Err(e) => {
            let kind = format!("{:?}", e.kind).to_lowercase();
            let stopped = matches!(e.kind, ErrorKind::Timeout | ErrorKind::Cancelled);
            (kind, (!stopped).then(|| e.message.clone()))
        }
    }
}

fn tally(outcomes: &[(String, Option<String>)]) -> Vec<String> {
    let mut kinds: Vec<&String> = outcomes.iter().map(|(k, _)| k).collect();
    kinds.sort();
    kinds.dedup();
    kinds
        .into_iter()
        .map(|k| {
            let same: Vec<_> = outcomes.iter().filter(|(o, _)| o == k).collect();
            match same.iter().find_map(|(_, m)| m.as_ref()) {
                Some(m) => format!("{} {k} (\"{m}\")", same.len()),
                None => format!("{} {k}", same.len()),
            }
        })
        .collect()
}

/// `runs` solves stopped by a time limit of `limit`.
fn by_deadline(engine: &Engine, req: &SolveRequest, limit: Duration, runs: usize) -> Times {
    let mut t = Times {
        late: Vec::new(),
        early: Vec::new(),
        errors: Vec::new(),
    };
    let mut outcomes = Vec::new();
    for i in 0..runs {
        let mut req = req.clone();
        req.timeout = Some(limit.as_secs_f64());
        req.seed = Some(i as u64);
        let start = Instant::now();
        let r = engine.solve(&req, &Quiet);
        let took = start.elapsed();
        outcomes.push(outcome(&r));
        match took.checked_sub(limit) {
            Some(late) => t.late.push(late),
            None => t.early.push(took),
        }
    }
    t.errors = tally(&outcomes);
    t
}

/// `runs` solves stopped by a cancel flag raised after `after`.
fn by_flag(engine: &Engine, req: &SolveRequest, after: Duration, runs: usize) -> Times {
    let mut t = Times {
        late: Vec::new(),
        early: Vec::new(),
        errors: Vec::new(),
    };
    let mut outcomes = Vec::new();
    for i in 0..runs {
        let mut req = req.clone();
        let flag = Arc::new(AtomicBool::new(false));
        req.cancel = Some(flag.clone());
        req.timeout = None;
        req.seed = Some(i as u64);
        let done = Arc::new(AtomicBool::new(false));
        let raiser = {
            let (flag, done) = (flag.clone(), done.clone());
            std::thread::spawn(move || {
                let start = Instant::now();
                while start.elapsed() < after && !done.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                if done.load(Ordering::SeqCst) {
                    return None;
                }
                flag.store(true, Ordering::SeqCst);
                Some(Instant::now())
            })
        };
        let start = Instant::now();
        let r = engine.solve(&req, &Quiet);
        let end = Instant::now();
        done.store(true, Ordering::SeqCst);
        outcomes.push(outcome(&r));
        match raiser.join().ok().flatten() {
            Some(raised) if raised <= end => t.late.push(end - raised),
            _ => t.early.push(end - start),
        }
    }
    t.errors = tally(&outcomes);
    t
}

fn arg<T: std::str::FromStr>(args: &[String], name: &str) -> Option<T> {
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1)?.parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs: usize = arg(&args, "--runs").unwrap_or(20);
    let limit = Duration::from_secs_f64(arg(&args, "--limit").unwrap_or(0.3));
    let only: Option<String> = arg(&args, "--only");
    let temp = tempfile::tempdir().unwrap();
    let dir = arg::<String>(&args, "--tables").map_or_else(|| temp.path().to_path_buf(), Into::into);
    let engine = Engine::new(EngineConfig {
        tables_dir: dir.clone(),
        ..EngineConfig::default()
    });
    println!(
        "time to cancel: {runs} runs per solver and way, stop after {:.0} ms, tables in {}",
        limit.as_secs_f64() * 1e3,
        dir.display()
    );
    let puzzles = [
        PuzzleId::Cube2,
        PuzzleId::Cube3,
        PuzzleId::Kilominx,
        PuzzleId::Supercube(5),
    ];
    for p in puzzles {
        for entry in solvers_for(p) {
            if only.as_deref().is_some_and(|o| o != entry.id) {
                continue;
            }
            let name = format!("{} {}", p, entry.id);
            let (input, max_length) = hard_input(p, entry.id);
            let mut req = SolveRequest::new(p, input).solver(entry.id);
            req.max_length = max_length;
            req.threads = Some(1);
            let Ok((_, resolved)) = checked(&req) else {
                println!("{name}: skipped (the request is refused)");
                continue;
            };
            let needs = (entry.tables)(&resolved);
            let largest = needs.iter().map(|n| n.bytes).max().unwrap_or(0);
            if engine.refuses_to_build(&needs) {
                println!(
                    "{name}: skipped: needs a {} MiB table that is not in the cache",
                    largest >> 20
                );
                continue;
            }
            // Tables first (built or loaded once), with no limit: then every run times the
            // search only.
            let t = Instant::now();
            let mut warm = SolveRequest::new(p, "R U").solver(entry.id);
            if matches!(p, PuzzleId::Supercube(_)) {
                warm.input = hard_input(p, entry.id).0;
            }
            warm.timeout = Some(600.0);
            if let Err(e) = engine.solve(&warm, &Quiet) {
                println!("{name}: skipped: the warm-up solve failed: {e}");
                continue;
            }
            println!("{name}: tables and warm-up {:.1} s", t.elapsed().as_secs_f64());
            println!("  time limit: {}", by_deadline(&engine, &req, limit, runs).line());
            println!("  cancel flag: {}", by_flag(&engine, &req, limit, runs).line());
        }
    }
}
