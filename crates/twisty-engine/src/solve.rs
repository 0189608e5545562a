//! [`Engine::solve`]: request → checked options and limits → parsed input → solver →
//! verified answer in the user's frame → [`SolveReport`].

use crate::catalog::{self, Answer, Runner, SolverEntry};
use crate::engine::{Ctx, Engine};
use crate::error::{EngineError, ErrorKind};
use crate::input::{self, Parsed};
use crate::move_set;
use crate::observer::Observer;
use crate::options::{resolve_for, Resolved};
use crate::puzzle_id::PuzzleId;
use crate::report::{Frame, SolveReport};
use crate::request::{Notation, SolveRequest};
use crate::simplify::simplified;
use serde_json::{json, Map, Value};
use std::sync::{Arc, Mutex};
use twisty_core::clock::Clock;
use twisty_core::cube2::Cube2;
use twisty_core::cube3::Cube3;
use twisty_core::cube_n::CubeN;
use twisty_core::def::DefPuzzle;
use twisty_core::kilominx::Kilominx;
use twisty_core::sq1::Sq1;
use twisty_core::supercube::Supercube;
use twisty_core::{Held, Metric};
use twisty_solvers::{Limits, Solution};
use web_time::Instant;

/// Most threads one solve may ask for.
pub const MAX_THREADS: usize = 1024;

/// The longest estimated table build (seconds on two cores) the best-answer-at-hand fallback
/// of a timed-out optimal search may start; beyond it the timeout is reported as it is.
const FALLBACK_BUILD_SECONDS: f64 = 2.0;

impl Engine {
    /// Solves one request: the answer is verified on the input and written in the frame and
    /// notation the request asks for (by default as the user holds the puzzle).
    pub fn solve(&self, req: &SolveRequest, observer: &dyn Observer) -> Result<SolveReport, EngineError> {
        // The time limit counts reading the input: the clock starts now, or when the
        // request arrived if the caller says so (time spent before the call counts too).
        let arrived = req.arrived.unwrap_or_else(Instant::now);
        // The request itself first (solver, options, limits), then its input.
        let (entry, _) = checked(req)?;
        limits(req, entry)?;
        let input = self.read_input(req)?;
        match left_after_input(req, arrived)? {
            Some(left) => self.solve_input(&left, input, observer),
            None => self.solve_input(req, input, observer),
        }
    }

    /// The input of `req`, parsed and applied (bounded by the parser's limits on moves and
    /// on their work, [`twisty_core::alg::MAX_WORK`]).
    fn read_input(&self, req: &SolveRequest) -> Result<Input, EngineError> {
        let input = match req.puzzle {
            PuzzleId::Cube3 => Input::Cube3(input::cube3(&req.input, req.notation)?),
            PuzzleId::Cube2 => Input::Cube2(input::cube2(&req.input, req.notation)?),
            PuzzleId::Kilominx => Input::Kilominx(input::kilominx(&req.input, req.notation)?),
            PuzzleId::Clock => Input::Clock(input::clock(&req.input, req.notation)?),
            PuzzleId::Sq1 => Input::Sq1(input::sq1(&req.input, req.notation)?),
            PuzzleId::Supercube(n) => {
                let cube = supercube(n)?;
                let parsed = input::supercube(&cube, &req.input, req.notation)?;
                Input::Supercube(cube, parsed)
            }
            PuzzleId::CubeN(n) => {
                let cube = cube_n(n)?;
                let parsed = input::cube_n(&cube, &req.input, req.notation)?;
                Input::CubeN(cube, parsed)
            }
            PuzzleId::Def(d) => {
                let p = d.puzzle();
                let parsed = input::def(&p, &req.input, req.notation)?;
                Input::Def(p, parsed)
            }
        };
        Ok(input)
    }

