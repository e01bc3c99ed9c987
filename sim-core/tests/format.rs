//! The RON format: every documented error for malformed input, and lossless round trips.

use sim_core::format::{self, FormatError};
use sim_core::kind::DecimalMode;
use sim_core::testbench::TestError;
use sim_core::{CircuitError, NodeKind, Trit};

const LATCH: &str = r#"(
    version: 1,
    name: "latch",
    nodes: [
        (label: "R", kind: Switch, pos: (0, 0)),
        (label: "S", kind: Switch),
        (label: "NOR1", kind: Nor(2)),
        (label: "NOR2", kind: Nor(2)),
        (label: "Q", kind: Lamp),
    ],
    wires: [
        (from: "R", to: "NOR1"),
        (from: "S", to: "NOR2"),
        (from: "NOR1", to: "Q"),
        (from: "NOR1", to: "NOR2", input: 1),
        (from: "NOR2", to: "NOR1", input: 1),
    ],
    tests: [(name: "reset", steps: [(set: {"R": +1, "S": false}, expect: {"Q": "F"})])],
)"#;

fn load_err(text: &str) -> FormatError {
    format::from_str(text).expect_err("must be refused")
}

#[test]
fn a_valid_file_loads_with_every_value_spelling() {
    let doc = format::from_str(LATCH).expect("valid");
    assert_eq!(doc.name, "latch");
    assert_eq!(doc.circuit.node_count(), 5);
    assert_eq!(doc.circuit.wire_count(), 5);
    let step = &doc.tests[0].steps[0];
    // Values are kept as written and read for their target's width (one trit here).
    let read = |pairs: &[(String, sim_core::testbench::Literal)]| -> Vec<(String, Vec<Trit>)> {
        pairs
            .iter()
            .map(|(l, v)| (l.clone(), v.resolve(1).expect("a trit")))
            .collect()
    };
    assert_eq!(
        read(&step.set),
        [
            ("R".to_owned(), vec![Trit::True]),
            ("S".to_owned(), vec![Trit::False])
        ]
    );
    assert_eq!(read(&step.expect), [("Q".to_owned(), vec![Trit::False])]);
    assert!(doc.tests[0].run(&doc.circuit).expect("fits").passed());
}

#[test]
fn round_trip_is_lossless() {
    let doc = format::from_str(LATCH).expect("valid");
    let text = format::to_string(&doc).expect("serializable");
    let again = format::from_str(&text).expect("what we write, we read");
    assert_eq!(again.circuit.to_desc(), doc.circuit.to_desc());
    assert_eq!(again.tests, doc.tests);
    assert_eq!((again.name, again.description), (doc.name, doc.description));
    assert_eq!(
        format::to_string(&format::from_str(&text).expect("valid")).expect("ok"),
        text
    );
}

