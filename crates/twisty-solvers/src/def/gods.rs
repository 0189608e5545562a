//! God's algorithm for a definition: the rank of its states and the plan of the search
//! ([`twisty_search::gods`] does the search).
//!
//! A state is ranked by its *parts*, coordinates enumerated from projections of its pattern
//! ([`tables`](super::tables)'s projections): per orbit, its permutation (labels, so
//! identical pieces count once) and its orientation (twists in the moduli the solved state
//! counts, so `?` orientations are ignored) as two parts when they are independent (the
//! orbit's reachable pairs are all pairs; checked by enumerating the orbit whole when that is
//! small enough), else the whole orbit as one part. Pieces no move reaches, and orbits
//! with nothing that moves, give nothing. Each part numbers only the values the moves
//! reach, so a fixed piece, a parity or an orientation sum costs no entries.
//!
//! The index is the mixed-radix number of the parts; it is a perfect rank when the parts
//! are independent of each other, i.e. when the product of their sizes is the number of
//! states the stabiliser chain counts ([`DefPuzzle::state_count`]). Parts that are linked
//! (an orientation sum spanning two orbits, a permutation parity shared by two orbits) are
//! *fused*: while the index is larger than the states, the pair of parts with the smallest
//! product whose joint values (enumerated together) are fewer than the product becomes one
//! part, so that the index is the product of the joint sizes. What is left linked (parts
//! too large to enumerate together) leaves unreachable entries: accepted up to
//! [`MAX_SLACK`] times the states, refused beyond. The search's total is checked against
//! the chain's count by the caller.

use super::tables::{Projection, TooLarge, ANON};
use twisty_core::def::{write_tws, DefPuzzle};
use twisty_core::Metric;
use twisty_search::coord::Coordinate;
use twisty_search::file::human_bytes;
use twisty_search::gods::{checkpoint::fingerprint, GodsSpace, Part};

/// Most entries of the index per state: beyond, the state space is refused as not
/// compactly ranked.
pub const MAX_SLACK: u64 = 16;
/// Most values of one part.
pub const MAX_PART_VALUES: usize = 1 << 22;
/// Largest product of two parts' sizes for which they are enumerated together to see
/// whether they are linked.
pub const MAX_FUSE_PRODUCT: u64 = 1 << 26;
/// Most pairs of an orbit's permutation and orientation values for which the orbit is
/// enumerated whole to check that they are independent (beyond, they are taken to be, and
/// the total count against the stabiliser chain checks it).
pub const MAX_JOINT_CHECK: u64 = 1 << 18;

/// A God's-algorithm search of a definition, ready to run.
#[derive(Debug)]
pub struct GodsPlan {
    /// Each part's name and number of values, in the puzzle's orbit order.
    pub parts: Vec<(String, u32)>,
    coords: Vec<Coordinate>,
    projections: Vec<Joint>,
    /// The ranked space.
    pub space: GodsSpace,
    /// The indices of the solved states (several when the definition gives several, or
    /// more were asked for), distinct.
    pub starts: Vec<u64>,
    /// The number of states the stabiliser chain counts (patterns: identical pieces and
    /// ignored orientations merged), when it is known and fits 64 bits.
    pub states: Option<u64>,
    /// The same, as a decimal string (also when it does not fit 64 bits).
    pub states_text: Option<String>,
    /// The order of the group the moves generate.
    pub group_order: String,
    /// The moves searched (indices into [`DefPuzzle::move_info`]).
    pub moves: Vec<usize>,
    /// A fingerprint of the search: the definition, the metric, the starts and the ranking.
    pub fingerprint: u64,
}

/// One part's projection: one orbit's projection, or several fused (their values side by
/// side).
#[derive(Debug, Clone)]
struct Joint {
    pieces: Vec<Projection>,
    name: String,
}

impl Joint {
    fn one(p: Projection) -> Joint {
        Joint {
            name: p.name.clone(),
            pieces: vec![p],
        }
    }

