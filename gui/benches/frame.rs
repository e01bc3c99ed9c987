//! Frame time of the desktop app: the CPU cost of one frame, which is what limits the frame
//! rate. Each iteration runs one egui pass of `TritiumApp::show` in a headless
//! `egui_kittest::Harness` (1280×800 points, pointer resting on the canvas, AccessKit on — the
//! worst case: eframe only builds the AccessKit tree while a screen reader is attached) and
//! then tessellates the frame's shapes into meshes, as eframe does before handing them to the
//! GPU. GPU time is not measured.
//!
//! * `frame/adder4/fit`: `circuits/ripple_carry_adder_4bit.ron` (the largest example), whole
//!   circuit in view.
//! * `frame/grid5k/fit`: a generated 100 × 50 grid of 5,000 two-input gates (10,000 wires), each
//!   fed by its two neighbours in the previous column, 50 switches feeding the first column;
//!   zoomed out until the whole grid is in view (the worst case: every node on screen).
//! * `frame/grid5k/zoom1`: the same grid at zoom 1, looking at its middle.
//! * `frame/grid5k/zoom0.41`, `zoom0.39`: either side of the zoom (0.4) where the canvas
//!   switches to its coarse level of detail — the most nodes on screen at each level.
//! * `frame/grid5k/step`: the grid zoomed out in Step mode, mid-propagation (highlighted node,
//!   pulsing wires, queue markers).
//! * `frame/grid5k/fit-no-a11y`: `grid5k/fit` on a bare `egui::Context` without AccessKit, as a
//!   desktop session without a screen reader runs it.
//!
//! Measured on the 2-core development VM (release, criterion medians; "before" is the canvas
//! that drew and made widgets for every node, pin and wire each frame, with a minimum zoom of
//! 0.1, at which the 5k grid did not fit — so its "fit" showed about half of it):
//!
//! | case | before | after | fps |
//! | --- | --- | --- | --- |
//! | adder4/fit | 1.12 ms | 0.69 ms | ~1400 |
//! | grid5k/fit | 110 ms | 8.3 ms | ~120 |
//! | grid5k/zoom1 | 86 ms | 1.2–1.9 ms | >500 |
//! | grid5k/zoom0.41 | — | 4.4–5.3 ms | ~200 |
//! | grid5k/zoom0.39 | — | 0.9–1.2 ms | >800 |
//! | grid5k/step | 117 ms | 9.2–11.3 ms | ~90 |
//! | grid5k/fit-no-a11y | — | 3.3 ms | ~300 |
//! | waves/100x100k/fit | — | 15.8 ms | ~63 |
//! | waves/100x100k/zoom40 | — | 1.7 ms | >500 |
//! | waves/100x100k/open | — | 1.4 ms | >700 |
//!
//! * `frame/waves/100x100k/fit`, `…/zoom40`, `…/open`: the waveform panel's plot
//!   ([`gui::pages::circuit::views::wave_paint::paint`], what the panel draws) of 100 nets with 100,000 changes
//!   each (10 million changes, a toggle every step) on a 1,000 × 2,630-point plot showing all
//!   100 lanes: the whole record fitted (every lane a dense block per pixel column), 40 points
//!   per step at the end of the record, and the same with the last step opened into delta
//!   cycles.
//!
//! * `frame/cpu-fib/max`, `frame/cpu-count/max`: `circuits/cpu/fib.ron` and `count.ron` (the
//!   8-bit CPU; fib halts within the first frame, count never halts) after a reset, in Run
//!   mode at the fastest clock rate: one frame is the egui pass plus up to
//!   `SimSession::FRAME_BUDGET` (12 ms) of clock ticks under the levelized schedule. Before
//!   each, the bench runs the app for 3 s of frames and prints the simulated clock cycles per
//!   wall-clock second and the frames per second (`cpu-count/max: … cycles/s`);
//!   docs/benchmarks.md has the numbers.
//!
//! Run with `cargo bench -p gui --bench frame`; 16.7 ms per frame is 60 fps. With
//! `TRITIUM_BENCH_RENDER=DIR` each harness case also saves a wgpu render of its frame to DIR.

