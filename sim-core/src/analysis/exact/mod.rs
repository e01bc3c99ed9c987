//! X-pessimism decided exactly: which nets that Kleene's logic leaves unknown are in fact
//! determined by the inputs that are known.
//!
//! Kleene's strong logic is *sound* for binary completions — a value it computes holds for
//! every way of setting the unknown inputs to −1 or +1 — but not *complete*: a net it leaves
//! unknown may take the same value under every completion. The textbook case is the AND-OR
//! multiplexer `y = (a ∧ s) ∨ (b ∧ ¬s)` with `a = b = +1` and `s` unknown: both products are
//! unknown, so Kleene says `y = 0`, yet `y = +1` whichever value `s` has.
//!
//! [`decide`] takes a combinational circuit and a partial assignment of its inputs (switches
//! not set, or set to 0, are the unknown ones; buttons not set are released, −1, as at
//! power-on), simulates it once in Kleene's logic, and for every output (or, with
//! [`Scope::AllNets`], every gate and terminal) left unknown gives a [`Verdict`]:
//!
//! * [`Verdict::Pessimistic`]: every completion gives the same known value;
//! * [`Verdict::Undetermined`]: two completions that disagree, as input assignments;
//! * [`Verdict::Unknown`]: every completion leaves the net unknown (the unknown comes from
//!   somewhere else than the inputs: a floating pin, a constant 0, a table gate's 0).
//!
//! How ([`Method`]): with at most [`Options::enumeration_limit`] unknown inputs (24 by
//! default), every completion is simulated on the bit-parallel [`BatchEngine`], 512 a pass,
//! reading the nets asked about as extra outputs ([`BatchEngine::with_outputs`]); the passes
//! stop as soon as every net has shown two values. Beyond that limit, [`Options::samples`]
//! random completions are simulated first (a net that shows two values is undetermined,
//! with those completions as witnesses), then each remaining net is decided exactly by binary
//! decision diagrams (the `biodivine-lib-bdd` crate) over the unknown inputs, the known ones
//! substituted: a net that showed only the value `v` is determined iff the diagram of "the
//! net is not `v`" is empty, otherwise one of its satisfying assignments is the second
//! witness. Each net's [`NetReport::method`] says which of the three decided it.
//!
//! Loops, flip-flops and RAMs are refused ([`ExactError`]); ROMs are enumerated, but a ROM
//! in the cone of a net the diagrams must decide is refused ([`ExactError::RomBeyondEnumeration`]).
//! A diagram that grows past [`Options::bdd_node_limit`] nodes stops the analysis with
//! [`ExactError::BddTooLarge`] rather than exhausting memory.
//!
//! The multiplexer of the example above:
//!
//! ```
//! use sim_core::analysis::exact::{self, Options, Verdict};
//! use sim_core::{bench, Trit};
//!
//! let c = bench::from_str(
//!     "INPUT(a)\nINPUT(b)\nINPUT(s)\nOUTPUT(y)\n\
//!      ns = NOT(s)\np = AND(a, s)\nq = AND(b, ns)\ny = OR(p, q)\n",
//! )?;
//! let set = exact::by_labels(&c, &[("a", Trit::True), ("b", Trit::True)])?;
//! let report = exact::decide(&c, &set, &Options::default())?;
//! assert_eq!(report.unknown_inputs, [c.find("s").expect("an input")]);
//! assert_eq!(report.nets.len(), 1); // the one output, unknown under Kleene
//! assert_eq!(report.nets[0].verdict, Verdict::Pessimistic { value: Trit::True });
//! assert_eq!(report.examined, 2); // s = −1 and s = +1
//!
//! // With b = −1 the output follows s: two completions that disagree.
//! let set = exact::by_labels(&c, &[("a", Trit::True), ("b", Trit::False)])?;
//! let report = exact::decide(&c, &set, &Options::default())?;
//! let Verdict::Undetermined { first, second } = &report.nets[0].verdict else {
//!     panic!("undetermined")
//! };
//! assert_ne!(first.value, second.value);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bdd;
mod enumerate;
mod report;

pub use report::{
    Completion, ENUMERATION_LIMIT, ExactError, Method, NetReport, Options, Report, Scope, Verdict,
};

use bdd::Diagrams;
use enumerate::{Seen, constant, enumerate, sample};

use crate::batch::{BatchEngine, BatchError, Lanes};
use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::kind::{NodeKind, Role};
use crate::trit::Trit;

/// The most unknown inputs enumeration accepts whatever [`Options::enumeration_limit`] says:
/// 2^40 completions is already days of simulation.
const MAX_ENUMERATED: u32 = 40;

