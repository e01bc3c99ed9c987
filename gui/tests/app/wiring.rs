//! Every circuit of `circuits/` (every folder but `figures/`, which holds Euler figures, not
//! circuits) as the canvas lays it out and routes it, at every level (the top, and inside each
//! part it uses, once per part; a level with buses as written): the picture is the netlist
//! ([`router::check`] on what the canvas drew — no two nets share a segment, look joined or
//! run half a cell apart, no wire runs through a node or block or strikes through a label, no
//! boxes overlap and no pin lies in another's box, a junction dot exactly where a net
//! branches, and no wire fell back to a ratsnest line).

use std::collections::BTreeSet;
use std::path::Path;

use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::picture::{Moves, Picture};
use gui::pages::circuit::router;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::parts::{BuiltinPart, Fill, FlipFlopKind};

use crate::common::{App, app, circuit_files};

/// The circuit files this test expects to check (update it when adding one).
const EXPECTED_FILES: usize = 58;

/// What is wrong with the open level's wiring as the canvas drew it, one line per kind of
/// defect.
pub(crate) fn defects_here(h: &mut App) -> Vec<String> {
    h.run();
    let level = h.state().state.level.join("/");
    let routes = h.state_mut().canvas_mut().routes();
    defects_in(&level, &routes.picture, &routes.routing)
}

/// What is wrong with `routing` of level `level`'s `picture`, one line per kind of defect:
/// how many, and the first.
fn defects_in(level: &str, picture: &Picture, routing: &router::Routing) -> Vec<String> {
    let all = picture.check(routing);
    // One line per kind of defect: how many, and the first.
    let mut found: Vec<String> = Vec::new();
    let kinds = [
        "Touching",
        "Crowded",
        "ThroughBox",
        "ThroughLabel",
        "Overlap",
        "PinInside",
        "Junction",
        "Broken",
        "Fallback",
    ];
    for kind in kinds {
        let of_kind: Vec<_> = all
            .iter()
            .filter(|d| format!("{d:?}").starts_with(kind))
            .collect();
        if let Some(first) = of_kind.first() {
            let boxes = &picture.boxes;
            let boxes = match first {
                router::Defect::Overlap { a, b } => format!(" {:?} {:?}", boxes[*a], boxes[*b]),
                router::Defect::ThroughBox { area, .. }
                | router::Defect::PinInside { area, .. } => {
                    format!(" {:?}", boxes[*area])
                }
                router::Defect::Touching { a, .. }
                | router::Defect::Crowded { a, .. }
                | router::Defect::Fallback { wire: a }
                | router::Defect::ThroughLabel { wire: a, .. } => {
                    format!(" ({})", picture.wires[*a].describe())
                }
                _ => String::new(),
            };
            found.push(format!(
                "level '{level}': {} × {kind}, first {first:?}{boxes}",
                of_kind.len()
            ));
        }
    }
    found
}

/// What [`visit`] counts.
#[derive(Default)]
struct Tally {
    levels: usize,
    defects: Vec<String>,
}

/// Checks the open level as the canvas routes it ([`Picture::of`], [`Picture::route`]), then
/// every part used below it that `seen` does not hold yet.
fn visit(state: &mut CircuitPageState, seen: &mut BTreeSet<String>, tally: &mut Tally) {
    let picture = Picture::of(state, &Moves::default());
    let level = state.level.join("/");
    tally
        .defects
        .extend(defects_in(&level, &picture, &picture.route()));
    tally.levels += 1;
    let instances: Vec<(String, String)> = state
        .level_instances()
        .iter()
        .map(|i| (i.label.clone(), i.of.clone()))
        .collect();
    let depth = state.level.len();
    for (label, of) in instances {
        if seen.insert(of.clone()) && state.open_instance(&label) {
            visit(state, seen, tally);
            state.go_up(depth);
        }
    }
}

