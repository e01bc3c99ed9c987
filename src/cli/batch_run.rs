//! What `sim` and `trace` share (and `run`, the batches before its clock ticks): a
//! [`BatchRun`] checks the `--set` batches against a circuit and drives the engine batch by
//! batch, recording it for `--vcd` (power-on is step 0, each batch the next step,
//! every delta cycle recorded), and showing values and oscillations as text or JSON.

use std::fmt;

use anyhow::{Context as _, Result, bail};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use sim_core::number::{self, Radix};
use sim_core::signal::Signal;
use sim_core::{
    Circuit, Engine, Netlist, NodeId, Observer, Oscillation, Schedule, SettleReport, Trit,
};

use super::args::{Format, SetBatch, SimArgs};
use super::console::{Console, Status};
use super::load::{Loaded, load};
use super::wave::{Recording, check_target, recording};

/// One batch resolved against the circuit: node ids and values, in the order given.
pub type Assignments = Vec<(NodeId, Trit)>;

/// Which settle of a run something happened in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The settle right after the engine was built.
    PowerOn,
    /// The settle after the n-th `--set` batch (1-based).
    Batch(usize),
}

impl fmt::Display for Stage {
    /// Formats as `power-on` or `batch N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::PowerOn => f.write_str("power-on"),
            Stage::Batch(n) => write!(f, "batch {n}"),
        }
    }
}

/// A value as a command shows it: a node's trit, or a bus's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A single node's value (`+1`; in JSON the number).
    Trit(Trit),
    /// A bus's value in its radix (`0xA2`, `162`; in JSON the text).
    Number(String),
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shown::Trit(t) => t.fmt(f),
            Shown::Number(n) => f.write_str(n),
        }
    }
}

impl Serialize for Shown {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Shown::Trit(t) => t.serialize(serializer),
            Shown::Number(n) => serializer.serialize_str(n),
        }
    }
}

/// One run of a loaded circuit through its `--set` batches: the batches checked against the
/// circuit, the engine at power-on, and the `--vcd` recording, ready to simulate.
pub struct BatchRun<'a> {
    /// The circuit being simulated.
    pub circuit: &'a Circuit,
    /// The simulator, at power-on (nothing processed yet).
    pub engine: Engine,
    /// The batches as given on the command line, each with its resolved assignments.
    pub batches: Vec<(&'a SetBatch, Assignments)>,
    /// The radix buses are shown in (`None`: each bus's own).
    pub radix: Option<Radix>,
    /// The terminals in file order, the bits of a bus as one output where its first bit is.
    outputs: Vec<Signal<'a>>,
    /// The waveform `--vcd` asked for, recording every settle.
    recording: Option<Recording>,
}

