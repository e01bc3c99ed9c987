//! Snapshot images of the app, rendered with wgpu (on Linux CI: Mesa's lavapipe, a CPU
//! Vulkan driver): the RS latch as opened, and halfway through a step-by-step reset; the
//! Analysis page with a majority's Karnaugh map and its three loops.
//! Images live in `gui/tests/snapshots/`; regenerate them with `UPDATE_SNAPSHOTS=1`.

use crate::common::{app_with, latch_with_a_queued_reset, node_value, status};

#[test]
fn rs_latch_as_opened() {
    let mut h = app_with("rs_nor_latch.ron");
    h.run();
    assert_eq!(node_value(&h, "Q"), "0");
    h.snapshot("rs_latch_initial");
}

#[test]
fn rs_latch_after_three_steps_of_a_reset() {
    let mut h = latch_with_a_queued_reset();
    for _ in 0..3 {
        h.key_press(egui::Key::Space);
        h.step();
    }
    // No hovered widget or tooltip in the picture; the stepped wire pulses, so the app keeps
    // repainting: run a fixed number of frames (kittest feeds a fixed time step).
    h.remove_cursor();
    h.run_steps(2);
    assert_eq!(status(&h, "Evaluating: "), "Evaluating: Q");
    assert_eq!(status(&h, "Queue: "), "Queue: 1");
    assert_eq!([node_value(&h, "Q"), node_value(&h, "Qn")], ["-1", "-1"]);
    h.snapshot("rs_latch_mid_step");
}

#[test]
fn the_karnaugh_map_of_a_majority_with_its_loops() {
    let mut h = crate::analysis_page::analysis_page();
    crate::analysis_page::enter_majority(&mut h);
    h.remove_cursor();
    h.run();
    h.snapshot("analysis_majority");
}
