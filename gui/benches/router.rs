//! The wire router ([`gui::pages::circuit::router::route`]) on whole levels, as the canvas calls it once per
//! change: the largest example (`circuits/ripple_carry_adder_4bit.ron`, 58 wires) and ISCAS-85
//! netlists laid out by [`sim_core::layout::place_unplaced`] as the app opens a `.bench`
//! file (c432: 336 wires; c1908: 1,497; c6288: 4,800, under [`router::MAX_CONNECTIONS`]).
//! Prints, per case, how many wires fell back to a ratsnest line. Each case is measured twice:
//! routed afresh (`router/NAME`), and routed again after a single edit (`router-edit/NAME`:
//! one node moved down a cell, [`router::reroute`] keeping every net it did not touch), the
//! time an edit costs the canvas.
//!
//! Run with `cargo bench -p gui --bench router` (needs `../shared/circuits/iscas85/`; the
//! ISCAS cases are skipped without it).

use std::hint::black_box;
use std::path::Path;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gui::pages::circuit::geometry;
use gui::pages::circuit::router::{self, Connection};
use sim_core::Circuit;

/// The connections and boxes of a flat circuit, as the canvas builds them.
fn level(c: &Circuit) -> (Vec<Connection>, Vec<geometry::Area>) {
    let mut wires = Vec::new();
    for (_, w) in c.wires() {
        let Some(from) = geometry::output_pin(&c[w.from]) else {
            continue;
        };
        let to = geometry::input_pin(&c[w.to], usize::from(w.input));
        wires.push(Connection {
            from,
            to,
            net: w.from.index(),
            via: Vec::new(),
        });
    }
    let boxes = c.nodes().map(|(_, n)| geometry::rect(n)).collect();
    (wires, boxes)
}

fn cases() -> Vec<(String, Circuit)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let adder = root.join("../circuits/ripple_carry_adder_4bit.ron");
    let text = std::fs::read_to_string(&adder).expect("the example");
    let doc = sim_core::format::from_str(&text).expect("a valid example");
    let mut out = vec![("adder4".to_owned(), doc.circuit)];
    for name in ["c432", "c1908", "c6288"] {
        let path = root.join(format!("../../shared/circuits/iscas85/{name}.bench"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("router/{name}: {} not found, skipped", path.display());
            continue;
        };
        let mut c = sim_core::bench::from_str(&text).expect("a valid netlist");
        sim_core::layout::place_unplaced(&mut c);
        out.push((name.to_owned(), c));
    }
    out
}

/// The level after one edit: the node driving the first wire moved down by one cell.
fn edited(c: &Circuit) -> Circuit {
    let mut c = c.clone();
    let first = c.wires().next().map(|(_, w)| w.from);
    if let Some(id) = first {
        let pos = c[id].pos.unwrap_or_default();
        c.set_pos(
            id,
            Some(sim_core::Pos {
                x: pos.x,
                y: pos.y + 1,
            }),
        );
    }
    c
}

fn router_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("router");
    g.sample_size(10);
    let mut edits = Vec::new();
    for (name, circuit) in cases() {
        let (wires, boxes) = level(&circuit);
        let obstacles = router::Obstacles {
            boxes: &boxes,
            labels: &[],
        };
        let once = router::route(&wires, obstacles);
        eprintln!(
            "router/{name}: {} wires, {} fell back",
            wires.len(),
            once.fallbacks.len()
        );
        g.bench_function(BenchmarkId::from_parameter(&name), |b| {
            b.iter(|| black_box(router::route(&wires, obstacles)));
        });
        edits.push((name, level(&edited(&circuit)), (wires, once)));
    }
    g.finish();
    let mut g = c.benchmark_group("router-edit");
    g.sample_size(10);
    for (name, (wires, boxes), (before, routing)) in &edits {
        let obstacles = router::Obstacles { boxes, labels: &[] };
        g.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| black_box(router::reroute(wires, obstacles, (before, routing))));
        });
    }
    g.finish();
}

criterion_group!(benches, router_benches);
criterion_main!(benches);
