//! Phase 1 of the Square-1 solver: the shape, to the square shape phase 2 works in.
//!
//! A coordinate is one of the 3,678 shapes in which the slice can turn
//! ([`twisty_core::sq1::shape::cut_shapes`]) and the parity of the 16 pieces read in slot
//! order (top 0–11, then bottom 0–11, each piece at its first slot): 7,356 coordinates. How
//! a move changes the parity depends on the shape alone, so the table is built on one
//! state of each shape. A step of phase 1 is any turn of the layers after which the slice
//! can turn, then the slice: the distance is in slices (the twist metric), turns free.
//!
//! The target is both layers square with a corner at slots 0–1 (`CCE CCE CCE CCE`), where
//! the slice keeps both layers square, with the parity of the solved state turned
//! `(0,-1)`: phase 2's moves keep that parity, and every state with it is solvable in phase 2.

use twisty_core::sq1::shape::{cut_shapes, layer_shape, shape_cut, shape_rotated};
use twisty_core::sq1::{is_corner, Sq1State, CORNERS, SLOTS};

/// The square layer of phase 2: corners starting at slots 0, 3, 6, 9.
pub const SQUARE: u16 = 1 | 1 << 3 | 1 << 6 | 1 << 9;

/// A step from a shape: turn the top `a` and the bottom `b` slots, then the slice.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    /// The top's turn (0–11).
    pub a: u8,
    /// The bottom's turn (0–11).
    pub b: u8,
    /// The shape after the slice.
    pub next: u16,
    /// The parity's change.
    pub flip: u8,
}

/// Phase 1's coordinates, steps and distances.
#[derive(Debug, Clone)]
pub struct ShapeTable {
    /// Index of a pair of layer shapes: `layer_index[top] * layers + layer_index[bottom]`.
    layer_index: Vec<u16>,
    layers: usize,
    pair_index: Vec<u16>,
    /// Each shape's steps.
    pub steps: Vec<Vec<Step>>,
    /// Each shape's turns to the target shape: (a, b, the parity's change).
    pub finish: Vec<Vec<(u8, u8, u8)>>,
    /// Slices to the target, by `shape * 2 + parity`.
    pub dist: Vec<u8>,
    /// The target parity.
    pub target_parity: u8,
}

/// The parity of the pieces read in slot order.
pub fn reading_parity(s: &Sq1State) -> u8 {
    let mut seq = [0u8; 16];
    let mut n = 0;
    for layer in [s.top(), s.bottom()] {
        for i in 0..SLOTS {
            let id = layer[i];
            if !is_corner(id) || layer[(i + SLOTS - 1) % SLOTS] != id {
                if n < 16 {
                    seq[n] = id;
                }
                n += 1;
            }
        }
    }
    let mut inv = 0u32;
    for i in 0..16 {
        for j in i + 1..16 {
            inv += u32::from(seq[i] > seq[j]);
        }
    }
    (inv & 1) as u8
}

/// A state of a shape (pieces in order).
fn representative(top: u16, bottom: u16) -> Sq1State {
    let (mut c, mut e) = (0u8, CORNERS);
    let mut fill = |mask: u16| {
        let mut layer = [0u8; SLOTS];
        let mut i = 0;
        while i < SLOTS {
            if mask >> i & 1 == 1 {
                layer[i] = c;
                layer[i + 1] = c;
                c += 1;
                i += 2;
            } else {
                layer[i] = e;
                e += 1;
                i += 1;
            }
        }
        layer
    };
    let t = fill(top);
    let b = fill(bottom);
    Sq1State::from_parts_unchecked(t, b, false)
}

