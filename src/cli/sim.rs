//! `tritium sim`: the terminals after each `--set` batch.
//!
//! Text: one line per batch (or one for the power-on state without `--set`), every terminal as
//! `NAME=VALUE` in file order. An oscillating settle adds a warning on standard error.
//!
//! JSON (`--format json`): one document,
//!
//! ```json
//! {
//!   "terminals": ["Q", "Qn"],
//!   "power_on": {"values": {"Q": 0, "Qn": 0}, "events": 0, "deltas": 0, "oscillation": null},
//!   "batches": [
//!     {"set": {"R": 1}, "values": {"Q": -1, "Qn": 1}, "events": 6, "deltas": 4,
//!      "oscillation": null}
//!   ]
//! }
//! ```
//!
//! Values are the integers -1, 0, 1. Objects keyed by label list their keys in file order
//! (`set`: command-line order); `terminals` gives that order for readers that do not keep it.
//! `oscillation`, when not null, is `{"nodes": [labels], "budget": B, "resolved": true}`.

use anyhow::Result;
use serde::Serialize;
use sim_core::SettleReport;

use super::args::SimArgs;
use super::batch_run::{
    self, BatchRun, LabelMap, OscillationJson, Stage, describe_oscillation, format_values,
};
use super::console::{Console, Status};

/// Runs `tritium sim`.
///
/// # Errors
/// Bad input: the file cannot be loaded, or a batch names an unknown or unsettable node.
pub fn run(args: &SimArgs, console: &mut Console<'_>) -> Result<Status> {
    batch_run::run(args, console, text, json)
}

/// Prints one line of terminal values per batch.
fn text(run: &mut BatchRun<'_>, console: &mut Console<'_>) -> Result<()> {
    let report = run.power_on(&mut ());
    warn_oscillation(run, Stage::PowerOn, &report, console)?;
    if run.batches.is_empty() {
        writeln!(console.out, "{}", format_values(&run.terminal_values()))?;
    }
    for index in 0..run.batches.len() {
        let (_, report) = run.apply(index, &mut ())?;
        warn_oscillation(run, Stage::Batch(index + 1), &report, console)?;
        writeln!(console.out, "{}", format_values(&run.terminal_values()))?;
    }
    Ok(())
}

/// Warns on standard error if the settle of `stage` oscillated, e.g.
///
/// ```text
/// warning: batch 2 oscillated: NOR1, NOR2, Q, Qn kept changing after 70 delta cycles; the loop NOR1, NOR2 was resolved to 0
/// ```
pub fn warn_oscillation(
    run: &BatchRun<'_>,
    stage: Stage,
    report: &SettleReport,
    console: &mut Console<'_>,
) -> Result<()> {
    if let Some(o) = &report.oscillation {
        let outcome = if o.resolved {
            "was resolved to 0"
        } else {
            "did not settle"
        };
        console.warn(format_args!(
            "{stage} oscillated: {}",
            describe_oscillation(run.circuit, o, outcome)
        ))?;
    }
    Ok(())
}

/// The JSON document (see the [module docs](self)).
#[derive(Serialize)]
struct SimJson<'a> {
    terminals: Vec<&'a str>,
    power_on: BatchJson<'a>,
    batches: Vec<BatchJson<'a>>,
}

/// One settle in JSON.
#[derive(Serialize)]
struct BatchJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    set: Option<LabelMap<'a>>,
    values: LabelMap<'a>,
    events: u64,
    deltas: u32,
    oscillation: Option<OscillationJson<'a>>,
}

impl<'a> BatchJson<'a> {
    /// The record of the settle `report` just made, with the values it left.
    fn new(run: &BatchRun<'a>, set: Option<LabelMap<'a>>, report: &SettleReport) -> Self {
        BatchJson {
            set,
            values: LabelMap(run.terminal_values()),
            events: report.events,
            deltas: report.deltas,
            oscillation: OscillationJson::of(run, report),
        }
    }
}

/// Prints the JSON document; oscillations are also warned about on standard error.
fn json(run: &mut BatchRun<'_>, console: &mut Console<'_>) -> Result<()> {
    let report = run.power_on(&mut ());
    warn_oscillation(run, Stage::PowerOn, &report, console)?;
    let power_on = BatchJson::new(run, None, &report);
    let mut batches = Vec::with_capacity(run.batches.len());
    for index in 0..run.batches.len() {
        let (_, report) = run.apply(index, &mut ())?;
        warn_oscillation(run, Stage::Batch(index + 1), &report, console)?;
        batches.push(BatchJson::new(run, Some(run.batch_values(index)), &report));
    }
    let doc = SimJson {
        terminals: run.terminal_values().iter().map(|(l, _)| *l).collect(),
        power_on,
        batches,
    };
    serde_json::to_writer_pretty(&mut *console.out, &doc)?;
    writeln!(console.out)?;
    Ok(())
}
