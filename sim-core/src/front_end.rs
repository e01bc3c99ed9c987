//! Front ends: the formats a circuit's text is read from, and [`FrontEnd::read`], the one
//! driver from text to a checked circuit (in a [`Document`]) that every front end goes
//! through — the RON format with its libraries ([`crate::format`], which elaborates its
//! design through [`crate::elaborate`]) and the ISCAS `.bench` netlist ([`crate::bench`]);
//! a new one (Verilog import, synthesis) is a variant here.
//!
//! ```
//! use sim_core::front_end::FrontEnd;
//!
//! let front_end = FrontEnd::of_name("c17.BENCH");
//! assert_eq!(front_end, FrontEnd::Bench);
//! assert_eq!(FrontEnd::of_name("circuits/.bench"), FrontEnd::Ron);
//! assert_eq!(FrontEnd::of_name("adder.ron"), FrontEnd::Ron);
//! let text = "INPUT(A)\nOUTPUT(Y)\nY = NOT(A)\n";
//! let mut no_libraries = |_: &str, _: &str| Err::<(String, String), String>("a netlist reads no library".into());
//! let doc = front_end.read(text, "c17.bench", &mut no_libraries, 1 << 20)?;
//! assert_eq!(doc.circuit.node_count(), 3); // A, the NOT, the OUTPUT(Y) lamp
//! # Ok::<(), sim_core::front_end::FrontEndError>(())
//! ```

use crate::bench::{self, BenchError};
use crate::format::{self, Document, FormatError};
use crate::hierarchy::{ResolveError, Resolver};

/// A format Tritium reads circuits from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrontEnd {
    /// A RON circuit document (any version), with its subcircuit libraries.
    Ron,
    /// An ISCAS `.bench` netlist: a flat circuit without positions, names or tests.
    Bench,
}

/// Why a text is not a circuit of its front end.
#[derive(Debug, thiserror::Error)]
pub enum FrontEndError {
    /// Not a valid RON circuit document (or a library it names is not).
    #[error(transparent)]
    Ron(#[from] FormatError),
    /// Not a valid `.bench` netlist.
    #[error(transparent)]
    Bench(#[from] BenchError),
}

impl FrontEnd {
    /// The front end of a file by its name's extension, as [`std::path::Path::extension`]
    /// reads it: `.bench` (any case) is a netlist, anything else (a hidden file named
    /// `.bench` too) a RON document.
    pub fn of_name(name: &str) -> FrontEnd {
        let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
        match file.rsplit_once('.') {
            Some((stem, extension))
                if !stem.is_empty() && extension.eq_ignore_ascii_case("bench") =>
            {
                FrontEnd::Bench
            }
            _ => FrontEnd::Ron,
        }
    }

    /// Reads `text`, the file `name` (how messages name it; a RON file's libraries are
    /// resolved from it through `resolve`), into a checked circuit of at most `max_nodes`
    /// nodes once flattened (a `.bench` netlist and a flat RON file are limited by their
    /// text's size only).
    ///
    /// # Errors
    /// [`FrontEndError::Ron`] ([`FormatError`]: syntax with line and column, version, a part
    /// or library, the circuit's check, a test) or [`FrontEndError::Bench`] ([`BenchError`],
    /// naming the line).
    pub fn read<E: Into<ResolveError>>(
        self,
        text: &str,
        name: &str,
        resolve: &mut Resolver<'_, E>,
        max_nodes: u64,
    ) -> Result<Document, FrontEndError> {
        Ok(match self {
            FrontEnd::Ron => format::from_str_limited(text, name, resolve, max_nodes)?,
            FrontEnd::Bench => Document::new(bench::from_str(text)?),
        })
    }
}
