//! Hazards of combinational circuits: static ones by Eichelberger's ternary simulation,
//! dynamic ones by counting changes in the algebra of transients.
//!
//! # Static hazards: Eichelberger's procedures A and B
//! For an input change V1 → V2 (binary vectors, one value per input in
//! [`Circuit::inputs`] order), the circuit is settled at V1 on the event engine
//! ([`Engine`]); *procedure A* sets the changing inputs to unknown (0) and settles, *procedure
//! B* sets them to their V2 values and settles (E. B. Eichelberger, "Hazard detection in
//! combinational and sequential switching circuits", IBM J. Res. Dev. 9(2), 1965). An output
//! (a terminal, in [`Circuit::terminals`] order) with the same binary value before and after
//! that is unknown after A has a **static hazard**: under some gate and wire delays it may
//! pulse to the other value and back.
//!
//! # Dynamic hazards: the algebra of transients
//! Procedures A and B cannot see dynamic hazards (an output that should change once but may
//! change three times or more: it is simply unknown after A). The criterion implemented is
//! the change-counting algebra of J. A. Brzozowski and Z. Ésik, "Hazard algebras", Formal
//! Methods in System Design 23(3), 2003: a signal's *transient* is the alternating word of
//! the values it takes (`0`, `01`, `010`, …); each input that changes has the transient of
//! one change, and a gate's output transient is the longest word its function produces over
//! every interleaving of its inputs' changes — the worst case under arbitrary gate delays.
//! An output whose value differs before and after and whose transient has **three or more
//! changes** has a (potential) **dynamic hazard**. The algebra also counts two or more
//! changes exactly where procedure A leaves an output unknown with equal values before and
//! after (both are tested to agree), so both verdicts describe the same delay model. The
//! transients are computed for the standard gates (BUF, NOT, AND, OR, NAND, NOR, XOR, XNOR);
//! a table gate or a ROM, and a net unknown before or after (a floating input, a constant 0),
//! make the outputs they feed undecided ([`OutputReport::changes`] is `None`), never a guess.
//!
//! # The cure of a static hazard
//! For a static hazard of a two-level output (a sum of products of the inputs, or a product
//! of sums) in a single-input change, [`OutputReport::consensus`] names the consensus term
//! whose addition removes it ([`Term`]; `A·B` for the multiplexer below).
//!
//! # Every single-input change
//! [`HazardAnalysis::all_single`] examines every single-input change from every binary input
//! vector (2ⁿ vectors × n changes, each pair of vectors V ↔ V′ in both directions), up to
//! 2²⁰ vectors; beyond that a seeded sample of vectors ([`SweepOptions`]). Procedure A is
//! shared by a change and its reverse and runs on the bit-parallel
//! [`BatchEngine`](crate::batch::BatchEngine) (512 transitions a pass); the transient
//! algebra runs bit-sliced alongside, with counts capped at three (exact for both verdicts).
//!
//! # Refused circuits
//! The analysis is combinational: a combinational loop is refused with its nodes named, a
//! flip-flop or a RAM by its label ([`HazardError`]). Buttons count as inputs like switches.
//!
//! # Example
//! The 2:1 multiplexer `Y = A·¬S + B·S` without its consensus term has a static-1 hazard when
//! S changes with A = B = +1:
//!
//! ```
//! use sim_core::analysis::hazard::{HazardAnalysis, HazardKind};
//! use sim_core::{format, Trit};
//!
//! let doc = format::from_str(r#"(
//!     version: 1,
//!     nodes: [
//!         (label: "A", kind: Switch), (label: "B", kind: Switch), (label: "S", kind: Switch),
//!         (label: "NS", kind: Not), (label: "AA", kind: And(2)), (label: "AB", kind: And(2)),
//!         (label: "OR", kind: Or(2)), (label: "Y", kind: Lamp),
//!     ],
//!     wires: [
//!         (from: "S", to: "NS"), (from: "A", to: "AA"), (from: "NS", to: "AA", input: 1),
//!         (from: "B", to: "AB"), (from: "S", to: "AB", input: 1),
//!         (from: "AA", to: "OR"), (from: "AB", to: "OR", input: 1), (from: "OR", to: "Y"),
//!     ],
//! )"#)?;
//! let analysis = HazardAnalysis::new(&doc.circuit)?;
//! let (t, f) = (Trit::True, Trit::False);
//! let report = analysis.transition(&[t, t, f], &[t, t, t])?;
//! let y = &report.outputs[0];
//! assert_eq!(y.hazard, Some(HazardKind::Static));
//! assert_eq!(y.changes, Some(2)); // +1, −1, +1
//! let path: Vec<&str> = y.nodes.iter().map(|&n| doc.circuit[n].label.as_str()).collect();
//! assert_eq!(path, ["NS", "AA", "AB", "OR", "Y"]);
//! let cure = y.consensus.as_ref().expect("a sum of products");
//! assert_eq!(cure.describe(&doc.circuit), "A·B");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod consensus;
mod sweep;
mod transient;

