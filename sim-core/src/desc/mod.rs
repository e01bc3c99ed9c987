//! The unchecked circuit description: what a file, a generator or an importer produces, and
//! what [`Circuit::from_desc`](crate::Circuit::from_desc) checks.
//!
//! * [`CircuitDesc`] — nodes ([`Node`]: a label, a [`NodeKind`], a width, a position) and
//!   wires by label ([`WireDesc`]), in file order;
//! * the identities a checked [`Circuit`](crate::Circuit) hands out ([`NodeId`], [`WireId`],
//!   [`Wire`]) and the editor's grid position ([`Pos`]);
//! * [`WireRef`], the way errors name a wire;
//! * [`InstanceDesc`], an instance of a part as a file places it (see [`crate::hierarchy`]);
//! * [`Note`], a text annotation on a level;
//! * [`Facing`] and [`Orientation`], how the editor turns and mirrors a node or an instance
//!   (drawing only: nothing else reads them);
//! * `end`: the text of a wire's ends, [`WireEnd`] (`INSTANCE.PIN`) and [`SplitOutput`]
//!   (`SPLITTER.K`), its one reader and writer.
//!
//! Nothing here checks anything: labels may repeat and wires may dangle until
//! [`circuit`](crate::circuit) validates them.

mod end;

use std::fmt;

use petgraph::stable_graph::{EdgeIndex, NodeIndex};
use serde::{Deserialize, Serialize};

use crate::kind::NodeKind;
use crate::literal::Literal;
use crate::memory::ContentsDecl;
use crate::number::Radix;
use crate::trit::Trit;
pub use end::{SplitOutput, WireEnd};

/// A node's identity in one [`Circuit`](crate::Circuit). Stays valid while other nodes are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub(crate) NodeIndex);

impl NodeId {
    /// The graph index (dense in a freshly loaded circuit, with holes after removals).
    pub fn index(self) -> usize {
        self.0.index()
    }
}

/// `#7`: the graph index, for messages that have no circuit at hand to look up a label.
impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index())
    }
}

/// For graph algorithms run on [`Circuit::graph`](crate::Circuit::graph).
impl From<NodeIndex> for NodeId {
    fn from(index: NodeIndex) -> NodeId {
        NodeId(index)
    }
}

/// A wire's identity in one [`Circuit`](crate::Circuit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WireId(pub(crate) EdgeIndex);

/// A position on the editor's grid, in grid cells. Written `(x, y)` in RON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Pos {
    /// Column, growing to the right.
    pub x: i32,
    /// Row, growing downwards.
    pub y: i32,
}

impl From<(i32, i32)> for Pos {
    fn from((x, y): (i32, i32)) -> Pos {
        Pos { x, y }
    }
}

impl From<Pos> for (i32, i32) {
    fn from(p: Pos) -> (i32, i32) {
        (p.x, p.y)
    }
}

/// Which way a drawn part faces: where its east side — a gate's output side — points after
/// the part is turned clockwise by whole quarter turns (Logisim's "facing"). East is the
/// unturned drawing. Written `facing: South` in RON; left out when east.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Facing {
    /// Unturned: inputs on the left, the output on the right.
    #[default]
    East,
    /// A quarter turn clockwise: the output at the bottom.
    South,
    /// A half turn: the output on the left.
    West,
    /// Three quarter turns clockwise: the output at the top.
    North,
}

impl Facing {
    /// The four facings in clockwise order from east.
    pub const ALL: [Facing; 4] = [Facing::East, Facing::South, Facing::West, Facing::North];

    /// How many quarter turns clockwise from east: 0 to 3.
    pub fn quarter_turns(self) -> u8 {
        match self {
            Facing::East => 0,
            Facing::South => 1,
            Facing::West => 2,
            Facing::North => 3,
        }
    }

    /// This facing turned `quarter_turns` clockwise (negative: counter-clockwise).
    #[must_use]
    pub fn turned(self, quarter_turns: i32) -> Facing {
        let turns = (i32::from(self.quarter_turns()) + quarter_turns).rem_euclid(4);
        Facing::ALL[usize::try_from(turns).unwrap_or(0)]
    }

    /// Whether this is east (the unturned drawing).
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
    pub fn is_east(&self) -> bool {
        *self == Facing::East
    }
}

/// How the editor draws a part: mirrored top to bottom in its own frame when `flip` (a
/// gate's inputs then run bottom to top), then turned to `facing`. The default is the
/// unturned, unmirrored drawing. The simulation, the writers and the analyses ignore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Orientation {
    /// Where the part's east side points.
    pub facing: Facing,
    /// Mirrored across the part's own horizontal middle line, before it is turned.
    pub flip: bool,
}

