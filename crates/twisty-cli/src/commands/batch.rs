//! `twisty solve --batch [FILE|-]`: one input per line, solved several at once through the
//! engine, written as JSON Lines in input order (to standard output or `--output FILE`),
//! with a progress bar and a summary on standard error.
//!
//! Exit codes: 0 when every line was solved, 1 when some line failed (its error record is
//! in the output), 2 for usage errors (bad flags, an unreadable FILE), 130 after Ctrl-C
//! (every record finished before it is written, in order, then the summary).
//!
//! `--resume` with `--output FILE` continues an interrupted run of the same input: the
//! lines FILE answers (by their `line` field) are skipped, a last record cut short (no
//! final newline, or not JSON) is cut off the file, and new records are appended. The
//! output's input is recorded beside it (`FILE.input.json`, see `batch_input.rs`): resuming
//! with another input, or with the input changed, is refused.

use crate::args::SolveArgs;
use crate::bounded::{BoundedLines, MAX_INPUT};
use crate::commands::batch_input::{self, InputIdentity};
use crate::commands::{CliError, CliResult, Ctx};
use clap::ArgMatches;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty_engine::batch::split;
use twisty_engine::{run_batch, BatchConfig, BatchSummary, Engine, EngineConfig, SolveRequest};

/// Exit code after Ctrl-C.
const EXIT_INTERRUPTED: i32 = 130;

/// Runs `twisty solve --batch`.
pub fn run(ctx: &Ctx, args: &SolveArgs, matches: Option<&ArgMatches>) -> CliResult {
    if args.batch.batch.is_none() {
        return Err(CliError::usage(anyhow::anyhow!(
            "--jobs, --output, --resume and --summary-json are options of --batch [FILE|-]"
        )));
    }
    if args.batch.resume && args.batch.output.is_none() {
        return Err(CliError::usage(anyhow::anyhow!(
            "--resume continues into --output FILE: give the file"
        )));
    }
    let mut template = template(ctx, args, matches)?;
    let (entry, _) = twisty_engine::checked(&template).map_err(CliError::usage)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if let Some(j) = args.batch.jobs {
        // As for --threads: thousands of threads take long just to start.
        if !(1..=twisty_engine::MAX_THREADS).contains(&j) {
            return Err(CliError::usage(anyhow::anyhow!(
                "--jobs must be from 1 to {} (this machine has {cores} core(s)), not {j}",
                twisty_engine::MAX_THREADS
            )));
        }
    }
    let (jobs, threads) = split(entry, cores, args.batch.jobs, ctx.threads);
    template.threads = threads;
    if entry.multithreaded && args.batch.jobs.is_none() {
        eprintln!(
            "note: the {} solver can use several threads per state; a batch solves {jobs} state(s) at once \
             with {} thread(s) each (more states per second than one state on every core); \
             --jobs 1 solves one at a time on every core",
            entry.id,
            threads.unwrap_or(cores)
        );
    }
    let input = args.batch.batch.as_deref().unwrap_or(Path::new("-"));
    let input_file = (input.as_os_str() != "-").then_some(input);
    super::batch_paths::check(
        input_file,
        args.batch.output.as_deref(),
        args.batch.summary_json.as_deref(),
    )?;
    let (total, identity) = count_lines(input)?;
    let (skip, mut out) = open_output(args, &identity)?;
    let lines = read_lines(input, ctx.cancel.clone())?;
    let engine = Engine::new(EngineConfig {
        tables_dir: ctx.tables_dir.clone(),
        max_memory: ctx.max_memory,
        build_large_tables: ctx.build_tables,
        progress: ctx.progress,
    });
    let config = BatchConfig {
        jobs,
        window: 0,
        skip,
        cancel: ctx.cancel.clone(),
    };
    let bar = progress_bar(ctx.progress, total);
    let mut last_flush = Instant::now();
    let result = run_batch(
        &engine,
        &template,
        lines,
        &config,
        |record| {
            out.write_all(record.text.as_bytes())?;
            out.write_all(b"\n")?;
            if last_flush.elapsed() > Duration::from_millis(200) {
                out.flush()?;
                last_flush = Instant::now();
            }
            Ok(())
        },
        |p| {
            bar.set_position(p.done + p.skipped);
            if p.failed > 0 {
                bar.set_message(format!("{} failed", p.failed));
            }
        },
    );
    bar.finish_and_clear();
    let flushed = out.flush();
    // The reader of the records has gone (`twisty solve --batch | head`): end quietly.
    let closed = |e: &io::Error| e.kind() == io::ErrorKind::BrokenPipe;
    if result.as_ref().err().is_some_and(closed) || flushed.as_ref().err().is_some_and(closed) {
        std::process::exit(0);
    }
    let summary = result.map_err(|e| CliError::failure(anyhow::anyhow!("batch stopped: {e}")))?;
    flushed.map_err(|e| CliError::failure(anyhow::anyhow!("cannot write the records: {e}")))?;
    eprint!("{}", summary.text());
    write_summary_json(args, &summary)?;
    if summary.cancelled {
        eprintln!("interrupted: every record finished before Ctrl-C is written, in input order");
        std::process::exit(EXIT_INTERRUPTED);
    }
    if summary.failed > 0 {
        return Err(CliError::failure(anyhow::anyhow!(
            "{} of {} line(s) failed (see their error records)",
            summary.failed,
            summary.failed + summary.solved
        )));
    }
    Ok(())
}

