//! The importer on small hand-written netlists (no Yosys needed).

use super::*;
use crate::{Engine, NodeKind, Trit};

/// A netlist of one module `top` with `ports` and `cells` (JSON object bodies).
fn netlist(ports: &str, cells: &str) -> String {
    format!(
        r#"{{"modules": {{"top": {{"ports": {{{ports}}}, "cells": {{{cells}}}, "netnames": {{}}}}}}}}"#
    )
}

fn import(json: &str) -> Imported {
    from_json(json, &ImportOptions::default()).expect("imports")
}

/// Sets the inputs `values` (by label) and reads `output` after the engine settles.
fn eval(doc: &Document, values: &[(&str, Trit)], output: &str) -> Trit {
    let c = &doc.circuit;
    let mut engine = Engine::from_circuit(c);
    let set: Vec<_> = values
        .iter()
        .map(|(l, v)| (c.find(l).unwrap_or_else(|| panic!("no {l}")), *v))
        .collect();
    engine.set(set).expect("inputs");
    engine.settle();
    engine.value(c.find(output).expect("output"))
}

const T: Trit = Trit::True;
const F: Trit = Trit::False;
const X: Trit = Trit::Unknown;

#[test]
fn a_mux_is_exact_under_an_unknown_select() {
    let json = netlist(
        r#""a": {"direction": "input", "bits": [2]}, "b": {"direction": "input", "bits": [3]},
           "s": {"direction": "input", "bits": [4]}, "y": {"direction": "output", "bits": [5]}"#,
        r#""m": {"type": "$_MUX_", "connections": {"A": [2], "B": [3], "S": [4], "Y": [5]}}"#,
    );
    let doc = import(&json).document;
    assert_eq!(eval(&doc, &[("a", F), ("b", T), ("s", F)], "y"), F);
    assert_eq!(eval(&doc, &[("a", F), ("b", T), ("s", T)], "y"), T);
    assert_eq!(eval(&doc, &[("a", T), ("b", T), ("s", X)], "y"), T);
    assert_eq!(eval(&doc, &[("a", F), ("b", T), ("s", X)], "y"), X);
}

