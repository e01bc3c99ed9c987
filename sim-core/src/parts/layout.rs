//! Where a built-in part's gates go, so that the app's router draws every wire cleanly: gates
//! in columns by logic level (the input pins left, the output pins right), a channel left of
//! each column as wide as the nets that turn into it, and every gate on rows where its output
//! runs straight right to the column of its last reader with no box and no other net's run
//! within a cell of it. Each wire is then a run right along its driver's row, a turn in the
//! channel before its reader's column, and a run into the pin.
//!
//! The rows are packed greedily, as the left-edge algorithm packs channel tracks (Hashimoto
//! and Stevens, "Wire routing by optimizing channel assignment within large apertures",
//! DAC 1971): gates column by column, each at the free rows nearest its drivers.

use std::collections::HashMap;

use crate::desc::{Node, Pos, WireDesc};
use crate::kind::NodeKind;
use crate::layout::footprint;

/// Free cells in a channel beside the wires that turn in it.
const CHANNEL_MARGIN: i32 = 2;
/// Cells between a wide output's merger and its lamp.
const LAMP_GAP: i32 = 2;
/// The most gates whose rows are searched clear of every output's run; past it (an imported
/// Verilog design of thousands of cells) each column's gates are stacked in order, a cell
/// apart, since the search costs time and memory growing with gates × columns.
const ROUTED_GATES: usize = 4_096;

/// Places `gates` and `outputs` right of the placed `inputs`, as the module says; `wires` are
/// the part's wires (ends: node labels, `splitter.k` for a splitter's output `k`).
pub(super) fn place(inputs: &[Node], gates: &mut [Node], outputs: &mut [Node], wires: &[WireDesc]) {
    let mut readers: HashMap<&str, Vec<&str>> = HashMap::new();
    let mut drivers: HashMap<&str, Vec<&str>> = HashMap::new();
    for w in wires {
        readers.entry(w.from.as_str()).or_default().push(&w.to);
        drivers.entry(w.to.as_str()).or_default().push(&w.from);
    }
    let mut column: HashMap<&str, usize> = inputs.iter().map(|n| (n.label.as_str(), 0)).collect();
    for gate in gates.iter() {
        let level = drivers.get(gate.label.as_str()).map_or(0, |ends| {
            ends.iter()
                .filter_map(|end| column.get(node_of(end)))
                .max()
                .map_or(0, |&c| c)
        });
        column.insert(&gate.label, level + 1);
    }
    let last_gate = gates
        .iter()
        .map(|g| column[g.label.as_str()])
        .max()
        .unwrap_or(0);
    let out_column = last_gate + 1;
    for node in outputs.iter() {
        column.insert(&node.label, out_column);
    }
    // The column of each net's last reader, and the nets turning into each column.
    let mut reach: HashMap<&str, usize> = HashMap::new();
    let mut turning: Vec<Vec<&str>> = vec![Vec::new(); out_column + 1];
    for w in wires {
        let (Some(&from), Some(&to)) = (column.get(node_of(&w.from)), column.get(w.to.as_str()))
        else {
            continue;
        };
        if to > from {
            let far = reach.entry(&w.from).or_insert(to);
            *far = (*far).max(to);
            turning[to].push(&w.from);
        }
    }
    let turning: Vec<Vec<&str>> = turning.into_iter().map(sorted_unique).collect();
    let x = column_lefts(inputs, &turning);
    let mut rows = Rows::new(out_column);
    let mut out_row: HashMap<String, i32> = HashMap::new();
    for node in inputs {
        let (top, height) = vertical(node);
        rows.take(0, 0, 2 * top, 2 * (top + height));
        for (end, row) in output_rows(node, top) {
            rows.take(0, reach.get(end.as_str()).copied().unwrap_or(0), row, row);
            out_row.insert(end, row);
        }
    }
    let mut order: Vec<usize> = (0..gates.len()).collect();
    let wanted: Vec<i32> = gates
        .iter()
        .map(|g| {
            let rows: Vec<i32> = drivers
                .get(g.label.as_str())
                .into_iter()
                .flatten()
                .filter_map(|end| out_row.get(*end).copied())
                .collect();
            let mean = rows.iter().sum::<i32>() / i32::try_from(rows.len().max(1)).unwrap_or(1);
            mean / 2 - vertical(g).1 / 2
        })
        .collect();
    order.sort_by_cached_key(|&i| (column[gates[i].label.as_str()], wanted[i]));
    let mut tops = vec![(0, 0); gates.len()];
    let stacked = gates.len() > ROUTED_GATES;
    let mut stack_tops = vec![0; out_column + 1];
    for i in order {
        let gate = &gates[i];
        let c = column[gate.label.as_str()];
        let height = vertical(gate).1;
        if stacked {
            tops[i] = (c, stack_tops[c]);
            stack_tops[c] += height + 1;
            continue;
        }
        let far = reach.get(gate.label.as_str()).copied().unwrap_or(c);
        let top = rows.nearest_free(c, far, wanted[i].max(0), height);
        let row = 2 * top + height;
        rows.take(c, c, 2 * top, 2 * (top + height));
        rows.take(c, far, row, row);
        out_row.insert(gate.label.clone(), row);
        tops[i] = (c, top);
    }
    for (gate, (c, top)) in gates.iter_mut().zip(tops) {
        gate.pos = Some(Pos { x: x[c], y: top });
    }
    for node in outputs.iter_mut() {
        if let Some(pos) = &mut node.pos {
            pos.x = x[out_column]
                + if node.kind.is_wiring() || node.width == 1 {
                    0
                } else {
                    4 + LAMP_GAP
                };
        }
    }
}

