//! CLI glue for the Kilominx.

use crate::args::{PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs};
use crate::commands::{self, CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use std::time::Duration;
use twisty_core::kilominx::{
    render_net, render_net_held, HeldNames, KiloFrame, KiloMove, KiloState, Kilominx, CUBIE_NAMES, FIXED,
};
use twisty_search::{Origin, TableCache};
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::optimal::kilominx::KilominxOptimal;
use twisty_solvers::Limits;

/// Loads (or builds, with a progress bar) the fast solver's tables; kept for the process.
pub fn fast(ctx: &Ctx) -> CliResult<&'static KilominxFast> {
    static FAST: std::sync::OnceLock<KilominxFast> = std::sync::OnceLock::new();
    if let Some(s) = FAST.get() {
        return Ok(s);
    }
    let cache = TableCache::new(&ctx.tables_dir).with_max_memory(ctx.max_memory);
    let specs = twisty_solvers::kilominx_fast::specs();
    let missing: Vec<_> = specs.iter().filter(|s| !cache.path(s).exists()).collect();
    if !missing.is_empty() {
        let bytes: u64 = missing.iter().map(|s| s.data_len()).sum();
        eprintln!(
            "building {} Kilominx fast-solver table(s) ({} in all; a few seconds) into {}",
            missing.len(),
            twisty_search::file::human_bytes(bytes),
            cache.dir().display()
        );
    }
    let s = KilominxFast::new(&cache, ctx.progress).map_err(CliError::failure)?;
    for (spec, origin) in s.origins() {
        if let Origin::Rebuilt(reason) = origin {
            eprintln!("warning: {}: {reason}; rebuilt", cache.path(&spec).display());
        }
    }
    Ok(FAST.get_or_init(|| s))
}

/// Loads (or builds, with a warning on stderr giving the expected size and time) the optimal
/// solver's tables.
pub fn optimal(ctx: &Ctx, heuristic: &str) -> CliResult<KilominxOptimal> {
    use twisty_solvers::optimal::kilominx::{specs, HEURISTICS};
    let cache = TableCache::new(&ctx.tables_dir).with_max_memory(ctx.max_memory);
    let Some(specs) = specs(heuristic) else {
        return Err(CliError::usage(anyhow::anyhow!(
            "unknown Kilominx heuristic `{heuristic}`: available: {}",
            HEURISTICS.join(", ")
        )));
    };
    let missing: Vec<_> = specs.iter().filter(|s| !cache.path(s).exists()).collect();
    if !missing.is_empty() {
        let bytes: u64 = missing.iter().map(|s| s.data_len()).sum();
        let secs: f64 = missing
            .iter()
            .map(|s| {
                let per_entry = if s.entry_bits == 2 {
                    BUILD_SECS_PER_ENTRY_MOD3
                } else {
                    BUILD_SECS_PER_ENTRY
                };
                s.entries as f64 * per_entry
            })
            .sum();
        eprintln!(
            "warning: building {} Kilominx pattern database(s) for `--heuristic {heuristic}` \
             ({} in all, about {} on 2 cores) into {}; `twisty tables build --puzzle kilominx \
             --heuristic {heuristic}` builds them ahead of time",
            missing.len(),
            twisty_search::file::human_bytes(bytes),
            crate::output::human_duration(Duration::from_secs_f64(secs.max(1.0))),
            cache.dir().display()
        );
    }
    let s = KilominxOptimal::new_with_progress(&cache, heuristic, true).map_err(CliError::failure)?;
    for p in s.pdbs() {
        if let Origin::Rebuilt(reason) = &p.origin {
            eprintln!("warning: {}: {reason}; rebuilt", cache.path(&p.spec()).display());
        }
    }
    Ok(s)
}

/// Measured build time per 4-bit database entry with two idle cores (BENCHMARKS.md: the five
/// face tables, 1.7 billion entries, in about 70 s).
const BUILD_SECS_PER_ENTRY: f64 = 4.5e-8;
/// Measured build time per 2-bit (distance mod 3) database entry with two idle cores
/// (BENCHMARKS.md: the two 6-cubie tables, 28.5 billion entries, in about 14 min).
const BUILD_SECS_PER_ENTRY_MOD3: f64 = 3.0e-8;

impl CliPuzzle for Kilominx {
    fn scramble_length(&self) -> usize {
        30
    }

    fn render(&self, state: &KiloState, colour: bool) -> String {
        render_net(state, colour)
    }

    /// Drawn as held, the faces labelled in cubing.js's notation.
    fn render_held(&self, state: &KiloState, frame: KiloFrame, colour: bool) -> String {
        render_net_held(state, frame, HeldNames::Cubing, colour)
    }

