//! Which library files a circuit may read, and reading them.
//!
//! A circuit's `libraries` entries are paths relative to the file that names them. A file
//! off the internet can name any path (`/etc/passwd`, `../../x`, `/proc/self/environ`,
//! `/dev/zero`), so [`LibraryPolicy::read`] reads a library only if:
//!
//! 1. the path, joined to the folder of the naming file and with `.` and `..` resolved
//!    lexically, lies under that folder or under a configured library folder — checked
//!    before the file system is touched, so a refused path is not even probed;
//! 2. the same holds for its canonical path (symbolic links followed), so a link inside the
//!    folder cannot lead out of it;
//! 3. it is a regular file (not a device such as `/dev/zero`, a pipe or a directory);
//! 4. it holds at most [`LibraryPolicy::max_bytes`] bytes (by default
//!    [`DEFAULT_MAX_LIBRARY_BYTES`]); the read stops there even if the file grows meanwhile.
//!
//! A refusal's message names the path and why, never the file's content.
//!
//! The policy also bounds what the libraries' parts may build: the flattened circuit has at
//! most [`LibraryPolicy::max_nodes`] nodes (by default
//! [`DEFAULT_MAX_NODES`](sim_core::hierarchy::DEFAULT_MAX_NODES), the command line's
//! `--max-nodes`), counted before it is built.

use std::fmt::Display;
use std::fs::{self, File};
use std::io::Read as _;
use std::path::{Component, Path, PathBuf};

use sim_core::hierarchy::ResolveError;

/// The largest library file read by default: 64 MiB (about 350,000 gates of RON), far above
/// any hand-made part library and far below what would exhaust memory.
pub const DEFAULT_MAX_LIBRARY_BYTES: u64 = 64 * 1024 * 1024;

/// The largest circuit file itself read by default: 1 GiB (a flat RON circuit of several
/// million gates is a few hundred megabytes), so that naming `/dev/zero` or an endless pipe
/// as the circuit ends with an error instead of exhausting memory.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 1 << 30;

/// Where library files may come from and how large they may be.
///
/// The folder of the file naming a library is always allowed; [`LibraryPolicy::with_root`]
/// adds more folders (the command line's `--library-dir`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryPolicy {
    /// Extra folders libraries may come from, as given.
    roots: Vec<PathBuf>,
    /// The largest library file read, in bytes.
    max_bytes: u64,
    /// The most nodes the flattened circuit may have.
    max_nodes: u64,
    /// The largest circuit file itself read, in bytes.
    max_file_bytes: u64,
}

impl Default for LibraryPolicy {
    fn default() -> LibraryPolicy {
        LibraryPolicy::new()
    }
}

impl LibraryPolicy {
    /// Libraries from the folder of the file naming them only, at most
    /// [`DEFAULT_MAX_LIBRARY_BYTES`] each.
    pub fn new() -> LibraryPolicy {
        LibraryPolicy {
            roots: Vec::new(),
            max_bytes: DEFAULT_MAX_LIBRARY_BYTES,
            max_nodes: sim_core::hierarchy::DEFAULT_MAX_NODES,
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
        }
    }

    /// Also allows libraries anywhere under `dir` (relative to the working directory unless
    /// absolute; a folder that does not exist allows nothing).
    #[must_use]
    pub fn with_root(mut self, dir: impl Into<PathBuf>) -> LibraryPolicy {
        self.roots.push(dir.into());
        self
    }

    /// Sets the largest library file read, in bytes.
    #[must_use]
    pub fn with_max_bytes(mut self, max_bytes: u64) -> LibraryPolicy {
        self.max_bytes = max_bytes;
        self
    }

    /// Sets the most nodes a circuit's flattening may have (checked before it is built).
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> LibraryPolicy {
        self.max_nodes = max_nodes;
        self
    }

    /// The most nodes a circuit's flattening may have.
    pub fn max_nodes(&self) -> u64 {
        self.max_nodes
    }

    /// Sets the largest circuit file itself read, in bytes (see [`DEFAULT_MAX_FILE_BYTES`]).
    #[must_use]
    pub fn with_max_file_bytes(mut self, max_file_bytes: u64) -> LibraryPolicy {
        self.max_file_bytes = max_file_bytes;
        self
    }

