//! Shapes of the Square-1: where the corners lie in each layer, ignoring which corner and
//! which edge.
//!
//! A layer's shape is a 12-bit mask, bit `i` set when a corner starts at slot `i` (fills `i`
//! and `i + 1`). The slice passes when both layers have a piece starting at slots 0 and 6;
//! 3,678 pairs of layer shapes with 8 corners in all do ([`cut_shapes`]), the count the
//! WCA's scrambler draws from.

use super::{is_corner, CORNERS, EDGES, SLOTS};
use crate::InvalidState;
use std::sync::OnceLock;

/// The shape of a layer: bit `i` set when a corner starts at slot `i`.
pub fn layer_shape(layer: &[u8; SLOTS]) -> u16 {
    let mut mask = 0u16;
    for i in 0..SLOTS {
        if is_corner(layer[i]) && layer[(i + 1) % SLOTS] == layer[i] && layer[(i + 11) % SLOTS] != layer[i] {
            mask |= 1 << i;
        }
    }
    mask
}

/// Whether a layer of this shape lets the slice through: no corner starts at 11 or 5.
pub fn shape_cut(mask: u16) -> bool {
    mask & (1 << 11 | 1 << 5) == 0
}

/// A shape turned `k` slots.
pub fn shape_rotated(mask: u16, k: u8) -> u16 {
    let k = u32::from(k % 12);
    ((mask << k) | (mask >> (12 - k))) & 0xfff
}

/// Every layer shape that lets the slice through (each half a row of corners and edges
/// filling 6 slots), with its corner count.
fn cut_layers() -> Vec<(u16, u32)> {
    // The ways to fill 6 slots from slot 0: masks of corner starts.
    fn halves(at: usize, mask: u16, out: &mut Vec<u16>) {
        if at == 6 {
            out.push(mask);
            return;
        }
        halves(at + 1, mask, out);
        if at + 2 <= 6 {
            halves(at + 2, mask | 1 << at, out);
        }
    }
    let mut h = Vec::new();
    halves(0, 0, &mut h);
    let mut out = Vec::new();
    for &a in &h {
        for &b in &h {
            let m = a | b << 6;
            out.push((m, m.count_ones()));
        }
    }
    out
}

/// The pairs (top, bottom) of layer shapes that let the slice through and hold the 8
/// corners and 8 edges: 3,678 of them, in a fixed order.
pub fn cut_shapes() -> &'static [(u16, u16)] {
    static SHAPES: OnceLock<Vec<(u16, u16)>> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let layers = cut_layers();
        let mut out = Vec::new();
        for &(t, ct) in &layers {
            for &(b, cb) in &layers {
                // Each layer's 12 slots are its corners' 2 and its edges' 1.
                let (et, eb) = (12 - 2 * ct, 12 - 2 * cb);
                if ct + cb == u32::from(CORNERS) && et + eb == u32::from(EDGES) {
                    out.push((t, b));
                }
            }
        }
        out
    })
}

/// Whether some turn of a layer of this shape lets the slice through. Every layer shape
/// does (a test checks all 322), so every arrangement of the 16 pieces with a well formed
/// corner in two adjacent slots is a state of the puzzle: the Square-1 has no parity.
pub fn reachable(mask: u16) -> bool {
    (0..12).any(|k| shape_cut(shape_rotated(mask, k)))
}

/// Checks two layers: every corner in two adjacent slots of one layer and each of the 16
/// pieces once (nothing else: every such state is reachable, [`reachable`]). The error
/// names the layer, the slot and the piece.
pub fn check_layers(top: &[u8; SLOTS], bottom: &[u8; SLOTS]) -> Result<(), InvalidState> {
    let mut seen = [0u8; 16];
    for (name, layer) in [("top", top), ("bottom", bottom)] {
        for i in 0..SLOTS {
            let id = layer[i];
            if usize::from(id) >= seen.len() {
                return Err(InvalidState::NoSuchPiece(format!(
                    "the {name}'s slot {i} holds piece {id}: the pieces are 0–15"
                )));
            }
            seen[usize::from(id)] += 1;
            if is_corner(id) {
                let (prev, next) = (layer[(i + 11) % SLOTS], layer[(i + 1) % SLOTS]);
                if prev != id && next != id {
                    return Err(InvalidState::Malformed(format!(
                        "corner {} fills slot {i} of the {name} alone: a corner fills two adjacent slots of one layer",
                        super::render::piece_name(id)
                    )));
                }
            }
        }
    }
    for id in 0..16u8 {
        let want = if is_corner(id) { 2 } else { 1 };
        let n = seen[usize::from(id)];
        if n != want {
            let name = super::render::piece_name(id);
            let kind = if is_corner(id) { "corner" } else { "edge" };
            return Err(if n > want {
                InvalidState::DuplicatePiece(format!(
                    "{kind} {name} fills {n} slots (a {kind} fills {want}); another piece is missing"
                ))
            } else {
                InvalidState::NoSuchPiece(format!(
                    "{kind} {name} fills {n} slots, expected {want}: it is missing or a piece is written in its place"
                ))
            });
        }
    }
    Ok(())
}
