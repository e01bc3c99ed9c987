//! Where the wires of the open level start and end, in cells: [`Block`], an instance of the
//! level as the canvas draws it, and [`Ends`], which finds any wire end's pin (a node's, a
//! block's, a pin of the open part, a splitter's output) with the drag offsets applied.

use sim_core::desc::SplitOutput;
use sim_core::{Node, NodeId, NodeKind, Orientation};

use super::frame::{FrameInfo, cells};
use crate::pages::circuit::geometry::{self, Area, GridPoint};
use crate::pages::circuit::state::{CircuitPageState, End};

/// What the canvas needs of one instance of the open level, copied out of the state.
pub(super) struct Block {
    pub(super) label: String,
    pub(super) part: String,
    pub(super) inputs: Vec<String>,
    pub(super) outputs: Vec<String>,
    /// The width of each input pin, then of each output pin.
    pub(super) widths: (Vec<usize>, Vec<usize>),
    /// The block's box as drawn (turned), in cells (with the drag offset).
    pub(super) rect: Area,
    /// How the block is turned and mirrored.
    pub(super) orientation: Orientation,
}

impl Block {
    pub(super) fn input(&self, i: usize) -> GridPoint {
        geometry::block_input(self.rect, self.orientation, i)
    }

    pub(super) fn output(&self, i: usize) -> GridPoint {
        geometry::block_output(self.rect, self.orientation, i)
    }
}

/// Where the wires of a level start and end, in cells.
pub(super) struct Ends<'a> {
    pub(super) state: &'a CircuitPageState,
    pub(super) frame: &'a FrameInfo,
    pub(super) blocks: &'a [Block],
    pub(super) pins: &'a [Node],
    /// The level's nodes as written, on a level that uses buses (else empty).
    pub(super) written: &'a [Node],
    pub(super) prefix: String,
}

impl Ends<'_> {
    pub(super) fn flat(&self, label: &str) -> Option<NodeId> {
        self.state
            .circuit()
            .find(&format!("{}{label}", self.prefix))
    }

    /// Node `label` as the level writes it (a bus, a splitter), if the level uses buses.
    pub(super) fn written_node(&self, label: &str) -> Option<&Node> {
        self.written.iter().find(|n| n.label == label)
    }

    pub(super) fn pin_node(&self, label: &str) -> Option<&Node> {
        self.pins.iter().find(|n| n.label == label)
    }

    pub(super) fn block(&self, label: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.label == label)
    }

    /// Where a wire leaves `end`.
    pub(super) fn out_at(&self, end: &End) -> Option<GridPoint> {
        match end {
            End::Node(l) => {
                if let Some(n) = self.pin_node(l) {
                    return geometry::output_pin(n);
                }
                // As written (a level with buses is read-only: its nodes stay where they are).
                if let Some(n) = self.written_node(l) {
                    return geometry::output_pin(n);
                }
                if let Some(out) = SplitOutput::parse_with(l, |s| {
                    self.written_node(s)
                        .is_some_and(|n| matches!(n.kind, NodeKind::Split(_)))
                }) && let Some(n) = self.written_node(out.splitter)
                {
                    return Some(geometry::split_output(n, out.index()?));
                }
                let id = self.flat(l)?;
                geometry::output_pin(&self.state.circuit()[id])
                    .map(|p| p + cells(self.frame.shift(id, self.state)))
            }
            End::Pin { instance, pin } => {
                let b = self.block(instance)?;
                Some(b.output(b.outputs.iter().position(|p| p == pin)?))
            }
        }
    }

    /// Where a wire enters input `input` of `end`.
    pub(super) fn in_at(&self, end: &End, input: u8) -> Option<GridPoint> {
        match end {
            End::Node(l) => {
                if let Some(n) = self.pin_node(l) {
                    return Some(geometry::input_pin(n, 0));
                }
                if let Some(n) = self.written_node(l) {
                    return Some(geometry::input_pin(n, usize::from(input)));
                }
                let id = self.flat(l)?;
                Some(
                    geometry::input_pin(&self.state.circuit()[id], usize::from(input))
                        + cells(self.frame.shift(id, self.state)),
                )
            }
            End::Pin { instance, pin } => {
                let b = self.block(instance)?;
                Some(b.input(b.inputs.iter().position(|p| p == pin)?))
            }
        }
    }
}