use std::hint::black_box;
use std::path::Path;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use egui::{Rect, pos2, vec2};
use egui_kittest::Harness;
use gui::TritiumApp;
use gui::pages::circuit::state::{CircuitPageState, DocState, Mode};
use gui::pages::circuit::timeline::TimeAxis;
use sim_core::format::Document;
use sim_core::{Circuit, Node, NodeKind, Trit};

/// Columns and rows of the generated grid.
const COLUMNS: i32 = 100;
const ROWS: i32 = 50;

/// A `COLUMNS` × `ROWS` grid of two-input gates. Gate `(c, r)` reads gates `(c − 1, r)` and
/// `(c − 1, r + 1 mod ROWS)`; the first column reads switches `S0..S49` the same way. Kinds
/// cycle through AND, OR, NAND, NOR, XOR, XNOR so every value occurs.
fn grid() -> Circuit {
    let mut c = Circuit::new();
    let switches: Vec<_> = (0..ROWS)
        .map(|r| {
            c.add_node(Node::new(format!("S{r}"), NodeKind::Switch).at(0, r * 4))
                .expect("fresh label")
        })
        .collect();
    let mut previous = switches;
    for col in 0..COLUMNS {
        let mut this = Vec::with_capacity(ROWS as usize);
        for r in 0..ROWS {
            let kind = match (col + r) % 6 {
                0 => NodeKind::And(2),
                1 => NodeKind::Or(2),
                2 => NodeKind::Nand(2),
                3 => NodeKind::Nor(2),
                4 => NodeKind::Xor(2),
                _ => NodeKind::Xnor(2),
            };
            let id = c
                .add_node(Node::new(format!("G{col}_{r}"), kind).at(6 + col * 7, r * 4))
                .expect("fresh label");
            let r = usize::try_from(r).expect("a row");
            c.connect(previous[r], id, 0).expect("free pin");
            c.connect(previous[(r + 1) % ROWS as usize], id, 1)
                .expect("free pin");
            this.push(id);
        }
        previous = this;
    }
    c
}

/// The app on `state` in a 1280×800 headless window, with the pointer on the canvas.
fn harness(state: CircuitPageState) -> Harness<'static, TritiumApp> {
    let mut harness = Harness::builder()
        .with_size(vec2(1280.0, 800.0))
        .with_max_steps(8)
        .with_step_dt(1.0 / 60.0)
        .allow_missing_glyphs()
        .build_ui_state(
            |ui, app: &mut TritiumApp| app.show(ui),
            TritiumApp::new(state),
        );
    harness.hover_at(pos2(500.0, 400.0));
    harness.run_ok();
    harness
}

fn grid_state() -> CircuitPageState {
    let mut doc = DocState::new();
    doc.document = Document::new(grid());
    let mut state = CircuitPageState::with_doc(doc);
    let switches: Vec<_> = state.circuit().inputs().collect();
    for (i, s) in switches.into_iter().enumerate() {
        state.set_value(s, if i % 2 == 0 { Trit::True } else { Trit::False });
    }
    state
}

/// One frame: the egui pass plus tessellation.
fn bench_frames(c: &mut Criterion, name: &str, harness: &mut Harness<'static, TritiumApp>) {
    let mut g = c.benchmark_group("frame");
    g.sample_size(20);
    let view = harness.state_mut().canvas_mut().view();
    eprintln!("frame/{name}: view {view:?}");
    if let Some(dir) = std::env::var_os("TRITIUM_BENCH_RENDER") {
        // A picture of the frame being measured (wgpu; not timed).
        let path = Path::new(&dir).join(format!("{}.png", name.replace('/', "-")));
        let image = harness.render().expect("render");
        image.save(&path).expect("save the render");
        eprintln!("frame/{name}: wrote {}", path.display());
    }
    g.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            harness.step();
            let ppp = harness.ctx.pixels_per_point();
            let shapes = harness.output().shapes.clone();
            black_box(harness.ctx.tessellate(shapes, ppp))
        });
    });
    g.finish();
}

