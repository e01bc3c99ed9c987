//! Covers built as circuits, simulated: every style computes its spec on every cared-for row;
//! how they answer unknown inputs; the hazard-free cover has no static hazard.

use proptest::prelude::*;
use sim_core::Trit;
use sim_core::analysis::hazard::{HazardAnalysis, SweepOptions};
use sim_core::batch::BatchEngine;
use sim_core::format::Document;
use synth::build::{FanIn, Gates, Style, document};
use synth::ternary::{self, TernaryReport};
use synth::{
    Cover, Exactness, Expr, Form, Limits, Options, Spec, Term, TruthTable, Value, minimise_spec,
    prime_implicants,
};

/// Every style: three gate families by two fan-ins.
fn styles() -> Vec<Style> {
    Gates::ALL
        .into_iter()
        .flat_map(|gates| {
            FanIn::ALL
                .into_iter()
                .map(move |fan_in| Style { gates, fan_in })
        })
        .collect()
}

fn names(prefix: &str, count: usize) -> Vec<String> {
    (0..count).map(|i| format!("{prefix}{i}")).collect()
}

/// The spec of `outputs` (name, expression) over `inputs`.
fn spec_of(outputs: &[(&str, &str)], inputs: &[&str]) -> Spec {
    let inputs: Vec<String> = inputs.iter().map(|&s| s.to_owned()).collect();
    let outputs = outputs
        .iter()
        .map(|&(name, text)| {
            let expr = Expr::parse(text).expect("parses");
            let table = TruthTable::from_expr_over(&expr, inputs.clone()).expect("builds");
            (name.to_owned(), table)
        })
        .collect();
    Spec::new(outputs).expect("a spec")
}

/// The cover of every prime implicant of each output (of its complement for a product of
/// sums), terms shared: the hazard-free cover.
fn all_primes(spec: &Spec, form: Form) -> Cover {
    let mut terms: Vec<Term> = Vec::new();
    for (k, (_, table)) in spec.outputs().iter().enumerate() {
        let table = match form {
            Form::SumOfProducts => table.clone(),
            Form::ProductOfSums => table.complement(),
        };
        for cube in prime_implicants(&table, Limits::DEFAULT.implicants).expect("primes") {
            match terms.iter_mut().find(|term| term.cube == cube) {
                Some(term) => term.outputs |= 1 << k,
                None => terms.push(Term {
                    cube,
                    outputs: 1 << k,
                }),
            }
        }
    }
    terms.sort_unstable();
    Cover {
        inputs: spec.inputs().to_vec(),
        outputs: spec.output_names().map(str::to_owned).collect(),
        form,
        terms,
        exactness: Exactness::Heuristic,
    }
}

fn minimal(spec: &Spec, form: Form) -> Cover {
    let options = Options {
        form,
        ..Options::default()
    };
    minimise_spec(spec, options).expect("minimises")
}

/// The circuit's outputs on every row, in spec order (the pins found by name).
fn rows_of(doc: &Document, spec: &Spec) -> Vec<Vec<Trit>> {
    let circuit = &doc.circuit;
    let n = spec.inputs().len();
    let outputs: Vec<_> = spec
        .output_names()
        .map(|name| circuit.find(name).expect("an output pin"))
        .collect();
    let columns: Vec<usize> = circuit
        .inputs()
        .map(|id| {
            let label = &circuit[id].label;
            spec.inputs()
                .iter()
                .position(|name| name == label)
                .expect("an input pin")
        })
        .collect();
    let vectors: Vec<Vec<Trit>> = (0..spec.rows())
        .map(|row| {
            columns
                .iter()
                .map(|&i| {
                    if row >> (n - 1 - i) & 1 == 1 {
                        Trit::True
                    } else {
                        Trit::False
                    }
                })
                .collect()
        })
        .collect();
    let mut engine = BatchEngine::with_outputs(circuit, &outputs).expect("combinational");
    engine.run(&vectors)
}

/// Asserts that the circuit gives every cared-for row of every output its value.
fn assert_meets(doc: &Document, spec: &Spec, context: &str) {
    let got = rows_of(doc, spec);
    for (k, (name, table)) in spec.outputs().iter().enumerate() {
        for row in 0..spec.rows() {
            let want = match table.value(row) {
                Value::Zero => Trit::False,
                Value::One => Trit::True,
                Value::DontCare => continue,
            };
            assert_eq!(got[row as usize][k], want, "{context}: {name}, row {row}");
        }
    }
}

fn report(cover: &Cover, spec: &Spec, style: Style) -> TernaryReport {
    let doc = document(cover, style, "f").expect("builds");
    ternary::report(spec, &doc.circuit).expect("reports")
}

/// The textbook static hazard: `F = A·B + ¬A·C`, whose consensus term is `B·C`.
fn multiplexer() -> Spec {
    spec_of(&[("F", "A B + ¬A C")], &["A", "B", "C"])
}

