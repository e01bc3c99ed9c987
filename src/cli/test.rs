//! `tritium test`: run the test vectors embedded in circuit files.
//!
//! ```text
//! ok   circuits/rs_nor_latch.ron: seed walkthrough
//! FAIL broken.ron: reset
//!     steps[1]: expected Q=-1, got 0
//! 1 passed, 1 failed
//! ```
//!
//! A file that cannot be loaded is reported as an error and the other files still run; the
//! exit status is then 2, whatever the tests did. Otherwise it is 1 if a test failed.
//!
//! `--vcd DIR` writes a waveform of each failing test case ([`super::wave`]), run again with a
//! recorder ([`TestCase::run_recorded`]): `DIR/STEM.TEST.vcd`, the file's stem and the test's
//! name as a [`slug`] (`-2`, `-3`, … added should two cases give the same name), listed under
//! the failure:
//!
//! ```text
//! FAIL broken.ron: reset
//!     steps[1]: expected Q=-1, got 0
//!     waveform: waves/broken.reset.vcd
//! ```
//!
//! Power-on is step 0, each step's batch the next step, and each of its clock ticks a step of
//! its own; every delta cycle is recorded (the test engine has the unit-delay schedule). A
//! `--signals` pattern that matches nothing in a file is reported like a file that cannot be
//! loaded, and that file's tests do not run.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result};
use sim_core::Engine;
use sim_core::testbench::TestCase;
use sim_core::wave::{WaveSignal, Waveform, nodes_of};

use super::args::{TestArgs, WaveArgs};
use super::console::{Console, Status};
use super::load::{LoadError, Loaded, display_name, is_stdin, load};
use super::wave::{options, signals, slug, top_scope, write};

/// Test cases passed and failed so far, and files that could not be loaded.
#[derive(Debug, Default)]
struct Tally {
    passed: usize,
    failed: usize,
    unloadable: usize,
}

/// Where and how `--vcd` writes the waveforms of failing test cases.
struct Waves<'a> {
    /// The directory (created).
    dir: &'a Path,
    /// The waveform options.
    args: &'a WaveArgs,
    /// The file names given so far, so that none is written twice.
    used: HashSet<String>,
}

/// What one file's failing tests are recorded with.
struct FileWaves<'w, 'a> {
    waves: &'w mut Waves<'a>,
    /// The file's stem, for the waveforms' names.
    stem: String,
    /// The top scope of its VCDs.
    top: String,
    /// The signals recorded.
    signals: Vec<WaveSignal>,
}

/// Runs `tritium test`.
///
/// # Errors
/// Only if writing the report fails; bad files are reported and counted.
pub fn run(args: &TestArgs, console: &mut Console<'_>) -> Result<Status> {
    let mut waves = match &args.vcd {
        Some(dir) => {
            fs::create_dir_all(dir).with_context(|| {
                format!("{}: cannot create the waveform directory", dir.display())
            })?;
            Some(Waves {
                dir,
                args: &args.wave,
                used: HashSet::new(),
            })
        }
        None => None,
    };
    let mut tally = Tally::default();
    for file in circuit_files(&args.files, console, &mut tally)? {
        let loaded = match load(&file, &args.load) {
            Ok(loaded) => loaded,
            Err(err) => {
                console.error(&err)?;
                tally.unloadable += 1;
                continue;
            }
        };
        let file_waves = match &mut waves {
            None => None,
            Some(waves) => match signals(&loaded.doc.circuit, waves.args) {
                Ok(signals) => Some(FileWaves {
                    waves,
                    stem: if is_stdin(&file) {
                        "stdin".to_owned()
                    } else {
                        file.file_stem()
                            .map_or_else(|| "circuit".to_owned(), |s| slug(&s.to_string_lossy()))
                    },
                    top: top_scope(&loaded, &file),
                    signals,
                }),
                Err(err) => {
                    console.error(format_args!("{}: {err:#}", loaded.name))?;
                    tally.unloadable += 1;
                    continue;
                }
            },
        };
        run_file(&loaded, file_waves, console, &mut tally)?;
    }
    writeln!(
        console.out,
        "{} passed, {} failed",
        tally.passed, tally.failed
    )?;
    Ok(if tally.unloadable > 0 {
        Status::BadInput
    } else if tally.failed > 0 {
        Status::Failed
    } else {
        Status::Success
    })
}

