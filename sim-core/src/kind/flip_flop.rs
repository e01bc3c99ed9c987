//! The flip-flops' rules, written once for every engine: [`dff_next`], [`dffe_next`] and the
//! clock-edge test they share.

use crate::trit::Trit;

/// The next output of a [`NodeKind::Dff`](super::NodeKind::Dff) whose clock input went from `prev` to `clk`, with
/// input `d` and current output `q`. See [`NodeKind::Dff`](super::NodeKind::Dff) for the rule.
pub fn dff_next(prev: Trit, clk: Trit, d: Trit, q: Trit) -> Trit {
    match (prev, clk) {
        _ if prev == clk => q,
        (Trit::False, Trit::True) => d,
        // Could be a rising edge, could be no edge at all.
        (Trit::False | Trit::Unknown, Trit::Unknown | Trit::True) => {
            if d == q {
                q
            } else {
                Trit::Unknown
            }
        }
        // Falling, or possibly falling: a positive-edge flip-flop holds.
        _ => q,
    }
}

/// The next output of a [`NodeKind::Dffe`](super::NodeKind::Dffe) whose clock input went from `prev` to `clk`, with
/// input `d`, current output `q` and enable `en`. With n = [`dff_next`]`(prev, clk, d, q)`,
/// what a flip-flop without enable would do:
///
/// * EN = +1: n (the edge acts);
/// * EN = −1: q (the edge is ignored);
/// * EN = 0: q if n equals q, else 0 — Kleene's rule, the value on which both possibilities
///   agree, unknown where they differ.
///
/// Justification: this is exactly a [`NodeKind::Dff`](super::NodeKind::Dff) whose D is the Kleene multiplexer
/// `en ? d : q` (which for en = 0 gives d if d equals q, else 0), as a register with a load
/// enable is built from a flip-flop and a multiplexer feeding Q back to D. For a known EN it
/// is immediate. For EN = 0 the multiplexer gives m = d if d = q, else 0: where the clock
/// cannot rise both keep q; where it rises, n = d and the flip-flop takes m: both give q if
/// d = q and 0 otherwise; where it may rise, d = q gives n = m = q and both keep q, and d ≠ q
/// gives n = m = 0, so both give 0 (which is q when q = 0). The test over all 3⁵ cases is
/// `dffe_is_a_dff_behind_a_kleene_multiplexer` in `kind`'s tests.
///
/// ```
/// use sim_core::Trit::{False as F, True as T, Unknown as X};
/// use sim_core::kind::dffe_next;
///
/// assert_eq!(dffe_next(F, T, T, F, T), T); // enabled: a rising edge loads D
/// assert_eq!(dffe_next(F, T, T, F, F), F); // disabled: the edge is ignored
/// assert_eq!(dffe_next(F, T, T, F, X), X); // maybe enabled, D ≠ Q: unknown
/// assert_eq!(dffe_next(F, T, T, T, X), T); // maybe enabled, D = Q: nothing can change
/// ```
#[inline]
pub fn dffe_next(prev: Trit, clk: Trit, d: Trit, q: Trit, en: Trit) -> Trit {
    let next = dff_next(prev, clk, d, q);
    match en {
        Trit::True => next,
        Trit::False => q,
        Trit::Unknown if next == q => q,
        Trit::Unknown => Trit::Unknown,
    }
}

/// Whether a clock going from `prev` to `clk` may be a rising edge: −1 → +1, or a change that
/// may be one (−1 → 0, 0 → +1). On any other change, or none, a positive-edge flip-flop holds
/// ([`dff_next`] gives `q`) and a RAM writes nothing
/// ([`write_enable`](crate::memory::write_enable) is −1).
#[inline]
pub(crate) fn may_rise(prev: Trit, clk: Trit) -> bool {
    matches!(
        (prev, clk),
        (Trit::False, Trit::True | Trit::Unknown) | (Trit::Unknown, Trit::True)
    )
}
