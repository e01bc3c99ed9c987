//! The event-driven simulator, with two schedules: unit delay (the default) and levelized.
//!
//! # Model (the unit-delay schedule)
//! * Every value starts at 0 (unknown), as in the seed article. At power-on (and after
//!   [`Engine::reset`]) constants, buttons (released, −1) and clocks (low, −1) are scheduled to
//!   drive their values; switches stay unknown until [`Engine::set`]. So are the table gates
//!   whose output on unknown inputs is not 0 (every standard gate gives 0 there, so 0 is
//!   already its value). A flip-flop with a power-on value ([`Node::init`](crate::Node::init))
//!   starts at it — its state, not an event: no clock acted — and what reads it is scheduled
//!   (a [`Dffsr`](crate::NodeKind::Dffsr) with one is scheduled too: its SET and RESET may
//!   overrule it).
//! * An *event* is one evaluation of one node. Events are grouped in *delta cycles*: the events
//!   of delta `d` all read the values as they were at the end of delta `d − 1`, and a node whose
//!   output changes in delta `d` schedules its fanout for delta `d + 1` (each node at most once
//!   per delta). A node whose output does not change schedules nothing — the seed's rule
//!   "a value change propagates only while outputs change". Within a delta, events run in FIFO
//!   order: scheduling order, which follows wire order. Runs are deterministic.
//! * [`Engine::step`] processes exactly one event and returns its [`Event`] record;
//!   [`Engine::settle`] runs to quiescence. Neither recurses: a million-gate chain settles in
//!   constant stack.
//! * Oscillation: if a settle does not reach quiescence within its budget of delta cycles, the
//!   engine keeps running for the same number of deltas and collects the nodes that still change
//!   (the loop and what it drives). By default it resolves the loop — the changing nodes that
//!   lie on a cycle among themselves — to 0, the honest ternary answer, and settles the rest
//!   from there. The [`Oscillation`] report names both sets. (A loop of standard gates always
//!   calms at 0; one through table gates may not, and after a few rounds the report says it
//!   stayed unresolved.)
//!
//! # The levelized schedule
//! [`Schedule::Levelized`] processes the same events in another order, for throughput: classic
//! levelized event-driven simulation (zero-delay selective trace; Abramovici, Breuer &
//! Friedman, "Digital Systems Testing and Testable Design", ch. 3). Every node has a *level*
//! (sources 0, a gate one more than its highest driver, a flip-flop one more than its clock's
//! driver, or its SET's or RESET's) and a settle evaluates pending nodes in increasing level
//! order, each at most once, scheduling its fanout only when its output changed. No glitch
//! reaches a node whose drivers are not all settled, so a random vector on an array
//! multiplier costs one evaluation per active gate instead of one per glitch.
//!
//! * On an acyclic combinational circuit it settles to the same values as unit delay (Kleene
//!   functions on a DAG have exactly one fixpoint; property-tested).
//! * Flip-flops: all flip-flops clocked at one level sample D before any of them changes, as in
//!   unit delay; a clock edge in a settle of its own ([`Engine::tick`] after a settled
//!   [`Engine::set`]) gives the unit-delay results. A D that changes in the same settle as the
//!   clock is seen new if it is computed at a lower level than the flip-flop, old otherwise (a
//!   race that unit delay may resolve differently).
//! * A circuit with a combinational loop has no levels: it is simulated with the unit-delay
//!   schedule, and [`Engine::schedule`] says so. A loop through a
//!   [`Dffsr`](crate::NodeKind::Dffsr)'s SET or RESET (which act at once) is one.
//! * A [`Dffsr`](crate::NodeKind::Dffsr)'s SET and RESET are levels, so a glitch on them
//!   acts: unit delay shows a gate's glitch and may reset a flip-flop with it, where the
//!   levelized schedule, which has no glitches, does not. Driven by switches, buttons or
//!   constants, or by logic that cannot glitch, they give the same values on both. Without loops nothing can oscillate, so
//!   [`SettleOptions`] do not apply.
//! * Records: [`Event::delta`] and [`Pending::delta`] are levels, [`SettleReport::deltas`] the
//!   highest level evaluated plus one; [`Engine::step`] steps through the levels in order.
//! * A settle without records ([`Engine::settle`]) finds its work by one of two [`Sweep`]s
//!   with identical results (values, event counts, levels): selective trace proper, where a
//!   changed output marks its fanout, or a dense sweep over every node in level order that
//!   evaluates those with a changed input — faster when most nodes are active, as under random
//!   vectors. By default the engine picks per settle from the activity of the last one.
//!
//! # Modules
//! This module holds the API (construction, schedules, queries, settling); `ports` the
//! driving of sources, `unit_delay` the unit-delay event loop and `oscillation` what a settle
//! does when that loop does not reach quiescence.
//!
//! # Observers
//! [`Engine::settle_with`] reports every event and oscillation to an [`Observer`] (the seed's
//! delegate), so a GUI or a trace printer never reads engine internals. With `()` as observer no
//! record is built at all.

