//! The open level as the router sees it and the canvas draws it, in plain Rust (no egui):
//! every wire as a [`Connection`] between two pins (node-to-node wires, the wires that reach
//! a block's or the open part's pins, or on a level that uses buses its wires as written), the
//! boxes of its nodes, blocks and pins, and the boxes of the labels drawn outside them
//! ([`geometry::label_area`]). [`Picture::route`] and [`Picture::check`] put it through the
//! [`router`]; the canvas's `routes.rs` keeps the result, and tests check any state's picture
//! without a window.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;
use sim_core::desc::SplitOutput;
use sim_core::{Node, NodeId, NodeKind, Orientation};

use crate::pages::circuit::geometry::{self, Area, Footprint, GridPoint, Sides, Vector};
use crate::pages::circuit::router::{self, Connection, Defect, Obstacles, Routing};
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

/// The drags in progress, each by whole cells: the selection's, a block's (its label), a
/// splitter's or merger's (its label).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Moves {
    /// How far the selected nodes are dragged.
    pub selection: Vector,
    /// The dragged block and its offset.
    pub block: Option<(String, Vector)>,
    /// The dragged splitter or merger and its offset.
    pub wiring: Option<(String, Vector)>,
}

impl Moves {
    /// Where node `id` is drawn relative to its position: the selection's offset if it is
    /// selected.
    pub fn shift(&self, id: NodeId, state: &CircuitPageState) -> Vector {
        if self.selection != Vector::ZERO && state.selection.contains(&id) {
            self.selection
        } else {
            Vector::ZERO
        }
    }

    /// The offset of the splitter or merger `label` of a level as written.
    fn wiring_shift(&self, label: &str) -> Vector {
        match &self.wiring {
            Some((l, offset)) if l == label => *offset,
            _ => Vector::ZERO,
        }
    }
}

/// One instance of the open level as the canvas draws it, copied out of the state.
pub struct Block {
    /// The instance's label.
    pub label: String,
    /// The part it is an instance of.
    pub part: String,
    /// Its input pins' names, top to bottom.
    pub inputs: Vec<String>,
    /// Its output pins' names, top to bottom.
    pub outputs: Vec<String>,
    /// The width of each input pin, then of each output pin.
    pub widths: (Vec<usize>, Vec<usize>),
    /// The block's box as drawn (turned), in cells (with the drag offset).
    pub rect: Area,
    /// How the block is turned and mirrored.
    pub orientation: Orientation,
}

impl Block {
    /// Input pin `i`, in cells.
    pub fn input(&self, i: usize) -> GridPoint {
        geometry::block_input(self.rect, self.orientation, i)
    }

    /// Output pin `i`, in cells.
    pub fn output(&self, i: usize) -> GridPoint {
        geometry::block_output(self.rect, self.orientation, i)
    }

    /// The block's footprint: its box, its caption beside it and its pins' sides.
    pub fn footprint(&self) -> Footprint {
        let inputs = (0..self.inputs.len()).map(|i| self.input(i));
        let outputs = (0..self.outputs.len()).map(|i| self.output(i));
        Footprint {
            body: self.rect,
            caption: Some(geometry::caption_area(
                self.rect,
                self.orientation,
                &self.label,
            )),
            pins: Sides::of(self.rect, inputs.chain(outputs)),
        }
    }
}

/// The footprint of node `n` drawn as `name` (its label on the level, or its bus's name) of
/// `width` trits, moved by `shift`: its turned box, the caption painted beside it — the one
/// box both the painting and the router read ([`geometry::label_area`] in the node's own
/// orientation, a bus or display node's too) — and the sides that hold its pins.
pub fn node_footprint(n: &Node, name: &str, width: usize, shift: Vector) -> Footprint {
    let body = geometry::rect(n).translate(shift);
    let text = geometry::label_text(name, width);
    Footprint {
        body,
        caption: geometry::label_area(n.kind, body, n.orientation(), &text),
        pins: Sides::of(body, geometry::pins(n).into_iter().map(|p| p + shift)),
    }
}

