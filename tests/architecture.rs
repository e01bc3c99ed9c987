//! ARCHITECTURE.md's code map names every source module: a new file under a crate's `src/`
//! that the map does not mention fails this test, so the map cannot silently drift from the
//! tree.
//!
//! The rule: every `.rs` file under a crate's `src/` is named in that crate's part of
//! ARCHITECTURE.md — as its file name in backticks (`` `engine.rs` ``), as its path below
//! `src/` (`` `engine/oscillation.rs` ``), or, for a folder module's `mod.rs`, as the folder
//! (`` `engine/` ``). `lib.rs` is the crate itself. A crate's part is the `###` section
//! headed by its folder; a plugin's is its bullet (`` - `game-2048/` ``) inside the
//! `plugins/` section.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir`, recursively, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries =
            fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The text of the `### ` section whose heading names `` `heading` ``, up to the next `### `
/// or `## ` heading.
fn section<'a>(map: &'a str, heading: &str) -> &'a str {
    let marker = format!("### `{heading}`");
    let start = map
        .find(&marker)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no section headed {marker}"));
    let rest = &map[start + marker.len()..];
    let end = rest
        .find("\n### ")
        .into_iter()
        .chain(rest.find("\n## "))
        .min()
        .unwrap_or(rest.len());
    &rest[..end]
}

/// A plugin's bullet in the `plugins/` section: from `` - `name/` `` to the next top-level
/// bullet or paragraph that starts a line with `` - ` `` or a blank line followed by text.
fn plugin_bullet<'a>(plugins: &'a str, name: &str) -> &'a str {
    let marker = format!("- `{name}/`");
    let start = plugins
        .find(&marker)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md's plugins/ section has no bullet {marker}"));
    let rest = &plugins[start + marker.len()..];
    let end = rest.find("\n- `").unwrap_or(rest.len());
    &rest[..end]
}

/// The names under which `file` (below `src`) may be mentioned, or `None` for `lib.rs`.
fn accepted_names(src: &Path, file: &Path) -> Option<Vec<String>> {
    let relative = file.strip_prefix(src).expect("a file below src");
    let relative_text = relative.to_string_lossy().replace('\\', "/");
    let name = file.file_name()?.to_string_lossy().into_owned();
    match name.as_str() {
        "lib.rs" if relative.parent() == Some(Path::new("")) => None,
        "mod.rs" => {
            let folder = relative.parent()?.to_string_lossy().replace('\\', "/");
            let last = folder.rsplit('/').next().unwrap_or(&folder).to_owned();
            Some(vec![format!("`{folder}/"), format!("`{last}/")])
        }
        _ => Some(vec![format!("`{name}`"), format!("`{relative_text}`")]),
    }
}

/// The crates whose modules the map must name: (the crate's `src/`, its part of the map).
fn crates(map: &str) -> Vec<(PathBuf, String)> {
    let mut crates = Vec::new();
    for dir in ["sim-core", "gui", "loader"] {
        let src = root().join(dir).join("src");
        if src.is_dir() {
            crates.push((src, section(map, &format!("{dir}/")).to_owned()));
        }
    }
    crates.push((root().join("src"), section(map, "src/").to_owned()));
    let plugins = section(map, "plugins/");
    let mut plugin_dirs: Vec<PathBuf> = fs::read_dir(root().join("plugins"))
        .expect("plugins/ lists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.join("src").is_dir())
        .collect();
    plugin_dirs.sort();
    for dir in plugin_dirs {
        let name = dir
            .file_name()
            .expect("a folder name")
            .to_string_lossy()
            .into_owned();
        let part = plugin_bullet(plugins, &name).to_owned();
        crates.push((dir.join("src"), part));
    }
    crates
}

#[test]
fn architecture_names_every_source_module() {
    let path = root().join("ARCHITECTURE.md");
    let map = fs::read_to_string(&path).expect("ARCHITECTURE.md reads");
    let mut missing = Vec::new();
    let mut checked = 0;
    for (src, part) in crates(&map) {
        for file in rust_files(&src) {
            let Some(names) = accepted_names(&src, &file) else {
                continue;
            };
            checked += 1;
            if !names.iter().any(|name| part.contains(name.as_str())) {
                let relative = file.strip_prefix(root()).unwrap_or(&file);
                missing.push(format!("{} (as one of {names:?})", relative.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name these {} modules in their crate's part:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
    // The walk really ran over the tree (a broken walk must not pass vacuously).
    assert!(checked > 150, "only {checked} modules checked");
}
