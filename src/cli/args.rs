//! The command-line grammar, declared with clap's derive API.
//!
//! Doc comments here are the `--help` text: the first paragraph of an item is its short help,
//! the rest is shown by `--help` only.

use std::fmt;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sim_core::Trit;
use sim_core::literal::Literal;
use sim_core::number::Radix;
use sim_core::wave::WaveError;
use sim_core::wave::vcd::TimeSpan;

/// Tritium: a workbench for balanced-ternary logic circuits.
///
/// Values are -1 (false), 0 (unknown) and +1 (true), combined by Kleene's strong logic.
/// Circuits are RON files, or ISCAS `.bench` netlists (recognized by the extension);
/// FILE may be `-` to read a RON document from standard input.
///
/// Exit status: 0 success, 1 a failed test or check, 2 bad input or usage.
#[derive(Debug, Parser)]
#[command(name = "tritium", version)]
pub struct Cli {
    /// What to do. Without a subcommand, `tritium` opens the desktop editor.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// A circuit to open in the desktop editor (default: `circuits/rs_nor_latch.ron`, if present).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Also look for plugins in DIR (repeatable; searched first). Then come the directories
    /// of the `TRITIUM_PLUGIN_PATH` environment variable, then the directory of the
    /// `tritium` executable, where `cargo build --workspace` puts the plugins it builds.
    #[arg(long, value_name = "DIR", global = true)]
    pub plugin_dir: Vec<PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Simulate a circuit and print its terminals after each batch of inputs.
    ///
    /// The circuit is loaded and settled from power-on. Each `--set` is one batch: its
    /// assignments are applied together, in one delta cycle, and the circuit settles. After each
    /// batch one line shows every terminal (lamps and probes, in file order) as `NAME=VALUE`.
    /// Without `--set`, one line shows the power-on state.
    Sim(RunArgs),

    /// Simulate like `sim`, narrating every event as it is processed.
    ///
    /// Each event line reads `#SEQ δDELTA NODE`, then what the node did (`:= VALUE` for an input
    /// set from outside, `inputs (...) → VALUE` for a gate or terminal), whether its output
    /// changed and which nodes that schedules, and what caused the event (`[← #K]`: the output
    /// change of event K).
    Trace(RunArgs),

    /// Run the test vectors embedded in circuit files.
    ///
    /// Prints `ok` or `FAIL` per test case, the failures of each failed case, and a final
    /// `N passed, M failed` line. A directory stands for every `*.ron` file in it. Exits with 1
    /// if a test failed, 2 if a file could not be loaded.
    Test(TestArgs),

    /// Print a circuit's truth table: its terminals for every combination of its inputs.
    ///
    /// Inputs are the switches and buttons, outputs the lamps and probes, both in file order.
    /// Each row starts from power-on. Rows whose settle oscillated are marked `~ oscillated`.
    Table(TableArgs),

    /// Check that a circuit file is valid, and print its size and any warnings.
    ///
    /// Exits with 1 if the file is not a valid circuit, 2 if it cannot be read.
    Check(CheckArgs),

    /// Convert an ISCAS `.bench` netlist to a RON circuit file, with an automatic layout.
    Import(ImportArgs),

    /// Run a clocked circuit headless, as fast as the engine goes, and print its terminals at
    /// the end.
    ///
    /// Settles from power-on, applies each `--set` batch and holds it for one clock cycle,
    /// then ticks the clocks until `--ticks N` in all (settling after each), stopping once
    /// `--until LABEL[=VALUE]` holds
    /// (+1 by default). Standard error gives the ticks, the clock cycles and the simulated
    /// cycles per second. Uses the levelized schedule (the same values as unit delay after
    /// every clock edge of a synchronous design) unless `--unit-delay`. Exits with 1 if
    /// `--until` never held: the run stopped at its limit.
    Run(TicksArgs),

    /// Assemble a program for the example CPU (`circuits/cpu/`; the ISA is in docs/cpu.md)
    /// into a ROM contents file: plain hex, one 16-bit word a line.
    ///
    /// Two passes: labels (`name:`), constants (`.equ NAME, value`), `.org`, `.byte`,
    /// `.word`, `;` comments. An error names the file, line and column; exit status 1.
    Asm(AsmArgs),

