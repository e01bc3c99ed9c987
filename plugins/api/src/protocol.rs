//! The messages that cross the plugin boundary, serialized as JSON.
//!
//! JSON is self-describing: a newer host may send fields an older plugin does not know and
//! the other way round, without breaking either. Every struct therefore tolerates unknown
//! fields and gives new optional fields a `#[serde(default)]`. Removing or renaming a field,
//! or changing the meaning of one, needs a new [`crate::ABI_VERSION`].

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A request from the host to a plugin: one call of the entry table's `call` function.
///
/// Game state is opaque to the host: the plugin returns it as JSON (in [`Frame::state`]) and
/// gets it back unchanged with the next request. Plugins therefore keep no per-session state,
/// any number of games can run at once from any thread, and the host can keep an undo
/// history for free.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// Describe the plugin: answered with [`Response::Info`].
    Info,
    /// Start a game: answered with [`Response::Frame`].
    NewGame {
        /// [`GameInfo::name`].
        game: String,
        /// One of [`GameInfo::rules`]; `None` means the first (the default).
        #[serde(default)]
        rules: Option<String>,
        /// Seed of every random choice the game makes (tile spawns, dice…); with a
        /// `position`, of every random choice after it.
        seed: u64,
        /// Start from this position text ([`Frame::position`]) instead of the rules' initial
        /// position; `None`: a new game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
    },
    /// Apply one action: answered with [`Response::Frame`].
    Apply {
        /// [`GameInfo::name`].
        game: String,
        /// A state from an earlier [`Frame`].
        state: Value,
        /// An [`ActionInfo::id`] from that frame's legal actions.
        action: String,
    },
    /// Ask a strategy for a move: answered with [`Response::Move`]. Long: reports progress
    /// and can be cancelled.
    AiMove {
        /// [`GameInfo::name`].
        game: String,
        /// A state from an earlier [`Frame`].
        state: Value,
        /// A strategy spec, e.g. `greedy` or `cyclic:drdl` (see [`StrategyInfo`]).
        strategy: String,
    },
    /// Play many games with one strategy: answered with [`Response::Experiment`]. Long:
    /// reports progress (games finished of all) and can be cancelled.
    Experiment {
        /// [`GameInfo::name`].
        game: String,
        /// What to run.
        spec: ExperimentSpec,
    },
    /// The report of an experiment from its per-game results, in game order (what
    /// [`Request::Experiment`] computes after playing): how a host merges the shares of a
    /// distributed experiment. Answered with [`Response::Experiment`]. Added after ABI 1's
    /// first release: older plugins answer a malformed-request error.
    Report {
        /// [`GameInfo::name`].
        game: String,
        /// The experiment (its `shard` ignored).
        spec: ExperimentSpec,
        /// Every game's result, in game order.
        games: Vec<GameResult>,
    },
    /// Distributed search, step 1: the root moves a search strategy compares at `state`, in
    /// its order, and the depth it searches each to — answered with [`Response::Split`].
    /// Games whose search values root moves independently (2048's and Threes' expectimax)
    /// answer; others answer an error. Added after ABI 1's first release.
    SearchSplit {
        /// [`GameInfo::name`].
        game: String,
        /// A state from an earlier [`Frame`].
        state: Value,
        /// A strategy spec.
        strategy: String,
    },
    /// Distributed search, step 2: the value of root move `action` at `state`, searched to
    /// `depth` as the strategy would — answered with [`Response::Value`]. The strategy's move
    /// is the first of the split's moves with the largest value.
    SearchValue {
        /// [`GameInfo::name`].
        game: String,
        /// A state from an earlier [`Frame`].
        state: Value,
        /// A strategy spec.
        strategy: String,
        /// One of the split's actions.
        action: String,
        /// The split's depth.
        depth: u32,
    },
    /// The result an experiment's report lists for a finished game (its metrics and
    /// category) — answered with [`Response::Described`]; with [`Request::Report`] a host
    /// builds the report of games it played itself.
    Describe {
        /// [`GameInfo::name`].
        game: String,
        /// A state from an earlier [`Frame`].
        state: Value,
        /// The game's seed, copied into the result.
        seed: u64,
    },
    /// List the strategies of a family, e.g. every cyclic strategy up to a length: answered
    /// with [`Response::Strategies`].
    Sweep {
        /// [`GameInfo::name`].
        game: String,
        /// One of [`GameInfo::sweeps`]' names.
        sweep: String,
        /// The family's size parameter ([`SweepInfo::parameter`]).
        size: u32,
    },
    /// Counts the leaves of the legal-move tree `depth` plies below `state` (games whose
    /// [`GameInfo::perft`] is set; others answer an error). Added after ABI 1's first
    /// release: a plugin that predates it answers a malformed-request error.
    Perft {
        /// [`GameInfo::name`].
        game: String,
        /// [`Frame::state`] of the position.
        state: Value,
        /// Plies (0 counts the position itself).
        depth: u32,
    },
    /// Solve a problem: answered with [`Response::Solved`]. Long: reports progress and can be
    /// cancelled.
    Solve {
        /// [`SolverInfo::name`].
        solver: String,
        /// The problem, in the solver's own serde shape ([`SolverInfo::example`]).
        problem: Value,
    },
    /// Solve a game state with the best of the game's solvers for it — the highest
    /// [`SolverInfo::rank`] among those that take the problem on (e.g. not a board too large
    /// for them): answered with [`Response::Solved`], whose [`SolveReport::solver`] names the
    /// solver picked. Long: reports progress and can be cancelled. Added after ABI 1's first
    /// release: older plugins answer a malformed-request error.
    SolveBest {
        /// [`GameInfo::name`]: the solvers whose [`SolverInfo::game`] it is compete.
        game: String,
        /// A [`Frame::state`] of that game.
        problem: Value,
    },
}

