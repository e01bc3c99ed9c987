//! Graph algorithms on a compiled [`Netlist`], written once for every user: Kahn's
//! levelization ([`levelize`]) and the loop finder, Tarjan's strongly connected components
//! ([`loops`]).
//!
//! Nodes are dense indices (`0..net.len()`) and edges are the netlist's fanout: one edge per
//! (driver, driven node) pair, however many pins the driver feeds. Users: the batch engine
//! (topological order, the loop it refuses), the levelized schedule (levels, with a flip-flop's
//! D pin left out), the unit-delay engine (the loop of an oscillation) and the automatic layout
//! (columns by level).

use petgraph::graph::{DiGraph, NodeIndex};

use crate::netlist::Netlist;

/// What Kahn's algorithm found (see [`levelize`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Levels {
    /// The nodes not on or behind a loop, in topological order: every counted edge between two
    /// of them goes from an earlier to a later one. All nodes iff the graph is acyclic.
    pub order: Vec<u32>,
    /// Per dense index, the node's level: 0 for a node with no counted driver, else one more
    /// than the highest level among its drivers in [`order`](Self::order) (for a node in the
    /// order, its longest path from a node of level 0; for one on or behind a loop, the drivers
    /// that were reached). Empty from [`topological_order`].
    pub level: Vec<u32>,
    /// Number of nodes.
    nodes: usize,
}

impl Levels {
    /// Whether every node was ordered: the counted graph has no cycle.
    pub fn is_complete(&self) -> bool {
        self.order.len() == self.nodes
    }
}

/// Kahn's algorithm over the edges `from → to` of `net` for which `counts(from, to)` holds,
/// with every node's level. Ready nodes are taken last-in first-out, starting from the highest
/// dense index of level 0 (the order the batch engine's instruction stream and its storage
/// reuse were measured with). Time and memory are linear in nodes + edges.
pub(crate) fn levelize(net: &Netlist, counts: impl Fn(u32, u32) -> bool) -> Levels {
    kahn::<true>(net, counts)
}

/// [`levelize`] over every edge without the levels ([`Levels::level`] is empty): the batch
/// engine's topological order, with no allocation beyond what the order needs.
pub(crate) fn topological_order(net: &Netlist) -> Levels {
    kahn::<false>(net, |_, _| true)
}

/// Kahn's algorithm; the levels only with `LEVELS`.
fn kahn<const LEVELS: bool>(net: &Netlist, counts: impl Fn(u32, u32) -> bool) -> Levels {
    let n = net.len();
    let mut indegree = vec![0u32; n];
    for from in 0..n as u32 {
        for &to in &net.fanout[net.fanout_range(from)] {
            if counts(from, to) {
                indegree[to as usize] += 1;
            }
        }
    }
    let mut level = if LEVELS { vec![0u32; n] } else { Vec::new() };
    let mut ready: Vec<u32> = (0..n as u32)
        .filter(|&i| indegree[i as usize] == 0)
        .collect();
    let mut order = Vec::with_capacity(n);
    while let Some(from) = ready.pop() {
        order.push(from);
        let above = if LEVELS { level[from as usize] + 1 } else { 0 };
        for &to in &net.fanout[net.fanout_range(from)] {
            if counts(from, to) {
                let t = to as usize;
                if LEVELS {
                    level[t] = level[t].max(above);
                }
                indegree[t] -= 1;
                if indegree[t] == 0 {
                    ready.push(to);
                }
            }
        }
    }
    Levels {
        order,
        level,
        nodes: n,
    }
}

/// The loops among `within` (sorted dense indices): the strongly connected components of the
/// subgraph they induce that hold a cycle (more than one node, or a node driving itself), as
/// dense indices, in the order Tarjan's algorithm completes them (petgraph's
/// [`tarjan_scc`](petgraph::algo::tarjan_scc)). Time and memory are linear in the subgraph.
pub(crate) fn loops(net: &Netlist, within: &[u32]) -> Vec<Vec<u32>> {
    let local = |i: u32| within.binary_search(&i).ok();
    let mut graph = DiGraph::<(), ()>::with_capacity(within.len(), 0);
    for _ in within {
        graph.add_node(());
    }
    let mut self_loop = vec![false; within.len()];
    for (from, &i) in within.iter().enumerate() {
        for &t in &net.fanout[net.fanout_range(i)] {
            if let Some(to) = local(t) {
                self_loop[from] |= from == to;
                graph.add_edge(NodeIndex::new(from), NodeIndex::new(to), ());
            }
        }
    }
    petgraph::algo::tarjan_scc(&graph)
        .into_iter()
        .filter(|scc| scc.len() > 1 || self_loop[scc[0].index()])
        .map(|scc| scc.into_iter().map(|x| within[x.index()]).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench;
    use crate::kind::NodeKind;

    fn net(text: &str) -> Netlist {
        Netlist::compile(&bench::from_str(text).expect("valid"))
    }

    #[test]
    fn levels_are_longest_paths_and_the_order_is_topological() {
        // a → x → y, a → y, b → y: y sits above x, though b drives it directly.
        let net = net("INPUT(a)\nINPUT(b)\nOUTPUT(y)\nx = NOT(a)\ny = AND(a, x, b)\n");
        let levels = levelize(&net, |_, _| true);
        assert!(levels.is_complete());
        let mut position = vec![0; net.len()];
        for (k, &i) in levels.order.iter().enumerate() {
            position[i as usize] = k;
        }
        for from in 0..net.len() as u32 {
            for &to in &net.fanout[net.fanout_range(from)] {
                assert!(position[from as usize] < position[to as usize]);
                assert!(levels.level[from as usize] < levels.level[to as usize]);
            }
        }
        assert_eq!(levels.level.iter().max(), Some(&3), "a, x, y, OUTPUT(y)");
    }

    #[test]
    fn a_loop_stops_the_order_and_is_found() {
        let net = net("INPUT(a)\nOUTPUT(y)\nx = NAND(a, y)\ny = NOT(x)\nz = BUF(y)\n");
        let levels = levelize(&net, |_, _| true);
        assert!(!levels.is_complete());
        let stuck: Vec<u32> = (0..net.len() as u32)
            .filter(|i| !levels.order.contains(i))
            .collect();
        let found = loops(&net, &stuck);
        assert_eq!(found.len(), 1);
        let kinds: Vec<NodeKind> = found[0].iter().map(|&i| net.kinds[i as usize]).collect();
        assert_eq!(kinds.len(), 2, "x and y, not z nor the output behind them");
        assert!(kinds.contains(&NodeKind::Nand(2)) && kinds.contains(&NodeKind::Not));
        // Leaving out the edges into the loop's NOT breaks it.
        let not = (0..net.len() as u32)
            .find(|&i| net.kinds[i as usize] == NodeKind::Not)
            .expect("a NOT");
        assert!(levelize(&net, |_, to| to != not).is_complete());
        let order = topological_order(&net);
        assert!(order.level.is_empty());
        assert_eq!(
            order.order, levels.order,
            "the same order without the levels"
        );
    }

    #[test]
    fn a_node_driving_itself_is_a_loop_and_a_chain_is_not() {
        let net = net("OUTPUT(x)\nx = AND(x, x)\n");
        let all: Vec<u32> = (0..net.len() as u32).collect();
        assert_eq!(loops(&net, &all).len(), 1);
        let net = self::net("INPUT(a)\nOUTPUT(y)\ny = NOT(a)\n");
        let all: Vec<u32> = (0..net.len() as u32).collect();
        assert!(loops(&net, &all).is_empty());
    }
}
