//! The expectimax skeleton the chance games share: strategy parameters, the root driver
//! (root moves in parallel, iterative deepening within a time budget, cancellation and
//! progress, the best move with ties to the first), node counters, and the transposition
//! table's hasher. A game brings only what is its own: its moves, its chance nodes and its
//! heuristic, as a function that values one root child to a depth.
//!
//! After nneonneo's `2048-ai` and `threes-ai` (<https://github.com/nneonneo/2048-ai>,
//! <https://github.com/nneonneo/threes-ai>): fixed or adaptive depth in chance layers,
//! probability pruning (threshold 0.0001), a transposition table of chance-node values keyed
//! by board with the depth they were searched to, the root moves searched in parallel.
//!
//! ```
//! use game_kit::search::{Counters, ExpectimaxConfig, best_root};
//!
//! // A toy game: the root children are numbers and a child's value is the number itself.
//! let cfg = ExpectimaxConfig::from_spec("expectimax:depth=2", 3)?;
//! let children = [3u64, 9, 9, 1];
//! let (best, stats) = best_root(
//!     &children,
//!     &cfg,
//!     || 3,
//!     |&c| c as f32,
//!     |&c, _depth, _control| Some((c as f32, Counters::default())),
//!     &|_, _| true,
//! )?
//! .expect("a legal move");
//! assert_eq!((best, stats.depth, stats.value), (1, 2, 9.0)); // the first of the ties
//! # Ok::<(), tritium_plugin_api::PluginError>(())
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use tritium_plugin_api::protocol::ParamInfo;
use tritium_plugin_api::{PluginError, Progress};

use crate::spec::{Param, SpecError};

/// nneonneo's pruning threshold: chance nodes reached with a smaller probability are
/// evaluated, not expanded.
pub const DEFAULT_PROB_THRESHOLD: f32 = 0.0001;
/// The largest depth a spec may ask for, and where iterative deepening stops.
pub const MAX_DEPTH: u32 = 16;
/// The longest time per move a spec may ask for, in milliseconds.
pub const MAX_TIME_MS: u64 = 3_600_000;

/// A progress hook: `(done, total) -> keep going`. Called from several threads at once.
pub type Report<'a> = dyn Fn(u64, u64) -> bool + Sync + 'a;

/// How deep and how long an expectimax strategy searches: the parameters of
/// `expectimax[:depth=N,prob=P,time=MS]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpectimaxConfig {
    /// Chance layers below the root move; `None`: the game's adaptive depth. With
    /// [`Self::time_ms`] it caps the iterative deepening (`None`: at [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Chance nodes reached with a smaller probability are evaluated, not expanded.
    pub prob_threshold: f32,
    /// Time per move in milliseconds: iterative deepening until it is spent. Not
    /// deterministic (depends on the machine's speed).
    pub time_ms: Option<u64>,
    /// Search the root moves in parallel (rayon). The chosen move does not depend on it.
    pub parallel: bool,
    /// The game's depth for a plain `expectimax` (what [`Self::spec`] leaves out).
    pub default_depth: u32,
}

fn bad(name: &str, reason: &str) -> PluginError {
    PluginError::bad_parameter(name, reason)
}

impl ExpectimaxConfig {
    /// The configuration of a plain `expectimax` for a game whose default depth is
    /// `default_depth`: that depth, [`DEFAULT_PROB_THRESHOLD`], no time limit, parallel.
    pub const fn new(default_depth: u32) -> Self {
        Self {
            depth: Some(default_depth),
            prob_threshold: DEFAULT_PROB_THRESHOLD,
            time_ms: None,
            parallel: true,
            default_depth,
        }
    }

