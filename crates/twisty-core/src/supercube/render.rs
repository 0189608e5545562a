//! Text views of a supercube state: per shell, which cubies are unsolved and their
//! orientation state bytes.

use super::{cluster_kind, coords, group, SupercubeState};
use std::fmt::Write;

/// The shell of a position: 0 for the outer surface, up to ⌊(N−1)/2⌋ for the core.
pub fn shell_of(n: usize, pos: usize) -> usize {
    coords(n, pos)
        .iter()
        .map(|&c| c.min(n - 1 - c))
        .min()
        .unwrap_or(0)
}

/// Renders the state shell by shell, from the core outwards. Each shell line gives the size
/// of its cube, the unsolved count, then one grid per z layer of that shell's cube with the
/// state byte (hex) of each unsolved cubie and `..` for solved ones (`  ` for cubies of
/// other shells). `colour` paints unsolved cubies red.
pub fn render(state: &SupercubeState, colour: bool) -> String {
    let n = state.n as usize;
    let g = group();
    let mut out = String::new();
    let total = state.unsolved();
    let _ = writeln!(
        out,
        "{n}x{n}x{n} full supercube: {total} of {} cubies unsolved",
        n * n * n
    );
    let shells = n.div_ceil(2);
    for r in (0..shells).rev() {
        let size = n - 2 * r;
        let members: Vec<usize> = (0..n * n * n).filter(|&p| shell_of(n, p) == r).collect();
        let bad = members.iter().filter(|&&p| state.orient[p] != 0).count();
        let _ = writeln!(
            out,
            "shell {} ({size}x{size}x{size}): {bad} of {} unsolved",
            shells - 1 - r,
            members.len()
        );
        if bad == 0 {
            continue;
        }
        for z in r..n - r {
            let _ = write!(out, "  z={z:<2}");
            for y in r..n - r {
                let _ = write!(out, " |");
                for x in r..n - r {
                    let p = (z * n + y) * n + x;
                    if shell_of(n, p) != r {
                        out.push_str("   ");
                    } else if state.orient[p] == 0 {
                        out.push_str(" ..");
                    } else if colour {
                        let _ = write!(out, " \x1b[31m{:02x}\x1b[0m", g.state[state.orient[p] as usize]);
                    } else {
                        let _ = write!(out, " {:02x}", g.state[state.orient[p] as usize]);
                    }
                }
            }
            out.push('\n');
        }
    }
    let mut kinds = [0usize; 7];
    for p in 0..n * n * n {
        if state.orient[p] != 0 {
            kinds[cluster_kind(n, p) as usize] += 1;
        }
    }
    let parts: Vec<String> = (1..7)
        .filter(|&k| kinds[k] > 0)
        .map(|k| format!("C{k}: {}", kinds[k]))
        .collect();
    if !parts.is_empty() {
        let _ = writeln!(out, "unsolved by cluster kind: {}", parts.join(", "));
    }
    out
}
