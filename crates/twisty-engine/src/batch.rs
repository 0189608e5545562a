//! Many states in one run: [`run_batch`] solves one input per line with several states at
//! once and hands back one record per line **in input order**, each as soon as every
//! earlier line is answered. At most [`BatchConfig::window`] lines are in flight (solving,
//! or finished and held back behind an unfinished earlier line), so memory does not grow
//! with the input.
//!
//! A record is the [`SolveReport`](crate::SolveReport) JSON plus `line` (1-based), or an
//! error record `{line, input, puzzle, solver, error}` with the same error kinds and
//! messages as a single solve. A bad line never stops the run. Blank lines and comment
//! lines (`#` or `//`) are not solved but count for line numbers.
//!
//! Cancelling (the [`BatchConfig::cancel`] flag) stops taking new lines; solves in flight
//! are cancelled. The records handed back always form a prefix of the answers in input
//! order: a line finished behind a cancelled one is dropped (counted as abandoned), so a
//! resumed run (the [`BatchConfig::skip`] set of lines already answered) misses nothing and
//! repeats nothing.

use crate::catalog::SolverEntry;
use crate::engine::Engine;
use crate::error::{EngineError, ErrorKind};
use crate::observer::Quiet;
use crate::request::{Purpose, SolveRequest};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::{Arc, Mutex};
use web_time::Instant;

/// Longest input echoed back in an error record, in bytes (longer inputs are cut at a
/// character boundary and end with `…`).
pub const MAX_ECHOED_INPUT: usize = 1024;

/// How a batch runs.
#[derive(Debug, Clone)]
pub struct BatchConfig {
    /// States solved at once (at least 1).
    pub jobs: usize,
    /// Most lines in flight at once (0: `4 × MAX_CHUNK × jobs`).
    pub window: usize,
    /// Line numbers already answered (a resumed run): not solved, no record.
    pub skip: HashSet<usize>,
    /// Raised from elsewhere (Ctrl-C) to stop the run; also raised by the run itself when
    /// a record cannot be written.
    pub cancel: Arc<AtomicBool>,
}

impl Default for BatchConfig {
    fn default() -> Self {
        BatchConfig {
            jobs: 1,
            window: 0,
            skip: HashSet::new(),
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// One answered line.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchRecord {
    /// The 1-based input line.
    pub line: usize,
    /// The record as one line of JSON (a report with `line`, or an error record), written by
    /// the worker that solved the line: the thread writing the output in order neither
    /// serialises nor frees a JSON tree.
    pub text: String,
    /// The solution length, or `None` when the line failed.
    pub length: Option<u32>,
}

impl BatchRecord {
    /// The record as a JSON value.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or(Value::Null)
    }
}

/// Counts so far, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BatchProgress {
    /// Lines answered (solved or failed) in this run.
    pub done: u64,
    /// Of those, the failed ones.
    pub failed: u64,
    /// Lines skipped because they were already answered.
    pub skipped: u64,
}

/// What a batch did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BatchSummary {
    /// Lines solved.
    pub solved: u64,
    /// Lines that got an error record.
    pub failed: u64,
    /// Lines skipped as already answered.
    pub skipped: u64,
    /// Lines taken but not answered because the run was cancelled.
    pub abandoned: u64,
    /// Whether the run was cancelled before the end of the input.
    pub cancelled: bool,
    /// Mean solution length of the solved lines (0 when none).
    pub mean_length: f64,
    /// Longest solution (0 when none).
    pub max_length: u32,
    /// Solved lines per solution length.
    pub histogram: BTreeMap<u32, u64>,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
    /// Lines answered (solved or failed) per second.
    pub states_per_second: f64,
    /// States solved at once.
    pub jobs: usize,
}

impl BatchSummary {
    /// The summary for people, a few lines.
    pub fn text(&self) -> String {
        let mut s = format!(
            "{} solved, {} failed{}{} in {:.2} s ({:.0} states/s, {} at once)\n",
            self.solved,
            self.failed,
            if self.skipped > 0 {
                format!(", {} skipped (already answered)", self.skipped)
            } else {
                String::new()
            },
            if self.cancelled {
                format!(", cancelled ({} in flight dropped)", self.abandoned)
            } else {
                String::new()
            },
            self.seconds,
            self.states_per_second,
            self.jobs
        );
        if self.solved > 0 {
            s.push_str(&format!(
                "length: mean {:.2}, max {}\n",
                self.mean_length, self.max_length
            ));
            let most = self.histogram.values().copied().max().unwrap_or(1).max(1);
            for (len, n) in &self.histogram {
                let bar = "#".repeat(((n * 40).div_ceil(most)) as usize);
                s.push_str(&format!("{len:>4} {n:>9} {bar}\n"));
            }
        }
        s
    }
}

