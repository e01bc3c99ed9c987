//! The example circuits in `circuits/`: every file must load, every embedded test must pass,
//! and every file must survive a save/load round trip unchanged.

use std::fs;
use std::path::{Path, PathBuf};

use sim_core::format::{self, Document};

/// How many `*.ron` files `circuits/`, its part library `circuits/lib/`, the CPU
/// (`circuits/cpu/`), its parts (`circuits/cpu/lib/`) and the hazard cases
/// (`circuits/hazards/`) hold. Update this
/// when adding or removing a circuit, so that a file that silently stops being picked up
/// (renamed, wrong extension) is noticed.
const EXPECTED_FILES: usize = 52;

/// The `*.ron` files in `circuits/`, `circuits/lib/`, `circuits/cpu/`, `circuits/cpu/lib/`
/// and `circuits/hazards/`, sorted by name.
fn circuit_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits");
    let cpu = root.join("cpu");
    let dirs = [
        root.clone(),
        root.join("lib"),
        cpu.join("lib"),
        cpu,
        root.join("hazards"),
    ];
    let mut files: Vec<PathBuf> = dirs.iter().flat_map(ron_files).collect();
    files.sort();
    files
}

/// The `*.ron` files directly in `dir`.
fn ron_files(dir: &PathBuf) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| {
            entry
                .unwrap_or_else(|e| panic!("cannot read an entry of {}: {e}", dir.display()))
                .path()
        })
        .filter(|path| path.extension().is_some_and(|ext| ext == "ron"))
        .collect()
}

/// Reads and parses `path`, panicking with the file name on any error.
fn load(path: &Path) -> Document {
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse(&text, path)
}

/// Parses `text` as the file `path`, its libraries read by the loader's default policy (from
/// under the folder of the file naming them), as the CLI and the app read them.
fn parse(text: &str, path: &Path) -> Document {
    let name = path.display().to_string();
    loader::parse_circuit(text, &name, &loader::LibraryPolicy::new())
        .unwrap_or_else(|e| panic!("cannot load {}: {e}", path.display()))
}

#[test]
fn every_example_circuit_passes_its_tests() {
    let files = circuit_files();
    let mut report = Vec::new();
    for path in &files {
        let doc = load(path);
        assert!(
            !doc.tests.is_empty(),
            "{} has no embedded tests",
            path.display()
        );
        for test in &doc.tests {
            let outcome = test.run(&doc.circuit).unwrap_or_else(|e| {
                panic!("{}: test `{}` does not fit: {e}", path.display(), test.name)
            });
            if !outcome.passed() {
                let failures: Vec<String> =
                    outcome.failures.iter().map(ToString::to_string).collect();
                report.push(format!(
                    "{}: test `{}` failed:\n    {}",
                    path.display(),
                    test.name,
                    failures.join("\n    ")
                ));
            }
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
    assert_eq!(
        files.len(),
        EXPECTED_FILES,
        "expected {EXPECTED_FILES} circuit files, found {}: {files:?} \
         (update EXPECTED_FILES when adding a circuit)",
        files.len()
    );
}

#[test]
fn every_example_circuit_round_trips() {
    let files = circuit_files();
    assert!(!files.is_empty(), "no circuit files found");
    for path in &files {
        let doc = load(path);
        let text = format::to_string(&doc)
            .unwrap_or_else(|e| panic!("cannot save {}: {e}", path.display()));
        let again = parse(&text, path);
        // Saving keeps the hierarchy: the same libraries, parts, instances and pin wires,
        // and saving again writes the same text.
        assert_eq!(
            doc.design,
            again.design,
            "{}: design changed",
            path.display()
        );
        assert_eq!(
            format::to_string(&again).expect("saves"),
            text,
            "{}: a second save differs",
            path.display()
        );
        let (mut before, mut after) = (doc.circuit.to_desc(), again.circuit.to_desc());
        if !doc.design.is_flat() {
            // The top level's wires are written before its pin wires: the same wires, maybe
            // in another order.
            for desc in [&mut before, &mut after] {
                desc.wires
                    .sort_by(|a, b| (&a.from, &a.to, a.input).cmp(&(&b.from, &b.to, b.input)));
            }
        }
        let name = path.display();
        assert_eq!(before, after, "{name}: circuit changed");
        assert_eq!(doc.tests, again.tests, "{name}: tests changed");
        assert_eq!(doc.name, again.name, "{name}: name changed");
        assert_eq!(
            doc.description, again.description,
            "{name}: description changed"
        );
    }
}
