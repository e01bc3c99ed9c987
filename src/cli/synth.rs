//! `tritium synth`: a minimal two-level circuit from a truth-table file
//! ([`synth::tablefile`]) or expressions, or a state machine's circuit from its
//! state-transition table ([`synth::fsm`]).
//!
//! ```text
//! $ tritium synth --expr "S = A B' + A' B" --expr "C = A B" -o half_adder.ron
//! inputs: A B
//! sum of products (exact; 3 terms, 6 literals):
//!   S = ¬A·B + A·¬B
//!   C = A·B
//! inputs with unknowns (Kleene's logic):
//!   S: resolves 0 of the 0 patterns with unknowns the function knows (5 patterns)
//!   C: resolves 2 of the 2 patterns with unknowns the function knows (5 patterns)
//! wrote half_adder.ron: 6 gates (and-or, n-input)
//! ```
//!
//! The function is minimised ([`synth::minimise_spec`]) and printed as
//! [`super::expressions`] does; for a machine, a first line gives the states' codes
//! (`states (binary): IDLE=00 GOT1=01`, the last state bit first) and the function is the
//! next-state and output logic over the state bits and the inputs. With `-o`, the circuit is
//! built ([`synth::build::document`], [`synth::fsm::Machine::synthesise`]; named after the
//! table or machine file, else the output file) and written, and a last line counts its
//! gates (and flip-flops). Before it, for a table or expressions, how the circuit answers
//! inputs with unknowns against the function's Kleene extension ([`synth::ternary`]: of the
//! patterns with unknowns whose every cared-for completion agrees, how many the circuit
//! resolves, and one it does not), up to [`synth::ternary::MAX_TERNARY_INPUTS`] inputs. With `-o -` the document goes to standard output and the report
//! to standard error. A file's error names the file, line and column; an expression's
//! names the `--expr` and the column: both are bad input, exit status 2.

use std::io::Write;
use std::path::Path;

use anyhow::{Context as _, Result};
use sim_core::Role;
use sim_core::format::{self, Document};
use synth::build::{self, FanIn, Gates, Style};
use synth::fsm::{Assignment, Machine, Settings};
use synth::ternary::{self, TernaryError};
use synth::{EquationError, Form, Mode, Options, Spec, minimise_spec, tablefile};

use super::args::{GateInputs, GateStyle, StateCodes, SynthArgs};
use super::console::{Console, Status, plural, write_output};
use super::expressions::{write_cover, write_inputs};
use super::load::{display_name, is_stdin};

/// Runs `tritium synth`.
///
/// # Errors
/// Bad input: a file cannot be read or parsed, an expression does not parse, the function
/// is too large to minimise or build, or the output cannot be written.
pub fn run(args: &SynthArgs, console: &mut Console<'_>) -> Result<Status> {
    let form = if args.pos {
        Form::ProductOfSums
    } else {
        Form::SumOfProducts
    };
    let mode = if args.exact {
        Mode::Exact
    } else if args.heuristic {
        Mode::Heuristic
    } else {
        Mode::Auto
    };
    let options = Options {
        form,
        mode,
        hazard_free: args.hazard_free,
        ..Options::default()
    };
    let (doc, report) = match &args.fsm {
        Some(path) => machine(path, args, options)?,
        None => function(args, options)?,
    };
    let to_stdout = args.output.as_deref().is_some_and(is_stdin);
    let out: &mut dyn Write = if to_stdout { console.err } else { console.out };
    out.write_all(&report)?;
    if let (Some(path), Some(doc)) = (&args.output, doc) {
        let text = format::to_string(&doc)?;
        write_output(path, &text, console)?;
        let out: &mut dyn Write = if to_stdout { console.err } else { console.out };
        writeln!(out, "wrote {}: {}", target(path), census(&doc, style(args)))?;
    }
    Ok(Status::Success)
}

/// The circuit of a table file's or the expressions' function (built only for `-o`), and the
/// report: the inputs, the minimised cover, and how the circuit (if built) answers inputs
/// with unknowns.
fn function(args: &SynthArgs, options: Options) -> Result<(Option<Document>, Vec<u8>)> {
    let spec = match &args.table {
        Some(path) => table_spec(path)?,
        None => expr_spec(&args.expr)?,
    };
    let cover = minimise_spec(&spec, options)?;
    let mut report = Vec::new();
    write_inputs(spec.inputs(), &mut report)?;
    write_cover(&cover, &mut report)?;
    let Some(output) = &args.output else {
        return Ok((None, report));
    };
    let name = document_name(args.table.as_deref().unwrap_or(output));
    let doc = build::document(&cover, style(args), &name)?;
    write_unknowns(&spec, &doc, &mut report)?;
    Ok((Some(doc), report))
}