    /// The two fused, `a`'s values first.
    fn fuse(a: &Joint, b: &Joint) -> Joint {
        Joint {
            pieces: a.pieces.iter().chain(&b.pieces).cloned().collect(),
            name: format!("{} + {}", a.name, b.name),
        }
    }

    fn width(&self) -> usize {
        self.pieces.iter().map(Projection::width).sum()
    }

    fn project(&self, pattern: &[u8], out: &mut [u8]) {
        let mut at = 0;
        for p in &self.pieces {
            p.project(pattern, &mut out[at..at + p.width()]);
            at += p.width();
        }
    }

    fn act(&self, v: &[u8], t: &[u8], out: &mut [u8]) {
        let mut at = 0;
        for p in &self.pieces {
            let w = p.width();
            p.act(&v[at..at + w], t, &mut out[at..at + w]);
            at += w;
        }
    }
}

/// The moves of `metric`: every move for HTM, the quarter turns for QTM.
fn metric_moves(puzzle: &DefPuzzle, metric: Metric) -> Result<Vec<usize>, TooLarge> {
    let info = puzzle.move_info();
    match metric {
        Metric::Htm => Ok((0..info.len()).collect()),
        Metric::Qtm => Ok((0..info.len()).filter(|&m| info[m].qtm == 1).collect()),
        other => Err(TooLarge(format!(
            "the metric {other:?} is not one of a definition's (htm: every move counts 1; qtm: quarter turns)"
        ))),
    }
}

fn enumerate(puzzle: &DefPuzzle, p: &Joint, moves: &[usize], cap: usize) -> Result<Coordinate, TooLarge> {
    let info = puzzle.move_info();
    let starts: Vec<Vec<u8>> = puzzle
        .solved_patterns()
        .iter()
        .map(|t| {
            let mut v = vec![0u8; p.width()];
            p.project(t, &mut v);
            v
        })
        .collect();
    Coordinate::enumerate(
        &starts,
        moves.len(),
        |v, m, out| p.act(v, &info[moves[m]].transform, out),
        cap,
    )
    .map_err(|e| {
        TooLarge(format!(
            "{} takes more than {} values: the state space cannot be ranked compactly here",
            p.name, e.cap
        ))
    })
}

/// The projections of one orbit: none, one (the whole orbit) or two (permutation and
/// orientation), with their coordinates.
fn orbit_parts(
    puzzle: &DefPuzzle,
    orbit: usize,
    moves: &[usize],
) -> Result<Vec<(Joint, Coordinate)>, TooLarge> {
    let labels = puzzle.labels();
    let mods = puzzle.orientation_mods();
    let Some((name, o)) = puzzle.orbits().nth(orbit) else {
        return Ok(Vec::new());
    };
    let (off, n, m) = (o.offset, o.pieces, o.orientations);
    let (modulus, counts) = super::tables::piece_classes(name, off, n, m, labels, mods)?;
    let classes: Vec<usize> = (0..255).filter(|&l| counts[l] > 0).collect();
    let ds: Vec<u8> = classes.iter().map(|&l| modulus[l]).collect();
    let twisted = ds.iter().any(|&d| d > 1);
    let uniform = ds.iter().all(|&d| d == ds[0]);
    let make = |keep: &[usize], ori: bool, label: String| {
        let mut md = modulus.clone();
        md[ANON as usize] = if keep.is_empty() && uniform { ds[0] } else { 1 };
        Joint::one(Projection::new(off, n, keep, ori, md, label))
    };
    let cap = MAX_PART_VALUES;
    let joint = make(&classes, twisted, name.to_string());
    if !twisted || !uniform {
        let c = enumerate(puzzle, &joint, moves, cap)?;
        return Ok(if c.size() > 1 {
            vec![(joint, c)]
        } else {
            Vec::new()
        });
    }
    let perm = make(&classes, false, format!("{name} permutation"));
    let ori = make(&[], true, format!("{name} orientation"));
    let pc = enumerate(puzzle, &perm, moves, cap)?;
    let oc = enumerate(puzzle, &ori, moves, cap)?;
    let product = u64::from(pc.size()) * u64::from(oc.size());
    if product <= MAX_JOINT_CHECK && pc.size() > 1 && oc.size() > 1 {
        let jc = enumerate(puzzle, &joint, moves, cap)?;
        if u64::from(jc.size()) < product {
            return Ok(vec![(joint, jc)]);
        }
    }
    Ok([(perm, pc), (ori, oc)]
        .into_iter()
        .filter(|(_, c)| c.size() > 1)
        .collect())
}

