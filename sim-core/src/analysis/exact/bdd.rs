//! Dual-rail binary decision diagrams over the unknown inputs ([`Diagrams`]): what decides the
//! nets that sampling left open past the enumeration limit.

use biodivine_lib_bdd::{Bdd, BddValuation, BddVariable, BddVariableSet, op_function};

use super::enumerate::Seen;
use super::{Completion, ExactError};
use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::graph;
use crate::kind::{GateBase, GateOp, NodeKind};
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

/// Dual-rail decision diagrams over the unknown inputs: per node of the cones asked for,
/// "is +1" and "is −1" (both false: unknown).
pub(super) struct Diagrams {
    vars: BddVariableSet,
    net: Netlist,
    rails: Vec<Option<(Bdd, Bdd)>>,
}

impl Diagrams {
    /// Builds the rails of every node in the cones of `nets`, the known inputs substituted.
    pub(super) fn build(
        circuit: &Circuit,
        values: &[Trit],
        unknown: &[usize],
        nets: &[NodeId],
        limit: usize,
    ) -> Result<Diagrams, ExactError> {
        let count = u16::try_from(unknown.len()).map_err(|_| ExactError::TooManyUnknowns {
            count: unknown.len(),
        })?;
        let vars = BddVariableSet::new_anonymous(count);
        let net = Netlist::compile(circuit);
        let n = net.len();
        // The cones: every node some net asked for depends on.
        let mut needed = vec![false; n];
        let mut stack: Vec<u32> = nets.iter().filter_map(|&id| net.index_of(id)).collect();
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut needed[i as usize], true) {
                continue;
            }
            for &s in &net.in_src[net.input_range(i)] {
                if (s as usize) < n && !needed[s as usize] {
                    stack.push(s);
                }
            }
        }
        // Input `k` of `circuit.inputs()` → its value or variable.
        let mut source: Vec<Option<(Bdd, Bdd)>> = vec![None; n];
        let mut var_of = vec![None; values.len()];
        for (j, &k) in unknown.iter().enumerate() {
            var_of[k] = Some(BddVariable::from_index(j));
        }
        for (k, id) in circuit.inputs().enumerate() {
            if let Some(i) = net.index_of(id) {
                source[i as usize] = Some(match var_of[k] {
                    Some(v) => (vars.mk_var(v), vars.mk_not_var(v)),
                    None => constant_rails(&vars, values[k]),
                });
            }
        }
        let order = graph::topological_order(&net).order;
        let mut rails: Vec<Option<(Bdd, Bdd)>> = vec![None; n];
        let unknown_rails = constant_rails(&vars, Trit::Unknown);
        for i in order {
            let iu = i as usize;
            if !needed[iu] {
                continue;
            }
            let label = || circuit[net.ids[iu]].label.clone();
            let too_large = || ExactError::BddTooLarge {
                label: label(),
                limit,
            };
            let ins: Vec<&(Bdd, Bdd)> = net.in_src[net.input_range(i)]
                .iter()
                .map(|&s| {
                    rails
                        .get(s as usize)
                        .and_then(Option::as_ref)
                        .unwrap_or(&unknown_rails)
                })
                .collect();
            let value = match (net.ops[iu], net.kinds[iu]) {
                (Op::Source, kind) => source[iu].take().unwrap_or_else(|| match kind {
                    NodeKind::Constant(v) => constant_rails(&vars, v),
                    NodeKind::Button | NodeKind::Clock { .. } => constant_rails(&vars, Trit::False),
                    _ => constant_rails(&vars, Trit::Unknown),
                }),
                (Op::Gate(op), _) => gate(&vars, op, &ins, limit).ok_or_else(too_large)?,
                (Op::Table, NodeKind::Table(table)) => {
                    table_rails(&vars, table, &ins, limit).ok_or_else(too_large)?
                }
                (Op::Memory | Op::Dff | Op::Table, _) => {
                    return Err(ExactError::RomBeyondEnumeration { label: label() });
                }
            };
            rails[iu] = Some(value);
        }
        Ok(Diagrams { vars, net, rails })
    }

    /// A completion under which `node` differs from the one value `seen` shows, if any.
    pub(super) fn second_value(
        &self,
        circuit: &Circuit,
        node: NodeId,
        seen: &Seen,
        limit: usize,
    ) -> Result<Option<Completion>, ExactError> {
        let Some((t, f)) = self
            .net
            .index_of(node)
            .and_then(|i| self.rails[i as usize].as_ref())
        else {
            return Ok(None);
        };
        let too_large = || ExactError::BddTooLarge {
            label: circuit[node].label.clone(),
            limit,
        };
        let shown = Trit::ALL
            .into_iter()
            .find(|&v| seen.0[Seen::slot(v)].is_some())
            .unwrap_or(Trit::Unknown);
        let unknown = || {
            Bdd::binary_op_with_limit(limit, t, f, op_function::or)
                .map(|b| b.not())
                .ok_or_else(too_large)
        };
        let other = match shown {
            Trit::True => t.not(),
            Trit::False => f.not(),
            Trit::Unknown => unknown()?.not(),
        };
        Ok(other.sat_witness().map(|valuation| {
            let value = rail_value(t, f, &valuation);
            let inputs = self
                .vars
                .variables()
                .into_iter()
                .map(|v| Trit::from(valuation.value(v)))
                .collect();
            Completion { inputs, value }
        }))
    }
}

