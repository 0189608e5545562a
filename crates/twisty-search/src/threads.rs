//! A pool of worker threads for one search, or the calling thread where none can be started.
//!
//! On WebAssembly (`wasm32-unknown-unknown`) no thread can be started: building a rayon pool
//! fails, and rayon's global pool falls back to the calling thread. A search asked for one
//! thread (or for the default number) then runs on the calling thread instead of failing;
//! elsewhere it gets its pool exactly as before.

/// The threads a search runs on: a rayon pool, or the calling thread.
#[derive(Debug)]
pub enum Pool {
    /// A pool of its own.
    Rayon(rayon::ThreadPool),
    /// The calling thread (no thread could be started and one, or the default, was asked).
    Here,
}

impl Pool {
    /// A pool of `threads` threads (0: rayon's default number).
    ///
    /// # Errors
    /// No pool could be built and more than one thread was asked for.
    pub fn new(threads: usize) -> Result<Pool, rayon::ThreadPoolBuildError> {
        Self::from_build(
            threads,
            rayon::ThreadPoolBuilder::new().num_threads(threads).build(),
        )
    }

    /// The pool of `threads` threads that was `built`, or the calling thread where none
    /// could be and at most one was asked for.
    fn from_build<E>(threads: usize, built: Result<rayon::ThreadPool, E>) -> Result<Pool, E> {
        match built {
            Ok(pool) => Ok(Pool::Rayon(pool)),
            Err(_) if threads <= 1 => Ok(Pool::Here),
            Err(e) => Err(e),
        }
    }

    /// Runs `work` in the pool (on the calling thread for [`Pool::Here`]).
    pub fn install<R: Send>(&self, work: impl FnOnce() -> R + Send) -> R {
        match self {
            Pool::Rayon(pool) => pool.install(work),
            Pool::Here => work(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pool that could not be built, as on WebAssembly.
    fn refused() -> Result<rayon::ThreadPool, &'static str> {
        Err("operation not supported on this platform")
    }

    #[test]
    fn one_thread_runs_here_when_no_pool_can_be_built() {
        for threads in [0, 1] {
            let pool = Pool::from_build(threads, refused()).unwrap();
            assert!(matches!(pool, Pool::Here));
            assert_eq!(pool.install(|| 6 * 7), 42);
        }
        assert!(Pool::from_build(2, refused()).is_err());
    }

    #[test]
    fn a_pool_that_can_be_built_is_used() {
        let pool = Pool::new(2).unwrap();
        assert!(matches!(pool, Pool::Rayon(_)));
        assert_eq!(pool.install(rayon::current_num_threads), 2);
    }
}
