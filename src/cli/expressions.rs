//! What `synth` and `analyze expr` print of a minimised function: per form, a heading with
//! whether the cover is proven minimal and its size, then one line per output.
//!
//! ```text
//! inputs: A B Cin
//! sum of products (exact; 7 terms, 21 literals):
//!   S    = ¬A·¬B·Cin + ¬A·B·¬Cin + A·¬B·¬Cin + A·B·Cin
//!   Cout = A·B + A·Cin + B·Cin
//! ```
//!
//! The terms are the distinct products (or sums) of the cover: one that two outputs share
//! counts once. As JSON, a form is
//! `{"exactness": "exact", "terms": 7, "literals": 21, "outputs": [{"name": "S", "expr": "…"}, …]}`.

use std::io::Write;

use anyhow::Result;
use serde::Serialize;
use synth::{Cover, Form};

use super::console::plural;

/// `sum of products` or `product of sums`.
fn form_name(form: Form) -> &'static str {
    match form {
        Form::SumOfProducts => "sum of products",
        Form::ProductOfSums => "product of sums",
    }
}

/// Writes `inputs: A B C` (`inputs: none` for a constant function).
///
/// # Errors
/// If writing fails.
pub fn write_inputs(inputs: &[String], out: &mut dyn Write) -> Result<()> {
    let list = if inputs.is_empty() {
        "none".to_owned()
    } else {
        inputs.join(" ")
    };
    writeln!(out, "inputs: {list}")?;
    Ok(())
}

/// Writes the cover's heading and one line per output, the names aligned.
///
/// # Errors
/// If writing fails.
pub fn write_cover(cover: &Cover, out: &mut dyn Write) -> Result<()> {
    writeln!(
        out,
        "{} ({}; {}, {}):",
        form_name(cover.form),
        cover.exactness.label(),
        plural(cover.terms.len() as u64, "term"),
        plural(cover.literals(), "literal")
    )?;
    let width = cover
        .outputs
        .iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0);
    for (k, name) in cover.outputs.iter().enumerate() {
        writeln!(out, "  {name:<width$} = {}", cover.expr(k))?;
    }
    Ok(())
}

/// A cover as JSON.
#[derive(Serialize)]
pub struct CoverJson {
    /// `exact` or `heuristic`.
    exactness: &'static str,
    /// The distinct terms.
    terms: usize,
    /// Their literals.
    literals: u32,
    /// Each output's expression.
    outputs: Vec<OutputJson>,
}

/// One output's expression as JSON.
#[derive(Serialize)]
struct OutputJson {
    name: String,
    expr: String,
}

impl CoverJson {
    /// The cover's JSON form.
    pub fn new(cover: &Cover) -> Self {
        Self {
            exactness: cover.exactness.label(),
            terms: cover.terms.len(),
            literals: cover.literals(),
            outputs: (cover.outputs.iter().enumerate())
                .map(|(k, name)| OutputJson {
                    name: name.clone(),
                    expr: cover.expr(k).to_string(),
                })
                .collect(),
        }
    }
}
