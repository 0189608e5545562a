//! Heuristic configurations: which databases a named heuristic builds and the order its
//! lookups are tried.

use super::pattern::Pattern;
use super::search;
use super::symmetry::Rotation;
use super::{BEST_PATTERN, FACE_PATTERNS, SECOND_PATTERN, SPARSE_PATTERNS};
use twisty_search::TableSpec;

/// One lookup: a database read for the state (or its inverse), possibly through a power of
/// the rotation about UFL so that it gives the distance of the rotated cubie set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookupSpec {
    /// The pattern (index into [`Config::patterns`]).
    pub pattern: usize,
    /// Read for the inverse state.
    pub inverse: bool,
    /// The lookup gives the distance of the cubie set ρ^power(pattern) for powers 0..3, of
    /// its mirror images ([`super::symmetry::Rotation::symmetries`]) for 3..6.
    pub power: u8,
}

/// A distance-mod-3 database looked up through symmetries of the UFL-fixed puzzle, its exact
/// values carried by the search nodes (at most six lookups).
#[derive(Debug, Clone)]
pub struct Mod3Config {
    /// The lookups give the distances of the cubie sets ρ^power(pattern) for powers 0..3, and
    /// of the pattern's three mirror images for 3..6 (the reflections through the planes that
    /// hold the UFL–DBR axis), in this order.
    pub powers: Vec<u8>,
    /// The pattern.
    pub pattern: Pattern,
}

/// The most exact distances a search node carries (two mod-3 databases, six lookups each).
pub const MAX_CARRIED: usize = search::MAX_CARRIED;

/// A heuristic's configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The 2-bit databases looked up first, in this order ([`MAX_CARRIED`] lookups at most).
    pub mod3: Vec<Mod3Config>,
    /// The patterns whose 4-bit tables are built.
    pub patterns: Vec<Pattern>,
    /// The lookups in the order they are tried.
    pub lookups: Vec<LookupSpec>,
    /// The seed's move pruning (`SEED_SKIP`, on the last face only) instead of the canonical
    /// sequences of the physical faces ([`super::canon`]).
    pub seed_pruning: bool,
    /// The seed's expansion order.
    pub order_children: bool,
    /// Inverse lookups of the mod-3 databases: for database `t`, the index in
    /// [`Config::patterns`] of a pattern whose cubies lie inside its set (a lower bound of the
    /// 6-cubie distance that the entry mod 3 lifts to the distance itself, or close below
    /// it), read through the same symmetries. Empty: none.
    pub inverse_faces: Vec<usize>,
}

fn patterns_of(sets: &[&[&str]]) -> Vec<Pattern> {
    sets.iter().filter_map(|p| Pattern::new(p)).collect()
}

/// Tables for `sets` in order, each served by rotating an earlier table when a power of the
/// rotation about UFL maps that table's cubie set onto it: (patterns, (pattern, power) per
/// set).
pub fn with_symmetry(sets: &[Pattern]) -> (Vec<Pattern>, Vec<(usize, u8)>) {
    let powers = Rotation::powers();
    let mut patterns: Vec<Pattern> = Vec::new();
    let mut served = Vec::new();
    for q in sets {
        let mut want: Vec<u8> = q.cubies.clone();
        want.sort_unstable();
        let found = powers.as_ref().and_then(|pw| {
            patterns.iter().enumerate().find_map(|(i, p)| {
                (1..3u8).find_map(|j| {
                    let mut img: Vec<u8> = p.cubies.iter().map(|&c| pw[j as usize].cubie(c)).collect();
                    img.sort_unstable();
                    (img == want).then_some((i, j))
                })
            })
        });
        match found {
            Some(x) => served.push(x),
            None => {
                patterns.push(q.clone());
                served.push((patterns.len() - 1, 0));
            }
        }
    }
    (patterns, served)
}

