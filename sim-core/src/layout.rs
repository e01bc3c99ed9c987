//! Positions for nodes that have none (a file written without `pos`, a `.bench` import):
//! columns by logic level (longest path from a source, feedback edges ignored), rows ordered
//! to reduce crossings. A circuit transformation shared by the app and `tritium import`;
//! coordinates are grid cells, as in [`Pos`].

use std::collections::{BTreeMap, HashMap};

use crate::circuit::Circuit;
use crate::desc::{NodeId, Pos};
use crate::graph;
use crate::kind::{NodeKind, Role};
use crate::netlist::Netlist;

/// Columns are this many cells apart.
const COLUMN: i32 = 12;
/// Rows leave this many cells between nodes: room for three wires to pass between them.
const GAP: i32 = 2;
/// Width of gates, in cells.
const GATE_WIDTH: u16 = 4;

/// The size of a `kind` node's box on the canvas, in grid cells: `(width, height)`. Sources and
/// terminals are 3 × 2 (constants and lamps 2 × 2, a keypad 5 × 5, a decimal display 4 × 2,
/// a TTY 12 × 6,
/// an LED matrix of r × c lamps (max(c, 2) + 1) × (r + 1)); a gate is 4 wide and one cell
/// taller than its number of input pins (at least 2).
pub fn footprint(kind: NodeKind) -> (u16, u16) {
    match kind.role() {
        Role::Source => match kind {
            NodeKind::Constant(_) => (2, 2),
            // Its 16 keys, four rows of four, a cell each, with a frame.
            NodeKind::Keypad => (5, 5),
            _ => (3, 2),
        },
        Role::Terminal => match kind {
            NodeKind::Lamp => (2, 2),
            NodeKind::DecimalDisplay(_) => (4, 2),
            // A screen of a few lines of text.
            NodeKind::Tty => (12, 6),
            // A lamp a cell, with half a cell of frame around them.
            NodeKind::LedMatrix { rows, columns } => {
                (u16::from(columns.max(2)) + 1, u16::from(rows) + 1)
            }
            _ => (3, 2),
        },
        // A memory: a block with its pins as a file draws them (address; data in, write
        // enable, clock), as wide as a part's.
        Role::Gate if kind.is_memory() => (2 * GATE_WIDTH, 5),
        Role::Gate => {
            let pins = u16::try_from(kind.input_count()).unwrap_or(u16::MAX - 1);
            (GATE_WIDTH, (pins + 1).max(2))
        }
    }
}

/// Gives every node without a position one, to the right of any placed node. Nodes that
/// already have a position keep it.
///
/// Columns are logic levels (Kahn's levelization of the whole netlist: 0 for
/// sources and for nodes reached only through feedback, otherwise one more than the deepest
/// driver reached without going around a cycle). Within a column, nodes are ordered by the
/// barycenter heuristic (Sugiyama, Tagawa and Toda, "Methods for visual understanding of
/// hierarchical system structures", 1981): each node sits at the mean rank of its drivers in
/// earlier columns, which removes most wire crossings in one left-to-right sweep.
pub fn place_unplaced(circuit: &mut Circuit) {
    if circuit.nodes().all(|(_, n)| n.pos.is_some()) {
        return;
    }
    let net = Netlist::compile(circuit);
    place_unplaced_in(circuit, &net);
}

