//! `tritium check`: is a file a valid circuit?
//!
//! A `.bench` netlist is checked the same way (an invalid netlist is a failed check), and a
//! Verilog design through Yosys (a design Yosys refuses or that cannot be imported is a failed
//! check; Yosys missing or out of time is bad input; its warnings are printed).
//!
//! On success prints `ok: <file>: N nodes, M wires, K tests` and one
//! `warning: <file>: <warning>` per warning (on standard error; a tunnel's warnings — a name
//! only one tunnel carries, a net nothing drives, a width clash — too, prefixed `part `P`: `
//! inside a part), exit status 0. An invalid
//! circuit is a failed check (exit status 1); a file that cannot be read is bad input (2).

use anyhow::Result;

use super::args::CheckArgs;
use super::console::{Console, Status, plural};
use super::load::{LoadError, load};

/// Runs `tritium check`.
///
/// # Errors
/// Bad input: the file cannot be read.
pub fn run(args: &CheckArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = match load(&args.file, &args.load) {
        Ok(loaded) => loaded,
        Err(err @ (LoadError::Invalid { .. } | LoadError::Netlist { .. })) => {
            console.error(&err)?;
            return Ok(Status::Failed);
        }
        Err(LoadError::Verilog(err)) if err.is_about_the_design() => {
            console.error(&err)?;
            return Ok(Status::Failed);
        }
        Err(err @ (LoadError::Unreadable { .. } | LoadError::Verilog(_))) => return Err(err.into()),
    };
    for warning in &loaded.warnings {
        console.warn(format_args!("{}: {warning}", loaded.name))?;
    }
    let (circuit, tests) = (&loaded.doc.circuit, loaded.doc.tests.len());
    writeln!(
        console.out,
        "ok: {}: {}, {}, {}",
        loaded.name,
        plural(circuit.node_count() as u64, "node"),
        plural(circuit.wire_count() as u64, "wire"),
        plural(tests as u64, "test")
    )?;
    for warning in circuit.warnings() {
        console.warn(format_args!("{}: {warning}", loaded.name))?;
    }
    for (part, warning) in loaded.doc.design.tunnel_warnings() {
        let inside = part.map(|p| format!("part `{p}`: ")).unwrap_or_default();
        console.warn(format_args!("{}: {inside}{warning}", loaded.name))?;
    }
    Ok(Status::Success)
}
