//! Property tests on random combinational circuits with random ternary inputs:
//! (a) the event-driven engine agrees with a levelized (topological) evaluation;
//! (b) monotonicity: making an unknown input known never changes an output that was known;
//! (c) soundness: a known output has that value under every binary completion of the unknowns;
//! and the bit-parallel batch engine agrees with the event-driven one. On random register
//! files: a flip-flop with enable computes what a flip-flop behind a Kleene multiplexer does.

mod common;

use common::{Form, circuit_and_inputs, registers, trit};
use petgraph::algo::toposort;
use proptest::prelude::*;
use sim_core::batch::BatchEngine;
use sim_core::{Circuit, Engine, Event, Netlist, NodeId, NodeKind, Schedule, Sweep, Trit};

/// A gate's function straight from the arithmetic identities on −1/0/+1 (independent of
/// `GateOp::eval`): AND = min, OR = max, XOR = (−1)ⁿ⁺¹·∏, and the negations.
fn reference_gate(kind: NodeKind, ins: &[i8]) -> i8 {
    let min = ins.iter().copied().min().unwrap_or(0);
    let max = ins.iter().copied().max().unwrap_or(0);
    let sign = if ins.len() % 2 == 1 { 1 } else { -1 };
    let parity = sign * ins.iter().product::<i8>();
    match kind {
        NodeKind::Buf | NodeKind::Lamp | NodeKind::Probe => ins[0],
        NodeKind::Not => -ins[0],
        NodeKind::And(_) => min,
        NodeKind::Nand(_) => -min,
        NodeKind::Or(_) => max,
        NodeKind::Nor(_) => -max,
        NodeKind::Xor(_) => parity,
        NodeKind::Xnor(_) => -parity,
        _ => unreachable!("sources are not evaluated"),
    }
}

/// Reference semantics, written independently of the engine: visit nodes in topological order
/// and apply each gate's function to its drivers' values.
fn levelized(c: &Circuit, inputs: &[(NodeId, Trit)]) -> Vec<(NodeId, Trit)> {
    let order = toposort(c.graph(), None).expect("generated circuits are acyclic");
    let mut value = vec![0i8; c.node_bound()];
    for &(id, v) in inputs {
        value[id.index()] = v.to_i8();
    }
    for id in order.into_iter().map(NodeId::from) {
        let kind = c[id].kind;
        if kind.input_count() > 0 {
            let ins: Vec<i8> = c
                .drivers(id)
                .into_iter()
                .map(|d| d.map_or(0, |d| value[d.index()]))
                .collect();
            value[id.index()] = reference_gate(kind, &ins);
        }
    }
    c.nodes()
        .map(|(id, _)| (id, Trit::from_i8(value[id.index()]).expect("a trit")))
        .collect()
}

fn simulate(c: &Circuit, inputs: &[(NodeId, Trit)]) -> Vec<(NodeId, Trit)> {
    let mut engine = Engine::from_circuit(c);
    engine.settle();
    engine
        .set(inputs.iter().copied())
        .expect("inputs are switches");
    let report = engine.settle();
    assert!(report.oscillation.is_none(), "a DAG never oscillates");
    c.nodes().map(|(id, _)| (id, engine.value(id))).collect()
}

/// The engines a register file runs on: unit delay, and the levelized schedule with each
/// [`Sweep`] (settles without records) — plus, separately, one levelized engine settled with
/// records.
fn register_engines(c: &Circuit) -> Vec<Engine> {
    let mut engines = vec![Engine::with_schedule(
        Netlist::compile(c),
        Schedule::UnitDelay,
    )];
    for sweep in [Sweep::Auto, Sweep::SelectiveTrace, Sweep::Dense] {
        let mut engine = Engine::with_schedule(Netlist::compile(c), Schedule::Levelized);
        assert_eq!(
            engine.schedule(),
            Schedule::Levelized,
            "loops only through flip-flops"
        );
        engine.set_sweep(sweep);
        engines.push(engine);
    }
    engines
}

/// `engine`'s value of each of `labels` in `c`.
fn values_of(c: &Circuit, engine: &Engine, labels: &[String]) -> Vec<Trit> {
    labels
        .iter()
        .map(|l| engine.value(c.find(l).expect("a shared label")))
        .collect()
}

