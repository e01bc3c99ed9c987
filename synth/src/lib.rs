//! Two-level logic synthesis for Tritium (issue 41's foundation): Boolean expressions, truth
//! tables with don't-cares, and minimisation to the fewest product terms — exact where it
//! finishes within its limits, else heuristic (Espresso), for one output or several sharing
//! terms, optionally hazard-free.
//!
//! - [`expr`]: the [`Expr`] syntax tree; [`Expr::parse`] reads `A·B + ¬C` and the ASCII forms
//!   `A & B | !C`, `A B + C'`, `~A` (typed [`ExprError`]s name the column), and its
//!   [`Display`](std::fmt::Display) prints the `A·B + ¬C` form back.
//! - [`table`]: a [`TruthTable`] of one output over at most [`MAX_INPUTS`] inputs, with
//!   on-, off- and don't-care sets, from an expression or from rows.
//! - [`minimise`](mod@minimise): exact minimisation by Quine–McCluskey and a branch and bound
//!   over the prime cover (Petrick's problem), to a sum of products or, by the dual, a product
//!   of sums — bounded in implicants, branches and time ([`Limits`]), so that a table too
//!   large for it is an error rather than a hang; and the heuristic, a greedy prime cover
//!   improved by Berkeley Espresso (Brayton et al. 1984; Rudell and Sangiovanni-Vincentelli
//!   1987) through the `espresso-logic` crate.
//! - [`spec`]: a multiple-output function, a [`Spec`] of named [`TruthTable`]s over one
//!   list of inputs; [`cover`]: its two-level [`Cover`] from [`minimise_spec`] — terms shared
//!   between outputs (exactly: the fewest distinct terms over all outputs), by [`Mode::Auto`]
//!   (exact, falling back to the heuristic and saying why in [`Cover::fallback`]),
//!   [`Mode::Exact`] or [`Mode::Heuristic`], and with [`Options::hazard_free`] free of static
//!   hazards on single-input changes.
//! - [`analyse`](mod@analyse): a circuit of the simulator (or the cone of chosen outputs) to
//!   the [`Spec`] it computes, an unknown output refused or a don't-care ([`Unknowns`]).
//! - [`tablefile`]: a [`Spec`] as a text or CSV table file ([`tablefile::parse`], with
//!   [`TableFileError`]s naming the line and column; [`tablefile::to_text`],
//!   [`tablefile::to_csv`]).
//! - [`build`]: a cover as a circuit of sim-core gates (AND–OR, NAND-only or NOR-only, any or
//!   two inputs a gate): a part, a document with its truth table as test vectors, or logic
//!   inside a part under construction.
//! - [`fsm`]: state machines — a state-transition table's text format
//!   ([`fsm::Machine::parse`]), its checks, state assignment, the machine's logic as a
//!   [`Spec`], its circuit of flip-flops and minimised logic, and its state diagram's layout.
//! - [`ternary`]: how a built circuit answers inputs with unknowns, against the function's own
//!   Kleene extension.
//!
//! The crate reads sim-core's checked circuits and their truth tables and builds sim-core
//! descriptions, but knows nothing of egui or files: callers bring text, tables and circuits
//! and write what they get.
//!
//! ```
//! use synth::{Expr, Form, TruthTable, minimise};
//!
//! // A redundant expression: the consensus term B·C adds nothing.
//! let expr = Expr::parse("A B + A' C + B C")?;
//! let table = TruthTable::from_expr(&expr)?;
//! assert_eq!(table.on_set(), [1, 3, 6, 7]);
//!
//! let minimal = minimise(&table, Form::SumOfProducts)?;
//! assert_eq!(minimal.to_expr(table.inputs()).to_string(), "¬A·C + A·B");
//! let dual = minimise(&table, Form::ProductOfSums)?;
//! assert_eq!(dual.to_expr(table.inputs()).to_string(), "(A + C)·(¬A + B)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Several outputs, hazard-free:
//!
//! ```
//! use synth::{Exactness, Expr, Options, Spec, TruthTable, minimise_spec};
//!
//! let inputs: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
//! let table = |text: &str| -> Result<TruthTable, Box<dyn std::error::Error>> {
//!     Ok(TruthTable::from_expr_over(&Expr::parse(text)?, inputs.clone())?)
//! };
//! let spec = Spec::new(vec![
//!     ("F".into(), table("A B + ¬A C")?),
//!     ("G".into(), table("A B")?),
//! ])?;
//! let options = Options { hazard_free: true, ..Options::default() };
//! let cover = minimise_spec(&spec, options)?;
//! assert_eq!(cover.exactness, Exactness::Exact);
//! // B·C keeps F steady when A changes with B = C = 1; A·B feeds both outputs.
//! assert_eq!(cover.expr(0).to_string(), "¬A·C + B·C + A·B");
//! assert_eq!(cover.expr(1).to_string(), "A·B");
//! assert_eq!(cover.terms.len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analyse;
pub mod build;
pub mod cover;
pub mod expr;
pub mod fsm;
pub mod minimise;
pub mod spec;
pub mod table;
pub mod tablefile;
pub mod ternary;

pub use analyse::{AnalyseError, Unknowns, analyse};
pub use cover::{Cover, Exactness, Mode, Options, Term, minimise_spec};

pub use expr::{Expected, Expr, ExprError, MAX_NESTING};
pub use minimise::{
    Form, Implicant, Limits, Minimal, MinimiseError, minimise, minimise_within, prime_implicants,
};
pub use spec::{EquationError, MAX_OUTPUTS, Spec, SpecError};
pub use table::{MAX_INPUTS, TableError, TruthTable, Value};
pub use tablefile::TableFileError;