    /// Solves a state the caller already holds (an interactive session, a Python puzzle
    /// object) in the reference frame; `req.input` is only echoed in the report.
    pub fn solve_state(
        &self,
        req: &SolveRequest,
        state: State,
        observer: &dyn Observer,
    ) -> Result<SolveReport, EngineError> {
        fn at_home<P: Held>(p: &P, state: P::State) -> Parsed<P> {
            Parsed {
                state,
                frame: p.home_frame(),
                from_state_string: true,
                input_moves: None,
            }
        }
        let input = match (req.puzzle, state) {
            (PuzzleId::Cube3, State::Cube3(s)) => Input::Cube3(at_home(&Cube3, s)),
            (PuzzleId::Cube2, State::Cube2(s)) => Input::Cube2(at_home(&Cube2, s)),
            (PuzzleId::Kilominx, State::Kilominx(s)) => Input::Kilominx(at_home(&Kilominx, s)),
            (PuzzleId::Clock, State::Clock(s)) => Input::Clock(at_home(&Clock, s)),
            (PuzzleId::Sq1, State::Sq1(s)) => Input::Sq1(at_home(&Sq1, s)),
            (PuzzleId::Supercube(n), State::Supercube(s)) => {
                let cube = supercube(n)?;
                if s.code().len() != cube.cubies() {
                    return Err(EngineError::usage(format!(
                        "the state is not a {n}x{n}x{n} supercube state"
                    )));
                }
                let p = at_home(&cube, s);
                Input::Supercube(cube, p)
            }
            (PuzzleId::CubeN(n), State::CubeN(s)) => {
                let cube = cube_n(n)?;
                if s.n() != cube.n {
                    return Err(EngineError::usage(format!(
                        "the state is of a {0}x{0}x{0}, not a {1}",
                        s.n(),
                        req.puzzle.title()
                    )));
                }
                cube.validate(&s)?;
                let p = at_home(&cube, s);
                Input::CubeN(cube, p)
            }
            (PuzzleId::Def(d), State::Def(s)) => {
                let p = d.puzzle();
                if s.0.len() != p.state_len() {
                    return Err(EngineError::usage(format!(
                        "the state has {} bytes, not the {} of a {} state",
                        s.0.len(),
                        p.state_len(),
                        req.puzzle.title()
                    )));
                }
                let parsed = at_home(&*p, s);
                Input::Def(p, parsed)
            }
            _ => {
                return Err(EngineError::usage(format!(
                    "the state is not a {} state",
                    req.puzzle.title()
                )))
            }
        };
        self.solve_input(req, input, observer)
    }

    /// [`Engine::solve_input_once`], and when an optimal search reaches its time limit
    /// (not Ctrl-C), the best answer at hand: the puzzle's default solver's, given two seconds,
    /// marked not proven optimal, with the bound the optimal search cleared.
    fn solve_input(
        &self,
        req: &SolveRequest,
        input: Input,
        observer: &dyn Observer,
    ) -> Result<SolveReport, EngineError> {
        if let Some(r) = self.move_set_defaults(req) {
            return self.solve_input(&r, input, observer);
        }
        let (entry, _) = checked(req)?;
        // Not for `all` (a list of every optimal solution), a part of a split search, nor a
        // solve kept to a move set (the default solver cannot keep to it).
        let wanted = entry.optimal
            && !entry.default
            && req.moves.is_none()
            && !req.options.contains_key("all")
            && req.min_length.is_none()
            && !req.continue_input;
        let fallback = wanted.then(|| input.clone());
        let err = match self.solve_input_once(req, input, observer) {
            Err(e) if e.kind == ErrorKind::Timeout => e,
            other => return other.map_err(|e| move_set::named(req, e)),
        };
        let Some(input) = fallback else {
            return Err(err);
        };
        let mut quick = SolveRequest::new(req.puzzle, req.input.clone());
        quick.max_length = req.max_length;
        quick.timeout = Some(2.0);
        quick.metric = req.metric;
        quick.frame = req.frame;
        quick.notation = req.notation;
        quick.cancel = req.cancel.clone();
        // Only when the default solver's tables are at hand (cached, or quick to build): a
        // user who gave a time limit does not wait for a table build past it.
        let at_hand = checked(&quick).is_ok_and(|(q, o)| {
            let needs = (q.tables)(&o);
            self.cached(&needs)
                || needs.iter().map(|n| n.build_seconds).sum::<f64>() <= FALLBACK_BUILD_SECONDS
        });
        if !at_hand {
            return Err(err);
        }
        let Ok(mut report) = self.solve_input_once(&quick, input, observer) else {
            return Err(err);
        };
        report.optimal = false;
        if let Value::Object(d) = &mut report.details {
            d.insert(
                "best_so_far".into(),
                Value::from(format!(
                    "the {} search stopped at its time limit{}: this answer of the {} solver is not proven optimal",
                    entry.id,
                    err.deepest_bound
                        .map_or(String::new(), |b| format!(" (no solution of {b} moves or fewer exists)")),
                    report.solver
                )),
            );
            if let Some(b) = err.deepest_bound {
                d.insert("deepest_bound".into(), Value::from(b));
            }
        }
        Ok(report)
    }

