//! The checks of the loader's fuzz targets (`circuit_files`, `figure`), shared with the test
//! suite: the targets and `tests/fuzz_regressions.rs` include this file, so a regression
//! replays exactly the code its target runs. Each check answers whether the input was
//! accepted (and so its round trip checked); it panics only when a property fails.
// Each fuzz target uses one check.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use loader::{LibraryPolicy, load_circuit, parse_circuit};
use sim_core::figure::format as figure_format;
use sim_core::format;

/// What the file outside the circuit's folder holds: no error message may show it.
pub const SECRET: &str = "SECRETWORD";

/// The files of a [`circuit_files`] input, in order: the circuit, then its possible
/// libraries (the input names them in its `libraries` as it likes).
pub const FILES: [&str; 3] = ["top.ron", "a.ron", "lib/b.ron"];

/// Lays out `dir` for [`circuit_files`]: `dir/secret.ron` (outside the circuit's folder,
/// holding [`SECRET`]), `dir/root/lib/`, and on Unix `dir/root/link.ron`, a symbolic link to
/// the secret. Answers `dir/root`, the circuit's folder.
///
/// # Panics
/// If the folder cannot be written.
pub fn circuit_files_dir(dir: &Path) -> PathBuf {
    let root = dir.join("root");
    fs::create_dir_all(root.join("lib")).expect("a writable temporary folder");
    fs::write(
        dir.join("secret.ron"),
        format!("{SECRET} is not a circuit\n"),
    )
    .expect("writable");
    #[cfg(unix)]
    {
        let link = root.join("link.ron");
        if fs::symlink_metadata(&link).is_err() {
            std::os::unix::fs::symlink(dir.join("secret.ron"), &link).expect("a symbolic link");
        }
    }
    root
}

/// A circuit with libraries, through the loader: the input is up to three files separated
/// by NUL bytes ([`FILES`], in the circuit's folder `root` made by [`circuit_files_dir`]).
/// Loading never panics, never hangs on a device or reads outside the folder (the error never
/// shows [`SECRET`]); a loaded document saved as text parses back to the same circuit and
/// tests.
///
/// # Panics
/// When a property fails, or the files cannot be written.
pub fn circuit_files(root: &Path, data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let mut parts = text.splitn(FILES.len(), '\0');
    for name in FILES {
        fs::write(root.join(name), parts.next().unwrap_or("")).expect("writable");
    }
    let top = root.join(FILES[0]);
    let policy = LibraryPolicy::new().with_max_bytes(1 << 20);
    let doc = match load_circuit(&top, &policy) {
        Ok(loaded) => loaded.doc,
        Err(error) => {
            let message = error.to_string();
            assert!(
                text.contains(SECRET) || !message.contains(SECRET),
                "a foreign file's text in {message}"
            );
            return false;
        }
    };
    let written = format::to_string(&doc).expect("a loaded document can be written");
    let name = top.display().to_string();
    let again = parse_circuit(&written, &name, &policy)
        .unwrap_or_else(|e| panic!("what we write, we read: {e}\n{written}"));
    assert_eq!(again.circuit.to_desc(), doc.circuit.to_desc());
    assert_eq!(again.tests, doc.tests);
    true
}

/// A figure file: parsing never panics; a parsed figure written back parses to the same
/// figure, name, description and expectations.
///
/// # Panics
/// When a property fails.
pub fn figure(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let Ok(doc) = figure_format::from_str(text) else {
        return false;
    };
    let written = figure_format::to_string(&doc).expect("a parsed figure can be written");
    let again = figure_format::from_str(&written)
        .unwrap_or_else(|e| panic!("what we write, we read: {e}\n{written}"));
    assert_eq!(again.figure.to_desc(), doc.figure.to_desc());
    assert_eq!(
        (&again.name, &again.description, &again.expect),
        (&doc.name, &doc.description, &doc.expect)
    );
    true
}
