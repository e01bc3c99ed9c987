//! The commands that simulate a circuit: `sim`, `trace`, `run`, `test`, `table`, `vectors`,
//! and the waveform options (`--vcd` and what goes with it) they share.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use sim_core::number::Radix;
use sim_core::wave::WaveError;
use sim_core::wave::vcd::TimeSpan;

use super::common::{Format, LoadArgs, SetBatch, parse_batch};

/// Arguments of `sim` and `trace`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// One batch of inputs, applied in one delta cycle; repeat for more batches.
    ///
    /// NAME is the label of a switch (any value) or button (-1 or +1), or the name of a bus
    /// of them. A node's VALUE is one of -1 0 +1 1, F X T, false unknown true
    /// (case-insensitive); a bus's is a number: 162, -94, 0x5A, 0b10x1 (x unknown), 0t1T0
    /// (balanced ternary).
    #[arg(
        long = "set",
        value_name = "NAME=VALUE[,NAME=VALUE...]",
        value_parser = parse_batch
    )]
    pub sets: Vec<SetBatch>,

    /// How bus values are printed: bin, hex, unsigned, signed or ternary (default: each
    /// bus's own radix from the file, else hex).
    #[arg(long, value_name = "RADIX")]
    pub radix: Option<Radix>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Also write the run as a waveform to OUT.vcd (IEEE 1364 VCD, for `GTKWave` or Surfer).
    ///
    /// Power-on is step 0 and each `--set` batch the next step; every delta cycle is recorded
    /// (`--vcd-deltas` shows them). The file is written whole or not at all.
    #[arg(long, value_name = "OUT.vcd")]
    pub vcd: Option<PathBuf>,

    /// What the waveform records and how its time reads (with `--vcd`).
    #[command(flatten)]
    pub wave: WaveArgs,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// The waveform options of `sim`, `trace`, `vectors` and `test`, which apply with `--vcd`.
///
/// The VCD has one `$scope module` per instance level (`adder8/lo/s` is `s` in `lo` in
/// `adder8`) inside a top scope named after the circuit (its name, or the file's stem, made
/// an identifier); a net is a 1-bit wire, a bus an N-bit vector; −1 is `0`, +1 is `1` and
/// unknown is `x`. One step lasts 1 ns unless `--step-time` or `--clock-period` says
/// otherwise.
#[derive(Clone, Debug, Args)]
pub struct WaveArgs {
    /// The signals to record: comma-separated names or wildcard patterns over hierarchical
    /// names (`*` any run of characters, `/` included; `?` one character), e.g.
    /// `A,B,adder8/lo/*`; `*` is every net. A bus is one signal; `A[3]` names one bit.
    /// Default: the switches, buttons, clocks, lamps and probes.
    #[arg(long, value_name = "PATTERNS", requires = "vcd")]
    pub signals: Option<String>,

    /// Show delta cycles in the VCD: each step is divided into 10^k finer time units (the
    /// smallest power of ten above the step's largest delta cycle) and a change at delta d is
    /// written d units into its step, so a glitch inside a step is visible. Without it, each
    /// signal's value at the end of each step is written at the step's time.
    #[arg(long, requires = "vcd")]
    pub vcd_deltas: bool,

    /// How long one step lasts in the VCD, a whole number and a unit: s, ms, us, ns, ps, fs
    /// (default 1ns).
    #[arg(
        long,
        value_name = "TIME",
        requires = "vcd",
        conflicts_with = "clock_period"
    )]
    pub step_time: Option<TimeSpan>,

    /// The period of the circuit's clocks in the VCD (e.g. `20ns`): a clock tick is one step,
    /// so a step lasts half of it.
    #[arg(long, value_name = "TIME", requires = "vcd", value_parser = parse_period)]
    pub clock_period: Option<TimeSpan>,

    /// The most value changes kept in memory; past it the waveform keeps the start of the run
    /// and the latest window, and the changes between are not kept (they read x in the file;
    /// a warning says how many and where). Each change takes 2 bytes (4 past 16,384 signals).
    #[arg(long, value_name = "N", default_value_t = sim_core::wave::DEFAULT_LIMIT,
          value_parser = parse_limit)]
    pub wave_limit: usize,
}

