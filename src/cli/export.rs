//! `tritium export verilog FILE -o FILE.v`: a circuit as structural Verilog, written by
//! [`sim_core::verilog`] (flat, or one module per part for a document with subcircuits).
//! Memories' starting words are image files that the Verilog's `$readmemh` reads, written
//! beside `FILE.v` (in the current directory for `-o -`), each named on standard error.

use std::path::Path;

use anyhow::{Context as _, Result};
use sim_core::verilog;

use super::args::ExportArgs;
use super::console::{Console, Status, write_output};
use super::load::{is_stdin, load};

/// Runs `tritium export verilog`.
///
/// # Errors
/// Bad input: the file cannot be loaded, it has a table gate Verilog cannot express, or the
/// output cannot be written.
pub fn run(args: &ExportArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file, &args.load)?;
    let module = args.module.as_deref().map_or_else(
        || {
            let stem = (!is_stdin(&args.file))
                .then(|| args.file.file_stem().map(|s| s.to_string_lossy()))
                .flatten();
            verilog::default_module(&loaded.doc, stem.as_deref())
        },
        verilog::plain_identifier,
    );
    let export = verilog::export(&loaded.doc, &module)
        .map_err(|e| anyhow::anyhow!("{}: {e}", loaded.name))?;
    write_output(&args.output, &export.verilog, console)?;
    let dir = if is_stdin(&args.output) {
        Path::new("")
    } else {
        args.output.parent().unwrap_or(Path::new(""))
    };
    for image in &export.images {
        let path = dir.join(&image.file);
        loader::write_atomically(&path, image.text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(
            console.err,
            "{}: wrote memory image {}",
            loaded.name,
            path.display()
        )?;
    }
    for warning in export.warnings {
        console.warn(format_args!("{}: {warning}", loaded.name))?;
    }
    Ok(Status::Success)
}
