//! Why a description or an edit is not a valid circuit ([`CircuitError`]), and what a valid
//! one may still lack ([`Warning`]).

use crate::desc::WireRef;
use crate::kind::NodeKind;

/// Why a description or an edit is not a valid circuit. Every variant names the offending node
/// or wire.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CircuitError {
    /// Two nodes share a label.
    #[error("duplicate label `{label}`: every node needs its own label")]
    DuplicateLabel {
        /// The label used twice.
        label: String,
    },
    /// A label is empty or has a character that would make it ambiguous on the command line.
    #[error("invalid label `{label}`: {reason}")]
    InvalidLabel {
        /// The rejected label.
        label: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// An n-input gate with an input count outside [`GATE_INPUTS`](crate::kind::GATE_INPUTS).
    #[error("node `{label}`: a {kind} gate must have 2..=64 inputs")]
    BadInputCount {
        /// The node.
        label: String,
        /// Its kind, with the rejected count.
        kind: NodeKind,
    },
    /// A power-on value (`init`) on a node that is not a flip-flop.
    #[error("node `{label}`: only a flip-flop has a power-on value (`init`), not a {kind}")]
    InitOnNonFlipFlop {
        /// The node.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
    /// A clock with `half_period: 0`.
    #[error("node `{label}`: a clock's half_period must be at least 1 tick")]
    BadClock {
        /// The node.
        label: String,
    },
    /// A bus node (width above 1) or a splitter reached the circuit unexpanded: a circuit
    /// holds single-trit nets; files are expanded by [`crate::bus`] on loading.
    #[error("node `{label}`: a {what} belongs in a file; a circuit holds single-trit nets")]
    NotExpanded {
        /// The node.
        label: String,
        /// What it is (`bus of width 8`, `splitter`).
        what: String,
    },
    /// A wire names a node that does not exist.
    #[error("{wire}: unknown label `{label}`")]
    UnknownLabel {
        /// The wire.
        wire: WireRef,
        /// The label that names no node.
        label: String,
    },
    /// A wire into a source, which has no inputs.
    #[error("{wire}: `{}` is a source ({kind}) and has no inputs", wire.to)]
    WireIntoSource {
        /// The wire.
        wire: WireRef,
        /// The source's kind.
        kind: NodeKind,
    },
    /// A wire out of a terminal, which has no output.
    #[error("{wire}: `{}` is a terminal ({kind}) and has no output", wire.from)]
    WireFromTerminal {
        /// The wire.
        wire: WireRef,
        /// The terminal's kind.
        kind: NodeKind,
    },
    /// A wire into an input pin the node does not have.
    #[error("{wire}: input index {} out of range: `{}` ({kind}) has inputs 0..={}",
        wire.input, wire.to, kind.input_count().saturating_sub(1))]
    InputOutOfRange {
        /// The wire.
        wire: WireRef,
        /// The driven node's kind.
        kind: NodeKind,
    },
    /// A second wire into an input that already has a driver.
    #[error("{wire}: input {}.{} is already driven by `{existing}` (two wires into one input)",
        wire.to, wire.input)]
    DoubleDriver {
        /// The rejected wire.
        wire: WireRef,
        /// Label of the node already driving that input.
        existing: String,
    },
}

/// Something suspicious that still simulates.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Warning {
    /// A gate or terminal input without a driver; it reads 0 (unknown).
    #[error("`{label}` input {input} is unconnected and reads 0 (unknown)")]
    UnconnectedInput {
        /// The node.
        label: String,
        /// The pin.
        input: u8,
    },
}
