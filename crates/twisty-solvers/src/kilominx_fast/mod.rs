//! Building blocks of a multi-phase Kilominx solver.
//!
//! The planned reduction: phase 1 (all 48 moves) brings home the nine free cubies that lie
//! outside the faces D, DB and DBR; phase 2 solves the remaining ten cubies inside the
//! subgroup ⟨D, DB, DBR⟩. Those three faces meet at the cubie opposite UFL, so in the
//! UFL-fixed frame they turn without a whole-puzzle rotation. Only phase 2 exists so far.

mod phase2;

pub use phase2::Phase2;
