//! Reading a puzzle state from the command line: moves, a moves file, a state string.

use crate::args::StateArgs;
use crate::commands::{CliError, CliResult};
use crate::puzzles::CliPuzzle;
use anyhow::Context;
use std::io::Read;
use std::path::Path;

/// Where a state came from, for display.
#[derive(Debug, Clone)]
pub struct Loaded<P: CliPuzzle> {
    /// The state.
    pub state: P::State,
    /// The moves that produced it, as written, when it was given as moves.
    pub moves: Option<String>,
}

/// Reads the text of a moves file (`-` = stdin).
pub fn read_file(path: &Path) -> CliResult<String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("cannot read moves from standard input")
            .map_err(CliError::failure)?;
        return Ok(s);
    }
    std::fs::read_to_string(path)
        .with_context(|| format!("cannot read moves file {}", path.display()))
        .map_err(CliError::usage)
}

/// Loads the state described by `args` (solved when nothing is given); moves in the
/// standard notation as held, or the seed's notation in the reference frame.
pub fn load_state<P: CliPuzzle>(p: &P, args: &StateArgs, seed_notation: bool) -> CliResult<Loaded<P>> {
    if let Some(f) = &args.facelets {
        let state = p.parse_state_string(f)?;
        return Ok(Loaded { state, moves: None });
    }
    let (text, origin) = if let Some(f) = &args.file {
        (read_file(f)?, Some(f.clone()))
    } else if args.moves.len() == 1 && looks_like_path(&args.moves[0]) {
        let f = Path::new(&args.moves[0]).to_path_buf();
        (read_file(&f)?, Some(f))
    } else {
        (args.moves.join(" "), None)
    };
    // Moves are read as the puzzle is held (rotations, wide moves and turns of the fixed
    // piece's faces tracked); the state is kept in the reference frame.
    let parsed = if seed_notation {
        p.parse_moves(&text).map(|m| p.state_after(&m))
    } else {
        p.parse_held(&text).map(|(s, _frame)| s)
    };
    let state = parsed.map_err(|e| match origin.as_deref() {
        Some(f) => CliError::usage(anyhow::anyhow!("{}: {e}", f.display())),
        None => CliError::usage(e),
    })?;
    Ok(Loaded {
        state,
        moves: Some(text),
    })
}

/// A single MOVES argument is read as a file when it names an existing file and contains
/// a path separator or a dot (so `F` is always a move).
fn looks_like_path(s: &str) -> bool {
    (s.contains('/') || s.contains('.')) && Path::new(s).is_file()
}
