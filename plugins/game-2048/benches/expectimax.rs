//! Expectimax speed: one search per iteration on fixed mid- and late-game boards, at fixed
//! depths, with and without root parallelism, and the heuristic alone.
//!
//! `cargo bench -p game-2048 --bench expectimax`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use game_2048::board::{Board, from_exponents};
use game_2048::expectimax::{DEFAULT_CONFIG, ExpectimaxConfig, best_move};
use game_2048::heuristic;
use tritium_plugin_api::Progress;

/// Six empty cells, tiles up to 128: an early middle game.
fn midgame() -> Board {
    from_exponents([7, 6, 3, 1, 5, 4, 2, 0, 3, 1, 0, 0, 1, 0, 2, 0])
}

/// Four empty cells, tiles up to 4096 in a snake: the positions where late games are lost
/// (twelve distinct tiles: the adaptive depth is 10).
fn lategame() -> Board {
    from_exponents([12, 11, 10, 9, 5, 6, 7, 8, 4, 3, 1, 2, 1, 0, 0, 0])
}

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("expectimax");
    g.sample_size(10);
    for (name, board) in [("midgame", midgame()), ("lategame", lategame())] {
        for depth in [1u32, 2, 3, 4] {
            for parallel in [false, true] {
                let cfg = ExpectimaxConfig {
                    depth: Some(depth),
                    parallel,
                    ..DEFAULT_CONFIG
                };
                let id = format!(
                    "{name}/{}",
                    if parallel { "parallel" } else { "sequential" }
                );
                g.bench_with_input(BenchmarkId::new(id, depth), &cfg, |b, cfg| {
                    b.iter(|| best_move(black_box(board), cfg, &Progress::none()));
                });
            }
        }
    }
    g.finish();

    let boards: Vec<Board> = (0..1024u64)
        .map(|i| midgame() ^ (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & 0x3333_3333_3333_3333))
        .collect();
    c.bench_function("heuristic/evaluate_1024_boards", |b| {
        let table = heuristic::table();
        b.iter(|| {
            boards
                .iter()
                .map(|&board| heuristic::evaluate_with(table, black_box(board)))
                .sum::<f32>()
        });
    });
}

criterion_group!(benches, search);
criterion_main!(benches);
