//! Whether a mapped table file is already held in huge pages, so copying it into anonymous
//! huge pages ([`super::Table::into_huge_pages`]) would buy nothing.
//!
//! Filesystems with large page-cache folios (ext4, xfs and others on Linux 6.x) keep a file
//! read in sequence in 2 MiB folios, and a read-only mapping of it is then mapped by whole
//! 2 MiB page-table entries: random reads of the table miss the TLB as rarely as in a huge
//! page copy, and the copy (a fresh page for every 4 KiB of a table of hundreds of MB,
//! each one zeroed by the kernel before it is written) is pure start-up cost. The mapping
//! is populated (every page-table entry made at once), then the kernel's own account of it
//! (`FilePmdMapped` in `/proc/self/smaps`) says how much of it is mapped by 2 MiB entries.

/// Fraction of a mapping (in eighths) that must be mapped by 2 MiB entries for the mapping
/// to count as held in huge pages. Half: measured on a 563.6 MB table (the two-phase closer
/// moves, 2,000-state batches), a mapping half in 2 MiB entries searched as fast as the
/// copy, and even one wholly in 4 KiB pages cost about as much more search time as the copy
/// took (BENCHMARKS.md, "Default path").
const HUGE_EIGHTHS: u64 = 4;

/// Smallest table worth the check: below one huge page nothing can be mapped by one.
const MIN_BYTES: usize = 4 << 20;

/// Whether `map` (a read-only file mapping) is mostly mapped by 2 MiB page-table entries,
/// after populating it. Always `false` off Linux, for small maps, and when the kernel does
/// not say.
pub(super) fn held_in_huge_pages(map: &memmap2::Mmap) -> bool {
    if map.len() < MIN_BYTES {
        return false;
    }
    #[cfg(target_os = "linux")]
    {
        // Best effort: a kernel without the advice leaves the map as it is, and the
        // account below then shows few entries made. With the advice, the parts of the
        // file not in the page cache are read in 2 MiB folios, so a table evicted and read
        // again comes back in huge pages.
        let _ = map.advise(memmap2::Advice::HugePage);
        if map.advise(memmap2::Advice::PopulateRead).is_err() {
            return false;
        }
        let Ok(smaps) = std::fs::read_to_string("/proc/self/smaps") else {
            return false;
        };
        file_pmd_mapped_kb(&smaps, map.as_ptr() as usize)
            .is_some_and(|kb| kb * 1024 * 8 >= HUGE_EIGHTHS * map.len() as u64)
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// The `FilePmdMapped` figure (kB) of the mapping that starts at address `start` in the
/// text of a `/proc/PID/smaps` file; `None` when no mapping starts there or it has no such
/// line.
pub(super) fn file_pmd_mapped_kb(smaps: &str, start: usize) -> Option<u64> {
    let mut inside = false;
    for line in smaps.lines() {
        // A mapping's first line: `start-end perms offset dev inode [path]`.
        if let Some((range, _)) = line.split_once(' ') {
            if let Some((a, b)) = range.split_once('-') {
                if let (Ok(a), Ok(_)) = (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16)) {
                    inside = a == start;
                    continue;
                }
            }
        }
        if inside {
            if let Some(rest) = line.strip_prefix("FilePmdMapped:") {
                return rest.trim().trim_end_matches("kB").trim().parse().ok();
            }
        }
    }
    None
}
