//! The I/O parts through the library: a keypad is an input (set like a switch, a part's input
//! pin, a module's input port), the displays are outputs (a module's output ports), and the
//! unknown bits of a decimal display read as a range.

use sim_core::kind::DecimalMode;
use sim_core::{Engine, NodeKind, Trit, format, verilog};

/// A keypad on a signed decimal display and on an LED matrix of 2 × 2 lamps.
const KEYPAD: &str = r#"(version: 7, nodes: [
    (label: "KEY", kind: Keypad, width: 4),
    (label: "DEC", kind: DecimalDisplay(Signed), width: 4),
    (label: "LED", kind: LedMatrix(rows: 2, columns: 2), width: 4)],
    wires: [(from: "KEY", to: "DEC"), (from: "KEY", to: "LED")])"#;

/// Asserts that every line of `lines` is a line of `text`.
fn has_lines(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(text.lines().any(|l| l == *line), "{line}\n{text}");
    }
}

#[test]
fn a_keypad_is_an_input_port_and_the_displays_are_output_ports() {
    let doc = format::from_str(KEYPAD).expect("valid");
    let (text, warnings) = verilog::document(&doc, "keypad").expect("exports");
    assert!(warnings.is_empty(), "{warnings:?}");
    has_lines(
        &text,
        &[
            "module keypad(KEY, DEC, LED);",
            "  input [3:0] KEY;",
            "  output [3:0] DEC;",
            "  output [3:0] LED;",
            "  assign DEC = KEY;",
            "  assign LED = KEY;",
        ],
    );
}

#[test]
fn a_keypad_is_set_as_a_switch_is_and_starts_unknown() {
    let doc = format::from_str(KEYPAD).expect("valid");
    let c = &doc.circuit;
    assert_eq!(c.inputs().count(), 4, "a keypad's four bits are inputs");
    let bits: Vec<_> = (0..4)
        .map(|i| c.find(&format!("KEY[{i}]")).expect("bit"))
        .collect();
    let dec = c.bus("DEC").expect("the display's bus").clone();
    let mut engine = Engine::from_circuit(c);
    engine.settle();
    let reading = |e: &Engine| DecimalMode::Signed.reading(&e.bus_value(&dec));
    assert_eq!(reading(&engine), "-8…7");
    // Key B: 1011.
    let b = sim_core::number::from_int(0xB, 4).expect("fits");
    engine
        .set(bits.iter().copied().zip(b))
        .expect("a keypad's bits are settable");
    engine.settle();
    assert_eq!(reading(&engine), "-5");
    assert_eq!(c[bits[0]].kind, NodeKind::Keypad);
    engine
        .set([(bits[3], Trit::Unknown)])
        .expect("any value, as a switch");
    engine.settle();
    assert_eq!(reading(&engine), "-5…3");
}

#[test]
fn a_keypad_in_a_part_is_an_input_pin() {
    let text = r#"(version: 7, subcircuits: [(name: "pad", nodes: [
        (label: "k", kind: Keypad, width: 4), (label: "y", kind: Lamp, width: 4)],
        wires: [(from: "k", to: "y")])], nodes: [])"#;
    let doc = format::from_str(text).expect("valid");
    let (part, _) = doc.design.part("pad").expect("the part");
    assert_eq!(part.input_pins(), vec!["k".to_owned()]);
}

#[test]
fn a_keypad_is_four_trits_wide() {
    let text = r#"(version: 7, nodes: [(label: "KEY", kind: Keypad, width: 3)])"#;
    let err = format::from_str(text).expect_err("3 trits").to_string();
    assert!(err.contains("KEY") && err.contains("4 trits"), "{err}");
    let flat = r#"(version: 7, nodes: [(label: "KEY", kind: Keypad)])"#;
    let err = format::from_str(flat).expect_err("1 trit").to_string();
    assert!(err.contains("4 trits"), "{err}");
}
