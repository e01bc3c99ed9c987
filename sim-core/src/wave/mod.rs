//! Waveforms: a change-only record of chosen nodes over simulated time, with the delta cycles
//! inside each step, and its export as IEEE 1364 VCD ([`vcd`]).
//!
//! # Time
//! Simulated time is counted in *steps*: step 0 is the power-on settle, and every settled
//! batch of input changes or clock tick is the next step ([`Waveform::begin_step`]). Inside a
//! step the unit-delay engine runs *delta cycles*; a change is recorded at its [`Point`]
//! (step, delta), so a glitch — a node that changes and changes back inside one step — is
//! kept, not lost. Under the levelized schedule a settle has no delta cycles (it changes each
//! node at most once): its changes are found by [`Waveform::sample`] and recorded at the
//! step's last delta.
//!
//! # Memory
//! Only changes are stored: 4 bytes each (a point number and the value), one list per
//! recorded node (a *lane*), plus 16 bytes per point in time at which something changed.
//! Memory grows with the number of changes, never with time × nodes. When the changes exceed
//! the [limit](Waveform::limit) the oldest quarter is dropped ([`Waveform::dropped`] counts
//! them, [`Waveform::start`] says from when the record is exact again).
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

mod select;
pub mod vcd;

pub use select::{WaveSignal, all_signals, default_signals, matches, nodes_of, select};

use crate::circuit::NodeId;
use crate::engine::{Engine, Port};
use crate::event::{Event, Observer};
use crate::trit::Trit;

/// The default [limit](Waveform::limit) on recorded changes: 16 Mi changes (64 MiB of lanes).
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

/// One recorded node: its value when the record starts and its changes, packed as
/// `point << 2 | value + 1`, in time order. (Its current value is in [`Waveform::current`].)
#[derive(Clone, Debug)]
struct Lane {
    node: NodeId,
    initial: Trit,
    changes: Vec<u32>,
}