/// A plugin's answer to a [`Request`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Response {
    /// Answer to [`Request::Info`].
    Info(PluginInfo),
    /// Answer to [`Request::NewGame`] and [`Request::Apply`].
    Frame(Frame),
    /// Answer to [`Request::AiMove`].
    Move {
        /// The chosen [`ActionInfo::id`].
        action: String,
        /// What the strategy wants to say about it (e.g. search depth, nodes); may be empty.
        #[serde(default)]
        note: String,
    },
    /// Answer to [`Request::Experiment`].
    Experiment(ExperimentReport),
    /// Answer to [`Request::Sweep`]: strategy specs, each usable in [`Request::AiMove`].
    Strategies {
        /// The specs.
        strategies: Vec<String>,
    },
    /// Answer to [`Request::Solve`].
    Solved(SolveReport),
    /// Answer to [`Request::Perft`].
    Perft(PerftReport),
    /// Answer to [`Request::SearchSplit`].
    Split {
        /// The depth each root move is searched to.
        depth: u32,
        /// The root moves, in the search's order (empty: no legal move).
        actions: Vec<String>,
    },
    /// Answer to [`Request::SearchValue`].
    Value {
        /// The move's value.
        value: f64,
    },
    /// Answer to [`Request::Describe`].
    Described(GameResult),
    /// The request failed; nothing changed.
    Error(crate::PluginError),
}

/// Leaf counts of a legal-move tree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftReport {
    /// Plies counted.
    pub depth: u32,
    /// Leaves `depth` plies below the position.
    pub leaves: u64,
    /// Per legal move of the position (its [`ActionInfo::id`]), the leaves below it
    /// (`depth − 1` plies after it): the "divide" of perft tables. Empty at depth 0.
    pub divide: Vec<(String, u64)>,
}

/// What a plugin offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PluginInfo {
    /// The plugin's name, e.g. `game-2048`.
    pub name: String,
    /// The plugin's version, e.g. `0.1.0`.
    pub version: String,
    /// Its games.
    #[serde(default)]
    pub games: Vec<GameInfo>,
    /// Its solvers.
    #[serde(default)]
    pub solvers: Vec<SolverInfo>,
}

