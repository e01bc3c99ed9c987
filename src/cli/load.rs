//! Loading circuit files for the subcommands: [`loader::load_circuit`] with the library
//! folders of `--library-dir` (set once by [`super::run`]).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use loader::LibraryPolicy;
pub use loader::{LoadError, Loaded, display_name, is_bench, is_stdin};

/// The library policy of this run: the circuit's folder and the `--library-dir` folders.
static LIBRARIES: OnceLock<LibraryPolicy> = OnceLock::new();

/// Allows libraries from `dirs` too (`--library-dir`), for every later [`load`]; only the
/// first call counts (the command line is parsed once).
pub fn allow_library_dirs(dirs: &[PathBuf]) {
    let policy = dirs
        .iter()
        .fold(LibraryPolicy::new(), LibraryPolicy::with_root);
    let _ = LIBRARIES.set(policy);
}

/// Reads and parses the circuit file at `path` (`-`: standard input) with
/// [`loader::load_circuit`], whose flattening may have at most `max_nodes` nodes (the
/// commands' `--max-nodes`).
///
/// # Errors
/// [`LoadError`], naming the file (see [`loader::LoadError`]).
pub fn load(path: &Path, max_nodes: u64) -> Result<Loaded, LoadError> {
    let policy = LIBRARIES.get_or_init(LibraryPolicy::new).clone();
    loader::load_circuit(path, &policy.with_max_nodes(max_nodes))
}
