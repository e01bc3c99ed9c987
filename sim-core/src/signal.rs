//! Signals: the names a command, a test vector or a table column uses for what it reads or
//! drives — a node's label (one trit) or a bus's name (its bits, bit 0 first) — and
//! [`Condition`]s on them (`HALTED`, `ACC=5`), what `tritium run --until` and the app's
//! breakpoints stop at.

use std::collections::HashMap;

use crate::bus::Bus;
use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::literal::{Literal, LiteralError};
use crate::number::Radix;
use crate::trit::Trit;

/// The nodes a name stands for in `circuit`: a node's label gives that node, a bus's name its
/// bits (bit 0 first). `None` if it is neither.
pub fn signal(circuit: &Circuit, name: &str) -> Option<Vec<NodeId>> {
    circuit
        .find(name)
        .map(|id| vec![id])
        .or_else(|| circuit.bus(name).map(|b| b.bits.clone()))
}

/// The radix a value given for name `name` is read in ([`Literal::resolve_in`]): its bus's
/// radix, so that a decimal for a balanced-ternary bus is its balanced-ternary value; binary
/// for a node or an unknown name.
///
/// [`Literal::resolve_in`]: crate::literal::Literal::resolve_in
pub fn radix(circuit: &Circuit, name: &str) -> Radix {
    circuit.bus(name).map_or(Radix::Bin, |b| b.radix)
}

/// A node or a bus as a command shows it: one column of a table, one field of a vector, one
/// value of `sim`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal<'a> {
    /// The node's label or the bus's name.
    pub name: &'a str,
    /// The node, or the bus's bits (bit 0 first).
    pub bits: Vec<NodeId>,
    /// The bus, if it is one.
    pub bus: Option<&'a Bus>,
}

/// `ids` grouped into signals, in order: a node that is a bit of a bus stands for the whole
/// bus where its first bit comes (its other bits are skipped), any other node for itself.
/// Linear in `ids` and the circuit's buses.
pub fn signals(circuit: &Circuit, ids: impl IntoIterator<Item = NodeId>) -> Vec<Signal<'_>> {
    let buses = circuit.buses();
    let mut bus_of: HashMap<NodeId, usize> = HashMap::new();
    for (b, bus) in buses.iter().enumerate() {
        for &bit in &bus.bits {
            bus_of.insert(bit, b);
        }
    }
    let mut placed = vec![false; buses.len()];
    let mut out = Vec::new();
    for id in ids {
        match bus_of.get(&id) {
            None => out.push(Signal {
                name: &circuit[id].label,
                bits: vec![id],
                bus: None,
            }),
            Some(&b) if !placed[b] => {
                placed[b] = true;
                out.push(Signal {
                    name: &buses[b].name,
                    bits: buses[b].bits.clone(),
                    bus: Some(&buses[b]),
                });
            }
            Some(_) => {}
        }
    }
    out
}

/// A condition on a signal, written `NAME[=VALUE]`: every bit of node or bus `NAME` has the
/// value `VALUE` (a trit, or a number read in the bus's radix; `+1` when left out). What
/// `tritium run --until` runs to and the app's breakpoints stop at; whether it holds is
/// [`Engine::holds`](crate::Engine::holds) of its [`bits`](Self::bits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The node's label or the bus's name.
    pub name: String,
    /// The value as written (`+1` when it was left out).
    pub value: String,
    /// Each bit (bit 0 first) with the value it must have.
    pub bits: Vec<(NodeId, Trit)>,
}

/// Why a [`Condition`] cannot be read for a circuit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConditionError {
    /// The name is neither a node's label nor a bus's name.
    #[error("no node or bus `{}`", crate::number::excerpt(name))]
    Unknown {
        /// The name.
        name: String,
    },
    /// The value is not one the node or bus can have.
    #[error(transparent)]
    Value(#[from] LiteralError),
}

impl Condition {
    /// `NAME[=VALUE]` on `circuit` (see [`Condition`]).
    ///
    /// # Errors
    /// As [`Condition::new`].
    pub fn parse(circuit: &Circuit, text: &str) -> Result<Condition, ConditionError> {
        let (name, value) = text.split_once('=').unwrap_or((text, "+1"));
        Condition::new(circuit, name, value)
    }

    /// Node or bus `name` at `value` on `circuit` (both trimmed); an integer is read in the
    /// bus's [`radix`] (balanced ternary on a `Ternary` bus), anything else as
    /// [`Literal::Text`] (a trit, `0x5A`, `0t1T0`).
    ///
    /// # Errors
    /// [`ConditionError::Unknown`] if `name` is neither a node nor a bus,
    /// [`ConditionError::Value`] if `value` does not fit it.
    pub fn new(circuit: &Circuit, name: &str, value: &str) -> Result<Condition, ConditionError> {
        let (name, value) = (name.trim(), value.trim());
        let Some(bits) = signal(circuit, name) else {
            return Err(ConditionError::Unknown {
                name: name.to_owned(),
            });
        };
        let literal = value
            .parse::<i128>()
            .map_or_else(|_| Literal::Text(value.to_owned()), Literal::Int);
        let want = literal.resolve_in(bits.len(), radix(circuit, name))?;
        Ok(Condition {
            name: name.to_owned(),
            value: value.to_owned(),
            bits: bits.into_iter().zip(want).collect(),
        })
    }
}

impl std::fmt::Display for Condition {
    /// `NAME=VALUE`, as written.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.name, self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    const COUNTER: &str = r#"(
        version: 3,
        nodes: [
            (label: "GO", kind: Switch),
            (label: "N", kind: Switch, width: 3, radix: Ternary),
            (label: "DONE", kind: Lamp),
        ],
        wires: [(from: "GO", to: "DONE")],
    )"#;

    fn circuit() -> Circuit {
        format::from_str(COUNTER).expect("a valid circuit").circuit
    }

    #[test]
    fn a_node_without_a_value_waits_for_plus_one() {
        let c = circuit();
        let done = Condition::parse(&c, "DONE").expect("a node");
        assert_eq!(done.bits, [(c.find("DONE").expect("DONE"), Trit::True)]);
        assert_eq!(done.to_string(), "DONE=+1");
        let low = Condition::parse(&c, " DONE = -1 ").expect("a node at -1");
        assert_eq!(low.bits[0].1, Trit::False);
        assert_eq!(low.to_string(), "DONE=-1");
    }

    #[test]
    fn a_bus_value_is_read_in_the_bus_radix() {
        let c = circuit();
        // -4 in balanced ternary: -3 - 1, the digits T, T, 0 (bit 0 first).
        let n = Condition::parse(&c, "N=-4").expect("a ternary value");
        let values: Vec<Trit> = n.bits.iter().map(|&(_, t)| t).collect();
        assert_eq!(values, [Trit::False, Trit::False, Trit::Unknown]);
        assert_eq!(n.to_string(), "N=-4");
    }

    #[test]
    fn an_unknown_name_or_a_value_that_does_not_fit_is_refused_by_name() {
        let c = circuit();
        assert_eq!(
            Condition::parse(&c, "NOPE").map_err(|e| e.to_string()),
            Err("no node or bus `NOPE`".to_owned())
        );
        let too_big = Condition::parse(&c, "N=14").expect_err("past ±13");
        assert!(matches!(too_big, ConditionError::Value(_)), "{too_big}");
        assert!(too_big.to_string().contains("14"), "{too_big}");
    }
}
