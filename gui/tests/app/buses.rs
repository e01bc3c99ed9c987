//! Buses in the app: a designer types numbers into bus switches and reads numbers off bus
//! lamps, block pins and the trace — `circuits/adder8_bus.ron` (A + B + CIN on 8-bit buses,
//! two 4-bit adders with bus pins, splitters and a merger) and `circuits/alu8.ron` (an 8-bit
//! ALU on bus parts, with bitwise gates 8 trits wide).

use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::pages::circuit::state::{CircuitPageState, End, Mode};
use sim_core::Trit;
use sim_core::number::{self, Radix};

use crate::common::{
    App, app_with, app_with_short_frames, circuit_path, click_bus, click_node, double_click_at,
    enter_number, node_value, scene_to_screen, status,
};

/// Runs frames until the app settles; on failure writes the picture to /tmp/bus-fail.png.
fn run(h: &mut App) {
    if let Err(e) = h.try_run() {
        if let Ok(image) = h.render() {
            let _ = image.save("/tmp/bus-fail.png");
        }
        panic!("{e:?}");
    }
}

/// Selects bus `name` on the canvas and enters `text` as its number.
fn set_bus(h: &mut App, name: &str, text: &str) {
    click_bus(h, name);
    assert_eq!(
        selected_bus(h).as_deref(),
        Some(name),
        "a click selects {name}"
    );
    enter_number(h, text);
}

/// The bus the selection is, if all of it is one bus's bits.
fn selected_bus(h: &App) -> Option<String> {
    h.state().state.selected_bus()
}

/// The texts of the widgets whose text contains `needle`.
fn labels_containing(h: &App, needle: &str) -> Vec<String> {
    h.query_all_by_label_contains(needle)
        .filter_map(|n| n.value().or_else(|| n.accesskit_node().label()))
        .filter(|t| t.contains(needle))
        .collect()
}

/// The text of the first widget whose text contains `needle`.
fn label_containing(h: &App, needle: &str) -> String {
    let found = labels_containing(h, needle);
    assert!(!found.is_empty(), "no label contains {needle:?}");
    found.into_iter().next().expect("one label")
}

/// The Bits row of bus `name`, `width` trits wide, most significant first: each button's trit.
fn bit_values(h: &App, name: &str, width: usize) -> Vec<String> {
    (0..width)
        .rev()
        .map(|i| {
            let bit = sim_core::literal::bit_label(name, i);
            h.get_by_label(&bit).value().unwrap_or_default()
        })
        .collect()
}

/// `adder8_bus.ron` with A = 107, B = 54 and CIN = +1 entered through the canvas and the
/// inspector.
fn adder_with_107_54_1() -> App {
    adder_in_with_107_54_1(app_with("adder8_bus.ron"))
}

/// [`adder_with_107_54_1`] in the harness `h` showing `adder8_bus.ron`.
fn adder_in_with_107_54_1(mut h: App) -> App {
    h.run();
    set_bus(&mut h, "A", "107");
    set_bus(&mut h, "B", "54");
    // A one-trit switch still toggles on a click: unknown → −1 → +1.
    click_node(&h, "CIN");
    h.run();
    click_node(&h, "CIN");
    h.run();
    assert_eq!(node_value(&h, "CIN"), "+1");
    h
}