    /// Write a circuit in another format (structural Verilog).
    #[command(subcommand)]
    Export(ExportCommand),

    /// Analyses only a three-valued simulator can make: hazards, X-pessimism decided exactly,
    /// reset.
    #[command(subcommand)]
    Analyze(AnalyzeCommand),

    /// Simulate a circuit on input vectors and print one line of outputs per vector.
    ///
    /// A vector is one character per input (switches and buttons in file order; for a
    /// `.bench` netlist its `INPUT`s in declaration order, never the clock): `0` (false,
    /// -1), `1` (true, +1) or `x` (unknown, 0) — Verilog's convention. Each output line
    /// has one such character per output (lamps and probes in file order; for a `.bench`
    /// netlist its `OUTPUT`s), after the circuit settles.
    ///
    /// Sequential circuits (any flip-flop, or `--cycles`) run one clock cycle per vector:
    /// apply the vector and settle, tick the clocks (rising edge) and settle, print the
    /// outputs, tick again (falling edge) and settle. The state carries over from one
    /// vector to the next; the circuit starts from power-on.
    ///
    /// `--random N --seed S` draws N vectors from a `ChaCha8` generator seeded with S
    /// (`rand_chacha::ChaCha8Rng::seed_from_u64`): for each vector, for each input in order,
    /// one `next_u64()` value v; the input is `x` if (v >> 11) / 2^53 < P, else `1` if v is
    /// odd, else `0`.
    Vectors(VectorsArgs),

    /// Generate a netlist for benchmarks, written as an ISCAS `.bench` file.
    #[command(subcommand)]
    Gen(GenCommand),

    /// List the plugins found, their games, solvers and strategies, and the files rejected.
    Plugins,

    /// Play a plugin's game in the terminal, or watch an AI play it.
    ///
    /// The board is drawn as text after every move. Type a move and press Enter: its id
    /// (for 2048: `l`, `r`, `u`, `d`) or an arrow key; `q` quits. With `--ai` the strategy
    /// plays until the game is over (or `--moves` moves).
    Play(PlayArgs),

    /// Replay a game: apply a list of actions from a seed or a position and print the final
    /// frame (the board, its position text, the legal actions and the outcome).
    ///
    /// This is how a game is shared and checked: the same seed (or position) and the same
    /// actions always give the same frame. An illegal action stops the replay with exit
    /// status 2, naming the action's number in the list (from 1).
    Replay(ReplayArgs),

    /// Count perft: the leaves of the legal-move tree DEPTH plies below a position (the
    /// game's start, or `--position`), with the count below each legal move ("divide"), for
    /// any plugin game that answers perft (e.g. checkers).
    Perft(PerftArgs),

    /// Draw a figure without lifting the pencil: whether an Euler circuit or trail exists
    /// (and from which vertices), one drawing (Hierholzer's algorithm, or `--random` with
    /// `--seed`), the number of drawings (`--count`), all of them up to a limit (`--all`),
    /// or, when no single stroke will do, the fewest strokes with a drawing.
    ///
    /// A drawing prints as its vertex sequence (`3-1-0-2-…`). The figure comes from a figure
    /// file (`circuits/figures/*.ron`) or `--edges "0-1,0-2,…"`. Exit status 2 for a bad
    /// file, edge list or start.
    Euler(EulerArgs),

    /// Solve a puzzle position with one of its game's solvers: prints the moves, their
    /// count, the nodes and the time (`--list`: every solver the plugins offer).
    Solve(SolveArgs),

    /// Run an experiment: many seeded games of one strategy, or a sweep of strategies.
    ///
    /// Games run in parallel inside the plugin; the results do not depend on the number of
    /// threads. A progress bar is drawn on standard error when it is a terminal. Text output
    /// lists the games and ends with the aggregates; `--format json` prints the whole report.
    /// `--sweep FAMILY --size N` runs every strategy of a family (for 2048: `cyclic` with
    /// `--max-len`, `biased` with `--max-weight`) and prints CSV, best first.
    Experiment(ExperimentArgs),
}

