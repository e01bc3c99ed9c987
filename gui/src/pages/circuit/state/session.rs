//! The simulation session: the engine, the mode, the trace of processed events, the waveform
//! record and the last oscillation — everything the views show about the simulation, without
//! any egui. An event that changes a bit of a bus is recorded with the bus's value just before
//! and after it ([`BusChange`]), so that a step on `S[3]` can be read as `S: 0x0A → 0x0E`.
//!
//! The waveform ([`Waveform`]) records every node of the circuit from power-on: step 0 is the
//! power-on settle, and each change of inputs or clock tick made while the circuit is settled
//! starts the next step (in Step mode, the events processed one by one belong to the step
//! their change started). An edit that adds or removes nodes starts a new record; one that
//! moves or rewires keeps it. [`SimSession::replay`] shows the values of a past moment
//! instead of the present (read-only: inputs cannot be changed and clocks stop meanwhile).
//!
//! # Fast runs
//! Above [`SimSession::FAST_HZ`] ticks per second, Run mode is a *fast run*: [`advance`]
//! ticks as many times as the rate asks for, but stops after [`SimSession::FRAME_BUDGET`] of
//! work so the window keeps drawing (the slider's top, [`SimSession::MAX_HZ`], means "as fast
//! as the budget allows"). A fast run simulates with the levelized schedule
//! ([`Schedule::Levelized`]): on a circuit without a combinational loop it gives the same values
//! as unit delay after every clock tick, since each tick settles on its own (sim-core's
//! `tests/cpu.rs` checks this on the CPU cycle by cycle; a circuit with a loop stays unit delay,
//! and a flip-flop clocked by logic that glitches under unit delay could differ). Its ticks feed
//! only the waveform (every change, one point per tick, no delta cycles); the trace pauses (it
//! would keep only the last fraction of a millisecond anyway). Step mode, and Run mode at or
//! below `FAST_HZ`, use the unit-delay schedule and record everything. [`SimSession::rate`]
//! measures the ticks actually simulated per wall-clock second.
//!
//! # Pause, counted runs and breakpoints
//! In Run mode the clock can be paused ([`SimSession::set_paused`], Logisim's "ticks
//! enabled" turned off); [`SimSession::run_cycles`] runs a number of clock cycles as fast as
//! the frame budget allows (whatever the rate, a frame's worth at a time) and then pauses.
//! Every clock tick in Run mode checks the [`Breakpoints`]: when a tick makes one hold, the
//! clock pauses and [`SimSession::stop`] says which ([`Stop`]), until it runs again.
//!
//! # TTYs
//! Every TTY's text ([`SimSession::tty_text`]) is written as the run goes: its
//! [`TtyLogs`] are fed after every settle, tick and step, in every mode and at every rate,
//! emptied by Power-on reset and kept across edits while the TTY's bus keeps its name.
//!
//! [`advance`]: SimSession::advance

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use sim_core::analysis::why::{self, Context, Explanation};
use sim_core::memory::Word;
use sim_core::signal::Condition;
use sim_core::tty::TtyLogs;
use sim_core::wave::{Point, Waveform};
use sim_core::{
    Cause, Circuit, Engine, Event, Netlist, NodeId, NodeKind, Observer, Oscillation, Pending,
    Schedule, SetError, SettleReport, Trit,
};

use super::breakpoints::Breakpoints;

/// Why [`SimSession::set_many`] set nothing; its text names the first node refused.
#[derive(Debug, thiserror::Error)]
pub enum SetInputError {
    /// The canvas replays a past step (read-only).
    #[error("the canvas replays step {step} (read-only): go back to the present to change inputs")]
    Replaying {
        /// The step replayed.
        step: u64,
    },
    /// A node of the batch is not in the circuit.
    #[error("the node is gone")]
    NodeGone,
    /// A node that is not a switch or button, or that refuses the value (a button takes only
    /// −1 or +1).
    #[error("`{label}` ({kind}) cannot be set to {value}")]
    Refused {
        /// The node's label.
        label: String,
        /// Its kind.
        kind: NodeKind,
        /// The value refused.
        value: Trit,
    },
    /// The engine refuses the batch.
    #[error(transparent)]
    Engine(#[from] SetError),
}

/// How changes are simulated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Every change settles at once; clocks tick at [`SimSession::clock_hz`].
    #[default]
    Run,
    /// Changes are queued; the user processes them one event at a time.
    Step,
}

/// Why the clock stopped on its own in Run mode, shown until it runs again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A clock tick made a breakpoint hold.
    Breakpoint {
        /// The breakpoint.
        condition: Condition,
        /// The tick after which it held (simulated time, in ticks since power-on).
        tick: u64,
        /// The clock cycle that tick belongs to (1 for the first two ticks of a half-period-1
        /// clock).
        cycle: u64,
    },
    /// A run of [`SimSession::run_cycles`] ran all its cycles.
    Ran {
        /// The cycles it ran.
        cycles: u64,
        /// The tick it ended after.
        tick: u64,
    },
}

