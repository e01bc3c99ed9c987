//! Legal moves (the seed's `moves` module), making them, and `perft`.
//!
//! Rules of American checkers / English draughts (WCDF rules, <https://www.wcdf.net/rules.htm>;
//! summarised in <https://en.wikipedia.org/wiki/English_draughts>):
//!
//! - men step one square diagonally forward, kings one square diagonally either way;
//! - **captures are mandatory**: when any capture exists, only captures are legal (any of
//!   them — not necessarily the longest);
//! - a capture jumps an adjacent opponent piece onto the empty square beyond, and continues
//!   while the same piece can capture again: a multi-jump is one move, and it must be
//!   completed; a piece cannot be jumped twice, and jumped pieces leave the board when the
//!   move ends;
//! - a man reaching the far row is crowned and its move ends there, even if it could jump on.
//!
//! Two capture sequences that take the same pieces by different paths are different moves
//! (as in Aart Bik's perft tables, which "do not eliminate duplicate captures").

use crate::board::Board;
use crate::color::Color;
use crate::position::{Geometry, NONE};

/// One move: the piece's square, where it ends, the squares of the pieces it captures, and
/// for a multi-jump every landing square in order (allocated only then: steps and single
/// jumps, nearly all moves, stay on the stack).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece starts.
    pub from: u8,
    /// Where it ends.
    pub to: u8,
    /// The captured pieces' squares (empty for a step).
    pub captured: u128,
    /// A multi-jump's landing squares in order, the last one `to`; `None` for one landing.
    pub jumps: Option<Box<[u8]>>,
}

impl Move {
    /// A step or a single jump.
    pub fn simple(from: u8, to: u8, captured: u128) -> Move {
        Move {
            from,
            to,
            captured,
            jumps: None,
        }
    }

    /// Every square the piece lands on, in order.
    pub fn path(&self) -> &[u8] {
        self.jumps
            .as_deref()
            .unwrap_or(std::slice::from_ref(&self.to))
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }
}

/// The directions a piece may move in: a king all four, a red man 0 and 1, a white man 2
/// and 3.
#[inline]
fn directions(king: bool, color: Color) -> &'static [usize] {
    match (king, color) {
        (true, _) => &[0, 1, 2, 3],
        (false, Color::Red) => &[0, 1],
        (false, Color::White) => &[2, 3],
    }
}

/// Iterates the set bits of a `u128`, lowest first.
#[inline]
fn squares(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let s = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(s)
    })
}

struct Jumps<'a> {
    g: &'a Geometry,
    color: Color,
    opponents: u128,
    /// Occupied squares without the moving piece's origin.
    blocked: u128,
    crown: u128,
    from: u8,
    path: Vec<u8>,
}

impl Jumps<'_> {
    /// Extends the capture sequence ending on `at`; pushes every complete sequence.
    fn extend(&mut self, at: u8, king: bool, captured: u128, out: &mut Vec<Move>) {
        let mut extended = false;
        for &d in directions(king, self.color) {
            let over = self.g.step[usize::from(at)][d];
            let land = self.g.jump[usize::from(at)][d];
            if land == NONE {
                continue;
            }
            let over_bit = 1u128 << over;
            let land_bit = 1u128 << land;
            if self.opponents & over_bit == 0
                || captured & over_bit != 0
                || self.blocked & land_bit != 0
            {
                continue;
            }
            extended = true;
            self.path.push(land);
            let taken = captured | over_bit;
            if !king && self.crown & land_bit != 0 {
                // Crowned: the move ends here.
                out.push(self.finish(taken));
            } else {
                self.extend(land, king, taken, out);
            }
            self.path.pop();
        }
        if !extended && captured != 0 {
            out.push(self.finish(captured));
        }
    }

    fn finish(&self, captured: u128) -> Move {
        let to = self.path.last().copied().unwrap_or(self.from);
        Move {
            from: self.from,
            to,
            captured,
            jumps: (self.path.len() > 1).then(|| self.path.clone().into_boxed_slice()),
        }
    }
}

