//! Differential perft: the engine against a deliberately plain reference written straight
//! from the rules (a W×H array of squares, moves found by walking the diagonals, captured
//! pieces kept on the board until the move ends), on positions with kings, multi-jumps,
//! crowning in the middle of a capture, and other board sizes.

// The reference is written the plain way on purpose: signed coordinates, short names, and
// `Option<Option<_>>` for "off the board / empty / a piece".
#![allow(
    clippy::cast_sign_loss,
    clippy::many_single_char_names,
    clippy::option_option
)]

use game_checkers::board::Board;
use game_checkers::color::Color;
use game_checkers::moves::perft;
use game_checkers::notation::parse_fen;
use game_checkers::piece::Kind;

#[derive(Clone, Copy, PartialEq)]
struct P {
    red: bool,
    king: bool,
}

#[derive(Clone)]
struct Ref {
    w: i32,
    h: i32,
    cells: Vec<Option<P>>,
    red_to_move: bool,
}

impl Ref {
    fn from(board: &Board) -> Ref {
        let g = board.geometry();
        let (w, h) = (i32::from(g.width), i32::from(g.height));
        let mut cells = vec![None; (w * h) as usize];
        for s in 0..g.squares {
            if let Some(p) = board.piece_at(s) {
                let (x, y) = g.coords[usize::from(s)];
                cells[(i32::from(y) * w + i32::from(x)) as usize] = Some(P {
                    red: p.color == Color::Red,
                    king: p.kind == Kind::King,
                });
            }
        }
        Ref {
            w,
            h,
            cells,
            red_to_move: board.turn == Color::Red,
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<Option<P>> {
        (x >= 0 && y >= 0 && x < self.w && y < self.h)
            .then(|| self.cells[(y * self.w + x) as usize])
    }

    fn set(&mut self, x: i32, y: i32, p: Option<P>) {
        self.cells[(y * self.w + x) as usize] = p;
    }

    fn dys(p: P) -> Vec<i32> {
        if p.king {
            vec![1, -1]
        } else if p.red {
            vec![1]
        } else {
            vec![-1]
        }
    }

    /// Every position after one legal move.
    fn children(&self) -> Vec<Ref> {
        let mut captures = Vec::new();
        let mut steps = Vec::new();
        for y in 0..self.h {
            for x in 0..self.w {
                let Some(Some(p)) = self.at(x, y) else {
                    continue;
                };
                if p.red != self.red_to_move {
                    continue;
                }
                let mut start = self.clone();
                start.set(x, y, None);
                self.jumps(&start, p, x, y, &mut Vec::new(), false, &mut captures);
                for dy in Self::dys(p) {
                    for dx in [1, -1] {
                        if self.at(x + dx, y + dy) == Some(None) {
                            let mut b = start.clone();
                            let crowned = !p.king && (y + dy == if p.red { self.h - 1 } else { 0 });
                            b.set(
                                x + dx,
                                y + dy,
                                Some(P {
                                    king: p.king || crowned,
                                    ..p
                                }),
                            );
                            b.red_to_move = !self.red_to_move;
                            steps.push(b);
                        }
                    }
                }
            }
        }
        if captures.is_empty() { steps } else { captures }
    }

    /// Extends a capture from (x, y); `taken` holds the jumped squares (still on the board).
    #[allow(clippy::too_many_arguments)]
    fn jumps(
        &self,
        start: &Ref,
        p: P,
        x: i32,
        y: i32,
        taken: &mut Vec<(i32, i32)>,
        _any: bool,
        out: &mut Vec<Ref>,
    ) {
        let mut extended = false;
        for dy in Self::dys(p) {
            for dx in [1, -1] {
                let (ox, oy, lx, ly) = (x + dx, y + dy, x + 2 * dx, y + 2 * dy);
                let over = self.at(ox, oy);
                let Some(Some(q)) = over else { continue };
                if q.red == p.red || taken.contains(&(ox, oy)) {
                    continue;
                }
                // Landing: empty in the start position (the mover's origin is empty there).
                if start.at(lx, ly) != Some(None) {
                    continue;
                }
                extended = true;
                taken.push((ox, oy));
                let crowned = !p.king && (ly == if p.red { self.h - 1 } else { 0 });
                if crowned {
                    out.push(self.finish(start, P { king: true, ..p }, lx, ly, taken));
                } else {
                    self.jumps(start, p, lx, ly, taken, true, out);
                }
                taken.pop();
            }
        }
        if !extended && !taken.is_empty() {
            out.push(self.finish(start, p, x, y, taken));
        }
    }

    fn finish(&self, start: &Ref, p: P, x: i32, y: i32, taken: &[(i32, i32)]) -> Ref {
        let mut b = start.clone();
        for &(tx, ty) in taken {
            b.set(tx, ty, None);
        }
        b.set(x, y, Some(p));
        b.red_to_move = !self.red_to_move;
        b
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|c| c.perft(depth - 1)).sum()
    }
}

#[test]
fn the_engine_agrees_with_the_reference() {
    let cases: [(&str, u8, u8, u32); 9] = [
        // The start, as a sanity check of the reference itself (Bik: 7361 at depth 5).
        ("B:W21-32:B1-12", 8, 8, 5),
        // Kings of both sides in the open.
        ("W:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29", 8, 8, 5),
        // A red man that crowns by capturing (22x31) and must stop, though a king on 31
        // could jump on over 27.
        ("B:W26,27,19,12,K32:B22,15,K5", 8, 8, 5),
        // A king with a cycle of captures around it.
        ("B:W6,7,14,15,22,23:BK1", 8, 8, 4),
        // Many multi-jumps for white.
        ("W:W30,31,32,K28:B6,7,8,14,15,16,22,23,24", 8, 8, 5),
        // Crowded middle game.
        (
            "B:W13,17,18,21,22,25,26,29,30,31:B1,2,5,6,9,10,11,14",
            8,
            8,
            6,
        ),
        // Other sizes: the start of 6×6, 10×10 and 12×8.
        ("B:W13-18:B1-6", 6, 6, 6),
        ("B:W31-50:B1-20", 10, 10, 4),
        ("B:W25-36:B1-12", 12, 8, 4),
    ];
    for (fen, w, h, depth) in cases {
        let board = parse_fen(fen, w, h).expect(fen);
        let reference = Ref::from(&board);
        for d in 1..=depth {
            assert_eq!(
                perft(&board, d),
                reference.perft(d),
                "{fen} ({w}x{h}) depth {d}"
            );
        }
    }
    assert_eq!(Ref::from(&Board::initial(8, 8)).perft(5), 7361);
    let crowning = parse_fen("B:W26,27:B22", 8, 8).expect("valid");
    let moves: Vec<String> = game_checkers::moves::legal_moves(&crowning)
        .iter()
        .map(game_checkers::notation::move_text)
        .collect();
    assert_eq!(moves, ["22x31"], "the capture stops on the crowning row");
}

/// Positions from seeded random games (kings appear in the longer ones), 8×8 and 10×10.
#[test]
fn the_engine_agrees_with_the_reference_along_random_games() {
    use game_checkers::moves::{apply, legal_moves};
    let mut checked = 0;
    for (w, h) in [(8u8, 8u8), (10, 10)] {
        for seed in 0..40u64 {
            let mut rng = game_kit::seed::SplitMix64::new(seed);
            let mut board = Board::initial(w, h);
            let plies = 10 + seed * 3;
            for _ in 0..plies {
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                board = apply(&board, &moves[rng.below(moves.len() as u32) as usize]);
            }
            let reference = Ref::from(&board);
            for d in 1..=3 {
                assert_eq!(
                    perft(&board, d),
                    reference.perft(d),
                    "{} depth {d}",
                    game_checkers::notation::fen(&board)
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 80);
}
