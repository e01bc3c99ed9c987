//! Hierholzer's algorithm on a generated Eulerian figure of about a million edges: a 707×707
//! torus grid (every vertex of degree 4: 499,849 vertices, 999,698 edges), on a plain petgraph
//! `UnGraph` — the algorithms are generic over petgraph's traits. `cargo bench -p sim-core
//! --bench euler`.

use criterion::{Criterion, criterion_group, criterion_main};
use petgraph::graph::UnGraph;
use sim_core::figure::{hierholzer, random};

fn torus(side: u32) -> UnGraph<(), ()> {
    let at = |r: u32, c: u32| (r % side) * side + c % side;
    let mut edges = Vec::with_capacity(2 * (side * side) as usize);
    for r in 0..side {
        for c in 0..side {
            edges.push((at(r, c), at(r, c + 1)));
            edges.push((at(r, c), at(r + 1, c)));
        }
    }
    UnGraph::from_edges(edges)
}

fn euler(c: &mut Criterion) {
    let g = torus(707);
    assert_eq!(g.edge_count(), 999_698);
    let mut group = c.benchmark_group("euler");
    group.sample_size(10);
    group.bench_function("hierholzer, 999,698 edges", |b| {
        b.iter(|| {
            hierholzer::euler_trail(&g, None)
                .expect("Eulerian")
                .edges
                .len()
        });
    });
    group.bench_function("random drawing, 999,698 edges", |b| {
        b.iter(|| random::random_trail(&g, 1).expect("Eulerian").edges.len());
    });
    group.finish();
}

criterion_group!(benches, euler);
criterion_main!(benches);
