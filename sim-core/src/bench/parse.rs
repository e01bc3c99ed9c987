//! The parser: scanned lines numbered into nets and built into a checked circuit.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::error::BenchError;
use super::nets::{Def, Hashed, Nets, RECENT, UNDEFINED};
use super::ops::CLOCK_LABEL;
use super::scan::{Scanned, scan, split};
use crate::circuit::{Circuit, CircuitError};
use crate::desc::{Node, NodeId};
use crate::kind::NodeKind;

/// [`from_str`] with the text cut into (at most) `count` parts, scanned in parallel.
pub(super) fn parse(text: &str, count: usize) -> Result<Circuit, BenchError> {
    let parts = split(text, count);
    let scanned: Vec<Scanned<'_>> = if parts.len() == 1 {
        parts
            .iter()
            .map(|&(part, first)| scan(part, first))
            .collect()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = parts
                .iter()
                .map(|&(part, first)| scope.spawn(move || scan(part, first)))
                .collect();
            handles
                .into_iter()
                .zip(&parts)
                .map(|(handle, &(part, first))| {
                    // A scan does not panic; if one did, its part is read again here.
                    handle.join().unwrap_or_else(|_| scan(part, first))
                })
                .collect()
        })
    };
    // About one definition per 30 bytes of a typical netlist: size the tables once.
    let estimate = text.len() / 30 + 16;
    let mut defs: Vec<Def<'_>> = Vec::with_capacity(estimate);
    let mut nets = Nets {
        index: HashMap::with_capacity_and_hasher(estimate, BuildHasherDefault::default()),
        recent: vec![(Hashed::new(""), 0); RECENT].into_boxed_slice(),
        def: Vec::with_capacity(estimate),
        args: Vec::with_capacity(2 * estimate),
    };
    let mut outputs: Vec<(usize, u32)> = Vec::new();
    let mut has_dff = false;
    for scanned in scanned {
        for record in &scanned.records {
            let (line, net, kind) = (record.line as usize, record.net, record.kind);
            if kind == NodeKind::Probe {
                outputs.push((line, nets.number(net)));
                continue;
            }
            has_dff |= kind == NodeKind::Dff;
            let defined = nets.number(net);
            let first = nets.def[defined as usize];
            if first != UNDEFINED {
                return Err(BenchError::Redefined {
                    line,
                    net: net.name.to_owned(),
                    first: defs[first as usize].line,
                });
            }
            nets.def[defined as usize] = defs.len() as u32;
            let from = nets.args.len() as u32;
            for &arg in &scanned.args[record.args.0 as usize..record.args.1 as usize] {
                let used = nets.number(arg);
                nets.args.push(used);
            }
            defs.push(Def {
                net: net.name,
                line,
                kind,
                args: (from, nets.args.len() as u32),
            });
        }
        if let Some(error) = scanned.error {
            return Err(error);
        }
    }
    build(&defs, &nets, &outputs, has_dff)
}

pub(super) fn build(
    defs: &[Def<'_>],
    nets: &Nets<'_>,
    outputs: &[(usize, u32)],
    has_dff: bool,
) -> Result<Circuit, BenchError> {
    // Undefined nets, in the order the documentation promises.
    let net_name = |number: u32| {
        nets.index
            .iter()
            .find(|&(_, &n)| n == number)
            .map_or_else(String::new, |(name, _)| name.name.to_owned())
    };
    for def in defs {
        for &used in &nets.args[def.args.0 as usize..def.args.1 as usize] {
            if nets.def[used as usize] == UNDEFINED {
                return Err(BenchError::Undefined {
                    line: def.line,
                    net: net_name(used),
                });
            }
        }
    }
    for &(line, used) in outputs {
        if nets.def[used as usize] == UNDEFINED {
            return Err(BenchError::Undefined {
                line,
                net: net_name(used),
            });
        }
    }

    // Every label is unique by construction: net names are (a net defined twice is an
    // error above), the clock's and the probes' (`OUTPUT(…)`) contain parentheses, which no
    // net name does, and one net listed twice as an output is refused here.
    let duplicate = |line: usize, label: String| BenchError::Label {
        line,
        source: CircuitError::DuplicateLabel { label },
    };
    let mut circuit = Circuit::with_capacity(defs.len() + outputs.len() + 1);
    let mut ids: Vec<NodeId> = Vec::with_capacity(defs.len());
    for def in defs {
        ids.push(circuit.add_node_unique(Node::new(def.net, def.kind)));
    }
    let clock = if has_dff {
        let clock = Node::new(CLOCK_LABEL, NodeKind::Clock { half_period: 1 });
        Some(circuit.add_node_unique(clock))
    } else {
        None
    };
    let node_of = |used: u32| ids[nets.def[used as usize] as usize];
    for (def, &to) in defs.iter().zip(&ids) {
        let args = &nets.args[def.args.0 as usize..def.args.1 as usize];
        // Valid by construction: every driver is an input, a gate, a flip-flop or the clock
        // (all have outputs), `to` is a gate or a flip-flop whose input count is its argument
        // count (plus the clock pin of a flip-flop), and each pin is wired once.
        for (pin, &used) in args.iter().enumerate() {
            circuit.connect_valid(node_of(used), to, pin as u8);
        }
        if let (NodeKind::Dff, Some(clock)) = (def.kind, clock) {
            circuit.connect_valid(clock, to, 1);
        }
    }
    let mut listed = vec![false; nets.def.len()];
    for &(line, used) in outputs {
        let from = node_of(used);
        let label = format!("OUTPUT({})", circuit[from].label);
        if std::mem::replace(&mut listed[used as usize], true) {
            return Err(duplicate(line, label));
        }
        let probe = circuit.add_node_unique(Node::new(label, NodeKind::Probe));
        circuit.connect_valid(from, probe, 0);
    }
    Ok(circuit)
}
