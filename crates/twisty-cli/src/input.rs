//! Reading a puzzle state from the command line: moves, a moves file, a state string.

use crate::args::StateArgs;
use crate::context::{CliError, CliResult};
use crate::puzzles::CliPuzzle;
use anyhow::Context;
use std::io::IsTerminal;
use std::path::Path;

/// Where a state came from, for display.
#[derive(Debug, Clone)]
pub struct Loaded<P: CliPuzzle> {
    /// The state, in the solvers' reference frame.
    pub state: P::State,
    /// How the puzzle is held after the input (home for a state string in the reference
    /// orientation and for the seed's notation).
    pub frame: P::Frame,
    /// The moves that produced it, as written, when it was given as moves.
    pub moves: Option<String>,
}

/// Reads the text of a moves file (`-` = stdin), at most [`crate::bounded::MAX_INPUT`]
/// bytes: a longer input is refused without reading the rest (`--file /dev/zero`).
pub fn read_file(path: &Path) -> CliResult<String> {
    read_file_up_to(path, crate::bounded::MAX_INPUT)
}

/// [`read_file`] with another bound, in bytes (a list of inputs for a bench).
pub fn read_file_up_to(path: &Path, limit: usize) -> CliResult<String> {
    use crate::bounded::{read_text, BoundedError};
    if path.as_os_str() == "-" {
        return read_text(std::io::stdin().lock(), limit).map_err(|e| match e {
            BoundedError::TooLarge(_) => CliError::usage(anyhow::anyhow!("standard input: {e}")),
            e => CliError::failure(anyhow::anyhow!("cannot read moves from standard input: {e}")),
        });
    }
    let file = std::fs::File::open(path)
        .with_context(|| format!("cannot read moves file {}", path.display()))
        .map_err(CliError::usage)?;
    read_text(file, limit).map_err(|e| match e {
        BoundedError::TooLarge(_) => CliError::usage(anyhow::anyhow!("{}: {e}", path.display())),
        e => CliError::usage(anyhow::anyhow!("cannot read moves file {}: {e}", path.display())),
    })
}

/// Loads the state described by `args`: moves in the standard notation as held (or the
/// seed's notation in the reference frame), a state string, a file. With no input given,
/// the input is read from standard input when that is not a terminal (moves, or a state
/// string on its own); on a terminal it is a usage error saying how to give one.
pub fn load_state<P: CliPuzzle>(p: &P, args: &StateArgs, seed_notation: bool) -> CliResult<Loaded<P>> {
    if let Some(f) = &args.facelets {
        let (state, frame) = p.parse_state_string_held(f)?;
        return Ok(Loaded {
            state,
            frame,
            moves: None,
        });
    }
    let (text, origin) = if let Some(f) = &args.file {
        (read_file(f)?, Some(f.clone()))
    } else if args.moves.len() == 1 && looks_like_path(&args.moves[0]) {
        let f = Path::new(&args.moves[0]).to_path_buf();
        (read_file(&f)?, Some(f))
    } else if args.moves.is_empty() {
        let text = stdin_text()?;
        let word = text.trim();
        if looks_like_state_string(word) {
            if let Ok((state, frame)) = p.parse_state_string_held(word) {
                return Ok(Loaded {
                    state,
                    frame,
                    moves: None,
                });
            }
        }
        (text, Some(std::path::PathBuf::from("<stdin>")))
    } else {
        (args.moves.join(" "), None)
    };
    let parsed = if seed_notation {
        p.parse_moves(&text).map(|m| (p.state_after(&m), p.home_frame()))
    } else {
        p.parse_held(&text)
    };
    let (state, frame) = parsed.map_err(|e| match origin.as_deref() {
        Some(f) => CliError::usage(anyhow::anyhow!("{}: {e}", f.display())),
        None => CliError::usage(e),
    })?;
    Ok(Loaded {
        state,
        frame,
        moves: Some(text),
    })
}

/// The input on standard input when it is not a terminal; on a terminal, a usage error
/// saying how to give an input.
pub fn stdin_text() -> CliResult<String> {
    if std::io::stdin().is_terminal() {
        return Err(CliError::usage(anyhow::anyhow!("{NO_INPUT_HINT}")));
    }
    read_file(Path::new("-"))
}

/// How to give an input, for a command run on a terminal with none.
pub const NO_INPUT_HINT: &str = "no input: give moves (e.g. `twisty solve R U R\' U\'`), \
     --facelets STRING, --file FILE, or pipe the input in (`echo \"R U\" | twisty solve`); \
     for many states one per line use `twisty solve --batch FILE` (or `--batch -` for standard input)";

/// One long word of letters or hex digits: what a state string looks like (moves are short
/// words separated by spaces).
fn looks_like_state_string(word: &str) -> bool {
    word.len() >= 16 && word.chars().all(|c| c.is_ascii_alphanumeric())
}

/// A single MOVES argument is read as a file when it names an existing file and contains
/// a path separator or a dot (so `F` is always a move).
fn looks_like_path(s: &str) -> bool {
    (s.contains('/') || s.contains('.')) && Path::new(s).is_file()
}
