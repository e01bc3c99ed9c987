//! The state diagram's layout, as plain data for a front end to draw: states in layers by
//! their distance from the initial state, arcs labelled with their input conditions.

use super::{Kind, Machine, pattern, values};

/// How far apart neighbouring states are placed, in the diagram's unit (a state's radius).
pub const SPACING: f32 = 5.0;

/// A state of a [`Diagram`].
#[derive(Clone, Debug, PartialEq)]
pub struct StateNode {
    /// The state's name.
    pub name: String,
    /// A Moore state's outputs as `0`/`1`/`-` characters, one per output (empty for Mealy).
    pub outputs: String,
    /// Its distance in transitions from the initial state: its column.
    pub layer: usize,
    /// Its centre, `[x, y]`, in units of a state's radius: the initial state at `[0, 0]`,
    /// layer `k` at `x = k ·` [`SPACING`], a layer's states [`SPACING`] apart in `y` about
    /// `y = 0` (`y` grows downwards).
    pub position: [f32; 2],
    /// Whether it is the initial state (drawn with an entry arrow).
    pub initial: bool,
}

/// How a [`DiagramArc`] is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArcShape {
    /// A straight line between the two states.
    Straight,
    /// A curve bending to its left: one of a pair of opposite arcs between two states, which
    /// would overlap if both were straight.
    Bent,
    /// A loop from a state back to itself.
    SelfLoop,
}

/// An arc of a [`Diagram`]: every row from one state to another, merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramArc {
    /// The state it leaves, an index into [`Diagram::states`] (as into
    /// [`Machine::states`]).
    pub from: usize,
    /// The state it enters.
    pub to: usize,
    /// Its rows' conditions, `, `-separated, each the row's input values (`0`, `1`, `-`; in
    /// the order of the machine's inputs, empty when it has none), for a Mealy machine
    /// followed by `/` and the row's output values: `1-/0, 01/1`.
    pub label: String,
    /// How to draw it.
    pub shape: ArcShape,
}

/// A machine's state diagram: where each state goes and the arcs between them. Arcs are the
/// table's rows; an input combination no row matches ([`Unspecified`](super::Unspecified))
/// draws no arc.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    /// One node per state, in [`Machine::states`] order.
    pub states: Vec<StateNode>,
    /// The arcs, in the order of their first row.
    pub arcs: Vec<DiagramArc>,
}

impl Machine {
    /// The state diagram's layout.
    pub fn diagram(&self) -> Diagram {
        Diagram {
            states: self.state_nodes(),
            arcs: self.arcs(),
        }
    }

    /// The states placed in layers by their distance from the initial state; within a
    /// layer, ordered by the mean row of the states in earlier layers that lead to them
    /// (one barycentre sweep, to keep arcs from crossing), then by the table's order.
    fn state_nodes(&self) -> Vec<StateNode> {
        // Every state is reachable (a checked machine), so every distance is known.
        let layer: Vec<usize> = self
            .distances()
            .into_iter()
            .map(|d| d.unwrap_or(0))
            .collect();
        let layers = layer.iter().max().map_or(0, |&l| l + 1);
        let mut row = vec![0.0f32; self.states.len()];
        for l in 0..layers {
            let mut members: Vec<(f32, usize)> = (0..self.states.len())
                .filter(|&s| layer[s] == l)
                .map(|s| (self.barycentre(s, &layer, &row), s))
                .collect();
            members.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let middle = (members.len() as f32 - 1.0) / 2.0;
            for (k, &(_, s)) in members.iter().enumerate() {
                row[s] = k as f32 - middle;
            }
        }
        self.states
            .iter()
            .enumerate()
            .map(|(s, state)| StateNode {
                name: state.name.clone(),
                outputs: values(&state.outputs),
                layer: layer[s],
                position: [layer[s] as f32 * SPACING, row[s] * SPACING],
                initial: s == self.initial,
            })
            .collect()
    }

    /// The mean `row` of the states in layers before `s`'s with a transition to `s` (0 for
    /// none).
    fn barycentre(&self, s: usize, layer: &[usize], row: &[f32]) -> f32 {
        let (sum, count) = self
            .transitions
            .iter()
            .filter(|t| t.to == s && layer[t.from] < layer[s])
            .fold((0.0, 0.0), |(sum, count), t| {
                (sum + row[t.from], count + 1.0)
            });
        if count > 0.0 { sum / count } else { 0.0 }
    }

    /// The rows merged into one arc per pair of states.
    fn arcs(&self) -> Vec<DiagramArc> {
        let mut arcs: Vec<DiagramArc> = Vec::new();
        for row in &self.transitions {
            let mut condition = pattern(row.inputs.ones, row.inputs.care, self.inputs.len());
            if self.kind == Kind::Mealy {
                condition = format!("{condition}/{}", values(&row.outputs));
            }
            match arcs
                .iter_mut()
                .find(|a| a.from == row.from && a.to == row.to)
            {
                Some(arc) => {
                    arc.label.push_str(", ");
                    arc.label.push_str(&condition);
                }
                None => arcs.push(DiagramArc {
                    from: row.from,
                    to: row.to,
                    label: condition,
                    shape: ArcShape::Straight,
                }),
            }
        }
        let pairs: Vec<(usize, usize)> = arcs.iter().map(|a| (a.from, a.to)).collect();
        for arc in &mut arcs {
            arc.shape = if arc.from == arc.to {
                ArcShape::SelfLoop
            } else if pairs.contains(&(arc.to, arc.from)) {
                ArcShape::Bent
            } else {
                ArcShape::Straight
            };
        }
        arcs
    }
}
