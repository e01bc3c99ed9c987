//! Figures for the puzzle "draw this without lifting your pencil" (the seed
//! `../shared/seeds/003_6f56ace0164c6b4b.txt`): undirected multigraphs on the same petgraph
//! layer as the circuits, and the Euler-trail algorithms that solve them, one file each.
//!
//! A [`Figure`] is validated once, like a [`Circuit`](crate::Circuit): labels unique and
//! non-empty, edges between existing vertices, parallel edges allowed, self-loops refused
//! (a loop cannot be drawn as a stroke between two points on the canvas). The algorithms are
//! generic over petgraph's traits and run on any undirected petgraph graph as well:
//!
//! - [`existence`]: Euler circuit, Euler trail (and its two ends) or neither, from degree
//!   parity and the connectivity of the edges;
//! - [`hierholzer`]: one trail or circuit in O(E), from a chosen start where one is legal;
//! - [`random`]: a seeded random drawing (every valid drawing possible);
//! - [`count`]: the exact number of trails, from a start and in total (up to 64 edges);
//! - [`list`]: the trails, up to a limit;
//! - [`strokes`]: the fewest strokes that draw a figure, and a drawing with that many;
//! - [`fleury`]: which next edges still let a drawing in progress finish (Fleury's rule).
//!
//! Every algorithm is iterative: a figure of a million edges cannot overflow the stack.
//!
//! ```
//! use sim_core::figure::{Figure, existence::{self, Verdict}, hierholzer, count};
//!
//! // The seed's barn ("the house of Santa Claus"): two odd corners, 3 and 4.
//! let barn = Figure::from_edge_list("0-1,0-2,1-2,1-3,1-4,2-3,2-4,3-4")?;
//! let g = barn.graph();
//! let corner = |l| barn.find(l).expect("a vertex");
//! assert_eq!(existence::verdict(g), Verdict::Trail { ends: [corner("3"), corner("4")] });
//! let trail = hierholzer::euler_trail(g, Some(corner("3")))?;
//! assert_eq!(trail.edges.len(), 8);
//! assert_eq!(count::trails_from(g, corner("3"))?, 44);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod count;
pub mod existence;
pub mod fleury;
pub mod format;
pub mod hierholzer;
pub mod list;
pub mod random;
pub mod strokes;

use std::collections::HashMap;

use petgraph::stable_graph::{EdgeIndex, NodeIndex, StableUnGraph};
use petgraph::visit::{EdgeIndexable, EdgeRef, IntoEdgeReferences, NodeIndexable};
use serde::{Deserialize, Serialize};

use crate::desc::Pos;

/// A vertex of a [`Figure`].
pub type VertexId = NodeIndex;

/// An edge of a [`Figure`].
pub type EdgeId = EdgeIndex;

/// A point of a figure: a label and a place on the canvas (grid cells, as circuits').
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vertex {
    /// Unique, non-empty, no whitespace, `-` or `,` (so edge lists stay readable).
    pub label: String,
    /// Where it is drawn.
    pub pos: Pos,
}

/// An unchecked figure, vertices and edges by label (what files and edge lists describe).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureDesc {
    /// The vertices; a vertex without `pos` is placed on a circle.
    pub vertices: Vec<VertexDesc>,
    /// The edges, each a pair of labels; a pair may repeat (parallel edges).
    pub edges: Vec<(String, String)>,
}

/// A vertex as a file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VertexDesc {
    /// The label.
    pub label: String,
    /// The place, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pos: Option<Pos>,
}

