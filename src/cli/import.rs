//! `tritium import`: an ISCAS netlist (`FILE.bench`) or a Verilog design (`FILE.v …`, through
//! Yosys: [`loader::verilog`]) as a RON circuit file.
//!
//! A netlist is read like any `.bench` circuit ([`super::load`]); a Verilog design is
//! synthesised by Yosys and imported ([`Yosys::import`]) with `--top`, `--define`,
//! `--include`, `--time-limit` and `--max-nodes`, its warnings printed. Every node without a
//! position gets one from the desktop editor's automatic layout
//! ([`sim_core::layout::place_unplaced`]), and the document is written with
//! [`sim_core::format::to_string`] — only once all of that succeeded.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use loader::verilog::{self, Yosys};
use sim_core::format::{self, Document};

use super::args::ImportArgs;
use super::console::{Console, Status, write_output};
use super::load::{display_name, is_bench, load};

/// Runs `tritium import`.
///
/// # Errors
/// Bad input: the files are neither one `.bench` netlist nor Verilog files, they cannot be
/// loaded or imported, or the output cannot be written.
pub fn run(args: &ImportArgs, console: &mut Console<'_>) -> Result<Status> {
    let (name, mut doc) = match args.files.as_slice() {
        [file] if is_bench(file) => {
            refuse_verilog_options(args, file)?;
            let loaded = load(file, &args.load)?;
            (loaded.name, loaded.doc)
        }
        files => (display_names(files), import_verilog(files, args, console)?),
    };
    sim_core::layout::place_unplaced(&mut doc.circuit);
    let text = format::to_string(&doc).with_context(|| name)?;
    write_output(&args.output, &text, console)?;
    Ok(Status::Success)
}

/// Imports the Verilog design `files` with the command's options, printing the warnings.
///
/// # Errors
/// A file that is not `.v`/`.sv`, or [`loader::VerilogError`].
fn import_verilog(
    files: &[PathBuf],
    args: &ImportArgs,
    console: &mut Console<'_>,
) -> Result<Document> {
    if let Some(other) = files.iter().find(|f| !verilog::is_verilog(f)) {
        bail!(
            "{}: import reads one ISCAS `.bench` netlist or Verilog files (`.v`, `.sv`)",
            display_name(other)
        );
    }
    let options = verilog::Options {
        top: args.top.clone(),
        defines: args.define.clone(),
        include_dirs: args.include.clone(),
        time_limit: Duration::from_secs(args.time_limit),
        max_nodes: usize::try_from(args.load.max_nodes).unwrap_or(usize::MAX),
    };
    let design = Yosys::find().import(files, &options)?;
    for warning in &design.warnings {
        console.warn(warning)?;
    }
    Ok(design.document)
}

/// Refuses the Verilog options for the `.bench` netlist `file`.
///
/// # Errors
/// `--top`, `--define` or `--include` given.
fn refuse_verilog_options(args: &ImportArgs, file: &Path) -> Result<()> {
    if args.top.is_some() || !args.define.is_empty() || !args.include.is_empty() {
        bail!(
            "{}: --top, --define and --include are for Verilog files, not a `.bench` netlist",
            display_name(file)
        );
    }
    Ok(())
}

/// The files' names as messages give them, separated by commas.
fn display_names(files: &[PathBuf]) -> String {
    let names: Vec<String> = files.iter().map(|f| display_name(f)).collect();
    names.join(", ")
}