mod memory;
mod oscillation;
mod ports;
mod unit_delay;

pub use ports::Port;

use crate::bus::Bus;
use crate::circuit::Circuit;
use crate::cycle::{ClockedProgram, NotCycleBased};
use crate::desc::NodeId;
pub use crate::event::{Cause, Event, Observer, Oscillation, Pending, Sweep};
use crate::kind::NodeKind;
use crate::levelized::{Levelized, State};
use crate::netlist::Netlist;
use crate::number::{self, Radix};
use crate::trit::Trit;

/// The order in which an [`Engine`] processes events (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Schedule {
    /// Delta cycles: the events of delta *d* read the values committed at the end of delta
    /// *d − 1*, in FIFO order. Shows races and glitches; simulates loops and oscillations. The
    /// default, and what the desktop app animates.
    #[default]
    UnitDelay,
    /// Levelized selective trace: pending nodes are evaluated in increasing level order, each at
    /// most once per settle. Same settled values on acyclic circuits, far fewer events. Falls
    /// back to [`UnitDelay`](Self::UnitDelay) on a circuit with a combinational loop.
    Levelized,
}

/// What one settle did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettleReport {
    /// Events processed.
    pub events: u64,
    /// Delta cycles processed (under [`Schedule::Levelized`], the highest level evaluated plus
    /// one).
    pub deltas: u32,
    /// Set if the circuit oscillated.
    pub oscillation: Option<Oscillation>,
}

/// How [`Engine::settle`] bounds its work under [`Schedule::UnitDelay`] (a levelized settle
/// cannot oscillate and always completes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettleOptions {
    /// Delta cycles after which a settle is declared oscillating. `None`: the node count + 64,
    /// enough for any acyclic circuit (whose longest path has fewer deltas than it has nodes).
    pub max_deltas: Option<u32>,
    /// Resolve oscillating nodes to 0 and settle the rest (default), or stop with the queue still
    /// full.
    pub resolve: bool,
}

impl Default for SettleOptions {
    fn default() -> SettleOptions {
        SettleOptions {
            max_deltas: None,
            resolve: true,
        }
    }
}

/// Why [`Engine::set`] refused a batch. Nothing of the batch was applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetError {
    /// The id is not a node of this engine's netlist.
    #[error("node {0} is not in the netlist")]
    UnknownNode(NodeId),
    /// Only switches and buttons can be set.
    #[error("node {node} is a {kind}, which cannot be set (only switches and buttons can)")]
    NotSettable {
        /// The node.
        node: NodeId,
        /// Its kind.
        kind: NodeKind,
    },
    /// A button is pressed (+1) or released (−1), never unknown.
    #[error("node {node} is a {kind} and cannot be set to {value}")]
    BadValue {
        /// The node.
        node: NodeId,
        /// Its kind.
        kind: NodeKind,
        /// The refused value.
        value: Trit,
    },
    /// [`Engine::set_port`] takes one value per node of the port.
    #[error("{found} values for a port of {expected} nodes")]
    PortWidth {
        /// The nodes of the port.
        expected: usize,
        /// The values given.
        found: usize,
    },
}