impl Orientation {
    /// Whether this is the unturned, unmirrored drawing.
    pub fn is_default(self) -> bool {
        self == Orientation::default()
    }

    /// This orientation turned `quarter_turns` clockwise (negative: counter-clockwise).
    #[must_use]
    pub fn turned(self, quarter_turns: i32) -> Orientation {
        Orientation {
            facing: self.facing.turned(quarter_turns),
            ..self
        }
    }

    /// This orientation mirrored (a second mirror undoes the first).
    #[must_use]
    pub fn flipped(self) -> Orientation {
        Orientation {
            flip: !self.flip,
            ..self
        }
    }
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_false(v: &bool) -> bool {
    !*v
}

/// A node: a unique label, a kind and an optional editor position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Node {
    /// Unique within the circuit; non-empty, without whitespace, `,` or `=` (so that
    /// `--set NAME=VAL,NAME=VAL` stays unambiguous).
    pub label: String,
    /// What the node is.
    pub kind: NodeKind,
    /// Where the editor draws it; `None` lets the editor choose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pos: Option<Pos>,
    /// Where the drawn node faces (format version 4; see [`Orientation`]).
    #[serde(default, skip_serializing_if = "Facing::is_east")]
    pub facing: Facing,
    /// Whether the drawn node is mirrored (format version 4; see [`Orientation`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub flip: bool,
    /// How many trits the node's output (or, for a terminal, its input) carries: 1 to 64.
    /// Only files hold wider nodes; loading expands a node of width N into N nodes `L[0]` …
    /// `L[N-1]` (see [`crate::bus`]), so a [`Circuit`](crate::Circuit) holds width 1 only.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub width: u8,
    /// How a bus's value is written (files only; see [`crate::number`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub radix: Option<Radix>,
    /// A bus constant's value as a number (`162`, `"0x5A"`, `"0t1T0"`); without it every bit
    /// of a constant is its kind's trit (files only). Boxed: almost no node has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Box<Literal>>,
    /// A memory's contents (files only; see [`crate::memory`]): a contents file beside the
    /// circuit file (`contents: "program.hex"`) or the words inline from address 0
    /// (`contents: [16, "0x2f", "0b10x1"]`, each a number of the data width; the rest
    /// unknown). Boxed: almost no node has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contents: Option<Box<ContentsDecl>>,
    /// A tunnel's name, the net it joins (tunnels only; see [`crate::tunnel`]): every tunnel
    /// of one name on a level is one net. Left out, the tunnel is named by its label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<String>,
    /// A flip-flop's power-on output (flip-flops only; format version 5, [`INIT_VERSION`]):
    /// `init: -1` starts Q at −1, as Logisim-evolution's and Digital's flip-flops do. Left
    /// out, Q starts unknown. On a bus flip-flop (a register) every bit starts at it.
    ///
    /// [`INIT_VERSION`]: crate::format::INIT_VERSION
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init: Option<Trit>,
}

fn one() -> u8 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_one(v: &u8) -> bool {
    *v == 1
}

impl Node {
    /// A node without a position.
    pub fn new(label: impl Into<String>, kind: NodeKind) -> Node {
        Node {
            label: label.into(),
            kind,
            pos: None,
            facing: Facing::East,
            flip: false,
            width: 1,
            radix: None,
            value: None,
            contents: None,
            net: None,
            init: None,
        }
    }

    /// The same node `width` trits wide (a bus; see [`crate::bus`]).
    #[must_use]
    pub fn wide(mut self, width: u8) -> Node {
        self.width = width;
        self
    }

    /// Whether the node exists only as a file writes it and is expanded before a circuit is
    /// built (see [`crate::bus`], [`crate::tunnel`]): wider than one trit, pure wiring (a
    /// splitter, merger or tunnel), a memory, a node with a tunnel `net`, or of a kind that
    /// is wider than one trit whatever its `width` says (a keypad: the bus check refuses it).
    pub fn is_written_only(&self) -> bool {
        self.width != 1
            || self.kind.is_wiring()
            || self.kind.is_memory()
            || self.net.is_some()
            || self.kind.fixed_width().is_some_and(|w| w != 1)
    }

    /// The same node placed at `(x, y)` grid cells.
    #[must_use]
    pub fn at(mut self, x: i32, y: i32) -> Node {
        self.pos = Some(Pos { x, y });
        self
    }

