//! Property tests of `analysis::exact` on random combinational circuits with random ternary
//! inputs, against brute force with the event engine:
//! (a) every net reported pessimistic with value v takes v under every binary completion, and
//! every net reported unknown stays unknown under every completion;
//! (b) every undetermined net's two completions really give the two different values stated;
//! (c) the verdicts are complete: a net Kleene leaves unknown is reported, and one whose
//! completions all agree is never called undetermined;
//! (d) the decision diagrams (forced: no enumeration) reach the same verdicts as enumeration.
//! The converse direction — a known Kleene value holds for every completion — is
//! `a_known_output_holds_for_every_binary_completion` in `properties.rs`.

mod common;

use std::collections::BTreeSet;

use common::circuit_and_inputs;
use proptest::prelude::*;
use sim_core::analysis::exact::{self, Completion, Method, Options, Scope, Verdict};
use sim_core::{Circuit, Engine, NodeId, Trit};

/// Every node's value after settling `inputs` from power-on, by the event engine.
fn simulate(c: &Circuit, inputs: &[(NodeId, Trit)]) -> Vec<Trit> {
    let mut engine = Engine::from_circuit(c);
    engine.set(inputs.iter().copied()).expect("switches");
    let report = engine.settle();
    assert!(report.oscillation.is_none(), "a DAG never oscillates");
    (0..c.node_bound())
        .map(|i| {
            c.nodes()
                .find(|(id, _)| id.index() == i)
                .map_or(Trit::Unknown, |(id, _)| engine.value(id))
        })
        .collect()
}

/// `inputs` with the unknown ones set by `completion` (in `unknown` order).
fn complete(
    inputs: &[(NodeId, Trit)],
    unknown: &[NodeId],
    completion: &[Trit],
) -> Vec<(NodeId, Trit)> {
    let mut out = inputs.to_vec();
    for (&id, &v) in unknown.iter().zip(completion) {
        match out.iter_mut().find(|(i, _)| *i == id) {
            Some(slot) => slot.1 = v,
            None => out.push((id, v)),
        }
    }
    out
}

/// Every net's values over all completions of the unknown inputs, by brute force.
fn brute_force(c: &Circuit, inputs: &[(NodeId, Trit)], unknown: &[NodeId]) -> Vec<BTreeSet<i8>> {
    let mut values = vec![BTreeSet::new(); c.node_bound()];
    for bits in 0u32..(1 << unknown.len()) {
        let completion: Vec<Trit> = (0..unknown.len())
            .map(|j| Trit::from(bits >> j & 1 == 1))
            .collect();
        let got = simulate(c, &complete(inputs, unknown, &completion));
        for (set, v) in values.iter_mut().zip(got) {
            set.insert(v.to_i8());
        }
    }
    values
}

/// Checks a report against brute force; returns each reported net's verdict as
/// (node, Some(value)) for pessimistic or unknown, (node, None) for undetermined.
fn check(
    c: &Circuit,
    inputs: &[(NodeId, Trit)],
    report: &exact::Report,
) -> Result<Vec<(NodeId, Option<Trit>)>, TestCaseError> {
    let kleene = simulate(c, inputs);
    let every = brute_force(c, inputs, &report.unknown_inputs);
    let reported: BTreeSet<NodeId> = report.nets.iter().map(|n| n.node).collect();
    for (id, node) in c.nodes() {
        if node.kind.role() != sim_core::Role::Source {
            prop_assert_eq!(
                reported.contains(&id),
                kleene[id.index()] == Trit::Unknown,
                "{} reported iff Kleene leaves it unknown",
                node.label
            );
        }
    }
    let mut verdicts = Vec::new();
    for net in &report.nets {
        let label = &c[net.node].label;
        let seen = &every[net.node.index()];
        match &net.verdict {
            Verdict::Pessimistic { value } => {
                prop_assert!(value.is_known());
                prop_assert_eq!(seen, &BTreeSet::from([value.to_i8()]), "{} is exact", label);
                verdicts.push((net.node, Some(*value)));
            }
            Verdict::Unknown => {
                prop_assert_eq!(seen, &BTreeSet::from([0]), "{} stays unknown", label);
                verdicts.push((net.node, Some(Trit::Unknown)));
            }
            Verdict::Undetermined { first, second } => {
                prop_assert_ne!(first.value, second.value);
                for Completion {
                    inputs: bits,
                    value,
                } in [first, second]
                {
                    prop_assert_eq!(bits.len(), report.unknown_inputs.len());
                    prop_assert!(bits.iter().all(|b| b.is_known()), "binary completions");
                    let got = simulate(c, &complete(inputs, &report.unknown_inputs, bits));
                    prop_assert_eq!(got[net.node.index()], *value, "{} under {:?}", label, bits);
                }
                verdicts.push((net.node, None));
            }
        }
    }
    Ok(verdicts)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn enumerated_verdicts_are_confirmed_by_brute_force((c, inputs) in circuit_and_inputs(6, 40)) {
        let options = Options { scope: Scope::AllNets, ..Options::default() };
        let report = exact::decide(&c, &inputs, &options).expect("a DAG");
        prop_assert!(report.enumerated);
        prop_assert!(report.nets.iter().all(|n| n.method == Method::Enumeration));
        check(&c, &inputs, &report)?;
    }

    #[test]
    fn the_diagrams_agree_with_enumeration(
        (c, inputs) in circuit_and_inputs(6, 40),
        samples in prop_oneof![Just(1usize), 1usize..700],
        seed in any::<u64>(),
    ) {
        let enumerated = exact::decide(
            &c, &inputs, &Options { scope: Scope::AllNets, ..Options::default() },
        ).expect("a DAG");
        let forced = Options {
            scope: Scope::AllNets,
            enumeration_limit: 0,
            samples,
            seed,
            ..Options::default()
        };
        let decided = exact::decide(&c, &inputs, &forced).expect("a DAG");
        prop_assert_eq!(decided.enumerated, decided.unknown_inputs.is_empty());
        let by_diagrams = check(&c, &inputs, &decided)?;
        prop_assert_eq!(by_diagrams, check(&c, &inputs, &enumerated)?);
        if samples == 1 && !decided.unknown_inputs.is_empty() {
            // One sample shows one value: the diagrams decide every net.
            prop_assert!(decided.nets.iter().all(|n| n.method == Method::Bdd));
        }
    }
}
