//! The command-line grammar, declared with clap's derive API: the commands here, their
//! arguments in one file per group of commands.
//!
//! Doc comments here are the `--help` text: the first paragraph of an item is its short help,
//! the rest is shown by `--help` only.
mod analyze;
mod common;
mod files;
mod games;
mod simulate;
mod synth;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

pub use analyze::{AnalyzeCommand, ExactArgs, ExprArgs, HazardArgs, ResetArgs};
pub use common::{Format, LoadArgs, SetBatch};
pub use files::{AsmArgs, CheckArgs, DrawArgs, ExportArgs, ExportCommand, GenCommand, ImportArgs};
pub use games::{
    EulerArgs, ExperimentArgs, PerftArgs, PlayArgs, ReplayArgs, ReportFormat, SolveArgs,
};
pub use simulate::{
    EngineKind, RunArgs, ScheduleKind, SimArgs, TableArgs, TestArgs, VectorsArgs, WaveArgs,
};
pub use synth::{GateInputs, GateStyle, StateCodes, SynthArgs};

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
    Sim(SimArgs),

    /// Simulate like `sim`, narrating every event as it is processed.
    ///
    /// Each event line reads `#SEQ δDELTA NODE`, then what the node did (`:= VALUE` for an input
    /// set from outside, `inputs (...) → VALUE` for a gate or terminal), whether its output
    /// changed and which nodes that schedules, and what caused the event (`[← #K]`: the output
    /// change of event K).
    Trace(SimArgs),

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

    /// Convert an ISCAS `.bench` netlist, or a Verilog design through Yosys, to a RON circuit
    /// file, with an automatic layout.
    ///
    /// Verilog files (`.v`, `.sv`) are synthesised by Yosys (`yosys` on the PATH, or the
    /// program the `TRITIUM_YOSYS` environment variable names) into simple gates and
    /// flip-flops: `read_verilog` with the `--define`s and `--include`s, `hierarchy -check
    /// -top NAME`, `proc`, `opt`, `memory -nomap`, `techmap`, `opt_clean`, `write_json`. Each
    /// module becomes a subcircuit, ports buses. Yosys' errors are passed on with their file
    /// and line; its warnings and the import's are printed. Nothing is written on failure.
    Import(ImportArgs),

    /// Run a clocked circuit headless, as fast as the engine goes, and print its terminals at
    /// the end.
    ///
    /// Settles from power-on, applies each `--set` batch and holds it for one clock cycle,
    /// then ticks the clocks until `--ticks N` in all, the batches' ticks included (settling
    /// after each), stopping once
    /// `--until LABEL[=VALUE]` holds
    /// (+1 by default). Standard error gives the ticks, the clock cycles and the simulated
    /// cycles per second. Uses the levelized schedule (the same values as unit delay after
    /// every clock edge of a synchronous design) unless `--unit-delay`. Exits with 1 if
    /// `--until` never held: the run stopped at its limit.
    Run(RunArgs),

    /// Assemble a program for the example CPU (`circuits/cpu/`; the ISA is in docs/cpu.md)
    /// into a ROM contents file: plain hex, one 16-bit word a line.
    ///
    /// Two passes: labels (`name:`), constants (`.equ NAME, value`), `.org`, `.byte`,
    /// `.word`, `;` comments. An error names the file, line and column; exit status 2 (bad input).
    Asm(AsmArgs),

    /// Write a circuit in another format (structural Verilog).
    #[command(subcommand)]
    Export(ExportCommand),

    /// Draw a circuit's schematic as the app's canvas draws it, to an SVG or PNG file.
    ///
    /// The SVG is structured for tools: each net's wires and junctions in a
    /// `<g class="net" data-net="NAME">`, each node in a `<g class="node" data-node="LABEL">`
    /// (its outline first), each instance in a `<g class="block" data-block="LABEL">`, labels as
    /// `<text>`, and the scale on the root element (`data-cell`: units per grid cell). A PNG is
    /// that SVG rendered, with the app's own fonts.
    Draw(DrawArgs),

    /// Analyses of a circuit: hazards, X-pessimism decided exactly, reset (what only a
    /// three-valued simulator can tell), and its minimal expressions.
    #[command(subcommand)]
    Analyze(AnalyzeCommand),

    /// Synthesise a minimal two-level circuit from a truth table or expressions, or a state
    /// machine's circuit from its state-transition table.
    ///
    /// The function is minimised to a sum of products, or with `--pos` a product of sums:
    /// exactly where that finishes within its limits and time budget (the fewest distinct
    /// terms, shared between outputs, then the fewest literals), else by Espresso's
    /// heuristic; each output's expression is printed, and whether the cover is proven
    /// minimal (`exact`) or not (`heuristic`, and why). With `-o`, the circuit is built of AND-OR, NAND or NOR
    /// gates (`--style`) with any number of inputs or two (`--inputs`), laid out, and written
    /// as a RON document whose embedded test `tritium test` runs (the table's rows; for a
    /// machine, a tour of its transitions from a reset). A malformed table or machine names
    /// its line and column, a malformed expression its column: exit status 2.
    Synth(SynthArgs),

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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }
}
