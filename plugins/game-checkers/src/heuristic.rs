//! Evaluations of a position, from the side to move's point of view (the seed's
//! `heuristic` module).
//!
//! - [`material`]: the seed's heuristic — own pieces minus the opponent's, men and kings
//!   alike (its `count_pieces` over both kinds).
//! - [`evaluate`]: ours, in hundredths of a man:
//!
//! | term | weight |
//! |---|---|
//! | a man | 100 |
//! | a king | 150 (a king is worth about one and a half men in American checkers) |
//! | advancement of a man | +3 per row from its own back row |
//! | back-row guard | +12 per man still on its own back row (stops crowning) |
//! | centre | +5 per piece on the middle half of the columns and rows |
//! | mobility | +2 per diagonal step a piece could take to an empty square |
//! | side to move | +3 (the tempo) |

use crate::board::Board;
use crate::color::Color;

/// A man's value.
pub const MAN: i32 = 100;
/// A king's value.
pub const KING: i32 = 150;
/// Per row a man has advanced.
pub const ADVANCE: i32 = 3;
/// Per man on its own back row.
pub const BACK_ROW: i32 = 12;
/// Per piece in the centre.
pub const CENTRE: i32 = 5;
/// For the side to move.
pub const TEMPO: i32 = 3;
/// Per step to an empty square.
pub const MOBILITY: i32 = 2;

/// The seed's material count: the side to move's pieces minus the opponent's.
pub fn material(board: &Board) -> i32 {
    let own = board.side(board.turn).count_ones().cast_signed();
    let other = board.side(board.turn.opponent()).count_ones().cast_signed();
    own - other
}

fn side_score(board: &Board, color: Color) -> i32 {
    let geo = board.geometry();
    let side = board.side(color);
    let kings = side & board.kings;
    let men = side & !board.kings;
    let empty = geo.all & !board.occupied();
    let mut score = MAN * men.count_ones().cast_signed() + KING * kings.count_ones().cast_signed();
    let (width, height) = (i32::from(geo.width), i32::from(geo.height));
    let mut rest = side;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (x, y) = (i32::from(geo.coords[s].0), i32::from(geo.coords[s].1));
        if men & (1 << s) != 0 {
            let advanced = match color {
                Color::Red => y,
                Color::White => height - 1 - y,
            };
            score += ADVANCE * advanced;
            if advanced == 0 {
                score += BACK_ROW;
            }
        }
        if x >= width / 4 && x < width - width / 4 && y >= height / 4 && y < height - height / 4 {
            score += CENTRE;
        }
        let dirs: &[usize] = if kings & (1 << s) != 0 {
            &[0, 1, 2, 3]
        } else if color == Color::Red {
            &[0, 1]
        } else {
            &[2, 3]
        };
        let steps = &geo.step_bits[s];
        let free = dirs.iter().filter(|&&d| empty & steps[d] != 0).count();
        score += MOBILITY * i32::try_from(free).unwrap_or(0);
    }
    score
}

/// Our evaluation (see the module table), from the side to move's point of view.
pub fn evaluate(board: &Board) -> i32 {
    TEMPO + side_score(board, board.turn) - side_score(board, board.turn.opponent())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;

    #[test]
    fn material_and_evaluation_see_the_extra_piece() {
        let b = Board::initial(8, 8);
        assert_eq!(material(&b), 0);
        assert_eq!(evaluate(&b), TEMPO);
        let up = parse_fen("B:W21,22:B1,2,3", 8, 8).expect("valid");
        assert_eq!(material(&up), 1);
        assert!(evaluate(&up) > MAN / 2);
        let king = parse_fen("B:W21:BK1", 8, 8).expect("valid");
        let man = parse_fen("B:W21:B1", 8, 8).expect("valid");
        assert!(evaluate(&king) > evaluate(&man));
        // Every term by hand: a red king on 1 (two free steps) against a white man on 32
        // (back row, two free steps): 3 + (150 + 2·2) − (100 + 12 + 2·2) = 41.
        let exact = parse_fen("B:W32:BK1", 8, 8).expect("valid");
        assert_eq!(
            evaluate(&exact),
            TEMPO + (KING + 2 * MOBILITY) - (MAN + BACK_ROW + 2 * MOBILITY)
        );
        assert_eq!(evaluate(&exact), 41);
    }
}