#[test]
fn opening_the_bus_files_draws_each_bus_once() {
    for name in ["adder8_bus.ron", "alu8.ron"] {
        let mut h = app_with(name);
        h.run();
        // Each bus is one widget named after it; its bits have none.
        for bus in h.state().state.circuit().buses() {
            if bus.name.contains('/') {
                continue; // inside an instance
            }
            assert_eq!(
                h.query_all_by_label(&bus.name).count(),
                1,
                "{name}: bus {}",
                bus.name
            );
            let bit = sim_core::literal::bit_label(&bus.name, 0);
            assert!(h.query_by_label(&bit).is_none(), "{name}: {bit} is drawn");
        }
        // Power-on: every bit unknown, shown honestly.
        let text = node_value(&h, "A");
        assert_eq!(
            text, "0bxxxxxxxx",
            "{name}: A is unsigned with unknown bits"
        );
        // Full detail too (zoomed in), stepping and settling: no panic.
        let view = egui::Rect::from_min_size(egui::pos2(-40.0, -40.0), egui::vec2(700.0, 650.0));
        h.state_mut().canvas_mut().set_view(view);
        h.run();
        h.get_by_label("Step mode").click();
        h.run();
        for _ in 0..3 {
            h.key_press(Key::Space);
            h.step();
        }
        h.get_by_label("Run").click();
        h.run();
    }
}

#[test]
fn typing_107_and_54_with_a_carry_in_reads_162() {
    let mut h = adder_with_107_54_1();
    assert_eq!(node_value(&h, "A"), "107");
    assert_eq!(node_value(&h, "B"), "54");
    assert_eq!(node_value(&h, "S"), "162");
    assert_eq!(node_value(&h, "COUT"), "-1");
    // The block pins carry the nibbles: in the radix of the part's pin (`s` is unsigned,
    // `a` says nothing: hexadecimal), a one-trit pin as a trit.
    for (pin, want) in [
        ("lo.a", "0xB"),
        ("hi.a", "0x6"),
        ("lo.b", "0x6"),
        ("lo.s", "2"),
        ("hi.s", "10"),
        ("lo.cin", "+1"),
        ("lo.cout", "+1"),
        ("hi.cin", "+1"),
        ("hi.cout", "-1"),
    ] {
        assert_eq!(node_value(&h, pin), want, "{pin}");
    }
    // The inspector of the selected bus B reads it, and its field holds what was typed.
    click_bus(&mut h, "B");
    assert_eq!(label_containing(&h, "Value: "), "Value: 54");
    assert_eq!(
        h.get_by_label("Number").value().as_deref(),
        Some("54"),
        "the field keeps what was typed"
    );
    // Toggling a bit from the inspector: bit 0 of B, 54 → 55, so S = 163.
    h.get_by_label("B[0]").click();
    h.run();
    assert_eq!(node_value(&h, "B"), "55");
    assert_eq!(node_value(&h, "S"), "163");
    // Inside `lo` its bus pins read what the top level feeds them, through the splitters.
    h.state_mut().state.open_instance("lo");
    h.run();
    assert_eq!(node_value(&h, "a"), "0xB");
    assert_eq!(node_value(&h, "b"), "0x7");
    assert_eq!(node_value(&h, "s"), "3"); // 11 + 7 + 1 = 19: 3, carry 1
    assert_eq!(node_value(&h, "fa0.a"), "+1");
    assert_eq!(node_value(&h, "fa2.a"), "-1");
    // One level further down, inside a part without buses, the pins still resolve.
    h.state_mut().state.open_instance("fa1");
    h.run();
    assert_eq!(node_value(&h, "a"), "+1"); // bit 1 of 107
    assert_eq!(node_value(&h, "b"), "+1"); // bit 1 of 55
}

#[test]
fn a_click_on_a_bus_switch_selects_it_without_toggling() {
    let mut h = app_with("adder8_bus.ron");
    h.run();
    set_bus(&mut h, "A", "0x6B");
    assert_eq!(node_value(&h, "A"), "107");
    click_bus(&mut h, "B");
    click_bus(&mut h, "A");
    assert_eq!(selected_bus(&h).as_deref(), Some("A"));
    assert_eq!(node_value(&h, "A"), "107", "bit 0 is not toggled");
    assert_eq!(
        h.state().state.selection.len(),
        8,
        "the whole bus is selected"
    );
}