/// Why a description is not a figure, naming the offending item.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FigureError {
    /// A label is empty or holds whitespace, `-` or `,`.
    #[error("vertex label `{0}` is not allowed (non-empty, no spaces, `-` or `,`)")]
    BadLabel(String),
    /// Two vertices share a label.
    #[error("vertex `{0}` is defined twice")]
    DuplicateVertex(String),
    /// An edge names a vertex that does not exist.
    #[error("edge {index} (`{a}-{b}`) names the unknown vertex `{missing}`")]
    UnknownVertex {
        /// The edge's 0-based place in the list.
        index: usize,
        /// Its first end.
        a: String,
        /// Its second end.
        b: String,
        /// The missing label.
        missing: String,
    },
    /// An edge from a vertex to itself.
    #[error("edge {index} is a loop at `{vertex}`: loops are not supported")]
    SelfLoop {
        /// The edge's 0-based place in the list.
        index: usize,
        /// The vertex.
        vertex: String,
    },
    /// An edge list item is not `A-B`.
    #[error("edge list item {index} (`{item}`) is not of the form A-B")]
    BadEdgeItem {
        /// The item's 0-based place in the list.
        index: usize,
        /// The item.
        item: String,
    },
}

/// A checked figure: an undirected multigraph on a petgraph [`StableUnGraph`] (ids stay
/// valid when others are removed, as the editor needs).
#[derive(Clone, Debug, Default)]
pub struct Figure {
    graph: StableUnGraph<Vertex, ()>,
    labels: HashMap<String, VertexId>,
}

fn valid_label(label: &str) -> bool {
    !label.is_empty()
        && !label
            .chars()
            .any(|c| c.is_whitespace() || c == '-' || c == ',')
}

impl Figure {
    /// Checks a description.
    ///
    /// # Errors
    /// [`FigureError`] naming the first bad vertex or edge.
    pub fn from_desc(desc: &FigureDesc) -> Result<Figure, FigureError> {
        let mut figure = Figure::default();
        let n = desc.vertices.len().max(1);
        for (i, v) in desc.vertices.iter().enumerate() {
            // Unplaced vertices go on a circle of radius 6 cells around (8, 8).
            let angle = std::f64::consts::TAU * i as f64 / n as f64;
            let pos = v.pos.unwrap_or(Pos {
                x: 8 + (6.0 * angle.sin()).round() as i32,
                y: 8 - (6.0 * angle.cos()).round() as i32,
            });
            figure.add_vertex(&v.label, pos)?;
        }
        for (index, (a, b)) in desc.edges.iter().enumerate() {
            let find = |label: &str| {
                figure
                    .find(label)
                    .ok_or_else(|| FigureError::UnknownVertex {
                        index,
                        a: a.clone(),
                        b: b.clone(),
                        missing: label.to_owned(),
                    })
            };
            let (va, vb) = (find(a)?, find(b)?);
            if va == vb {
                return Err(FigureError::SelfLoop {
                    index,
                    vertex: a.clone(),
                });
            }
            figure.graph.add_edge(va, vb, ());
        }
        Ok(figure)
    }

    /// A figure from an edge list `"0-1,0-2,…"` (spaces allowed around items); the vertices
    /// are the labels in order of first appearance, placed on a circle.
    ///
    /// # Errors
    /// [`FigureError::BadEdgeItem`] naming the item, or the errors of [`Figure::from_desc`].
    pub fn from_edge_list(text: &str) -> Result<Figure, FigureError> {
        let mut desc = FigureDesc::default();
        if text.trim().is_empty() {
            return Ok(Figure::default());
        }
        for (index, item) in text.split(',').map(str::trim).enumerate() {
            let bad = || FigureError::BadEdgeItem {
                index,
                item: item.to_owned(),
            };
            let (a, b) = item.split_once('-').ok_or_else(bad)?;
            let (a, b) = (a.trim(), b.trim());
            if a.is_empty() || b.is_empty() {
                return Err(bad());
            }
            for label in [a, b] {
                if !desc.vertices.iter().any(|v| v.label == label) {
                    desc.vertices.push(VertexDesc {
                        label: label.to_owned(),
                        pos: None,
                    });
                }
            }
            desc.edges.push((a.to_owned(), b.to_owned()));
        }
        Figure::from_desc(&desc)
    }

