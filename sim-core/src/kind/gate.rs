//! The standard gate functions: [`GateOp`] and its [`GateBase`], each gate's meaning written
//! once for every engine and analysis.

use crate::trit::Trit;

/// A gate function over any number of ternary inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GateOp {
    /// Identity (one input). Terminals evaluate as `Buf` too.
    Buf,
    /// −a (one input).
    Not,
    /// min.
    And,
    /// max.
    Or,
    /// −min.
    Nand,
    /// −max.
    Nor,
    /// Parity: (−1)ⁿ⁺¹·∏aᵢ.
    Xor,
    /// −parity.
    Xnor,
}

impl GateOp {
    /// Every gate operation, in declaration order (`op as usize` is its place here; a unit
    /// test checks it).
    pub const ALL: [GateOp; 8] = [
        GateOp::Buf,
        GateOp::Not,
        GateOp::And,
        GateOp::Or,
        GateOp::Nand,
        GateOp::Nor,
        GateOp::Xor,
        GateOp::Xnor,
    ];

    /// What the gate computes, written once for every engine and analysis: its [`GateBase`]
    /// folded over the inputs, then negated when the flag is `true` (NAND = ¬AND, NOR = ¬OR,
    /// XNOR = ¬XOR, NOT = ¬BUF). An engine that builds wide gates from two- or three-input
    /// pieces chains the base ([`GateBase`] says which bases may be chained) and negates once
    /// at the end; [`from_base`](Self::from_base) is the inverse.
    #[inline]
    pub const fn base(self) -> (GateBase, bool) {
        match self {
            GateOp::Buf => (GateBase::Buf, false),
            GateOp::Not => (GateBase::Buf, true),
            GateOp::And => (GateBase::And, false),
            GateOp::Nand => (GateBase::And, true),
            GateOp::Or => (GateBase::Or, false),
            GateOp::Nor => (GateBase::Or, true),
            GateOp::Xor => (GateBase::Xor, false),
            GateOp::Xnor => (GateBase::Xor, true),
        }
    }

    /// The gate whose [`base`](Self::base) is `(base, invert)`.
    #[inline]
    pub const fn from_base(base: GateBase, invert: bool) -> GateOp {
        match (base, invert) {
            (GateBase::Buf, false) => GateOp::Buf,
            (GateBase::Buf, true) => GateOp::Not,
            (GateBase::And, false) => GateOp::And,
            (GateBase::And, true) => GateOp::Nand,
            (GateBase::Or, false) => GateOp::Or,
            (GateBase::Or, true) => GateOp::Nor,
            (GateBase::Xor, false) => GateOp::Xor,
            (GateBase::Xor, true) => GateOp::Xnor,
        }
    }

    /// Evaluates the gate over `inputs` in Kleene's strong logic: its [`base`](Self::base)
    /// folded, then negated if the gate inverts.
    ///
    /// An empty input list (never produced by a valid circuit) gives the operator's identity
    /// element: `+1` for AND, `−1` for OR and XOR, `0` for BUF/NOT.
    #[inline]
    pub fn eval(self, inputs: impl IntoIterator<Item = Trit>) -> Trit {
        let (base, invert) = self.base();
        let out = base.eval(inputs);
        if invert { out.not() } else { out }
    }

    /// The RON/Verilog-style name: `AND`, `NOR`, …
    pub const fn name(self) -> &'static str {
        match self {
            GateOp::Buf => "BUF",
            GateOp::Not => "NOT",
            GateOp::And => "AND",
            GateOp::Or => "OR",
            GateOp::Nand => "NAND",
            GateOp::Nor => "NOR",
            GateOp::Xor => "XOR",
            GateOp::Xnor => "XNOR",
        }
    }
}

/// The operation a [`GateOp`] folds over its inputs before its optional negation
/// ([`GateOp::base`]).
///
/// `And`, `Or` and `Xor` are associative and commutative over trits (the unit test
/// `bases_are_associative_and_commutative` checks all 27 triples), so an engine may evaluate a
/// wide gate as a chain or a tree of narrower ones of the same base and negate once at the
/// end. `Buf` passes its one input through and is never chained. A new base must say here
/// whether it may be chained, and every engine's `match` on `GateBase` (there is no wildcard
/// arm) makes its author decide how that engine evaluates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GateBase {
    /// The one input, unchanged.
    Buf,
    /// min, identity +1.
    And,
    /// max, identity −1.
    Or,
    /// Parity with −1 as false (XOR(a, b) = −a·b), identity −1.
    Xor,
}

impl GateBase {
    /// The base folded over `inputs` (for `Buf`, the first input; 0 if there is none).
    #[inline]
    pub fn eval(self, inputs: impl IntoIterator<Item = Trit>) -> Trit {
        let mut it = inputs.into_iter();
        match self {
            GateBase::Buf => it.next().unwrap_or_default(),
            GateBase::And => and_all(it),
            GateBase::Or => or_all(it),
            GateBase::Xor => xor_all(it),
        }
    }

    /// Whether a wide gate of this base may be evaluated as a chain of narrower ones
    /// (associative and commutative): all but `Buf`, which has one input.
    pub const fn chains(self) -> bool {
        match self {
            GateBase::Buf => false,
            GateBase::And | GateBase::Or | GateBase::Xor => true,
        }
    }
}

#[inline]
fn and_all(it: impl Iterator<Item = Trit>) -> Trit {
    let mut acc = Trit::True;
    for v in it {
        if v == Trit::False {
            return Trit::False;
        }
        acc = acc.min(v);
    }
    acc
}

#[inline]
fn or_all(it: impl Iterator<Item = Trit>) -> Trit {
    let mut acc = Trit::False;
    for v in it {
        if v == Trit::True {
            return Trit::True;
        }
        acc = acc.max(v);
    }
    acc
}

#[inline]
fn xor_all(it: impl Iterator<Item = Trit>) -> Trit {
    // Parity with −1 as false: XOR(a, b) = −a·b, so the running value is negated at each step.
    let mut acc = Trit::False;
    for v in it {
        acc = acc.xor(v);
        if acc == Trit::Unknown {
            return Trit::Unknown;
        }
    }
    acc
}
