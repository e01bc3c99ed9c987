//! Building a pattern database: breadth-first search backwards from the goal over the
//! placements of a group's tiles and the region the blank can reach without moving them.

use super::{MAX_PATTERN, PatternDb, PdbError, UNSEEN, placements};
use crate::fixed::{Geometry, MAX_CELLS};

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
}
