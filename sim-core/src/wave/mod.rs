//! Waveforms: a change-only record of chosen nodes over simulated time, with the delta cycles
//! inside each step, and its export as IEEE 1364 VCD ([`vcd`]).
//!
//! # Time
//! Simulated time is counted in *steps*: step 0 is the power-on settle, and every settled
//! batch of input changes or clock tick is the next step ([`Waveform::begin_step`]). Inside a
//! step the unit-delay engine runs *delta cycles*; a change is recorded at its [`Point`]
//! (step, delta), so a glitch — a node that changes and changes back inside one step — is
//! kept, not lost. Under the levelized schedule a settle has no delta cycles (it changes each
//! node at most once): the engine reports its changes at delta 0.
//!
//! # Memory
//! Only changes are stored: 2 bytes each (the recorded node — its *lane* — and the value; 4
//! bytes beyond 16,384 lanes) in one log in time order, plus 20 bytes per point in time at
//! which something changed (the point and where its changes begin in the log), and 4 bytes
//! per change for a viewer's per-lane index.
//! Memory grows with the number of changes, never with time × nodes. Past the
//! [limit](Waveform::limit) the record keeps the start of the run and the latest window, with
//! a [`Gap`] between them (whose docs describe the policy).
//!
//! ```
//! use sim_core::{format, wave::{self, Waveform}, Engine, Trit};
//!
//! let doc = format::from_str(r#"(version: 1,
//!     nodes: [(label: "A", kind: Switch), (label: "N", kind: Not), (label: "Y", kind: Lamp)],
//!     wires: [(from: "A", to: "N"), (from: "N", to: "Y")])"#)?;
//! let c = &doc.circuit;
//! let mut engine = Engine::from_circuit(c);
//! let signals = wave::default_signals(c);                 // A and Y
//! let mut wave = Waveform::new(&engine, wave::nodes_of(&signals), wave::DEFAULT_LIMIT)?;
//! engine.settle_with(&mut wave);                          // step 0: power-on
//! wave.begin_step();                                      // step 1
//! engine.set([(c.find("A").expect("A"), Trit::True)])?;
//! engine.settle_with(&mut wave);
//! let y = wave.lane(c.find("Y").expect("Y")).expect("recorded");
//! // Y went from unknown to -1 in step 1, delta 2 (A in delta 0, N in 1, Y in 2).
//! let (point, value) = wave.changes(y).next().expect("one change");
//! assert_eq!((wave.points()[point].step, wave.points()[point].delta, value), (1, 2, Trit::False));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod gap;
mod log;
mod select;
pub mod vcd;

pub use gap::Gap;
pub use select::{WaveSignal, all_signals, default_signals, matches, nodes_of, select};

use crate::changes::Changes;
use crate::desc::NodeId;
use crate::engine::Engine;
use crate::event::{Event, Observer};
use crate::trit::Trit;

use log::Log;

/// The default [limit](Waveform::limit) on recorded changes: 16 Mi changes, a 32 MiB log (2
/// bytes a change up to 16,384 lanes) and, for a viewer, a 64 MiB per-lane index. The CPU's
/// whole Fibonacci run (`circuits/cpu/fib.ron`, every node, power-on to `HLT`) is 12,724
/// changes under unit delay, so the kept start alone holds hundreds of such runs; a record of
/// every net of ISCAS c6288 under random vectors (10,000 of them are 10.5 M changes) is what
/// fills it.
pub const DEFAULT_LIMIT: usize = 1 << 24;

/// Point numbers are packed into 30 bits of a change.
const MAX_POINTS: usize = 1 << 30;

/// A lane number meaning "not recorded".
const NONE: u32 = u32::MAX;

/// A moment of simulated time: a step and a delta cycle within it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// The step: 0 for power-on, then one per settled batch or clock tick.
    pub step: u64,
    /// The delta cycle within the step's settle (0: the source changes that started it).
    pub delta: u32,
}

