//! Expectimax search for 2048, after nneonneo's `2048-ai`
//! (<https://github.com/nneonneo/2048-ai>), the strongest public expectimax program.
//!
//! - **Max nodes** try the four moves and keep the best; only moves that change the board
//!   count, and a board without one is lost and scores 0.
//! - **Chance nodes** average over every empty cell × {2 with p 0.9, 4 with p 0.1}.
//! - **Probability pruning**: each node carries the probability of the spawns that lead to it;
//!   a chance node below [`ExpectimaxConfig::prob_threshold`] (default 0.0001, nneonneo's
//!   value) is not expanded but evaluated by the [`heuristic`].
//! - **Depth** counts chance layers below the root move: depth `d` searches the root move,
//!   then `d` rounds of (spawn, move), and evaluates the boards after the last move. The
//!   default is [`DEFAULT_DEPTH`] = 4, chosen so that 100 standard games finish in about
//!   an hour on one core (see `docs/2048-experiments.md`). `depth=auto` adapts it to the
//!   board like nneonneo's: `max(3, distinct tiles − 2)`, so it grows as the board fills with
//!   different tiles (the positions where a mistake is fatal) — stronger, and many times
//!   slower in late games.
//! - **Transposition table**: chance-node values keyed by board with the depth they were
//!   searched to; an entry answers a query that needs no more depth. One table per root move,
//!   reused between searches (cleared, its allocation kept), which also makes the result
//!   independent of how the root moves are spread over threads.
//! - **Root parallelism**: the root moves are searched in parallel with rayon
//!   ([`ExpectimaxConfig::parallel`]); see `docs/2048-experiments.md` for what it pays.
//! - **Time per move** ([`ExpectimaxConfig::time_ms`]): iterative deepening from depth 1
//!   until the time is spent (an unfinished iteration is discarded) or a deeper search can
//!   no longer differ (every branch already stopped by the probability threshold).
//!
//! Strategy specs: `expectimax` (depth 4), `expectimax:depth=auto` (nneonneo's adaptive depth),
//! `expectimax:depth=4,prob=0.001`, `expectimax:time=100` (see [`ExpectimaxConfig::parse`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use tritium_plugin_api::{PluginError, Progress};

use crate::board::{Board, Move, apply_move, empty_cells};
use crate::heuristic;

/// nneonneo's pruning threshold: chance nodes reached with a smaller probability are
/// evaluated, not expanded.
pub const DEFAULT_PROB_THRESHOLD: f32 = 0.0001;
/// The depth of `expectimax` without parameters: the deepest fixed depth at which 100
/// standard games finish within about an hour on one core (about 200 moves per second;
/// depth 3 plays about 2000); it reaches 8192 in most games. See `docs/2048-experiments.md`.
pub const DEFAULT_DEPTH: u32 = 4;
/// The largest depth a spec may ask for, and where iterative deepening stops.
pub const MAX_DEPTH: u32 = 16;
/// The longest time per move a spec may ask for, in milliseconds.
pub const MAX_TIME_MS: u64 = 3_600_000;
/// The adaptive depth never goes below this.
pub const MIN_ADAPTIVE_DEPTH: u32 = 3;

/// How deep and how long to search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpectimaxConfig {
    /// Chance layers below the root move; `None`: adaptive, `max(3, distinct tiles − 2)`.
    /// With [`Self::time_ms`] it caps the iterative deepening (`None`: at [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Chance nodes reached with a smaller probability are evaluated, not expanded.
    pub prob_threshold: f32,
    /// Time per move in milliseconds: iterative deepening until it is spent. Not
    /// deterministic (depends on the machine's speed).
    pub time_ms: Option<u64>,
    /// Search the root moves in parallel (rayon). The chosen move does not depend on it.
    pub parallel: bool,
}

impl Default for ExpectimaxConfig {
    fn default() -> Self {
        Self {
            depth: Some(DEFAULT_DEPTH),
            prob_threshold: DEFAULT_PROB_THRESHOLD,
            time_ms: None,
            parallel: true,
        }
    }
}

