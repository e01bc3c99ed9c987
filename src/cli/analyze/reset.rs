//! `tritium analyze reset FILE --sequence "RST=+1; tick; RST=-1"`: text by default —
//!
//! ```text
//! reset sequence: CLK=-1, RESET=+1; CLK=+1; CLK=-1, RESET=-1
//! state: 2 flip-flops, 0 latches; 1 still unknown
//! flip-flop FF1 is still unknown:
//!   FF1 (flip-flop) follows its unknown D or clock: NEXT1
//!     NEXT1 is unknown through its unknown input(s) FF1
//!   loop: FF1 → NEXT1 → FF1
//!   reset: NEXT1 does not depend on RESET; NEXT0 does, through NRESET
//! ```
//!
//! then one line per RAM with unknown words; `--format json` prints one document with the
//! same content (`initialised`, `unknown` with each element's `why` links, `loops` and
//! `reset` (how each reset input reaches its next state, [`reset::Reach`]),
//! `memories`, `oscillated`). Exit status 1 if state is still unknown, 2 on bad input.

use anyhow::{Context as _, Result};
use serde::Serialize;
use sim_core::Circuit;
use sim_core::analysis::reset::{self, Element, ResetReport, Sequence};
use sim_core::analysis::why::Explanation;

use crate::cli::args::{Format, ResetArgs};
use crate::cli::console::{Console, Status, plural};
use crate::cli::load::load;

/// Runs `tritium analyze reset`.
///
/// # Errors
/// Bad input: the file cannot be read or is not a circuit, or the sequence is malformed or
/// names something the circuit does not have.
pub fn run(args: &ResetArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file, &args.load)?;
    let circuit = &loaded.doc.circuit;
    let sequence: Sequence = args
        .sequence
        .parse()
        .with_context(|| format!("{}: bad --sequence", loaded.name))?;
    let report = reset::analyze(circuit, &sequence).with_context(|| loaded.name.clone())?;
    match args.format {
        Format::Text => text(&report, &sequence, circuit, console)?,
        Format::Json => {
            serde_json::to_writer_pretty(&mut *console.out, &json(&report, &sequence, circuit))?;
            writeln!(console.out)?;
        }
    }
    let failed = !report.is_initialised() || (args.memories && report.unknown_words() > 0);
    Ok(if failed {
        Status::Failed
    } else {
        Status::Success
    })
}

/// The label of `id`.
fn label(circuit: &Circuit, id: sim_core::NodeId) -> &str {
    circuit.node(id).map_or("?", |n| n.label.as_str())
}

/// An element's kind and nodes.
fn element<'c>(e: &Element, circuit: &'c Circuit) -> (&'static str, Vec<&'c str>) {
    match e {
        Element::FlipFlop(f) => ("flip-flop", vec![label(circuit, *f)]),
        Element::Latch(nodes) => ("latch", nodes.iter().map(|&n| label(circuit, n)).collect()),
    }
}

/// Prints the report for people.
fn text(
    report: &ResetReport,
    sequence: &Sequence,
    circuit: &Circuit,
    console: &mut Console<'_>,
) -> Result<()> {
    let out = &mut console.out;
    writeln!(out, "reset sequence: {sequence}")?;
    writeln!(
        out,
        "state: {}, {}; {} still unknown",
        plural(report.flip_flops as u64, "flip-flop"),
        match report.latches {
            1 => "1 latch".to_owned(),
            n => format!("{n} latches"),
        },
        report.unknown.len()
    )?;
    for u in &report.unknown {
        let (kind, nodes) = element(&u.element, circuit);
        writeln!(out, "{kind} {} is still unknown:", nodes.join(", "))?;
        for w in &u.why.links {
            writeln!(out, "  {}{}", "  ".repeat(w.depth), w.describe(circuit))?;
        }
        for l in &u.why.loops {
            let mut path: Vec<&str> = l.iter().map(|&n| label(circuit, n)).collect();
            path.push(path[0]);
            writeln!(out, "  loop: {}", path.join(" → "))?;
        }
        for r in &u.reset {
            writeln!(out, "  reset: {}", r.describe(circuit))?;
        }
        if u.why.truncated {
            writeln!(
                out,
                "  (cut after {} nodes)",
                sim_core::analysis::why::MAX_NODES
            )?;
        }
    }
    for m in &report.memories {
        writeln!(
            out,
            "RAM {}: {} of {} words unknown (a reset does not clear memory)",
            m.label,
            m.unknown.len(),
            m.words
        )?;
    }
    if !report.oscillated.is_empty() {
        let nodes: Vec<&str> = report
            .oscillated
            .iter()
            .map(|&n| label(circuit, n))
            .collect();
        writeln!(
            out,
            "oscillated (resolved to unknown): {}",
            nodes.join(", ")
        )?;
    }
    Ok(())
}

/// The JSON document of `analyze reset --format json`.
#[derive(Serialize)]
struct ReportJson<'c> {
    sequence: String,
    flip_flops: usize,
    latches: usize,
    initialised: bool,
    unknown: Vec<UnknownJson<'c>>,
    memories: Vec<MemoryJson>,
    oscillated: Vec<&'c str>,
}

#[derive(Serialize)]
struct UnknownJson<'c> {
    element: &'static str,
    nodes: Vec<&'c str>,
    why: Vec<WhyJson<'c>>,
    loops: Vec<Vec<&'c str>>,
    reset: Vec<String>,
    truncated: bool,
}

#[derive(Serialize)]
struct WhyJson<'c> {
    node: &'c str,
    depth: usize,
    origin: bool,
    because: String,
}

#[derive(Serialize)]
struct MemoryJson {
    label: String,
    words: usize,
    unknown: Vec<usize>,
}

fn json<'c>(report: &ResetReport, sequence: &Sequence, circuit: &'c Circuit) -> ReportJson<'c> {
    let why = |e: &Explanation| -> Vec<WhyJson<'c>> {
        e.links
            .iter()
            .map(|w| WhyJson {
                node: label(circuit, w.node),
                depth: w.depth,
                origin: w.because.is_origin(),
                because: w.describe(circuit),
            })
            .collect()
    };
    ReportJson {
        sequence: sequence.to_string(),
        flip_flops: report.flip_flops,
        latches: report.latches,
        initialised: report.is_initialised(),
        unknown: report
            .unknown
            .iter()
            .map(|u| {
                let (element, nodes) = element(&u.element, circuit);
                UnknownJson {
                    element,
                    nodes,
                    why: why(&u.why),
                    loops: u
                        .why
                        .loops
                        .iter()
                        .map(|l| l.iter().map(|&n| label(circuit, n)).collect())
                        .collect(),
                    reset: u.reset.iter().map(|r| r.describe(circuit)).collect(),
                    truncated: u.why.truncated,
                }
            })
            .collect(),
        memories: report
            .memories
            .iter()
            .map(|m| MemoryJson {
                label: m.label.clone(),
                words: m.words,
                unknown: m.unknown.clone(),
            })
            .collect(),
        oscillated: report
            .oscillated
            .iter()
            .map(|&n| label(circuit, n))
            .collect(),
    }
}