/// The event-driven simulator of one compiled [`Netlist`]. See the [module docs](self).
#[derive(Clone, Debug)]
pub struct Engine {
    net: Netlist,
    /// Output of each node as of the last processed event; index `len` is the floating net (0).
    /// Under the levelized schedule the dense sweep may hold newer gate outputs (see
    /// [`Levelized::stale_value`]): read through [`Engine::latest`], and written back before
    /// anything else runs.
    latest: Vec<Trit>,
    /// Output of each node as of the end of the previous delta: what evaluations read.
    /// Unit delay only (empty under the levelized schedule, like `stamp` and the causes).
    committed: Vec<Trit>,
    /// What each source drives; for a flip-flop, the clock value it saw last.
    drive: Vec<Trit>,
    /// The global delta each node was last scheduled into (deduplicates the queue).
    stamp: Vec<u64>,
    /// What scheduled each node's evaluation in the current delta (valid for nodes in `now`).
    cause_now: Vec<Cause>,
    /// What scheduled each node's evaluation in the next delta (valid for nodes in `next`).
    /// Separate from `cause_now`: a node can wait in both deltas at once.
    cause_next: Vec<Cause>,
    /// Events of the current delta; `now[cursor..]` are still to run.
    now: Vec<u32>,
    cursor: usize,
    /// Events of the next delta.
    next: Vec<u32>,
    /// Nodes whose output changed in the current delta (committed at its end).
    changed: Vec<u32>,
    /// Global number of the current delta.
    delta: u64,
    /// Global number of the first delta of the current settle.
    settle_base: u64,
    /// Events processed since build or reset.
    seq: u64,
    /// Simulated time in clock ticks.
    time: u64,
    /// Dense indices of the clocks.
    clocks: Vec<u32>,
    /// While observing an oscillation: the nodes that changed, and a flag per node.
    watch: Option<(Vec<u32>, Vec<bool>)>,
    options: SettleOptions,
    /// The levelized schedule's compiled form and queue, when that schedule is in force.
    levelized: Option<Box<Levelized>>,
    /// The schedule asked for (kept across [`Engine::rebuild`]).
    requested: Schedule,
    /// The sweep of the levelized schedule, kept by [`Engine::set_schedule`] and
    /// [`Engine::rebuild`].
    sweep: Sweep,
    /// Scratch for [`Engine::set`]'s validated batch (no allocation per call).
    batch: Vec<(u32, Trit)>,
    /// The words of each RAM (`None` for a ROM, read from the netlist), by memory.
    rams: Vec<Option<Vec<crate::memory::Word>>>,
    /// The cycle-based form of the netlist, built by the first
    /// [`run_clocked`](Self::run_clocked) under the levelized schedule, or why it has none.
    cycle: Option<Result<Box<ClockedProgram>, NotCycleBased>>,
}

/// What [`Engine::run_clocked`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockedRun {
    /// Ticks run, each followed by a settle.
    pub ticks: u64,
    /// Whether the run stopped because its condition held (after its last tick), rather than
    /// at its limit.
    pub held: bool,
    /// `Ok` if the ticks ran cycle-based (see [`crate::cycle`]), else why not (they ran as
    /// [`tick`](Engine::tick) and [`settle`](Engine::settle)).
    pub cycle_based: Result<(), NotCycleBased>,
}

impl Engine {
    /// An engine for `net` with the [`Schedule::UnitDelay`] schedule, at power-on: everything
    /// 0 and the power-on events queued.
    pub fn new(net: Netlist) -> Engine {
        Engine::with_schedule(net, Schedule::UnitDelay)
    }

