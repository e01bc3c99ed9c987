//! `synth`: its arguments and their choices (gates, fan-in, state codes).

use std::path::PathBuf;

use clap::{ArgGroup, Args, ValueEnum};

/// Arguments of `synth`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("source").required(true).args(["table", "expr", "fsm"])))]
pub struct SynthArgs {
    /// A truth-table file: a header of input names, `|`, output names, then rows of `0`, `1`
    /// and `-` cells (text, or CSV when the header has commas).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,

    /// An output's expression, `NAME = EXPR` (or a lone `EXPR`, the output `F`), in any
    /// accepted notation (`A·B + ¬C`, `A & B | !C`, `A B + C'`, `~A`); repeat for more
    /// outputs. The inputs are the variables, in the order they first appear.
    #[arg(long, value_name = "EXPR")]
    pub expr: Vec<String>,

    /// A state-transition table (`machine moore|mealy`, `inputs …`, `outputs …`, then rows
    /// `STATE INPUTS -> NEXT OUTPUTS`): the circuit is the machine, a D flip-flop per state
    /// bit with a clock `clk` and an asynchronous `reset` to the initial state.
    #[arg(long, value_name = "FILE")]
    pub fsm: Option<PathBuf>,

    /// How a machine's states are coded: in the fewest bits counting up (the default), in
    /// Gray code, or one flip-flop per state.
    #[arg(long, value_enum, conflicts_with_all = ["table", "expr"])]
    pub assignment: Option<StateCodes>,

    /// The gates of the circuit.
    #[arg(long, value_enum, default_value_t = GateStyle::AndOr)]
    pub style: GateStyle,

    /// How many inputs a gate may have: 2 (a tree of 2-input gates) or n (one gate per term).
    #[arg(long, value_enum, default_value_t = GateInputs::N)]
    pub inputs: GateInputs,

    /// Minimise to a product of sums (OR terms into AND gates) instead of a sum of products.
    #[arg(long)]
    pub pos: bool,

    /// Where to write the circuit (a RON document with the table as its test vectors, which
    /// `tritium test` checks; `-` for standard output). Without it, only the expressions are
    /// printed.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

/// How a machine's states are coded (`--assignment`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StateCodes {
    /// State `i` (in the table's order) is `i` in binary.
    Binary,
    /// State `i` is the `i`-th reflected Gray code.
    Gray,
    /// State `i` is flip-flop `i` alone.
    OneHot,
}

/// The gates a synthesised circuit is made of (`--style`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GateStyle {
    /// AND and OR gates with inverters on the inputs (two levels).
    AndOr,
    /// NAND gates only (inverters as 1-input NANDs).
    Nand,
    /// NOR gates only (inverters as 1-input NORs).
    Nor,
}

/// The most inputs a synthesised gate may have (`--inputs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GateInputs {
    /// Two: wider gates become balanced trees.
    #[value(name = "2")]
    Two,
    /// Any number: one gate per term.
    #[value(name = "n")]
    N,
}
