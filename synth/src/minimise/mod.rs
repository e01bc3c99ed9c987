//! Two-level minimisation: exact (the fewest product terms, then the fewest literals) and
//! heuristic (Espresso), for one output or several sharing terms.
//!
//! **Exact** (`exact.rs` inside; [`minimise`] and [`crate::cover::minimise_spec`] outside):
//!
//! 1. **Prime implicants** by Quine–McCluskey (W. V. Quine, "The problem of simplifying truth
//!    functions", *American Mathematical Monthly* 59(8), 1952; E. J. McCluskey, "Minimization
//!    of Boolean functions", *Bell System Technical Journal* 35(6), 1956): starting from the
//!    on-set and the don't-cares, implicants differing in one cared-for bit merge into one
//!    with that bit free, level by level; those that merge with none are prime. With several
//!    outputs each implicant carries the set of outputs it implies (its tag) and a merge keeps
//!    the outputs both halves imply: the primes are then those of every product of outputs,
//!    the multiple-output primes (T. C. Bartee, "Computer design of multiple-output logical
//!    networks", *IRE Transactions on Electronic Computers* EC-10(1), 1961).
//! 2. **The cover**: a minimum set of primes covering every on-set row of every output.
//!    Petrick's method (S. R. Petrick, "A direct determination of the irredundant forms of a
//!    Boolean function from the set of prime implicants", AFCRC-TR-56-110, 1956) multiplies out
//!    the covering condition; here the same exact answer comes from a branch and bound over
//!    it (`search.rs`), after dropping dominated primes (column dominance, McCluskey 1956):
//!    branch on the uncovered row with the fewest primes (a row with one is an essential
//!    prime, taken without a choice), bound by the terms so far plus a count of uncovered rows
//!    no two of which share a prime, and by the literals so far plus those rows' cheapest
//!    primes' literals; a greedy cover's cost caps the search until it finds a cover. The
//!    cost is the number of distinct terms (a term feeding several outputs counts once), then
//!    their literals.
//!
//! **Heuristic** (`heuristic.rs` inside): each output's on-set is covered greedily by primes
//! grown from its rows against the table's bitsets (every cube of the result lies in the
//! on-set and the don't-cares), the cover is made irredundant, and then handed, with the
//! don't-cares and the off-set as cubes, to Berkeley Espresso through the `espresso-logic`
//! crate (R. K. Brayton, G. D. Hachtel, C. T. McMullen, A. L. Sangiovanni-Vincentelli,
//! *Logic Minimization Algorithms for VLSI Synthesis*, Kluwer, 1984; R. L. Rudell and
//! A. L. Sangiovanni-Vincentelli, "Multiple-valued minimization for PLA optimization", *IEEE
//! Transactions on CAD* 6(5), 1987): its expand, irredundant and reduce loop over the
//! multiple-output cover, sharing terms between outputs.
//!
//! **Hazard-free covers** (static-1 hazards of single-input changes; E. B. Eichelberger,
//! "Hazard detection in combinational and sequential switching circuits", *IBM Journal of
//! Research and Development* 9(2), 1965): every pair of adjacent on-set rows of an output lies
//! in one of that output's terms. Exact mode adds each pair as a requirement of the covering
//! problem (the minimum among hazard-free covers by primes); the heuristic adds, for each pair
//! its cover misses, a prime grown from the pair (a consensus term).
//!
//! The product of sums is the dual: the complement's cover, each term complemented by De
//! Morgan into a sum (and, hazard-free, static-0 hazards: adjacent off-set rows).
//!
//! **Limits**, so that no call hangs: tables have at most [`MAX_INPUTS`] inputs; prime
//! generation stops past [`Limits::implicants`] implicants, the cover search past
//! [`Limits::search_nodes`] branches and both past [`Limits::time`], each with a
//! [`MinimiseError`] ([`Mode::Auto`](crate::cover::Mode::Auto) falls back to the heuristic
//! there). With the [default](Limits::DEFAULT) limits, 2^20 each, prime generation finishes
//! for up to 12 inputs when time allows (a function of n inputs has at most 3^n implicants of
//! all sizes; 3^12 = 531,441). Before the search, primes dominated by another (covering no
//! requirement it misses, with no more literals) are dropped; the search itself is not
//! reduced further, so random functions of 9 or more inputs with many don't-cares (of 6 or
//! more with 4 outputs) often reach the time or branch limit, where random 8-input ones
//! finish in tens of milliseconds of a release build. The heuristic's greedy cover is linear in the rows times the
//! terms' sizes; Espresso runs on it while the cover's cubes times the cubes of the cover
//! and the off-set together stay within [`Limits::espresso_work`] (its expand step compares
//! cover and off-set, irredundant and reduce the cover with itself), else the greedy cover is
//! the result — so a dense random 16-input table returns in a second rather than hours.
//!
//! [`MAX_INPUTS`]: crate::table::MAX_INPUTS

#![allow(
    clippy::doc_markdown,
    reason = "the citations name McCluskey, Bartee, Eichelberger and Espresso, no code item"
)]

mod exact;
mod heuristic;
mod search;

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::expr::Expr;
use crate::table::TruthTable;

