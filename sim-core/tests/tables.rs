//! Table gates ([`NodeKind::Table`]): the standard gates are special cases (their tables
//! evaluate as the gates, are Kleene extensions, and circuits of them settle alike), every
//! engine gives the same values on random circuits of table gates (the unit-delay and the
//! levelized schedules with every sweep, stepped or settled, and the batch engine, all against
//! a reference evaluation), the RON form round-trips and its errors name line and column, and
//! the writers that cannot express a table refuse it by name.

mod common;

use common::{dag, trit};
use petgraph::algo::toposort;
use proptest::prelude::*;
use sim_core::batch::BatchEngine;
use sim_core::format::{self, FormatError};
use sim_core::kind::TableError;
use sim_core::{
    Circuit, CircuitDesc, Engine, Event, GateOp, Netlist, Node, NodeId, NodeKind, Role, Schedule,
    SettleReport, Sweep, Trit, TruthTable, WireDesc, bench, verilog,
};

use Trit::{False as N, True as P, Unknown as Z};

/// Every gate function.
const OPS: [GateOp; 8] = GateOp::ALL;

/// The balanced-ternary sum digit of a + b: −2 = −3 + 1, 2 = 3 − 1.
fn sum_digit() -> TruthTable {
    TruthTable::from_fn(2, |v| {
        let sum = v[0].to_i8() + v[1].to_i8();
        Trit::from_i8(if sum.abs() == 2 { -sum / 2 } else { sum }).expect("a digit")
    })
    .expect("two inputs")
}

/// Every row of `n` input values, in row order.
fn rows(n: usize) -> Vec<Vec<Trit>> {
    (0..n).fold(vec![Vec::new()], |rows, _| {
        rows.into_iter()
            .flat_map(|row| {
                Trit::ALL.map(|t| {
                    let mut row = row.clone();
                    row.push(t);
                    row
                })
            })
            .collect()
    })
}

#[test]
fn the_row_order_counts_up_with_input_0_most_significant() {
    let table = sum_digit();
    for (row, values) in rows(2).iter().enumerate() {
        assert_eq!(table.row(values), row);
        assert_eq!(table.row_values(row), *values);
    }
    assert_eq!(table.outputs(), [P, N, Z, N, Z, P, Z, P, N]);
    assert_eq!(table.eval(&[N, N]), P);
    assert_eq!(table.eval(&[P, P]), N);
    assert_eq!(TruthTable::new(2, &table.outputs()), Ok(table));
    assert_eq!(table.rows(), 9);
    assert_eq!(table.inputs(), 2);
    assert_eq!(NodeKind::Table(table).short_name(), "TABLE2");
    assert_eq!(NodeKind::Table(table).input_count(), 2);
    assert_eq!(NodeKind::Table(table).op(), None);
    assert_eq!(NodeKind::Table(table).table(), Some(table));
    assert_eq!(
        format!("{table:?}"),
        "TruthTable { inputs: 2, outputs: [1, -1, 0, -1, 0, 1, 0, 1, -1] }"
    );
}

#[test]
fn bad_tables_are_refused_with_the_count_they_need() {
    assert_eq!(
        TruthTable::new(2, &[Z; 8]),
        Err(TableError::Entries {
            inputs: 2,
            expected: 9,
            got: 8
        })
    );
    assert_eq!(
        TruthTable::new(2, &[Z; 8]).map_err(|e| e.to_string()),
        Err("a 2-input table needs 3^2 = 9 entries, got 8".to_owned())
    );
    for inputs in [0, 4, 255] {
        assert_eq!(
            TruthTable::new(inputs, &[Z; 3]),
            Err(TableError::Inputs { inputs })
        );
        assert!(TruthTable::from_fn(inputs, |_| Z).is_err());
    }
    for inputs in 1..=3u8 {
        let outputs = vec![P; 3usize.pow(u32::from(inputs))];
        let table = TruthTable::new(inputs, &outputs).expect("3^n entries");
        assert_eq!(table.outputs(), outputs);
    }
}