/// The open level's nodes as drawn on a level without buses, each once: its id, its name
/// on the level and its width (a bus as its bit 0, with the bus's name and width).
fn level_nodes(state: &CircuitPageState) -> Vec<(NodeId, String, usize)> {
    let c = state.circuit();
    let mut bus_of: FxHashMap<NodeId, (&str, usize, bool)> = FxHashMap::default();
    for b in c.buses() {
        for (k, &bit) in b.bits.iter().enumerate() {
            bus_of.insert(bit, (b.name.as_str(), b.width(), k == 0));
        }
    }
    let level = state.level_prefix().len();
    c.nodes()
        .filter(|(_, n)| state.on_level(&n.label).is_some())
        .filter_map(|(id, n)| {
            let (name, width) = match bus_of.get(&id) {
                Some(&(_, _, false)) => return None, // drawn once, as bit 0
                Some(&(name, width, true)) => (name, width),
                None => (n.label.as_str(), 1),
            };
            Some((id, name.get(level..).unwrap_or(name).to_owned(), width))
        })
        .collect()
}

/// The footprints of the open level's parts where they stand (a level without buses): its
/// nodes but `skip`, its blocks and its pins.
pub fn level_footprints(state: &CircuitPageState, skip: &BTreeSet<NodeId>) -> Vec<Footprint> {
    let c = state.circuit();
    let nodes = level_nodes(state)
        .into_iter()
        .filter(|(id, _, _)| !skip.contains(id))
        .map(|(id, name, width)| node_footprint(&c[id], &name, width, Vector::ZERO));
    let pins = state
        .level_pins()
        .into_iter()
        .map(|pin| node_footprint(&pin, &pin.label, usize::from(pin.width), Vector::ZERO));
    let blocks = level_blocks(state, &Moves::default());
    nodes
        .chain(pins)
        .chain(blocks.iter().map(Block::footprint))
        .collect()
}

/// The footprints of the open level's nodes `nodes` (a level without buses), each given by
/// its id and as it would stand (moved or turned); a bus's bits but bit 0 add none.
pub fn node_footprints<'a>(
    state: &CircuitPageState,
    nodes: impl IntoIterator<Item = (NodeId, &'a Node)>,
) -> Vec<Footprint> {
    let names: FxHashMap<NodeId, (String, usize)> = level_nodes(state)
        .into_iter()
        .map(|(id, name, width)| (id, (name, width)))
        .collect();
    nodes
        .into_iter()
        .filter_map(|(id, n)| {
            let (name, width) = names.get(&id)?;
            Some(node_footprint(n, name, *width, Vector::ZERO))
        })
        .collect()
}

/// The open level's blocks, in cells, the one `moves` drags moved.
pub fn level_blocks(state: &CircuitPageState, moves: &Moves) -> Vec<Block> {
    state
        .level_instances()
        .iter()
        .filter_map(|inst| {
            let (part, inputs, outputs) = state.instance_pins(&inst.label)?;
            let orientation = inst.orientation();
            let at = geometry::block_rect(inst.pos, orientation, inputs.len(), outputs.len());
            let shift = match &moves.block {
                Some((label, offset)) if *label == inst.label => *offset,
                _ => Vector::ZERO,
            };
            let width = |pins: &[String]| -> Vec<usize> {
                pins.iter()
                    .map(|p| state.pin_width(&state.level, &inst.label, p))
                    .collect()
            };
            Some(Block {
                label: inst.label.clone(),
                part,
                widths: (width(&inputs), width(&outputs)),
                inputs,
                outputs,
                rect: at.translate(shift),
                orientation,
            })
        })
        .collect()
}

/// Where the wires of a level start and end, in cells.
pub struct Ends<'a> {
    /// The page's state.
    pub state: &'a CircuitPageState,
    /// The drags in progress.
    pub moves: &'a Moves,
    /// The level's blocks ([`level_blocks`]).
    pub blocks: &'a [Block],
    /// The open part's pins.
    pub pins: &'a [Node],
    /// The level's nodes as written, on a level that uses buses (else empty).
    pub written: &'a [Node],
    /// The level's label prefix (`lo/fa0/`).
    pub prefix: String,
}

