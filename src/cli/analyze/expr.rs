//! `tritium analyze expr`: a circuit's minimal expressions ([`synth::analyse()`], then
//! [`synth::minimise_spec`] in both forms).
//!
//! ```text
//! inputs: A B Cin
//! sum of products (exact; 7 terms, 21 literals):
//!   S    = ¬A·¬B·Cin + ¬A·B·¬Cin + A·¬B·¬Cin + A·B·Cin
//!   Cout = A·B + A·Cin + B·Cin
//! product of sums (exact; 7 terms, 21 literals):
//!   S    = (A + B + Cin)·(A + ¬B + ¬Cin)·(¬A + B + ¬Cin)·(¬A + ¬B + Cin)
//!   Cout = (A + B)·(A + Cin)·(B + Cin)
//! ```
//!
//! With `--format json`: `{"inputs": [...], "sop": COVER, "pos": COVER}`, each cover as
//! [`super::super::expressions`] gives it. Exit status 0, or 2 for bad input (an unknown
//! output, a cone too large, an output unknown for binary inputs).

use anyhow::{Context as _, Result};
use serde::Serialize;
use synth::{Form, Options, Unknowns, minimise_spec};

use super::super::args::{ExprArgs, Format};
use super::super::console::{Console, Status};
use super::super::expressions::{CoverJson, write_cover, write_inputs};
use super::super::load::load;

/// The JSON document.
#[derive(Serialize)]
struct ReportJson<'a> {
    inputs: &'a [String],
    sop: CoverJson,
    pos: CoverJson,
}

/// Runs `tritium analyze expr`.
///
/// # Errors
/// Bad input: the file cannot be loaded, an output does not exist, the cone is too large,
/// an output is unknown for binary inputs, or minimisation passes its limits.
pub fn run(args: &ExprArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file, &args.load)?;
    let unknowns = if args.unknown_as_dont_care {
        Unknowns::DontCare
    } else {
        Unknowns::Refuse
    };
    let spec = synth::analyse(&loaded.doc.circuit, &args.outputs, unknowns)
        .with_context(|| loaded.name.clone())?;
    let [sop, pos] = [Form::SumOfProducts, Form::ProductOfSums].map(|form| {
        let options = Options {
            form,
            ..Options::default()
        };
        minimise_spec(&spec, options).with_context(|| loaded.name.clone())
    });
    let (sop, pos) = (sop?, pos?);
    if args.format == Format::Json {
        let report = ReportJson {
            inputs: spec.inputs(),
            sop: CoverJson::new(&sop),
            pos: CoverJson::new(&pos),
        };
        serde_json::to_writer_pretty(&mut *console.out, &report)?;
        writeln!(console.out)?;
    } else {
        write_inputs(spec.inputs(), console.out)?;
        write_cover(&sop, console.out)?;
        write_cover(&pos, console.out)?;
    }
    Ok(Status::Success)
}
