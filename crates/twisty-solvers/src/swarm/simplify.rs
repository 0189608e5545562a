//! `--simplify`: cancel and merge adjacent turns of one face (also across a turn of the
//! opposite face, which commutes with it), e.g. `R L R'` → `L`, `U U` → `U2`.

use twisty_core::cube3::Cube3Move;

/// The shortest equivalent sequence obtained by merging turns of a face that are adjacent
/// up to commuting opposite-face turns. Never longer than the input, same effect.
pub fn simplify(moves: &[Cube3Move]) -> Vec<Cube3Move> {
    let mut out: Vec<Cube3Move> = Vec::with_capacity(moves.len());
    for &mv in moves {
        let face = mv.face();
        // Where a turn of `face` may merge: the last move, or the one before it when the
        // last is a turn of the opposite face.
        let n = out.len();
        let slot = if n >= 1 && out[n - 1].face() == face {
            Some(n - 1)
        } else if n >= 2 && out[n - 1].face() % 3 == face % 3 && out[n - 2].face() == face {
            Some(n - 2)
        } else {
            None
        };
        match slot {
            Some(i) => {
                let amount = (out[i].amount() + mv.amount()) % 4;
                match Cube3Move::new(face, amount) {
                    Some(m) => out[i] = m,
                    None => {
                        out.remove(i);
                    }
                }
            }
            None => out.push(mv),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::cube3::Cube3;
    use twisty_core::rng::seeded_rng;
    use twisty_core::Puzzle;

    #[test]
    fn merges_and_cancels() {
        let p = Cube3;
        let m = |t: &str| p.parse_moves(t).unwrap();
        assert_eq!(simplify(&m("R L R'")), m("L"));
        assert_eq!(simplify(&m("U U")), m("U2"));
        assert_eq!(simplify(&m("F R R' F'")), m(""));
        assert_eq!(simplify(&m("U D U2 D'")), m("U'"));
        assert_eq!(simplify(&m("R U R'")), m("R U R'"));
    }

    #[test]
    fn same_effect_never_longer() {
        let p = Cube3;
        let mut rng = seeded_rng(3);
        for _ in 0..200 {
            // Uniform moves (no same-face filter), as the metaheuristics produce.
            let moves: Vec<Cube3Move> = (0..30)
                .map(|_| Cube3Move::ALL[rand::Rng::random_range(&mut rng, 0..18)])
                .collect();
            let s = simplify(&moves);
            assert!(s.len() <= moves.len());
            assert_eq!(p.state_after(&s), p.state_after(&moves));
        }
    }
}