impl Config {
    /// The configuration of a named heuristic.
    pub fn named(heuristic: &str) -> Option<Config> {
        let faces: Vec<&[&str]> = FACE_PATTERNS.iter().map(|p| &p[..]).collect();
        let sparse: Vec<&[&str]> = SPARSE_PATTERNS.iter().map(|p| &p[..]).collect();
        let (face_patterns, face_served) = with_symmetry(&patterns_of(&faces));
        let lookup = |(pattern, power): (usize, u8), inverse| LookupSpec {
            pattern,
            inverse,
            power,
        };
        Some(match heuristic {
            "seed" => {
                let mut patterns = face_patterns;
                let mut lookups: Vec<LookupSpec> = face_served.iter().map(|&x| lookup(x, false)).collect();
                for p in patterns_of(&sparse) {
                    patterns.push(p);
                    lookups.push(lookup((patterns.len() - 1, 0), false));
                }
                Config {
                    mod3: Vec::new(),
                    patterns,
                    lookups,
                    seed_pruning: true,
                    order_children: true,
                    inverse_faces: Vec::new(),
                }
            }
            "best" | "best-forward" | "best-mirror" | "best-rotations" => Config {
                // The 6-cubie tables forward: after their six (twelve) carried values the face
                // tables pruned about one child in 10⁵ at a bound-12 iteration, for 18 more
                // random reads per surviving child, nearly half of all reads
                // (BENCHMARKS.md, "Face lookups dropped"). `best` adds the 6-cubie tables'
                // inverse lookups, each lifted from the face inside its set (faces R and BR).
                mod3: [Pattern::new(&BEST_PATTERN)?, Pattern::new(&SECOND_PATTERN)?]
                    .into_iter()
                    .map(|pattern| Mod3Config {
                        pattern,
                        powers: if heuristic == "best-rotations" {
                            vec![0, 1, 2]
                        } else {
                            vec![0, 1, 2, 3, 4, 5]
                        },
                    })
                    .collect(),
                patterns: if heuristic == "best" {
                    patterns_of(&[&FACE_PATTERNS[3], &FACE_PATTERNS[5]])
                } else {
                    Vec::new()
                },
                lookups: Vec::new(),
                seed_pruning: false,
                order_children: false,
                inverse_faces: if heuristic == "best" {
                    vec![0, 1]
                } else {
                    Vec::new()
                },
            },
            // The same two 6-cubie sets as `best`, with 4-bit (exact) entries.
            "best-exact" => Config::exact(vec![Pattern::new(&BEST_PATTERN)?, Pattern::new(&SECOND_PATTERN)?]),
            "faces" => Config {
                mod3: Vec::new(),
                patterns: face_patterns,
                lookups: face_served
                    .iter()
                    .flat_map(|&x| [lookup(x, false), lookup(x, true)])
                    .collect(),
                seed_pruning: false,
                order_children: false,
                inverse_faces: Vec::new(),
            },
            "sparse" => Config::plain(patterns_of(&sparse)),
            _ => return None,
        })
    }

    /// The `best-exact` shape over `patterns` (4-bit tables): each read through the six
    /// symmetries that keep UFL, first for the state (all of the first pattern's six, then
    /// the next pattern's), then for the inverse state (the patterns alternating per
    /// symmetry). Every lookup reads the distance itself, so an inverse lookup is one read of
    /// an exact value, where `best` reads a face table and a mod-3 table for a lower bound.
    pub fn exact(patterns: Vec<Pattern>) -> Config {
        let n = patterns.len();
        let lookup = |pattern, power, inverse| LookupSpec {
            pattern,
            inverse,
            power,
        };
        let forward = (0..n).flat_map(|t| (0..6).map(move |j| lookup(t, j, false)));
        let inverse = (0..6).flat_map(|j| (0..n).map(move |t| lookup(t, j, true)));
        Config {
            lookups: forward.chain(inverse).collect(),
            ..Config::plain(patterns)
        }
    }

    /// Forward lookups of `patterns`, true pruning, no ordering (small tables for tests).
    pub fn plain(patterns: Vec<Pattern>) -> Config {
        Config {
            mod3: Vec::new(),
            lookups: (0..patterns.len())
                .map(|pattern| LookupSpec {
                    pattern,
                    inverse: false,
                    power: 0,
                })
                .collect(),
            patterns,
            seed_pruning: false,
            order_children: false,
            inverse_faces: Vec::new(),
        }
    }
}

/// The specs of the tables a heuristic needs.
pub fn specs(heuristic: &str) -> Option<Vec<TableSpec>> {
    Config::named(heuristic).map(|c| {
        let mut v: Vec<TableSpec> = c.mod3.iter().map(|m| m.pattern.spec_mod3()).collect();
        v.extend(c.patterns.iter().map(Pattern::spec));
        v
    })
}