impl std::fmt::Display for Stop {
    /// `Stopped at breakpoint HALTED=+1 (cycle 237, tick 474)`, `Ran 10 cycles (tick 20)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Breakpoint {
                condition,
                tick,
                cycle,
            } => write!(
                f,
                "Stopped at breakpoint {condition} (cycle {cycle}, tick {tick})"
            ),
            Stop::Ran { cycles: 1, tick } => write!(f, "Ran 1 cycle (tick {tick})"),
            Stop::Ran { cycles, tick } => write!(f, "Ran {cycles} cycles (tick {tick})"),
        }
    }
}

/// What an event did to the bus one of whose bits it changed: the bus's value just before and
/// just after it (bit 0 first), for the trace and the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BusChange {
    /// The bus's name (its flat name, an instance path for a bus inside an instance).
    pub bus: String,
    /// The bit the event changed.
    pub bit: usize,
    /// The bus's value before the event.
    pub before: Vec<Trit>,
    /// The bus's value after the event.
    pub after: Vec<Trit>,
}

/// The circuit's buses as the session tracks them: each bus's name and bits, and which bus and
/// bit each bit node is.
#[derive(Clone, Debug, Default)]
struct BusBits {
    names: Vec<String>,
    bits: Vec<Vec<NodeId>>,
    of: HashMap<NodeId, (usize, usize)>,
}

impl BusBits {
    fn new(circuit: &Circuit) -> BusBits {
        let mut buses = BusBits::default();
        for (b, bus) in circuit.buses().iter().enumerate() {
            buses.names.push(bus.name.clone());
            buses.bits.push(bus.bits.clone());
            for (k, &bit) in bus.bits.iter().enumerate() {
                buses.of.insert(bit, (b, k));
            }
        }
        buses
    }

    /// Every bus's value in `engine`.
    fn values(&self, engine: &Engine) -> Vec<Vec<Trit>> {
        self.bits
            .iter()
            .map(|bits| bits.iter().map(|&id| engine.value(id)).collect())
            .collect()
    }

    /// The change `event` makes to its bus, given the bus values `values` just before it
    /// (updated to just after it).
    fn change(&self, event: &Event, values: &mut [Vec<Trit>]) -> Option<Box<BusChange>> {
        if self.names.is_empty() || !event.changed() {
            return None;
        }
        let &(b, k) = self.of.get(&event.node)?;
        let value = values.get_mut(b)?;
        let before = value.clone();
        *value.get_mut(k)? = event.new;
        Some(Box::new(BusChange {
            bus: self.names[b].clone(),
            bit: k,
            before,
            after: value.clone(),
        }))
    }
}

/// The simulation behind the canvas.
#[derive(Clone, Debug)]
pub struct SimSession {
    engine: Engine,
    /// Run or Step.
    pub mode: Mode,
    /// Processed events, oldest first, at most [`SimSession::TRACE_LIMIT`].
    trace: VecDeque<Event>,
    /// For each event of `trace`, what it did to a bus (`None`: not a bus bit, or unchanged).
    changes: VecDeque<Option<Box<BusChange>>>,
    /// For each event of `trace`, the clock tick whose settle (in Run mode) processed it.
    ticks: VecDeque<Option<u64>>,
    /// The circuit's buses.
    buses: BusBits,
    /// The circuit's clocks (their rising edges are marked on the waveform).
    clocks: Vec<NodeId>,
    /// The event processed by the last [`step`](Self::step), shown highlighted.
    pub last: Option<Event>,
    /// The oscillation found by the last settle, if any.
    pub oscillation: Option<Oscillation>,
    /// Clock ticks per second in Run mode (the controls show it in cycles per second: see
    /// [`cycle_rate`](Self::cycle_rate)).
    pub clock_hz: f32,
    /// Whether the clock is paused in Run mode (Logisim's "ticks enabled" off).
    paused: bool,
    /// The ticks left of a [`run_cycles`](Self::run_cycles) run, and the cycles it asked for.
    counted: Option<(u64, u64)>,
    /// Why the clock stopped on its own, until it runs again.
    stop: Option<Stop>,
    /// The conditions that stop the clock when a tick makes one hold.
    breakpoints: Breakpoints,
    /// Ticks owed (wall time times the rate) towards the next tick.
    clock_debt: f64,
    /// The ticks of the last second, for [`rate`](Self::rate).
    meter: RateMeter,
    /// The ticks of the circuit's fastest clock per cycle (2 × its half period; 2 without
    /// clocks).
    ticks_per_cycle: u32,
    /// Every node's changes since power-on (or the last edit that added or removed nodes).
    wave: Waveform,
    /// The moment the canvas shows instead of the present, if any (see [`Self::replay`]).
    replay: Option<Point>,
    /// The schedule last asked of the engine (see [`use_schedule`](Self::use_schedule)).
    wanted_schedule: Schedule,
    /// What every TTY has written, fed after every settle and step (see [`sim_core::tty`]).
    ttys: TtyLogs,
}

/// Ticks simulated per wall-clock second, over the last second.
#[derive(Clone, Debug, Default)]
struct RateMeter {
    /// When each batch of ticks ran, and how many, oldest first (at most a second's worth).
    batches: VecDeque<(Instant, u32)>,
}

