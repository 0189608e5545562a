//! A table file mapped into memory that survives the file shrinking under it.
//!
//! A mapped file is read by ordinary loads; when someone truncates the file in place while it
//! is mapped, a read of a page past the new end raises `SIGBUS`, whose default action kills
//! the process (a server, a batch, a Python interpreter). The cache never shrinks a file
//! itself (it replaces files by an atomic rename, which leaves a mapping intact), but another
//! process or a person may.
//!
//! The design, on Unix:
//!
//! - the size is checked before use, as ever (a file already short is refused and rebuilt);
//! - every table mapping is registered (start, end, a damage flag) in a fixed table of slots
//!   that a signal handler may read without locking or allocating;
//! - one `SIGBUS` handler is installed once per process, on the first mapping. For a fault
//!   inside a registered mapping it maps zero pages (anonymous, read-only, `MAP_FIXED`) over
//!   the mapping from the faulting page to its end and marks it damaged; the faulting read is
//!   restarted and reads zero. A fault anywhere else goes to the handler that was installed
//!   before (Rust's stack-overflow report, Python's `faulthandler`), or, when that was the
//!   default action, the default action is restored and the signal raised again, so the
//!   process dies as it would have without this module;
//! - a zero entry is an admissible lower bound in every pruning table, and every answer is
//!   verified on the input, so a search over a damaged table returns no wrong answer. The
//!   engine asks after each solve whether a table it used was damaged
//!   ([`damaged_mappings`]) and then fails the solve with an error naming the file (see
//!   [`super::TableError::ChangedOnDisk`]), and drops that table so the next solve loads the
//!   file again (finding it short, it is rebuilt).
//!
//! Windows refuses to shrink a file while it is mapped, so there this module only maps.
//! When all slots are taken (more than [`SLOTS`] tables mapped at once), a further mapping is
//! used unguarded.

use memmap2::Mmap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// How many mappings can be guarded at once.
pub const SLOTS: usize = 1024;

/// One guarded mapping: `[start, end)` (page-rounded), 0 when the slot is free.
struct Slot {
    start: AtomicUsize,
    end: AtomicUsize,
    damaged: AtomicBool,
}

static REGISTRY: [Slot; SLOTS] = [const {
    Slot {
        start: AtomicUsize::new(0),
        end: AtomicUsize::new(0),
        damaged: AtomicBool::new(false),
    }
}; SLOTS];

/// The path and registration number of each taken slot (never read by the handler).
static OWNERS: Mutex<Vec<Option<(PathBuf, u64)>>> = Mutex::new(Vec::new());

/// Registration numbers, increasing for the life of the process.
static GENERATION: AtomicU64 = AtomicU64::new(1);

/// The number the next registered mapping gets: a mapping with a number at least this one
/// was made after this call.
pub fn mapping_generation() -> u64 {
    GENERATION.load(Ordering::SeqCst)
}

/// The mappings (file path, registration number) that their file shrank under: each was
/// read past the file's new end and now reads as zeros. A mapping leaves the list when it is
/// dropped.
pub fn damaged_mappings() -> Vec<(PathBuf, u64)> {
    let owners = OWNERS.lock().unwrap_or_else(|p| p.into_inner());
    owners
        .iter()
        .enumerate()
        .filter_map(|(i, o)| {
            let o = o.as_ref()?;
            REGISTRY[i].damaged.load(Ordering::SeqCst).then(|| o.clone())
        })
        .collect()
}

/// A read-only file mapping guarded against the file shrinking (see the module docs).
#[derive(Debug)]
pub struct GuardedMap {
    map: Mmap,
    slot: Option<usize>,
    path: PathBuf,
}

impl GuardedMap {
    /// Maps `file` (read-only), registered under `path`.
    ///
    /// # Safety
    ///
    /// As for [`Mmap::map`]: the caller must not rely on the bytes staying the same if the
    /// file is modified in place. A file that shrinks reads as zeros past its new end (and
    /// the mapping reports [`GuardedMap::damaged`]) instead of killing the process.
    #[allow(unsafe_code)]
    pub unsafe fn map(file: &File, path: &Path) -> std::io::Result<GuardedMap> {
        guard::install();
        // SAFETY: passed on to the caller (see above).
        let map = unsafe { Mmap::map(file) }?;
        let slot = register(&map, path);
        Ok(GuardedMap {
            map,
            slot,
            path: path.to_path_buf(),
        })
    }

