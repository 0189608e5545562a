//! The 3-fold rotation of the Kilominx about the fixed UFL corner, as an automorphism of the
//! UFL-fixed puzzle: it maps the face turns of U → L → F → U (and of the nine other faces in
//! three cycles of three) to one another, so a pattern database of a set of cubies also gives
//! the distances of the rotated set: `d_{ρ(P)}(s) = d_P(T⁻¹(s))`.
//!
//! `T` puts cubie `ρ(c)` at position `ρ(p)` with twist `t + δ(p) − δ(c)` wherever `s` has
//! cubie `c` at `p` with twist `t`. Both `ρ` (found from which faces meet at each corner) and
//! `δ` (solved from the move tables) are derived from the puzzle model, and [`Rotation::new`]
//! checks that `T(s·m) = T(s)·m'` for every move, `m'` being the same turn of the image face.
//!
//! The three reflections through planes containing the UFL–DBR axis ([`Rotation::mirror`])
//! are automorphisms too, with `m'` the opposite turn of the image face and twists negated:
//! `T` puts cubie `σ(c)` at `σ(p)` with twist `−t + δ(p) − δ(c)`. The six form the
//! symmetries of the UFL-fixed puzzle ([`Rotation::symmetries`]); a database of a cubie set
//! gives the distances of all its images.

use super::pattern::{move_maps, N};
use twisty_core::kilominx::CUBIE_NAMES;

/// The positions of each face (faces in move order U, L, F, R, BL, BR, DL, DR, DBL, DBR, DB,
/// D), UFL included on U, L and F.
pub const FACE_SETS: [[&str; 5]; 12] = [
    ["UFL", "UBL", "UFR", "UBR", "UBM"],
    ["UFL", "UBL", "MFL", "MBL", "FLD"],
    ["UFL", "UFR", "MFL", "MFR", "FMD"],
    ["UFR", "UBR", "MFR", "MBR", "FRD"],
    ["UBL", "UBM", "MBM", "MBL", "BLD"],
    ["UBR", "UBM", "MBR", "MBM", "BRD"],
    ["MFL", "FMD", "DFM", "DFL", "FLD"],
    ["MFR", "FMD", "FRD", "DFM", "DFR"],
    ["MBL", "BLD", "DFL", "FLD", "DBL"],
    ["MBR", "FRD", "BRD", "DFR", "DBR"],
    ["MBM", "BRD", "BLD", "DBL", "DBR"],
    ["DFM", "DFL", "DBL", "DFR", "DBR"],
];

/// A symmetry of the UFL-fixed puzzle (a power of the rotation, or a reflection) on the 19
/// free positions (zero-based, position − 1).
#[derive(Debug, Clone)]
pub struct Rotation {
    /// `rho[p]`: the image of position (and cubie) `p`.
    pub rho: [u8; N],
    /// `delta[p]`: the twist offset of position `p`.
    pub delta: [u8; N],
    /// The image of each face.
    pub face: [u8; 12],
    /// A reflection: twists are negated and turns reversed.
    pub flip: bool,
    /// The image of each move (index into the 48 moves).
    pub moves: [u8; 48],
}

fn pos_of(name: &str) -> usize {
    CUBIE_NAMES.iter().position(|&n| n == name).unwrap_or(0)
}

impl Rotation {
    /// The rotation taking U to L, L to F and F to U, or `None` if the model has no such
    /// automorphism (which the tests rule out).
    pub fn new() -> Option<Rotation> {
        Self::from_faces([1, 2, 0], false)
    }

    /// The reflection fixing U and swapping L and F (clockwise turns become anticlockwise
    /// ones), or `None` if the model has no such automorphism (which the tests rule out).
    pub fn mirror() -> Option<Rotation> {
        Self::from_faces([0, 2, 1], true)
    }

