//! `tritium synth`: a minimal two-level circuit from a truth-table file
//! ([`synth::tablefile`]) or expressions.
//!
//! ```text
//! $ tritium synth --expr "S = A B' + A' B" --expr "C = A B" -o half_adder.ron
//! inputs: A B
//! sum of products (exact; 3 terms, 6 literals):
//!   S = ¬A·B + A·¬B
//!   C = A·B
//! ```
//!
//! The function is minimised ([`synth::minimise_spec`]) and printed as
//! [`super::expressions`] does. With `-o`, the circuit is built ([`synth::build::document`],
//! named after the table file, else the output file) and written, and a last line says how
//! many gates it has:
//!
//! ```text
//! wrote half_adder.ron: 5 gates (and-or, n-input)
//! ```
//!
//! With `-o -` the document goes to standard output and the report to standard error. A
//! table file's error names the file, line and column; an expression's names the `--expr`
//! and the column: both are bad input, exit status 2.

use std::io::Write;
use std::path::Path;

use anyhow::{Context as _, Result, bail};
use sim_core::format;
use synth::build::{self, FanIn, Gates, Style};
use synth::{Cover, Expr, Form, Options, Spec, TruthTable, minimise_spec, tablefile};

use super::args::{GateInputs, GateStyle, SynthArgs};
use super::console::{Console, Status, plural, write_output};
use super::expressions::{write_cover, write_inputs};
use super::load::{display_name, is_stdin};

/// Runs `tritium synth`.
///
/// # Errors
/// Bad input: the table cannot be read or parsed, an expression does not parse, the
/// function is too large to minimise, or the output cannot be written.
pub fn run(args: &SynthArgs, console: &mut Console<'_>) -> Result<Status> {
    let spec = match &args.table {
        Some(path) => table_spec(path)?,
        None => expr_spec(&args.expr)?,
    };
    let form = if args.pos {
        Form::ProductOfSums
    } else {
        Form::SumOfProducts
    };
    let options = Options {
        form,
        ..Options::default()
    };
    let cover = minimise_spec(&spec, options)?;
    let to_stdout = args.output.as_deref().is_some_and(is_stdin);
    let report: &mut dyn Write = if to_stdout { console.err } else { console.out };
    write_inputs(spec.inputs(), report)?;
    write_cover(&cover, report)?;
    if let Some(path) = &args.output {
        let name = args.table.as_deref().unwrap_or(path);
        write_circuit(&cover, style(args), &document_name(name), path, console)?;
    }
    Ok(Status::Success)
}

/// The build style `--style` and `--inputs` choose.
fn style(args: &SynthArgs) -> Style {
    Style {
        gates: match args.style {
            GateStyle::AndOr => Gates::AndOr,
            GateStyle::Nand => Gates::Nand,
            GateStyle::Nor => Gates::Nor,
        },
        fan_in: match args.inputs {
            GateInputs::Two => FanIn::Two,
            GateInputs::N => FanIn::Any,
        },
    }
}

/// A document's name: the file's stem (`synth` for standard output).
fn document_name(path: &Path) -> String {
    match path.file_stem() {
        Some(stem) if !is_stdin(path) => stem.to_string_lossy().into_owned(),
        _ => "synth".to_owned(),
    }
}

/// Builds the cover's circuit, writes it to `path` and reports its gates (on standard
/// error when the circuit goes to standard output).
fn write_circuit(
    cover: &Cover,
    style: Style,
    name: &str,
    path: &Path,
    console: &mut Console<'_>,
) -> Result<()> {
    let doc = build::document(cover, style, name)?;
    let text = format::to_string(&doc)?;
    write_output(path, &text, console)?;
    let gates = doc.circuit.node_count() - cover.inputs.len() - cover.outputs.len();
    let report: &mut dyn Write = if is_stdin(path) {
        console.err
    } else {
        console.out
    };
    let target = if is_stdin(path) {
        "standard output".to_owned()
    } else {
        display_name(path)
    };
    writeln!(
        report,
        "wrote {target}: {} ({}, {}-input)",
        plural(gates as u64, "gate"),
        style.gates.name(),
        style.fan_in.name()
    )?;
    Ok(())
}

/// The function of a table file.
fn table_spec(path: &Path) -> Result<Spec> {
    let name = display_name(path);
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
    Ok(tablefile::parse(&text).with_context(|| name)?)
}

/// The function of the `--expr` texts: their outputs over every variable, in the order they
/// first appear.
fn expr_spec(texts: &[String]) -> Result<Spec> {
    let mut outputs = Vec::with_capacity(texts.len());
    for text in texts {
        let output =
            output_expr(text, texts.len() == 1).with_context(|| format!("--expr {text:?}"))?;
        outputs.push(output);
    }
    let mut inputs: Vec<String> = Vec::new();
    for name in outputs.iter().flat_map(|(_, expr)| expr.variables()) {
        if !inputs.contains(&name) {
            inputs.push(name);
        }
    }
    let tables = outputs
        .into_iter()
        .map(|(name, expr)| Ok((name, TruthTable::from_expr_over(&expr, inputs.clone())?)))
        .collect::<Result<Vec<_>>>()?;
    Ok(Spec::new(tables)?)
}

/// One `--expr`: `NAME = EXPR`, or (when `alone`) a lone `EXPR` named `F`. The expression is
/// parsed with the name blanked out, so that an error's column counts in the whole text.
fn output_expr(text: &str, alone: bool) -> Result<(String, Expr)> {
    let Some((name, expr)) = text.split_once('=') else {
        if !alone {
            bail!("name each of several outputs: NAME = EXPR");
        }
        return Ok(("F".to_owned(), Expr::parse(text)?));
    };
    let name = name.trim();
    if Expr::parse(name) != Ok(Expr::var(name)) {
        bail!("`{name}` is no output name (a letter or `_`, then letters, digits or `_`)");
    }
    let prefix = text[..text.len() - expr.len()].chars().count();
    let blanked = format!("{}{expr}", " ".repeat(prefix));
    Ok((name.to_owned(), Expr::parse(&blanked)?))
}
