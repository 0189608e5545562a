//! The 2x2x2 A* solver of seed 001 on the command line: `twisty solve --puzzle 2x2 --solver
//! astar` and `twisty bench astar2x2`.
//!
//! The A* works on the sticker state as given, including the whole-cube orientation (the
//! fixed goal depends on it), so it reads its input itself: the seed's 8-line colour net
//! (as a file), a 24-character facelet string, or moves in standard (`U R F D L B`) or the
//! seed's (`T R F Bo L Ba`) notation applied to the seed's goal colouring.

use crate::args::{AStarGoal, BenchAStarArgs, SolveArgs};
use crate::commands::{CliError, CliResult, Ctx};
use crate::input::read_file;
use crate::output::{human_duration, print_json};
use std::path::{Path, PathBuf};
use twisty_engine::input::looks_like_net;
use twisty_solvers::astar2x2::{AStar2x2, AStarOptions, AStarResult, Goal, SeedMove, Stickers};

fn goal(g: AStarGoal) -> Goal {
    match g {
        AStarGoal::Fixed => Goal::Fixed,
        AStarGoal::AnyOrientation => Goal::AnyOrientation,
    }
}

/// Parses one move token in standard or seed notation.
fn parse_token(tok: &str) -> Result<Vec<SeedMove>, String> {
    let (base, suffix) = match tok.find(['\'', '2']) {
        Some(i) => tok.split_at(i),
        None => (tok, ""),
    };
    let face = match base {
        "L" => 0,
        "U" | "T" => 1,
        "R" => 2,
        "F" => 3,
        "D" | "Bo" => 4,
        "B" | "Ba" => 5,
        _ => {
            return Err(String::from(
                "not a 2x2x2 face: use U R F D L B or the seed's T R F Bo L Ba",
            ))
        }
    };
    let m = SeedMove {
        face,
        clockwise: true,
    };
    match suffix {
        "" => Ok(vec![m]),
        "'" => Ok(vec![m.inverse()]),
        "2" | "2'" => Ok(vec![m, m]),
        _ => Err(format!("`{suffix}` is not a move suffix (use ' or 2)")),
    }
}

/// Whether `twisty solve --solver astar` should keep the seed's display (a colour net given,
/// the seed's move names or `--notation seed`); standard moves go through the engine.
pub fn wants_seed_display(ctx: &Ctx, args: &SolveArgs) -> bool {
    if ctx.notation == crate::args::NotationArg::Seed || args.state.facelets.is_some() {
        return ctx.notation == crate::args::NotationArg::Seed;
    }
    match crate::commands::solve::input_text(&args.state) {
        Ok(text) => {
            looks_like_net(&text)
                || text
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .any(|t| t.starts_with('T') || t.starts_with("Bo") || t.starts_with("Ba"))
        }
        Err(_) => true,
    }
}

/// Reads the A* start state from the solve arguments.
fn load(args: &SolveArgs) -> CliResult<(Stickers, Option<Vec<SeedMove>>)> {
    if let Some(f) = &args.state.facelets {
        return Ok((Stickers::from_facelets(f)?, None));
    }
    let (text, origin): (String, Option<PathBuf>) = if let Some(f) = &args.state.file {
        (read_file(f)?, Some(f.clone()))
    } else if args.state.moves.len() == 1 && Path::new(&args.state.moves[0]).is_file() {
        let f = PathBuf::from(&args.state.moves[0]);
        (read_file(&f)?, Some(f))
    } else {
        (args.state.moves.join(" "), None)
    };
    if looks_like_net(&text) {
        let s = Stickers::from_net(&text).map_err(|e| {
            let place = origin
                .as_ref()
                .map(|o| format!("{}: ", o.display()))
                .unwrap_or_default();
            CliError::failure(anyhow::anyhow!("{place}impossible colour net: {e}"))
        })?;
        return Ok((s, None));
    }
    let moves =
        twisty_core::alg::parse_alg(&text, parse_token, SeedMove::inverse).map_err(|e| match &origin {
            Some(o) => CliError::usage(anyhow::anyhow!("{}: {e}", o.display())),
            None => CliError::usage(e),
        })?;
    Ok((Stickers::from_standard_moves(&moves), Some(moves)))
}