    /// The same node drawn turned and mirrored by `orientation`.
    #[must_use]
    pub fn oriented(mut self, orientation: Orientation) -> Node {
        self.set_orientation(orientation);
        self
    }

    /// How the editor draws the node.
    pub fn orientation(&self) -> Orientation {
        Orientation {
            facing: self.facing,
            flip: self.flip,
        }
    }

    /// Sets how the editor draws the node.
    pub fn set_orientation(&mut self, orientation: Orientation) {
        self.facing = orientation.facing;
        self.flip = orientation.flip;
    }
}

/// A wire from `from`'s output to input pin `input` of `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wire {
    /// The driving node.
    pub from: NodeId,
    /// The driven node.
    pub to: NodeId,
    /// The input pin of `to`, `0..to.kind.input_count()`.
    pub input: u8,
}

/// An unchecked wire, by labels. In RON: `(from: "R", to: "NOR1", input: 0)`; `input` may be
/// left out when it is 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireDesc {
    /// Label of the driving node.
    pub from: String,
    /// Label of the driven node.
    pub to: String,
    /// Input pin of `to` (0-based).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub input: u8,
    /// Where the user bent the wire, in grid cells: the editor routes it through these
    /// points in order (`via: [(12, 4)]`); empty (and left out) for a wire routed freely.
    /// Only the drawing reads them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<Pos>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(v: &u8) -> bool {
    *v == 0
}

impl WireDesc {
    /// A wire from `from` to pin `input` of `to`.
    pub fn new(from: impl Into<String>, to: impl Into<String>, input: u8) -> WireDesc {
        WireDesc {
            from: from.into(),
            to: to.into(),
            input,
            via: Vec::new(),
        }
    }
}

/// An unchecked circuit: what [`Circuit::from_desc`](crate::Circuit::from_desc) validates and
/// [`Circuit::to_desc`](crate::Circuit::to_desc) returns.
/// Node order is file order; wire order is fanout order (the order events are scheduled in).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CircuitDesc {
    /// The nodes, in file order.
    pub nodes: Vec<Node>,
    /// The wires, in file order.
    pub wires: Vec<WireDesc>,
}

/// A text annotation on a level (Logisim-evolution's and Digital's *Text*): free text the
/// editor draws at a grid position, nothing else reads — not a node, on no net. In RON
/// `(pos: (4, 12), text: "carry chain")`; `text` may hold line breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    /// Where its text starts (its top-left corner), in grid cells.
    pub pos: Pos,
    /// What it says.
    pub text: String,
}

/// An instance of a part, as a file places it (see [`crate::hierarchy`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstanceDesc {
    /// Unique among the circuit's labels; prefixes the flattened nodes (`label/…`).
    pub label: String,
    /// The part's name.
    pub of: String,
    /// Where the editor draws it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pos: Option<Pos>,
    /// Where the drawn block faces (format version 4; see [`Orientation`]).
    #[serde(default, skip_serializing_if = "Facing::is_east")]
    pub facing: Facing,
    /// Whether the drawn block is mirrored (format version 4; see [`Orientation`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub flip: bool,
}

impl InstanceDesc {
    /// An unturned instance `label` of part `of` at `pos`.
    pub fn new(label: impl Into<String>, of: impl Into<String>, pos: Option<Pos>) -> InstanceDesc {
        InstanceDesc {
            label: label.into(),
            of: of.into(),
            pos,
            facing: Facing::East,
            flip: false,
        }
    }

    /// How the editor draws the block.
    pub fn orientation(&self) -> Orientation {
        Orientation {
            facing: self.facing,
            flip: self.flip,
        }
    }

    /// Sets how the editor draws the block.
    pub fn set_orientation(&mut self, orientation: Orientation) {
        self.facing = orientation.facing;
        self.flip = orientation.flip;
    }
}

/// Names a wire in an error: `wires[3] (R → NOR1.0)`, or just `wire R → NOR1.0` for a wire made
/// in an editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireRef {
    /// Position in [`CircuitDesc::wires`], when the wire came from a description.
    pub index: Option<usize>,
    /// Label of the driving node.
    pub from: String,
    /// Label of the driven node.
    pub to: String,
    /// Input pin of `to`.
    pub input: u8,
}

impl fmt::Display for WireRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let WireRef {
            index,
            from,
            to,
            input,
        } = self;
        match index {
            Some(i) => write!(f, "wires[{i}] ({from} → {to}.{input})"),
            None => write!(f, "wire {from} → {to}.{input}"),
        }
    }
}
