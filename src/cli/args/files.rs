//! The commands that read, convert or write files without simulating (but `draw --values`):
//! `check`, `import`, `export`, `draw`, `asm`, `gen`.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use loader::verilog::Define;

use super::common::{LoadArgs, SetBatch, parse_batch};

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

/// Arguments of `import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The `.bench` netlist, or the Verilog files (`.v`, `.sv`) of one design.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Where to write the RON circuit (`-` for standard output). Nothing is written when the
    /// import fails.
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,

    /// Verilog: the top module (by default the one module no other instantiates).
    #[arg(long, value_name = "NAME")]
    pub top: Option<String>,

    /// Verilog: define a macro, `NAME` or `NAME=VALUE` (repeatable).
    #[arg(long, value_name = "K=V")]
    pub define: Vec<Define>,

    /// Verilog: also look for `` `include `` files in DIR (repeatable).
    #[arg(long, value_name = "DIR")]
    pub include: Vec<PathBuf>,

    /// Verilog: stop Yosys after this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = loader::verilog::DEFAULT_TIME_LIMIT.as_secs())]
    pub time_limit: u64,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Arguments of `draw`.
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Where to write the picture: SVG or PNG, by its extension (`.svg`, `.png`).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,

    /// The level to draw: instance labels from the top separated by `/` (`lo/fa0`); the top
    /// level by default.
    #[arg(long, value_name = "PATH", conflicts_with = "every_level")]
    pub level: Option<String>,

    /// Draw every level, one file each: OUT for the top level, and OUT's name with the
    /// level's path before the extension for the others (`adder8.lo.fa0.svg`).
    #[arg(long)]
    pub every_level: bool,

    /// Draw the values of a simulation, coloured as the app shows them: settled from
    /// power-on, then after each `--set` batch. Without it every value is drawn unknown.
    #[arg(long)]
    pub values: bool,

    /// One batch of inputs (as `sim --set`), applied and settled before drawing; repeat for
    /// more.
    #[arg(
        long = "set",
        value_name = "NAME=VALUE[,NAME=VALUE...]",
        value_parser = parse_batch,
        requires = "values"
    )]
    pub sets: Vec<SetBatch>,

    /// PNG pixels per SVG unit (a grid cell is 20 units).
    #[arg(long, value_name = "N", default_value_t = gui::pages::circuit::export::DEFAULT_SCALE)]
    pub scale: f32,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
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