fn options(args: &SolveArgs) -> AStarOptions {
    let mut o = AStarOptions::seed(goal(args.astar.goal), args.astar.weight);
    o.integer_heuristic = args.astar.integer_heuristic;
    o.max_expanded = args.astar.max_expanded;
    o
}

fn names(path: &[SeedMove], seed: bool) -> String {
    path.iter()
        .map(|m| if seed { m.seed_name() } else { m.standard_name() })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `twisty solve --puzzle 2x2 --solver astar`.
pub fn solve(ctx: &Ctx, args: &SolveArgs) -> CliResult {
    let (start, moves) = load(args)?;
    let a = AStar2x2::new();
    let opts = options(args);
    let limits = twisty_solvers::Limits {
        timeout: args.timeout.map(std::time::Duration::from_secs_f64),
        cancel: Some(ctx.cancel.clone()),
        ..Default::default()
    };
    let r = a
        .solve_within(&start, &opts, &limits)
        .map_err(CliError::failure)?;
    // Run-time check: the path must reach the goal.
    let mut end = start;
    for &m in &r.path {
        end = a.apply(&end, m);
    }
    if !a.is_goal(&end, opts.goal) {
        return Err(CliError::failure(twisty_solvers::SolveError::Unverified));
    }
    let optimal = a.optimal_length(&start, opts.goal, 14);
    if args.json {
        return print_json(&serde_json::json!({
            "puzzle": "2x2x2",
            "solver": "astar",
            "goal": format!("{:?}", args.astar.goal),
            "weight": opts.weight,
            "path_seed_notation": names(&r.path, true),
            "path": names(&r.path, false),
            "length": r.path.len(),
            "metric": "qtm",
            "optimal_length": optimal,
            "optimal": optimal.map(|o| o as usize == r.path.len()),
            "expanded": r.expanded,
            "generated": r.generated,
            "time_ms": r.elapsed.as_secs_f64() * 1e3,
        }));
    }
    if let Some(m) = &moves {
        println!("Scramble: {}", names(m, false));
    }
    print!("{}", start.to_net());
    let seed_path = names(&r.path, true);
    println!(
        "Path (seed notation): {}",
        if seed_path.is_empty() {
            "(already solved)"
        } else {
            &seed_path
        }
    );
    println!("Path (standard):      {}", names(&r.path, false));
    let verdict = match optimal {
        Some(o) if o as usize == r.path.len() => String::from("optimal"),
        Some(o) => format!("not optimal: the shortest has {o}"),
        None => String::from("optimality unknown"),
    };
    println!("Length: {} quarter turns ({verdict})", r.path.len());
    println!(
        "Nodes expanded: {}  generated: {}  Time: {}",
        r.expanded,
        r.generated,
        human_duration(r.elapsed)
    );
    if args.visualize {
        visualize(ctx, &a, &start, moves.as_deref(), &r.path, args.delay);
    }
    Ok(())
}

/// `--visualize` for the A*: the colour nets of every step (the scramble from the goal when
/// the input was moves, then the path), replacing each other in a terminal.
fn visualize(
    ctx: &Ctx,
    a: &AStar2x2,
    start: &Stickers,
    scramble: Option<&[SeedMove]>,
    path: &[SeedMove],
    delay: u64,
) {
    use std::io::IsTerminal;
    let animate = std::io::stdout().is_terminal();
    let frame = |title: String, s: &Stickers| {
        if animate {
            print!("\x1b[2J\x1b[H");
        }
        println!("{title}\n{}", s.to_net());
        if animate {
            std::thread::sleep(std::time::Duration::from_millis(delay.min(60_000)));
        }
    };
    let _ = ctx;
    if let Some(mix) = scramble {
        let mut s = Stickers::goal();
        frame(format!("Scramble 0/{}: goal", mix.len()), &s);
        for (i, &m) in mix.iter().enumerate() {
            s = a.apply(&s, m);
            frame(format!("Scramble {}/{}: {}", i + 1, mix.len(), m.seed_name()), &s);
        }
    }
    let mut s = *start;
    frame(String::from("Scrambled state"), &s);
    for (i, &m) in path.iter().enumerate() {
        s = a.apply(&s, m);
        frame(
            format!("Solution {}/{}: {}", i + 1, path.len(), m.seed_name()),
            &s,
        );
    }
    frame(String::from("Solved"), &s);
}

/// Parses `1..10,15,20` into a list of weights.
pub fn parse_weights(text: &str) -> Result<Vec<f64>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if let Some((a, b)) = part.split_once("..") {
            let (a, b): (u32, u32) = match (a.trim().parse(), b.trim().parse()) {
                (Ok(a), Ok(b)) if a >= 1 && a <= b && b <= 1000 => (a, b),
                _ => return Err(format!("`{part}` is not a range of weights like 1..10")),
            };
            out.extend((a..=b).map(f64::from));
        } else {
            match part.parse::<f64>() {
                Ok(w) if w.is_finite() && w > 0.0 => out.push(w),
                _ => return Err(format!("`{part}` is not a positive weight")),
            }
        }
    }
    if out.is_empty() {
        return Err(String::from("no weights given"));
    }
    Ok(out)
}

