//! `twisty solve`: one request to the engine, its report drawn for people or printed as JSON.

use crate::args::{FrameArg, NotationArg, SolveArgs, StateArgs};
use crate::context::{CliError, CliResult, Ctx};
use crate::observer::CliObserver;
use crate::output::{human_duration, print_json};
use clap::parser::ValueSource;
use std::time::{Duration, Instant};
use twisty_core::rng::{fresh_seed, seeded_rng};
use twisty_engine::scramble::{default_length, random_moves, random_state};
use twisty_engine::{
    solvers_for, EngineError, Frame, MetricName, Notation, Options, PuzzleId, SolveReport, SolveRequest,
};

/// The text of the input: a state string, a file's contents, or the MOVES arguments.
pub fn input_text(state: &StateArgs) -> CliResult<String> {
    if let Some(f) = &state.facelets {
        return Ok(f.clone());
    }
    if let Some(f) = &state.file {
        return crate::input::read_file(f);
    }
    if state.moves.is_empty() {
        return crate::input::stdin_text();
    }
    if state.moves.len() == 1 {
        let p = std::path::Path::new(&state.moves[0]);
        if (state.moves[0].contains('/') || state.moves[0].contains('.')) && p.is_file() {
            return crate::input::read_file(p);
        }
    }
    Ok(state.moves.join(" "))
}

/// The solver options given on the command line, by the engine's option names.
fn given_options(matches: Option<&clap::ArgMatches>) -> Options {
    let mut out = Options::new();
    let Some(m) = matches else {
        return out;
    };
    let mut names: Vec<&'static str> = twisty_engine::solvers::ALL
        .iter()
        .flat_map(|e| (e.options)().into_iter().map(|s| s.name))
        .collect();
    names.sort_unstable();
    names.dedup();
    let known: Vec<String> = m.ids().map(|id| id.as_str().to_string()).collect();
    for name in names {
        // Options without a flag of their own are given with --option NAME=VALUE.
        if !known.iter().any(|k| k == name) || m.value_source(name) != Some(ValueSource::CommandLine) {
            continue;
        }
        if let Ok(Some(mut raw)) = m.try_get_raw(name) {
            if let Some(v) = raw.next() {
                out.insert(
                    name.to_string(),
                    serde_json::Value::from(v.to_string_lossy().into_owned()),
                );
            }
        }
    }
    out
}

/// The request `args` describe (drawing a random input when asked).
pub fn request(
    ctx: &Ctx,
    args: &SolveArgs,
    matches: Option<&clap::ArgMatches>,
) -> CliResult<(SolveRequest, Option<u64>)> {
    let puzzle = args.puzzle.id();
    let notation = match ctx.notation {
        NotationArg::Standard => Notation::Standard,
        NotationArg::Seed => Notation::Seed,
    };
    let mut input_seed = None;
    let input = if let Some(n) = args.random {
        let seed = args.seed.unwrap_or_else(fresh_seed);
        input_seed = Some(seed);
        let n = match n {
            None => default_length(puzzle),
            Some(0) => {
                return Err(CliError::usage(anyhow::anyhow!(
                    "--random 0 is no scramble: give a move count of at least 1, or --random alone for the puzzle's usual length"
                )))
            }
            Some(n) => n,
        };
        random_moves(puzzle, n, notation, &mut seeded_rng(seed))?.scramble
    } else if args.random_state {
        let seed = args.seed.unwrap_or_else(fresh_seed);
        input_seed = Some(seed);
        if let PuzzleId::Supercube(n) = puzzle {
            // Every size: the state itself (random-state scrambles exist for N = 2 only).
            twisty_engine::scramble::supercube_random_state(n, &mut seeded_rng(seed))?
        } else {
            let s = random_state(&ctx.engine(), puzzle, notation, &mut seeded_rng(seed))?;
            s.state.unwrap_or(s.scramble)
        }
    } else {
        if let Some(f) = &args.state.facelets {
            twisty_engine::input::state_string(puzzle, f)?;
        }
        input_text(&args.state)?
    };
    Ok((build(ctx, args, matches, input)?, input_seed))
}

