//! What [`decide`](super::decide) takes and gives: its [`Options`], the [`Report`] with a
//! [`Verdict`] per net and the [`Method`] that decided it, and [`ExactError`].

use std::fmt;

use crate::batch::LANES;
use crate::desc::NodeId;
use crate::kind::NodeKind;
use crate::trit::Trit;

/// The most unknown inputs [`decide`](super::decide) enumerates by default: 2^24 completions (32,768 passes
/// of the batch engine). Past it, sampling and binary decision diagrams decide.
pub const ENUMERATION_LIMIT: u32 = 24;

/// Which nets [`decide`](super::decide) reports on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scope {
    /// The terminals (lamps, probes, displays): what the circuit shows.
    #[default]
    Outputs,
    /// Every gate and terminal (sources are what they were set to).
    AllNets,
}

/// How [`decide`](super::decide) works; [`Options::default`] is what `tritium analyze exact` uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The nets reported on.
    pub scope: Scope,
    /// Enumerate every completion when there are at most this many unknown inputs
    /// ([`ENUMERATION_LIMIT`] by default; capped at 40); past it, sample and build diagrams.
    /// 0 forces the diagrams whenever an input is unknown.
    pub enumeration_limit: u32,
    /// Random completions simulated before the diagrams are built (at least 1: the first is
    /// every unknown input at −1). Default 2,048 (four passes).
    pub samples: usize,
    /// Seed of the sampling's generator (`ChaCha8`): the same seed, the same witnesses.
    pub seed: u64,
    /// The most nodes one decision diagram may have before [`ExactError::BddTooLarge`].
    pub bdd_node_limit: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scope: Scope::Outputs,
            enumeration_limit: ENUMERATION_LIMIT,
            samples: 4 * LANES,
            seed: 0,
            bdd_node_limit: 1 << 22,
        }
    }
}

/// How a net's verdict was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Every completion simulated (or, for an undetermined net, enough of them in counting
    /// order to see two values).
    Enumeration,
    /// Two random completions disagreed (beyond the enumeration limit).
    Sampling,
    /// Decided by a binary decision diagram over the unknown inputs.
    Bdd,
}

impl fmt::Display for Method {
    /// `enumeration`, `sampling` or `bdd`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Enumeration => "enumeration",
            Method::Sampling => "sampling",
            Method::Bdd => "bdd",
        })
    }
}

/// One binary completion of the unknown inputs and the value a net takes under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The value of each unknown input, −1 or +1, in [`Report::unknown_inputs`] order.
    pub inputs: Vec<Trit>,
    /// The net's value under this completion.
    pub value: Trit,
}

/// What the binary completions say about a net Kleene's logic leaves unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every completion gives `value` (known): Kleene's unknown is pessimism.
    Pessimistic {
        /// The value every completion gives.
        value: Trit,
    },
    /// Two completions give different values: the net is truly undetermined. Found by
    /// simulation, the two are in the order of their values (−1 first); when the diagrams
    /// found the second, `first` is the sampled one.
    Undetermined {
        /// One completion.
        first: Completion,
        /// Another, whose value differs from `first`'s.
        second: Completion,
    },
    /// Every completion leaves the net unknown: its unknown does not come from the inputs.
    Unknown,
}

/// The verdict on one net.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetReport {
    /// The net (a gate or terminal).
    pub node: NodeId,
    /// What the completions say.
    pub verdict: Verdict,
    /// How the verdict was reached.
    pub method: Method,
}

/// What [`decide`](super::decide) found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The unknown inputs, in [`Circuit::inputs`](crate::Circuit::inputs) order: the switches not set or set to 0.
    /// A [`Completion`]'s values follow this order.
    pub unknown_inputs: Vec<NodeId>,
    /// Every net in scope that Kleene's logic leaves unknown, in node order, with its verdict.
    pub nets: Vec<NetReport>,
    /// Whether every completion could be enumerated (at most
    /// [`Options::enumeration_limit`] unknown inputs), else sampling and diagrams decided.
    pub enumerated: bool,
    /// The completions simulated: with enumeration at most 2^k for k unknown inputs (fewer
    /// when every net had shown two values early), otherwise the samples.
    pub examined: u64,
}

/// Why [`decide`](super::decide) cannot analyse a circuit or an assignment.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExactError {
    /// A label names neither a node nor a bus of the circuit.
    #[error("unknown signal `{label}` (neither a node nor a bus)")]
    UnknownSignal {
        /// The label given.
        label: String,
    },
    /// A node id that is not in the circuit.
    #[error("node {node:?} is not in the circuit")]
    NotInCircuit {
        /// The id given.
        node: NodeId,
    },
    /// An assignment to a node that is not an input (a switch or a button).
    #[error("`{label}` is a {kind}, not an input: only switches and buttons can be set")]
    NotAnInput {
        /// The node's label.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
    /// A value the input cannot take (a button is −1 or +1).
    #[error("`{label}` is a {kind} and cannot be set to {value}")]
    Value {
        /// The input's label.
        label: String,
        /// Its kind.
        kind: NodeKind,
        /// The value refused.
        value: Trit,
    },
    /// A combinational loop: the analysis needs a combinational circuit.
    #[error("combinational loop through {}: the exact analysis needs an acyclic circuit", .labels.join(", "))]
    Loop {
        /// The labels of the loop's nodes, in node order.
        labels: Vec<String>,
    },
    /// A flip-flop: the analysis is combinational.
    #[error("flip-flop `{label}`: the exact analysis decides combinational circuits only")]
    FlipFlop {
        /// The first flip-flop's label.
        label: String,
    },
    /// A RAM: the analysis is combinational.
    #[error(
        "RAM `{label}`: the exact analysis decides combinational circuits only (ROMs included)"
    )]
    Ram {
        /// The RAM's label.
        label: String,
    },
    /// A ROM in the cone of a net that must be decided by diagrams (past the enumeration
    /// limit).
    #[error(
        "ROM bit `{label}`: past the enumeration limit the diagrams cannot read ROMs; set more inputs"
    )]
    RomBeyondEnumeration {
        /// The ROM data bit's label.
        label: String,
    },
    /// A decision diagram outgrew [`Options::bdd_node_limit`].
    #[error(
        "the decision diagram of `{label}` outgrew {limit} nodes; set more inputs or raise the limit"
    )]
    BddTooLarge {
        /// The net whose diagram grew too large.
        label: String,
        /// The limit.
        limit: usize,
    },
    /// More unknown inputs than decision diagrams have variables (65,535).
    #[error("{count} unknown inputs: the decision diagrams take at most 65,535")]
    TooManyUnknowns {
        /// The number of unknown inputs.
        count: usize,
    },
}
