//! `tritium import FILE.bench -o FILE.ron`: an ISCAS netlist as a RON circuit file.
//!
//! The netlist is read like any `.bench` circuit ([`super::load`]), every node gets a position
//! from the desktop editor's automatic layout ([`sim_core::layout::place_unplaced`]), and the
//! document is written with [`sim_core::format::to_string`]. Prints nothing on success.

use anyhow::{Context as _, Result, bail};
use sim_core::format;

use super::args::ImportArgs;
use super::console::{Console, Status, write_output};
use super::load::{display_name, is_bench, load};

/// Runs `tritium import`.
///
/// # Errors
/// Bad input: the file is not a `.bench` file or cannot be loaded, or the output cannot be
/// written.
pub fn run(args: &ImportArgs, console: &mut Console<'_>) -> Result<Status> {
    if !is_bench(&args.file) {
        bail!(
            "{}: import reads ISCAS `.bench` netlists (the file name must end in `.bench`)",
            display_name(&args.file)
        );
    }
    let mut loaded = load(&args.file, &args.load)?;
    sim_core::layout::place_unplaced(&mut loaded.doc.circuit);
    let text = format::to_string(&loaded.doc).with_context(|| loaded.name.clone())?;
    write_output(&args.output, &text, console)?;
    Ok(Status::Success)
}