/// The request of `args` for `input` (the template of a batch when `input` is empty).
pub fn build(
    ctx: &Ctx,
    args: &SolveArgs,
    matches: Option<&clap::ArgMatches>,
    input: String,
) -> CliResult<SolveRequest> {
    let puzzle = args.puzzle.id();
    let notation = match ctx.notation {
        NotationArg::Standard => Notation::Standard,
        NotationArg::Seed => Notation::Seed,
    };
    let mut options = given_options(matches);
    for o in &args.options {
        let Some((name, value)) = o.split_once('=') else {
            return Err(CliError::usage(anyhow::anyhow!(
                "--option `{o}`: write NAME=VALUE, e.g. --option probes=100"
            )));
        };
        options.insert(name.trim().to_string(), serde_json::Value::from(value.trim()));
    }
    if args.all {
        options.insert("all".into(), serde_json::Value::Bool(true));
    }
    let mut solver = args.solver.clone();
    if solver.is_none() && options.contains_key("heuristic") {
        // `--heuristic` names tables of the optimal solver: it implies that solver.
        solver = Some("optimal".into());
    }
    Ok(SolveRequest {
        puzzle,
        input,
        solver,
        options,
        max_length: args.max_length,
        timeout: args.timeout,
        metric: MetricName::from(args.metric),
        threads: ctx.threads,
        seed: args.seed,
        frame: match args.frame {
            FrameArg::Held => Frame::Held,
            FrameArg::Reference => Frame::Reference,
        },
        notation,
        min_length: None,
        continue_input: false,
        // `--batch` solves as one of many (the engine's batch sets it too).
        purpose: if args.batch.batch.is_some() {
            twisty_engine::Purpose::Batch
        } else {
            twisty_engine::Purpose::Single
        },
        moves: args.move_set.clone(),
        cancel: Some(ctx.cancel.clone()),
        arrived: None,
    })
}

/// Whether the solver option `name` has a flag of its own on `twisty solve`.
pub fn has_flag(name: &str) -> bool {
    use clap::CommandFactory;
    crate::args::Cli::command()
        .find_subcommand("solve")
        .is_some_and(|c| c.get_arguments().any(|a| a.get_id().as_str() == name))
}

/// `--solver list`: the catalog for the puzzle.
fn list(puzzle: PuzzleId) {
    let all = solvers_for(puzzle);
    let ids: Vec<&str> = all.iter().map(|e| e.id).collect();
    println!(
        "solvers for {}: {} (default: {})",
        puzzle.title(),
        ids.join(", "),
        ids.first().copied().unwrap_or("none")
    );
    for e in all {
        let info = e.info();
        println!(
            "  {}{}{} — {}",
            e.id,
            if e.default { " (default)" } else { "" },
            if e.optimal { " [optimal]" } else { "" },
            e.summary
        );
        for o in &info.options {
            // Options with a flag of their own are shown as the flag, the others in the
            // `--option NAME=VALUE` form that every option takes.
            let form = if has_flag(o.name) {
                format!("--{}", o.name.replace('_', "-"))
            } else {
                format!("--option {}=VALUE", o.name)
            };
            println!("      {form} ({}): {}", o.default_text(), o.help);
        }
    }
}

/// Runs `twisty solve`.
pub fn run(ctx: &Ctx, args: &SolveArgs, matches: Option<&clap::ArgMatches>) -> CliResult {
    if args.solver.as_deref() == Some("list") {
        list(args.puzzle.id());
        return Ok(());
    }
    let (req, input_seed) = request(ctx, args, matches)?;
    if !args.json {
        if let Some(seed) = input_seed {
            eprintln!("seed: {seed}");
        }
        if args.random.is_some() {
            println!("Scramble: {}", req.input);
        }
    }
    let spinner = (ctx.progress && !args.json).then(|| {
        let pb = indicatif::ProgressBar::new_spinner();
        pb.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        pb
    });
    let observer = CliObserver::new(!args.json, spinner);
    let start = Instant::now();
    let result = ctx.engine().solve(&req, &observer);
    if let Some(pb) = observer.spinner.lock().unwrap_or_else(|p| p.into_inner()).take() {
        pb.finish_and_clear();
    }
    let wall = start.elapsed();
    let report = match result {
        Ok(r) => r,
        Err(e) if args.json => return json_error(e),
        Err(e) => return Err(e.into()),
    };
    if args.json {
        return print_json(&report.to_json());
    }
    if report.seed.is_some() && args.seed.is_none() {
        eprintln!("solver seed: {}", report.seed.unwrap_or_default());
    }
    print_human(&report, wall);
    if args.groups {
        crate::commands::visualize::groups(ctx, &req, &report)?;
    }
    if args.visualize {
        crate::commands::visualize::run(ctx, &req, &report, args.delay)?;
    }
    Ok(())
}

/// Prints an error as the engine's JSON error record on stdout and fails with its exit code.
fn json_error(e: EngineError) -> CliResult {
    print_json(&serde_json::json!({ "error": e }))?;
    let mut err: CliError = e.into();
    err.printed = true;
    Err(err)
}

