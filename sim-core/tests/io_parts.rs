//! The I/O parts through the library: a keypad is an input (set like a switch, a part's input
//! pin, a module's input port), the displays are outputs (a module's output ports), and the
//! unknown bits of a decimal display read as a range; a TTY (an output port too) prints what
//! its clock, write enable and character write, through a merger.

use sim_core::kind::DecimalMode;
use sim_core::tty::TtyLogs;
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

/// A TTY fed by four switches through a merger: the character (7 bits), the clock, write
/// enable and clear.
const TTY: &str = r#"(version: 7, nodes: [
    (label: "CH", kind: Switch, width: 7),
    (label: "CLK", kind: Switch),
    (label: "WE", kind: Switch),
    (label: "CLR", kind: Switch),
    (label: "BUS", kind: Merge("0-6,7,8,9")),
    (label: "TTY", kind: Tty, width: 10)],
    wires: [(from: "CH", to: "BUS"), (from: "CLK", to: "BUS", input: 1),
        (from: "WE", to: "BUS", input: 2), (from: "CLR", to: "BUS", input: 3),
        (from: "BUS", to: "TTY")])"#;

/// Sets switch (or bus of switches) `label` to `value`, settles and shows the TTYs the
/// settle.
fn set(engine: &mut Engine, logs: &mut TtyLogs, c: &sim_core::Circuit, label: &str, value: i128) {
    let bits: Vec<_> = match c.bus(label) {
        Some(bus) => bus.bits.clone(),
        None => vec![c.find(label).expect("a switch")],
    };
    let value = sim_core::number::from_int(value, bits.len()).expect("fits");
    engine.set(bits.into_iter().zip(value)).expect("switches");
    engine.settle();
    logs.observe(engine);
}

#[test]
fn a_tty_fed_through_a_merger_prints_hi_and_clears() {
    let doc = format::from_str(TTY).expect("valid");
    let c = &doc.circuit;
    let mut engine = Engine::from_circuit(c);
    let mut logs = TtyLogs::new(c);
    engine.settle();
    logs.observe(&engine);
    assert_eq!(logs.texts().collect::<Vec<_>>(), [("TTY", "")]);
    // Write enable and clear never set: a clock pulse may write, and may clear.
    set(&mut engine, &mut logs, c, "CLK", 0);
    set(&mut engine, &mut logs, c, "CLK", 1);
    assert_eq!(logs.text("TTY"), Some("?"));
    set(&mut engine, &mut logs, c, "CLR", 1);
    set(&mut engine, &mut logs, c, "CLR", 0);
    set(&mut engine, &mut logs, c, "WE", 1);
    for ch in "HI".bytes() {
        set(&mut engine, &mut logs, c, "CH", i128::from(ch));
        set(&mut engine, &mut logs, c, "CLK", 0);
        set(&mut engine, &mut logs, c, "CLK", 1);
    }
    assert_eq!(logs.text("TTY"), Some("HI"));
    // Write enable off: a clock pulse writes nothing.
    set(&mut engine, &mut logs, c, "WE", 0);
    set(&mut engine, &mut logs, c, "CLK", 0);
    set(&mut engine, &mut logs, c, "CLK", 1);
    assert_eq!(logs.text("TTY"), Some("HI"));
    set(&mut engine, &mut logs, c, "CLR", 1);
    assert_eq!(logs.text("TTY"), Some(""));
    logs.reset();
    assert_eq!(logs.text("TTY"), Some(""));
    assert_eq!(logs.text("CH"), None, "a switch is no TTY");
}

#[test]
fn the_tty_hello_circuit_prints_its_rom_a_character_a_clock_cycle() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../circuits/tty_hello.ron");
    let text = std::fs::read_to_string(path).expect("circuits/tty_hello.ron");
    let doc = format::from_str(&text).expect("valid");
    let mut engine = Engine::from_circuit(&doc.circuit);
    let mut logs = TtyLogs::new(&doc.circuit);
    engine.settle();
    logs.observe(&engine);
    for _ in 0..16 {
        engine.tick();
        engine.settle();
        logs.observe(&engine);
    }
    assert_eq!(logs.text("SCREEN"), Some("HI!\nHI!\n"));
}

#[test]
fn a_tty_is_an_output_port_ten_trits_wide() {
    let doc = format::from_str(TTY).expect("valid");
    let (text, warnings) = verilog::document(&doc, "tty").expect("exports");
    assert!(warnings.is_empty(), "{warnings:?}");
    has_lines(
        &text,
        &["module tty(CH, CLK, WE, CLR, TTY);", "  output [9:0] TTY;"],
    );
    let narrow = r#"(version: 7, nodes: [(label: "T", kind: Tty, width: 8)])"#;
    let err = format::from_str(narrow).expect_err("8 trits").to_string();
    assert!(err.contains('T') && err.contains("10 trits"), "{err}");
    let old = TTY.replace("version: 7", "version: 6");
    let err = format::from_str(&old).expect_err("version 6").to_string();
    assert!(err.contains("need `version: 7`"), "{err}");
}
