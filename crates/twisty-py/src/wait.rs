//! Waiting for work done on Rust threads without holding the GIL, while still answering
//! Ctrl-C: the calling thread sleeps on a channel in slices of [`POLL`], re-acquiring the
//! GIL between slices to run Python's signal handlers; on an interrupt the cancel flag is
//! raised and the error (`KeyboardInterrupt`) returned at once.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// How often signals are checked while waiting.
pub const POLL: Duration = Duration::from_millis(50);

/// The next value from `rx` (`None` when every sender is gone), with the receiver back.
/// A pending signal handler's exception is returned after raising `cancel`.
pub fn recv<T: Send>(
    py: Python<'_>,
    mut rx: Receiver<T>,
    cancel: &Arc<AtomicBool>,
) -> (PyResult<Option<T>>, Receiver<T>) {
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
