//! Every answer leaving the engine is simplified before it is counted: turns of one face
//! merged (`U U` → `U2`), cancelled (`D' D`), also across turns of faces that commute with
//! them (`R L R'` → `L`), so the report's length is the metric's count of what is printed.

use twisty_core::Puzzle;

/// `moves` with turns of one face merged or cancelled, also across turns of faces that
/// commute with it. The result has the same effect as `moves` on every state.
pub fn simplified<P: Puzzle>(p: &P, moves: &[P::Move]) -> Vec<P::Move> {
    // The state of each single move, made on the first merge (the supercube's are large).
    let mut singles: Option<Vec<(P::Move, P::State)>> = None;
    let mut out: Vec<P::Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        let face = p.face(m);
        // The last move of the same face that only commuting turns separate from `m`.
        let mut at = None;
        for (i, &q) in out.iter().enumerate().rev() {
            let f = p.face(q);
            if f == face {
                at = Some(i);
                break;
            }
            if !p.faces_commute(f, face) {
                break;
            }
        }
        let Some(i) = at else {
            out.push(m);
            continue;
        };
        let both = p.state_after(&[out[i], m]);
        if p.is_solved(&both) {
            out.remove(i);
            continue;
        }
        let singles =
            singles.get_or_insert_with(|| p.moves().into_iter().map(|c| (c, p.state_after(&[c]))).collect());
        match singles.iter().find(|(c, s)| p.face(*c) == face && *s == both) {
            Some(&(c, _)) => out[i] = c,
            None => out.push(m),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::simplified;
    use twisty_core::cube2::Cube2;
    use twisty_core::cube3::Cube3;
    use twisty_core::kilominx::Kilominx;
    use twisty_core::supercube::Supercube;
    use twisty_core::Puzzle;

    fn simple<P: Puzzle>(p: &P, text: &str) -> String {
        let moves = p.parse_moves(text).expect("moves");
        let out = simplified(p, &moves);
        assert_eq!(p.state_after(&out), p.state_after(&moves), "same effect: {text}");
        p.format_moves(&out)
    }

    #[test]
    fn same_face_turns_merge_and_cancel() {
        assert_eq!(simple(&Cube2, "R' U U F U' R'"), "R' U2 F U' R'");
        assert_eq!(simple(&Cube3, "D' D' L2 L' R"), "D2 L R");
        assert_eq!(simple(&Cube3, "R L R'"), "L");
        assert_eq!(simple(&Cube3, "R U U' R'"), "");
        assert_eq!(
            simple(&Cube3, "U2 U' R2 B B2 D' L' B B F' B2 U' R'"),
            // B2 F' B2: F commutes with B, and the two B2 cancel.
            "U R2 B' D' L' F' U' R'"
        );
        assert_eq!(simple(&Kilominx, "R R R"), "R2'");
        assert_eq!(simple(&Kilominx, "R2 R2 R"), "");
        // The supercube's slices of one axis commute: x0 merges across x2.
        let cube = Supercube::new(3).expect("a size");
        let moves = cube.parse_moves("x0 x2 x0 y1 y1'").expect("moves");
        let out = simplified(&cube, &moves);
        assert_eq!(out.len(), 2, "{}", cube.format_moves(&out));
        assert_eq!(cube.state_after(&out), cube.state_after(&moves));
    }
}