/// The request every line is solved with: the solver, its options given on the command
/// line (as in single mode), the limits.
fn template(ctx: &Ctx, args: &SolveArgs, m: Option<&ArgMatches>) -> CliResult<SolveRequest> {
    if args.solver.as_deref() == Some("list") {
        return Err(CliError::usage(anyhow::anyhow!(
            "`--solver list` lists the solvers: run it without --batch"
        )));
    }
    let mut req = crate::commands::solve::build(ctx, args, m, String::new())?;
    let entry = twisty_engine::find(req.puzzle, req.solver.as_deref()).map_err(CliError::from)?;
    req.solver = Some(entry.id.to_string());
    req.cancel = None;
    Ok(req)
}

/// The number of lines of FILE (for the progress bar's length) and its identity (for
/// `--resume`), in one pass; no count and a stream's identity for stdin and for anything
/// that is not a regular file (a FIFO, `/dev/stdin`, `<(…)`: reading would consume the
/// input).
fn count_lines(input: &Path) -> CliResult<(Option<u64>, InputIdentity)> {
    if input.as_os_str() == "-" {
        return Ok((None, InputIdentity::stream(input)));
    }
    // Looked at before opening: opening a FIFO to count would take its writer's lines.
    let meta = std::fs::metadata(input)
        .map_err(|e| CliError::usage(anyhow::anyhow!("cannot read {}: {e}", input.display())))?;
    if !meta.is_file() {
        return Ok((None, InputIdentity::stream(input)));
    }
    let f = File::open(input)
        .map_err(|e| CliError::usage(anyhow::anyhow!("cannot read {}: {e}", input.display())))?;
    let (n, identity) = batch_input::count_and_identify(input, f)
        .map_err(|e| CliError::usage(anyhow::anyhow!("cannot read {}: {e}", input.display())))?;
    Ok((Some(n), identity))
}

/// The input lines, read on their own thread so that Ctrl-C is seen even while the input
/// (a pipe) is quiet. Invalid UTF-8 is kept (replaced) so that the line gets a parse error.
/// Each line is kept up to the engine's input limit (a longer one is refused as too large
/// in its error record) and the input is given up after a line of more than
/// [`crate::bounded::MAX_LINE_SKIP`] bytes ([`BoundedLines`]).
fn read_lines(input: &Path, cancel: Arc<AtomicBool>) -> CliResult<impl Iterator<Item = io::Result<String>>> {
    let reader: Box<dyn BufRead + Send> = if input.as_os_str() == "-" {
        Box::new(BufReader::new(io::stdin()))
    } else {
        let f = File::open(input)
            .map_err(|e| CliError::usage(anyhow::anyhow!("cannot read {}: {e}", input.display())))?;
        Box::new(BufReader::new(f))
    };
    let name = if input.as_os_str() == "-" {
        String::from("standard input")
    } else {
        input.display().to_string()
    };
    let (tx, rx) = sync_channel::<io::Result<String>>(4096);
    std::thread::spawn(move || {
        let mut lines = BoundedLines::new(reader, MAX_INPUT);
        loop {
            let line = match lines.next_line() {
                Ok(None) => return,
                Ok(Some(buf)) => Ok(String::from_utf8_lossy(&buf).into_owned()),
                Err(e) => Err(io::Error::new(e.kind(), format!("{name}: {e}"))),
            };
            let stop = line.is_err();
            if tx.send(line).is_err() || stop {
                return;
            }
        }
    });
    Ok(Lines { rx, cancel })
}

struct Lines {
    rx: Receiver<io::Result<String>>,
    cancel: Arc<AtomicBool>,
}