    /// An engine for `net` with `schedule`, at power-on. [`Schedule::Levelized`] levelizes the
    /// netlist (linear time); on a netlist with a combinational loop the engine uses
    /// [`Schedule::UnitDelay`] instead (see [`schedule`](Self::schedule)).
    pub fn with_schedule(net: Netlist, schedule: Schedule) -> Engine {
        let n = net.len();
        let clocks = (0..n as u32)
            .filter(|&i| matches!(net.kinds[i as usize], NodeKind::Clock { .. }))
            .collect();
        let levelized = match schedule {
            Schedule::UnitDelay => None,
            Schedule::Levelized => Levelized::new(&net).map(Box::new),
        };
        let unit = if levelized.is_some() { 0 } else { n };
        let mut engine = Engine {
            latest: vec![Trit::Unknown; n + 1],
            committed: vec![Trit::Unknown; if unit == 0 { 0 } else { n + 1 }],
            drive: vec![Trit::Unknown; n],
            stamp: vec![0; unit],
            cause_now: vec![Cause::PowerOn; unit],
            cause_next: vec![Cause::PowerOn; unit],
            now: Vec::new(),
            cursor: 0,
            next: Vec::new(),
            changed: Vec::new(),
            delta: 0,
            settle_base: 1,
            seq: 0,
            time: 0,
            clocks,
            watch: None,
            options: SettleOptions::default(),
            levelized,
            requested: schedule,
            sweep: Sweep::Auto,
            batch: Vec::new(),
            rams: memory::initial_rams(&net),
            cycle: None,
            net,
        };
        engine.power_on();
        engine
    }

    /// The schedule in force: [`Schedule::UnitDelay`] if that was asked for or if the netlist
    /// has a combinational loop, else [`Schedule::Levelized`].
    pub fn schedule(&self) -> Schedule {
        if self.levelized.is_some() {
            Schedule::Levelized
        } else {
            Schedule::UnitDelay
        }
    }

    /// Switches to `schedule` and returns the schedule now in force (unit delay if levelized was
    /// asked for a netlist with a combinational loop). Values, flip-flop states and pending
    /// events carry over: a pending evaluation stays pending under the new schedule (a
    /// flip-flop's sampled but not yet visible output, in levelized mode, is made visible at
    /// once). The choice is kept by [`rebuild`](Self::rebuild).
    pub fn set_schedule(&mut self, schedule: Schedule) -> Schedule {
        self.requested = schedule;
        match (schedule, self.levelized.take()) {
            (Schedule::Levelized, None) => {
                if let Some(mut lev) = Levelized::new(&self.net).map(Box::new) {
                    lev.set_sweep(self.sweep);
                    for k in self.cursor..self.now.len() {
                        let i = self.now[k];
                        lev.schedule(i, self.cause_now[i as usize]);
                    }
                    for &i in &self.next {
                        lev.schedule(i, self.cause_next[i as usize]);
                    }
                    for list in [&mut self.now, &mut self.next, &mut self.changed] {
                        *list = Vec::new();
                    }
                    self.cursor = 0;
                    self.committed = Vec::new();
                    self.stamp = Vec::new();
                    self.cause_now = Vec::new();
                    self.cause_next = Vec::new();
                    self.levelized = Some(lev);
                }
            }
            (Schedule::UnitDelay, Some(mut lev)) => {
                lev.write_back(&mut self.latest);
                let n = self.net.len();
                self.committed.clone_from(&self.latest);
                self.stamp = vec![0; n];
                self.cause_now = vec![Cause::PowerOn; n];
                self.cause_next = vec![Cause::PowerOn; n];
                for (i, cause, commit) in lev.drain() {
                    match commit {
                        Some(q) if q != self.latest[i as usize] => {
                            self.latest[i as usize] = q;
                            self.committed[i as usize] = q;
                            for k in self.net.fanout_range(i) {
                                self.schedule_node(self.net.fanout[k], cause);
                            }
                        }
                        Some(_) => {}
                        None => self.schedule_node(i, cause),
                    }
                }
            }
            (_, lev) => self.levelized = lev,
        }
        self.schedule()
    }

    /// The sweep of the levelized schedule in force (see [`Sweep`]).
    pub fn sweep(&self) -> Sweep {
        self.sweep
    }