/// The states solved at once and the threads per solve for `entry`, from what the user
/// asked (`jobs`, `threads`) and the cores: `jobs` defaults to the cores. Solvers that can
/// use several threads for one solve (the optimal searches, the metaheuristics) get the
/// cores split between the jobs (one thread each by default): independent states keep
/// every core busy with no coordination between threads, which measured about a third
/// fewer CPU-seconds per optimal 3x3x3 solve than one state at a time on two threads.
pub fn split(
    entry: &SolverEntry,
    cores: usize,
    jobs: Option<usize>,
    threads: Option<usize>,
) -> (usize, Option<usize>) {
    let cores = cores.max(1);
    let jobs = jobs.unwrap_or(cores).max(1);
    if entry.multithreaded {
        (jobs, Some(threads.unwrap_or((cores / jobs).max(1))))
    } else {
        (jobs, threads)
    }
}

/// Whether a line holds no input (blank or a comment).
pub fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#') || t.starts_with("//")
}

/// Most lines handed to a worker at once. Quick solves (microseconds) are grouped so that
/// the hand-over between threads does not cost more than the solving; slow ones go one by
/// one so that every worker keeps busy.
pub const MAX_CHUNK: usize = 64;

/// The solving time one group of lines aims at.
const CHUNK_NANOS: u64 = 2_000_000;

/// A group of consecutive lines for one worker.
struct Job {
    seq: u64,
    lines: Vec<(usize, String)>,
}

struct Done {
    seq: u64,
    /// One per line; `None`: abandoned (cancelled before or while solving).
    records: Vec<Option<BatchRecord>>,
    /// Time spent solving the group.
    nanos: u64,
}

