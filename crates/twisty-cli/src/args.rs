//! Command-line arguments.

mod bench;
mod solve;
mod solver;

pub use bench::{BenchHeuristicArgs, BenchMetaArgs, BenchSupercubeArgs};
pub use solve::{AStarGoal, SolveArgs};
pub use solver::{AcoRuleArg, FitnessArg, GaArgs, SwarmArgs, VaryArg};

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::str::FromStr;

/// twisty: model and solve twisty puzzles (3x3x3, 2x2x2, Kilominx, N×N×N supercube).
#[derive(Debug, Parser)]
#[command(name = "twisty", version, about, long_about = None)]
pub struct Cli {
    /// Options shared by every subcommand.
    #[command(flatten)]
    pub global: GlobalArgs,
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// Options shared by every subcommand.
#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Directory of the table cache (default: the user cache directory, e.g. ~/.cache/twisty).
    #[arg(long, global = true, env = "TWISTY_TABLES", value_name = "DIR")]
    pub tables_dir: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long, global = true, value_name = "N")]
    pub threads: Option<usize>,
    /// Colour output: auto (terminal and no NO_COLOR), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColourChoice::Auto)]
    pub colour: ColourChoice,
    /// Notation of moves read and printed: `standard` (WCA; cubing.js's for the Kilominx)
    /// or `seed` (the Kilominx seed's face names in its UFL-fixed frame; the supercube
    /// paper's slice codes).
    #[arg(long, global = true, value_enum, default_value_t = NotationArg::Standard)]
    pub notation: NotationArg,
    /// Build missing tables over 100 MiB when a solve needs them (they are otherwise
    /// refused with their size, build time and the `twisty tables build` command).
    #[arg(long, global = true)]
    pub build_tables: bool,
    /// Refuse to build or load any table larger than SIZE (suffixes K, M, G, T; e.g. 4G): a
    /// solve, batch, benchmark, server or table build that needs one stops with its size.
    #[arg(long, global = true, env = "TWISTY_MAX_MEMORY", value_name = "SIZE", value_parser = twisty_engine::parse_size)]
    pub max_memory: Option<u64>,
}

/// When to print ANSI colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColourChoice {
    /// Colour when stdout is a terminal and NO_COLOR is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print scrambles: random moves or random states.
    Scramble(ScrambleArgs),
    /// Render a state and print its facelet string.
    Show(ShowArgs),
    /// Solve a state.
    Solve(Box<SolveArgs>),
    /// Manage the table cache.
    Tables(TablesArgs),
    /// Run a benchmark.
    Bench(BenchArgs),
    /// God's algorithm: how many states lie at each distance from solved (a breadth-first
    /// search of the whole state space of a puzzle given by a definition).
    Gods(GodsArgs),
    /// Interactive play: a net redrawn after every command, moves typed directly.
    Play(PlayArgs),
    /// Serve the web viewer and solver page (loopback only by default).
    Serve(ServeArgs),
}

/// `twisty gods`.
#[derive(Debug, Args)]
pub struct GodsArgs {
    /// Puzzle given by a definition: pyraminx, skewb, megaminx, fto, dino, helicopter,
    /// def:NAME or def:PATH (2x2, 3x3, 4x4 and kilominx are searched as their built-in
    /// definitions def:2x2x2 ...).
    #[arg(long, short)]
    pub puzzle: PuzzleKind,
    /// Metric: htm (every move of the definition counts 1) or qtm (quarter turns only).
    #[arg(long, value_enum, default_value_t = MetricArg::Htm)]
    pub metric: MetricArg,
    /// Most memory the table and its move tables may take (suffixes K, M, G, T); a larger
    /// search is refused with its size.
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = twisty_engine::parse_size)]
    pub memory: u64,
    /// Write the table and the counts after each complete depth, atomically, to this file,
    /// or into this directory (named after the search); without a value, into the table
    /// cache's `gods` directory.
    #[arg(long, value_name = "PATH", num_args = 0..=1, default_missing_value = "")]
    pub checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint's last complete depth (a new search when there is no
    /// checkpoint yet); a checkpoint of another search or a damaged one is refused.
    #[arg(long)]
    pub resume: bool,
    /// Stop after this depth (the counts so far are printed, and checkpointed if asked).
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u32>,
    /// Moves whose state counts as solved too (repeatable): distances to the nearest.
    #[arg(long, value_name = "MOVES")]
    pub solved: Vec<String>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// `twisty serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on. The default is loopback only; another address exposes the
    /// server to the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Port to listen on (0 picks a free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Solves allowed at once (default: the number of cores); more get HTTP 503.
    #[arg(long, value_name = "N")]
    pub max_solves: Option<usize>,
}

