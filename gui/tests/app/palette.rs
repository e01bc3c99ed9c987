//! The palette as a new user meets it: each item shows its kind's symbol (the canvas's own
//! drawing, small) and says what it does on hover; the inspector names a gate's kind with its
//! input count spelled out, so a NOR labelled `NOR1` does not read as "NOR1".

use egui::Rect;
use egui_kittest::kittest::Queryable as _;

use egui::pos2;
use gui::pages::circuit::state::CircuitPageState;

use crate::common::{
    App, app, app_with, click_cell, click_node, drag, output_pin, scene_to_screen,
    scroll_and_click, status, type_into, zoom_to_100,
};

#[test]
fn each_palette_item_shows_its_symbol_and_says_what_it_does() {
    let mut h = app_with("rs_nor_latch.ron");
    for item in ["Switch", "NOR", "Lamp", "DFF", "DFFE"] {
        let button = h.get_by_label(item).rect();
        // The symbol: shapes painted left of the item's button, within its row.
        let symbol = Rect::from_min_max(
            pos2(button.left() - 40.0, button.top() - 2.0),
            pos2(button.left(), button.bottom() + 2.0),
        );
        let shapes = h
            .output()
            .shapes
            .iter()
            .filter(|c| {
                let r = c.shape.visual_bounding_rect();
                r.is_positive() && symbol.contains_rect(r)
            })
            .count();
        assert!(
            shapes >= 2,
            "{item}: {shapes} shapes in its symbol's box {symbol:?}"
        );
    }
    h.get_by_label("NOR").hover();
    h.run_steps(40);
    assert!(
        h.query_by_label_contains("NOR: the negated OR").is_some(),
        "the NOR item says what it does"
    );
    h.get_by_label("DFFE").hover();
    h.run_steps(40);
    assert!(
        h.query_by_label_contains("D flip-flop with enable: takes input D")
            .is_some(),
        "the DFFE item says what it does"
    );
}

#[test]
fn the_inspector_spells_a_gates_input_count_out() {
    let mut h = app_with("rs_nor_latch.ron");
    click_node(&h, "NOR1");
    h.run();
    assert_eq!(status(&h, "Kind: "), "Kind: NOR, 2 inputs");
}

