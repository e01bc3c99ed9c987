//! Perft speed from the 8×8 initial position: depth 9, 10 and 11 (85,242,128 leaves), one
//! core, bulk counting at the last ply.
//!
//! `cargo bench -p game-checkers --bench perft`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use game_checkers::board::Board;
use game_checkers::moves::perft;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    let board = Board::initial(8, 8);
    for (depth, leaves) in [(9u32, 3_963_680u64), (10, 18_391_564), (11, 85_242_128)] {
        g.bench_with_input(BenchmarkId::new("initial", depth), &depth, |b, &d| {
            b.iter(|| assert_eq!(perft(black_box(&board), d), leaves));
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