/// A game's metadata.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameInfo {
    /// The name used in requests and on the command line, e.g. `2048`.
    pub name: String,
    /// A title for people, e.g. `2048`.
    pub title: String,
    /// One or two sentences on the game.
    pub description: String,
    /// The rule sets; the first is the default.
    pub rules: Vec<String>,
    /// The AI strategies.
    pub strategies: Vec<StrategyInfo>,
    /// The strategy families `Request::Sweep` can enumerate.
    #[serde(default)]
    pub sweeps: Vec<SweepInfo>,
    /// Whether the game answers [`Request::Perft`] (optional; `false` when absent).
    #[serde(default)]
    pub perft: bool,
    /// The sides of a two-player game in turn order (e.g. `red`, `white`); empty for a
    /// one-player game. [`Frame::to_move`] and [`GameEnd::winner`] index it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// Actions that keep a button of their own whatever the position (2048's four slides),
    /// in button order: a host shows one that is not legal now disabled, in its place,
    /// rather than removing it (its label then is this one's; a legal one's is the frame's).
    /// Empty: the buttons are the frame's actions. Optional.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixed_actions: Vec<ActionInfo>,
    /// What the board's cell colours mean (e.g. a sliding puzzle's tiles in place), for a
    /// host to show as a legend beside the board. Empty: no legend. Optional.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legend: Vec<LegendEntry>,
}

/// One colour of a board's legend ([`GameInfo::legend`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegendEntry {
    /// The cell background it explains, sRGB, as in [`Cell::background`].
    pub background: [u8; 3],
    /// What it means, e.g. `tile in place`.
    pub text: String,
}

/// An AI strategy and its parameters.
///
/// A strategy *spec* is the name, optionally followed by `:` and the parameters, e.g.
/// `random`, `cyclic:drdl`, `biased:4,1,0,4`, `expectimax:depth=3`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrategyInfo {
    /// The name, e.g. `cyclic`.
    pub name: String,
    /// What it does.
    pub description: String,
    /// Its parameters, in spec order.
    #[serde(default)]
    pub params: Vec<ParamInfo>,
    /// A complete example spec, e.g. `cyclic:drdl`, shown with the strategy's description
    /// (a picker starts from the declared defaults, [`ParamInfo::default`], instead).
    pub example: String,
}

/// One parameter of a strategy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParamInfo {
    /// The name, e.g. `depth`.
    pub name: String,
    /// What it means, its range and unit.
    pub description: String,
    /// The value used when it is left out, as text.
    pub default: String,
    /// The smallest value of an integer parameter; with [`ParamInfo::max`] a host offers a
    /// number field. Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// The largest value of an integer parameter. Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// How the spec writes it: `name=value` among comma-separated items
    /// (`expectimax:depth=3`) when true; its value alone, in spec order, when false
    /// (`cyclic:drdl`, `biased:4,1,0,4`). Optional (`false` when absent).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub keyed: bool,
}

impl ParamInfo {
    /// A parameter written as its value alone (see [`ParamInfo::keyed`]), without a range.
    pub fn positional(name: &str, description: impl Into<String>, default: &str) -> ParamInfo {
        ParamInfo {
            name: name.into(),
            description: description.into(),
            default: default.into(),
            min: None,
            max: None,
            keyed: false,
        }
    }

    /// A parameter written `name=value` (see [`ParamInfo::keyed`]), without a range.
    pub fn named(name: &str, description: impl Into<String>, default: &str) -> ParamInfo {
        ParamInfo {
            keyed: true,
            ..ParamInfo::positional(name, description, default)
        }
    }

    /// The parameter as an integer of `min..=max`.
    #[must_use]
    pub fn integers(self, min: i64, max: i64) -> ParamInfo {
        ParamInfo {
            min: Some(min),
            max: Some(max),
            ..self
        }
    }
}