/// `(name, text)` of the seed's input net `name` (e.g. `cube1_1`), built in from the repository's
/// `tests/data/seed-inputs`.
macro_rules! seed_net {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../tests/data/seed-inputs/Hangary_CS440-2016FA_HW1_data_",
                $name,
                ".txt"
            )),
        )
    };
}

/// The seed's seven input nets, built in: the default of `bench astar2x2 --inputs`.
const BUNDLED_NETS: [(&str, &str); 7] = [
    seed_net!("cube1_1"),
    seed_net!("cube1_2"),
    seed_net!("cube1_3"),
    seed_net!("cube2_1"),
    seed_net!("cube2_2"),
    seed_net!("cube2_3"),
    seed_net!("cube3_1"),
];

/// The built-in net of the seed input `name` (e.g. `cube1_1`).
fn bundled_net(name: &str) -> CliResult<&'static str> {
    BUNDLED_NETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
        .ok_or_else(|| CliError::failure(anyhow::anyhow!("no built-in seed input named {name}")))
}

/// The seed's figures: (file, goal, [(weight, nodes)]).
/// One input file of the seed's figures: name, goal, and (weight, nodes expanded) pairs.
type SeedFigure = (&'static str, AStarGoal, &'static [(u32, u64)]);

const SEED_NODES: &[SeedFigure] = &[
    (
        "cube1_1",
        AStarGoal::Fixed,
        &[
            (1, 303),
            (2, 386),
            (3, 33),
            (4, 70),
            (5, 52),
            (6, 16),
            (7, 31),
            (8, 90),
            (9, 164),
            (10, 303),
        ],
    ),
    (
        "cube1_2",
        AStarGoal::Fixed,
        &[
            (1, 314),
            (2, 134),
            (3, 51),
            (4, 154),
            (5, 97),
            (6, 411),
            (7, 1129),
            (8, 1953),
            (9, 3559),
            (10, 7716),
        ],
    ),
    (
        "cube1_3",
        AStarGoal::Fixed,
        &[
            (1, 338),
            (2, 524),
            (3, 276),
            (4, 829),
            (5, 718),
            (6, 3163),
            (7, 10597),
            (8, 19091),
            (9, 34226),
            (10, 77331),
        ],
    ),
    (
        "cube2_1",
        AStarGoal::AnyOrientation,
        &[
            (1, 3),
            (2, 3),
            (3, 3),
            (4, 4),
            (5, 3),
            (6, 4),
            (7, 4),
            (8, 5),
            (9, 4),
            (10, 4),
            (15, 10),
            (20, 13),
        ],
    ),
    (
        "cube2_2",
        AStarGoal::AnyOrientation,
        &[
            (1, 2343),
            (2, 207),
            (3, 82),
            (4, 143),
            (5, 251),
            (6, 639),
            (7, 840),
            (8, 1539),
            (9, 2518),
            (10, 2598),
            (15, 4574),
            (20, 10381),
        ],
    ),
    (
        "cube2_3",
        AStarGoal::AnyOrientation,
        &[
            (1, 126),
            (2, 128),
            (3, 61),
            (4, 100),
            (5, 72),
            (6, 142),
            (7, 198),
            (8, 379),
            (9, 431),
            (10, 439),
            (15, 822),
            (20, 1093),
        ],
    ),
    (
        "cube3_1",
        AStarGoal::AnyOrientation,
        &[
            (1, 956),
            (2, 1309),
            (3, 576),
            (4, 1340),
            (5, 902),
            (6, 2091),
            (7, 2760),
            (8, 4958),
            (9, 7935),
            (10, 8211),
            (15, 13645),
            (20, 13645),
        ],
    ),
];

