//! The sequential built-in parts: register, counter, shift register and the JK, T and SR
//! flip-flops. Each bit is a [`NodeKind::Dffsr`] clocked by the part's `clk` whose D is a
//! function of the part's inputs and of the bit's own Q (and, in a shift register, its
//! neighbour's), built of Kleene gates and table gates, and whose asynchronous RESET (and,
//! in the flip-flops, SET) is the part's pin; its EN is left unwired (enabled). So on an
//! unknown input, enable, clock, set or reset a bit does what its flip-flop's rule
//! ([`dffsr_next`](crate::kind::dffsr_next)) does with that D. A part's asynchronous pin is
//! wired straight to its flip-flops, so that one left unwired where the part is placed leaves
//! their pin unwired too: inactive, as [`NodeKind::unconnected`] reads it.
//!
//! Where D chooses between two values (load or hold, count or hold, shift or hold), the
//! choice is a table gate holding the Kleene multiplexer [`mux`]: exact, so an unknown
//! enable keeps a bit whose two candidates agree.

use super::build::{Bits, Builder};
use crate::GateOp::{And, Xor};
use crate::kind::{
    DFFSR_CLOCK, DFFSR_D, DFFSR_RESET, DFFSR_SET, NodeKind, TruthTable, jk_next, sr_next, t_next,
};
use crate::trit::Trit;

/// The clocked flip-flops of a [`BuiltinPart::FlipFlop`](super::BuiltinPart::FlipFlop):
/// which characteristic function feeds D.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlipFlopKind {
    /// JK: inputs `j`, `k`; [`jk_next`] (hold, set, reset, toggle).
    Jk,
    /// T (toggle): input `t`; [`t_next`].
    T,
    /// SR: inputs `s`, `r`; [`sr_next`] (S = R = +1 gives unknown).
    Sr,
}

impl FlipFlopKind {
    /// The clocked inputs' pin names, in order.
    pub fn inputs(self) -> &'static [&'static str] {
        match self {
            FlipFlopKind::Jk => &["j", "k"],
            FlipFlopKind::T => &["t"],
            FlipFlopKind::Sr => &["s", "r"],
        }
    }

    /// The part name's prefix: `jkff`, `tff`, `srff`.
    pub(super) fn prefix(self) -> &'static str {
        match self {
            FlipFlopKind::Jk => "jkff",
            FlipFlopKind::T => "tff",
            FlipFlopKind::Sr => "srff",
        }
    }

    /// The flip-flop's clocked rule ([`jk_next`], [`t_next`] or [`sr_next`]): Q after the
    /// clock went from `prev` to `clk`, with the clocked inputs `inputs` (in
    /// [`inputs`](Self::inputs) order; one trit for each) and Q `q`; the part's `set` and
    /// `reset` act over it as [`set_reset_next`](crate::kind::set_reset_next) says.
    pub(crate) fn next(self, prev: Trit, clk: Trit, inputs: &[Trit], q: Trit) -> Trit {
        match self {
            FlipFlopKind::Jk => jk_next(prev, clk, inputs[0], inputs[1], q),
            FlipFlopKind::T => t_next(prev, clk, inputs[0], q),
            FlipFlopKind::Sr => sr_next(prev, clk, inputs[0], inputs[1], q),
        }
    }

    /// D as a table of the clocked inputs and Q (Q last): what the rule gives on a certain
    /// rising edge (−1 → +1), where [`dff_next`](crate::kind::dff_next) takes D whole. Each
    /// rule is a `dff_next` behind this D, so a flip-flop fed by it is the rule on every
    /// clock.
    fn table(self) -> TruthTable {
        let n = self.inputs().len();
        TruthTable::from_fn(n as u8 + 1, |v| {
            self.next(Trit::False, Trit::True, &v[..n], v[n])
        })
        .expect("2 and 3 inputs are table gate input counts")
    }
}

/// The Kleene multiplexer `s ? a : b` over inputs (s, a, b): `(s ∧ a) ∨ (¬s ∧ b) ∨ (a ∧ b)`,
/// the sum of all its prime implicants, which is exact (an unknown `s` gives `a` when
/// `a = b`; Eichelberger, "Hazard detection in combinational and sequential switching
/// circuits", IBM J. Res. Dev. 9(2), 1965).
fn mux() -> TruthTable {
    TruthTable::from_fn(3, |v| {
        let (s, a, b) = (v[0], v[1], v[2]);
        s.and(a).or(s.not().and(b)).or(a.and(b))
    })
    .expect("3 inputs are a table gate input count")
}

