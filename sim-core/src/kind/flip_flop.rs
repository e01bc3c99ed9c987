//! The flip-flops' rules, written once for every engine: [`dff_next`], [`dffe_next`], the
//! JK, T and SR flip-flops' ([`jk_next`], [`t_next`], [`sr_next`]), the asynchronous set and
//! reset that override them ([`set_reset_next`]) and the [`Dffsr`](super::NodeKind::Dffsr)'s
//! rule built of them ([`dffsr_next`]) with its pin numbers, and the clock-edge test they
//! share.
//!
//! A JK, T or SR flip-flop is a [`dff_next`] whose D is its characteristic function of its
//! inputs and Q, taken in Kleene's sense: the value every known level of the unknown inputs
//! (and of an unknown Q) agrees on, else 0. Each rule's test checks it over all its cases
//! against that brute-force extension.

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

/// The next output of a positive-edge JK flip-flop whose clock went from `prev` to `clk`, with
/// inputs `j`, `k` and current output `q`. On a rising edge: J = K = −1 holds, J = +1, K = −1
/// sets (+1), J = −1, K = +1 resets (−1), J = K = +1 toggles (−Q). Otherwise, and with
/// unknowns, as [`dff_next`] with D = (J ∧ ¬Q) ∨ (¬K ∧ Q) ∨ (J ∧ ¬K) — the last, consensus
/// term keeps D known where the first two agree across an unknown Q (J = +1, K = −1 sets
/// even an unknown Q).
///
/// ```
/// use sim_core::Trit::{False as F, True as T, Unknown as X};
/// use sim_core::kind::jk_next;
///
/// assert_eq!(jk_next(F, T, T, T, F), T); // toggle
/// assert_eq!(jk_next(F, T, T, F, X), T); // set, from unknown
/// assert_eq!(jk_next(F, T, T, X, F), T); // set or toggle from −1: +1 either way
/// assert_eq!(jk_next(F, T, T, X, T), X); // set or toggle from +1: unknown
/// ```
#[inline]
pub fn jk_next(prev: Trit, clk: Trit, j: Trit, k: Trit, q: Trit) -> Trit {
    let d = j.and(q.not()).or(k.not().and(q)).or(j.and(k.not()));
    dff_next(prev, clk, d, q)
}

/// The next output of a positive-edge T (toggle) flip-flop whose clock went from `prev` to
/// `clk`, with input `t` and current output `q`: on a rising edge T = +1 toggles (−Q) and
/// T = −1 holds; an unknown T or Q gives D = T ⊕ Q unknown (toggled and held never agree).
/// Otherwise as [`dff_next`].
///
/// ```
/// use sim_core::Trit::{False as F, True as T, Unknown as X};
/// use sim_core::kind::t_next;
///
/// assert_eq!(t_next(F, T, T, F), T); // toggle
/// assert_eq!(t_next(F, T, F, T), T); // hold
/// assert_eq!(t_next(F, T, X, T), X); // maybe toggled
/// ```
#[inline]
pub fn t_next(prev: Trit, clk: Trit, t: Trit, q: Trit) -> Trit {
    dff_next(prev, clk, t.xor(q), q)
}

/// The next output of a positive-edge SR flip-flop whose clock went from `prev` to `clk`, with
/// inputs `s`, `r` and current output `q`. On a rising edge: S = R = −1 holds, S = +1, R = −1
/// sets (+1), S = −1, R = +1 resets (−1), and S = R = +1, the forbidden input, gives 0
/// (unknown: Logisim-evolution's SR flip-flop gives its error value there). Otherwise, and
/// with unknowns, as [`dff_next`] with D the Kleene extension of that list: an unknown S
/// keeps Q = +1 where R = −1 (hold and set agree), an unknown R keeps Q = −1 where S = −1,
/// and every other unknown gives 0.
///
/// ```
/// use sim_core::Trit::{False as F, True as T, Unknown as X};
/// use sim_core::kind::sr_next;
///
/// assert_eq!(sr_next(F, T, T, F, F), T); // set
/// assert_eq!(sr_next(F, T, T, T, F), X); // both: forbidden, unknown
/// assert_eq!(sr_next(F, T, X, F, T), T); // maybe set, already +1
/// ```
#[inline]
pub fn sr_next(prev: Trit, clk: Trit, s: Trit, r: Trit, q: Trit) -> Trit {
    let d = match (s, r) {
        (Trit::False, Trit::False) => q,
        (Trit::True, Trit::False) => Trit::True,
        (Trit::False, Trit::True) => Trit::False,
        (Trit::Unknown, Trit::False) if q == Trit::True => Trit::True,
        (Trit::False, Trit::Unknown) if q == Trit::False => Trit::False,
        _ => Trit::Unknown,
    };
    dff_next(prev, clk, d, q)
}