/// A strategy family that `Request::Sweep` enumerates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepInfo {
    /// The name, e.g. `cyclic`.
    pub name: String,
    /// What it enumerates.
    pub description: String,
    /// The size parameter's name on the command line, e.g. `max-len`.
    pub parameter: String,
    /// The rule set the family was designed for (e.g. 2048's `seed`), which a sweep uses
    /// when the caller names none; `None`: the game's first rule set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

/// A solver's metadata.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolverInfo {
    /// The name used in requests, e.g. `8-puzzle`.
    pub name: String,
    /// What it solves and how (algorithm and source).
    pub description: String,
    /// An example problem in the solver's serde shape, as JSON text.
    pub example: String,
    /// The game whose states this solver solves: its problem is then a [`Frame::state`] of
    /// that game, and its report's [`SolveReport::actions`] replay with [`Request::Apply`].
    /// Optional; `None` for a solver of its own problems.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// How good the solver is among its game's solvers, higher better: when the solver is
    /// not named ([`Request::SolveBest`]) the plugin runs the highest-ranked one that takes
    /// the problem on (ties: the listing order). Optional; 0 when absent.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rank: u32,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if"
)]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Everything the host needs to show and continue a game: the opaque state and a view of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    /// The game state, opaque to the host; send it back unchanged.
    pub state: Value,
    /// What to draw.
    pub view: StateView,
    /// The legal actions now; empty when the game is over.
    pub actions: Vec<ActionInfo>,
    /// `Some` once the game is over.
    #[serde(default)]
    pub outcome: Option<String>,
    /// The position text of the state: one line that [`Request::NewGame`]'s `position`
    /// accepts back, so that a game can be shared and replayed (e.g. 2048's
    /// `2 0 0 0/0 4 0 0/0 0 0 0/0 0 0 2 score=4 moves=1`). Empty from plugins older than it.
    #[serde(default)]
    pub position: String,
    /// Two-player games: the index in [`GameInfo::players`] of the side to move (`None` for
    /// one-player games, and once the game is over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<u32>,
    /// Two-player games: the result once the game is over (with [`Frame::outcome`] as its
    /// sentence).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameEnd>,
}

/// How a two-player game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEnd {
    /// The winner's index in [`GameInfo::players`]; `None` for a draw.
    pub winner: Option<u32>,
    /// Why, in a few words (e.g. `no legal move`, `threefold repetition`).
    pub reason: String,
}

/// A view of a game state, generic enough for any board game or puzzle: a grid of cells plus
/// named values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateView {
    /// Rows of the grid (≥ 0).
    pub rows: u32,
    /// Columns of the grid (≥ 0).
    pub cols: u32,
    /// `rows × cols` cells, row-major, top-left first.
    pub cells: Vec<Cell>,
    /// Named values in display order, e.g. `("score", "1024")`, `("moves", "3")`.
    #[serde(default)]
    pub values: Vec<NamedValue>,
    /// What comes next, shown prominently beside the grid (e.g. Threes!' next tile, or the
    /// possible values of a bonus tile); `None`: nothing to preview.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview: Option<Preview>,
}

/// A short row of cells a host shows prominently beside the grid: the next piece or tile.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preview {
    /// A caption, e.g. `next`.
    pub label: String,
    /// The cells, drawn like grid cells, left to right (one for a known tile, several for a
    /// choice the game has not revealed yet).
    pub cells: Vec<Cell>,
}

/// One grid cell.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// The text shown in the cell; empty for an empty cell.
    pub text: String,
    /// Background colour hint, sRGB `[r, g, b]`; `None`: the host's empty-cell colour.
    #[serde(default)]
    pub background: Option<[u8; 3]>,
    /// Text colour hint, sRGB; `None`: the host picks one that reads on the background.
    #[serde(default)]
    pub foreground: Option<[u8; 3]>,
    /// The cell holds a piece: the host draws a disc in the foreground colour, with the text
    /// (if any, e.g. `K` for a king) on it. Optional.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disc: bool,
    /// What the cell holds, for people who cannot see it (screen readers, tests) and for
    /// text boards, e.g. `red man`; `None`: the text says it. Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The cell's name in the game's own notation (checkers' square numbers 1–32), which a
    /// host can show in a corner of the cell; `None`: the cell has none. Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
}

