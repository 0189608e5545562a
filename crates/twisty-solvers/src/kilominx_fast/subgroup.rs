//! The last phase: the ten cubies of D ∪ DB ∪ DBR, solved inside ⟨D, DB, DBR⟩.
//!
//! Those three faces meet at the corner opposite UFL, so they turn without a whole-puzzle
//! rotation in the UFL-fixed frame; the subgroup is the Kilominx's ⟨U, R, F⟩ seen from the
//! other side (10!/2 · 3⁹ = 35,712,835,200 states, diameter 14). It is too large for an exact
//! table, so IDA* prunes with exact tables of its projections: the permutation of the ten
//! cubies (10! entries, odd permutations unreached), and three times the twists of the ten
//! positions together with the places of three chosen cubies (3⁹ · 10·9·8 = 14,171,760
//! entries each, for three disjoint sets of three cubies). The latter are indexed through
//! small move tables of their parts, so their build and lookups rank no whole state.

use super::{MoveGeometry, Stop};
use twisty_core::kilominx::{KiloMove, KiloState};
use twisty_search::bfs::{distance_table, BfsOptions};
use twisty_search::ida::MovePruning;
use twisty_search::packed::Nibbles;
use twisty_search::rank::{rank_ori, rank_partial, rank_perm, unrank_ori, unrank_partial, unrank_perm, FACT};
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};

/// Number of cubies the subgroup moves.
pub const N: usize = 10;
const PERMS: u64 = FACT[N];
const TWISTS: u64 = 19_683;
/// Placements of three cubies among the ten positions.
const PLACES: u64 = 720;
/// Number of twist-and-places tables.
const SETS: usize = 3;
/// The sets of three cubies (local indices) whose places pair with the twists.
const QUADS: [[u8; 3]; SETS] = [[0, 1, 2], [3, 4, 5], [7, 8, 9]];

/// The permutation table's spec.
pub fn perm_spec() -> TableSpec {
    TableSpec {
        name: String::from("kilominx/fast/sub-perm"),
        entry_bits: 4,
        entries: PERMS,
    }
}

/// The spec of twist-and-places table `q` (0, 1 or 2).
pub fn quad_spec(q: usize) -> TableSpec {
    let c = QUADS[q % SETS];
    TableSpec {
        name: format!("kilominx/fast/sub-twist-places-{}{}{}", c[0], c[1], c[2]),
        entry_bits: 4,
        entries: TWISTS * PLACES,
    }
}

/// A state of the subgroup: the local permutation, and the twist and place coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SubState {
    /// `perm[i]`: the local index of the cubie at local position `i`.
    pub perm: [u8; N],
    /// Rank of the twists of the ten positions (0..3⁹).
    pub tw: u16,
    /// Rank of the places of each set of three cubies (0..720).
    pub places: [u16; SETS],
}

/// The subgroup phase.
#[derive(Debug)]
pub struct Subgroup {
    /// The twelve moves of D, DB and DBR.
    pub(crate) moves: Vec<KiloMove>,
    /// The ten positions those faces move, in increasing order.
    positions: [u8; N],
    /// Per move: local destination ← local source, and twist added.
    src: Vec<[u8; N]>,
    pruning: MovePruning,
    /// `[tw · moves + m]` → new twist rank.
    tw_move: Vec<u16>,
    /// `[q][place · moves + m]` → new place rank of cubie set `q`.
    place_move: [Vec<u16>; SETS],
    perm: Table,
    quads: [Table; SETS],
    /// How the four tables were obtained.
    pub origins: [Origin; 1 + SETS],
}