impl Iterator for Lines {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.rx.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => return Some(line),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) if self.cancel.load(Ordering::SeqCst) => return None,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }
}

/// Where the records go, and (with `--resume`) the lines already answered there.
fn open_output(args: &SolveArgs, input: &InputIdentity) -> CliResult<(HashSet<usize>, Box<dyn Write>)> {
    let Some(path) = &args.batch.output else {
        return Ok((HashSet::new(), Box::new(BufWriter::new(io::stdout()))));
    };
    let open_error = |e: io::Error| CliError::usage(anyhow::anyhow!("cannot write {}: {e}", path.display()));
    // Opened without truncating, then locked for the whole run: a second run on the same
    // output (with or without --resume) is refused instead of interleaving its records.
    let f = OpenOptions::new()
        .create(true)
        .append(args.batch.resume)
        .write(true)
        .open(path)
        .map_err(open_error)?;
    match f.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(CliError::usage(anyhow::anyhow!(
                "{} is being written by another twisty run: wait for it to finish, or write to another file",
                path.display()
            )))
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(open_error(e)),
    }
    // Only a regular file is truncated (`/dev/null`, a FIFO or a terminal are written as
    // they are).
    let regular = f.metadata().map_err(open_error)?.is_file();
    if !args.batch.resume {
        if regular {
            f.set_len(0).map_err(open_error)?;
            batch_input::write(path, input);
        }
        return Ok((HashSet::new(), Box::new(BufWriter::new(f))));
    }
    let (skip, keep) = answered(path)?;
    // Another input (or this one changed) is refused before the output is touched.
    let record = regular && batch_input::check_resume(path, input, skip.len())?;
    if regular {
        f.set_len(keep).map_err(open_error)?;
    }
    if record {
        batch_input::write(path, input);
    }
    if !skip.is_empty() {
        eprintln!(
            "resuming {}: {} line(s) already answered",
            path.display(),
            skip.len()
        );
    }
    Ok((skip, Box::new(BufWriter::new(f))))
}

/// The `line` of every complete record of `path`, and the length of the file up to the
/// end of the last one: a last record cut short is left out; anything else that is not a
/// record is an error (the file is not this run's output).
fn answered(path: &Path) -> CliResult<(HashSet<usize>, u64)> {
    let f = File::open(path)
        .map_err(|e| CliError::usage(anyhow::anyhow!("cannot read {}: {e}", path.display())))?;
    let mut reader = BufReader::new(f);
    let (mut skip, mut keep, mut number) = (HashSet::new(), 0u64, 0usize);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = reader.read_until(b'\n', &mut buf)?;
        if n == 0 {
            break;
        }
        number += 1;
        let complete = buf.last() == Some(&b'\n');
        let line = serde_json::from_slice::<Value>(&buf)
            .ok()
            .and_then(|v| v.get("line").and_then(Value::as_u64));
        match (line, complete) {
            (Some(l), true) => {
                skip.insert(l as usize);
                keep += n as u64;
            }
            _ => {
                let mut rest = [0u8; 1];
                let more = reader.read(&mut rest)? > 0;
                // Only the start of a record (cut short by a kill or a full disk) is cut
                // off; a last line of anything else means the file is not a batch output.
                if more || complete || !buf.starts_with(b"{\"") {
                    return Err(CliError::usage(anyhow::anyhow!(
                        "{} line {number} is not a batch record; not resuming into it",
                        path.display()
                    )));
                }
                eprintln!(
                    "{}: dropping the last record, cut short ({} bytes)",
                    path.display(),
                    n
                );
                break;
            }
        }
    }
    Ok((skip, keep))
}

fn progress_bar(show: bool, total: Option<u64>) -> ProgressBar {
    if !show || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (bar, template) = match total {
        Some(n) => (
            ProgressBar::new(n),
            "{bar:30} {pos}/{len} lines, {per_sec}, ETA {eta} {msg}",
        ),
        None => (
            ProgressBar::new_spinner(),
            "{spinner} {pos} lines, {per_sec} {msg}",
        ),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

fn write_summary_json(args: &SolveArgs, summary: &BatchSummary) -> CliResult {
    let Some(path) = &args.batch.summary_json else {
        return Ok(());
    };
    let text = serde_json::to_string(summary).map_err(CliError::failure)?;
    if path.as_os_str() == "-" {
        eprintln!("{text}");
        return Ok(());
    }
    std::fs::write(path, format!("{text}\n"))
        .map_err(|e| CliError::failure(anyhow::anyhow!("cannot write {}: {e}", path.display())))
}
