//! Step mode as a user meets it: a switch clicked shows its new value at once (the event that
//! applies it waits in the queue), trace and queue rows are clickable (they select the node and
//! centre it on the canvas), a running clock's events are one collapsed row per tick, and the
//! trace gets the room the inspector does not use.

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::pages::circuit::state::{CircuitPageState, Mode, Reorient};
use sim_core::{NodeKind, Pos};

use crate::common::{
    App, app, app_with, click_node, clock_not_lamp, doc_node, latch_with_a_queued_reset,
    node_value, status,
};

#[test]
fn a_switch_clicked_in_step_mode_shows_its_pending_value() {
    let mut h = latch_with_a_queued_reset();
    // R was −1 and is clicked: its event waits, the canvas shows the new value beside it.
    assert_eq!(node_value(&h, "R"), "-1", "the event has not run");
    assert_eq!(
        h.get_by_label("R pending").value().as_deref(),
        Some("+1"),
        "the tag shows the value R is set to"
    );
    assert_eq!(
        status(&h, "Value: "),
        "Value: -1, set to +1 (waiting in the queue)",
        "the inspector says so too"
    );
    // A second click before the step sets it back: nothing pending any more.
    click_node(&h, "R");
    h.run();
    assert!(h.query_by_label("R pending").is_none());
    click_node(&h, "R");
    h.run();
    assert!(h.query_by_label("R pending").is_some());
    // Step: the event runs, R shows +1, the tag goes.
    h.key_press(egui::Key::Space);
    h.run_steps(2);
    assert_eq!(node_value(&h, "R"), "+1");
    assert!(h.query_by_label("R pending").is_none());
}

/// The centre of the canvas's view, and node `label`'s centre, in scene pixels.
fn view_and_node_centres(h: &mut App, label: &str) -> (egui::Pos2, egui::Pos2) {
    let node = doc_node(h, label);
    let r = gui::pages::circuit::geometry::rect(&node);
    let cell = gui::pages::circuit::geometry::CELL;
    let centre = egui::pos2(
        f32::midpoint(r.min.x, r.max.x) * cell,
        f32::midpoint(r.min.y, r.max.y) * cell,
    );
    (h.state_mut().canvas_mut().view().center(), centre)
}

#[test]
fn a_click_on_a_trace_row_selects_its_node_and_centres_it() {
    let mut h = latch_with_a_queued_reset();
    for _ in 0..3 {
        h.key_press(egui::Key::Space);
        h.step();
    }
    h.remove_cursor();
    h.run_steps(2);
    let (view, qn) = view_and_node_centres(&mut h, "Qn");
    assert!(
        (view - qn).length() > 50.0,
        "Qn is off centre to begin with"
    );
    let row = h
        .query_all_by_label_contains("Qn inputs")
        .next()
        .expect("a trace row of Qn");
    row.click();
    h.run_steps(3);
    let state = &h.state().state;
    let qn_id = state.circuit().find("Qn").expect("Qn");
    assert_eq!(state.selection, [qn_id].into(), "Qn selected");
    let (view, qn) = view_and_node_centres(&mut h, "Qn");
    assert!(
        (view - qn).length() < 1.0,
        "Qn centred: view {view:?}, Qn {qn:?}"
    );
    assert_eq!(status(&h, "Kind: "), "Kind: Lamp");

    // The queue's rows too: the pending NOR2.
    let row = h
        .query_all_by_label_contains("NOR2  ←")
        .next()
        .expect("NOR2 waits in the queue");
    row.click();
    h.run_steps(3);
    let (view, nor2) = view_and_node_centres(&mut h, "NOR2");
    assert!((view - nor2).length() < 1.0);
    assert_eq!(status(&h, "Kind: "), "Kind: NOR, 2 inputs");
}

/// The trace's event rows shown (`#7 δ1 NOT1 inputs …`; buttons, unlike the inspector's
/// "why this value" lines).
fn event_rows(h: &App) -> usize {
    h.query_all_by_label_contains(" δ")
        .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .count()
}

#[test]
fn a_running_clock_is_one_collapsed_trace_row_per_tick() {
    let mut state = CircuitPageState::default();
    clock_not_lamp(&mut state);
    state.sim.clock_hz = 0.0; // ticks only with the Tick button
    assert_eq!(state.sim.mode, Mode::Run);
    let mut h = app(state);
    h.run();
    let before = event_rows(&h);
    for _ in 0..3 {
        h.get_by_label("Tick").click();
        h.run();
    }
    for tick in 1..=3 {
        let row = format!("[+] tick {tick}: 3 events");
        assert!(h.query_by_label(&row).is_some(), "{row}");
    }
    assert_eq!(event_rows(&h), before, "the ticks' events are folded away");
    // Opened, a tick shows its events: the clock, the NOT and the lamp.
    h.get_by_label("[+] tick 2: 3 events").click();
    h.run();
    assert!(h.query_by_label("[-] tick 2: 3 events").is_some());
    assert_eq!(
        event_rows(&h),
        before + 3,
        "the clock's change, the NOT's and the lamp's evaluations"
    );
}