/// The output of a flip-flop with asynchronous set (preset) and reset (clear) pins, given
/// `next`, what its clocked rule ([`dff_next`] or [`dffe_next`]) gives, and the levels of
/// `set` and `reset`. For known levels:
///
/// * RESET = +1: −1, whatever SET, the clock, D and EN are — reset wins over the clock, and
///   over SET: both at +1 give −1, as in Logisim-evolution's flip-flops and as the usual
///   Verilog `if (reset) q <= 0; else if (set) q <= 1;` (the export writes that);
/// * RESET = −1, SET = +1: +1, whatever the clock does;
/// * RESET = −1, SET = −1: `next` — the pins are inactive and the clock rules.
///
/// A pin at 0 (unknown) may be either level, so the output is Kleene's: the value on which
/// every known level of the unknown pins agrees, else 0. That is, the state stays known only
/// where the held (or clocked) value and the forced value agree: SET = 0 keeps +1 and makes
/// anything else 0; RESET = 0 keeps −1 only if SET cannot force +1 (SET = −1) and `next` is
/// −1, else 0.
///
/// Justification: the rule is the gates ¬RESET ∧ (SET ∨ `next`) with Kleene's strong AND, OR
/// and NOT (Kleene, *Introduction to Metamathematics*, 1952, §64). For known levels they give
/// the list above; each input appears once in the formula, so no unknown can meet itself
/// twice, and the gates give exactly the value every known refinement agrees on. The test over all 3³ cases against the brute-force extension is
/// `set_reset_is_the_kleene_extension_of_reset_over_set_over_the_clock` in `kind`'s tests,
/// and over all 3⁷ cases with [`dffe_next`] in
/// `a_dffe_with_set_and_reset_agrees_with_every_known_level_of_its_pins`.
///
/// ```
/// use sim_core::Trit::{False as F, True as T, Unknown as X};
/// use sim_core::kind::set_reset_next;
///
/// assert_eq!(set_reset_next(X, F, F), X); // inactive: the clocked value
/// assert_eq!(set_reset_next(F, T, F), T); // set wins over the clock
/// assert_eq!(set_reset_next(T, T, T), F); // both active: reset wins
/// assert_eq!(set_reset_next(T, X, F), T); // maybe set, already +1: stays +1
/// assert_eq!(set_reset_next(F, X, F), X); // maybe set, −1: unknown
/// assert_eq!(set_reset_next(F, F, X), F); // maybe reset, −1 and no set: stays −1
/// ```
#[inline]
pub fn set_reset_next(next: Trit, set: Trit, reset: Trit) -> Trit {
    reset.not().and(set.or(next))
}

/// The input pin of a [`Dffsr`](super::NodeKind::Dffsr)'s D.
pub const DFFSR_D: usize = 0;
/// The input pin of a [`Dffsr`](super::NodeKind::Dffsr)'s clock.
pub const DFFSR_CLOCK: usize = 1;
/// The input pin of a [`Dffsr`](super::NodeKind::Dffsr)'s enable (+1 when unconnected).
pub const DFFSR_EN: usize = 2;
/// The input pin of a [`Dffsr`](super::NodeKind::Dffsr)'s asynchronous set (−1 when
/// unconnected).
pub const DFFSR_SET: usize = 3;
/// The input pin of a [`Dffsr`](super::NodeKind::Dffsr)'s asynchronous reset (−1 when
/// unconnected).
pub const DFFSR_RESET: usize = 4;

/// The output of a [`Dffsr`](super::NodeKind::Dffsr) whose clock input went from `prev` to
/// `clk`, with input `d`, current output `q` and pins `en`, `set` and `reset`:
/// [`set_reset_next`] over [`dffe_next`]. A change of SET or RESET alone (`prev` = `clk`)
/// gives [`set_reset_next`]`(q, set, reset)`: the held value, forced where a pin says so.
///
/// The result is a fixed point of the pins: with the same `set` and `reset` and no clock
/// change, evaluating again gives it back (¬R ∧ (S ∨ (¬R ∧ (S ∨ x)))) = ¬R ∧ (S ∨ x) in any
/// distributive lattice with an involution, Kleene's three values included).
///
/// ```
/// use sim_core::Trit::{False as F, True as T, Unknown as X};
/// use sim_core::kind::dffsr_next;
///
/// assert_eq!(dffsr_next(F, T, T, F, [T, F, F]), T); // enabled rising edge: loads D
/// assert_eq!(dffsr_next(F, T, T, F, [T, F, T]), F); // reset wins over the clock
/// assert_eq!(dffsr_next(T, T, F, F, [F, T, F]), T); // set acts without an edge
/// assert_eq!(dffsr_next(T, T, F, T, [T, F, X]), X); // maybe reset, +1: unknown
/// ```
#[inline]
pub fn dffsr_next(prev: Trit, clk: Trit, d: Trit, q: Trit, [en, set, reset]: [Trit; 3]) -> Trit {
    set_reset_next(dffe_next(prev, clk, d, q, en), set, reset)
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
