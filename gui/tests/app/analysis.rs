//! The inspector explains an unknown (issue 26): selecting a node whose value is 0 lists the
//! chain back to what keeps it unknown — an unset switch, a loop holding an unknown.

use crate::common::{App, app_with, click_node};
use egui_kittest::kittest::{NodeT as _, Queryable as _};

/// The texts of every label that contains `needle`.
fn texts(h: &App, needle: &str) -> Vec<String> {
    h.query_all_by_label_contains(needle)
        .filter_map(|n| n.value().or_else(|| n.accesskit_node().label()))
        .collect()
}

#[test]
fn the_inspector_traces_an_unknown_lamp_to_the_unset_switches() {
    let mut h = app_with("mux_2to1.ron");
    h.run();
    // At power-on every switch is unset and the output lamp is unknown.
    click_node(&h, "Y");
    h.run();
    assert!(h.query_by_label("Why this value:").is_some());
    let chain = texts(&h, "is unknown through its unknown input(s)");
    assert!(
        chain
            .iter()
            .any(|t| t.starts_with("Y is unknown through its unknown input(s) OR1")),
        "{chain:?}"
    );
    let origins = texts(&h, "is a switch or button never set");
    for switch in ["A", "B", "Sel"] {
        assert!(
            origins
                .iter()
                .any(|t| t.trim_start().starts_with(&format!("{switch} is a switch"))),
            "{switch}: {origins:?}"
        );
    }
}

#[test]
fn the_inspector_names_the_loop_of_a_latch_never_set() {
    let mut h = app_with("rs_nor_latch.ron");
    h.run();
    click_node(&h, "Q");
    h.run();
    let loops = texts(&h, "Loop holding the unknown:");
    assert_eq!(
        loops,
        ["Loop holding the unknown: NOR1 → NOR2 → NOR1"],
        "{loops:?}"
    );
}
