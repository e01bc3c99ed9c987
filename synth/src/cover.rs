//! A two-level cover of a multiple-output function: product terms, each feeding a set of
//! outputs, whether it is proven minimal, and how it was found ([`Mode`]).

use crate::expr::Expr;
pub use crate::minimise::Term;
use crate::minimise::{Form, Implicant, Limits, MinimiseError, exact_cover, heuristic_cover};
use crate::spec::Spec;
use crate::table::TruthTable;

/// Whether a cover is proven minimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exactness {
    /// The cover has the fewest distinct terms, then the fewest literals, of any two-level
    /// cover of the [`Spec`] in its form (with [`Options::hazard_free`], of any hazard-free
    /// one): terms shared between outputs count once, so with several outputs an output may
    /// use more terms than its own minimum; with one output, its minimal expression.
    Exact,
    /// A heuristic's cover: irredundant, not proven minimal.
    Heuristic,
}

impl Exactness {
    /// `exact` or `heuristic`, as the CLI and the app print it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::Heuristic => "heuristic",
        }
    }
}

/// A two-level cover of a [`Spec`]: for each output, the OR (sum of products) or AND
/// (product of sums) of the terms that feed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    /// The inputs' names, as in the [`Spec`].
    pub inputs: Vec<String>,
    /// The outputs' names, as in the [`Spec`].
    pub outputs: Vec<String>,
    /// The form every output takes.
    pub form: Form,
    /// The distinct terms, sorted; a term shared by several outputs appears once.
    pub terms: Vec<Term>,
    /// Whether the cover is proven minimal.
    pub exactness: Exactness,
    /// Why [`Mode::Auto`] fell back to the heuristic: the limit exact minimisation passed
    /// (`None` when it did not fall back).
    pub fallback: Option<MinimiseError>,
}

impl Cover {
    /// The terms feeding output `k` (in [`Spec`] order).
    pub fn terms_of(&self, k: usize) -> impl Iterator<Item = Implicant> + '_ {
        self.terms
            .iter()
            .filter(move |term| term.outputs >> k & 1 == 1)
            .map(|term| term.cube)
    }

    /// Output `k`'s expression over the inputs: with no terms, the constant 0 (sum of
    /// products) or 1 (product of sums).
    pub fn expr(&self, k: usize) -> Expr {
        match self.form {
            Form::SumOfProducts => Expr::any(
                self.terms_of(k)
                    .map(|cube| cube.product(&self.inputs))
                    .collect(),
            ),
            Form::ProductOfSums => Expr::all(
                self.terms_of(k)
                    .map(|cube| cube.complemented_sum(&self.inputs))
                    .collect(),
            ),
        }
    }

    /// Output `k`'s value on `row` (a row number as in [`crate::table`]).
    pub fn eval(&self, k: usize, row: u32) -> bool {
        let mut terms = self.terms_of(k);
        match self.form {
            Form::SumOfProducts => terms.any(|cube| cube.covers(row)),
            Form::ProductOfSums => !terms.any(|cube| cube.covers(row)),
        }
    }

    /// The total number of literals over the distinct terms (the AND gates' inputs).
    pub fn literals(&self) -> u32 {
        self.terms.iter().map(|term| term.cube.literals()).sum()
    }

    /// How the cover was found, as the CLI and the app print it: `exact`, `heuristic`, or,
    /// after a fallback, `heuristic (REASON)`, the reason as [`MinimiseError`] prints it
    /// (`heuristic (the cover search passed 1048576 branches: too large for exact
    /// minimisation)`).
    pub fn describe_exactness(&self) -> String {
        match &self.fallback {
            None => self.exactness.label().to_owned(),
            Some(reason) => format!("{} ({reason})", self.exactness.label()),
        }
    }
}

/// Which minimiser [`minimise_spec`] runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Exact where it finishes within the [`Limits`] (time included), else the heuristic,
    /// with [`Cover::fallback`] saying why.
    #[default]
    Auto,
    /// Exact only: passing a limit is an error.
    Exact,
    /// The heuristic only (Espresso): fast on large tables, not proven minimal.
    Heuristic,
}

