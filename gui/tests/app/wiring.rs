//! Every circuit of `circuits/` and `circuits/lib/` as the canvas lays it out and routes it,
//! at every level (the top, and inside each part it uses, once per part): no two nets share a
//! segment or look joined, no wire runs through a node or block, no boxes overlap, and no
//! wire fell back to a plain route ([`router::check`] on what the canvas drew).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use gui::router;

use crate::common::{App, app};

/// The circuit files this test expects to check (update it when adding one).
const EXPECTED_FILES: usize = 41;

fn circuit_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("lib")] {
        for entry in std::fs::read_dir(&dir).expect("circuits/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "ron") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// What is wrong with the open level's wiring, one line per defect.
fn defects_here(h: &mut App) -> Vec<String> {
    h.run();
    let level = h.state().state.level.join("/");
    let routes = h.state_mut().canvas_mut().routes();
    let all = router::check(&routes.connections, &routes.boxes, &routes.routing);
    // One line per kind of defect: how many, and the first.
    let mut found: Vec<String> = Vec::new();
    for kind in ["Touching", "ThroughBox", "Overlap", "Broken"] {
        let of_kind: Vec<_> = all
            .iter()
            .filter(|d| format!("{d:?}").starts_with(kind))
            .collect();
        if let Some(first) = of_kind.first() {
            let boxes = match first {
                router::Defect::Overlap { a, b } => {
                    format!(" {:?} {:?}", routes.boxes[*a], routes.boxes[*b])
                }
                router::Defect::ThroughBox { area, .. } => format!(" {:?}", routes.boxes[*area]),
                _ => String::new(),
            };
            found.push(format!(
                "level '{level}': {} × {kind}, first {first:?}{boxes}",
                of_kind.len()
            ));
        }
    }
    if routes.routing.fallbacks > 0 {
        found.push(format!(
            "level '{level}': {} wires fell back to a plain route",
            routes.routing.fallbacks
        ));
    }
    found
}

/// Checks the open level, then every part used below it that `seen` does not hold yet.
fn visit(h: &mut App, seen: &mut BTreeSet<String>, defects: &mut Vec<String>, levels: &mut usize) {
    defects.extend(defects_here(h));
    *levels += 1;
    let instances: Vec<(String, String)> = h
        .state()
        .state
        .level_instances()
        .iter()
        .map(|i| (i.label.clone(), i.of.clone()))
        .collect();
    let depth = h.state().state.level.len();
    for (label, part) in instances {
        if seen.insert(part) && h.state_mut().state.open_instance(&label) {
            visit(h, seen, defects, levels);
            h.state_mut().state.go_up(depth);
        }
    }
}

#[test]
fn every_example_is_wired_cleanly_at_every_level() {
    let files = circuit_files();
    let mut defects = Vec::new();
    let mut levels = 0;
    for path in &files {
        let state = gui::state::AppState::open_or_report(path);
        assert!(
            state.notice.is_none(),
            "{}: {:?}",
            path.display(),
            state.notice
        );
        let mut h = app(state);
        let mut found = Vec::new();
        visit(&mut h, &mut BTreeSet::new(), &mut found, &mut levels);
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        defects.extend(
            found
                .into_iter()
                .map(|d| format!("{}: {d}", name.clone().unwrap_or_default())),
        );
    }
    assert!(
        defects.is_empty(),
        "{} defects:\n{}",
        defects.len(),
        defects.join("\n")
    );
    assert_eq!(files.len(), EXPECTED_FILES, "files checked: {files:?}");
    assert!(
        levels > files.len(),
        "parts were looked inside too: {levels} levels"
    );
}

/// Renders one level for a look: `TRITIUM_SHOT=adder8.ron:lo` (a file of `circuits/` or
/// `circuits/lib/`, and the instance path to open) writes `target/wiring.png`.
#[test]
#[ignore = "renders a level for a look, see its documentation"]
fn render_a_level() {
    let spec = std::env::var("TRITIUM_SHOT").unwrap_or_else(|_| "adder8.ron".to_owned());
    let (file, level) = spec.split_once(':').unwrap_or((&spec, ""));
    let path = circuit_files()
        .into_iter()
        .find(|p| p.file_name().is_some_and(|n| n == file))
        .expect("a circuit file");
    let mut h = app(gui::state::AppState::open_or_report(&path));
    h.run();
    for label in level.split('/').filter(|l| !l.is_empty()) {
        assert!(
            h.state_mut().state.open_instance(label),
            "no instance {label}"
        );
        h.run();
    }
    for _ in 0..3 {
        h.run();
    }
    let image = h.render().expect("a wgpu renderer");
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/wiring.png");
    image.save(&out).expect("write the PNG");
    println!("{}", defects_here(&mut h).join("\n"));
}