/// The generators of `gen`.
#[derive(Debug, Subcommand)]
pub enum GenCommand {
    /// An N×N unsigned array multiplier (c6288 is a 16×16 one): inputs A0.. and B0.., outputs
    /// the 2N product bits.
    Multiplier {
        /// Operand width in bits (2..=64).
        #[arg(long, value_parser = clap::value_parser!(u16).range(2..=64))]
        bits: u16,
        /// Where to write the netlist (`-` for standard output).
        #[arg(short, long, value_name = "OUT", default_value = "-")]
        output: PathBuf,
    },
    /// A random acyclic netlist: every gate reads earlier nets (from the previous 64), fan-in
    /// up to 3; the same seed gives the same netlist.
    RandomDag {
        /// Number of gates.
        #[arg(long)]
        gates: usize,
        /// Seed of the generator (`ChaCha8`).
        #[arg(long)]
        seed: u64,
        /// Number of primary inputs.
        #[arg(long, default_value_t = 64)]
        inputs: usize,
        /// Where to write the netlist (`-` for standard output).
        #[arg(short, long, value_name = "OUT", default_value = "-")]
        output: PathBuf,
    },
}

/// The analyses of `analyze`.
#[derive(Debug, Subcommand)]
pub enum AnalyzeCommand {
    /// Find the hazards of a combinational circuit for an input change.
    ///
    /// Eichelberger's procedures: settle at V1, set the changing inputs unknown and settle
    /// (A), set them to V2 and settle (B). An output with the same value at V1 and V2 that is
    /// unknown after A has a static hazard. One that changes and whose worst-case transient
    /// (Brzozowski & Ésik's change-counting algebra: the most changes over every ordering of
    /// the gates' input changes) has three changes or more has a dynamic hazard. Each hazard
    /// names the gates it passes through. `--all-single` examines every single-input change
    /// from every input vector on the bit-parallel engine.
    ///
    /// Exit status: 0 no hazard, 1 hazards found, 2 bad input (a vector that does not fit,
    /// a combinational loop, a flip-flop or a RAM).
    Hazards(super::analyze::hazards::HazardArgs),

    /// X-pessimism decided exactly: for every output Kleene's logic leaves unknown under the
    /// `--set` inputs, whether every binary completion of the unknown inputs agrees.
    ///
    /// Kleene's logic is sound but pessimistic: an AND-OR multiplexer with both data inputs
    /// +1 and its select unknown is +1 whichever the select, yet Kleene says 0. Each such
    /// output is reported pessimistic with the value every completion gives, undetermined
    /// with two completions that disagree, or unknown under every completion (its unknown
    /// does not come from the inputs). Up to 2^24 completions are all simulated on the batch
    /// engine; past that, random completions then binary decision diagrams decide (the
    /// method is given per output). Exit status 0, or 2 for bad input (an unknown label, a
    /// non-input, a loop, a flip-flop, a RAM).
    Exact(super::analyze::exact::ExactArgs),

    /// Does a reset sequence bring every state element out of the unknown?
    ///
    /// Starts from power-on with every flip-flop, latch (combinational loop) and RAM word
    /// unknown, applies the sequence, and prints each flip-flop or latch still unknown with
    /// the chain back to what keeps it unknown (an unset switch, a flip-flop never clocked,
    /// a loop through its own state, …). RAM words still unknown are listed apart: a reset
    /// rarely clears memory. Exits with 1 if a flip-flop or latch (with `--memories`, also
    /// a RAM word) is still unknown, 2 on bad input.
    Reset(ResetArgs),
}

/// The formats `export` writes.
#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// Structural Verilog: one module, gate primitives, an always block per flip-flop.
    ///
    /// Ports: one input per switch, button and clock, one output per lamp and probe, in
    /// file order. Gates become primitives (`and`, `nand`, `or`, `nor`, `xor`, `xnor`, `not`,
    /// `buf`), constants `assign`s of 1'b0/1'bx/1'b1, flip-flops `always @(posedge clk)`
    /// blocks (their registers start at x, like Tritium's 0). Labels that are not plain
    /// Verilog identifiers, or are keywords, become escaped identifiers (`\OUTPUT(N22) `).
    Verilog(ExportArgs),
}