/// Resolves `(label, value)` pairs to node ids, for [`decide`]. Only node labels: a caller
/// with buses resolves them itself ([`crate::signal::signal`]).
///
/// # Errors
/// [`ExactError::UnknownSignal`] for a label that is not a node's.
pub fn by_labels(
    circuit: &Circuit,
    assignment: &[(&str, Trit)],
) -> Result<Vec<(NodeId, Trit)>, ExactError> {
    assignment
        .iter()
        .map(|&(label, value)| {
            circuit
                .find(label)
                .map(|id| (id, value))
                .ok_or_else(|| ExactError::UnknownSignal {
                    label: label.to_owned(),
                })
        })
        .collect()
}

/// Decides, for every net in `options.scope` that Kleene's logic leaves unknown under
/// `assignment`, whether all binary completions of the unknown inputs agree (see the
/// [module docs](self)). A later assignment to the same input wins.
///
/// # Errors
/// An assignment to a node not in the circuit, to a non-input or of a value the input
/// refuses; a loop, a flip-flop or a RAM; past the enumeration limit, a ROM in a cone to
/// decide, a diagram past its node limit or more than 65,535 unknown inputs.
pub fn decide(
    circuit: &Circuit,
    assignment: &[(NodeId, Trit)],
    options: &Options,
) -> Result<Report, ExactError> {
    refuse_sequential(circuit)?;
    let values = input_values(circuit, assignment)?;
    let inputs: Vec<NodeId> = circuit.inputs().collect();
    let unknown: Vec<usize> = (0..inputs.len())
        .filter(|&k| values[k] == Trit::Unknown)
        .collect();
    let scope: Vec<NodeId> = match options.scope {
        Scope::Outputs => circuit.terminals().collect(),
        Scope::AllNets => circuit
            .nodes()
            .filter(|(_, n)| n.kind.role() != Role::Source)
            .map(|(id, _)| id)
            .collect(),
    };
    let mut engine = BatchEngine::with_outputs(circuit, &scope).map_err(|e| match e {
        BatchError::Loop { nodes } => ExactError::Loop {
            labels: nodes.iter().map(|&id| circuit[id].label.clone()).collect(),
        },
        BatchError::NotInCircuit { node } => ExactError::NotInCircuit { node },
        // Ruled out by `refuse_sequential`.
        BatchError::Sequential { label } => ExactError::FlipFlop { label },
        BatchError::Memory { label } => ExactError::Ram { label },
    })?;

    // One Kleene pass: the known inputs in every lane, the unknown ones unknown.
    let mut planes: Vec<(Lanes, Lanes)> = values.iter().map(|&v| constant(v)).collect();
    let kleene = engine.run_lanes(&planes);
    let candidates: Vec<usize> = (0..scope.len())
        .filter(|&j| kleene[j].0[0] & 1 == 0)
        .collect();
    let enumerated = unknown.len() <= options.enumeration_limit.min(MAX_ENUMERATED) as usize;
    let mut report = Report {
        unknown_inputs: unknown.iter().map(|&k| inputs[k]).collect(),
        nets: Vec::new(),
        enumerated,
        examined: 0,
    };
    if candidates.is_empty() {
        return Ok(report);
    }
    let mut seen: Vec<Seen> = vec![Seen::default(); candidates.len()];
    if enumerated {
        report.examined = enumerate(&mut engine, &mut planes, &unknown, &candidates, &mut seen);
        report.nets = candidates
            .iter()
            .zip(seen)
            .map(|(&j, s)| s.into_report(scope[j], Method::Enumeration, None))
            .collect();
        return Ok(report);
    }
    report.examined = sample(
        &mut engine,
        &mut planes,
        &unknown,
        &candidates,
        &mut seen,
        options,
    );
    let open: Vec<NodeId> = candidates
        .iter()
        .zip(&seen)
        .filter(|(_, s)| s.distinct() < 2)
        .map(|(&j, _)| scope[j])
        .collect();
    let rails = Diagrams::build(circuit, &values, &unknown, &open, options.bdd_node_limit)?;
    report.nets = candidates
        .iter()
        .zip(seen)
        .map(|(&j, s)| {
            if s.distinct() >= 2 {
                Ok(s.into_report(scope[j], Method::Sampling, None))
            } else {
                let second = rails.second_value(circuit, scope[j], &s, options.bdd_node_limit)?;
                Ok(s.into_report(scope[j], Method::Bdd, second))
            }
        })
        .collect::<Result<_, ExactError>>()?;
    Ok(report)
}