/// A library part from the palette at the typed width: an 8-bit adder clicked onto the
/// canvas is an instance of the part `adder8`, whose block shows its pins `a`, `b`, `cin`,
/// `s` and `cout`, buses as wide as the Width field says.
#[test]
fn a_library_part_is_placed_at_the_palette_width_with_its_pins() {
    let mut h = app(CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    type_into(&mut h, "Width", "8");
    scroll_and_click(&mut h, "Library parts");
    scroll_and_click(&mut h, "Adder");
    assert_eq!(h.state().state.part_tool.as_deref(), Some("adder8"));
    click_cell(&mut h, pos2(4.0, 4.0));
    let design = &h.state().state.document().design;
    assert_eq!(design.instances.len(), 1);
    assert_eq!(design.instances[0].of, "adder8");
    for pin in ["U1.a", "U1.b", "U1.cin", "U1.s", "U1.cout"] {
        assert!(h.query_by_label(pin).is_some(), "pin {pin} shown");
    }
    // Eight bits each (two hex digits), unknown until the inputs are driven.
    for pin in ["U1.a", "U1.s"] {
        assert_eq!(
            h.get_by_label(pin).value().as_deref(),
            Some("0x??"),
            "{pin}"
        );
    }
}

/// Each sequential library part at the typed width: a click adds its design to the document
/// (pins as `sim_core::parts` documents them) and arms placing it.
#[test]
fn the_sequential_library_parts_are_offered_at_the_palette_width() {
    let mut h = app(CircuitPageState::default());
    h.run();
    type_into(&mut h, "Width", "4");
    scroll_and_click(&mut h, "Library parts");
    for (item, name, inputs) in [
        ("Register", "register4", "d clk en srst arst"),
        ("Counter", "counter4", "d clk en up load srst arst"),
        (
            "Shift register",
            "shiftreg4",
            "sin d clk shift load srst arst",
        ),
        ("JK flip-flop", "jkff4", "j k clk set reset"),
        ("T flip-flop", "tff4", "t clk set reset"),
        ("SR flip-flop", "srff4", "s r clk set reset"),
    ] {
        scroll_and_click(&mut h, item);
        let state = &h.state().state;
        assert_eq!(state.part_tool.as_deref(), Some(name), "{item}");
        let (part, _) = state.document().design.part(name).expect("added");
        assert_eq!(part.input_pins().join(" "), inputs, "{item}");
    }
}

/// The pins of the library counter that [`counter_wired_from_switches`] wires, from switch
/// `SW1` down.
pub(crate) const COUNTER_PINS: [&str; 5] = ["clk", "en", "up", "load", "srst"];

/// A 2-bit counter from the library parts, placed as a person would: at Width 2, then five
/// switches at Width 1 dragged to its [`COUNTER_PINS`] (`d` and `arst` left open).
pub(crate) fn counter_wired_from_switches() -> App {
    let mut h = app(CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    type_into(&mut h, "Width", "2");
    scroll_and_click(&mut h, "Library parts");
    scroll_and_click(&mut h, "Counter");
    click_cell(&mut h, pos2(16.0, 2.0));
    h.key_press(egui::Key::Escape);
    type_into(&mut h, "Width", "1");
    scroll_and_click(&mut h, "Switch");
    for y in 0..COUNTER_PINS.len() {
        click_cell(&mut h, pos2(2.0, 2.0 + 4.0 * y as f32));
    }
    h.key_press(egui::Key::Escape);
    h.run();
    for (k, pin) in COUNTER_PINS.iter().enumerate() {
        let switch = format!("SW{}", k + 1);
        let target = scene_to_screen(&h) * h.get_by_label(&format!("U1.{pin}")).rect();
        let from = output_pin(&h, &switch);
        drag(&mut h, from, target.center());
        h.run();
    }
    h
}

/// Clicks switch `switch` `times` times (its first click sets −1, each next one flips it).
pub(crate) fn click_switch(h: &mut App, switch: &str, times: usize) {
    for _ in 0..times {
        click_node(h, switch);
        h.run();
    }
}

/// The library counter of [`counter_wired_from_switches`] used as a person would: its
/// switches clicked to −1 and +1 (`load` −1, so the open `d` does not matter; the open
/// `arst`, an unwired asynchronous reset, is inactive). A synchronous reset gives 0 from
/// unknown, then each clock pulse counts up (the carry at 3), and down once `up` is −1.
#[test]
fn a_counter_from_the_library_parts_counts_from_its_reset() {
    let mut h = counter_wired_from_switches();
    // A document with buses keeps its top level's wires as written.
    let design = &h.state().state.document().design;
    let wires: Vec<String> = design
        .bus_level
        .as_ref()
        .map(|(_, wires)| {
            wires
                .iter()
                .map(|w| format!("{} → {}", w.from, w.to))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        wires,
        [
            "SW1 → U1.clk",
            "SW2 → U1.en",
            "SW3 → U1.up",
            "SW4 → U1.load",
            "SW5 → U1.srst"
        ]
    );
    let pulse = |h: &mut App| click_switch(h, "SW1", 2);
    let read = |h: &App, pin: &str| {
        h.get_by_label(&format!("U1.{pin}"))
            .value()
            .unwrap_or_default()
    };
    // clk −1; en, up +1; load −1; srst +1.
    for (switch, clicks) in [("SW1", 1), ("SW2", 2), ("SW3", 2), ("SW4", 1), ("SW5", 2)] {
        click_switch(&mut h, switch, clicks);
    }
    assert_eq!(read(&h, "q"), "0x?", "unknown before the reset");
    pulse(&mut h);
    assert_eq!(read(&h, "q"), "0x0", "the synchronous reset");
    click_switch(&mut h, "SW5", 1);
    let mut counted = Vec::new();
    for _ in 0..4 {
        pulse(&mut h);
        counted.push((read(&h, "q"), read(&h, "carry")));
    }
    let counted: Vec<(&str, &str)> = counted.iter().map(|(q, c)| (&q[..], &c[..])).collect();
    assert_eq!(
        counted,
        [("0x1", "-1"), ("0x2", "-1"), ("0x3", "+1"), ("0x0", "-1")]
    );
    click_switch(&mut h, "SW3", 1);
    assert_eq!(read(&h, "carry"), "+1", "counting down from 0 wraps");
    pulse(&mut h);
    assert_eq!(read(&h, "q"), "0x3");
}
