//! The coordinates and distance tables of a [`DefPuzzle`]: projections of its pattern per
//! orbit, enumerated into [`Coordinate`]s, grouped into [`ProductTable`]s to the memory cap.
//!
//! Per orbit, from the cheapest that fits the cap on one coordinate's values:
//! - the whole orbit (where every piece is, labels as the solved state gives them, and how
//!   it is twisted);
//! - else its permutation (labels only) and its orientation (twists only, when every piece
//!   counts its twist in the same modulus) as two coordinates;
//! - else *chunks*: a few labels each, where their pieces are and how they are twisted, the
//!   other pieces left anonymous, until every label is in one chunk.
//!
//! The coordinates together determine the pattern, so a state is solved iff its tuple of
//! values is a solved state's.

use twisty_core::def::DefPuzzle;
use twisty_search::bfs::BfsOptions;
use twisty_search::canon::canonical_automaton;
use twisty_search::coord::Coordinate;
use twisty_search::ida::MoveAutomaton;
use twisty_search::product::{choose_groups, ProductTable};
use web_time::Instant;

/// Most coordinates a search tracks.
pub const MAX_COORDS: usize = 24;
/// The label of a piece a projection leaves anonymous.
pub(crate) const ANON: u8 = u8::MAX;

/// Caps on the tables of a definition's search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableCaps {
    /// Most values of one coordinate.
    pub coordinate: usize,
    /// Most entries of one distance table (4 bits each).
    pub per_table: u64,
    /// Most entries of all distance tables together.
    pub total: u64,
}

impl TableCaps {
    /// Caps for a memory budget in bytes: a quarter per table, a coordinate cap that keeps
    /// the enumeration's hash map small.
    pub fn for_memory(bytes: u64) -> TableCaps {
        let entries = bytes.saturating_mul(2).max(1 << 16);
        TableCaps {
            coordinate: 1 << 20,
            per_table: (entries / 4).min(1 << 26),
            total: entries,
        }
    }
}

impl Default for TableCaps {
    /// 64 MB of tables.
    fn default() -> TableCaps {
        TableCaps::for_memory(64 << 20)
    }
}

/// How one coordinate projects a pattern: which orbit, which labels it keeps, whether it
/// keeps twists.
#[derive(Debug, Clone)]
pub(crate) struct Projection {
    offset: usize,
    pieces: usize,
    /// Per label: kept (else anonymous).
    keep: Vec<bool>,
    /// Whether twists are kept.
    ori: bool,
    /// Per label (and [`ANON`]): the modulus its twist counts in.
    modulus: Vec<u8>,
    /// A readable name: `EDGES`, `CORNERS perm`, `EDGES 0-3`.
    pub(crate) name: String,
}

impl Projection {
    /// The projection of orbit `(offset, pieces)` keeping the labels `keep` (the others
    /// anonymous) and, with `ori`, the twists counted in `modulus` (per label, and
    /// [`ANON`]'s for the anonymous pieces).
    pub(crate) fn new(
        offset: usize,
        pieces: usize,
        keep: &[usize],
        ori: bool,
        modulus: Vec<u8>,
        name: String,
    ) -> Projection {
        let mut kv = vec![false; 256];
        for &l in keep {
            kv[l] = true;
        }
        Projection {
            offset,
            pieces,
            keep: kv,
            ori,
            modulus,
            name,
        }
    }

    /// Bytes of a projected value.
    pub(crate) fn width(&self) -> usize {
        2 * self.pieces
    }

    /// Writes the projection of a pattern into `out` (`2 · pieces` bytes).
    pub(crate) fn project(&self, pattern: &[u8], out: &mut [u8]) {
        let n = self.pieces;
        for i in 0..n {
            let l = pattern[self.offset + i];
            let l = if self.keep[l as usize] { l } else { ANON };
            out[i] = l;
            let d = self.modulus[l as usize];
            out[n + i] = if self.ori && d > 1 {
                pattern[self.offset + n + i] % d
            } else {
                0
            };
        }
    }

    /// Applies a move's transformation to a projection.
    pub(crate) fn act(&self, v: &[u8], t: &[u8], out: &mut [u8]) {
        let n = self.pieces;
        let (p, o) = (
            &t[self.offset..self.offset + n],
            &t[self.offset + n..self.offset + 2 * n],
        );
        for i in 0..n {
            let j = p[i] as usize;
            let l = v[j];
            out[i] = l;
            let d = self.modulus[l as usize];
            out[n + i] = if self.ori && d > 1 {
                (v[n + j] + o[i]) % d
            } else {
                0
            };
        }
    }
}

/// Why a definition has no search here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge(pub String);