#[test]
fn the_standard_gates_tables_are_kleene_extensions_and_the_sum_digit_is_not() {
    for op in OPS {
        for n in 1..=3 {
            assert!(
                TruthTable::of_gate(op, n).is_kleene_extension(),
                "{op:?} over {n}"
            );
        }
    }
    assert!(!sum_digit().is_kleene_extension());
    // Constants are Kleene extensions; a table unknown on a binary row is not, nor one that
    // is known where the binary completions disagree.
    assert!(
        TruthTable::new(1, &[P, P, P])
            .expect("valid")
            .is_kleene_extension()
    );
    assert!(
        !TruthTable::new(1, &[N, Z, Z])
            .expect("valid")
            .is_kleene_extension()
    );
    assert!(
        !TruthTable::new(1, &[N, N, P])
            .expect("valid")
            .is_kleene_extension()
    );
    // Majority and a multiplexer (input 0 selects input 2 when true, input 1 when false).
    let majority = TruthTable::from_fn(3, |v| {
        let sum: i8 = v.iter().map(|t| t.to_i8()).sum();
        Trit::from_i8(sum.signum()).expect("a sign")
    })
    .expect("three inputs");
    assert!(
        !majority.is_kleene_extension(),
        "the sign of a sum: 0 + 0 + 1 is +1"
    );
    assert!(kleene_majority().is_kleene_extension());
    assert!(kleene_mux().is_kleene_extension());
}

/// Majority as Kleene's extension: (a ∧ b) ∨ (a ∧ c) ∨ (b ∧ c).
fn kleene_majority() -> TruthTable {
    TruthTable::from_fn(3, |v| v[0].and(v[1]).or(v[0].and(v[2])).or(v[1].and(v[2])))
        .expect("three inputs")
}

/// A multiplexer as Kleene's extension: s ? b : a, and a when a = b whatever s.
fn kleene_mux() -> TruthTable {
    TruthTable::from_fn(3, |v| {
        let (s, a, b) = (v[0], v[1], v[2]);
        s.not().and(a).or(s.and(b)).or(a.and(b))
    })
    .expect("three inputs")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The table of each standard gate evaluates as the gate, on any inputs.
    #[test]
    fn the_table_of_a_standard_gate_is_the_gate(
        op in prop::sample::select(&OPS[..]),
        n in 1u8..=3,
        inputs in prop::collection::vec(trit(), 3),
    ) {
        let n = if matches!(op, GateOp::Buf | GateOp::Not) { 1 } else { n };
        let inputs = &inputs[..usize::from(n)];
        let table = TruthTable::of_gate(op, n);
        prop_assert_eq!(table.inputs(), n);
        prop_assert_eq!(table.eval(inputs), op.eval(inputs.iter().copied()));
        prop_assert_eq!(table.eval_index(table.row(inputs)), op.eval(inputs.iter().copied()));
    }
}

#[test]
fn the_table_of_a_standard_gate_is_the_gate_on_every_row() {
    for op in OPS {
        for n in 1..=3u8 {
            let table = TruthTable::of_gate(op, n);
            for values in rows(usize::from(n)) {
                let want = op.eval(values.iter().copied());
                assert_eq!(table.eval(&values), want, "{op:?} {values:?}");
            }
        }
    }
}

/// One gate of a random circuit: its kind (chosen by `choice`), its table's outputs (the
/// first 3ⁿ are used) and its pins' drivers (each a number reduced modulo the nodes before
/// it, or floating).
#[derive(Clone, Debug)]
struct GateSpec {
    choice: u8,
    arity: u8,
    outputs: Vec<Trit>,
    pins: Vec<Option<usize>>,
}

fn gate_spec() -> impl Strategy<Value = GateSpec> {
    (
        0u8..12,
        1u8..=3,
        prop::collection::vec(trit(), 27),
        prop::collection::vec(
            prop_oneof![9 => any::<usize>().prop_map(Some), 1 => Just(None)],
            3,
        ),
    )
        .prop_map(|(choice, arity, outputs, pins)| GateSpec {
            choice,
            arity,
            outputs,
            pins,
        })
}