#[test]
fn every_simple_gate_computes_its_function() {
    // (type, inputs, function of the inputs as bits)
    type F = fn(&[bool]) -> bool;
    let cases: [(&str, usize, F); 16] = [
        ("$_BUF_", 1, |i| i[0]),
        ("$_NOT_", 1, |i| !i[0]),
        ("$_AND_", 2, |i| i[0] && i[1]),
        ("$_OR_", 2, |i| i[0] || i[1]),
        ("$_XOR_", 2, |i| i[0] ^ i[1]),
        ("$_NAND_", 2, |i| !(i[0] && i[1])),
        ("$_NOR_", 2, |i| !(i[0] || i[1])),
        ("$_XNOR_", 2, |i| !(i[0] ^ i[1])),
        ("$_ANDNOT_", 2, |i| i[0] && !i[1]),
        ("$_ORNOT_", 2, |i| i[0] || !i[1]),
        ("$_MUX_", 3, |i| if i[2] { i[1] } else { i[0] }),
        ("$_NMUX_", 3, |i| !(if i[2] { i[1] } else { i[0] })),
        ("$_AOI3_", 3, |i| !((i[0] && i[1]) || i[2])),
        ("$_OAI3_", 3, |i| !((i[0] || i[1]) && i[2])),
        ("$_AOI4_", 4, |i| !((i[0] && i[1]) || (i[2] && i[3]))),
        ("$_OAI4_", 4, |i| !((i[0] || i[1]) && (i[2] || i[3]))),
    ];
    let mut checked = 0;
    for (cell_type, n, f) in cases {
        let names = ["A", "B", "C", "D"];
        let names = if matches!(cell_type, "$_MUX_" | "$_NMUX_") {
            ["A", "B", "S", "D"]
        } else {
            names
        };
        let ports: Vec<String> = (0..n)
            .map(|k| {
                format!(
                    r#""{}": {{"direction": "input", "bits": [{}]}}"#,
                    names[k],
                    k + 2
                )
            })
            .chain([r#""Y": {"direction": "output", "bits": [9]}"#.to_owned()])
            .collect();
        let connections: Vec<String> = (0..n)
            .map(|k| format!(r#""{}": [{}]"#, names[k], k + 2))
            .collect();
        let json = netlist(
            &ports.join(","),
            &format!(
                r#""c": {{"type": "{cell_type}", "connections": {{{}, "Y": [9]}}}}"#,
                connections.join(",")
            ),
        );
        let doc = import(&json).document;
        for row in 0..1usize << n {
            let bits: Vec<bool> = (0..n).map(|k| row >> k & 1 == 1).collect();
            let values: Vec<(&str, Trit)> =
                (0..n).map(|k| (names[k], Trit::from(bits[k]))).collect();
            assert_eq!(
                eval(&doc, &values, "Y"),
                Trit::from(f(&bits)),
                "{cell_type} {bits:?}"
            );
            checked += 1;
        }
    }
    // 2 one-input gates, 8 two-input ones, 4 of three inputs and 2 of four.
    assert_eq!(checked, 2 * 2 + 8 * 4 + 4 * 8 + 2 * 16);
}

#[test]
fn an_unknown_cell_type_is_an_error_naming_it_and_its_module() {
    let json = netlist(
        r#""a": {"direction": "input", "bits": [2]}"#,
        r#""add": {"type": "$add", "connections": {"A": [2], "B": [2], "Y": [3]}}"#,
    );
    let err = from_json(&json, &ImportOptions::default()).expect_err("refused");
    let YosysError::UnsupportedCell {
        cell_type, module, ..
    } = &err
    else {
        panic!("{err}")
    };
    assert_eq!((cell_type.as_str(), module.as_str()), ("$add", "top"));
    assert!(err.to_string().contains("techmap"), "{err}");
}

#[test]
fn text_that_is_not_yosys_json_is_an_error_with_its_line() {
    let err = from_json("{\n \"modules\": 3}", &ImportOptions::default()).expect_err("refused");
    assert!(matches!(err, YosysError::NotYosys { line: 2, .. }), "{err}");
}

#[test]
fn a_net_driven_twice_is_an_error_naming_both_drivers() {
    let json = netlist(
        r#""a": {"direction": "input", "bits": [2]}, "y": {"direction": "output", "bits": [3]}"#,
        r#""n1": {"type": "$_NOT_", "connections": {"A": [2], "Y": [3]}},
           "n2": {"type": "$_BUF_", "connections": {"A": [2], "Y": [3]}}"#,
    );
    let err = from_json(&json, &ImportOptions::default()).expect_err("refused");
    assert!(
        matches!(&err, YosysError::DrivenTwice { first, second, .. } if first == "`n1`" && second == "`n2`"),
        "{err}"
    );
}

#[test]
fn more_cells_than_the_limit_is_an_error() {
    let json = netlist(
        r#""a": {"direction": "input", "bits": [2]}, "y": {"direction": "output", "bits": [4]}"#,
        r#""n1": {"type": "$_NOT_", "connections": {"A": [2], "Y": [3]}},
           "n2": {"type": "$_NOT_", "connections": {"A": [3], "Y": [4]}}"#,
    );
    let options = ImportOptions {
        max_nodes: 1,
        ..ImportOptions::default()
    };
    let err = from_json(&json, &options).expect_err("refused");
    assert!(
        matches!(err, YosysError::TooLarge { nodes: 2, limit: 1 }),
        "{err}"
    );
}

#[test]
fn constants_and_undriven_nets_drive_their_values() {
    let json = netlist(
        r#""y": {"direction": "output", "bits": ["1", "0", "x", 7]}"#,
        "",
    );
    let imported = import(&json);
    assert_eq!(
        imported.warnings,
        [ImportWarning::Undriven {
            module: "top".into(),
            nets: vec!["#7".into()]
        }]
    );
    let doc = imported.document;
    let values: Vec<Trit> = (0..4)
        .map(|k| eval(&doc, &[], &format!("y[{k}]")))
        .collect();
    assert_eq!(values, [T, F, X, X]);
}

/// Two modules: `top` places `inv` (a 2-bit inverter) as `u`, its ports buses.
const HIERARCHY: &str = r#"{"modules": {
  "inv": {"ports": {"a": {"direction": "input", "bits": [2, 3]},
                    "y": {"direction": "output", "bits": [4, 5]}},
          "cells": {"n0": {"type": "$_NOT_", "connections": {"A": [2], "Y": [4]}},
                    "n1": {"type": "$_NOT_", "connections": {"A": [3], "Y": [5]}}}},
  "top": {"attributes": {"top": "00000000000000000000000000000001"},
          "ports": {"x": {"direction": "input", "bits": [2, 3]},
                    "z": {"direction": "output", "bits": [4, 5]}},
          "cells": {"u": {"type": "inv", "connections": {"a": [2, 3], "y": [4, 5]}}}}
}}"#;

#[test]
fn modules_become_parts_placed_as_instances() {
    let doc = import(HIERARCHY).document;
    assert_eq!(doc.name, "top");
    assert_eq!(doc.design.part_names(), ["inv"]);
    assert_eq!(doc.design.instances.len(), 1);
    assert_eq!(doc.design.instances[0].label, "u");
    let part = &doc.design.subcircuits[0];
    assert_eq!(
        (part.input_pins(), part.output_pins()),
        (vec!["a".into()], vec!["y".into()])
    );
    let c = &doc.circuit;
    let mut engine = Engine::from_circuit(c);
    let x = c.bus("x").expect("bus x");
    engine.set(x.assign(&[T, F])).expect("sets");
    engine.settle();
    let z = c.bus("z").expect("bus z");
    assert_eq!(
        z.bits.iter().map(|&b| engine.value(b)).collect::<Vec<_>>(),
        [F, T]
    );
}

#[test]
fn the_top_is_the_one_asked_for_or_refused_by_name() {
    let options = |top: &str| ImportOptions {
        top: Some(top.to_owned()),
        ..ImportOptions::default()
    };
    let doc = from_json(HIERARCHY, &options("inv"))
        .expect("imports")
        .document;
    assert_eq!(doc.name, "inv");
    let err = from_json(HIERARCHY, &options("nope")).expect_err("refused");
    assert!(
        matches!(&err, YosysError::NoSuchTop { top, .. } if top == "nope"),
        "{err}"
    );
}

#[test]
fn two_unplaced_modules_without_a_top_attribute_are_refused() {
    let json = r#"{"modules": {"a": {"ports": {}}, "b": {"ports": {}}}}"#;
    let err = from_json(json, &ImportOptions::default()).expect_err("refused");
    assert!(
        matches!(&err, YosysError::SeveralTops { candidates } if candidates == &["a", "b"]),
        "{err}"
    );
}

#[test]
fn a_module_placing_itself_is_refused() {
    let json = r#"{"modules": {"top": {"ports": {}, "cells": {"me": {"type": "top", "connections": {}}}}}}"#;
    let options = ImportOptions {
        top: Some("top".into()),
        ..ImportOptions::default()
    };
    let err = from_json(json, &options).expect_err("refused");
    assert!(matches!(err, YosysError::Recursive { .. }), "{err}");
}

#[test]
fn an_inout_port_is_refused_by_name() {
    let json = netlist(r#""io": {"direction": "inout", "bits": [2]}"#, "");
    let err = from_json(&json, &ImportOptions::default()).expect_err("refused");
    assert!(
        matches!(&err, YosysError::Port { port, .. } if port == "io"),
        "{err}"
    );
}

#[test]
fn a_negative_edge_flip_flop_takes_d_on_the_falling_clock_and_keeps_its_net_name() {
    let json = r#"{"modules": {"top": {
        "ports": {"c": {"direction": "input", "bits": [2]}, "d": {"direction": "input", "bits": [3]},
                  "y": {"direction": "output", "bits": [5]}},
        "cells": {"ff": {"type": "$_DFF_N_", "connections": {"C": [2], "D": [3], "Q": [4]}},
                  "b": {"type": "$_BUF_", "connections": {"A": [4], "Y": [5]}}},
        "netnames": {"state": {"hide_name": 0, "bits": [4], "attributes": {"init": "1"}}}}}}"#;
    let doc = import(json).document;
    let c = &doc.circuit;
    let state = c
        .find("state")
        .expect("the flip-flop is named after its net");
    assert_eq!(c[state].init, Some(T));
    let [clock, d, y] = ["c", "d", "y"].map(|l| c.find(l).expect("port"));
    let mut engine = Engine::from_circuit(c);
    engine.set([(clock, T), (d, F)]).expect("sets");
    engine.settle();
    assert_eq!(engine.value(y), T, "the power-on value");
    engine.set([(clock, F)]).expect("sets");
    engine.settle();
    assert_eq!(engine.value(y), F, "taken on the falling edge");
}

#[test]
fn gates_are_placed_in_columns_by_logic_level_whatever_the_cell_order() {
    // The second inverter is listed first: it still goes right of the first.
    let json = netlist(
        r#""a": {"direction": "input", "bits": [2]}, "y": {"direction": "output", "bits": [4]}"#,
        r#""n2": {"type": "$_NOT_", "connections": {"A": [3], "Y": [4]}},
           "n1": {"type": "$_NOT_", "connections": {"A": [2], "Y": [3]}}"#,
    );
    let doc = import(&json).document;
    let c = &doc.circuit;
    let reader = |node| {
        c.wires()
            .find(|(_, w)| w.from == node)
            .map(|(_, w)| w.to)
            .expect("read")
    };
    let first = reader(c.find("a").expect("input"));
    let second = reader(first);
    assert_eq!(
        (c[first].kind, c[second].kind),
        (NodeKind::Not, NodeKind::Not)
    );
    let x = |node| c[node].pos.expect("placed").x;
    let (first, second) = (x(first), x(second));
    assert!(second > first, "{first} then {second}");
}
