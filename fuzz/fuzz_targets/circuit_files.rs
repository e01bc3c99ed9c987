//! A circuit with up to two library files (NUL-separated), loaded from a temporary folder
//! through the loader: no panic, no hang, no foreign file's text in a message; a loaded
//! document written back reads back equal (see `checks.rs`).
#![no_main]

#[path = "../checks/loader.rs"]
mod checks;

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

/// This process's circuit folder (laid out once).
fn root() -> &'static PathBuf {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tritium-fuzz-{}", std::process::id()));
        checks::circuit_files_dir(&dir)
    })
}

fuzz_target!(|data: &[u8]| {
    checks::circuit_files(root(), data);
});
