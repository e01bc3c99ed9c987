//! Additive disjoint pattern databases (Korf and Felner, "Disjoint pattern database
//! heuristics", Artificial Intelligence 134, 2002; Felner, Korf and Hanan, "Additive pattern
//! database heuristics", JAIR 22, 2004).
//!
//! The tiles are split into disjoint groups (the *partition*). A group's database holds, for
//! every placement of its tiles, the fewest moves *of those tiles* that bring them home with
//! the other tiles indistinguishable and free to move at no cost. Since every move moves one
//! tile, the sum over the groups never exceeds the true distance: an admissible heuristic far
//! stronger than the Manhattan distance. The *reflected lookup* adds a second, equally
//! admissible estimate for square boards: mirror the board about its main diagonal (which maps
//! the goal onto itself, tiles renamed), look the mirrored board up in the same databases, and
//! take the larger of the two sums.
//!
//! A database is built by breadth-first search backwards from the goal over the states
//! (positions of the group's tiles, the region the blank can reach without moving them): the
//! blank's moves inside its region are free, a move of a group tile costs one. Each database
//! is indexed by the tiles' cells as 4-bit digits (16^k bytes: 16 MiB for six tiles), so the
//! search updates an index by one digit per move.
//!
//! For 4×4 the default partition is a 6-6-3 one, as Korf and Felner's:
//! `{1 5 6 9 10 13}`, `{7 8 11 12 14 15}`, `{2 3 4}` (the three-tile group the top row's far
//! end, away from the blank's goal). On Korf's first 40 instances it generated 21.4 million
//! nodes where `{1 2 5 6 9 10}`, `{3 4 7 8 11 12}`, `{13 14 15}` (a two-column split with the
//! last row as the small group, and its mirror image) generated 34.2 million.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::fixed::{Estimator, Geometry, MAX_CELLS, Tiles};

/// The most tiles a group may have (a 16^6-byte table).
pub const MAX_PATTERN: usize = 6;

/// The most groups a partition may have.
pub const MAX_GROUPS: usize = 4;

/// Table entries of placements that cannot occur (two tiles on one cell).
const UNSEEN: u8 = u8::MAX;

/// The first bytes of a database file.
const MAGIC: &[u8; 12] = b"TRITIUM-PDB\x01";

/// Why a database could not be had.
#[derive(Debug, thiserror::Error)]
pub enum PdbError {
    /// The board is larger than the databases handle.
    #[error("a {rows}x{cols} board has more than {MAX_CELLS} cells")]
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The partition is not a partition of the board's tiles into small groups.
    #[error("bad partition: {0}")]
    BadPartition(String),
    /// The caller asked to stop.
    #[error("cancelled")]
    Cancelled,
    /// A cache file could not be read or is not a database for this pattern.
    #[error("{path}: {reason}")]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

/// The fewest moves of a group's tiles to bring them home, per placement.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDb {
    rows: u8,
    cols: u8,
    /// The group's tiles; tile `tiles[i]` is digit `i` of an index.
    tiles: Vec<u8>,
    /// `16^k` entries: by the tiles' cells as 4-bit digits.
    table: Vec<u8>,
}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDb")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("tiles", &self.tiles)
            .field("entries", &self.table.len())
            .finish()
    }
}

/// Flood fill on an R×C board's cells as bit masks (bit `r · cols + c`).
#[derive(Debug, Clone, Copy)]
struct Flood {
    cols: u32,
    /// Cells not in the first column.
    not_first: u32,
    /// Cells not in the last column.
    not_last: u32,
}

impl Flood {
    fn new(g: &Geometry) -> Flood {
        let (mut not_first, mut not_last) = (0, 0);
        for cell in 0..g.cells {
            if cell % g.cols != 0 {
                not_first |= 1 << cell;
            }
            if cell % g.cols != g.cols - 1 {
                not_last |= 1 << cell;
            }
        }
        Flood {
            cols: g.cols as u32,
            not_first,
            not_last,
        }
    }

