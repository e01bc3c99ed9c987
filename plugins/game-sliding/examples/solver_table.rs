//! Every solver on the same seeded boards: optimal lengths checked against the 8-puzzle
//! table, mean nodes and time per board, as a Markdown table:
//! `cargo run --release -p game-sliding --example solver_table -- [BOARDS] [SEED]`.

use std::time::Instant;

use game_sliding::board::Board;
use game_sliding::fixed;
use game_sliding::pdb::{Additive, default_partition};
use game_sliding::solve::{Heuristic, Solution, astar, ida};
use game_sliding::solvers::solve_lc;
use game_sliding::table;

/// A solver run on one board.
type Run<'a> = dyn Fn(&Board) -> Solution + 'a;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let boards: u64 = args.next().map_or(Ok(100), |a| a.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |a| a.parse())?;
    let instances: Vec<Board> = (0..boards)
        .map(|i| Board::random(3, 3, game_kit::experiment::game_seed(seed, i)))
        .collect();
    let began = Instant::now();
    let optimal: Vec<u32> = instances
        .iter()
        .map(|b| table::distance(b).unwrap_or(0))
        .collect();
    let table_seconds = began.elapsed().as_secs_f64();
    println!("| solver | boards | mean length | mean nodes | mean time |");
    println!("|---|---|---|---|---|");
    // The 4-4 databases of 3×3 (built here, in milliseconds).
    let pdb = Additive::load_or_build(3, 3, &default_partition(3, 3), None, &mut |_, _| true)?;
    let with_pdb = |b: &Board| fixed::ida(b, &pdb, u64::MAX, &|_| true).expect("solvable");
    let solvers: [(&str, &Run<'_>); 5] = [
        ("astar-misplaced", &|b| {
            astar(b, Heuristic::Misplaced, u64::MAX).expect("solvable")
        }),
        ("astar-manhattan", &|b| {
            astar(b, Heuristic::Manhattan, u64::MAX).expect("solvable")
        }),
        ("ida-manhattan-lc (any size)", &|b| {
            ida(b, u64::MAX, &|_| true).expect("solvable")
        }),
        ("ida-manhattan-lc (≤ 16 cells)", &|b| {
            solve_lc(b, u64::MAX, &|_| true).expect("solvable")
        }),
        ("ida-pdb", &with_pdb),
    ];
    for (name, run) in solvers {
        let (mut nodes, mut seconds, mut length) = (0u64, 0f64, 0usize);
        for (b, &opt) in instances.iter().zip(&optimal) {
            let s = run(b);
            assert_eq!(
                s.moves.len() as u32,
                opt,
                "{name} is not optimal on {:?}",
                b.tiles
            );
            nodes += s.nodes;
            seconds += s.seconds;
            length += s.moves.len();
        }
        let n = instances.len() as f64;
        println!(
            "| `{name}` | {boards} | {:.2} | {:.0} | {:.3} ms |",
            length as f64 / n,
            nodes as f64 / n,
            seconds / n * 1e3
        );
    }
    println!(
        "| 8-puzzle table (lookup) | {boards} | {:.2} | — | {:.2} ms (incl. building it once) |",
        optimal.iter().map(|&d| f64::from(d)).sum::<f64>() / instances.len() as f64,
        table_seconds / instances.len() as f64 * 1e3
    );
    Ok(())
}
