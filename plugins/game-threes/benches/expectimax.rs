//! Threes! expectimax speed: one search per iteration on fixed early and late positions, at
//! fixed depths, with and without root parallelism, and the heuristic alone.
//!
//! `cargo bench -p game-threes --bench expectimax`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use game_threes::expectimax::{DEFAULT_CONFIG, ExpectimaxConfig, best_move};
use game_threes::{State, heuristic, position};
use tritium_plugin_api::Progress;

fn at(text: &str) -> State {
    position::parse(text, 1).expect("a valid position")
}

fn search(c: &mut Criterion) {
    let positions = [
        (
            "early",
            at("3 6 12 1/2 3 6 0/1 0 3 0/0 2 0 0 next=1 deck=2,3,1"),
        ),
        (
            "late",
            at("768 384 192 96/6 12 24 48/3 1 2 0/0 0 1 3 next=2 deck=1,2,2"),
        ),
    ];
    let mut g = c.benchmark_group("expectimax");
    g.sample_size(10);
    for (name, state) in &positions {
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
                    b.iter(|| best_move(black_box(state), cfg, &Progress::none()));
                });
            }
        }
    }
    g.finish();
    let boards: Vec<u64> = (0..1024u64)
        .map(|i| {
            positions[1].1.board ^ (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & 0x3333_3333_3333_3333)
        })
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
