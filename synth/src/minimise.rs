//! Exact two-level minimisation: the fewest product terms, then the fewest literals.
//!
//! 1. **Prime implicants** by Quine–McCluskey (W. V. Quine, "The problem of simplifying truth
//!    functions", *American Mathematical Monthly* 59(8), 1952; E. J. McCluskey, "Minimization
//!    of Boolean functions", *Bell System Technical Journal* 35(6), 1956): starting from the
//!    on-set and the don't-cares, implicants differing in one cared-for bit merge into one
//!    with that bit free, level by level; those that merge with none are prime.
//! 2. **The cover**: a minimum set of primes covering every on-set row. Petrick's method
//!    (S. R. Petrick, "A direct determination of the irredundant forms of a Boolean function
//!    from the set of prime implicants", AFCRC-TR-56-110, 1956) multiplies out the covering
//!    condition; here the same exact answer comes from a branch and bound over it, after
//!    dropping dominated primes (column dominance, McCluskey 1956): branch on
//!    the uncovered row with the fewest primes (a row with one is an essential prime, taken
//!    without a choice), bound by the terms so far plus a count of uncovered rows no two of
//!    which share a prime, and by the literals so far.
//!
//! The product of sums is the dual: the complement's minimal sum of products, each term
//! complemented by De Morgan into a sum.
//!
//! **Limits**, so that no call hangs: tables have at most [`MAX_INPUTS`] inputs; prime
//! generation stops past [`Limits::implicants`] implicants and the cover search past
//! [`Limits::search_nodes`] branches, each with a [`MinimiseError`] (a later heuristic mode
//! takes over there). With the [default](Limits::DEFAULT) limits, 2^20 each, prime generation
//! always finishes for up to 12 inputs (a function of n inputs has at most 3^n implicants of
//! all sizes; 3^12 = 531,441). Before the search, primes dominated by another (covering no
//! on-set row it misses, with no more literals) are dropped; the search itself is not yet
//! reduced further, so random functions of 8 or more inputs with many don't-cares can spend
//! minutes of a debug build on it before they finish or reach the branch limit.
//!
//! [`MAX_INPUTS`]: crate::table::MAX_INPUTS

#![allow(
    clippy::doc_markdown,
    reason = "the citations name McCluskey, no code item"
)]

use std::collections::HashSet;

use thiserror::Error;

use crate::expr::Expr;
use crate::table::TruthTable;

/// How far exact minimisation may go before it gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most implicants (of every size, summed over the merge levels) prime generation
    /// makes.
    pub implicants: usize,
    /// The most branches the cover search takes.
    pub search_nodes: usize,
}

impl Limits {
    /// 2^20 implicants and 2^20 branches.
    pub const DEFAULT: Self = Self {
        implicants: 1 << 20,
        search_nodes: 1 << 20,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Why exact minimisation gave up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MinimiseError {
    /// Prime generation passed [`Limits::implicants`].
    #[error("more than {limit} implicants: too large for exact minimisation")]
    TooManyImplicants {
        /// The limit passed.
        limit: usize,
    },
    /// The cover search passed [`Limits::search_nodes`].
    #[error("the cover search passed {limit} branches: too large for exact minimisation")]
    SearchTooLarge {
        /// The limit passed.
        limit: usize,
    },
}

/// A product term (a cube): the rows whose bits under `care` equal those of `ones`.
///
/// Bits are row-number bits: with `n` inputs, input `i` is bit `n - 1 - i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Implicant {
    /// The values the cared-for bits must have (zero outside `care`).
    pub ones: u32,
    /// The bits the term names as literals.
    pub care: u32,
}

impl Implicant {
    /// Whether the term is 1 in `row`.
    pub fn covers(self, row: u32) -> bool {
        row & self.care == self.ones
    }

    /// How many literals the term has.
    pub fn literals(self) -> u32 {
        self.care.count_ones()
    }

    /// The term as a product of literals over `inputs` (an empty product is the constant 1).
    pub fn product(self, inputs: &[String]) -> Expr {
        Expr::all(self.literals_over(inputs, true))
    }

    /// The complement of the term as a sum of literals (De Morgan; an empty sum is 0).
    pub fn complemented_sum(self, inputs: &[String]) -> Expr {
        Expr::any(self.literals_over(inputs, false))
    }

    /// The term's literals in input order; with `positive` false, each complemented.
    fn literals_over(self, inputs: &[String], positive: bool) -> Vec<Expr> {
        let n = inputs.len();
        inputs
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.care >> (n - 1 - i) & 1 == 1)
            .map(|(i, name)| {
                let variable = Expr::var(name.clone());
                if (self.ones >> (n - 1 - i) & 1 == 1) == positive {
                    variable
                } else {
                    !variable
                }
            })
            .collect()
    }
}

