//! Why a text is not a `.bench` netlist ([`BenchError`]) and why a circuit cannot be written as
//! one ([`BenchWriteError`]).

use crate::circuit::CircuitError;
use crate::kind::NodeKind;

/// Why a `.bench` text is not a netlist. Every variant names the 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// A line that is neither a declaration, a gate nor a comment.
    #[error(
        "line {line}: malformed line `{text}` (expected INPUT(x), OUTPUT(x) or x = OP(a, b, ...))"
    )]
    Malformed {
        /// 1-based line.
        line: usize,
        /// The line, trimmed.
        text: String,
    },
    /// A gate operator this format does not have.
    #[error(
        "line {line}: unknown gate `{op}` (expected AND NAND OR NOR XOR XNOR NOT BUFF BUF DFF)"
    )]
    UnknownOp {
        /// 1-based line.
        line: usize,
        /// The operator as written.
        op: String,
    },
    /// A net defined twice (as an input or a gate output).
    #[error("line {line}: net `{net}` is defined twice (first on line {first})")]
    Redefined {
        /// 1-based line of the second definition.
        line: usize,
        /// The net.
        net: String,
        /// 1-based line of the first definition.
        first: usize,
    },
    /// A net used (as a gate input or an `OUTPUT`) but never defined.
    #[error("line {line}: net `{net}` is used but never defined")]
    Undefined {
        /// 1-based line of the first use.
        line: usize,
        /// The net.
        net: String,
    },
    /// A gate with the wrong number of inputs for its operator.
    #[error("line {line}: {op} takes {expected}, found {found} input(s)")]
    Arity {
        /// 1-based line.
        line: usize,
        /// The operator.
        op: String,
        /// What it takes.
        expected: &'static str,
        /// How many it has.
        found: usize,
    },
    /// A net name that cannot be a node label.
    #[error("line {line}: {source}")]
    Label {
        /// 1-based line.
        line: usize,
        /// The label error.
        source: CircuitError,
    },
}

/// Why a circuit cannot be written as a `.bench` netlist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchWriteError {
    /// The format has no such node (constants, buttons, clocks other than the flip-flops' clock,
    /// table gates, flip-flops with enable or with set and reset: `.bench` has `DFF` only).
    #[error("node `{label}`: a {kind} has no .bench equivalent")]
    Unsupported {
        /// The node.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
    /// A flip-flop with a power-on value ([`Node::init`](crate::Node::init)): a `.bench` `DFF`
    /// starts unknown, so the value would be lost.
    #[error("node `{label}`: a flip-flop's power-on value (`init`) has no .bench equivalent")]
    PowerOnValue {
        /// The flip-flop.
        label: String,
    },
    /// A gate, flip-flop or terminal input without a driver.
    #[error("node `{label}`: input {input} is unconnected")]
    Unconnected {
        /// The node.
        label: String,
        /// The pin.
        input: usize,
    },
    /// A label that is not a valid net name (it has parentheses, `,`, `=`, `#` or spaces).
    #[error("node `{label}`: not a valid .bench net name")]
    Name {
        /// The node.
        label: String,
    },
}