/// `twisty play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Puzzle: 3x3, 2x2, NxN, kilominx, clock, sq1, supercube:N, pyraminx, skewb, megaminx, fto, dino,
    /// helicopter, def:NAME or def:PATH (a definition file); `--puzzle list` lists them.
    #[arg(long, short, default_value = "3x3")]
    pub puzzle: PuzzleKind,
    /// Raw-key mode (a terminal is required): a face letter turns it clockwise, Shift + letter
    /// anticlockwise, `2` then a letter a double turn; Esc or Ctrl-C quits.
    #[arg(long)]
    pub keys: bool,
    /// Seed for SCRAMBLE (printed when not given).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// Which puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleKind {
    /// 3x3x3 cube.
    Cube3,
    /// 2x2x2 cube.
    Cube2,
    /// Kilominx.
    Kilominx,
    /// Rubik's Clock.
    Clock,
    /// Square-1.
    Sq1,
    /// Full N×N×N supercube.
    Supercube(usize),
    /// Ordinary N×N×N cube (4x4 and up).
    CubeN(usize),
    /// A puzzle given by a definition.
    Def(twisty_engine::DefId),
}

impl FromStr for PuzzleKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let id: twisty_engine::PuzzleId = s.parse().map_err(|e: twisty_engine::EngineError| e.message)?;
        Ok(PuzzleKind::from(id))
    }
}

impl From<twisty_engine::PuzzleId> for PuzzleKind {
    fn from(id: twisty_engine::PuzzleId) -> Self {
        match id {
            twisty_engine::PuzzleId::Cube3 => PuzzleKind::Cube3,
            twisty_engine::PuzzleId::Cube2 => PuzzleKind::Cube2,
            twisty_engine::PuzzleId::Kilominx => PuzzleKind::Kilominx,
            twisty_engine::PuzzleId::Clock => PuzzleKind::Clock,
            twisty_engine::PuzzleId::Sq1 => PuzzleKind::Sq1,
            twisty_engine::PuzzleId::Supercube(n) => PuzzleKind::Supercube(usize::from(n)),
            twisty_engine::PuzzleId::CubeN(n) => PuzzleKind::CubeN(usize::from(n)),
            twisty_engine::PuzzleId::Def(d) => PuzzleKind::Def(d),
        }
    }
}

impl PuzzleKind {
    /// The engine's id of this puzzle.
    pub fn id(self) -> twisty_engine::PuzzleId {
        match self {
            PuzzleKind::Cube3 => twisty_engine::PuzzleId::Cube3,
            PuzzleKind::Cube2 => twisty_engine::PuzzleId::Cube2,
            PuzzleKind::Kilominx => twisty_engine::PuzzleId::Kilominx,
            PuzzleKind::Clock => twisty_engine::PuzzleId::Clock,
            PuzzleKind::Sq1 => twisty_engine::PuzzleId::Sq1,
            PuzzleKind::Supercube(n) => twisty_engine::PuzzleId::Supercube(n.min(255) as u8),
            PuzzleKind::CubeN(n) => twisty_engine::PuzzleId::CubeN(n.min(255) as u8),
            PuzzleKind::Def(d) => twisty_engine::PuzzleId::Def(d),
        }
    }
}

impl std::fmt::Display for PuzzleKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PuzzleKind::Cube3 => write!(f, "3x3"),
            PuzzleKind::Cube2 => write!(f, "2x2"),
            PuzzleKind::Kilominx => write!(f, "kilominx"),
            PuzzleKind::Clock => write!(f, "clock"),
            PuzzleKind::Sq1 => write!(f, "sq1"),
            PuzzleKind::Supercube(n) => write!(f, "supercube:{n}"),
            PuzzleKind::CubeN(n) => write!(f, "{n}x{n}"),
            PuzzleKind::Def(d) => write!(f, "{}", d.name()),
        }
    }
}