fn bad(name: &str, reason: &str) -> PluginError {
    PluginError::bad_parameter(name, reason)
}

impl ExpectimaxConfig {
    /// Parses the parameters of a spec, the part after `expectimax:`: comma-separated
    /// `key=value` items, any order, each optional:
    /// - `depth=N` (0..=16, or `auto`): chance layers below the root move; default
    ///   [`DEFAULT_DEPTH`]; `auto`: nneonneo's adaptive depth;
    /// - `prob=P` (0 ≤ P < 1): the pruning threshold; default 0.0001;
    /// - `time=MS` (1..=3600000): milliseconds per move, iterative deepening up to `depth`
    ///   (up to [`MAX_DEPTH`] when no depth is given).
    ///
    /// An empty string gives the defaults.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the offending item.
    pub fn parse(params: &str) -> Result<Self, PluginError> {
        let mut cfg = Self::default();
        let mut depth_given = false;
        for item in params
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
        {
            let Some((key, value)) = item.split_once('=') else {
                return Err(bad(item, "expected key=value: depth=N, prob=P or time=MS"));
            };
            let value = value.trim();
            match key.trim() {
                "depth" if value == "auto" => (cfg.depth, depth_given) = (None, true),
                "depth" => match value.parse::<u32>() {
                    Ok(depth) if depth <= MAX_DEPTH => {
                        (cfg.depth, depth_given) = (Some(depth), true);
                    }
                    _ => return Err(bad(item, "depth must be `auto` or an integer 0..=16")),
                },
                "prob" => match value.parse::<f32>() {
                    Ok(p) if (0.0..1.0).contains(&p) => cfg.prob_threshold = p,
                    _ => return Err(bad(item, "prob must be a number with 0 <= prob < 1")),
                },
                "time" => match value.parse::<u64>() {
                    Ok(ms) if (1..=MAX_TIME_MS).contains(&ms) => cfg.time_ms = Some(ms),
                    _ => return Err(bad(item, "time must be milliseconds per move, 1..=3600000")),
                },
                _ => return Err(bad(item, "unknown parameter; expected depth, prob or time")),
            }
        }
        if cfg.time_ms.is_some() && !depth_given {
            cfg.depth = None;
        }
        Ok(cfg)
    }

    /// Parses a whole spec: `expectimax` or `expectimax:PARAMS` (see [`Self::parse`]).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] when the name is not `expectimax` or a parameter is bad.
    pub fn from_spec(spec: &str) -> Result<Self, PluginError> {
        match spec.trim().strip_prefix("expectimax") {
            Some("") => Ok(Self::default()),
            Some(rest) => match rest.strip_prefix(':') {
                Some(params) => Self::parse(params),
                None => Err(bad(spec, "not an expectimax spec")),
            },
            None => Err(bad(spec, "not an expectimax spec")),
        }
    }

    /// The spec that [`Self::from_spec`] parses back into this configuration (without
    /// [`Self::parallel`], which specs do not set).
    pub fn spec(&self) -> String {
        let mut items = Vec::new();
        match (self.depth, self.time_ms) {
            (None, None) => items.push("depth=auto".to_owned()),
            (Some(depth), _) if depth != DEFAULT_DEPTH || self.time_ms.is_some() => {
                items.push(format!("depth={depth}"));
            }
            _ => {}
        }
        if self.prob_threshold.to_bits() != DEFAULT_PROB_THRESHOLD.to_bits() {
            items.push(format!("prob={}", self.prob_threshold));
        }
        if let Some(ms) = self.time_ms {
            items.push(format!("time={ms}"));
        }
        if items.is_empty() {
            "expectimax".to_owned()
        } else {
            format!("expectimax:{}", items.join(","))
        }
    }

    /// The depth a search of `board` uses without a time limit.
    pub fn depth_for(&self, board: Board) -> u32 {
        self.depth.unwrap_or_else(|| adaptive_depth(board))
    }
}