/// A named value of a state view or a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedValue {
    /// The name, e.g. `score`.
    pub name: String,
    /// The value as text.
    pub value: String,
}

impl NamedValue {
    /// A named value from anything printable.
    pub fn new(name: impl Into<String>, value: &impl ToString) -> Self {
        Self {
            name: name.into(),
            value: value.to_string(),
        }
    }
}

/// A legal action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionInfo {
    /// The id sent back in [`Request::Apply`], e.g. `l`.
    pub id: String,
    /// A label for a button, e.g. `Left`.
    pub label: String,
    /// A keyboard hint: `left`, `right`, `up` or `down` map the arrow keys (and WASD) to this
    /// action; any other single character is a key of its own.
    #[serde(default)]
    pub key: Option<String>,
    /// The grid cells the action touches, in order, as indices into [`StateView::cells`]
    /// (row-major): for a board game the piece's cell, then every cell it lands on (a
    /// checkers multi-jump lists each landing). A host lets a person make the move by
    /// clicking these cells. Empty when the action is not a move on the grid (2048's slides).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<u32>,
}

/// What an experiment runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExperimentSpec {
    /// A strategy spec.
    pub strategy: String,
    /// Number of games (≥ 1).
    pub games: u32,
    /// Master seed; game `i` is seeded from `(seed, i)`, so results do not depend on how
    /// many threads play them.
    pub seed: u64,
    /// A rule set; `None` means the game's default.
    #[serde(default)]
    pub rules: Option<String>,
    /// Two-player games: the strategy `strategy` plays against (a match). `None`: the game's
    /// default (for a one-player game, none is needed). Optional; absent from older hosts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// A distributed run's share: play only the games (for a match, the pairs) whose index
    /// `i` has `i % count == index`; the report then lists just those, in index order, for a
    /// host to merge with [`Request::Report`]. `None`: every game. Optional; absent from older
    /// hosts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

/// One of `count` equal shares of an experiment's games (see [`ExperimentSpec::shard`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// This share, `0..count`.
    pub index: u32,
    /// The number of shares (≥ 1).
    pub count: u32,
}

impl Shard {
    /// Whether game (or pair) `i` belongs to this share.
    pub fn owns(self, i: u64) -> bool {
        self.count > 0 && i % u64::from(self.count) == u64::from(self.index)
    }
}

/// The results of an experiment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExperimentReport {
    /// The strategy spec that was run.
    pub strategy: String,
    /// The rule set that was used.
    pub rules: String,
    /// One entry per game, in game order.
    pub games: Vec<GameResult>,
    /// Game-specific aggregates, e.g. for 2048 `aett`, `aett_sd`, `max_tile_counts`.
    pub aggregates: BTreeMap<String, Value>,
    /// The aggregate that ranks strategies (higher is better), e.g. `aett`.
    pub primary: String,
    /// The per-game metric whose distribution a host plots as a histogram, e.g.
    /// `end_tile_total`.
    pub histogram_metric: String,
    /// What [`GameResult::category`] means, e.g. `max tile`; a host plots category shares.
    pub category_label: String,
    /// Measurements, e.g. `moves_per_second`: the only part of a report that differs from
    /// run to run (and between a run and its distributed twin). Optional.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub timing: BTreeMap<String, f64>,
    /// Names for people of aggregates (and timings), by key, e.g. `aett` → `average end-tile
    /// total`; a host shows the key of one not named. Optional.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub names: BTreeMap<String, String>,
}

/// One game of an experiment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's own seed.
    pub seed: u64,
    /// Numeric results, e.g. `moves`, `score`, `end_tile_total`.
    pub metrics: BTreeMap<String, f64>,
    /// A class of the outcome, e.g. the max tile `512`.
    pub category: String,
    /// The game's index in the experiment, set in a shard's report (see
    /// [`ExperimentSpec::shard`]) so that a host can merge shares in game order; `None` in a
    /// whole report. Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u64>,
}