/// `twisty scramble`.
#[derive(Debug, Args)]
pub struct ScrambleArgs {
    /// Puzzle: 3x3, 2x2, NxN, kilominx, clock, sq1, supercube:N, pyraminx, skewb, megaminx, fto, dino,
    /// helicopter, def:NAME or def:PATH (a definition file); `--puzzle list` lists them.
    #[arg(long, short, default_value = "3x3")]
    pub puzzle: PuzzleKind,
    /// Number of random moves (default: the puzzle's usual scramble length).
    #[arg(long, short, conflicts_with = "random_state")]
    pub length: Option<usize>,
    /// A uniformly random state, printed as the inverse of its solution.
    #[arg(long)]
    pub random_state: bool,
    /// A WCA event's scramble, in the WCA's form (`222 333 333oh 333ft 333bf 333mbf 333fm
    /// 444 444bf 555 555bf 666 777 minx pyram skewb`; a `minx` scramble is 7 lines); it
    /// chooses the puzzle.
    #[arg(long, short, value_name = "EVENT", conflicts_with_all = ["puzzle", "length", "random_state"])]
    pub event: Option<String>,
    /// Random seed (printed when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many scrambles.
    #[arg(long, short, default_value_t = 1)]
    pub count: usize,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Every scramble on one line: a `minx` scramble's 7 lines joined by spaces (the same
    /// moves), so that `twisty scramble --event minx --count N --one-line | twisty solve
    /// --puzzle megaminx --batch -` reads one scramble per line.
    #[arg(long, conflicts_with = "json")]
    pub one_line: bool,
}

/// Where a state comes from.
#[derive(Debug, Args, Clone, Default)]
pub struct StateArgs {
    /// Moves applied to the solved puzzle (or, for a single argument naming an existing
    /// file, that file's contents).
    #[arg(value_name = "MOVES", allow_hyphen_values = false)]
    pub moves: Vec<String>,
    /// Read the moves from a file (`-` for stdin).
    #[arg(long, short, value_name = "FILE", conflicts_with = "moves")]
    pub file: Option<PathBuf>,
    /// A state string: 54 facelets (URFDLB) for the 3x3, 24 for the 2x2, 6·N² for an NxN
    /// (face letters, colour letters W R G Y O B, or colour names), 20 words of three colour
    /// letters for the Kilominx (as `twisty show` prints it).
    #[arg(long, value_name = "STRING", conflicts_with_all = ["moves", "file"])]
    pub facelets: Option<String>,
}

/// `twisty show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Puzzle: 3x3, 2x2, NxN, kilominx, clock, sq1, supercube:N, pyraminx, skewb, megaminx, fto, dino,
    /// helicopter, def:NAME or def:PATH (a definition file); `--puzzle list` lists them.
    #[arg(long, short, default_value = "3x3")]
    pub puzzle: PuzzleKind,
    /// The state.
    #[command(flatten)]
    pub state: StateArgs,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Also print the puzzle's parts, moves, group order and number of states (puzzles
    /// given by a definition).
    #[arg(long)]
    pub info: bool,
}

/// The frame of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FrameArg {
    /// As the puzzle is held after the input.
    Held,
    /// The solvers' internal frame.
    Reference,
}

/// A notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NotationArg {
    /// WCA for cubes, cubing.js's for the Kilominx.
    #[value(alias = "wca", alias = "cubing")]
    Standard,
    /// The seed program's notation.
    #[value(alias = "paper")]
    Seed,
}

/// Length metric argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MetricArg {
    /// Half-turn metric (face turns).
    Htm,
    /// Quarter-turn metric.
    Qtm,
    /// Outer block turn metric (N×N×N cubes; their half-turn metric).
    Obtm,
    /// Single slice turn metric (N×N×N cubes).
    Sstm,
    /// Execution turn metric (N×N×N cubes).
    Etm,
}

impl From<MetricArg> for twisty_engine::MetricName {
    fn from(m: MetricArg) -> Self {
        match m {
            MetricArg::Htm => twisty_engine::MetricName::Htm,
            MetricArg::Qtm => twisty_engine::MetricName::Qtm,
            MetricArg::Obtm => twisty_engine::MetricName::Obtm,
            MetricArg::Sstm => twisty_engine::MetricName::Sstm,
            MetricArg::Etm => twisty_engine::MetricName::Etm,
        }
    }
}

