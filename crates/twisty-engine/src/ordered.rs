//! Ordered parallel solving of many inputs held in memory (Python's `solve_many`): a rayon
//! pool of `jobs` workers takes inputs in order, solves them with [`Engine::solve`], and
//! hands the reports to the caller in input order through a bounded window (a worker never
//! runs more than `window` inputs ahead of the first result not yet delivered, so memory
//! stays bounded however slow the consumer or however many inputs there are). The command
//! line's `--batch` ([`crate::batch`]) streams lines and writes JSON records instead.

use crate::{Engine, EngineError, Quiet, SolveReport, SolveRequest};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// One result: the input's index and its report or error.
pub type Item = (usize, Result<SolveReport, EngineError>);

struct Order {
    /// Results solved but not yet sent, by index.
    ready: BTreeMap<usize, Result<SolveReport, EngineError>>,
    /// The index of the next result to send.
    next_out: usize,
}

struct Shared {
    engine: Arc<Engine>,
    template: SolveRequest,
    inputs: Arc<Vec<String>>,
    next_in: AtomicUsize,
    order: Mutex<Order>,
    moved: Condvar,
    window: usize,
    cancel: Arc<AtomicBool>,
}

/// Starts solving `inputs` with `template` (its `input` replaced by each, its purpose
/// [`crate::Purpose::Batch`]) on `jobs` threads;
/// results arrive in input order on the returned receiver. Raising `cancel` or dropping the
/// receiver stops the workers after their current solves (those poll the flag), also the
/// ones waiting for the consumer (within 20 ms).
pub fn start(
    engine: Arc<Engine>,
    template: SolveRequest,
    inputs: Arc<Vec<String>>,
    jobs: usize,
    cancel: Arc<AtomicBool>,
) -> std::io::Result<Receiver<Item>> {
    let jobs = jobs.max(1);
    let window = (jobs * 32).max(64);
    // One of many: the options' throughput defaults (e.g. no improvement budget).
    let mut template = template;
    template.purpose = crate::Purpose::Batch;
    let (tx, rx) = sync_channel(window);
    let shared = Arc::new(Shared {
        engine,
        template,
        inputs,
        next_in: AtomicUsize::new(0),
        order: Mutex::new(Order {
            ready: BTreeMap::new(),
            next_out: 0,
        }),
        moved: Condvar::new(),
        window,
        cancel,
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("twisty-batch-{i}"))
        .build()
        .map_err(std::io::Error::other)?;
    std::thread::Builder::new()
        .name("twisty-batch".into())
        .spawn(move || {
            pool.scope(|s| {
                for _ in 0..jobs {
                    let shared = shared.clone();
                    let tx = tx.clone();
                    s.spawn(move |_| work(&shared, &tx));
                }
            });
        })?;
    Ok(rx)
}

/// How often a worker blocked on a slow consumer looks at the cancel flag.
const CANCEL_POLL: Duration = Duration::from_millis(20);

/// Sends `item`, waiting while the channel is full; `false` when the receiver is gone or
/// the batch is cancelled meanwhile (the flag may be raised by a signal action, which
/// cannot wake a blocked sender).
fn send(shared: &Shared, tx: &SyncSender<Item>, mut item: Item) -> bool {
    // Backing off from 0.1 ms to 10 ms: prompt when the consumer is quick, idle when slow.
    let mut pause = Duration::from_micros(100);
    loop {
        match tx.try_send(item) {
            Ok(()) => return true,
            Err(TrySendError::Disconnected(_)) => return false,
            Err(TrySendError::Full(back)) => {
                if shared.cancel.load(Ordering::Relaxed) {
                    return false;
                }
                item = back;
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(10));
            }
        }
    }
}

fn work(shared: &Shared, tx: &SyncSender<Item>) {
    loop {
        if shared.cancel.load(Ordering::Relaxed) {
            return;
        }
        let i = shared.next_in.fetch_add(1, Ordering::Relaxed);
        let Some(input) = shared.inputs.get(i) else {
            return;
        };
        {
            let mut order = shared.order.lock().unwrap_or_else(|p| p.into_inner());
            while i >= order.next_out + shared.window {
                if shared.cancel.load(Ordering::Relaxed) {
                    return;
                }
                // Timed: a cancel flag raised from a signal action notifies no one.
                order = shared
                    .moved
                    .wait_timeout(order, CANCEL_POLL)
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
            }
        }
        let mut req = shared.template.clone();
        req.input.clone_from(input);
        let result = shared.engine.solve(&req, &Quiet);
        let mut order = shared.order.lock().unwrap_or_else(|p| p.into_inner());
        order.ready.insert(i, result);
        loop {
            let next = order.next_out;
            let Some(r) = order.ready.remove(&next) else {
                break;
            };
            if !send(shared, tx, (next, r)) {
                shared.cancel.store(true, Ordering::Relaxed);
                shared.moved.notify_all();
                return;
            }
            order.next_out += 1;
        }
        shared.moved.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EngineConfig, PuzzleId};

    #[test]
    fn results_come_in_input_order_with_errors_in_place() {
        let dir = tempfile::tempdir().expect("temp dir");
        let engine = Arc::new(Engine::new(EngineConfig {
            tables_dir: dir.path().to_path_buf(),
            ..EngineConfig::default()
        }));
        let mut inputs: Vec<String> = (0..150)
            .map(|i| ["R U", "F2 D'", "L B R'"][i % 3].to_string())
            .collect();
        inputs[77] = "R Q".into();
        let inputs = Arc::new(inputs);
        let template = SolveRequest::new(PuzzleId::Cube2, "");
        let cancel = Arc::new(AtomicBool::new(false));
        let rx = start(engine, template, inputs.clone(), 3, cancel).expect("starts");
        let got: Vec<Item> = rx.iter().collect();
        assert_eq!(got.len(), inputs.len());
        for (k, (i, r)) in got.iter().enumerate() {
            assert_eq!(*i, k);
            match r {
                Ok(report) => assert_eq!(report.input, inputs[k]),
                Err(e) => assert_eq!((k, e.kind), (77, crate::ErrorKind::Parse)),
            }
        }
    }
}