/// One frame on a bare context (AccessKit off), pointer on the canvas, after a few frames to
/// fit the view.
fn bench_bare(c: &mut Criterion, name: &str, state: CircuitPageState) {
    let ctx = egui::Context::default();
    let mut app = TritiumApp::new(state);
    let input = |events: Vec<egui::Event>| egui::RawInput {
        screen_rect: Some(Rect::from_min_size(pos2(0.0, 0.0), vec2(1280.0, 800.0))),
        predicted_dt: 1.0 / 60.0,
        events,
        ..Default::default()
    };
    for _ in 0..4 {
        let out = ctx.run_ui(
            input(vec![egui::Event::PointerMoved(pos2(500.0, 400.0))]),
            |ui| app.show(ui),
        );
        black_box(out);
    }
    let mut g = c.benchmark_group("frame");
    g.sample_size(20);
    g.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            let out = ctx.run_ui(input(Vec::new()), |ui| app.show(ui));
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        });
    });
    g.finish();
}

/// Lanes and changes per lane of the waveform benchmark.
const LANES: usize = 100;
const CHANGES: u64 = 100_000;

/// A record of `LANES` switches, each toggling at every step for `CHANGES` steps (lane `k`
/// starting at step `k % 3`, so lanes differ), with a few delta cycles in the last step.
fn busy_waveform() -> sim_core::wave::Waveform {
    let mut c = Circuit::new();
    let ids: Vec<_> = (0..LANES)
        .map(|k| {
            c.add_node(Node::new(format!("S{k}"), NodeKind::Switch))
                .expect("fresh label")
        })
        .collect();
    let engine = sim_core::Engine::from_circuit(&c);
    let mut wave = sim_core::wave::Waveform::new(&engine, ids.iter().copied(), 1 << 26)
        .expect("a positive limit");
    for step in 1..=CHANGES + 2 {
        wave.begin_step();
        for (k, &id) in ids.iter().enumerate() {
            if step > k as u64 % 3 {
                let value = if step % 2 == 0 {
                    Trit::True
                } else {
                    Trit::False
                };
                wave.change(id, (k % 4) as u32, value);
            }
        }
    }
    wave
}

/// One frame painting the waveform plot of every lane of `wave` with `axis`.
fn bench_waves(c: &mut Criterion, name: &str, wave: &sim_core::wave::Waveform, axis: &TimeAxis) {
    use gui::pages::circuit::views::wave_paint::{self, HEADER, LanePaint, ROW};
    let lanes: Vec<LanePaint> = (0..wave.lane_count())
        .map(|l| LanePaint {
            bits: vec![l],
            radix: None,
        })
        .collect();
    let (width, height) = (1000.0, HEADER + ROW * LANES as f32);
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(Rect::from_min_size(
            pos2(0.0, 0.0),
            vec2(width + 20.0, height + 20.0),
        )),
        predicted_dt: 1.0 / 60.0,
        ..Default::default()
    };
    let frame = |ctx: &egui::Context| {
        let out = ctx.run_ui(input(), |ui| {
            let header = Rect::from_min_size(pos2(0.0, 0.0), vec2(width, HEADER));
            let plot = Rect::from_min_size(pos2(0.0, HEADER), vec2(width, height - HEADER));
            wave_paint::paint(
                ui.painter(),
                (header, plot),
                gui::pages::circuit::draw::Colors::of(ui),
                wave,
                &lanes,
                axis,
                &[],
                Some(sim_core::wave::Point {
                    step: wave.step(),
                    delta: u32::MAX,
                }),
            );
        });
        black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
    };
    let _ = frame(&ctx);
    let mut g = c.benchmark_group("frame");
    g.sample_size(20);
    g.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| frame(&ctx));
    });
    g.finish();
}

fn wave_benches(c: &mut Criterion) {
    let mut wave = busy_waveform();
    wave.index();
    let mut axis = TimeAxis::default();
    axis.fit(0, wave.step(), 1000.0);
    bench_waves(c, "waves/100x100k/fit", &wave, &axis);
    let mut axis = TimeAxis::default();
    axis.follow(wave.step(), 1000.0);
    bench_waves(c, "waves/100x100k/zoom40", &wave, &axis);
    axis.open(wave.step(), wave.deltas_in(wave.step()) + 1);
    axis.follow(wave.step(), 1000.0);
    bench_waves(c, "waves/100x100k/open", &wave, &axis);
}