/// Fuses linked parts (see [the module](self)) while the index exceeds `states`: the pair
/// with the smallest product whose joint values are fewer, first.
fn fuse_linked(puzzle: &DefPuzzle, moves: &[usize], parts: &mut Vec<(Joint, Coordinate)>, states: u64) {
    // Pairs found independent (or too large together), by name.
    let mut independent: Vec<(String, String)> = Vec::new();
    loop {
        let entries: u128 = parts.iter().map(|(_, c)| u128::from(c.size())).product();
        if entries <= u128::from(states) {
            return;
        }
        let mut pairs: Vec<(u64, usize, usize)> = Vec::new();
        for i in 0..parts.len() {
            for j in i + 1..parts.len() {
                let product = u64::from(parts[i].1.size()) * u64::from(parts[j].1.size());
                let key = (parts[i].0.name.clone(), parts[j].0.name.clone());
                if product <= MAX_FUSE_PRODUCT && !independent.contains(&key) {
                    pairs.push((product, i, j));
                }
            }
        }
        pairs.sort_unstable();
        let mut fused = None;
        for (product, i, j) in pairs {
            let joint = Joint::fuse(&parts[i].0, &parts[j].0);
            let cap = usize::try_from(product - 1)
                .unwrap_or(usize::MAX)
                .min(MAX_PART_VALUES);
            match enumerate(puzzle, &joint, moves, cap) {
                Ok(c) => {
                    fused = Some((i, j, joint, c));
                    break;
                }
                Err(_) => independent.push((parts[i].0.name.clone(), parts[j].0.name.clone())),
            }
        }
        let Some((i, j, joint, c)) = fused else {
            return;
        };
        parts.remove(j);
        parts[i] = (joint, c);
    }
}

