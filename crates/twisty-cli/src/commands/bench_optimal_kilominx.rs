//! `twisty bench optimal --puzzle kilominx`: optimal solves grouped by scramble length, in
//! the shape of seed 000's Table 1 (count, median and max time, nodes, nodes/s), each solution
//! verified and its length compared with the file's proven optimal length.

use crate::args::{BenchOptimalArgs, PuzzleKind};
use crate::commands::bench::{check_count, median_of_sorted, summarise};
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::{human_duration, print_json};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};
use twisty_core::kilominx::{KiloMove, Kilominx, SEED_SKIP};
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_solvers::{verify, Limits, SolveError};

/// One scramble to solve.
#[derive(Debug, Clone)]
pub struct Case {
    /// Where it comes from (file line or random index).
    pub label: String,
    /// Its length in moves.
    pub scramble_length: usize,
    /// The moves.
    pub moves: Vec<KiloMove>,
    /// The known optimal solution length, if any.
    pub known: Option<u32>,
}

/// Parses a range list such as `10-13` or `9,11-12`.
pub fn parse_lengths(text: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim) {
        let bad = || format!("`{part}` in --lengths is not a length or a range such as 10-13");
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let a: usize = a.parse().map_err(|_| bad())?;
        let b: usize = b.parse().map_err(|_| bad())?;
        if a > b || b > 100 {
            return Err(bad());
        }
        out.extend(a..=b);
    }
    Ok(out)
}

/// Reads the seed's tab-separated scramble file (comment lines start with `#`; a header
/// line starts with `scramble_length`); a line without a tab is a scramble alone, in the
/// seed's notation, with no known optimal length.
pub fn read_cases(path: &Path) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let k = Kilominx;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{}:{}", path.display(), i + 1);
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') || line.starts_with("scramble_length") {
            continue;
        }
        if !line.contains('\t') {
            let moves = k.parse_moves(line).map_err(|e| format!("{at}: scramble: {e}"))?;
            out.push(Case {
                label: format!("line {}", i + 1),
                scramble_length: moves.len(),
                moves,
                known: None,
            });
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 3 {
            return Err(format!(
                "{at}: expected tab-separated columns scramble_length, scramble, solution_length"
            ));
        }
        let scramble_length: usize = cols[0]
            .trim()
            .parse()
            .map_err(|_| format!("{at}: scramble length `{}` is not a number", cols[0]))?;
        let moves = k
            .parse_moves(cols[1])
            .map_err(|e| format!("{at}: scramble: {e}"))?;
        if moves.len() != scramble_length {
            return Err(format!(
                "{at}: the scramble has {} moves, the line says {scramble_length}",
                moves.len()
            ));
        }
        let known: u32 = cols[2]
            .trim()
            .parse()
            .map_err(|_| format!("{at}: solution length `{}` is not a number", cols[2]))?;
        out.push(Case {
            label: format!("line {}", i + 1),
            scramble_length,
            moves,
            known: Some(known),
        });
    }
    if out.is_empty() {
        return Err(format!("{}: no scrambles in the file", path.display()));
    }
    Ok(out)
}

/// A scramble of `n` moves generated the seed's way: uniform over the 48 moves, re-drawn
/// while the seed's move pruning would skip the move after the previous one.
pub fn seed_scramble(rng: &mut impl rand::Rng, n: usize) -> Vec<KiloMove> {
    let k = Kilominx;
    let moves = k.moves();
    let mut out: Vec<KiloMove> = Vec::with_capacity(n);
    while out.len() < n {
        let m = moves[rng.random_range(0..moves.len())];
        if let Some(&last) = out.last() {
            let (a, b) = (k.face(last), k.face(m));
            if a == b || SEED_SKIP[a as usize].contains(&b) {
                continue;
            }
        }
        out.push(m);
    }
    out
}

struct Row {
    case: Case,
    result: Result<(u32, Duration, u64), String>,
    /// Processor time of the solve (all threads), where the system reports it.
    cpu: Option<f64>,
}

