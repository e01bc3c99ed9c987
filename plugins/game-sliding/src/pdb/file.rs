//! Pattern databases on disk and in the process: the file format (header, table, FNV-1a
//! checksum), the cache directory with its atomic writes, and the process's databases per
//! board size, built or loaded once.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::{Additive, PatternDb, PdbError, default_partition, placements};

/// The first bytes of a database file.
pub(super) const MAGIC: &[u8; 12] = b"TRITIUM-PDB\x01";

impl PatternDb {
    /// Writes the database: a header (magic, rows, cols, the tiles), the table, and an FNV-1a
    /// checksum of the table.
    ///
    /// # Errors
    /// The writer's.
    pub fn write_to(&self, mut w: impl Write) -> io::Result<()> {
        w.write_all(MAGIC)?;
        w.write_all(&[self.rows, self.cols, self.tiles.len() as u8])?;
        w.write_all(&self.tiles)?;
        w.write_all(&self.table)?;
        w.write_all(&fnv1a(&self.table).to_le_bytes())
    }

    /// Reads a database written by [`PatternDb::write_to`] and checks it is the one of `tiles`
    /// on an R×C board.
    ///
    /// # Errors
    /// [`PdbError::File`] naming `path` (used only in the message) when the bytes are not
    /// that database (wrong header, size or checksum).
    pub fn read_from(
        mut r: impl Read,
        path: &Path,
        rows: usize,
        cols: usize,
        tiles: &[u8],
    ) -> Result<PatternDb, PdbError> {
        let bad = |reason: String| PdbError::File {
            path: path.to_owned(),
            reason,
        };
        let mut bytes = Vec::new();
        r.read_to_end(&mut bytes)
            .map_err(|e| bad(format!("cannot read: {e}")))?;
        let k = tiles.len();
        let entries = 1usize << (4 * k);
        let expected = MAGIC.len() + 3 + k + entries + 8;
        if bytes.len() != expected || !bytes.starts_with(MAGIC) {
            return Err(bad(format!(
                "not a pattern database for {rows}x{cols} tiles {tiles:?} ({} bytes, expected {expected})",
                bytes.len()
            )));
        }
        let header = &bytes[MAGIC.len()..MAGIC.len() + 3 + k];
        if header[..3] != [rows as u8, cols as u8, k as u8] || header[3..] != *tiles {
            return Err(bad(format!(
                "holds board {}x{} tiles {:?}, not {rows}x{cols} tiles {tiles:?}",
                header[0],
                header[1],
                &header[3..]
            )));
        }
        let table = &bytes[MAGIC.len() + 3 + k..expected - 8];
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[expected - 8..]);
        if fnv1a(table) != u64::from_le_bytes(sum) {
            return Err(bad("checksum mismatch (a damaged file)".into()));
        }
        Ok(PatternDb {
            rows: rows as u8,
            cols: cols as u8,
            tiles: tiles.to_vec(),
            table: table.to_vec(),
        })
    }
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Additive {
    /// Builds the databases of `partition` (see [`PatternDb::build`]); with `cache`, each is
    /// first looked for there and written there once built (a damaged or foreign file is
    /// rebuilt; a cache that cannot be written is skipped). `progress(done, total)` counts
    /// placements over all groups; `false` stops.
    ///
    /// # Errors
    /// Those of [`PatternDb::build`] and [`Additive::new`].
    pub fn load_or_build(
        rows: usize,
        cols: usize,
        partition: &[Vec<u8>],
        cache: Option<&Path>,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<Additive, PdbError> {
        let cells = rows * cols;
        let total: u64 = partition
            .iter()
            .map(|g| placements(cells, g.len().min(cells)))
            .sum();
        let mut done = 0u64;
        let mut dbs = Vec::new();
        for tiles in partition {
            let file = cache.map(|dir| dir.join(cache_name(rows, cols, tiles)));
            let cached = file.as_deref().and_then(|path| {
                let f = fs::File::open(path).ok()?;
                PatternDb::read_from(io::BufReader::new(f), path, rows, cols, tiles).ok()
            });
            let db = if let Some(db) = cached {
                db
            } else {
                let db =
                    PatternDb::build(rows, cols, tiles, &mut |d, _| progress(done + d, total))?;
                if let Some(path) = &file {
                    // A cache is an optimisation: failing to write one is not an error.
                    let _ = write_atomically(&db, path);
                }
                db
            };
            done += placements(cells, tiles.len());
            dbs.push(db);
        }
        progress(total, total);
        Additive::new(dbs)
    }
}

/// The cache file name of a group's database.
fn cache_name(rows: usize, cols: usize, tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    format!("sliding-{rows}x{cols}-{}.pdb", tiles.join("-"))
}

/// Writes `db` to a temporary file beside `path`, then renames it into place.
fn write_atomically(db: &PatternDb, path: &Path) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let mut w = io::BufWriter::new(fs::File::create(&tmp)?);
    db.write_to(&mut w)?;
    w.flush()?;
    drop(w);
    fs::rename(&tmp, path)
}

/// Where the databases are cached: `$TRITIUM_CACHE_DIR` if set (empty: no cache), else
/// `$XDG_CACHE_HOME/tritium`, else `$HOME/.cache/tritium`.
pub fn cache_dir() -> Option<PathBuf> {
    if cfg!(test) {
        // Unit tests leave the user's cache alone.
        return None;
    }
    if let Some(dir) = std::env::var_os("TRITIUM_CACHE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .map(|d| d.join("tritium"))
}

/// The process's databases, built (or loaded from [`cache_dir`]) on first use per board size
/// with the [`default_partition`]; a cancelled build leaves nothing behind and the next call
/// starts again.
///
/// # Errors
/// Those of [`Additive::load_or_build`].
pub fn shared(
    rows: usize,
    cols: usize,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<Arc<Additive>, PdbError> {
    /// The databases built so far, by board size (rows, columns).
    type Built = Vec<((usize, usize), Arc<Additive>)>;
    static BUILT: Mutex<Built> = Mutex::new(Vec::new());
    let mut built = BUILT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, a)) = built.iter().find(|(size, _)| *size == (rows, cols)) {
        return Ok(Arc::clone(a));
    }
    let additive = Arc::new(Additive::load_or_build(
        rows,
        cols,
        &default_partition(rows, cols),
        cache_dir().as_deref(),
        progress,
    )?);
    built.push(((rows, cols), Arc::clone(&additive)));
    Ok(additive)
}

/// The process's databases for an R×C board if they are at hand without a build: already in
/// memory, or every group in the cache directory. Never blocks for a build.
pub fn ready(rows: usize, cols: usize) -> Option<Arc<Additive>> {
    // Loading reports only its end (done = total); a build reports a share first, which
    // stops it at once.
    shared(rows, cols, &mut |done, total| done >= total).ok()
}
