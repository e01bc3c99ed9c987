//! Writing a circuit as a `.bench` netlist ([`to_string`]).

use super::error::BenchWriteError;
use super::ops::CLOCK_LABEL;
use super::scan::name;
use crate::circuit::Circuit;
use crate::kind::{GateOp, NodeKind};

/// Writes `circuit` as a `.bench` netlist: an `OUTPUT` per terminal (naming the net that drives
/// it), then an `INPUT` per switch and a line per gate and flip-flop, in node order. A circuit
/// read by [`from_str`](super::from_str) and written back reads back identical (same nodes in the same order).
///
/// # Errors
/// [`BenchWriteError`] for a node the format cannot express.
pub fn to_string(circuit: &Circuit) -> Result<String, BenchWriteError> {
    use std::fmt::Write as _;

    let net = |id| {
        let label = &circuit[id].label;
        if name(label).is_some_and(|n| !n.contains('#')) {
            Ok(label.as_str())
        } else {
            Err(BenchWriteError::Name {
                label: label.clone(),
            })
        }
    };
    let drivers = |id| {
        circuit
            .drivers(id)
            .into_iter()
            .enumerate()
            .map(|(input, d)| {
                d.ok_or_else(|| BenchWriteError::Unconnected {
                    label: circuit[id].label.clone(),
                    input,
                })
            })
            .collect::<Result<Vec<_>, _>>()
    };
    // Outputs first; then inputs and gates interleaved in node order, so that reading the text
    // back gives the nodes in the same order.
    let (mut outputs, mut body) = (String::new(), String::new());
    for (id, node) in circuit.nodes() {
        let unsupported = || BenchWriteError::Unsupported {
            label: node.label.clone(),
            kind: node.kind,
        };
        match node.kind {
            NodeKind::Switch | NodeKind::Keypad => {
                let _ = writeln!(body, "INPUT({})", net(id)?);
            }
            kind if kind.role() == crate::Role::Terminal => {
                let _ = writeln!(outputs, "OUTPUT({})", net(drivers(id)?[0])?);
            }
            // A `DFF` read back starts unknown: a power-on value is refused, not dropped.
            NodeKind::Dff if node.init.is_some() => {
                return Err(BenchWriteError::PowerOnValue {
                    label: node.label.clone(),
                });
            }
            NodeKind::Dff => {
                let _ = writeln!(body, "{} = DFF({})", net(id)?, net(drivers(id)?[0])?);
            }
            // `.bench` has DFF only; like a table gate, a flip-flop with enable (or with set
            // and reset, which no gates around a DFF make asynchronous) is refused by name
            // rather than rewritten into gates the reader never drew.
            NodeKind::Dffe | NodeKind::Dffsr => return Err(unsupported()),
            NodeKind::Clock { .. } if node.label == CLOCK_LABEL => {}
            kind => {
                let op = kind.op().ok_or_else(unsupported)?;
                let ins = drivers(id)?
                    .into_iter()
                    .map(net)
                    .collect::<Result<Vec<_>, _>>()?;
                let op = if op == GateOp::Buf { "BUFF" } else { op.name() };
                let _ = writeln!(body, "{} = {op}({})", net(id)?, ins.join(", "));
            }
        }
    }
    Ok(format!("# written by tritium\n{outputs}{body}"))
}
