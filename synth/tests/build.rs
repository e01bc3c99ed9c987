//! Covers built as circuits, simulated: every style computes its spec on every cared-for row;
//! how they answer unknown inputs; the hazard-free cover has no static hazard.

use proptest::prelude::*;
use sim_core::Trit;
use sim_core::analysis::hazard::{HazardAnalysis, HazardKind, SweepOptions, SweepReport};
use sim_core::batch::BatchEngine;
use sim_core::format::Document;
use synth::build::{FanIn, Gates, Style, document};
use synth::ternary::{self, TernaryReport};
use synth::{
    Cover, Exactness, Form, Limits, Options, Spec, Term, TruthTable, Value, minimise_spec,
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
    let equations: Vec<String> = outputs
        .iter()
        .map(|(name, expr)| format!("{name} = {expr}"))
        .collect();
    let inputs = inputs.iter().map(|&input| input.to_owned()).collect();
    Spec::from_equations(&equations, Some(inputs)).expect("a spec")
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
        fallback: None,
    }
}

fn minimal(spec: &Spec, form: Form) -> Cover {
    let options = Options {
        form,
        ..Options::default()
    };
    minimise_spec(spec, options).expect("minimises")
}

/// A cover of `spec` by [`synth::Mode::Auto`] without its time limit (deterministic) and
/// with a small search, so that larger random functions get the heuristic's cover quickly.
fn quick(spec: &Spec, form: Form) -> Cover {
    let options = Options {
        form,
        limits: Limits {
            time: None,
            search_nodes: 1 << 12,
            ..Limits::DEFAULT
        },
        ..Options::default()
    };
    minimise_spec(spec, options).expect("Auto always covers")
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
    // All six have a single unknown.
    let counts: Vec<(u64, u64)> = line
        .by_unknowns
        .iter()
        .map(|c| (c.known, c.resolved))
        .collect();
    assert_eq!(counts, [(6, 5), (0, 0), (0, 0)]);
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

/// The hazard sweep of `cover` built in `style`, after checking the circuit meets `spec`.
fn sweep(cover: &Cover, spec: &Spec, style: Style) -> SweepReport {
    let context = format!(
        "{:?} {} {}",
        cover.form,
        style.gates.name(),
        style.fan_in.name()
    );
    let doc = document(cover, style, "f").expect("builds");
    assert_meets(&doc, spec, &context);
    let analysis = HazardAnalysis::new(&doc.circuit).expect("combinational");
    analysis
        .all_single(&SweepOptions::default())
        .expect("sweeps")
}

/// Every static hazard of `cover` built in `style`: the output (in spec order) and the rows
/// before and after the change.
fn static_hazards(cover: &Cover, spec: &Spec, style: Style) -> Vec<(usize, u32, u32)> {
    let doc = document(cover, style, "f").expect("builds");
    let circuit = &doc.circuit;
    let analysis = HazardAnalysis::new(circuit).expect("combinational");
    let options = SweepOptions {
        examples: usize::MAX,
        ..SweepOptions::default()
    };
    let report = analysis.all_single(&options).expect("sweeps");
    // The inputs are the switches in cover order: a vector is a row's bits, first input first.
    let row = |vector: &[Trit]| {
        vector
            .iter()
            .fold(0, |row, &t| row << 1 | u32::from(t == Trit::True))
    };
    report
        .outputs
        .iter()
        .flat_map(|output| {
            let label = &circuit[output.output].label;
            let k = spec
                .output_names()
                .position(|name| name == label)
                .expect("an output of the spec");
            output
                .examples
                .iter()
                .filter(|e| e.kind == HazardKind::Static)
                .map(move |e| (k, row(&e.from), row(&e.to)))
        })
        .collect()
}

#[test]
fn hazard_free_covers_have_no_static_hazard_and_the_minimal_one_has() {
    let spec = multiplexer();
    for form in [Form::SumOfProducts, Form::ProductOfSums] {
        let options = Options {
            form,
            hazard_free: true,
            ..Options::default()
        };
        let hazard_free = minimise_spec(&spec, options).expect("minimises");
        for style in styles() {
            let context = format!("{form:?} {} {}", style.gates.name(), style.fan_in.name());
            for cover in [&hazard_free, &all_primes(&spec, form)] {
                let free = sweep(cover, &spec, style);
                assert_eq!(free.transitions, 24, "{context}");
                assert_eq!(free.outputs[0].static_hazards, 0, "{context}: {free:?}");
            }
            // A changes with B = C = 1 (SOP) or B = C = 0 (POS): the static hazard, both ways.
            let hazardous = sweep(&minimal(&spec, form), &spec, style);
            assert_eq!(
                hazardous.outputs[0].static_hazards, 2,
                "{context}: {hazardous:?}"
            );
        }
    }
}

#[test]
fn ten_inputs_are_reported_and_eleven_refused() {
    // x0·x1 + x2·x3 + … + x8·x9, over ten inputs: 3¹⁰ − 2¹⁰ patterns with unknowns.
    let names = names("x", 10);
    let text: Vec<String> = (0..5)
        .map(|i| format!("x{} x{}", 2 * i, 2 * i + 1))
        .collect();
    let inputs: Vec<&str> = names.iter().map(String::as_str).collect();
    let spec = spec_of(&[("F", &text.join(" + "))], &inputs);
    let cover = minimal(&spec, Form::SumOfProducts);
    let report = report(&cover, &spec, Style::default());
    assert_eq!(report.patterns, 59_049 - 1_024);
    // The terms share no input: the minimal cover is every prime, exact.
    assert!(report.outputs[0].is_exact(), "{report}");
    assert_eq!(report.outputs[0].by_unknowns.len(), 10);
    // With every input unknown, F is not known.
    assert_eq!(report.outputs[0].by_unknowns[9].known, 0);
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
            let cover = quick(&spec, form);
            for style in styles() {
                let doc = document(&cover, style, "random").expect("builds");
                let context = format!("{form:?} {} {}", style.gates.name(), style.fan_in.name());
                assert_meets(&doc, &spec, &context);
            }
        }
    }

    /// A hazard-free cover of a random function has no static hazard in any style between
    /// cared-for rows: every static hazard the sweep finds has a don't-care row at one end
    /// (where the cover chose the value, and nothing asks it to hold).
    #[test]
    fn hazard_free_covers_stay_free_in_every_style(spec in specs(5, true)) {
        for form in [Form::SumOfProducts, Form::ProductOfSums] {
            let options = Options { form, hazard_free: true, ..Options::default() };
            let cover = minimise_spec(&spec, options).expect("minimises");
            for style in styles() {
                for (k, row_from, row_to) in static_hazards(&cover, &spec, style) {
                    let table = &spec.outputs()[k].1;
                    let cared = |row| table.value(row) != Value::DontCare;
                    prop_assert!(
                        !(cared(row_from) && cared(row_to)),
                        "{:?} {:?}: output {} from row {} to {}", form, style, k, row_from, row_to
                    );
                }
            }
        }
    }

    /// The sum (product) of every prime implicant resolves every pattern with unknowns a
    /// completely specified function knows, a hazard-free cover every one with a single
    /// unknown; every style answers unknowns alike.
    #[test]
    fn all_primes_resolve_the_kleene_extension(spec in specs(5, false)) {
        for form in [Form::SumOfProducts, Form::ProductOfSums] {
            let options = Options { form, hazard_free: true, ..Options::default() };
            let hazard_free = minimise_spec(&spec, options).expect("minimises");
            let single = report(&hazard_free, &spec, Style::default());
            for line in &single.outputs {
                let counts = line.by_unknowns[0];
                prop_assert_eq!(counts.resolved, counts.known, "{:?}: {}", form, single);
            }
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