pub use consensus::{Factor, Term, TermKind};
pub use sweep::{Example, OutputSweep, SweepOptions, SweepReport};

use crate::batch::{self, BatchError};
use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::engine::Engine;
use crate::kind::NodeKind;
use crate::literal::Literal;
use crate::netlist::{Netlist, Op};
use crate::signal;
use crate::trit::Trit;

/// Which of the two vectors of a transition an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// V1, the vector before the change.
    From,
    /// V2, the vector after the change.
    To,
}

impl std::fmt::Display for Which {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Which::From => "from",
            Which::To => "to",
        })
    }
}

/// Why the hazard analysis refused a circuit or a transition. Messages are sentences for the
/// user, naming the nodes by label.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HazardError {
    /// A vector does not have one value per input.
    #[error("the {which} vector has {given} value(s), but the circuit has {expected} input(s)")]
    VectorLength {
        /// Which vector.
        which: Which,
        /// The circuit's inputs (switches and buttons).
        expected: usize,
        /// The values given.
        given: usize,
    },
    /// A vector holds an unknown value: transitions are between binary vectors.
    #[error(
        "the {which} vector gives input `{label}` (value {position}) an unknown value: hazards are analysed between binary vectors"
    )]
    NotBinary {
        /// Which vector.
        which: Which,
        /// The position of the value in the vector, from 1.
        position: usize,
        /// The input's label.
        label: String,
    },
    /// The circuit has a combinational loop.
    #[error("combinational loop through {}: the hazard analysis needs a combinational circuit", .labels.join(", "))]
    Loop {
        /// The loop's nodes (one strongly connected component), in node order.
        nodes: Vec<NodeId>,
        /// Their labels, in the same order.
        labels: Vec<String>,
    },
    /// The circuit has a flip-flop.
    #[error("flip-flop `{label}`: the hazard analysis takes combinational circuits only")]
    Sequential {
        /// The first flip-flop's label.
        label: String,
    },
    /// The circuit has a RAM.
    #[error(
        "RAM `{label}`: the hazard analysis takes combinational circuits only (ROMs included, RAMs not)"
    )]
    Memory {
        /// The first RAM's label.
        label: String,
    },
    /// A vector names a label that is neither a node nor a bus of the circuit.
    #[error("the {which} vector names `{label}`, which is neither a node nor a bus of the circuit")]
    UnknownSignal {
        /// Which vector.
        which: Which,
        /// The label.
        label: String,
    },
    /// A vector names a node (or a bus bit) that is not an input.
    #[error("the {which} vector sets `{label}`, which is not a switch or a button")]
    NotAnInput {
        /// Which vector.
        which: Which,
        /// The node's label.
        label: String,
    },
    /// A vector's value does not fit its node or bus.
    #[error("the {which} vector sets `{label}`: {reason}")]
    BadValue {
        /// Which vector.
        which: Which,
        /// The label.
        label: String,
        /// Why the value does not fit.
        reason: String,
    },
    /// A vector leaves inputs without a value.
    #[error("the {which} vector gives no value to {}", .labels.join(", "))]
    Unset {
        /// Which vector.
        which: Which,
        /// The inputs without a value, in [`Circuit::inputs`] order.
        labels: Vec<String>,
    },
    /// A node the analysis was asked about is not in the circuit.
    #[error("node {node} is not in the circuit")]
    NotInCircuit {
        /// The node.
        node: NodeId,
    },
}

