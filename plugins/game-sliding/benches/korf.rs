//! Optimal 15-puzzle solving on Korf's (1985) 100 instances: building the 6-6-3 pattern
//! databases, IDA* with them on all 100, and IDA* with Manhattan distance and linear
//! conflicts on five easy ones. `cargo bench -p game-sliding`; the per-solver tables in
//! `docs/sliding.md` come from `examples/korf100.rs`.

use criterion::{Criterion, criterion_group, criterion_main};
use game_sliding::fixed::{self, Geometry, ManhattanLc};
use game_sliding::korf;
use game_sliding::pdb::{Additive, PatternDb, default_partition};

fn korf(c: &mut Criterion) {
    let instances = korf::instances();
    let partition = default_partition(4, 4);
    let mut group = c.benchmark_group("korf");
    group.sample_size(10);
    group.bench_function("pdb build (6 tiles)", |b| {
        b.iter(|| PatternDb::build(4, 4, &partition[0], &mut |_, _| true).expect("builds"));
    });
    let pdb = Additive::load_or_build(4, 4, &partition, None, &mut |_, _| true).expect("builds");
    group.bench_function("ida-pdb, 100 instances", |b| {
        b.iter(|| {
            instances
                .iter()
                .map(|x| {
                    fixed::ida(&x.board, &pdb, u64::MAX, &|_| true)
                        .expect("solves")
                        .moves
                        .len()
                })
                .sum::<usize>()
        });
    });
    let lc = ManhattanLc::new(Geometry::new(4, 4).expect("4x4"));
    let easy: Vec<_> = [9, 12, 42, 55, 79]
        .iter()
        .map(|&n| instances[n - 1].board.clone())
        .collect();
    group.bench_function("ida-manhattan-lc, instances 9 12 42 55 79", |b| {
        b.iter(|| {
            easy.iter()
                .map(|board| {
                    fixed::ida(board, &lc, u64::MAX, &|_| true)
                        .expect("solves")
                        .moves
                        .len()
                })
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, korf);
criterion_main!(benches);
