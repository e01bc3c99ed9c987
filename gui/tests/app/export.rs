//! Exporting the schematic (`gui::pages::circuit::export`): every example of `circuits/`, at
//! every level, written as SVG that parses, names every node and net in its groups and writes
//! every node's label as text, and rendered to a PNG of the size the SVG's extent gives; and
//! File → Export image… writing the open level, or every level, as a person would.

use std::collections::BTreeSet;
use std::path::Path;

use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::export::{self, DEFAULT_SCALE, ImageFormat};
use gui::pages::circuit::geometry::{self, CELL};
use gui::pages::circuit::state::CircuitPageState;
use roxmltree::{Document, Node};

use crate::common::{TempDir, app_with, circuit_files};

/// The circuit files of `circuits/` and its folders but `figures/` (Euler figures, not
/// circuits) this test expects (update it when adding one).
const EXPECTED_FILES: usize = 58;

/// What the open level shows, as the canvas names it: its nodes (a bus once, by its name; the
/// open part's pins; a level with buses as written), its blocks, and the drivers of its wires.
struct Shown {
    nodes: BTreeSet<String>,
    blocks: BTreeSet<String>,
    nets: BTreeSet<String>,
}

fn shown(state: &CircuitPageState) -> Shown {
    let mut nodes = BTreeSet::new();
    let mut nets = BTreeSet::new();
    if let Some((written, wires)) = state.written_level() {
        nodes.extend(written.iter().map(|n| n.label.clone()));
        nets.extend(wires.iter().map(|w| w.from.clone()));
    } else {
        let c = state.circuit();
        for (id, n) in c.nodes() {
            let label = c.bus_of(id).map_or(&n.label, |(bus, _)| &bus.name);
            if let Some(local) = state.on_level(label) {
                nodes.insert(local.to_owned());
            }
        }
        for (_, w) in c.wires() {
            if let (Some(from), Some(_)) = (
                state.on_level(&c[w.from].label),
                state.on_level(&c[w.to].label),
            ) {
                nets.insert(from.to_owned());
            }
        }
        nets.extend(
            state
                .level_pin_wires()
                .iter()
                .map(|(from, _, _)| from.to_text()),
        );
    }
    nodes.extend(state.level_pins().into_iter().map(|n| n.label));
    let blocks = state
        .level_instances()
        .iter()
        .map(|i| i.label.clone())
        .collect();
    Shown {
        nodes,
        blocks,
        nets,
    }
}

/// The groups of class `class` in `svg`, by the name in attribute `data-CLASS`.
fn groups<'a>(svg: &'a Document<'a>, class: &str) -> Vec<(String, Node<'a, 'a>)> {
    let attribute = format!("data-{class}");
    svg.root_element()
        .children()
        .filter(|g| g.has_tag_name("g") && g.attribute("class") == Some(class))
        .map(|g| (g.attribute(attribute.as_str()).unwrap_or("").to_owned(), g))
        .collect()
}

/// The text of every `<text>` under `node`.
fn texts(node: Node<'_, '_>) -> Vec<String> {
    node.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_owned())
        .collect()
}

/// A PNG's width and height, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[1..4], b"PNG", "a PNG file");
    let word = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    (word(16), word(20))
}