/// A random circuit: `inputs` switches, then the gates (table gates half of the time, else
/// inverters, buffers and two- or three-input standard gates, so that the levelized
/// schedule's folding and wide gates meet tables), a probe on each gate nobody reads.
fn table_circuit(inputs: usize, gates: &[GateSpec]) -> Circuit {
    let mut desc = CircuitDesc::default();
    let mut read = vec![false; inputs + gates.len()];
    for i in 0..inputs {
        desc.nodes
            .push(Node::new(format!("I{i}"), NodeKind::Switch));
    }
    for (g, spec) in gates.iter().enumerate() {
        let me = inputs + g;
        let n = spec.arity;
        let kind = match spec.choice {
            0..6 => NodeKind::Table(
                TruthTable::new(n, &spec.outputs[..3usize.pow(u32::from(n))]).expect("3^n"),
            ),
            6 => NodeKind::Not,
            7 => NodeKind::Buf,
            8 => NodeKind::And(n.max(2)),
            9 => NodeKind::Xor(n.max(2)),
            10 => NodeKind::Nor(n.max(2)),
            _ => NodeKind::Table(TruthTable::of_gate(GateOp::Or, n)),
        };
        let label = |i: usize| {
            if i < inputs {
                format!("I{i}")
            } else {
                format!("G{}", i - inputs)
            }
        };
        desc.nodes.push(Node::new(label(me), kind));
        for (pin, driver) in spec.pins.iter().take(kind.input_count()).enumerate() {
            if let Some(d) = driver {
                let from = d % me;
                read[from] = true;
                desc.wires
                    .push(WireDesc::new(label(from), label(me), pin as u8));
            }
        }
    }
    for g in 0..gates.len() {
        if !read[inputs + g] {
            desc.nodes.push(Node::new(format!("O{g}"), NodeKind::Probe));
            desc.wires
                .push(WireDesc::new(format!("G{g}"), format!("O{g}"), 0));
        }
    }
    Circuit::from_desc(&desc).expect("a generated DAG is valid")
}

/// A random circuit of table gates and a few vectors for its switches.
fn circuit_and_vectors() -> impl Strategy<Value = (Circuit, Vec<Vec<Trit>>)> {
    (1usize..=5, prop::collection::vec(gate_spec(), 1..40)).prop_flat_map(|(inputs, gates)| {
        let c = table_circuit(inputs, &gates);
        let vectors = prop::collection::vec(prop::collection::vec(trit(), inputs), 1..6);
        (Just(c), vectors)
    })
}

/// Every node's value by the definitions, in topological order: a table gate's table, a
/// standard gate's [`GateOp::eval`], floating pins 0.
fn reference(c: &Circuit, inputs: &[(NodeId, Trit)]) -> Vec<Trit> {
    let order = toposort(c.graph(), None).expect("acyclic");
    let mut value = vec![Z; c.node_bound()];
    for &(id, v) in inputs {
        value[id.index()] = v;
    }
    for id in order.into_iter().map(NodeId::from) {
        let kind = c[id].kind;
        if kind.input_count() == 0 {
            continue;
        }
        let ins: Vec<Trit> = c
            .drivers(id)
            .into_iter()
            .map(|d| d.map_or(Z, |d| value[d.index()]))
            .collect();
        value[id.index()] = match (kind.table(), kind.op()) {
            (Some(table), _) => table.eval(&ins),
            (None, Some(op)) => op.eval(ins),
            (None, None) => unreachable!("no flip-flops here"),
        };
    }
    c.nodes().map(|(id, _)| value[id.index()]).collect()
}

fn values(c: &Circuit, engine: &Engine) -> Vec<Trit> {
    c.nodes().map(|(id, _)| engine.value(id)).collect()
}

