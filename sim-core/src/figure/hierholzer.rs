//! One Euler trail or circuit by Hierholzer's algorithm (C. Hierholzer, "Über die
//! Möglichkeit, einen Linienzug ohne Wiederholung und ohne Unterbrechung zu umfahren",
//! Mathematische Annalen 6, 1873), iteratively: walk unused edges from the start until stuck,
//! then back up along the walk, splicing in the sub-circuits of the vertices that still have
//! unused edges. The finished vertices, popped from the walk's stack, are the trail in reverse.
//!
//! # Complexity
//! O(V + E) time and memory: every edge is taken once and every incidence looked at once
//! (a pointer per vertex skips the incidences already used).

use petgraph::visit::{EdgeIndexable, IntoEdgeReferences, NodeIndexable};

use super::existence::{Shape, starts};
use super::{Adjacency, EulerError};

/// A drawing: the vertices in order (one more than the edges) and the edges taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trail<N, E> {
    /// `edges.len() + 1` vertices (just the start for a figure without edges).
    pub vertices: Vec<N>,
    /// Every edge once, in drawing order.
    pub edges: Vec<E>,
}

impl<N, E> Trail<N, E> {
    /// No drawing (a graph without edges).
    pub fn empty() -> Trail<N, E> {
        Trail {
            vertices: Vec::new(),
            edges: Vec::new(),
        }
    }
}

/// A drawing of `g` from the vertex and edge indices the algorithms walk.
pub(crate) fn to_trail<G>(g: G, vertices: &[usize], edges: &[usize]) -> Trail<G::NodeId, G::EdgeId>
where
    G: NodeIndexable + EdgeIndexable,
{
    Trail {
        vertices: vertices
            .iter()
            .map(|&v| NodeIndexable::from_index(&g, v))
            .collect(),
        edges: edges
            .iter()
            .map(|&e| EdgeIndexable::from_index(&g, e))
            .collect(),
    }
}

const NONE: usize = usize::MAX;

/// Hierholzer's walk on `adj` from `start` over the edges not yet `used` (marked as it goes):
/// the trail's vertex and edge indices, in drawing order. Finds a trail through every
/// unused edge of `start`'s component when one exists from `start`.
pub(crate) fn walk(adj: &Adjacency, start: usize, used: &mut [bool]) -> (Vec<usize>, Vec<usize>) {
    let mut next = adj.start[..adj.vertices()].to_vec();
    let mut stack = vec![(start, NONE)];
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    while let Some(&(v, arrived_by)) = stack.last() {
        let end = adj.start[v + 1];
        let mut p = next[v];
        while p < end && used[adj.edge[p]] {
            p += 1;
        }
        if p == end {
            next[v] = p;
            stack.pop();
            vertices.push(v);
            if arrived_by != NONE {
                edges.push(arrived_by);
            }
        } else {
            next[v] = p + 1;
            used[adj.edge[p]] = true;
            stack.push((adj.to[p], adj.edge[p]));
        }
    }
    vertices.reverse();
    edges.reverse();
    (vertices, edges)
}

/// The allowed starts as text, for errors.
pub(crate) fn allowed_text(allowed: &[usize]) -> String {
    match allowed {
        [a, b] => format!("{a} or {b}"),
        _ => "any vertex with edges".into(),
    }
}

/// Checks that `g` has an Euler trail and `start` (or, if `None`, the first legal start: the
/// lower-indexed odd vertex of a trail, the first vertex with edges of a circuit) may begin
/// it; returns the adjacency and the start's index.
pub(crate) fn prepare<G>(g: G, start: Option<G::NodeId>) -> Result<(Adjacency, usize), EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let adj = Adjacency::of(g);
    let shape = Shape::of(&adj);
    if shape.odd_per_component.len() > 1 {
        return Err(EulerError::NoTrail(format!(
            "the edges form {} separate pieces",
            shape.odd_per_component.len()
        )));
    }
    if shape.odd.len() > 2 {
        return Err(EulerError::NoTrail(format!(
            "{} vertices have odd degree (a trail has at most 2)",
            shape.odd.len()
        )));
    }
    let allowed = starts(&adj, &shape);
    let s = match start {
        Some(v) => {
            let s = NodeIndexable::to_index(&g, v);
            if adj.edges > 0 && !allowed.contains(&s) {
                return Err(EulerError::BadStart {
                    vertex: s,
                    allowed: allowed_text(&allowed),
                });
            }
            s
        }
        None => allowed.first().copied().unwrap_or(0),
    };
    Ok((adj, s))
}

