//! The Karnaugh map's geometry, plain arithmetic without egui: where each row of a truth table
//! of one to [`MAX_KMAP_INPUTS`] inputs sits on the map, and the rectangles a product term
//! covers there (its loop).
//!
//! Rows and columns follow the reflected Gray code, so neighbouring cells — the first and the
//! last of a row or column too — differ in one input (Karnaugh, "The map method for synthesis
//! of combinational logic circuits", 1953). Up to four inputs make one map (the first half of
//! the inputs, rounded down, on its rows); five and six inputs make two or four 4×4 maps side
//! by side, as Logisim-evolution draws them: with five, the first input picks the map (left
//! 0, right 1); with six, the first input picks the row of maps and the second the column. A
//! cell's neighbour across an input of the map's choice is the same cell of the neighbouring
//! map.

use synth::Implicant;

/// The most inputs a Karnaugh map is drawn for.
pub const MAX_KMAP_INPUTS: usize = 6;

/// The layout of a Karnaugh map of `inputs` inputs: `map_rows × map_cols` maps, each of
/// `rows × cols` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KMap {
    /// The number of inputs, `1..=`[`MAX_KMAP_INPUTS`].
    pub inputs: usize,
    /// Inputs choosing the row of maps (0 or 1), the first inputs.
    pub map_row_vars: usize,
    /// Inputs choosing the column of maps (0 or 1), after those.
    pub map_col_vars: usize,
    /// Inputs along each map's rows (Gray-coded), after those.
    pub row_vars: usize,
    /// Inputs along each map's columns (Gray-coded), the last inputs.
    pub col_vars: usize,
}

/// A cell of the map: which map, and the row and column inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The row of maps.
    pub map_row: usize,
    /// The column of maps.
    pub map_col: usize,
    /// The row inside the map.
    pub row: usize,
    /// The column inside the map.
    pub col: usize,
}

/// One rectangle of a loop, inside one map: cells `rows.0..=rows.1` × `cols.0..=cols.1`; a side
/// marked open continues across the map's edge (the loop wraps around to the far side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patch {
    /// The map.
    pub map_row: usize,
    /// The map.
    pub map_col: usize,
    /// The first and last row.
    pub rows: (usize, usize),
    /// The first and last column.
    pub cols: (usize, usize),
    /// Whether the loop goes on past the top, bottom, left and right edge of the map.
    pub open: Sides,
}

/// Four flags, one per side of a rectangle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    /// The top side.
    pub top: bool,
    /// The bottom side.
    pub bottom: bool,
    /// The left side.
    pub left: bool,
    /// The right side.
    pub right: bool,
}

/// A run of cells along one axis: `first..=last`, and whether it goes on past the start or
/// the end (a wrap-around group is two runs, one at each end).
type Run = (usize, usize, bool, bool);

/// The `i`th reflected Gray code.
pub fn gray(i: usize) -> usize {
    i ^ (i >> 1)
}

impl KMap {
    /// The layout for `inputs` inputs, or `None` outside `1..=`[`MAX_KMAP_INPUTS`].
    pub fn new(inputs: usize) -> Option<KMap> {
        if !(1..=MAX_KMAP_INPUTS).contains(&inputs) {
            return None;
        }
        let map_vars = inputs.saturating_sub(4);
        let inside = inputs - map_vars;
        Some(KMap {
            inputs,
            map_row_vars: map_vars / 2,
            map_col_vars: map_vars - map_vars / 2,
            row_vars: inside / 2,
            col_vars: inside - inside / 2,
        })
    }

    /// Rows of maps.
    pub fn map_rows(&self) -> usize {
        1 << self.map_row_vars
    }

    /// Columns of maps.
    pub fn map_cols(&self) -> usize {
        1 << self.map_col_vars
    }

    /// Rows in each map.
    pub fn rows(&self) -> usize {
        1 << self.row_vars
    }

    /// Columns in each map.
    pub fn cols(&self) -> usize {
        1 << self.col_vars
    }

    /// Which inputs (0-based, in table order) run along each map's rows, its columns, the
    /// rows of maps and the columns of maps.
    pub fn axes(&self) -> [std::ops::Range<usize>; 4] {
        let maps = self.map_row_vars + self.map_col_vars;
        [
            maps..maps + self.row_vars,
            maps + self.row_vars..self.inputs,
            0..self.map_row_vars,
            self.map_row_vars..maps,
        ]
    }

    /// The truth table's row number of `cell` (the first input its most significant bit).
    pub fn row_of(&self, cell: Cell) -> u32 {
        let mut row = cell.map_row;
        row = row << self.map_col_vars | cell.map_col;
        row = row << self.row_vars | gray(cell.row);
        row = row << self.col_vars | gray(cell.col);
        u32::try_from(row).unwrap_or(u32::MAX)
    }