/// `text` cut to at most [`MAX_ECHOED_INPUT`] bytes.
fn echoed(text: &str) -> String {
    if text.len() <= MAX_ECHOED_INPUT {
        return text.to_string();
    }
    let mut end = MAX_ECHOED_INPUT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// The error record of `line`.
pub fn error_record(template: &SolveRequest, line: usize, input: &str, error: &EngineError) -> Value {
    let solver = crate::catalog::find(template.puzzle, template.solver.as_deref())
        .map(|e| e.id.to_string())
        .ok()
        .or_else(|| template.solver.clone());
    let mut v = json!({
        "line": line,
        "input": echoed(input),
        "puzzle": template.puzzle.to_string(),
        "error": error,
    });
    if let (Some(s), Some(map)) = (solver, v.as_object_mut()) {
        map.insert("solver".into(), Value::String(s));
    }
    v
}

fn solve_line(
    engine: &Engine,
    template: &SolveRequest,
    line: usize,
    text: &str,
    cancel: &AtomicBool,
) -> Option<BatchRecord> {
    if cancel.load(Ordering::SeqCst) {
        return None;
    }
    let mut req = template.clone();
    req.input = text.trim().to_string();
    match engine.solve(&req, &Quiet) {
        Ok(report) => {
            let length = report.length;
            let mut json = report.to_json();
            if let Some(map) = json.as_object_mut() {
                map.insert("line".into(), Value::from(line));
            }
            Some(BatchRecord {
                line,
                text: json.to_string(),
                length: Some(length),
            })
        }
        Err(e) if e.kind == ErrorKind::Cancelled && cancel.load(Ordering::SeqCst) => None,
        Err(e) => {
            let json = error_record(template, line, &req.input, &e);
            Some(BatchRecord {
                line,
                text: json.to_string(),
                length: None,
            })
        }
    }
}

#[derive(Default)]
struct Tally {
    solved: u64,
    failed: u64,
    skipped: u64,
    abandoned: u64,
    total_length: u64,
    max_length: u32,
    histogram: BTreeMap<u32, u64>,
}

impl Tally {
    fn progress(&self) -> BatchProgress {
        BatchProgress {
            done: self.solved + self.failed,
            failed: self.failed,
            skipped: self.skipped,
        }
    }
}

/// Solves every line of `lines` with the settings of `template` (its `input` is ignored,
/// its `cancel` replaced by [`BatchConfig::cancel`], its purpose is [`Purpose::Batch`]), `config.jobs` states at once, handing
/// each record to `emit` in input order and the counts to `progress` after each line.
///
/// Returns the summary, or the first error of `emit` (the run stops: nothing after a
/// record that could not be written is handed on) or of reading `lines` (every line read
/// before it is answered first).
pub fn run_batch<I, E, P>(
    engine: &Engine,
    template: &SolveRequest,
    lines: I,
    config: &BatchConfig,
    mut emit: E,
    mut progress: P,
) -> io::Result<BatchSummary>
where
    I: Iterator<Item = io::Result<String>>,
    E: FnMut(&BatchRecord) -> io::Result<()>,
    P: FnMut(&BatchProgress),
{
    let start = Instant::now();
    let jobs = config.jobs.max(1);
    // Room for several full groups per worker, so that every worker has a group while the
    // finished ones are written (with less, one group at a time is in flight).
    let window = if config.window == 0 {
        4 * MAX_CHUNK * jobs
    } else {
        config.window.max(1)
    };
    let cancel = config.cancel.clone();
    let mut template = template.clone();
    template.cancel = Some(cancel.clone());
    // One of many: the options' throughput defaults (e.g. no improvement budget).
    template.purpose = Purpose::Batch;
    let template = &template;
    let mut tally = Tally::default();
    let mut failure: Option<io::Error> = None;
    let mut cancelled = false;

    std::thread::scope(|scope| {
        let (job_tx, job_rx) = sync_channel::<Job>(window);
        let job_rx: Arc<Mutex<Receiver<Job>>> = Arc::new(Mutex::new(job_rx));
        let (done_tx, done_rx) = channel::<Done>();
        for _ in 0..jobs {
            let job_rx = job_rx.clone();
            let done_tx = done_tx.clone();
            let cancel = cancel.clone();
            scope.spawn(move || loop {
                let job = match job_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => return,
                };
                let Ok(job) = job else { return };
                let start = Instant::now();
                let records = job
                    .lines
                    .iter()
                    .map(|(line, text)| solve_line(engine, template, *line, text, &cancel))
                    .collect();
                let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                if done_tx
                    .send(Done {
                        seq: job.seq,
                        records,
                        nanos,
                    })
                    .is_err()
                {
                    return;
                }
            });
        }
        drop(done_tx);

        let mut lines = lines;
        let mut line_no = 0usize;
        let mut exhausted = false;
        let (mut next_seq, mut next_emit, mut in_flight) = (0u64, 0u64, 0usize);
        let mut held: BTreeMap<u64, Vec<Option<BatchRecord>>> = BTreeMap::new();
        let mut gap = false;
        let (mut chunk, mut solved_nanos, mut solved_lines) = (1usize, 0u64, 0u64);
        let mut group: Vec<(usize, String)> = Vec::new();
        loop {
            while !exhausted && in_flight + group.len() < window && failure.is_none() {
                if cancel.load(Ordering::SeqCst) {
                    cancelled = true;
                    group.clear();
                    break;
                }
                let text = match lines.next() {
                    None => {
                        exhausted = true;
                        break;
                    }
                    Some(Err(e)) => {
                        failure = Some(e);
                        exhausted = true;
                        break;
                    }
                    Some(Ok(t)) => t,
                };
                line_no += 1;
                if is_blank_or_comment(&text) {
                    continue;
                }
                if config.skip.contains(&line_no) {
                    tally.skipped += 1;
                    progress(&tally.progress());
                    continue;
                }
                group.push((line_no, text));
                if group.len() >= chunk {
                    break;
                }
            }
            if !group.is_empty() && (group.len() >= chunk || exhausted || in_flight + group.len() >= window) {
                let n = group.len();
                let job = Job {
                    seq: next_seq,
                    lines: std::mem::take(&mut group),
                };
                if job_tx.send(job).is_err() {
                    break;
                }
                next_seq += 1;
                in_flight += n;
            }
            // Wait for an answer only when no more lines can be taken now; otherwise take
            // whatever is finished and read on.
            let must_wait = exhausted || cancelled || failure.is_some() || in_flight + group.len() >= window;
            if in_flight == 0 {
                if must_wait && group.is_empty() {
                    break;
                }
                continue;
            }
            let done = if must_wait {
                match done_rx.recv() {
                    Ok(d) => d,
                    Err(_) => break,
                }
            } else {
                match done_rx.try_recv() {
                    Ok(d) => d,
                    Err(_) => continue,
                }
            };
            let n = done.records.len() as u64;
            solved_nanos = solved_nanos.saturating_add(done.nanos);
            solved_lines += n;
            if solved_lines >= 2 * jobs as u64 {
                let mean = (solved_nanos / solved_lines).max(1);
                chunk = usize::try_from(CHUNK_NANOS / mean)
                    .unwrap_or(MAX_CHUNK)
                    .clamp(1, MAX_CHUNK);
            }
            held.insert(done.seq, done.records);
            while let Some(records) = held.remove(&next_emit) {
                next_emit += 1;
                for record in records {
                    in_flight -= 1;
                    let record = match record {
                        Some(r) if !gap => r,
                        _ => {
                            gap = true;
                            tally.abandoned += 1;
                            continue;
                        }
                    };
                    if let Err(e) = emit(&record) {
                        failure = Some(e);
                        cancel.store(true, Ordering::SeqCst);
                        gap = true;
                        continue;
                    }
                    match record.length {
                        Some(len) => {
                            tally.solved += 1;
                            tally.total_length += u64::from(len);
                            tally.max_length = tally.max_length.max(len);
                            *tally.histogram.entry(len).or_default() += 1;
                        }
                        None => tally.failed += 1,
                    }
                    progress(&tally.progress());
                }
            }
        }
        cancelled |= cancel.load(Ordering::SeqCst);
        drop(job_tx);
    });

    if let Some(e) = failure {
        return Err(e);
    }
    let seconds = start.elapsed().as_secs_f64();
    let answered = tally.solved + tally.failed;
    Ok(BatchSummary {
        solved: tally.solved,
        failed: tally.failed,
        skipped: tally.skipped,
        abandoned: tally.abandoned,
        cancelled,
        mean_length: if tally.solved > 0 {
            tally.total_length as f64 / tally.solved as f64
        } else {
            0.0
        },
        max_length: tally.max_length,
        histogram: tally.histogram,
        seconds,
        states_per_second: if seconds > 0.0 {
            answered as f64 / seconds
        } else {
            0.0
        },
        jobs,
    })
}

#[cfg(test)]
mod tests;
