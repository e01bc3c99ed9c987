//! The routes of the open level's wires, made once per change by the maze router
//! ([`router::route`]) over everything the level draws: node-to-node wires, the wires that
//! reach a block's or the open part's pins, or (on a level that uses buses) the wires as its
//! file writes them — all in one routing, so that no two nets share a segment wherever they
//! come from. Kept until the document, the level or a drag in progress changes.

use egui::Vec2;
use rustc_hash::FxHashMap;
use sim_core::NodeId;

use super::ends::{Block, Ends};
use super::frame::{FrameInfo, cells, snapped};
use crate::pages::circuit::geometry::{self, Area, CELL, GridPoint};
use crate::pages::circuit::router::{self, Connection, Routing};
use crate::pages::circuit::state::{CircuitPageState, End, LevelWire};

/// Which wire a connection draws.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum WireKey {
    /// A wire between two nodes of the level: driver, driven node, input.
    Node(NodeId, NodeId, u8),
    /// The level's wire to or from a pin, by its index in
    /// [`CircuitPageState::level_pin_wires`].
    Pin(usize),
    /// A wire of a level that uses buses, by its index in the level as written.
    Written(usize),
}

/// The most connections a level may have to be routed at once, in the frame that changed it
/// (and at every step of a drag); a larger one is routed on a worker thread.
pub const ROUTED_AT_ONCE: usize = 300;

/// What the routes were made for: the document revision, the level and where the drags in
/// progress hold things (whole cells).
type MadeFor = (u64, Vec<String>, Vec<(String, i32, i32)>);

/// The routed wires of the open level.
#[derive(Debug, Default)]
pub struct Routes {
    made_for: Option<MadeFor>,
    /// The connection drawing each wire.
    index: FxHashMap<WireKey, usize>,
    /// The net of each output pin (half cells), numbered as met.
    nets: FxHashMap<(i32, i32), usize>,
    /// The level's connections (output pin, input pin, net), in cells.
    pub connections: Vec<Connection>,
    /// By connection: the wire as the level names it.
    pub wires: Vec<LevelWire>,
    /// The level's nodes, blocks and pins, in cells.
    pub boxes: Vec<Area>,
    /// The routes of `connections`, and the junctions.
    pub routing: Routing,
    /// A routing of a large level being made on a worker thread (until it arrives,
    /// `routing` holds plain routes).
    pending: Option<std::sync::mpsc::Receiver<Routing>>,
}

impl Routes {
    /// The route of wire `key`, in cells.
    pub fn get(&self, key: &WireKey) -> Option<&[GridPoint]> {
        let i = *self.index.get(key)?;
        self.routing.routes.get(i).map(Vec::as_slice)
    }