#[test]
fn the_radix_picker_shows_s_in_hexadecimal() {
    let mut h = adder_with_107_54_1();
    click_bus(&mut h, "S");
    assert_eq!(selected_bus(&h).as_deref(), Some("S"));
    assert_eq!(label_containing(&h, "Value: "), "Value: 162");
    h.get_by_label("Hex").click();
    h.run();
    assert_eq!(node_value(&h, "S"), "0xA2");
    assert_eq!(label_containing(&h, "Value: "), "Value: 0xA2");
    // A view setting, kept in the document too (so that saving keeps it), not an edit.
    let state = &h.state().state;
    assert_eq!(state.bus_radix("S"), Radix::Hex);
    assert_eq!(state.circuit().bus("S").map(|b| b.radix), Some(Radix::Hex));
    let (nodes, _) = state
        .document()
        .design
        .bus_level
        .as_ref()
        .expect("a bus level");
    let s = nodes.iter().find(|n| n.label == "S").expect("S");
    assert_eq!(s.radix, Some(Radix::Hex));
    assert!(!state.doc.is_modified(), "a radix is not an edit");
    assert!(!state.doc.history.can_undo(), "no undo step");
    // The wire into S is labelled in S's radix now (its merger names none); the number
    // shown in every other radix follows too.
    h.get_by_label("Bin").click();
    h.run();
    assert_eq!(node_value(&h, "S"), "0b10100010");
    h.get_by_label("Signed").click();
    h.run();
    assert_eq!(node_value(&h, "S"), "-94");
}

#[test]
fn a_malformed_or_too_wide_number_is_refused_with_its_reason() {
    let mut h = adder_with_107_54_1();
    click_bus(&mut h, "A");
    for text in ["0x1G", "300", "-129", ""] {
        enter_number(&mut h, text);
        let error = number::parse(text, 8).expect_err("refused").to_string();
        assert_eq!(
            label_containing(&h, "Refused: "),
            format!("Refused: {error}"),
            "{text:?}"
        );
        assert_eq!(
            h.get_by_label("Number").value().as_deref(),
            Some(text),
            "the field keeps {text:?}"
        );
        assert_eq!(node_value(&h, "A"), "107", "nothing changes");
        assert_eq!(node_value(&h, "S"), "162", "nothing changes");
    }
    assert!(
        number::parse("300", 8)
            .expect_err("too wide")
            .to_string()
            .contains("needs 9 trits but the bus is 8 trits wide")
    );
    // A good number clears the refusal.
    enter_number(&mut h, "0b0110_1100");
    assert!(h.query_by_label_contains("Refused: ").is_none());
    assert_eq!(node_value(&h, "A"), "108");
    assert_eq!(node_value(&h, "S"), "163");
}

#[test]
fn stepping_a_bus_shows_its_value_before_and_after() {
    let mut h = adder_with_107_54_1();
    h.get_by_label("Step mode").click();
    h.run();
    click_bus(&mut h, "A");
    // 107 → 108 changes bits 0, 1 and 2; all eight bits are set in one batch.
    enter_number(&mut h, "108");
    assert_eq!(node_value(&h, "A"), "107", "queued, not applied");
    assert!(status(&h, "Queue: ") != "Queue: 0");
    let mut steps = 0;
    while h.state().state.sim.last_bus_change().is_none() {
        h.key_press(Key::Space);
        // The stepped wire pulses: the app keeps repainting.
        h.run_steps(2);
        steps += 1;
        assert!(steps < 10, "no bus bit changed in {steps} steps");
    }
    let change = h
        .state()
        .state
        .sim
        .last_bus_change()
        .cloned()
        .expect("a change");
    assert_eq!((change.bus.as_str(), change.bit), ("A", 0));
    // Bit 0 of A, +1 → −1: 107 → 106, in the trace, the status bar and the inspector.
    assert_eq!(status(&h, "Evaluating: "), "Evaluating: A[0]");
    let lines = labels_containing(&h, "A: 107 → 106");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with('#') && l.contains("A[0]") && l.ends_with("A: 107 → 106")),
        "the trace line: {lines:?}"
    );
    assert_eq!(status(&h, "A: "), "A: 107 → 106");
    assert_eq!(
        label_containing(&h, "Last step: "),
        "Last step: A[0]: 107 → 106"
    );
    assert_eq!(node_value(&h, "A"), "106");
    // Stepping on reaches S, whose changes read the same way.
    let mut s_changed = false;
    for _ in 0..200 {
        h.key_press(Key::Space);
        // The stepped wire pulses: the app keeps repainting.
        h.run_steps(2);
        if h.state()
            .state
            .sim
            .last_bus_change()
            .is_some_and(|c| c.bus == "S")
        {
            s_changed = true;
            break;
        }
    }
    assert!(s_changed, "S changed");
    let change = h.state().state.sim.last_bus_change().cloned().expect("S");
    let text = format!(
        "S: {} → {}",
        number::format(&change.before, Radix::Unsigned),
        number::format(&change.after, Radix::Unsigned)
    );
    assert_eq!(status(&h, "S: "), text);
    h.get_by_label("Run").click();
    h.run();
    assert_eq!(node_value(&h, "S"), "163");
}