/// How a circuit file is loaded, shared by the commands that load one: its size limit and the
/// folders its libraries may come from.
#[derive(Clone, Debug, Args)]
pub struct LoadArgs {
    /// The most nodes a circuit with subcircuits may flatten to (checked before it is
    /// built; the default, 20 million, is about 6 GB of memory).
    ///
    /// A few kilobytes of parts each placing the one below twice flatten to billions of
    /// nodes; such a file is refused with the instance path and the sizes instead of
    /// exhausting memory. Raise the limit for a larger design that fits the machine.
    #[arg(long, value_name = "N", default_value_t = sim_core::hierarchy::DEFAULT_MAX_NODES)]
    pub max_nodes: u64,

    /// Also let the circuit read library files under DIR (repeatable). A circuit's
    /// `libraries` are otherwise read only from under the folder of the file naming them:
    /// regular files of at most 64 MiB, never a path that leads elsewhere (`/…`, `../…`, a
    /// symbolic link).
    #[arg(long, value_name = "DIR")]
    pub library_dir: Vec<PathBuf>,
}

/// Arguments of `import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The `.bench` netlist.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Where to write the RON circuit (`-` for standard output).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Arguments of `export verilog`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Where to write the Verilog (`-` for standard output); memory images go beside it.
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,

    /// The module name (default: the document's name or the file's stem, made an identifier).
    #[arg(long, value_name = "NAME")]
    pub module: Option<String>,

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

    /// A file of vectors, one per line; blank lines and `#` comments are skipped.
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

/// Arguments of `sim` and `trace`.
#[derive(Debug, Args)]
pub struct RunArgs {
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

    /// The most value changes kept in memory; past it the oldest quarter is dropped (a
    /// warning says how many and from when the waveform is exact). Each change takes 4 bytes.
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

/// Arguments of `run`.
#[derive(Debug, Args)]
pub struct TicksArgs {
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

    /// The most clock ticks to run (a cycle of a clock with half period 1 is two ticks).
    #[arg(long, value_name = "N")]
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

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Arguments of `asm`.
#[derive(Debug, Args)]
pub struct AsmArgs {
    /// The program (assembly source).
    #[arg(value_name = "PROGRAM")]
    pub program: PathBuf,