impl RateMeter {
    /// The span measured over.
    const WINDOW: Duration = Duration::from_secs(1);

    fn record(&mut self, now: Instant, ticks: u32) {
        self.batches.push_back((now, ticks));
        self.forget(now);
    }

    fn forget(&mut self, now: Instant) {
        while self
            .batches
            .front()
            .is_some_and(|&(at, _)| now.duration_since(at) > Self::WINDOW)
        {
            self.batches.pop_front();
        }
    }

    /// Ticks per second over the last second up to `now`; `None` if no tick ran in it.
    fn rate(&self, now: Instant) -> Option<f64> {
        let recent = self
            .batches
            .iter()
            .filter(|&&(at, _)| now.duration_since(at) <= Self::WINDOW);
        let (mut first, mut ticks) = (None, 0u64);
        for &(at, n) in recent {
            first.get_or_insert(at);
            ticks += u64::from(n);
        }
        let first = first?;
        if ticks == 0 {
            return None;
        }
        // Over the span the batches cover, at least a frame (a lone batch: a 60th of a second).
        let span = now
            .duration_since(first)
            .as_secs_f64()
            .max(1.0 / 60.0)
            .min(Self::WINDOW.as_secs_f64());
        Some(ticks as f64 / span)
    }
}

/// Collects events, what they did to buses, and the oscillation report into the session.
struct Recorder<'a> {
    trace: &'a mut VecDeque<Event>,
    changes: &'a mut VecDeque<Option<Box<BusChange>>>,
    ticks: &'a mut VecDeque<Option<u64>>,
    /// The tick being settled, if any.
    tick: Option<u64>,
    buses: &'a BusBits,
    /// The buses' values as of the last event recorded.
    values: Vec<Vec<Trit>>,
    oscillation: Option<Oscillation>,
    wave: &'a mut Waveform,
}

impl Observer for Recorder<'_> {
    fn on_event(&mut self, event: &Event) {
        self.wave.record_event(event);
        let change = self.buses.change(event, &mut self.values);
        let trace = (&mut *self.trace, &mut *self.changes, &mut *self.ticks);
        push_bounded(trace, (event.clone(), change, self.tick));
    }

    fn on_oscillation(&mut self, oscillation: &Oscillation) {
        self.oscillation = Some(oscillation.clone());
    }
}

/// The clocks of `circuit`.
fn clocks_of(circuit: &Circuit) -> Vec<NodeId> {
    circuit
        .nodes()
        .filter(|(_, n)| matches!(n.kind, NodeKind::Clock { .. }))
        .map(|(id, _)| id)
        .collect()
}

/// Ticks per cycle of the fastest clock of `engine`'s netlist (2 without clocks): sim-core's
/// [`Engine::cycle_ticks`], which `tritium run` reports its rate in too.
fn cycle_ticks(engine: &Engine) -> u32 {
    engine
        .cycle_ticks()
        .map_or(2, |ticks| u32::try_from(ticks).unwrap_or(u32::MAX))
}

/// A waveform record of every node `engine` simulates, from its present values, keeping at
/// most `limit` changes (at least 1).
fn record_all(engine: &Engine, limit: usize) -> Waveform {
    Waveform::new(engine, engine.netlist().ids().iter().copied(), limit.max(1))
        .expect("the engine's own nodes, and a limit above 0")
}

/// The trace's parallel queues: events, what they did to buses, their ticks.
type TraceQueues<'a> = (
    &'a mut VecDeque<Event>,
    &'a mut VecDeque<Option<Box<BusChange>>>,
    &'a mut VecDeque<Option<u64>>,
);

fn push_bounded(
    (trace, changes, ticks): TraceQueues<'_>,
    (event, change, tick): (Event, Option<Box<BusChange>>, Option<u64>),
) {
    if trace.len() == SimSession::TRACE_LIMIT {
        trace.pop_front();
        changes.pop_front();
        ticks.pop_front();
    }
    trace.push_back(event);
    changes.push_back(change);
    ticks.push_back(tick);
}

impl SimSession {
    /// Events kept in the trace.
    pub const TRACE_LIMIT: usize = 10_000;

    /// Clock rates (ticks per second) above which Run mode is a fast run (see the module
    /// docs of `state::session`): the levelized schedule, no trace, a frame's time budget.
    pub const FAST_HZ: f32 = 1_000.0;

    /// The fastest clock rate the controls offer (ticks per second): in practice "as fast as
    /// [`FRAME_BUDGET`](Self::FRAME_BUDGET) allows".
    pub const MAX_HZ: f32 = 10_000_000.0;

    /// The most time [`advance`](Self::advance) spends ticking in one call (one frame).
    pub const FRAME_BUDGET: Duration = Duration::from_millis(12);

    /// Changes kept in the waveform record by default (past it, the record keeps the start
    /// of the run and the latest window: see [`sim_core::wave::Gap`]).
    pub const WAVE_LIMIT: usize = sim_core::wave::DEFAULT_LIMIT;