#[test]
fn a_minimal_cover_misses_what_the_consensus_term_resolves() {
    let spec = multiplexer();
    let minimal = report(
        &minimal(&spec, Form::SumOfProducts),
        &spec,
        Style::default(),
    );
    // 27 − 8 = 19 patterns with unknowns; F is known on 6: A known, the input it selects
    // known and the other unknown (4), or A unknown and B = C known (2). The minimal cover
    // misses A = X, B = C = 1, where both its terms are unknown.
    assert_eq!(minimal.patterns, 19);
    let line = &minimal.outputs[0];
    assert_eq!(line.known, 6);
    assert_eq!(line.resolved, 5);
    let (x, t) = (Trit::Unknown, Trit::True);
    assert_eq!(line.example.as_deref(), Some(&[x, t, t][..]));
    assert_eq!(
        minimal.to_string(),
        "F: resolves 5 of the 6 patterns with unknowns the function knows (19 patterns), \
         e.g. not A=X B=1 C=1\n"
    );
    let primes = report(
        &all_primes(&spec, Form::SumOfProducts),
        &spec,
        Style::default(),
    );
    assert!(primes.outputs[0].is_exact());
    assert_eq!(primes.outputs[0].resolved, 6);
}

#[test]
fn the_report_reads_the_circuit_by_name_and_refuses_what_it_cannot_read() {
    let spec = multiplexer();
    let doc =
        document(&minimal(&spec, Form::SumOfProducts), Style::default(), "f").expect("builds");
    let other = spec_of(&[("G", "A B + ¬A C")], &["A", "B", "C"]);
    let err = ternary::report(&other, &doc.circuit).expect_err("no G");
    assert_eq!(err.to_string(), "the circuit has no output `G`");
    let other = spec_of(&[("F", "A D")], &["A", "D"]);
    let err = ternary::report(&other, &doc.circuit).expect_err("no D");
    assert_eq!(err.to_string(), "the circuit has no input `D`");
    let wide = spec_of(
        &[("F", "x0")],
        &names("x", 11)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    let err = ternary::report(&wide, &doc.circuit).expect_err("too wide");
    assert!(matches!(
        err,
        ternary::TernaryError::TooManyInputs { count: 11 }
    ));
}

#[test]
fn the_hazard_free_cover_has_no_static_hazard_and_the_minimal_one_has() {
    let spec = multiplexer();
    for form in [Form::SumOfProducts, Form::ProductOfSums] {
        for style in styles() {
            let context = format!("{form:?} {} {}", style.gates.name(), style.fan_in.name());
            let sweep = |cover: &Cover| {
                let doc = document(cover, style, "f").expect("builds");
                assert_meets(&doc, &spec, &context);
                let analysis = HazardAnalysis::new(&doc.circuit).expect("combinational");
                analysis
                    .all_single(&SweepOptions::default())
                    .expect("sweeps")
            };
            let free = sweep(&all_primes(&spec, form));
            assert_eq!(free.transitions, 24, "{context}");
            assert_eq!(free.outputs[0].static_hazards, 0, "{context}: {free:?}");
            let hazardous = sweep(&minimal(&spec, form));
            // A changes with B = C = 1 (SOP) or B = C = 0 (POS): the static hazard, both ways.
            assert_eq!(
                hazardous.outputs[0].static_hazards, 2,
                "{context}: {hazardous:?}"
            );
        }
    }
}

/// A random spec: `inputs` inputs, `outputs` outputs, each row 0 or 1 (2 in 5 each) or
/// don't-care (1 in 5) when `dont_cares`.
fn random_spec(inputs: usize, outputs: usize, dont_cares: bool) -> impl Strategy<Value = Spec> {
    let rows = 1usize << inputs;
    prop::collection::vec(prop::collection::vec(0u8..5, rows), outputs).prop_map(move |columns| {
        let outputs = columns
            .iter()
            .enumerate()
            .map(|(k, cells)| {
                let rows = (0..).zip(cells).map(|(row, &cell)| {
                    let value = match cell {
                        0 | 1 => Value::Zero,
                        2 | 3 => Value::One,
                        _ if dont_cares => Value::DontCare,
                        _ => Value::Zero,
                    };
                    (row, value)
                });
                let table = TruthTable::from_rows(names("x", inputs), rows).expect("a table");
                (format!("y{k}"), table)
            })
            .collect();
        Spec::new(outputs).expect("a spec")
    })
}

fn specs(max_inputs: usize, dont_cares: bool) -> impl Strategy<Value = Spec> {
    (1..=max_inputs, 1usize..=3).prop_flat_map(move |(n, m)| random_spec(n, m, dont_cares))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Every style and fan-in, in both forms, computes the spec on every cared-for row.
    #[test]
    fn every_style_computes_its_spec(spec in specs(8, true)) {
        for form in [Form::SumOfProducts, Form::ProductOfSums] {
            let cover = minimal(&spec, form);
            for style in styles() {
                let doc = document(&cover, style, "random").expect("builds");
                let context = format!("{form:?} {} {}", style.gates.name(), style.fan_in.name());
                assert_meets(&doc, &spec, &context);
            }
        }
    }

    /// The sum (product) of every prime implicant resolves every pattern with unknowns a
    /// completely specified function knows; every style answers unknowns alike.
    #[test]
    fn all_primes_resolve_the_kleene_extension(spec in specs(5, false)) {
        for form in [Form::SumOfProducts, Form::ProductOfSums] {
            let cover = all_primes(&spec, form);
            let reports: Vec<TernaryReport> =
                styles().into_iter().map(|style| report(&cover, &spec, style)).collect();
            for line in &reports[0].outputs {
                prop_assert!(line.is_exact(), "{form:?}: {}", reports[0]);
            }
            for other in &reports[1..] {
                prop_assert_eq!(other, &reports[0]);
            }
        }
    }
}