/// Appends the legal moves of `board` to `out` (after clearing it): the captures if there are
/// any, else the steps. Squares in increasing order, directions 0..4.
pub fn generate(board: &Board, out: &mut Vec<Move>) {
    out.clear();
    let g = board.geometry();
    let color = board.turn;
    let own = board.side(color);
    let opponents = board.side(color.opponent());
    let occupied = own | opponents;
    let empty = g.all & !occupied;
    let crown = g.crown[usize::from(color == Color::White)];
    let men_dirs = directions(false, color);
    let dirs_of = |from: u8| {
        if board.kings & (1 << from) != 0 {
            &[0, 1, 2, 3][..]
        } else {
            men_dirs
        }
    };
    let capturers = squares(own)
        .filter(|&from| {
            let (step, jump) = (
                &g.step_bits[usize::from(from)],
                &g.jump_bits[usize::from(from)],
            );
            dirs_of(from)
                .iter()
                .any(|&d| opponents & step[d] != 0 && empty & jump[d] != 0)
        })
        .fold(0u128, |set, from| set | (1 << from));
    if capturers != 0 {
        for from in squares(capturers) {
            let king = board.kings & (1 << from) != 0;
            let mut jumps = Jumps {
                g,
                color,
                opponents,
                blocked: occupied & !(1u128 << from),
                crown,
                from,
                path: Vec::new(),
            };
            jumps.extend(from, king, 0, out);
        }
        return;
    }
    for from in squares(own) {
        let step = &g.step_bits[usize::from(from)];
        for &d in dirs_of(from) {
            if empty & step[d] != 0 {
                out.push(Move::simple(from, g.step[usize::from(from)][d], 0));
            }
        }
    }
}

/// The legal moves of `board`.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    generate(board, &mut out);
    out
}

/// `board` after `mv` (which must be legal): the piece moves, captured pieces leave, a man
/// on the far row is crowned, and the other side is to move.
#[must_use]
pub fn apply(board: &Board, mv: &Move) -> Board {
    let g = board.geometry();
    let mut b = *board;
    let from = 1u128 << mv.from;
    let to_sq = mv.to;
    let to = 1u128 << to_sq;
    let was_king = b.kings & from != 0;
    let crown = g.crown[usize::from(board.turn == Color::White)];
    match board.turn {
        Color::Red => {
            b.red = (b.red & !from) | to;
            b.white &= !mv.captured;
        }
        Color::White => {
            b.white = (b.white & !from) | to;
            b.red &= !mv.captured;
        }
    }
    b.kings &= !(from | mv.captured);
    if was_king || crown & to != 0 {
        b.kings |= to;
    }
    b.turn = board.turn.opponent();
    b
}

/// Whether `mv` moves a man (an irreversible move, like a capture, for the draw rule).
pub fn moves_a_man(board: &Board, mv: &Move) -> bool {
    board.kings & (1u128 << mv.from) == 0
}

/// The number of leaf positions `depth` plies below `board` (the legal-move tree; `perft(0)`
/// is 1). The last ply is counted, not played ("bulk counting").
pub fn perft(board: &Board, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(32)).collect();
    perft_with(board, depth, &mut buffers)
}

fn perft_with(board: &Board, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_moves(board);
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    generate(board, moves);
    let mut total = 0;
    for mv in moves.iter() {
        total += perft_with(&apply(board, mv), depth - 1, rest);
    }
    total
}

/// The number of legal moves of `board`, counted without building them (perft's last ply).
pub fn count_moves(board: &Board) -> u64 {
    if board.width == 8
        && board.height == 8
        && let Some(n) = bitboard::count_quiet(board)
    {
        return n;
    }
    let g = board.geometry();
    let color = board.turn;
    let own = board.side(color);
    let opponents = board.side(color.opponent());
    let empty = g.all & !(own | opponents);
    let crown = g.crown[usize::from(color == Color::White)];
    let men_dirs = directions(false, color);
    // One pass: steps counted, and the pieces that can capture found (a cheap test per
    // direction); capture sequences are then counted for those pieces only.
    let mut steps = 0;
    let mut capturers = 0u128;
    for from in squares(own) {
        let dirs = if board.kings & (1 << from) != 0 {
            &[0, 1, 2, 3][..]
        } else {
            men_dirs
        };
        let (step, jump) = (
            &g.step_bits[usize::from(from)],
            &g.jump_bits[usize::from(from)],
        );
        for &d in dirs {
            steps += u64::from(empty & step[d] != 0);
            if opponents & step[d] != 0 && empty & jump[d] != 0 {
                capturers |= 1 << from;
            }
        }
    }
    if capturers == 0 {
        return steps;
    }
    let mut sequences = 0;
    for from in squares(capturers) {
        let king = board.kings & (1 << from) != 0;
        // The moving piece's own square is free to land on again.
        let landable = empty | (1u128 << from);
        sequences += count_jumps(g, color, opponents, landable, crown, from, king, 0);
    }
    sequences
}

/// The number of complete capture sequences from `at` (see `Jumps::extend`): `landable` are
/// the empty squares (the piece's origin included).
#[allow(clippy::too_many_arguments)]
fn count_jumps(
    g: &Geometry,
    color: Color,
    opponents: u128,
    landable: u128,
    crown: u128,
    at: u8,
    king: bool,
    captured: u128,
) -> u64 {
    let mut total = 0;
    let mut extended = false;
    let (step, jump) = (&g.step_bits[usize::from(at)], &g.jump_bits[usize::from(at)]);
    for &d in directions(king, color) {
        let (over_bit, land_bit) = (step[d], jump[d]);
        if opponents & !captured & over_bit == 0 || landable & land_bit == 0 {
            continue;
        }
        extended = true;
        total += if !king && crown & land_bit != 0 {
            1
        } else {
            let land = g.jump[usize::from(at)][d];
            count_jumps(
                g,
                color,
                opponents,
                landable,
                crown,
                land,
                king,
                captured | over_bit,
            )
        };
    }
    if !extended && captured != 0 {
        total += 1;
    }
    total
}

