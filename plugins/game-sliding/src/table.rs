//! The complete distance table of the 8-puzzle: every one of the 181,440 solvable boards
//! with its optimal distance to the goal (0 to 31), by one breadth-first search from the goal,
//! so that hints and the live optimal distance are instant. The two hardest boards need 31
//! moves (Reinefeld, "Complete solution of the eight-puzzle and the benefit of node ordering
//! in IDA*", IJCAI 1993).

use std::collections::VecDeque;
use std::sync::LazyLock;

use crate::board::Board;

/// 9! arrangements, indexed by their rank.
const SIZE: usize = 362_880;

/// The rank of a permutation of `0..9` (Lehmer code), `0 .. 9!`.
pub fn rank(tiles: &[u8]) -> usize {
    let mut r = 0;
    for i in 0..tiles.len() {
        let smaller = tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count();
        r = r * (tiles.len() - i) + smaller;
    }
    r
}

static TABLE: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let mut dist = vec![u8::MAX; SIZE];
    let goal = Board::goal(3, 3);
    dist[rank(&goal.tiles)] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(b) = queue.pop_front() {
        let d = dist[rank(&b.tiles)];
        for m in b.moves() {
            let mut next = b.clone();
            next.play(m);
            let r = rank(&next.tiles);
            if dist[r] == u8::MAX {
                dist[r] = d + 1;
                queue.push_back(next);
            }
        }
    }
    dist
});

/// The optimal distance of a 3×3 board (`None` for other sizes or an unsolvable board).
pub fn distance(b: &Board) -> Option<u32> {
    if (b.rows, b.cols) != (3, 3) {
        return None;
    }
    let d = TABLE[rank(&b.tiles)];
    (d != u8::MAX).then_some(u32::from(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_every_solvable_board_and_the_hardest_need_31() {
        let reached = TABLE.iter().filter(|&&d| d != u8::MAX).count();
        assert_eq!(reached, 181_440);
        assert_eq!(TABLE.iter().filter(|&&d| d != u8::MAX).max(), Some(&31));
        // Reinefeld's two 31-move boards.
        for tiles in [
            vec![8, 6, 7, 2, 5, 4, 3, 0, 1],
            vec![6, 4, 7, 8, 5, 0, 3, 2, 1],
        ] {
            assert_eq!(
                distance(&Board {
                    rows: 3,
                    cols: 3,
                    tiles
                }),
                Some(31)
            );
        }
        assert_eq!(distance(&Board::goal(3, 3)), Some(0));
        assert_eq!(distance(&Board::goal(4, 4)), None);
    }
}