/// An Euler trail of `g` (a circuit if every degree is even) from `start`, or from the first
/// legal start when `None`. A graph without edges gives the start alone (or nothing).
///
/// # Errors
/// [`EulerError::NoTrail`] (more than two odd vertices, or edges in separate pieces),
/// [`EulerError::BadStart`] (a trail's start must be one of its two odd vertices).
pub fn euler_trail<G>(
    g: G,
    start: Option<G::NodeId>,
) -> Result<Trail<G::NodeId, G::EdgeId>, EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let (adj, s) = prepare(g, start)?;
    if adj.vertices() == 0 {
        return Ok(Trail::empty());
    }
    let mut used = vec![false; adj.edge_bound];
    let (vertices, edges) = walk(&adj, s, &mut used);
    Ok(to_trail(g, &vertices, &edges))
}

/// Whether `trail` draws every edge of `g` exactly once, each step along its edge.
pub fn is_euler_trail<G>(g: G, trail: &Trail<G::NodeId, G::EdgeId>) -> bool
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    use petgraph::visit::EdgeRef;
    let mut ends = vec![None; g.edge_bound()];
    let mut live = 0;
    for e in g.edge_references() {
        ends[EdgeIndexable::to_index(&g, e.id())] = Some((
            NodeIndexable::to_index(&g, e.source()),
            NodeIndexable::to_index(&g, e.target()),
        ));
        live += 1;
    }
    if trail.edges.len() != live || trail.vertices.len() != live + 1 && live > 0 {
        return false;
    }
    let mut seen = vec![false; ends.len()];
    trail.edges.iter().enumerate().all(|(i, &e)| {
        let e = EdgeIndexable::to_index(&g, e);
        let (a, b) = (
            NodeIndexable::to_index(&g, trail.vertices[i]),
            NodeIndexable::to_index(&g, trail.vertices[i + 1]),
        );
        let fits = ends[e].is_some_and(|(x, y)| (x, y) == (a, b) || (y, x) == (a, b));
        fits && !std::mem::replace(&mut seen[e], true)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::Figure;

    #[test]
    fn trails_and_circuits_from_legal_starts() {
        let barn = Figure::from_edge_list("0-1,0-2,1-2,1-3,1-4,2-3,2-4,3-4").expect("barn");
        let g = barn.graph();
        for label in ["3", "4"] {
            let start = barn.find(label).expect("corner");
            let t = euler_trail(g, Some(start)).expect("a trail");
            assert!(is_euler_trail(g, &t));
            assert_eq!(t.vertices[0], start);
        }
        let roof = barn.find("0").expect("apex");
        assert!(matches!(
            euler_trail(g, Some(roof)),
            Err(EulerError::BadStart { .. })
        ));
        let square = Figure::from_edge_list("a-b,b-c,c-d,d-a,a-b,b-a").expect("square");
        let t = euler_trail(square.graph(), None).expect("a circuit");
        assert!(is_euler_trail(square.graph(), &t));
        assert_eq!(t.vertices.first(), t.vertices.last());
        // Iterative: a 200,000-edge cycle (a recursive walk would overflow the stack).
        let mut ring = petgraph::graph::UnGraph::<(), ()>::default();
        let nodes: Vec<_> = (0..200_000).map(|_| ring.add_node(())).collect();
        for i in 0..nodes.len() {
            ring.add_edge(nodes[i], nodes[(i + 1) % nodes.len()], ());
        }
        let t = euler_trail(&ring, None).expect("a circuit");
        assert!(is_euler_trail(&ring, &t));
        let k = Figure::from_edge_list("A-B,A-B,A-C,A-C,A-D,B-D,C-D").expect("Königsberg");
        assert!(matches!(
            euler_trail(k.graph(), None),
            Err(EulerError::NoTrail(_))
        ));
    }
}