/// [`place_unplaced`] with the levels read from `net`, the netlist compiled from `circuit`
/// (positions are not part of a netlist, so placing changes nothing in it): a caller that
/// compiles the netlist anyway — to simulate the circuit it opens — compiles it once.
pub fn place_unplaced_in(circuit: &mut Circuit, net: &Netlist) {
    let unplaced: Vec<NodeId> = circuit
        .nodes()
        .filter(|(_, n)| n.pos.is_none())
        .map(|(id, _)| id)
        .collect();
    if unplaced.is_empty() {
        return;
    }
    let level = graph::levelize(net, |_, _| true).level;
    let x0 = circuit
        .nodes()
        .filter_map(|(_, n)| n.pos.map(|p| p.x + i32::from(footprint(n.kind).0) + COLUMN))
        .max()
        .unwrap_or(0);
    let mut columns: BTreeMap<u32, Vec<NodeId>> = BTreeMap::new();
    for id in unplaced {
        let column = net.index_of(id).map_or(0, |i| level[i as usize]);
        columns.entry(column).or_default().push(id);
    }
    // Rank of every placed-by-us node within its column, filled column by column.
    let mut rank: HashMap<NodeId, f32> = HashMap::new();
    for (column, mut ids) in columns {
        if column > 0 {
            let barycenter = |id: NodeId| {
                let ranks: Vec<f32> = circuit
                    .drivers(id)
                    .into_iter()
                    .flatten()
                    .filter_map(|d| rank.get(&d).copied())
                    .collect();
                if ranks.is_empty() {
                    f32::MAX
                } else {
                    ranks.iter().sum::<f32>() / ranks.len() as f32
                }
            };
            let keys: HashMap<NodeId, f32> = ids.iter().map(|&id| (id, barycenter(id))).collect();
            // Stable: ties keep node order.
            ids.sort_by(|a, b| keys[a].total_cmp(&keys[b]));
        }
        let x = x0
            + i32::try_from(column)
                .unwrap_or(i32::MAX / COLUMN)
                .saturating_mul(COLUMN);
        let mut y = 0;
        for (r, id) in ids.into_iter().enumerate() {
            rank.insert(id, r as f32);
            circuit.set_pos(id, Some(Pos { x, y }));
            y += i32::from(footprint(circuit[id].kind).1) + GAP;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desc::{CircuitDesc, Node, WireDesc};
    use crate::{bench, generate};

    #[test]
    fn unplaced_nodes_go_in_columns_by_level() {
        let desc = CircuitDesc {
            nodes: vec![
                Node::new("A", NodeKind::Switch),
                Node::new("N", NodeKind::Not),
                Node::new("Y", NodeKind::Lamp),
            ],
            wires: vec![WireDesc::new("A", "N", 0), WireDesc::new("N", "Y", 0)],
        };
        let mut c = Circuit::from_desc(&desc).expect("valid");
        place_unplaced(&mut c);
        let x = |l: &str| c[c.find(l).expect("node")].pos.expect("placed").x;
        assert!(x("A") < x("N") && x("N") < x("Y"));
    }

    #[test]
    fn rows_follow_their_drivers() {
        // B's consumer is listed first, but sits below A's consumer, next to its driver.
        let desc = CircuitDesc {
            nodes: vec![
                Node::new("A", NodeKind::Switch),
                Node::new("B", NodeKind::Switch),
                Node::new("NB", NodeKind::Not),
                Node::new("NA", NodeKind::Not),
            ],
            wires: vec![WireDesc::new("A", "NA", 0), WireDesc::new("B", "NB", 0)],
        };
        let mut c = Circuit::from_desc(&desc).expect("valid");
        place_unplaced(&mut c);
        let y = |l: &str| c[c.find(l).expect("node")].pos.expect("placed").y;
        assert!(y("A") < y("B"));
        assert!(y("NA") < y("NB"), "no crossing");
    }

    /// Every node's `(label, x, y)` after placing the unplaced ones of `circuit`.
    fn placed(mut circuit: Circuit) -> Vec<(String, i32, i32)> {
        place_unplaced(&mut circuit);
        circuit
            .nodes()
            .map(|(_, n)| {
                let p = n.pos.expect("placed");
                (n.label.clone(), p.x, p.y)
            })
            .collect()
    }

    /// FNV-1a over the positions, in node order.
    fn fingerprint(placed: &[(String, i32, i32)]) -> u64 {
        placed
            .iter()
            .flat_map(|(_, x, y)| [*x, *y])
            .fold(0xcbf2_9ce4_8422_2325, |h, v| {
                (h ^ u64::from(v.cast_unsigned())).wrapping_mul(0x0100_0000_01b3)
            })
    }

    const C17: &str = "INPUT(N1)\nINPUT(N2)\nINPUT(N3)\nINPUT(N6)\nINPUT(N7)\nOUTPUT(N22)\n\
        OUTPUT(N23)\nN10 = NAND(N1, N3)\nN11 = NAND(N3, N6)\nN16 = NAND(N2, N11)\n\
        N19 = NAND(N11, N7)\nN22 = NAND(N10, N16)\nN23 = NAND(N16, N19)\n";

    /// Positions as the layout gives them (two free cells between the nodes of a column since
    /// issue 23, so that wires pass between them): c17, c17 partly placed, a random DAG, and
    /// loops through gates and a flip-flop.
    #[test]
    fn golden_positions() {
        let c17 = bench::from_str(C17).expect("valid");
        let got = placed(c17.clone());
        let text: Vec<String> = got.iter().map(|(l, x, y)| format!("{l}@{x},{y}")).collect();
        assert_eq!(
            text.join(" "),
            "N1@0,0 N2@0,4 N3@0,8 N6@0,12 N7@0,16 N10@12,0 N11@12,5 N16@24,0 N19@24,5 N22@36,0 N23@36,5 OUTPUT(N22)@48,0 OUTPUT(N23)@48,4"
        );
        // Some nodes already placed: the rest go to their right.
        let mut partly = c17;
        let ids: Vec<NodeId> = partly.nodes().map(|(id, _)| id).take(3).collect();
        for (x, id) in [0, 5, 10].into_iter().zip(ids) {
            partly.set_pos(id, Some(Pos { x, y: 40 }));
        }
        assert_eq!(fingerprint(&placed(partly)), 11_716_764_758_408_926_461);
        // A random DAG, and loops through gates and through a flip-flop.
        let mut dag = generate::random_dag(generate::DagShape::new(8, 400), 3);
        let ids: Vec<NodeId> = dag.nodes().map(|(id, _)| id).collect();
        for id in ids {
            dag.set_pos(id, None);
        }
        assert_eq!(fingerprint(&placed(dag)), 195_330_538_021_583_544);
        let loops = bench::from_str(
            "INPUT(a)\nOUTPUT(y)\nOUTPUT(q)\nx = NAND(a, y)\ny = NOT(x)\n\
             z = BUF(y)\nw = AND(z, a)\nq = DFF(d)\nd = XOR(q, a)\ne = OR(d, w)\nOUTPUT(e)\n",
        )
        .expect("valid");
        assert_eq!(fingerprint(&placed(loops)), 3_458_091_323_703_954_845);
    }

    /// Automatic layout never overlaps nodes, nor lets two touch (no wire could pass
    /// between them): every pair of boxes (footprints at their positions) is apart, on c17
    /// and on random DAGs of 400 gates, with and without feedback loops.
    #[test]
    fn placed_boxes_neither_overlap_nor_touch() {
        let apart = |circuit: &Circuit, what: &str| {
            let boxes: Vec<(i32, i32, i32, i32, &str)> = circuit
                .nodes()
                .map(|(_, n)| {
                    let p = n.pos.expect("placed");
                    let (w, h) = footprint(n.kind);
                    (
                        p.x,
                        p.y,
                        p.x + i32::from(w),
                        p.y + i32::from(h),
                        n.label.as_str(),
                    )
                })
                .collect();
            for (i, a) in boxes.iter().enumerate() {
                for b in &boxes[i + 1..] {
                    let touch = a.0 <= b.2 && b.0 <= a.2 && a.1 <= b.3 && b.1 <= a.3;
                    assert!(!touch, "{what}: {} at {a:?} and {} at {b:?}", a.4, b.4);
                }
            }
        };
        let mut c17 = bench::from_str(C17).expect("valid");
        place_unplaced(&mut c17);
        apart(&c17, "c17");
        for seed in 0..8 {
            let mut dag = generate::random_dag(generate::DagShape::new(8, 400), seed);
            let ids: Vec<NodeId> = dag.nodes().map(|(id, _)| id).collect();
            for id in ids {
                dag.set_pos(id, None);
            }
            place_unplaced(&mut dag);
            apart(&dag, &format!("random DAG, seed {seed}"));
        }
    }
}
