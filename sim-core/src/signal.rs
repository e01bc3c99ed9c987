//! Signals: the names a command, a test vector or a table column uses for what it reads or
//! drives — a node's label (one trit) or a bus's name (its bits, bit 0 first).

use std::collections::HashMap;

use crate::bus::Bus;
use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::number::Radix;

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
