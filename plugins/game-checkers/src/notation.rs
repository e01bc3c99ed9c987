//! PDN notation: moves (`11-15`, `22x15`, `22x15x6`) and positions (FEN,
//! `B:W21,22,K30:B1,2,3`), after the Portable Draughts Notation standard
//! (<https://www.wcdf.net/pdn.htm>; summary at
//! <https://en.wikipedia.org/wiki/Portable_Draughts_Notation>). PDN's `B` ("Black") is the
//! seed's red side.

use tritium_plugin_api::PluginError;

use crate::board::Board;
use crate::color::Color;
use crate::moves::{Move, legal_moves};
use crate::piece::{Kind, Piece};

/// A move in PDN: `from-to` for a step, `fromxlandingx…` with every landing square for a
/// capture. Squares are PDN numbers (1-based).
pub fn move_text(mv: &Move) -> String {
    if mv.is_capture() {
        let mut text = (mv.from + 1).to_string();
        for s in mv.path() {
            text.push('x');
            text.push_str(&(s + 1).to_string());
        }
        text
    } else {
        format!("{}-{}", mv.from + 1, mv.to + 1)
    }
}

/// The legal move of `board` that `text` names. A capture may be written with its start and
/// end only (`22x8`) when that names exactly one legal capture.
///
/// # Errors
/// [`PluginError::IllegalAction`] naming `text` when no legal move (or more than one) matches,
/// with the legal moves listed.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, PluginError> {
    let wanted = text.trim();
    let moves = legal_moves(board);
    if let Some(mv) = moves.iter().find(|m| move_text(m) == wanted) {
        return Ok(mv.clone());
    }
    // `22x8`: start and end of a capture, if unambiguous.
    let short: Vec<&Move> = moves
        .iter()
        .filter(|m| m.is_capture() && format!("{}x{}", m.from + 1, m.to + 1) == wanted)
        .collect();
    if let [mv] = short.as_slice() {
        return Ok((*mv).clone());
    }
    let legal: Vec<String> = moves.iter().map(move_text).collect();
    let reason = if legal.is_empty() {
        "the game is over: no legal move".to_owned()
    } else if moves.iter().any(Move::is_capture) {
        format!(
            "not a legal move; a capture is mandatory: {}",
            legal.join(", ")
        )
    } else {
        format!("not a legal move; legal: {}", legal.join(", "))
    };
    Err(PluginError::illegal(wanted, reason))
}

