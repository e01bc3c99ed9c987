//! Perft from the initial position (or a FEN), depth by depth, with timings:
//! `cargo run --release -p game-checkers --example perft -- 11 [FEN]`.

use std::time::Instant;

use game_checkers::board::Board;
use game_checkers::moves::perft;
use game_checkers::notation::parse_fen;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(Ok(9), |d| d.parse())?;
    let board = match args.next() {
        Some(fen) => parse_fen(&fen, 8, 8)?,
        None => Board::initial(8, 8),
    };
    for d in 1..=depth {
        let start = Instant::now();
        let n = perft(&board, d);
        let s = start.elapsed().as_secs_f64();
        println!(
            "perft({d:2}) = {n:>12}  {s:8.3} s  {:6.1} M leaves/s",
            n as f64 / s.max(1e-9) / 1e6
        );
    }
    Ok(())
}
