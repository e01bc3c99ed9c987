//! The recent files, remembered between runs in eframe's storage under [`RECENT_KEY`] as a JSON
//! list of paths, newest first (the theme is stored beside them, [`super::theme`]).

use std::path::PathBuf;

/// The key the recent files are stored under in eframe's storage.
pub const RECENT_KEY: &str = "recent_files";

/// The recent files remembered in `storage`, newest first: those that still exist (a file
/// moved or deleted since is forgotten). None if nothing is stored, or if what is stored is
/// not a list of paths (a file edited by hand, or from a later version).
pub fn restore(storage: &dyn eframe::Storage) -> Vec<PathBuf> {
    storage
        .get_string(RECENT_KEY)
        .and_then(|json| serde_json::from_str::<Vec<PathBuf>>(&json).ok())
        .unwrap_or_default()
        .into_iter()
        .filter(|path| path.is_file())
        .collect()
}

/// Remembers `recent` in `storage`, for the next run (a path that is not UTF-8 is left out:
/// JSON holds text).
pub fn remember(storage: &mut dyn eframe::Storage, recent: &[PathBuf]) {
    let paths: Vec<&str> = recent.iter().filter_map(|p| p.to_str()).collect();
    if let Ok(json) = serde_json::to_string(&paths) {
        storage.set_string(RECENT_KEY, json);
    }
}