fn frame_benches(c: &mut Criterion) {
    let adder =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits/ripple_carry_adder_4bit.ron");
    let mut h = harness(CircuitPageState::open_or_report(&adder));
    bench_frames(c, "adder4/fit", &mut h);
    drop(h);

    let mut h = harness(grid_state());
    bench_frames(c, "grid5k/fit", &mut h);

    // Zoom 1 on the middle of the grid.
    let middle = pos2(0.5 * (6 + COLUMNS * 7) as f32, 0.5 * (ROWS * 4) as f32) * 20.0;
    h.state_mut()
        .canvas_mut()
        .set_view(Rect::from_center_size(middle, vec2(700.0, 700.0)));
    h.run_ok();
    bench_frames(c, "grid5k/zoom1", &mut h);

    // Either side of the level-of-detail switch at zoom 0.4, where the most nodes are on screen
    // at each level (the canvas is about 670 × 720 points).
    for (name, zoom) in [("grid5k/zoom0.41", 0.41), ("grid5k/zoom0.39", 0.39)] {
        h.state_mut()
            .canvas_mut()
            .set_view(Rect::from_center_size(middle, vec2(670.0, 720.0) / zoom));
        h.run_ok();
        bench_frames(c, name, &mut h);
    }

    // Step mode mid-propagation, zoomed out again.
    h.state_mut().canvas_mut().fit();
    let state = &mut h.state_mut().state;
    state.sim.set_mode(Mode::Step);
    let switches: Vec<_> = state.circuit().inputs().collect();
    for s in switches {
        state.toggle(s);
    }
    for _ in 0..60 {
        state.sim.step();
    }
    h.run_ok();
    bench_frames(c, "grid5k/step", &mut h);
    drop(h);

    bench_bare(c, "grid5k/fit-no-a11y", grid_state());
}

/// The CPU at the fastest rate, running fib (which halts within the first frame: the clock
/// then runs on with nothing else changing) and count (which never halts): the cycles per
/// second reached over 3 s of frames, then the frame time.
fn cpu_benches(c: &mut Criterion) {
    for program in ["fib", "count"] {
        cpu_bench(c, program);
    }
}

/// [`cpu_benches`] of `circuits/cpu/PROGRAM.ron`.
fn cpu_bench(c: &mut Criterion, program: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../circuits/cpu/{program}.ron"));
    let mut state = CircuitPageState::open_or_report(&path);
    state.sim.clock_hz = 0.0;
    let reset = state.circuit().find("RESET").expect("RESET");
    state.set_value(reset, Trit::True);
    state.sim.tick();
    state.sim.tick();
    state.set_value(reset, Trit::False);
    state.sim.clock_hz = gui::pages::circuit::state::SimSession::MAX_HZ;
    let mut h = harness(state);
    let (start, ticks) = (
        std::time::Instant::now(),
        h.state().state.sim.engine().time(),
    );
    let mut frames = 0u32;
    while start.elapsed() < std::time::Duration::from_secs(3) {
        harness_frame(&mut h);
        frames += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    let cycles = (h.state().state.sim.engine().time() - ticks) as f64 / 2.0;
    let name = format!("cpu-{program}/max");
    eprintln!(
        "{name}: {:.0} cycles/s ({frames} frames in {seconds:.2} s: {:.0} fps; {:?})",
        cycles / seconds,
        f64::from(frames) / seconds,
        h.state().state.sim.schedule(),
    );
    bench_frames(c, &name, &mut h);
}

/// One frame of `h`, tessellated.
fn harness_frame(h: &mut Harness<'static, TritiumApp>) {
    h.step();
    let ppp = h.ctx.pixels_per_point();
    let shapes = h.output().shapes.clone();
    black_box(h.ctx.tessellate(shapes, ppp));
}

criterion_group!(benches, wave_benches, frame_benches, cpu_benches);
criterion_main!(benches);