    /// A session for `circuit`, in Run mode, power-on settled.
    pub fn new(circuit: &Circuit) -> SimSession {
        SimSession::with_netlist(circuit, Netlist::compile(circuit))
    }

    /// [`new`](Self::new) with `net`, the netlist already compiled from `circuit`.
    pub fn with_netlist(circuit: &Circuit, net: Netlist) -> SimSession {
        let engine = Engine::new(net);
        let ticks_per_cycle = cycle_ticks(&engine);
        let wave = record_all(&engine, Self::WAVE_LIMIT);
        let mut session = SimSession {
            engine,
            wave,
            replay: None,
            wanted_schedule: Schedule::UnitDelay,
            mode: Mode::Run,
            trace: VecDeque::new(),
            changes: VecDeque::new(),
            ticks: VecDeque::new(),
            buses: BusBits::new(circuit),
            clocks: clocks_of(circuit),
            last: None,
            oscillation: None,
            clock_hz: 2.0,
            paused: false,
            counted: None,
            stop: None,
            breakpoints: Breakpoints::automatic(circuit),
            clock_debt: 0.0,
            meter: RateMeter::default(),
            ticks_per_cycle,
            ttys: TtyLogs::new(circuit),
        };
        session.settle();
        session
    }

    /// Recompiles after an edit, keeping the values of the nodes that remain, and settles so
    /// the new wiring takes effect (in both modes: an edit is not a step). The settle's events
    /// are not added to the trace.
    /// An edit that adds or removes nodes starts a new waveform record (and ends a replay).
    pub fn rebuild(&mut self, circuit: &Circuit) {
        let net = Netlist::compile(circuit);
        let same_nodes = {
            let (old, new) = (self.engine.netlist().ids(), net.ids());
            // Both in the graph's node order, so equal sets are almost always equal lists.
            old.len() == new.len()
                && (old == new || {
                    let (mut old, mut new) = (old.to_vec(), new.to_vec());
                    old.sort_unstable();
                    new.sort_unstable();
                    old == new
                })
        };
        self.engine.rebuild(net);
        self.buses = BusBits::new(circuit);
        self.clocks = clocks_of(circuit);
        self.ticks_per_cycle = cycle_ticks(&self.engine);
        self.breakpoints.rebind(circuit);
        self.ttys.rebind(circuit);
        self.last = None;
        if same_nodes {
            // A moment of its own if it changed a value (a move changes none).
            self.wave.begin_step();
            let report = self.engine.settle_with(&mut self.wave);
            self.wave.cancel_step();
            self.wave.index();
            self.oscillation = report.oscillation;
            self.ttys.observe(&self.engine);
        } else {
            self.wave = record_all(&self.engine, self.wave.limit());
            self.replay = None;
            let report = self.engine.settle_with(&mut self.wave);
            self.wave.index();
            self.oscillation = report.oscillation;
            self.ttys.observe(&self.engine);
        }
    }

    /// Overwrites word `addr` of memory `label` in the running simulation (see
    /// [`Engine::write_memory_word`]) and settles, as a click on a switch does in Run mode.
    /// `false` if there is no such word.
    pub fn write_memory_word(&mut self, label: &str, addr: usize, word: Word) -> bool {
        if !self.engine.write_memory_word(label, addr, word) {
            return false;
        }
        self.wave.begin_step();
        let report = self.engine.settle_with(&mut self.wave);
        self.wave.index();
        self.oscillation = report.oscillation;
        self.ttys.observe(&self.engine);
        true
    }

    /// The text TTY `name` (its bus's name) has written since power-on; `None` if there is
    /// no such TTY. The present's text, whatever moment is [replayed](Self::replay).
    pub fn tty_text(&self, name: &str) -> Option<&str> {
        self.ttys.text(name)
    }

    /// The value a node outputs (or, for a terminal, shows) — at the [replayed](Self::replay)
    /// moment if there is one.
    pub fn value(&self, id: NodeId) -> Trit {
        match self.replay {
            Some(at) => self.value_at(id, at),
            None => self.engine.value(id),
        }
    }

    /// The values of `ids` (a bus's bits), as [`value`](Self::value) gives them.
    pub fn values(&self, ids: &[NodeId]) -> Vec<Trit> {
        ids.iter().map(|&id| self.value(id)).collect()
    }

    /// The values on a node's input pins (at the replayed moment if there is one).
    pub fn input_values(&self, id: NodeId) -> Vec<Trit> {
        match self.replay {
            Some(_) => self
                .engine
                .netlist()
                .drivers(id)
                .into_iter()
                .map(|d| d.map_or(Trit::Unknown, |d| self.value(d)))
                .collect(),
            None => self.engine.input_values(id),
        }
    }

    /// The waveform record of every node.
    pub fn wave(&self) -> &Waveform {
        &self.wave
    }

    /// Starts a new waveform record from the present values, keeping at most `limit` changes
    /// (at least 1; [`WAVE_LIMIT`](Self::WAVE_LIMIT) until this is called), and ends a replay.
    pub fn set_wave_limit(&mut self, limit: usize) {
        self.wave = record_all(&self.engine, limit);
        self.replay = None;
    }

