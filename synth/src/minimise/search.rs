//! The branch and bound over a covering problem (Petrick's problem): the fewest columns
//! (primes), then the fewest literals, covering every row (element).
//!
//! Branch on the uncovered row with the fewest columns (a row with one is an essential
//! column, taken without a choice), each of its columns in turn; bound by the columns so far
//! plus a greedy count of uncovered rows no two of which share a column (rows with few
//! columns first), and by the literals so far plus those rows' cheapest columns' literals. Before the first cover is found, a greedy
//! cover's cost caps the search (only strictly costlier branches are cut, so the answer is
//! the first minimum cover in branching order either way). Rows and columns are bitsets.

use super::{Deadline, MinimiseError};

/// How many branches between two looks at the clock.
const CLOCK_STRIDE: usize = 1024;

/// A minimum cover: the indices of the chosen columns, in the order chosen.
///
/// `rows[r]` lists the columns covering row `r` (every row has one); `literals[c]` is column
/// `c`'s literal count.
pub(super) fn minimum_cover(
    rows: &[Vec<usize>],
    literals: &[u32],
    max_nodes: usize,
    deadline: Deadline,
) -> Result<Vec<usize>, MinimiseError> {
    let mut columns = vec![Bits::new(rows.len()); literals.len()];
    for (row, list) in rows.iter().enumerate() {
        for &column in list {
            columns[column].insert(row);
        }
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by_key(|&row| rows[row].len());
    let mut search = Search {
        rows,
        literals,
        columns: &columns,
        order: &order,
        best: None,
        ceiling: None,
        nodes: 0,
        max_nodes,
        deadline,
    };
    let mut uncovered = Bits::new(rows.len());
    for row in 0..rows.len() {
        uncovered.insert(row);
    }
    search.ceiling = Some(search.greedy_cost(&uncovered));
    search.branch(&mut Vec::new(), 0, &uncovered)?;
    Ok(search.best.map(|(chosen, _)| chosen).unwrap_or_default())
}

/// A fixed-size set of small integers.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    fn new(size: usize) -> Self {
        Self {
            words: vec![0; size.div_ceil(64)],
        }
    }

    fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    fn contains(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// `self` without the members of `other`.
    fn without(&self, other: &Self) -> Self {
        let words = self.words.iter().zip(&other.words);
        Self {
            words: words.map(|(a, b)| a & !b).collect(),
        }
    }

    fn is_empty(&self) -> bool {
        self.words.iter().all(|&word| word == 0)
    }

    fn count_common(&self, other: &Self) -> u32 {
        let words = self.words.iter().zip(&other.words);
        words.map(|(a, b)| (a & b).count_ones()).sum()
    }
}

/// The search's fixed problem and its state.
struct Search<'a> {
    rows: &'a [Vec<usize>],
    literals: &'a [u32],
    /// For each column, the rows it covers.
    columns: &'a [Bits],
    /// The rows, fewest columns first (ties by index).
    order: &'a [usize],
    /// The best cover found so far, with its literal count.
    best: Option<(Vec<usize>, u32)>,
    /// A cover's cost (columns, literals) known to exist, before `best` is found.
    ceiling: Option<(usize, u32)>,
    nodes: usize,
    max_nodes: usize,
    deadline: Deadline,
}

impl Search<'_> {
    /// Extends `chosen` (columns with `literals` literals in all) to covers of `uncovered`.
    fn branch(
        &mut self,
        chosen: &mut Vec<usize>,
        literals: u32,
        uncovered: &Bits,
    ) -> Result<(), MinimiseError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(MinimiseError::SearchTooLarge {
                limit: self.max_nodes,
            });
        }
        if self.nodes.is_multiple_of(CLOCK_STRIDE) {
            self.deadline.check()?;
        }
        let (more, more_literals) = self.disjoint_rows(uncovered);
        let bound = (chosen.len() + more, literals + more_literals);
        let beaten = match &self.best {
            Some((best, best_literals)) => bound >= (best.len(), *best_literals),
            None => self.ceiling.is_some_and(|ceiling| bound > ceiling),
        };
        if beaten {
            return Ok(());
        }
        let Some(row) = self.first_uncovered(uncovered) else {
            self.best = Some((chosen.clone(), literals));
            return Ok(());
        };
        for &column in &self.rows[row] {
            let rest = uncovered.without(&self.columns[column]);
            chosen.push(column);
            self.branch(chosen, literals + self.literals[column], &rest)?;
            chosen.pop();
        }
        Ok(())
    }

    /// The uncovered row with the fewest columns (the lowest index among equals).
    fn first_uncovered(&self, uncovered: &Bits) -> Option<usize> {
        self.order
            .iter()
            .copied()
            .find(|&row| uncovered.contains(row))
    }

    /// A lower bound on the columns and literals still needed: a greedy set of uncovered rows
    /// no two of which share a column (rows with few columns first), each needing a column of
    /// its own with at least its cheapest column's literals.
    fn disjoint_rows(&self, uncovered: &Bits) -> (usize, u32) {
        let mut used = Bits::new(self.literals.len());
        let (mut count, mut literals) = (0, 0);
        for &row in self.order.iter().filter(|&&row| uncovered.contains(row)) {
            let columns = &self.rows[row];
            if columns.iter().all(|&column| !used.contains(column)) {
                for &column in columns {
                    used.insert(column);
                }
                count += 1;
                literals += columns.iter().map(|&c| self.literals[c]).min().unwrap_or(0);
            }
        }
        (count, literals)
    }

    /// The cost of a greedy cover of `uncovered`: each time the column covering the most
    /// uncovered rows (fewest literals among equals).
    fn greedy_cost(&self, uncovered: &Bits) -> (usize, u32) {
        let mut uncovered = uncovered.clone();
        let (mut count, mut literals) = (0, 0);
        while !uncovered.is_empty() {
            let best = (0..self.columns.len()).max_by_key(|&c| {
                let gain = self.columns[c].count_common(&uncovered);
                (gain, std::cmp::Reverse(self.literals[c]))
            });
            let Some(column) = best else {
                break;
            };
            uncovered = uncovered.without(&self.columns[column]);
            count += 1;
            literals += self.literals[column];
        }
        (count, literals)
    }
}