/// What is wrong with the picture of the open level, one line per defect; checks its PNG too
/// when `png` is set.
fn defects(state: &mut CircuitPageState, png: bool) -> Vec<String> {
    let expected = shown(state);
    let picture = export::draw(state);
    let level = state.level.join("/");
    let svg = match Document::parse(picture.svg()) {
        Ok(svg) => svg,
        Err(e) => return vec![format!("level '{level}': the SVG does not parse: {e}")],
    };
    let mut found = Vec::new();
    let root = svg.root_element();
    let number = |name: &str| root.attribute(name).and_then(|v| v.parse::<f32>().ok());
    if number("data-cell") != Some(CELL) || root.attribute("data-level") != Some(level.as_str()) {
        found.push(format!(
            "level '{level}': no data-cell={CELL} or data-level on the root"
        ));
    }
    let extent = picture.extent();
    let (width, height) = (
        number("width").unwrap_or(0.0),
        number("height").unwrap_or(0.0),
    );
    if (width, height) != (extent.width(), extent.height())
        || width % CELL != 0.0
        || height % CELL != 0.0
    {
        found.push(format!(
            "level '{level}': {width} × {height} is not the extent {extent:?} in whole cells"
        ));
    }
    let nodes = groups(&svg, "node");
    let named: BTreeSet<String> = nodes.iter().map(|(n, _)| n.clone()).collect();
    if named != expected.nodes {
        found.push(format!(
            "level '{level}': node groups {named:?}, expected {:?}",
            expected.nodes
        ));
    }
    for (label, g) in &nodes {
        let first = g.children().find(Node::is_element);
        if !first.is_some_and(|f| {
            ["path", "rect", "circle", "ellipse", "line"].contains(&f.tag_name().name())
        }) {
            found.push(format!(
                "level '{level}': node {label} does not start with its outline"
            ));
        }
        // A splitter or merger is drawn as its spine alone, without a label.
        let wiring = state.written_level().is_some_and(|(nodes, _)| {
            nodes
                .iter()
                .any(|n| n.label == *label && n.kind.is_wiring())
        });
        // A display of several trits adds its width to its label: `SEG /8`.
        let labelled = texts(*g).iter().any(|t| {
            t == label
                || t.strip_prefix(label.as_str())
                    .is_some_and(|width| width.starts_with(" /"))
        });
        if !wiring && !labelled {
            found.push(format!(
                "level '{level}': node {label}'s label is not a <text>"
            ));
        }
    }
    let state = &*state;
    for label in &expected.nodes {
        let Some(node) = state
            .circuit()
            .nodes()
            .find_map(|(_, n)| (state.on_level(&n.label) == Some(label.as_str())).then_some(n))
        else {
            continue;
        };
        let r = geometry::rect(node);
        let inside = |x: f32, y: f32| extent.contains(egui::pos2(x * CELL, y * CELL));
        if !(inside(r.min.x, r.min.y) && inside(r.max.x, r.max.y)) {
            found.push(format!(
                "level '{level}': node {label} lies outside {extent:?}"
            ));
        }
    }
    found.extend(named_groups(&svg, &expected, state, &level));
    if png {
        found.extend(png_defect(&picture).map(|d| format!("level '{level}': {d}")));
    }
    found
}

/// What is wrong with the block, net and note groups of `svg` against what the level shows.
fn named_groups(
    svg: &Document<'_>,
    expected: &Shown,
    state: &CircuitPageState,
    level: &str,
) -> Vec<String> {
    let mut found = Vec::new();
    let blocks: BTreeSet<String> = groups(svg, "block").into_iter().map(|(n, _)| n).collect();
    if blocks != expected.blocks {
        found.push(format!(
            "level '{level}': block groups {blocks:?}, expected {:?}",
            expected.blocks
        ));
    }
    let nets: BTreeSet<String> = groups(svg, "net").into_iter().map(|(n, _)| n).collect();
    if nets != expected.nets {
        found.push(format!(
            "level '{level}': net groups {nets:?}, expected {:?}",
            expected.nets
        ));
    }
    let texts: Vec<String> = groups(svg, "note").into_iter().map(|(n, _)| n).collect();
    let written: Vec<String> = state.level_notes().iter().map(|n| n.text.clone()).collect();
    if texts != written {
        found.push(format!(
            "level '{level}': note groups {texts:?}, expected {written:?}"
        ));
    }
    found
}

/// The pixels of `units` SVG units in a PNG of [`DEFAULT_SCALE`].
fn pixels(units: f32) -> u32 {
    u32::try_from((units * DEFAULT_SCALE).round() as i64).expect("a picture's size")
}

/// What is wrong with `picture`'s PNG: none, or not the size of its extent.
fn png_defect(picture: &export::Picture) -> Option<String> {
    let extent = picture.extent();
    let wanted = (pixels(extent.width()), pixels(extent.height()));
    match picture.png(DEFAULT_SCALE) {
        Ok(bytes) => {
            let size = png_size(&bytes);
            (size != wanted).then(|| format!("a {size:?} PNG, expected {wanted:?}"))
        }
        Err(e) => Some(format!("no PNG: {e}")),
    }
}

/// What names the part a level shows: the file's stem at its top level (a library part is
/// named after its file), else the part's name.
fn part_key(path: &Path, state: &CircuitPageState) -> String {
    state.level_part().map_or_else(
        || {
            path.file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        },
        |part| part.name.clone(),
    )
}

