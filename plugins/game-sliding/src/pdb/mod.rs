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
//!
//! The module's parts: `build` (the breadth-first search that fills a database), `file` (the
//! database file format, the cache directory and the process's shared databases), `lookup`
//! (the [`Additive`] estimator: the sum over a partition's databases, the reflected lookup,
//! incremental updates along a search).

use std::path::PathBuf;

use crate::fixed::MAX_CELLS;

mod build;
mod file;
mod lookup;

pub use file::{cache_dir, ready, shared};
pub use lookup::{Additive, AdditiveState};

/// The most tiles a group may have (a 16^6-byte table).
pub const MAX_PATTERN: usize = 6;

/// The most groups a partition may have.
pub const MAX_GROUPS: usize = 4;

/// Table entries of placements that cannot occur (two tiles on one cell).
const UNSEEN: u8 = u8::MAX;

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

/// `n · (n − 1) ⋯ (n − k + 1)`: the placements of `k` tiles on `n` cells.
fn placements(n: usize, k: usize) -> u64 {
    (n - k + 1..=n).map(|x| x as u64).product()
}

impl PatternDb {
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

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    use super::file::MAGIC;
    use super::*;
    use crate::board::Board;
    use crate::fixed::{Estimator, ida, tiles_of};
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
