//! The RS NOR latch in the app, driven like a user would: clicking the switches R and S on
//! the canvas, reading the lamps Q and Qn through AccessKit, then stepping a reset one event
//! at a time with the Step button and the Space key.

use crate::common::{
    App, app_with, click_at, click_node, latch_with_a_queued_reset, node_value, status,
};
use egui_kittest::kittest::Queryable as _;

/// Clicks canvas node `label` and lets the app settle (Run mode).
fn click_and_settle(h: &mut App, label: &str) {
    click_node(h, label);
    h.run();
}

/// `(Q, Qn)` as the lamps show them.
fn lamps(h: &App) -> (String, String) {
    (node_value(h, "Q"), node_value(h, "Qn"))
}

fn pair(q: &str, qn: &str) -> (String, String) {
    (q.to_owned(), qn.to_owned())
}

#[test]
fn clicking_the_switches_sets_resets_and_holds_the_latch() {
    let mut h = app_with("rs_nor_latch.ron");
    for label in ["R", "S", "NOR1", "NOR2", "Q", "Qn"] {
        assert_eq!(node_value(&h, label), "0", "{label} at power-on");
    }
    assert_eq!(status(&h, "Mode: "), "Mode: Run");

    // The first click on an unknown switch gives −1; then clicks toggle −1 ↔ +1.
    click_and_settle(&mut h, "R");
    assert_eq!(node_value(&h, "R"), "-1");
    assert_eq!(lamps(&h), pair("0", "0"), "S still unknown");
    click_and_settle(&mut h, "S");
    assert_eq!(node_value(&h, "S"), "-1");
    assert_eq!(
        lamps(&h),
        pair("0", "0"),
        "R = S = −1 holds an unknown state"
    );

    click_and_settle(&mut h, "R");
    assert_eq!(node_value(&h, "R"), "+1");
    assert_eq!(lamps(&h), pair("-1", "+1"), "reset");
    click_and_settle(&mut h, "R");
    assert_eq!(node_value(&h, "R"), "-1");
    assert_eq!(lamps(&h), pair("-1", "+1"), "holds after reset");

    click_and_settle(&mut h, "S");
    assert_eq!(node_value(&h, "S"), "+1");
    assert_eq!(lamps(&h), pair("+1", "-1"), "set");
    click_and_settle(&mut h, "S");
    assert_eq!(lamps(&h), pair("+1", "-1"), "holds after set");
    assert_eq!(
        (node_value(&h, "NOR1"), node_value(&h, "NOR2")),
        pair("+1", "-1")
    );

    // Clicks select, too: the inspector shows the last clicked switch.
    assert_eq!(status(&h, "Value: "), "Value: -1");
    assert_eq!(status(&h, "Kind: "), "Kind: Switch");
    assert_eq!(status(&h, "Queue: "), "Queue: 0");
}

/// How to press Step.
#[derive(Clone, Copy, Debug)]
enum Press {
    Button,
    Space,
}

#[test]
fn step_mode_walks_a_reset_one_event_at_a_time() {
    let mut h = latch_with_a_queued_reset();
    assert_eq!(status(&h, "Mode: "), "Mode: Step");
    assert!(h.query_by_label_contains("Evaluating:").is_none());
    assert_eq!(node_value(&h, "R"), "-1", "not evaluated yet");
    assert_eq!(status(&h, "Queue: "), "Queue: 1");
    assert_eq!(lamps(&h), pair("+1", "-1"));
    let events = status(&h, "Events: ");
    let events: u64 = events["Events: ".len()..].parse().expect("a count");

    // (evaluated node, Q, Qn, queue length after the event)
    let expected = [
        ("R", "+1", "-1", 1),
        ("NOR1", "+1", "-1", 2), // NOR1 → −1 schedules Q and NOR2
        ("Q", "-1", "-1", 1),
        ("NOR2", "-1", "-1", 2), // NOR2 → +1 schedules Qn and NOR1
        ("Qn", "-1", "+1", 1),
        ("NOR1", "-1", "+1", 0), // unchanged: schedules nothing
    ];
    for (k, (node, q, qn, queue)) in expected.into_iter().enumerate() {
        let press = if k % 2 == 0 {
            Press::Button
        } else {
            Press::Space
        };
        match press {
            Press::Button => {
                let step = h.get_by_label("Step").rect().center();
                click_at(&h, step);
            }
            Press::Space => h.key_press(egui::Key::Space),
        }
        // One frame per queued input event, then one more so AccessKit shows the result. (The
        // stepped wires pulse, so the app keeps repainting: `run` would never settle.)
        h.step();
        h.step();
        let context = format!("step {} ({press:?})", k + 1);
        assert_eq!(
            status(&h, "Evaluating: "),
            format!("Evaluating: {node}"),
            "{context}"
        );
        assert_eq!(lamps(&h), pair(q, qn), "{context}: Q, Qn");
        assert_eq!(
            status(&h, "Queue: "),
            format!("Queue: {queue}"),
            "{context}"
        );
        assert_eq!(
            status(&h, "Events: "),
            format!("Events: {}", events + k as u64 + 1),
            "{context}: exactly one event per press"
        );
    }
    assert_eq!(node_value(&h, "R"), "+1");
    assert_eq!(
        (node_value(&h, "NOR1"), node_value(&h, "NOR2")),
        pair("-1", "+1")
    );

    // Nothing left: another Step changes nothing.
    h.key_press(egui::Key::Space);
    h.step();
    h.step();
    assert_eq!(status(&h, "Queue: "), "Queue: 0");
    assert_eq!(status(&h, "Events: "), format!("Events: {}", events + 6));
    assert_eq!(lamps(&h), pair("-1", "+1"));
}

#[test]
fn space_in_run_mode_switches_to_step_mode_and_steps() {
    let mut h = app_with("rs_nor_latch.ron");
    click_and_settle(&mut h, "R");
    assert_eq!(status(&h, "Mode: "), "Mode: Run");
    h.key_press(egui::Key::Space);
    h.step();
    h.step();
    assert_eq!(status(&h, "Mode: "), "Mode: Step");
    // Nothing was queued, so the step evaluated nothing.
    assert!(h.query_by_label_contains("Evaluating:").is_none());
    assert_eq!(status(&h, "Queue: "), "Queue: 0");
}

#[test]
fn canvas_nodes_are_found_by_label() {
    let h = app_with("rs_nor_latch.ron");
    for label in ["R", "S", "NOR1", "NOR2", "Q", "Qn"] {
        let node = h.get_by_label(label);
        assert_eq!(node.value().as_deref(), Some("0"), "{label}");
    }
}