/// The number of different tile values on `board`.
pub fn distinct_tiles(board: Board) -> u32 {
    let mut seen = 0u32;
    let mut rest = board;
    while rest != 0 {
        seen |= 1 << (rest & 0xf);
        rest >>= 4;
    }
    (seen & !1).count_ones()
}

/// nneonneo's depth rule: `max(3, distinct tiles − 2)`.
pub fn adaptive_depth(board: Board) -> u32 {
    distinct_tiles(board)
        .saturating_sub(2)
        .max(MIN_ADAPTIVE_DEPTH)
}

/// What one search did.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SearchStats {
    /// The depth of the (last completed) search.
    pub depth: u32,
    /// Max and chance nodes visited, leaves included, summed over the root moves (and over
    /// the iterations of a timed search).
    pub nodes: u64,
    /// Heuristic evaluations (leaves).
    pub evaluations: u64,
    /// Chance nodes answered by the transposition table.
    pub tt_hits: u64,
    /// Wall-clock time of the whole call.
    pub seconds: f64,
    /// The expectimax value of the chosen move.
    pub value: f32,
}

impl SearchStats {
    /// A one-line summary, e.g. for the note of an AI move.
    pub fn note(&self) -> String {
        format!(
            "expectimax depth {}, {} nodes, {} TT hits, value {:.0}, {:.3} s",
            self.depth, self.nodes, self.tt_hits, self.value, self.seconds
        )
    }

    fn add(&mut self, other: &Counters) {
        self.nodes += other.nodes;
        self.evaluations += other.evaluations;
        self.tt_hits += other.tt_hits;
    }
}

/// The best move for `board` under `cfg`, with what the search did; `Ok(None)` when no move
/// changes the board (the game is over). Ties go to the move first in [`Move::ALL`].
///
/// Reports progress to `progress` (root moves finished of all, or milliseconds spent of
/// [`ExpectimaxConfig::time_ms`]) every few thousand nodes and stops when the host cancels.
/// Without a time limit the result depends only on `board` and `cfg`.
///
/// # Errors
/// [`PluginError::Cancelled`] when `progress` says so.
pub fn best_move(
    board: Board,
    cfg: &ExpectimaxConfig,
    progress: &Progress<'_>,
) -> Result<Option<(Move, SearchStats)>, PluginError> {
    best_move_with(board, cfg, &|done, total| {
        progress.report(done, total).is_ok()
    })
}

/// [`best_move`] with a plain progress hook: `report(done, total)` is called every few
/// thousand nodes, from any of the search's threads; returning `false` cancels the search.
///
/// # Errors
/// [`PluginError::Cancelled`] when `report` returned `false`.
pub fn best_move_with(
    board: Board,
    cfg: &ExpectimaxConfig,
    report: &Report<'_>,
) -> Result<Option<(Move, SearchStats)>, PluginError> {
    let start = Instant::now();
    let roots = root_moves(board);
    if roots.is_empty() {
        return Ok(None);
    }
    let mut stats = SearchStats::default();
    let (values, depth) = match cfg.time_ms {
        None => {
            let depth = cfg.depth_for(board);
            let control = Control::new(report, None, roots.len() as u64);
            let Some(done) = search_roots(&roots, depth, cfg, &control) else {
                return Err(PluginError::Cancelled);
            };
            stats.add(&done.counters);
            (done.values, depth)
        }
        Some(ms) => deepen(
            &roots,
            cfg,
            start,
            Duration::from_millis(ms),
            report,
            &mut stats,
        )?,
    };
    let (best, value) = argmax(&values);
    stats.depth = depth;
    stats.value = value;
    stats.seconds = start.elapsed().as_secs_f64();
    Ok(Some((roots[best].0, stats)))
}

/// A progress hook: `(done, total) -> keep going`. Called from several threads at once.
pub type Report<'a> = dyn Fn(u64, u64) -> bool + Sync + 'a;