    /// Every cell, map by map, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (rows, cols) = (self.rows(), self.cols());
        (0..self.map_rows()).flat_map(move |map_row| {
            (0..self.map_cols()).flat_map(move |map_col| {
                (0..rows).flat_map(move |row| {
                    (0..cols).map(move |col| Cell {
                        map_row,
                        map_col,
                        row,
                        col,
                    })
                })
            })
        })
    }

    /// The rectangles of `term`'s loop: one per map the term reaches and per run of rows and
    /// of columns it covers there (two runs on an axis when it wraps around).
    pub fn patches(&self, term: Implicant) -> Vec<Patch> {
        let [rows, cols, map_rows, map_cols] = self.axes();
        let row_runs = self.runs(term, rows);
        let col_runs = self.runs(term, cols);
        let mut patches = Vec::new();
        for map_row in self.matching(term, map_rows) {
            for map_col in self.matching(term, map_cols.clone()) {
                for &(top, bottom, open_top, open_bottom) in &row_runs {
                    for &(left, right, open_left, open_right) in &col_runs {
                        patches.push(Patch {
                            map_row,
                            map_col,
                            rows: (top, bottom),
                            cols: (left, right),
                            open: Sides {
                                top: open_top,
                                bottom: open_bottom,
                                left: open_left,
                                right: open_right,
                            },
                        });
                    }
                }
            }
        }
        patches
    }

    /// The positions `0..2^vars.len()` along an axis (in Gray order) whose inputs agree with
    /// `term`.
    fn matching(&self, term: Implicant, vars: std::ops::Range<usize>) -> Vec<usize> {
        let width = vars.len();
        let shift = self.inputs - vars.end;
        let care = (term.care >> shift) as usize & ((1 << width) - 1);
        let ones = (term.ones >> shift) as usize & ((1 << width) - 1);
        (0..1 << width)
            .filter(|&i| gray(i) & care == ones)
            .collect()
    }

    /// [`matching`](Self::matching) as runs of neighbouring positions: the positions of a
    /// cube along a Gray-coded axis are all of it, or one run, or a run at each end.
    fn runs(&self, term: Implicant, vars: std::ops::Range<usize>) -> Vec<Run> {
        let len = 1 << vars.len();
        let positions = self.matching(term, vars);
        let (Some(&first), Some(&last)) = (positions.first(), positions.last()) else {
            return Vec::new();
        };
        if positions.len() == len {
            return vec![(0, len - 1, false, false)];
        }
        if last - first + 1 == positions.len() {
            return vec![(first, last, false, false)];
        }
        // Wraps around: a run from the start and a run to the end.
        let split = positions
            .windows(2)
            .position(|pair| pair[1] != pair[0] + 1)
            .unwrap_or(0);
        let (gap, resume) = (positions[split], positions[split + 1]);
        vec![(first, gap, true, false), (resume, last, false, true)]
    }
}

#[cfg(test)]
mod tests {
    use super::{Cell, KMap, gray};
    use synth::Implicant;

    #[test]
    fn every_row_appears_once_and_neighbours_differ_in_one_input() {
        for inputs in 1..=6 {
            let map = KMap::new(inputs).expect("a map");
            let mut rows: Vec<u32> = map.cells().map(|cell| map.row_of(cell)).collect();
            rows.sort_unstable();
            assert_eq!(rows, (0..1 << inputs).collect::<Vec<u32>>(), "{inputs}");
            for cell in map.cells() {
                let right = Cell {
                    col: (cell.col + 1) % map.cols(),
                    ..cell
                };
                let below = Cell {
                    row: (cell.row + 1) % map.rows(),
                    ..cell
                };
                for other in [right, below] {
                    if other != cell {
                        let differ = map.row_of(cell) ^ map.row_of(other);
                        assert_eq!(differ.count_ones(), 1, "{inputs}: {cell:?} {other:?}");
                    }
                }
            }
        }
        assert!(KMap::new(0).is_none() && KMap::new(7).is_none());
        assert_eq!(
            (0..4).map(gray).collect::<Vec<_>>(),
            [0b00, 0b01, 0b11, 0b10]
        );
    }

    #[test]
    fn a_loop_covers_exactly_the_terms_cells() {
        for inputs in 1..=6u32 {
            let map = KMap::new(inputs as usize).expect("a map");
            // Every cube over `inputs` variables: each input 0, 1 or absent.
            for code in 0..3u32.pow(inputs) {
                let (mut ones, mut care, mut rest) = (0, 0, code);
                for bit in 0..inputs {
                    match rest % 3 {
                        1 => care |= 1 << bit,
                        2 => (care, ones) = (care | 1 << bit, ones | 1 << bit),
                        _ => {}
                    }
                    rest /= 3;
                }
                let term = Implicant { ones, care };
                let mut covered: Vec<u32> = map
                    .patches(term)
                    .iter()
                    .flat_map(|patch| {
                        (patch.rows.0..=patch.rows.1).flat_map(move |row| {
                            (patch.cols.0..=patch.cols.1).map(move |col| Cell {
                                map_row: patch.map_row,
                                map_col: patch.map_col,
                                row,
                                col,
                            })
                        })
                    })
                    .map(|cell| map.row_of(cell))
                    .collect();
                covered.sort_unstable();
                let expected: Vec<u32> = (0..1 << inputs).filter(|&r| term.covers(r)).collect();
                assert_eq!(covered, expected, "{inputs} inputs, {term:?}");
            }
        }
    }

    #[test]
    fn a_group_of_the_four_corners_is_split_at_every_edge() {
        let map = KMap::new(4).expect("a map");
        // ¬B·¬D: rows AB ∈ {00, 10}, columns CD ∈ {00, 10}: the corners.
        let patches = map.patches(Implicant {
            ones: 0,
            care: 0b0101,
        });
        assert_eq!(patches.len(), 4);
        assert!(
            patches
                .iter()
                .all(|p| p.rows.0 == p.rows.1 && p.cols.0 == p.cols.1)
        );
        assert!(patches[0].open.top && patches[0].open.left);
        assert!(patches[3].open.bottom && patches[3].open.right);
    }
}