    fn solve_input_once(
        &self,
        req: &SolveRequest,
        input: Input,
        observer: &dyn Observer,
    ) -> Result<SolveReport, EngineError> {
        let (entry, options) = checked(req)?;
        let mut limits = limits(req, entry)?;
        if req.continue_input {
            limits.after_move = match &input {
                Input::Cube3(parsed) => last_move(&Cube3, parsed),
                Input::Cube2(parsed) => last_move(&Cube2, parsed),
                Input::Kilominx(parsed) => last_move(&Kilominx, parsed),
                Input::Clock(parsed) => last_move(&Clock, parsed),
                Input::Sq1(parsed) => last_move(&Sq1, parsed),
                Input::Supercube(cube, parsed) => last_move(cube, parsed),
                Input::CubeN(cube, parsed) => last_move(cube, parsed),
                Input::Def(p, parsed) => last_move(&**p, parsed),
            };
        }
        limits.moves = match &input {
            Input::Cube3(parsed) => move_set::mask(&Cube3, req, parsed, entry)?,
            Input::Cube2(parsed) => move_set::mask(&Cube2, req, parsed, entry)?,
            Input::Kilominx(parsed) => move_set::mask(&Kilominx, req, parsed, entry)?,
            Input::Clock(parsed) => move_set::mask(&Clock, req, parsed, entry)?,
            Input::Sq1(parsed) => move_set::mask(&Sq1, req, parsed, entry)?,
            Input::Supercube(cube, parsed) => move_set::mask(cube, req, parsed, entry)?,
            Input::CubeN(cube, parsed) => move_set::mask(cube, req, parsed, entry)?,
            Input::Def(p, parsed) => move_set::mask(&**p, req, parsed, entry)?,
        };
        let ctx = Ctx {
            engine: self,
            options: &options,
            limits,
            observer,
            seed: req.seed,
            tables_seconds: Mutex::new(0.0),
            input_length: input.moves_length(req.metric.into()),
            purpose: req.purpose,
            used: Default::default(),
        };
        let start = Instant::now();
        let result = run_entry(req, entry, &ctx, input, start);
        // A table file truncated under the search: it read zeros (admissible, and the answer
        // was verified), but the solve fails naming the file, and the next one reloads it.
        let used = ctx.used.lock().unwrap_or_else(|p| p.into_inner()).clone();
        match self.changed_tables(&used) {
            Some(e) => Err(e),
            None => result,
        }
    }
}

