//! Tritium's files on disk, for the command line and the desktop app alike.
//!
//! sim-core parses and writes text but never opens a file; this crate is where files are
//! opened, read and written:
//!
//! - [`circuit`]: a circuit file by its extension — a RON circuit document with the library
//!   files it names, an ISCAS `.bench` netlist, or a Verilog design (`.v`, `.sv`) imported
//!   through Yosys — or standard input (`-`), with a
//!   [`LoadError`] whose message names the file, line and column.
//! - [`library`]: which library files a circuit may read ([`LibraryPolicy`]): paths resolved
//!   under the folder of the file naming them or a configured library folder, regular files
//!   only, at most [`DEFAULT_MAX_LIBRARY_BYTES`] by default.
//! - [`figure`]: figure files (`circuits/figures/*.ron`).
//! - [`save`]: atomic saves (a temporary file beside the target, synced, renamed over it).
//! - [`verilog`]: Verilog designs through Yosys, an external program run with a time limit,
//!   into its JSON netlist.
//!
//! ```no_run
//! use std::path::Path;
//! use loader::{LibraryPolicy, load_circuit};
//!
//! let loaded = load_circuit(Path::new("circuits/adder8.ron"), &LibraryPolicy::new())?;
//! println!("{}: {} nodes", loaded.name, loaded.doc.circuit.node_count());
//! # Ok::<(), loader::LoadError>(())
//! ```

pub mod circuit;
pub mod figure;
pub mod library;
pub mod save;
pub mod verilog;

pub use circuit::{
    LoadError, Loaded, display_name, is_bench, is_stdin, load_circuit, parse_circuit,
};
pub use figure::{FigureError, load_figure, save_figure};
pub use library::{DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_LIBRARY_BYTES, LibraryPolicy};
pub use save::{SaveError, StreamError, save_circuit, write_atomically, write_atomically_with};
pub use verilog::{VerilogError, Yosys, is_verilog};