#[test]
fn the_alu_computes_what_its_operation_says() {
    let mut h = app_with("alu8.ron");
    h.run();
    // AND: 0x5A ∧ 0x0F = 0x0A.
    set_bus(&mut h, "A", "0x5A");
    set_bus(&mut h, "B", "0x0F");
    set_bus(&mut h, "OP", "2");
    assert_eq!(node_value(&h, "Y"), "10");
    assert_eq!(
        [
            node_value(&h, "Z"),
            node_value(&h, "C"),
            node_value(&h, "N"),
            node_value(&h, "V")
        ],
        ["-1", "-1", "-1", "-1"]
    );
    // SUB: 5 − 7 = 254 (two's complement −2), a borrow (C = −1), negative.
    set_bus(&mut h, "A", "5");
    set_bus(&mut h, "B", "7");
    set_bus(&mut h, "OP", "1");
    assert_eq!(node_value(&h, "Y"), "254");
    assert_eq!(
        [
            node_value(&h, "Z"),
            node_value(&h, "C"),
            node_value(&h, "N"),
            node_value(&h, "V")
        ],
        ["-1", "-1", "+1", "-1"]
    );
    // The bitwise gate buses show their numbers too: `and` is 5 ∧ 7.
    assert_eq!(node_value(&h, "and"), "0x05");
    // The blocks' bus pins read through the gates, mergers and other blocks feeding them:
    // the adder adds A and B' = ¬7 (with the carry in, 5 − 7), the multiplexers pass it on.
    for (pin, want) in [
        ("add.a", "5"),
        ("add.b", "248"),
        ("add.cin", "+1"),
        ("add.s", "254"),
        ("mlo.sel", "1"),
        ("mlo.y", "254"),
        ("mr.y", "254"),
        ("my.y", "254"),
    ] {
        assert_eq!(node_value(&h, pin), want, "{pin}");
    }
    // ADD with an unknown low bit of A: Y's bit 0 unknown, shown as such.
    set_bus(&mut h, "A", "0b0001_000x");
    set_bus(&mut h, "B", "0");
    set_bus(&mut h, "OP", "0");
    assert_eq!(node_value(&h, "Y"), "0b0001000x");
    assert_eq!(node_value(&h, "Z"), "-1");
}

