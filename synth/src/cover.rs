//! A two-level cover of a multiple-output function: product terms, each feeding a set of
//! outputs, and whether it is proven minimal.

use crate::expr::Expr;
use crate::minimise::{Form, Implicant, Limits, MinimiseError, minimise_within};
use crate::spec::Spec;

/// One product term of a [`Cover`] and the outputs it feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Term {
    /// The product (for [`Form::ProductOfSums`], the product whose complement is the sum).
    pub cube: Implicant,
    /// Bit `k` set when the term feeds output `k` (outputs in [`Spec`] order).
    pub outputs: u64,
}

/// Whether a cover is proven minimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exactness {
    /// Every output's terms are a minimum: the fewest terms, then the fewest literals.
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
}

/// How to minimise a [`Spec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Sum of products or product of sums.
    pub form: Form,
    /// How far exact minimisation may go.
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            form: Form::SumOfProducts,
            limits: Limits::DEFAULT,
        }
    }
}

/// A cover of `spec`: each output minimised exactly on its own, terms two outputs have in
/// common shared.
///
/// # Errors
///
/// A [`MinimiseError`] when an output's minimisation passes `options.limits`.
pub fn minimise_spec(spec: &Spec, options: Options) -> Result<Cover, MinimiseError> {
    let mut terms: Vec<Term> = Vec::new();
    for (k, (_, table)) in spec.outputs().iter().enumerate() {
        for cube in minimise_within(table, options.form, options.limits)?.terms {
            match terms.iter_mut().find(|term| term.cube == cube) {
                Some(term) => term.outputs |= 1 << k,
                None => terms.push(Term {
                    cube,
                    outputs: 1 << k,
                }),
            }
        }
    }
    terms.sort_unstable();
    Ok(Cover {
        inputs: spec.inputs().to_vec(),
        outputs: spec.output_names().map(str::to_owned).collect(),
        form: options.form,
        terms,
        exactness: Exactness::Exact,
    })
}

#[cfg(test)]
mod tests {
    use super::{Exactness, Options, minimise_spec};
    use crate::expr::Expr;
    use crate::minimise::Form;
    use crate::spec::Spec;
    use crate::table::TruthTable;

    fn spec(outputs: &[(&str, &str)], inputs: &[&str]) -> Spec {
        let inputs: Vec<String> = inputs.iter().map(|&s| s.to_owned()).collect();
        let outputs = outputs
            .iter()
            .map(|&(name, text)| {
                let expr = Expr::parse(text).expect("parses");
                let table = TruthTable::from_expr_over(&expr, inputs.clone()).expect("builds");
                (name.to_owned(), table)
            })
            .collect();
        Spec::new(outputs).expect("a spec")
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
}
