use sim_core::batch::BatchEngine;
use sim_core::format;
use sim_core::{Circuit, NodeKind, Trit};

use super::{BuildError, FanIn, Gates, Style, document, part};
use crate::cover::{Cover, Exactness, Options, Term, minimise_spec};
use crate::minimise::{Form, Implicant};
use crate::spec::Spec;

/// Every style: three gate families by two fan-ins.
fn styles() -> impl Iterator<Item = Style> {
    Gates::ALL.into_iter().flat_map(|gates| {
        FanIn::ALL
            .into_iter()
            .map(move |fan_in| Style { gates, fan_in })
    })
}

/// The spec of `outputs` (name, expression) over `inputs`.
fn spec(outputs: &[(&str, &str)], inputs: &[&str]) -> Spec {
    let equations: Vec<String> = outputs
        .iter()
        .map(|(name, expr)| format!("{name} = {expr}"))
        .collect();
    let inputs = inputs.iter().map(|&input| input.to_owned()).collect();
    Spec::from_equations(&equations, Some(inputs)).expect("a spec")
}

fn cover(spec: &Spec, form: Form) -> Cover {
    let options = Options {
        form,
        ..Options::default()
    };
    minimise_spec(spec, options).expect("minimises")
}

/// The circuit's outputs (lamps named as the cover's outputs) on `vector` (one trit per
/// cover input, set on the switch of its name).
fn simulate(circuit: &Circuit, cover: &Cover, vectors: &[Vec<Trit>]) -> Vec<Vec<Trit>> {
    let find = |label: &String| circuit.find(label).expect("a pin of the cover's name");
    let inputs: Vec<usize> = circuit
        .inputs()
        .map(|id| {
            let label = &circuit[id].label;
            cover
                .inputs
                .iter()
                .position(|i| i == label)
                .expect("a cover input")
        })
        .collect();
    let outputs: Vec<_> = cover.outputs.iter().map(find).collect();
    let mut engine = BatchEngine::with_outputs(circuit, &outputs).expect("combinational");
    let ordered: Vec<Vec<Trit>> = vectors
        .iter()
        .map(|v| inputs.iter().map(|&i| v[i]).collect())
        .collect();
    engine.run(&ordered)
}

/// Row `row` of `n` inputs as trits, the first input the most significant bit.
fn row_vector(n: usize, row: u32) -> Vec<Trit> {
    (0..n)
        .map(|i| {
            if row >> (n - 1 - i) & 1 == 1 {
                Trit::True
            } else {
                Trit::False
            }
        })
        .collect()
}

/// Asserts that `circuit` computes `cover` on every row.
fn assert_computes(circuit: &Circuit, cover: &Cover, context: &str) {
    let n = cover.inputs.len();
    let vectors: Vec<Vec<Trit>> = (0..1u32 << n).map(|row| row_vector(n, row)).collect();
    let got = simulate(circuit, cover, &vectors);
    for (row, values) in (0..).zip(got) {
        let want: Vec<Trit> = (0..cover.outputs.len())
            .map(|k| {
                if cover.eval(k, row) {
                    Trit::True
                } else {
                    Trit::False
                }
            })
            .collect();
        assert_eq!(values, want, "{context}: row {row}");
    }
}

/// The gates of `circuit` (nodes that are neither pins nor constants) and their kinds.
fn gate_kinds(circuit: &Circuit) -> Vec<NodeKind> {
    circuit
        .nodes()
        .map(|(_, node)| node.kind)
        .filter(|kind| {
            !matches!(
                kind,
                NodeKind::Switch | NodeKind::Lamp | NodeKind::Constant(_)
            )
        })
        .collect()
}

fn style_name(style: Style) -> String {
    format!("{} {}", style.gates.name(), style.fan_in.name())
}

#[test]
fn a_full_adder_computes_its_table_in_every_style_and_form() {
    let adder = spec(
        &[
            ("S", "A ¬B ¬C + ¬A B ¬C + ¬A ¬B C + A B C"),
            ("Co", "A B + A C + B C"),
        ],
        &["A", "B", "C"],
    );
    for form in [Form::SumOfProducts, Form::ProductOfSums] {
        let cover = cover(&adder, form);
        for style in styles() {
            let doc = document(&cover, style, "adder").expect("builds");
            assert_computes(
                &doc.circuit,
                &cover,
                &format!("{form:?} {}", style_name(style)),
            );
        }
    }
}