fn engine(c: &Circuit, schedule: Schedule, sweep: Sweep) -> Engine {
    let mut engine = Engine::with_schedule(Netlist::compile(c), schedule);
    engine.set_sweep(sweep);
    engine
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The unit-delay schedule, the levelized one with every sweep (with and without
    /// records, and stepped) and the batch engine all give the reference values.
    #[test]
    fn every_engine_evaluates_table_gates_exactly((c, vectors) in circuit_and_vectors()) {
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut unit = engine(&c, Schedule::UnitDelay, Sweep::Auto);
        let mut quiet = [Sweep::Auto, Sweep::SelectiveTrace, Sweep::Dense]
            .map(|sweep| engine(&c, Schedule::Levelized, sweep));
        let mut recorded = engine(&c, Schedule::Levelized, Sweep::Auto);
        let mut stepped = engine(&c, Schedule::Levelized, Sweep::Auto);
        let mut records = Vec::<Event>::new();
        let mut batch = BatchEngine::new(&c).expect("a DAG");
        let batch_out = batch.run(&vectors);
        let terminals: Vec<usize> = c
            .nodes()
            .enumerate()
            .filter(|(_, (_, n))| n.kind == NodeKind::Probe)
            .map(|(k, _)| k)
            .collect();
        for (vector, batch_out) in vectors.iter().zip(batch_out) {
            let set: Vec<(NodeId, Trit)> =
                inputs.iter().copied().zip(vector.iter().copied()).collect();
            let want = reference(&c, &set);
            let engines = std::iter::once(&mut unit)
                .chain(&mut quiet)
                .chain([&mut recorded, &mut stepped]);
            for e in engines {
                e.set(set.iter().copied()).expect("switches");
            }
            unit.settle();
            prop_assert_eq!(values(&c, &unit), want.clone(), "unit delay");
            let reports: Vec<SettleReport> = quiet.iter_mut().map(Engine::settle).collect();
            let report = recorded.settle_with(&mut records);
            prop_assert!(report.oscillation.is_none());
            for (e, r) in quiet.iter().zip(&reports) {
                prop_assert_eq!(r, &report, "a sweep reports what a recorded settle does");
                prop_assert_eq!(values(&c, e), want.clone(), "levelized");
            }
            prop_assert_eq!(values(&c, &recorded), want.clone(), "levelized with records");
            let mut by_step = Vec::new();
            while let Some(event) = stepped.step() {
                by_step.push(event);
            }
            prop_assert_eq!(&by_step[..], &records[records.len() - by_step.len()..]);
            prop_assert_eq!(values(&c, &stepped), want.clone(), "stepped");
            let probes: Vec<Trit> = terminals.iter().map(|&k| want[k]).collect();
            prop_assert_eq!(batch_out, probes, "batch");
        }
        // A dense sweep's values reach the unit-delay schedule, and a rebuild keeps them.
        let want = values(&c, &unit);
        let [_, trace, dense] = &mut quiet;
        prop_assert_eq!(dense.set_schedule(Schedule::UnitDelay), Schedule::UnitDelay);
        prop_assert_eq!(values(&c, dense), want.clone());
        trace.rebuild(Netlist::compile(&c));
        trace.settle();
        prop_assert_eq!(values(&c, trace), want);
    }

    /// A circuit of standard gates settles as the same circuit with every gate of at most
    /// three inputs replaced by its table.
    #[test]
    fn standard_gates_as_tables_settle_alike(
        c in dag(5, 40),
        vectors in prop::collection::vec(prop::collection::vec(trit(), 5), 1..5),
    ) {
        let mut tables = c.clone();
        let gates: Vec<(NodeId, NodeKind)> = c.nodes().map(|(id, n)| (id, n.kind)).collect();
        for (id, kind) in gates {
            let n = kind.input_count();
            let gate = kind.role() == Role::Gate && (1..=3).contains(&n);
            if let Some(op) = kind.op().filter(|_| gate) {
                let table = TruthTable::of_gate(op, n as u8);
                let removed = tables.set_kind(id, NodeKind::Table(table)).expect("valid");
                prop_assert!(removed.is_empty());
            }
        }
        let inputs: Vec<NodeId> = c.inputs().collect();
        for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
            let mut a = Engine::with_schedule(Netlist::compile(&c), schedule);
            let mut b = Engine::with_schedule(Netlist::compile(&tables), schedule);
            for vector in &vectors {
                let set = inputs.iter().copied().zip(vector.iter().copied());
                a.set(set.clone()).expect("switches");
                b.set(set).expect("switches");
                let (ra, rb) = (a.settle(), b.settle());
                prop_assert_eq!(ra.events, rb.events);
                prop_assert_eq!(values(&c, &a), values(&tables, &b));
            }
        }
        let vectors: Vec<Vec<Trit>> =
            vectors.iter().map(|v| v[..inputs.len()].to_vec()).collect();
        let mut a = BatchEngine::new(&c).expect("a DAG");
        let mut b = BatchEngine::new(&tables).expect("a DAG");
        prop_assert_eq!(a.run(&vectors), b.run(&vectors));
    }
}

