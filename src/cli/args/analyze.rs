//! `analyze`: its subcommands and their arguments.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use sim_core::analysis::exact;

use super::common::{Format, LoadArgs, SetBatch, parse_batch};

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
    Hazards(HazardArgs),

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
    Exact(ExactArgs),

    /// Does a reset sequence bring every state element out of the unknown?
    ///
    /// Starts from power-on with every flip-flop, latch (combinational loop) and RAM word
    /// unknown, applies the sequence, and prints each flip-flop or latch still unknown with
    /// the chain back to what keeps it unknown (an unset switch, a flip-flop never clocked,
    /// a loop through its own state, …). RAM words still unknown are listed apart: a reset
    /// rarely clears memory. Exits with 1 if a flip-flop or latch (with `--memories`, also
    /// a RAM word) is still unknown, 2 on bad input.
    Reset(ResetArgs),

    /// The minimal sum-of-products and product-of-sums expressions of a circuit's outputs.
    ///
    /// The circuit's truth table (each row from power-on, the inputs binary) is minimised
    /// per output (Quine–McCluskey with a branch-and-bound cover): each line gives an output,
    /// its expression, the form and whether the result is proven minimal (`exact`) or not
    /// (`heuristic`). With `--outputs`, only those outputs, over only the inputs in their
    /// cone. An output unknown for some binary input (a flip-flop or latch the inputs do not
    /// set, an oscillating loop) is refused by row, unless `--unknown-as-dont-care`. Exit
    /// status 0, or 2 for bad input.
    Expr(ExprArgs),
}

/// Arguments of `analyze hazards`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("mode").required(true).args(["from", "all_single"])))]
pub struct HazardArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// V1: the inputs before the change, as `--set` writes them: `A=-1,B=+1,S=-1` (a trit
    /// -1 0 +1 / F X T, or a number for a bus); every switch and button needs a value. The
    /// former form, one 0/1 digit per input in file order, is no longer read: its `0` meant
    /// -1, where everywhere else `0` is unknown.
    #[arg(long, value_name = "NAME=VALUE[,NAME=VALUE...]", requires = "to", value_parser = parse_batch)]
    pub from: Option<SetBatch>,

    /// V2: the inputs after the change, in the same notation.
    #[arg(long, value_name = "NAME=VALUE[,NAME=VALUE...]", requires = "from", value_parser = parse_batch)]
    pub to: Option<SetBatch>,

    /// Examine every single-input change from every input vector (both directions), up to
    /// 20 inputs (2^20 vectors); beyond that a seeded sample of vectors, said so in the
    /// output.
    #[arg(long, conflicts_with_all = ["from", "to"])]
    pub all_single: bool,

    /// With more than 20 inputs, how many vectors to sample (default 65536).
    #[arg(long, value_name = "N", requires = "all_single")]
    pub samples: Option<u64>,

    /// The seed of the sample (`ChaCha8`, default 0).
    #[arg(long, value_name = "S", requires = "all_single")]
    pub seed: Option<u64>,

    /// With `--all-single`, how many hazardous transitions to list per output.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub examples: usize,

    /// Print one JSON document (the same as `--format json`).
    #[arg(long)]
    pub json: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Arguments of `analyze exact`.
#[derive(Debug, Args)]
pub struct ExactArgs {
    /// The circuit file (`-` for standard input): combinational (no loop, flip-flop or RAM).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Known inputs; repeat or separate with commas, all apply together (a later value
    /// wins). NAME is a switch or button, or a bus of them; a switch not set, or set to 0,
    /// is unknown; a button not set is released (-1).
    #[arg(
        long = "set",
        value_name = "NAME=VALUE[,NAME=VALUE...]",
        value_parser = parse_batch
    )]
    pub sets: Vec<SetBatch>,

    /// Decide every gate and terminal Kleene leaves unknown, not only the outputs.
    #[arg(long)]
    pub all_nets: bool,

    /// How to print the report: lines, or one JSON document.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Enumerate every completion up to this many unknown inputs (2^N completions on the
    /// batch engine); past it, random samples and then binary decision diagrams decide.
    #[arg(long, value_name = "N", default_value_t = exact::ENUMERATION_LIMIT)]
    pub enumeration_limit: u32,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
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

/// Arguments of `analyze expr`.
#[derive(Debug, Args)]
pub struct ExprArgs {
    /// The circuit file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The outputs to analyse (labels or bus names, a bus's bits most significant first),
    /// separated by commas; every lamp and probe by default.
    #[arg(long, value_name = "NAME[,NAME...]", value_delimiter = ',')]
    pub outputs: Vec<String>,

    /// Take an output unknown for some binary input as a don't-care there, instead of
    /// refusing the circuit.
    #[arg(long)]
    pub unknown_as_dont_care: bool,

    /// How to print the expressions: lines, or one JSON document.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// How the file is loaded (`--max-nodes`, `--library-dir`).
    #[command(flatten)]
    pub load: LoadArgs,
}
