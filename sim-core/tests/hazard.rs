//! Hazard analysis (issue 26): the textbook cases of `circuits/hazards/` give exactly the
//! hazards the literature gives them, and the bit-parallel sweep of every single-input change
//! agrees with the event engine's procedures A and B, transition by transition.

use common::example;
use proptest::prelude::*;
use sim_core::analysis::hazard::{
    HazardAnalysis, HazardError, HazardKind, OutputReport, SweepOptions,
};
use sim_core::{Circuit, Trit};

mod common;

/// A vector written `110`: `1` is +1, `0` is −1.
fn v(text: &str) -> Vec<Trit> {
    text.chars()
        .map(|c| if c == '1' { Trit::True } else { Trit::False })
        .collect()
}

fn labels(circuit: &Circuit, output: &OutputReport) -> Vec<String> {
    output
        .nodes
        .iter()
        .map(|&id| circuit[id].label.clone())
        .collect()
}

#[test]
fn the_multiplexer_without_its_consensus_term_has_a_static_1_hazard_when_s_changes() {
    let c = example("hazards/mux_no_consensus.ron");
    let analysis = HazardAnalysis::new(&c).expect("combinational");
    for (from, to) in [("110", "111"), ("111", "110")] {
        let report = analysis.transition(&v(from), &v(to)).expect("fits");
        let y = &report.outputs[0];
        assert_eq!(
            (y.before, y.during, y.after),
            (Trit::True, Trit::Unknown, Trit::True)
        );
        assert_eq!(y.hazard, Some(HazardKind::Static), "{from} → {to}");
        assert_eq!(y.changes, Some(2));
        assert_eq!(labels(&c, y), ["NotS", "AndA", "AndB", "OR1", "Y"]);
        assert_eq!(report.changing, [c.find("S").expect("S")]);
    }
    // S changes with A ≠ B: Y changes once, cleanly.
    let report = analysis.transition(&v("100"), &v("101")).expect("fits");
    assert_eq!(report.outputs[0].hazard, None);
    assert_eq!(report.outputs[0].changes, Some(1));
    assert!(report.outputs[0].nodes.is_empty());

    let sweep = analysis
        .all_single(&SweepOptions::default())
        .expect("sweeps");
    assert_eq!(
        (sweep.vectors, sweep.transitions, sweep.sampled),
        (8, 24, None)
    );
    let y = &sweep.outputs[0];
    assert_eq!((y.static_hazards, y.dynamic_hazards), (2, 0));
    assert_eq!(y.examples.len(), 1);
    assert_eq!(y.examples[0].kind, HazardKind::Static);
    assert_eq!(y.examples[0].input, c.find("S").expect("S"));
    assert_eq!(
        (y.examples[0].from.clone(), y.examples[0].to.clone()),
        (v("110"), v("111"))
    );
}

#[test]
fn the_static_hazards_of_two_level_circuits_name_their_consensus_term() {
    // Y = A·¬S + B·S: the consensus of the two products on S is A·B, the term
    // mux_consensus.ron adds (in both directions of the change).
    let c = example("hazards/mux_no_consensus.ron");
    let analysis = HazardAnalysis::new(&c).expect("combinational");
    for (from, to) in [("110", "111"), ("111", "110")] {
        let report = analysis.transition(&v(from), &v(to)).expect("fits");
        let cure = report.outputs[0]
            .consensus
            .as_ref()
            .expect("a sum of products");
        assert_eq!(cure.describe(&c), "A·B", "{from} → {to}");
    }
    // The dual: Y = (A + S)·(B + ¬S) has a static-0 hazard when S changes with A = B = −1,
    // removed by the consensus sum (A + B).
    let pos = sim_core::bench::from_str(
        "INPUT(A)\nINPUT(B)\nINPUT(S)\nOUTPUT(Y)\nNS = NOT(S)\nO1 = OR(A, S)\n\
         O2 = OR(B, NS)\nY = AND(O1, O2)\n",
    )
    .expect("valid");
    let analysis = HazardAnalysis::new(&pos).expect("combinational");
    let report = analysis.transition(&v("000"), &v("001")).expect("fits");
    let y = &report.outputs[0];
    assert_eq!(y.hazard, Some(HazardKind::Static));
    let cure = y.consensus.as_ref().expect("a product of sums");
    assert_eq!(cure.describe(&pos), "(A + B)");
    // Not two-level (Y = M·S with M the multiplexer): its static-0 hazard names no term.
    let c = example("hazards/dynamic_hazard.ron");
    let report = HazardAnalysis::new(&c)
        .expect("combinational")
        .transition(&v("101"), &v("100"))
        .expect("fits");
    assert_eq!(report.outputs[0].hazard, Some(HazardKind::Static));
    assert_eq!(report.outputs[0].consensus, None);
}

#[test]
fn the_multiplexer_with_its_consensus_term_has_no_hazard() {
    let c = example("hazards/mux_consensus.ron");
    let analysis = HazardAnalysis::new(&c).expect("combinational");
    let report = analysis.transition(&v("110"), &v("111")).expect("fits");
    let y = &report.outputs[0];
    assert_eq!(
        (y.before, y.during, y.after),
        (Trit::True, Trit::True, Trit::True)
    );
    assert_eq!((y.hazard, y.changes), (None, Some(0)));
    let sweep = analysis
        .all_single(&SweepOptions::default())
        .expect("sweeps");
    assert!(!sweep.has_hazards());
    assert_eq!(sweep.transitions, 24);
}

