//! `tritium analyze hazards`: static and dynamic hazards of a combinational circuit
//! ([`sim_core::analysis::hazard`]), for one transition (`--from V1 --to V2`) or every
//! single-input change (`--all-single`).
//!
//! Vectors are assignments as `--set` writes them (`A=-1,B=+1,S=+1`; a bus takes a number),
//! and are printed the same way, one value per input. A static hazard of a two-level output
//! is followed by the consensus term that removes it. Text by default, one line per output;
//! `--json` (or `--format json`) one JSON document. Exit status 0 without hazards, 1 with
//! hazards, 2 for bad input (an unreadable file, a vector that does not fit, a loop, a
//! flip-flop or a RAM).

use anyhow::{Context as _, Result};
use serde_json::{Value, json};
use sim_core::analysis::hazard::{
    HazardAnalysis, HazardKind, OutputReport, SweepOptions, SweepReport, TransitionReport, Which,
};
use sim_core::{Circuit, NodeId};

use super::super::args::{Format, HazardArgs};
use super::super::console::{Console, Status, plural};
use super::super::load::load;

/// Runs `tritium analyze hazards`.
///
/// # Errors
/// Bad input: the file cannot be loaded, a vector is malformed or does not fit, the circuit
/// has a loop, a flip-flop or a RAM.
pub fn run(args: &HazardArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file, &args.load)?;
    let circuit = &loaded.doc.circuit;
    let analysis = HazardAnalysis::new(circuit).with_context(|| loaded.name.clone())?;
    let json = args.json || args.format == Format::Json;
    let hazards = if let (Some(from), Some(to)) = (&args.from, &args.to) {
        let from = analysis.vector(Which::From, &from.0).context("--from")?;
        let to = analysis.vector(Which::To, &to.0).context("--to")?;
        let report = analysis
            .transition(&from, &to)
            .with_context(|| loaded.name.clone())?;
        if json {
            let doc = transition_json(circuit, &analysis, &loaded.name, &report);
            writeln!(console.out, "{doc:#}")?;
        } else {
            transition_text(circuit, &analysis, &loaded.name, &report, console)?;
        }
        report.hazards().count() as u64
    } else {
        let defaults = SweepOptions::default();
        let options = SweepOptions {
            samples: args.samples.unwrap_or(defaults.samples),
            seed: args.seed.unwrap_or(defaults.seed),
            examples: args.examples,
            ..defaults
        };
        let report = analysis
            .all_single(&options)
            .with_context(|| loaded.name.clone())?;
        if json {
            let doc = sweep_json(circuit, &analysis, &loaded.name, &report);
            writeln!(console.out, "{doc:#}")?;
        } else {
            sweep_text(circuit, &analysis, &loaded.name, &report, console)?;
        }
        report
            .outputs
            .iter()
            .map(|o| o.static_hazards + o.dynamic_hazards)
            .sum()
    };
    Ok(if hazards > 0 {
        Status::Failed
    } else {
        Status::Success
    })
}

fn label(circuit: &Circuit, id: NodeId) -> &str {
    circuit.node(id).map_or("?", |n| n.label.as_str())
}

fn labels<'c>(circuit: &'c Circuit, ids: &[NodeId]) -> Vec<&'c str> {
    ids.iter().map(|&id| label(circuit, id)).collect()
}

/// `Y: +1 → 0 → +1 (2 changes): static hazard through NotS, AndA, AndB, OR1, Y`.
fn output_line(circuit: &Circuit, o: &OutputReport) -> String {
    let changes = o
        .changes
        .map_or_else(|| "changes undecided".to_owned(), |c| plural(c, "change"));
    let verdict = match o.hazard {
        Some(kind) => format!(
            "{kind} hazard through {}",
            labels(circuit, &o.nodes).join(", ")
        ),
        None => "no hazard".to_owned(),
    };
    format!(
        "{}: {} → {} → {} ({changes}): {verdict}",
        label(circuit, o.output),
        o.before,
        o.during,
        o.after
    )
}