    /// The file mapped.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The underlying map (for page advice and the huge-page check).
    pub(super) fn mmap(&self) -> &Mmap {
        &self.map
    }

    /// Whether the file shrank under the mapping and a read past its end found zeros.
    pub fn damaged(&self) -> bool {
        self.slot
            .is_some_and(|i| REGISTRY[i].damaged.load(Ordering::SeqCst))
    }
}

impl std::ops::Deref for GuardedMap {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.map
    }
}

impl Drop for GuardedMap {
    fn drop(&mut self) {
        // Unregistered before the map is unmapped (fields drop after this body), so the
        // handler never takes an address that another mapping reuses for one of ours.
        if let Some(i) = self.slot {
            REGISTRY[i].start.store(0, Ordering::SeqCst);
            REGISTRY[i].end.store(0, Ordering::SeqCst);
            REGISTRY[i].damaged.store(false, Ordering::SeqCst);
            let mut owners = OWNERS.lock().unwrap_or_else(|p| p.into_inner());
            owners[i] = None;
        }
    }
}

/// Takes a free slot for `map`: `None` when the handler is not installed, the map is empty
/// or every slot is taken.
fn register(map: &Mmap, path: &Path) -> Option<usize> {
    if map.is_empty() || !guard::installed() {
        return None;
    }
    let mut owners = OWNERS.lock().unwrap_or_else(|p| p.into_inner());
    let i = match owners.iter().position(Option::is_none) {
        Some(i) => i,
        None if owners.len() < SLOTS => {
            owners.push(None);
            owners.len() - 1
        }
        None => return None,
    };
    let start = map.as_ptr() as usize;
    let page = guard::page_size();
    let end = (start + map.len()).div_ceil(page) * page;
    owners[i] = Some((path.to_path_buf(), GENERATION.fetch_add(1, Ordering::SeqCst)));
    REGISTRY[i].damaged.store(false, Ordering::SeqCst);
    // The end before the start: the handler only looks at slots whose start is set.
    REGISTRY[i].end.store(end, Ordering::SeqCst);
    REGISTRY[i].start.store(start, Ordering::SeqCst);
    Some(i)
}

#[cfg(unix)]
#[allow(unsafe_code)]
mod guard {
    //! The process-wide `SIGBUS` handler.

    use super::REGISTRY;
    use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
    use std::sync::Once;

    static INSTALL: Once = Once::new();
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    static PAGE: AtomicUsize = AtomicUsize::new(4096);
    /// The handler that was installed before ours, and its flags.
    static PREVIOUS: AtomicUsize = AtomicUsize::new(libc::SIG_DFL);
    static PREVIOUS_FLAGS: AtomicI32 = AtomicI32::new(0);

    pub(super) fn page_size() -> usize {
        PAGE.load(Ordering::Relaxed)
    }

    pub(super) fn installed() -> bool {
        INSTALLED.load(Ordering::SeqCst)
    }