impl ShapeTable {
    /// Builds the table (a few milliseconds).
    pub fn new() -> ShapeTable {
        let shapes = cut_shapes();
        let mut layer_index = vec![u16::MAX; 1 << 12];
        let mut layers = 0usize;
        for &(t, b) in shapes {
            for m in [t, b] {
                if layer_index[usize::from(m)] == u16::MAX {
                    layer_index[usize::from(m)] = layers as u16;
                    layers += 1;
                }
            }
        }
        let mut pair_index = vec![u16::MAX; layers * layers];
        for (k, &(t, b)) in shapes.iter().enumerate() {
            pair_index[usize::from(layer_index[usize::from(t)]) * layers
                + usize::from(layer_index[usize::from(b)])] = k as u16;
        }
        let mut table = ShapeTable {
            layer_index,
            layers,
            pair_index,
            steps: Vec::with_capacity(shapes.len()),
            finish: Vec::with_capacity(shapes.len()),
            dist: vec![u8::MAX; 2 * shapes.len()],
            target_parity: 0,
        };
        for &(t, b) in shapes {
            let rep = representative(t, b);
            let p0 = reading_parity(&rep);
            let mut steps = Vec::new();
            let mut finish = Vec::new();
            for a in 0..12u8 {
                if !shape_cut(shape_rotated(t, a)) {
                    continue;
                }
                for bb in 0..12u8 {
                    if !shape_cut(shape_rotated(b, bb)) {
                        continue;
                    }
                    let mut s = rep;
                    s.turn(a, bb);
                    if shape_rotated(t, a) == SQUARE && shape_rotated(b, bb) == SQUARE {
                        finish.push((a, bb, reading_parity(&s) ^ p0));
                    }
                    s.slash();
                    let next = table.index(&s).unwrap_or(0);
                    steps.push(Step {
                        a,
                        b: bb,
                        next,
                        flip: reading_parity(&s) ^ p0,
                    });
                }
            }
            table.steps.push(steps);
            table.finish.push(finish);
        }
        let mut pre = Sq1State::default();
        pre.turn(0, 11);
        table.target_parity = reading_parity(&pre);
        // Distances by relaxation: 0 where a turn reaches the target, else one more than the
        // best step.
        for k in 0..shapes.len() {
            for p in 0..2u8 {
                if table.finish[k]
                    .iter()
                    .any(|&(_, _, f)| p ^ f == table.target_parity)
                {
                    table.dist[2 * k + usize::from(p)] = 0;
                }
            }
        }
        loop {
            let mut changed = false;
            for k in 0..shapes.len() {
                for p in 0..2u8 {
                    let best = table.steps[k]
                        .iter()
                        .map(|st| table.dist[2 * usize::from(st.next) + usize::from(p ^ st.flip)])
                        .min()
                        .unwrap_or(u8::MAX)
                        .saturating_add(1);
                    let here = &mut table.dist[2 * k + usize::from(p)];
                    if best < *here {
                        *here = best;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        table
    }

    /// The shape index of a state in which the slice can turn.
    pub fn index(&self, s: &Sq1State) -> Option<u16> {
        let t = self.layer_index[usize::from(layer_shape(s.top()))];
        let b = self.layer_index[usize::from(layer_shape(s.bottom()))];
        if t == u16::MAX || b == u16::MAX {
            return None;
        }
        let k = self.pair_index[usize::from(t) * self.layers + usize::from(b)];
        (k != u16::MAX).then_some(k)
    }

    /// The coordinate `(shape, parity)` of a state in which the slice can turn.
    pub fn coord(&self, s: &Sq1State) -> Option<(u16, u8)> {
        Some((self.index(s)?, reading_parity(s)))
    }

    /// Slices to the target from a coordinate.
    pub fn distance(&self, shape: u16, parity: u8) -> u8 {
        self.dist[2 * usize::from(shape) + usize::from(parity)]
    }

    /// The largest distance (the depth of phase 1).
    pub fn depth(&self) -> u8 {
        self.dist.iter().copied().max().unwrap_or(0)
    }
}

impl Default for ShapeTable {
    fn default() -> Self {
        ShapeTable::new()
    }
}