/// A flat file with one table gate `S` reading switches `a` and `b` into lamp `y`.
fn table_file(kind: &str) -> String {
    format!(
        r#"(
    version: 1,
    nodes: [
        (label: "a", kind: Switch),
        (label: "b", kind: Switch),
        (label: "S", kind: {kind}),
        (label: "y", kind: Lamp),
    ],
    wires: [(from: "a", to: "S"), (from: "b", to: "S", input: 1), (from: "S", to: "y")],
)"#
    )
}

#[test]
fn the_ron_form_round_trips() {
    let text = table_file("Table(inputs: 2, outputs: [-1, -1, -1, -1, 0, 0, -1, 0, 1])");
    let doc = format::from_str(&text).expect("valid");
    let s = doc.circuit.find("S").expect("a node");
    let and = TruthTable::of_gate(GateOp::And, 2);
    assert_eq!(doc.circuit[s].kind, NodeKind::Table(and));
    let written = format::to_string(&doc).expect("writable");
    assert!(
        written.contains(
            r#"(label: "S", kind: Table(inputs: 2, outputs: [-1, -1, -1, -1, 0, 0, -1, 0, 1])),"#
        ),
        "{written}"
    );
    let again = format::from_str(&written).expect("what we write, we read");
    assert_eq!(again.circuit.to_desc(), doc.circuit.to_desc());
    // Values as Trit reads them anywhere.
    let spelled = table_file(r#"Table(inputs: 1, outputs: ["T", "X", false])"#)
        .replace(r#"(from: "b", to: "S", input: 1), "#, "");
    let doc = format::from_str(&spelled).expect("valid");
    let s = doc.circuit.find("S").expect("a node");
    assert_eq!(
        doc.circuit[s].kind.table().map(TruthTable::outputs),
        Some(vec![P, Z, N])
    );
}

#[test]
fn bad_tables_in_a_file_name_line_and_column() {
    let err = |kind: &str| format::from_str(&table_file(kind)).expect_err("refused");
    let short = err("Table(inputs: 2, outputs: [-1, -1, -1, -1, 0, 0, -1, 0])");
    assert!(
        matches!(short, FormatError::Syntax { line: 6, .. }),
        "{short}"
    );
    assert!(
        short.to_string().starts_with("6:")
            && short
                .to_string()
                .ends_with("a 2-input table needs 3^2 = 9 entries, got 8"),
        "{short}"
    );
    let two = err("Table(inputs: 2, outputs: [-1, -1, -1, -1, 2, 0, -1, 0, 1])");
    // The column of the `2`.
    let column = table_file("").lines().nth(5).expect("line 6").len()
        + "Table(inputs: 2, outputs: [-1, -1, -1, -1, ".len()
        - "),".len()
        + 1;
    assert_eq!(two.position(), Some((6, column)), "{two}");
    assert!(two.to_string().contains("`2`"), "{two}");
    let four = err("Table(inputs: 4, outputs: [])");
    assert_eq!(four.position().map(|p| p.0), Some(6), "{four}");
    assert!(four.to_string().contains("1 to 3 inputs, not 4"), "{four}");
}

#[test]
fn verilog_refuses_a_table_that_is_not_a_kleene_extension_by_name() {
    let sum = format!(
        "Table(inputs: 2, outputs: {:?})",
        sum_digit()
            .outputs()
            .iter()
            .map(|t| t.to_i8())
            .collect::<Vec<_>>()
    );
    let doc = format::from_str(&table_file(&sum)).expect("valid");
    let err = verilog::document(&doc, "top").expect_err("refused");
    assert_eq!(
        err,
        verilog::ExportError::NotKleene {
            label: "S".to_owned()
        }
    );
    assert_eq!(
        err.to_string(),
        "gate `S` is a table gate that is not the Kleene extension of a Boolean function: \
         Verilog's 0/1/x cannot express it"
    );
    assert!(verilog::circuit(&doc.circuit, "top").is_err());
    // `.bench` has no table gates at all.
    let err = bench::to_string(&doc.circuit).expect_err("refused");
    assert_eq!(
        err.to_string(),
        "node `S`: a TABLE2 has no .bench equivalent"
    );
}

#[test]
fn verilog_writes_a_kleene_table_as_the_sum_of_its_prime_implicants() {
    let nodes = ["a", "b", "c"].map(|l| Node::new(l, NodeKind::Switch));
    let mut desc = CircuitDesc::default();
    desc.nodes.extend(nodes);
    for (label, table) in [
        ("maj", kleene_majority()),
        ("mux", kleene_mux()),
        ("one", TruthTable::new(1, &[P; 3]).expect("valid")),
        ("zero", TruthTable::new(1, &[N; 3]).expect("valid")),
        ("nd", TruthTable::of_gate(GateOp::Nand, 2)),
    ] {
        desc.nodes.push(Node::new(label, NodeKind::Table(table)));
        for (pin, from) in ["a", "b", "c"]
            .iter()
            .take(table.inputs().into())
            .enumerate()
        {
            desc.wires.push(WireDesc::new(*from, label, pin as u8));
        }
    }
    let c = Circuit::from_desc(&desc).expect("valid");
    let text = verilog::circuit(&c, "m").expect("Kleene tables");
    for line in [
        "  assign maj = (b & c) | (a & c) | (a & b);",
        "  assign mux = (~a & b) | (b & c) | (a & c);",
        "  assign one = 1'b1;",
        "  assign zero = 1'b0;",
        "  assign nd = ~a | ~b;",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
}

/// Reads a circuit file of the workspace.
fn workspace_file(path: &str) -> format::Document {
    let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    format::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_table_circuits_pass_their_tests_and_export_as_their_tables_allow() {
    // Kleene tables, for the Icarus test: exported.
    let kleene = workspace_file("tests/circuits/tables.ron");
    for test in &kleene.tests {
        let outcome = test.run(&kleene.circuit).expect("fits");
        assert!(outcome.passed(), "{}: {:?}", test.name, outcome.failures);
    }
    let (text, _) = verilog::document(&kleene, "tables").expect("Kleene tables");
    assert!(text.contains("  assign ONE = 1'b1;"), "{text}");
    // The balanced-ternary half adder: digits, not Kleene; refused by name.
    let adder = workspace_file("circuits/ternary_half_adder.ron");
    assert_eq!(
        verilog::document(&adder, "adder"),
        Err(verilog::ExportError::NotKleene {
            label: "SUM".to_owned()
        })
    );
    let sum = adder.circuit.find("SUM").expect("a node");
    assert_eq!(adder.circuit[sum].kind, NodeKind::Table(sum_digit()));
}

#[test]
fn a_table_loop_that_0_does_not_calm_is_reported_unresolved() {
    // T reads its own output: −1 → +1, 0 → +1, +1 → −1. Forcing it to 0 does not stop it (a
    // standard gate's loop always stops there), so the settle ends saying so, without hanging.
    let desc = CircuitDesc {
        nodes: vec![
            Node::new(
                "T",
                NodeKind::Table(TruthTable::new(1, &[P, P, N]).expect("valid")),
            ),
            Node::new("Y", NodeKind::Lamp),
        ],
        wires: vec![WireDesc::new("T", "T", 0), WireDesc::new("T", "Y", 0)],
    };
    let c = Circuit::from_desc(&desc).expect("valid");
    let mut engine = Engine::from_circuit(&c);
    let report = engine.settle();
    let oscillation = report.oscillation.expect("it oscillates");
    assert!(!oscillation.resolved);
    assert_eq!(oscillation.feedback, [c.find("T").expect("a node")]);
    // A loop that 0 calms is resolved as usual: a NAND table reading a switch and itself.
    let desc = CircuitDesc {
        nodes: vec![
            Node::new("S", NodeKind::Switch),
            Node::new("T", NodeKind::Table(TruthTable::of_gate(GateOp::Nand, 2))),
        ],
        wires: vec![WireDesc::new("S", "T", 0), WireDesc::new("T", "T", 1)],
    };
    let c = Circuit::from_desc(&desc).expect("valid");
    let [s, t] = ["S", "T"].map(|l| c.find(l).expect("a node"));
    let mut engine = Engine::from_circuit(&c);
    engine.set([(s, N)]).expect("a switch");
    assert!(engine.settle().oscillation.is_none());
    assert_eq!(engine.value(t), P);
    engine.set([(s, P)]).expect("a switch");
    let oscillation = engine.settle().oscillation.expect("it oscillates");
    assert!(oscillation.resolved);
    assert_eq!(engine.value(t), Z);
}