/// A solver's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolveReport {
    /// The solution in the solver's serde shape.
    pub solution: Value,
    /// Statistics, e.g. `nodes_expanded`, `seconds`.
    #[serde(default)]
    pub stats: BTreeMap<String, f64>,
    /// A game solver's solution as action ids, in order ([`SolverInfo::game`]). Optional.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<String>,
    /// The [`SolverInfo::name`] of the solver that ran: set by the dispatcher, so that the
    /// answer to [`Request::SolveBest`] says which solver it picked. Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_round_trip_and_tolerate_fields_added_later() {
        let requests = [
            Request::Info,
            Request::NewGame {
                game: "2048".into(),
                rules: Some("seed".into()),
                seed: 7,
                position: None,
            },
            Request::NewGame {
                game: "threes".into(),
                rules: None,
                seed: 7,
                position: Some("1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4".into()),
            },
            Request::Apply {
                game: "2048".into(),
                state: Value::from(12),
                action: "l".into(),
            },
            Request::AiMove {
                game: "2048".into(),
                state: Value::Null,
                strategy: "greedy".into(),
            },
            Request::Experiment {
                game: "2048".into(),
                spec: ExperimentSpec {
                    strategy: "random".into(),
                    games: 3,
                    seed: 1,
                    rules: None,
                    opponent: None,
                    shard: None,
                },
            },
            Request::Sweep {
                game: "2048".into(),
                sweep: "cyclic".into(),
                size: 4,
            },
            Request::Solve {
                solver: "8-puzzle".into(),
                problem: Value::from("1234_5678"),
            },
            Request::SolveBest {
                game: "sliding".into(),
                problem: Value::Null,
            },
        ];
        for request in requests {
            let json = serde_json::to_value(&request).expect("encodes");
            assert_eq!(
                serde_json::from_value::<Request>(json.clone()).expect("decodes"),
                request
            );
            // A newer host may add fields; an older plugin must still understand the request.
            let mut newer = json;
            newer
                .as_object_mut()
                .expect("object")
                .insert("added_in_v2".into(), Value::Bool(true));
            assert_eq!(
                serde_json::from_value::<Request>(newer).expect("decodes"),
                request
            );
        }
    }

    #[test]
    fn game_info_from_a_plugin_without_fixed_actions_legend_notation_or_ranges_still_parses() {
        let info: GameInfo = serde_json::from_str(
            r#"{"name": "g", "title": "G", "description": "", "rules": ["r"],
                "strategies": [{"name": "s", "description": "", "example": "s:3",
                                "params": [{"name": "n", "description": "", "default": "3"}]}]}"#,
        )
        .expect("an older plugin's info");
        assert!(info.fixed_actions.is_empty() && info.legend.is_empty());
        let param = &info.strategies[0].params[0];
        assert_eq!((param.min, param.max, param.keyed), (None, None, false));
        let cell: Cell = serde_json::from_str(r#"{"text": "1"}"#).expect("an older cell");
        assert_eq!(cell.notation, None);
        // And the new fields round-trip.
        let depth = ParamInfo::named("depth", "plies", "4").integers(1, 8);
        let json = serde_json::to_string(&depth).expect("encodes");
        assert_eq!(
            serde_json::from_str::<ParamInfo>(&json).expect("decodes"),
            depth
        );
        assert!(
            json.contains(r#""keyed":true"#) && json.contains(r#""max":8"#),
            "{json}"
        );
    }

    #[test]
    fn optional_fields_may_be_left_out() {
        let request: Request =
            serde_json::from_str(r#"{"op": "new_game", "game": "2048", "seed": 1}"#).expect("ok");
        assert_eq!(
            request,
            Request::NewGame {
                game: "2048".into(),
                rules: None,
                seed: 1,
                position: None,
            }
        );
        let bad = serde_json::from_str::<Request>(r#"{"op": "fly", "game": "2048"}"#);
        assert!(bad.expect_err("unknown op").to_string().contains("fly"));
    }
}