impl Subgroup {
    /// The subgroup of the moves fixing every position of `solved` (whose complement must
    /// hold exactly ten positions).
    pub(crate) fn new(
        geo: &MoveGeometry,
        solved: &[u8],
        cache: &TableCache,
        progress: bool,
    ) -> Result<Subgroup, TableError> {
        let moves = geo.moves_fixing(solved);
        let mut positions = [0u8; N];
        let mut local = [u8::MAX; 20];
        for (i, p) in (0..20u8).filter(|p| !solved.contains(p)).take(N).enumerate() {
            positions[i] = p;
            local[p as usize] = i as u8;
        }
        let mut src = Vec::new();
        let mut add = Vec::new();
        for &m in &moves {
            let mi = m.index() as usize;
            let mut s = [0u8; N];
            let mut a = [0u8; N];
            for (i, &p) in positions.iter().enumerate() {
                // The cubie at p goes to dest[p]: so the destination's source is p.
                let d = local[geo.dest[mi][p as usize] as usize] as usize;
                s[d] = i as u8;
                a[d] = geo.gain[mi][p as usize];
            }
            src.push(s);
            add.push(a);
        }
        let faces: Vec<u8> = moves.iter().map(|m| m.face()).collect();
        let pruning = MovePruning::new(&faces, |a, b| geo.commute(a, b));
        let nm = moves.len();
        let mut tw_move = vec![0u16; TWISTS as usize * nm];
        for x in 0..TWISTS {
            let mut t = [0u8; N];
            unrank_ori(x, 3, &mut t);
            for m in 0..nm {
                let u: [u8; N] = std::array::from_fn(|i| (t[src[m][i] as usize] + add[m][i]) % 3);
                tw_move[x as usize * nm + m] = rank_ori(&u, 3) as u16;
            }
        }
        // Where the cubie at local position i goes under move m.
        let mut ldest = vec![[0u8; N]; nm];
        for m in 0..nm {
            for i in 0..N {
                ldest[m][src[m][i] as usize] = i as u8;
            }
        }
        let mut place_move: [Vec<u16>; SETS] = std::array::from_fn(|_| vec![0u16; PLACES as usize * nm]);
        for table in &mut place_move {
            for r in 0..PLACES {
                let mut at = [0u8; 3];
                unrank_partial(r, N as u32, &mut at);
                for m in 0..nm {
                    let to = at.map(|p| ldest[m][p as usize]);
                    table[r as usize * nm + m] = rank_partial(&to, N as u32) as u16;
                }
            }
        }
        let place_goal = QUADS.map(|c| rank_partial(&c, N as u32) as u16);
        let label = |t: &str| progress.then(|| format!("Kilominx fast {t}"));
        let (perm, o1) = cache.get_or_build(&perm_spec(), || {
            distance_table(
                PERMS,
                &[0],
                nm,
                |x, m| {
                    let mut p = [0u8; N];
                    unrank_perm(x, &mut p);
                    let q: [u8; N] = std::array::from_fn(|i| p[src[m][i] as usize]);
                    rank_perm(&q)
                },
                &BfsOptions {
                    progress: label("subgroup permutations"),
                },
            )
            .table
            .0
        })?;
        let build_quad = |q: usize| {
            let pm = &place_move[q];
            let tm = &tw_move;
            cache.get_or_build(&quad_spec(q), || {
                distance_table(
                    TWISTS * PLACES,
                    &[place_goal[q] as u64],
                    nm,
                    |x, m| {
                        // In 32 bits (the space has 14 million states): a 64-bit division
                        // by a constant is a slow library call on WebAssembly.
                        let (x, places) = (x as u32, PLACES as u32);
                        let (t, p) = (x / places, x % places);
                        (tm[t as usize * nm + m] as u32 * places + pm[p as usize * nm + m] as u32) as u64
                    },
                    &BfsOptions {
                        progress: label(&format!("subgroup twists and places {}", q + 1)),
                    },
                )
                .table
                .0
            })
        };
        let (q0, o2) = build_quad(0)?;
        let (q1, o3) = build_quad(1)?;
        let (q2, o4) = build_quad(2)?;
        Ok(Subgroup {
            moves,
            positions,
            src,
            pruning,
            tw_move,
            place_move,
            perm,
            quads: [q0, q1, q2],
            origins: [o1, o2, o3, o4],
        })
    }

    /// The ten positions of the subgroup.
    pub fn positions(&self) -> [u8; N] {
        self.positions
    }

    /// The subgroup state of `state`, or `None` if a cubie outside the ten positions is not
    /// home or the ten cubies are not all among them.
    pub fn coord(&self, state: &KiloState) -> Option<SubState> {
        let mut local = [u8::MAX; 20];
        for (i, &p) in self.positions.iter().enumerate() {
            local[p as usize] = i as u8;
        }
        for p in 0..20 {
            if local[p] == u8::MAX && (state.cubie(p) as usize != p || state.twist(p) != 0) {
                return None;
            }
        }
        let perm: [u8; N] = std::array::from_fn(|i| local[state.cubie(self.positions[i] as usize) as usize]);
        if perm.contains(&u8::MAX) {
            return None;
        }
        let twist: [u8; N] = std::array::from_fn(|i| state.twist(self.positions[i] as usize));
        Some(Self::from_parts(perm, &twist))
    }