/// Which two-level form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// An OR of ANDs; each term is a product covering on-set rows.
    SumOfProducts,
    /// An AND of ORs; each term is a product covering off-set rows, whose complement is the
    /// sum in the expression.
    ProductOfSums,
}

/// A minimal two-level expression: the fewest terms, then the fewest literals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimal {
    /// The form.
    pub form: Form,
    /// The terms, sorted: for [`Form::SumOfProducts`] the products of the cover, for
    /// [`Form::ProductOfSums`] the products covering the complement (each the complement of a
    /// sum of the expression).
    pub terms: Vec<Implicant>,
}

impl Minimal {
    /// How many literals the expression has.
    pub fn literals(&self) -> u32 {
        self.terms.iter().map(|term| term.literals()).sum()
    }

    /// The expression over `inputs` (the table's inputs): with no terms, the constant 0 (sum
    /// of products) or 1 (product of sums).
    pub fn to_expr(&self, inputs: &[String]) -> Expr {
        match self.form {
            Form::SumOfProducts => {
                Expr::any(self.terms.iter().map(|t| t.product(inputs)).collect())
            }
            Form::ProductOfSums => Expr::all(
                self.terms
                    .iter()
                    .map(|t| t.complemented_sum(inputs))
                    .collect(),
            ),
        }
    }
}

/// The minimal expression of `table` in `form` (see the [module](self) documentation),
/// within the [default limits](Limits::DEFAULT).
///
/// # Errors
///
/// A [`MinimiseError`] when prime generation or the cover search passes its limit.
pub fn minimise(table: &TruthTable, form: Form) -> Result<Minimal, MinimiseError> {
    minimise_within(table, form, Limits::DEFAULT)
}

/// [`minimise`] within `limits`.
///
/// # Errors
///
/// A [`MinimiseError`] when prime generation or the cover search passes its limit.
pub fn minimise_within(
    table: &TruthTable,
    form: Form,
    limits: Limits,
) -> Result<Minimal, MinimiseError> {
    let terms = match form {
        Form::SumOfProducts => minimum_cover(table, limits)?,
        Form::ProductOfSums => minimum_cover(&table.complement(), limits)?,
    };
    Ok(Minimal { form, terms })
}

/// Every prime implicant of `table` (on-set and don't-cares together) that covers at least
/// one on-set row, sorted.
///
/// # Errors
///
/// [`MinimiseError::TooManyImplicants`] past `max_implicants` implicants made (of every size).
pub fn prime_implicants(
    table: &TruthTable,
    max_implicants: usize,
) -> Result<Vec<Implicant>, MinimiseError> {
    let too_many = MinimiseError::TooManyImplicants {
        limit: max_implicants,
    };
    let width = table.inputs().len();
    let mut level: HashSet<Implicant> = table
        .on_set()
        .into_iter()
        .chain(table.dont_care_set())
        .map(|row| Implicant {
            ones: row,
            care: (1 << width) - 1,
        })
        .collect();
    let mut made = level.len();
    if made > max_implicants {
        return Err(too_many);
    }
    let mut primes = Vec::new();
    while !level.is_empty() {
        let (next, merged) =
            merge_level(&level, width, max_implicants - made).ok_or_else(|| too_many.clone())?;
        made += next.len();
        primes.extend(level.into_iter().filter(|term| !merged.contains(term)));
        level = next;
    }
    let on = table.on_set();
    primes.retain(|prime| on.iter().any(|&row| prime.covers(row)));
    primes.sort_unstable();
    Ok(primes)
}

/// One Quine–McCluskey step: every merge of two implicants of `level` that differ in exactly
/// one cared-for bit, and the implicants that took part in one.
/// `None` when the merges pass `budget`.
fn merge_level(
    level: &HashSet<Implicant>,
    width: usize,
    budget: usize,
) -> Option<(HashSet<Implicant>, HashSet<Implicant>)> {
    let mut next = HashSet::new();
    let mut merged = HashSet::new();
    for &term in level {
        for bit in (0..width).map(|b| 1u32 << b) {
            if term.care & bit == 0 || term.ones & bit != 0 {
                continue;
            }
            let partner = Implicant {
                ones: term.ones | bit,
                care: term.care,
            };
            if level.contains(&partner) {
                next.insert(Implicant {
                    ones: term.ones,
                    care: term.care & !bit,
                });
                merged.insert(term);
                merged.insert(partner);
                if next.len() > budget {
                    return None;
                }
            }
        }
    }
    Some((next, merged))
}