/// The files named by the arguments: each file as given, each directory replaced by its
/// `*.ron` files sorted by name. An unreadable directory is reported and counted.
fn circuit_files(
    args: &[PathBuf],
    console: &mut Console<'_>,
    tally: &mut Tally,
) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in args {
        if is_stdin(path) || !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        match ron_files(path) {
            Ok(found) if found.is_empty() => {
                console.warn(format_args!("{}: no .ron files", display_name(path)))?;
            }
            Ok(found) => files.extend(found),
            Err(error) => {
                let name = display_name(path);
                console.error(LoadError::Unreadable { name, error })?;
                tally.unloadable += 1;
            }
        }
    }
    Ok(files)
}

/// The `*.ron` files directly in `dir`, sorted.
fn ron_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "ron") && !path.is_dir() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Runs every test case of one loaded file, recording each failing one with `waves`.
fn run_file(
    loaded: &Loaded,
    mut waves: Option<FileWaves<'_, '_>>,
    console: &mut Console<'_>,
    tally: &mut Tally,
) -> Result<()> {
    if loaded.doc.tests.is_empty() {
        console.warn(format_args!("{}: no tests", loaded.name))?;
    }
    for test in &loaded.doc.tests {
        let failures = failures(loaded, test);
        if failures.is_empty() {
            tally.passed += 1;
            writeln!(console.out, "ok   {}: {}", loaded.name, test.name)?;
        } else {
            tally.failed += 1;
            writeln!(console.out, "FAIL {}: {}", loaded.name, test.name)?;
            for failure in failures {
                writeln!(console.out, "    {failure}")?;
            }
            if let Some(waves) = &mut waves {
                match waves.record(loaded, test, console) {
                    Ok(path) => writeln!(console.out, "    waveform: {}", path.display())?,
                    Err(err) => {
                        console.error(format_args!("{err:#}"))?;
                        tally.unloadable += 1;
                    }
                }
            }
        }
    }
    Ok(())
}

/// What went wrong in one test case, as messages (empty if it passed).
fn failures(loaded: &Loaded, test: &TestCase) -> Vec<String> {
    match test.run(&loaded.doc.circuit) {
        Ok(outcome) => outcome.failures.iter().map(ToString::to_string).collect(),
        // Loading validated every test against the circuit, so this does not happen; should it,
        // the test cannot pass.
        Err(err) => vec![err.to_string()],
    }
}

impl FileWaves<'_, '_> {
    /// Runs `test` again recording a waveform, and writes it to a file of its own in the
    /// directory; returns the file's path.
    ///
    /// # Errors
    /// The waveform cannot be written (the message names the file).
    fn record(
        &mut self,
        loaded: &Loaded,
        test: &TestCase,
        console: &mut Console<'_>,
    ) -> Result<PathBuf> {
        let circuit = &loaded.doc.circuit;
        let engine = Engine::from_circuit(circuit);
        let mut wave = Waveform::new(&engine, nodes_of(&self.signals), self.waves.args.wave_limit)?;
        test.run_recorded(circuit, &mut wave)
            .with_context(|| loaded.name.clone())?;
        let path = self.file_for(&test.name);
        let options = options(self.waves.args, self.top.clone());
        write(&path, &wave, &self.signals, &options, console)?;
        Ok(path)
    }

    /// `DIR/STEM.TEST.vcd`, with `-2`, `-3`, … after the test's name if that file was given
    /// already.
    fn file_for(&mut self, test: &str) -> PathBuf {
        let base = format!("{}.{}", self.stem, slug(test));
        let mut name = format!("{base}.vcd");
        let mut k = 2;
        while !self.waves.used.insert(name.clone()) {
            name = format!("{base}-{k}.vcd");
            k += 1;
        }
        self.waves.dir.join(name)
    }
}