/// `twisty bench astar2x2`: the seed's Figures 7 and 12 with ours beside them.
pub fn bench(args: &BenchAStarArgs) -> CliResult {
    let weights =
        parse_weights(&args.weights).map_err(|e| CliError::usage(anyhow::anyhow!("--weights: {e}")))?;
    let a = AStar2x2::new();
    let mut rows = Vec::new();
    for (goal_kind, figure) in [
        (AStarGoal::Fixed, "Figure 7 (fixed goal, 12 moves)"),
        (AStarGoal::AnyOrientation, "Figure 12 (any orientation, 6 moves)"),
    ] {
        let files: Vec<&SeedFigure> = SEED_NODES.iter().filter(|f| f.1 == goal_kind).collect();
        let mut starts = Vec::new();
        for (name, _, _) in &files {
            let file = format!("Hangary_CS440-2016FA_HW1_data_{name}.txt");
            let (text, origin) = match &args.inputs {
                Some(dir) => {
                    let path = dir.join(&file);
                    (read_file(&path)?, path.display().to_string())
                }
                None => (bundled_net(name)?.to_string(), format!("built-in {file}")),
            };
            let s =
                Stickers::from_net(&text).map_err(|e| CliError::failure(anyhow::anyhow!("{origin}: {e}")))?;
            let opt = a.optimal_length(&s, goal(goal_kind), 14);
            starts.push((name.to_string(), s, opt));
        }
        if !args.json {
            println!("{figure}");
            println!(
                "{:>6} {:<9} {:<22} {:>7} {:>9} {:>10} {:>8}",
                "weight", "file", "path", "length", "expanded", "seed exp.", "time"
            );
        }
        for &w in &weights {
            for ((name, s, opt), (_, _, seed)) in starts.iter().zip(files.iter()) {
                let mut o = AStarOptions::seed(goal(goal_kind), w);
                o.integer_heuristic = args.integer_heuristic;
                let r: Result<AStarResult, _> = a.solve(s, &o);
                let seed_nodes = seed.iter().find(|(sw, _)| f64::from(*sw) == w).map(|(_, n)| *n);
                match r {
                    Ok(r) => {
                        let path = names(&r.path, true);
                        if !args.json {
                            println!(
                                "{:>6} {:<9} {:<22} {:>7} {:>9} {:>10} {:>8}",
                                w,
                                name,
                                path,
                                format!(
                                    "{}{}",
                                    r.path.len(),
                                    if Some(r.path.len() as u32) == *opt {
                                        ""
                                    } else {
                                        "*"
                                    }
                                ),
                                r.expanded,
                                seed_nodes.map(|n| n.to_string()).unwrap_or_else(|| "-".into()),
                                human_duration(r.elapsed)
                            );
                        }
                        rows.push(serde_json::json!({
                            "goal": format!("{goal_kind:?}"), "weight": w, "file": name, "path": path,
                            "length": r.path.len(), "optimal_length": opt, "expanded": r.expanded,
                            "generated": r.generated, "seed_expanded": seed_nodes,
                            "time_ms": r.elapsed.as_secs_f64() * 1e3,
                        }));
                    }
                    Err(e) => {
                        if !args.json {
                            println!("{w:>6} {name:<9} {e}");
                        }
                    }
                }
            }
        }
        if !args.json {
            let opts: Vec<String> = starts
                .iter()
                .map(|(n, _, o)| format!("{n} {}", o.map(|o| o.to_string()).unwrap_or_else(|| "?".into())))
                .collect();
            println!(
                "optimal lengths: {}   (* = longer than optimal)\n",
                opts.join(", ")
            );
        }
    }
    if args.json {
        return print_json(&serde_json::Value::Array(rows));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_has_a_built_in_net_that_parses() {
        for (name, _, _) in SEED_NODES {
            let text = bundled_net(name).unwrap_or_default();
            assert!(Stickers::from_net(text).is_ok(), "{name}");
        }
        assert!(bundled_net("cube9_9").is_err());
    }
}
