//! The [`Additive`] estimator: the sum over a partition's databases, the reflected lookup on
//! square boards, and its incremental update when a tile moves.

use super::{MAX_GROUPS, PatternDb, PdbError};
use crate::fixed::{Estimator, MAX_CELLS, Tiles};

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
    pub(super) sum: u16,
    pub(super) mirrored_sum: u16,
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