    /// The description (vertices with their places, edges in id order).
    pub fn to_desc(&self) -> FigureDesc {
        FigureDesc {
            vertices: self
                .graph
                .node_weights()
                .map(|v| VertexDesc {
                    label: v.label.clone(),
                    pos: Some(v.pos),
                })
                .collect(),
            edges: self
                .graph
                .edge_references()
                .map(|e| (self.label(e.source()).into(), self.label(e.target()).into()))
                .collect(),
        }
    }

    /// The graph, for the algorithms.
    pub fn graph(&self) -> &StableUnGraph<Vertex, ()> {
        &self.graph
    }

    /// The vertex labelled `label`.
    pub fn find(&self, label: &str) -> Option<VertexId> {
        self.labels.get(label).copied()
    }

    /// A vertex's label (empty for an id not in the figure).
    pub fn label(&self, v: VertexId) -> &str {
        self.graph.node_weight(v).map_or("", |w| w.label.as_str())
    }

    /// A vertex.
    pub fn vertex(&self, v: VertexId) -> Option<&Vertex> {
        self.graph.node_weight(v)
    }

    /// The two ends of an edge.
    pub fn ends(&self, e: EdgeId) -> Option<(VertexId, VertexId)> {
        self.graph.edge_endpoints(e)
    }

    /// The edges joining `a` and `b` (several when parallel), in id order.
    pub fn edges_between(&self, a: VertexId, b: VertexId) -> Vec<EdgeId> {
        let mut edges: Vec<EdgeId> = self.graph.edges_connecting(a, b).map(|e| e.id()).collect();
        edges.sort_unstable();
        edges
    }

    /// Labels of a vertex sequence, joined by `-` (`3-1-0-2-…`).
    pub fn path_text(&self, vertices: &[VertexId]) -> String {
        let labels: Vec<&str> = vertices.iter().map(|&v| self.label(v)).collect();
        labels.join("-")
    }

    /// Adds a vertex.
    ///
    /// # Errors
    /// [`FigureError::BadLabel`], [`FigureError::DuplicateVertex`].
    pub fn add_vertex(&mut self, label: &str, pos: Pos) -> Result<VertexId, FigureError> {
        if !valid_label(label) {
            return Err(FigureError::BadLabel(label.to_owned()));
        }
        if self.labels.contains_key(label) {
            return Err(FigureError::DuplicateVertex(label.to_owned()));
        }
        let id = self.graph.add_node(Vertex {
            label: label.to_owned(),
            pos,
        });
        self.labels.insert(label.to_owned(), id);
        Ok(id)
    }

    /// Adds an edge (parallel edges allowed).
    ///
    /// # Errors
    /// [`FigureError::SelfLoop`] for `a == b`; [`FigureError::UnknownVertex`] for an id not in
    /// the figure.
    pub fn add_edge(&mut self, a: VertexId, b: VertexId) -> Result<EdgeId, FigureError> {
        let index = self.graph.edge_count();
        for v in [a, b] {
            if !self.graph.contains_node(v) {
                return Err(FigureError::UnknownVertex {
                    index,
                    a: self.label(a).into(),
                    b: self.label(b).into(),
                    missing: format!("#{}", v.index()),
                });
            }
        }
        if a == b {
            return Err(FigureError::SelfLoop {
                index,
                vertex: self.label(a).into(),
            });
        }
        Ok(self.graph.add_edge(a, b, ()))
    }

    /// Removes a vertex and its edges; `None` if it was not there.
    pub fn remove_vertex(&mut self, v: VertexId) -> Option<Vertex> {
        let vertex = self.graph.remove_node(v)?;
        self.labels.remove(&vertex.label);
        Some(vertex)
    }

    /// Removes an edge; `false` if it was not there.
    pub fn remove_edge(&mut self, e: EdgeId) -> bool {
        self.graph.remove_edge(e).is_some()
    }

    /// Moves a vertex; `false` if it is not there.
    pub fn move_vertex(&mut self, v: VertexId, pos: Pos) -> bool {
        self.graph.node_weight_mut(v).map(|w| w.pos = pos).is_some()
    }

