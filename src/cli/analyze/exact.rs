//! `tritium analyze exact`: X-pessimism decided exactly ([`sim_core::analysis::exact`]).
//!
//! Every `--set` is merged into one assignment of the inputs (a later value wins); the
//! switches not set, or set to 0, are the unknown inputs. For every output (with
//! `--all-nets`, every gate and terminal) that Kleene's logic leaves unknown, one line:
//!
//! ```text
//! Y = +1: pessimistic (Kleene: 0), every completion gives +1 [enumeration]
//! P: undetermined, S=+1 gives -1, S=-1 gives +1 [enumeration]
//! 2 outputs unknown under Kleene's logic: 1 pessimistic, 1 undetermined, 0 unknown
//! 1 unknown input (S): 2 completions, 2 simulated; method: enumeration
//! ```
//!
//! (an undetermined net's two completions: by enumeration or sampling in the order of their
//! values, −1 first; by diagrams the sample first), then a summary: the unknown inputs, the completions simulated and the method. With
//! `--format json`, one document:
//!
//! ```json
//! {
//!   "unknown_inputs": ["S"],
//!   "completions": 2, "enumerated": true, "examined": 2,
//!   "nets": [
//!     {"net": "Y", "verdict": "pessimistic", "value": 1, "method": "enumeration"},
//!     {"net": "P", "verdict": "undetermined", "method": "enumeration",
//!      "completions": [{"inputs": {"S": 1}, "value": -1}, {"inputs": {"S": -1}, "value": 1}]},
//!     {"net": "W", "verdict": "unknown", "method": "bdd"}
//!   ]
//! }
//! ```
//!
//! `completions` is 2^k for k unknown inputs (a string past 2^63). Exit status 0 whatever
//! the verdicts; 2 for bad input (an unknown label, a non-input, a loop, a flip-flop, a RAM).

use anyhow::{Context as _, Result};
use serde::Serialize;
use sim_core::analysis::exact::{self, Completion, ExactError, Options, Scope, Verdict};
use sim_core::{Circuit, NodeId, Trit};

use super::super::args::{ExactArgs, Format, SetBatch};
use super::super::batch_run::{LabelMap, Shown};
use super::super::console::{Console, Status, plural};
use super::super::load::load;

/// Runs `tritium analyze exact`.
///
/// # Errors
/// Bad input: the file cannot be loaded, a label is unknown or not an input, a value does
/// not fit, or the circuit is not combinational.
pub fn run(args: &ExactArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file, &args.load)?;
    let circuit = &loaded.doc.circuit;
    let assignment = resolve(circuit, &args.sets).with_context(|| loaded.name.clone())?;
    let options = Options {
        scope: if args.all_nets {
            Scope::AllNets
        } else {
            Scope::Outputs
        },
        enumeration_limit: args.enumeration_limit,
        ..Options::default()
    };
    let report =
        exact::decide(circuit, &assignment, &options).with_context(|| loaded.name.clone())?;
    if args.format == Format::Json {
        serde_json::to_writer_pretty(&mut *console.out, &ReportJson::new(circuit, &report))?;
        writeln!(console.out)?;
    } else {
        text(circuit, &report, args.all_nets, console)?;
    }
    Ok(Status::Success)
}

/// Every `--set` batch's assignments, in order, each bus bit by bit.
fn resolve(circuit: &Circuit, sets: &[SetBatch]) -> Result<Vec<(NodeId, Trit)>> {
    let mut out = Vec::new();
    for (label, literal) in sets.iter().flat_map(|batch| &batch.0) {
        let bits =
            sim_core::signal::signal(circuit, label).ok_or_else(|| ExactError::UnknownSignal {
                label: label.clone(),
            })?;
        let values = literal
            .resolve_in(bits.len(), sim_core::signal::radix(circuit, label))
            .map_err(|e| anyhow::anyhow!("`{label}`: {e}"))?;
        out.extend(bits.into_iter().zip(values));
    }
    Ok(out)
}