/// A change-only record of some nodes' values over time; see the [module docs](self).
///
/// It is an [`Observer`]: pass it to [`Engine::settle_with`] and every change under the
/// unit-delay schedule is recorded at its delta cycle. Call [`sample`](Self::sample) after a
/// settle under the levelized schedule, and [`record_event`](Self::record_event) with the
/// records of [`Engine::step`].
#[derive(Clone, Debug)]
pub struct Waveform {
    lanes: Vec<Lane>,
    /// The value of each lane after its last change (one byte each: [`sample`](Self::sample)
    /// compares them with the engine's in one pass).
    current: Vec<Trit>,
    /// The lanes' nodes resolved in the engine, for [`Engine::read_port`].
    port: Port,
    /// The engine's values of the lanes, read by [`sample`](Self::sample) (kept to reuse).
    scratch: Vec<Trit>,
    /// Lane of each node, by [`NodeId::index`]; [`NONE`] if not recorded.
    lane_of: Vec<u32>,
    points: Vec<Point>,
    step: u64,
    start: Point,
    limit: usize,
    total: usize,
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
            lanes: Vec::new(),
            current: Vec::new(),
            port: Port::default(),
            scratch: Vec::new(),
            lane_of: Vec::new(),
            points: Vec::new(),
            step: 0,
            start: Point::default(),
            limit,
            total: 0,
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
                wave.lane_of[k] = wave.lanes.len() as u32;
                let value = engine.value(node);
                wave.lanes.push(Lane {
                    node,
                    initial: value,
                    changes: Vec::new(),
                });
                wave.current.push(value);
            }
        }
        wave.port = engine
            .port(wave.lanes.iter().map(|l| l.node))
            .expect("every lane's node is in the netlist (checked above)");
        Ok(wave)
    }

    /// Forgets every change and starts again at step 0 from the values in `engine`.
    pub fn clear(&mut self, engine: &Engine) {
        for (lane, current) in self.lanes.iter_mut().zip(&mut self.current) {
            lane.initial = engine.value(lane.node);
            *current = lane.initial;
            lane.changes = Vec::new();
        }
        self.points = Vec::new();
        self.step = 0;
        self.start = Point::default();
        self.total = 0;
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
        if lane == NONE || self.current[lane as usize] == value {
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
                self.points.len() as u32 - 1
            }
        }
    }

    /// Records a change of lane `lane` to `value` (which differs from its current value) at
    /// point `point`, the last point; drops the oldest changes past the limit.
    #[inline]
    fn record(&mut self, lane: usize, point: u32, value: Trit) {
        self.current[lane] = value;
        let packed = point << 2 | code(value);
        let changes = &mut self.lanes[lane].changes;
        match changes.last_mut() {
            // A second change at the same point replaces the first.
            Some(last) if *last >> 2 == point => *last = packed,
            _ => {
                changes.push(packed);
                self.total += 1;
                if self.total > self.limit || self.points.len() >= MAX_POINTS {
                    self.drop_oldest();
                }
            }
        }
    }

    /// Records the change an engine event made, if it made one (for [`Engine::step`]).
    pub fn record_event(&mut self, event: &Event) {
        if event.changed() {
            self.change(event.node, event.delta, event.new);
        }
    }

    /// Records every recorded node whose value in `engine` differs from the record's, at the
    /// current step's latest delta: what a settle under the levelized schedule changed (under
    /// unit delay, [`Observer::on_change`] has recorded everything already and this finds
    /// nothing). Linear in the number of lanes: the values are read with
    /// [`Engine::read_port`] and compared in one pass.
    pub fn sample(&mut self, engine: &Engine) {
        let mut values = std::mem::take(&mut self.scratch);
        engine.read_port(&self.port, &mut values);
        let mut point = None;
        for (lane, &value) in values.iter().enumerate() {
            if value != self.current[lane] {
                let p = if let Some(p) = point {
                    p
                } else {
                    let delta = match self.points.last() {
                        Some(last) if last.step == self.step => last.delta,
                        _ => 0,
                    };
                    *point.insert(self.point_at(delta))
                };
                let dropped = self.dropped;
                self.record(lane, p, value);
                if self.dropped != dropped {
                    // Dropping the oldest changes renumbered (or removed) the points.
                    point = None;
                }
            }
        }
        self.scratch = values;
    }

    /// The most changes kept.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Changes kept now.
    pub fn change_count(&self) -> usize {
        self.total
    }

    /// Changes dropped so far because the limit was reached (0 if none was).
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The moment from which the record is exact: step 0 unless changes were
    /// [dropped](Self::dropped); the lanes' [`initial`](Self::initial) values hold then.
    pub fn start(&self) -> Point {
        self.start
    }

    /// The number of lanes (recorded nodes).
    pub fn lane_count(&self) -> usize {
        self.lanes.len()
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
        self.lanes[lane].node
    }

    /// The points in time at which something changed, in time order; a change names its point
    /// by index into this slice.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The value of lane `lane` at [`start`](Self::start).
    pub fn initial(&self, lane: usize) -> Trit {
        self.lanes[lane].initial
    }

    /// The value of lane `lane` now (after its last change).
    pub fn current(&self, lane: usize) -> Trit {
        self.current[lane]
    }

    /// The changes of lane `lane` as (point index, new value), in time order.
    pub fn changes(&self, lane: usize) -> impl DoubleEndedIterator<Item = (usize, Trit)> + '_ {
        self.lanes[lane].changes.iter().map(|&c| unpack(c))
    }

    /// How many changes of lane `lane` happened at points before `point` (an index into
    /// [`points`](Self::points)): a binary search.
    pub fn changes_before(&self, lane: usize, point: usize) -> usize {
        let point = u32::try_from(point).unwrap_or(u32::MAX);
        self.lanes[lane]
            .changes
            .partition_point(|&c| c >> 2 < point)
    }

    /// The `k`th change of lane `lane` (see [`changes`](Self::changes)).
    pub fn change_at(&self, lane: usize, k: usize) -> Option<(usize, Trit)> {
        self.lanes[lane].changes.get(k).map(|&c| unpack(c))
    }

    /// The number of changes of lane `lane`.
    pub fn lane_len(&self, lane: usize) -> usize {
        self.lanes[lane].changes.len()
    }

    /// The value of lane `lane` after every change at points before `point` (an index into
    /// [`points`](Self::points); `points().len()` gives the current value).
    pub fn value_before(&self, lane: usize, point: usize) -> Trit {
        match self.changes_before(lane, point) {
            0 => self.lanes[lane].initial,
            k => unpack(self.lanes[lane].changes[k - 1]).1,
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

    /// Drops the oldest changes until at most three quarters of the limit are kept: every
    /// change at a point before some cutoff, the cutoff being the first point at which enough
    /// have been dropped. The lanes' initial values become their values at the cutoff.
    fn drop_oldest(&mut self) {
        let keep = self.limit - self.limit / 4;
        let need = self.total.saturating_sub(keep).max(1);
        let count_before = |c: u32| -> usize {
            self.lanes
                .iter()
                .map(|l| l.changes.partition_point(|&x| x >> 2 < c))
                .sum()
        };
        // The smallest cutoff that drops at least `need` changes (or, when the points are
        // exhausted, half of them).
        let (mut lo, mut hi) = (0u32, self.points.len() as u32);
        if self.points.len() >= MAX_POINTS {
            lo = hi / 2;
        }
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if count_before(mid) >= need {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let cut = lo;
        let mut dropped = 0;
        for lane in &mut self.lanes {
            let k = lane.changes.partition_point(|&x| x >> 2 < cut);
            if k > 0 {
                lane.initial = unpack(lane.changes[k - 1]).1;
                lane.changes.drain(..k);
                dropped += k;
            }
            for c in &mut lane.changes {
                *c -= cut << 2;
            }
        }
        let last_dropped = self.points[cut as usize - 1];
        self.points.drain(..cut as usize);
        self.start = self.points.first().copied().unwrap_or(Point {
            step: last_dropped.step,
            delta: last_dropped.delta.saturating_add(1),
        });
        self.total -= dropped;
        self.dropped += dropped as u64;
    }
}

impl Observer for Waveform {
    const RECORDS: bool = false;
    const CHANGES: bool = true;

    #[inline]
    fn on_change(&mut self, node: NodeId, delta: u32, value: Trit) {
        self.change(node, delta, value);
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