/// What kind of hazard an output has in a transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HazardKind {
    /// The output has the same binary value before and after, and is unknown after
    /// procedure A: it may pulse (two changes or more in the transient algebra).
    Static,
    /// The output changes between binary values and its transient has three changes or more.
    Dynamic,
}

impl std::fmt::Display for HazardKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            HazardKind::Static => "static",
            HazardKind::Dynamic => "dynamic",
        })
    }
}

/// One output in one transition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputReport {
    /// The terminal.
    pub output: NodeId,
    /// Its value settled at V1.
    pub before: Trit,
    /// Its value after procedure A (the changing inputs unknown).
    pub during: Trit,
    /// Its value after procedure B (settled at V2).
    pub after: Trit,
    /// The most changes its transient can make (`None`: undecided, the output depends on a
    /// net unknown before or after, or on a table gate or ROM).
    pub changes: Option<u32>,
    /// The hazard found, if any.
    pub hazard: Option<HazardKind>,
    /// The nodes the hazard passes through: the gates (and the terminal) of the output's
    /// input cone that are unknown after procedure A — every path along which the change
    /// can reach the output — in node order. Empty without a hazard.
    pub nodes: Vec<NodeId>,
    /// For a static hazard of a two-level output (a sum of products, or a product of sums,
    /// of the inputs) in a single-input change: the consensus term that removes it (see
    /// [`Term`]). `None` otherwise.
    pub consensus: Option<Term>,
}

/// What one transition V1 → V2 does to every output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransitionReport {
    /// V1, one value per input.
    pub from: Vec<Trit>,
    /// V2.
    pub to: Vec<Trit>,
    /// The inputs that change.
    pub changing: Vec<NodeId>,
    /// Each terminal, in [`Circuit::terminals`] order.
    pub outputs: Vec<OutputReport>,
}

impl TransitionReport {
    /// The outputs with a hazard.
    pub fn hazards(&self) -> impl Iterator<Item = &OutputReport> + '_ {
        self.outputs.iter().filter(|o| o.hazard.is_some())
    }
}

/// A combinational circuit checked and compiled for hazard analysis. See the
/// [module docs](self).
#[derive(Clone, Debug)]
pub struct HazardAnalysis {
    /// The circuit, its buttons made switches (so that procedure A may set them unknown).
    circuit: Circuit,
    net: Netlist,
    /// Dense indices in topological order.
    order: Vec<u32>,
    inputs: Vec<NodeId>,
    outputs: Vec<NodeId>,
}

impl HazardAnalysis {
    /// Checks and compiles `circuit`. Time and memory are linear in nodes + wires.
    ///
    /// # Errors
    /// [`HazardError::Sequential`] or [`HazardError::Memory`] naming a flip-flop or a RAM,
    /// [`HazardError::Loop`] naming the nodes of a combinational loop.
    pub fn new(circuit: &Circuit) -> Result<HazardAnalysis, HazardError> {
        if let Some(label) = super::first_flip_flop(circuit) {
            return Err(HazardError::Sequential {
                label: label.to_owned(),
            });
        }
        if let Some(label) = super::first_ram(circuit) {
            return Err(HazardError::Memory {
                label: label.to_owned(),
            });
        }
        let mut circuit = circuit.clone();
        let buttons: Vec<NodeId> = circuit
            .nodes()
            .filter(|(_, n)| n.kind == NodeKind::Button)
            .map(|(id, _)| id)
            .collect();
        for id in buttons {
            // A source for a source: no wire is dropped, the inputs keep their order.
            let _ = circuit.set_kind(id, NodeKind::Switch);
        }
        let net = Netlist::compile(&circuit);
        let inputs = circuit.inputs().collect();
        let outputs = circuit.terminals().collect();
        let mut analysis = HazardAnalysis {
            circuit,
            net,
            order: Vec::new(),
            inputs,
            outputs,
        };
        analysis.order = batch::topological(&analysis.net).map_err(|e| analysis.refusal(e))?;
        Ok(analysis)
    }