#[test]
fn the_dynamic_hazard_is_counted_three_changes_and_its_static_0_hazard_two() {
    let c = example("hazards/dynamic_hazard.ron");
    let analysis = HazardAnalysis::new(&c).expect("combinational");
    for (from, to) in [("110", "111"), ("111", "110")] {
        let report = analysis.transition(&v(from), &v(to)).expect("fits");
        let y = &report.outputs[0];
        assert_eq!(y.during, Trit::Unknown);
        assert_eq!(y.hazard, Some(HazardKind::Dynamic), "{from} → {to}");
        assert_eq!(y.changes, Some(3));
        assert_eq!(labels(&c, y), ["NotS", "AndA", "AndB", "OR1", "G", "Y"]);
    }
    // A = +1, B = −1: Y = B AND S stays −1, but OR1 falls as S rises.
    let report = analysis.transition(&v("100"), &v("101")).expect("fits");
    let y = &report.outputs[0];
    assert_eq!((y.before, y.after), (Trit::False, Trit::False));
    assert_eq!((y.hazard, y.changes), (Some(HazardKind::Static), Some(2)));
    // AndB = B AND S stays −1: not on the hazard's way.
    assert_eq!(labels(&c, y), ["NotS", "AndA", "OR1", "G", "Y"]);

    let sweep = analysis
        .all_single(&SweepOptions::default())
        .expect("sweeps");
    let y = &sweep.outputs[0];
    assert_eq!((y.static_hazards, y.dynamic_hazards), (2, 2));
    let kinds: Vec<(HazardKind, Vec<Trit>)> = y
        .examples
        .iter()
        .map(|e| (e.kind, e.from.clone()))
        .collect();
    assert_eq!(
        kinds,
        [
            (HazardKind::Static, v("100")),
            (HazardKind::Dynamic, v("110"))
        ]
    );
}

#[test]
fn loops_are_refused_with_the_loop_named() {
    let c = example("rs_nor_latch.ron");
    let Err(HazardError::Loop { labels, .. }) = HazardAnalysis::new(&c) else {
        panic!("the latch is a loop");
    };
    assert_eq!(labels, ["NOR1", "NOR2"]);
}

/// Every binary vector of `n` inputs, input 0 first.
fn vectors(n: usize) -> impl Iterator<Item = Vec<Trit>> {
    (0..1u32 << n).map(move |k| {
        (0..n)
            .map(|j| {
                if k >> j & 1 == 1 {
                    Trit::True
                } else {
                    Trit::False
                }
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The sweep (batch engine, bit-sliced transients, 512 lanes) finds exactly the hazards
    /// the event engine's procedures A and B and the exact transient algebra find, transition
    /// by transition; and the algebra's "two changes or more between equal values" is
    /// Eichelberger's static hazard.
    #[test]
    fn the_sweep_agrees_with_every_single_transition(c in common::dag(7, 40)) {
        let analysis = HazardAnalysis::new(&c).expect("a DAG");
        let n = analysis.inputs().len();
        let outputs = analysis.outputs().len();
        let mut counts = vec![(0u64, 0u64); outputs];
        let mut transitions = 0;
        for from in vectors(n) {
            for i in 0..n {
                let mut to = from.clone();
                to[i] = to[i].not();
                let report = analysis.transition(&from, &to).expect("fits");
                transitions += 1;
                for (k, o) in report.outputs.iter().enumerate() {
                    match o.hazard {
                        Some(HazardKind::Static) => counts[k].0 += 1,
                        Some(HazardKind::Dynamic) => counts[k].1 += 1,
                        None => {}
                    }
                    if let Some(changes) = o.changes {
                        prop_assert_eq!(
                            o.before == o.after && changes >= 2,
                            o.hazard == Some(HazardKind::Static)
                        );
                        prop_assert_eq!(changes >= 1, o.during == Trit::Unknown);
                    }
                }
            }
        }
        let sweep = analysis.all_single(&SweepOptions::default()).expect("sweeps");
        prop_assert_eq!(sweep.transitions, transitions);
        let found: Vec<(u64, u64)> = sweep
            .outputs
            .iter()
            .map(|o| (o.static_hazards, o.dynamic_hazards))
            .collect();
        prop_assert_eq!(found, counts);
    }

    /// A sample's examples are hazards of the event engine's analysis too.
    #[test]
    fn sampled_examples_are_confirmed_one_by_one(c in common::dag(7, 40), seed in any::<u64>()) {
        let analysis = HazardAnalysis::new(&c).expect("a DAG");
        let options = SweepOptions { max_exhaustive_inputs: 0, samples: 100, seed, examples: 3 };
        let sweep = analysis.all_single(&options).expect("sweeps");
        prop_assert_eq!(sweep.sampled, Some(seed));
        prop_assert_eq!(sweep.transitions, 2 * 100 * analysis.inputs().len() as u64);
        for (k, o) in sweep.outputs.iter().enumerate() {
            for e in &o.examples {
                let report = analysis.transition(&e.from, &e.to).expect("fits");
                prop_assert_eq!(report.outputs[k].hazard, Some(e.kind));
                let back = analysis.transition(&e.to, &e.from).expect("fits");
                prop_assert_eq!(back.outputs[k].hazard, Some(e.kind));
            }
        }
    }
}
