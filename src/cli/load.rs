//! Loading circuit files for the subcommands: [`loader::load_circuit`] with the library
//! folders and the node limit the command was given.

use std::path::Path;

use loader::LibraryPolicy;
pub use loader::{LoadError, Loaded, display_name, is_bench, is_stdin};

use super::args::LoadArgs;

/// Reads and parses the circuit file at `path` (`-`: standard input) with
/// [`loader::load_circuit`]: libraries also from the `--library-dir` folders, the flattening
/// at most `--max-nodes` nodes.
///
/// # Errors
/// [`LoadError`], naming the file (see [`loader::LoadError`]).
pub fn load(path: &Path, how: &LoadArgs) -> Result<Loaded, LoadError> {
    let policy = how
        .library_dir
        .iter()
        .fold(LibraryPolicy::new(), LibraryPolicy::with_root)
        .with_max_nodes(how.max_nodes);
    loader::load_circuit(path, &policy)
}
