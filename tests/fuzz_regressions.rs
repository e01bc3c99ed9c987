//! Inputs the fuzzers (`fuzz/`, run with `cargo fuzz`) found interesting, replayed through the
//! same checks as the fuzz targets: parsing never panics, what is written reads back equal,
//! and a parsed circuit settles. Add a file to `fuzz/regressions/{bench,ron}/` for every crash
//! the fuzzers find, after fixing it.

use std::fs;
use std::path::PathBuf;

use sim_core::{Engine, Trit, bench, format};

fn files(kind: &str) -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(kind);
    let mut out: Vec<(PathBuf, String)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .map(|p| {
            let bytes = fs::read(&p).expect("readable");
            (p, String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn bench_regressions() {
    let cases = files("bench");
    for (path, text) in &cases {
        let Ok(circuit) = bench::from_str(text) else {
            continue;
        };
        let mut engine = Engine::from_circuit(&circuit);
        engine.settle();
        let inputs: Vec<_> = circuit.inputs().collect();
        engine
            .set(inputs.iter().map(|&id| (id, Trit::True)))
            .expect("switches");
        engine.settle();
        if let Ok(written) = bench::to_string(&circuit) {
            let again = bench::from_str(&written).expect("what we write, we read");
            assert_eq!(again.to_desc(), circuit.to_desc(), "{}", path.display());
        }
    }
    assert_eq!(cases.len(), 1, "update the count when adding regressions");
}

#[test]
fn ron_regressions() {
    let cases = files("ron");
    for (path, text) in &cases {
        let Ok(doc) = format::from_str(text) else {
            continue;
        };
        let written = format::to_string(&doc).expect("writable");
        let again = format::from_str(&written).expect("what we write, we read");
        assert_eq!(
            again.circuit.to_desc(),
            doc.circuit.to_desc(),
            "{}",
            path.display()
        );
        assert_eq!(again.tests, doc.tests, "{}", path.display());
    }
    assert_eq!(cases.len(), 0, "update the count when adding regressions");
}