/// Runs the solver of `entry` on the input and writes its answer.
fn run_entry(
    req: &SolveRequest,
    entry: &'static SolverEntry,
    ctx: &Ctx<'_>,
    input: Input,
    start: Instant,
) -> Result<SolveReport, EngineError> {
    match (entry.runner, input) {
        (Runner::Cube3(run), Input::Cube3(parsed)) => {
            let answer = run(ctx, &parsed.state)?;
            finish(&Cube3, req, entry, ctx, &parsed, answer, start)
        }
        (Runner::Cube2(run), Input::Cube2(parsed)) => {
            let answer = run(ctx, &parsed.state)?;
            finish(&Cube2, req, entry, ctx, &parsed, answer, start)
        }
        (Runner::Kilominx(run), Input::Kilominx(parsed)) => {
            let answer = run(ctx, &parsed.state)?;
            finish(&Kilominx, req, entry, ctx, &parsed, answer, start)
        }
        (Runner::Clock(run), Input::Clock(parsed)) => {
            let answer = run(ctx, &parsed.state)?;
            finish(&Clock, req, entry, ctx, &parsed, answer, start)
        }
        (Runner::Sq1(run), Input::Sq1(parsed)) => {
            let answer = run(ctx, &parsed.state)?;
            finish(&Sq1, req, entry, ctx, &parsed, answer, start)
        }
        (Runner::Supercube(run), Input::Supercube(cube, parsed)) => {
            let answer = run(ctx, &cube, &parsed.state)?;
            finish(&cube, req, entry, ctx, &parsed, answer, start)
        }
        (Runner::CubeN(run), Input::CubeN(cube, parsed)) => {
            let answer = run(ctx, &cube, &parsed.state)?;
            finish(&cube, req, entry, ctx, &parsed, answer, start)
        }
        (Runner::Def(run), Input::Def(p, parsed)) => {
            let answer = run(ctx, &p, &parsed.state)?;
            finish(&*p, req, entry, ctx, &parsed, answer, start)
        }
        _ => Err(EngineError::new(
            ErrorKind::Internal,
            format!("the {} solver is registered for another puzzle", entry.id),
        )),
    }
}

/// The input's last move in the solvers' reference frame, by index in `Puzzle::moves`.
fn last_move<P: Held>(p: &P, parsed: &Parsed<P>) -> Option<usize> {
    let last = parsed.input_moves.as_ref()?.last()?;
    p.moves().iter().position(|m| m == last)
}

fn supercube(n: u8) -> Result<Supercube, EngineError> {
    Supercube::new(usize::from(n)).map_err(|e| EngineError::usage(e.to_string()))
}

/// The N×N×N cube of [`PuzzleId::CubeN`].
pub(crate) fn cube_n(n: u8) -> Result<CubeN, EngineError> {
    CubeN::new(usize::from(n)).map_err(|e| EngineError::usage(e.to_string()))
}

/// A state in the solvers' reference frame, for [`Engine::solve_state`].
#[derive(Debug, Clone)]
pub enum State {
    /// A 3x3x3 state.
    Cube3(twisty_core::cube3::CubieCube),
    /// A 2x2x2 state.
    Cube2(twisty_core::cube2::Cube2State),
    /// A Kilominx state.
    Kilominx(twisty_core::kilominx::KiloState),
    /// A clock state.
    Clock(twisty_core::clock::ClockState),
    /// A Square-1 state.
    Sq1(twisty_core::sq1::Sq1State),
    /// A supercube state.
    Supercube(twisty_core::supercube::SupercubeState),
    /// An N×N×N cube state.
    CubeN(twisty_core::cube_n::CubeNState),
    /// A state of a puzzle given by a definition.
    Def(twisty_core::def::DefState),
}

#[derive(Clone)]
enum Input {
    Cube3(Parsed<Cube3>),
    Cube2(Parsed<Cube2>),
    Kilominx(Parsed<Kilominx>),
    Clock(Parsed<Clock>),
    Sq1(Parsed<Sq1>),
    Supercube(Supercube, Parsed<Supercube>),
    CubeN(CubeN, Parsed<CubeN>),
    Def(Arc<DefPuzzle>, Parsed<DefPuzzle>),
}