pub(crate) use exact::exact_cover;
pub(crate) use heuristic::heuristic_cover;

/// How far minimisation may go before it gives up (exact) or settles (heuristic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most implicants (of every size, summed over the merge levels) exact prime
    /// generation makes.
    pub implicants: usize,
    /// The most branches the exact cover search takes.
    pub search_nodes: usize,
    /// The longest exact minimisation may take (prime generation and the cover search
    /// together), or `None` for no time limit (the other limits still bound it).
    pub time: Option<Duration>,
    /// The most work handed to Espresso by the heuristic: its input cover's cubes times the
    /// cubes of that cover and the off-set together; past it the heuristic's greedy prime
    /// cover stands unimproved.
    pub espresso_work: u64,
}

impl Limits {
    /// 2^20 implicants, 2^20 branches, 2 seconds, and 2^23 cube pairs for Espresso (a
    /// structured 20-input, 4-output table at 6.7 million pairs takes Espresso under a
    /// second of a release build; a dense random 12-input, 4-output one, at 9.5 million, took
    /// 3 s and is left to the greedy cover).
    pub const DEFAULT: Self = Self {
        implicants: 1 << 20,
        search_nodes: 1 << 20,
        time: Some(Duration::from_secs(2)),
        espresso_work: 1 << 23,
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
    /// Exact minimisation took longer than [`Limits::time`].
    #[error("past its time budget of {budget:?}: too slow for exact minimisation")]
    OutOfTime {
        /// The time budget passed.
        budget: Duration,
    },
}

/// The time budget of one minimisation: [`Limits::time`] from its start.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deadline {
    start: Instant,
    budget: Option<Duration>,
}

impl Deadline {
    /// The budget of `limits`, counted from now.
    pub(crate) fn start(limits: Limits) -> Self {
        Self {
            start: Instant::now(),
            budget: limits.time,
        }
    }

    /// [`MinimiseError::OutOfTime`] once the budget is spent.
    pub(crate) fn check(self) -> Result<(), MinimiseError> {
        match self.budget {
            Some(budget) if self.start.elapsed() > budget => {
                Err(MinimiseError::OutOfTime { budget })
            }
            _ => Ok(()),
        }
    }
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

impl Implicant {
    /// The cube of every row: the product of no literals.
    pub(crate) fn universe() -> Self {
        Self { ones: 0, care: 0 }
    }

    /// The cube of one row of a table of `width` inputs.
    pub(crate) fn minterm(row: u32, width: usize) -> Self {
        Self {
            ones: row,
            care: full_mask(width),
        }
    }

    /// Whether every row of `self` is a row of `other`.
    pub(crate) fn within(self, other: Self) -> bool {
        self.care & other.care == other.care && self.ones & other.care == other.ones
    }

    /// The rows of the term among the `2^width` rows of a table, in no particular order.
    pub(crate) fn rows(self, width: usize) -> impl Iterator<Item = u32> {
        let free = full_mask(width) & !self.care;
        let mut next = Some(free);
        std::iter::from_fn(move || {
            let subset = next?;
            next = (subset != 0).then(|| (subset - 1) & free);
            Some(self.ones | subset)
        })
    }
}

/// The row-number bits of `width` inputs.
pub(crate) fn full_mask(width: usize) -> u32 {
    u32::try_from((1u64 << width) - 1).unwrap_or(u32::MAX)
}

/// One product term of a multiple-output cover and the outputs it feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Term {
    /// The product (for [`Form::ProductOfSums`], the product whose complement is the sum).
    pub cube: Implicant,
    /// Bit `k` set when the term feeds output `k` (outputs in [`Spec`](crate::Spec) order).
    pub outputs: u64,
}

/// Every pair of adjacent rows (one input apart) both in `table`'s on-set, as the cube of
/// the two: the requirements of a hazard-free cover.
pub(crate) fn adjacent_on_pairs(table: &TruthTable) -> Vec<Implicant> {
    let width = table.inputs().len();
    let on = |row: u32| table.value(row) == crate::table::Value::One;
    let mut pairs = Vec::new();
    for row in (0..table.rows()).filter(|&row| on(row)) {
        for bit in (0..width).map(|b| 1u32 << b) {
            if row & bit == 0 && on(row | bit) {
                let care = full_mask(width) & !bit;
                pairs.push(Implicant {
                    ones: row & care,
                    care,
                });
            }
        }
    }
    pairs
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
    let target = match form {
        Form::SumOfProducts => table.clone(),
        Form::ProductOfSums => table.complement(),
    };
    let mut terms: Vec<Implicant> = exact_cover(&[target], false, limits)?
        .into_iter()
        .map(|term| term.cube)
        .collect();
    terms.sort_unstable();
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
    let limits = Limits {
        implicants: max_implicants,
        time: None,
        ..Limits::DEFAULT
    };
    let primes = exact::primes(std::slice::from_ref(table), limits, Deadline::start(limits))?;
    Ok(primes.into_iter().map(|prime| prime.cube).collect())
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
        let untimed = Limits {
            time: None,
            ..Limits::DEFAULT
        };
        assert_eq!(
            minimise_within(&t, Form::SumOfProducts, untimed),
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
