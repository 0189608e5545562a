//! The puzzles given by a definition ([`DefId`]): a process-wide registry of compiled
//! [`DefPuzzle`]s, so that [`PuzzleId::Def`](crate::PuzzleId::Def) stays `Copy`.
//!
//! Built-in definitions ([`twisty_core::def::library`]) are compiled and registered by name
//! on first use; a definition file (`def:PATH`, `.tws` or cubing.js KPuzzle JSON, told apart
//! by its content) is read with a size bound and registered by its canonical path and a hash
//! of its content, so the same unchanged file is compiled once per process.

use crate::error::{EngineError, ErrorKind};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use twisty_core::def::{self, DefPuzzle, MAX_DEFINITION_BYTES};

/// The built-in definitions named without the `def:` prefix: the puzzles twisty has no
/// dedicated model of. The others (`2x2x2`, `3x3x3`, `4x4x4`, `kilominx`) are reached as
/// `def:NAME`, their plain names being the dedicated puzzles.
pub const PLAIN_NAMES: &[&str] = &["pyraminx", "skewb", "megaminx", "fto", "dino", "helicopter"];

/// Most definitions registered in one process.
pub const MAX_DEFINITIONS: usize = 4096;

/// A puzzle given by a definition: an index into the process's registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DefId(u16);

/// Where a registered definition came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DefSource {
    /// A built-in definition, by name.
    Builtin(&'static str),
    /// A file, by canonical path, with a hash of the text read.
    File(PathBuf, u64),
}

struct Entry {
    source: DefSource,
    puzzle: Arc<DefPuzzle>,
}

fn registry() -> &'static Mutex<Vec<Entry>> {
    static R: OnceLock<Mutex<Vec<Entry>>> = OnceLock::new();
    R.get_or_init(|| Mutex::new(Vec::new()))
}

fn register(
    source: DefSource,
    compile: impl FnOnce() -> Result<DefPuzzle, EngineError>,
) -> Result<DefId, EngineError> {
    let mut r = registry().lock().unwrap_or_else(|p| p.into_inner());
    if let Some(i) = r.iter().position(|e| e.source == source) {
        return Ok(DefId(i as u16));
    }
    if r.len() >= MAX_DEFINITIONS {
        return Err(EngineError::new(
            ErrorKind::TooLarge,
            format!("at most {MAX_DEFINITIONS} definitions can be read in one process"),
        ));
    }
    let puzzle = Arc::new(compile()?);
    r.push(Entry { source, puzzle });
    Ok(DefId((r.len() - 1) as u16))
}

impl DefId {
    /// The built-in definition `name` (see [`twisty_core::def::BUILTIN`]).
    pub fn builtin(name: &str) -> Result<DefId, EngineError> {
        let Some(&(n, text)) = def::BUILTIN.iter().find(|(n, _)| *n == name) else {
            return Err(unknown_builtin(name));
        };
        register(DefSource::Builtin(n), || {
            DefPuzzle::from_tws(text).map_err(|e| {
                EngineError::new(
                    ErrorKind::Internal,
                    format!("the built-in definition {n} does not compile: {e}"),
                )
            })
        })
    }

    /// The definition in the file at `path` (`.tws` or KPuzzle JSON, by content), read and
    /// compiled once per process while the file is unchanged.
    pub fn from_path(path: &Path) -> Result<DefId, EngineError> {
        let shown = path.display();
        let meta = std::fs::metadata(path)
            .map_err(|e| EngineError::usage(format!("cannot read the definition file {shown}: {e}")))?;
        if !meta.is_file() {
            return Err(EngineError::usage(format!(
                "the definition {shown} is not a file"
            )));
        }
        if meta.len() > MAX_DEFINITION_BYTES as u64 {
            return Err(EngineError::new(
                ErrorKind::TooLarge,
                format!(
                    "the definition file {shown} has {} bytes; at most {MAX_DEFINITION_BYTES} are read",
                    meta.len()
                ),
            ));
        }
        let bytes = std::fs::read(path)
            .map_err(|e| EngineError::usage(format!("cannot read the definition file {shown}: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            EngineError::new(
                ErrorKind::Parse,
                format!(
                    "the definition file {shown} is not UTF-8 text (byte {})",
                    e.utf8_error().valid_up_to() + 1
                ),
            )
        })?;
        let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let mut h = DefaultHasher::new();
        text.hash(&mut h);
        let source = DefSource::File(canonical.clone(), h.finish());
        register(source, || {
            DefPuzzle::from_text(&text).map_err(|e| {
                let mut err = EngineError::new(
                    ErrorKind::Parse,
                    format!("definition {}: {e}", canonical.display()),
                );
                err.line = (e.line > 0).then_some(e.line);
                err.column = (e.column > 0).then_some(e.column);
                err
            })
        })
    }