#[test]
fn each_style_uses_only_its_gates_and_fan_in() {
    // Four-literal products and a four-term sum, so that two-input trees need inner levels.
    let wide = spec(
        &[("F", "A B C D + ¬A ¬B ¬C ¬D + A ¬B C ¬D + ¬A B ¬C D")],
        &["A", "B", "C", "D"],
    );
    for form in [Form::SumOfProducts, Form::ProductOfSums] {
        let cover = cover(&wide, form);
        for style in styles() {
            let circuit = document(&cover, style, "wide").expect("builds").circuit;
            let context = format!("{form:?} {}", style_name(style));
            assert_computes(&circuit, &cover, &context);
            let kinds = gate_kinds(&circuit);
            let allowed = |kind: &NodeKind| match style.gates {
                Gates::AndOr => matches!(kind, NodeKind::And(_) | NodeKind::Or(_) | NodeKind::Not),
                Gates::Nand => matches!(kind, NodeKind::Nand(_)),
                Gates::Nor => matches!(kind, NodeKind::Nor(_)),
            };
            assert!(kinds.iter().all(allowed), "{context}: {kinds:?}");
            let widest = kinds.iter().filter_map(|k| k.gate_inputs()).max();
            let want = match style.fan_in {
                FanIn::Two => 2,
                FanIn::Any => 4,
            };
            assert_eq!(widest, Some(want), "{context}: {kinds:?}");
        }
    }
}

#[test]
fn a_nand_tree_reads_its_subtrees_through_inverters() {
    // F = A·B·C·D in two-input NANDs: ¬(AB·CD) needs AB and CD, each ¬NAND.
    let and4 = spec(&[("F", "A B C D")], &["A", "B", "C", "D"]);
    let cover = cover(&and4, Form::SumOfProducts);
    let style = Style {
        gates: Gates::Nand,
        fan_in: FanIn::Two,
    };
    let circuit = document(&cover, style, "and4").expect("builds").circuit;
    assert_computes(&circuit, &cover, "NAND 2");
    // NAND(A,B), NAND(C,D), their two inverters, the NAND of those, and its inverter.
    assert_eq!(gate_kinds(&circuit).len(), 6);
}

#[test]
fn shared_terms_and_inverters_are_built_once_and_single_literals_need_no_gate() {
    // F = A·B + C, G = A·B + ¬C: A·B is built once; C is F's term as it is; ¬C one NOT.
    let shared = spec(&[("F", "A B + C"), ("G", "A B + ¬C")], &["A", "B", "C"]);
    let cover = cover(&shared, Form::SumOfProducts);
    let circuit = document(&cover, Style::default(), "shared")
        .expect("builds")
        .circuit;
    assert_computes(&circuit, &cover, "AND-OR");
    let mut kinds = gate_kinds(&circuit);
    kinds.sort_by_key(|k| format!("{k:?}"));
    assert_eq!(
        kinds,
        [
            NodeKind::And(2),
            NodeKind::Not,
            NodeKind::Or(2),
            NodeKind::Or(2)
        ]
    );
}

#[test]
fn empty_and_full_covers_are_constants_and_a_lone_literal_a_buffer() {
    let constant = spec(
        &[("Zero", "A ¬A"), ("One", "A + ¬A"), ("Same", "A")],
        &["A"],
    );
    for form in [Form::SumOfProducts, Form::ProductOfSums] {
        let cover = cover(&constant, form);
        for style in styles() {
            let circuit = document(&cover, style, "constant").expect("builds").circuit;
            let context = format!("{form:?} {}", style_name(style));
            assert_computes(&circuit, &cover, &context);
            let constants = circuit
                .nodes()
                .filter(|(_, n)| matches!(n.kind, NodeKind::Constant(_)))
                .count();
            assert_eq!(constants, 2, "{context}");
            // The output showing the input is a buffer (a pin is not wired to a pin).
            assert_eq!(gate_kinds(&circuit), [NodeKind::Buf], "{context}");
        }
    }
}

#[test]
fn pins_are_named_and_ordered_as_the_cover_says() {
    // An input named like a gate: the gates take other labels.
    let named = spec(&[("y", "g0 ¬g1"), ("g2", "g0 + g1")], &["g1", "g0"]);
    let cover = cover(&named, Form::SumOfProducts);
    let part = part(&cover, Style::default(), "named").expect("builds");
    assert_eq!(part.input_pins(), ["g1", "g0"]);
    assert_eq!(part.output_pins(), ["y", "g2"]);
    let circuit = document(&cover, Style::default(), "named")
        .expect("builds")
        .circuit;
    assert_computes(&circuit, &cover, "named");
    // Inputs left of every gate, outputs right of every gate.
    let x = |label: &str| {
        part.nodes
            .iter()
            .find(|n| n.label == label)
            .and_then(|n| n.pos)
            .expect("placed")
            .x
    };
    let gates: Vec<i32> = gate_kinds_labels(&part).iter().map(|l| x(l)).collect();
    assert!(
        gates.iter().all(|&g| x("g1") < g && g < x("y")),
        "{gates:?}"
    );
}

fn gate_kinds_labels(part: &sim_core::hierarchy::PartDesc) -> Vec<String> {
    part.nodes
        .iter()
        .filter(|n| !matches!(n.kind, NodeKind::Switch | NodeKind::Lamp))
        .map(|n| n.label.clone())
        .collect()
}

