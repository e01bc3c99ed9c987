//! Positions for nodes that have none (a file written without `pos`): columns by logic level
//! (longest path from a source, feedback edges ignored), rows ordered to reduce crossings.

use std::collections::{BTreeMap, HashMap};

use sim_core::{Circuit, NodeId, Pos, Role};

use crate::geometry;

/// Columns are this many cells apart.
const COLUMN: i32 = 8;
/// Rows leave this many cells between nodes.
const GAP: i32 = 1;

/// Gives every node without a position one, to the right of any placed node. Nodes that
/// already have a position keep it.
///
/// Columns are logic levels. Within a column, nodes are ordered by the barycenter heuristic
/// (Sugiyama, Tagawa and Toda, "Methods for visual understanding of hierarchical system
/// structures", 1981): each node sits at the mean rank of its drivers in earlier columns, which
/// removes most wire crossings in one left-to-right sweep.
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
    let mut columns: BTreeMap<usize, Vec<NodeId>> = BTreeMap::new();
    for id in unplaced {
        columns
            .entry(level.get(&id).copied().unwrap_or(0))
            .or_default()
            .push(id);
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
            y += geometry::size(circuit[id].kind).y.ceil() as i32 + GAP;
        }
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

    /// Positions as the layout gave them before it moved into sim-core (issue 21): c17, c17
    /// partly placed, a random DAG, and loops through gates and a flip-flop.
    #[test]
    fn golden_positions() {
        let c17 = sim_core::bench::from_str(C17).expect("valid");
        let got = placed(c17.clone());
        let text: Vec<String> = got.iter().map(|(l, x, y)| format!("{l}@{x},{y}")).collect();
        assert_eq!(
            text.join(" "),
            "N1@0,0 N2@0,3 N3@0,6 N6@0,9 N7@0,12 N10@8,0 N11@8,4 N16@16,0 N19@16,4 N22@24,0 N23@24,4 OUTPUT(N22)@32,0 OUTPUT(N23)@32,3"
        );
        // Some nodes already placed: the rest go to their right.
        let mut partly = c17;
        let ids: Vec<NodeId> = partly.nodes().map(|(id, _)| id).take(3).collect();
        for (k, id) in ids.into_iter().enumerate() {
            partly.set_pos(
                id,
                Some(Pos {
                    x: 5 * k as i32,
                    y: 40,
                }),
            );
        }
        assert_eq!(fingerprint(&placed(partly)), 15_673_312_880_344_464_606);
        // A random DAG, and loops through gates and through a flip-flop.
        let mut dag = sim_core::generate::random_dag(sim_core::generate::DagShape::new(8, 400), 3);
        let ids: Vec<NodeId> = dag.nodes().map(|(id, _)| id).collect();
        for id in ids {
            dag.set_pos(id, None);
        }
        assert_eq!(fingerprint(&placed(dag)), 17_623_937_434_929_742_301);
        let loops = sim_core::bench::from_str(
            "INPUT(a)\nOUTPUT(y)\nOUTPUT(q)\nx = NAND(a, y)\ny = NOT(x)\n\
             z = BUF(y)\nw = AND(z, a)\nq = DFF(d)\nd = XOR(q, a)\ne = OR(d, w)\nOUTPUT(e)\n",
        )
        .expect("valid");
        assert_eq!(fingerprint(&placed(loops)), 9_602_140_622_017_546_065);
    }
}
