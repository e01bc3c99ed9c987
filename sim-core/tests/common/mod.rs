//! Proptest strategies shared by sim-core's integration tests.

use proptest::prelude::*;
use sim_core::Circuit;
use sim_core::Trit;
use sim_core::generate::{DagShape, random_dag};

/// Any of the three trits.
pub fn trit() -> impl Strategy<Value = Trit> {
    prop_oneof![Just(Trit::False), Just(Trit::Unknown), Just(Trit::True)]
}

/// A seeded random DAG ([`random_dag`]) with 1..=`max_inputs` switches, 1..=`max_gates`
/// gates of fan-in 2..=4, each reading from a window of up to 12 earlier nodes.
pub fn dag(max_inputs: usize, max_gates: usize) -> impl Strategy<Value = Circuit> {
    (
        1..=max_inputs,
        1..=max_gates,
        2u8..=4,
        1usize..=12,
        any::<u64>(),
    )
        .prop_map(|(inputs, gates, max_fanin, window, seed)| {
            random_dag(
                DagShape {
                    inputs,
                    gates,
                    max_fanin,
                    window,
                },
                seed,
            )
        })
}