impl<'a> Ends<'a> {
    /// The ends of the open level of `state`.
    pub fn new(
        state: &'a CircuitPageState,
        moves: &'a Moves,
        blocks: &'a [Block],
        pins: &'a [Node],
    ) -> Ends<'a> {
        Ends {
            state,
            moves,
            blocks,
            pins,
            written: state.written_level().map_or(&[][..], |(nodes, _)| nodes),
            prefix: state.level_prefix(),
        }
    }

    /// The node of the flat circuit at label `label` of the level.
    pub fn flat(&self, label: &str) -> Option<NodeId> {
        self.state
            .circuit()
            .find(&format!("{}{label}", self.prefix))
    }

    /// Node `label` as the level writes it (a bus, a splitter), if the level uses buses.
    pub fn written_node(&self, label: &str) -> Option<&Node> {
        self.written.iter().find(|n| n.label == label)
    }

    /// The open part's pin `label`.
    pub fn pin_node(&self, label: &str) -> Option<&Node> {
        self.pins.iter().find(|n| n.label == label)
    }

    /// The block of instance `label`.
    pub fn block(&self, label: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.label == label)
    }

    /// Where a wire leaves `end`.
    pub fn out_at(&self, end: &End) -> Option<GridPoint> {
        match end {
            End::Node(l) => {
                if let Some(n) = self.pin_node(l) {
                    return geometry::output_pin(n);
                }
                if let Some(n) = self.written_node(l) {
                    return geometry::output_pin(n).map(|p| p + self.moves.wiring_shift(l));
                }
                if let Some(out) = SplitOutput::parse_with(l, |s| {
                    self.written_node(s)
                        .is_some_and(|n| matches!(n.kind, NodeKind::Split(_)))
                }) && let Some(n) = self.written_node(out.splitter)
                {
                    return Some(
                        geometry::split_output(n, out.index()?)
                            + self.moves.wiring_shift(out.splitter),
                    );
                }
                let id = self.flat(l)?;
                geometry::output_pin(&self.state.circuit()[id])
                    .map(|p| p + self.moves.shift(id, self.state))
            }
            End::Pin { instance, pin } => {
                let b = self.block(instance)?;
                Some(b.output(b.outputs.iter().position(|p| p == pin)?))
            }
        }
    }

    /// Where a wire enters input `input` of `end`.
    pub fn in_at(&self, end: &End, input: u8) -> Option<GridPoint> {
        match end {
            End::Node(l) => {
                if let Some(n) = self.pin_node(l) {
                    return Some(geometry::input_pin(n, 0));
                }
                if let Some(n) = self.written_node(l) {
                    return Some(
                        geometry::input_pin(n, usize::from(input)) + self.moves.wiring_shift(l),
                    );
                }
                let id = self.flat(l)?;
                Some(
                    geometry::input_pin(&self.state.circuit()[id], usize::from(input))
                        + self.moves.shift(id, self.state),
                )
            }
            End::Pin { instance, pin } => {
                let b = self.block(instance)?;
                Some(b.input(b.inputs.iter().position(|p| p == pin)?))
            }
        }
    }
}

/// The open level's wires, boxes and labels, in cells.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picture {
    /// By connection: which wire it draws.
    pub keys: Vec<WireKey>,
    /// By connection: the wire as the level names it.
    pub wires: Vec<LevelWire>,
    /// The connections (output pin, input pin, net, bends).
    pub connections: Vec<Connection>,
    /// The level's nodes, blocks and pins.
    pub boxes: Vec<Area>,
    /// The labels drawn outside those boxes.
    pub labels: Vec<Area>,
}