/// `width` flip-flops clocked by `clk`, their asynchronous SET fed by `set` (unwired, so
/// inactive, if `None`) and RESET by `reset`, their D inputs left for [`feed`]: the state's
/// bits, each its flip-flop's Q.
fn state(b: &mut Builder, width: u8, clk: &str, set: Option<&str>, reset: &str) -> Bits {
    (0..width)
        .map(|_| {
            let q = b.add(NodeKind::Dffsr, &[]);
            b.wire(clk, &q, DFFSR_CLOCK as u8);
            if let Some(set) = set {
                b.wire(set, &q, DFFSR_SET as u8);
            }
            b.wire(reset, &q, DFFSR_RESET as u8);
            q
        })
        .collect()
}

/// Wires `d[i]` into the D of flip-flop `q[i]`.
fn feed(b: &mut Builder, q: &[String], d: &[String]) {
    for (qi, di) in q.iter().zip(d) {
        b.wire(di, qi, DFFSR_D as u8);
    }
}

/// A [`mux`] gate: `s ? then : otherwise`.
fn choose(b: &mut Builder, s: &str, then: &str, otherwise: &str) -> String {
    b.add(
        NodeKind::Table(mux()),
        &[s.to_owned(), then.to_owned(), otherwise.to_owned()],
    )
}

/// The synchronous reset over the next state `next`: each bit AND-ed with `¬srst`.
fn synchronous_reset(b: &mut Builder, srst: &str, next: &[String]) -> Bits {
    let run = b.not(srst);
    next.iter()
        .map(|n| b.gate(And, &[run.clone(), n.clone()]))
        .collect()
}

/// Register: on a rising edge `q` takes 0 if `srst`, else `d` if `en`, else holds; `arst`
/// makes it 0 at once.
pub(super) fn register(b: &mut Builder, width: u8) {
    let d = b.input("d", width);
    let clk = b.input("clk", 1);
    let en = b.input("en", 1);
    let srst = b.input("srst", 1);
    let arst = b.input("arst", 1);
    let q = state(b, width, &clk[0], None, &arst[0]);
    let loaded: Bits = d
        .iter()
        .zip(&q)
        .map(|(di, qi)| choose(b, &en[0], di, qi))
        .collect();
    let next = synchronous_reset(b, &srst[0], &loaded);
    feed(b, &q, &next);
    b.output("q", &q);
}

/// Counter: on a rising edge `q` takes 0 if `srst`, else `d` if `load`, else `q + 1`
/// (`up`) or `q − 1` (not `up`) modulo 2^width if `en`, else holds. `carry` is
/// `en ∧ (up ? q = 2^width − 1 : q = 0)`: the count wraps on this edge, the enable of a next
/// stage. `arst` makes `q` 0 at once.
///
/// Bit i toggles when `en` and every bit below is 1 (up) or 0 (down): two AND chains, a
/// [`mux`] of them by `up`, XOR-ed into `q[i]`.
pub(super) fn counter(b: &mut Builder, width: u8) {
    let d = b.input("d", width);
    let clk = b.input("clk", 1);
    let en = b.input("en", 1);
    let up = b.input("up", 1);
    let load = b.input("load", 1);
    let srst = b.input("srst", 1);
    let arst = b.input("arst", 1);
    let q = state(b, width, &clk[0], None, &arst[0]);
    let (en, up) = (&en[0], &up[0]);
    let (mut ones, mut zeros) = (en.clone(), en.clone());
    let mut counted = Vec::with_capacity(q.len());
    for (i, qi) in q.iter().enumerate() {
        let toggle = if i == 0 {
            en.clone()
        } else {
            choose(b, up, &ones, &zeros)
        };
        counted.push(b.gate(Xor, &[qi.clone(), toggle]));
        ones = b.gate(And, &[ones, qi.clone()]);
        let low = b.not(qi);
        zeros = b.gate(And, &[zeros, low]);
    }
    let carry = choose(b, up, &ones, &zeros);
    let loaded: Bits = d
        .iter()
        .zip(&counted)
        .map(|(di, ci)| choose(b, &load[0], di, ci))
        .collect();
    let next = synchronous_reset(b, &srst[0], &loaded);
    feed(b, &q, &next);
    b.output("q", &q);
    b.output("carry", &[carry]);
}

