//! The game and puzzle commands: `play`, `replay`, `perft`, `solve`, `experiment` (plugin
//! games) and `euler` (figures drawn in one stroke), with the report format they share.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game, as listed by `tritium plugins` (e.g. `2048`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// Let this strategy play (e.g. `greedy`, `cyclic:drdl`, `expectimax:depth=3`); in a
    /// two-player game it plays the sides `--human` leaves.
    #[arg(long, value_name = "STRATEGY")]
    pub ai: Option<String>,

    /// Two-player games: the sides a person plays, by name (`red`, `white`), `both` or
    /// `none` (default: both without `--ai`, the first side with it).
    #[arg(long, value_name = "SIDES")]
    pub human: Option<String>,

    /// The seed of the game's random events.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The rule set (default: the game's first).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,

    /// Start from this position text (as every frame prints it, e.g. for 2048
    /// `2 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2 score=4 moves=1`); the random events after it come
    /// from `--seed`.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// Stop after this many moves.
    #[arg(long, value_name = "N")]
    pub moves: Option<u64>,
}

/// Arguments of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game, as listed by `tritium plugins` (e.g. `2048`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// The seed of the game's random events (needed unless `--position` is given; then it
    /// seeds the events after the position and defaults to 1).
    #[arg(long, value_name = "S", required_unless_present = "position")]
    pub seed: Option<u64>,

    /// The rule set (default: the game's first, or what the position says).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,

    /// Start from this position text instead of a new game.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// The actions to apply, comma-separated action ids (for 2048 and Threes!: `l,r,u,d`).
    #[arg(long, value_name = "A,B,...", default_value = "")]
    pub actions: String,

    /// The output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game, as listed by `tritium plugins` (e.g. `checkers`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// Plies to count.
    #[arg(long, value_name = "N")]
    pub depth: u32,

    /// Count from this position text (e.g. a checkers FEN) instead of the start.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// The rule set (default: the game's first).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game, as listed by `tritium plugins` (e.g. `sliding`).
    #[arg(value_name = "GAME", required_unless_present = "list")]
    pub game: Option<String>,

    /// List the solvers of every plugin instead.
    #[arg(long)]
    pub list: bool,

    /// The solver (see `--list`); default: the best of the game's solvers that takes the board
    /// on (for the sliding puzzle `ida-pdb` up to 16 cells, `ida-manhattan-lc` beyond), named
    /// in the output.
    #[arg(long, value_name = "NAME")]
    pub solver: Option<String>,

    /// The position to solve (e.g. `1 2 3/4 5 6/0 7 8`); without it, the game from `--seed`.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// The seed of a new game to solve (when no `--position`).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The rule set (e.g. `4x4`).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,

    /// Stop the search after this many seconds with no answer (exit status 1). Default: 10
    /// when no `--solver` is named, so the picked solver answers in bounded time or says
    /// that none will (a random 5×5 sliding puzzle can take hours to solve optimally);
    /// none for a named solver. Building a solver's tables (with a known total) is not
    /// counted.
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub time_limit: Option<f64>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// Arguments of `experiment`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["strategy", "sweep"])))]
pub struct ExperimentArgs {
    /// The game (e.g. `2048`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// The strategy spec to run.
    #[arg(long, value_name = "S")]
    pub strategy: Option<String>,

    /// Two-player games: the strategy's opponent (a match, colours swapped game by game),
    /// e.g. `--strategy alphabeta:time=100 --opponent minimax:depth=4`.
    #[arg(long, value_name = "STRATEGY")]
    pub opponent: Option<String>,

    /// Run every strategy of this family instead, printing CSV (needs `--size`).
    #[arg(long, value_name = "FAMILY", requires = "size")]
    pub sweep: Option<String>,

    /// The family's size: for 2048 the longest cycle (`--max-len`) or the largest weight
    /// (`--max-weight`).
    #[arg(long, value_name = "N", visible_aliases = ["max-len", "max-weight"])]
    pub size: Option<u32>,

    /// Games per strategy.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: u32,

    /// The master seed; game i of every strategy is seeded from (seed, i).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The rule set (default: the game's first).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,

    /// The output format (a sweep always prints CSV).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    /// Leave the measurements (the report's `timing`, e.g. `moves_per_second`) out, so that
    /// reports of the same seed compare byte for byte.
    #[arg(long)]
    pub no_timing: bool,

    /// Run on a local cluster of N processes on 127.0.0.1 (timely dataflow): this one and
    /// N − 1 copies it starts itself, on ports free at the time. Same report as one process.
    #[arg(long, value_name = "N", conflicts_with_all = ["hosts", "hostfile", "sweep"])]
    pub processes: Option<usize>,

    /// A cluster's processes as `host:port` addresses, comma-separated, the same list on
    /// every process (timely's hostfile, inline); with `--process`.
    #[arg(long, value_name = "LIST", value_delimiter = ',', conflicts_with_all = ["hostfile", "sweep"])]
    pub hosts: Vec<String>,

    /// A file of a cluster's addresses, one `host:port` per line (timely's `-h`); with
    /// `--process`.
    #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
    pub hostfile: Option<PathBuf>,

    /// This process's index in the cluster's addresses (timely's `-p`); process 0 prints
    /// the report.
    #[arg(long, value_name = "I")]
    pub process: Option<usize>,

    /// On a cluster, play the games on process 0 and split every move's search across the
    /// processes instead (the seed's distributed expectimax: each root move's subtree valued
    /// on one process, one dataflow round per move). Same report as one process.
    #[arg(long)]
    pub split_search: bool,

    /// Seconds a cluster's processes wait for each other before giving up.
    #[arg(long, value_name = "S", default_value_t = 30)]
    pub connect_timeout: u64,
}

/// Arguments of `euler`.
#[derive(Debug, Args)]
pub struct EulerArgs {
    /// A figure file (RON, see `circuits/figures/`).
    #[arg(
        value_name = "FILE",
        required_unless_present = "edges",
        conflicts_with = "edges"
    )]
    pub file: Option<PathBuf>,

    /// The figure as an edge list instead, e.g. `0-1,0-2,1-2`.
    #[arg(long, value_name = "EDGES")]
    pub edges: Option<String>,

    /// Start the drawing at this vertex (by label); it must be a legal start.
    #[arg(long, value_name = "V")]
    pub start: Option<String>,

    /// A random drawing instead of Hierholzer's, from `--seed`.
    #[arg(long)]
    pub random: bool,

    /// The seed of `--random`.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Count the drawings: from each start (or `--start`) and in total (up to 64 edges), as
    /// edge sequences (parallel edges told apart, each direction of a circuit or a loop
    /// apart); 0 when no single stroke draws the figure. Counts of any size are exact (JSON:
    /// a number up to 2^64 − 1, a decimal string beyond). Counting can take exponential time:
    /// a spinner shows its progress on a terminal, and Ctrl+C or `--time-limit` stop it with
    /// no number and exit status 1, as does a count needing more than 2 million memoized
    /// states (about 250 MB and a second; a complete graph such as K9): "too many to count
    /// in time".
    #[arg(long)]
    pub count: bool,

    /// Stop `--count` (or `--all`) after this many seconds, saying so (exit status 1).
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub time_limit: Option<f64>,

    /// List the drawings, up to `--limit`, each printed as soon as it is found.
    #[arg(long)]
    pub all: bool,

    /// How many drawings `--all` lists at most.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub limit: usize,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// How `experiment` prints its report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// One line per game, then the aggregates.
    Text,
    /// The whole report as JSON: per-game results and aggregates.
    Json,
}

/// A positive, finite number of seconds.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 => Ok(s),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
}