fn print_human(r: &SolveReport, wall: Duration) {
    let metric = r.metric.to_uppercase();
    if let Some(all) = r.details.get("solutions").and_then(|v| v.as_array()) {
        if r.optimal {
            println!("{} optimal solution(s) of {} {metric}:", all.len(), r.length);
        } else {
            println!(
                "{} solution(s), the shortest of {} {metric} first:",
                all.len(),
                r.length
            );
        }
        for s in all {
            let t = s.as_str().unwrap_or_default();
            println!("{}", if t.is_empty() { "(already solved)" } else { t });
        }
        if r.details.get("all_complete") == Some(&serde_json::Value::Bool(false)) {
            eprintln!(
                "warning: stopped by the time limit or Ctrl-C while searching {} moves: \
                 there may be more optimal solutions",
                r.length
            );
        }
    } else {
        println!(
            "Solution: {}",
            if r.solution.is_empty() {
                "(already solved)"
            } else {
                &r.solution
            }
        );
        println!(
            "Length: {} {metric}{}",
            r.length,
            if r.optimal { " (optimal)" } else { "" }
        );
        if let Some(best) = r.details.get("best_so_far").and_then(|v| v.as_str()) {
            eprintln!("note: {best}");
        }
        if let Some(rotation) = r.details.get("rotate_first").and_then(|v| v.as_str()) {
            eprintln!(
                "note: the answer is in the solvers' reference frame: first turn the whole puzzle by `{rotation}`"
            );
        }
        if let Some(note) = r.details.get("metric_note").and_then(|v| v.as_str()) {
            eprintln!("note: {note}");
        }
        if let Some(note) = r.details.get("dedicated").and_then(|v| v.as_str()) {
            eprintln!("note: {note}");
        }
        if let Some(why) = r.details.get("answer").and_then(|v| v.as_str()) {
            // The printed answer is not the solver's: say so, with the solver's length.
            let theirs = r.details.get("solver_length").and_then(|v| v.as_u64());
            eprintln!(
                "note: the answer is {why}{}",
                theirs.map_or(String::new(), |n| format!(" ({n} {metric})"))
            );
        }
    }
    let search = Duration::from_secs_f64(r.search_seconds);
    let mut line = format!("Solver: {}  Time: {}", r.solver, human_duration(search));
    if r.nodes > 0 {
        line.push_str(&format!("  Nodes: {}", r.nodes));
        if r.search_seconds > 0.0 {
            line.push_str(&format!(
                "  ({:.2} M nodes/s)",
                r.nodes as f64 / r.search_seconds / 1e6
            ));
        }
    }
    if wall > search + Duration::from_millis(5) {
        line.push_str(&format!("  (total with tables: {})", human_duration(wall)));
    }
    println!("{line}");
    if let Some(sw) = r.details.get("swarm") {
        print!("{}", swarm_report(&r.solver, sw));
    }
    if let Some(ga) = r.details.get("ga") {
        let g = |k: &str| ga[k].as_u64().unwrap_or_default();
        eprintln!(
            "GA seed: {}; steps: {}, GA runs: {} ({} per step), generations: {}, macro improvements: {}, macros learned: {}",
            r.seed.unwrap_or_default(),
            g("ga_steps"),
            g("ga_runs"),
            g("attempts"),
            g("generations"),
            g("macro_improvements"),
            g("macros_learned")
        );
        eprintln!(
            "played length: {}, merged across parallel slices: {}, simplified length: {}",
            g("played_length"),
            g("merged_length"),
            g("simplified_length")
        );
    }
}

/// The paper's report lines of a metaheuristic run, from the report's details.
fn swarm_report(solver: &str, d: &serde_json::Value) -> String {
    let num = |k: &str| match &d[k] {
        serde_json::Value::Null => "NA".to_string(),
        serde_json::Value::Number(n) if n.is_f64() => format!("{:.3}", n.as_f64().unwrap_or_default()),
        v => v.to_string(),
    };
    format!(
        "Algorithm: {solver} ({} agents, {} iterations)\n\
         Success: yes  Actual: {}  Obtained: {}  MinFit: {}\n\
         First iteration: {}  Last iteration: {}  Average: {}  Agents solved: {}\n\
         NFE: {}  computed: {}  cache hits: {}  capped: {}\n\
         First time: {} s  Total time: {} s\n",
        num("agents"),
        num("iterations"),
        num("actual"),
        num("obtained_mean"),
        num("min_fitness"),
        num("first_iteration"),
        num("last_iteration"),
        num("average_gap"),
        num("agents_solved"),
        num("nfe"),
        num("computed"),
        num("cache_hits"),
        num("capped"),
        num("first_seconds"),
        num("last_seconds"),
    )
}
