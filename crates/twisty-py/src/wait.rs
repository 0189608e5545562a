//! Waiting for work done on Rust threads without holding the GIL, while still answering
//! Ctrl-C: the calling thread sleeps on a channel in slices of [`POLL`], re-acquiring the
//! GIL between slices to run Python's signal handlers; on an interrupt the cancel flag is
//! raised and the error (`KeyboardInterrupt`) returned at once.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often signals are checked while waiting.
pub const POLL: Duration = Duration::from_millis(50);

/// The next value from `rx` (`None` when every sender is gone), with the receiver back.
/// A pending signal handler's exception is returned after raising `cancel`.
pub fn recv<T: Send>(
    py: Python<'_>,
    mut rx: Receiver<T>,
    cancel: &Arc<AtomicBool>,
) -> (PyResult<Option<T>>, Receiver<T>) {
    // A value already waiting is taken without releasing the GIL: in a batch of short
    // solves most results are ready, and handing the GIL over for each one costs more
    // than the solve.
    match rx.try_recv() {
        Ok(v) => return (Ok(Some(v)), rx),
        Err(TryRecvError::Disconnected) => return (Ok(None), rx),
        Err(TryRecvError::Empty) => {}
    }
    loop {
        let (got, back) = py.allow_threads(move || {
            let got = rx.recv_timeout(POLL);
            (got, rx)
        });
        rx = back;
        match got {
            Ok(v) => return (Ok(Some(v)), rx),
            Err(RecvTimeoutError::Disconnected) => return (Ok(None), rx),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    return (Err(e), rx);
                }
            }
        }
    }
}

/// How long a caller spins for a result before sleeping (a short solve is done by then).
pub const SPIN: Duration = Duration::from_micros(0);

/// The value from `rx` if it arrives within [`SPIN`], else the receiver back (called with
/// the GIL released).
pub fn spin<T>(rx: Receiver<T>) -> Result<T, Receiver<T>> {
    let until = Instant::now() + SPIN;
    loop {
        match rx.try_recv() {
            Ok(v) => return Ok(v),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => return Err(rx),
            Err(std::sync::mpsc::TryRecvError::Empty) if Instant::now() < until => std::hint::spin_loop(),
            Err(std::sync::mpsc::TryRecvError::Empty) => return Err(rx),
        }
    }
}