/// The trit rails `t`, `f` give under `valuation`.
fn rail_value(t: &Bdd, f: &Bdd, valuation: &BddValuation) -> Trit {
    if t.eval_in(valuation) {
        Trit::True
    } else if f.eval_in(valuation) {
        Trit::False
    } else {
        Trit::Unknown
    }
}

/// The rails of a constant.
fn constant_rails(vars: &BddVariableSet, v: Trit) -> (Bdd, Bdd) {
    let of = |b: bool| if b { vars.mk_true() } else { vars.mk_false() };
    (of(v == Trit::True), of(v == Trit::False))
}

/// `a ∧ b` within `limit` nodes.
fn and(a: &Bdd, b: &Bdd, limit: usize) -> Option<Bdd> {
    Bdd::binary_op_with_limit(limit, a, b, op_function::and)
}

/// `a ∨ b` within `limit` nodes.
fn or(a: &Bdd, b: &Bdd, limit: usize) -> Option<Bdd> {
    Bdd::binary_op_with_limit(limit, a, b, op_function::or)
}

/// The rails of a standard gate over its inputs' rails (Kleene: AND is true iff every input
/// is, false iff one is; OR the dual; XOR known iff every input is).
fn gate(
    vars: &BddVariableSet,
    op: GateOp,
    ins: &[&(Bdd, Bdd)],
    limit: usize,
) -> Option<(Bdd, Bdd)> {
    let first = || {
        ins.first()
            .map_or_else(|| constant_rails(vars, Trit::Unknown), |r| (*r).clone())
    };
    let and_all = || -> Option<(Bdd, Bdd)> {
        let (mut t, mut f) = (vars.mk_true(), vars.mk_false());
        for (it, jf) in ins.iter().map(|r| (&r.0, &r.1)) {
            t = and(&t, it, limit)?;
            f = or(&f, jf, limit)?;
        }
        Some((t, f))
    };
    let or_all = || -> Option<(Bdd, Bdd)> {
        let (mut t, mut f) = (vars.mk_false(), vars.mk_true());
        for (it, jf) in ins.iter().map(|r| (&r.0, &r.1)) {
            t = or(&t, it, limit)?;
            f = and(&f, jf, limit)?;
        }
        Some((t, f))
    };
    let xor_all = || -> Option<(Bdd, Bdd)> {
        let (mut t, mut f) = (vars.mk_false(), vars.mk_true());
        for (bt, bf) in ins.iter().map(|r| (&r.0, &r.1)) {
            let nt = or(&and(&t, bf, limit)?, &and(&f, bt, limit)?, limit)?;
            let nf = or(&and(&t, bt, limit)?, &and(&f, bf, limit)?, limit)?;
            (t, f) = (nt, nf);
        }
        Some((t, f))
    };
    let swap = |(t, f): (Bdd, Bdd)| (f, t);
    let (base, invert) = op.base();
    let out = match base {
        GateBase::Buf => first(),
        GateBase::And => and_all()?,
        GateBase::Or => or_all()?,
        GateBase::Xor => xor_all()?,
    };
    Some(if invert { swap(out) } else { out })
}

/// The rails of a table gate: "is +1" is the union of the rows whose output is +1, each row
/// the conjunction of "input k has the row's value k" (−1: its `f` rail, +1: its `t` rail,
/// 0: neither), the last input the row index's least significant ternary digit.
fn table_rails(
    vars: &BddVariableSet,
    table: crate::kind::TruthTable,
    ins: &[&(Bdd, Bdd)],
    limit: usize,
) -> Option<(Bdd, Bdd)> {
    let n = usize::from(table.inputs());
    let mut selectors = Vec::with_capacity(n);
    for k in 0..n {
        let (t, f) = ins
            .get(k)
            .map_or_else(|| constant_rails(vars, Trit::Unknown), |r| (*r).clone());
        let neither = or(&t, &f, limit)?.not();
        selectors.push([f, neither, t]);
    }
    let (mut t, mut f) = (vars.mk_false(), vars.mk_false());
    for row in 0..table.rows() {
        let out = table.eval_index(row);
        if out == Trit::Unknown {
            continue;
        }
        let mut minterm = vars.mk_true();
        let mut rest = row;
        for select in selectors.iter().rev() {
            minterm = and(&minterm, &select[rest % 3], limit)?;
            rest /= 3;
        }
        if out == Trit::True {
            t = or(&t, &minterm, limit)?;
        } else {
            f = or(&f, &minterm, limit)?;
        }
    }
    Some((t, f))
}