/// `A=-1 B=+1`: a completion's inputs.
fn inputs_text(circuit: &Circuit, unknown: &[NodeId], completion: &Completion) -> String {
    unknown
        .iter()
        .zip(&completion.inputs)
        .map(|(&id, v)| format!("{}={v}", circuit[id].label))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The number of completions, 2^k: a number up to 2^63, else `2^k`.
fn completions(k: usize) -> String {
    if k < 64 {
        (1u64 << k).to_string()
    } else {
        format!("2^{k}")
    }
}

/// Prints one line per net, then the summary.
fn text(
    circuit: &Circuit,
    report: &exact::Report,
    all_nets: bool,
    console: &mut Console<'_>,
) -> Result<()> {
    let unknown = &report.unknown_inputs;
    let (mut pessimistic, mut undetermined, mut always) = (0, 0, 0);
    for net in &report.nets {
        let label = &circuit[net.node].label;
        let method = net.method;
        match &net.verdict {
            Verdict::Pessimistic { value } => {
                pessimistic += 1;
                writeln!(
                    console.out,
                    "{label} = {value}: pessimistic (Kleene: 0), every completion gives {value} [{method}]"
                )?;
            }
            Verdict::Undetermined { first, second } => {
                undetermined += 1;
                writeln!(
                    console.out,
                    "{label}: undetermined, {} gives {}, {} gives {} [{method}]",
                    inputs_text(circuit, unknown, first),
                    first.value,
                    inputs_text(circuit, unknown, second),
                    second.value,
                )?;
            }
            Verdict::Unknown => {
                always += 1;
                writeln!(
                    console.out,
                    "{label}: unknown under every completion (not from the inputs) [{method}]"
                )?;
            }
        }
    }
    let what = if all_nets { "net" } else { "output" };
    if report.nets.is_empty() {
        writeln!(console.out, "no {what} is unknown under Kleene's logic")?;
    } else {
        writeln!(
            console.out,
            "{} unknown under Kleene's logic: {pessimistic} pessimistic, {undetermined} undetermined, {always} unknown",
            plural(report.nets.len() as u64, what),
        )?;
    }
    let labels: Vec<&str> = unknown
        .iter()
        .map(|&id| circuit[id].label.as_str())
        .collect();
    let how = if report.enumerated {
        "enumeration".to_owned()
    } else {
        "sampling, then decision diagrams (bdd)".to_owned()
    };
    writeln!(
        console.out,
        "{} ({}): {} completions, {} simulated; method: {how}",
        plural(unknown.len() as u64, "unknown input"),
        if labels.is_empty() {
            "none".to_owned()
        } else {
            labels.join(", ")
        },
        completions(unknown.len()),
        report.examined,
    )?;
    Ok(())
}

/// The JSON document (see the [module docs](self)).
#[derive(Serialize)]
struct ReportJson<'a> {
    unknown_inputs: Vec<&'a str>,
    completions: serde_json::Value,
    enumerated: bool,
    examined: u64,
    nets: Vec<NetJson<'a>>,
}

/// One net in JSON.
#[derive(Serialize)]
struct NetJson<'a> {
    net: &'a str,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Trit>,
    method: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    completions: Vec<CompletionJson<'a>>,
}

/// One completion in JSON: its inputs by label and the net's value.
#[derive(Serialize)]
struct CompletionJson<'a> {
    inputs: LabelMap<'a>,
    value: Trit,
}

impl<'a> ReportJson<'a> {
    fn new(circuit: &'a Circuit, report: &exact::Report) -> Self {
        let unknown = &report.unknown_inputs;
        let completion = |c: &Completion| CompletionJson {
            inputs: LabelMap(
                unknown
                    .iter()
                    .zip(&c.inputs)
                    .map(|(&id, &v)| (circuit[id].label.as_str(), Shown::Trit(v)))
                    .collect(),
            ),
            value: c.value,
        };
        let nets = report
            .nets
            .iter()
            .map(|net| {
                let (verdict, value, completions) = match &net.verdict {
                    Verdict::Pessimistic { value } => ("pessimistic", Some(*value), vec![]),
                    Verdict::Undetermined { first, second } => (
                        "undetermined",
                        None,
                        vec![completion(first), completion(second)],
                    ),
                    Verdict::Unknown => ("unknown", None, vec![]),
                };
                NetJson {
                    net: circuit[net.node].label.as_str(),
                    verdict,
                    value,
                    method: net.method.to_string(),
                    completions,
                }
            })
            .collect();
        ReportJson {
            unknown_inputs: unknown
                .iter()
                .map(|&id| circuit[id].label.as_str())
                .collect(),
            completions: if unknown.len() < 64 {
                serde_json::Value::from(1u64 << unknown.len())
            } else {
                serde_json::Value::from(format!("2^{}", unknown.len()))
            },
            enumerated: report.enumerated,
            examined: report.examined,
            nets,
        }
    }
}