/// Why a waveform cannot be recorded or written.
#[derive(Debug, thiserror::Error)]
pub enum WaveError {
    /// A limit of zero changes would record nothing.
    #[error("the waveform limit must be at least 1 change, not 0")]
    ZeroLimit,
    /// A node to record is not in the engine's netlist.
    #[error("node {0} is not in the simulated netlist")]
    NotInNetlist(NodeId),
    /// More nodes to record than a waveform holds (2^30).
    #[error("{0} nodes to record: a waveform holds at most 2^30")]
    TooManyLanes(usize),
    /// A `--signals` pattern or name matched no signal of the circuit.
    #[error("no signal of the circuit matches `{0}`")]
    NoMatch(String),
    /// The signal list is empty.
    #[error("no signals to record")]
    NoSignals,
    /// A signal's node is not recorded by the waveform being written.
    #[error("signal `{0}` is not in the recorded waveform")]
    NotRecorded(String),
    /// A time span that is not a number followed by s, ms, us, ns, ps or fs.
    #[error(
        "bad time `{0}`: expected a positive whole number and a unit (s, ms, us, ns, ps, fs), e.g. `10ns`"
    )]
    BadTime(String),
    /// Delta cycles as finer time steps need a step divisible into them.
    #[error(
        "a step of {step} cannot hold {deltas} delta cycles as whole femtoseconds; give a longer step time"
    )]
    TimeTooFine {
        /// The step time as given.
        step: String,
        /// The number of delta sub-steps needed (a power of ten).
        deltas: u64,
    },
    /// Writing failed.
    #[error("cannot write the waveform: {0}")]
    Io(#[from] std::io::Error),
}

/// The most lanes: a log entry keeps the lane in 30 bits.
const MAX_LANES: usize = 1 << 30;

/// A change-only record of some nodes' values over time; see the [module docs](self).
///
/// It is an [`Observer`]: pass it to [`Engine::settle_with`] and every change is recorded
/// ([`Observer::on_change`], at its delta cycle under unit delay, at delta 0 under the
/// levelized schedule); give it the records of [`Engine::step`] with
/// [`record_event`](Self::record_event).
///
/// Changes are appended to one log in time order (2 bytes each up to 16,384 lanes, else 4:
/// `lane << 2 | value + 1`, the point kept once per point as where its changes begin: a
/// sequential write whatever node changed — what keeps recording every net cheap — and the
/// order a VCD is written in). A batch of changes at a point of its own
/// ([`record_changes`](Self::record_changes), what the levelized schedule's dense sweep
/// hands over) is only appended: the lanes' latest values and places are brought up to date
/// from the log when something next needs them.
/// The per-lane queries ([`changes`](Self::changes), [`value_before`](Self::value_before), …)
/// binary-search a per-lane index of the log that [`index`](Self::index) brings up to date;
/// they are exact without it too, but then scan the part of the log not indexed yet. A
/// viewer calls `index` after each settle; a recorder that only writes files never needs to.
#[derive(Clone, Debug)]
pub struct Waveform {
    /// The node of each lane.
    nodes: Vec<NodeId>,
    /// The value of each lane at power-on (step 0, before its changes).
    initial: Vec<Trit>,
    /// The value of each lane after its last change in `log[..synced]`.
    current: Vec<Trit>,
    /// The point of each lane's last change in `log[..synced]` ([`NONE`]: none kept) and its
    /// place in `log`.
    last: Vec<(u32, u32)>,
    /// How much of `log` `current` and `last` account for (see [`sync`](Self::sync)).
    synced: usize,
    /// Every change kept, in time order, as `lane << 2 | value + 1`.
    log: Log,
    /// Where each point's changes begin in `log` (one per point).
    starts: Vec<u32>,
    /// Per lane, the `at` of its changes among `log[..indexed]`, in time order.
    index: Vec<Vec<u32>>,
    indexed: usize,
    /// Lane of each node, by [`NodeId::index`]; [`NONE`] if not recorded.
    lane_of: Vec<u32>,
    /// The lane of each node of a dense sweep's [order](Changes::order) named by `.0`
    /// ([`NONE`] if not recorded): the table [`record_changes`](Self::record_changes) gathers
    /// with, built when the order first comes.
    order_lanes: (Option<u64>, Vec<u32>),
    points: Vec<Point>,
    step: u64,
    limit: usize,
    /// The kept start and the gap once the limit was reached ([`gap`]).
    kept: Option<gap::Kept>,
    dropped: u64,
}