    /// Chooses how the levelized schedule finds its work in settles without records (see
    /// [`Sweep`]); no effect on results, nor under the unit-delay schedule. Kept by
    /// [`set_schedule`](Self::set_schedule) and [`rebuild`](Self::rebuild).
    pub fn set_sweep(&mut self, sweep: Sweep) {
        self.sweep = sweep;
        if let Some(lev) = &mut self.levelized {
            lev.set_sweep(sweep);
        }
    }

    /// Compiles `circuit` and builds an engine for it.
    pub fn from_circuit(circuit: &Circuit) -> Engine {
        Engine::new(Netlist::compile(circuit))
    }

    /// The netlist being simulated.
    pub fn netlist(&self) -> &Netlist {
        &self.net
    }

    /// Sets every value back to 0, clears the queue and time, and queues the power-on events.
    pub fn reset(&mut self) {
        self.latest.fill(Trit::Unknown);
        self.committed.fill(Trit::Unknown);
        self.drive.fill(Trit::Unknown);
        self.stamp.fill(0);
        self.now.clear();
        self.next.clear();
        self.changed.clear();
        self.cursor = 0;
        self.delta = 0;
        self.settle_base = 1;
        self.seq = 0;
        self.time = 0;
        self.watch = None;
        self.rams = memory::initial_rams(&self.net);
        if let Some(lev) = &mut self.levelized {
            lev.clear();
        }
        self.power_on();
    }

    fn power_on(&mut self) {
        for i in 0..self.net.len() {
            let kind = self.net.kinds[i];
            if let Some(initial) = power_on_drive(kind) {
                self.drive[i] = initial;
                self.schedule_node(i as u32, Cause::PowerOn);
            } else if kind.table().is_some_and(|t| t.eval(&[]) != Trit::Unknown) || kind.is_memory()
            {
                // Its value on unknown inputs is not (or may not be) the 0 every node starts
                // at: a memory reads its words.
                self.schedule_node(i as u32, Cause::PowerOn);
            }
        }
        // A flip-flop with a power-on value starts at it (its state, not an event: no clock
        // acted), and what reads it is evaluated with it; so is a Dffsr itself, whose SET and
        // RESET may not leave that value (an unknown RESET makes +1 unknown).
        for k in 0..self.net.power_on.len() {
            let (i, init) = self.net.power_on[k];
            self.latest[i as usize] = init;
            if let Some(committed) = self.committed.get_mut(i as usize) {
                *committed = init;
            }
            for f in self.net.fanout_range(i) {
                self.schedule_node(self.net.fanout[f], Cause::PowerOn);
            }
            if self.net.set_reset_pins(i).is_some() {
                self.schedule_node(i, Cause::PowerOn);
            }
        }
    }

    /// Switches to `net`, a recompiled version of the same circuit after an edit, keeping the
    /// state: every node still present keeps its value (and a source of unchanged kind what it
    /// drives); new nodes start at 0 with their power-on drive. Then every node is queued
    /// ([`Cause::Edit`]) so that the next settle makes the values consistent with the new
    /// wiring; events that were pending are dropped. Time, options, the schedule asked for and
    /// the event count are kept (event numbers go on increasing).
    pub fn rebuild(&mut self, net: Netlist) {
        if let Some(lev) = &mut self.levelized {
            lev.write_back(&mut self.latest);
        }
        let mut rebuilt = Engine::new(net);
        // Start from an empty queue: power-on scheduled the new engine's sources, and the loop
        // below schedules every node (with stamps reset so that none is skipped).
        rebuilt.now.clear();
        rebuilt.next.clear();
        rebuilt.stamp.fill(0);
        rebuilt.time = self.time;
        rebuilt.seq = self.seq;
        rebuilt.options = self.options;
        for i in 0..rebuilt.net.len() {
            let kind = rebuilt.net.kinds[i];
            if let Some(old) = self.net.index_of(rebuilt.net.ids[i]).map(|o| o as usize) {
                rebuilt.latest[i] = self.latest[old];
                rebuilt.committed[i] = self.latest[old];
                if self.net.kinds[old] == kind {
                    rebuilt.drive[i] = self.drive[old];
                }
            }
            rebuilt.schedule_node(i as u32, Cause::Edit);
        }
        // A RAM keeps its words across an edit when it is still there with the same shape.
        for (m, words) in rebuilt.rams.iter_mut().enumerate() {
            let label = &rebuilt.net.memories[m].label;
            let old = self.net.memories.iter().position(|o| &o.label == label);
            if let (Some(words), Some(Some(kept))) = (words, old.map(|o| &self.rams[o]))
                && kept.len() == words.len()
            {
                words.clone_from(kept);
            }
        }
        rebuilt.sweep = self.sweep;
        if self.requested == Schedule::Levelized {
            rebuilt.set_schedule(Schedule::Levelized);
        }
        *self = rebuilt;
    }