    /// `NAME` of `def:NAME`: a built-in name, else a file path.
    pub fn parse(name: &str) -> Result<DefId, EngineError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(EngineError::usage(format!(
                "`def:` needs a built-in name ({}) or a definition file's path",
                builtin_list()
            )));
        }
        if def::builtin_text(name).is_some() {
            return DefId::builtin(name);
        }
        let path = Path::new(name);
        if path.exists() {
            return DefId::from_path(path);
        }
        Err(unknown_builtin(name))
    }

    /// The compiled puzzle.
    pub fn puzzle(self) -> Arc<DefPuzzle> {
        let r = registry().lock().unwrap_or_else(|p| p.into_inner());
        // Ids are only made by the registry, which never forgets one.
        r[self.0 as usize].puzzle.clone()
    }

    /// Where it came from.
    pub fn source(self) -> DefSource {
        let r = registry().lock().unwrap_or_else(|p| p.into_inner());
        r[self.0 as usize].source.clone()
    }

    /// The built-in name, if it is one.
    pub fn builtin_name(self) -> Option<&'static str> {
        match self.source() {
            DefSource::Builtin(n) => Some(n),
            DefSource::File(..) => None,
        }
    }

    /// The name it is written as (`pyraminx`, `def:3x3x3`, `def:/path/to/file.tws`): read
    /// back by [`crate::PuzzleId`]'s parser as the same puzzle.
    pub fn name(self) -> String {
        match self.source() {
            DefSource::Builtin(n) if PLAIN_NAMES.contains(&n) => n.to_string(),
            DefSource::Builtin(n) => format!("def:{n}"),
            DefSource::File(p, _) => format!("def:{}", p.display()),
        }
    }

    /// A human name: the definition's own `Name`, or the built-in's.
    pub fn title(self) -> String {
        match self.source() {
            DefSource::Builtin(n) => match n {
                "pyraminx" => "Pyraminx".into(),
                "skewb" => "Skewb".into(),
                "megaminx" => "Megaminx".into(),
                "fto" => "FTO".into(),
                "dino" => "Dino cube".into(),
                "helicopter" => "Helicopter cube".into(),
                other => format!("{other} (definition)"),
            },
            DefSource::File(..) => format!("{} (definition)", twisty_core::Puzzle::name(&*self.puzzle())),
        }
    }

    /// The dedicated puzzle twisty has for this definition, if any (`def:2x2x2` → `2x2`).
    pub fn dedicated(self) -> Option<crate::PuzzleId> {
        match self.builtin_name()? {
            "2x2x2" => Some(crate::PuzzleId::Cube2),
            "3x3x3" => Some(crate::PuzzleId::Cube3),
            "4x4x4" => Some(crate::PuzzleId::CubeN(4)),
            "kilominx" => Some(crate::PuzzleId::Kilominx),
            _ => None,
        }
    }
}

/// The built-in names as the parser accepts them.
pub fn builtin_list() -> String {
    def::builtin_names()
        .map(|n| {
            if PLAIN_NAMES.contains(&n) {
                n.to_string()
            } else {
                format!("def:{n}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn unknown_builtin(name: &str) -> EngineError {
    EngineError::usage(format!(
        "unknown definition `{name}`: not a built-in ({}) and no such file",
        def::builtin_names().collect::<Vec<_>>().join(", ")
    ))
}