fn outputs(c: &Circuit, values: &[(NodeId, Trit)]) -> Vec<Trit> {
    values
        .iter()
        .filter(|(id, _)| c[*id].kind == NodeKind::Probe)
        .map(|&(_, v)| v)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn event_driven_equals_levelized((c, inputs) in circuit_and_inputs(6, 60)) {
        prop_assert_eq!(simulate(&c, &inputs), levelized(&c, &inputs));
    }

    #[test]
    fn the_batch_engine_equals_the_event_engine(
        (c, inputs) in circuit_and_inputs(6, 60),
        more in prop::collection::vec(prop::collection::vec(trit(), 6), 0..70),
    ) {
        // Up to 71 vectors: the lanes of two 64-wide blocks.
        let mut vectors: Vec<Vec<Trit>> = vec![inputs.iter().map(|&(_, v)| v).collect()];
        vectors.extend(more.into_iter().map(|v| v[..inputs.len()].to_vec()));
        let mut batch = BatchEngine::new(&c).expect("a DAG");
        let got = batch.run(&vectors);
        let ids: Vec<NodeId> = c.inputs().collect();
        for (vector, out) in vectors.iter().zip(got) {
            let assignment: Vec<(NodeId, Trit)> = ids.iter().copied().zip(vector.iter().copied()).collect();
            prop_assert_eq!(out, outputs(&c, &simulate(&c, &assignment)));
        }
    }

    #[test]
    fn incremental_changes_equal_a_fresh_settle(
        (c, inputs) in circuit_and_inputs(6, 60),
        second in prop::collection::vec(trit(), 6),
    ) {
        // Settling a second batch on top of the first gives what a fresh engine gives.
        let mut engine = Engine::from_circuit(&c);
        engine.set(inputs.iter().copied()).expect("switches");
        engine.settle();
        let changed: Vec<(NodeId, Trit)> =
            inputs.iter().zip(&second).map(|(&(id, _), &v)| (id, v)).collect();
        engine.set(changed.iter().copied()).expect("switches");
        engine.settle();
        let incremental: Vec<_> = c.nodes().map(|(id, _)| (id, engine.value(id))).collect();
        prop_assert_eq!(incremental, levelized(&c, &changed));
    }

    #[test]
    fn refining_an_unknown_input_never_changes_a_known_output(
        (c, inputs) in circuit_and_inputs(6, 60),
        pick in any::<prop::sample::Index>(),
        to_true in any::<bool>(),
    ) {
        let unknown: Vec<usize> =
            (0..inputs.len()).filter(|&i| inputs[i].1 == Trit::Unknown).collect();
        prop_assume!(!unknown.is_empty());
        let before = outputs(&c, &simulate(&c, &inputs));
        let mut refined = inputs.clone();
        refined[unknown[pick.index(unknown.len())]].1 = Trit::from(to_true);
        let after = outputs(&c, &simulate(&c, &refined));
        for (b, a) in before.iter().zip(&after) {
            if b.is_known() {
                prop_assert_eq!(b, a);
            }
        }
    }

    /// A register file of `Dffe`s and the same one of `Dff`s each behind a table-gate
    /// multiplexer `EN ? D : Q`, driven alike: new inputs (settled), then a clock value
    /// (settled; −1, 0 and +1, so edges that may or may not rise too). After every settle
    /// every switch, flip-flop and gate has the same value in both, on unit delay and on the
    /// levelized schedule with every sweep, with and without records.
    #[test]
    fn a_dffe_register_equals_dffs_behind_kleene_multiplexers(
        r in registers(false),
        steps in prop::collection::vec((prop::collection::vec(trit(), 4), trit()), 1..16),
    ) {
        let (dffe, muxed) = (r.build(Form::Dffe), r.build(Form::Mux));
        let labels = r.labels();
        let mut engines: Vec<(&Circuit, Engine)> = register_engines(&dffe)
            .into_iter()
            .map(|e| (&dffe, e))
            .chain(register_engines(&muxed).into_iter().map(|e| (&muxed, e)))
            .collect();
        let mut recorded = Engine::with_schedule(Netlist::compile(&dffe), Schedule::Levelized);
        let mut records = Vec::<Event>::new();
        // The clock low from power-on, then each step's inputs, then its clock value.
        let mut batches: Vec<Vec<(String, Trit)>> = vec![vec![("CLK".to_owned(), Trit::False)]];
        for (vector, clock) in &steps {
            batches.push((0..r.inputs).map(|k| (format!("I{k}"), vector[k])).collect());
            batches.push(vec![("CLK".to_owned(), *clock)]);
        }
        for batch in &batches {
            let set = |c: &Circuit| -> Vec<(NodeId, Trit)> {
                batch.iter().map(|(l, v)| (c.find(l).expect("a switch"), *v)).collect()
            };
            for (c, engine) in &mut engines {
                engine.set(set(c)).expect("switches");
                engine.settle();
            }
            recorded.set(set(&dffe)).expect("switches");
            recorded.settle_with(&mut records);
            let want = values_of(&dffe, &recorded, &labels);
            for (c, engine) in &engines {
                prop_assert_eq!(&values_of(c, engine, &labels), &want, "{:?}", engine.schedule());
            }
        }
    }

    #[test]
    fn a_known_output_holds_for_every_binary_completion((c, inputs) in circuit_and_inputs(5, 30)) {
        let ternary = outputs(&c, &simulate(&c, &inputs));
        let unknown: Vec<usize> =
            (0..inputs.len()).filter(|&i| inputs[i].1 == Trit::Unknown).collect();
        for bits in 0u32..(1 << unknown.len()) {
            let mut completion = inputs.clone();
            for (k, &i) in unknown.iter().enumerate() {
                completion[i].1 = Trit::from(bits >> k & 1 == 1);
            }
            let binary = outputs(&c, &levelized(&c, &completion));
            for (t, b) in ternary.iter().zip(&binary) {
                prop_assert!(b.is_known(), "binary inputs give binary outputs");
                if t.is_known() {
                    prop_assert_eq!(t, b);
                }
            }
        }
    }
}
