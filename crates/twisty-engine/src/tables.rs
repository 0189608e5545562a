//! The table catalog: which table files every solver of every puzzle needs, and building
//! them ahead of time (`twisty tables build`).

use crate::catalog::{PuzzleFamily, SolverEntry, TableNeed};
use crate::engine::{Ctx, Engine, EngineConfig};
use crate::error::EngineError;
use crate::observer::Observer;
use crate::options::{resolve, Options};
use std::sync::Mutex;

/// The tables of one solver with one heuristic.
#[derive(Debug, Clone)]
pub struct TableSet {
    /// The solver.
    pub solver: &'static SolverEntry,
    /// Its puzzle family.
    pub family: PuzzleFamily,
    /// The heuristic, for solvers that have several.
    pub heuristic: Option<&'static str>,
    /// The files.
    pub needs: Vec<TableNeed>,
}

impl TableSet {
    /// `solver`, the heuristic, or `solver-tables` for a solver whose table sets are values
    /// of a `tables` option (`two-phase-large`).
    pub fn label(&self) -> String {
        match self.heuristic {
            Some(h) if self.by_tables_option() => format!("{}-{h}", self.solver.id),
            Some(h) => h.to_string(),
            None => self.solver.id.to_string(),
        }
    }

    /// Whether the solver names its table sets with a `tables` option rather than a
    /// `heuristic` one.
    fn by_tables_option(&self) -> bool {
        (self.solver.options)().iter().any(|o| o.name == "tables")
    }

    fn options(&self) -> Options {
        let mut o = Options::new();
        if let Some(h) = self.heuristic {
            let key = if self.by_tables_option() {
                "tables"
            } else {
                "heuristic"
            };
            o.insert(key.into(), serde_json::Value::from(h));
        }
        o
    }
}

/// Every solver's tables (solvers without tables left out; a file shared by several sets
/// appears in each).
pub fn table_sets() -> Vec<TableSet> {
    let mut out = Vec::new();
    for e in crate::solvers::ALL {
        let variants: Vec<Option<&'static str>> = if e.heuristics.is_empty() {
            vec![None]
        } else {
            e.heuristics.iter().map(|h| Some(*h)).collect()
        };
        for h in variants {
            let mut set = TableSet {
                solver: e,
                family: e.family,
                heuristic: h,
                needs: Vec::new(),
            };
            let Ok(resolved) = resolve(e.id, &(e.options)(), &set.options()) else {
                continue;
            };
            set.needs = (e.tables)(&resolved);
            if !set.needs.is_empty() {
                out.push(set);
            }
        }
    }
    out
}

impl Engine {
    /// Loads (building when missing, whatever their size) the tables of `set`.
    pub fn prepare(&self, set: &TableSet, observer: &dyn Observer) -> Result<f64, EngineError> {
        let options = resolve(set.solver.id, &(set.solver.options)(), &set.options())?;
        let builder = Engine::new(EngineConfig {
            build_large_tables: true,
            ..self.config().clone()
        });
        let ctx = Ctx {
            engine: &builder,
            options: &options,
            limits: Default::default(),
            observer,
            seed: None,
            tables_seconds: Mutex::new(0.0),
            input_length: None,
            purpose: Default::default(),
            used: Default::default(),
        };
        (set.solver.prepare)(&ctx)?;
        let secs = *ctx.tables_seconds.lock().unwrap_or_else(|p| p.into_inner());
        Ok(secs)
    }
}