/// How to minimise a [`Spec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Sum of products or product of sums.
    pub form: Form,
    /// How far minimisation may go.
    pub limits: Limits,
    /// Exact, heuristic, or exact with the heuristic as a fallback.
    pub mode: Mode,
    /// Keep, for every pair of adjacent on-set rows of an output (off-set rows for a product
    /// of sums), a term of that output holding both: no static hazard on a change of one
    /// input (see [`crate::minimise`](mod@crate::minimise)).
    pub hazard_free: bool,
}

impl Default for Options {
    /// Sum of products, the [default limits](Limits::DEFAULT), [`Mode::Auto`], not
    /// hazard-free.
    fn default() -> Self {
        Self {
            form: Form::SumOfProducts,
            limits: Limits::DEFAULT,
            mode: Mode::Auto,
            hazard_free: false,
        }
    }
}

/// A cover of `spec` in `options.form` by `options.mode`: exactly, the fewest distinct terms
/// (shared between outputs) then the fewest literals; heuristically, Espresso's
/// multiple-output cover.
///
/// # Errors
///
/// In [`Mode::Exact`], a [`MinimiseError`] when minimisation passes `options.limits`; the
/// other modes always give a cover.
pub fn minimise_spec(spec: &Spec, options: Options) -> Result<Cover, MinimiseError> {
    let tables: Vec<TruthTable> = spec
        .outputs()
        .iter()
        .map(|(_, table)| match options.form {
            Form::SumOfProducts => table.clone(),
            Form::ProductOfSums => table.complement(),
        })
        .collect();
    let exact = || exact_cover(&tables, options.hazard_free, options.limits);
    let heuristic = || heuristic_cover(&tables, options.hazard_free, options.limits);
    let (terms, exactness, fallback) = match options.mode {
        Mode::Exact => (exact()?, Exactness::Exact, None),
        Mode::Heuristic => (heuristic(), Exactness::Heuristic, None),
        Mode::Auto => match exact() {
            Ok(terms) => (terms, Exactness::Exact, None),
            Err(reason) => (heuristic(), Exactness::Heuristic, Some(reason)),
        },
    };
    Ok(Cover {
        inputs: spec.inputs().to_vec(),
        outputs: spec.output_names().map(str::to_owned).collect(),
        form: options.form,
        terms,
        exactness,
        fallback,
    })
}

#[cfg(test)]
mod tests {
    use super::{Exactness, Mode, Options, minimise_spec};
    use crate::minimise::{Form, Limits, MinimiseError};
    use crate::spec::Spec;
    use crate::table::{TruthTable, Value};

    fn spec(outputs: &[(&str, &str)], inputs: &[&str]) -> Spec {
        let equations: Vec<String> = outputs
            .iter()
            .map(|(name, expr)| format!("{name} = {expr}"))
            .collect();
        let inputs = inputs.iter().map(|&input| input.to_owned()).collect();
        Spec::from_equations(&equations, Some(inputs)).expect("a spec")
    }

    #[test]
    fn a_half_adder_cover_matches_its_table_in_both_forms() {
        let adder = spec(&[("S", "A ¬B + ¬A B"), ("C", "A B")], &["A", "B"]);
        for form in [Form::SumOfProducts, Form::ProductOfSums] {
            let options = Options {
                form,
                ..Options::default()
            };
            let cover = minimise_spec(&adder, options).expect("minimises");
            assert_eq!(cover.exactness, Exactness::Exact);
            for (k, (_, table)) in adder.outputs().iter().enumerate() {
                for row in 0..4 {
                    assert_eq!(
                        cover.eval(k, row),
                        table.on_set().contains(&row),
                        "{form:?}"
                    );
                }
            }
        }
        let sop = minimise_spec(&adder, Options::default()).expect("minimises");
        assert_eq!(sop.expr(0).to_string(), "¬A·B + A·¬B");
        assert_eq!(sop.expr(1).to_string(), "A·B");
        assert_eq!(sop.literals(), 6);
    }

    #[test]
    fn a_term_two_outputs_need_is_made_once() {
        let shared = spec(&[("F", "A B + C"), ("G", "A B + ¬C")], &["A", "B", "C"]);
        let cover = minimise_spec(&shared, Options::default()).expect("minimises");
        assert_eq!(cover.terms.len(), 3);
        assert_eq!(cover.terms_of(0).count(), 2);
        assert_eq!(cover.terms_of(1).count(), 2);
    }