impl From<MetricArg> for twisty_core::Metric {
    fn from(m: MetricArg) -> Self {
        twisty_engine::MetricName::from(m).into()
    }
}

/// `twisty tables`.
#[derive(Debug, Args)]
pub struct TablesArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: TablesAction,
}

/// Table cache actions.
#[derive(Debug, Subcommand)]
pub enum TablesAction {
    /// List the tables in the cache with their state.
    List,
    /// Build tables (all, or those of one puzzle).
    Build(TablesBuildArgs),
    /// Check every table's header and checksum.
    Verify,
    /// Delete the table files in the cache.
    Clean,
}

/// `twisty tables build`.
#[derive(Debug, Args)]
pub struct TablesBuildArgs {
    /// Only this puzzle's tables.
    #[arg(long, short)]
    pub puzzle: Option<PuzzleKind>,
    /// Only the tables of this heuristic / solver.
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Without --puzzle and --heuristic: every table of every solver (tens of GiB and hours;
    /// the total is shown first, and asked about on a terminal). Without it, only the
    /// default solvers' tables are built.
    #[arg(long)]
    pub all: bool,
    /// Do not ask before building everything (--all on a terminal).
    #[arg(long, short)]
    pub yes: bool,
}

/// `twisty bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Which benchmark.
    #[command(subcommand)]
    pub which: BenchWhich,
}

/// The benchmarks.
#[derive(Debug, Subcommand)]
pub enum BenchWhich {
    /// Optimal 2x2x2 solves of random states: table build time, per-depth solve times.
    Optimal2x2(BenchCountArgs),
    /// Seed 001's A* tables (its Figures 7 and 12): path, nodes and time per input and weight.
    Astar2x2(BenchAStarArgs),
    /// The fast 3x3x3 solvers (two-phase at max 21 and 20, Thistlethwaite) on the same random
    /// states: median/p90/max time, mean/max length, solves per second.
    Fast3x3(BenchFast3x3Args),
    /// Seed 002's Tables 6-7 (thesis scrambles) or 1-4 (fresh scrambles): the metaheuristic
    /// 3x3x3 solvers' success, lengths, time and NFE.
    Metaheuristics(BenchMetaArgs),
    /// Optimal solves (3x3x3 or Kilominx): per optimal (or scramble) length the count, median /
    /// max time, nodes, nodes/s or ns/node, and GiB·s (3x3x3) or whether each length matches
    /// the file's (Kilominx).
    Optimal(BenchOptimalArgs),
    /// Average heuristic value of an optimal solver's tables over random states (3x3x3).
    Heuristic(BenchHeuristicArgs),
    /// The fast Kilominx solver on random states at several time budgets: time to the first
    /// solution, solution lengths.
    FastKilominx(BenchFastKilominxArgs),
    /// Seed 004's supercube GA runs (its Tables 3-8): GA count, time and length per size.
    Supercube(BenchSupercubeArgs),
    /// The optimal 2x2x2 supercube solver: its table's exact distance distribution, then
    /// solves of uniformly random states (length counts, time per solve).
    Supercube2(BenchCountArgs),
    /// The two-phase 3x3x3 supercube solver on uniformly random states (SSTM length mean,
    /// median, p95, max; time per solve), beside the GA on the first few of them.
    Supercube3(BenchSupercube3Args),
}

