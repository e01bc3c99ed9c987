//! The `tritium` binary end to end: output formats, exit statuses and error messages.
//!
//! Runs the built binary from the workspace root. Only `circuits/rs_nor_latch.ron` is used from
//! the repository; every other circuit is written to a fresh temporary directory.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

mod common;
use common::{Run, TempDir, tritium};

const LATCH: &str = "circuits/rs_nor_latch.ron";

/// A half adder: `Sum = A XOR B`, `C = A AND B`.
const HALF_ADDER: &str = r#"(
    version: 1,
    nodes: [
        (label: "A", kind: Switch),
        (label: "B", kind: Switch),
        (label: "X", kind: Xor(2)),
        (label: "N", kind: And(2)),
        (label: "Sum", kind: Lamp),
        (label: "C", kind: Lamp),
    ],
    wires: [
        (from: "A", to: "X"), (from: "B", to: "X", input: 1),
        (from: "A", to: "N"), (from: "B", to: "N", input: 1),
        (from: "X", to: "Sum"), (from: "N", to: "C"),
    ],
    tests: [(name: "carry", steps: [(set: {"A": 1, "B": 1}, expect: {"Sum": -1, "C": 1})])],
)
"#;

#[test]
fn trace_narrates_the_seed_walkthrough() {
    let run = tritium(&["trace", LATCH, "--set", "R=-1,S=-1", "--set", "R=+1"]);
    run.expect_code(0);
    assert_eq!(
        run.lines(),
        [
            "power-on: no events",
            "batch 1: R=-1, S=-1",
            "#1 δ0 R := -1 (was 0), changed: schedules NOR1",
            "#2 δ0 S := -1 (was 0), changed: schedules NOR2",
            "#3 δ1 NOR1 inputs (-1, 0) → 0, unchanged  [← #1]",
            "#4 δ1 NOR2 inputs (-1, 0) → 0, unchanged  [← #2]",
            "settled after 4 events in 2 delta cycles: Q=0 Qn=0",
            // The seed's order: R, NOR1 (→ Q, NOR2), Q, NOR2 (→ Qn, NOR1), Qn, NOR1 unchanged.
            "batch 2: R=+1",
            "#5 δ0 R := +1 (was -1), changed: schedules NOR1",
            "#6 δ1 NOR1 inputs (+1, 0) → -1 (was 0), changed: schedules Q, NOR2  [← #5]",
            "#7 δ2 Q inputs (-1) → -1 (was 0), changed  [← #6]",
            "#8 δ2 NOR2 inputs (-1, -1) → +1 (was 0), changed: schedules Qn, NOR1  [← #6]",
            "#9 δ3 Qn inputs (+1) → +1 (was 0), changed  [← #8]",
            "#10 δ3 NOR1 inputs (+1, +1) → -1, unchanged  [← #8]",
            "settled after 6 events in 4 delta cycles: Q=-1 Qn=+1",
        ]
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn trace_json_lists_every_event() {
    let run = tritium(&[
        "trace",
        LATCH,
        "--set",
        "R=-1,S=-1",
        "--set",
        "R=+1",
        "--format",
        "json",
    ]);
    run.expect_code(0);
    let doc: Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    let batch = &doc["batches"][1];
    let nodes: Vec<&str> = batch["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["node"].as_str().expect("node label"))
        .collect();
    assert_eq!(nodes, ["R", "NOR1", "Q", "NOR2", "Qn", "NOR1"]);
    let nor1 = &batch["events"][1];
    assert_eq!(nor1["inputs"], serde_json::json!([1, 0]));
    assert_eq!(nor1["new"], -1);
    assert_eq!(nor1["changed"], true);
    assert_eq!(nor1["cause"], serde_json::json!({"event": 5}));
    assert_eq!(nor1["fanout"], serde_json::json!(["Q", "NOR2"]));
    assert_eq!(batch["events"][0]["cause"], "set");
    assert_eq!(batch["values"], serde_json::json!({"Q": -1, "Qn": 1}));
}

#[test]
fn sim_prints_the_terminals_after_each_batch() {
    let run = tritium(&["sim", LATCH, "--set", "R=F,S=false", "--set", "R=+1"]);
    run.expect_code(0);
    assert_eq!(run.lines(), ["Q=0 Qn=0", "Q=-1 Qn=+1"]);

    let run = tritium(&["sim", LATCH]);
    run.expect_code(0);
    assert_eq!(
        run.lines(),
        ["Q=0 Qn=0"],
        "without --set: the power-on state"
    );
}

#[test]
fn sim_json_has_the_values() {
    let run = tritium(&[
        "sim",
        LATCH,
        "--set",
        "R=-1,S=-1",
        "--set",
        "R=1",
        "--format",
        "json",
    ]);
    run.expect_code(0);
    let doc: Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(doc["terminals"], serde_json::json!(["Q", "Qn"]));
    assert_eq!(
        doc["power_on"]["values"],
        serde_json::json!({"Q": 0, "Qn": 0})
    );
    let batch = &doc["batches"][1];
    assert_eq!(batch["set"], serde_json::json!({"R": 1}));
    assert_eq!(batch["values"], serde_json::json!({"Q": -1, "Qn": 1}));
    assert_eq!(batch["events"], 6);
    assert_eq!(batch["oscillation"], Value::Null);
}

#[test]
fn sim_warns_about_an_oscillation() {
    let run = tritium(&["sim", LATCH, "--set", "R=1,S=1", "--set", "R=-1,S=-1"]);
    run.expect_code(0);
    assert_eq!(run.lines(), ["Q=-1 Qn=-1", "Q=0 Qn=0"]);
    assert!(
        run.stderr.starts_with(
            "warning: batch 2 oscillated: NOR1, NOR2, Q, Qn kept changing after 70 delta cycles; \
             the loop NOR1, NOR2 was resolved to 0"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn test_runs_the_embedded_tests() {
    let run = tritium(&["test", LATCH]);
    run.expect_code(0);
    assert!(
        run.stdout
            .starts_with("ok   circuits/rs_nor_latch.ron: seed walkthrough\n")
    );
    assert_eq!(run.lines().last(), Some(&"3 passed, 0 failed"));
}

#[test]
fn test_reports_a_failed_expectation() {
    let dir = TempDir::new("cli");
    let broken = HALF_ADDER.replace(r#""Sum": -1"#, r#""Sum": 1"#);
    let path = dir.file("broken.ron", &broken);
    let run = tritium(&["test".as_ref(), path.as_os_str()]);
    run.expect_code(1);
    assert_eq!(
        run.lines(),
        [
            format!("FAIL {}: carry", path.display()).as_str(),
            "    steps[0]: expected Sum=+1, got -1",
            "0 passed, 1 failed",
        ]
    );
}

#[test]
fn test_takes_directories_and_keeps_going_past_bad_files() {
    let dir = TempDir::new("cli");
    dir.file("b_adder.ron", HALF_ADDER);
    dir.file("a_broken.ron", "(version: 1, nodes: [");
    dir.file("ignored.txt", "not a circuit");
    let run = tritium(&["test".as_ref(), dir.path().as_os_str()]);
    run.expect_code(2);
    assert_eq!(run.lines().last(), Some(&"1 passed, 0 failed"));
    assert!(run.stderr.contains("a_broken.ron:1:"), "{}", run.stderr);
}

#[test]
fn malformed_ron_is_reported_with_its_position() {
    let dir = TempDir::new("cli");
    // Line 4 lacks its comma; the parser notices at line 5, column 9.
    let malformed = r#"(
    version: 1,
    nodes: [
        (label: "A", kind: Switch)
        (label: "B", kind: Lamp),
    ],
)
"#;
    let path = dir.file("malformed.ron", malformed);
    let run = tritium(&["sim".as_ref(), path.as_os_str()]);
    run.expect_code(2);
    let position = format!("error: {}:5:9: ", path.display());
    assert!(run.stderr.starts_with(&position), "{}", run.stderr);
}

#[test]
fn balanced_ternary_buses_take_and_print_decimals() {
    const DEMO: &str = "circuits/bt_adder6_demo.ron";
    // A decimal for a balanced-ternary bus is its balanced-ternary value, and the sum shows its
    // decimal beside its digits: 5 + (-42) + 0 = -37 = -27 - 9 - 1.
    let run = tritium(&["sim", DEMO, "--set", "A=5,B=-42,CIN=0"]);
    run.expect_code(0);
    assert_eq!(run.stdout, "S=0t00TT0T (-37) COUT=0\n", "{}", run.stderr);
    // Digits and decimals mix; past ±364 a decimal is refused naming the range.
    let run = tritium(&["sim", DEMO, "--set", "A=0t011111,B=-3,CIN=0"]);
    run.expect_code(0);
    assert_eq!(run.stdout, "S=0t011101 (118) COUT=0\n", "{}", run.stderr);
    let run = tritium(&["sim", DEMO, "--set", "A=365,B=0,CIN=0"]);
    run.expect_code(2);
    assert!(
        run.stderr
            .contains("`365` is outside -364..=364, the range of a 6-trit balanced-ternary bus"),
        "{}",
        run.stderr
    );
}

#[test]
fn buses_take_and_print_numbers() {
    const ADD4: &str = "circuits/lib/add4.ron";
    // Inputs in any radix; the sum in the file's radix (unsigned), then in the one asked for.
    let run = tritium(&["sim", ADD4, "--set", "a=6,b=0x3,cin=1", "--set", "a=0b1111"]);
    run.expect_code(0);
    assert_eq!(run.stdout, "s=10 cout=-1\ns=3 cout=+1\n", "{}", run.stderr);
    for (radix, s) in [
        ("hex", "0xA"),
        ("bin", "0b1010"),
        ("signed", "-6"),
        // The same trits read as balanced-ternary digits, 27 - 9 + 3 - 1, and that value.
        ("ternary", "0t1T1T (20)"),
    ] {
        let run = tritium(&["sim", ADD4, "--set", "a=6,b=3,cin=1", "--radix", radix]);
        run.expect_code(0);
        assert_eq!(
            run.stdout,
            format!("s={s} cout=-1\n"),
            "{radix}: {}",
            run.stderr
        );
    }
    // Unknown bits stay honest: an unknown bit of `a` makes the sum's bits above it unknown
    // only where they depend on it.
    let run = tritium(&[
        "sim",
        ADD4,
        "--set",
        "a=0b0x00,b=0,cin=-1",
        "--radix",
        "bin",
    ]);
    assert_eq!(run.stdout, "s=0b0x00 cout=-1\n", "{}", run.stderr);
    // JSON: a bus's value is its number as text.
    let run = tritium(&["sim", ADD4, "--set", "a=6,b=3,cin=1", "--format", "json"]);
    let doc: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(doc["batches"][0]["values"]["s"], "10");
    assert_eq!(doc["batches"][0]["set"]["a"], "6");
    assert_eq!(doc["batches"][0]["set"]["cin"], 1);
    // A number wider than its bus, a malformed one, a trit for a bus: exit 2, named.
    for (set, message) in [
        (
            "a=16",
            "`a`: `16` needs 5 trits but the bus is 4 trits wide",
        ),
        ("a=0x1G", "`0x1G` is neither a trit"),
        (
            "a=true",
            "`a`: `true` is a trit, but this is a bus of 4 trits",
        ),
        ("s=3", "`s` is a Lamp"),
    ] {
        let run = tritium(&["sim", ADD4, "--set", set]);
        run.expect_code(2);
        assert!(run.stderr.contains(message), "{set}: {}", run.stderr);
    }
    // The truth table: a bus is one column whose rows count up.
    let run = tritium(&["table", ADD4, "--radix", "unsigned"]);
    run.expect_code(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1 + 512, "16 × 16 × 2 rows and the header");
    assert_eq!(lines[0], " a  b cin |  s cout");
    assert_eq!(lines[1 + (6 * 16 + 3) * 2 + 1], " 6  3  +1 | 10   -1");
    assert_eq!(lines[512], "15 15  +1 | 15   +1");
    // Vectors: one field per input and output, a bus a number; both engines agree.
    let dir = TempDir::new("cli");
    let vectors = dir.path().join("v.txt");
    fs::write(&vectors, "6 3 1\n0xF 0b0001 0 # wraps\n0b1x00 0 0\n").expect("written");
    let want = "10 0\n0 1\n0b1x00 0\n";
    for engine in ["event", "batch"] {
        let run = tritium(&[
            "vectors",
            ADD4,
            "--input",
            vectors.to_str().expect("UTF-8"),
            "--engine",
            engine,
        ]);
        run.expect_code(0);
        assert_eq!(run.stdout, want, "{engine}: {}", run.stderr);
    }
    fs::write(&vectors, "6 3\n").expect("written");
    let run = tritium(&["vectors", ADD4, "--input", vectors.to_str().expect("UTF-8")]);
    run.expect_code(2);
    assert!(
        run.stderr
            .contains("line 1: expected 3 fields (one per input: a b cin), found 2"),
        "{}",
        run.stderr
    );
    fs::write(&vectors, "16 3 1\n").expect("written");
    let run = tritium(&["vectors", ADD4, "--input", vectors.to_str().expect("UTF-8")]);
    run.expect_code(2);
    assert!(
        run.stderr
            .contains("line 1: `a`: `16` needs 5 trits but the bus is 4 trits wide"),
        "{}",
        run.stderr
    );
    let run = tritium(&["sim", ADD4, "--radix", "octal"]);
    run.expect_code(2);
    assert!(run.stderr.contains("octal"), "{}", run.stderr);
}

#[test]
fn bad_input_exits_with_2() {
    let run = tritium(&["sim", LATCH, "--set", "R=1", "--set", "R=-1,Bogus=1"]);
    run.expect_code(2);
    assert_eq!(run.stdout, "", "nothing runs before every batch is checked");
    assert!(run.stderr.contains("batch 2"), "{}", run.stderr);
    assert!(
        run.stderr.contains("unknown label `Bogus`"),
        "{}",
        run.stderr
    );

    let run = tritium(&["sim", LATCH, "--set", "Q=1"]);
    run.expect_code(2);
    assert!(run.stderr.contains("`Q` is a Lamp"), "{}", run.stderr);

    let run = tritium(&["sim", LATCH, "--set", "R=2"]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("`R`: `2` is not a trit"),
        "{}",
        run.stderr
    );

    let run = tritium(&["sim", "no/such/file.ron"]);
    run.expect_code(2);
    assert!(
        run.stderr.starts_with("error: no/such/file.ron: "),
        "{}",
        run.stderr
    );
}

#[test]
fn table_prints_every_input_combination() {
    let dir = TempDir::new("cli");
    let path = dir.file("half_adder.ron", HALF_ADDER);
    let run = tritium(&["table".as_ref(), path.as_os_str()]);
    run.expect_code(0);
    assert_eq!(
        run.lines(),
        [
            " A  B | Sum  C",
            "-1 -1 |  -1 -1",
            "-1 +1 |  +1 -1",
            "+1 -1 |  +1 -1",
            "+1 +1 |  -1 +1",
        ]
    );

    let run = tritium(&["table".as_ref(), path.as_os_str(), "--ternary".as_ref()]);
    run.expect_code(0);
    let lines = run.lines();
    assert_eq!(lines.len(), 1 + 9);
    assert_eq!(lines[5], " 0  0 |   0  0");
}

#[test]
fn check_reports_size_and_warnings() {
    let run = tritium(&["check", LATCH]);
    run.expect_code(0);
    assert_eq!(
        run.stdout,
        "ok: circuits/rs_nor_latch.ron: 6 nodes, 6 wires, 3 tests\n"
    );
    assert_eq!(run.stderr, "");

    let dir = TempDir::new("cli");
    let without_b = HALF_ADDER.replace(r#"(from: "B", to: "N", input: 1),"#, "");
    let path = dir.file("dangling.ron", &without_b);
    let run = tritium(&["check".as_ref(), path.as_os_str()]);
    run.expect_code(0);
    assert_eq!(
        run.stderr,
        format!(
            "warning: {}: `N` input 1 is unconnected and reads 0 (unknown)\n",
            path.display()
        )
    );
}

#[test]
fn check_warns_of_lonely_and_undriven_tunnels_and_fails_on_two_drivers() {
    let dir = TempDir::new("cli");
    let file = |name: &str, extra_wire: &str| {
        dir.file(
            name,
            &format!(
                r#"(version: 3,
                    nodes: [(label: "A", kind: Switch), (label: "B", kind: Switch),
                            (label: "T1", kind: Tunnel, net: "n"), (label: "T2", kind: Tunnel, net: "n"),
                            (label: "L", kind: Tunnel), (label: "Y", kind: Lamp)],
                    wires: [(from: "T2", to: "Y"), (from: "L", to: "B") {extra_wire}])"#
            ),
        )
    };
    let undriven = file("undriven.ron", "");
    let run = tritium(&["check".as_ref(), undriven.as_os_str()]);
    run.expect_code(0);
    let name = undriven.display();
    assert_eq!(
        run.stderr,
        format!(
            "warning: {name}: `Y` input 0 is unconnected and reads 0 (unknown)\n\
             warning: {name}: tunnel `L` is the only tunnel named `L`: it joins nothing\n\
             warning: {name}: nothing drives tunnel net `n` (tunnels `T1`, `T2`): what it feeds floats\n"
        )
    );
    let two = file(
        "two.ron",
        r#", (from: "A", to: "T1"), (from: "B", to: "T2")"#,
    );
    let run = tritium(&["check".as_ref(), two.as_os_str()]);
    run.expect_code(1);
    assert!(
        run.stderr.contains(
            "tunnel net `n` has two drivers: `A` (into tunnel `T1`) and `B` (into tunnel `T2`)"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn check_fails_on_an_invalid_circuit() {
    let dir = TempDir::new("cli");
    let two_drivers = HALF_ADDER.replace(
        r#"(from: "N", to: "C"),"#,
        r#"(from: "N", to: "C"), (from: "X", to: "C"),"#,
    );
    let path = dir.file("two_drivers.ron", &two_drivers);
    let run = tritium(&["check".as_ref(), path.as_os_str()]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("wires[6] (X → C.0)") && run.stderr.contains("already driven by `N`"),
        "{}",
        run.stderr
    );

    let run = tritium(&["check", "no/such/file.ron"]);
    run.expect_code(2);
}

#[test]
fn check_validates_a_hierarchy_and_names_file_line_and_instance_path() {
    let run = tritium(&["check", "circuits/adder8.ron"]);
    run.expect_code(0);
    assert!(
        run.stdout.starts_with("ok: circuits/adder8.ron: "),
        "{}",
        run.stdout
    );

    let dir = TempDir::new("cli");
    dir.file(
        "inv.ron",
        "(version: 1, nodes: [(label: \"a\", kind: Switch), (label: \"g\", kind: Not),\n\
         (label: \"y\", kind: Lamp)], wires: [(from: \"a\", to: \"g\"), (from: \"g\", to: \"y\")])\n",
    );
    let top = |instances: &str, wires: &str| {
        format!(
            "(\n    version: 2,\n    libraries: [\"inv.ron\"],\n    instances: [\n{instances}    ],\n    \
             nodes: [(label: \"X\", kind: Switch), (label: \"Y\", kind: Lamp)],\n    wires: [\n{wires}    ],\n)\n"
        )
    };
    let good_wires = "        (from: \"X\", to: \"u1.a\"),\n        (from: \"u1.y\", to: \"Y\"),\n";
    let cases = [
        (
            "pin.ron",
            top(
                "        (label: \"u1\", of: \"inv\"),\n",
                "        (from: \"X\", to: \"u1.b\"),\n",
            ),
            ":9: u1: `u1` has no input pin `b` (inputs: a)",
        ),
        (
            "unknown.ron",
            top("        (label: \"u1\", of: \"nand\"),\n", good_wires),
            ":5: instance `u1`: no part named `nand` (defined: inv)",
        ),
        (
            "missing.ron",
            top("        (label: \"u1\", of: \"inv\"),\n", good_wires)
                .replace("inv.ron", "gone.ron"),
            ":3: library `gone.ron`",
        ),
    ];
    for (name, text, want) in cases {
        let path = dir.file(name, &text);
        let run = tritium(&["check".as_ref(), path.as_os_str()]);
        run.expect_code(1);
        let prefix = format!("{}{want}", path.display());
        assert!(
            run.stderr.contains(&prefix),
            "want {prefix:?} in\n{}",
            run.stderr
        );
    }
}

/// Library `l0.ron` is a NOT gate; `lK.ron` places `l(K-1)` twice in a row: 2^K gates from
/// a few hundred bytes per file. Returns the directory.
fn doubling_chain(levels: usize) -> TempDir {
    let dir = TempDir::new("cli");
    dir.file(
        "l0.ron",
        "(version: 1, nodes: [(label: \"x\", kind: Switch), (label: \"g\", kind: Not),\n\
         (label: \"y\", kind: Lamp)], wires: [(from: \"x\", to: \"g\"), (from: \"g\", to: \"y\")])\n",
    );
    for k in 1..levels {
        let j = k - 1;
        dir.file(
            &format!("l{k}.ron"),
            &format!(
                "(version: 2, libraries: [\"l{j}.ron\"],\n\
                 instances: [(label: \"a\", of: \"l{j}\"), (label: \"b\", of: \"l{j}\")],\n\
                 nodes: [(label: \"x\", kind: Switch), (label: \"y\", kind: Lamp)],\n\
                 wires: [(from: \"x\", to: \"a.x\"), (from: \"a.y\", to: \"b.x\"), \
                 (from: \"b.y\", to: \"y\")])\n"
            ),
        );
    }
    dir
}

#[test]
fn a_hierarchy_that_flattens_too_large_is_refused_at_once_and_max_nodes_raises_the_limit() {
    // 29 levels: 2^29 gates, which used to exhaust memory.
    let dir = doubling_chain(30);
    let file = dir.path().join("l29.ron");
    let start = std::time::Instant::now();
    let run = tritium(&["check".as_ref(), file.as_os_str()]);
    run.expect_code(1);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    let want = format!(
        "{}:2: the flattened circuit would have 536870914 nodes, more than the limit of \
         4000000: instance `a/a/a/a/a/a/a` (part `l22`) alone has 4194304",
        file.display()
    );
    assert!(
        run.stderr.contains(&want),
        "want {want:?} in\n{}",
        run.stderr
    );
    // 23 levels, 8.4 million nodes (about 6 GB to load): refused at once by the default
    // limit, not an allocation failure minutes later.
    let file = dir.path().join("l23.ron");
    let start = std::time::Instant::now();
    let run = tritium(&["check".as_ref(), file.as_os_str()]);
    run.expect_code(1);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert!(
        run.stderr.contains(
            "the flattened circuit would have 8388610 nodes, more than the limit of 4000000"
        ),
        "{}",
        run.stderr
    );

    // l6 flattens to 64 gates and its 2 pins: `--max-nodes` is the inclusive limit, on every
    // command that loads a circuit.
    let file = dir.path().join("l6.ron");
    let file = file.to_str().expect("a UTF-8 temporary path");
    tritium(&["check", file, "--max-nodes", "66"]).expect_code(0);
    let run = tritium(&["check", file, "--max-nodes", "65"]);
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("more than the limit of 65: instance `a` (part `l5`) alone has 32"),
        "{}",
        run.stderr
    );
    for args in [
        vec!["sim", file],
        vec!["trace", file],
        vec!["table", file],
        vec!["test", file],
        vec!["vectors", file, "--random", "1", "--seed", "1"],
        vec!["export", "verilog", file, "-o", "-"],
    ] {
        let mut limited = args.clone();
        limited.extend(["--max-nodes", "65"]);
        let run = tritium(&limited);
        assert!(
            run.stderr.contains("more than the limit of 65"),
            "{limited:?}: {}",
            run.stderr
        );
        assert_ne!(run.code, Some(0), "{limited:?}");
    }
}

#[test]
fn every_subcommand_has_help() {
    for args in [
        &["--help"][..],
        &["sim", "--help"],
        &["trace", "--help"],
        &["test", "--help"],
        &["table", "--help"],
        &["check", "--help"],
        &["import", "--help"],
        &["export", "verilog", "--help"],
        &["vectors", "--help"],
        &["synth", "--help"],
        &["analyze", "expr", "--help"],
        &["help", "sim"],
    ] {
        let run = tritium(args);
        run.expect_code(0);
        assert!(
            run.stdout.contains("Usage: tritium"),
            "{args:?}: {}",
            run.stdout
        );
    }
}

#[test]
fn without_a_subcommand_it_opens_the_desktop_app_or_says_why_not() {
    // No display here: the app cannot open, and says so instead of crashing.
    let output = Command::new(env!("CARGO_BIN_EXE_tritium"))
        .arg(LATCH)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: cannot open the desktop app"),
        "{stderr}"
    );
}

/// ISCAS-85 c17, relative to the workspace root.
const C17: &str = "../shared/circuits/iscas85/c17.bench";

#[test]
fn import_writes_a_ron_file_that_round_trips_the_netlist() {
    let dir = TempDir::new("cli");
    let ron = dir.path().join("c17.ron");
    let run = tritium(&[
        "import".as_ref(),
        C17.as_ref(),
        "-o".as_ref(),
        ron.as_os_str(),
    ]);
    run.expect_code(0);
    assert_eq!((run.stdout.as_str(), run.stderr.as_str()), ("", ""));

    let text = fs::read_to_string(&ron).expect("import wrote the file");
    let doc = sim_core::format::from_str(&text).expect("valid RON");
    let netlist = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(C17))
        .expect("c17 is in the shared circuits");
    let original = sim_core::bench::from_str(&netlist).expect("valid netlist");
    let (got, want) = (doc.circuit.to_desc(), original.to_desc());
    assert!(
        got.nodes.iter().all(|n| n.pos.is_some()),
        "every node is placed"
    );
    let shape = |d: &sim_core::CircuitDesc| -> Vec<(String, sim_core::NodeKind)> {
        d.nodes.iter().map(|n| (n.label.clone(), n.kind)).collect()
    };
    assert_eq!(shape(&got), shape(&want));
    assert_eq!(got.wires, want.wires);

    let run = tritium(&["check".as_ref(), ron.as_os_str()]);
    run.expect_code(0);
    assert!(run.stdout.contains("13 nodes, 14 wires"), "{}", run.stdout);
    tritium(&["test".as_ref(), ron.as_os_str()]).expect_code(0);
    // Importing something that is not a netlist is refused.
    let run = tritium(&["import", LATCH, "-o", "-"]);
    run.expect_code(2);
    assert!(run.stderr.contains("`.bench`"), "{}", run.stderr);
}

#[test]
fn every_command_reads_bench_netlists_and_names_the_bad_line() {
    let run = tritium(&["check", C17]);
    run.expect_code(0);
    assert_eq!(
        run.stdout,
        format!("ok: {C17}: 13 nodes, 14 wires, 0 tests\n")
    );
    let run = tritium(&["sim", C17, "--set", "N1=1,N2=-1,N3=1,N6=-1,N7=1"]);
    run.expect_code(0);
    assert_eq!(run.stdout, "OUTPUT(N22)=+1 OUTPUT(N23)=+1\n");

    let dir = TempDir::new("cli");
    let bad = dir.file("bad.bench", "INPUT(a)\nOUTPUT(b)\nb = MUX(a, a)\n");
    let message = format!(
        "error: {}: line 3: unknown gate `MUX` (expected AND NAND OR NOR XOR XNOR NOT BUFF BUF DFF)\n",
        bad.display()
    );
    for command in ["sim", "table", "vectors"] {
        let mut args: Vec<&std::ffi::OsStr> = vec![command.as_ref(), bad.as_os_str()];
        if command == "vectors" {
            args.extend(["--random", "1", "--seed", "1"].map(std::ffi::OsStr::new));
        }
        let run = tritium(&args);
        run.expect_code(2);
        assert_eq!(run.stderr, message, "{command}");
    }
    // For `check` an invalid netlist is a failed check, like an invalid RON circuit.
    let run = tritium(&["check".as_ref(), bad.as_os_str()]);
    run.expect_code(1);
    assert_eq!(run.stderr, message);
}

#[test]
fn export_verilog_refuses_a_table_gate_it_cannot_express_by_name() {
    let run = tritium(&[
        "export",
        "verilog",
        "circuits/ternary_half_adder.ron",
        "-o",
        "-",
    ]);
    run.expect_code(2);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr.contains(
            "circuits/ternary_half_adder.ron: gate `SUM` is a table gate that is not the \
             Kleene extension of a Boolean function: Verilog's 0/1/x cannot express it"
        ),
        "{}",
        run.stderr
    );
    // Kleene tables are written.
    let run = tritium(&["export", "verilog", "tests/circuits/tables.ron", "-o", "-"]);
    run.expect_code(0);
    let lines = run.lines();
    let majority = "  assign MAJ = (B & C) | (A & C) | (A & B);";
    assert!(lines.contains(&majority), "{}", run.stdout);
}

#[test]
fn export_verilog_writes_gate_primitives_and_escaped_names() {
    let run = tritium(&["export", "verilog", C17, "-o", "-"]);
    run.expect_code(0);
    let lines = run.lines();
    for line in [
        r"module c17(N1, N2, N3, N6, N7, \OUTPUT(N22) , \OUTPUT(N23) );",
        "  input N1;",
        r"  output \OUTPUT(N22) ;",
        "  wire N10;",
        "  nand (N10, N1, N3);",
        r"  assign \OUTPUT(N23)  = N23;",
        "endmodule",
    ] {
        assert!(lines.contains(&line), "no {line:?} in\n{}", run.stdout);
    }

    // Keywords are escaped; flip-flops get an always block; constants an assign.
    let dir = TempDir::new("cli");
    let ron = dir.file(
        "kw.ron",
        r#"(
    version: 1,
    name: "key words",
    nodes: [
        (label: "and", kind: Switch),
        (label: "one", kind: Constant(1)),
        (label: "clk", kind: Clock(half_period: 1)),
        (label: "q", kind: Dff),
        (label: "wire", kind: And(2)),
        (label: "out", kind: Probe),
    ],
    wires: [
        (from: "and", to: "wire"), (from: "one", to: "wire", input: 1),
        (from: "wire", to: "q"), (from: "clk", to: "q", input: 1),
        (from: "q", to: "out"),
    ],
)
"#,
    );
    let v = dir.path().join("kw.v");
    tritium(&[
        "export".as_ref(),
        "verilog".as_ref(),
        ron.as_os_str(),
        "-o".as_ref(),
        v.as_os_str(),
    ])
    .expect_code(0);
    let text = fs::read_to_string(&v).expect("written");
    for line in [
        r"module key_words(\and , clk, out);",
        "  reg q;",
        "  assign one = 1'b1;",
        r"  and (\wire , \and , one);",
        r"  always @(posedge clk) q <= \wire ;",
        "  assign out = q;",
    ] {
        assert!(text.lines().any(|l| l == line), "no {line:?} in\n{text}");
    }
}

/// The generator documented for `tritium vectors --random`.
fn documented_random_vectors(width: usize, count: usize, seed: u64, x_prob: f64) -> String {
    use rand::{Rng as _, SeedableRng as _};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut text = String::new();
    for _ in 0..count {
        for _ in 0..width {
            let v = rng.next_u64();
            let p = ((v >> 11) as f64) * (1.0 / (1_u64 << 53) as f64);
            text.push(if p < x_prob {
                'x'
            } else if v & 1 == 1 {
                '1'
            } else {
                '0'
            });
        }
        text.push('\n');
    }
    text
}

#[test]
fn vectors_prints_one_line_of_outputs_per_vector() {
    let dir = TempDir::new("cli");
    let vecs = dir.file(
        "c17.vec",
        "# N1 N2 N3 N6 N7\n10101\n\n00000 # all low\nxxxxx\n1x1x1\n",
    );
    let run = tritium(&[
        "vectors".as_ref(),
        C17.as_ref(),
        "--input".as_ref(),
        vecs.as_os_str(),
    ]);
    run.expect_code(0);
    assert_eq!(run.lines(), ["11", "00", "xx", "1x"]);

    // --random is the documented generator.
    let vecs = dir.file("random.vec", &documented_random_vectors(5, 50, 9, 0.25));
    let from_file = tritium(&[
        "vectors".as_ref(),
        C17.as_ref(),
        "--input".as_ref(),
        vecs.as_os_str(),
    ]);
    let random = tritium(&[
        "vectors", C17, "--random", "50", "--seed", "9", "--x-prob", "0.25",
    ]);
    random.expect_code(0);
    assert_eq!(random.stdout, from_file.stdout);
    assert!(random.stdout.contains('x'));

    // Sequential: one clock cycle per vector, outputs printed after the rising edge.
    let vecs = dir.file("counter.vec", "10\n01\n01\n01\n00\n01\n");
    let run = tritium(&[
        "vectors".as_ref(),
        "tests/circuits/bench/counter4.bench".as_ref(),
        "--input".as_ref(),
        vecs.as_os_str(),
    ]);
    run.expect_code(0);
    assert_eq!(
        run.lines(),
        ["00000", "10000", "01000", "11000", "11000", "00100"]
    );
}

#[test]
fn vectors_refuses_bad_vectors_and_the_batch_engine() {
    let dir = TempDir::new("cli");
    for (text, message) in [
        (
            "10101\n0101\n",
            "line 2: expected 5 characters (one per input), found 4",
        ),
        (
            "10101\n\n01z01\n",
            "line 3: `z` (character 3) is not 0, 1 or x",
        ),
    ] {
        let vecs = dir.file("bad.vec", text);
        let run = tritium(&[
            "vectors".as_ref(),
            C17.as_ref(),
            "--input".as_ref(),
            vecs.as_os_str(),
        ]);
        run.expect_code(2);
        assert_eq!(
            run.stderr,
            format!("error: {}: {message}\n", vecs.display())
        );
        assert_eq!(run.stdout, "");
    }
    // The batch engine gives the event engine's answers, and names a loop it cannot levelize.
    let random = [
        "vectors", C17, "--random", "200", "--seed", "3", "--x-prob", "0.2",
    ];
    let event = tritium(&random);
    let batch = tritium(&[&random[..], &["--engine", "batch"]].concat());
    batch.expect_code(0);
    assert_eq!(batch.stdout, event.stdout);
    assert_eq!(batch.stdout.lines().count(), 200);
    let run = tritium(&[
        "vectors", LATCH, "--random", "1", "--seed", "1", "--engine", "batch",
    ]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("combinational loop") && run.stderr.contains("NOR1, NOR2"),
        "{}",
        run.stderr
    );
    tritium(&["vectors", C17]).expect_code(2);
    tritium(&["vectors", C17, "--random", "1"]).expect_code(2);
    tritium(&[
        "vectors", C17, "--random", "1", "--seed", "1", "--x-prob", "1.5",
    ])
    .expect_code(2);
}

#[test]
fn gen_writes_netlists_that_simulate() {
    let dir = TempDir::new("cli");
    let netlist = dir.path().join("mul3.bench");
    tritium(&[
        "gen".as_ref(),
        "multiplier".as_ref(),
        "--bits".as_ref(),
        "3".as_ref(),
        "-o".as_ref(),
        netlist.as_os_str(),
    ])
    .expect_code(0);
    // Every product of two 3-bit numbers, inputs A0..A2 then B0..B2 (least significant first).
    let mut vectors = String::new();
    for x in 0..8u32 {
        for y in 0..8u32 {
            let bits = |v: u32| {
                (0..3)
                    .map(|i| if v >> i & 1 == 1 { '1' } else { '0' })
                    .collect::<String>()
            };
            vectors.extend([bits(x), bits(y), "\n".to_owned()]);
        }
    }
    let vecs = dir.file("all.vec", &vectors);
    let run = tritium(&[
        "vectors".as_ref(),
        netlist.as_os_str(),
        "--input".as_ref(),
        vecs.as_os_str(),
    ]);
    run.expect_code(0);
    for (i, line) in run.stdout.lines().enumerate() {
        let product: u32 = line
            .chars()
            .enumerate()
            .map(|(k, c)| u32::from(c == '1') << k)
            .sum();
        assert_eq!(product, (i as u32 / 8) * (i as u32 % 8), "{line}");
    }
    assert_eq!(run.stdout.lines().count(), 64);

    let a = tritium(&["gen", "random-dag", "--gates", "300", "--seed", "7"]);
    let b = tritium(&["gen", "random-dag", "--gates", "300", "--seed", "7"]);
    a.expect_code(0);
    assert_eq!(a.stdout, b.stdout, "the same seed gives the same netlist");
    assert_eq!(a.stdout.lines().filter(|l| l.contains(" = ")).count(), 300);
    assert_ne!(
        a.stdout,
        tritium(&["gen", "random-dag", "--gates", "300", "--seed", "8"]).stdout
    );
}

#[test]
fn libraries_come_from_the_circuits_folder_or_a_library_dir() {
    let dir = TempDir::new("cli");
    for folder in ["shared", "top"] {
        fs::create_dir_all(dir.path().join(folder)).expect("can create a folder");
    }
    dir.file(
        "shared/inv.ron",
        "(version: 1, nodes: [(label: \"a\", kind: Switch), (label: \"g\", kind: Not),\n\
         (label: \"y\", kind: Lamp)], wires: [(from: \"a\", to: \"g\"), (from: \"g\", to: \"y\")])\n",
    );
    dir.file("secret.txt", "SECRETWORD and more\n");
    let top = |lib: &str| {
        format!(
            "(\n    version: 2,\n    libraries: [{lib:?}],\n    \
             nodes: [(label: \"X\", kind: Switch)],\n)\n"
        )
    };
    // Outside the circuit's folder: refused, before reading, without its text.
    let path = dir.file("top/uses_shared.ron", &top("../shared/inv.ron"));
    let run = tritium(&["check".as_ref(), path.as_os_str()]);
    run.expect_code(1);
    assert!(
        run.stderr.contains(&format!(
            "{}:3: library `../shared/inv.ron` (named in {}): refused ",
            path.display(),
            path.display()
        )),
        "{}",
        run.stderr
    );
    // Allowed with --library-dir.
    let shared = dir.path().join("shared");
    let run = tritium(&[
        "check".as_ref(),
        path.as_os_str(),
        "--library-dir".as_ref(),
        shared.as_os_str(),
    ]);
    run.expect_code(0);
    // A file that is not a circuit: named with line and column, never quoted.
    for lib in ["../secret.txt", "/etc/passwd", "/dev/zero"] {
        let path = dir.file("top/bad.ron", &top(lib));
        let run = tritium(&[
            "check".as_ref(),
            path.as_os_str(),
            "--library-dir".as_ref(),
            dir.path().as_os_str(),
        ]);
        run.expect_code(1);
        assert!(
            !run.stderr.contains("SECRETWORD") && !run.stderr.contains("root:"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn asm_writes_the_rom_contents_and_names_the_line_of_an_error() {
    let dir = TempDir::new("asm");
    let out = dir.path().join("fib.hex");
    let run = tritium(&[
        "asm".as_ref(),
        "circuits/cpu/programs/fib.s".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    run.expect_code(0);
    let written = fs::read_to_string(&out).expect("written");
    let committed =
        fs::read_to_string("circuits/cpu/programs/fib.hex").expect("the committed program");
    assert_eq!(written, committed);
    assert!(run.stderr.contains("words →"), "{}", run.stderr);

    let bad = dir.file("bad.s", "start: LD #5\n  JMP nowhere\n");
    let run = tritium(&["asm".as_ref(), bad.as_os_str()]);
    run.expect_code(2);
    assert_eq!(
        run.stderr,
        format!("error: {}:2:7: undefined label `nowhere`\n", bad.display())
    );
    let run = tritium(&["asm", "no/such/program.s"]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("cannot read no/such/program.s"),
        "{}",
        run.stderr
    );
}

#[test]
fn sim_and_trace_run_memories_and_name_the_word_read() {
    let run = tritium(&["trace", "circuits/ram_16x4.ron", "--set", "A=1"]);
    run.expect_code(0);
    assert!(
        run.lines()
            .iter()
            .any(|l| l.starts_with("#9 δ1 MEM[0] word 0x1 inputs (+1, -1, -1, -1, 0, 0, 0) → +1")),
        "{}",
        run.stdout
    );
    assert!(run.stdout.ends_with("DOUT=0x5\n"), "{}", run.stdout);
    let run = tritium(&[
        "sim",
        "circuits/ram_16x4.ron",
        "--set",
        "A=3,DIN=9,WE=1,CLK=-1",
        "--set",
        "CLK=1",
        "--set",
        "A=0b001x",
        "--radix",
        "bin",
    ]);
    run.expect_code(0);
    // Word 3 starts unknown, then holds 9; word 2 is 0xC (from ram_16x4.hex): an address
    // that is 2 or 3 reads the bits they agree on, 3 and 1.
    assert_eq!(run.lines(), ["DOUT=0bxxxx", "DOUT=0b1001", "DOUT=0b1x0x"]);
}

#[test]
fn run_ticks_the_cpu_to_its_halt_and_stops_at_the_limit_otherwise() {
    // `tritium run` on fib with a reset, `--ticks`, `--until` and further flags.
    let run_with = |ticks: &str, until: &str, flags: &[&str]| {
        let mut argv = vec![
            "run",
            "circuits/cpu/fib.ron",
            "--set",
            "RESET=1",
            "--set",
            "RESET=-1",
            "--ticks",
            ticks,
            "--until",
            until,
            "--radix",
            "unsigned",
        ];
        argv.extend(flags);
        tritium(&argv)
    };
    let args = |ticks: &str, until: &str| run_with(ticks, until, &[]);
    let run = args("100000", "HALTED");
    run.expect_code(0);
    assert_eq!(run.stdout, "PORT=233 HALTED=+1 PC=14 ACC=121\n");
    // Reset cycle (2 ticks), cycle 2 of its release, then the 236 cycles of fib.s less the
    // first (docs/cpu.md): HALTED rises on tick 473.
    assert!(
        run.stderr
            .starts_with("HALTED after 473 ticks (236 cycles) in "),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.trim_end().ends_with("cycles/s (cycle-based)"),
        "{}",
        run.stderr
    );
    // The event-driven schedules give the same answer, and say which ran.
    for (flag, how) in [
        ("--event-driven", "(levelized, event-driven)"),
        ("--unit-delay", "(unit delay)"),
    ] {
        let other = run_with("100000", "PORT=233", &[flag]);
        other.expect_code(0);
        assert!(other.stdout.starts_with("PORT=233 "), "{}", other.stdout);
        assert!(other.stderr.trim_end().ends_with(how), "{}", other.stderr);
    }
    // A condition that never holds: the run ends at its limit and says so.
    let run = args("1000", "PORT=7");
    run.expect_code(1);
    assert!(
        run.stderr
            .starts_with("warning: stopped at the --ticks limit of 1000 ticks: PORT=7 never held"),
        "{}",
        run.stderr
    );
    // `--ticks` counts the batches' ticks (two batches of one 2-tick cycle): fewer is bad
    // input, not a run past its own limit; 0 is refused by the argument parser.
    let run = args("3", "HALTED");
    run.expect_code(2);
    assert!(
        run.stderr.contains(
            "--ticks 3: fewer than the 4 ticks the 2 --set batches hold (one clock cycle of 2 ticks each)"
        ),
        "{}",
        run.stderr
    );
    let run = args("0", "HALTED");
    run.expect_code(2);
    assert!(run.stderr.contains("--ticks <N>"), "{}", run.stderr);
    let run = args("4", "HALTED");
    run.expect_code(1);
    assert!(
        run.stderr.starts_with(
            "warning: stopped at the --ticks limit of 4 ticks: HALTED never held (4 ticks"
        ),
        "{}",
        run.stderr
    );
    let run = args("100", "NOPE");
    run.expect_code(2);
    assert!(
        run.stderr.contains("--until NOPE: no node or bus `NOPE`"),
        "{}",
        run.stderr
    );
    // A huge name is echoed cut to 40 characters, once per mention.
    let huge = "N".repeat(100_000);
    let run = args("100", &huge);
    run.expect_code(2);
    let cut = format!("{}…", "N".repeat(40));
    assert!(
        run.stderr
            .contains(&format!("--until {cut}: no node or bus `{cut}`")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.len() < 300, "{} bytes", run.stderr.len());
    let run = tritium(&["run", "circuits/half_adder.ron", "--ticks", "10"]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("the circuit has no clock to tick"),
        "{}",
        run.stderr
    );
}

/// `tritium run` prints every TTY's text after the terminals, fed after every tick: the
/// example's ROM, a character a clock cycle, stopping at the `--until` tick.
#[test]
fn run_prints_what_a_tty_wrote() {
    let run = tritium(&["run", "circuits/tty_hello.ron", "--ticks", "16"]);
    run.expect_code(0);
    assert_eq!(run.lines(), ["SCREEN=0x148", r#"SCREEN: "HI!\nHI!\n""#]);
    assert!(
        run.stderr
            .contains("(levelized, event-driven: a TTY reads every tick)"),
        "{}",
        run.stderr
    );
    let run = tritium(&[
        "run",
        "circuits/tty_hello.ron",
        "--ticks",
        "16",
        "--until",
        "Q1",
    ]);
    run.expect_code(0);
    assert_eq!(run.lines()[1], r#"SCREEN: "HI""#);
}

/// The example of `analyze exact`: an AND-OR multiplexer whose output Kleene leaves unknown.
const MUX_X: &str = "circuits/mux_x_pessimism.ron";

#[test]
fn analyze_exact_finds_the_multiplexer_pessimistic() {
    let run = tritium(&["analyze", "exact", MUX_X, "--set", "A=1,B=1"]);
    run.expect_code(0);
    assert_eq!(
        run.lines(),
        [
            "Y = +1: pessimistic (Kleene: 0), every completion gives +1 [enumeration]",
            "P: undetermined, S=+1 gives -1, S=-1 gives +1 [enumeration]",
            "2 outputs unknown under Kleene's logic: 1 pessimistic, 1 undetermined, 0 unknown",
            "1 unknown input (S): 2 completions, 2 simulated; method: enumeration",
        ]
    );

    // Forced past enumeration: the diagrams reach the same verdicts; a set to 0 is unknown.
    let run = tritium(&[
        "analyze",
        "exact",
        MUX_X,
        "--set",
        "A=1",
        "--set",
        "B=T,S=0",
        "--enumeration-limit",
        "0",
    ]);
    run.expect_code(0);
    assert_eq!(
        run.lines()[0],
        "Y = +1: pessimistic (Kleene: 0), every completion gives +1 [bdd]"
    );
    assert!(
        run.lines()[1].starts_with("P: undetermined"),
        "{}",
        run.stdout
    );
}

#[test]
fn analyze_exact_json_reports_every_net_with_its_witnesses() {
    let run = tritium(&[
        "analyze",
        "exact",
        MUX_X,
        "--set",
        "A=1,B=-1",
        "--all-nets",
        "--format",
        "json",
    ]);
    run.expect_code(0);
    let doc: Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(doc["unknown_inputs"], serde_json::json!(["S"]));
    assert_eq!(doc["completions"], 2);
    assert_eq!(doc["enumerated"], true);
    let nets = doc["nets"].as_array().expect("nets");
    let labels: Vec<&str> = nets
        .iter()
        .map(|n| n["net"].as_str().expect("a label"))
        .collect();
    assert_eq!(labels, ["NS", "GA", "OR", "Y", "P"]);
    let y = &nets[3];
    assert_eq!(y["verdict"], "undetermined");
    assert_eq!(y["method"], "enumeration");
    assert_eq!(
        y["completions"],
        serde_json::json!([
            {"inputs": {"S": 1}, "value": -1},
            {"inputs": {"S": -1}, "value": 1},
        ])
    );
    // Without any unknown output.
    let run = tritium(&["analyze", "exact", MUX_X, "--set", "A=1,B=1,S=1"]);
    run.expect_code(0);
    assert_eq!(run.lines()[0], "no output is unknown under Kleene's logic");
}

#[test]
fn analyze_exact_refuses_bad_input_by_name() {
    let run = tritium(&["analyze", "exact", MUX_X, "--set", "Q=1"]);
    run.expect_code(2);
    assert!(run.stderr.contains("unknown signal `Q`"), "{}", run.stderr);

    let run = tritium(&["analyze", "exact", MUX_X, "--set", "Y=1"]);
    run.expect_code(2);
    assert!(run.stderr.contains("`Y` is a"), "{}", run.stderr);
    assert!(run.stderr.contains("not an input"), "{}", run.stderr);

    let run = tritium(&["analyze", "exact", LATCH]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("combinational loop through NOR1, NOR2"),
        "{}",
        run.stderr
    );

    let dir = TempDir::new("exact");
    let dff = dir.file("dff.bench", "INPUT(d)\nINPUT(clk)\nOUTPUT(q)\nq = DFF(d)\n");
    let run = tritium(&["analyze".as_ref(), "exact".as_ref(), dff.as_os_str()]);
    run.expect_code(2);
    assert!(run.stderr.contains("flip-flop `q`"), "{}", run.stderr);
}

const MUX: &str = "circuits/hazards/mux_no_consensus.ron";

#[test]
fn analyze_hazards_names_the_static_hazard_of_the_multiplexer_and_its_gates() {
    let run = tritium(&[
        "analyze",
        "hazards",
        MUX,
        "--from",
        "A=+1,B=+1,S=-1",
        "--to",
        "A=+1,B=+1,S=+1",
    ]);
    run.expect_code(1);
    assert_eq!(
        run.lines(),
        [
            "circuits/hazards/mux_no_consensus.ron: A=+1, B=+1, S=-1 → A=+1, B=+1, S=+1 (1 input changing: S)",
            "Y: +1 → 0 → +1 (2 changes): static hazard through NotS, AndA, AndB, OR1, Y",
            "  the consensus term A·B removes it",
            "1 hazard",
        ]
    );
    assert_eq!(run.stderr, "");
    // A clean change: exit 0.
    let run = tritium(&[
        "analyze",
        "hazards",
        MUX,
        "--from",
        "A=T, B=F, S=F",
        "--to",
        "S=1, A=1, B=-1",
    ]);
    run.expect_code(0);
    assert_eq!(
        run.lines()[1..],
        ["Y: +1 → 0 → -1 (1 change): no hazard", "no hazards"]
    );
    let run = tritium(&[
        "analyze",
        "hazards",
        "circuits/hazards/dynamic_hazard.ron",
        "--from",
        "A=+1,B=+1,S=+1",
        "--to",
        "A=+1,B=+1,S=-1",
        "--json",
    ]);
    run.expect_code(1);
    let doc: Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    let y = &doc["outputs"][0];
    assert_eq!(y["hazard"], "dynamic");
    assert_eq!(y["changes"], 3);
    assert_eq!(
        (y["before"].as_i64(), y["after"].as_i64()),
        (Some(1), Some(-1))
    );
    assert_eq!(
        y["nodes"],
        serde_json::json!(["NotS", "AndA", "AndB", "OR1", "G", "Y"])
    );
    assert_eq!(doc["changing"], serde_json::json!(["S"]));
    assert_eq!(doc["from"], "A=+1, B=+1, S=+1");
    // Y = M·S is not two-level: no consensus term is named.
    assert_eq!(y["consensus"], Value::Null);
}

#[test]
fn analyze_hazards_all_single_counts_every_single_change() {
    let run = tritium(&["analyze", "hazards", MUX, "--all-single"]);
    run.expect_code(1);
    assert_eq!(
        run.lines(),
        [
            "circuits/hazards/mux_no_consensus.ron: every single-input change, all 8 vectors of 3 inputs: 24 transitions",
            "Y: 2 static, 0 dynamic",
            "  static  A=+1, B=+1, S=-1 ↔ A=+1, B=+1, S=+1 (S)",
            "2 hazardous transitions",
        ]
    );
    let run = tritium(&[
        "analyze",
        "hazards",
        "circuits/hazards/mux_consensus.ron",
        "--all-single",
    ]);
    run.expect_code(0);
    assert_eq!(run.lines().last(), Some(&"no hazardous transitions"));
    let run = tritium(&[
        "analyze",
        "hazards",
        "circuits/hazards/dynamic_hazard.ron",
        "--all-single",
        "--format",
        "json",
    ]);
    run.expect_code(1);
    let doc: Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(doc["sampled"], false);
    assert_eq!(doc["transitions"], 24);
    assert_eq!(doc["outputs"][0]["static"], 2);
    assert_eq!(doc["outputs"][0]["dynamic"], 2);
    assert_eq!(doc["outputs"][0]["examples"][1]["from"], "A=+1, B=+1, S=-1");
}

#[test]
fn analyze_hazards_samples_beyond_twenty_inputs_and_says_so() {
    let dir = TempDir::new("cli");
    let path = dir.path().join("dag.bench");
    let args = [
        "gen",
        "random-dag",
        "--gates",
        "60",
        "--inputs",
        "24",
        "--seed",
        "5",
        "-o",
    ];
    let mut args: Vec<&std::ffi::OsStr> = args.iter().map(AsRef::as_ref).collect();
    args.push(path.as_os_str());
    tritium(&args).expect_code(0);
    let run = |seed: &str| {
        tritium(&[
            "analyze".as_ref(),
            "hazards".as_ref(),
            path.as_os_str(),
            "--all-single".as_ref(),
            "--samples".as_ref(),
            "600".as_ref(),
            "--seed".as_ref(),
            seed.as_ref(),
            "--json".as_ref(),
        ])
    };
    let first = run("3");
    assert!(matches!(first.code, Some(0 | 1)), "{}", first.stderr);
    let doc: Value = serde_json::from_str(&first.stdout).expect("valid JSON");
    assert_eq!(
        (doc["sampled"].as_bool(), doc["seed"].as_u64()),
        (Some(true), Some(3))
    );
    assert_eq!(doc["vectors"], 600);
    assert_eq!(doc["transitions"], 2 * 600 * 24);
    assert_eq!(
        run("3").stdout,
        first.stdout,
        "the same seed, the same sample"
    );
}

#[test]
fn analyze_hazards_refuses_bad_vectors_and_loops() {
    let full = "A=1,B=1,S=1";
    for (from, message) in [
        ("A=1,B=1", "the from vector gives no value to S"),
        (
            "A=1,B=0,S=1",
            "the from vector gives input `B` (value 2) an unknown value",
        ),
        ("A=1,B=1,S=maybe", "`maybe` is neither a trit"),
        (
            "A=1,B=1,S=1,Y=1",
            "sets `Y`, which is not a switch or a button",
        ),
        // The former digit form is refused (its 0 meant -1, elsewhere 0 is unknown).
        ("110", "`110` is not an assignment NAME=VALUE"),
    ] {
        let run = tritium(&["analyze", "hazards", MUX, "--from", from, "--to", full]);
        run.expect_code(2);
        assert!(run.stderr.contains(message), "{from}: {}", run.stderr);
    }
    let run = tritium(&["analyze", "hazards", LATCH, "--all-single"]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("combinational loop through NOR1, NOR2"),
        "{}",
        run.stderr
    );
    // --from needs --to; a mode is required.
    tritium(&["analyze", "hazards", MUX, "--from", full]).expect_code(2);
    tritium(&["analyze", "hazards", MUX]).expect_code(2);
}

/// Checks that `run` succeeded and its rate line ends by saying it ran levelized, event
/// driven, for `why`.
fn assert_ran_event_driven(run: &Run, why: &str) {
    run.expect_code(0);
    let ending = format!("(levelized, event-driven: {why})");
    assert!(run.stderr.trim_end().ends_with(&ending), "{}", run.stderr);
}

#[test]
fn run_names_the_clock_that_keeps_it_from_running_cycle_based() {
    // A ripple counter: the second flip-flop is clocked by the first one's output.
    let dir = TempDir::new("cli");
    let ron = dir.file(
        "ripple.ron",
        r#"(
    version: 1,
    name: "ripple",
    nodes: [
        (label: "clk", kind: Clock(half_period: 1)),
        (label: "q0", kind: Dff),
        (label: "n0", kind: Not),
        (label: "q1", kind: Dff),
        (label: "n1", kind: Not),
        (label: "out", kind: Probe),
    ],
    wires: [
        (from: "clk", to: "q0", input: 1), (from: "q0", to: "n0"), (from: "n0", to: "q0"),
        (from: "q0", to: "q1", input: 1), (from: "q1", to: "n1"), (from: "n1", to: "q1"),
        (from: "q1", to: "out"),
    ],
)
"#,
    );
    let run = tritium(&[
        "run".as_ref(),
        ron.as_os_str(),
        "--ticks".as_ref(),
        "9".as_ref(),
    ]);
    assert_ran_event_driven(
        &run,
        "not cycle-based, the clock of q1 is driven by q0, which is not a source",
    );
    // It ran tick by tick: what `--event-driven` prints.
    let event_driven = tritium(&[
        "run".as_ref(),
        ron.as_os_str(),
        "--ticks".as_ref(),
        "9".as_ref(),
        "--event-driven".as_ref(),
    ]);
    assert_eq!(run.stdout, event_driven.stdout);
}

#[test]
fn run_names_the_set_or_reset_that_keeps_it_from_running_cycle_based() {
    // A counter whose asynchronous reset comes through a gate: cycle-based would not see it
    // act between edges, so the run goes tick by tick and says which pin and driver.
    let dir = TempDir::new("cli");
    let ron = dir.file(
        "reset_by_gate.ron",
        r#"(
    version: 6,
    name: "reset by a gate",
    nodes: [
        (label: "clk", kind: Clock(half_period: 1)),
        (label: "rst", kind: Switch),
        (label: "b", kind: Buf),
        (label: "q0", kind: Dffsr),
        (label: "n0", kind: Not),
        (label: "out", kind: Probe),
    ],
    wires: [
        (from: "clk", to: "q0", input: 1), (from: "q0", to: "n0"), (from: "n0", to: "q0"),
        (from: "rst", to: "b"), (from: "b", to: "q0", input: 4), (from: "q0", to: "out"),
    ],
)
"#,
    );
    let run = tritium(&[
        "run".as_ref(),
        ron.as_os_str(),
        "--set".as_ref(),
        "rst=-1".as_ref(),
        "--ticks".as_ref(),
        "9".as_ref(),
    ]);
    assert_ran_event_driven(
        &run,
        "not cycle-based, the reset of q0 is driven by b, which is not a switch, button or \
         constant",
    );
}

/// A PNG's width and height, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[1..4], b"PNG", "a PNG file");
    let word = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    (word(16), word(20))
}

#[test]
fn draw_writes_the_schematic_as_structured_svg_and_as_png() {
    let dir = TempDir::new("draw");
    let svg = dir.path().join("full_adder.svg");
    let run = tritium(&[
        "draw",
        "circuits/full_adder.ron",
        "-o",
        &svg.display().to_string(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, format!("wrote {}\n", svg.display()));
    let text = fs::read_to_string(&svg).expect("the SVG was written");
    let doc = roxmltree::Document::parse(&text).expect("the SVG parses");
    let root = doc.root_element();
    assert_eq!(root.attribute("data-cell"), Some("20"));
    let named = |class: &str| -> Vec<String> {
        let attribute = format!("data-{class}");
        root.children()
            .filter(|g| g.attribute("class") == Some(class))
            .filter_map(|g| g.attribute(attribute.as_str()).map(str::to_owned))
            .collect()
    };
    let mut nodes = named("node");
    nodes.sort();
    assert_eq!(
        nodes,
        [
            "A", "AB", "AC", "B", "BC", "CARRY", "Cin", "Cout", "S", "SUM"
        ]
    );
    let mut nets = named("net");
    nets.sort();
    assert_eq!(nets, ["A", "AB", "AC", "B", "BC", "CARRY", "Cin", "SUM"]);
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(
        nodes.iter().all(|n| texts.contains(&n.as_str())),
        "{texts:?}"
    );
    // Without --values every wire is unknown: grey.
    assert!(!text.contains("#0072b2"), "no +1 wire");
    let width: u32 = root
        .attribute("width")
        .and_then(|w| w.parse().ok())
        .expect("a width");
    let height: u32 = root
        .attribute("height")
        .and_then(|h| h.parse().ok())
        .expect("a height");

    // The values of a simulation, drawn into a PNG three pixels per unit.
    let png = dir.path().join("full_adder.png");
    let run = tritium(&[
        "draw",
        "circuits/full_adder.ron",
        "-o",
        &png.display().to_string(),
        "--values",
        "--set",
        "A=1,B=1,Cin=-1",
        "--scale",
        "3",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let bytes = fs::read(&png).expect("the PNG was written");
    assert_eq!(png_size(&bytes), (width * 3, height * 3));
    let with_values = dir.path().join("values.svg");
    let run = tritium(&[
        "draw",
        "circuits/full_adder.ron",
        "-o",
        &with_values.display().to_string(),
        "--values",
        "--set",
        "A=1,B=1,Cin=-1",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = fs::read_to_string(&with_values).expect("the SVG was written");
    assert!(text.contains("#0072b2"), "+1 wires are blue");
}

#[test]
fn draw_draws_a_level_inside_and_refuses_what_does_not_exist() {
    let dir = TempDir::new("draw-level");
    let out = dir.path().join("fa0.svg");
    let out_text = out.display().to_string();
    let run = tritium(&[
        "draw",
        "circuits/adder8.ron",
        "-o",
        &out_text,
        "--level",
        "lo/fa0",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = fs::read_to_string(&out).expect("the SVG was written");
    assert!(text.contains(r#"data-level="lo/fa0""#), "{text}");
    for (args, message) in [
        (vec!["--level", "lo/nope"], "no level `lo/nope`"),
        (vec!["--values", "--set", "Q=1"], "unknown label `Q`"),
    ] {
        let mut all = vec!["draw", "circuits/adder8.ron", "-o", &out_text];
        all.extend(args);
        let run = tritium(&all);
        assert_eq!(run.code, Some(2), "{all:?}");
        assert!(run.stderr.contains(message), "{all:?}: {}", run.stderr);
    }
    let run = tritium(&["draw", "circuits/adder8.ron", "-o", "picture.jpg"]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("not an image file name"),
        "{}",
        run.stderr
    );
}