impl Waveform {
    /// A record of `nodes` (duplicates recorded once, in first-appearance order), each starting
    /// from its value in `engine` at step 0, keeping at most `limit` changes.
    ///
    /// # Errors
    /// [`WaveError::ZeroLimit`], or [`WaveError::NotInNetlist`] naming a node `engine` does
    /// not simulate.
    pub fn new(
        engine: &Engine,
        nodes: impl IntoIterator<Item = NodeId>,
        limit: usize,
    ) -> Result<Waveform, WaveError> {
        if limit == 0 {
            return Err(WaveError::ZeroLimit);
        }
        let mut wave = Waveform {
            nodes: Vec::new(),
            initial: Vec::new(),
            current: Vec::new(),
            last: Vec::new(),
            synced: 0,
            log: Log::for_lanes(0),
            starts: Vec::new(),
            index: Vec::new(),
            indexed: 0,
            lane_of: Vec::new(),
            order_lanes: (None, Vec::new()),
            points: Vec::new(),
            step: 0,
            limit,
            kept: None,
            dropped: 0,
        };
        for node in nodes {
            if !engine.netlist().contains(node) {
                return Err(WaveError::NotInNetlist(node));
            }
            let k = node.index();
            if wave.lane_of.len() <= k {
                wave.lane_of.resize(k + 1, NONE);
            }
            if wave.lane_of[k] == NONE {
                wave.lane_of[k] = wave.nodes.len() as u32;
                let value = engine.value(node);
                wave.nodes.push(node);
                wave.initial.push(value);
                wave.current.push(value);
            }
        }
        let lanes = wave.nodes.len();
        if lanes > MAX_LANES {
            return Err(WaveError::TooManyLanes(lanes));
        }
        wave.last = vec![(NONE, NONE); lanes];
        wave.log = Log::for_lanes(lanes);
        wave.index = vec![Vec::new(); lanes];
        Ok(wave)
    }

    /// Forgets every change and starts again at step 0 from the values in `engine`.
    pub fn clear(&mut self, engine: &Engine) {
        for (k, &node) in self.nodes.iter().enumerate() {
            self.initial[k] = engine.value(node);
        }
        self.current.clone_from(&self.initial);
        self.last.fill((NONE, NONE));
        self.synced = 0;
        self.log = self.log.emptied();
        self.starts = Vec::new();
        self.index.iter_mut().for_each(|l| *l = Vec::new());
        self.indexed = 0;
        self.points = Vec::new();
        self.step = 0;
        self.kept = None;
        self.dropped = 0;
    }

    /// Starts the next step: the changes recorded from now on belong to it.
    pub fn begin_step(&mut self) {
        self.step += 1;
    }

    /// Takes back the current step if nothing changed in it (say, an editor's settle after an
    /// edit that changed no value); otherwise does nothing.
    pub fn cancel_step(&mut self) {
        let changed = self.points.last().is_some_and(|p| p.step == self.step);
        if !changed && self.step > 0 {
            self.step -= 1;
        }
    }

    /// The current step (0 until the first [`begin_step`](Self::begin_step)).
    pub fn step(&self) -> u64 {
        self.step
    }

    /// Records `value` for `node` at `delta` of the current step (ignored if `node` is not
    /// recorded or already has that value). Deltas of one step are expected in increasing
    /// order; an earlier one is recorded at the step's latest delta.
    #[inline]
    pub fn change(&mut self, node: NodeId, delta: u32, value: Trit) {
        let Some(&lane) = self.lane_of.get(node.index()) else {
            return;
        };
        if lane == NONE {
            return;
        }
        self.sync();
        if self.current[lane as usize] == value {
            return;
        }
        let point = self.point_at(delta);
        self.record(lane as usize, point, value);
    }

    /// The index of the point for `delta` of the current step, added if new (an earlier delta
    /// than the step's latest gets the latest).
    #[inline]
    fn point_at(&mut self, delta: u32) -> u32 {
        match self.points.last() {
            Some(last) if last.step == self.step && last.delta >= delta => {
                self.points.len() as u32 - 1
            }
            _ => {
                self.points.push(Point {
                    step: self.step,
                    delta,
                });
                self.starts.push(self.log.len() as u32);
                self.points.len() as u32 - 1
            }
        }
    }

