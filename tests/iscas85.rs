//! Every ISCAS-85 netlist in `../shared/circuits/iscas85/` imports, with the gate, input and
//! output counts of the benchmark suite's table (Brglez & Fujiwara, 1985), and settles from a
//! known input vector without oscillating.

use std::path::PathBuf;

use sim_core::{Engine, NodeKind, Role, Trit, bench};

/// (circuit, gates, inputs, outputs) from the suite's README table.
const SUITE: [(&str, usize, usize, usize); 11] = [
    ("c17", 6, 5, 2),
    ("c432", 160, 36, 7),
    ("c499", 202, 41, 32),
    ("c880", 383, 60, 26),
    ("c1355", 546, 41, 32),
    ("c1908", 880, 33, 25),
    ("c2670", 1269, 233, 140),
    ("c3540", 1669, 50, 22),
    ("c5315", 2307, 178, 123),
    ("c6288", 2416, 32, 32),
    ("c7552", 3513, 207, 108),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/circuits/iscas85")
}

#[test]
fn every_iscas85_netlist_imports_with_its_published_size() {
    let mut ran = 0;
    for (name, gates, inputs, outputs) in SUITE {
        let path = dir().join(format!("{name}.bench"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{}: {e} (shared/ must sit beside the repo)", path.display())
        });
        let c = bench::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let count = |role| c.nodes().filter(|(_, n)| n.kind.role() == role).count();
        // BUFF gates count as gates in the table.
        assert_eq!(count(Role::Gate), gates, "{name}: gates");
        assert_eq!(c.inputs().count(), inputs, "{name}: inputs");
        assert_eq!(count(Role::Terminal), outputs, "{name}: outputs");
        assert!(
            c.nodes().all(|(_, n)| n.kind != NodeKind::Dff),
            "{name} is combinational"
        );

        let mut engine = Engine::from_circuit(&c);
        let ids: Vec<_> = c.inputs().collect();
        engine
            .set(
                ids.iter()
                    .enumerate()
                    .map(|(i, &id)| (id, Trit::from(i % 3 == 0))),
            )
            .expect("switches");
        let report = engine.settle();
        assert!(report.oscillation.is_none(), "{name} is acyclic");
        assert!(
            c.terminals().all(|id| engine.value(id).is_known()),
            "{name}: binary in, binary out"
        );
        ran += 1;
    }
    assert_eq!(ran, 11);
    let on_disk = std::fs::read_dir(dir())
        .expect("iscas85 directory")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "bench"))
        })
        .count();
    assert_eq!(
        on_disk,
        SUITE.len(),
        "a netlist was added or removed: update SUITE"
    );
}