/// `nets` sorted, each once.
fn sorted_unique(mut nets: Vec<&str>) -> Vec<&str> {
    nets.sort_unstable();
    nets.dedup();
    nets
}

/// The node an end names: `splitter.k` is the splitter's output `k`.
fn node_of(end: &str) -> &str {
    end.split_once('.').map_or(end, |(node, _)| node)
}

/// The box of a `kind` node in cells, `(width, height)`: a splitter's is its mirror
/// image's, the merger of the same ranges (as the app draws it).
fn size(kind: NodeKind) -> (i32, i32) {
    let kind = match kind {
        NodeKind::Split(ranges) => NodeKind::Merge(ranges),
        kind => kind,
    };
    let (w, h) = footprint(kind);
    (i32::from(w), i32::from(h))
}

/// `node`'s top row and height, in cells.
fn vertical(node: &Node) -> (i32, i32) {
    (node.pos.map_or(0, |p| p.y), size(node.kind).1)
}

/// The ends `node` drives (its label, or a splitter's `label.k`) with the row of each, in
/// half cells, for `node` at row `top`: a splitter's outputs one cell apart from one cell
/// down, any other node's output at mid-height.
fn output_rows(node: &Node, top: i32) -> Vec<(String, i32)> {
    match node.kind {
        NodeKind::Split(ranges) => (0..ranges.len())
            .map(|k| {
                let k = i32::try_from(k).unwrap_or(i32::MAX / 4);
                (format!("{}.{k}", node.label), 2 * (top + 1 + k))
            })
            .collect(),
        kind => vec![(node.label.clone(), 2 * top + size(kind).1)],
    }
}

/// The left edge of every column, in cells: the inputs' at 0, each next one right of the
/// widest box before it and a channel of a cell per net turning into it.
fn column_lefts(inputs: &[Node], turning: &[Vec<&str>]) -> Vec<i32> {
    let inputs_right = inputs
        .iter()
        .map(|n| n.pos.map_or(0, |p| p.x) + size(n.kind).0)
        .max()
        .unwrap_or(0);
    let mut x = vec![0];
    let mut right = inputs_right;
    for nets in &turning[1..] {
        let left = right + i32::try_from(nets.len()).unwrap_or(i32::MAX / 4) + CHANNEL_MARGIN;
        x.push(left);
        // Gates are 4 wide (sim-core's footprint), as is a merger.
        right = left + 4;
    }
    x
}

