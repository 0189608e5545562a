//! Worker threads kept between two-phase solves.
//!
//! A solve on several threads hands all its searches but one to other threads. Starting a
//! thread per solve costs tens of microseconds (more than a whole solve of a typical state
//! in the large-table mode), so the threads are kept: a job goes to a waiting worker, and a
//! new worker is started only when none is waiting. Every job therefore starts at once,
//! whatever the other jobs do, so a job may wait for another without deadlock. A worker
//! that has waited for [`IDLE_EXIT`] without a job ends.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock, PoisonError};
use std::time::Duration;
use web_time::Instant;

/// How long a worker without a job waits before it ends.
pub const IDLE_EXIT: Duration = Duration::from_secs(30);

/// How long a worker that finished a job watches for the next one before it sleeps: solves
/// that follow each other (a batch, a benchmark) find it awake, without the system's
/// wake-up delay (tens of microseconds on a virtual machine, a fair part of a solve).
pub const SPIN: Duration = Duration::from_micros(100);

/// A job for a worker.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// The jobs not taken yet and the workers waiting for one.
#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// Workers asleep on the condition variable.
    idle: usize,
    /// Workers watching for a job after their last one.
    spinning: usize,
}

#[derive(Default)]
struct Pool {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// Jobs queued and not taken (read without the lock by spinning workers).
    pending: AtomicUsize,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(Pool::default)
}

/// Runs `job` on a worker thread: one that is waiting, or a new one.
///
/// # Errors
/// The system refused to start a thread (the job is not run).
pub fn spawn(job: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    let pool = pool();
    let mut q = pool.queue.lock().unwrap_or_else(PoisonError::into_inner);
    q.jobs.push_back(Box::new(job));
    pool.pending.fetch_add(1, Ordering::Release);
    if q.jobs.len() <= q.idle + q.spinning {
        pool.ready.notify_one();
        return Ok(());
    }
    drop(q);
    let started = std::thread::Builder::new()
        .name("twophase".into())
        .spawn(move || work(pool));
    if let Err(e) = started {
        // Take the job back (or another one no worker will take).
        let mut q = pool.queue.lock().unwrap_or_else(PoisonError::into_inner);
        if q.jobs.len() > q.idle + q.spinning {
            q.jobs.pop_back();
            pool.pending.fetch_sub(1, Ordering::Relaxed);
        }
        return Err(e);
    }
    Ok(())
}

/// A worker's loop: take a job, run it, watch for the next for a moment, then sleep.
fn work(pool: &'static Pool) {
    let mut spin = false;
    loop {
        if spin {
            let t = Instant::now();
            while pool.pending.load(Ordering::Acquire) == 0 && t.elapsed() < SPIN {
                std::hint::spin_loop();
            }
        }
        let mut q = pool.queue.lock().unwrap_or_else(PoisonError::into_inner);
        if spin {
            q.spinning -= 1;
        }
        let job = loop {
            if let Some(job) = q.jobs.pop_front() {
                pool.pending.fetch_sub(1, Ordering::Relaxed);
                break job;
            }
            q.idle += 1;
            let (guard, timeout) = pool
                .ready
                .wait_timeout(q, IDLE_EXIT)
                .unwrap_or_else(PoisonError::into_inner);
            q = guard;
            q.idle -= 1;
            if timeout.timed_out() && q.jobs.is_empty() {
                return;
            }
        };
        drop(q);
        job();
        // Watching from now on: a job queued from here waits for this worker rather than
        // starting a thread (never a job queued while this one ran, which might wait for it).
        pool.queue.lock().unwrap_or_else(PoisonError::into_inner).spinning += 1;
        spin = true;
    }
}

/// Workers waiting for a job (for tests).
pub fn idle_workers() -> usize {
    pool().queue.lock().unwrap_or_else(PoisonError::into_inner).idle
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn jobs_run_and_workers_are_kept() {
        let (tx, rx) = mpsc::channel();
        for i in 0..4 {
            let tx = tx.clone();
            spawn(move || tx.send(i).expect("receiver")).expect("thread");
        }
        let mut got: Vec<i32> = (0..4).map(|_| rx.recv().expect("job ran")).collect();
        got.sort_unstable();
        assert_eq!(got, [0, 1, 2, 3]);
        // The workers wait for more work instead of ending.
        let t = web_time::Instant::now();
        while idle_workers() == 0 && t.elapsed() < Duration::from_secs(5) {
            std::thread::yield_now();
        }
        assert!(idle_workers() > 0);
    }

    #[test]
    fn a_job_may_wait_for_a_later_one() {
        // Job A waits for a message from job B, started after it: B must not queue behind A.
        let (b_tx, a_rx) = mpsc::channel::<()>();
        let (done_tx, done_rx) = mpsc::channel();
        spawn(move || {
            let got = a_rx.recv_timeout(Duration::from_secs(10)).is_ok();
            let _ = done_tx.send(got);
        })
        .expect("thread");
        spawn(move || {
            let _ = b_tx.send(());
        })
        .expect("thread");
        assert_eq!(done_rx.recv_timeout(Duration::from_secs(20)), Ok(true));
    }
}
