//! The board of an R×C sliding-tile puzzle: tiles `1 … R·C − 1` and the blank (`0`),
//! row-major; the goal has the tiles in increasing order with the blank last (the seed's
//! goal).
//!
//! **Moves** name the way a *tile* moves into the blank: `l` moves the tile right of the
//! blank to the left (the blank goes right), `r`, `u` and `d` likewise — so an arrow key moves
//! a tile the way it points.
//!
//! **Solvability** (Johnson and Story, "Notes on the 15 puzzle", American Journal of
//! Mathematics 2(4), 1879): count the inversions among the tiles (blank ignored). With an odd
//! number of columns a board is solvable iff the inversions are even; with an even number,
//! iff the inversions plus the blank's row counted from the bottom (from 1) are odd. (The
//! seed's check is the odd-width rule only, so it rejects every even-width board.)

use serde::{Deserialize, Serialize};

/// The largest side a board may have.
pub const MAX_SIDE: u8 = 8;

/// A move: the direction a tile slides into the blank (`l` moves the tile right of the blank
/// to the left), the kit's grid move.
pub use game_kit::grid::Move;

/// A board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Rows (2..=8).
    pub rows: u8,
    /// Columns (2..=8).
    pub cols: u8,
    /// `rows · cols` tiles, row-major, `0` the blank.
    pub tiles: Vec<u8>,
}

impl Board {
    /// The goal: `1 … n − 1` then the blank.
    pub fn goal(rows: u8, cols: u8) -> Board {
        let n = usize::from(rows) * usize::from(cols);
        let tiles = (1..n).map(|t| t as u8).chain(std::iter::once(0)).collect();
        Board { rows, cols, tiles }
    }

    /// Whether this is the goal.
    pub fn is_goal(&self) -> bool {
        let n = self.tiles.len();
        self.tiles[..n - 1]
            .iter()
            .enumerate()
            .all(|(i, &t)| usize::from(t) == i + 1)
    }

    /// The blank's index.
    pub fn blank(&self) -> usize {
        self.tiles.iter().position(|&t| t == 0).unwrap_or(0)
    }

    /// The index of the tile that `dir` moves, if there is one.
    pub fn tile_for(&self, dir: Move) -> Option<usize> {
        let cols = usize::from(self.cols);
        let b = self.blank();
        let (r, c) = (b / cols, b % cols);
        let (tr, tc) = match dir {
            Move::Left => (Some(r), c.checked_add(1).filter(|&c| c < cols)),
            Move::Right => (Some(r), c.checked_sub(1)),
            Move::Up => (
                r.checked_add(1).filter(|&r| r < usize::from(self.rows)),
                Some(c),
            ),
            Move::Down => (r.checked_sub(1), Some(c)),
        };
        Some(tr? * cols + tc?)
    }

    /// The legal moves, in `l r u d` order.
    pub fn moves(&self) -> Vec<Move> {
        Move::ALL
            .into_iter()
            .filter(|&d| self.tile_for(d).is_some())
            .collect()
    }

    /// Plays `dir`; `false` (and nothing changes) when no tile can move that way.
    pub fn play(&mut self, dir: Move) -> bool {
        let Some(t) = self.tile_for(dir) else {
            return false;
        };
        let b = self.blank();
        self.tiles.swap(b, t);
        true
    }

    /// The number of inversions among the tiles (the blank ignored).
    pub fn inversions(&self) -> usize {
        let tiles: Vec<u8> = self.tiles.iter().copied().filter(|&t| t != 0).collect();
        let mut count = 0;
        for i in 0..tiles.len() {
            for j in i + 1..tiles.len() {
                count += usize::from(tiles[i] > tiles[j]);
            }
        }
        count
    }

    /// Whether the goal can be reached (see the module documentation).
    pub fn is_solvable(&self) -> bool {
        let inversions = self.inversions();
        if self.cols % 2 == 1 {
            inversions.is_multiple_of(2)
        } else {
            let row_from_bottom = usize::from(self.rows) - self.blank() / usize::from(self.cols);
            (inversions + row_from_bottom) % 2 == 1
        }
    }

