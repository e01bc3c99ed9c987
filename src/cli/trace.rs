//! `tritium trace`: every event of every settle, narrated as it is processed.
//!
//! The narration comes from an [`Observer`] given to the engine, never from its internals.
//! Text, for the RS latch of the seed article after `--set R=+1`:
//!
//! ```text
//! batch 2: R=+1
//! #5 δ0 R := +1 (was -1), changed: schedules NOR1
//! #6 δ1 NOR1 inputs (+1, 0) → -1 (was 0), changed: schedules Q, NOR2  [← #5]
//! #7 δ2 Q inputs (-1) → -1 (was 0), changed  [← #6]
//! …
//! settled after 6 events in 4 delta cycles: Q=-1 Qn=+1
//! ```
//!
//! JSON (`--format json`): one document, settles shaped like those of `sim` but with `events`
//! a list of records:
//!
//! ```json
//! {"terminals": ["Q", "Qn"],
//!  "power_on": {"events": [], "deltas": 0, "oscillation": null, "values": {"Q": 0, "Qn": 0}},
//!  "batches": [{"set": {"R": 1},
//!               "events": [{"seq": 5, "delta": 0, "node": "R", "inputs": [], "old": -1,
//!                           "new": 1, "changed": true, "cause": "set", "fanout": ["NOR1"]}],
//!               "deltas": 4, "oscillation": null, "values": {"Q": -1, "Qn": 1}}]}
//! ```
//!
//! `cause` is `"set"`, `"power_on"`, `"clock"`, `"resolution"`, `"edit"` or `{"event": K}`.

use std::fmt;
use std::io::{self, Write};

use anyhow::Result;
use serde::Serialize;
use sim_core::{Cause, Circuit, Event, Observer, Oscillation, SettleReport, Trit};

use super::args::SimArgs;
use super::batch_run::{
    self, BatchRun, LabelMap, OscillationJson, Stage, describe_oscillation, format_values,
};
use super::console::{Console, Status, plural};
use super::sim::warn_oscillation;

/// Runs `tritium trace`.
///
/// # Errors
/// Bad input: the file cannot be loaded, or a batch names an unknown or unsettable node.
pub fn run(args: &SimArgs, console: &mut Console<'_>) -> Result<Status> {
    batch_run::run(args, console, text, json)
}

/// Narrates the power-on settle and every batch.
fn text(run: &mut BatchRun<'_>, console: &mut Console<'_>) -> Result<()> {
    let out = &mut *console.out;
    if run.engine.is_settled() {
        writeln!(out, "{}: no events", Stage::PowerOn)?;
    } else {
        writeln!(out, "{}", Stage::PowerOn)?;
        let mut narrator = Narrator::new(run.circuit, out);
        let report = run.power_on(&mut narrator);
        narrator.result?;
        summarize(run, &report, out)?;
    }
    for index in 0..run.batches.len() {
        writeln!(out, "{}: {}", Stage::Batch(index + 1), run.batches[index].0)?;
        let mut narrator = Narrator::new(run.circuit, out);
        let (_, report) = run.apply(index, &mut narrator)?;
        narrator.result?;
        summarize(run, &report, out)?;
    }
    Ok(())
}

/// The last line of a settle: `settled after N events in D delta cycles: Q=-1 Qn=+1`.
fn summarize(run: &BatchRun<'_>, report: &SettleReport, out: &mut dyn Write) -> Result<()> {
    let outcome = match &report.oscillation {
        Some(o) if !o.resolved => "did not settle",
        _ => "settled",
    };
    writeln!(
        out,
        "{outcome} after {} in {}: {}",
        plural(report.events, "event"),
        plural(report.deltas, "delta cycle"),
        format_values(&run.terminal_values())
    )?;
    Ok(())
}

