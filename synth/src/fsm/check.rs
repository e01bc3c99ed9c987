//! The checks a parsed table must pass to be a [`Machine`]: every state has a transition, no
//! two rows disagree on an input combination both match, and every state can be reached.

use super::error::FsmError;
use super::{Machine, Transition, pattern};
use crate::table::Value;

/// Whether some input combination matches both rows' patterns.
fn overlap(a: &Transition, b: &Transition) -> bool {
    a.inputs.care & b.inputs.care & (a.inputs.ones ^ b.inputs.ones) == 0
}

/// Whether `a` and `b` give different outputs for a combination both match: an output both
/// specify, as different values.
fn outputs_differ(a: &Transition, b: &Transition) -> bool {
    a.outputs
        .iter()
        .zip(&b.outputs)
        .any(|(x, y)| x != y && *x != Value::DontCare && *y != Value::DontCare)
}

/// The first of the problems [`FsmError::NoTransitions`], [`FsmError::Conflict`] and
/// [`FsmError::Unreachable`] that `machine` has, in that order.
pub(super) fn check(machine: &Machine) -> Result<(), FsmError> {
    no_transitions(machine)?;
    conflicts(machine)?;
    unreachable(machine)
}

fn no_transitions(machine: &Machine) -> Result<(), FsmError> {
    let idle =
        (0..machine.states.len()).find(|&s| !machine.transitions.iter().any(|t| t.from == s));
    match idle {
        Some(s) => Err(FsmError::NoTransitions {
            line: machine.states[s].line,
            state: machine.states[s].name.clone(),
        }),
        None => Ok(()),
    }
}

fn conflicts(machine: &Machine) -> Result<(), FsmError> {
    let rows = &machine.transitions;
    for (j, later) in rows.iter().enumerate() {
        let clash = rows[..j].iter().find(|earlier| {
            earlier.from == later.from
                && overlap(earlier, later)
                && (earlier.to != later.to || outputs_differ(earlier, later))
        });
        if let Some(earlier) = clash {
            let both = earlier.inputs.ones | later.inputs.ones;
            return Err(FsmError::Conflict {
                line: later.line,
                first: earlier.line,
                state: machine.states[later.from].name.clone(),
                inputs: pattern(both, u32::MAX, machine.inputs.len()),
                next: machine.states[later.to].name.clone(),
                other_next: machine.states[earlier.to].name.clone(),
            });
        }
    }
    Ok(())
}

fn unreachable(machine: &Machine) -> Result<(), FsmError> {
    let distances = machine.distances();
    match (0..machine.states.len()).find(|&s| distances[s].is_none()) {
        Some(s) => Err(FsmError::Unreachable {
            line: machine.states[s].line,
            state: machine.states[s].name.clone(),
            initial: machine.states[machine.initial].name.clone(),
        }),
        None => Ok(()),
    }
}