    /// Where to write the words (written atomically); standard output without it.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Arguments of `analyze reset`.
#[derive(Debug, Args)]
pub struct ResetArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The reset sequence: items separated by `;`, each `LABEL=VALUE[, LABEL=VALUE…]` (one
    /// batch, then settled; a bus takes a number) or `tick [N]` (the clocks advance N ticks,
    /// each settled), e.g. `RST=+1; tick; RST=-1`.
    #[arg(long, value_name = "SEQUENCE", default_value = "")]
    pub sequence: String,

    /// Count unknown RAM words as failures too.
    #[arg(long)]
    pub memories: bool,

    /// How to print the report.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// How `sim` and `trace` print their results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Lines for people.
    #[default]
    Text,
    /// One JSON document for programs.
    Json,
}

/// One `--set` batch: labels and values in the order given, each label at most once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetBatch(pub Vec<(String, Literal)>);

impl fmt::Display for SetBatch {
    /// Formats as `R=+1, S=-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (label, value)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{label}={value}")?;
        }
        Ok(())
    }
}

/// Parses `NAME=VALUE[,NAME=VALUE...]` (the value parser of `--set`).
///
/// Only the syntax is checked here; whether the labels exist is up to the circuit.
///
/// # Errors
/// A message naming the malformed assignment, the value that is not a trit, or the label given
/// twice.
pub fn parse_batch(text: &str) -> Result<SetBatch, String> {
    let mut batch = Vec::new();
    for item in text.split(',').map(str::trim) {
        let Some((label, value)) = item.split_once('=') else {
            return Err(format!("`{item}` is not an assignment NAME=VALUE"));
        };
        let label = label.trim();
        if label.is_empty() {
            return Err(format!("`{item}` has no label before `=`"));
        }
        let value = value.trim();
        // A trit or a number of some width; whether it fits its node or bus is the circuit's
        // business.
        if value.parse::<Trit>().is_err()
            && let Err(e) = sim_core::number::parse(value, 64)
        {
            return Err(format!(
                "{label}: `{value}` is neither a trit (-1 0 +1, F X T, false unknown true) \
                 nor a number (162, -94, 0x5A, 0b10x1, 0t1T0): {e}"
            ));
        }
        let value = Literal::Text(value.to_owned());
        if batch.iter().any(|(seen, _)| seen == label) {
            return Err(format!("`{label}` is set twice in one batch"));
        }
        batch.push((label.to_owned(), value));
    }
    Ok(SetBatch(batch))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn batches_parse_every_value_spelling() {
        let batch = parse_batch("R=+1, S=F,T=unknown,A=0x5A").expect("valid");
        let values: Vec<Vec<Trit>> = batch
            .0
            .iter()
            .map(|(_, v)| v.resolve(if v.to_string() == "0x5A" { 8 } else { 1 }))
            .collect::<Result<_, _>>()
            .expect("valid for their widths");
        assert_eq!(
            values[..3],
            [vec![Trit::True], vec![Trit::False], vec![Trit::Unknown]]
        );
        assert_eq!(sim_core::number::format(&values[3], Radix::Unsigned), "90");
        assert_eq!(batch.to_string(), "R=+1, S=F, T=unknown, A=0x5A");
    }

    #[test]
    fn malformed_batches_are_refused() {
        for (text, message) in [
            ("", "is not an assignment"),
            ("R", "is not an assignment"),
            ("R=1,", "is not an assignment"),
            ("=1", "has no label"),
            ("R=maybe", "neither a trit"),
            ("A=0x5G", "neither a trit"),
            ("R=1,R=-1", "set twice"),
        ] {
            let err = parse_batch(text).expect_err(text);
            assert!(err.contains(message), "{text:?}: {err:?} lacks {message:?}");
        }
    }
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game, as listed by `tritium plugins` (e.g. `2048`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// Let this strategy play (e.g. `greedy`, `cyclic:drdl`, `expectimax:depth=3`); in a
    /// two-player game it plays the sides `--human` leaves.
    #[arg(long, value_name = "STRATEGY")]
    pub ai: Option<String>,

    /// Two-player games: the sides a person plays, by name (`red`, `white`), `both` or
    /// `none` (default: both without `--ai`, the first side with it).
    #[arg(long, value_name = "SIDES")]
    pub human: Option<String>,

    /// The seed of the game's random events.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The rule set (default: the game's first).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,

    /// Start from this position text (as every frame prints it, e.g. for 2048
    /// `2 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2 score=4 moves=1`); the random events after it come
    /// from `--seed`.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// Stop after this many moves.
    #[arg(long, value_name = "N")]
    pub moves: Option<u64>,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game, as listed by `tritium plugins` (e.g. `sliding`).
    #[arg(value_name = "GAME", required_unless_present = "list")]
    pub game: Option<String>,

    /// List the solvers of every plugin instead.
    #[arg(long)]
    pub list: bool,

    /// The solver (see `--list`); default: the best of the game's solvers that takes the board
    /// on (for the sliding puzzle `ida-pdb` up to 16 cells, `ida-manhattan-lc` beyond), named
    /// in the output.
    #[arg(long, value_name = "NAME")]
    pub solver: Option<String>,

    /// The position to solve (e.g. `1 2 3/4 5 6/0 7 8`); without it, the game from `--seed`.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// The seed of a new game to solve (when no `--position`).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The rule set (e.g. `4x4`).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// Arguments of `euler`.
#[derive(Debug, Args)]
pub struct EulerArgs {
    /// A figure file (RON, see `circuits/figures/`).
    #[arg(
        value_name = "FILE",
        required_unless_present = "edges",
        conflicts_with = "edges"
    )]
    pub file: Option<PathBuf>,

    /// The figure as an edge list instead, e.g. `0-1,0-2,1-2`.
    #[arg(long, value_name = "EDGES")]
    pub edges: Option<String>,

    /// Start the drawing at this vertex (by label); it must be a legal start.
    #[arg(long, value_name = "V")]
    pub start: Option<String>,

    /// A random drawing instead of Hierholzer's, from `--seed`.
    #[arg(long)]
    pub random: bool,

    /// The seed of `--random`.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Count the drawings: from each start (or `--start`) and in total (up to 64 edges), as
    /// edge sequences (parallel edges told apart, each direction of a circuit or a loop
    /// apart); 0 when no single stroke draws the figure. Counts of any size are exact (JSON:
    /// a number up to 2^64 − 1, a decimal string beyond). Counting can take exponential time:
    /// a spinner shows its progress on a terminal, and Ctrl+C or `--time-limit` stop it with
    /// no number and exit status 1.
    #[arg(long)]
    pub count: bool,

    /// Stop `--count` (or `--all`) after this many seconds, saying so (exit status 1).
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub time_limit: Option<f64>,

    /// List the drawings, up to `--limit`, each printed as soon as it is found.
    #[arg(long)]
    pub all: bool,

    /// How many drawings `--all` lists at most.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub limit: usize,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game, as listed by `tritium plugins` (e.g. `checkers`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// Plies to count.
    #[arg(long, value_name = "N")]
    pub depth: u32,

    /// Count from this position text (e.g. a checkers FEN) instead of the start.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// The rule set (default: the game's first).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
}

/// Arguments of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game, as listed by `tritium plugins` (e.g. `2048`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// The seed of the game's random events (needed unless `--position` is given; then it
    /// seeds the events after the position and defaults to 1).
    #[arg(long, value_name = "S", required_unless_present = "position")]
    pub seed: Option<u64>,

