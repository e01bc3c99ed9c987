//! The term that removes a static hazard of a two-level circuit: the consensus term.
//!
//! A sum of products has a static-1 hazard for a single-input change of `x` when no one
//! product stays +1 across it: one product `x·P` holds the output before, another `¬x·Q`
//! after, and while `x` changes both may be −1 for a moment. Their *consensus* `P·Q` is +1 on
//! both sides and does not depend on `x`; added to the sum it holds the output through the
//! change (the consensus theorem, `x·P + ¬x·Q = x·P + ¬x·Q + P·Q`; D. A. Huffman, "The design
//! and use of hazard-free switching networks", J. ACM 4(1), 1957). Dually, a product of sums
//! with a static-0 hazard is cured by the consensus sum `(P + Q)` of `(x + P)·(¬x + Q)`.
//!
//! The two-level form is read from the gates: the output's driver is an OR (an AND for the
//! dual) whose inputs are each an AND (an OR) of literals or a single literal; a literal is an
//! input or a NOT of an input. Any other structure, or a change of several inputs, has no
//! term named here.

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::kind::NodeKind;
use crate::trit::Trit;

/// An input or its complement, one factor of a [`Term`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Factor {
    /// The input (a switch or a button).
    pub input: NodeId,
    /// Whether it is complemented (through a NOT).
    pub negated: bool,
}

/// Whether a [`Term`] is a product (of a sum of products) or a sum (of a product of sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermKind {
    /// An AND of factors, added to an OR: it cures a static-1 hazard.
    Product,
    /// An OR of factors, added to an AND: it cures a static-0 hazard.
    Sum,
}

/// The consensus term that removes a static hazard: its factors in node order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    /// Product or sum.
    pub kind: TermKind,
    /// Its factors, in node order, each input at most once (empty: the constant the output
    /// keeps, when the two terms differ only in the changing input).
    pub factors: Vec<Factor>,
}

impl Term {
    /// The term by labels: `A·B`, `¬A·C`, or `(A + ¬B)` for a sum.
    pub fn describe(&self, circuit: &Circuit) -> String {
        let names: Vec<String> = self
            .factors
            .iter()
            .map(|f| {
                let label = circuit.node(f.input).map_or("?", |n| n.label.as_str());
                if f.negated {
                    format!("¬{label}")
                } else {
                    label.to_owned()
                }
            })
            .collect();
        match self.kind {
            TermKind::Product => names.join("·"),
            TermKind::Sum => format!("({})", names.join(" + ")),
        }
    }
}

/// The consensus term that removes the static hazard of `output` in the change `from` → `to`
/// (one value per input of `inputs`), if the output is a two-level sum of products (product
/// of sums) of the inputs and exactly one input changes; `None` otherwise.
pub(super) fn consensus(
    circuit: &Circuit,
    output: NodeId,
    inputs: &[NodeId],
    from: &[Trit],
    to: &[Trit],
) -> Option<Term> {
    let mut changing = (0..inputs.len()).filter(|&k| from[k] != to[k]);
    let (Some(x), None) = (changing.next(), changing.next()) else {
        return None;
    };
    let (kind, terms) = two_level(circuit, output)?;
    // A product holds a sum at +1 when every factor is +1; a sum holds a product at −1 when
    // every factor is −1.
    let holding = match kind {
        TermKind::Product => Trit::True,
        TermKind::Sum => Trit::False,
    };
    let value = |f: &Factor, vector: &[Trit]| {
        let v = inputs
            .iter()
            .position(|&i| i == f.input)
            .map_or(Trit::Unknown, |k| vector[k]);
        if f.negated { v.not() } else { v }
    };
    let holds = |term: &[Factor], vector: &[Trit]| term.iter().all(|f| value(f, vector) == holding);
    let with_x = |term: &&Vec<Factor>| term.iter().any(|f| f.input == inputs[x]);
    let before = terms.iter().filter(with_x).find(|t| holds(t, from))?;
    let after = terms.iter().filter(with_x).find(|t| holds(t, to))?;
    let mut factors: Vec<Factor> = before
        .iter()
        .chain(after.iter())
        .copied()
        .filter(|f| f.input != inputs[x])
        .collect();
    factors.sort_unstable();
    factors.dedup();
    Some(Term { kind, factors })
}

/// The terms of `output` read as a sum of products (or a product of sums), each term its
/// factors; `None` if its gates are not of that form.
fn two_level(circuit: &Circuit, output: NodeId) -> Option<(TermKind, Vec<Vec<Factor>>)> {
    let driver = |id: NodeId| circuit.drivers(id).first().copied().flatten();
    let top = driver(output)?;
    let kind = match circuit[top].kind {
        NodeKind::Or(_) => TermKind::Product,
        NodeKind::And(_) => TermKind::Sum,
        _ => return None,
    };
    let is_term_gate = |k: NodeKind| match kind {
        TermKind::Product => matches!(k, NodeKind::And(_)),
        TermKind::Sum => matches!(k, NodeKind::Or(_)),
    };
    let terms = circuit
        .drivers(top)
        .into_iter()
        .map(|term| {
            let term = term?;
            if is_term_gate(circuit[term].kind) {
                circuit
                    .drivers(term)
                    .into_iter()
                    .map(|f| factor(circuit, f?))
                    .collect()
            } else {
                factor(circuit, term).map(|f| vec![f])
            }
        })
        .collect::<Option<Vec<_>>>()?;
    Some((kind, terms))
}

/// `id` as a factor: an input, or a NOT of an input.
fn factor(circuit: &Circuit, id: NodeId) -> Option<Factor> {
    match circuit[id].kind {
        kind if kind.is_input() => Some(Factor {
            input: id,
            negated: false,
        }),
        NodeKind::Not => {
            let input = circuit.drivers(id).first().copied().flatten()?;
            circuit[input].kind.is_input().then_some(Factor {
                input,
                negated: true,
            })
        }
        _ => None,
    }
}