    /// The settle options in force.
    pub fn options(&self) -> SettleOptions {
        self.options
    }

    /// Changes the settle options.
    pub fn set_options(&mut self, options: SettleOptions) {
        self.options = options;
    }

    /// The delta budget a settle uses now (see [`SettleOptions::max_deltas`]).
    pub fn budget(&self) -> u32 {
        self.options
            .max_deltas
            .unwrap_or_else(|| {
                u32::try_from(self.net.len())
                    .unwrap_or(u32::MAX)
                    .saturating_add(64)
            })
            .max(1)
    }

    /// The output of node `id` as of the last processed event (0 for ids not in the netlist).
    /// For a terminal this is the value it shows.
    pub fn value(&self, id: NodeId) -> Trit {
        self.net
            .index_of(id)
            .map_or(Trit::Unknown, |i| self.latest(i))
    }

    /// The value of `bus` as of the last processed event, bit 0 first (one trit per bit,
    /// [`value`](Self::value) of each).
    pub fn bus_value(&self, bus: &Bus) -> Vec<Trit> {
        bus.bits.iter().map(|&id| self.value(id)).collect()
    }

    /// [`bus_value`](Self::bus_value) written as a number in `radix` (`None`: the bus's own;
    /// see [`number::format`]).
    pub fn bus_text(&self, bus: &Bus, radix: Option<Radix>) -> String {
        number::format(&self.bus_value(bus), radix.unwrap_or(bus.radix))
    }

    /// The output of the node with dense index `i` as of the last processed event.
    #[inline]
    fn latest(&self, i: u32) -> Trit {
        self.levelized
            .as_ref()
            .and_then(|lev| lev.stale_value(i))
            .unwrap_or(self.latest[i as usize])
    }

    /// The value on each input pin of `id` — its driver's output; where floating, what the
    /// kind reads unconnected ([`NodeKind::unconnected`]: 0 but for a
    /// [`Dffsr`](NodeKind::Dffsr)'s EN, SET and RESET).
    pub fn input_values(&self, id: NodeId) -> Vec<Trit> {
        self.net
            .index_of(id)
            .map_or_else(Vec::new, |i| self.net.pin_values(i, |s| self.latest(s)))
    }

    /// Whether the netlist has a clock (so [`tick`](Self::tick) can change anything).
    pub fn has_clocks(&self) -> bool {
        !self.clocks.is_empty()
    }

    /// The ticks of one clock cycle: a full period of the fastest clock (2 × its
    /// `half_period`, at least 2), or `None` without clocks. What "cycles" means in
    /// `tritium run`'s rate and the app's Run mode speed.
    pub fn cycle_ticks(&self) -> Option<u64> {
        self.clocks
            .iter()
            .filter_map(|&i| match self.net.kinds[i as usize] {
                NodeKind::Clock { half_period } => Some(2 * u64::from(half_period.max(1))),
                _ => None,
            })
            .min()
    }

    /// Simulated time, in clock ticks since power-on.
    pub fn time(&self) -> u64 {
        self.time
    }

    /// Events processed since build or reset.
    pub fn events_processed(&self) -> u64 {
        self.seq
    }

