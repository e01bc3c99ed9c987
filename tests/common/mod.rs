//! What the binary's end-to-end tests (`cli.rs`, `waveform.rs`, `iverilog.rs`,
//! `verilog_import.rs`) share: running `tritium` and reading what it did, temporary
//! directories, and whether an outside tool (an oracle) is installed. Each test binary uses
//! part of it.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What one run of the binary did.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The lines of standard output.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// Asserts the exit status, showing the output if it differs.
    #[track_caller]
    pub fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(
            self.code,
            Some(code),
            "exit status\n--- stdout\n{}--- stderr\n{}",
            self.stdout,
            self.stderr
        );
        self
    }
}

/// Runs `tritium args…` in the workspace root.
pub fn tritium<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    tritium_with(args, &[])
}

/// Runs `tritium args…` in the workspace root with the environment variables `env` set.
pub fn tritium_with<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    env: &[(&str, &std::ffi::OsStr)],
) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_tritium"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the tritium binary runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// A fresh directory under the system's temporary directory, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new empty directory whose name holds `tag`, the process id and a counter.
    pub fn new(tag: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "tritium-{tag}-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        fs::create_dir_all(&path).expect("can create a temporary directory");
        TempDir(path)
    }

    /// Writes `text` to `name` in this directory and returns its path.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        fs::write(&path, text).expect("can write a temporary file");
        path
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The names of the entries in the directory, sorted.
    pub fn entries(&self) -> Vec<String> {
        entries(&self.0)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The names of the entries of `dir`, sorted.
pub fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("a directory")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Whether every one of `programs` (the tool `tool`) runs with `-V`; if not, says why the test
/// skips — or fails, under `TRITIUM_REQUIRE_ORACLES=1` (CI installs the tools).
pub fn oracle_available(tool: &str, programs: &[&str]) -> bool {
    let found = programs
        .iter()
        .all(|program| Command::new(program).arg("-V").output().is_ok());
    if !found {
        let required = std::env::var("TRITIUM_REQUIRE_ORACLES").is_ok_and(|v| v == "1");
        let names = programs.join(", ");
        assert!(
            !required,
            "TRITIUM_REQUIRE_ORACLES=1 but {tool} ({names}) is not on the PATH"
        );
        eprintln!("skipped: {tool} ({names}) is not on the PATH");
    }
    found
}