/// The coordinates, tables and move automaton of a definition.
#[derive(Debug)]
pub struct DefTables {
    pub(crate) projections: Vec<Projection>,
    pub(crate) coords: Vec<Coordinate>,
    pub(crate) tables: Vec<ProductTable>,
    /// The solved tuples.
    pub(crate) targets: Vec<Vec<u32>>,
    pub(crate) automaton: MoveAutomaton,
    /// Seconds the build took.
    pub seconds: f64,
}

/// `n! / ∏ cᵢ!` as a float (an upper bound on arrangements).
fn arrangements(n: usize, counts: &[usize]) -> f64 {
    let fact = |k: usize| (1..=k).map(|x| x as f64).product::<f64>();
    fact(n) / counts.iter().map(|&c| fact(c)).product::<f64>()
}

impl DefTables {
    /// Builds the tables of `puzzle` within `caps`.
    pub fn build(puzzle: &DefPuzzle, caps: TableCaps) -> Result<DefTables, TooLarge> {
        let t0 = Instant::now();
        let labels = puzzle.labels();
        let mods = puzzle.orientation_mods();
        let mut projections = Vec::new();
        for (name, o) in puzzle.orbits() {
            let (off, n, m) = (o.offset, o.pieces, o.orientations);
            let (modulus, counts) = piece_classes(name, off, n, m, labels, mods)?;
            let classes: Vec<usize> = (0..255).filter(|&l| counts[l] > 0).collect();
            let ds: Vec<u8> = classes.iter().map(|&l| modulus[l]).collect();
            let twisted = ds.iter().any(|&d| d > 1);
            let uniform = ds.iter().all(|&d| d == ds[0]);
            let class_counts: Vec<usize> = classes.iter().map(|&l| counts[l]).collect();
            let perm = arrangements(n, &class_counts);
            let ori_bound = (0..n).map(|k| f64::from(mods[off + k].max(1))).product::<f64>();
            let cap = caps.coordinate as f64;
            let make = |keep: &[usize], ori: bool, label: String| {
                let mut kv = vec![false; 256];
                for &l in keep {
                    kv[l] = true;
                }
                let mut md = modulus.clone();
                md[ANON as usize] = if keep.is_empty() && uniform { ds[0] } else { 1 };
                Projection {
                    offset: off,
                    pieces: n,
                    keep: kv,
                    ori,
                    modulus: md,
                    name: label,
                }
            };
            if perm <= 1.0 && !twisted {
                continue;
            }
            if perm * ori_bound <= cap {
                projections.push(make(&classes, twisted, name.to_string()));
                continue;
            }
            if perm <= cap && (!twisted || (uniform && ori_bound <= cap)) {
                if perm > 1.0 {
                    projections.push(make(&classes, false, format!("{name} permutation")));
                }
                if twisted {
                    projections.push(make(&[], true, format!("{name} orientation")));
                }
                continue;
            }
            // Chunks of labels with their twists.
            let mut chunk: Vec<usize> = Vec::new();
            let mut chunks = Vec::new();
            for (i, &l) in classes.iter().enumerate() {
                let mut trial = chunk.clone();
                trial.push(l);
                let kept: Vec<usize> = trial.iter().map(|&c| counts[c]).collect();
                let rest = n - kept.iter().sum::<usize>();
                let mut cc = kept.clone();
                cc.push(rest);
                let twist: f64 = trial
                    .iter()
                    .map(|&c| f64::from(modulus[c].max(1)).powi(counts[c] as i32))
                    .product();
                if !chunk.is_empty() && arrangements(n, &cc) * twist > cap {
                    chunks.push(std::mem::take(&mut chunk));
                    chunk.push(l);
                } else {
                    chunk = trial;
                }
                if i + 1 == classes.len() {
                    chunks.push(std::mem::take(&mut chunk));
                }
            }
            for c in chunks {
                let label = format!(
                    "{name} {}",
                    c.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(",")
                );
                projections.push(make(&c, twisted, label));
            }
        }
        if projections.len() > MAX_COORDS {
            return Err(TooLarge(format!(
                "{} coordinates, at most {MAX_COORDS}",
                projections.len()
            )));
        }
        let moves = puzzle.move_info();
        let width = |p: &Projection| 2 * p.pieces;
        let mut coords = Vec::new();
        for p in &projections {
            let starts: Vec<Vec<u8>> = puzzle
                .solved_patterns()
                .iter()
                .map(|t| {
                    let mut v = vec![0u8; width(p)];
                    p.project(t, &mut v);
                    v
                })
                .collect();
            let c = Coordinate::enumerate(
                &starts,
                moves.len(),
                |v, m, out| p.act(v, &moves[m].transform, out),
                caps.coordinate,
            )
            .map_err(|e| TooLarge(format!("coordinate {}: {e}", p.name)))?;
            coords.push(c);
        }
        let targets: Vec<Vec<u32>> = {
            let mut t: Vec<Vec<u32>> = puzzle
                .solved_patterns()
                .iter()
                .map(|pat| {
                    projections
                        .iter()
                        .zip(&coords)
                        .map(|(p, c)| {
                            let mut v = vec![0u8; width(p)];
                            p.project(pat, &mut v);
                            c.value_of(&v).unwrap_or(0)
                        })
                        .collect()
                })
                .collect();
            t.sort();
            t.dedup();
            t
        };
        let sizes: Vec<u64> = coords.iter().map(|c| u64::from(c.size())).collect();
        let groups = choose_groups(&sizes, caps.per_table, caps.total);
        let mut tables = Vec::new();
        for g in groups {
            let entries: u64 = g.iter().map(|&i| sizes[i]).product();
            if entries > caps.per_table || entries <= 1 {
                continue;
            }
            tables.push(ProductTable::build(
                &coords,
                &g,
                &targets,
                moves.len(),
                &BfsOptions::default(),
            ));
        }
        // Largest tables first: they prune most often.
        tables.sort_by_key(|t| std::cmp::Reverse(t.entries()));
        let faces: Vec<u8> = moves.iter().map(|m| m.face).collect();
        let automaton = canonical_automaton(&faces, |a, b| puzzle.bases_commute(a as usize, b as usize))
            .map_err(|e| TooLarge(e.to_string()))?;
        Ok(DefTables {
            projections,
            coords,
            tables,
            targets,
            automaton,
            seconds: t0.elapsed().as_secs_f64(),
        })
    }