/// Writes one line per event and oscillation as the engine reports them. The first write
/// error is kept in `result` (an observer cannot return one) and later output is skipped.
struct Narrator<'a> {
    circuit: &'a Circuit,
    out: &'a mut dyn Write,
    result: io::Result<()>,
}

impl<'a> Narrator<'a> {
    /// A narrator of `circuit`'s events writing to `out`.
    fn new(circuit: &'a Circuit, out: &'a mut dyn Write) -> Self {
        Narrator {
            circuit,
            out,
            result: Ok(()),
        }
    }

    /// Writes `line` unless an earlier write failed.
    fn line(&mut self, line: impl fmt::Display) {
        if self.result.is_ok() {
            self.result = writeln!(self.out, "{line}");
        }
    }
}

impl Observer for Narrator<'_> {
    fn on_event(&mut self, event: &Event) {
        let circuit = self.circuit;
        self.line(event.narrate(circuit));
    }

    fn on_oscillation(&mut self, oscillation: &Oscillation) {
        let outcome = if oscillation.resolved {
            "is resolved to 0"
        } else {
            "is left as it is"
        };
        self.line(format_args!(
            "oscillation: {}",
            describe_oscillation(self.circuit, oscillation, outcome)
        ));
    }
}

/// The JSON document (see the [module docs](self)).
#[derive(Serialize)]
struct TraceJson<'a> {
    terminals: Vec<&'a str>,
    power_on: SettleJson<'a>,
    batches: Vec<SettleJson<'a>>,
}

/// One settle in JSON.
#[derive(Serialize)]
struct SettleJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    set: Option<LabelMap<'a>>,
    events: Vec<EventJson<'a>>,
    deltas: u32,
    oscillation: Option<OscillationJson<'a>>,
    values: LabelMap<'a>,
}

/// One [`Event`] in JSON, nodes by label.
#[derive(Serialize)]
struct EventJson<'a> {
    seq: u64,
    delta: u32,
    node: &'a str,
    inputs: Vec<Trit>,
    old: Trit,
    new: Trit,
    changed: bool,
    cause: Cause,
    fanout: Vec<&'a str>,
}

impl<'a> SettleJson<'a> {
    /// The record of the settle `report` just made, with its `events` and the values it left.
    fn new(
        run: &BatchRun<'a>,
        set: Option<LabelMap<'a>>,
        events: Vec<Event>,
        report: &SettleReport,
    ) -> Self {
        let events = events
            .into_iter()
            .map(|e| EventJson {
                seq: e.seq,
                delta: e.delta,
                node: run.label(e.node),
                changed: e.changed(),
                inputs: e.inputs,
                old: e.old,
                new: e.new,
                cause: e.cause,
                fanout: run.labels(&e.fanout),
            })
            .collect();
        SettleJson {
            set,
            events,
            deltas: report.deltas,
            oscillation: OscillationJson::of(run, report),
            values: LabelMap(run.terminal_values()),
        }
    }
}

/// Prints the JSON document; oscillations are also warned about on standard error.
fn json(run: &mut BatchRun<'_>, console: &mut Console<'_>) -> Result<()> {
    let mut events = Vec::new();
    let report = run.power_on(&mut events);
    warn_oscillation(run, Stage::PowerOn, &report, console)?;
    let power_on = SettleJson::new(run, None, events, &report);
    let mut batches = Vec::with_capacity(run.batches.len());
    for index in 0..run.batches.len() {
        let mut events = Vec::new();
        let (_, report) = run.apply(index, &mut events)?;
        warn_oscillation(run, Stage::Batch(index + 1), &report, console)?;
        let set = Some(run.batch_values(index));
        batches.push(SettleJson::new(run, set, events, &report));
    }
    let doc = TraceJson {
        terminals: run.terminal_values().iter().map(|(l, _)| *l).collect(),
        power_on,
        batches,
    };
    serde_json::to_writer_pretty(&mut *console.out, &doc)?;
    writeln!(console.out)?;
    Ok(())
}