#[test]
fn the_state_resolves_wire_ends_through_splitters_and_instances() {
    let mut state = CircuitPageState::open_or_report(&circuit_path("adder8_bus.ron"));
    assert!(state.notice.is_none(), "{:?}", state.notice);
    state.set_bus_number("A", "107").expect("a number");
    state.set_bus_number("B", "54").expect("a number");
    let cin = state.circuit().find("CIN").expect("CIN");
    state.set_value(cin, Trit::True);
    assert_eq!(state.bus_text("S").as_deref(), Some("162"));
    let level: Vec<String> = Vec::new();
    // A splitter output is the bits of what feeds the splitter.
    let bits = state.end_bits(&level, "AS.1");
    let a = state.circuit().bus("A").expect("A").bits.clone();
    assert_eq!(bits, a[4..].iter().copied().map(Some).collect::<Vec<_>>());
    // A merger is its inputs' bits; an instance's output pin what drives it inside.
    assert_eq!(state.end_width(&level, "SM"), 8);
    assert_eq!(
        number::format(&state.level_end_values("SM"), Radix::Unsigned),
        "162"
    );
    assert_eq!(
        number::format(&state.level_end_values("lo.s"), Radix::Unsigned),
        "2"
    );
    assert_eq!(state.end_radix(&level, "AS.0"), Some(Radix::Unsigned));
    assert_eq!(state.end_radix(&level, "SM"), None);
    assert_eq!(
        state.end_value(&End::parse("lo.cout", state.level_instances())),
        Trit::True
    );
    // A bus wider than its number, or not a number: refused, nothing set.
    let before = state.bus_text("A");
    for bad in ["0x1G", "300", "1.5"] {
        assert!(state.set_bus_number("A", bad).is_err(), "{bad}");
        assert_eq!(state.bus_text("A"), before);
    }
    assert!(state.set_bus_number("Q", "1").is_err(), "no bus Q");
    // Toggling a bit, in Step mode, queues one event.
    state.sim.set_mode(Mode::Step);
    state.toggle_bus_bit("A", 7);
    assert_eq!(state.sim.pending().count(), 1);
}

#[test]
fn decimals_typed_into_a_balanced_ternary_bus_read_back_as_typed() {
    let mut h = app_with("bt_adder6_demo.ron");
    h.run();
    // A decimal on a 6-trit balanced-ternary bus is its balanced-ternary value, shown with
    // its digits and back in decimal: 5 = 9 − 3 − 1, −42 = −81 + 27 + 9 + 3.
    for (bus, typed, shown) in [("A", "5", "0t0001TT (5)"), ("B", "-42", "0t0T1110 (-42)")] {
        set_bus(&mut h, bus, typed);
        assert!(
            h.query_by_label_contains("Refused: ").is_none(),
            "{bus}={typed}"
        );
        assert_eq!(label_containing(&h, "Value: "), format!("Value: {shown}"));
        assert_eq!(
            node_value(&h, bus),
            shown.split(' ').next().expect("digits")
        );
        // The readings are the decimal, never binary readings of the digits.
        assert!(h.query_by_label("decimal").is_some());
        assert!(
            h.query_by_label("hex").is_none(),
            "no binary reading of {bus}"
        );
    }
    // The Bits row shows the trits of 0t0T1110, most significant first, as −1/0/+1.
    assert_eq!(bit_values(&h, "B", 6), ["0", "-1", "+1", "+1", "+1", "0"]);
    // CIN is still at power-on: 0, the digit zero.
    assert_eq!(node_value(&h, "CIN"), "0");
    // The sum, 5 + (−42) + 0 = −37, reads in decimal in the inspector.
    click_bus(&mut h, "S");
    assert_eq!(label_containing(&h, "Value: "), "Value: 0t00TT0T (-37)");
    // Past ±364 a decimal is refused with the bus's range; nothing changes.
    click_bus(&mut h, "A");
    enter_number(&mut h, "365");
    assert_eq!(
        label_containing(&h, "Refused: "),
        "Refused: `365` is outside -364..=364, the range of a 6-trit balanced-ternary bus"
    );
    assert_eq!(node_value(&h, "A"), "0t0001TT");
}

#[test]
fn a_binary_bus_reads_in_binary_radixes_and_its_bits_as_trits() {
    let mut h = adder_with_107_54_1();
    click_bus(&mut h, "A");
    // 107 = 0b0110_1011: a bit 1 is the trit +1, a bit 0 the trit −1.
    assert_eq!(
        bit_values(&h, "A", 8),
        ["-1", "+1", "+1", "-1", "+1", "-1", "+1", "+1"]
    );
    // Every binary reading, and no balanced-ternary reading of the raw trits.
    for radix in ["bin", "hex", "signed"] {
        assert!(h.query_by_label(radix).is_some(), "{radix}");
    }
    assert!(h.query_by_label("ternary").is_none());
    assert!(h.query_by_label("decimal").is_none());
}