/// A minimum cover of `table`'s on-set by its prime implicants, sorted.
fn minimum_cover(table: &TruthTable, limits: Limits) -> Result<Vec<Implicant>, MinimiseError> {
    let on = table.on_set();
    let primes = undominated(&prime_implicants(table, limits.implicants)?, &on);
    let rows: Vec<Vec<usize>> = on
        .into_iter()
        .map(|row| {
            (0..primes.len())
                .filter(|&p| primes[p].covers(row))
                .collect()
        })
        .collect();
    let mut search = CoverSearch {
        primes: &primes,
        rows: &rows,
        best: None,
        nodes: 0,
        max_nodes: limits.search_nodes,
    };
    let uncovered: Vec<usize> = (0..rows.len()).collect();
    search.branch(&mut Vec::new(), 0, &uncovered)?;
    let mut cover: Vec<Implicant> = search
        .best
        .map(|(chosen, _)| chosen.iter().map(|&p| primes[p]).collect())
        .unwrap_or_default();
    cover.sort_unstable();
    Ok(cover)
}

/// `primes` without those another prime dominates: one covering every on-set row it covers
/// with no more literals (a cover using the dominated prime stays a cover, no larger, with
/// the other instead). Of primes covering the same rows with as many literals, the first is
/// kept.
fn undominated(primes: &[Implicant], on: &[u32]) -> Vec<Implicant> {
    let covered: Vec<Vec<u32>> = primes
        .iter()
        .map(|prime| {
            on.iter()
                .copied()
                .filter(|&row| prime.covers(row))
                .collect()
        })
        .collect();
    let beats = |k: usize, j: usize| {
        let (rows_k, rows_j) = (&covered[k], &covered[j]);
        let (literals_k, literals_j) = (primes[k].literals(), primes[j].literals());
        rows_j.iter().all(|row| rows_k.binary_search(row).is_ok())
            && (literals_k < literals_j
                || literals_k == literals_j && (rows_k.len() > rows_j.len() || k < j))
    };
    (0..primes.len())
        .filter(|&j| !(0..primes.len()).any(|k| k != j && beats(k, j)))
        .map(|j| primes[j])
        .collect()
}

/// The branch and bound over the covering problem: `rows[r]` lists the primes covering
/// on-set row `r`.
struct CoverSearch<'a> {
    primes: &'a [Implicant],
    rows: &'a [Vec<usize>],
    /// The best cover found so far, with its literal count.
    best: Option<(Vec<usize>, u32)>,
    nodes: usize,
    max_nodes: usize,
}