#[test]
fn every_example_is_wired_cleanly_at_every_level() {
    let files = circuit_files();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits");
    let mut tally = Tally::default();
    for path in &files {
        let mut state = CircuitPageState::open_or_report(path);
        assert!(
            state.notice.is_none(),
            "{}: {:?}",
            path.display(),
            state.notice
        );
        let name = path
            .strip_prefix(&root)
            .map_or_else(|_| path.display().to_string(), |n| n.display().to_string());
        let before = tally.defects.len();
        visit(&mut state, &mut BTreeSet::new(), &mut tally);
        for d in &mut tally.defects[before..] {
            *d = format!("{name}: {d}");
        }
    }
    let counts = format!(
        "{} files, {} levels, {} violations",
        files.len(),
        tally.levels,
        tally.defects.len()
    );
    println!("every example: {counts}");
    assert!(
        tally.defects.is_empty(),
        "{counts}:\n{}",
        tally.defects.join("\n")
    );
    assert_eq!(files.len(), EXPECTED_FILES, "{counts}; files: {files:?}");
    assert!(
        tally.levels > files.len(),
        "parts were looked inside too: {counts}"
    );
}

/// The built-in parts ([`sim_core::parts`]) the palette offers at widths 1 and 2, and the
/// decoder and priority encoder of 3 select bits (8 lines). Wider parts are laid out the same
/// way (all clean at width 4 too) but take the debug build's router minutes.
fn builtin_parts() -> Vec<BuiltinPart> {
    let mut parts = vec![
        BuiltinPart::Decoder { select: 3 },
        BuiltinPart::PriorityEncoder { select: 3 },
    ];
    for width in [1u8, 2] {
        parts.extend([
            BuiltinPart::Comparator { width },
            BuiltinPart::Adder { width },
            BuiltinPart::Subtractor { width },
            BuiltinPart::Multiplexer { select: 1, width },
            BuiltinPart::Multiplexer { select: 2, width },
            BuiltinPart::Demultiplexer { select: 1, width },
            BuiltinPart::Decoder { select: width },
            BuiltinPart::PriorityEncoder { select: width },
            BuiltinPart::Register { width },
            BuiltinPart::Counter { width },
            BuiltinPart::ShiftRegister { width },
        ]);
        for kind in [FlipFlopKind::Jk, FlipFlopKind::T, FlipFlopKind::Sr] {
            parts.push(BuiltinPart::FlipFlop { kind, width });
        }
        for fill in [Fill::Zero, Fill::One, Fill::Sign] {
            parts.push(BuiltinPart::Extender {
                from: width,
                to: 2 * width,
                fill,
            });
        }
    }
    parts
}

/// Inside every built-in part, placed from the palette's code path and opened as a person
/// opens an instance, the wiring is as clean as an example's: the generated layout leaves
/// the router room for every wire.
#[test]
fn every_builtin_part_is_wired_cleanly_inside() {
    let parts = builtin_parts();
    let mut tally = Tally::default();
    for &part in &parts {
        let mut state = CircuitPageState::default();
        let name = state.add_builtin_part(part).expect("the part's design");
        let label = state
            .place_instance(&name, sim_core::Pos { x: 4, y: 4 })
            .expect("placed");
        assert!(state.open_instance(&label), "{name}: opened");
        let before = tally.defects.len();
        visit(&mut state, &mut BTreeSet::new(), &mut tally);
        for d in &mut tally.defects[before..] {
            *d = format!("{name}: {d}");
        }
    }
    let counts = format!(
        "{} parts, {} levels, {} violations",
        parts.len(),
        tally.levels,
        tally.defects.len()
    );
    println!("every built-in part: {counts}");
    assert!(
        tally.defects.is_empty(),
        "{counts}:\n{}",
        tally.defects.join("\n")
    );
    assert_eq!(tally.levels, 36, "one level per part: {counts}");
}

/// Renders one level for a look: `TRITIUM_SHOT=adder8.ron:lo` (a file of `circuits/` or
/// `circuits/lib/`, and the instance path to open) writes `target/wiring.png`.
#[test]
#[ignore = "renders a level for a look, see its documentation"]
fn render_a_level() {
    let spec = std::env::var("TRITIUM_SHOT").unwrap_or_else(|_| "adder8.ron".to_owned());
    let (file, level) = spec.split_once(':').unwrap_or((&spec, ""));
    let path = circuit_files()
        .into_iter()
        .find(|p| p.file_name().is_some_and(|n| n == file))
        .expect("a circuit file");
    let mut h = app(CircuitPageState::open_or_report(&path));
    h.run();
    for label in level.split('/').filter(|l| !l.is_empty()) {
        assert!(
            h.state_mut().state.open_instance(label),
            "no instance {label}"
        );
        h.run();
    }
    for _ in 0..3 {
        h.run();
    }
    let image = h.render().expect("a wgpu renderer");
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/wiring.png");
    image.save(&out).expect("write the PNG");
    println!("{}", defects_here(&mut h).join("\n"));
}