/// `twisty bench supercube3`.
#[derive(Debug, Args)]
pub struct BenchSupercube3Args {
    /// Number of random states.
    #[arg(long, short, default_value_t = 1000)]
    pub count: usize,
    /// How many of them the GA also solves (0: none).
    #[arg(long, default_value_t = 20)]
    pub ga: usize,
    /// The two-phase search's node budget after the first answer.
    #[arg(long)]
    pub budget: Option<u64>,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// `twisty bench fast3x3`.
#[derive(Debug, Args)]
pub struct BenchFast3x3Args {
    /// Number of random states.
    #[arg(long, short, default_value_t = 1000)]
    pub count: usize,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also solve seed 003's mix files (dfinnis_Rubik_mix_*.txt) in this directory.
    #[arg(long, value_name = "DIR")]
    pub mixes: Option<PathBuf>,
    /// Thistlethwaite: candidate solutions tried per phase (1 = the classic algorithm).
    #[arg(long, default_value_t = 1)]
    pub search_phases: u32,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// `twisty bench fast-kilominx`.
#[derive(Debug, Args)]
pub struct BenchFastKilominxArgs {
    /// Number of random states, from which seed, JSON output.
    #[command(flatten)]
    pub common: BenchCountArgs,
    /// Time budgets in seconds, comma-separated.
    #[arg(long, default_value = "0.01,0.1,1")]
    pub budgets: String,
}

/// `twisty bench optimal` (3x3x3 and Kilominx).
#[derive(Debug, Args)]
pub struct BenchOptimalArgs {
    /// The puzzle: 3x3 or kilominx.
    #[arg(long, short, default_value = "3x3")]
    pub puzzle: PuzzleKind,
    /// Scrambles to solve. 3x3x3: one per line (moves; `//` comments and blank lines
    /// skipped). Kilominx: the seed's tab-separated file (scramble_length, scramble,
    /// solution_length, …), whose optimal lengths are checked, or one scramble per line in
    /// the seed's notation (`#` comments and blank lines skipped).
    #[arg(long, short, value_name = "FILE", visible_alias = "from-file", conflicts_with_all = ["random_state", "depth"])]
    pub file: Option<PathBuf>,
    /// 3x3x3: solve uniformly random states.
    #[arg(long)]
    pub random_state: bool,
    /// Kilominx: scramble lengths to run from the file, e.g. `10-13` or `10,12`.
    #[arg(long, value_name = "RANGE")]
    pub lengths: Option<String>,
    /// Kilominx: at most this many scrambles per length from the file.
    #[arg(long, value_name = "N")]
    pub per_length: Option<usize>,
    /// Kilominx: random scrambles of N moves, generated the seed's way (uniform moves,
    /// re-drawn while the seed's move pruning would skip them).
    #[arg(long, value_name = "N")]
    pub depth: Option<usize>,
    /// Number of random states or scrambles.
    #[arg(long, short, default_value_t = 10)]
    pub count: usize,
    /// Random seed (printed when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Heuristic. 3x3x3: best (default), best-tiny, h48-7, h48-8, h48-7-quick, h48-tiny, korf-inverse, korf, small or small-inverse. Kilominx:
    /// best (default), best-exact, best-forward, best-rotations, faces, seed or sparse (best-mirror: the former name of best-forward), or several separated by commas (e.g. `best,seed`),
    /// each run in turn on the same scrambles and compared.
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Time budget per solve in seconds; solves that run out are counted apart.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Kilominx research mode: complete IDA* iterations up to depth D for every scramble (no
    /// stop at a solution; every solution of each bound counted), with the nodes, time,
    /// nodes/s and solutions of each bound.
    #[arg(long, value_name = "D", conflicts_with = "random_state")]
    pub complete_iteration: Option<u32>,
    /// With --complete-iteration: search only part I of N of every bound (e.g. `2/3`), to run
    /// a long iteration in pieces, on several machines or one after another. The subtrees two
    /// moves deep are dealt out in turn; the parts' nodes and solutions add up to the whole
    /// bound's.
    #[arg(long, value_name = "I/N", requires = "complete_iteration")]
    pub part: Option<twisty_solvers::optimal::kilominx::part::Part>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// `twisty bench astar2x2`.
#[derive(Debug, Args)]
pub struct BenchAStarArgs {
    /// Weights (divisors p): a comma-separated list of numbers and ranges, e.g. `1..10,15,20`.
    #[arg(long, default_value = "1..10,15,20")]
    pub weights: String,
    /// Directory holding the seed's input files (Hangary_CS440-2016FA_HW1_data_cube*.txt)
    /// [default: the copies built into twisty].
    #[arg(long, value_name = "DIR")]
    pub inputs: Option<PathBuf>,
    /// Divide as integers (the seed's Python 2 behaviour).
    #[arg(long)]
    pub integer_heuristic: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Common benchmark options: how many random states, from which seed.
#[derive(Debug, Args)]
pub struct BenchCountArgs {
    /// Number of random states.
    #[arg(long, short, default_value_t = 1000)]
    pub count: usize,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}