fn transition_text(
    circuit: &Circuit,
    analysis: &HazardAnalysis,
    name: &str,
    report: &TransitionReport,
    console: &mut Console<'_>,
) -> Result<()> {
    let changing = labels(circuit, &report.changing);
    writeln!(
        console.out,
        "{name}: {} → {} ({} changing{})",
        analysis.assignments_text(&report.from),
        analysis.assignments_text(&report.to),
        plural(changing.len() as u64, "input"),
        if changing.is_empty() {
            String::new()
        } else {
            format!(": {}", changing.join(", "))
        }
    )?;
    for o in &report.outputs {
        writeln!(console.out, "{}", output_line(circuit, o))?;
        if let Some(term) = &o.consensus {
            writeln!(
                console.out,
                "  the consensus term {} removes it",
                term.describe(circuit)
            )?;
        }
    }
    let hazards = report.hazards().count() as u64;
    writeln!(console.out, "{}", count_line(hazards, "hazard"))?;
    Ok(())
}

fn count_line(count: u64, noun: &str) -> String {
    if count == 0 {
        format!("no {noun}s")
    } else {
        plural(count, noun)
    }
}

fn transition_json(
    circuit: &Circuit,
    analysis: &HazardAnalysis,
    name: &str,
    report: &TransitionReport,
) -> Value {
    let outputs: Vec<Value> = report
        .outputs
        .iter()
        .map(|o| {
            json!({
                "output": label(circuit, o.output),
                "before": o.before.to_i8(),
                "during": o.during.to_i8(),
                "after": o.after.to_i8(),
                "changes": o.changes,
                "hazard": o.hazard.map(|k| k.to_string()),
                "nodes": labels(circuit, &o.nodes),
                "consensus": o.consensus.as_ref().map(|t| t.describe(circuit)),
            })
        })
        .collect();
    json!({
        "file": name,
        "from": analysis.assignments_text(&report.from),
        "to": analysis.assignments_text(&report.to),
        "changing": labels(circuit, &report.changing),
        "outputs": outputs,
        "hazards": report.hazards().count(),
    })
}

fn sweep_text(
    circuit: &Circuit,
    analysis: &HazardAnalysis,
    name: &str,
    report: &SweepReport,
    console: &mut Console<'_>,
) -> Result<()> {
    let scope = match report.sampled {
        Some(seed) => format!(
            "sampled: {} of the 2^{} vectors (seed {seed})",
            report.vectors, report.inputs
        ),
        None => format!(
            "all {} of {}",
            plural(report.vectors, "vector"),
            plural(report.inputs as u64, "input")
        ),
    };
    writeln!(
        console.out,
        "{name}: every single-input change, {scope}: {}",
        plural(report.transitions, "transition")
    )?;
    let mut total = 0;
    for o in &report.outputs {
        total += o.static_hazards + o.dynamic_hazards;
        writeln!(
            console.out,
            "{}: {} static, {} dynamic",
            label(circuit, o.output),
            o.static_hazards,
            o.dynamic_hazards
        )?;
        for e in &o.examples {
            writeln!(
                console.out,
                "  {:<7} {} ↔ {} ({})",
                e.kind.to_string(),
                analysis.assignments_text(&e.from),
                analysis.assignments_text(&e.to),
                label(circuit, e.input)
            )?;
        }
    }
    writeln!(console.out, "{}", count_line(total, "hazardous transition"))?;
    Ok(())
}

fn sweep_json(
    circuit: &Circuit,
    analysis: &HazardAnalysis,
    name: &str,
    report: &SweepReport,
) -> Value {
    let kind = |k: HazardKind| k.to_string();
    let outputs: Vec<Value> = report
        .outputs
        .iter()
        .map(|o| {
            let examples: Vec<Value> = o
                .examples
                .iter()
                .map(|e| {
                    json!({
                        "kind": kind(e.kind),
                        "input": label(circuit, e.input),
                        "from": analysis.assignments_text(&e.from),
                        "to": analysis.assignments_text(&e.to),
                    })
                })
                .collect();
            json!({
                "output": label(circuit, o.output),
                "static": o.static_hazards,
                "dynamic": o.dynamic_hazards,
                "examples": examples,
            })
        })
        .collect();
    let hazards: u64 = report
        .outputs
        .iter()
        .map(|o| o.static_hazards + o.dynamic_hazards)
        .sum();
    json!({
        "file": name,
        "inputs": report.inputs,
        "vectors": report.vectors,
        "transitions": report.transitions,
        "sampled": report.sampled.is_some(),
        "seed": report.sampled,
        "outputs": outputs,
        "hazards": hazards,
    })
}