#[test]
fn syntax_errors_carry_line_and_column() {
    let broken = LATCH.replace(
        r#"(label: "S", kind: Switch),"#,
        r#"(label: "S" kind: Switch),"#,
    );
    let err = load_err(&broken);
    assert_eq!(err.position(), Some((6, 21)), "{err}");
    assert!(err.to_string().starts_with("6:21: "), "{err}");

    let typo = LATCH.replace(
        "kind: Nor(2)),\n        (label: \"NOR2\"",
        "kind: Nore(2)),\n        (label: \"NOR2\"",
    );
    let err = load_err(&typo);
    assert_eq!(err.position().map(|p| p.0), Some(7), "{err}");
    assert!(err.to_string().contains("Nore"), "{err}");

    let unknown_field = LATCH.replace("name: \"latch\",", "nmae: \"latch\",");
    let err = load_err(&unknown_field);
    assert_eq!(err.position().map(|p| p.0), Some(3), "{err}");
    assert!(err.to_string().contains("nmae"), "{err}");

    // A value is read for its target's width once the circuit is known (a bus takes
    // numbers): a trit out of range is named with its test, step and label, and its line.
    let bad_value = LATCH.replace(r#""Q": "F""#, r#""Q": 2"#);
    let err = load_err(&bad_value);
    assert_eq!(err.line_in(&bad_value), Some(18), "{err}");
    assert!(err.to_string().contains("`Q`: `2` is not a trit"), "{err}");
}

#[test]
fn newer_and_missing_versions_are_refused_clearly() {
    // A future file whose body this version could not parse: the version is checked first.
    let future = u64::from(format::MAX_VERSION) + 1;
    let err = load_err(&format!("(version: {future}, layers: [(whatever: 1)])"));
    assert!(matches!(err, FormatError::Version { found: Some(v) } if v == future));
    assert!(
        err.to_string()
            .contains("newer than this Tritium understands"),
        "{err}"
    );
    // A future file that happens to parse as this version's: still refused by its version.
    let err = load_err(&format!("(version: {future}, nodes: [])"));
    assert!(
        matches!(err, FormatError::Version { found: Some(v) } if v == future),
        "{err}"
    );
    let err = load_err("(version: 0, nodes: [])");
    assert!(
        matches!(err, FormatError::Version { found: Some(0) }),
        "{err}"
    );
    let err = load_err("(nodes: [])");
    assert!(matches!(err, FormatError::Version { found: None }), "{err}");
    // A known version with a broken body: the body's own error, with its line.
    let err = load_err("(version: 1,\n nodes: [(label: 3)])");
    assert!(matches!(err, FormatError::Syntax { line: 2, .. }), "{err}");
}

#[test]
fn semantic_errors_name_the_item() {
    let cases: [(&str, &str, &str); 5] = [
        (
            r#"(from: "R", to: "NOR1"),"#,
            r#"(from: "R", to: "NOR3"),"#,
            "wires[0] (R → NOR3.0): unknown label `NOR3`",
        ),
        (
            r#"(from: "S", to: "NOR2"),"#,
            r#"(from: "S", to: "NOR1"),"#,
            "wires[1] (S → NOR1.0): input NOR1.0 is already driven by `R`",
        ),
        (
            r#"(from: "NOR1", to: "NOR2", input: 1),"#,
            r#"(from: "NOR1", to: "NOR2", input: 2),"#,
            "wires[3] (NOR1 → NOR2.2): input index 2 out of range",
        ),
        (
            r#"(from: "S", to: "NOR2"),"#,
            r#"(from: "NOR2", to: "S"),"#,
            "`S` is a source (Switch) and has no inputs",
        ),
        (
            r#"(label: "Q", kind: Lamp),"#,
            r#"(label: "R", kind: Lamp),"#,
            "duplicate label `R`",
        ),
    ];
    for (from, to, message) in cases {
        let err = load_err(&LATCH.replace(from, to));
        assert!(matches!(err, FormatError::Circuit(_)), "{err:?}");
        assert!(err.to_string().contains(message), "{err} lacks {message}");
    }
    let err = load_err(&LATCH.replace(
        "kind: Nor(2)),\n        (label: \"NOR2\"",
        "kind: Nor(65)),\n        (label: \"NOR2\"",
    ));
    assert!(matches!(
        err,
        FormatError::Circuit(CircuitError::BadInputCount {
            kind: NodeKind::Nor(65),
            ..
        })
    ));
}

#[test]
fn tests_must_fit_the_circuit() {
    let err = load_err(&LATCH.replace(r#"expect: {"Q": "F"}"#, r#"expect: {"Qbar": "F"}"#));
    assert!(
        matches!(err, FormatError::Test(TestError::UnknownLabel { ref label, .. }) if label == "Qbar")
    );
    assert_eq!(
        err.to_string(),
        "test `reset`, steps[0]: unknown label `Qbar`"
    );
    let err = load_err(&LATCH.replace(r#"set: {"R": +1, "S": false}"#, r#"set: {"NOR1": 1}"#));
    assert!(
        err.to_string()
            .contains("`NOR1` is a NOR2 and cannot be set"),
        "{err}"
    );
}

#[test]
fn a_failing_expectation_is_reported_not_hidden() {
    let doc = format::from_str(&LATCH.replace(r#""Q": "F""#, r#""Q": "T""#)).expect("valid");
    let outcome = doc.tests[0].run(&doc.circuit).expect("fits");
    assert_eq!(
        outcome
            .failures
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["steps[0]: expected Q=+1, got -1"]
    );
}

/// A wire's bends (`via`) survive a load and a save, on a flat top level, on a top level
/// with instances (its own wires and its wires to pins) and inside a part; a wire without
/// bends writes none. Disconnecting a bent wire forgets its bends.
#[test]
fn wire_bends_round_trip() {
    let text = r#"(
    version: 2,
    subcircuits: [
        (
            name: "inv",
            nodes: [(label: "a", kind: Switch), (label: "n", kind: Not), (label: "y", kind: Lamp)],
            wires: [(from: "a", to: "n", via: [(2, 3)]), (from: "n", to: "y")],
        ),
    ],
    instances: [(label: "u", of: "inv", pos: (10, 0))],
    nodes: [
        (label: "A", kind: Switch, pos: (0, 0)),
        (label: "B", kind: Not, pos: (5, 0)),
        (label: "Y", kind: Lamp, pos: (20, 0)),
    ],
    wires: [
        (from: "A", to: "B", via: [(4, 1), (4, 3)]),
        (from: "B", to: "u.a", via: [(8, 2)]),
        (from: "u.y", to: "Y"),
    ],
)"#;
    let doc = format::from_str(text).expect("valid");
    let c = &doc.circuit;
    let b = c.find("B").expect("B");
    assert_eq!(
        c.bends(b, 0),
        [sim_core::Pos { x: 4, y: 1 }, sim_core::Pos { x: 4, y: 3 }]
    );
    let saved = format::to_string(&doc).expect("saves");
    assert!(saved.contains("via: [(4, 1), (4, 3)]"), "{saved}");
    assert!(saved.contains("via: [(8, 2)]"), "{saved}");
    assert!(saved.contains("via: [(2, 3)]"), "{saved}");
    assert_eq!(
        saved.matches("via:").count(),
        3,
        "no empty bends written: {saved}"
    );
    let again = format::from_str(&saved).expect("reloads");
    assert_eq!(format::to_string(&again).expect("saves"), saved);
    let mut c = again.circuit;
    let b = c.find("B").expect("B");
    let wire = c
        .wires()
        .find(|(_, w)| w.to == b)
        .map(|(id, _)| id)
        .expect("A → B");
    c.disconnect(wire);
    assert!(c.bends(b, 0).is_empty());
    let a = c.find("A").expect("A");
    c.connect(a, b, 0).expect("free again");
    assert!(c.bends(b, 0).is_empty(), "a new wire starts unbent");
    // A flat file (version 1) too.
    let flat = LATCH.replace(
        r#"(from: "R", to: "NOR1"),"#,
        r#"(from: "R", to: "NOR1", via: [(3, 0)]),"#,
    );
    let doc = format::from_str(&flat).expect("valid");
    let saved = format::to_string(&doc).expect("saves");
    assert!(saved.contains("via: [(3, 0)]"), "{saved}");
}

/// Version 4: a turned or mirrored node or instance (`facing`, `flip`), at the top level and
/// inside a part, with buses beside them.
const ORIENTED: &str = r#"(
    version: 4,
    subcircuits: [
        (
            name: "inv",
            instances: [],
            nodes: [
                (label: "a", kind: Switch),
                (label: "n", kind: Not, facing: North),
                (label: "y", kind: Lamp),
            ],
            wires: [(from: "a", to: "n"), (from: "n", to: "y")],
        ),
    ],
    instances: [(label: "u", of: "inv", pos: (10, 0), facing: West, flip: true)],
    nodes: [
        (label: "A", kind: Switch, pos: (0, 0)),
        (label: "G", kind: And(2), pos: (5, 0), facing: South, flip: true),
        (label: "W", kind: Switch, pos: (0, 6), width: 4),
        (label: "V", kind: Lamp, pos: (6, 6), width: 4, facing: West),
        (label: "Y", kind: Lamp, pos: (20, 0)),
    ],
    wires: [
        (from: "A", to: "G"),
        (from: "A", to: "G", input: 1),
        (from: "G", to: "u.a"),
        (from: "u.y", to: "Y"),
        (from: "W", to: "V"),
    ],
    tests: [(name: "inverts", steps: [(set: {"A": 1}, expect: {"Y": -1})])],
)"#;

/// A version-4 file is read by the same rules as before (its tests pass: the orientation
/// changes nothing the simulation sees), keeps every `facing` and `flip` through a save and
/// a load, and is written as version 4; the same circuit unturned is written as version 3.
#[test]
fn orientation_round_trips_as_version_4() {
    use sim_core::{Facing, Orientation};
    let doc = format::from_str(ORIENTED).expect("valid");
    for test in &doc.tests {
        assert!(test.run(&doc.circuit).expect("fits").passed(), "{test:?}");
    }
    let c = &doc.circuit;
    let orientation = |label: &str| c[c.find(label).expect(label)].orientation();
    assert_eq!(
        orientation("G"),
        Orientation {
            facing: Facing::South,
            flip: true
        }
    );
    assert_eq!(
        orientation("u/n").facing,
        Facing::North,
        "inside an instance"
    );
    assert!(orientation("A").is_default());
    assert_eq!(
        doc.design.instances[0].orientation(),
        Orientation {
            facing: Facing::West,
            flip: true
        }
    );
    let saved = format::to_string(&doc).expect("saves");
    assert!(saved.starts_with("(\n    version: 4,"), "{saved}");
    for field in [
        "facing: South, flip: true",
        "facing: North",
        "facing: West, flip: true",
        "facing: West, width: 4",
    ] {
        assert!(saved.contains(field), "{field} in {saved}");
    }
    assert_eq!(
        saved.matches("facing:").count(),
        4,
        "east is left out: {saved}"
    );
    let again = format::from_str(&saved).expect("reloads");
    assert_eq!(format::to_string(&again).expect("saves"), saved);
    assert_eq!(again.circuit.to_desc(), doc.circuit.to_desc());

    let unturned = ORIENTED
        .replace("version: 4", "version: 3")
        .replace(", facing: North", "")
        .replace(", facing: South, flip: true", "")
        .replace(", facing: West, flip: true", "")
        .replace(", facing: West", "");
    let doc = format::from_str(&unturned).expect("valid as version 3");
    let saved = format::to_string(&doc).expect("saves");
    assert!(saved.starts_with("(\n    version: 3,"), "{saved}");
    assert!(
        !saved.contains("facing") && !saved.contains("flip"),
        "{saved}"
    );
}

/// A flat file that turns a node is written as version 4 (not 1), and a file of an older
/// version that uses `facing` or `flip` is refused, naming the version they need.
#[test]
fn orientation_needs_version_4() {
    let flat = r#"(version: 4, nodes: [(label: "N", kind: Not, facing: West)])"#;
    let doc = format::from_str(flat).expect("valid");
    let saved = format::to_string(&doc).expect("saves");
    assert!(saved.starts_with("(\n    version: 4,"), "{saved}");
    for old in 1..=3 {
        for field in ["facing: West", "flip: true"] {
            let text = format!(r#"(version: {old}, nodes: [(label: "N", kind: Not, {field})])"#);
            let err = load_err(&text).to_string();
            assert!(err.contains("need `version: 4`"), "{text}: {err}");
        }
    }
    let part = r#"(version: 2, subcircuits: [(name: "p", nodes: [(label: "n", kind: Not, flip: true)], wires: [])], nodes: [])"#;
    assert!(load_err(part).to_string().contains("version: 4"));
    let instance = r#"(version: 2, subcircuits: [(name: "p", nodes: [(label: "n", kind: Not)], wires: [])], instances: [(label: "u", of: "p", facing: North)], nodes: [])"#;
    assert!(load_err(instance).to_string().contains("version: 4"));
    let typo = r#"(version: 4, nodes: [(label: "N", kind: Not, facing: Up)])"#;
    assert!(load_err(typo).to_string().contains("Up"));
}

/// A flip-flop's power-on value (`init`) is read and written as version 5, refused in an
/// older file naming the version it needs, and refused on a node that is not a flip-flop,
/// naming the node and its line; every bit of a bus flip-flop takes it.
#[test]
fn init_needs_version_5_and_a_flip_flop() {
    let text = r#"(version: 5, nodes: [(label: "R", kind: Dffe, width: 2, init: -1),
        (label: "Q", kind: Dff, init: "X"), (label: "P", kind: Dff)])"#;
    let doc = format::from_str(text).expect("valid");
    let init = |label: &str| doc.circuit[doc.circuit.find(label).expect("node")].init;
    assert_eq!(
        (init("R[0]"), init("R[1]")),
        (Some(Trit::False), Some(Trit::False))
    );
    assert_eq!((init("Q"), init("P")), (Some(Trit::Unknown), None));
    let saved = format::to_string(&doc).expect("saves");
    assert!(saved.starts_with("(\n    version: 5,"), "{saved}");
    assert!(saved.contains("init: -1"), "{saved}");
    let again = format::from_str(&saved).expect("reads back");
    assert_eq!(format::to_string(&again).expect("saves"), saved);
    for old in 1..=4 {
        let text = format!(r#"(version: {old}, nodes: [(label: "Q", kind: Dff, init: -1)])"#);
        let err = load_err(&text).to_string();
        assert!(err.contains("need `version: 5`"), "{text}: {err}");
    }
    let part = r#"(version: 5, subcircuits: [(name: "p", nodes: [(label: "q", kind: Dff, init: 1)], wires: [])], nodes: [])"#;
    format::from_str(part).expect("a part's flip-flop may have one");
    let err = load_err(&part.replace("version: 5", "version: 4"));
    assert!(err.to_string().contains("version: 5"), "{err}");
    let lamp = "(version: 5, nodes: [\n (label: \"L\", kind: Lamp, init: 1)])";
    let err = load_err(lamp);
    assert!(
        matches!(
            &err,
            FormatError::Circuit(CircuitError::InitOnNonFlipFlop { label, kind: NodeKind::Lamp })
                if label == "L"
        ),
        "{err}"
    );
    assert_eq!(err.line_in(lamp), Some(2), "{err}");
}

/// The I/O parts (a decimal display, an LED matrix) are read and written as version 7 and
/// refused in an older file, naming the version they need, in a part too.
#[test]
fn io_parts_need_version_7() {
    let text = r#"(version: 7, nodes: [(label: "A", kind: Switch, width: 6),
        (label: "D", kind: DecimalDisplay(Signed), width: 6),
        (label: "M", kind: LedMatrix(rows: 2, columns: 3), width: 6)],
        wires: [(from: "A", to: "D"), (from: "A", to: "M")])"#;
    let doc = format::from_str(text).expect("valid");
    let kind = |label: &str| doc.circuit[doc.circuit.find(label).expect("node")].kind;
    assert_eq!(kind("D[5]"), NodeKind::DecimalDisplay(DecimalMode::Signed));
    assert_eq!(
        kind("M[0]"),
        NodeKind::LedMatrix {
            rows: 2,
            columns: 3
        }
    );
    let saved = format::to_string(&doc).expect("saves");
    assert!(saved.starts_with("(\n    version: 7,"), "{saved}");
    assert!(
        saved.contains("DecimalDisplay(Signed)")
            && saved.contains("LedMatrix(rows: 2, columns: 3)"),
        "{saved}"
    );
    let again = format::from_str(&saved).expect("reads back");
    assert_eq!(format::to_string(&again).expect("saves"), saved);
    for old in 3..7 {
        let err = load_err(&text.replace("version: 7", &format!("version: {old}"))).to_string();
        assert!(err.contains("need `version: 7`"), "{old}: {err}");
    }
    let part = r#"(version: 6, subcircuits: [(name: "p", nodes: [(label: "d", kind: DecimalDisplay(Balanced))], wires: [])], nodes: [])"#;
    let err = load_err(part).to_string();
    assert!(err.contains("need `version: 7`"), "{err}");
    format::from_str(&part.replace("version: 6", "version: 7")).expect("a part may hold one");
}

/// A flip-flop with set and reset (`Dffsr`) is read and written as version 6, refused in an
/// older file naming the version it needs; a bus of them shares its clock, EN, SET and RESET.
#[test]
fn dffsr_needs_version_6() {
    let text = r#"(version: 6, nodes: [(label: "R", kind: Dffsr, width: 2, init: 1),
        (label: "C", kind: Clock(half_period: 1)), (label: "S", kind: Switch)],
        wires: [(from: "C", to: "R", input: 1), (from: "S", to: "R", input: 4)])"#;
    let doc = format::from_str(text).expect("valid");
    let c = &doc.circuit;
    for bit in ["R[0]", "R[1]"] {
        let id = c.find(bit).expect("bit");
        assert_eq!(c[id].kind, NodeKind::Dffsr);
        let drivers: Vec<_> = c
            .wires()
            .filter(|(_, w)| w.to == id)
            .map(|(_, w)| (w.input, c[w.from].label.clone()))
            .collect();
        assert_eq!(
            drivers.len(),
            2,
            "{bit}: the clock and RESET, one trit each: {drivers:?}"
        );
        assert!(drivers.contains(&(4, "S".to_owned())), "{drivers:?}");
    }
    let saved = format::to_string(&doc).expect("saves");
    assert!(saved.starts_with("(\n    version: 6,"), "{saved}");
    assert!(saved.contains("kind: Dffsr"), "{saved}");
    let again = format::from_str(&saved).expect("reads back");
    assert_eq!(format::to_string(&again).expect("saves"), saved);
    for old in 1..=5 {
        let text = format!(r#"(version: {old}, nodes: [(label: "Q", kind: Dffsr)])"#);
        let err = load_err(&text).to_string();
        assert!(err.contains("need `version: 6`"), "{text}: {err}");
    }
    let part = r#"(version: 5, subcircuits: [(name: "p", nodes: [(label: "q", kind: Dffsr)], wires: [])], nodes: [])"#;
    let err = load_err(part);
    assert!(err.to_string().contains("version: 6"), "{err}");
}

/// The Verilog and `.bench` writers ignore how parts are drawn: a turned and mirrored copy
/// of a circuit exports the same text.
#[test]
fn writers_ignore_orientation() {
    let plain = r#"(version: 1, nodes: [(label: "A", kind: Switch), (label: "B", kind: Switch),
        (label: "G", kind: Nand(2)), (label: "Y", kind: Lamp)],
        wires: [(from: "A", to: "G"), (from: "B", to: "G", input: 1), (from: "G", to: "Y")])"#;
    let turned = plain
        .replace("version: 1", "version: 4")
        .replace("kind: Nand(2)", "kind: Nand(2), facing: North, flip: true")
        .replace("kind: Lamp", "kind: Lamp, facing: South");
    let (plain, turned) = (
        format::from_str(plain).expect("valid"),
        format::from_str(&turned).expect("valid"),
    );
    assert_ne!(plain.circuit.to_desc(), turned.circuit.to_desc());
    assert_eq!(
        sim_core::verilog::circuit(&turned.circuit, "m").expect("exports"),
        sim_core::verilog::circuit(&plain.circuit, "m").expect("exports")
    );
    assert_eq!(
        sim_core::bench::to_string(&turned.circuit).expect("exports"),
        sim_core::bench::to_string(&plain.circuit).expect("exports")
    );
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(64))]

    /// Any facing and mirror on any node survive a save and a load, and the file is written
    /// as version 4 exactly when some node is turned or mirrored (else as version 1).
    #[test]
    fn any_orientation_round_trips(
        orientations in proptest::collection::vec((0..4_usize, proptest::bool::ANY), 5),
    ) {
        use sim_core::{Facing, Orientation};
        let mut doc = format::from_str(LATCH).expect("valid");
        let ids: Vec<_> = doc.circuit.nodes().map(|(id, _)| id).collect();
        for (&id, &(turns, flip)) in ids.iter().zip(&orientations) {
            let o = Orientation { facing: Facing::ALL[turns], flip };
            doc.circuit.set_orientation(id, o);
        }
        let text = format::to_string(&doc).expect("saves");
        let again = format::from_str(&text).expect("reloads");
        proptest::prop_assert_eq!(again.circuit.to_desc(), doc.circuit.to_desc());
        let turned = orientations.iter().any(|&(turns, flip)| turns != 0 || flip);
        let version = if turned { 4 } else { 1 };
        let header = format!("(\n    version: {version},");
        proptest::prop_assert!(text.starts_with(&header), "{}", text);
    }
}