/// Processor time used so far by this process (all threads, user + system), in seconds, from
/// `/proc/self/stat` (Linux; `None` elsewhere). On a shared machine it shows the work done
/// apart from the time spent waiting for a core.
pub fn process_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): state is field 3, utime 14,
    // stime 15; clock ticks are 1/100 s on Linux.
    let rest = &text[text.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Seed 000's Table 1: mean solve time per scramble length (10 scrambles of lengths 10–12,
/// 50 of 13, 2 of 14), in seconds.
pub const SEED_MEAN_SECONDS: [(usize, f64); 5] =
    [(10, 0.0), (11, 23.0), (12, 322.0), (13, 6_132.0), (14, 120_517.0)];

/// Seed 000's mean solve time for scrambles of `len` moves, as its Table 1 prints it.
fn seed_mean_text(len: usize) -> String {
    match SEED_MEAN_SECONDS.iter().find(|x| x.0 == len) {
        Some((_, s)) if *s < 1.0 => String::from("< 1 s"),
        Some((_, s)) => {
            let s = *s as u64;
            match (s / 3600, s / 60 % 60, s % 60) {
                (0, 0, sec) => format!("{sec} s"),
                (0, min, sec) => format!("{min} min {sec} s"),
                (h, min, sec) => format!("{h} h {min} min {sec} s"),
            }
        }
        None => String::from("-"),
    }
}

/// Runs the benchmark: every heuristic named in `--heuristic` (comma-separated) in turn on
/// the same scrambles, then a comparison when there are several.
pub fn run(ctx: &Ctx, args: &BenchOptimalArgs) -> CliResult {
    let seed = args.seed.unwrap_or(1);
    let heuristics: Vec<&str> = args
        .heuristic
        .as_deref()
        .unwrap_or(twisty_solvers::optimal::kilominx::DEFAULT_HEURISTIC)
        .split(',')
        .map(str::trim)
        .collect();
    let usage = |e: String| CliError::usage(anyhow::anyhow!(e));
    if let Some(h) = heuristics
        .iter()
        .find(|h| twisty_solvers::optimal::kilominx::heuristic_named(h).is_none())
    {
        let what = if h.is_empty() {
            String::from("an empty heuristic name")
        } else {
            format!("unknown Kilominx heuristic `{h}`")
        };
        return Err(usage(format!(
            "{what} in --heuristic (available: {}; several separated by commas)",
            twisty_solvers::optimal::kilominx::HEURISTICS.join(", ")
        )));
    }
    if args.random_state {
        return Err(CliError::usage(anyhow::anyhow!(
            "--random-state is for the 3x3x3; for the Kilominx give --depth N (random scrambles) or --file"
        )));
    }
    if args.puzzle != PuzzleKind::Kilominx {
        return Err(CliError::usage(anyhow::anyhow!(
            "bench optimal: --puzzle {} is not supported here (kilominx)",
            args.puzzle
        )));
    }
    if let Some(t) = args.timeout {
        if !(t.is_finite() && t > 0.0 && t < 1e9) {
            return Err(usage(String::from(
                "--timeout must be a positive number of seconds",
            )));
        }
    }
    if let Some(d) = args.complete_iteration {
        let max = twisty_solvers::optimal::kilominx::research::MAX_DEPTH;
        if d == 0 || d > max {
            return Err(usage(format!("--complete-iteration must be between 1 and {max}")));
        }
    }
    let mut cases = match (&args.file, args.depth) {
        (Some(path), _) => read_cases(path).map_err(|e| CliError::failure(anyhow::anyhow!(e)))?,
        (None, Some(n)) => {
            check_count(args.count)?;
            if n == 0 || n > 40 {
                return Err(usage(String::from("--depth must be between 1 and 40")));
            }
            let mut rng = seeded_rng(seed);
            (0..args.count)
                .map(|i| Case {
                    label: format!("random {}", i + 1),
                    scramble_length: n,
                    moves: seed_scramble(&mut rng, n),
                    known: None,
                })
                .collect()
        }
        (None, None) => {
            return Err(usage(String::from(
                "give --from-file FILE (or --file) or --depth N",
            )))
        }
    };
    if let Some(l) = &args.lengths {
        let keep = parse_lengths(l).map_err(usage)?;
        cases.retain(|c| keep.contains(&c.scramble_length));
    }
    if let Some(per) = args.per_length {
        let mut seen: BTreeMap<usize, usize> = BTreeMap::new();
        cases.retain(|c| {
            let n = seen.entry(c.scramble_length).or_default();
            *n += 1;
            *n <= per
        });
    }
    if cases.is_empty() {
        return Err(usage(String::from("no scrambles of the chosen lengths")));
    }
    if let Some(depth) = args.complete_iteration {
        return crate::commands::bench_research_kilominx::run(ctx, args, &heuristics, &cases, depth);
    }
    let mut runs = Vec::new();
    for (i, heuristic) in heuristics.iter().enumerate() {
        if i > 0 && !args.json {
            println!();
        }
        let rows = run_one(ctx, args, heuristic, &cases, seed)?;
        let stop = ctx.cancel.load(std::sync::atomic::Ordering::Relaxed);
        runs.push(report(args, heuristic, &rows)?);
        if stop {
            break;
        }
    }
    if args.json {
        return print_json(&match runs.len() {
            1 => runs.swap_remove(0).json,
            _ => serde_json::json!({
                "puzzle": "kilominx",
                "runs": runs.into_iter().map(|r| r.json).collect::<Vec<_>>(),
            }),
        });
    }
    if runs.len() > 1 {
        compare(&runs);
    }
    Ok(())
}

/// Solves every case with one heuristic, printing a line per solve.
fn run_one(
    ctx: &Ctx,
    args: &BenchOptimalArgs,
    heuristic: &str,
    cases: &[Case],
    seed: u64,
) -> Result<Vec<Row>, CliError> {
    let t0 = Instant::now();
    let solver = twisty_engine::loaded::kilominx_optimal(
        &ctx.engine(),
        heuristic,
        &crate::observer::CliObserver::tables_only(),
    )?;
    let table_time = t0.elapsed();
    let k = Kilominx;
    let limits = Limits {
        timeout: args.timeout.map(Duration::from_secs_f64),
        cancel: Some(ctx.cancel.clone()),
        threads: ctx.threads,
        ..Limits::default()
    };
    if !args.json {
        println!(
            "Kilominx optimal, --heuristic {}, {} scramble(s){}; tables ready in {}",
            heuristic,
            cases.len(),
            if args.depth.is_some() {
                format!(", seed {seed}")
            } else {
                String::new()
            },
            human_duration(table_time)
        );
    }
    let mut rows = Vec::new();
    for case in cases {
        let state = k.state_after(&case.moves);
        let cpu0 = process_cpu_seconds();
        let t = Instant::now();
        // Nodes of the bounds searched completely: all a stopped solve can report.
        let mut bound_nodes = 0u64;
        let result = match solver.solve_with(&state, &limits, |b| bound_nodes += b.nodes) {
            Ok(sol) => {
                verify(&k, &state, &sol.moves)?;
                Ok((sol.length, t.elapsed(), sol.stats.nodes))
            }
            Err(e @ (SolveError::Timeout { .. } | SolveError::Cancelled { .. })) => Err(format!(
                "{e} after {} ({bound_nodes} nodes in the completed bounds)",
                human_duration(t.elapsed())
            )),
            Err(e) => return Err(CliError::failure(e)),
        };
        let cpu = cpu0.zip(process_cpu_seconds()).map(|(a, b)| b - a);
        if !args.json {
            match &result {
                Ok((len, dt, nodes)) => println!(
                    "  {:<9} scramble {:>2}: optimal {len:>2}{}  {:>10} (cpu {})  {nodes:>14} nodes",
                    case.label,
                    case.scramble_length,
                    match case.known {
                        Some(s) if s == *len => String::from(" (= seed)"),
                        Some(s) => format!(" (SEED {s})"),
                        None => String::new(),
                    },
                    human_duration(*dt),
                    cpu.map_or(String::from("-"), |c| format!("{c:.2} s"))
                ),
                Err(e) => println!("  {:<9} scramble {:>2}: {e}", case.label, case.scramble_length),
            }
        }
        let stop = ctx.cancel.load(std::sync::atomic::Ordering::Relaxed);
        rows.push(Row {
            case: case.clone(),
            result,
            cpu,
        });
        if stop {
            break;
        }
    }
    Ok(rows)
}

/// One heuristic's summary: per scramble length, the median time and nodes of the solved
/// cases; and its JSON form.
struct RunSummary {
    heuristic: String,
    medians: BTreeMap<usize, (Duration, u64)>,
    json: serde_json::Value,
}

/// Per scramble length, how the first heuristic compares with each other one.
fn compare(runs: &[RunSummary]) {
    let Some((first, rest)) = runs.split_first() else {
        return;
    };
    println!();
    for other in rest {
        println!(
            "--heuristic {} against {}: median time and nodes per length (solved scrambles)",
            first.heuristic, other.heuristic
        );
        for (len, (t, n)) in &first.medians {
            match other.medians.get(len) {
                Some((t2, n2)) => println!(
                    "  {len:>2} moves: {} vs {} ({:.1}× faster), {n} vs {n2} nodes ({:.1}× fewer)",
                    human_duration(*t),
                    human_duration(*t2),
                    t2.as_secs_f64() / t.as_secs_f64().max(1e-9),
                    *n2 as f64 / (*n).max(1) as f64
                ),
                None => println!("  {len:>2} moves: {} vs nothing solved", human_duration(*t)),
            }
        }
    }
}

fn report(args: &BenchOptimalArgs, heuristic: &str, rows: &[Row]) -> Result<RunSummary, CliError> {
    let mut by_len: BTreeMap<usize, Vec<&Row>> = BTreeMap::new();
    for r in rows {
        by_len.entry(r.case.scramble_length).or_default().push(r);
    }
    let mut json_rows = Vec::new();
    let mut medians = BTreeMap::new();
    if !args.json {
        println!(
            "{:>6} {:>6} {:>7} {:>12} {:>12} {:>10} {:>14} {:>10} {:>10} {:>14}",
            "length",
            "count",
            "solved",
            "median",
            "max",
            "cpu median",
            "median nodes",
            "M nodes/s",
            "= seed",
            "seed 000 mean"
        );
    }
    for (len, rs) in &by_len {
        let done: Vec<(u32, Duration, u64)> = rs.iter().filter_map(|r| r.result.clone().ok()).collect();
        let times = summarise(done.iter().map(|d| d.1).collect());
        let mut cpus: Vec<f64> = rs
            .iter()
            .filter(|r| r.result.is_ok())
            .filter_map(|r| r.cpu)
            .collect();
        cpus.sort_by(f64::total_cmp);
        let cpu_median = median_of_sorted(&cpus, |a, b| (a + b) / 2.0);
        let mut nodes: Vec<u64> = done.iter().map(|d| d.2).collect();
        nodes.sort_unstable();
        let median_nodes = median_of_sorted(&nodes, |a, b| (a + b) / 2).unwrap_or(0);
        if !done.is_empty() {
            medians.insert(*len, (times.median, median_nodes));
        }
        let total_nodes: u64 = nodes.iter().sum();
        let total_secs: f64 = done.iter().map(|d| d.1.as_secs_f64()).sum();
        let rate = total_nodes as f64 / total_secs.max(1e-9) / 1e6;
        let with_known: Vec<_> = rs
            .iter()
            .filter_map(|r| Some((r.case.known?, r.result.as_ref().ok()?.0)))
            .collect();
        let matches = with_known.iter().filter(|(a, b)| a == b).count();
        let matches_text = if with_known.is_empty() {
            String::from("-")
        } else {
            format!("{matches}/{}", with_known.len())
        };
        if args.json {
            json_rows.push(serde_json::json!({
                "scramble_length": len, "count": rs.len(), "solved": done.len(),
                "median_s": times.median.as_secs_f64(), "max_s": times.max.as_secs_f64(), "cpu_median_s": cpu_median,
                "mean_s": times.mean.as_secs_f64(), "median_nodes": median_nodes,
                "nodes_per_s": rate * 1e6, "matches_seed": matches, "with_seed_length": with_known.len(),
                "seed_000_mean_s": SEED_MEAN_SECONDS.iter().find(|x| x.0 == *len).map(|x| x.1),
            }));
        } else {
            println!(
                "{len:>6} {:>6} {:>7} {:>12} {:>12} {:>10} {median_nodes:>14} {rate:>10.2} {matches_text:>10} {:>14}",
                rs.len(),
                done.len(),
                human_duration(times.median),
                human_duration(times.max),
                cpu_median.map_or(String::from("-"), |c| format!("{c:.2} s")),
                seed_mean_text(*len),
            );
        }
    }
    let solves: Vec<_> = rows
        .iter()
        .map(|r| match &r.result {
            Ok((l, d, n)) => {
                serde_json::json!({"case": r.case.label, "scramble_length": r.case.scramble_length,
                "seed_length": r.case.known, "length": l, "seconds": d.as_secs_f64(), "nodes": n})
            }
            Err(e) => serde_json::json!({"case": r.case.label, "scramble_length": r.case.scramble_length,
                "seed_length": r.case.known, "error": e}),
        })
        .collect();
    let json = serde_json::json!({
        "puzzle": "kilominx", "heuristic": heuristic,
        "seed": args.depth.map(|_| args.seed.unwrap_or(1)), "by_length": json_rows, "solves": solves,
    });
    let mismatches = rows
        .iter()
        .filter(|r| matches!((r.case.known, &r.result), (Some(k), Ok((l, _, _))) if k != *l))
        .count();
    if mismatches > 0 && !args.json {
        println!("{mismatches} solution length(s) differ from the file's");
    }
    Ok(RunSummary {
        heuristic: heuristic.to_string(),
        medians,
        json,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_means_read_as_table_1() {
        let texts: Vec<String> = (9..=15).map(seed_mean_text).collect();
        assert_eq!(
            texts,
            [
                "-",
                "< 1 s",
                "23 s",
                "5 min 22 s",
                "1 h 42 min 12 s",
                "33 h 28 min 37 s",
                "-"
            ]
        );
    }
}
