//! Text on the canvas fits and reads: a value too long for its box is shortened with `…` and
//! read whole on hover; pin names are not drawn below a legible size and are drawn, 11 pixels
//! high, at Zoom 100 %.

use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::geometry::CELL;
use gui::pages::circuit::legibility::{self, PIN_SIZE};
use sim_core::NodeKind;

use crate::common::{App, app_with, scene_to_screen};

/// Zoom 100 % the way a person asks for it: the key 1.
fn zoom_to_100(h: &mut App) {
    h.key_press(egui::Key::Num1);
    h.run();
    let zoom = scene_to_screen(h).scaling;
    assert!((zoom - 1.0).abs() < 1e-3, "zoom {zoom}");
}

/// Every text the last frame drew, with its font size (scene pixels on the canvas).
fn drawn_texts(h: &App) -> Vec<(String, f32)> {
    fn collect(shape: &egui::Shape, out: &mut Vec<(String, f32)>) {
        match shape {
            egui::Shape::Text(text) => {
                let size = text
                    .galley
                    .job
                    .sections
                    .iter()
                    .map(|s| s.format.font_id.size)
                    .fold(0.0, f32::max);
                out.push((text.galley.text().to_owned(), size));
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

/// The small text of the top level: the names of its blocks' pins and its nodes' labels
/// (a bus's bits go by the bus's name, also a node's label).
fn small_text(h: &App) -> Vec<String> {
    let state = &h.state().state;
    let pins = state
        .level_instances()
        .iter()
        .filter_map(|i| state.instance_pins(&i.label))
        .flat_map(|(_, inputs, outputs)| inputs.into_iter().chain(outputs));
    let labels = state
        .circuit()
        .nodes()
        .map(|(_, n)| n.label.clone())
        .filter(|l| !l.contains(['/', '[']));
    pins.chain(labels).collect()
}

#[test]
fn a_value_too_long_for_its_box_is_shortened_and_read_whole_on_hover() {
    let mut h = app_with("adder8_bus.ron");
    zoom_to_100(&mut h);
    // The switch in the middle of the canvas.
    let a0 = h.state().state.circuit().find("A[0]").expect("A's bit 0");
    h.state_mut().state.centre = Some(a0);
    h.run();
    // An 8-bit switch of unknown bits: `0bxxxxxxxx` is wider than its 3-cell box.
    let full = h.state().state.bus_text("A").expect("bus A");
    assert_eq!(full, "0bxxxxxxxx");
    let shown = legibility::fit_value(NodeKind::Switch, 3.0 * CELL, &full);
    assert!(shown.abbreviated, "{shown:?}");
    let texts = drawn_texts(&h);
    assert!(
        texts.iter().any(|(t, _)| *t == shown.text) && !texts.iter().any(|(t, _)| *t == full),
        "the box shows {:?}, not the whole number: {texts:?}",
        shown.text
    );
    // Hovering the switch shows the whole number.
    let a = scene_to_screen(&h) * h.get_by_label("A").rect();
    h.hover_at(a.center());
    h.run_steps(60); // a second: past egui's tooltip delay
    assert!(
        h.query_by_label("A (Switch, 8 trits) = 0bxxxxxxxx")
            .is_some(),
        "the tooltip gives the whole number"
    );
}

#[test]
fn small_text_is_hidden_while_too_small_and_reads_at_100_percent() {
    for file in ["adder8.ron", "ripple_carry_adder_4bit.ron", "alu8.ron"] {
        let mut h = app_with(file);
        h.run();
        let names = small_text(&h);
        // A block's bus pin is written with its width: `a/4`.
        let drawn = |h: &App| -> Vec<(String, f32)> {
            drawn_texts(h)
                .into_iter()
                .filter(|(t, _)| {
                    names.iter().any(|n| {
                        t == n
                            || t.strip_prefix(n.as_str())
                                .is_some_and(|w| w.starts_with('/'))
                    })
                })
                .collect()
        };
        // Fitted to the window: what is drawn is at least 8 pixels on the screen (the canvas
        // lays text out at the zoom's layout scale).
        let zoom = scene_to_screen(&h).scaling;
        let scale = gui::pages::circuit::views::layout_scale(zoom);
        for (text, size) in drawn(&h) {
            let on_screen = size / scale * zoom;
            assert!(
                on_screen >= 8.0,
                "{file} at {zoom}: {text:?} at {on_screen} px"
            );
        }
        assert!(
            !legibility::legible(PIN_SIZE, zoom),
            "{file} fits at {zoom}: its pin names would be under 8 px"
        );
        // At 100 %: the names on screen are drawn, pin names 11 pixels high, labels 13.
        zoom_to_100(&mut h);
        let at_100 = drawn(&h);
        assert!(!at_100.is_empty(), "{file}: names drawn at 100 %");
        for (name, size) in at_100 {
            assert!(size >= PIN_SIZE, "{file}: {name:?} at {size} px");
        }
    }
}