/// Writes how the built circuit answers inputs with unknowns against the function's Kleene
/// extension ([`ternary::report`]), one line per output; past
/// [`ternary::MAX_TERNARY_INPUTS`] inputs, that it is not reported.
fn write_unknowns(spec: &Spec, doc: &Document, out: &mut dyn Write) -> Result<()> {
    match ternary::report(spec, &doc.circuit) {
        Ok(report) => {
            writeln!(out, "inputs with unknowns (Kleene's logic):")?;
            for line in report.to_string().lines() {
                writeln!(out, "  {line}")?;
            }
        }
        Err(TernaryError::TooManyInputs { .. }) => writeln!(
            out,
            "inputs with unknowns: not reported past {} inputs",
            ternary::MAX_TERNARY_INPUTS
        )?,
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// The circuit of a state machine, and the report: the states' codes, the logic's inputs
/// and its minimised cover.
fn machine(path: &Path, args: &SynthArgs, options: Options) -> Result<(Option<Document>, Vec<u8>)> {
    let name = display_name(path);
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
    let machine = Machine::parse(&text).with_context(|| name.clone())?;
    let settings = Settings {
        assignment: assignment(args.assignment),
        style: style(args),
        options,
    };
    let synthesis = machine
        .synthesise(&settings, &document_name(path))
        .with_context(|| name.clone())?;
    let encoding = &synthesis.encoding;
    let codes: Vec<String> = (machine.states().iter().zip(&encoding.codes))
        .map(|(state, code)| format!("{}={code:0width$b}", state.name, width = encoding.bits))
        .collect();
    let mut report = Vec::new();
    let assignment = encoding.assignment.label();
    writeln!(report, "states ({assignment}): {}", codes.join(" "))?;
    write_inputs(&synthesis.cover.inputs, &mut report)?;
    write_cover(&synthesis.cover, &mut report)?;
    Ok((Some(synthesis.document), report))
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

/// The state assignment `--assignment` chooses (binary by default).
fn assignment(codes: Option<StateCodes>) -> Assignment {
    match codes {
        None | Some(StateCodes::Binary) => Assignment::Binary,
        Some(StateCodes::Gray) => Assignment::Gray,
        Some(StateCodes::OneHot) => Assignment::OneHot,
    }
}

/// A document's name: the file's stem (`synth` for standard output).
fn document_name(path: &Path) -> String {
    match path.file_stem() {
        Some(stem) if !is_stdin(path) => stem.to_string_lossy().into_owned(),
        _ => "synth".to_owned(),
    }
}

/// Where the document went, as the report names it.
fn target(path: &Path) -> String {
    if is_stdin(path) {
        "standard output".to_owned()
    } else {
        display_name(path)
    }
}

/// `12 gates, 2 flip-flops (nand, 2-input)`: the built circuit's gates (and flip-flops, if
/// any) and its style.
fn census(doc: &Document, style: Style) -> String {
    let kinds = || doc.circuit.nodes().map(|(_, node)| node.kind);
    let flip_flops = kinds().filter(|kind| kind.is_flip_flop()).count();
    let gates = kinds()
        .filter(|kind| kind.role() == Role::Gate && !kind.is_flip_flop())
        .count();
    let mut parts = vec![plural(gates as u64, "gate")];
    if flip_flops > 0 {
        parts.push(plural(flip_flops as u64, "flip-flop"));
    }
    let (gates, fan_in) = (style.gates.name(), style.fan_in.name());
    format!("{} ({gates}, {fan_in}-input)", parts.join(", "))
}

/// The function of a table file.
fn table_spec(path: &Path) -> Result<Spec> {
    let name = display_name(path);
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
    tablefile::parse(&text).with_context(|| name)
}

/// The function of the `--expr` texts: their outputs over every variable, in the order they
/// first appear.
fn expr_spec(texts: &[String]) -> Result<Spec> {
    Spec::from_equations(texts, None).map_err(|error| {
        let context = match &error {
            EquationError::Expr { index, .. }
            | EquationError::BadName { index, .. }
            | EquationError::Unnamed { index } => format!("--expr {:?}", texts[*index]),
            EquationError::Table(_) | EquationError::Spec(_) => "--expr".to_owned(),
        };
        anyhow::Error::new(error).context(context)
    })
}