impl Picture {
    /// The open level of `state` with the drags `moves` in progress.
    pub fn of(state: &CircuitPageState, moves: &Moves) -> Picture {
        let blocks = level_blocks(state, moves);
        let pins = state.level_pins();
        let ends = Ends::new(state, moves, &blocks, &pins);
        let mut picture = Picture::default();
        let mut nets: FxHashMap<(i32, i32), usize> = FxHashMap::default();
        let mut push = |key: WireKey, wire: LevelWire, from: GridPoint, to: GridPoint| {
            // A net is everything one output pin drives: numbered by its driver's position.
            let at = ((from.x * 2.0).round() as i32, (from.y * 2.0).round() as i32);
            let fresh = nets.len();
            let net = *nets.entry(at).or_insert(fresh);
            let via = bends(state, &wire);
            picture.keys.push(key);
            picture.wires.push(wire);
            picture.connections.push(Connection { from, to, net, via });
        };
        if let Some((_, wires)) = state.written_level() {
            let instances = state.level_instances();
            for (i, w) in wires.iter().enumerate() {
                let (from, to) = (End::parse(&w.from, instances), End::parse(&w.to, instances));
                if let (Some(a), Some(b)) = (ends.out_at(&from), ends.in_at(&to, w.input)) {
                    let wire = LevelWire {
                        from,
                        to,
                        input: w.input,
                    };
                    push(WireKey::Written(i), wire, a, b);
                }
            }
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
                let a = out + moves.shift(w.from, state);
                let b = geometry::input_pin(to, usize::from(w.input)) + moves.shift(w.to, state);
                let wire = LevelWire {
                    from: End::Node(from_label.to_owned()),
                    to: End::Node(to_label.to_owned()),
                    input: w.input,
                };
                push(WireKey::Node(w.from, w.to, w.input), wire, a, b);
            }
            for (i, (from, to, input)) in state.level_pin_wires().into_iter().enumerate() {
                if let (Some(a), Some(b)) = (ends.out_at(&from), ends.in_at(&to, input)) {
                    push(WireKey::Pin(i), LevelWire { from, to, input }, a, b);
                }
            }
        }
        picture.add_nodes(state, moves, &ends);
        for pin in &pins {
            picture.add(node_footprint(
                pin,
                &pin.label,
                usize::from(pin.width),
                Vector::ZERO,
            ));
        }
        for b in &blocks {
            picture.add(b.footprint());
        }
        picture
    }

    /// The level's nodes (not its pins): as written on a level that uses buses, else each
    /// node of the level once (a bus as its bit 0, labelled with its name and width).
    fn add_nodes(&mut self, state: &CircuitPageState, moves: &Moves, ends: &Ends<'_>) {
        if state.written_level().is_some() {
            for n in ends.written {
                if ends.pin_node(&n.label).is_some() {
                    continue; // drawn (and boxed) as a pin
                }
                let shift = moves.wiring_shift(&n.label);
                if matches!(n.kind, NodeKind::Split(_) | NodeKind::Merge(_)) {
                    self.boxes.push(geometry::rect(n).translate(shift));
                } else {
                    self.add(node_footprint(n, &n.label, usize::from(n.width), shift));
                }
            }
            return;
        }
        let c = state.circuit();
        for (id, name, width) in level_nodes(state) {
            self.add(node_footprint(&c[id], &name, width, moves.shift(id, state)));
        }
    }

    /// A part's box and, if drawn outside it, its caption's.
    fn add(&mut self, part: Footprint) {
        self.boxes.push(part.body);
        self.labels.extend(part.caption);
    }

    /// What the wires must keep clear of.
    pub fn obstacles(&self) -> Obstacles<'_> {
        Obstacles {
            boxes: &self.boxes,
            labels: &self.labels,
        }
    }

    /// The level routed afresh ([`router::route`]).
    pub fn route(&self) -> Routing {
        router::route(&self.connections, self.obstacles())
    }

    /// The level routed after an edit of the level `before` was routed as `routing`: the
    /// nets the edit did not touch keep their routes ([`router::reroute`]).
    pub fn reroute(&self, before: &Picture, routing: &Routing) -> Routing {
        router::reroute(
            &self.connections,
            self.obstacles(),
            (&before.connections, routing),
        )
    }

    /// What is wrong with `routing` of this picture ([`router::check`]).
    pub fn check(&self, routing: &Routing) -> Vec<Defect> {
        router::check(&self.connections, self.obstacles(), routing)
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
