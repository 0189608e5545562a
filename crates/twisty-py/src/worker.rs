//! Threads that run single solves, kept alive between calls: starting a thread per call
//! would cost more than a short solve. A caller hands a job to an idle worker (or starts
//! one); the worker spins briefly for the next job before sleeping, so calls in a loop pay
//! no thread start and little wake-up latency.

use std::sync::mpsc::{channel, Sender, TryRecvError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A job for a worker.
pub type Job = Box<dyn FnOnce() + Send + 'static>;

/// How long an idle worker spins for its next job before sleeping.
const SPIN: Duration = Duration::from_micros(0);

/// Idle workers, each waiting on its channel.
static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

/// Runs `job` on an idle worker thread, or on a new one.
pub fn run(job: Job) -> std::io::Result<()> {
    let mut job = job;
    loop {
        let idle = IDLE.lock().unwrap_or_else(|p| p.into_inner()).pop();
        match idle {
            Some(tx) => match tx.send(job) {
                Ok(()) => return Ok(()),
                Err(back) => job = back.0,
            },
            None => return start(job),
        }
    }
}

fn start(first: Job) -> std::io::Result<()> {
    let (tx, rx) = channel::<Job>();
    std::thread::Builder::new()
        .name("twisty-solve".into())
        .spawn(move || {
            let mut next = Some(first);
            while let Some(job) = next.take() {
                job();
                IDLE.lock().unwrap_or_else(|p| p.into_inner()).push(tx.clone());
                let until = Instant::now() + SPIN;
                next = loop {
                    match rx.try_recv() {
                        Ok(j) => break Some(j),
                        Err(TryRecvError::Disconnected) => break None,
                        Err(TryRecvError::Empty) if Instant::now() < until => std::hint::spin_loop(),
                        Err(TryRecvError::Empty) => break rx.recv().ok(),
                    }
                };
            }
        })?;
    Ok(())
}
