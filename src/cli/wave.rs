//! What `--vcd` shares across `sim`, `trace`, `vectors` and `test`: the signals `--signals`
//! chooses, a [`Waveform`] recording them, and the VCD file written atomically
//! ([`loader::write_atomically_with`]: whole or not at all, never a half-written file).
//!
//! The layout of the file is [`sim_core::wave::vcd`]'s: one `$scope module` per instance
//! level inside a top scope named after the circuit ([`top_scope`]), a net as a 1-bit wire, a
//! bus as a vector, unknown as `x`, one step = `--step-time` (1 ns by default, half of
//! `--clock-period` when that is given), delta cycles as finer time steps with
//! `--vcd-deltas`.

use std::path::Path;

use anyhow::{Context as _, Result, bail};
use loader::StreamError;
use sim_core::wave::vcd::{self, VcdOptions};
use sim_core::wave::{self, WaveSignal, Waveform};
use sim_core::{Circuit, Engine};

use super::args::WaveArgs;
use super::console::Console;
use super::load::{Loaded, is_stdin};

/// A waveform being recorded, with what writing it needs.
#[derive(Debug)]
pub struct Recording {
    /// The record: give it to the engine's settles as an observer and call
    /// [`Waveform::begin_step`] before each step.
    pub wave: Waveform,
    signals: Vec<WaveSignal>,
    options: VcdOptions,
}

impl Recording {
    /// A recording of the signals `args` chooses in `circuit`, from `engine`'s values (at
    /// power-on), its top scope `top`.
    ///
    /// # Errors
    /// A `--signals` pattern that matches nothing, named.
    pub fn new(circuit: &Circuit, engine: &Engine, args: &WaveArgs, top: String) -> Result<Self> {
        let signals = signals(circuit, args)?;
        let wave = Waveform::new(engine, wave::nodes_of(&signals), args.wave_limit)?;
        Ok(Recording {
            wave,
            signals,
            options: options(args, top),
        })
    }

    /// Writes the record to `path` as VCD (see [`write()`]).
    ///
    /// # Errors
    /// As [`write()`].
    pub fn write(&self, path: &Path, console: &mut Console<'_>) -> Result<()> {
        write(path, &self.wave, &self.signals, &self.options, console)
    }
}

/// The recording `--vcd` asks for (`None` without it) of `loaded`'s circuit (read from
/// `file`), from `engine`'s values at power-on.
///
/// # Errors
/// As [`Recording::new`], the message prefixed with the file's name.
pub fn recording(
    vcd: Option<&Path>,
    args: &WaveArgs,
    loaded: &Loaded,
    file: &Path,
    engine: &Engine,
) -> Result<Option<Recording>> {
    vcd.map(|_| {
        Recording::new(&loaded.doc.circuit, engine, args, top_scope(loaded, file))
            .with_context(|| loaded.name.clone())
    })
    .transpose()
}

/// The signals `--signals` selects in `circuit`, or by default its switches, buttons, clocks,
/// lamps and probes ([`wave::default_signals`]).
///
/// # Errors
/// `--signals: no signal of the circuit matches …` naming the pattern, or a circuit with
/// nothing to record.
pub fn signals(circuit: &Circuit, args: &WaveArgs) -> Result<Vec<WaveSignal>> {
    let signals = match &args.signals {
        Some(patterns) => wave::select(circuit, patterns).context("--signals")?,
        None => wave::default_signals(circuit),
    };
    if signals.is_empty() {
        bail!("the circuit has no switch, button, clock, lamp or probe to record (give --signals)");
    }
    Ok(signals)
}

/// The VCD layout `args` asks for, with top scope `top`.
pub fn options(args: &WaveArgs, top: String) -> VcdOptions {
    VcdOptions {
        top,
        step: args.step(),
        deltas: args.vcd_deltas,
    }
}

/// The top scope of a circuit's VCD: the document's name, or the file's stem, made an
/// identifier (the module name `export verilog` gives it).
pub fn top_scope(loaded: &Loaded, file: &Path) -> String {
    let stem = (!is_stdin(file))
        .then(|| file.file_stem().map(|s| s.to_string_lossy()))
        .flatten();
    sim_core::verilog::default_module(&loaded.doc, stem.as_deref())
}

/// Checks, before anything runs, that a VCD can be written at `path`: a file name (not `-`,
/// not a directory) in a directory that exists, so that a typo is reported at once rather
/// than after a long simulation.
///
/// # Errors
/// A message naming the path and what is wrong with it.
pub fn check_target(path: &Path) -> Result<()> {
    if is_stdin(path) {
        bail!("--vcd needs a file name: the waveform is not written to standard output");
    }
    if path.is_dir() {
        bail!(
            "{}: cannot write the waveform: it is a directory",
            path.display()
        );
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir
        && !dir.is_dir()
    {
        bail!(
            "{}: cannot write the waveform: the directory {} does not exist",
            path.display(),
            dir.display()
        );
    }
    Ok(())
}

/// Writes `signals` of `wave` to `path` as VCD with `options`, atomically, and warns on
/// `console` if the [limit](Waveform::limit) dropped changes: how many, and from which step
/// the waveform is exact.
///
/// # Errors
/// `PATH: cannot write the waveform: …` (creating, writing or renaming the file failed; no
/// temporary file is left behind), or a step too short for the delta cycles.
pub fn write(
    path: &Path,
    wave: &Waveform,
    signals: &[WaveSignal],
    options: &VcdOptions,
    console: &mut Console<'_>,
) -> Result<()> {
    loader::write_atomically_with(path, |out| vcd::write(out, wave, signals, options)).map_err(
        |e| match e {
            StreamError::Io(e) => {
                anyhow::anyhow!("{}: cannot write the waveform: {e}", path.display())
            }
            StreamError::Writer(e) => anyhow::anyhow!("{}: {e}", path.display()),
        },
    )?;
    if let Some(gap) = wave.gap() {
        console.warn(format_args!(
            "{}: the waveform reached its limit of {} changes (--wave-limit): it keeps the \
             start and the latest window; the {} changes from step {} (delta {}) to step {} \
             (delta {}) were not kept and read x",
            path.display(),
            wave.limit(),
            wave.dropped(),
            gap.from.step,
            gap.from.delta,
            gap.to.step,
            gap.to.delta
        ))?;
    }
    Ok(())
}

/// `name` as a file name part: ASCII letters, digits, `_` and `-` kept, every other run of
/// characters one `-`, none at either end (`seed walkthrough` → `seed-walkthrough`); `test`
/// if nothing is left.
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let trimmed = out.trim_matches('-');
    if trimmed.is_empty() {
        "test".to_owned()
    } else {
        trimmed.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs_keep_safe_characters_and_join_the_rest() {
        assert_eq!(slug("reset"), "reset");
        assert_eq!(slug("seed walkthrough"), "seed-walkthrough");
        assert_eq!(slug("a/b: c..d"), "a-b-c-d");
        assert_eq!(slug("  x_1-y  "), "x_1-y");
        assert_eq!(slug("../.."), "test");
        assert_eq!(slug("ünïcode"), "n-code");
    }
}
