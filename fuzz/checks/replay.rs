//! Replaying `fuzz/regressions/TARGET/` in the test suite (included by `tests/fuzz_*.rs`).
// Each test binary uses what it needs.
#![allow(dead_code)]

use std::fs;
use std::path::PathBuf;

/// The raw inputs in `fuzz/regressions/KIND/` (hidden files skipped), sorted by path.
pub fn inputs(kind: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(kind);
    let mut out: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .map(|p| {
            let bytes = fs::read(&p).expect("readable");
            (p, bytes)
        })
        .collect();
    out.sort();
    out
}

/// The file names of `cases` the check accepted, in order.
pub fn accepted(cases: &[(PathBuf, Vec<u8>)], mut check: impl FnMut(&[u8]) -> bool) -> Vec<String> {
    cases
        .iter()
        .filter(|(_, bytes)| check(bytes))
        .map(|(path, _)| {
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        })
        .collect()
}
