//! Nodes visited by the seed's minimax and by alpha-beta at the same depth and evaluation
//! (the same root values), over positions a few random plies from the start:
//! `cargo run --release -p game-checkers --example pruning`.

use game_checkers::board::Board;
use game_checkers::moves::{apply, legal_moves};
use game_checkers::search::{AlphaBetaConfig, alphabeta, minimax};
use game_kit::seed::SplitMix64;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("| depth | positions | minimax nodes | alpha-beta nodes | ratio |");
    println!("|---|---|---|---|---|");
    for depth in 1..=7 {
        let (mut m_nodes, mut a_nodes, mut positions) = (0u64, 0u64, 0);
        for seed in 0..50u64 {
            let mut rng = SplitMix64::new(seed);
            let mut b = Board::initial(8, 8);
            for _ in 0..(seed % 20) {
                let moves = legal_moves(&b);
                if moves.is_empty() {
                    break;
                }
                b = apply(&b, &moves[rng.below(moves.len() as u32) as usize]);
            }
            let m = minimax(&b, depth);
            let a = alphabeta(&b, &AlphaBetaConfig::like_minimax(depth))?;
            assert_eq!(m.value, a.value, "seed {seed}");
            m_nodes += m.nodes;
            a_nodes += a.nodes;
            positions += 1;
        }
        println!(
            "| {depth} | {positions} | {m_nodes} | {a_nodes} | {:.1} |",
            m_nodes as f64 / a_nodes as f64
        );
    }
    Ok(())
}