impl Input {
    /// When the input was moves: their length after cancellation, in `metric`.
    fn moves_length(&self, metric: Metric) -> Option<usize> {
        fn of<P: Held>(p: &P, parsed: &Parsed<P>, metric: Metric) -> Option<usize> {
            let moves = parsed.input_moves.as_ref()?;
            Some(p.length(&simplified(p, moves), metric) as usize)
        }
        match self {
            Input::Cube3(parsed) => of(&Cube3, parsed, metric),
            Input::Cube2(parsed) => of(&Cube2, parsed, metric),
            Input::Kilominx(parsed) => of(&Kilominx, parsed, metric),
            Input::Clock(parsed) => of(&Clock, parsed, metric),
            Input::Sq1(parsed) => of(&Sq1, parsed, metric),
            Input::Supercube(cube, parsed) => of(cube, parsed, metric),
            Input::CubeN(cube, parsed) => of(cube, parsed, metric),
            Input::Def(p, parsed) => of(&**p, parsed, metric),
        }
    }
}

/// The solver entry and its checked options for `req`.
pub fn checked(req: &SolveRequest) -> Result<(&'static SolverEntry, Resolved), EngineError> {
    let entry = if req.moves.is_some() {
        move_set::entry(req)?
    } else {
        catalog::find(req.puzzle, req.solver.as_deref())?
    };
    let options = resolve_for(entry.id, &(entry.options)(), &req.options, req.purpose)?;
    Ok((entry, options))
}

/// `req` with the time its input took to read (since `arrived`) taken off its time limit;
/// `None` when it has none. A limit used up by the input alone is a timeout, before any
/// search.
fn left_after_input(req: &SolveRequest, arrived: Instant) -> Result<Option<SolveRequest>, EngineError> {
    let Some(limit) = req.timeout()? else {
        return Ok(None);
    };
    let spent = arrived.elapsed();
    let Some(left) = limit.checked_sub(spent).filter(|d| !d.is_zero()) else {
        let since = if req.arrived.is_some() {
            "the request arrived (waiting for it and parsing and applying its moves)"
        } else {
            "the solve began (parsing and applying its moves)"
        };
        return Err(EngineError::new(
            ErrorKind::Timeout,
            format!(
                "the time limit of {} s ran out while reading the input: {:.3} s since {since}",
                limit.as_secs_f64(),
                spent.as_secs_f64()
            ),
        ));
    };
    let mut r = req.clone();
    r.timeout = Some(left.as_secs_f64());
    Ok(Some(r))
}

fn limits(req: &SolveRequest, entry: &SolverEntry) -> Result<Limits, EngineError> {
    if let Some(m) = req.max_length {
        if m > entry.max_length {
            return Err(EngineError::usage(format!(
                "the maximum length must be at most {} for the {} solver, not {m}",
                entry.max_length, entry.id
            )));
        }
    }
    if let Some(t) = req.threads {
        if !(1..=MAX_THREADS).contains(&t) {
            return Err(EngineError::usage(format!(
                "threads must be from 1 to {MAX_THREADS}, not {t}"
            )));
        }
    }
    let metric = req.metric.checked(req.puzzle)?;
    Ok(Limits {
        max_length: req.max_length,
        timeout: req.timeout()?,
        max_nodes: None,
        cancel: req.cancel.clone(),
        threads: req.threads,
        metric,
        min_length: req.min_length,
        after_move: None,
        progress: None,
        moves: None,
    })
}

/// The answer's tokens in the request's frame and notation, checked to solve the input.
fn written<P: Held>(
    p: &P,
    req: &SolveRequest,
    parsed: &Parsed<P>,
    moves: &[P::Move],
) -> Result<Vec<String>, EngineError> {
    twisty_solvers::verify(p, &parsed.state, moves)?;
    let held = req.frame == Frame::Held && req.notation == Notation::Standard;
    if !held {
        return Ok(moves.iter().map(|&m| p.format_move(m)).collect());
    }
    let tokens = p.held_moves(parsed.frame, moves);
    // The cheap run-time check in the user's frame: the written answer, read back as the
    // user would type it on the puzzle as held, solves it.
    let mut state = parsed.state.clone();
    let mut frame = parsed.frame;
    let ok = p.apply_held(&mut state, &mut frame, &tokens.join(" ")).is_ok() && p.is_solved(&state);
    if !ok {
        return Err(EngineError::new(
            ErrorKind::Internal,
            "internal error: the answer written in the user's frame does not solve the input",
        ));
    }
    Ok(tokens)
}