    /// `EDIT <position> <cubie> [twist]` (e.g. `EDIT UFR MFR 1`) puts a cubie at a position
    /// in a draft, applied as soon as the draft is a legal state; `EDIT CANCEL` drops it.
    /// The UFL cubie is fixed and cannot be edited.
    fn edit(
        &self,
        state: &KiloState,
        draft: &mut Option<String>,
        words: &[&str],
    ) -> Result<commands::play::EditOutcome<KiloState>, String> {
        use commands::play::EditOutcome;
        let find = |w: &str| {
            CUBIE_NAMES
                .iter()
                .position(|n| n.eq_ignore_ascii_case(w))
                .ok_or_else(|| format!("`{w}` is not a Kilominx position: use {}", CUBIE_NAMES.join(" ")))
        };
        // The draft is stored as "cubie:twist" per position.
        let mut cubies: [u8; 20] = std::array::from_fn(|i| state.cubie(i));
        let mut twists: [u8; 20] = std::array::from_fn(|i| state.twist(i));
        if let Some(d) = draft.as_deref() {
            for (i, item) in d.split(',').enumerate().take(20) {
                let (c, t) = item.split_once(':').unwrap_or(("0", "0"));
                cubies[i] = c.parse().unwrap_or(0);
                twists[i] = t.parse().unwrap_or(0);
            }
        }
        let (pos, cubie, twist) = match words {
            [w] if w.eq_ignore_ascii_case("cancel") => {
                *draft = None;
                return Ok(EditOutcome::Note(String::from("edit draft dropped")));
            }
            [p, c] => (find(p)?, find(c)?, 0u8),
            [p, c, t] => {
                let t: u8 = t
                    .parse()
                    .ok()
                    .filter(|&t| t < 3)
                    .ok_or_else(|| format!("`{t}` is not a twist (0, 1 or 2)"))?;
                (find(p)?, find(c)?, t)
            }
            _ => {
                return Err(String::from(
                    "usage: EDIT <position> <cubie> [twist 0-2] (e.g. EDIT UFR MFR 1), or EDIT CANCEL",
                ))
            }
        };
        if pos == FIXED || cubie == FIXED {
            return Err(String::from("the UFL cubie is fixed and cannot be edited"));
        }
        cubies[pos] = cubie as u8;
        twists[pos] = twist;
        match KiloState::from_parts(cubies, twists) {
            Ok(s) => {
                *draft = None;
                Ok(EditOutcome::Apply(s))
            }
            Err(e) => {
                let text: Vec<String> = (0..20).map(|i| format!("{}:{}", cubies[i], twists[i])).collect();
                *draft = Some(text.join(","));
                let shown: Vec<String> = (0..20)
                    .filter(|&i| cubies[i] as usize != i || twists[i] != 0)
                    .map(|i| {
                        format!(
                            "{}={}{}",
                            CUBIE_NAMES[i],
                            CUBIE_NAMES[cubies[i] as usize],
                            if twists[i] > 0 {
                                format!("+{}", twists[i])
                            } else {
                                String::new()
                            }
                        )
                    })
                    .collect();
                Ok(EditOutcome::Pending(shown.join(" "), e.to_string()))
            }
        }
    }

    fn engine_state(&self, state: &KiloState) -> twisty_engine::State {
        twisty_engine::State::Kilominx(*state)
    }

    fn random_state_scramble(
        &self,
        ctx: &Ctx,
        rng: &mut twisty_core::TwistyRng,
    ) -> CliResult<(KiloState, Vec<KiloMove>)> {
        use twisty_core::Puzzle;
        let state = self.random_state(rng);
        // A node budget, not a time budget, so that a seed always gives the same scramble.
        let limits = Limits {
            max_nodes: Some(SCRAMBLE_NODES),
            timeout: Some(Duration::from_secs(60)),
            cancel: Some(ctx.cancel.clone()),
            ..Limits::default()
        };
        let sol = fast(ctx)?.solve_state(&state, &limits)?;
        Ok((state, self.invert_all(&sol.moves)))
    }
}

/// Node budget of the fast solver's search for shorter solutions in a random-state scramble
/// (about 20 ms).
const SCRAMBLE_NODES: u64 = 20_000;

/// `twisty scramble` for the Kilominx.
pub fn scramble(ctx: &Ctx, args: &ScrambleArgs) -> CliResult {
    commands::scramble::run(ctx, &Kilominx, args)
}

/// `twisty show` for the Kilominx.
pub fn show(ctx: &Ctx, args: &ShowArgs) -> CliResult {
    commands::show::run(ctx, &Kilominx, args)
}

/// `twisty play` for the Kilominx.
pub fn play(ctx: &Ctx, args: &PlayArgs) -> CliResult {
    commands::play::run(ctx, &Kilominx, PuzzleKind::Kilominx, args)
}