#[test]
fn the_trace_takes_the_height_the_inspector_leaves() {
    let mut h = app_with("rs_nor_latch.ron");
    h.run();
    let trace = h.get_by_label("Trace").rect();
    let queue = h.get_by_label("Queue").rect();
    let inspector = h.get_by_label("Inspector").rect();
    // With nothing selected the inspector is two lines: the trace starts right under it and
    // runs down to the queue at the bottom.
    assert!(
        trace.top() - inspector.bottom() < 60.0,
        "{inspector:?} {trace:?}"
    );
    assert!(queue.top() - trace.bottom() > 400.0, "{trace:?} {queue:?}");
}

#[test]
fn a_trace_row_of_a_node_inside_an_instance_opens_its_level() {
    let mut h = app_with("adder8.ron");
    h.get_by_label("Step mode").click();
    h.run();
    click_node(&h, "A0");
    h.run();
    for _ in 0..4 {
        h.key_press(egui::Key::Space);
        h.step();
    }
    h.remove_cursor();
    h.run_steps(2);
    // A row whose event's node (after `#N δD`) is inside lo/fa0.
    let row = h
        .query_all_by_label_contains(" lo/fa0/")
        .find(|n| {
            n.accesskit_node().role() == egui::accesskit::Role::Button
                && n.accesskit_node()
                    .label()
                    .and_then(|l| {
                        l.split_whitespace()
                            .nth(2)
                            .map(|w| w.starts_with("lo/fa0/"))
                    })
                    .unwrap_or(false)
        })
        .expect("an event inside lo/fa0 in the trace");
    let text = row.accesskit_node().label().unwrap_or_default();
    row.click();
    h.run_steps(3);
    let state = &h.state().state;
    let selected: Vec<&str> = state
        .selection
        .iter()
        .map(|&id| state.circuit()[id].label.as_str())
        .collect();
    assert_eq!(selected.len(), 1);
    let label = selected[0];
    assert!(
        text.contains(&format!(" {label} ")),
        "{label} from {text:?}"
    );
    // The level holding it is open (`lo/fa0/h1/x` is gate `x` inside lo › fa0 › h1).
    let (path, _) = label.rsplit_once('/').expect("inside an instance");
    assert_eq!(
        state.level.join("/"),
        path,
        "the row {text:?} opened its level"
    );
    assert!(state.level.len() >= 2);
    let label = label.to_owned();
    let (view, node) = view_and_node_centres(&mut h, &label);
    assert!(
        (view - node).length() < 1.0,
        "{label} centred: {view:?} vs {node:?}"
    );
}

#[test]
fn a_bus_of_switches_set_in_step_mode_shows_the_number_it_is_set_to() {
    let mut h = app_with("adder8_bus.ron");
    h.get_by_label("Step mode").click();
    h.run();
    let before = h.state().state.bus_text("A").expect("bus A");
    h.state_mut()
        .state
        .set_bus_number("A", "107")
        .expect("a number for A");
    h.run();
    let pending = h
        .get_by_label("A pending")
        .value()
        .expect("the tag's number");
    assert_ne!(pending, before);
    assert_eq!(
        h.state().state.bus_text("A").as_deref(),
        Some(before.as_str())
    );
    h.get_by_label("Settle").click();
    h.run();
    assert_eq!(
        h.state().state.bus_text("A"),
        Some(pending),
        "what the tag promised"
    );
    assert!(h.query_by_label("A pending").is_none());
}

/// The pending-event markers painted this frame: each a triangle's three corners.
fn markers(h: &App) -> Vec<[egui::Pos2; 3]> {
    let fill = gui::pages::circuit::draw::Colors::LIGHT.evaluating;
    h.output()
        .shapes
        .iter()
        .filter_map(|s| match &s.shape {
            egui::Shape::Path(p) if p.closed && p.fill == fill => p.points.clone().try_into().ok(),
            _ => None,
        })
        .collect()
}

/// Which way a marker's triangle points: from the middle of its base to its tip, the tip
/// being the corner farthest from the triangle's centroid.
fn pointing(corners: [egui::Pos2; 3]) -> egui::Vec2 {
    let centroid = egui::Pos2::ZERO
        + (corners[0].to_vec2() + corners[1].to_vec2() + corners[2].to_vec2()) / 3.0;
    let tip = corners
        .into_iter()
        .max_by(|a, b| a.distance(centroid).total_cmp(&b.distance(centroid)))
        .expect("three corners");
    tip - centroid
}

#[test]
fn the_pending_event_marker_points_the_way_the_event_travels() {
    // A switch and a NOT both turned to face west: the wire runs from right to left.
    let mut state = CircuitPageState::default();
    let switch = state
        .place(NodeKind::Switch, Pos { x: 12, y: 0 })
        .expect("placed");
    let not = state
        .place(NodeKind::Not, Pos { x: 0, y: 0 })
        .expect("placed");
    for _ in 0..2 {
        assert!(state.reorient_nodes(&[switch, not], Reorient::Clockwise));
    }
    assert!(state.connect(switch, not, 0));
    let label = state.circuit()[switch].label.clone();
    let mut h = app(state);
    h.run();
    h.get_by_label("Step mode").click();
    h.run();
    click_node(&h, &label);
    h.run();
    // The switch's change runs: the NOT's evaluation waits, delivered along the wire.
    h.key_press(egui::Key::Space);
    h.run_steps(2);
    let markers = markers(&h);
    assert_eq!(markers.len(), 1, "one event waits on the one wire");
    let way = pointing(markers[0]);
    assert!(
        way.x < 0.0 && way.y.abs() < 0.01,
        "the marker points west, as the event travels: {way:?}"
    );
}