    /// The largest circuit file itself read, in bytes.
    pub fn max_file_bytes(&self) -> u64 {
        self.max_file_bytes
    }

    /// The extra library folders, as given.
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// The largest library file read, in bytes.
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// Reads the library `path` named by the file `from` (both as
    /// [`sim_core::hierarchy::Resolver`] passes them): answers the library's name for messages
    /// (`path` joined to `from`'s folder, e.g. `circuits/lib/adder4.ron`) and its text.
    ///
    /// # Errors
    /// [`ResolveError::Refused`] naming the library: it lies outside the allowed folders, is
    /// not a regular file or is larger than [`LibraryPolicy::max_bytes`];
    /// [`ResolveError::Unreadable`] when it cannot be read (`cannot read NAME: <the system's
    /// reason>`, e.g. a missing file, or text that is not UTF-8).
    pub fn read(&self, path: &str, from: &str) -> Result<(String, String), ResolveError> {
        let folder = Path::new(from)
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let resolved = Path::new(from).parent().unwrap_or(Path::new("")).join(path);
        let name = resolved.display().to_string();
        let refused = |reason: String| ResolveError::Refused {
            name: name.clone(),
            reason,
        };
        let outside = |how: &str| {
            refused(format!(
                "{how} outside {}, the folder of {from}{}",
                folder.display(),
                if self.roots.is_empty() {
                    ""
                } else {
                    ", and the library folders"
                }
            ))
        };
        let cannot = |why: &dyn Display| ResolveError::Unreadable {
            name: name.clone(),
            reason: why.to_string(),
        };
        let allowed = || std::iter::once(folder).chain(self.roots.iter().map(PathBuf::as_path));

        let lexical = lexical_absolute(&resolved).map_err(|e| cannot(&e))?;
        if !allowed().any(|root| lexical_absolute(root).is_ok_and(|r| lexical.starts_with(r))) {
            return Err(outside("it lies"));
        }
        let canonical = fs::canonicalize(&resolved).map_err(|e| cannot(&e))?;
        if !allowed().any(|root| fs::canonicalize(root).is_ok_and(|r| canonical.starts_with(r))) {
            return Err(outside("a symbolic link leads"));
        }
        let not_regular = || refused("not a regular file".to_owned());
        let too_large = |size: u64| {
            refused(format!(
                "{size} bytes, more than the {} a library may have",
                self.max_bytes
            ))
        };
        // Checked before opening: opening a pipe would wait for a writer.
        let meta = fs::metadata(&canonical).map_err(|e| cannot(&e))?;
        if !meta.is_file() {
            return Err(not_regular());
        }
        if meta.len() > self.max_bytes {
            return Err(too_large(meta.len()));
        }
        let file = File::open(&canonical).map_err(|e| cannot(&e))?;
        // Again on what was opened: the path may have been replaced in between.
        if !file.metadata().map_err(|e| cannot(&e))?.is_file() {
            return Err(not_regular());
        }
        let mut bytes = Vec::new();
        file.take(self.max_bytes.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| cannot(&e))?;
        if bytes.len() as u64 > self.max_bytes {
            return Err(too_large(bytes.len() as u64));
        }
        // The words of `fs::read_to_string`, which this replaces.
        let text =
            String::from_utf8(bytes).map_err(|_| cannot(&"stream did not contain valid UTF-8"))?;
        Ok((name, text))
    }
}

/// `path` made absolute (against the working directory) with `.` and `..` resolved by
/// name, without touching the file system: `a/../../b` from `/w/c` is `/w/b`.
fn lexical_absolute(path: &Path) -> std::io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    let mut out = PathBuf::new();
    for component in absolute.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexical_absolute_resolves_dots_by_name() {
        let root = Path::new("/w/c");
        let got = lexical_absolute(&root.join("a/../../b/./x.ron")).expect("absolute");
        assert_eq!(got, Path::new("/w/b/x.ron"));
        assert_eq!(
            lexical_absolute(Path::new("/../../etc")).expect("absolute"),
            Path::new("/etc")
        );
    }
}