#[test]
fn a_bus_is_renamed_in_the_inspector_and_its_number_field_selects_on_focus() {
    let mut h = adder_with_107_54_1();
    click_bus(&mut h, "A");
    // The Number field, focused, holds its number selected: typing replaces it.
    assert_eq!(h.get_by_label("Number").value().as_deref(), Some("107"));
    h.get_by_label("Number").focus();
    run(&mut h);
    h.get_by_label("Number").type_text("50");
    run(&mut h);
    assert_eq!(h.get_by_label("Number").value().as_deref(), Some("50"));
    h.key_press(Key::Enter);
    run(&mut h);
    assert_eq!(h.state().state.bus_text("S").as_deref(), Some("105"));
    // The Label field renames the bus.
    assert_eq!(h.get_by_label("Label").value().as_deref(), Some("A"));
    h.get_by_label("Label").focus();
    run(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    run(&mut h);
    h.get_by_label("Label").type_text("X");
    run(&mut h);
    h.key_press(Key::Enter);
    run(&mut h);
    let state = &h.state().state;
    assert!(state.circuit().bus("X").is_some(), "{:?}", state.notice);
    assert!(state.circuit().bus("A").is_none());
    click_bus(&mut h, "X");
    assert_eq!(selected_bus(&h).as_deref(), Some("X"));
    assert_eq!(h.get_by_label("Label").value().as_deref(), Some("X"));
}

#[test]
fn a_double_click_on_a_bus_switch_or_display_opens_its_label_for_renaming() {
    let mut h = adder_in_with_107_54_1(app_with_short_frames("adder8_bus.ron"));
    for (bus, new) in [("A", "X"), ("S", "SUM")] {
        let value = h.state().state.bus_text(bus);
        // A double-click on the bus on the canvas: selected, its Label field focused.
        let on = (scene_to_screen(&h) * h.get_by_label(bus).rect()).center();
        double_click_at(&mut h, on);
        assert_eq!(selected_bus(&h).as_deref(), Some(bus));
        let label = h.get_by_label("Label");
        assert_eq!(label.value().as_deref(), Some(bus));
        assert!(
            label.is_focused(),
            "{bus}: the Label field has the keyboard"
        );
        // Typed over and confirmed: the bus has its new name (and the trace, whose events
        // name the nodes the rename replaced, still draws).
        h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
        run(&mut h);
        h.get_by_label("Label").type_text(new);
        run(&mut h);
        h.key_press(Key::Enter);
        run(&mut h);
        let state = &h.state().state;
        assert!(
            state.circuit().bus(new).is_some(),
            "{bus} → {new}: {:?}",
            state.notice
        );
        assert!(state.circuit().bus(bus).is_none());
        assert_eq!(
            state.bus_radix(new),
            Radix::Unsigned,
            "{bus} → {new}: the radix stays"
        );
        assert_eq!(state.bus_text(new), value, "{bus} → {new}: the value stays");
    }
}

#[test]
fn a_renamed_bus_keeps_its_radix_from_the_file_and_from_the_session() {
    let mut state = CircuitPageState::open_or_report(&circuit_path("bt_adder6_demo.ron"));
    assert_eq!(state.bus_radix("A"), Radix::Ternary);
    state.set_bus_radix("B", Radix::Signed);
    for (old, new, radix) in [("A", "X", Radix::Ternary), ("B", "Y", Radix::Signed)] {
        let bit = state.circuit().bus(old).expect("bus").bits[0];
        assert!(state.rename(bit, new), "{old} → {new}: {:?}", state.notice);
        assert_eq!(state.bus_radix(new), radix, "{old} → {new}");
    }
}
