//! A definition as read, before it is compiled into a [`DefPuzzle`](super::DefPuzzle).
//!
//! Every transformation and pattern is stored in the packed state layout of
//! [`super`]: orbit by orbit, `pieces` permutation bytes then `pieces` orientation bytes.
//! Transformations use the *state* convention (twsearch's `MoveTransformation`, cubing.js's
//! KPuzzle): applying `t` to a state `s` gives `s'[i] = s[t[i]]` for the permutation and
//! `o'[i] = o[t[i]] + t.o[i]` for the orientation.

/// One orbit (twsearch's `Set`): `pieces` slots whose pieces carry `orientations`
/// orientations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrbitSpec {
    /// The orbit's name, e.g. `CORNERS`.
    pub name: String,
    /// Number of pieces (and slots), 1 to [`super::MAX_PIECES`].
    pub pieces: usize,
    /// Number of orientations, 1 to [`super::MAX_ORIENTATIONS`].
    pub orientations: u8,
    /// 1-based line of the declaration (0 when not read from text).
    pub line: usize,
}

/// A solved pattern: the label of the piece each slot holds (equal labels: identical
/// pieces), its orientation, and the modulus its orientation counts in (1: any orientation,
/// twsearch's `?`; the orbit's orientation count or 0: every orientation distinct).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternSpec {
    /// Packed state layout: per orbit, `pieces` labels then `pieces` orientations.
    pub bytes: Vec<u8>,
    /// Per slot (orbit by orbit, `pieces` entries each) the orientation modulus.
    pub orientation_mod: Vec<u8>,
    /// 1-based line where the pattern starts (0 when not read from text).
    pub line: usize,
}

/// A move given by its transformation (twsearch's `Move`/`MoveTransformation`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveSpec {
    /// The move's name, e.g. `R` (a rotation when named `x`, `y`, `z` or capitals then `v`).
    pub name: String,
    /// The transformation, packed state layout, state convention.
    pub transform: Vec<u8>,
    /// 1-based line of the declaration (0 when not read from text).
    pub line: usize,
}

/// A move given by a sequence of other moves (twsearch's `MoveSequence`, which is searched
/// like a `Move`, and `MoveAlias`, which is only read in input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequenceSpec {
    /// The new move's name.
    pub name: String,
    /// The sequence, in the definition's move names.
    pub text: String,
    /// `MoveAlias`: readable in input but not a move of the searches.
    pub alias: bool,
    /// 1-based line of the declaration (0 when not read from text).
    pub line: usize,
}

/// A slot that must not hold some pieces (twsearch's `Illegal`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalSpec {
    /// Index of the orbit in [`Definition::orbits`].
    pub orbit: usize,
    /// 0-based slot in the orbit.
    pub slot: usize,
    /// The forbidden labels (0-based, after the solved state's labels are numbered densely
    /// in increasing order).
    pub labels: Vec<u8>,
    /// 1-based line of the declaration (0 when not read from text).
    pub line: usize,
}

/// A puzzle definition as read from a `.tws` file or KPuzzle JSON.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Definition {
    /// The puzzle's name.
    pub name: String,
    /// The orbits, in order: the state layout follows this order.
    pub orbits: Vec<OrbitSpec>,
    /// One or more solved patterns (the first defines the labels and orientation moduli).
    pub solved: Vec<PatternSpec>,
    /// Moves (and rotations) given by transformations, in order.
    pub moves: Vec<MoveSpec>,
    /// Moves (and rotations) given by sequences, in order.
    pub sequences: Vec<SequenceSpec>,
    /// Forbidden slot contents.
    pub illegal: Vec<IllegalSpec>,
}

impl Definition {
    /// The number of bytes of a packed state: twice the number of pieces.
    pub fn state_len(&self) -> usize {
        self.orbits.iter().map(|o| 2 * o.pieces).sum()
    }

    /// The same definition with every line number set to 0, for comparing definitions read
    /// from different texts.
    pub fn without_lines(&self) -> Definition {
        let mut d = self.clone();
        d.orbits.iter_mut().for_each(|o| o.line = 0);
        d.solved.iter_mut().for_each(|p| p.line = 0);
        d.moves.iter_mut().for_each(|m| m.line = 0);
        d.sequences.iter_mut().for_each(|s| s.line = 0);
        d.illegal.iter_mut().for_each(|i| i.line = 0);
        d
    }
}

/// Whether a move name is a whole-puzzle rotation, by twsearch's rule: `x`, `y`, `z`
/// (optionally followed by `2` or `'`), or capital letters and underscores followed by a
/// single `v` (`Uv`, `BRv`).
pub fn is_rotation_name(name: &str) -> bool {
    let b = name.as_bytes();
    if matches!(b.first(), Some(b'x' | b'y' | b'z'))
        && (b.len() == 1 || (b.len() == 2 && matches!(b[1], b'2' | b'\'')))
    {
        return true;
    }
    let caps = b
        .iter()
        .take_while(|&&c| c == b'_' || c.is_ascii_uppercase())
        .count();
    caps > 0 && caps + 1 == b.len() && b[caps] == b'v'
}
