//! The example circuits in `circuits/`: every file must load, every embedded test must pass,
//! every file must survive a save/load round trip unchanged, and on every combinational one
//! the exact analysis of X-pessimism (`analyze exact`) must be confirmed by enumeration.

use std::fs;
use std::path::{Path, PathBuf};

use sim_core::analysis::exact::{self, ExactError, Options, Scope, Verdict};
use sim_core::format::{self, Document};
use sim_core::{Circuit, Engine, NodeId, NodeKind, Trit};

/// How many `*.ron` files `circuits/`, its part library `circuits/lib/`, the CPU
/// (`circuits/cpu/`), its parts (`circuits/cpu/lib/`) and the hazard cases
/// (`circuits/hazards/`) hold. Update this
/// when adding or removing a circuit, so that a file that silently stops being picked up
/// (renamed, wrong extension) is noticed.
const EXPECTED_FILES: usize = 58;

/// The `*.ron` files under `circuits/`, in every folder but `circuits/figures/` (figure files,
/// which `tests/figures.rs` checks), sorted by path.
fn circuit_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits");
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in
            fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        {
            let path = entry
                .unwrap_or_else(|e| panic!("cannot read an entry of {}: {e}", dir.display()))
                .path();
            if path.is_dir() {
                if path != root.join("figures") {
                    dirs.push(path);
                }
            } else if path.extension().is_some_and(|ext| ext == "ron") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
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

/// Every node's value for each completion of `unknown` (completion `c` sets the `j`-th to +1
/// iff bit `j` of `c` is set) on top of `set`, by the event engine: one settle per completion
/// (a combinational circuit's settled values do not depend on what came before).
fn every_completion(c: &Circuit, set: &[(NodeId, Trit)], unknown: &[NodeId]) -> Vec<Vec<Trit>> {
    let mut engine = Engine::from_circuit(c);
    engine.set(set.iter().copied()).expect("inputs");
    (0u32..1 << unknown.len())
        .map(|bits| {
            let completion = unknown
                .iter()
                .enumerate()
                .map(|(j, &id)| (id, Trit::from(bits >> j & 1 == 1)));
            engine.set(completion).expect("switches");
            engine.settle();
            (0..c.node_bound())
                .map(|i| {
                    c.nodes()
                        .find(|(id, _)| id.index() == i)
                        .map_or(Trit::Unknown, |(id, _)| engine.value(id))
                })
                .collect()
        })
        .collect()
}

/// The converse of soundness, on the examples: every net `analyze exact` reports pessimistic
/// takes its value under every binary completion, every undetermined net's two completions
/// give the values stated, and an "unknown" net is unknown under every completion. Each
/// combinational example is analysed with every input unknown, with three patterns of known
/// and unknown inputs, and with every input +1 but the last (at most 8 unknown); sequential
/// ones are refused by name.
#[test]
fn exact_verdicts_on_the_examples_are_confirmed_by_enumeration() {
    let mut checked = Vec::new();
    for path in circuit_files() {
        let doc = load(&path);
        let c = &doc.circuit;
        let inputs: Vec<NodeId> = c.inputs().collect();
        let options = Options {
            scope: Scope::AllNets,
            ..Options::default()
        };
        match exact::decide(c, &[], &options) {
            Err(ExactError::Loop { .. } | ExactError::FlipFlop { .. } | ExactError::Ram { .. }) => {
                continue;
            }
            Err(e) => panic!("{}: {e}", path.display()),
            Ok(_) => {}
        }
        let mut pessimistic = 0;
        for pattern in 0..5usize {
            let set: Vec<(NodeId, Trit)> = inputs
                .iter()
                .enumerate()
                .filter_map(|(k, &id)| {
                    // 0: every input unknown; 4: every input +1 but the last.
                    let unset = match pattern {
                        0 => true,
                        4 => k + 1 == inputs.len(),
                        _ => (k + pattern) % 3 == 0,
                    };
                    if unset {
                        return None;
                    }
                    let v = if pattern != 4 && (k + pattern) % 3 == 1 {
                        Trit::False
                    } else {
                        Trit::True
                    };
                    Some((id, v))
                })
                .collect();
            let report = exact::decide(c, &set, &options).expect("combinational");
            if report.unknown_inputs.len() > 8 {
                continue;
            }
            // Unset buttons are released, as the analysis has them.
            let mut set = set;
            for &id in &inputs {
                if c[id].kind == NodeKind::Button && !set.iter().any(|&(i, _)| i == id) {
                    set.push((id, Trit::False));
                }
            }
            let values = every_completion(c, &set, &report.unknown_inputs);
            let value_under = |bits: &[Trit], node: NodeId| {
                let index = bits
                    .iter()
                    .enumerate()
                    .map(|(j, &b)| usize::from(b == Trit::True) << j)
                    .sum::<usize>();
                values[index][node.index()]
            };
            for net in &report.nets {
                let label = format!(
                    "{}: {} (pattern {pattern})",
                    path.display(),
                    c[net.node].label
                );
                let seen: Vec<Trit> = values.iter().map(|v| v[net.node.index()]).collect();
                match &net.verdict {
                    Verdict::Pessimistic { value } => {
                        pessimistic += 1;
                        assert!(seen.iter().all(|v| v == value), "{label} is not {value}");
                    }
                    Verdict::Unknown => {
                        assert!(seen.iter().all(|v| *v == Trit::Unknown), "{label}");
                    }
                    Verdict::Undetermined { first, second } => {
                        assert_ne!(first.value, second.value, "{label}");
                        assert_eq!(value_under(&first.inputs, net.node), first.value, "{label}");
                        assert_eq!(
                            value_under(&second.inputs, net.node),
                            second.value,
                            "{label}"
                        );
                    }
                }
            }
        }
        checked.push((
            path.file_name().map(|n| n.to_string_lossy().into_owned()),
            pessimistic,
        ));
    }
    assert!(
        checked.len() >= 20,
        "only {} combinational examples: {checked:?}",
        checked.len()
    );
    let mux = checked
        .iter()
        .find(|(name, _)| name.as_deref() == Some("mux_x_pessimism.ron"))
        .expect("the X-pessimism example is combinational");
    assert!(mux.1 > 0, "its multiplexer is found pessimistic");
}