impl WaveArgs {
    /// How long one step lasts: `--step-time`, half of `--clock-period`, or 1 ns.
    pub fn step(&self) -> TimeSpan {
        self.step_time
            .or_else(|| self.clock_period.and_then(TimeSpan::half))
            .unwrap_or_default()
    }
}

/// Parses a clock period, which must halve into a whole number of femtoseconds.
fn parse_period(text: &str) -> Result<TimeSpan, String> {
    let period: TimeSpan = text.parse().map_err(|e: WaveError| e.to_string())?;
    match period.half() {
        Some(_) => Ok(period),
        None => Err(format!(
            "a period of {period} has no half in whole femtoseconds"
        )),
    }
}

/// Parses `--wave-limit`: a whole number of changes, at least 1.
fn parse_limit(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("the waveform must keep at least 1 change".to_owned()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("`{text}` is not a number of changes: {e}")),
    }
}

/// Arguments of `run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// One batch of inputs (as `sim --set`), applied and held for one clock cycle; repeat for
    /// more (`--set RESET=1 --set RESET=-1`).
    #[arg(
        long = "set",
        value_name = "NAME=VALUE[,NAME=VALUE...]",
        value_parser = parse_batch
    )]
    pub sets: Vec<SetBatch>,

    /// The most clock ticks to run, 1 or more, counting the clock cycle each `--set` batch is
    /// held for (a cycle of a clock with half period 1 is two ticks); fewer than the
    /// batches hold is bad input (exit status 2).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub ticks: u64,

    /// Stop once this node or bus has this value (+1 by default), e.g. `HALTED` or
    /// `PORT=233`.
    #[arg(long, value_name = "LABEL[=VALUE]")]
    pub until: Option<String>,

    /// Run under the unit-delay schedule (every delta cycle) instead of the levelized one.
    #[arg(long, conflicts_with = "event_driven")]
    pub unit_delay: bool,

    /// Run the levelized event-driven schedule tick by tick instead of cycle-based (the same
    /// values; for comparison).
    #[arg(long)]
    pub event_driven: bool,

    /// How bus values are printed: bin, hex, unsigned, signed or ternary.
    #[arg(long, value_name = "RADIX")]
    pub radix: Option<Radix>,

    /// The input that is the clock (made a clock of half period 1), for a design clocked by
    /// an input port rather than a clock node, e.g. an imported Verilog design's `clk`.
    #[arg(long, value_name = "NAME")]
    pub clock: Option<String>,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Arguments of `test`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// Circuit files, or directories meaning every `*.ron` file in them (sorted by name).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Write a waveform of each failing test case to DIR (created if missing), named after
    /// the file's stem and the test's name: `DIR/rs_nor_latch.reset.vcd` (characters other
    /// than letters, digits, `_` and `-` become `-`). Power-on is step 0, each step's batch
    /// and each clock tick the next step. The files written are listed under the failure.
    #[arg(long, value_name = "DIR")]
    pub vcd: Option<PathBuf>,

    /// What the waveforms record and how their time reads (with `--vcd`).
    #[command(flatten)]
    pub wave: WaveArgs,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Arguments of `table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Let switches take 0 (unknown) too, not just -1 and +1 (buttons are always -1 or +1).
    #[arg(long)]
    pub ternary: bool,

    /// How bus values are printed: bin, hex, unsigned, signed or ternary (default: each
    /// bus's own radix from the file, else hex).
    #[arg(long, value_name = "RADIX")]
    pub radix: Option<Radix>,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Arguments of `vectors`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["input", "random"])))]
pub struct VectorsArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// A file of vectors, one per line; blank lines and `#` comments are skipped. A first
    /// line `ports: NAME NAME …` names the inputs its fields drive, in that order (the
    /// others stay unknown); without it every input has a field, in port order.
    #[arg(long, value_name = "VECFILE")]
    pub input: Option<PathBuf>,

    /// Simulate this many random vectors instead (needs `--seed`).
    #[arg(long, value_name = "N", requires = "seed")]
    pub random: Option<u64>,

    /// The seed of the random vectors.
    #[arg(long, value_name = "S", requires = "random")]
    pub seed: Option<u64>,

    /// The probability of `x` for each random input (the rest is 0 or 1, evenly).
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = parse_probability)]
    pub x_prob: f64,

    /// Which engine simulates.
    #[arg(long, value_enum, default_value_t = EngineKind::Event)]
    pub engine: EngineKind,

    /// The event engine's schedule (default: levelized; unit-delay with `--vcd-deltas`). Both
    /// print the same outputs (each vector is settled, and each clock edge settles on its
    /// own); levelized evaluates far fewer events, and a circuit with a combinational loop is
    /// always simulated in unit delay.
    #[arg(long, value_enum)]
    pub schedule: Option<ScheduleKind>,

    /// Clock every vector, even if the circuit has no flip-flop.
    #[arg(long)]
    pub cycles: bool,

    /// The input that is the clock (an imported Verilog design's clock port is an input):
    /// left out of the vectors and pulsed once per vector, rising after the vector settled,
    /// falling after the outputs are printed (a sequential run, as `--cycles`).
    #[arg(long, value_name = "NAME")]
    pub clock: Option<String>,

    /// Print each output as Verilog's `$display("%b", …)` prints it — a bus's bits most
    /// significant first, `0`, `1` or `x`, without prefix — separated by spaces, in port
    /// order: compare line by line with a testbench that displays the same ports.
    #[arg(long, conflicts_with_all = ["radix", "bits"])]
    pub display: bool,

    /// How bus values are printed: bin, hex, unsigned, signed or ternary (default: each
    /// bus's own radix from the file, else hex).
    #[arg(long, value_name = "RADIX", conflicts_with = "bits")]
    pub radix: Option<Radix>,

    /// One character per input and output trit even when the circuit has buses (a bus's
    /// bits in order, bit 0 first), as tools that drive the netlist bit by bit want.
    #[arg(long)]
    pub bits: bool,

    /// Also write the run as a waveform to OUT.vcd (IEEE 1364 VCD, for `GTKWave` or Surfer).
    ///
    /// Power-on is step 0; each vector is the next step, and for a sequential run each clock
    /// edge settles in a step of its own (a vector takes three: the vector, the rising edge,
    /// the falling edge). Records the event engine, so not with `--engine batch`. The file is
    /// written whole or not at all.
    #[arg(long, value_name = "OUT.vcd")]
    pub vcd: Option<PathBuf>,

    /// What the waveform records and how its time reads (with `--vcd`).
    #[command(flatten)]
    pub wave: WaveArgs,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// The simulation engines of `vectors`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    /// The event-driven engine (the one `sim` uses).
    #[default]
    Event,
    /// The levelized bit-parallel engine: combinational circuits only, 512 vectors per pass.
    Batch,
}

/// The event engine's schedules (see `sim_core::Schedule`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ScheduleKind {
    /// Delta cycles, as `sim` and `trace` show them: glitches and races included.
    UnitDelay,
    /// Levelized selective trace: every node at most once per settle, in level order.
    #[default]
    Levelized,
}

impl From<ScheduleKind> for sim_core::Schedule {
    fn from(kind: ScheduleKind) -> sim_core::Schedule {
        match kind {
            ScheduleKind::UnitDelay => sim_core::Schedule::UnitDelay,
            ScheduleKind::Levelized => sim_core::Schedule::Levelized,
        }
    }
}

/// Parses a probability in [0, 1].
fn parse_probability(text: &str) -> Result<f64, String> {
    let p: f64 = text
        .trim()
        .parse()
        .map_err(|e| format!("`{text}` is not a number: {e}"))?;
    if (0.0..=1.0).contains(&p) {
        Ok(p)
    } else {
        Err(format!("{p} is not a probability (0 to 1)"))
    }
}
