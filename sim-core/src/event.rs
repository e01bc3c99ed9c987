//! The records the simulator produces and the hooks that receive them: [`Event`] (one
//! processed event), [`Pending`] (one waiting), [`Cause`], [`Oscillation`], the [`Observer`]
//! trait, and the levelized schedule's [`Sweep`] choice. They live apart from the engine so
//! that [`crate::engine`] and the levelized schedule both depend on them and not on each
//! other.

use crate::changes::Changes;
use crate::desc::NodeId;
use crate::trit::Trit;

/// How the levelized schedule finds the nodes to evaluate in a settle without records (see
/// the [engine's module docs](crate::engine)). Every choice gives the same values, event counts and levels;
/// only the speed differs. Settles with records and [`crate::Engine::step`] always use selective
/// trace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sweep {
    /// The dense sweep when the last settle without records evaluated at least a quarter of
    /// the nodes, else selective trace.
    #[default]
    Auto,
    /// Always selective trace: a node whose output changes marks its fanout pending, and the
    /// pending nodes are found by scanning a bitset in level order. Cost per evaluation.
    SelectiveTrace,
    /// The dense sweep whenever it applies (it does not when a gate is pending on its own,
    /// e.g. after a [`step`](crate::Engine::step) or a [`rebuild`](crate::Engine::rebuild): then selective
    /// trace): every node is visited in level order and evaluated when one of its inputs
    /// changed in this settle. Cost per node, a few nanoseconds, without branches.
    Dense,
}

/// Why an event happened. Serializes as `"set"`, `"power_on"`, `"clock"`, `"resolution"`,
/// `"edit"` or `{"event": K}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A source driven by [`crate::Engine::set`].
    Set,
    /// A constant, button or clock driving its initial value at power-on or after a reset (or
    /// a table gate whose output on unknown inputs is not 0, evaluated then).
    PowerOn,
    /// A clock toggled by [`crate::Engine::tick`].
    Clock,
    /// A node forced to 0 because it kept changing (see [`Oscillation`]).
    Resolution,
    /// Re-evaluated because the circuit was edited (see [`crate::Engine::rebuild`]).
    Edit,
    /// Scheduled by the output change of the event with this sequence number.
    Event(u64),
}

/// One processed event: node `node` was evaluated in delta `delta`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// 1-based number of this event since the engine was built or reset.
    pub seq: u64,
    /// Delta cycle within the current settle: 0 for the source changes that started it. Under
    /// [`crate::Schedule::Levelized`], the node's level.
    pub delta: u32,
    /// The node evaluated.
    pub node: NodeId,
    /// The input values it saw, by pin (empty for sources); an unconnected pin reads as its
    /// kind says ([`NodeKind::unconnected`](crate::NodeKind::unconnected)).
    pub inputs: Vec<Trit>,
    /// Its output before.
    pub old: Trit,
    /// Its output after.
    pub new: Trit,
    /// What scheduled it.
    pub cause: Cause,
    /// The nodes this change schedules for the next delta, in wire order (empty when the output
    /// did not change).
    pub fanout: Vec<NodeId>,
}

impl Event {
    /// Whether the output changed.
    pub fn changed(&self) -> bool {
        self.old != self.new
    }
}

/// An event waiting in the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The node to evaluate.
    pub node: NodeId,
    /// The delta cycle it will run in, relative to the current settle (under
    /// [`crate::Schedule::Levelized`], the node's level).
    pub delta: u32,
    /// What scheduled it.
    pub cause: Cause,
}

/// Nodes that kept changing past the settle budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oscillation {
    /// Every node whose output changed during the observation window, in node order: the loop
    /// itself and whatever it drives.
    pub nodes: Vec<NodeId>,
    /// The loop: the nodes of `nodes` that lie on a cycle among themselves, in node order.
    /// These are the nodes forced to 0; what they drive then settles from their new value.
    pub feedback: Vec<NodeId>,
    /// The budget, in delta cycles, that was exceeded.
    pub budget: u32,
    /// In [`crate::SettleReport`]: whether the loop was resolved to 0 and the circuit then settled.
    /// In [`Observer::on_oscillation`]: whether the engine is about to resolve it.
    pub resolved: bool,
}

/// Receives what the engine does (the seed's delegate).
pub trait Observer {
    /// Whether [`Event`] records are wanted. `false` lets the engine skip building them.
    const RECORDS: bool = true;

    /// Called after each event is processed.
    fn on_event(&mut self, event: &Event) {
        let _ = event;
    }

    /// Whether [`on_change`](Self::on_change) is wanted. `false` (the default) lets the engine
    /// skip the call.
    const CHANGES: bool = false;

    /// Called each time a node's output changes, with the delta cycle of the change (under
    /// the [unit-delay schedule](crate::Schedule::UnitDelay) relative to its settle, as in
    /// [`Event::delta`]; under the levelized schedule 0, since its settle changes each node at
    /// most once and has no delta cycles) and the new value — the cheap hook of a waveform
    /// recorder ([`crate::wave::Waveform`]), which needs no [`Event`] record: the levelized
    /// schedule keeps its fastest sweeps and reports the changes after a dense sweep from the
    /// changed flags it keeps anyway, all at once through [`on_changes`](Self::on_changes).
    fn on_change(&mut self, node: NodeId, delta: u32, value: Trit) {
        let _ = (node, delta, value);
    }

    /// Called with many changes of one delta cycle at once, each node once, in no particular
    /// order: what the levelized schedule's dense sweep changed (one call per settle, instead
    /// of a call per change). The default calls [`on_change`](Self::on_change) for each; a
    /// recorder overrides it to take them in one pass ([`Changes::gather`]).
    fn on_changes(&mut self, delta: u32, changes: &Changes<'_>) {
        changes.for_each(|node, value| self.on_change(node, delta, value));
    }

    /// Called when a settle finds an oscillation, before resolving it.
    fn on_oscillation(&mut self, oscillation: &Oscillation) {
        let _ = oscillation;
    }
}

/// The null observer: no records are built.
impl Observer for () {
    const RECORDS: bool = false;
}

/// Two observers at once: both see every event, change and oscillation (records are built
/// if either wants them), e.g. a narrator and a [`crate::wave::Waveform`].
impl<A: Observer, B: Observer> Observer for (&mut A, &mut B) {
    const RECORDS: bool = A::RECORDS || B::RECORDS;
    const CHANGES: bool = A::CHANGES || B::CHANGES;

    fn on_event(&mut self, event: &Event) {
        if A::RECORDS {
            self.0.on_event(event);
        }
        if B::RECORDS {
            self.1.on_event(event);
        }
    }

    #[inline]
    fn on_change(&mut self, node: NodeId, delta: u32, value: Trit) {
        if A::CHANGES {
            self.0.on_change(node, delta, value);
        }
        if B::CHANGES {
            self.1.on_change(node, delta, value);
        }
    }

    fn on_changes(&mut self, delta: u32, changes: &Changes<'_>) {
        if A::CHANGES {
            self.0.on_changes(delta, changes);
        }
        if B::CHANGES {
            self.1.on_changes(delta, changes);
        }
    }

    fn on_oscillation(&mut self, oscillation: &Oscillation) {
        self.0.on_oscillation(oscillation);
        self.1.on_oscillation(oscillation);
    }
}

/// Collects every event.
impl Observer for Vec<Event> {
    fn on_event(&mut self, event: &Event) {
        self.push(event.clone());
    }
}