/// The FEN of `board`: side to move, then white's squares, then red's (PDN's `B`), kings
/// prefixed by `K`, in increasing square order: `B:W21,22,K30:B1,2,3`.
pub fn fen(board: &Board) -> String {
    let list = |color: Color| -> String {
        let side = board.side(color);
        (0..board.geometry().squares)
            .filter(|&s| side & (1u128 << s) != 0)
            .map(|s| {
                let king = if board.kings & (1u128 << s) != 0 {
                    "K"
                } else {
                    ""
                };
                format!("{king}{}", s + 1)
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}:W{}:B{}",
        board.turn.pdn(),
        list(Color::White),
        list(Color::Red)
    )
}

fn bad(item: &str, reason: impl Into<String>) -> PluginError {
    PluginError::bad_parameter(item, reason)
}

/// The board a FEN describes on a `width × height` board: `B` or `W` to move, then one field
/// per side (`W…` and `B…`, either order), each a comma-separated list of squares, `K` before
/// a king, ranges `1-12` allowed (`B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29`). A final
/// `.` is ignored.
///
/// # Errors
/// [`PluginError::BadParameter`] naming the offending item: a missing or unknown side, a
/// square that is not on the board, a square given twice, an unknown field.
pub fn parse_fen(text: &str, width: u8, height: u8) -> Result<Board, PluginError> {
    let trimmed = text.trim().trim_end_matches('.');
    let mut fields = trimmed.split(':');
    let turn = match fields.next().map(str::trim) {
        Some("B") => Color::Red,
        Some("W") => Color::White,
        other => {
            return Err(bad(
                other.unwrap_or(""),
                "a FEN starts with the side to move, `B` (red) or `W` (white), e.g. B:W21,22:B1,2",
            ));
        }
    };
    let mut board = Board::empty(width, height, turn);
    let squares = board.geometry().squares;
    let mut seen = [false; 2];
    for field in fields {
        let field = field.trim();
        let (color, list) = match field.split_at_checked(1) {
            Some(("W", rest)) => (Color::White, rest),
            Some(("B", rest)) => (Color::Red, rest),
            _ => return Err(bad(field, "a side's field starts with `W` or `B`")),
        };
        let index = usize::from(color == Color::White);
        if seen[index] {
            return Err(bad(field, "this side is listed twice"));
        }
        seen[index] = true;
        for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (kind, rest) = match item.strip_prefix('K') {
                Some(rest) => (Kind::King, rest),
                None => (Kind::Man, item),
            };
            let number = |t: &str| -> Result<u8, PluginError> {
                t.trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=squares).contains(n))
                    .ok_or_else(|| {
                        bad(
                            item,
                            format!(
                                "a square is a number from 1 to {squares} on the {width}×{height} \
                                 board of the rules (a FEN holds no board size: give the rules \
                                 of the position's board)"
                            ),
                        )
                    })
            };
            let (low, high) = if let Some((a, b)) = rest.split_once('-') {
                (number(a)?, number(b)?)
            } else {
                let n = number(rest)?;
                (n, n)
            };
            if low > high {
                return Err(bad(
                    item,
                    "a range runs from the smaller square to the larger",
                ));
            }
            for n in low..=high {
                if board.piece_at(n - 1).is_some() {
                    return Err(bad(item, format!("square {n} is given twice")));
                }
                board.put(n - 1, Some(Piece { color, kind }));
            }
        }
    }
    if seen != [true, true] {
        return Err(bad(
            trimmed,
            "a FEN lists both sides, e.g. B:W21,22,K30:B1,2,3",
        ));
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::apply;

    #[test]
    fn fen_round_trips() {
        let initial = Board::initial(8, 8);
        assert_eq!(
            fen(&initial),
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
        assert_eq!(parse_fen("B:W21-32:B1-12", 8, 8), Ok(initial));
        let text = "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
        let board = parse_fen(text, 8, 8).expect("valid");
        assert_eq!(board.turn, Color::White);
        assert_eq!(fen(&board), "W:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29");
        assert_eq!(parse_fen(&fen(&board), 8, 8), Ok(board));
    }

    #[test]
    fn bad_fens_name_the_item() {
        for (text, item) in [
            ("X:W21:B1", "X"),
            ("B:W21,33:B1", "33"),
            ("B:W21,x:B1", "x"),
            ("B:W21:B21", "21"),
            ("B:W21", "B:W21"),
            ("B:W21:W22", "W22"),
            ("B:W21:Q1", "Q1"),
        ] {
            match parse_fen(text, 8, 8) {
                Err(PluginError::BadParameter { name, .. }) => assert_eq!(name, item, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn moves_read_and_print_in_pdn() {
        let b = Board::initial(8, 8);
        let mv = parse_move(&b, "11-15").expect("an opening");
        assert_eq!(move_text(&mv), "11-15");
        assert!(matches!(
            parse_move(&b, "11-14"),
            Err(PluginError::IllegalAction { .. })
        ));
        // A double jump: a red man on 9 takes the white men on 14 and 23.
        let jump = parse_fen("B:W14,23:B9", 8, 8).expect("valid");
        let moves = legal_moves(&jump);
        let texts: Vec<String> = moves.iter().map(move_text).collect();
        assert_eq!(texts, ["9x18x27"]);
        assert_eq!(parse_move(&jump, "9x27"), Ok(moves[0].clone()));
        let after = apply(&jump, &moves[0]);
        assert_eq!(fen(&after), "W:W:B27");
        let err = parse_move(&jump, "9-13").expect_err("a capture is mandatory");
        assert!(err.to_string().contains("capture is mandatory"), "{err}");
    }
}