    /// The circuit's clocks, as of the last build or edit.
    pub fn clocks(&self) -> &[NodeId] {
        &self.clocks
    }

    /// The value of node `id` just after moment `at` of the record: after every change of
    /// step `at.step` up to delta `at.delta` (`u32::MAX`: the whole step). Before the record's
    /// start, its first known value; a node not recorded, its present value.
    pub fn value_at(&self, id: NodeId, at: Point) -> Trit {
        match self.wave.lane(id) {
            Some(lane) => self.wave.value_before(lane, self.after(at)),
            None => self.engine.value(id),
        }
    }

    /// The index of the first point of the record after moment `at` (see
    /// [`value_at`](Self::value_at)).
    pub fn after(&self, at: Point) -> usize {
        let next = match at.delta.checked_add(1) {
            Some(delta) => Point {
                step: at.step,
                delta,
            },
            None => Point {
                step: at.step.saturating_add(1),
                delta: 0,
            },
        };
        self.wave.point_index(next)
    }

    /// The replayed moment, if the canvas shows one.
    pub fn replay(&self) -> Option<Point> {
        self.replay
    }

    /// Shows the values of moment `at` (see [`value_at`](Self::value_at)) instead of the
    /// present, or the present again (`None`). While replaying, inputs cannot be changed and
    /// clocks do not tick.
    pub fn set_replay(&mut self, at: Option<Point>) {
        self.replay = at;
    }