fn notation_name(puzzle: PuzzleId, notation: Notation) -> &'static str {
    match (puzzle, notation) {
        (PuzzleId::Kilominx, Notation::Standard) => "cubing",
        (PuzzleId::Kilominx, Notation::Seed) => "seed",
        (PuzzleId::Supercube(_), Notation::Seed) => "paper",
        (PuzzleId::Def(_), _) => "definition",
        _ => "wca",
    }
}

fn stats_details<M>(s: &Solution<M>) -> Map<String, Value> {
    let mut d = Map::new();
    if !s.stats.breakdown.is_empty() {
        let rows: Vec<Value> = s
            .stats
            .breakdown
            .iter()
            .map(|(label, count, value)| json!({ "label": label, "count": count, "value": value }))
            .collect();
        d.insert("breakdown".into(), Value::Array(rows));
    }
    if !s.stats.phases.is_empty() {
        d.insert(
            "phases".into(),
            serde_json::to_value(&s.stats.phases).unwrap_or(Value::Null),
        );
    }
    d
}

/// Short in, short out: the default solver of a puzzle never answers a move sequence with
/// more moves than it has. When its answer is longer than the input's moves (reduced), the
/// inverse of the input is the answer. Optimal solvers and solvers a user picks by name for
/// their own method (Thistlethwaite, the metaheuristics) answer as they are.
fn shorter_inverse<P: Held>(
    p: &P,
    entry: &SolverEntry,
    parsed: &Parsed<P>,
    answer: &[P::Move],
    metric: Metric,
) -> Option<Vec<P::Move>> {
    if !entry.default || entry.optimal {
        return None;
    }
    let input = parsed.input_moves.as_ref()?;
    let inverse = simplified(p, &p.invert_all(input));
    (p.length(&inverse, metric) < p.length(answer, metric)).then_some(inverse)
}

/// The shortest whole-puzzle rotation (as the user types it) that turns the puzzle held
/// after the input back to the solvers' reference frame, when it is not there: what to do
/// before an answer written in the reference frame.
fn rotation_to_reference<P: Held>(p: &P, puzzle: PuzzleId, parsed: &Parsed<P>) -> Option<String> {
    let home = p.home_frame();
    if parsed.frame == home {
        return None;
    }
    let tokens: Vec<String> = match puzzle {
        PuzzleId::Clock => vec!["y2".to_string()],
        PuzzleId::Kilominx => ["Uv", "Uv'", "Uv2", "Uv2'", "Rv", "Rv'", "Rv2", "Rv2'", "x2"]
            .map(String::from)
            .to_vec(),
        // A definition's own rotations, each way.
        PuzzleId::Def(d) => d
            .puzzle()
            .rotations()
            .iter()
            .flat_map(|r| [r.name.clone(), format!("{}'", r.name)])
            .collect(),
        _ => ["x", "x'", "x2", "y", "y'", "y2", "z", "z'", "z2"]
            .map(String::from)
            .to_vec(),
    };
    // Breadth first over the frames reached (24 or 60 of them).
    let mut seen = vec![parsed.frame];
    let mut layer = vec![(parsed.frame, String::new())];
    while !layer.is_empty() {
        let mut next = Vec::new();
        for (frame, text) in layer {
            for t in &tokens {
                let (mut s, mut f) = (parsed.state.clone(), frame);
                if p.apply_held(&mut s, &mut f, t).is_err() || seen.contains(&f) {
                    continue;
                }
                let path = format!("{text} {t}").trim().to_string();
                if f == home {
                    return Some(path);
                }
                seen.push(f);
                next.push((f, path));
            }
        }
        layer = next;
    }
    None
}

/// Whether `entry` searches in the quarter-turn metric when asked (the others search in
/// HTM, and their answers are only counted in QTM).
fn searches_in_qtm(puzzle: PuzzleId, entry: &SolverEntry) -> bool {
    // The 2x2x2's distance table has a QTM version; the seed's A* turns quarter turns only.
    puzzle == PuzzleId::Cube2 && matches!(entry.id, "optimal" | "astar")
}