#[test]
fn bad_covers_are_refused_with_the_offending_item() {
    let good = cover(&spec(&[("F", "A B")], &["A", "B"]), Form::SumOfProducts);
    let with = |edit: &dyn Fn(&mut Cover)| {
        let mut cover = good.clone();
        edit(&mut cover);
        part(&cover, Style::default(), "bad").expect_err("refused")
    };
    let err = with(&|c| c.inputs[0] = "A.0".into());
    assert!(
        matches!(&err, BuildError::BadName { name, .. } if name == "A.0"),
        "{err}"
    );
    let err = with(&|c| c.inputs[1] = "has space".into());
    assert!(matches!(&err, BuildError::BadName { .. }), "{err}");
    let err = with(&|c| c.outputs[0] = "B".into());
    assert!(
        matches!(&err, BuildError::DuplicateName { name } if name == "B"),
        "{err}"
    );
    let err = with(&|c| c.outputs.clear());
    assert!(matches!(err, BuildError::NoOutputs), "{err}");
    let err = with(&|c| c.terms[0].outputs = 0b10);
    assert!(matches!(err, BuildError::BadTerm { index: 0, .. }), "{err}");
    let err = with(&|c| {
        c.terms.push(Term {
            cube: Implicant {
                ones: 0b100,
                care: 0b100,
            },
            outputs: 1,
        });
    });
    assert!(matches!(err, BuildError::BadTerm { index: 1, .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "term 1 (from 0) names an input past the cover's inputs"
    );
}

#[test]
fn the_document_round_trips_and_its_tests_pass() {
    let adder = spec(&[("S", "A ¬B + ¬A B"), ("C", "A B")], &["A", "B"]);
    for form in [Form::SumOfProducts, Form::ProductOfSums] {
        let cover = cover(&adder, form);
        for style in styles() {
            let doc = document(&cover, style, "half adder").expect("builds");
            let text = format::to_string(&doc).expect("writes");
            let read = format::from_str(&text).expect("reads back");
            assert_eq!(read.tests.len(), 1);
            assert_eq!(read.tests[0].steps.len(), 4);
            let outcome = read.tests[0].run(&read.circuit).expect("runs");
            assert!(
                outcome.passed(),
                "{form:?} {}: {outcome:?}",
                style_name(style)
            );
        }
    }
    let cover = cover(&adder, Form::SumOfProducts);
    let doc = document(&cover, Style::default(), "half adder").expect("builds");
    assert_eq!(
        doc.description,
        "Synthesised by Tritium: S = ¬A·B + A·¬B; C = A·B; the exact sum of products, \
         AND-OR n-input gates."
    );
}

#[test]
fn a_wrong_circuit_fails_its_embedded_test() {
    // The test vectors are the cover's: a circuit of another cover fails them.
    let and = cover(&spec(&[("F", "A B")], &["A", "B"]), Form::SumOfProducts);
    let or = cover(&spec(&[("F", "A + B")], &["A", "B"]), Form::SumOfProducts);
    let mut doc = document(&and, Style::default(), "and").expect("builds");
    doc.circuit = document(&or, Style::default(), "or")
        .expect("builds")
        .circuit;
    let outcome = doc.tests[0].run(&doc.circuit).expect("runs");
    assert!(!outcome.passed());
}

#[test]
fn large_tables_embed_a_capped_spread_of_rows() {
    // Ten inputs: 1,024 rows, 256 of them checked, all distinct, each input both ways.
    let names: Vec<String> = (0..10).map(|i| format!("x{i}")).collect();
    let parity = Cover {
        inputs: names.clone(),
        outputs: vec!["F".into()],
        form: Form::SumOfProducts,
        terms: vec![Term {
            cube: Implicant {
                ones: 0b11,
                care: 0b11,
            },
            outputs: 1,
        }],
        exactness: Exactness::Exact,
        fallback: None,
    };
    let doc = document(&parity, Style::default(), "wide").expect("builds");
    let steps = &doc.tests[0].steps;
    assert_eq!(steps.len(), super::MAX_TEST_ROWS as usize);
    let rows: std::collections::HashSet<String> =
        steps.iter().map(|s| format!("{:?}", s.set)).collect();
    assert_eq!(rows.len(), steps.len());
    for name in &names {
        let ones = steps
            .iter()
            .filter(|s| {
                s.set
                    .iter()
                    .any(|(n, v)| n == name && *v == sim_core::testbench::Literal::trit(Trit::True))
            })
            .count();
        assert!((64..=192).contains(&ones), "{name}: {ones} ones");
    }
    assert!(doc.tests[0].run(&doc.circuit).expect("runs").passed());
}

#[test]
fn a_cover_of_no_inputs_is_its_constants() {
    let one = Cover {
        inputs: Vec::new(),
        outputs: vec!["One".into(), "Zero".into()],
        form: Form::SumOfProducts,
        terms: vec![Term {
            cube: Implicant { ones: 0, care: 0 },
            outputs: 0b01,
        }],
        exactness: Exactness::Exact,
        fallback: None,
    };
    let doc = document(&one, Style::default(), "constants").expect("builds");
    assert_computes(&doc.circuit, &one, "no inputs");
    assert_eq!(doc.tests[0].steps.len(), 1);
    assert!(doc.tests[0].run(&doc.circuit).expect("runs").passed());
}