    /// The current delta cycle, relative to the start of the current settle (under
    /// [`Schedule::Levelized`], the level of the last evaluated node).
    pub fn delta(&self) -> u32 {
        if let Some(lev) = &self.levelized {
            return lev.level_now();
        }
        u32::try_from(self.delta.saturating_sub(self.settle_base)).unwrap_or(u32::MAX)
    }

    /// Whether no event is pending.
    pub fn is_settled(&self) -> bool {
        if let Some(lev) = &self.levelized {
            return lev.is_idle();
        }
        self.cursor == self.now.len() && self.next.is_empty()
    }

    /// The queued events in the order they will run: the rest of the current delta, then the
    /// next one (under [`Schedule::Levelized`], in level order; a flip-flop's pending commit
    /// of its sampled output is not an event and is not listed).
    pub fn pending(&self) -> impl Iterator<Item = Pending> + '_ {
        let relative =
            move |d: u64| u32::try_from(d.saturating_sub(self.settle_base)).unwrap_or(u32::MAX);
        let current = self.now[self.cursor..].iter().map(move |&i| Pending {
            node: self.net.ids[i as usize],
            delta: relative(self.delta),
            cause: self.cause_now[i as usize],
        });
        let next = self.next.iter().map(move |&i| Pending {
            node: self.net.ids[i as usize],
            delta: relative(self.delta + 1),
            cause: self.cause_next[i as usize],
        });
        let levelized = self.levelized.iter().flat_map(move |lev| {
            lev.pending()
                .filter(|&(_, _, _, commit)| !commit)
                .map(move |(i, level, cause, _)| Pending {
                    node: self.net.ids[i as usize],
                    delta: level,
                    cause,
                })
        });
        current.chain(next).chain(levelized)
    }

    /// Processes exactly one event and returns its record; `None` if nothing is pending.
    pub fn step(&mut self) -> Option<Event> {
        let mut last = LastEvent(None);
        if let Some(lev) = &mut self.levelized {
            lev.run::<_, true>(
                State {
                    net: &self.net,
                    values: &mut self.latest,
                    drive: &mut self.drive,
                    seq: &mut self.seq,
                    rams: &mut self.rams,
                },
                &mut last,
            );
        } else if self.begin_event() {
            self.process(&mut last);
        }
        last.0
    }

    /// Runs to quiescence with no observer. See [`settle_with`](Self::settle_with).
    pub fn settle(&mut self) -> SettleReport {
        self.settle_with(&mut ())
    }

    /// Runs to quiescence, reporting every event and oscillation to `observer`.
    ///
    /// Under [`Schedule::Levelized`]: one pass over the pending nodes in level order, which
    /// always completes (there is no loop to oscillate). Under [`Schedule::UnitDelay`]:
    /// if the queue is still non-empty after [`budget`](Self::budget) delta cycles, the engine
    /// runs the same number of deltas again and collects the nodes that change; if it still has
    /// not settled, that is an [`Oscillation`]. With [`SettleOptions::resolve`] its
    /// feedback nodes are forced to 0 (as events with [`Cause::Resolution`]) and the settle goes on; this
    /// repeats at most 8 times. Otherwise the settle stops with the queue full.
    pub fn settle_with<O: Observer>(&mut self, observer: &mut O) -> SettleReport {
        if let Some(lev) = &mut self.levelized {
            let run = lev.run::<O, false>(
                State {
                    net: &self.net,
                    values: &mut self.latest,
                    drive: &mut self.drive,
                    seq: &mut self.seq,
                    rams: &mut self.rams,
                },
                observer,
            );
            return SettleReport {
                events: run.events,
                deltas: run.levels,
                oscillation: None,
            };
        }
        self.settle_unit_delay(observer)
    }
}

