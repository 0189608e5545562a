//! A cache prefetch hint for table lookups: searches that know several table indices ahead
//! of reading them (e.g. all children of a node) start the loads together.

/// Asks the processor to start loading the cache line holding `bytes[i]`. A hint only: it
/// does nothing out of range or on architectures without a prefetch instruction.
#[inline(always)]
pub fn prefetch(bytes: &[u8], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(b) = bytes.get(i) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch never faults and changes no memory; the pointer is in bounds.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>((b as *const u8).cast::<i8>())
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (bytes, i);
}

/// [`prefetch`] for element `i` of a slice of any type.
#[inline(always)]
pub fn prefetch_at<T>(items: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = items.get(i) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch never faults and changes no memory; the pointer is in bounds.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>())
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (items, i);
}

#[cfg(test)]
mod tests {
    #[test]
    fn prefetch_accepts_any_index() {
        let v = vec![7u8; 100];
        super::prefetch(&v, 0);
        super::prefetch(&v, 99);
        super::prefetch(&v, 1 << 40);
        super::prefetch(&[], 0);
        super::prefetch_at(&[1u32, 2], 1);
        super::prefetch_at(&[1u32, 2], 5);
        assert_eq!(v[99], 7);
    }
}
