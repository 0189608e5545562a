//! Ctrl-C for solves run on the calling thread.
//!
//! Handing every call to a worker thread so that the caller can poll Python's signals costs
//! a thread wake-up per call (several microseconds idle, tens on a busy machine). Instead,
//! a call on the main thread solves in place with the GIL released, and a SIGINT action
//! (chained in front of Python's own handler, which still runs) raises a process-wide
//! cancel flag that the search polls. After such a solve the caller runs Python's signal
//! handlers: `KeyboardInterrupt` (or whatever the user's handler raises) is returned; a
//! handler that returns normally means the solve goes on, so it is run again.
//!
//! The action is installed only over Python's default handler: while the user's own
//! handler or `signal.SIG_IGN` is in place at the first solve, nothing is installed (an
//! ignored SIGINT stays ignored, for this process and the children it starts). When the
//! action is not installed, or something (e.g. `signal.signal`) has replaced the process's
//! SIGINT handler since, calls on the main thread fall back to the worker hand-off of
//! [`crate::worker`], where the user's handler runs and the solve goes on when it returns.
//! Calls on other threads solve in place: Python delivers signals to the main thread only.
//!
//! A `solve_many` batch solves on worker threads while the caller runs Python code between
//! results, where a `KeyboardInterrupt` is raised without passing through the batch (and a
//! traceback or a local keeps the batch alive). So while a batch lives, and Python's SIGINT
//! handler is its default (the one that raises `KeyboardInterrupt`), a SIGINT action of the
//! batch ([`stop_on_interrupt`]) raises its cancel flag: the workers stop within their
//! polling interval wherever the interrupt surfaces.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// How one call runs its solve.
pub enum Mode {
    /// In place; the flag (if any) is raised by SIGINT and must be cleared before use.
    InPlace(Option<Arc<AtomicBool>>),
    /// On a worker thread, the caller polling Python's signals.
    HandOff,
}

#[cfg(any(target_os = "linux", target_os = "macos"))]
mod imp {
    use super::Mode;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, OnceLock};

    struct Hook {
        flag: Arc<AtomicBool>,
        /// The process's SIGINT handler right after the action was installed.
        handler: libc::sighandler_t,
    }

    static HOOK: OnceLock<Option<Hook>> = OnceLock::new();

    fn current_handler() -> Option<libc::sighandler_t> {
        // SAFETY: querying the action (a null new action) changes nothing; `old` is a
        // valid, zero-initialised sigaction for the call to fill in.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            (libc::sigaction(libc::SIGINT, std::ptr::null(), &mut old) == 0).then_some(old.sa_sigaction)
        }
    }

    fn install() -> Option<Hook> {
        // Only over Python's own handler: an ignored SIGINT (`signal.SIG_IGN`, which child
        // processes inherit) or the system's default stays as the program set it.
        let before = current_handler()?;
        if before == libc::SIG_IGN || before == libc::SIG_DFL {
            return None;
        }
        let flag = Arc::new(AtomicBool::new(false));
        let raised = flag.clone();
        // SAFETY: the action only stores to an atomic, which is async-signal-safe; the
        // registry chains the handler that was installed before (Python's).
        unsafe {
            signal_hook_registry::register(libc::SIGINT, move || raised.store(true, Ordering::Relaxed))
        }
        .ok()?;
        Some(Hook {
            flag,
            handler: current_handler()?,
        })
    }

    fn on_main_thread() -> bool {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: both calls have no preconditions.
            unsafe { libc::gettid() == libc::getpid() }
        }
        #[cfg(target_os = "macos")]
        {
            // SAFETY: no preconditions.
            unsafe { libc::pthread_main_np() != 0 }
        }
    }

    /// How the calling thread's next solve runs.
    pub fn mode(py: pyo3::Python<'_>) -> Mode {
        if !on_main_thread() {
            return Mode::InPlace(None);
        }
        // The action is installed while Python's handler is its default only: a handler
        // of the user's (or `SIG_IGN`) decides what SIGINT does, so the solve is handed off
        // and goes on when that handler returns, instead of being cut short and restarted.
        if HOOK.get().is_none() && !super::default_handler(py) {
            return Mode::HandOff;
        }
        match HOOK.get_or_init(install) {
            Some(hook) if current_handler() == Some(hook.handler) => {
                hook.flag.store(false, Ordering::Relaxed);
                Mode::InPlace(Some(hook.flag.clone()))
            }
            _ => Mode::HandOff,
        }
    }
}

#[cfg(not(any(target_os = "linux", target_os = "macos")))]
mod imp {
    use super::Mode;

    /// How the calling thread's next solve runs: always handed off on this platform.
    pub fn mode(_py: pyo3::Python<'_>) -> Mode {
        Mode::HandOff
    }
}

pub use imp::mode;

/// While it lives, SIGINT stops a batch (see [`stop_on_interrupt`]).
pub struct OnInterrupt {
    #[cfg(unix)]
    id: Option<signal_hook_registry::SigId>,
}

impl Drop for OnInterrupt {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(id) = self.id.take() {
            signal_hook_registry::unregister(id);
        }
    }
}

/// Whether Python's SIGINT handler is its default, which raises `KeyboardInterrupt`.
fn default_handler(py: pyo3::Python<'_>) -> bool {
    use pyo3::prelude::*;
    let check = || -> PyResult<bool> {
        let signal = py.import("signal")?;
        let handler = signal.call_method1("getsignal", (signal.getattr("SIGINT")?,))?;
        Ok(handler.is(&signal.getattr("default_int_handler")?))
    };
    check().unwrap_or(false)
}

/// Raises `cancel` and `interrupted` on SIGINT while the returned guard lives, when Python's
/// SIGINT handler is its default (so that SIGINT means `KeyboardInterrupt`); a user's own
/// handler decides for itself, and the batch stops when the exception passes through it or
/// it is closed or dropped.
pub fn stop_on_interrupt(
    py: pyo3::Python<'_>,
    cancel: Arc<AtomicBool>,
    interrupted: Arc<AtomicBool>,
) -> OnInterrupt {
    #[cfg(unix)]
    {
        use std::sync::atomic::Ordering;
        if !default_handler(py) {
            return OnInterrupt { id: None };
        }
        // SAFETY: the action only stores to two atomics, which is async-signal-safe; the
        // registry chains the handler that was installed before (Python's), which still
        // raises KeyboardInterrupt.
        let id = unsafe {
            signal_hook_registry::register(libc::SIGINT, move || {
                interrupted.store(true, Ordering::Relaxed);
                cancel.store(true, Ordering::Relaxed);
            })
        }
        .ok();
        OnInterrupt { id }
    }
    #[cfg(not(unix))]
    {
        let _ = (py, cancel, interrupted, default_handler);
        OnInterrupt {}
    }
}