/// A point of the route of wire `describe` (`A → AND1.0`) clear of every other wire (not
/// where another crosses it, nor on a trunk its net shares) and of its pins, on the screen.
fn on_wire(h: &mut App, describe: &str) -> egui::Pos2 {
    let routes = h.state_mut().canvas_mut().routes();
    let i = routes
        .wires
        .iter()
        .position(|w| w.describe() == describe)
        .unwrap_or_else(|| panic!("no wire {describe}"));
    let route = &routes.routing.routes[i];
    let clear = |p: gui::pages::circuit::geometry::GridPoint| {
        routes
            .routing
            .routes
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .all(|(_, r)| gui::pages::circuit::geometry::distance_to_path(p, r) > 0.35)
    };
    let spot = route
        .windows(2)
        .flat_map(|w| {
            (1..16u8).map(move |k| {
                let t = f32::from(k) / 16.0;
                gui::pages::circuit::geometry::point(
                    w[0].x + (w[1].x - w[0].x) * t,
                    w[0].y + (w[1].y - w[0].y) * t,
                )
            })
        })
        // Away from its pins too (a drag there would start a new wire).
        .find(|&p| {
            clear(p) && p.distance(route[0]) > 0.6 && p.distance(route[route.len() - 1]) > 0.6
        })
        .unwrap_or_else(|| panic!("no clear spot on {describe}"));
    crate::common::cell_to_screen(h, egui::pos2(spot.x, spot.y))
}

/// A person clicks a wire: it is selected with its whole net (the inspector names its ends,
/// its value and every input the net feeds); Delete removes that one wire; undo brings it back.
#[test]
fn a_wire_is_selected_shown_and_deleted() {
    let mut h = crate::common::app_with("half_adder.ron");
    h.run();
    for _ in 0..2 {
        crate::common::click_node(&h, "A"); // unknown → -1 → +1
        h.run();
    }
    let p = on_wire(&mut h, "A → AND1.0");
    crate::common::click_at(&h, p);
    h.run();
    let selected = h
        .state()
        .state
        .selected_wire
        .clone()
        .expect("a wire is selected");
    assert_eq!(selected.describe(), "A → AND1.0");
    assert!(
        h.state().state.selection.is_empty(),
        "no node selected with it"
    );
    h.get_by_label("Wire");
    // In the inspector, and in the tooltip of the wire under the pointer.
    assert_eq!(
        h.get_all_by_label("A → AND1.0 = +1 (net A, fanout 2)")
            .count(),
        2
    );
    h.get_by_label("Net A drives:");
    h.get_by_label("  XOR1.0");
    h.get_by_label("  AND1.0");
    let wires = h.state().state.circuit().wire_count();
    h.key_press(egui::Key::Delete);
    h.run();
    assert_eq!(h.state().state.circuit().wire_count(), wires - 1);
    assert!(h.state().state.selected_wire.is_none());
    assert!(
        !h.state()
            .state
            .level_wires()
            .iter()
            .any(|w| w.describe() == "A → AND1.0"),
        "the wire is gone"
    );
    assert!(
        h.state()
            .state
            .level_wires()
            .iter()
            .any(|w| w.describe() == "A → XOR1.0"),
        "the rest of its net stays"
    );
    h.state_mut().state.undo();
    h.run();
    assert_eq!(h.state().state.circuit().wire_count(), wires);
}

/// A wire drawn backwards, from an input pin to an output pin, connects them like one drawn
/// forwards; a click on the background clears a selected wire.
#[test]
fn a_wire_is_drawn_from_its_input_end() {
    let mut h = crate::common::app_with("half_adder.ron");
    h.run();
    let p = on_wire(&mut h, "B → AND1.1");
    crate::common::click_at(&h, p);
    h.run();
    assert!(h.state().state.selected_wire.is_some());
    h.key_press(egui::Key::Delete);
    h.run();
    assert!(
        !h.state()
            .state
            .level_wires()
            .iter()
            .any(|w| w.describe() == "B → AND1.1")
    );
    let (input, output) = (
        crate::common::input_pin(&h, "AND1", 1),
        crate::common::output_pin(&h, "B"),
    );
    crate::common::drag(&mut h, input, output);
    h.run();
    assert!(
        h.state()
            .state
            .level_wires()
            .iter()
            .any(|w| w.describe() == "B → AND1.1"),
        "{:?}",
        h.state().state.level_wires()
    );
    crate::common::click_node(&h, "B");
    h.run();
    assert_eq!(
        crate::common::node_value(&h, "C"),
        "-1",
        "AND1 reads B again"
    );
}

