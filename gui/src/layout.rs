//! Positions for nodes that have none (a file written without `pos`): columns by logic level
//! (longest path from a source, feedback edges ignored), rows in node order.

use std::collections::HashMap;

use sim_core::{Circuit, NodeId, Pos, Role};

use crate::geometry;

/// Columns are this many cells apart.
const COLUMN: i32 = 8;
/// Rows leave this many cells between nodes.
const GAP: i32 = 1;

/// Gives every node without a position one, to the right of any placed node. Nodes that
/// already have a position keep it.
pub fn place_unplaced(circuit: &mut Circuit) {
    let unplaced: Vec<NodeId> = circuit
        .nodes()
        .filter(|(_, n)| n.pos.is_none())
        .map(|(id, _)| id)
        .collect();
    if unplaced.is_empty() {
        return;
    }
    let level = levels(circuit);
    let x0 = circuit
        .nodes()
        .filter_map(|(_, n)| {
            n.pos
                .map(|p| p.x + geometry::size(n.kind).x.ceil() as i32 + COLUMN)
        })
        .max()
        .unwrap_or(0);
    let mut next_row: HashMap<i32, i32> = HashMap::new();
    for id in unplaced {
        let column =
            i32::try_from(level.get(&id).copied().unwrap_or(0)).unwrap_or(i32::MAX / COLUMN);
        let height = geometry::size(circuit[id].kind).y.ceil() as i32;
        let row = next_row.entry(column).or_insert(0);
        circuit.set_pos(
            id,
            Some(Pos {
                x: x0 + column * COLUMN,
                y: *row,
            }),
        );
        *row += height + GAP;
    }
}

/// The logic level of each node: 0 for sources (and nodes only reachable through feedback),
/// otherwise one more than the deepest driver reached without going around a cycle.
fn levels(circuit: &Circuit) -> HashMap<NodeId, usize> {
    // Kahn's algorithm over the graph; nodes left on cycles get the level of what reached them.
    let mut indegree: HashMap<NodeId, usize> = circuit
        .nodes()
        .map(|(id, _)| (id, circuit.drivers(id).iter().flatten().count()))
        .collect();
    let mut level: HashMap<NodeId, usize> = HashMap::new();
    let mut ready: Vec<NodeId> = circuit
        .nodes()
        .filter(|(id, n)| n.kind.role() == Role::Source || indegree[id] == 0)
        .map(|(id, _)| id)
        .collect();
    let mut seen = 0;
    while let Some(id) = ready.pop() {
        seen += 1;
        let l = *level.entry(id).or_insert(0);
        for (_, w) in circuit.fanout(id) {
            let e = level.entry(w.to).or_insert(0);
            *e = (*e).max(l + 1);
            if let Some(d) = indegree.get_mut(&w.to) {
                *d = d.saturating_sub(1);
                if *d == 0 {
                    ready.push(w.to);
                }
            }
        }
        if seen > circuit.node_count() {
            break;
        }
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::{CircuitDesc, Node, NodeKind, WireDesc};

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
}