/// Shift-based sets for the 8×8 board: the 32 squares in a `u32` (bit = PDN number − 1),
/// each diagonal step a shift by 3, 4 or 5 depending on the row's parity (the classic
/// checkers bitboard).
mod bitboard {
    use crate::board::Board;
    use crate::color::Color;

    /// Even rows (y = 0, 2, 4, 6): squares 1–4, 9–12, …
    const EVEN: u32 = 0x0F0F_0F0F;
    /// Odd rows.
    const ODD: u32 = 0xF0F0_F0F0;
    /// The first square of each row (largest x).
    const I0: u32 = 0x1111_1111;
    /// The last square of each row (smallest x).
    const I3: u32 = 0x8888_8888;

    /// One step in each direction of [`crate::position::DIRECTIONS`]: `(+1, +1)`,
    /// `(−1, +1)`, `(+1, −1)`, `(−1, −1)`.
    #[inline]
    pub fn step(set: u32, d: usize) -> u32 {
        match d {
            0 => ((set & EVEN) << 4) | ((set & ODD & !I0) << 3),
            1 => ((set & EVEN & !I3) << 5) | ((set & ODD) << 4),
            2 => ((set & ODD & !I0) >> 5) | ((set & EVEN) >> 4),
            _ => ((set & ODD) >> 4) | ((set & EVEN & !I3) >> 3),
        }
    }

    /// The number of legal moves when no capture exists; `None` when one does (the caller
    /// counts capture sequences).
    #[inline]
    pub fn count_quiet(board: &Board) -> Option<u64> {
        // 8×8 sets fit the low 32 bits.
        let (red, white, kings) = (board.red as u32, board.white as u32, board.kings as u32);
        let (own, opp) = match board.turn {
            Color::Red => (red, white),
            Color::White => (white, red),
        };
        let empty = !(red | white);
        let forward = if board.turn == Color::Red {
            [0, 1]
        } else {
            [2, 3]
        };
        let backward = if board.turn == Color::Red {
            [2, 3]
        } else {
            [0, 1]
        };
        let own_kings = own & kings;
        let mut steps = 0;
        for (dirs, movers) in [(forward, own), (backward, own_kings)] {
            for d in dirs {
                if step(step(movers, d) & opp, d) & empty != 0 {
                    return None;
                }
                steps += (step(movers, d) & empty).count_ones();
            }
        }
        Some(u64::from(steps))
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::position::{NONE, geometry};

        #[test]
        fn shifts_agree_with_the_step_table() {
            let g = geometry(8, 8);
            for s in 0..32usize {
                for d in 0..4 {
                    let expected = match g.step[s][d] {
                        NONE => 0,
                        t => 1u32 << t,
                    };
                    assert_eq!(step(1 << s, d), expected, "square {} direction {d}", s + 1);
                }
            }
        }
    }
}

/// `perft` of each legal move (the "divide" of perft tables), in generation order.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    legal_moves(board)
        .into_iter()
        .map(|mv| {
            let n = perft(&apply(board, &mv), depth.saturating_sub(1));
            (mv, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Aart Bik, "perft for 8x8 checkers", the `TalkChess` forum, 8 May 2009
    /// (<http://www.talkchess.com/forum3/viewtopic.php?t=27814>): depths 1–12 from the
    /// initial position.
    pub const PERFT_8X8: [u64; 12] = [
        7,
        49,
        302,
        1469,
        7361,
        36768,
        179_740,
        845_931,
        3_963_680,
        18_391_564,
        85_242_128,
        388_623_673,
    ];

    #[test]
    fn perft_from_the_initial_position_matches_the_published_values() {
        let b = Board::initial(8, 8);
        // Depths 1–9 here (the debug build); 10 and 11 in the release bench.
        for (d, &expected) in PERFT_8X8.iter().enumerate().take(9) {
            assert_eq!(perft(&b, d as u32 + 1), expected, "depth {}", d + 1);
        }
    }

    #[test]
    fn divide_at_depth_one_lists_the_seven_openings() {
        let b = Board::initial(8, 8);
        let mut openings: Vec<(u8, u8)> = legal_moves(&b)
            .iter()
            .map(|m| (m.from + 1, m.to + 1))
            .collect();
        openings.sort_unstable();
        assert_eq!(
            openings,
            [
                (9, 13),
                (9, 14),
                (10, 14),
                (10, 15),
                (11, 15),
                (11, 16),
                (12, 16)
            ]
        );
    }
}