/// The expectimax value of each move of [`Move::ALL`] at a fixed depth (`None`: the move does
/// not change the board), searched sequentially.
pub fn move_values(board: Board, depth: u32, prob_threshold: f32) -> [Option<f32>; 4] {
    let cfg = ExpectimaxConfig {
        depth: Some(depth),
        prob_threshold,
        time_ms: None,
        parallel: false,
    };
    let roots = root_moves(board);
    let control = Control::new(&|_, _| true, None, roots.len() as u64);
    let done = search_roots(&roots, depth, &cfg, &control).expect("nothing cancels this search");
    Move::ALL.map(|mv| {
        roots
            .iter()
            .zip(&done.values)
            .find(|((m, _), _)| *m == mv)
            .map(|(_, &v)| v)
    })
}

/// The expectimax value of `board` as a max node at a fixed depth: the best of
/// [`move_values`], 0 for a board where no move changes anything (a lost game).
pub fn value(board: Board, depth: u32, prob_threshold: f32) -> f32 {
    move_values(board, depth, prob_threshold)
        .into_iter()
        .flatten()
        .fold(0.0, f32::max)
}

/// The moves that change `board`, with the boards they give, in [`Move::ALL`] order.
fn root_moves(board: Board) -> Vec<(Move, Board)> {
    Move::ALL
        .into_iter()
        .map(|mv| (mv, apply_move(board, mv)))
        .filter(|&(_, after)| after != board)
        .collect()
}

/// The index and value of the largest value, the first one on ties.
fn argmax(values: &[f32]) -> (usize, f32) {
    values
        .iter()
        .copied()
        .enumerate()
        .fold((0, f32::NEG_INFINITY), |best, (i, v)| {
            if v > best.1 { (i, v) } else { best }
        })
}

/// Iterative deepening within `budget`. Returns the values of the deepest completed
/// iteration and its depth (depth 0, the heuristic of the boards after each move, is the
/// fallback when not even depth 1 finishes).
fn deepen(
    roots: &[(Move, Board)],
    cfg: &ExpectimaxConfig,
    start: Instant,
    budget: Duration,
    report: &Report<'_>,
    stats: &mut SearchStats,
) -> Result<(Vec<f32>, u32), PluginError> {
    let table = heuristic::table();
    let mut values: Vec<f32> = roots
        .iter()
        .map(|&(_, after)| heuristic::evaluate_with(table, after))
        .collect();
    let mut depth = 0;
    let cap = cfg.depth.unwrap_or(MAX_DEPTH);
    let deadline = start + budget;
    for d in 1..=cap {
        let begun = Instant::now();
        let control = Control::new(report, Some((start, deadline)), roots.len() as u64);
        let result = search_roots(roots, d, cfg, &control);
        if control.cancelled.load(Ordering::Relaxed) {
            return Err(PluginError::Cancelled);
        }
        let Some(done) = result else { break };
        stats.add(&done.counters);
        values = done.values;
        depth = d;
        // Every branch stopped by the probability threshold: deeper searches are the same.
        // Otherwise the next iteration costs several times this one: do not start what
        // cannot finish.
        let spent = begun.elapsed();
        if !done.counters.full_depth || start.elapsed() + spent * 3 > budget {
            break;
        }
    }
    Ok((values, depth))
}

/// Shared by the searches of one call: cancellation, deadline, progress.
struct Control<'a> {
    report: &'a Report<'a>,
    /// (start, deadline) of a timed search.
    clock: Option<(Instant, Instant)>,
    stop: AtomicBool,
    cancelled: AtomicBool,
    roots_done: AtomicU64,
    roots: u64,
}

impl<'a> Control<'a> {
    fn new(report: &'a Report<'a>, clock: Option<(Instant, Instant)>, roots: u64) -> Self {
        Self {
            report,
            clock,
            stop: AtomicBool::new(false),
            cancelled: AtomicBool::new(false),
            roots_done: AtomicU64::new(0),
            roots,
        }
    }

