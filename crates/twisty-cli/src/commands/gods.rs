//! `twisty gods`: God's algorithm for a puzzle given by a definition, through the engine
//! ([`twisty_engine::gods`]); this file only reads the arguments and prints.
//!
//! The text output is a table `depth count` and the total; `--json` prints
//! `{"puzzle", "metric", "states", "depths": [{"depth", "count"}], "seconds", ...}`
//! (README, "God's algorithm").

use crate::args::GodsArgs;
use crate::commands::{CliResult, Ctx};
use crate::output::{human_duration, print_json};
use serde_json::json;
use twisty_engine::gods::{gods, GodsReport, GodsRequest};
use twisty_search::file::human_bytes;

/// Runs `twisty gods`.
pub fn run(ctx: &Ctx, args: &GodsArgs) -> CliResult {
    let checkpoint = match (&args.checkpoint, args.resume) {
        (Some(p), _) if !p.as_os_str().is_empty() => Some(p.clone()),
        (Some(_), _) | (None, true) => {
            let dir = ctx.tables_dir.join("gods");
            std::fs::create_dir_all(&dir)?;
            Some(dir)
        }
        (None, false) => None,
    };
    let req = GodsRequest {
        puzzle: Some(args.puzzle.id()),
        metric: args.metric.into(),
        memory: args.memory,
        checkpoint,
        resume: args.resume,
        max_depth: args.max_depth,
        solved: args.solved.clone(),
        progress: ctx.progress,
        stop: Some(ctx.cancel.clone()),
    };
    let report = gods(&req)?;
    if let Some(note) = &report.note {
        eprintln!("note: {note}");
    }
    if args.json {
        return print_json(&to_json(&report));
    }
    print_text(&report);
    Ok(())
}

fn to_json(r: &GodsReport) -> serde_json::Value {
    json!({
        "puzzle": r.puzzle,
        "metric": r.metric,
        "states": r.states,
        "depths": r.depths.iter().enumerate().map(|(d, c)| json!({"depth": d, "count": c})).collect::<Vec<_>>(),
        "seconds": r.seconds,
        "complete": r.complete,
        "expected_states": r.expected,
        "group_order": r.group_order,
        "solved_states": r.solved_states,
        "index_entries": r.entries,
        "table_bytes": r.table_bytes,
        "resumed_after_depth": r.resumed_after,
        "checkpoint": r.checkpoint.as_ref().map(|p| p.display().to_string()),
    })
}

fn print_text(r: &GodsReport) {
    let parts: Vec<String> = r.parts.iter().map(|(n, v)| format!("{n} {v}")).collect();
    let perfect = r.expected.as_deref() == Some(r.entries.to_string().as_str());
    println!(
        "God's algorithm for {} ({}), from {} solved state{}",
        r.puzzle,
        r.metric.to_uppercase(),
        r.solved_states,
        if r.solved_states == 1 { "" } else { "s" }
    );
    println!(
        "index: {} = {} entries ({}), table {}",
        parts.join(" × "),
        r.entries,
        if perfect {
            "a perfect rank"
        } else {
            "not every entry is a state"
        },
        human_bytes(r.table_bytes)
    );
    if let Some(d) = r.resumed_after {
        println!("resumed after depth {d}");
    }
    println!("{:>5} {:>20}", "depth", "count");
    for (d, c) in r.depths.iter().enumerate() {
        println!("{d:>5} {c:>20}");
    }
    let check = match (&r.expected, r.complete) {
        (Some(e), true) => format!("all {e} states the stabiliser chain counts"),
        (Some(e), false) => format!("stopped early: {e} states in all"),
        (None, true) => String::from("the number of states is not known to check it"),
        (None, false) => String::from("stopped early"),
    };
    println!("{:>5} {:>20}  ({check})", "total", r.states);
    let deepest = r.depths.len().saturating_sub(1);
    let time = human_duration(std::time::Duration::from_secs_f64(r.seconds.max(0.0)));
    if r.complete {
        println!("God's number: {deepest}  Time: {time}");
    } else {
        println!("deepest depth searched: {deepest}  Time: {time}");
    }
    if let Some(p) = &r.checkpoint {
        println!("checkpoint: {}", p.display());
    }
}
