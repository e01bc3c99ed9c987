//! The Euler trails of a figure, up to a limit: a depth-first search that only takes an edge
//! after which the rest can still be finished ([`super::fleury`]'s exact rule), so every
//! branch it enters ends in a trail and none is explored in vain.
//!
//! # Complexity
//! O(T · E · (V + E)) for the T trails listed: each step checks the rule in O(V + E).

use petgraph::visit::{EdgeIndexable, IntoEdgeReferences, NodeIndexable};

use super::Adjacency;
use super::existence::{Shape, starts};
use super::fleury::can_finish;
use super::hierholzer::{Trail, to_trail};

/// Up to `limit` Euler trails of `g`, from its legal starts in index order, each listed once
/// (as an edge sequence), in depth-first order. Empty when no single stroke draws `g`.
/// Holds them all: for many, [`each_trail`] hands them over one at a time.
pub fn trails<G>(g: G, limit: usize) -> Vec<Trail<G::NodeId, G::EdgeId>>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let mut out = Vec::new();
    each_trail(g, None, limit, &mut |t| {
        out.push(t);
        true
    });
    out
}

/// [`trails`] one at a time: `visit` gets each trail as soon as it is found (from `start`
/// only, when given) and answers whether to go on; at most `limit` are visited. Memory stays
/// O(V + E) however many trails there are. Returns how many were visited.
pub fn each_trail<G>(
    g: G,
    start: Option<G::NodeId>,
    limit: usize,
    visit: &mut dyn FnMut(Trail<G::NodeId, G::EdgeId>) -> bool,
) -> usize
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let adj = Adjacency::of(g);
    let shape = Shape::of(&adj);
    let mut visited = 0;
    if adj.edges == 0 || limit == 0 {
        return visited;
    }
    let only = start.map(|s| NodeIndexable::to_index(&g, s));
    let mut used = vec![false; adj.edge_bound];
    for s in starts(&adj, &shape) {
        if only.is_some_and(|o| o != s) {
            continue;
        }
        // The stack holds, per step, the vertex reached and the next incidence to try there.
        let mut vertices = vec![s];
        let mut edges: Vec<usize> = Vec::new();
        let mut next = vec![adj.start[s]];
        while let Some(p) = next.last_mut() {
            let here = *vertices.last().expect("as deep as next");
            if edges.len() == adj.edges {
                visited += 1;
                if !visit(to_trail(g, &vertices, &edges)) || visited >= limit {
                    return visited;
                }
            }
            let end = adj.start[here + 1];
            let mut stepped = false;
            while *p < end {
                let i = *p;
                *p += 1;
                let (w, e) = (adj.to[i], adj.edge[i]);
                if used[e] {
                    continue;
                }
                used[e] = true;
                if can_finish(&adj, &used, w) {
                    vertices.push(w);
                    edges.push(e);
                    next.push(adj.start[w]);
                    stepped = true;
                    break;
                }
                used[e] = false;
            }
            if !stepped {
                next.pop();
                vertices.pop();
                if let Some(e) = edges.pop() {
                    used[e] = false;
                }
            }
        }
    }
    visited
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::figure::Figure;
    use crate::figure::hierholzer::is_euler_trail;

    #[test]
    fn the_barn_lists_88_distinct_trails_and_the_limit_holds() {
        let barn = Figure::from_edge_list("0-1,0-2,1-2,1-3,1-4,2-3,2-4,3-4").expect("barn");
        let g = barn.graph();
        let all = trails(g, 1000);
        assert_eq!(all.len(), 88);
        assert!(all.iter().all(|t| is_euler_trail(g, t)));
        let distinct: HashSet<_> = all.iter().map(|t| t.edges.clone()).collect();
        assert_eq!(distinct.len(), 88);
        assert_eq!(trails(g, 5).len(), 5);
        let k = Figure::from_edge_list("A-B,A-B,A-C,A-C,A-D,B-D,C-D").expect("Königsberg");
        assert!(trails(k.graph(), 10).is_empty());
    }

    #[test]
    fn each_trail_streams_from_one_start_and_stops_when_told() {
        let barn = Figure::from_edge_list("0-1,0-2,1-2,1-3,1-4,2-3,2-4,3-4").expect("barn");
        let g = barn.graph();
        let from3 = barn.find("3").expect("vertex");
        let mut seen = Vec::new();
        let n = each_trail(g, Some(from3), usize::MAX, &mut |t| {
            assert!(is_euler_trail(g, &t));
            seen.push(t.vertices[0]);
            true
        });
        assert_eq!(n, 44);
        assert!(seen.iter().all(|&v| v == from3));
        // The visitor stops it; so does the limit.
        assert_eq!(each_trail(g, None, usize::MAX, &mut |_| false), 1);
        assert_eq!(each_trail(g, None, 7, &mut |_| true), 7);
        // A start no trail has: none.
        let corner0 = barn.find("0").expect("vertex");
        assert_eq!(each_trail(g, Some(corner0), 10, &mut |_| true), 0);
    }
}