    #[test]
    fn two_outputs_share_a_term_neither_would_choose_alone() {
        let shared = spec(
            &[("F", "A B C + ¬A C"), ("G", "A B C + A ¬B ¬C")],
            &["A", "B", "C"],
        );
        let cover = minimise_spec(&shared, Options::default()).expect("minimises");
        assert_eq!(cover.exactness, Exactness::Exact);
        // Alone: F = ¬A·C + B·C (2 terms), G = A·B·C + A·¬B·¬C (2 terms): 4 distinct terms.
        // Shared: A·B·C feeds both, F = ¬A·C + A·B·C: 3 terms.
        assert_eq!(cover.terms.len(), 3);
        assert_eq!(cover.expr(0).to_string(), "¬A·C + A·B·C");
        assert_eq!(cover.expr(1).to_string(), "A·¬B·¬C + A·B·C");
    }

    #[test]
    fn a_hazard_free_cover_keeps_the_consensus_term() {
        // A·B + ¬A·C has a static-1 hazard when A changes with B = C = 1: B·C covers the pair.
        let mux = spec(&[("F", "A B + ¬A C")], &["A", "B", "C"]);
        for mode in [Mode::Exact, Mode::Heuristic] {
            let options = |hazard_free| Options {
                mode,
                hazard_free,
                ..Options::default()
            };
            let plain = minimise_spec(&mux, options(false)).expect("minimises");
            assert_eq!(plain.terms.len(), 2, "{mode:?}");
            let safe = minimise_spec(&mux, options(true)).expect("minimises");
            assert_eq!(safe.expr(0).to_string(), "¬A·C + B·C + A·B", "{mode:?}");
        }
        // The dual: (A + B)·(¬A + C) needs (B + C) against a static-0 hazard.
        let dual = spec(&[("F", "(A + B)(¬A + C)")], &["A", "B", "C"]);
        let options = Options {
            form: Form::ProductOfSums,
            hazard_free: true,
            ..Options::default()
        };
        let safe = minimise_spec(&dual, options).expect("minimises");
        assert_eq!(safe.expr(0).to_string(), "(B + C)·(A + B)·(¬A + C)");
    }

    #[test]
    fn auto_falls_back_past_a_limit_and_says_why() {
        let parity = spec(&[("P", "A ¬B + ¬A B")], &["A", "B"]);
        let limits = Limits {
            search_nodes: 1,
            ..Limits::DEFAULT
        };
        let options = |mode| Options {
            limits,
            mode,
            ..Options::default()
        };
        let reason = MinimiseError::SearchTooLarge { limit: 1 };
        assert_eq!(
            minimise_spec(&parity, options(Mode::Exact)),
            Err(reason.clone())
        );
        let auto = minimise_spec(&parity, options(Mode::Auto)).expect("falls back");
        assert_eq!(auto.exactness, Exactness::Heuristic);
        assert_eq!(auto.fallback, Some(reason));
        assert_eq!(
            auto.describe_exactness(),
            "heuristic (the cover search passed 1 branches: too \
             large for exact minimisation)"
        );
        assert_eq!(auto.expr(0).to_string(), "¬A·B + A·¬B");
        let heuristic = minimise_spec(&parity, options(Mode::Heuristic)).expect("minimises");
        assert_eq!(
            (heuristic.exactness, heuristic.fallback),
            (Exactness::Heuristic, None)
        );
        let exact = minimise_spec(&parity, Options::default()).expect("minimises");
        assert_eq!(exact.describe_exactness(), "exact");
    }

    #[test]
    fn a_sparse_twenty_input_table_minimises_exactly() {
        let inputs: Vec<String> = (0..20).map(|i| format!("x{i}")).collect();
        let rows = [(0, Value::One), (1, Value::One), (3, Value::DontCare)];
        let table = TruthTable::from_rows(inputs, rows).expect("20 inputs");
        // Untimed, so that a loaded debug build cannot make it fall back.
        let options = Options {
            limits: Limits {
                time: None,
                ..Limits::DEFAULT
            },
            ..Options::default()
        };
        let spec = Spec::single("F", table).expect("a spec");
        let cover = minimise_spec(&spec, options).expect("minimises");
        assert_eq!(cover.exactness, Exactness::Exact);
        // Rows 0 and 1 differ in x19 only: ¬x0·…·¬x18, one term of 19 literals (the
        // don't-care row 3 is no help: row 2 is off).
        assert_eq!((cover.terms.len(), cover.literals()), (1, 19));
    }
}
