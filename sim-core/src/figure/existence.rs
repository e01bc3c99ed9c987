//! Whether a figure can be drawn in one stroke (Euler 1736; Hierholzer 1873): an Euler
//! *circuit* exists iff every vertex has even degree and the edges are connected; an Euler
//! *trail* that is not a circuit iff exactly two vertices have odd degree (its ends) and the
//! edges are connected. Vertices without edges do not matter.
//!
//! # Complexity
//! O(V + E) time and memory.

use petgraph::visit::{EdgeIndexable, IntoEdgeReferences, NodeIndexable};

use super::Adjacency;

/// What a figure allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<N> {
    /// No edges: nothing to draw.
    Empty,
    /// An Euler circuit: one stroke from any vertex with edges, back to it.
    Circuit,
    /// An Euler trail from one odd vertex to the other (in index order).
    Trail {
        /// The two odd vertices.
        ends: [N; 2],
    },
    /// No single stroke: `needed` strokes at least.
    Strokes {
        /// The fewest strokes (per component with edges, max(1, odd vertices / 2)).
        needed: usize,
        /// The odd-degree vertices, in index order.
        odd: Vec<N>,
        /// Connected components that have edges.
        components: usize,
    },
}

/// Degree parity and the components of the edges, by vertex index.
pub(crate) struct Shape {
    /// Odd-degree vertices, in index order.
    pub odd: Vec<usize>,
    /// Per vertex, its component among vertices with edges (`usize::MAX`: no edges).
    pub component: Vec<usize>,
    /// Per component, its odd vertices.
    pub odd_per_component: Vec<usize>,
}

impl Shape {
    pub(crate) fn of(adj: &Adjacency) -> Shape {
        let n = adj.vertices();
        let mut component = vec![usize::MAX; n];
        let mut odd_per_component = Vec::new();
        let mut stack = Vec::new();
        for s in 0..n {
            if adj.degree(s) == 0 || component[s] != usize::MAX {
                continue;
            }
            let c = odd_per_component.len();
            odd_per_component.push(0);
            component[s] = c;
            stack.push(s);
            while let Some(v) = stack.pop() {
                odd_per_component[c] += adj.degree(v) % 2;
                for (w, _) in adj.at(v) {
                    if component[w] == usize::MAX {
                        component[w] = c;
                        stack.push(w);
                    }
                }
            }
        }
        let odd = (0..n).filter(|&v| adj.degree(v) % 2 == 1).collect();
        Shape {
            odd,
            component,
            odd_per_component,
        }
    }

    /// The fewest strokes: per component, max(1, odd / 2).
    pub(crate) fn strokes(&self) -> usize {
        self.odd_per_component.iter().map(|&o| (o / 2).max(1)).sum()
    }
}

/// The verdict on `g` (an undirected graph; parallel edges count separately, a loop adds two
/// to its vertex's degree).
pub fn verdict<G>(g: G) -> Verdict<G::NodeId>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let adj = Adjacency::of(g);
    let shape = Shape::of(&adj);
    let components = shape.odd_per_component.len();
    match (components, shape.odd.as_slice()) {
        (0, _) => Verdict::Empty,
        (1, []) => Verdict::Circuit,
        (1, &[a, b]) => Verdict::Trail {
            ends: [
                NodeIndexable::from_index(&g, a),
                NodeIndexable::from_index(&g, b),
            ],
        },
        _ => Verdict::Strokes {
            needed: shape.strokes(),
            odd: shape
                .odd
                .iter()
                .map(|&v| NodeIndexable::from_index(&g, v))
                .collect(),
            components,
        },
    }
}

/// The vertex indices a single-stroke drawing may start from: both ends of a trail, every
/// vertex with edges for a circuit, none otherwise.
pub(crate) fn starts(adj: &Adjacency, shape: &Shape) -> Vec<usize> {
    match (shape.odd_per_component.len(), shape.odd.len()) {
        (1, 0) => (0..adj.vertices()).filter(|&v| adj.degree(v) > 0).collect(),
        (1, 2) => shape.odd.clone(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::Figure;

    fn verdict_of(edges: &str) -> Verdict<String> {
        let f = Figure::from_edge_list(edges).expect("a figure");
        match verdict(f.graph()) {
            Verdict::Empty => Verdict::Empty,
            Verdict::Circuit => Verdict::Circuit,
            Verdict::Trail { ends } => Verdict::Trail {
                ends: ends.map(|v| f.label(v).to_owned()),
            },
            Verdict::Strokes {
                needed,
                odd,
                components,
            } => Verdict::Strokes {
                needed,
                odd: odd.iter().map(|&v| f.label(v).to_owned()).collect(),
                components,
            },
        }
    }

    #[test]
    fn parity_and_connectivity_decide() {
        assert_eq!(verdict_of("a-b,b-c,c-a"), Verdict::Circuit);
        assert_eq!(
            verdict_of("a-b,b-c"),
            Verdict::Trail {
                ends: ["a".into(), "c".into()]
            }
        );
        // Parallel edges: a doubled edge is a circuit.
        assert_eq!(verdict_of("a-b,a-b"), Verdict::Circuit);
        // Königsberg: four odd vertices.
        assert!(matches!(
            verdict_of("A-B,A-B,A-C,A-C,A-D,B-D,C-D"),
            Verdict::Strokes {
                needed: 2,
                components: 1,
                ..
            }
        ));
        // Two triangles: every degree even, but two components.
        assert!(matches!(
            verdict_of("a-b,b-c,c-a,d-e,e-f,f-d"),
            Verdict::Strokes {
                needed: 2,
                components: 2,
                ..
            }
        ));
        let empty = Figure::default();
        assert_eq!(verdict(empty.graph()), Verdict::Empty);
    }
}