    /// Parses the parameters of a spec, the part after `expectimax:`: comma-separated
    /// `key=value` items, any order, each optional:
    /// - `depth=N` (0..=16, or `auto`): chance layers below the root move; default
    ///   `default_depth`; `auto`: the game's adaptive depth;
    /// - `prob=P` (0 ≤ P < 1): the pruning threshold; default 0.0001;
    /// - `time=MS` (1..=3600000): milliseconds per move, iterative deepening up to `depth`
    ///   (up to [`MAX_DEPTH`] when no depth is given).
    ///
    /// An empty string gives [`Self::new`]`(default_depth)`.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the offending item.
    pub fn parse(params: &str, default_depth: u32) -> Result<Self, PluginError> {
        let mut cfg = Self::new(default_depth);
        let mut depth_given = false;
        for param in crate::spec::params(params) {
            let Param { item, key, value } = param
                .map_err(|e| bad(&e.item, "expected key=value: depth=N, prob=P or time=MS"))?;
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
    pub fn from_spec(spec: &str, default_depth: u32) -> Result<Self, PluginError> {
        match spec.trim().strip_prefix("expectimax") {
            Some("") => Ok(Self::new(default_depth)),
            Some(rest) => match rest.strip_prefix(':') {
                Some(params) => Self::parse(params, default_depth),
                None => Err(bad(spec, "not an expectimax spec")),
            },
            None => Err(bad(spec, "not an expectimax spec")),
        }
    }

    /// The configuration of a strategy spec `spec` already split into its name `expectimax`
    /// and `params`, the text after the `:` (`None` without one): how a game's strategy
    /// parser reads its `expectimax` arm. Errors name the whole spec and the offending item.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming `spec`: nothing after the `:`, or a bad item.
    pub fn from_strategy(
        spec: &str,
        params: Option<&str>,
        default_depth: u32,
    ) -> Result<Self, PluginError> {
        if params == Some("") {
            return Err(bad(
                spec,
                "nothing after `expectimax:`; e.g. expectimax:depth=3, or plain expectimax",
            ));
        }
        Self::parse(params.unwrap_or(""), default_depth).map_err(|e| match e {
            PluginError::BadParameter { name, reason } => PluginError::bad_parameter(
                spec,
                SpecError::BadValue { item: name, reason }.to_string(),
            ),
            other => other,
        })
    }

    /// The spec that [`Self::from_spec`] parses back into this configuration (without
    /// [`Self::parallel`], which specs do not set).
    pub fn spec(&self) -> String {
        let mut items = Vec::new();
        match (self.depth, self.time_ms) {
            (None, None) => items.push("depth=auto".to_owned()),
            (Some(depth), _) if depth != self.default_depth || self.time_ms.is_some() => {
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
}

/// The `depth`, `prob` and `time` parameters of an `expectimax` strategy, for its
/// [`StrategyInfo`](tritium_plugin_api::protocol::StrategyInfo); `auto_rule` says what
/// `depth=auto` means for the game.
pub fn param_infos(default_depth: u32, auto_rule: &str) -> Vec<ParamInfo> {
    vec![
        ParamInfo::named(
            "depth",
            format!(
                "chance layers searched below the move: an integer 0..={MAX_DEPTH}, or `auto` \
                 ({auto_rule})"
            ),
            &default_depth.to_string(),
        )
        .integers(0, i64::from(MAX_DEPTH)),
        ParamInfo::named(
            "prob",
            "pruning threshold: chance branches reached with a smaller probability are \
             evaluated, not searched; 0 <= prob < 1",
            &DEFAULT_PROB_THRESHOLD.to_string(),
        ),
        ParamInfo::named(
            "time",
            format!(
                "milliseconds per move, 1..={MAX_TIME_MS}: iterative deepening (up to `depth` \
                 if given) until the time is spent; results then depend on the machine's speed"
            ),
            "none",
        ),
    ]
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
    /// Wall-clock time of the whole call, in seconds.
    pub seconds: f64,
    /// The expectimax value of the chosen move.
    pub value: f32,
}

impl SearchStats {
    /// A one-line summary, e.g. for the note of an AI move:
    /// `expectimax depth 3, 12345 nodes, 678 TT hits, value 1234, 0.012 s`.
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

/// Nodes between two polls of [`Control`].
const POLL_INTERVAL: u64 = 1 << 14;

/// The counters of one root move's search, and its polling of the [`Control`].
#[derive(Debug, Clone, Copy)]
pub struct Counters {
    /// Nodes visited (max, chance and leaves).
    pub nodes: u64,
    /// Heuristic evaluations.
    pub evaluations: u64,
    /// Chance nodes answered by the transposition table.
    pub tt_hits: u64,
    /// Some leaf was reached by depth, not by the probability threshold (so a deeper
    /// iteration could differ).
    pub full_depth: bool,
    /// The control said stop: the values found since are meaningless.
    pub stopped: bool,
    next_poll: u64,
}

impl Default for Counters {
    fn default() -> Self {
        Self {
            nodes: 0,
            evaluations: 0,
            tt_hits: 0,
            full_depth: false,
            stopped: false,
            next_poll: POLL_INTERVAL,
        }
    }
}

impl Counters {
    /// Counts a node and polls `control` every 16,384 nodes; `true` when the search must
    /// stop (then return anything: the result is discarded).
    #[inline]
    pub fn tick(&mut self, control: &Control<'_>) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll += POLL_INTERVAL;
            self.stopped = control.poll();
        }
        self.stopped
    }

    /// Counts a leaf evaluation; `by_depth`: the leaf is there because the depth ran out
    /// (not because of the probability threshold).
    #[inline]
    pub fn leaf(&mut self, by_depth: bool) {
        self.evaluations += 1;
        self.full_depth |= by_depth;
    }

    fn merge(&mut self, other: &Counters) {
        self.nodes += other.nodes;
        self.evaluations += other.evaluations;
        self.tt_hits += other.tt_hits;
        self.full_depth |= other.full_depth;
    }
}

/// Shared by the searches of one call: cancellation, deadline, progress.
pub struct Control<'a> {
    report: &'a Report<'a>,
    /// (start, deadline) of a timed search.
    clock: Option<(Instant, Instant)>,
    stop: AtomicBool,
    cancelled: AtomicBool,
    roots_done: AtomicU64,
    roots: u64,
}

impl<'a> Control<'a> {
    /// A control reporting to `report`: root moves done of `roots`, or, with a `clock`
    /// `(start, deadline)`, milliseconds spent of the budget (and stopping at the deadline).
    pub fn new(report: &'a Report<'a>, clock: Option<(Instant, Instant)>, roots: u64) -> Self {
        Self {
            report,
            clock,
            stop: AtomicBool::new(false),
            cancelled: AtomicBool::new(false),
            roots_done: AtomicU64::new(0),
            roots,
        }
    }

    /// A control that never stops and reports nowhere.
    pub fn unlimited() -> Control<'static> {
        Control::new(&|_, _| true, None, 1)
    }

    /// Reports progress; `true` when the search must stop (cancelled or out of time).
    pub fn poll(&self) -> bool {
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

/// The index and value of the largest value, the first one on ties (`(0, −∞)` when empty).
pub fn argmax(values: &[f32]) -> (usize, f32) {
    values
        .iter()
        .copied()
        .enumerate()
        .fold((0, f32::NEG_INFINITY), |best, (i, v)| {
            if v > best.1 { (i, v) } else { best }
        })
}

/// The best root child and what the search did; `Ok(None)` when there is none (no legal
/// move). Ties go to the first child.
///
/// - `children`: the positions after each legal root move, in the game's move order;
/// - `adaptive_depth`: the depth for `depth=auto` (called only then);
/// - `heuristic`: the static value of a child (the fallback of a timed search that does not
///   finish depth 1);
/// - `value`: searches one child to a depth (≥ 1 chance layer below the root move) and
///   returns its value with its counters, or `None` once [`Counters::tick`] said stop. It runs
///   on rayon's threads when [`ExpectimaxConfig::parallel`]; its result must not depend on
///   the thread (e.g. a transposition table per child, not per thread).
/// - `report`: progress (root moves done of all, or milliseconds spent of the time budget);
///   returning `false` cancels.
///
/// Without a time limit the result depends only on `children` and `cfg`.
///
/// # Errors
/// [`PluginError::Cancelled`] when `report` returned `false`.
pub fn best_root<B: Sync>(
    children: &[B],
    cfg: &ExpectimaxConfig,
    adaptive_depth: impl FnOnce() -> u32,
    heuristic: impl Fn(&B) -> f32,
    value: impl Fn(&B, u32, &Control<'_>) -> Option<(f32, Counters)> + Sync,
    report: &Report<'_>,
) -> Result<Option<(usize, SearchStats)>, PluginError> {
    let start = Instant::now();
    if children.is_empty() {
        return Ok(None);
    }
    let mut stats = SearchStats::default();
    let (values, depth) = match cfg.time_ms {
        None => {
            let depth = cfg.depth.unwrap_or_else(adaptive_depth);
            let control = Control::new(report, None, children.len() as u64);
            let Some((values, counters)) =
                search_children(children, depth, cfg.parallel, &value, &control)
            else {
                return Err(PluginError::Cancelled);
            };
            stats.add(&counters);
            (values, depth)
        }
        Some(ms) => {
            // Iterative deepening: the values of the deepest completed iteration (depth 0,
            // the heuristic of each child, when not even depth 1 finishes).
            let budget = Duration::from_millis(ms);
            let deadline = start + budget;
            let mut values: Vec<f32> = children.iter().map(&heuristic).collect();
            let mut depth = 0;
            for d in 1..=cfg.depth.unwrap_or(MAX_DEPTH) {
                let begun = Instant::now();
                let control = Control::new(report, Some((start, deadline)), children.len() as u64);
                let result = search_children(children, d, cfg.parallel, &value, &control);
                if control.cancelled.load(Ordering::Relaxed) {
                    return Err(PluginError::Cancelled);
                }
                let Some((found, counters)) = result else {
                    break;
                };
                stats.add(&counters);
                values = found;
                depth = d;
                // Every branch stopped by the probability threshold: deeper searches are the
                // same. Otherwise the next iteration costs several times this one: do not
                // start what cannot finish.
                let spent = begun.elapsed();
                if !counters.full_depth || start.elapsed() + spent * 3 > budget {
                    break;
                }
            }
            (values, depth)
        }
    };
    let (best, best_value) = argmax(&values);
    stats.depth = depth;
    stats.value = best_value;
    stats.seconds = start.elapsed().as_secs_f64();
    Ok(Some((best, stats)))
}

/// Values every child to `depth`, in parallel or not; `None` when stopped.
fn search_children<B: Sync>(
    children: &[B],
    depth: u32,
    parallel: bool,
    value: &(impl Fn(&B, u32, &Control<'_>) -> Option<(f32, Counters)> + Sync),
    control: &Control<'_>,
) -> Option<(Vec<f32>, Counters)> {
    if control.poll() {
        return None;
    }
    let one = |child: &B| {
        let result = value(child, depth, control).filter(|(_, c)| !c.stopped);
        if result.is_some() {
            control.roots_done.fetch_add(1, Ordering::Relaxed);
        }
        result
    };
    let results: Vec<Option<(f32, Counters)>> = if parallel && children.len() > 1 {
        children.par_iter().map(one).collect()
    } else {
        children.iter().map(one).collect()
    };
    let mut counters = Counters::default();
    let mut values = Vec::with_capacity(children.len());
    for result in results {
        let (v, c) = result?;
        values.push(v);
        counters.merge(&c);
    }
    Some((values, counters))
}

/// A [`Report`] hook that forwards to a [`Progress`] of the plugin protocol and says stop
/// once the host has cancelled.
pub fn progress_hook<'a>(progress: &'a Progress<'a>) -> impl Fn(u64, u64) -> bool + Sync + 'a {
    move |done, total| progress.report(done, total).is_ok()
}

/// A transposition-table entry: the value of a chance node and the depth it was searched to;
/// it answers a query that needs no more depth.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// Chance layers searched below the node.
    pub depth: u32,
    /// The node's value.
    pub value: f32,
}

/// Boards packed in a `u64` are already well-spread keys; one multiply-xorshift round mixes
/// them enough for the table's bucket index (low bits) and tag (high bits).
#[derive(Default)]
pub struct BoardHasher(u64);

impl Hasher for BoardHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0.rotate_left(8) ^ u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        let h = (n ^ (n >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }

    /// Wide keys (a board and a little more, e.g. Threes' deck): the high half folded into
    /// the low one by a `SplitMix64` step, then mixed like a board.
    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.write_u64((n as u64) ^ crate::seed::splitmix64((n >> 64) as u64));
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A transposition table keyed by a packed board (or any key hashed by `write_u64`).
pub type Table<K> = HashMap<K, Entry, BuildHasherDefault<BoardHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_specs() {
        let plain = ExpectimaxConfig::new(4);
        assert_eq!(ExpectimaxConfig::from_spec("expectimax", 4), Ok(plain));
        let cfg = ExpectimaxConfig::from_spec("expectimax:depth=4", 4).expect("valid");
        assert_eq!(cfg, plain);
        assert_eq!(cfg.spec(), "expectimax");
        let cfg = ExpectimaxConfig::from_spec("expectimax:time=100", 4).expect("valid");
        assert_eq!((cfg.depth, cfg.time_ms), (None, Some(100)));
        let cfg = ExpectimaxConfig::from_spec("expectimax: depth=2 , prob=0.01,time=150", 4)
            .expect("valid");
        assert_eq!((cfg.depth, cfg.time_ms), (Some(2), Some(150)));
        assert!((cfg.prob_threshold - 0.01).abs() < 1e-9);
        for spec in [
            "expectimax:depth=2,prob=0.001,time=50",
            "expectimax:depth=4,time=50",
            "expectimax:depth=3",
            "expectimax:time=50",
            "expectimax:depth=auto",
            "expectimax",
        ] {
            let cfg = ExpectimaxConfig::from_spec(spec, 4).expect("valid");
            assert_eq!(cfg.spec(), spec);
        }
        // The default depth is the game's: depth=3 is plain for a game whose default is 3.
        assert_eq!(
            ExpectimaxConfig::from_spec("expectimax:depth=3", 3)
                .expect("valid")
                .spec(),
            "expectimax"
        );
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
            let err = ExpectimaxConfig::parse(params, 4).expect_err(params);
            assert!(matches!(err, PluginError::BadParameter { .. }), "{params}");
        }
        for spec in ["expectimaxx", "greedy", "expectimax;depth=3"] {
            assert!(ExpectimaxConfig::from_spec(spec, 4).is_err(), "{spec}");
        }
    }

    fn toy(children: &[u64], cfg: &ExpectimaxConfig, report: &Report<'_>) -> Option<usize> {
        best_root(
            children,
            cfg,
            || 1,
            |&c| c as f32,
            |&c, depth, control| {
                let mut counters = Counters::default();
                // Enough nodes to poll the control a few times.
                for _ in 0..(u64::from(depth) << 15) {
                    if counters.tick(control) {
                        return None;
                    }
                }
                counters.leaf(true);
                Some(((c * u64::from(depth)) as f32, counters))
            },
            report,
        )
        .expect("not cancelled")
        .map(|(i, _)| i)
    }

    #[test]
    fn the_driver_picks_the_first_best_and_cancels() {
        let cfg = ExpectimaxConfig::new(2);
        let always = |_: u64, _: u64| true;
        assert_eq!(toy(&[1, 5, 5, 2], &cfg, &always), Some(1));
        assert_eq!(toy(&[], &cfg, &always), None);
        let sequential = ExpectimaxConfig {
            parallel: false,
            ..cfg
        };
        assert_eq!(toy(&[1, 5, 7, 2], &sequential, &always), Some(2));
        let never = |_: u64, _: u64| false;
        let cancelled = best_root(
            &[1u64, 2],
            &cfg,
            || 1,
            |_| 0.0,
            |_, _, control| {
                let mut c = Counters::default();
                (0..1 << 16).all(|_| !c.tick(control)).then_some((0.0, c))
            },
            &never,
        );
        assert_eq!(cancelled, Err(PluginError::Cancelled));
        // A timed search returns the deepest finished iteration.
        let timed = ExpectimaxConfig::from_spec("expectimax:depth=3,time=10000", 2).expect("ok");
        let (_, stats) = best_root(
            &[1u64, 4],
            &timed,
            || 1,
            |&c| c as f32,
            |&c, d, _| {
                let mut counters = Counters::default();
                counters.leaf(true);
                Some(((c * u64::from(d)) as f32, counters))
            },
            &always,
        )
        .expect("runs")
        .expect("a move");
        assert_eq!((stats.depth, stats.value), (3, 12.0));
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