#[test]
fn every_example_exports_at_every_level_as_structured_svg_and_png() {
    let mut files = circuit_files();
    // Libraries first, so that a part is drawn where it is written (the CPU's routing alone
    // takes a minute in a debug build).
    files.sort_by_key(|f| (!f.parent().is_some_and(|d| d.ends_with("lib")), f.clone()));
    let (mut levels, mut found) = (0, Vec::new());
    let mut drawn = BTreeSet::new();
    for path in &files {
        let mut state = CircuitPageState::open_or_report(path);
        assert!(
            state.notice.is_none(),
            "{}: {:?}",
            path.display(),
            state.notice
        );
        for level in export::levels(&state) {
            let top = level.is_empty();
            state.level = level;
            // Every file's top level (with its PNG: rendering is the slow part), and the inside
            // of each part once.
            if drawn.insert(part_key(path, &state)) || top {
                let defects = defects(&mut state, top);
                found.extend(
                    defects
                        .into_iter()
                        .map(|d| format!("{}: {d}", path.display())),
                );
                levels += 1;
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} defects:\n{}",
        found.len(),
        found.join("\n")
    );
    assert_eq!(files.len(), EXPECTED_FILES, "{files:?}");
    assert!(
        levels > files.len(),
        "parts were drawn inside too: {levels} levels"
    );
    eprintln!("exported {} files, {levels} levels: 0 defects", files.len());
}

/// Opens File → `item` and writes `target` through the file dialog titled `title`, as a person
/// types a path over the proposed name and presses Enter.
fn export_through_menu(h: &mut crate::common::App, item: &str, title: &str, target: &Path) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
    assert!(
        h.query_by_label(title).is_some(),
        "the dialog {title:?} opened"
    );
    h.get_by_label("File name")
        .type_text(&target.display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
}

#[test]
fn file_export_image_writes_the_level_shown_as_png_or_svg() {
    let mut h = app_with("full_adder.ron");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Export image…").click();
    h.run();
    // The dialog proposes the circuit's name as `.svg`.
    assert!(h.query_by_label("Export image as").is_some());
    assert_eq!(
        h.get_by_label("File name").value().as_deref(),
        Some("full_adder.svg")
    );
    h.key_press(egui::Key::Escape);
    h.run();
    let dir = TempDir::new("export-image");
    let png = dir.join("adder.png");
    export_through_menu(&mut h, "Export image…", "Export image as", &png);
    let notice = format!("exported image to {}", png.display());
    assert!(h.query_by_label_contains(&notice).is_some(), "{notice}");
    let bytes = std::fs::read(&png).expect("the PNG was written");
    let picture = export::draw(&mut h.state_mut().state);
    let extent = picture.extent();
    let wanted = (pixels(extent.width()), pixels(extent.height()));
    assert_eq!(png_size(&bytes), wanted);
    // SVG by its extension: the picture the export draws, with the nodes the canvas shows.
    let svg = dir.join("adder.svg");
    export_through_menu(&mut h, "Export image…", "Export image as", &svg);
    let text = std::fs::read_to_string(&svg).expect("the SVG was written");
    assert_eq!(text, picture.svg());
    assert_eq!(ImageFormat::of_path(&svg).ok(), Some(ImageFormat::Svg));
    let doc = Document::parse(&text).expect("the SVG parses");
    let nodes: BTreeSet<String> = groups(&doc, "node").into_iter().map(|(n, _)| n).collect();
    assert_eq!(nodes, shown(&h.state().state).nodes);
    // A name that is no image is refused, in the status bar.
    let wrong = dir.join("adder.txt");
    export_through_menu(&mut h, "Export image…", "Export image as", &wrong);
    assert!(
        h.query_by_label_contains("not an image file name")
            .is_some()
    );
    assert!(!wrong.exists());
}

#[test]
fn file_export_image_of_every_level_writes_one_file_per_level() {
    let mut h = app_with("adder8.ron");
    let dir = TempDir::new("export-levels");
    let target = dir.join("adder8.svg");
    export_through_menu(
        &mut h,
        "Export image of every level…",
        "Export every level as",
        &target,
    );
    let levels = export::levels(&h.state().state);
    assert!(levels.len() > 2, "{levels:?}");
    let notice = format!("exported {} images", levels.len());
    assert!(h.query_by_label_contains(&notice).is_some(), "{notice}");
    let mut expected: Vec<String> = levels
        .iter()
        .map(|l| {
            let path = export::level_path(&target, l);
            path.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    expected.sort();
    assert_eq!(dir.file_names(), expected);
    assert!(
        expected.contains(&"adder8.lo.fa0.svg".to_owned()),
        "{expected:?}"
    );
    // Each file is its level's picture: the inside of `lo` shows its blocks fa0 … fa3.
    let lo = std::fs::read_to_string(dir.join("adder8.lo.svg")).expect("lo's picture");
    let doc = Document::parse(&lo).expect("the SVG parses");
    assert_eq!(doc.root_element().attribute("data-level"), Some("lo"));
    let blocks: Vec<String> = groups(&doc, "block").into_iter().map(|(n, _)| n).collect();
    assert_eq!(blocks, ["fa0", "fa1", "fa2", "fa3"]);
    // The canvas still shows the level it showed.
    assert!(h.state().state.level.is_empty());
}