/// A person drags a wire: it bends through the cell where the drag ends (saved with the
/// file as the wire's `via`), still clean; dragging the bend moves it; Straighten in the
/// inspector routes it freely again; undo brings the bend back.
#[test]
fn a_wire_is_bent_by_dragging_it() {
    let mut h = crate::common::app_with("half_adder.ron");
    h.run();
    let wire = "A → AND1.0";
    let find = |h: &App| {
        h.state()
            .state
            .level_wires()
            .into_iter()
            .find(|w| w.describe() == wire)
            .expect("the wire")
    };
    let start = on_wire(&mut h, wire);
    let target = crate::common::cell_to_screen(&h, egui::pos2(4.0, 9.0));
    crate::common::drag(&mut h, start, target);
    h.run();
    let bends = h.state().state.wire_bends(&find(&h));
    assert_eq!(bends, [sim_core::Pos { x: 4, y: 9 }]);
    let through = |h: &mut App, x: f32, y: f32| {
        let routes = h.state_mut().canvas_mut().routes();
        let i = routes
            .wires
            .iter()
            .position(|w| w.describe() == wire)
            .expect("routed");
        gui::pages::circuit::geometry::distance_to_path(
            gui::pages::circuit::geometry::point(x, y),
            &routes.routing.routes[i],
        ) < 1e-3
    };
    assert!(through(&mut h, 4.0, 9.0), "routed through the bend");
    assert!(
        defects_here(&mut h).is_empty(),
        "{:?}",
        defects_here(&mut h)
    );
    // Drag the bend itself somewhere else.
    let bend = crate::common::cell_to_screen(&h, egui::pos2(4.0, 9.0));
    let moved = crate::common::cell_to_screen(&h, egui::pos2(3.0, 11.0));
    crate::common::drag(&mut h, bend, moved);
    h.run();
    assert_eq!(
        h.state().state.wire_bends(&find(&h)),
        [sim_core::Pos { x: 3, y: 11 }],
        "the bend moved, no second one"
    );
    assert!(through(&mut h, 3.0, 11.0));
    // The inspector's Straighten (or a double-click on the wire) routes it freely again.
    h.get_by_label("Straighten").click();
    h.run();
    assert!(
        h.state().state.wire_bends(&find(&h)).is_empty(),
        "straightened"
    );
    h.state_mut().state.undo();
    h.run();
    assert_eq!(
        h.state().state.wire_bends(&find(&h)),
        [sim_core::Pos { x: 3, y: 11 }]
    );
}

/// On a level with buses: a click on the bus wire from the splitter to `hi.a` selects it
/// and shows the number it carries (A's high nibble, 6); dragging it bends it, saved in the
/// level as written; Delete removes it.
#[test]
fn a_bus_wire_is_selected_bent_and_deleted() {
    let mut h = crate::common::app_with("adder8_bus.ron");
    h.state_mut()
        .state
        .set_bus_number("A", "107")
        .expect("A is a bus of switches");
    h.run();
    let wire = "AS.1 → hi.a";
    let p = on_wire(&mut h, wire);
    crate::common::click_at(&h, p);
    h.run();
    let selected = h.state().state.selected_wire.clone().expect("selected");
    assert_eq!(selected.describe(), wire);
    // In A's radix (unsigned): the high nibble of 107 = 0x6B.
    assert!(
        h.get_all_by_label(&format!("{wire} = 6 (net AS.1, fanout 1)"))
            .count()
            >= 1,
        "the number the bus wire carries"
    );
    // Bent below and left of the splitters: the nets it does not touch keep their routes, and
    // from there the wire has a clean way back up to `hi.a` (from straight below `hi.a`'s
    // column it would have to run beside `BS.1`'s).
    let start = on_wire(&mut h, wire);
    let target = crate::common::cell_to_screen(&h, egui::pos2(9.0, 20.0));
    crate::common::drag(&mut h, start, target);
    h.run();
    assert_eq!(
        h.state().state.wire_bends(&selected),
        [sim_core::Pos { x: 9, y: 20 }]
    );
    assert!(
        defects_here(&mut h).is_empty(),
        "{:?}",
        defects_here(&mut h)
    );
    let written = h.state().state.document().design.bus_level.clone();
    let (_, wires) = written.expect("a level with buses");
    assert!(
        wires.iter().any(|w| w.from == "AS.1"
            && w.to == "hi.a"
            && w.via == [sim_core::Pos { x: 9, y: 20 }]),
        "the bend is saved with the level as written"
    );
    h.key_press(egui::Key::Delete);
    h.run();
    assert!(
        !h.state()
            .state
            .level_wires()
            .iter()
            .any(|w| w.describe() == wire),
        "deleted"
    );
}