    /// A label not yet used: `prefix` followed by the smallest free number.
    pub fn fresh_label(&self, prefix: &str) -> String {
        // Among labels + 1 candidates one is free.
        (0..=self.labels.len())
            .map(|i| format!("{prefix}{i}"))
            .find(|l| !self.labels.contains_key(l))
            .unwrap_or_default()
    }
}

/// Why an Euler algorithm gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EulerError {
    /// No single stroke draws the figure.
    #[error("no Euler trail: {0}")]
    NoTrail(String),
    /// A trail cannot start at the vertex asked for.
    #[error("no Euler trail starts at vertex {vertex}; it must start at {allowed}")]
    BadStart {
        /// The vertex asked for (its index).
        vertex: usize,
        /// Where trails may start (indices).
        allowed: String,
    },
    /// Exact counting handles at most 64 edges.
    #[error("counting trails handles at most {max} edges; this figure has {edges}")]
    TooManyEdges {
        /// The figure's edges.
        edges: usize,
        /// The limit.
        max: usize,
    },
    /// The count's memo grew past its limit ([`count::MAX_STATES`]).
    #[error(
        "too many to count in time: counting needs more than {0} memoized states; the figure is too large to count"
    )]
    TooManyStates(usize),
    /// The count does not fit in 128 bits (see [`count::trails_counted`] for any size).
    #[error("the number of trails exceeds 2^128")]
    Overflow,
    /// The caller stopped the count (Ctrl+C, a time limit): no number, not a partial one.
    #[error("the count was stopped before it finished")]
    Cancelled,
}

/// The edges at each vertex of an undirected graph, as flat arrays (compressed sparse rows)
/// indexed by petgraph's node and edge indices: what every algorithm here walks.
#[derive(Clone, Debug)]
pub(crate) struct Adjacency {
    /// `start[v]..start[v + 1]`: vertex `v`'s slice of `to` and `edge`.
    pub start: Vec<usize>,
    /// The other end of each incidence.
    pub to: Vec<usize>,
    /// The edge index of each incidence.
    pub edge: Vec<usize>,
    /// Edges (live ones).
    pub edges: usize,
    /// One past the largest edge index.
    pub edge_bound: usize,
}

impl Adjacency {
    /// The adjacency of `g`, each undirected edge listed at both ends (a loop twice at its
    /// vertex). O(V + E).
    pub fn of<G>(g: G) -> Adjacency
    where
        G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
    {
        let n = g.node_bound();
        let mut degree = vec![0usize; n + 1];
        let mut edges = 0;
        for e in g.edge_references() {
            degree[NodeIndexable::to_index(&g, e.source())] += 1;
            degree[NodeIndexable::to_index(&g, e.target())] += 1;
            edges += 1;
        }
        let mut start = vec![0usize; n + 1];
        for v in 0..n {
            start[v + 1] = start[v] + degree[v];
        }
        let mut fill = start.clone();
        let mut to = vec![0; start[n]];
        let mut edge = vec![0; start[n]];
        for e in g.edge_references() {
            let (a, b) = (
                NodeIndexable::to_index(&g, e.source()),
                NodeIndexable::to_index(&g, e.target()),
            );
            let id = EdgeIndexable::to_index(&g, e.id());
            to[fill[a]] = b;
            edge[fill[a]] = id;
            fill[a] += 1;
            to[fill[b]] = a;
            edge[fill[b]] = id;
            fill[b] += 1;
        }
        Adjacency {
            start,
            to,
            edge,
            edges,
            edge_bound: g.edge_bound(),
        }
    }

    /// Vertices (the node bound).
    pub fn vertices(&self) -> usize {
        self.start.len() - 1
    }

    /// The degree of `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.start[v + 1] - self.start[v]
    }

    /// The incidences of `v`: `(other end, edge)`.
    pub fn at(&self, v: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let r = self.start[v]..self.start[v + 1];
        self.to[r.clone()]
            .iter()
            .copied()
            .zip(self.edge[r].iter().copied())
    }
}