    /// The queued events, in the order they will run.
    pub fn pending(&self) -> impl Iterator<Item = Pending> + '_ {
        self.engine.pending()
    }

    /// The engine, for read-only queries.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Processed events, oldest first.
    pub fn trace(&self) -> impl DoubleEndedIterator<Item = &Event> + ExactSizeIterator {
        self.trace.iter()
    }

    /// Processed events, oldest first, each with what it did to a bus (if it changed a bit of
    /// one).
    pub fn trace_with_buses(
        &self,
    ) -> impl DoubleEndedIterator<Item = (&Event, Option<&BusChange>)> + ExactSizeIterator {
        self.trace
            .iter()
            .zip(self.changes.iter().map(Option::as_deref))
    }

    /// Event `index` of the trace (0: the oldest kept) and what it did to a bus.
    pub fn trace_entry(&self, index: usize) -> Option<(&Event, Option<&BusChange>)> {
        Some((self.trace.get(index)?, self.changes.get(index)?.as_deref()))
    }

    /// The clock tick whose settle processed each event of the trace (oldest first; `None`
    /// for events not of a tick's settle in Run mode), for grouping a running clock's events.
    pub fn trace_ticks(&self) -> impl DoubleEndedIterator<Item = Option<u64>> + ExactSizeIterator {
        self.ticks.iter().copied()
    }

    /// The new value of switch or button `id` while the event setting it waits in the queue
    /// (in Step mode); `None` when its output already shows what it is set to.
    pub fn pending_value(&self, id: NodeId) -> Option<Trit> {
        self.engine
            .driven(id)
            .filter(|&v| v != self.engine.value(id))
    }

    /// What the event of the last [`step`](Self::step) did to a bus, if it changed a bit of one.
    pub fn last_bus_change(&self) -> Option<&BusChange> {
        let last = self.last.as_ref()?;
        match (self.trace.back(), self.changes.back()) {
            (Some(e), Some(change)) if e.seq == last.seq => change.as_deref(),
            _ => None,
        }
    }

    /// Drives a switch or button; in Run mode the circuit settles at once, in Step mode the
    /// change waits in the queue. Other nodes and refused values are ignored.
    pub fn set(&mut self, circuit: &Circuit, id: NodeId, value: Trit) {
        let _ = self.set_many(circuit, &[(id, value)]);
    }

    /// Drives several switches or buttons in one batch (the bits of a bus): they change in the
    /// same delta cycle, in Run mode settled at once, in Step mode queued as one event each.
    ///
    /// # Errors
    /// A [`SetInputError`] naming the first node that is not a switch or button, or that
    /// refuses its value (a button takes only −1 or +1); nothing is set then.
    pub fn set_many(
        &mut self,
        circuit: &Circuit,
        batch: &[(NodeId, Trit)],
    ) -> Result<(), SetInputError> {
        if let Some(at) = self.replay {
            return Err(SetInputError::Replaying { step: at.step });
        }
        for &(id, value) in batch {
            let Some(node) = circuit.node(id) else {
                return Err(SetInputError::NodeGone);
            };
            if !node.kind.accepts(value) {
                return Err(SetInputError::Refused {
                    label: node.label.clone(),
                    kind: node.kind,
                    value,
                });
            }
        }
        let settled = self.engine.is_settled();
        self.engine.set(batch.iter().copied())?;
        if settled {
            self.wave.begin_step();
        }
        if self.mode == Mode::Run {
            self.settle();
        }
        Ok(())
    }

    /// A click on a switch: −1 → +1, anything else → −1 (from the value it is set to: in Step
    /// mode a second click before the first one's event runs sets it back). A click on a
    /// button does nothing (buttons are held, see [`press`](Self::press)).
    pub fn toggle(&mut self, circuit: &Circuit, id: NodeId) {
        if circuit.node(id).is_some_and(|n| n.kind == NodeKind::Switch) {
            let now = self.pending_value(id).unwrap_or_else(|| self.value(id));
            let next = if now == Trit::False {
                Trit::True
            } else {
                Trit::False
            };
            self.set(circuit, id, next);
        }
    }

    /// Presses (`true`) or releases a button.
    pub fn press(&mut self, circuit: &Circuit, id: NodeId, pressed: bool) {
        if circuit.node(id).is_some_and(|n| n.kind == NodeKind::Button) {
            self.set(circuit, id, Trit::from(pressed));
        }
    }

    /// Processes exactly one event; `None` if nothing was pending.
    pub fn step(&mut self) -> Option<&Event> {
        self.use_schedule();
        let event = self.engine.step()?;
        self.oscillation = None;
        // The engine shows the event's output already: the bus before it had the old bit.
        let change = if self.buses.of.contains_key(&event.node) {
            let mut values = self.buses.values(&self.engine);
            if let Some(&(b, k)) = self.buses.of.get(&event.node) {
                values[b][k] = event.old;
            }
            self.buses.change(&event, &mut values)
        } else {
            None
        };
        self.wave.record_event(&event);
        self.wave.index();
        self.ttys.observe(&self.engine);
        let trace = (&mut self.trace, &mut self.changes, &mut self.ticks);
        push_bounded(trace, (event.clone(), change, None));
        self.last = Some(event);
        self.last.as_ref()
    }

    /// Runs to quiescence, recording every event.
    pub fn settle(&mut self) -> SettleReport {
        self.settle_tick(None)
    }

    /// [`settle`](Self::settle), recording the events as of clock tick `tick`.
    fn settle_tick(&mut self, tick: Option<u64>) -> SettleReport {
        let values = if self.buses.names.is_empty() {
            Vec::new()
        } else {
            self.buses.values(&self.engine)
        };
        let mut recorder = Recorder {
            trace: &mut self.trace,
            changes: &mut self.changes,
            ticks: &mut self.ticks,
            tick,
            buses: &self.buses,
            values,
            oscillation: None,
            wave: &mut self.wave,
        };
        let report = self.engine.settle_with(&mut recorder);
        self.wave.index();
        self.ttys.observe(&self.engine);
        self.oscillation.clone_from(&report.oscillation);
        self.last = None;
        report
    }

    /// Sets everything back to unknown (power-on; a flip-flop with a power-on value to it), clearing the trace (event numbers restart) and every TTY's text. In Run mode the
    /// power-on events settle at once.
    pub fn reset(&mut self) {
        self.engine.reset();
        self.ttys.reset();
        self.wave.clear(&self.engine);
        self.replay = None;
        self.trace.clear();
        self.changes.clear();
        self.ticks.clear();
        self.last = None;
        self.oscillation = None;
        self.clock_debt = 0.0;
        self.counted = None;
        self.stop = None;
        if self.mode == Mode::Run {
            self.settle();
        }
        self.breakpoints.arm(&self.engine);
    }

    /// Advances simulated time by one clock tick (and settles in Run mode).
    pub fn tick(&mut self) {
        if self.replay.is_some() {
            return;
        }
        if self.engine.is_settled() {
            self.wave.begin_step();
        }
        self.engine.tick();
        if self.mode == Mode::Run {
            self.settle_tick(Some(self.engine.time()));
            self.check_breakpoints();
        }
    }

    /// After a settled tick: stops the clock if the tick made a breakpoint hold.
    fn check_breakpoints(&mut self) {
        if let Some(condition) = self.breakpoints.check(&self.engine) {
            let tick = self.engine.time();
            self.stop = Some(Stop::Breakpoint {
                condition: condition.clone(),
                tick,
                cycle: tick.div_ceil(u64::from(self.ticks_per_cycle)),
            });
            self.paused = true;
            self.counted = None;
            self.clock_debt = 0.0;
        }
    }

    /// In Run mode, ticks the clocks for `seconds` of wall time at [`clock_hz`](Self::clock_hz)
    /// — or, during a [`run_cycles`](Self::run_cycles) run, as many of its ticks as
    /// [`FRAME_BUDGET`](Self::FRAME_BUDGET) allows —; returns how many ticks ran. Does nothing
    /// in Step mode, while paused, or when the circuit has no clocks (so an idle app without
    /// clocks stops repainting). At most 8 ticks are owed at up to
    /// [`FAST_HZ`](Self::FAST_HZ); above it (a fast run) the ticks stop after
    /// [`FRAME_BUDGET`](Self::FRAME_BUDGET) and the rest of the debt is forgiven. A tick that
    /// makes a breakpoint hold stops the clock (see [`stop`](Self::stop)).
    pub fn advance(&mut self, seconds: f32) -> u32 {
        self.use_schedule();
        if !self.clocks_running() {
            return 0;
        }
        // Only the ticks' own changes count as a breakpoint's edge, not inputs set meanwhile.
        self.breakpoints.arm(&self.engine);
        let fast = self.fast();
        let ticks = if let Some((left, cycles)) = self.counted {
            let ran = self.run_ticks(left, fast, true);
            self.counted = match left - ran {
                _ if self.stop.is_some() => None,
                0 => {
                    self.paused = true;
                    let tick = self.engine.time();
                    self.stop = Some(Stop::Ran { cycles, tick });
                    None
                }
                left => Some((left, cycles)),
            };
            ran
        } else {
            let owed = self.clock_debt + f64::from(seconds) * f64::from(self.clock_hz);
            let cap = if fast { f64::from(Self::MAX_HZ) } else { 8.0 };
            let want = owed.min(cap);
            // Whole ticks owed: at most `MAX_HZ`, which fits.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let whole = want.floor() as u64;
            let ran = self.run_ticks(whole, fast, fast);
            // What is left of a tick; ticks the frame budget cut off are forgiven.
            self.clock_debt = if self.stop.is_some() {
                0.0
            } else {
                want.fract()
            };
            ran
        };
        if fast && ticks > 0 {
            self.wave.index();
            self.last = None;
        }
        let ticks = u32::try_from(ticks).unwrap_or(u32::MAX);
        self.meter.record(Instant::now(), ticks);
        ticks
    }

    /// Ticks up to `ticks` times (fast ticks if `fast`), stopping early at a breakpoint or,
    /// if `budgeted`, once [`FRAME_BUDGET`](Self::FRAME_BUDGET) is spent (after at least one
    /// tick); the ticks run.
    fn run_ticks(&mut self, ticks: u64, fast: bool, budgeted: bool) -> u64 {
        let start = Instant::now();
        let mut ran = 0;
        while ran < ticks {
            if fast {
                self.tick_fast();
            } else {
                self.tick();
            }
            ran += 1;
            if self.stop.is_some() || (budgeted && start.elapsed() >= Self::FRAME_BUDGET) {
                break;
            }
        }
        ran
    }

    /// One tick of a fast run: settled with the waveform as the only observer (no trace).
    fn tick_fast(&mut self) {
        if self.engine.is_settled() {
            self.wave.begin_step();
        }
        self.engine.tick();
        let report = self.engine.settle_with(&mut self.wave);
        self.ttys.observe(&self.engine);
        if report.oscillation.is_some() {
            self.oscillation = report.oscillation;
        }
        self.check_breakpoints();
    }

    /// Whether Run mode is a fast run now (see the module docs of `state::session`).
    pub fn fast(&self) -> bool {
        self.mode == Mode::Run && self.clock_hz > Self::FAST_HZ
    }

    /// The schedule the engine uses now: levelized during a fast run on a circuit without a
    /// combinational loop, else unit delay.
    pub fn schedule(&self) -> Schedule {
        self.engine.schedule()
    }

    /// Switches the engine to the schedule the mode and rate call for (values and pending
    /// events carry over).
    fn use_schedule(&mut self) {
        let wanted = if self.fast() {
            Schedule::Levelized
        } else {
            Schedule::UnitDelay
        };
        if self.wanted_schedule != wanted {
            self.wanted_schedule = wanted;
            self.engine.set_schedule(wanted);
        }
    }

    /// Clock ticks simulated per wall-clock second over the last second (`None` if none ran).
    pub fn rate(&self) -> Option<f64> {
        self.meter.rate(Instant::now())
    }

    /// Cycles of the fastest clock simulated per wall-clock second over the last second: the
    /// [`rate`](Self::rate) divided by its ticks per cycle (2 for `half_period: 1`).
    pub fn cycles_per_second(&self) -> Option<f64> {
        Some(self.rate()? / f64::from(self.ticks_per_cycle))
    }

    /// Whether clocks tick with wall time now: Run mode, a circuit that has a clock, no
    /// replay, and a [`run_cycles`](Self::run_cycles) run under way or the clock neither
    /// paused nor at rate 0.
    pub fn clocks_running(&self) -> bool {
        self.mode == Mode::Run
            && self.engine.has_clocks()
            && self.replay.is_none()
            && (self.counted.is_some() || (!self.paused && self.clock_hz > 0.0))
    }

    /// The ticks of one clock cycle: a full period of the fastest clock (2 without clocks).
    pub fn ticks_per_cycle(&self) -> u32 {
        self.ticks_per_cycle
    }

    /// The clock rate in clock cycles per second (what the speed control shows):
    /// [`clock_hz`](Self::clock_hz) over [`ticks_per_cycle`](Self::ticks_per_cycle).
    pub fn cycle_rate(&self) -> f64 {
        f64::from(self.clock_hz) / f64::from(self.ticks_per_cycle)
    }

    /// Sets the clock rate to `cycles` clock cycles per second (clamped to 0 ..=
    /// [`MAX_HZ`](Self::MAX_HZ) ticks per second).
    pub fn set_cycle_rate(&mut self, cycles: f64) {
        let hz = cycles * f64::from(self.ticks_per_cycle);
        // Clamped to the f32 range of the rates offered.
        #[allow(clippy::cast_possible_truncation)]
        let hz = hz.clamp(0.0, f64::from(Self::MAX_HZ)) as f32;
        self.clock_hz = hz;
    }

    /// Whether the clock is paused (Run mode's Pause).
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Pauses the clock, ending a [`run_cycles`](Self::run_cycles) run, or lets it run again
    /// at [`clock_hz`](Self::clock_hz), forgetting why it [stopped](Self::stop).
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        self.clock_debt = 0.0;
        if paused {
            self.counted = None;
        } else {
            self.stop = None;
        }
    }

    /// Runs `cycles` clock cycles (`cycles` × [`ticks_per_cycle`](Self::ticks_per_cycle)
    /// ticks) in Run mode, as fast as [`advance`](Self::advance)'s frame budget allows, then
    /// pauses the clock; a breakpoint stops it earlier. Switches to Run mode first.
    pub fn run_cycles(&mut self, cycles: u64) {
        if self.mode != Mode::Run {
            self.set_mode(Mode::Run);
        }
        let ticks = cycles.saturating_mul(u64::from(self.ticks_per_cycle));
        self.counted = (ticks > 0).then_some((ticks, cycles));
        self.stop = None;
        self.clock_debt = 0.0;
    }

    /// The ticks and cycles of the [`run_cycles`](Self::run_cycles) run under way, if any:
    /// `(ticks left, cycles asked for)`.
    pub fn counted_run(&self) -> Option<(u64, u64)> {
        self.counted
    }

    /// Why the clock stopped on its own, until it runs again (a breakpoint held, a counted run
    /// ended).
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The breakpoints.
    pub fn breakpoints(&self) -> &Breakpoints {
        &self.breakpoints
    }

    /// Adds breakpoint `condition` (see [`Breakpoints::add`]); `false` if it is set already.
    pub fn add_breakpoint(&mut self, condition: Condition) -> bool {
        self.breakpoints.add(condition, &self.engine)
    }

    /// Removes breakpoint `index`; `None` if there is none.
    pub fn remove_breakpoint(&mut self, index: usize) -> Option<Condition> {
        self.breakpoints.remove(index)
    }

    /// Removes every breakpoint.
    pub fn clear_breakpoints(&mut self) {
        self.breakpoints.clear();
    }

    /// Switches mode; entering Run mode settles whatever was queued. Step mode always uses the
    /// unit-delay schedule.
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
        if mode == Mode::Step {
            self.counted = None;
        }
        self.use_schedule();
        if mode == Mode::Run {
            self.settle();
        }
    }

    /// Why `id` has its value: the last event that changed it, then the event that caused
    /// that one, and so on back to a source change (or as far as the trace reaches). Newest
    /// first; empty if the trace holds no change of `id`.
    pub fn why(&self, id: NodeId) -> Vec<&Event> {
        let Some(last) = self
            .trace
            .iter()
            .rev()
            .find(|e| e.node == id && e.changed())
        else {
            return Vec::new();
        };
        let mut chain = vec![last];
        while let Cause::Event(seq) = chain[chain.len() - 1].cause {
            match self.event(seq) {
                Some(e) => chain.push(e),
                None => break,
            }
        }
        chain
    }

    /// The moment `id` last changed, as far as the waveform record reaches (it outlasts the
    /// trace): `None` if the record holds no change of `id`.
    pub fn last_change(&self, id: NodeId) -> Option<Point> {
        let lane = self.wave.lane(id)?;
        let (point, _) = self.wave.changes(lane).next_back()?;
        self.wave.points().get(point).copied()
    }

    /// Why `id` is unknown now: the chain back to its origins
    /// ([`sim_core::analysis::why::explain`]), the last settle's oscillation counted as one.
    /// Empty if `id` is known.
    pub fn why_unknown(&self, circuit: &Circuit, id: NodeId) -> Explanation {
        let context = Context {
            never_clocked: Vec::new(),
            oscillated: self
                .oscillation
                .as_ref()
                .map(|o| o.feedback.clone())
                .unwrap_or_default(),
        };
        why::explain(&self.engine, circuit, id, &context)
    }

    /// The event with sequence number `seq`, if the trace still holds it.
    pub fn event(&self, seq: u64) -> Option<&Event> {
        // Sequence numbers increase along the trace (with gaps where edits settled unrecorded).
        let index = self.trace.binary_search_by_key(&seq, |e| e.seq).ok()?;
        self.trace.get(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_input_errors_read_as_before() {
        assert_eq!(
            SetInputError::Replaying { step: 4 }.to_string(),
            "the canvas replays step 4 (read-only): go back to the present to change inputs"
        );
        assert_eq!(SetInputError::NodeGone.to_string(), "the node is gone");
        let refused = SetInputError::Refused {
            label: "B".into(),
            kind: NodeKind::Button,
            value: Trit::Unknown,
        };
        assert_eq!(
            refused.to_string(),
            format!(
                "`B` ({}) cannot be set to {}",
                NodeKind::Button,
                Trit::Unknown
            )
        );
    }
}