    /// The cells reachable from `start` through `free` cells (`start` included; `free` holds
    /// only board cells).
    #[inline]
    fn region(self, start: u32, free: u32) -> u32 {
        let mut region: u32 = 1 << start;
        loop {
            let grown = (region
                | ((region << 1) & self.not_first)
                | ((region >> 1) & self.not_last)
                | (region << self.cols)
                | (region >> self.cols))
                & (free | region);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// `n · (n − 1) ⋯ (n − k + 1)`: the placements of `k` tiles on `n` cells.
fn placements(n: usize, k: usize) -> u64 {
    (n - k + 1..=n).map(|x| x as u64).product()
}

impl PatternDb {
    /// Builds the database of `tiles` on an R×C board (at most 16 cells) by breadth-first
    /// search from the goal. `progress(placements done, placements in all)` is called after
    /// every layer and every 2^20 states; `false` stops the build.
    ///
    /// Six tiles on 4×4: 5,765,760 placements, a 32 MiB visited set and a 16 MiB table,
    /// about two seconds.
    ///
    /// # Errors
    /// [`PdbError::TooLarge`], [`PdbError::BadPartition`] (no tiles, more than
    /// [`MAX_PATTERN`], a tile not on the board or repeated), [`PdbError::Cancelled`].
    pub fn build(
        rows: usize,
        cols: usize,
        tiles: &[u8],
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<PatternDb, PdbError> {
        let g = Geometry::new(rows, cols).ok_or(PdbError::TooLarge { rows, cols })?;
        let n = g.cells;
        let k = tiles.len();
        if k == 0 || k > MAX_PATTERN.min(n - 1) {
            return Err(PdbError::BadPartition(format!(
                "a group has {k} tiles; groups have 1 to {} tiles",
                MAX_PATTERN.min(n - 1)
            )));
        }
        for (i, &t) in tiles.iter().enumerate() {
            if t == 0 || usize::from(t) >= n || tiles[..i].contains(&t) {
                return Err(PdbError::BadPartition(format!(
                    "tile {t} is not a tile of a {rows}x{cols} board or repeats"
                )));
            }
        }
        let flood = Flood::new(&g);
        let full: u32 = (1 << n) - 1;
        // Each cell's neighbours, as bit masks. A state is the tiles' index, then 4 bits for
        // the lowest cell of the blank's region.
        let mut nbr = [0u32; MAX_CELLS];
        for (cell, mask) in nbr.iter_mut().enumerate().take(n) {
            let grown = (1u32 << cell) << 1 & flood.not_first
                | (1u32 << cell) >> 1 & flood.not_last
                | (1u32 << cell) << flood.cols
                | (1u32 << cell) >> flood.cols;
            *mask = grown & full;
        }
        let mut seen = vec![0u64; ((1usize << (4 * (k + 1))) / 64).max(1)];
        let mut table = vec![UNSEEN; 1 << (4 * k)];
        let total = placements(n, k);

        let mut index = 0u32;
        let mut occupied = 0u32;
        for (i, &t) in tiles.iter().enumerate() {
            index |= u32::from(t - 1) << (4 * i);
            occupied |= 1 << (t - 1);
        }
        let region = flood.region(n as u32 - 1, full & !occupied);
        let start = index << 4 | region.trailing_zeros();
        seen[start as usize / 64] |= 1 << (start % 64);
        table[index as usize] = 0;
        let mut filled = 1u64;
        let mut frontier = vec![start];
        let mut depth = 0u8;
        let mut visited = 0u64;
        while !frontier.is_empty() {
            if !progress(filled, total) {
                return Err(PdbError::Cancelled);
            }
            let mut next = Vec::with_capacity(frontier.len() * 2);
            for &state in &frontier {
                visited += 1;
                if visited.is_multiple_of(1 << 20) && !progress(filled, total) {
                    return Err(PdbError::Cancelled);
                }
                let index = state >> 4;
                let mut cells = [0u32; MAX_PATTERN];
                let mut occupied = 0u32;
                for (i, cell) in cells.iter_mut().enumerate().take(k) {
                    *cell = (index >> (4 * i)) & 15;
                    occupied |= 1 << *cell;
                }
                let region = flood.region(state & 15, full & !occupied);
                for (i, &cell) in cells.iter().enumerate().take(k) {
                    // The tile on `cell` slides into a neighbouring cell of the blank's region.
                    let mut targets = nbr[cell as usize] & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros();
                        targets &= targets - 1;
                        let moved = occupied ^ (1 << cell) ^ (1 << to);
                        let blank_region = flood.region(cell, full & !moved);
                        let child_index = index - (cell << (4 * i)) + (to << (4 * i));
                        let child = child_index << 4 | blank_region.trailing_zeros();
                        let (word, bit) = (child as usize / 64, 1u64 << (child % 64));
                        if seen[word] & bit == 0 {
                            seen[word] |= bit;
                            next.push(child);
                            let entry = &mut table[child_index as usize];
                            if *entry == UNSEEN {
                                *entry = depth + 1;
                                filled += 1;
                            }
                        }
                    }
                }
            }
            // In index order, neighbouring parents share cache lines of the visited set.
            next.sort_unstable();
            frontier = next;
            depth += 1;
        }
        progress(filled, total);
        Ok(PatternDb {
            rows: rows as u8,
            cols: cols as u8,
            tiles: tiles.to_vec(),
            table,
        })
    }

    /// The group's tiles.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The fewest moves of the group's tiles from `tiles` (a whole board) to their goal cells.
    pub fn lookup(&self, tiles: &[u8]) -> u32 {
        let mut index = 0usize;
        for (cell, &t) in tiles.iter().enumerate() {
            if let Some(i) = self.tiles.iter().position(|&p| p == t) {
                index |= cell << (4 * i);
            }
        }
        u32::from(self.table[index])
    }

    /// The largest entry (the group's hardest placement).
    pub fn max(&self) -> u8 {
        self.table
            .iter()
            .copied()
            .filter(|&d| d != UNSEEN)
            .max()
            .unwrap_or(0)
    }

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

/// The default partition of an R×C board's tiles: a 6-6-3 for 4×4 (see the module
/// documentation), otherwise the tiles in row-major order cut into groups of at most
/// [`MAX_PATTERN`] of nearly equal size (3×3: `{1 2 3 4}`, `{5 6 7 8}`).
pub fn default_partition(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    if (rows, cols) == (4, 4) {
        return vec![
            vec![1, 5, 6, 9, 10, 13],
            vec![7, 8, 11, 12, 14, 15],
            vec![2, 3, 4],
        ];
    }
    let tiles: Vec<u8> = (1..(rows * cols) as u8).collect();
    let groups = tiles.len().div_ceil(MAX_PATTERN).max(1);
    let size = tiles.len().div_ceil(groups);
    tiles.chunks(size).map(<[u8]>::to_vec).collect()
}

/// The mirror image about the main diagonal of a square board.
#[derive(Debug, Clone)]
struct Reflection {
    /// `cell[c]`: the mirror of cell `c`.
    cell: [u8; MAX_CELLS],
    /// `tile[t]`: the tile whose goal cell mirrors tile `t`'s (the blank stays 0).
    tile: [u8; MAX_CELLS],
}

/// The sum of a partition's databases, and, on square boards, the larger of it and the sum
/// for the reflected board — an admissible [`Estimator`] for [`crate::fixed::ida`].
#[derive(Debug, Clone)]
pub struct Additive {
    dbs: Vec<PatternDb>,
    /// `group[t]`: the database of tile `t`.
    group: [u8; MAX_CELLS],
    /// `shift[t]`: the bit offset of tile `t`'s digit in its database's index.
    shift: [u8; MAX_CELLS],
    reflection: Option<Reflection>,
}

/// [`Additive`]'s state: each database's index and the two sums.
#[derive(Debug, Clone, Copy)]
pub struct AdditiveState {
    index: [u32; MAX_GROUPS],
    mirrored: [u32; MAX_GROUPS],
    sum: u16,
    mirrored_sum: u16,
}

impl Additive {
    /// The estimator of an R×C board from one database per group of a partition of all its
    /// tiles (the reflected lookup on square boards).
    ///
    /// # Errors
    /// [`PdbError::BadPartition`] when the databases are not for one board or do not cover
    /// every tile exactly once, or there are more than [`MAX_GROUPS`].
    pub fn new(dbs: Vec<PatternDb>) -> Result<Additive, PdbError> {
        let first = dbs
            .first()
            .ok_or_else(|| PdbError::BadPartition("no databases".into()))?;
        let (rows, cols) = (usize::from(first.rows), usize::from(first.cols));
        if dbs.len() > MAX_GROUPS
            || dbs
                .iter()
                .any(|d| (d.rows, d.cols) != (first.rows, first.cols))
        {
            return Err(PdbError::BadPartition(format!(
                "{} databases, of boards {:?}",
                dbs.len(),
                dbs.iter().map(|d| (d.rows, d.cols)).collect::<Vec<_>>()
            )));
        }
        let cells = rows * cols;
        let mut group = [u8::MAX; MAX_CELLS];
        let mut shift = [0; MAX_CELLS];
        for (g, db) in dbs.iter().enumerate() {
            for (i, &t) in db.tiles.iter().enumerate() {
                if group[usize::from(t)] != u8::MAX {
                    return Err(PdbError::BadPartition(format!("tile {t} is in two groups")));
                }
                group[usize::from(t)] = g as u8;
                shift[usize::from(t)] = 4 * i as u8;
            }
        }
        if let Some(t) = (1..cells).find(|&t| group[t] == u8::MAX) {
            return Err(PdbError::BadPartition(format!("tile {t} is in no group")));
        }
        let reflection = (rows == cols).then(|| {
            let mut cell = [0; MAX_CELLS];
            let mut tile = [0; MAX_CELLS];
            for (c, mirror) in cell.iter_mut().enumerate().take(cells) {
                *mirror = ((c % cols) * cols + c / cols) as u8;
            }
            for t in 1..cells {
                tile[t] = cell[t - 1] + 1;
            }
            Reflection { cell, tile }
        });
        Ok(Additive {
            dbs,
            group,
            shift,
            reflection,
        })
    }

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

    /// The databases.
    pub fn databases(&self) -> &[PatternDb] {
        &self.dbs
    }

    #[inline]
    fn entry(&self, g: usize, index: u32) -> u16 {
        // Indices stay below 16^k: every digit is a cell below 16.
        u16::from(self.dbs[g].table[index as usize])
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

impl Estimator for Additive {
    type State = AdditiveState;

    fn start(&self, tiles: &Tiles) -> AdditiveState {
        let mut index = [0; MAX_GROUPS];
        let mut mirrored = [0; MAX_GROUPS];
        for (cell, &t) in tiles.iter().enumerate() {
            let t = usize::from(t);
            if t == 0 || self.group[t] == u8::MAX {
                continue;
            }
            index[usize::from(self.group[t])] |= (cell as u32) << self.shift[t];
            if let Some(r) = &self.reflection {
                let rt = usize::from(r.tile[t]);
                mirrored[usize::from(self.group[rt])] |= u32::from(r.cell[cell]) << self.shift[rt];
            }
        }
        let sum = |index: &[u32; MAX_GROUPS]| {
            (0..self.dbs.len())
                .map(|g| self.entry(g, index[g]))
                .sum::<u16>()
        };
        AdditiveState {
            sum: sum(&index),
            mirrored_sum: if self.reflection.is_some() {
                sum(&mirrored)
            } else {
                0
            },
            index,
            mirrored,
        }
    }

    #[inline]
    fn value(&self, s: &AdditiveState) -> u32 {
        u32::from(s.sum.max(s.mirrored_sum))
    }

    #[inline]
    fn moved(
        &self,
        s: &AdditiveState,
        _tiles: &Tiles,
        tile: u8,
        from: usize,
        to: usize,
    ) -> AdditiveState {
        let mut next = *s;
        let t = usize::from(tile);
        let g = usize::from(self.group[t]);
        let shift = self.shift[t];
        let old = self.entry(g, s.index[g]);
        next.index[g] = s.index[g] - ((from as u32) << shift) + ((to as u32) << shift);
        next.sum = s.sum - old + self.entry(g, next.index[g]);
        if let Some(r) = &self.reflection {
            let rt = usize::from(r.tile[t]);
            let g = usize::from(self.group[rt]);
            let shift = self.shift[rt];
            let (rfrom, rto) = (u32::from(r.cell[from]), u32::from(r.cell[to]));
            let old = self.entry(g, s.mirrored[g]);
            next.mirrored[g] = s.mirrored[g] - (rfrom << shift) + (rto << shift);
            next.mirrored_sum = s.mirrored_sum - old + self.entry(g, next.mirrored[g]);
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::fixed::{ida, tiles_of};
    use crate::heuristic;
    use crate::table;

    fn additive(rows: usize, cols: usize) -> Additive {
        Additive::load_or_build(
            rows,
            cols,
            &default_partition(rows, cols),
            None,
            &mut |_, _| true,
        )
        .expect("builds")
    }

    #[test]
    fn on_3x3_the_databases_bound_the_table_and_ida_finds_its_lengths() {
        let est = additive(3, 3);
        // Every placement of four tiles on nine cells is reachable.
        for db in est.databases() {
            let seen = db.table.iter().filter(|&&d| d != UNSEEN).count() as u64;
            assert_eq!(seen, placements(9, 4));
        }
        for seed in 0..60 {
            let b = Board::random(3, 3, seed);
            let optimal = table::distance(&b).expect("solvable");
            let h = est.value(&est.start(&tiles_of(&b)));
            // Admissible, and at least as strong as the Manhattan distance group by group.
            assert!(h <= optimal, "seed {seed}: {h} > {optimal}");
            let group_sum: u32 = est.databases().iter().map(|db| db.lookup(&b.tiles)).sum();
            assert!(group_sum >= heuristic::manhattan(&b), "seed {seed}");
            let s = ida(&b, &est, u64::MAX, &|_| true).expect("solves");
            assert_eq!(s.moves.len() as u32, optimal, "seed {seed}");
        }
    }

    #[test]
    fn incremental_updates_equal_a_fresh_lookup_along_a_random_walk() {
        let est = additive(3, 3);
        let mut board = Board::random(3, 3, 5);
        let mut state = est.start(&tiles_of(&board));
        let mut rng = game_kit::seed::SplitMix64::new(9);
        for _ in 0..3000 {
            let fresh = est.start(&tiles_of(&board));
            assert_eq!(
                (state.sum, state.mirrored_sum),
                (fresh.sum, fresh.mirrored_sum)
            );
            let moves = board.moves();
            let d = moves[rng.below(moves.len() as u32) as usize];
            let blank = board.blank();
            let from = board.tile_for(d).expect("legal");
            let tile = board.tiles[from];
            board.play(d);
            state = est.moved(&state, &tiles_of(&board), tile, from, blank);
        }
    }

    #[test]
    fn files_round_trip_and_foreign_or_damaged_ones_are_refused() {
        let db = PatternDb::build(3, 3, &[1, 2, 3], &mut |_, _| true).expect("builds");
        let mut bytes = Vec::new();
        db.write_to(&mut bytes).expect("writes");
        let path = Path::new("db.pdb");
        let back = PatternDb::read_from(&bytes[..], path, 3, 3, &[1, 2, 3]).expect("reads");
        assert_eq!(back, db);
        let foreign =
            PatternDb::read_from(&bytes[..], path, 3, 3, &[1, 2, 4]).expect_err("foreign");
        assert!(foreign.to_string().contains("db.pdb"), "{foreign}");
        let mut damaged = bytes.clone();
        damaged[MAGIC.len() + 10] ^= 1;
        let damaged =
            PatternDb::read_from(&damaged[..], path, 3, 3, &[1, 2, 3]).expect_err("damaged");
        assert!(damaged.to_string().contains("checksum"), "{damaged}");
        let short = PatternDb::read_from(&bytes[..20], path, 3, 3, &[1, 2, 3]).expect_err("short");
        assert!(short.to_string().contains("bytes"), "{short}");
    }

    #[test]
    fn the_cache_is_written_once_and_read_back() {
        let dir = std::env::temp_dir().join(format!("tritium-pdb-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let partition = default_partition(3, 3);
        let built =
            Additive::load_or_build(3, 3, &partition, Some(&dir), &mut |_, _| true).expect("b");
        assert_eq!(fs::read_dir(&dir).expect("written").count(), 2);
        // Loaded from the cache: no progress below the total is reported.
        let mut partial = 0;
        let loaded = Additive::load_or_build(3, 3, &partition, Some(&dir), &mut |d, t| {
            partial += u32::from(d < t);
            true
        })
        .expect("loads");
        assert_eq!(partial, 0);
        assert_eq!(loaded.databases(), built.databases());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_partitions_and_cancels_are_errors() {
        let keep = &mut |_: u64, _: u64| true;
        assert!(matches!(
            PatternDb::build(3, 3, &[1, 1], keep),
            Err(PdbError::BadPartition(_))
        ));
        assert!(matches!(
            PatternDb::build(3, 3, &[9], keep),
            Err(PdbError::BadPartition(_))
        ));
        assert!(matches!(
            PatternDb::build(5, 4, &[1], keep),
            Err(PdbError::TooLarge { .. })
        ));
        assert!(matches!(
            PatternDb::build(3, 3, &[1, 2], &mut |_, _| false),
            Err(PdbError::Cancelled)
        ));
        let one = PatternDb::build(3, 3, &[1, 2, 3, 4], keep).expect("builds");
        assert!(matches!(
            Additive::new(vec![one]),
            Err(PdbError::BadPartition(_))
        ));
    }
}