    /// The automorphism sending faces U, L, F to `first`, found by extending the face map so
    /// that corners stay corners, then solving the twist offsets from the move tables.
    fn from_faces(first: [u8; 3], flip: bool) -> Option<Rotation> {
        // Faces meeting at each position (1..20), as bit masks.
        let mut faces_at = [0u16; 20];
        for (f, set) in FACE_SETS.iter().enumerate() {
            for name in set {
                faces_at[pos_of(name)] |= 1 << f;
            }
        }
        let mut pi = [u8::MAX; 12];
        pi[..3].copy_from_slice(&first);
        if !assign(&mut pi, 3, &faces_at) {
            return None;
        }
        let image = |mask: u16| -> u16 {
            (0..12)
                .filter(|&f| mask & (1 << f) != 0)
                .fold(0, |acc, f| acc | 1 << pi[f])
        };
        let mut rho = [0u8; N];
        for p in 1..20 {
            let img = image(faces_at[p]);
            let q = (1..20).find(|&q| faces_at[q] == img)?;
            rho[p - 1] = (q - 1) as u8;
        }
        // The image of each move: the turn of the image face that moves the images of the
        // positions as the move moves the positions.
        let maps = move_maps();
        let mut moves = [0u8; 48];
        for (m, img) in moves.iter_mut().enumerate() {
            let f = pi[m / 4] as usize;
            *img = (4 * f..4 * f + 4)
                .find(|&m2| (0..N).all(|p| maps.dest[m2][rho[p] as usize] == rho[maps.dest[m][p] as usize]))?
                as u8;
        }
        // Twist offsets: δ(dest_m p) = δ(p) + add_{m'}(ρ p) − s·add_m(p) (s = −1 for a
        // reflection), propagated from δ(0) = 0 (one free constant: adding it to every δ
        // changes nothing).
        let step = |m: usize, p: usize| {
            let a = maps.add[m][p];
            let own = if flip { a } else { (3 - a) % 3 };
            (maps.add[moves[m] as usize][rho[p] as usize] + own) % 3
        };
        let mut delta = [u8::MAX; N];
        delta[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for m in 0..48 {
                for p in 0..N {
                    let d = maps.dest[m][p] as usize;
                    if delta[p] != u8::MAX && delta[d] == u8::MAX {
                        delta[d] = (delta[p] + step(m, p)) % 3;
                        changed = true;
                    }
                }
            }
        }
        let r = Rotation {
            rho,
            delta,
            face: std::array::from_fn(|f| pi[f]),
            flip,
            moves,
        };
        // Every equation must hold.
        for m in 0..48 {
            for p in 0..N {
                let d = maps.dest[m][p] as usize;
                if r.delta[p] == u8::MAX || (r.delta[p] + step(m, p)) % 3 != r.delta[d] {
                    return None;
                }
            }
        }
        Some(r)
    }

    /// The new twist of a cubie with twist `t` at position `p` (before the correction by the
    /// cubie's own offset).
    #[inline]
    pub fn twist(&self, p: usize, t: u8) -> u8 {
        let t = if self.flip { (3 - t) % 3 } else { t };
        (t + self.delta[p]) % 3
    }

    /// The identity.
    pub fn identity() -> Rotation {
        Rotation {
            rho: std::array::from_fn(|p| p as u8),
            delta: [0; N],
            face: std::array::from_fn(|f| f as u8),
            flip: false,
            moves: std::array::from_fn(|m| m as u8),
        }
    }

    /// `self` then `other`.
    pub fn then(&self, other: &Rotation) -> Rotation {
        Rotation {
            rho: std::array::from_fn(|p| other.rho[self.rho[p] as usize]),
            // δ(p) = s₂·δ₁(p) + δ₂(ρ₁ p): the second map negates the first one's offsets
            // when it is a reflection.
            delta: std::array::from_fn(|p| {
                let d = if other.flip {
                    (3 - self.delta[p]) % 3
                } else {
                    self.delta[p]
                };
                (d + other.delta[self.rho[p] as usize]) % 3
            }),
            face: std::array::from_fn(|f| other.face[self.face[f] as usize]),
            flip: self.flip != other.flip,
            moves: std::array::from_fn(|m| other.moves[self.moves[m] as usize]),
        }
    }

    /// The powers ρ⁰, ρ¹, ρ².
    pub fn powers() -> Option<[Rotation; 3]> {
        let r = Rotation::new()?;
        let r2 = r.then(&r);
        Some([Rotation::identity(), r, r2])
    }