    /// Records a change of lane `lane` to `value` (which differs from its current value) at
    /// point `point`, the last point; past the limit, makes room ([`gap`]: the points are
    /// renumbered). The lanes must be [synced](Self::sync).
    #[inline]
    fn record(&mut self, lane: usize, point: u32, value: Trit) {
        debug_assert_eq!(self.synced, self.log.len());
        self.current[lane] = value;
        let at = point << 2 | code(value);
        let (last_point, place) = self.last[lane];
        let entry = (lane as u32) << 2 | code(value);
        if last_point == point {
            // A second change at the same point replaces the first.
            self.log.set(place as usize, entry);
            if (place as usize) < self.indexed
                && let Some(indexed) = self.index[lane].last_mut()
            {
                *indexed = at;
            }
            return;
        }
        self.last[lane] = (point, self.log.len() as u32);
        self.log.push(entry);
        self.synced = self.log.len();
        if self.log.len() > self.limit || self.points.len() >= MAX_POINTS {
            self.make_room();
        }
    }

    /// Records many changes of one delta cycle of the current step, as
    /// [`change`](Self::change) for each would: what an engine reports of one settle (each
    /// node at most once, each value a change of the node's output — of the value this
    /// waveform last recorded for it, if it has seen every change since it was made). At a
    /// point of their own (the usual case: the first changes of a step) they are appended in
    /// one pass and nothing else is touched; the lanes' latest values catch up when something
    /// needs them (a single [`change`](Self::change), a full log).
    pub fn record_changes(&mut self, delta: u32, changes: &Changes<'_>) {
        if changes.max_len() == 0 {
            return;
        }
        let points = self.points.len();
        self.point_at(delta);
        // A point of its own holds no change yet: none to replace, none indexed.
        let fresh = self.points.len() > points;
        let fits =
            self.log.len() + changes.max_len() <= self.limit && self.points.len() < MAX_POINTS;
        if !(fresh && fits) {
            self.forget_points_from(points);
            changes.for_each(|node, value| self.change(node, delta, value));
            return;
        }
        let appended = match changes.order() {
            Some((key, nodes)) => {
                if self.order_lanes.0 != Some(key) {
                    let lane_of = &self.lane_of;
                    let lane = |n: NodeId| lane_of.get(n.index()).copied().unwrap_or(NONE);
                    self.order_lanes = (Some(key), nodes.map(lane).collect());
                }
                self.log.append_ordered(&self.order_lanes.1, changes)
            }
            None => self.log.append(&self.lane_of, changes),
        };
        if appended == 0 {
            // Nothing recorded: no point of its own (as `change` would not have added one).
            self.forget_points_from(points);
        }
    }

    /// Brings each lane's latest value and place up to date with the log (changes appended by
    /// [`record_changes`](Self::record_changes) since the last call): linear in those.
    fn sync(&mut self) {
        if self.synced == self.log.len() {
            return;
        }
        let mut current = std::mem::take(&mut self.current);
        let mut last = std::mem::take(&mut self.last);
        for (k, (lane, at)) in self.entries_from(self.synced).enumerate() {
            current[lane] = unpack(at).1;
            last[lane] = (at >> 2, (self.synced + k) as u32);
        }
        self.current = current;
        self.last = last;
        self.synced = self.log.len();
    }

    /// Takes back the points from `points` on, which hold no change.
    fn forget_points_from(&mut self, points: usize) {
        self.points.truncate(points);
        self.starts.truncate(points);
    }

    /// Records the change an engine event made, if it made one (for [`Engine::step`]).
    pub fn record_event(&mut self, event: &Event) {
        if event.changed() {
            self.change(event.node, event.delta, event.new);
        }
    }

    /// Brings the per-lane index up to date with the log, so that the per-lane queries are
    /// binary searches (see the [type's docs](Self)). Linear in the changes since the last
    /// call.
    pub fn index(&mut self) {
        let mut index = std::mem::take(&mut self.index);
        for (lane, at) in self.entries_from(self.indexed) {
            index[lane].push(at);
        }
        self.index = index;
        self.indexed = self.log.len();
    }