    /// The connection whose route passes within `tolerance` cells of `p`, the nearest.
    pub fn wire_at(&self, p: GridPoint, tolerance: f32) -> Option<usize> {
        self.routing
            .routes
            .iter()
            .enumerate()
            .map(|(i, route)| (i, geometry::distance_to_path(p, route)))
            .filter(|&(_, d)| d <= tolerance)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// Takes the routing of the worker thread if it has arrived (else asks for another
    /// frame).
    fn receive(&mut self, ui: &egui::Ui) {
        if let Some(pending) = &self.pending {
            match pending.try_recv() {
                Ok(routing) => {
                    self.routing = routing;
                    self.pending = None;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => ui.ctx().request_repaint(),
                Err(std::sync::mpsc::TryRecvError::Disconnected) => self.pending = None,
            }
        }
    }

    fn push(
        &mut self,
        key: WireKey,
        wire: LevelWire,
        via: Vec<GridPoint>,
        from: GridPoint,
        to: GridPoint,
    ) {
        // A net is everything one output pin drives: numbered by its driver's position
        // (anywhere on the grid, left of and above the origin too).
        let at = ((from.x * 2.0).round() as i32, (from.y * 2.0).round() as i32);
        let fresh = self.nets.len();
        let net = *self.nets.entry(at).or_insert(fresh);
        self.index.insert(key, self.connections.len());
        self.wires.push(wire);
        self.connections.push(Connection { from, to, net, via });
    }
}

/// The drags in progress the routes follow (scene pixels): the selection's, a block's, a
/// splitter's or merger's.
pub(super) struct Drags<'a> {
    /// The dragged selection's offset.
    pub(super) selection: Option<Vec2>,
    /// The dragged block: its label and offset.
    pub(super) block: Option<&'a (String, Vec2)>,
    /// The dragged splitter or merger: its label and offset.
    pub(super) wiring: Option<&'a (String, Vec2)>,
}

impl Routes {
    /// Routes the open level again if the document, the level or a drag changed: the level's
    /// `blocks` (asked only then) and the nodes `shown` (a bus is shown once). A level of
    /// more than [`ROUTED_AT_ONCE`] wires is routed on a worker thread: it shows plain
    /// routes for the moment the router takes (a second on a 2,000-gate netlist), and the
    /// canvas repaints when the routing arrives (a still picture routes it at once).
    pub(super) fn update(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &CircuitPageState,
        moved: &Drags<'_>,
        blocks: impl FnOnce() -> Vec<Block>,
        shown: impl Fn(NodeId) -> bool,
    ) {
        self.receive(ui);
        let mut drags: Vec<(String, i32, i32)> = Vec::new();
        let whole = |v: Vec2| ((v.x / CELL).round() as i32, (v.y / CELL).round() as i32);
        if let Some(offset) = moved.selection {
            let (dx, dy) = whole(offset);
            drags.extend(
                state
                    .selection
                    .iter()
                    .map(|id| (format!("#{id:?}"), dx, dy)),
            );
        }
        for (label, offset) in moved.block.into_iter().chain(moved.wiring) {
            let (dx, dy) = whole(*offset);
            drags.push((label.clone(), dx, dy));
        }
        let made_for = (state.doc.revision(), state.level.clone(), drags);
        if self.made_for.as_ref() == Some(&made_for) {
            return;
        }
        let mut routes = Routes {
            made_for: Some(made_for),
            ..Routes::default()
        };
        let blocks = blocks();
        let pins = state.level_pins();
        let written = state.written_level();
        let ends = Ends {
            state,
            frame,
            blocks: &blocks,
            pins: &pins,
            written: written.map_or(&[][..], |(nodes, _)| nodes),
            prefix: state.level_prefix(),
        };
        if let Some((nodes, wires)) = written {
            Routes::route_written(&mut routes, &ends, nodes, wires, moved.wiring);
        } else {
            let c = state.circuit();
            for (_, w) in c.wires() {
                let (from, to) = (&c[w.from], &c[w.to]);
                let (Some(from_label), Some(to_label)) =
                    (state.on_level(&from.label), state.on_level(&to.label))
                else {
                    continue;
                };
                let Some(out) = geometry::output_pin(from) else {
                    continue;
                };
                let a = out + cells(frame.shift(w.from, state));
                let b =
                    geometry::input_pin(to, usize::from(w.input)) + cells(frame.shift(w.to, state));
                let wire = LevelWire {
                    from: End::Node(from_label.to_owned()),
                    to: End::Node(to_label.to_owned()),
                    input: w.input,
                };
                let via = bends(state, &wire);
                routes.push(WireKey::Node(w.from, w.to, w.input), wire, via, a, b);
            }
            for (i, (from, to, input)) in state.level_pin_wires().into_iter().enumerate() {
                if let (Some(a), Some(b)) = (ends.out_at(&from), ends.in_at(&to, input)) {
                    let wire = LevelWire { from, to, input };
                    let via = bends(state, &wire);
                    routes.push(WireKey::Pin(i), wire, via, a, b);
                }
            }
            for (id, n) in c.nodes() {
                if state.on_level(&n.label).is_some() && shown(id) {
                    routes
                        .boxes
                        .push(geometry::rect(n).translate(cells(frame.shift(id, state))));
                }
            }
        }
        routes.boxes.extend(pins.iter().map(geometry::rect));
        routes.boxes.extend(blocks.iter().map(|b| b.rect));
        // A large level is routed properly once the drag ends; while it lasts, plainly.
        let dragging = routes.made_for.as_ref().is_some_and(|m| !m.2.is_empty());
        // A still picture waits for the routing.
        let large = routes.connections.len() > ROUTED_AT_ONCE && !frame.is_still();
        if large {
            routes.routing = router::route_plain(&routes.connections);
            if !dragging {
                let (tx, rx) = std::sync::mpsc::channel();
                let (connections, boxes) = (routes.connections.clone(), routes.boxes.clone());
                std::thread::spawn(move || {
                    // The receiver is gone if the level changed meanwhile: nothing to do.
                    let _ = tx.send(router::route(&connections, &boxes));
                });
                routes.pending = Some(rx);
                ui.ctx().request_repaint();
            }
        } else {
            routes.routing = router::route(&routes.connections, &routes.boxes);
        }
        *self = routes;
    }

    /// The connections and boxes of a level that uses buses: its wires and nodes as written
    /// (the open part's pins are boxed as pins).
    fn route_written(
        routes: &mut Routes,
        ends: &Ends<'_>,
        nodes: &[sim_core::Node],
        wires: &[sim_core::WireDesc],
        moving_wiring: Option<&(String, Vec2)>,
    ) {
        let state = ends.state;
        let pins = ends.pins;
        let instances = state.level_instances();
        for (i, w) in wires.iter().enumerate() {
            let from = ends.out_at(&End::parse(&w.from, instances));
            let to = ends.in_at(&End::parse(&w.to, instances), w.input);
            if let (Some(from), Some(to)) = (from, to) {
                let wire = LevelWire {
                    from: End::parse(&w.from, instances),
                    to: End::parse(&w.to, instances),
                    input: w.input,
                };
                let via = bends(state, &wire);
                routes.push(WireKey::Written(i), wire, via, from, to);
            }
        }
        // The open part's pins are drawn (and boxed) as pins.
        let inner = nodes
            .iter()
            .filter(|n| !pins.iter().any(|p| p.label == n.label));
        routes.boxes.extend(inner.map(|n| {
            let shift = match moving_wiring {
                Some((label, offset)) if *label == n.label => cells(snapped(*offset)),
                _ => geometry::Vector::ZERO,
            };
            geometry::rect(n).translate(shift)
        }));
    }
}

/// The bends of `wire`, in cells.
fn bends(state: &CircuitPageState, wire: &LevelWire) -> Vec<GridPoint> {
    state
        .wire_bends(wire)
        .into_iter()
        .map(|p| geometry::point(p.x as f32, p.y as f32))
        .collect()
}