    /// The subgroup state of a local permutation and local twists.
    pub fn from_parts(perm: [u8; N], twist: &[u8; N]) -> SubState {
        let mut at = [0u8; N];
        for (i, &c) in perm.iter().enumerate() {
            at[c as usize] = i as u8;
        }
        let places = QUADS.map(|c| rank_partial(&c.map(|c| at[c as usize]), N as u32) as u16);
        SubState {
            perm,
            tw: rank_ori(twist, 3) as u16,
            places,
        }
    }

    /// The state after move number `m` (an index into the subgroup's moves).
    #[inline]
    pub fn step(&self, s: &SubState, m: usize) -> SubState {
        let src = &self.src[m];
        let nm = self.moves.len();
        SubState {
            perm: std::array::from_fn(|i| s.perm[src[i] as usize]),
            tw: self.tw_move[s.tw as usize * nm + m],
            places: std::array::from_fn(|q| self.place_move[q][s.places[q] as usize * nm + m]),
        }
    }

    #[inline]
    fn quad(&self, s: &SubState, q: usize) -> u8 {
        Nibbles(self.quads[q].bytes()).get(s.tw as u64 * PLACES + s.places[q] as u64)
    }

    /// Admissible lower bound: the largest of the three projection distances.
    #[inline]
    pub fn h(&self, s: &SubState) -> u8 {
        let p = Nibbles(self.perm.bytes()).get(rank_perm(&s.perm));
        p.max(self.quad(s, 0)).max(self.quad(s, 1)).max(self.quad(s, 2))
    }

    /// Whether the distance of `s` is provably more than `left` (stops at the first table
    /// that shows it).
    #[inline]
    fn prunes(&self, s: &SubState, left: u8) -> bool {
        self.quad(s, 0) > left
            || self.quad(s, 1) > left
            || self.quad(s, 2) > left
            || Nibbles(self.perm.bytes()).get(rank_perm(&s.perm)) > left
    }

    /// Whether `s` is solved.
    pub fn is_solved(s: &SubState) -> bool {
        s.tw == 0 && s.perm == std::array::from_fn(|i| i as u8)
    }

    /// The move numbers of an optimal solution of at most `max_len` moves, whose first move
    /// does not follow a move of face `prev` (canonical order), or `None`.
    pub(crate) fn solve(
        &self,
        s: &SubState,
        max_len: u8,
        prev: Option<u8>,
        stop: &mut Stop<'_>,
    ) -> Option<Vec<KiloMove>> {
        let h = self.h(s);
        let mut path = Vec::new();
        for bound in h..=max_len {
            if self.search(s, bound, prev, &mut path, stop) {
                return Some(path.iter().map(|&m| self.moves[m]).collect());
            }
            if stop.stopped {
                return None;
            }
        }
        None
    }

    fn search(
        &self,
        s: &SubState,
        bound: u8,
        prev: Option<u8>,
        path: &mut Vec<usize>,
        stop: &mut Stop<'_>,
    ) -> bool {
        if bound == 0 {
            return Self::is_solved(s);
        }
        if stop.tick() {
            return false;
        }
        for m in 0..self.moves.len() {
            if !self.pruning.allowed(prev, m) {
                continue;
            }
            let t = self.step(s, m);
            if self.prunes(&t, bound - 1) {
                continue;
            }
            path.push(m);
            if self.search(&t, bound - 1, Some(self.moves[m].face()), path, stop) {
                return true;
            }
            path.pop();
        }
        false
    }

    /// Number of subgroup states at each distance `0..=depth` from solved, by breadth-first
    /// search over whole states (the golden counts of ⟨U, R, F⟩).
    pub fn distance_counts(&self, depth: usize) -> Vec<u64> {
        use std::collections::HashSet;
        let solved = Self::from_parts(std::array::from_fn(|i| i as u8), &[0; N]);
        let key = |s: &SubState| rank_perm(&s.perm) * TWISTS + s.tw as u64;
        let mut seen: HashSet<u64> = HashSet::from([key(&solved)]);
        let mut frontier = vec![solved];
        let mut counts = vec![1u64];
        for _ in 0..depth {
            let mut next = Vec::new();
            for s in &frontier {
                for m in 0..self.moves.len() {
                    let t = self.step(s, m);
                    if seen.insert(key(&t)) {
                        next.push(t);
                    }
                }
            }
            counts.push(next.len() as u64);
            frontier = next;
        }
        counts
    }
}