impl Engine {
    /// Ticks the clocks up to `ticks` times, settling after each (settling first if events
    /// are pending), and stops early after the first settle at which every node of `until`
    /// has its value (an empty `until` never holds). Under [`Schedule::Levelized`], on a
    /// synchronous netlist (every flip-flop and RAM clocked by a source), the ticks run
    /// cycle-based (see [`crate::cycle`]): the values after every settle are those of
    /// [`tick`](Self::tick) and [`settle`](Self::settle), two to three times faster on the
    /// CPU of `circuits/cpu/`, but no event is counted or reported
    /// ([`events_processed`](Self::events_processed) does not move). Otherwise it ticks and
    /// settles, and [`ClockedRun::cycle_based`] says why.
    pub fn run_clocked(&mut self, ticks: u64, until: &[(NodeId, Trit)]) -> ClockedRun {
        if !self.is_settled() {
            self.settle();
        }
        let program = if self.levelized.is_none() {
            // Unit delay is in force: asked for, or levelized was and the netlist has a loop.
            Err(match self.requested {
                Schedule::Levelized => NotCycleBased::Loop,
                Schedule::UnitDelay => NotCycleBased::UnitDelay,
            })
        } else {
            let program = self
                .cycle
                .take()
                .unwrap_or_else(|| ClockedProgram::new(&self.net).map(Box::new));
            if let Err(why) = &program {
                self.cycle = Some(Err(why.clone()));
            }
            program
        };
        let mut program = match program {
            Ok(program) => program,
            Err(why) => {
                let (ran, held) = self.tick_until(ticks, until);
                return ClockedRun {
                    ticks: ran,
                    held,
                    cycle_based: Err(why),
                };
            }
        };
        let floating = self.net.len() as u32;
        let until: Vec<(u32, Trit)> = until
            .iter()
            .map(|&(id, want)| (self.net.index_of(id).unwrap_or(floating), want))
            .collect();
        if let Some(lev) = &mut self.levelized {
            lev.write_back(&mut self.latest);
        }
        program.load(
            &self.net,
            (&self.latest, &self.drive, &self.rams),
            self.time,
        );
        let mut ran = 0;
        let mut held = false;
        while ran < ticks && !held {
            let dirty = program.tick();
            program.settle(dirty);
            ran += 1;
            held = !until.is_empty() && until.iter().all(|&(i, want)| program.value(i) == want);
        }
        self.time = program.store((&mut self.latest, &mut self.drive, &mut self.rams));
        if let Some(lev) = &mut self.levelized {
            lev.invalidate_dense();
        }
        self.cycle = Some(Ok(program));
        ClockedRun {
            ticks: ran,
            held,
            cycle_based: Ok(()),
        }
    }

    /// Ticks the clocks up to `ticks` times, settling after each (settling first if events
    /// are pending), and stops early after the first settle at which every node of `until`
    /// has its value (an empty `until` never holds): what
    /// [`run_clocked`](Self::run_clocked) does where it is not cycle-based, under any
    /// schedule, its events counted as [`settle`](Self::settle) counts them. Returns the
    /// ticks run and whether `until` held.
    pub fn tick_until(&mut self, ticks: u64, until: &[(NodeId, Trit)]) -> (u64, bool) {
        if !self.is_settled() {
            self.settle();
        }
        let mut ran = 0;
        let mut held = false;
        while ran < ticks && !held {
            self.tick();
            self.settle();
            ran += 1;
            held = self.holds(until);
        }
        (ran, held)
    }

    /// Whether every node of `until` has its value now (an empty `until` never holds): the
    /// test [`tick_until`](Self::tick_until) stops at, for a
    /// [`Condition`](crate::signal::Condition)'s bits.
    pub fn holds(&self, until: &[(NodeId, Trit)]) -> bool {
        !until.is_empty() && until.iter().all(|&(id, want)| self.value(id) == want)
    }
}

/// What a source drives from power-on: constants their value, buttons and clocks −1; `None`
/// for switches (unknown until set) and non-sources.
fn power_on_drive(kind: NodeKind) -> Option<Trit> {
    match kind {
        NodeKind::Constant(v) => Some(v),
        NodeKind::Button | NodeKind::Clock { .. } => Some(Trit::False),
        _ => None,
    }
}

struct LastEvent(Option<Event>);

impl Observer for LastEvent {
    fn on_event(&mut self, event: &Event) {
        self.0 = Some(event.clone());
    }
}