    /// The values of every coordinate for a packed state, or `None` when a value is one no
    /// sequence of moves reaches (the state is not reachable).
    pub fn values(&self, puzzle: &DefPuzzle, state: &[u8]) -> Option<Vec<u32>> {
        let pattern = puzzle.pattern(state);
        self.projections
            .iter()
            .zip(&self.coords)
            .map(|(p, c)| {
                let mut v = vec![0u8; 2 * p.pieces];
                p.project(&pattern, &mut v);
                c.value_of(&v)
            })
            .collect()
    }

    /// The tables' lower bound on the distance of a tuple of values.
    pub fn bound(&self, values: &[u32]) -> u32 {
        self.tables
            .iter()
            .map(|t| u32::from(t.distance(values)))
            .max()
            .unwrap_or(0)
    }

    /// One line per table: its coordinates, entries and deepest distance.
    pub fn describe(&self) -> Vec<String> {
        self.tables
            .iter()
            .map(|t| {
                let names: Vec<&str> = t
                    .parts
                    .iter()
                    .map(|&p| self.projections[p].name.as_str())
                    .collect();
                format!(
                    "{}: {} entries, depth {}",
                    names.join(" × "),
                    t.entries(),
                    t.depth()
                )
            })
            .collect()
    }

    /// The number of coordinates.
    pub fn coordinates(&self) -> usize {
        self.coords.len()
    }

    /// Entries of all distance tables together.
    pub fn entries(&self) -> u64 {
        self.tables.iter().map(|t| t.entries()).sum()
    }

    /// The deepest distance of any table (0 without tables).
    pub fn depth(&self) -> usize {
        self.tables.iter().map(|t| t.depth()).max().unwrap_or(0)
    }
}

/// The classes of identical pieces of one orbit (`n` pieces from `off`, `m` orientations):
/// for each label, the modulus its twist counts in and how many pieces carry it. Refused when
/// a modulus does not divide `m` or identical pieces count their twists differently.
pub(super) fn piece_classes(
    name: &str,
    off: usize,
    n: usize,
    m: u8,
    labels: &[u8],
    mods: &[u8],
) -> Result<(Vec<u8>, Vec<usize>), TooLarge> {
    let mut modulus = vec![1u8; 256];
    let mut counts = vec![0usize; 256];
    for k in 0..n {
        let (l, d) = (labels[off + k] as usize, mods[off + k]);
        if d > 1 && !m.is_multiple_of(d) {
            return Err(TooLarge(format!(
                "orbit {name}: a twist counted modulo {d} of {m} orientations"
            )));
        }
        if counts[l] > 0 && modulus[l] != d {
            return Err(TooLarge(format!(
                "orbit {name}: identical pieces whose twists count differently"
            )));
        }
        counts[l] += 1;
        modulus[l] = d;
    }
    Ok((modulus, counts))
}