    /// The most changes kept.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Changes kept now.
    pub fn change_count(&self) -> usize {
        self.log.len()
    }

    /// Changes not kept because the limit was reached (0 if it never was): the changes of the
    /// [gap](Self::gap).
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The number of lanes (recorded nodes).
    pub fn lane_count(&self) -> usize {
        self.nodes.len()
    }

    /// The lane recording `node`, if it is recorded.
    pub fn lane(&self, node: NodeId) -> Option<usize> {
        self.lane_of
            .get(node.index())
            .filter(|&&l| l != NONE)
            .map(|&l| l as usize)
    }

    /// The node lane `lane` records. Panics if `lane` ≥ [`lane_count`](Self::lane_count).
    pub fn node(&self, lane: usize) -> NodeId {
        self.nodes[lane]
    }

    /// The points in time at which something changed, in time order; a change names its point
    /// by index into this slice.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The value of lane `lane` at power-on, before the changes of step 0.
    pub fn initial(&self, lane: usize) -> Trit {
        self.initial[lane]
    }

    /// The changes of `log[from..]` as (lane, `point << 2 | value + 1`), the point found by
    /// walking `starts` alongside.
    fn entries_from(&self, from: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let mut point = self
            .starts
            .partition_point(|&s| s as usize <= from)
            .saturating_sub(1);
        let end = self.log.len();
        self.log
            .entries(from..end)
            .enumerate()
            .map(move |(k, entry)| {
                let i = (from + k) as u32;
                while self.starts.get(point + 1).is_some_and(|&s| s <= i) {
                    point += 1;
                }
                ((entry >> 2) as usize, (point as u32) << 2 | (entry & 3))
            })
    }

    /// The log positions of point `p`'s changes.
    fn point_range(&self, p: usize) -> std::ops::Range<usize> {
        let end = self
            .starts
            .get(p + 1)
            .map_or(self.log.len(), |&s| s as usize);
        self.starts[p] as usize..end
    }

    /// The changes of lane `lane` not indexed yet, as packed `at`s.
    fn tail(&self, lane: usize) -> impl DoubleEndedIterator<Item = u32> + '_ {
        let tail: Vec<u32> = self
            .entries_from(self.indexed)
            .filter(|&(l, _)| l == lane)
            .map(|(_, at)| at)
            .collect();
        tail.into_iter()
    }

    /// The changes of lane `lane` as (point index, new value), in time order.
    pub fn changes(&self, lane: usize) -> impl DoubleEndedIterator<Item = (usize, Trit)> + '_ {
        self.index[lane]
            .iter()
            .copied()
            .chain(self.tail(lane))
            .map(unpack)
    }

    /// How many changes of lane `lane` happened at points before `point` (an index into
    /// [`points`](Self::points)): a binary search.
    pub fn changes_before(&self, lane: usize, point: usize) -> usize {
        let point = u32::try_from(point).unwrap_or(u32::MAX);
        let indexed = &self.index[lane];
        let k = indexed.partition_point(|&c| c >> 2 < point);
        if k < indexed.len() || self.indexed == self.log.len() {
            return k;
        }
        k + self.tail(lane).take_while(|&c| c >> 2 < point).count()
    }

    /// [`changes_before`](Self::changes_before), searched forward from `hint` (a count at
    /// most the answer, say the answer for an earlier point): an exponential search, whose
    /// cost grows with the distance from `hint` rather than with the lane's length, and which
    /// touches memory near it — what a viewer walking along a lane wants. A `hint` past the
    /// answer still gives the answer.
    pub fn changes_before_from(&self, lane: usize, point: usize, hint: usize) -> usize {
        let indexed = &self.index[lane];
        if self.indexed != self.log.len() || hint > indexed.len() {
            return self.changes_before(lane, point);
        }
        let point = u32::try_from(point).unwrap_or(u32::MAX);
        gallop(indexed, hint, |&c| c >> 2 < point)
    }

    /// The `k`th change of lane `lane` (see [`changes`](Self::changes)).
    pub fn change_at(&self, lane: usize, k: usize) -> Option<(usize, Trit)> {
        let indexed = &self.index[lane];
        match indexed.get(k) {
            Some(&c) => Some(unpack(c)),
            None => self.tail(lane).nth(k - indexed.len()).map(unpack),
        }
    }

    /// The number of changes of lane `lane`.
    pub fn lane_len(&self, lane: usize) -> usize {
        self.index[lane].len() + self.tail(lane).count()
    }

    /// The value of lane `lane` after every change at points before `point` (an index into
    /// [`points`](Self::points); `points().len()` gives the current value).
    pub fn value_before(&self, lane: usize, point: usize) -> Trit {
        match self.changes_before(lane, point) {
            0 => self.initial[lane],
            k => self
                .change_at(lane, k - 1)
                .map_or(self.initial[lane], |(_, v)| v),
        }
    }

    /// The index of the first point at or after `at` (`points().len()` if none is): with
    /// `Point { step: s, delta: 0 }`, where step `s` begins.
    pub fn point_index(&self, at: Point) -> usize {
        self.points.partition_point(|p| *p < at)
    }

    /// The largest delta recorded in step `step` (0 if it has no change).
    pub fn deltas_in(&self, step: u64) -> u32 {
        let end = self.point_index(Point {
            step: step.saturating_add(1),
            delta: 0,
        });
        match end.checked_sub(1).map(|i| self.points[i]) {
            Some(p) if p.step == step => p.delta,
            _ => 0,
        }
    }
}