impl<'a> BatchRun<'a> {
    /// Checks every batch against `loaded`'s circuit before anything runs, so that a bad label
    /// in the last batch is reported before any output.
    ///
    /// # Errors
    /// `<file>: batch N (…): <problem>` for an unknown label or a node that cannot take the
    /// value.
    pub fn new(loaded: &'a Loaded, sets: &'a [SetBatch]) -> Result<BatchRun<'a>> {
        BatchRun::with_schedule(loaded, sets, Schedule::UnitDelay)
    }

    /// [`new`](Self::new), with an engine built for `schedule` (no unit-delay engine built
    /// first and converted).
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn with_schedule(
        loaded: &'a Loaded,
        sets: &'a [SetBatch],
        schedule: Schedule,
    ) -> Result<BatchRun<'a>> {
        let circuit = &loaded.doc.circuit;
        let batches = sets
            .iter()
            .enumerate()
            .map(|(i, batch)| {
                let resolved = resolve(circuit, batch)
                    .with_context(|| format!("{} ({batch})", Stage::Batch(i + 1)))?;
                Ok((batch, resolved))
            })
            .collect::<Result<_>>()
            .with_context(|| loaded.name.clone())?;
        Ok(BatchRun {
            circuit,
            engine: Engine::with_schedule(Netlist::compile(circuit), schedule),
            batches,
            radix: None,
            outputs: sim_core::signal::signals(circuit, circuit.terminals()),
            recording: None,
        })
    }

    /// The same run recording its settles into `recording` (made from this run's
    /// engine at power-on).
    #[must_use]
    pub fn with_recording(mut self, recording: Option<Recording>) -> Self {
        self.recording = recording;
        self
    }

    /// The same run showing buses in `radix` (`None`: each bus's own).
    #[must_use]
    pub fn with_radix(mut self, radix: Option<Radix>) -> Self {
        self.radix = radix;
        self
    }

    /// Batch `index` (0-based) as given, each value for its node or bus: a node's as the
    /// trit it set, a bus's number as written.
    pub fn batch_values(&self, index: usize) -> LabelMap<'a> {
        let (batch, _) = self.batches[index];
        LabelMap(
            batch
                .0
                .iter()
                .map(|(label, literal)| {
                    let shown = match (self.circuit.find(label), literal.resolve(1)) {
                        (Some(_), Ok(t)) => Shown::Trit(t[0]),
                        _ => Shown::Number(literal.to_string()),
                    };
                    (label.as_str(), shown)
                })
                .collect(),
        )
    }

    /// Settles the power-on events, reporting them to `observer` (and the recording, step 0).
    pub fn power_on<O: Observer>(&mut self, observer: &mut O) -> SettleReport {
        self.settle(observer)
    }

    /// Settles, reporting to `observer` and to the recording, if any.
    fn settle<O: Observer>(&mut self, observer: &mut O) -> SettleReport {
        match &mut self.recording {
            Some(recording) => self
                .engine
                .settle_with(&mut (observer, &mut recording.wave)),
            None => self.engine.settle_with(observer),
        }
    }

    /// Applies batch `index` (0-based) in one delta cycle and settles, reporting to `observer`.
    /// Returns the batch as given on the command line and what the settle did.
    ///
    /// # Errors
    /// If the engine refuses the batch, which [`BatchRun::new`] has already ruled out.
    ///
    /// # Panics
    /// If `index` is out of range of [`BatchRun::batches`].
    pub fn apply<O: Observer>(
        &mut self,
        index: usize,
        observer: &mut O,
    ) -> Result<(&'a SetBatch, SettleReport)> {
        let (given, assignments) = &self.batches[index];
        if let Some(recording) = &mut self.recording {
            recording.wave.begin_step();
        }
        self.engine.set(assignments.iter().copied())?;
        Ok((given, self.settle(observer)))
    }

    /// Every terminal with the value it shows now, in file order; a bus of terminals as one
    /// number, where its first bit is.
    pub fn terminal_values(&self) -> Vec<(&'a str, Shown)> {
        self.outputs
            .iter()
            .map(|s| {
                let shown = match s.bus {
                    Some(bus) => Shown::Number(number::format_readable(
                        &self.engine.bus_value(bus),
                        self.radix.unwrap_or(bus.radix),
                    )),
                    None => Shown::Trit(self.engine.value(s.bits[0])),
                };
                (s.name, shown)
            })
            .collect()
    }

    /// The label of node `id`.
    pub fn label(&self, id: NodeId) -> &'a str {
        &self.circuit[id].label
    }

    /// The labels of `ids`.
    pub fn labels(&self, ids: &[NodeId]) -> Vec<&'a str> {
        ids.iter().map(|&id| self.label(id)).collect()
    }
}

/// Resolves one batch's labels and values, checking that each node can take its value.
pub fn resolve(circuit: &Circuit, batch: &SetBatch) -> Result<Assignments> {
    let mut out = Vec::new();
    for (label, literal) in &batch.0 {
        let Some(bits) = sim_core::signal::signal(circuit, label) else {
            bail!("unknown label `{label}` (neither a node nor a bus)");
        };
        let values = literal
            .resolve_in(bits.len(), sim_core::signal::radix(circuit, label))
            .map_err(|e| anyhow::anyhow!("`{label}`: {e}"))?;
        for (id, value) in bits.into_iter().zip(values) {
            let kind = circuit[id].kind;
            if kind.accepts(value) {
                out.push((id, value));
            } else if Trit::ALL.iter().any(|&v| kind.accepts(v)) {
                bail!("`{label}` is a {kind} and cannot be set to {literal}")
            } else {
                bail!("`{label}` is a {kind}, which cannot be set (only switches and buttons can)")
            }
        }
    }
    Ok(out)
}

