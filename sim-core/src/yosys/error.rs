//! What can go wrong importing a Yosys netlist ([`YosysError`]) and what the importer tells
//! without failing ([`ImportWarning`]).

use std::fmt;

use crate::format::FormatError;

/// Why a Yosys JSON netlist could not be imported. Each names the module and the cell, port
/// or net at fault.
#[derive(Debug, thiserror::Error)]
pub enum YosysError {
    /// The text is not JSON, or not the shape of Yosys' `write_json` (serde's message, at
    /// its 1-based line and column).
    #[error("not a Yosys JSON netlist: {message} at line {line}, column {column}")]
    NotYosys {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was expected there.
        message: String,
    },
    /// The netlist has no module.
    #[error("the netlist has no module")]
    NoModules,
    /// The asked-for top module is not in the netlist.
    #[error("no module `{top}` in the netlist (its modules: {})", .modules.join(", "))]
    NoSuchTop {
        /// The name asked for.
        top: String,
        /// The modules the netlist has.
        modules: Vec<String>,
    },
    /// No top module was asked for and the netlist does not single one out (no `top`
    /// attribute and not exactly one module that no other places).
    #[error("several top module candidates ({}): choose one with --top", .candidates.join(", "))]
    SeveralTops {
        /// The modules no other module places.
        candidates: Vec<String>,
    },
    /// A cell of a type Tritium does not map (a coarse cell such as `$add` left by a script
    /// without `techmap`, a tri-state buffer, a blackbox module, …).
    #[error("module `{module}`: cell `{cell}` of type `{cell_type}` cannot be imported ({why})")]
    UnsupportedCell {
        /// The cell's type.
        cell_type: String,
        /// The module holding it.
        module: String,
        /// The cell's name.
        cell: String,
        /// Why not.
        why: String,
    },
    /// A net bit with two drivers (two cell outputs, or a cell and an input port).
    #[error("module `{module}`: net {net} is driven twice, by {first} and by {second}")]
    DrivenTwice {
        /// The module.
        module: String,
        /// The net (`name[k]` or Yosys' number).
        net: String,
        /// The first driver (a port or `cell.PORT`).
        first: String,
        /// The second driver.
        second: String,
    },
    /// A port Tritium cannot hold: `inout` (Tritium's nets have one driver) or wider than
    /// a bus.
    #[error("module `{module}`: port `{port}` cannot be imported ({why})")]
    Port {
        /// The module.
        module: String,
        /// The port.
        port: String,
        /// Why not.
        why: String,
    },
    /// A cell without a port its type needs, or with a port of the wrong width, or a
    /// parameter missing.
    #[error("module `{module}`: cell `{cell}`: {message}")]
    Malformed {
        /// The module.
        module: String,
        /// The cell.
        cell: String,
        /// What is wrong.
        message: String,
    },
    /// A module places itself, directly or through others.
    #[error("module `{module}` places itself (through {})", .path.join(" → "))]
    Recursive {
        /// The module.
        module: String,
        /// The chain of modules back to it.
        path: Vec<String>,
    },
    /// The design flattened would have more nodes than the limit
    /// ([`ImportOptions::max_nodes`](super::ImportOptions::max_nodes)).
    #[error(
        "the design has at least {nodes} nodes flattened, more than the limit of {limit} \
         (raise it with --max-nodes)"
    )]
    TooLarge {
        /// The nodes counted (a lower bound, saturating).
        nodes: u64,
        /// The limit.
        limit: u64,
    },
    /// The imported design does not elaborate into a circuit (a limit of Tritium's, such as
    /// a memory's size, named by the error).
    #[error("the imported design does not elaborate: {0}")]
    Elaborate(#[from] FormatError),
}

/// Something the importer did that the user should know: the import is still faithful
/// where it says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportWarning {
    /// Net bits no cell or port drives: they read unknown (Verilog reads them `z`, which
    /// its gates treat as `x`).
    Undriven {
        /// The module.
        module: String,
        /// The net bits, `name[k]` or Yosys' number, in file order.
        nets: Vec<String>,
    },
    /// A memory that maps to no Tritium RAM or ROM, built as a flip-flop per bit (the
    /// same function, many more nodes).
    MemoryAsFlipFlops {
        /// The module.
        module: String,
        /// The memory cell.
        memory: String,
        /// Why it is no RAM or ROM.
        why: String,
    },
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportWarning::Undriven { module, nets } => write!(
                f,
                "module `{module}`: {} undriven net bit(s) read unknown: {}",
                nets.len(),
                nets.join(", ")
            ),
            ImportWarning::MemoryAsFlipFlops {
                module,
                memory,
                why,
            } => write!(
                f,
                "module `{module}`: memory `{memory}` is built as flip-flops ({why})"
            ),
        }
    }
}