impl Observer for Waveform {
    const RECORDS: bool = false;
    const CHANGES: bool = true;

    #[inline]
    fn on_change(&mut self, node: NodeId, delta: u32, value: Trit) {
        self.change(node, delta, value);
    }

    fn on_changes(&mut self, delta: u32, changes: &Changes<'_>) {
        self.record_changes(delta, changes);
    }
}

/// The number of leading items of `items` that are `below` (a predicate true on a prefix),
/// found by a linear scan of up to [`SCAN`] items from `hint` (a stream the processor
/// prefetches: cheaper than a search's scattered probes for the short distances a viewer
/// walking a lane moves), then an exponential search, then a binary search; if `hint` is past
/// the answer, a binary search of `items[..hint]`.
fn gallop<T>(items: &[T], hint: usize, below: impl Fn(&T) -> bool) -> usize {
    /// Items scanned one by one before searching.
    const SCAN: usize = 512;
    let hint = hint.min(items.len());
    if hint > 0 && !below(&items[hint - 1]) {
        return items[..hint].partition_point(below);
    }
    let window = &items[hint..items.len().min(hint + SCAN)];
    // Sixteen at a time, counted without a branch per item (the items are sorted, so the
    // count of a chunk is where it stops being below).
    let mut ahead = 0;
    for chunk in window.chunks(16) {
        let below_here = chunk.iter().filter(|item| below(item)).count();
        ahead += below_here;
        if below_here < chunk.len() {
            return hint + ahead;
        }
    }
    if hint + ahead == items.len() {
        return hint + ahead;
    }
    let mut lo = hint + ahead; // every item before `lo` is below
    let mut step = 1;
    loop {
        let probe = lo + step - 1;
        if probe >= items.len() || !below(&items[probe]) {
            let hi = probe.min(items.len());
            return lo + items[lo..hi].partition_point(below);
        }
        lo = probe + 1;
        step *= 2;
    }
}

/// A trit as two bits: 0, 1, 2 for −1, 0, +1.
#[inline]
fn code(value: Trit) -> u32 {
    u32::from((value.to_i8() + 1).unsigned_abs())
}

/// A packed change as (point index, value).
#[inline]
fn unpack(c: u32) -> (usize, Trit) {
    let value = match c & 3 {
        0 => Trit::False,
        2 => Trit::True,
        _ => Trit::Unknown,
    };
    ((c >> 2) as usize, value)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        /// The exponential search finds what a binary search of the whole slice finds, from
        /// any hint.
        #[test]
        fn gallop_is_partition_point(
            mut items in proptest::collection::vec(0u32..400, 0..2000),
            bound in 0u32..410,
            hint in 0usize..2100,
        ) {
            items.sort_unstable();
            let want = items.partition_point(|&x| x < bound);
            prop_assert_eq!(super::gallop(&items, hint, |&x| x < bound), want);
        }
    }
}