    /// The batch engine's refusal of this circuit as a [`HazardError`], naming the nodes.
    fn refusal(&self, error: BatchError) -> HazardError {
        match error {
            BatchError::Loop { nodes } => HazardError::Loop {
                labels: nodes
                    .iter()
                    .map(|&id| self.circuit[id].label.clone())
                    .collect(),
                nodes,
            },
            BatchError::Sequential { label } => HazardError::Sequential { label },
            BatchError::Memory { label } => HazardError::Memory { label },
            BatchError::NotInCircuit { node } => HazardError::NotInCircuit { node },
        }
    }

    /// The inputs, in [`Circuit::inputs`] order: what each vector gives a value to.
    pub fn inputs(&self) -> &[NodeId] {
        &self.inputs
    }

    /// The outputs, in [`Circuit::terminals`] order.
    pub fn outputs(&self) -> &[NodeId] {
        &self.outputs
    }

    /// A vector from assignments (`A=-1, B=+1`, parsed by
    /// [`parse_assignments`](crate::literal::parse_assignments)): each label a switch or
    /// button, or a bus of them (a number of its width); every input must get a value (a
    /// later assignment wins). The result has one value per input, in [`Self::inputs`] order.
    ///
    /// # Errors
    /// [`HazardError::UnknownSignal`], [`HazardError::NotAnInput`] or
    /// [`HazardError::BadValue`] naming the label, [`HazardError::Unset`] naming the inputs
    /// left without a value.
    pub fn vector(
        &self,
        which: Which,
        assignments: &[(String, Literal)],
    ) -> Result<Vec<Trit>, HazardError> {
        let mut values = vec![None; self.inputs.len()];
        for (label, literal) in assignments {
            let bits =
                signal::signal(&self.circuit, label).ok_or_else(|| HazardError::UnknownSignal {
                    which,
                    label: label.clone(),
                })?;
            let given = literal
                .resolve(bits.len())
                .map_err(|e| HazardError::BadValue {
                    which,
                    label: label.clone(),
                    reason: e.to_string(),
                })?;
            for (bit, value) in bits.into_iter().zip(given) {
                let k = self.inputs.iter().position(|&i| i == bit).ok_or_else(|| {
                    HazardError::NotAnInput {
                        which,
                        label: self.circuit[bit].label.clone(),
                    }
                })?;
                values[k] = Some(value);
            }
        }
        let unset: Vec<String> = self
            .inputs
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|(&id, _)| self.circuit[id].label.clone())
            .collect();
        if !unset.is_empty() {
            return Err(HazardError::Unset {
                which,
                labels: unset,
            });
        }
        Ok(values.into_iter().flatten().collect())
    }

    /// `values` (one per input) in the notation [`Self::vector`] reads: `A=+1, B=-1`.
    pub fn assignments_text(&self, values: &[Trit]) -> String {
        self.inputs
            .iter()
            .zip(values)
            .map(|(&id, v)| format!("{}={v}", self.circuit[id].label))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Analyses the transition `from` → `to` (one binary value per input): procedures A and B
    /// on the event engine, the transients of every node, and per output its values, changes,
    /// hazard and the nodes the hazard passes through.
    ///
    /// # Errors
    /// [`HazardError::VectorLength`] (naming the expected and given counts) or
    /// [`HazardError::NotBinary`] (naming the input).
    pub fn transition(&self, from: &[Trit], to: &[Trit]) -> Result<TransitionReport, HazardError> {
        self.check(Which::From, from)?;
        self.check(Which::To, to)?;
        let mut engine = Engine::from_circuit(&self.circuit);
        let set = |engine: &mut Engine, values: &mut dyn Iterator<Item = (NodeId, Trit)>| {
            // Switches accept any value: the vectors were checked.
            let _ = engine.set(values);
            engine.settle();
        };
        let values = |engine: &Engine| -> Vec<Trit> {
            let mut v: Vec<Trit> = self.net.ids.iter().map(|&id| engine.value(id)).collect();
            v.push(Trit::Unknown);
            v
        };
        set(
            &mut engine,
            &mut self.inputs.iter().copied().zip(from.iter().copied()),
        );
        let before = values(&engine);
        let changing: Vec<usize> = (0..self.inputs.len())
            .filter(|&k| from[k] != to[k])
            .collect();
        set(
            &mut engine,
            &mut changing.iter().map(|&k| (self.inputs[k], Trit::Unknown)),
        );
        let during = values(&engine);
        set(
            &mut engine,
            &mut changing.iter().map(|&k| (self.inputs[k], to[k])),
        );
        let after = values(&engine);
        let transients = transient::transients(&self.net, &self.order, &before, &after);

        let outputs = self
            .outputs
            .iter()
            .map(|&output| {
                let i = self.dense(output);
                let (b, d, a) = (before[i], during[i], after[i]);
                let changes = transients[i].map(|t| t.changes);
                let hazard = classify(b, d, a, changes);
                let nodes = if hazard.is_some() {
                    self.cone(i, |j| during[j] == Trit::Unknown)
                } else {
                    Vec::new()
                };
                let consensus = (hazard == Some(HazardKind::Static))
                    .then(|| consensus::consensus(&self.circuit, output, &self.inputs, from, to))
                    .flatten();
                OutputReport {
                    output,
                    before: b,
                    during: d,
                    after: a,
                    changes,
                    hazard,
                    nodes,
                    consensus,
                }
            })
            .collect();
        Ok(TransitionReport {
            from: from.to_vec(),
            to: to.to_vec(),
            changing: changing.iter().map(|&k| self.inputs[k]).collect(),
            outputs,
        })
    }

    /// Checks that `vector` has one binary value per input.
    fn check(&self, which: Which, vector: &[Trit]) -> Result<(), HazardError> {
        if vector.len() != self.inputs.len() {
            return Err(HazardError::VectorLength {
                which,
                expected: self.inputs.len(),
                given: vector.len(),
            });
        }
        match vector.iter().position(|v| !v.is_known()) {
            Some(k) => Err(HazardError::NotBinary {
                which,
                position: k + 1,
                label: self.circuit[self.inputs[k]].label.clone(),
            }),
            None => Ok(()),
        }
    }

    /// The dense index of a node of the circuit.
    fn dense(&self, id: NodeId) -> usize {
        self.net.index_of(id).map_or(self.net.len(), |i| i as usize)
    }

    /// The non-source nodes of the input cone of dense node `root` (itself included) for
    /// which `keep` holds, walking back only through such nodes, in node order.
    fn cone(&self, root: usize, keep: impl Fn(usize) -> bool) -> Vec<NodeId> {
        let n = self.net.len();
        let mut seen = vec![false; n + 1];
        let mut stack = vec![root];
        let mut found = Vec::new();
        while let Some(i) = stack.pop() {
            if i >= n || seen[i] || !keep(i) || self.net.ops[i] == Op::Source {
                continue;
            }
            seen[i] = true;
            found.push(self.net.ids[i]);
            stack.extend(
                self.net.in_src[self.net.input_range(i as u32)]
                    .iter()
                    .map(|&s| s as usize),
            );
        }
        found.sort_unstable();
        found
    }
}