/// Shift register: on a rising edge `q` takes 0 if `srst`, else `d` if `load`, else
/// `q` shifted one bit up with `sin` into bit 0 if `shift`, else holds. `sout` is the top
/// bit, `q[width − 1]`, the next stage's `sin`. `arst` makes `q` 0 at once.
pub(super) fn shift_register(b: &mut Builder, width: u8) {
    let sin = b.input("sin", 1);
    let d = b.input("d", width);
    let clk = b.input("clk", 1);
    let shift = b.input("shift", 1);
    let load = b.input("load", 1);
    let srst = b.input("srst", 1);
    let arst = b.input("arst", 1);
    let q = state(b, width, &clk[0], None, &arst[0]);
    let below = sin.iter().chain(&q);
    let shifted: Bits = below
        .zip(&q)
        .map(|(from, qi)| choose(b, &shift[0], from, qi))
        .collect();
    let loaded: Bits = d
        .iter()
        .zip(&shifted)
        .map(|(di, si)| choose(b, &load[0], di, si))
        .collect();
    let next = synchronous_reset(b, &srst[0], &loaded);
    feed(b, &q, &next);
    let top = q[q.len() - 1].clone();
    b.output("q", &q);
    b.output("sout", &[top]);
}

/// `width` flip-flops of `kind`: the clocked inputs (`width` bits each), then `clk` and the
/// asynchronous `set` and `reset`; outputs `q` and `qn` = ¬`q`. Bit i's D is [`d_gate`] of
/// the inputs' bit i and `q[i]`.
pub(super) fn flip_flops(b: &mut Builder, kind: FlipFlopKind, width: u8) {
    let inputs: Vec<Bits> = kind
        .inputs()
        .iter()
        .map(|name| b.input(name, width))
        .collect();
    let clk = b.input("clk", 1);
    let set = b.input("set", 1);
    let reset = b.input("reset", 1);
    let q = state(b, width, &clk[0], Some(&set[0]), &reset[0]);
    let next: Bits = (0..q.len())
        .map(|i| {
            let args: Bits = inputs.iter().map(|bits| bits[i].clone()).collect();
            d_gate(b, kind, &args, &q[i])
        })
        .collect();
    feed(b, &q, &next);
    let qn: Bits = q.iter().map(|qi| b.not(qi)).collect();
    b.output("q", &q);
    b.output("qn", &qn);
}

/// The D of a `kind` flip-flop whose clocked inputs are `inputs` and Q `q`: the rule's
/// [`table`](FlipFlopKind::table) as one table gate for JK and T. The SR table gives 0
/// (unknown) on the known inputs S = R = +1, which no Verilog expression of its inputs can
/// (the export refuses such a table), so the SR's D is built of gates that compute the same
/// table: a [`mux`] choosing a constant 0 when `S ∧ R` and else `S ∨ (¬R ∧ Q)` (the Kleene
/// extension of "set, else reset, else hold"). Where S and R are not both +1 the AND is −1
/// or unknown, and the multiplexer's consensus keeps every value the two choices share;
/// `flip_flops_follow_their_rules_on_every_case` checks all 27 rows on every clock.
fn d_gate(b: &mut Builder, kind: FlipFlopKind, inputs: &[String], q: &str) -> String {
    let mut args = inputs.to_vec();
    args.push(q.to_owned());
    if kind != FlipFlopKind::Sr {
        return b.add(NodeKind::Table(kind.table()), &args);
    }
    let set_or_hold = TruthTable::from_fn(3, |v| v[0].or(v[1].not().and(v[2])))
        .expect("3 inputs are a table gate input count");
    let otherwise = b.add(NodeKind::Table(set_or_hold), &args);
    let forbidden = b.gate(And, inputs);
    let unknown = b.constant(Trit::Unknown);
    choose(b, &forbidden, &unknown, &otherwise)
}

#[cfg(test)]
mod tests;