    /// Reports progress; `true` when the search must stop (cancelled or out of time).
    fn poll(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let now = Instant::now();
        let (done, total) = match self.clock {
            Some((start, deadline)) => {
                if now >= deadline {
                    self.stop.store(true, Ordering::Relaxed);
                    return true;
                }
                let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
                (ms(now - start), ms(deadline - start))
            }
            None => (self.roots_done.load(Ordering::Relaxed), self.roots),
        };
        if !(self.report)(done, total) {
            self.cancelled.store(true, Ordering::Relaxed);
            self.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// What the searches of the root moves found.
struct RootResult {
    values: Vec<f32>,
    counters: Counters,
}

#[derive(Debug, Default, Clone, Copy)]
struct Counters {
    nodes: u64,
    evaluations: u64,
    tt_hits: u64,
    /// Some leaf was reached by depth, not by the probability threshold.
    full_depth: bool,
}

/// Searches every root move to `depth`; `None` when stopped.
fn search_roots(
    roots: &[(Move, Board)],
    depth: u32,
    cfg: &ExpectimaxConfig,
    control: &Control<'_>,
) -> Option<RootResult> {
    if control.poll() {
        return None;
    }
    let one = |&(_, after): &(Move, Board)| search_root(after, depth, cfg.prob_threshold, control);
    let results: Vec<Option<(f32, Counters)>> = if cfg.parallel && roots.len() > 1 {
        roots.par_iter().map(one).collect()
    } else {
        roots.iter().map(one).collect()
    };
    let mut counters = Counters::default();
    let mut values = Vec::with_capacity(roots.len());
    for result in results {
        let (value, c) = result?;
        values.push(value);
        counters.nodes += c.nodes;
        counters.evaluations += c.evaluations;
        counters.tt_hits += c.tt_hits;
        counters.full_depth |= c.full_depth;
    }
    Some(RootResult { values, counters })
}

/// The value of the chance node after one root move; `None` when stopped.
fn search_root(
    after: Board,
    depth: u32,
    threshold: f32,
    control: &Control<'_>,
) -> Option<(f32, Counters)> {
    let mut tt = TABLES.with(RefCell::take);
    tt.clear();
    let mut searcher = Searcher {
        table: heuristic::table(),
        tt,
        threshold,
        counters: Counters::default(),
        next_poll: POLL_INTERVAL,
        stopped: false,
        control,
    };
    let value = searcher.chance(after, depth, 1.0);
    let Searcher {
        tt,
        counters,
        stopped,
        ..
    } = searcher;
    TABLES.with(|cell| cell.replace(tt));
    if stopped {
        return None;
    }
    control.roots_done.fetch_add(1, Ordering::Relaxed);
    Some((value, counters))
}

/// Nodes between two polls of [`Control`].
const POLL_INTERVAL: u64 = 1 << 14;

/// A transposition-table entry: the value of a chance node and the depth it was searched to.
#[derive(Debug, Clone, Copy)]
struct Entry {
    depth: u32,
    value: f32,
}

/// Boards are already well-spread 64-bit keys; one multiply-xorshift round mixes them enough
/// for the table's bucket index (low bits) and tag (high bits).
#[derive(Default)]
struct BoardHasher(u64);

impl Hasher for BoardHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0.rotate_left(8) ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        let h = (n ^ (n >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Table = HashMap<Board, Entry, BuildHasherDefault<BoardHasher>>;

thread_local! {
    /// Each thread's transposition table, taken for one root move and put back, so that its
    /// allocation survives between searches.
    static TABLES: RefCell<Table> = RefCell::new(Table::default());
}

struct Searcher<'c> {
    table: &'static [f32; 65536],
    tt: Table,
    threshold: f32,
    counters: Counters,
    next_poll: u64,
    stopped: bool,
    control: &'c Control<'c>,
}

impl Searcher<'_> {
    /// Counts a node and polls the control now and then; `true` when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.counters.nodes += 1;
        if self.counters.nodes >= self.next_poll {
            self.next_poll += POLL_INTERVAL;
            self.stopped = self.control.poll();
        }
        self.stopped
    }

    /// Average over the spawns on `board` (a board just after a move), `depth` chance layers
    /// to go, reached with probability `probability`.
    fn chance(&mut self, board: Board, depth: u32, probability: f32) -> f32 {
        if self.tick() {
            return 0.0;
        }
        if depth == 0 || probability < self.threshold {
            self.counters.evaluations += 1;
            self.counters.full_depth |= depth == 0;
            return heuristic::evaluate_with(self.table, board);
        }
        if let Some(entry) = self.tt.get(&board)
            && entry.depth >= depth
        {
            self.counters.tt_hits += 1;
            return entry.value;
        }
        let empty = empty_cells(board);
        if empty == 0 {
            // Not reachable after a move that changed the board; evaluate rather than divide
            // by zero.
            self.counters.evaluations += 1;
            return heuristic::evaluate_with(self.table, board);
        }
        let share = probability / empty as f32;
        let mut sum = 0.0f32;
        let mut rest = board;
        let mut two = 1u64;
        for _ in 0..16 {
            if rest.trailing_zeros() >= 4 {
                sum += 0.9 * self.max(board | two, depth - 1, share * 0.9);
                sum += 0.1 * self.max(board | (two << 1), depth - 1, share * 0.1);
            }
            rest >>= 4;
            two <<= 4;
        }
        let value = sum / empty as f32;
        if !self.stopped {
            self.tt.insert(board, Entry { depth, value });
        }
        value
    }

    /// The best move's value on `board` (a board just after a spawn); 0 if no move changes it.
    fn max(&mut self, board: Board, depth: u32, probability: f32) -> f32 {
        if self.tick() {
            return 0.0;
        }
        let mut best = 0.0f32;
        for mv in Move::ALL {
            let after = apply_move(board, mv);
            if after != board {
                best = best.max(self.chance(after, depth, probability));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::from_exponents;
    use std::sync::atomic::AtomicUsize;

    /// A board from exponents, row by row.
    fn board(rows: [[u8; 4]; 4]) -> Board {
        from_exponents(rows.concat().try_into().expect("16 cells"))
    }

    fn fixed(depth: u32) -> ExpectimaxConfig {
        ExpectimaxConfig {
            depth: Some(depth),
            ..ExpectimaxConfig::default()
        }
    }

    fn choose(b: Board, cfg: &ExpectimaxConfig) -> (Move, SearchStats) {
        best_move(b, cfg, &Progress::none())
            .expect("not cancelled")
            .expect("a legal move")
    }

    /// A mid-game board with six empty cells.
    fn midgame() -> Board {
        board([[7, 6, 3, 1], [5, 4, 2, 0], [3, 1, 0, 0], [1, 0, 2, 0]])
    }

    #[test]
    fn parses_specs() {
        assert_eq!(
            ExpectimaxConfig::from_spec("expectimax"),
            Ok(ExpectimaxConfig::default())
        );
        let cfg = ExpectimaxConfig::from_spec("expectimax:depth=4").expect("valid");
        assert_eq!(cfg, ExpectimaxConfig::default());
        assert_eq!(cfg.spec(), "expectimax");
        // A time limit without a depth deepens as far as the time allows.
        let cfg = ExpectimaxConfig::from_spec("expectimax:time=100").expect("valid");
        assert_eq!((cfg.depth, cfg.time_ms), (None, Some(100)));
        let cfg =
            ExpectimaxConfig::from_spec("expectimax: depth=2 , prob=0.01,time=150").expect("valid");
        assert_eq!((cfg.depth, cfg.time_ms), (Some(2), Some(150)));
        assert!((cfg.prob_threshold - 0.01).abs() < 1e-9);
        assert_eq!(
            ExpectimaxConfig::parse("depth=auto").expect("valid").depth,
            None
        );
        assert_eq!(ExpectimaxConfig::parse(""), Ok(ExpectimaxConfig::default()));
        for spec in [
            "expectimax:depth=2,prob=0.001,time=50",
            "expectimax:depth=4,time=50",
            "expectimax:depth=3",
            "expectimax:time=50",
            "expectimax:depth=auto",
            "expectimax:depth=5",
            "expectimax",
        ] {
            let cfg = ExpectimaxConfig::from_spec(spec).expect("valid");
            assert_eq!(cfg.spec(), spec);
            assert_eq!(ExpectimaxConfig::from_spec(&cfg.spec()), Ok(cfg));
        }
    }

    #[test]
    fn rejects_bad_specs() {
        for params in [
            "depth",
            "depth=x",
            "depth=17",
            "depth=-1",
            "prob=1",
            "prob=-0.1",
            "prob=nan",
            "time=0",
            "time=x",
            "speed=3",
        ] {
            let err = ExpectimaxConfig::parse(params).expect_err(params);
            assert!(
                matches!(err, PluginError::BadParameter { .. }),
                "{params}: {err:?}"
            );
        }
        for spec in [
            "expectimaxx",
            "greedy",
            "expectimax:depth=x",
            "expectimax;depth=3",
        ] {
            assert!(ExpectimaxConfig::from_spec(spec).is_err(), "{spec}");
        }
    }

    #[test]
    fn adaptive_depth_follows_distinct_tiles() {
        assert_eq!(distinct_tiles(0), 0);
        assert_eq!(
            adaptive_depth(board([[1, 1, 0, 0], [0; 4], [0; 4], [0; 4]])),
            3
        );
        let b = midgame(); // exponents 1..=7: seven distinct tiles
        assert_eq!(distinct_tiles(b), 7);
        assert_eq!(adaptive_depth(b), 5);
        let auto = ExpectimaxConfig::parse("depth=auto").expect("valid");
        assert_eq!(auto.depth_for(b), 5);
        assert_eq!(ExpectimaxConfig::default().depth_for(b), DEFAULT_DEPTH);
        assert_eq!(fixed(2).depth_for(b), 2);
    }

    #[test]
    fn a_lost_board_has_no_move_and_value_zero() {
        let lost = board([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [2, 1, 2, 1]]);
        assert_eq!(best_move(lost, &fixed(2), &Progress::none()), Ok(None));
        assert_eq!(
            value(lost, 2, DEFAULT_PROB_THRESHOLD).to_bits(),
            0.0f32.to_bits()
        );
        assert_eq!(move_values(lost, 1, DEFAULT_PROB_THRESHOLD), [None; 4]);
        // One move from losing: the value is positive but far below a safe board's.
        let live = value(midgame(), 1, DEFAULT_PROB_THRESHOLD);
        assert!(live > 1_000_000.0, "{live}");
    }

    #[test]
    fn depth_zero_scores_the_boards_after_each_move() {
        let b = midgame();
        let values = move_values(b, 0, DEFAULT_PROB_THRESHOLD);
        for (mv, v) in Move::ALL.into_iter().zip(values) {
            let after = apply_move(b, mv);
            let expected = (after != b).then(|| heuristic::evaluate(after));
            assert_eq!(v.map(f32::to_bits), expected.map(f32::to_bits), "{mv:?}");
        }
    }

    #[test]
    fn picks_the_move_that_does_not_lose() {
        // 2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 8 16 _ 32: left and right leave one hole next to
        // tiles that only a 4 (left) or a 2 (right) can merge with; down opens a hole that
        // any spawn survives and sets up merges.
        let b = board([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [3, 4, 0, 5]]);
        let values = move_values(b, 2, DEFAULT_PROB_THRESHOLD);
        let [Some(left), Some(right), None, Some(down)] = values else {
            panic!("unexpected legal moves {values:?}")
        };
        assert!(left < right && right < down, "{values:?}");
        assert_eq!(choose(b, &fixed(2)).0, Move::Down);
        assert_eq!(choose(b, &fixed(1)).0, Move::Down);
    }

    #[test]
    fn merges_into_the_corner() {
        // 512 256 256 4 / 128 64 8 2 / 4 2 _ _ / 2 _ _ _: left merges the 256s next to the
        // 512 in its corner; right pulls the row away from it.
        let b = board([[9, 8, 8, 2], [7, 6, 3, 1], [2, 1, 0, 0], [1, 0, 0, 0]]);
        assert_eq!(choose(b, &fixed(1)).0, Move::Left);
        assert_eq!(choose(b, &fixed(2)).0, Move::Left);
    }

    #[test]
    fn same_board_same_config_same_move() {
        let b = midgame();
        let sequential = ExpectimaxConfig {
            parallel: false,
            ..fixed(2)
        };
        let parallel = ExpectimaxConfig {
            parallel: true,
            ..fixed(2)
        };
        let (mv, stats) = choose(b, &sequential);
        for cfg in [sequential, parallel, sequential, parallel] {
            let (again, again_stats) = choose(b, &cfg);
            assert_eq!(again, mv);
            assert_eq!(again_stats.value.to_bits(), stats.value.to_bits());
            assert_eq!(
                (again_stats.nodes, again_stats.tt_hits),
                (stats.nodes, stats.tt_hits)
            );
        }
    }

    #[test]
    fn pruning_reduces_nodes() {
        let b = midgame();
        let exhaustive = choose(
            b,
            &ExpectimaxConfig {
                prob_threshold: 0.0,
                ..fixed(2)
            },
        )
        .1;
        let pruned = choose(
            b,
            &ExpectimaxConfig {
                prob_threshold: 0.05,
                ..fixed(2)
            },
        )
        .1;
        assert!(
            pruned.nodes < exhaustive.nodes,
            "{pruned:?} vs {exhaustive:?}"
        );
        assert!(pruned.nodes > 0);
    }

    #[test]
    fn the_transposition_table_answers_repeated_boards() {
        let stats = choose(
            midgame(),
            &ExpectimaxConfig {
                prob_threshold: 0.0,
                ..fixed(2)
            },
        )
        .1;
        assert!(stats.tt_hits > 0, "{stats:?}");
        assert!(stats.evaluations > 0 && stats.nodes > stats.evaluations);
    }

    #[test]
    fn the_hook_sees_progress_and_can_cancel() {
        let b = midgame();
        let calls = AtomicUsize::new(0);
        let count = |_: u64, _: u64| {
            calls.fetch_add(1, Ordering::Relaxed);
            true
        };
        let cfg = ExpectimaxConfig {
            prob_threshold: 0.0,
            ..fixed(2)
        };
        assert!(
            best_move_with(b, &cfg, &count)
                .expect("not cancelled")
                .is_some()
        );
        assert!(calls.load(Ordering::Relaxed) >= 1);
        let cancel = |_: u64, _: u64| false;
        assert_eq!(
            best_move_with(b, &cfg, &cancel),
            Err(PluginError::Cancelled)
        );
        let timed = ExpectimaxConfig {
            time_ms: Some(10_000),
            ..cfg
        };
        assert_eq!(
            best_move_with(b, &timed, &cancel),
            Err(PluginError::Cancelled)
        );
    }

    #[test]
    fn a_timed_search_returns_a_legal_move() {
        let b = midgame();
        let cfg = ExpectimaxConfig {
            time_ms: Some(1),
            depth: Some(3),
            ..ExpectimaxConfig::default()
        };
        let (mv, stats) = choose(b, &cfg);
        assert_ne!(apply_move(b, mv), b);
        assert!(stats.depth <= 3);
    }

    #[test]
    fn hasher_spreads_neighbouring_boards() {
        let hash = |b: u64| {
            let mut h = BoardHasher::default();
            h.write_u64(b);
            h.finish()
        };
        let low_bits: std::collections::HashSet<u64> =
            (0..1024u64).map(|b| hash(b << 4) & 1023).collect();
        assert!(low_bits.len() > 500, "{}", low_bits.len());
    }
}
