//! The one seedable, reproducible random generator used everywhere.

use rand::SeedableRng;

/// The project's random generator: fast, small state, and reproducible across platforms
/// and crate versions for a given seed (unlike `rand::rngs::SmallRng`).
pub type TwistyRng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator seeded from a `u64` (the value printed by every random command).
pub fn seeded_rng(seed: u64) -> TwistyRng {
    TwistyRng::seed_from_u64(seed)
}

/// A fresh seed from the operating system, for commands run without `--seed`.
pub fn fresh_seed() -> u64 {
    rand::random()
}
