//! The format's vocabulary: its operators and the node kinds they become, and the label of the
//! clock node a sequential netlist gets.

use super::error::BenchError;
use crate::kind::{GATE_INPUTS, GateOp, NodeKind};

/// The label of the clock node added for the flip-flops of a sequential netlist.
pub const CLOCK_LABEL: &str = "CLOCK()";

/// The operators, upper case.
const OPS: [&str; 10] = [
    "NOT", "BUFF", "BUF", "DFF", "AND", "NAND", "OR", "NOR", "XOR", "XNOR",
];

/// The node kind of `op` (any case) with `n` inputs.
// Called for every gate line by `scan.rs`: inlined there (without it, the move out of
// `parse.rs` cost 0.1 % more instructions per parse; with it, 0.2 % fewer than before).
#[inline]
pub(super) fn gate_kind(line: usize, op: &str, n: usize) -> Result<NodeKind, BenchError> {
    // Compared without changing case: no allocation per line.
    let Some(&upper) = OPS.iter().find(|known| known.eq_ignore_ascii_case(op)) else {
        return Err(BenchError::UnknownOp {
            line,
            op: op.to_owned(),
        });
    };
    let arity = |expected: &'static str| BenchError::Arity {
        line,
        op: upper.to_owned(),
        expected,
        found: n,
    };
    let single = |expected| if n == 1 { Ok(()) } else { Err(arity(expected)) };
    let gate = match upper {
        "NOT" => return single("1 input").map(|()| NodeKind::Not),
        "BUFF" | "BUF" => return single("1 input").map(|()| NodeKind::Buf),
        "DFF" => return single("1 input (D)").map(|()| NodeKind::Dff),
        "AND" => GateOp::And,
        "NAND" => GateOp::Nand,
        "OR" => GateOp::Or,
        "NOR" => GateOp::Nor,
        "XOR" => GateOp::Xor,
        _ => GateOp::Xnor,
    };
    match u8::try_from(n) {
        Ok(1) => Ok(match gate {
            GateOp::Nand | GateOp::Nor | GateOp::Xnor => NodeKind::Not,
            _ => NodeKind::Buf,
        }),
        Ok(k) if GATE_INPUTS.contains(&k) => Ok(NodeKind::gate(gate, k)),
        _ => Err(arity("1 to 64 inputs")),
    }
}