impl GodsPlan {
    /// The plan of God's algorithm for `puzzle` in `metric` from its solved states and the
    /// packed states `extra` (whose patterns also count as solved), refused before any
    /// enumeration when the states alone need more than `memory` bytes at 2 bits each.
    pub fn new(
        puzzle: &DefPuzzle,
        metric: Metric,
        extra: &[Vec<u8>],
        memory: u64,
    ) -> Result<GodsPlan, TooLarge> {
        let moves = metric_moves(puzzle, metric)?;
        if moves.is_empty() {
            return Err(TooLarge(format!(
                "{} has no moves in this metric",
                puzzle.definition().name
            )));
        }
        let count = puzzle
            .state_count()
            .map_err(|e| TooLarge(format!("the stabiliser chain cannot be built: {e}")))?;
        let states_text = count.states.as_ref().map(|s| s.to_string());
        let states = count.states.as_ref().and_then(|s| u64::try_from(s).ok());
        if let Some(s) = &count.states {
            let floor = s.clone() / 4u32;
            if floor > memory.into() {
                return Err(TooLarge(format!(
                    "its {s} states need at least {} at 2 bits each, over the memory cap of {} (--memory)",
                    human_bytes(u64::try_from(&floor).unwrap_or(u64::MAX)),
                    human_bytes(memory)
                )));
            }
        }
        let mut found = Vec::new();
        for orbit in 0..puzzle.layout().orbits.len() {
            found.extend(orbit_parts(puzzle, orbit, &moves)?);
        }
        if let Some(s) = states {
            fuse_linked(puzzle, &moves, &mut found, s);
        }
        let (projections, coords): (Vec<Joint>, Vec<Coordinate>) = found.into_iter().unzip();
        let parts: Vec<Part<'_>> = coords
            .iter()
            .map(|c| Part {
                size: c.size(),
                next: c.table(),
            })
            .collect();
        let space = GodsSpace::new(&parts, moves.len()).map_err(|e| {
            TooLarge(format!(
                "{e}: the state space cannot be ranked compactly (the parts multiply past 2^64)"
            ))
        })?;
        let entries = space.entries();
        match (&count.states, states) {
            (_, Some(s)) if entries > s.saturating_mul(MAX_SLACK) => {
                return Err(TooLarge(format!(
                    "the parts ({}) multiply to {entries} entries for {s} states, over {MAX_SLACK} per state: the state space cannot be ranked compactly",
                    describe(&projections, &coords)
                )))
            }
            (Some(s), None) => {
                return Err(TooLarge(format!(
                    "{s} states do not fit a 64-bit index"
                )))
            }
            _ => {}
        }
        let mut starts: Vec<u64> = Vec::new();
        let solved: Vec<Vec<u8>> = puzzle.solved_patterns().to_vec();
        let given: Vec<Vec<u8>> = extra.iter().map(|s| puzzle.pattern(s)).collect();
        for (k, pattern) in solved.iter().chain(&given).enumerate() {
            let mut values = Vec::with_capacity(coords.len());
            for (p, c) in projections.iter().zip(&coords) {
                let mut v = vec![0u8; p.width()];
                p.project(pattern, &mut v);
                match c.value_of(&v) {
                    Some(x) => values.push(x),
                    None => {
                        return Err(TooLarge(format!(
                        "solved state {} is not reachable by the moves ({} takes a value they never make)",
                        k + 1,
                        p.name
                    )))
                    }
                }
            }
            starts.push(space.rank(&values));
        }
        starts.sort_unstable();
        starts.dedup();
        let mut print = write_tws(puzzle.definition(), &[])
            .map(String::into_bytes)
            .unwrap_or_else(|_| format!("{:?}", puzzle.definition()).into_bytes());
        print.extend_from_slice(format!("\ngods 1 {metric:?} {moves:?} {starts:?}").as_bytes());
        for c in &coords {
            print.extend_from_slice(&c.size().to_le_bytes());
        }
        let fingerprint = fingerprint(&print);
        Ok(GodsPlan {
            parts: projections
                .iter()
                .zip(&coords)
                .map(|(p, c)| (p.name.clone(), c.size()))
                .collect(),
            coords,
            projections,
            space,
            starts,
            states,
            states_text,
            group_order: count.group_order.to_string(),
            moves,
            fingerprint,
        })
    }

    /// The index of a packed state, or `None` when the moves never reach its pattern.
    pub fn rank(&self, puzzle: &DefPuzzle, state: &[u8]) -> Option<u64> {
        let pattern = puzzle.pattern(state);
        let mut values = Vec::with_capacity(self.coords.len());
        for (p, c) in self.projections.iter().zip(&self.coords) {
            let mut v = vec![0u8; p.width()];
            p.project(&pattern, &mut v);
            values.push(c.value_of(&v)?);
        }
        Some(self.space.rank(&values))
    }

    /// Whether the index is a perfect rank (its entries are the states).
    pub fn is_perfect(&self) -> bool {
        self.states == Some(self.space.entries())
    }
}

fn describe(projections: &[Joint], coords: &[Coordinate]) -> String {
    projections
        .iter()
        .zip(coords)
        .map(|(p, c)| format!("{} {}", p.name, c.size()))
        .collect::<Vec<_>>()
        .join(" × ")
}

#[cfg(test)]
mod tests;