    /// Installs the handler, once per process.
    pub(super) fn install() {
        INSTALL.call_once(|| {
            // SAFETY: sysconf has no preconditions.
            let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
            if page > 0 {
                PAGE.store(page as usize, Ordering::Relaxed);
            }
            // SAFETY: `sigaction` structs are plain data, valid when zeroed; the calls get
            // valid pointers. The previous handler is read (and saved) before ours goes in,
            // so the handler always finds it.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(libc::SIGBUS, std::ptr::null(), &mut old) != 0 {
                    return;
                }
                PREVIOUS.store(old.sa_sigaction, Ordering::SeqCst);
                PREVIOUS_FLAGS.store(old.sa_flags, Ordering::SeqCst);
                let mut new: libc::sigaction = std::mem::zeroed();
                new.sa_sigaction = on_sigbus as *const () as libc::sighandler_t;
                new.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut new.sa_mask);
                if libc::sigaction(libc::SIGBUS, &new, std::ptr::null_mut()) == 0 {
                    INSTALLED.store(true, Ordering::SeqCst);
                }
            }
        });
    }

    /// The faulting address of a signal.
    ///
    /// # Safety
    ///
    /// `info` is the `siginfo_t` the kernel passed to the handler.
    unsafe fn fault_address(info: *const libc::siginfo_t) -> usize {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        // SAFETY: as the caller promises.
        let a = unsafe { (*info).si_addr() };
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        // SAFETY: as the caller promises.
        let a = unsafe { (*info).si_addr };
        a as usize
    }

    /// The handler: only atomics, `mmap`, `sigaction` and `raise` (system calls), no locks,
    /// no allocation.
    extern "C" fn on_sigbus(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
        // SAFETY: `info` is the kernel's, valid for the handler's duration (SA_SIGINFO).
        let (code, addr) = unsafe { ((*info).si_code, fault_address(info)) };
        // A code above 0 comes from the kernel (a fault), not from kill().
        if code > 0 {
            for slot in &REGISTRY {
                let start = slot.start.load(Ordering::SeqCst);
                let end = slot.end.load(Ordering::SeqCst);
                if start == 0 || addr < start || addr >= end {
                    continue;
                }
                let page = addr & !(page_size() - 1);
                // SAFETY: `[page, end)` lies inside a live read-only mapping of ours (it is
                // registered only while its `GuardedMap` lives, and it is being read now);
                // replacing it with anonymous zero pages of the same protection changes
                // only what those pages read, and the mapping's later unmap covers them.
                let p = unsafe {
                    libc::mmap(
                        page as *mut libc::c_void,
                        end - page,
                        libc::PROT_READ,
                        libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                        -1,
                        0,
                    )
                };
                if p != libc::MAP_FAILED {
                    slot.damaged.store(true, Ordering::SeqCst);
                    return;
                }
                break;
            }
        }
        // SAFETY: passes the kernel's arguments on unchanged.
        unsafe { pass_on(sig, info, ctx, code > 0) }
    }

    /// Hands a signal that is not ours to the handler installed before, or to the default
    /// action.
    ///
    /// # Safety
    ///
    /// The arguments are those the kernel passed to [`on_sigbus`].
    unsafe fn pass_on(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void, fault: bool) {
        let previous = PREVIOUS.load(Ordering::SeqCst);
        // An ignored SIGBUS from kill() stays ignored; a fault cannot be ignored (the kernel
        // would have applied the default action).
        if previous == libc::SIG_IGN && !fault {
            return;
        }
        if previous == libc::SIG_DFL || previous == libc::SIG_IGN {
            // SAFETY: plain-data struct, valid zeroed (SIG_DFL is 0); `sigaction` and
            // `raise` are async-signal-safe. The raised signal is blocked until this handler
            // returns, then the default action ends the process (a fault would also recur).
            unsafe {
                let mut dfl: libc::sigaction = std::mem::zeroed();
                dfl.sa_sigaction = libc::SIG_DFL;
                libc::sigemptyset(&mut dfl.sa_mask);
                libc::sigaction(sig, &dfl, std::ptr::null_mut());
                libc::raise(sig);
            }
            return;
        }
        if PREVIOUS_FLAGS.load(Ordering::SeqCst) & libc::SA_SIGINFO != 0 {
            // SAFETY: the previous handler was installed with SA_SIGINFO, so it has this
            // signature.
            let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                unsafe { std::mem::transmute(previous) };
            f(sig, info, ctx);
        } else {
            // SAFETY: installed without SA_SIGINFO: a one-argument handler.
            let f: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(previous) };
            f(sig);
        }
    }
}

#[cfg(not(unix))]
mod guard {
    //! Nothing to guard: the system refuses to shrink a mapped file.

    pub(super) fn page_size() -> usize {
        4096
    }

    pub(super) fn installed() -> bool {
        false
    }

    pub(super) fn install() {}
}
