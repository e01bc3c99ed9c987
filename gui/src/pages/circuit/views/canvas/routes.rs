//! The routes of the open level's wires, made by the maze router over the level's
//! [`Picture`] (every wire, box and label of the level, in one routing, so that no two nets
//! share a segment wherever they come from) and kept until the document, the level or a drag
//! in progress changes. After a change of the same level the nets the change did not touch
//! keep their routes ([`Picture::reroute`]), so the picture stays put around an edit.

use rustc_hash::FxHashMap;

use crate::pages::circuit::geometry::{self, GridPoint};
use crate::pages::circuit::picture::{Moves, Picture, WireKey};
use crate::pages::circuit::router::{self, Routing};
use crate::pages::circuit::state::{CircuitPageState, LevelWire};

/// The most connections a level may have to be routed at once, in the frame that changed it
/// (and at every step of a drag); a larger one is routed on a worker thread.
pub const ROUTED_AT_ONCE: usize = 300;

/// What the routes were made for: the document revision, the level and the drags in
/// progress.
type MadeFor = (u64, Vec<String>, Moves);

/// The routed wires of the open level.
#[derive(Debug, Default)]
pub struct Routes {
    made_for: Option<MadeFor>,
    /// The connection drawing each wire.
    index: FxHashMap<WireKey, usize>,
    /// The level's connections, boxes and labels, in cells.
    pub picture: Picture,
    /// By connection: the wire as the level names it.
    pub wires: Vec<LevelWire>,
    /// The routes of the picture's connections, and the junctions.
    pub routing: Routing,
    /// A routing of a large level being made on a worker thread (until it arrives,
    /// `routing` holds ratsnest lines).
    pending: Option<std::sync::mpsc::Receiver<Routing>>,
    /// The last complete routing made without a drag, with its level and picture: the
    /// routes the next change keeps where it can.
    settled: Option<(Vec<String>, Picture, Routing)>,
}

impl Routes {
    /// Whether a worker thread is still routing the level (until it is done, `routing`
    /// holds ratsnest lines).
    pub fn is_routing(&self) -> bool {
        self.pending.is_some()
    }

    /// The route of wire `key`, in cells.
    pub fn get(&self, key: &WireKey) -> Option<&[GridPoint]> {
        let i = *self.index.get(key)?;
        self.routing.routes.get(i).map(Vec::as_slice)
    }

    /// Whether wire `key` got no route (its line is a ratsnest line, drawn dotted).
    pub fn is_fallback(&self, key: &WireKey) -> bool {
        self.index
            .get(key)
            .is_some_and(|&i| self.routing.is_fallback(i))
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
                    self.settle();
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => ui.ctx().request_repaint(),
                Err(std::sync::mpsc::TryRecvError::Disconnected) => self.pending = None,
            }
        }
    }

    /// Keeps the routing as the one the next change starts from, unless it was made for a
    /// drag.
    fn settle(&mut self) {
        if let Some((_, level, moves)) = &self.made_for
            && *moves == Moves::default()
        {
            self.settled = Some((level.clone(), self.picture.clone(), self.routing.clone()));
        }
    }

    /// Routes the open level again if the document, the level or a drag (`moves`) changed.
    /// On the same level, the nets the change (or the drag) did not touch keep the routes
    /// they had after the last change. A level of more than [`ROUTED_AT_ONCE`] wires is
    /// routed on a worker thread: it shows ratsnest lines for the moment the router takes (a
    /// second on a 2,000-gate netlist), and the canvas repaints when the routing arrives (a
    /// `still` picture, one being exported, routes it at once).
    pub(super) fn update(
        &mut self,
        ui: &egui::Ui,
        state: &CircuitPageState,
        moves: Moves,
        still: bool,
    ) {
        self.receive(ui);
        let made_for = (state.doc.revision(), state.level.clone(), moves);
        if self.made_for.as_ref() == Some(&made_for) {
            return;
        }
        let dragging = made_for.2 != Moves::default();
        let before = self
            .settled
            .take()
            .filter(|(level, _, _)| *level == made_for.1);
        let picture = Picture::of(state, &made_for.2);
        let mut routes = Routes {
            made_for: Some(made_for),
            index: picture
                .keys
                .iter()
                .cloned()
                .enumerate()
                .map(|(i, k)| (k, i))
                .collect(),
            wires: picture.wires.clone(),
            ..Routes::default()
        };
        let route =
            |picture: &Picture, before: &Option<(Vec<String>, Picture, Routing)>| match before {
                Some((_, earlier, routing)) => picture.reroute(earlier, routing),
                None => picture.route(),
            };
        // A large level is routed properly once the drag ends; while it lasts, ratsnest (a still
        // picture waits for the routing).
        if picture.connections.len() > ROUTED_AT_ONCE && !still {
            routes.routing = router::route_plain(&picture.connections);
            routes.settled.clone_from(&before);
            if !dragging {
                let (tx, rx) = std::sync::mpsc::channel();
                let made = picture.clone();
                std::thread::spawn(move || {
                    // The receiver is gone if the level changed meanwhile: nothing to do.
                    let _ = tx.send(route(&made, &before));
                });
                routes.pending = Some(rx);
                ui.ctx().request_repaint();
            }
            routes.picture = picture;
        } else {
            routes.routing = route(&picture, &before);
            routes.picture = picture;
            routes.settled = before;
            routes.settle();
        }
        *self = routes;
    }
}