/// A level too large to route in one frame (a random 200-gate netlist laid out as an import
/// is) shows plain routes at once, and the router's routing when its worker thread is done.
#[test]
fn a_large_level_is_routed_on_a_worker_thread() {
    let mut circuit = sim_core::generate::random_dag(sim_core::generate::DagShape::new(8, 200), 5);
    let ids: Vec<sim_core::NodeId> = circuit.nodes().map(|(id, _)| id).collect();
    for id in ids {
        circuit.set_pos(id, None);
    }
    let mut doc = gui::pages::circuit::state::DocState::new();
    doc.document = sim_core::format::Document::new(circuit);
    let mut h = app(CircuitPageState::with_doc(doc));
    h.step();
    let wires = h
        .state_mut()
        .canvas_mut()
        .routes()
        .picture
        .connections
        .len();
    assert!(
        wires > gui::pages::circuit::views::ROUTED_AT_ONCE,
        "{wires} wires"
    );
    let first = h.state_mut().canvas_mut().routes().routing.fallbacks.len();
    assert_eq!(first, wires, "ratsnest lines while the router works");
    // Waits for the worker however loaded the machine is (a debug build under load took
    // more than 5 minutes); the deadline only keeps a worker that never answers from hanging
    // the suite.
    let deadline = std::time::Instant::now() + std::time::Duration::from_mins(30);
    while h.state_mut().canvas_mut().routes().is_routing() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    }
    let routes = h.state_mut().canvas_mut().routes();
    assert!(
        !routes.is_routing(),
        "the worker answered within 30 minutes"
    );
    let routing = &routes.routing;
    assert!(
        routing.fallbacks.len() < wires / 2,
        "routed: {} of {wires} fell back",
        routing.fallbacks.len()
    );
}

/// A double-click on a bent wire straightens it, as Straighten does.
#[test]
fn a_double_click_straightens_a_bent_wire() {
    let mut h = crate::common::app_with_short_frames("half_adder.ron");
    h.run();
    let wire = h
        .state()
        .state
        .level_wires()
        .into_iter()
        .find(|w| w.describe() == "A → AND1.0")
        .expect("the wire");
    h.state_mut()
        .state
        .set_wire_bends(&wire, vec![sim_core::Pos { x: 4, y: 9 }]);
    h.run();
    let on = crate::common::cell_to_screen(&h, egui::pos2(4.0, 9.0));
    crate::common::double_click_at(&mut h, on);
    assert!(h.state().state.wire_bends(&wire).is_empty(), "straightened");
}

/// A circuit moved left of and above the origin routes as cleanly: wires are in one net
/// exactly when they share their driver.
#[test]
fn nets_are_told_apart_anywhere_on_the_grid() {
    let mut h = crate::common::app_with("full_adder.ron");
    h.run();
    let ids: Vec<sim_core::NodeId> = h
        .state()
        .state
        .circuit()
        .nodes()
        .map(|(id, _)| id)
        .collect();
    h.state_mut().state.move_nodes(&ids, -40, -40);
    h.run();
    assert!(
        defects_here(&mut h).is_empty(),
        "{:?}",
        defects_here(&mut h)
    );
    let routes = h.state_mut().canvas_mut().routes();
    for (a, wa) in routes.picture.connections.iter().zip(&routes.wires) {
        for (b, wb) in routes.picture.connections.iter().zip(&routes.wires) {
            assert_eq!(a.net == b.net, wa.from == wb.from, "{wa:?} and {wb:?}");
        }
    }
}
