//! What sim-core's integration tests share: proptest strategies and the loading of the
//! example circuits.

#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sim_core::format::{self, Document};
use sim_core::generate::{DagShape, random_dag};
use sim_core::{Circuit, NodeId, Trit};

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

/// A random DAG (seeded) with 1..=`max_inputs` switches, plus a ternary value for each switch.
pub fn circuit_and_inputs(
    max_inputs: usize,
    max_gates: usize,
) -> impl Strategy<Value = (Circuit, Vec<(NodeId, Trit)>)> {
    dag(max_inputs, max_gates).prop_flat_map(|c| {
        let ids: Vec<NodeId> = c.inputs().collect();
        prop::collection::vec(trit(), ids.len()).prop_map(move |vals| {
            let assignment = ids.iter().copied().zip(vals).collect();
            (c.clone(), assignment)
        })
    })
}

/// The folder `circuits/` of the workspace.
pub fn circuits_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits")
}

/// Parses `text` as the file `path`, its libraries and contents files read relative to the
/// folder of the file naming them.
pub fn parse_file(text: &str, path: &Path) -> Document {
    let mut resolve = |name: &str, from: &str| -> Result<(String, String), String> {
        let p = Path::new(from)
            .parent()
            .unwrap_or_else(|| Path::new(""))
            .join(name);
        std::fs::read_to_string(&p)
            .map(|text| (p.to_string_lossy().into_owned(), text))
            .map_err(|e| format!("{}: {e}", p.display()))
    };
    format::from_str_with(text, &path.to_string_lossy(), &mut resolve)
        .unwrap_or_else(|e| panic!("cannot load {}: {e}", path.display()))
}

/// Reads and parses the file `path` (see [`parse_file`]).
pub fn load_file(path: &Path) -> Document {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_file(&text, path)
}

/// The circuit of `circuits/NAME` (see [`parse_file`]).
pub fn example(name: &str) -> Circuit {
    load_file(&circuits_dir().join(name)).circuit
}