    /// The six symmetries: ρ⁰, ρ¹, ρ² and the three reflections σ, σρ, σρ² (each its own
    /// inverse).
    pub fn symmetries() -> Option<[Rotation; 6]> {
        let [a, b, c] = Rotation::powers()?;
        let s = Rotation::mirror()?;
        let (sb, sc) = (s.then(&b), s.then(&c));
        Some([a, b, c, s, sb, sc])
    }

    /// The image of a cubie (1..20).
    pub fn cubie(&self, c: u8) -> u8 {
        self.rho[c as usize - 1] + 1
    }

    /// Applies the automorphism to a where-form state: `w[c] = (position − 1) | twist << 5`.
    pub fn apply_where(&self, w: &[u8; 20]) -> [u8; 20] {
        let mut out = [0u8; 20];
        for c in 1..20 {
            let (p, t) = ((w[c] & 31) as usize, w[c] >> 5);
            let nc = self.rho[c - 1] as usize + 1;
            let nt = (self.twist(p, t) + 3 - self.delta[c - 1]) % 3;
            out[nc] = self.rho[p] | nt << 5;
        }
        out
    }
}

/// Backtracking over the images of faces `f..12`, keeping every fully mapped corner a corner.
fn assign(pi: &mut [u8; 12], f: usize, faces_at: &[u16; 20]) -> bool {
    let ok = |pi: &[u8; 12]| {
        (0..20).all(|p| {
            let mask = faces_at[p];
            let fs: Vec<usize> = (0..12).filter(|&g| mask & (1 << g) != 0).collect();
            if fs.iter().any(|&g| pi[g] == u8::MAX) {
                return true;
            }
            let img = fs.iter().fold(0u16, |acc, &g| acc | 1 << pi[g]);
            faces_at.contains(&img)
        })
    };
    if f == 12 {
        return ok(pi);
    }
    for g in 0..12u8 {
        if pi.contains(&g) {
            continue;
        }
        pi[f] = g;
        if ok(pi) && assign(pi, f + 1, faces_at) {
            return true;
        }
        pi[f] = u8::MAX;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::search::Node;
    use super::super::{Config, KilominxOptimal, LookupSpec, Mod3Config, Pattern};
    use super::*;
    use twisty_core::kilominx::{KiloState, Kilominx};
    use twisty_core::rng::seeded_rng;
    use twisty_core::Puzzle;
    use twisty_search::TableCache;

    /// The where-form of a state after move `m`.
    fn where_after_move(w: &[u8; 20], m: usize) -> [u8; 20] {
        let maps = move_maps();
        let mut out = *w;
        for b in out.iter_mut().skip(1) {
            let (p, t) = ((*b & 31) as usize, *b >> 5);
            *b = maps.dest[m][p] | ((t + maps.add[m][p]) % 3) << 5;
        }
        out
    }

    #[test]
    fn the_six_symmetries_are_automorphisms() {
        let syms = Rotation::symmetries().expect("the symmetries exist");
        let m = &syms[3];
        assert!(m.flip);
        assert_eq!(&m.face[..3], &[0, 2, 1]);
        // Reflections are involutions; the rotation's cube is the identity.
        for s in &syms[3..] {
            let twice = s.then(s);
            assert_eq!(twice.rho, Rotation::identity().rho);
            assert!(!twice.flip);
            assert_eq!(twice.moves, Rotation::identity().moves);
        }
        // A reflection reverses turns: the image of a face's clockwise turn is a different
        // turn of the image face.
        assert_ne!(m.moves[0] % 4, 0);
        let k = Kilominx;
        let mut rng = seeded_rng(23);
        for _ in 0..20 {
            let s = Node::new(&k.state_after(&k.random_moves(&mut rng, 25)));
            for r in &syms {
                let ts = r.apply_where(&s.w);
                for mv in 0..48 {
                    let img = r.moves[mv] as usize;
                    assert_eq!(img / 4, r.face[mv / 4] as usize);
                    assert_eq!(
                        r.apply_where(&s.apply(mv).w),
                        where_after_move(&ts, img),
                        "move {mv}"
                    );
                }
            }
        }
        let solved = Node::new(&KiloState::SOLVED).w;
        for r in &syms {
            assert_eq!(r.apply_where(&solved), solved);
        }
        // The six are distinct.
        for i in 0..6 {
            for j in 0..i {
                assert!(syms[i].rho != syms[j].rho || syms[i].flip != syms[j].flip);
            }
        }
    }

    /// The mirror images of the `best` sets are new sets: R + BRD → BL + BRD (its rotation
    /// is BL + DBL), BR + UBL → BR + UFR.
    #[test]
    fn mirror_images_of_the_six_cubie_sets() {
        let m = Rotation::mirror().unwrap();
        let image = |names: &[&str]| {
            let p = Pattern::new(names).unwrap();
            let mut v: Vec<&str> = p
                .cubies
                .iter()
                .map(|&c| twisty_core::kilominx::CUBIE_NAMES[m.cubie(c) as usize])
                .collect();
            v.sort_unstable();
            v
        };
        let mut a = vec!["UBL", "UBM", "MBL", "MBM", "BLD", "BRD"];
        a.sort_unstable();
        assert_eq!(image(&super::super::BEST_PATTERN), a);
        let mut b = vec!["UFR", "UBR", "UBM", "MBR", "MBM", "BRD"];
        b.sort_unstable();
        assert_eq!(image(&super::super::SECOND_PATTERN), b);
    }

    /// A lookup through each symmetry equals the table built for the image set, and carried
    /// mod-3 values through the reflections equal the exact ones along random walks.
    #[test]
    fn lookups_through_the_symmetries_equal_the_tables_of_the_image_sets() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let syms = Rotation::symmetries().unwrap();
        let p = Pattern::new(&["UFR", "DBR", "MBL"]).unwrap();
        let k = Kilominx;
        let one = |pattern: Pattern, power: u8| {
            let c = Config {
                lookups: vec![LookupSpec {
                    pattern: 0,
                    inverse: false,
                    power,
                }],
                ..Config::plain(vec![pattern])
            };
            KilominxOptimal::with_config(&cache, c, false).unwrap()
        };
        for j in 1..6u8 {
            let mut names: Vec<&str> = p
                .cubies
                .iter()
                .map(|&c| twisty_core::kilominx::CUBIE_NAMES[syms[j as usize].cubie(c) as usize])
                .collect();
            names.rotate_left(1);
            let via = one(p.clone(), j);
            let direct = one(Pattern::new(&names).unwrap(), 0);
            let mut rng = seeded_rng(j as u64);
            let mut values = std::collections::BTreeSet::new();
            for n in 0..300 {
                let s = k.state_after(&k.random_moves(&mut rng, n % 13));
                let (a, b) = (via.heuristic(&s), direct.heuristic(&s));
                assert_eq!(a, b, "symmetry {j}, {n}");
                values.insert(a);
            }
            assert!(values.len() >= 5, "{values:?}");
        }
        // Carried through all six symmetries: the heuristic equals the max of the six direct
        // tables of the image sets.
        let carried = Config {
            mod3: vec![Mod3Config {
                pattern: p.clone(),
                powers: (0..6).collect(),
            }],
            ..Config::plain(Vec::new())
        };
        let carried = KilominxOptimal::with_config(&cache, carried, false).unwrap();
        let directs: Vec<KilominxOptimal> = (0..6u8).map(|j| one(p.clone(), j)).collect();
        let mut rng = seeded_rng(77);
        for start_len in [0, 4, 11, 30] {
            let s = k.state_after(&k.random_moves(&mut rng, start_len));
            let mut node = Node::new(&s);
            use super::super::search::Bound;
            carried.lookups.init(&mut node);
            for mv in k.random_moves(&mut rng, 30) {
                let want: Vec<u32> = directs.iter().map(|d| d.heuristic(&node.s)).collect();
                let got: Vec<u32> = node.h[..6].iter().map(|&h| h as u32).collect();
                assert_eq!(got, want);
                let mut kid = node.apply(mv.index() as usize);
                carried.lookups.derive(&node, &mut kid);
                node = kid;
            }
        }
    }
}