/// Refuses flip-flops and RAMs by name.
fn refuse_sequential(circuit: &Circuit) -> Result<(), ExactError> {
    if let Some(label) = super::first_ram(circuit) {
        return Err(ExactError::Ram {
            label: label.to_owned(),
        });
    }
    if let Some(label) = super::first_flip_flop(circuit) {
        return Err(ExactError::FlipFlop {
            label: label.to_owned(),
        });
    }
    Ok(())
}

/// The value of every input ([`Circuit::inputs`] order) under `assignment`: switches not set
/// are unknown, buttons not set released (−1).
fn input_values(circuit: &Circuit, assignment: &[(NodeId, Trit)]) -> Result<Vec<Trit>, ExactError> {
    let inputs: Vec<NodeId> = circuit.inputs().collect();
    let mut values: Vec<Trit> = inputs
        .iter()
        .map(|&id| match circuit[id].kind {
            NodeKind::Button => Trit::False,
            _ => Trit::Unknown,
        })
        .collect();
    // Node index → its position among the inputs.
    let mut position = vec![None; circuit.node_bound()];
    for (k, &id) in inputs.iter().enumerate() {
        position[id.index()] = Some(k);
    }
    for &(id, value) in assignment {
        let node = circuit
            .node(id)
            .ok_or(ExactError::NotInCircuit { node: id })?;
        let Some(k) = position.get(id.index()).copied().flatten() else {
            return Err(ExactError::NotAnInput {
                label: node.label.clone(),
                kind: node.kind,
            });
        };
        if !node.kind.accepts(value) {
            return Err(ExactError::Value {
                label: node.label.clone(),
                kind: node.kind,
                value,
            });
        }
        values[k] = value;
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench;

    const MUX: &str = "INPUT(a)\nINPUT(b)\nINPUT(s)\nOUTPUT(y)\n\
                       ns = NOT(s)\np = AND(a, s)\nq = AND(b, ns)\ny = OR(p, q)\n";

    fn mux() -> Circuit {
        bench::from_str(MUX).expect("valid")
    }

    fn forced_bdd(samples: usize) -> Options {
        Options {
            enumeration_limit: 0,
            samples,
            ..Options::default()
        }
    }

    #[test]
    fn the_multiplexer_with_both_data_true_is_true_by_every_method() {
        let c = mux();
        let set = by_labels(&c, &[("a", Trit::True), ("b", Trit::True)]).expect("labels");
        for options in [Options::default(), forced_bdd(1), forced_bdd(600)] {
            let report = decide(&c, &set, &options).expect("combinational");
            assert_eq!(report.nets.len(), 1);
            assert_eq!(
                report.nets[0].verdict,
                Verdict::Pessimistic { value: Trit::True }
            );
        }
        let all = Options {
            scope: Scope::AllNets,
            ..Options::default()
        };
        let report = decide(&c, &set, &all).expect("combinational");
        // ns, p, q, y and its probe are unknown under Kleene; only y (and the probe) are
        // determined.
        let pessimistic: Vec<&str> = report
            .nets
            .iter()
            .filter(|n| matches!(n.verdict, Verdict::Pessimistic { .. }))
            .map(|n| c[n.node].label.as_str())
            .collect();
        assert_eq!(report.nets.len(), 5);
        assert_eq!(pessimistic, ["y", "OUTPUT(y)"]);
    }

    #[test]
    fn undetermined_nets_get_two_disagreeing_completions_from_the_diagrams() {
        let c = mux();
        let set = by_labels(&c, &[("a", Trit::True)]).expect("labels");
        let report = decide(&c, &set, &forced_bdd(1)).expect("combinational");
        assert!(!report.enumerated);
        assert_eq!(report.examined, 1);
        let net = &report.nets[0];
        assert_eq!(net.method, Method::Bdd);
        let Verdict::Undetermined { first, second } = &net.verdict else {
            panic!("undetermined: {net:?}")
        };
        // The first sample sets b = s = −1: y = −1.
        assert_eq!(first.inputs, [Trit::False, Trit::False]);
        assert_eq!(first.value, Trit::False);
        assert_eq!(second.value, Trit::True);
    }

    #[test]
    fn more_than_nine_unknowns_enumerate_over_several_passes() {
        // y = AND of 12 inputs: +1 only for the last completion, in the eighth pass.
        let names: Vec<String> = (0..12).map(|i| format!("i{i}")).collect();
        let inputs: Vec<String> = names.iter().map(|n| format!("INPUT({n})\n")).collect();
        let text = format!(
            "{}OUTPUT(y)\ny = AND({})\n",
            inputs.concat(),
            names.join(", ")
        );
        let c = bench::from_str(&text).expect("valid");
        let report = decide(&c, &[], &Options::default()).expect("combinational");
        let Verdict::Undetermined { first, second } = &report.nets[0].verdict else {
            panic!("undetermined")
        };
        assert_eq!((first.value, second.value), (Trit::False, Trit::True));
        assert_eq!(second.inputs, vec![Trit::True; 12]);
        assert_eq!(report.examined, 1 << 12);
    }

    #[test]
    fn an_unknown_that_no_input_explains_stays_unknown() {
        let c = bench::from_str("INPUT(a)\nOUTPUT(y)\nOUTPUT(z)\ny = AND(a, a)\nz = BUF(a)\n")
            .expect("valid");
        let z = c.find("OUTPUT(z)").expect("z's probe");
        let floating = |c: &mut Circuit| {
            let lamp = c
                .add_node(crate::Node::new("L", NodeKind::Lamp))
                .expect("new");
            let g = c
                .add_node(crate::Node::new("G", NodeKind::And(2)))
                .expect("new");
            c.connect(g, lamp, 0).expect("wire");
        };
        let mut c = c;
        floating(&mut c);
        for options in [Options::default(), forced_bdd(1)] {
            let report = decide(&c, &[], &options).expect("combinational");
            let l = report
                .nets
                .iter()
                .find(|n| c[n.node].label == "L")
                .expect("L is unknown");
            assert_eq!(l.verdict, Verdict::Unknown, "{options:?}");
            assert!(report.nets.iter().any(|n| n.node == z));
        }
    }

    #[test]
    fn bad_assignments_and_circuits_are_refused_by_name() {
        let c = mux();
        assert_eq!(
            by_labels(&c, &[("nope", Trit::True)]),
            Err(ExactError::UnknownSignal {
                label: "nope".into()
            })
        );
        let y = c.find("y").expect("y");
        assert!(matches!(
            decide(&c, &[(y, Trit::True)], &Options::default()),
            Err(ExactError::NotAnInput { label, .. }) if label == "y"
        ));
        let c =
            bench::from_str("INPUT(a)\nOUTPUT(y)\nx = NAND(a, y)\ny = NOT(x)\n").expect("valid");
        assert!(matches!(
            decide(&c, &[], &Options::default()),
            Err(ExactError::Loop { labels }) if labels == ["x", "y"]
        ));
        let mut c = mux();
        let button = c
            .add_node(crate::Node::new("BTN", NodeKind::Button))
            .expect("new");
        assert!(matches!(
            decide(&c, &[(button, Trit::Unknown)], &Options::default()),
            Err(ExactError::Value { label, .. }) if label == "BTN"
        ));
        // A released button is known: it adds no unknown input.
        let report = decide(&c, &[], &Options::default()).expect("combinational");
        assert_eq!(report.unknown_inputs.len(), 3);
        let c = bench::from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(a)\n").expect("valid");
        assert!(matches!(
            decide(&c, &[], &Options::default()),
            Err(ExactError::FlipFlop { label }) if label == "q"
        ));
    }

    #[test]
    fn table_gates_read_the_same_through_the_diagrams() {
        let class = |r: &Report| -> Vec<Option<Trit>> {
            r.nets
                .iter()
                .map(|n| match n.verdict {
                    Verdict::Pessimistic { value } => Some(value),
                    Verdict::Unknown => Some(Trit::Unknown),
                    Verdict::Undetermined { .. } => None,
                })
                .collect()
        };
        for seed in 0..40usize {
            let outputs: Vec<Trit> = (0..9)
                .map(|row| Trit::ALL[(seed * 7 + row * (seed % 5 + 1)) % 3])
                .collect();
            let table = crate::TruthTable::new(2, &outputs).expect("nine rows");
            let mut c = bench::from_str("INPUT(a)\nINPUT(b)\nOUTPUT(a)\n").expect("valid");
            let [a, b] = ["a", "b"].map(|l| c.find(l).expect("an input"));
            let t = c
                .add_node(crate::Node::new("T", NodeKind::Table(table)))
                .expect("new");
            let lamp = c
                .add_node(crate::Node::new("L", NodeKind::Lamp))
                .expect("new");
            c.connect(a, t, 0).expect("wire");
            c.connect(b, t, 1).expect("wire");
            c.connect(t, lamp, 0).expect("wire");
            for set in [vec![], vec![(a, Trit::True)], vec![(b, Trit::False)]] {
                let enumerated = decide(&c, &set, &Options::default()).expect("combinational");
                let decided = decide(&c, &set, &forced_bdd(1)).expect("combinational");
                assert_eq!(class(&enumerated), class(&decided), "table {outputs:?}");
            }
        }
    }
}