/// The hazard of an output valued `before`, `during` (after procedure A) and `after`, whose
/// transient makes `changes` changes.
fn classify(before: Trit, during: Trit, after: Trit, changes: Option<u32>) -> Option<HazardKind> {
    if !before.is_known() || !after.is_known() {
        return None;
    }
    if before == after {
        (during == Trit::Unknown).then_some(HazardKind::Static)
    } else {
        changes
            .is_some_and(|c| c >= 3)
            .then_some(HazardKind::Dynamic)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench;

    #[test]
    fn loops_flip_flops_and_bad_vectors_are_refused_by_name() {
        let c = bench::from_str("INPUT(a)\nOUTPUT(y)\nx = NAND(a, y)\ny = NOT(x)\nz = BUF(y)\n")
            .expect("valid");
        let err = HazardAnalysis::new(&c).expect_err("a loop");
        assert_eq!(
            err.to_string(),
            "combinational loop through x, y: the hazard analysis needs a combinational circuit"
        );
        let c = bench::from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(a)\n").expect("valid");
        assert_eq!(
            HazardAnalysis::new(&c).expect_err("a flip-flop"),
            HazardError::Sequential {
                label: "q".to_owned()
            }
        );
        let c = bench::from_str("INPUT(a)\nINPUT(b)\nOUTPUT(y)\ny = AND(a, b)\n").expect("valid");
        let analysis = HazardAnalysis::new(&c).expect("combinational");
        let (t, f, x) = (Trit::True, Trit::False, Trit::Unknown);
        assert_eq!(
            analysis
                .transition(&[t], &[t, f])
                .expect_err("short")
                .to_string(),
            "the from vector has 1 value(s), but the circuit has 2 input(s)"
        );
        assert_eq!(
            analysis.transition(&[t, f], &[t, x]).expect_err("unknown"),
            HazardError::NotBinary {
                which: Which::To,
                position: 2,
                label: "b".to_owned()
            }
        );
    }

    #[test]
    fn a_three_way_xor_of_one_input_is_a_dynamic_hazard() {
        // y = XOR(a, ¬¬a, ¬¬¬¬a) ... three paths of different lengths from a.
        let c = bench::from_str(
            "INPUT(a)\nOUTPUT(y)\nn1 = NOT(a)\nn2 = NOT(n1)\nm1 = BUF(a)\ny = XOR(a, n2, m1)\n",
        )
        .expect("valid");
        let analysis = HazardAnalysis::new(&c).expect("combinational");
        let (t, f) = (Trit::True, Trit::False);
        let report = analysis.transition(&[f], &[t]).expect("fits");
        let y = &report.outputs[0];
        assert_eq!((y.before, y.during, y.after), (f, Trit::Unknown, t));
        assert_eq!(y.changes, Some(3));
        assert_eq!(y.hazard, Some(HazardKind::Dynamic));
    }

    #[test]
    fn vectors_are_read_as_assignments_by_label_and_bus() {
        let c = crate::format::from_str(
            r#"(version: 3,
            nodes: [(label: "S", kind: Switch), (label: "D", kind: Switch, width: 2),
                    (label: "Y", kind: Lamp), (label: "E", kind: Lamp, width: 2)],
            wires: [(from: "S", to: "Y"), (from: "D", to: "E")])"#,
        )
        .expect("valid")
        .circuit;
        let analysis = HazardAnalysis::new(&c).expect("combinational");
        let read = |text: &str| {
            let assignments = crate::literal::parse_assignments(text).expect("syntax");
            analysis.vector(Which::From, &assignments)
        };
        let (t, f) = (Trit::True, Trit::False);
        // A bus takes a number, bit 0 first; its bits may be set one by one.
        assert_eq!(read("D=0b01, S=F"), Ok(vec![f, t, f]));
        assert_eq!(read("S=+1, D[1]=+1, D[0]=-1"), Ok(vec![t, f, t]));
        assert_eq!(
            analysis.assignments_text(&[f, t, f]),
            "S=-1, D[0]=+1, D[1]=-1"
        );
        for (text, message) in [
            ("S=-1, D[1]=1", "the from vector gives no value to D[0]"),
            (
                "S=-1, D=0b01, Z=1",
                "`Z`, which is neither a node nor a bus",
            ),
            (
                "S=-1, D=0b01, Y=1",
                "sets `Y`, which is not a switch or a button",
            ),
            ("S=-1, D=9", "the from vector sets `D`:"),
        ] {
            let err = read(text).expect_err(text).to_string();
            assert!(err.contains(message), "{text}: {err}");
        }
    }
}