impl CoverSearch<'_> {
    /// Extends `chosen` (primes with `literals` literals in all) to covers of `uncovered`.
    fn branch(
        &mut self,
        chosen: &mut Vec<usize>,
        literals: u32,
        uncovered: &[usize],
    ) -> Result<(), MinimiseError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(MinimiseError::SearchTooLarge {
                limit: self.max_nodes,
            });
        }
        let bound = (chosen.len() + self.disjoint_rows(uncovered), literals);
        if self
            .best
            .as_ref()
            .is_some_and(|(best, best_literals)| bound >= (best.len(), *best_literals))
        {
            return Ok(());
        }
        let Some(&row) = uncovered.iter().min_by_key(|&&row| self.rows[row].len()) else {
            self.best = Some((chosen.clone(), literals));
            return Ok(());
        };
        for &prime in &self.rows[row] {
            let term = self.primes[prime];
            let rest: Vec<usize> = uncovered
                .iter()
                .copied()
                .filter(|&r| !self.rows[r].contains(&prime))
                .collect();
            chosen.push(prime);
            self.branch(chosen, literals + term.literals(), &rest)?;
            chosen.pop();
        }
        Ok(())
    }

    /// A lower bound on the terms still needed: a greedy count of uncovered rows no two of
    /// which share a prime (each needs a term of its own).
    fn disjoint_rows(&self, uncovered: &[usize]) -> usize {
        let mut used: HashSet<usize> = HashSet::new();
        let mut count = 0;
        for &row in uncovered {
            if self.rows[row].iter().all(|prime| !used.contains(prime)) {
                used.extend(self.rows[row].iter().copied());
                count += 1;
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::{
        Form, Implicant, Limits, MinimiseError, minimise, minimise_within, prime_implicants,
    };
    use crate::expr::Expr;
    use crate::table::{TruthTable, Value};

    fn names(count: usize) -> Vec<String> {
        (0..count)
            .map(|i| char::from(b'A' + i as u8).to_string())
            .collect()
    }

    fn table(inputs: usize, on: &[u32], dont_care: &[u32]) -> TruthTable {
        let rows = on.iter().map(|&r| (r, Value::One));
        let rows = rows.chain(dont_care.iter().map(|&r| (r, Value::DontCare)));
        TruthTable::from_rows(names(inputs), rows).expect("a valid table")
    }

    /// The minimal expression in `form`, printed.
    fn minimal(table: &TruthTable, form: Form) -> (String, usize, u32) {
        let result = minimise(table, form).expect("minimises");
        let text = result.to_expr(table.inputs()).to_string();
        (text, result.terms.len(), result.literals())
    }

    #[test]
    fn the_mccluskey_example_has_its_primes() {
        // McCluskey (1956)'s worked example style: Σm(0,1,2,5,6,7) has six primes, a cyclic core.
        let t = table(3, &[0, 1, 2, 5, 6, 7], &[]);
        let primes = prime_implicants(&t, Limits::DEFAULT.implicants).expect("generates");
        assert_eq!(primes.len(), 6);
        assert!(primes.contains(&Implicant {
            ones: 0,
            care: 0b110
        })); // ¬A·¬B
        assert_eq!(minimal(&t, Form::SumOfProducts).1, 3);
    }

    #[test]
    fn a_four_input_function_needs_three_terms() {
        // Σm(0,1,2,5,6,7,8,9,10,14): ¬B·¬C covers 0,1,8,9; C·¬D covers 2,6,10,14; ¬A·B·D 5,7.
        let t = table(4, &[0, 1, 2, 5, 6, 7, 8, 9, 10, 14], &[]);
        assert_eq!(
            minimal(&t, Form::SumOfProducts),
            ("¬B·¬C + C·¬D + ¬A·B·D".to_owned(), 3, 7)
        );
    }

    #[test]
    fn dont_cares_are_used_only_where_they_help() {
        // Σm(1,3,7,11,15) + d(0,2,5) = C·D + ¬A·D, or C·D + ¬A·¬B (Mano, Digital Design, the
        // don't-care example, gives both).
        let t = table(4, &[1, 3, 7, 11, 15], &[0, 2, 5]);
        assert_eq!(
            minimal(&t, Form::SumOfProducts),
            ("¬A·D + C·D".to_owned(), 2, 4)
        );
        assert_eq!(
            minimal(&t, Form::ProductOfSums),
            ("D·(¬A + C)".to_owned(), 2, 3)
        );
    }

    #[test]
    fn constants_minimise_to_constants() {
        for (form, on, text) in [
            (Form::SumOfProducts, &[][..], "0"),
            (Form::SumOfProducts, &[0, 1, 2, 3][..], "1"),
            (Form::ProductOfSums, &[][..], "0"),
            (Form::ProductOfSums, &[0, 1, 2, 3][..], "1"),
        ] {
            assert_eq!(minimal(&table(2, on, &[]), form).0, text, "{form:?} {on:?}");
        }
    }

    #[test]
    fn the_product_of_sums_is_the_dual() {
        let expr = Expr::parse("(A + B)·(¬A + C)").expect("parses");
        let t = TruthTable::from_expr(&expr).expect("builds");
        assert_eq!(
            minimal(&t, Form::ProductOfSums),
            ("(A + B)·(¬A + C)".to_owned(), 2, 4)
        );
    }

    #[test]
    fn too_many_implicants_is_an_error_not_a_hang() {
        // All don't-care but one row: 3^16 implicants.
        let rows = (0..1 << 16).map(|r| (r, if r == 0 { Value::One } else { Value::DontCare }));
        let t = TruthTable::from_rows(names(16), rows).expect("a valid table");
        assert_eq!(
            minimise(&t, Form::SumOfProducts),
            Err(MinimiseError::TooManyImplicants { limit: 1 << 20 })
        );
    }

    #[test]
    fn a_search_past_its_branch_limit_is_an_error() {
        // Parity of 4 inputs: 8 one-minterm primes (so 8 implicants in all), each essential: 9
        // branches in all.
        let expr = Expr::parse("A·¬B + ¬A·B").expect("parses");
        let parity = Expr::parse(&format!(
            "({expr})·¬(C·¬D + ¬C·D) + ¬({expr})·(C·¬D + ¬C·D)"
        ));
        let t = TruthTable::from_expr(&parity.expect("parses")).expect("builds");
        let limits = |search_nodes| Limits {
            search_nodes,
            ..Limits::DEFAULT
        };
        let result = minimise_within(&t, Form::SumOfProducts, limits(9)).expect("within 9");
        assert_eq!((result.terms.len(), result.literals()), (8, 32));
        assert_eq!(
            minimise_within(&t, Form::SumOfProducts, limits(8)),
            Err(MinimiseError::SearchTooLarge { limit: 8 })
        );
        assert_eq!(
            minimise_within(
                &t,
                Form::SumOfProducts,
                Limits {
                    implicants: 7,
                    ..limits(9)
                }
            ),
            Err(MinimiseError::TooManyImplicants { limit: 7 })
        );
    }
}