/// What the placed boxes and output runs take, per column: a flag per row in half cells
/// (rows are never negative: pins and gates are placed from row 0 down), so that a test of a
/// few rows costs a few reads however many boxes a column holds.
struct Rows {
    taken: Vec<Vec<bool>>,
    /// The last row taken in any column.
    last_taken: Option<i32>,
}

impl Rows {
    fn new(last_column: usize) -> Rows {
        Rows {
            taken: vec![Vec::new(); last_column + 1],
            last_taken: None,
        }
    }

    /// Marks rows `from..=to` (half cells) taken in columns `first..=last`.
    fn take(&mut self, first: usize, last: usize, from: i32, to: i32) {
        let (Ok(from), Ok(to)) = (usize::try_from(from.max(0)), usize::try_from(to)) else {
            return;
        };
        for column in &mut self.taken[first..=last] {
            if column.len() <= to {
                column.resize(to + 1, false);
            }
            column[from..=to].fill(true);
        }
        self.last_taken = self.last_taken.max(i32::try_from(to).ok());
    }

    /// The first and last taken row among `from..=to` (half cells) in columns
    /// `first..=last`, or `None` when they are all free.
    fn taken_span(&self, first: usize, last: usize, from: i32, to: i32) -> Option<(i32, i32)> {
        let mut span: Option<(i32, i32)> = None;
        for column in &self.taken[first..=last] {
            for row in from.max(0)..=to {
                let taken = usize::try_from(row).ok().and_then(|r| column.get(r));
                if taken == Some(&true) {
                    span = Some(span.map_or((row, row), |(a, b)| (a.min(row), b.max(row))));
                }
            }
        }
        span
    }

    /// The top row nearest `wanted` (at least 0) where a box `height` cells tall fits in
    /// column `column` a cell clear of everything, and its output row a cell clear through
    /// column `far`; of two as near, the one below (a top past everything taken always fits).
    fn nearest_free(&self, column: usize, far: usize, wanted: i32, height: i32) -> i32 {
        let beyond = self.last_taken.map_or(0, |to| to / 2 + 2).max(wanted);
        let below = self.scan(column, far, height, wanted, beyond, true);
        let above = self.scan(
            column,
            far,
            height,
            wanted - 1,
            2 * wanted - beyond - 1,
            false,
        );
        match (below, above) {
            (Some(b), Some(a)) if wanted - 1 - a < b - wanted => a,
            (Some(b), _) => b,
            (None, Some(a)) => a,
            (None, None) => beyond,
        }
    }

    /// The first top from `start` to `end` (down the page when `down`, else up; never above
    /// row 0) where a box `height` cells tall fits as [`nearest_free`](Self::nearest_free)
    /// says. A top that does not fit skips every top whose ranges still hold the taken row
    /// that stopped it (the last of them going down, the first going up).
    fn scan(
        &self,
        column: usize,
        far: usize,
        height: i32,
        start: i32,
        end: i32,
        down: bool,
    ) -> Option<i32> {
        let ceil_half = |x: i32| -(-x).div_euclid(2);
        let mut top = start;
        while if down { top <= end } else { top >= end.max(0) } {
            let row = 2 * top + height;
            let boxed = self.taken_span(column, column, 2 * top - 2, 2 * (top + height) + 2);
            let run = self.taken_span(column, far, row - 2, row + 2);
            if boxed.is_none() && run.is_none() {
                return Some(top);
            }
            top = if down {
                let past_box = boxed.map(|(_, p)| (p + 2).div_euclid(2) + 1);
                let past_run = run.map(|(_, p)| (p + 2 - height).div_euclid(2) + 1);
                past_box.max(past_run).unwrap_or(top + 1)
            } else {
                let past_box = boxed.map(|(p, _)| ceil_half(p - 2 * height - 2) - 1);
                let past_run = run.map(|(p, _)| ceil_half(p - height - 2) - 1);
                match (past_box, past_run) {
                    (Some(a), Some(b)) => a.min(b),
                    (a, b) => a.or(b).unwrap_or(top - 1),
                }
            };
        }
        None
    }
}
