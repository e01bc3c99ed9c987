//! Fleury's rule (Fleury, "Deux problèmes de géométrie de situation", Journal de
//! mathématiques élémentaires, 1883) as a hint: while drawing, an edge may be taken when the
//! edges left after it can still be drawn in one stroke from its far end — never burn a
//! bridge unless nothing else is left. Here the rule is checked exactly, by parity and
//! connectivity of what remains.
//!
//! # Complexity
//! Checking the rule O(V + E); [`next_edges`] O(d · (V + E)) for the d edges at the pencil.

use petgraph::visit::{EdgeIndexable, IntoEdgeReferences, NodeIndexable};

use super::Adjacency;

/// Whether the edges not `used` (by edge index) can be drawn in one stroke starting at
/// vertex index `at`: none are left, or they are connected, touch `at`, and have no odd
/// vertex or exactly two of which `at` is one.
pub(crate) fn can_finish(adj: &Adjacency, used: &[bool], at: usize) -> bool {
    let unused_degree = |v: usize| adj.at(v).filter(|&(_, e)| !used[e]).count();
    let left: usize = (0..adj.vertices()).map(unused_degree).sum::<usize>() / 2;
    if left == 0 {
        return true;
    }
    if unused_degree(at) == 0 {
        return false;
    }
    // The unused edges reachable from `at` must be all of them.
    let mut seen = vec![false; adj.vertices()];
    let mut stack = vec![at];
    seen[at] = true;
    let mut reached = 0usize;
    while let Some(v) = stack.pop() {
        for (w, e) in adj.at(v) {
            if used[e] {
                continue;
            }
            reached += 1;
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    if reached / 2 != left {
        return false;
    }
    let odd: Vec<usize> = (0..adj.vertices())
        .filter(|&v| unused_degree(v) % 2 == 1)
        .collect();
    odd.is_empty() || (odd.len() == 2 && odd.contains(&at))
}

/// The edges that may be drawn next: with the pencil at `at` (or not yet down, `None`: any
/// edge from a legal start), every edge not in `used` after which the rest can still be
/// finished in one stroke. Empty when the drawing cannot be finished.
pub fn next_edges<G>(g: G, used: &[G::EdgeId], at: Option<G::NodeId>) -> Vec<G::EdgeId>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let adj = Adjacency::of(g);
    let mut mask = vec![false; adj.edge_bound];
    for &e in used {
        if let Some(m) = mask.get_mut(EdgeIndexable::to_index(&g, e)) {
            *m = true;
        }
    }
    let from: Vec<usize> = match at {
        Some(v) => vec![NodeIndexable::to_index(&g, v)],
        None => (0..adj.vertices())
            .filter(|&v| can_finish(&adj, &mask, v))
            .collect(),
    };
    let mut out = Vec::new();
    for v in from {
        for (w, e) in adj.at(v) {
            if mask[e] {
                continue;
            }
            mask[e] = true;
            let ok = can_finish(&adj, &mask, w);
            mask[e] = false;
            if ok {
                let id = EdgeIndexable::from_index(&g, e);
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::Figure;

    #[test]
    fn bridges_are_burnt_last() {
        // A bow tie a-b-c-a and c-d-e-c: from c every edge is fine; after c→a, a must go on
        // to b (the only edge), and at c again the other triangle's two edges are fine.
        let bow = Figure::from_edge_list("a-b,b-c,c-a,c-d,d-e,e-c").expect("bow tie");
        let g = bow.graph();
        let v = |l| bow.find(l).expect("vertex");
        let edge = |a, b| {
            g.edge_indices()
                .find(|&e| {
                    let (x, y) = g.edge_endpoints(e).expect("ends");
                    (x, y) == (v(a), v(b)) || (y, x) == (v(a), v(b))
                })
                .expect("edge")
        };
        assert_eq!(next_edges(g, &[], Some(v("c"))).len(), 4);
        // A path a-b-c with a pendant: from b, going to the end c first strands a.
        let p = Figure::from_edge_list("a-b,b-c").expect("path");
        let pg = p.graph();
        let b = p.find("b").expect("b");
        assert!(next_edges(pg, &[], Some(b)).is_empty());
        // Not started: the trail must start at a or c, on the edge there.
        assert_eq!(next_edges(pg, &[], None).len(), 2);
        // After c→a on the bow tie, the only move is a→b.
        let after = next_edges(g, &[edge("c", "a")], Some(v("a")));
        assert_eq!(after, vec![edge("a", "b")]);
    }
}