    /// A uniformly random solvable board from `seed`: a uniformly random arrangement, and if it
    /// is unsolvable, the same with its first two tiles swapped (a bijection between the two
    /// halves, so every solvable board is equally likely).
    pub fn random(rows: u8, cols: u8, seed: u64) -> Board {
        let mut rng = game_kit::seed::SplitMix64::new(seed);
        let mut board = Board::goal(rows, cols);
        for i in (1..board.tiles.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            board.tiles.swap(i, j);
        }
        if !board.is_solvable() {
            let (a, b) = {
                let mut tiles = board
                    .tiles
                    .iter()
                    .enumerate()
                    .filter(|&(_, &t)| t != 0)
                    .map(|(i, _)| i);
                (tiles.next().unwrap_or(0), tiles.next().unwrap_or(1))
            };
            board.tiles.swap(a, b);
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashSet, VecDeque};

    /// Every board reachable from the goal, by breadth-first search.
    fn reachable(rows: u8, cols: u8) -> HashSet<Vec<u8>> {
        let goal = Board::goal(rows, cols);
        let mut seen = HashSet::from([goal.tiles.clone()]);
        let mut queue = VecDeque::from([goal]);
        while let Some(b) = queue.pop_front() {
            for d in b.moves() {
                let mut next = b.clone();
                next.play(d);
                if seen.insert(next.tiles.clone()) {
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    /// Heap's algorithm: every permutation of `items[..k]`.
    fn heap(k: usize, items: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if k == 1 {
            out.push(items.clone());
            return;
        }
        heap(k - 1, items, out);
        for i in 0..k - 1 {
            if k.is_multiple_of(2) {
                items.swap(i, k - 1);
            } else {
                items.swap(0, k - 1);
            }
            heap(k - 1, items, out);
        }
    }

    fn permutations(n: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut items: Vec<u8> = (0..n as u8).collect();
        heap(n, &mut items, &mut out);
        out
    }

    #[test]
    fn the_solvability_rule_matches_a_search_of_every_small_board() {
        for (rows, cols) in [(2u8, 2u8), (2, 3), (3, 2), (3, 3)] {
            let reach = reachable(rows, cols);
            let all = permutations(usize::from(rows) * usize::from(cols));
            assert_eq!(reach.len() * 2, all.len(), "{rows}x{cols}: half the boards");
            for tiles in all {
                let b = Board { rows, cols, tiles };
                assert_eq!(
                    b.is_solvable(),
                    reach.contains(&b.tiles),
                    "{rows}x{cols} {:?}",
                    b.tiles
                );
            }
        }
        // 181,440 = 9!/2 boards of the 8-puzzle are solvable.
        assert_eq!(reachable(3, 3).len(), 181_440);
    }

    #[test]
    fn moves_follow_the_arrows() {
        // Blank in the middle of 1 2 3/4 0 5/6 7 8: `l` brings 5 left into the blank.
        let mut b = Board {
            rows: 3,
            cols: 3,
            tiles: vec![1, 2, 3, 4, 0, 5, 6, 7, 8],
        };
        assert!(b.play(Move::Left));
        assert_eq!(b.tiles, [1, 2, 3, 4, 5, 0, 6, 7, 8]);
        assert!(
            !b.play(Move::Left),
            "no tile right of the blank on the edge"
        );
        assert!(b.play(Move::Down));
        assert_eq!(b.tiles, [1, 2, 0, 4, 5, 3, 6, 7, 8]);
        assert_eq!(Board::goal(3, 3).moves(), [Move::Right, Move::Down]);
    }

    #[test]
    fn random_boards_are_solvable_and_seeded() {
        for seed in 0..200 {
            for (r, c) in [(3, 3), (4, 4), (2, 5), (5, 4)] {
                let b = Board::random(r, c, seed);
                assert!(b.is_solvable());
                assert_eq!(b, Board::random(r, c, seed));
            }
        }
        assert_ne!(Board::random(4, 4, 1), Board::random(4, 4, 2));
    }
}