fn finish<P: Held>(
    p: &P,
    req: &SolveRequest,
    entry: &SolverEntry,
    ctx: &Ctx<'_>,
    parsed: &Parsed<P>,
    answer: Answer<P::Move>,
    start: Instant,
) -> Result<SolveReport, EngineError> {
    let wall = start.elapsed().as_secs_f64();
    let Some(best) = answer.solutions.first() else {
        return Err(EngineError::new(
            ErrorKind::Internal,
            format!("the {} solver returned no solution", entry.id),
        ));
    };
    let metric: Metric = ctx.limits.metric;
    // Every answer is simplified before it is counted: the length is the metric's count of
    // the moves printed.
    let answer_moves = simplified(p, &best.moves);
    let inverse = shorter_inverse(p, entry, parsed, &answer_moves, metric).filter(|_| req.moves.is_none());
    let recounted = metric == Metric::Qtm && !searches_in_qtm(req.puzzle, entry);
    let (moves, optimal) = match &inverse {
        Some(m) => (m.as_slice(), false),
        None => (answer_moves.as_slice(), best.optimal && !recounted),
    };
    let tokens = written(p, req, parsed, moves)?;
    move_set::check(req, &tokens)?;
    let tables_seconds = *ctx.tables_seconds.lock().unwrap_or_else(|e| e.into_inner());
    let search_seconds = if best.stats.elapsed.is_zero() {
        (wall - tables_seconds).max(0.0)
    } else {
        best.stats.elapsed.as_secs_f64()
    };
    let mut details = stats_details(best);
    for (k, v) in answer.details {
        details.insert(k, v);
    }
    if answer.solutions.len() > 1 || ctx.options.flag("all") {
        let mut all = Vec::with_capacity(answer.solutions.len());
        for s in &answer.solutions {
            all.push(Value::from(
                written(p, req, parsed, &simplified(p, &s.moves))?.join(" "),
            ));
        }
        details.insert("solutions".into(), Value::Array(all));
    }
    if inverse.is_some() {
        details.insert(
            "answer".into(),
            Value::from("the inverse of the input: shorter than the solver's answer"),
        );
        details.insert(
            "solver_length".into(),
            Value::from(p.length(&answer_moves, metric)),
        );
    }
    if recounted {
        details.insert(
            "metric_note".into(),
            Value::from(format!(
                "the {} solver searches in the half-turn metric: its answer is counted in QTM, not searched for in it",
                entry.id
            )),
        );
    }
    if req.frame == Frame::Reference && req.notation == Notation::Standard {
        if let Some(r) = rotation_to_reference(p, req.puzzle, parsed) {
            details.insert("rotate_first".into(), Value::from(r));
        }
    }
    if let Some(dedicated) = match req.puzzle {
        PuzzleId::Def(d) => d.dedicated(),
        _ => None,
    } {
        details.insert(
            "dedicated".into(),
            Value::from(format!(
                "twisty has a dedicated model and solvers for this puzzle: --puzzle {dedicated}"
            )),
        );
    }
    if let Some(set) = move_set::listed(req) {
        details.insert("moves".into(), Value::from(set));
    }
    details.insert("options".into(), ctx.options.to_json());
    Ok(SolveReport {
        puzzle: req.puzzle,
        solver: entry.id.to_string(),
        input: req.input.clone(),
        frame: if req.notation == Notation::Seed {
            Frame::Reference
        } else {
            req.frame
        },
        notation: notation_name(req.puzzle, req.notation).to_string(),
        solution: tokens.join(" "),
        length: p.length(moves, metric),
        moves: tokens,
        metric: metric.name().to_string(),
        optimal,
        verified: true,
        search_seconds,
        tables_seconds,
        nodes: best.stats.nodes,
        expanded: best.stats.expanded,
        seed: answer.seed,
        details: Value::Object(details),
    })
}
