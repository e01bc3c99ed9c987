//! Korf's 100 random 15-puzzle instances (Korf 1985, Table 1; the file
//! `data/korf100.txt` names its source), turned to Tritium's blank-last goal, with their
//! optimal lengths — the standard benchmark of optimal 15-puzzle solvers.
//!
//! Korf's goal has the blank first (`0 1 2 … 15`); turning a board half a turn and renaming
//! tile `t` as `16 − t` maps his goal onto ours and keeps every distance.

use crate::board::Board;

/// One instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// Korf's number, 1 to 100.
    pub number: u32,
    /// The optimal solution length (Korf 1985).
    pub length: u32,
    /// Nodes Korf's IDA* with the Manhattan distance generated (Korf 1985).
    pub korf_nodes: u64,
    /// The board, for Tritium's goal.
    pub board: Board,
}

/// The file, as shipped.
const DATA: &str = include_str!("../data/korf100.txt");

/// Korf's board (blank-first goal, row-major, `0` the blank) turned to Tritium's goal.
pub fn from_korf(cells: &[u8; 16]) -> Board {
    Board {
        rows: 4,
        cols: 4,
        tiles: cells
            .iter()
            .rev()
            .map(|&t| if t == 0 { 0 } else { 16 - t })
            .collect(),
    }
}

/// The 100 instances, in Korf's order.
pub fn instances() -> Vec<Instance> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let numbers: Vec<u64> = line
                .split_whitespace()
                .map(|x| x.parse().expect("data/korf100.txt holds numbers"))
                .collect();
            let mut cells = [0u8; 16];
            for (c, &x) in cells.iter_mut().zip(&numbers[3..]) {
                *c = x as u8;
            }
            Instance {
                number: numbers[0] as u32,
                length: numbers[1] as u32,
                korf_nodes: numbers[2],
                board: from_korf(&cells),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_100_solvable_boards_of_the_published_lengths() {
        let all = instances();
        assert_eq!(all.len(), 100);
        assert!(
            all.iter()
                .enumerate()
                .all(|(i, x)| x.number == i as u32 + 1)
        );
        for x in &all {
            let mut sorted = x.board.tiles.clone();
            sorted.sort_unstable();
            assert_eq!(
                sorted,
                (0..16).collect::<Vec<u8>>(),
                "instance {}",
                x.number
            );
            assert!(x.board.is_solvable(), "instance {}", x.number);
            // A lower bound never exceeds the published optimum, and parity agrees.
            let h = crate::heuristic::linear_conflicts(&x.board);
            assert!(
                h <= x.length && (x.length - h).is_multiple_of(2),
                "instance {}",
                x.number
            );
        }
        let lengths: u32 = all.iter().map(|x| x.length).sum();
        // Korf (1985): the mean optimal length is 53.05.
        assert_eq!(lengths, 5305);
    }
}
