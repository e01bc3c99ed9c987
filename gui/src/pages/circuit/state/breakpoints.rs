//! Breakpoints: conditions on a node or bus value ([`Condition`], `HALTED=+1`, `ACC=5`) that
//! stop the clock in Run mode when a clock tick makes one hold — as Digital's Break part stops
//! its simulation on a rising edge (an edge, so that resuming with the condition still true
//! runs on). A circuit with a terminal labelled `HALTED` (the CPU of `circuits/cpu/`) starts
//! with the breakpoint `HALTED=+1`, listed and removable like any other.
//!
//! A breakpoint is kept by its text: after an edit it is read again on the new circuit, and
//! dropped if its node or bus is gone.

use sim_core::signal::{Condition, ConditionError};
use sim_core::{Circuit, Engine, Role};

use super::CircuitPageState;

/// The label of the terminal that gets a breakpoint on its own ([`Breakpoints::automatic`]).
pub const HALTED: &str = "HALTED";

/// One breakpoint: its condition and whether it held after the last tick checked.
#[derive(Clone, Debug)]
struct Breakpoint {
    condition: Condition,
    held: bool,
}

/// The breakpoints of a simulation session, in the order they were set.
#[derive(Clone, Debug, Default)]
pub struct Breakpoints {
    list: Vec<Breakpoint>,
}

impl Breakpoints {
    /// The breakpoints a circuit starts with: `HALTED=+1` on a terminal labelled
    /// [`HALTED`], if it has one.
    pub fn automatic(circuit: &Circuit) -> Breakpoints {
        let mut breakpoints = Breakpoints::default();
        let halted = circuit
            .find(HALTED)
            .and_then(|id| circuit.node(id))
            .is_some_and(|n| n.kind.role() == Role::Terminal);
        if halted && let Ok(condition) = Condition::new(circuit, HALTED, "+1") {
            breakpoints.list.push(Breakpoint {
                condition,
                held: false,
            });
        }
        breakpoints
    }

    /// The conditions, in the order they were set.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Condition> {
        self.list.iter().map(|b| &b.condition)
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Adds `condition` (as holding or not in `engine` now, so it stops at the next tick that
    /// makes it hold); `false` if the same condition is set already.
    pub fn add(&mut self, condition: Condition, engine: &Engine) -> bool {
        if self.list.iter().any(|b| b.condition == condition) {
            return false;
        }
        let held = engine.holds(&condition.bits);
        self.list.push(Breakpoint { condition, held });
        true
    }

    /// Removes breakpoint `index` (in [`iter`](Self::iter)'s order); `None` if there is none.
    pub fn remove(&mut self, index: usize) -> Option<Condition> {
        (index < self.list.len()).then(|| self.list.remove(index).condition)
    }

    /// Removes every breakpoint.
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// Each breakpoint read again on `circuit` after an edit, by its text; those whose node or
    /// bus is gone (or no longer takes the value) are dropped.
    pub fn rebind(&mut self, circuit: &Circuit) {
        self.list.retain_mut(|b| {
            let Ok(condition) = Condition::new(circuit, &b.condition.name, &b.condition.value)
            else {
                return false;
            };
            b.condition = condition;
            true
        });
    }

    /// Records whether each breakpoint holds in `engine` now, without stopping: for changes
    /// that are not clock ticks (an input set, a power-on reset).
    pub fn arm(&mut self, engine: &Engine) {
        for b in &mut self.list {
            b.held = engine.holds(&b.condition.bits);
        }
    }

    /// After a clock tick: the first breakpoint that holds in `engine` now and did not after
    /// the tick before, if any (every breakpoint's state is updated).
    pub fn check(&mut self, engine: &Engine) -> Option<&Condition> {
        let mut hit = None;
        for (i, b) in self.list.iter_mut().enumerate() {
            let held = engine.holds(&b.condition.bits);
            if held && !b.held && hit.is_none() {
                hit = Some(i);
            }
            b.held = held;
        }
        hit.map(|i| &self.list[i].condition)
    }
}

impl CircuitPageState {
    /// Sets a breakpoint on node or bus `name` (its flat name) at `value` (see
    /// [`Condition::new`]); `Ok(false)` if it is set already.
    ///
    /// # Errors
    /// [`ConditionError`] naming what is not a node or bus, or the value that does not fit.
    pub fn add_breakpoint(&mut self, name: &str, value: &str) -> Result<bool, ConditionError> {
        let condition = Condition::new(&self.doc.document.circuit, name, value)?;
        Ok(self.sim.add_breakpoint(condition))
    }
}