/// `NAME=VALUE` pairs separated by single spaces: `Q=-1 Qn=+1 S=0xA2`.
pub fn format_values(values: &[(&str, Shown)]) -> String {
    values
        .iter()
        .map(|(label, value)| format!("{label}={value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Label–value pairs written as one JSON object, keys in the order given (file order for
/// terminals, command-line order for `--set`), which `serde_json::Map` would not keep.
pub struct LabelMap<'a>(pub Vec<(&'a str, Shown)>);

impl Serialize for LabelMap<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (label, value) in &self.0 {
            map.serialize_entry(label, value)?;
        }
        map.end()
    }
}

/// An [`Oscillation`] in JSON:
/// `{"nodes": [labels], "feedback": [labels], "budget": B, "resolved": true}`.
#[derive(Serialize)]
pub struct OscillationJson<'a> {
    /// Labels of the nodes that kept changing, in file order.
    pub nodes: Vec<&'a str>,
    /// Labels of the loop itself (the changing nodes on a cycle), which were forced to 0.
    pub feedback: Vec<&'a str>,
    /// The delta-cycle budget that was exceeded.
    pub budget: u32,
    /// Whether they were resolved to 0 and the circuit then settled.
    pub resolved: bool,
}

impl<'a> OscillationJson<'a> {
    /// The oscillation of a settle report, if any.
    pub fn of(run: &BatchRun<'a>, report: &SettleReport) -> Option<OscillationJson<'a>> {
        report.oscillation.as_ref().map(|o| OscillationJson {
            nodes: run.labels(&o.nodes),
            feedback: run.labels(&o.feedback),
            budget: o.budget,
            resolved: o.resolved,
        })
    }
}

/// How one output format of `sim` or `trace` prints a whole run.
pub type Printer = fn(&mut BatchRun<'_>, &mut Console<'_>) -> Result<()>;

/// Loads `args.file`, checks its `--set` batches, and prints the run with `text` or `json`
/// as `--format` asks, then writes the `--vcd` waveform: the body of both `sim` and `trace`.
///
/// # Errors
/// Bad input: the file cannot be loaded, a batch names an unknown or unsettable node, a
/// `--signals` pattern matches nothing, or the waveform cannot be written.
pub fn run(
    args: &SimArgs,
    console: &mut Console<'_>,
    text: Printer,
    json: Printer,
) -> Result<Status> {
    if let Some(path) = &args.vcd {
        check_target(path)?;
    }
    let loaded = load(&args.file, &args.load)?;
    let run = BatchRun::new(&loaded, &args.sets)?.with_radix(args.radix);
    let recording = recording(
        args.vcd.as_deref(),
        &args.wave,
        &loaded,
        &args.file,
        &run.engine,
    )?;
    let mut run = run.with_recording(recording);
    match args.format {
        Format::Text => text(&mut run, console)?,
        Format::Json => json(&mut run, console)?,
    }
    if let (Some(path), Some(recording)) = (&args.vcd, &run.recording) {
        recording.write(path, console)?;
    }
    Ok(Status::Success)
}

/// `NOR1, NOR2, Q, Qn kept changing after 70 delta cycles; the loop NOR1, NOR2` followed by
/// `was resolved to 0`, `is resolved to 0` or `did not settle`, as `outcome` says: how every
/// command describes an oscillation.
pub fn describe_oscillation(circuit: &Circuit, oscillation: &Oscillation, outcome: &str) -> String {
    let labels = |ids: &[NodeId]| {
        ids.iter()
            .map(|&id| circuit[id].label.as_str())
            .collect::<Vec<_>>()
    };
    format!(
        "{} kept changing after {} delta cycles; the loop {} {outcome}",
        labels(&oscillation.nodes).join(", "),
        oscillation.budget,
        labels(&oscillation.feedback).join(", "),
    )
}
