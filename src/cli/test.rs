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

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Result;
use sim_core::testbench::TestCase;

use super::args::TestArgs;
use super::load::{LoadError, Loaded, display_name, is_stdin, load};
use super::{Console, Status};

/// Test cases passed and failed so far, and files that could not be loaded.
#[derive(Debug, Default)]
struct Tally {
    passed: usize,
    failed: usize,
    unloadable: usize,
}

/// Runs `tritium test`.
///
/// # Errors
/// Only if writing the report fails; bad files are reported and counted.
pub fn run(args: &TestArgs, console: &mut Console<'_>) -> Result<Status> {
    let mut tally = Tally::default();
    for file in expand(&args.files, console, &mut tally)? {
        match load(&file, &args.load) {
            Ok(loaded) => run_file(&loaded, console, &mut tally)?,
            Err(err) => {
                console.error(&err)?;
                tally.unloadable += 1;
            }
        }
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
fn expand(args: &[PathBuf], console: &mut Console<'_>, tally: &mut Tally) -> Result<Vec<PathBuf>> {
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

/// Runs every test case of one loaded file.
fn run_file(loaded: &Loaded, console: &mut Console<'_>, tally: &mut Tally) -> Result<()> {
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
