//! Inputs the fuzzers (`fuzz/`, run with `cargo fuzz`) found interesting, replayed through the
//! same checks as the fuzz targets: parsing never panics, what is written reads back equal,
//! and a parsed circuit settles. The loader's targets share their checks with this file
//! (`fuzz/checks/loader.rs`); the games' are replayed by `tests/fuzz_position_*.rs`. Add a
//! file to `fuzz/regressions/TARGET/` for every crash the fuzzers find, after fixing it.

#[path = "../fuzz/checks/loader.rs"]
mod checks;
#[path = "../fuzz/checks/replay.rs"]
mod replay;

use std::fs;
use std::path::PathBuf;

use sim_core::{Engine, Trit, bench, format};

/// The inputs in `fuzz/regressions/KIND/` as text (invalid UTF-8 replaced).
fn files(kind: &str) -> Vec<(PathBuf, String)> {
    replay::inputs(kind)
        .into_iter()
        .map(|(path, bytes)| (path, String::from_utf8_lossy(&bytes).into_owned()))
        .collect()
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

/// A fresh folder for the circuit-with-libraries check, removed on drop.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[test]
fn circuit_files_regressions() {
    let dir = TempDir(
        std::env::temp_dir().join(format!("tritium-fuzz-regressions-{}", std::process::id())),
    );
    let root = checks::circuit_files_dir(&dir.0);
    let cases = replay::inputs("circuit_files");
    // Every attack is refused (without its text in the message: the check asserts it); a
    // library naming itself is read once.
    assert_eq!(
        replay::accepted(&cases, |data| checks::circuit_files(&root, data)),
        ["libraries-beside-and-below.txt", "library-cycle.txt"]
    );
    assert_eq!(cases.len(), 9, "update the count when adding regressions");
    assert!(dir.0.join("secret.ron").exists());
}

#[test]
fn figure_regressions() {
    let cases = replay::inputs("figure");
    assert_eq!(replay::accepted(&cases, checks::figure), ["barn.ron"]);
    assert_eq!(cases.len(), 3, "update the count when adding regressions");
}