    /// The rule set (default: the game's first, or what the position says).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,

    /// Start from this position text instead of a new game.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,

    /// The actions to apply, comma-separated action ids (for 2048 and Threes!: `l,r,u,d`).
    #[arg(long, value_name = "A,B,...", default_value = "")]
    pub actions: String,

    /// The output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// Arguments of `experiment`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["strategy", "sweep"])))]
pub struct ExperimentArgs {
    /// The game (e.g. `2048`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// The strategy spec to run.
    #[arg(long, value_name = "S")]
    pub strategy: Option<String>,

    /// Two-player games: the strategy's opponent (a match, colours swapped game by game),
    /// e.g. `--strategy alphabeta:time=100 --opponent minimax:depth=4`.
    #[arg(long, value_name = "STRATEGY")]
    pub opponent: Option<String>,

    /// Run every strategy of this family instead, printing CSV (needs `--size`).
    #[arg(long, value_name = "FAMILY", requires = "size")]
    pub sweep: Option<String>,

    /// The family's size: for 2048 the longest cycle (`--max-len`) or the largest weight
    /// (`--max-weight`).
    #[arg(long, value_name = "N", visible_aliases = ["max-len", "max-weight"])]
    pub size: Option<u32>,

    /// Games per strategy.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: u32,

    /// The master seed; game i of every strategy is seeded from (seed, i).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The rule set (default: the game's first).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,

    /// The output format (a sweep always prints CSV).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    /// Leave the measurements (the report's `timing`, e.g. `moves_per_second`) out, so that
    /// reports of the same seed compare byte for byte.
    #[arg(long)]
    pub no_timing: bool,

    /// Run on a local cluster of N processes on 127.0.0.1 (timely dataflow): this one and
    /// N − 1 copies it starts itself, on ports free at the time. Same report as one process.
    #[arg(long, value_name = "N", conflicts_with_all = ["hosts", "hostfile", "sweep"])]
    pub processes: Option<usize>,

    /// A cluster's processes as `host:port` addresses, comma-separated, the same list on
    /// every process (timely's hostfile, inline); with `--process`.
    #[arg(long, value_name = "LIST", value_delimiter = ',', conflicts_with_all = ["hostfile", "sweep"])]
    pub hosts: Vec<String>,

    /// A file of a cluster's addresses, one `host:port` per line (timely's `-h`); with
    /// `--process`.
    #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
    pub hostfile: Option<PathBuf>,

    /// This process's index in the cluster's addresses (timely's `-p`); process 0 prints
    /// the report.
    #[arg(long, value_name = "I")]
    pub process: Option<usize>,

    /// On a cluster, play the games on process 0 and split every move's search across the
    /// processes instead (the seed's distributed expectimax: each root move's subtree valued
    /// on one process, one dataflow round per move). Same report as one process.
    #[arg(long)]
    pub split_search: bool,

    /// Seconds a cluster's processes wait for each other before giving up.
    #[arg(long, value_name = "S", default_value_t = 30)]
    pub connect_timeout: u64,
}

/// How `experiment` prints its report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// One line per game, then the aggregates.
    Text,
    /// The whole report as JSON: per-game results and aggregates.
    Json,
}

/// A positive, finite number of seconds.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 => Ok(s),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
}
