//! The README's pictures of the plugin pages, rendered with wgpu like the snapshots: a 2048
//! game in progress and the plots of an experiment. They depend on the 2048 plugin's looks and
//! play, which change without this crate, so they are written rather than compared:
//!
//! ```sh
//! cargo test -p gui --test app screenshots -- --ignored
//! ```
//!
//! writes `docs/screenshots/game_2048.png`, `docs/screenshots/game_threes.png`,
//! `docs/screenshots/game_checkers.png`, `docs/screenshots/game_sliding.png`,
//! `docs/screenshots/figure_barn.png`, `docs/screenshots/adder8.png`,
//! `docs/screenshots/adder8_inside.png`, `docs/screenshots/adder8_bus.png`,
//! `docs/screenshots/experiment_plots.png`,
//! `docs/screenshots/plugins_page.png`, `docs/screenshots/sweep_ranking.png` and
//! `docs/screenshots/cpu_fib.png`, `docs/screenshots/memory_ram.png` and
//! `docs/screenshots/reset_analysis.png` and `docs/screenshots/hazard_analysis.png`,
//! `docs/screenshots/rotated_parts.png`, `docs/screenshots/dark_theme.png` and
//! `docs/screenshots/tunnels.png`, `docs/screenshots/tests_panel.png`, and the wiring of
//! issue 38:
//! `docs/screenshots/counter_and_before_clock.png`, `docs/screenshots/full_adder.png` and
//! `docs/screenshots/c17.png` (with `cpu_fib.png`); the Help menu's shortcuts,
//! `docs/screenshots/help_shortcuts.png`; `docs/screenshots/waveform_gap.png`; and the I/O
//! parts, `docs/screenshots/io_parts.png`, and the TTY, `docs/screenshots/tty.png`; the
//! Analysis page, `docs/screenshots/analysis_page.png` and its state-machine editor,
//! `docs/screenshots/analysis_machine.png`.

use std::path::PathBuf;

use crate::common::App;
use crate::common::plugins::{
    app, choose, fill, game_2048, game_checkers, game_sliding, game_threes, load, panicking_plugin,
    wait_until,
};
use egui_kittest::kittest::Queryable as _;
use sim_core::Trit;

fn save(h: &mut App, name: &str) {
    h.remove_cursor();
    h.run();
    write(h, name);
}

/// Renders the present frame of `h` to `docs/screenshots/NAME.png`.
fn write(h: &mut App, name: &str) {
    let image = h.render().expect("a wgpu renderer");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/screenshots")
        .join(format!("{name}.png"));
    image.save(&path).expect("write the PNG");
    println!("wrote {}", path.display());
}

#[test]
#[ignore = "writes docs/screenshots/game_2048.png"]
fn a_2048_game_in_progress() {
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Play 2048").click();
    h.run();
    fill(&mut h, "Seed", "3");
    h.get_by_label("New game").click();
    h.run();
    // Expectimax at depth 2 if the plugin has it (fast enough in a debug build), else greedy.
    let has_expectimax = h
        .state()
        .games
        .game()
        .is_some_and(|(_, game)| game.strategies.iter().any(|s| s.name == "expectimax"));
    if has_expectimax {
        choose(&mut h, "Strategy", "expectimax");
        fill(&mut h, "Spec", "expectimax:depth=2");
    } else {
        choose(&mut h, "Strategy", "greedy");
    }
    h.state_mut().games.play.speed = 200.0;
    h.get_by_label("Autoplay").click();
    h.run();
    let moves = |h: &App| h.state().games.play.session.as_ref().map_or(0, |s| s.moves);
    wait_until(&mut h, "autoplay", |h| {
        moves(h) >= MOVES || !h.state().games.play.autoplay
    });
    if h.state().games.play.autoplay {
        h.get_by_label("Autoplay").click();
        h.run();
    }
    wait_until(&mut h, "the last move", |h| {
        h.state().games.play.thinking().is_none()
    });
    save(&mut h, "game_2048");
}

/// Moves before the picture.
const MOVES: u64 = 700;

#[test]
#[ignore = "writes docs/screenshots/game_threes.png"]
fn a_threes_game_in_progress() {
    let mut h = app();
    load(&mut h, &game_threes());
    h.get_by_label("Play Threes!").click();
    h.run();
    fill(&mut h, "Seed", "4");
    h.get_by_label("New game").click();
    h.run();
    choose(&mut h, "Strategy", "expectimax");
    fill(&mut h, "Spec", "expectimax:depth=2");
    h.state_mut().games.play.speed = 200.0;
    h.get_by_label("Autoplay").click();
    h.run();
    let moves = |h: &App| h.state().games.play.session.as_ref().map_or(0, |s| s.moves);
    wait_until(&mut h, "autoplay", |h| {
        moves(h) >= THREES_MOVES || !h.state().games.play.autoplay
    });
    if h.state().games.play.autoplay {
        h.get_by_label("Autoplay").click();
        h.run();
    }
    wait_until(&mut h, "the last move", |h| {
        h.state().games.play.thinking().is_none()
    });
    save(&mut h, "game_threes");
}

#[test]
#[ignore = "writes docs/screenshots/game_checkers.png"]
fn a_checkers_game_in_progress() {
    let mut h = app();
    load(&mut h, &game_checkers());
    h.get_by_label("Play Checkers").click();
    h.run();
    // A middle game with kings; red (the person) has selected a piece that must capture.
    fill(
        &mut h,
        "Position",
        "B:W9,14,18,K23,27,30,31:B1,2,6,10,K19,21",
    );
    h.get_by_label("New game").click();
    h.run();
    choose(&mut h, "Strategy", "alphabeta");
    h.get_by_label("AI white").click();
    h.run();
    h.get_by_label("Square numbers").click();
    h.run();
    // Red plays its first legal move by clicks; white (the AI) replies by itself, and its
    // move is highlighted.
    let path = h
        .state()
        .games
        .play
        .session
        .as_ref()
        .and_then(|s| s.frame.actions.first().map(|a| a.path.clone()))
        .expect("a legal move");
    for cell in path {
        h.state_mut().games.click_cell(cell);
        h.run();
    }
    wait_until(&mut h, "white's reply", |h| {
        h.state()
            .games
            .play
            .session
            .as_ref()
            .is_some_and(|s| s.moves == 2)
    });
    // Red selects its next piece: where it may go is outlined.
    let first = h
        .state()
        .games
        .play
        .session
        .as_ref()
        .and_then(|s| s.frame.actions.first().map(|a| a.path[0]))
        .expect("a legal move");
    h.state_mut().games.click_cell(first);
    h.run();
    save(&mut h, "game_checkers");
}

#[test]
#[ignore = "writes docs/screenshots/game_sliding.png"]
fn a_15_puzzle_with_a_hint() {
    let mut h = app();
    load(&mut h, &game_sliding());
    h.get_by_label("Play Sliding puzzle").click();
    h.run();
    // Korf's (1985) first instance, turned to the blank-last goal: 57 moves. Rules that
    // contradict a position are refused, so the rules are the 4×4's.
    choose(&mut h, "Rules", "4x4");
    fill(&mut h, "Position", "13 6 8 12/15 14 0 10/11 7 4 5/9 1 3 2");
    h.get_by_label("New game").click();
    h.run();
    h.state_mut().games.play.solver = "ida-pdb".into();
    // The first hint builds (or loads) the pattern databases; the move it outlines is played,
    // so the live distance comes from them; then a second hint.
    for round in 0..2 {
        h.get_by_label("Hint").click();
        h.run();
        wait_until(&mut h, "the hint", |h| !h.state().games.solving());
        if round == 0 {
            let hint = h.state().games.play.hint.clone().expect("a hint");
            h.state_mut().games.act(&hint);
            h.run();
        }
    }
    save(&mut h, "game_sliding");
}

#[test]
#[ignore = "writes docs/screenshots/figure_barn.png"]
fn the_barn_half_drawn() {
    let mut h = app();
    h.get_by_label("Figure").click();
    h.run();
    h.get_by_label("Draw").click();
    h.run();
    h.get_by_label("Count").click();
    h.run();
    for _ in 0..5 {
        h.get_by_label("Step").click();
        h.run();
    }
    save(&mut h, "figure_barn");
}

#[test]
#[ignore = "writes docs/screenshots/adder8.png and docs/screenshots/adder8_inside.png"]
fn the_8_bit_adder_and_inside_an_instance() {
    let mut h = crate::common::app_with("adder8.ron");
    // 0b0110_1011 + 0b0011_0110 + 1 = 0b1010_0010 (107 + 54 + 1 = 162).
    let (a, b) = (0b0110_1011u8, 0b0011_0110u8);
    {
        let state = &mut h.state_mut().state;
        let mut set = |label: String, bit: bool| {
            let id = state.circuit().find(&label).expect("a switch");
            state.set_value(id, if bit { Trit::True } else { Trit::False });
        };
        for i in 0..8 {
            set(format!("A{i}"), a >> i & 1 == 1);
            set(format!("B{i}"), b >> i & 1 == 1);
        }
        set("CIN".to_owned(), true);
        state.selected_instance = Some("lo".to_owned());
    }
    h.run_steps(4);
    save(&mut h, "adder8");
    // Inside `lo`: the 4-bit adder's four full adders, their carries looping to the next.
    h.get_by_label("Open instance").click();
    h.run_steps(4);
    save(&mut h, "adder8_inside");
}

#[test]
#[ignore = "writes docs/screenshots/adder8_bus.png"]
fn the_8_bit_adder_on_buses() {
    let mut h = crate::common::app_with("adder8_bus.ron");
    {
        let state = &mut h.state_mut().state;
        // 107 + 54 + 1 = 162, typed as numbers.
        state.set_bus_number("A", "107").expect("A");
        state.set_bus_number("B", "54").expect("B");
        let cin = state.circuit().find("CIN").expect("CIN");
        state.set_value(cin, Trit::True);
        // The inspector shows A: its number in every radix, the field and its bits.
        let a = state.circuit().bus("A").expect("A").bits.clone();
        state.selection = a.into_iter().collect();
    }
    h.run_steps(4);
    save(&mut h, "adder8_bus");
}

#[test]
#[ignore = "writes docs/screenshots/dark_theme.png"]
fn the_8_bit_adder_on_buses_in_the_dark_theme() {
    let mut h = crate::common::app_with("adder8_bus.ron");
    {
        let state = &mut h.state_mut().state;
        // 107 + 54 = 161 without a carry in: +1 and −1 wires side by side.
        state.set_bus_number("A", "107").expect("A");
        state.set_bus_number("B", "54").expect("B");
        let cin = state.circuit().find("CIN").expect("CIN");
        state.set_value(cin, Trit::False);
    }
    crate::theme::choose_theme(&mut h, "Dark");
    h.run_steps(4);
    save(&mut h, "dark_theme");
}

/// Threes moves before the picture.
const THREES_MOVES: u64 = 300;

#[test]
#[ignore = "writes docs/screenshots/experiment_plots.png"]
fn the_plots_of_an_experiment() {
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Experiment with 2048").click();
    h.run();
    choose(&mut h, "Strategy", "cyclic");
    h.get_by_label("Games").set_value_accesskit(1000.0);
    h.run();
    h.get_by_label("Run").click();
    h.run();
    wait_until(&mut h, "the experiment", |h| {
        h.state().games.experiment.running().is_none()
    });
    save(&mut h, "experiment_plots");
}

#[test]
#[ignore = "writes docs/screenshots/plugins_page.png"]
fn the_plugins_page() {
    let mut h = app();
    load(&mut h, &game_2048());
    load(&mut h, &panicking_plugin());
    let dir = std::env::temp_dir().join(format!("tritium-shot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join(format!("notes.{}", std::env::consts::DLL_EXTENSION));
    std::fs::write(&bad, "not a library\n").expect("write");
    load(&mut h, &bad);
    save(&mut h, "plugins_page");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "writes docs/screenshots/sweep_ranking.png"]
fn the_ranking_of_a_sweep() {
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Experiment with 2048").click();
    h.run();
    h.get_by_label("Games").set_value_accesskit(200.0);
    h.run();
    choose(&mut h, "Family", "cyclic");
    h.get_by_label("max-len").set_value_accesskit(4.0);
    h.run();
    h.get_by_label("Run sweep").click();
    h.run();
    wait_until(&mut h, "the sweep", |h| {
        h.state().games.experiment.running().is_none()
    });
    save(&mut h, "sweep_ranking");
}

/// Drives `label` of the open circuit to `value` (Run or Step mode as the app is in).
fn set(h: &mut App, label: &str, value: Trit) {
    let state = &mut h.state_mut().state;
    let id = state.circuit().find(label).expect("a switch");
    state.set_value(id, value);
}

#[test]
#[ignore = "writes docs/screenshots/waveform_latch.png"]
fn the_latch_reset_in_the_waveform_delta_by_delta() {
    let mut h = crate::common::app_with("rs_nor_latch.ron");
    // Hold, set, hold, then the seed's reset in Step mode, every event processed.
    for (label, value) in [
        ("R", Trit::False),
        ("S", Trit::False),
        ("S", Trit::True),
        ("S", Trit::False),
    ] {
        set(&mut h, label, value);
    }
    {
        let state = &mut h.state_mut().state;
        state.sim.set_mode(gui::pages::circuit::state::Mode::Step);
        state.waves.shown = true;
        for name in ["NOR1", "NOR2"] {
            state.add_wave_signal(name);
        }
    }
    set(&mut h, "R", Trit::True);
    while h.state_mut().state.sim.step().is_some() {}
    let now = h.state().state.sim.wave().step();
    h.state_mut()
        .state
        .set_wave_cursor(Some(sim_core::wave::Point {
            step: now,
            delta: 2,
        }));
    h.state_mut().state.sim.last = None; // no pulse animating: the frame settles
    h.run_steps(4);
    save(&mut h, "waveform_latch");
}

#[test]
#[ignore = "writes docs/screenshots/waveform_ring.png"]
fn the_ring_oscillator_in_the_waveform() {
    let mut h = crate::common::app_with("ring_oscillator_3.ron");
    set(&mut h, "EN", Trit::False);
    {
        let state = &mut h.state_mut().state;
        state.sim.set_mode(gui::pages::circuit::state::Mode::Step);
        state.waves.shown = true;
        for name in ["G1", "G2", "G3"] {
            state.add_wave_signal(name);
        }
        // The probes repeat the gates: the gates' lanes are the ones to see.
        for name in ["P1", "P2", "P3"] {
            if let Some(key) = state.waves.find(name) {
                state.waves.remove(key);
            }
        }
    }
    // Enabled, the ring goes round: 24 events, delta cycle by delta cycle.
    set(&mut h, "EN", Trit::True);
    for _ in 0..24 {
        h.state_mut().state.sim.step();
    }
    h.state_mut().state.sim.last = None;
    h.run_steps(4);
    save(&mut h, "waveform_ring");
}

#[test]
#[ignore = "writes docs/screenshots/cpu_fib.png"]
fn the_cpu_after_fib_ran() {
    // Reset, then Run mode at the fastest rate until HLT: PORT shows 233 (0xE9), HALTED is
    // lit and its breakpoint stopped the clock, as the status bar says; the waveform panel
    // shows the run.
    let mut h = crate::cpu::fib_reset();
    {
        let state = &mut h.state_mut().state;
        state.waves.shown = true;
        state.sim.clock_hz = gui::pages::circuit::state::SimSession::MAX_HZ;
    }
    crate::cpu::run_to_halt(&mut h);
    h.state_mut().canvas_mut().fit();
    h.remove_cursor();
    h.run_steps(2);
    write(&mut h, "cpu_fib");
}

#[test]
#[ignore = "writes docs/screenshots/waveform_gap.png"]
fn the_cpu_waveform_past_its_limit() {
    // The CPU counting forever (count.ron), reset, with the record limited to 6,000 changes
    // and 280 clock ticks run: the panel keeps the start (the reset and the first counts) and
    // the latest window, hatches the gap between them and names its steps in the tool bar.
    let mut h = crate::common::app_with("cpu/count.ron");
    {
        let state = &mut h.state_mut().state;
        state.sim.clock_hz = 0.0;
        state.sim.set_wave_limit(6_000);
        state.waves.shown = true;
        for name in ["PC", "ACC"] {
            state.add_wave_signal(name);
        }
        let reset = state.circuit().find("RESET").expect("RESET");
        state.set_value(reset, Trit::True);
        state.sim.tick();
        state.sim.tick();
        state.set_value(reset, Trit::False);
        for _ in 0..280 {
            state.sim.tick();
        }
        assert!(state.sim.wave().gap().is_some());
    }
    h.state_mut().canvas_mut().fit();
    h.run_steps(2);
    h.get_by_label("Fit").click();
    h.run();
    save(&mut h, "waveform_gap");
}

#[test]
#[ignore = "writes docs/screenshots/memory_ram.png"]
fn a_ram_window() {
    // The 16 × 4 RAM with its window open: words from ram_16x4.hex, the rest unknown (grey
    // `?`), word 3 written 7 and highlighted as the address the switches select.
    let mut h = crate::common::app_with("ram_16x4.ron");
    h.run();
    {
        let state = &mut h.state_mut().state;
        state.open_memory("MEM");
        state
            .set_bus_number("A", "3")
            .expect("A is a bus of switches");
        state
            .edit_memory_word("MEM", 3, "7")
            .expect("a word of 4 bits");
    }
    h.run();
    h.state_mut().canvas_mut().fit();
    h.remove_cursor();
    h.run();
    write(&mut h, "memory_ram");
}

#[test]
#[ignore = "writes docs/screenshots/reset_analysis.png"]
fn a_register_without_reset_found() {
    // The 2-bit counter whose high bit no reset reaches, analysed: the window reports FF1
    // still unknown, held by a loop through its own state; the canvas outlines FF1.
    let mut h = crate::common::app_with("reset/counter2_missing_reset.ron");
    h.run();
    {
        let state = &mut h.state_mut().state;
        state.open_analysis();
        state.analyze_reset();
    }
    h.run();
    h.state_mut().canvas_mut().fit();
    h.remove_cursor();
    h.run();
    write(&mut h, "reset_analysis");
}

#[test]
#[ignore = "writes docs/screenshots/hazard_analysis.png"]
fn a_static_hazard_outlined() {
    // The AND-OR multiplexer without its consensus term, S rising with both data at +1:
    // the window reports Y's static hazard and the canvas outlines the gates it passes.
    let mut h = crate::common::app_with("hazards/mux_no_consensus.ron");
    h.run();
    crate::common::analyze_hazards(&mut h, "A=+1, B=+1, S=-1", "A=+1, B=+1, S=+1");
    h.state_mut().canvas_mut().fit();
    h.remove_cursor();
    h.run();
    write(&mut h, "hazard_analysis");
}

#[test]
#[ignore = "writes docs/screenshots/panels_hidden.png"]
fn the_canvas_with_both_side_panels_hidden() {
    let mut h = crate::common::app_with("adder8_bus.ron");
    for item in ["Show palette", "Show side panel"] {
        h.get_by_label("View").click();
        h.run();
        h.get_by_label(item).click();
        h.run();
        h.key_press(egui::Key::Escape);
        h.run();
    }
    h.key_press(egui::Key::F); // fit the circuit to the wider canvas
    h.run_steps(8);
    save(&mut h, "panels_hidden");
}

#[test]
#[ignore = "writes docs/screenshots/counter_and_before_clock.png"]
fn the_counter_with_an_and_before_its_clock() {
    let mut h = crate::counter::counter_with_an_and_before_a_clock();
    h.state_mut().canvas_mut().fit();
    h.run_steps(4);
    save(&mut h, "counter_and_before_clock");
}

#[test]
#[ignore = "writes docs/screenshots/counter_reset_flip_flops.png"]
fn the_counter_of_reset_flip_flops_counting() {
    let mut h = crate::counter::counter_of_reset_flip_flops();
    for label in ["Power-on reset", "Settle"] {
        h.get_by_label(label).click();
        h.run();
    }
    // SW1: unknown → −1 → +1 (reset) → −1 (released), then three rising edges: 3.
    for _ in 0..3 {
        crate::common::click_node(&h, "SW1");
        h.run();
        h.get_by_label("Settle").click();
        h.run();
    }
    for label in [
        "Settle", "Tick", "Settle", "Tick", "Settle", "Tick", "Settle", "Tick", "Settle", "Tick",
        "Settle",
    ] {
        h.get_by_label(label).click();
        h.run();
    }
    h.state_mut().canvas_mut().fit();
    h.run_steps(4);
    save(&mut h, "counter_reset_flip_flops");
}

#[test]
#[ignore = "writes docs/screenshots/full_adder.png"]
fn the_full_adder() {
    let mut h = crate::common::app_with("full_adder.ron");
    h.run_steps(4);
    save(&mut h, "full_adder");
}

#[test]
#[ignore = "writes docs/screenshots/c17.png"]
fn the_iscas_c17_netlist() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/circuits/iscas85/c17.bench");
    let state = gui::pages::circuit::state::CircuitPageState::open_or_report(&path);
    assert!(state.notice.is_none(), "{:?}", state.notice);
    let mut h = crate::common::app(state);
    h.run_steps(4);
    save(&mut h, "c17");
}

#[test]
#[ignore = "writes docs/screenshots/rotated_parts.png"]
fn parts_turned_and_mirrored() {
    let dir = crate::common::TempDir::new("rotated-parts");
    let path = dir.join("turned.ron");
    std::fs::write(
        &path,
        r#"(
    version: 4,
    name: "Turned and mirrored parts",
    nodes: [
        (label: "A", kind: Switch, pos: (0, 0)),
        (label: "B", kind: Switch, pos: (0, 5)),
        (label: "X", kind: Xor(2), pos: (7, 1), facing: South),
        (label: "CLK", kind: Button, pos: (0, 12)),
        (label: "F", kind: Dff, pos: (12, 9), flip: true),
        (label: "N", kind: Nand(2), pos: (20, 2), facing: West),
        (label: "Q", kind: Lamp, pos: (22, 10)),
        (label: "NQ", kind: Lamp, pos: (13, 1), facing: North),
    ],
    wires: [
        (from: "A", to: "X"),
        (from: "B", to: "X", input: 1),
        (from: "X", to: "F"),
        (from: "CLK", to: "F", input: 1),
        (from: "F", to: "Q"),
        (from: "F", to: "N"),
        (from: "X", to: "N", input: 1),
        (from: "N", to: "NQ"),
    ],
)"#,
    )
    .expect("write the circuit");
    let mut h =
        crate::common::app(gui::pages::circuit::state::CircuitPageState::open_or_report(&path));
    assert!(
        h.state().state.notice.is_none(),
        "{:?}",
        h.state().state.notice
    );
    h.run_steps(8);
    let routes = h.state_mut().canvas_mut().routes();
    assert_eq!(
        routes.picture.check(&routes.routing),
        vec![],
        "the picture is true"
    );
    save(&mut h, "rotated_parts");
}

#[test]
#[ignore = "writes docs/screenshots/tunnels.png"]
fn the_full_adder_through_tunnels() {
    let mut h = crate::common::app_with("tunnels.ron");
    {
        let state = &mut h.state_mut().state;
        for (label, value) in [("A", Trit::True), ("B", Trit::True), ("CIN", Trit::False)] {
            let id = state.circuit().find(label).expect(label);
            state.set_value(id, value);
        }
        state.set_bus_number("X", "0x5").expect("X");
    }
    h.run_steps(4);
    save(&mut h, "tunnels");
}

#[test]
#[ignore = "writes docs/screenshots/help_shortcuts.png"]
fn the_help_menu_lists_the_shortcuts() {
    let mut h = crate::common::app_with("full_adder.ron");
    h.get_by_label("Help").click();
    h.run();
    save(&mut h, "help_shortcuts");
}

#[test]
#[ignore = "writes docs/screenshots/tests_panel.png"]
fn a_failing_test_step_shown() {
    // The half adder with its carry gate deleted, its tests run: steps[3] of the truth table
    // (A = B = +1) expected C = +1 and got 0. Clicked, the canvas holds that step and the
    // waveform's cursor marks its end.
    let mut h = crate::common::app_with("half_adder.ron");
    h.run();
    crate::common::click_node(&h, "AND1");
    h.run();
    h.key_press(egui::Key::Delete);
    h.run();
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Run tests").click();
    h.run();
    h.get_by_label("steps[3]  FAIL  A=+1, B=+1").click();
    h.run();
    h.state_mut().canvas_mut().fit();
    h.run_steps(4);
    save(&mut h, "tests_panel");
}

#[test]
#[ignore = "writes docs/screenshots/builtin_adder.png and docs/screenshots/builtin_adder_inside.png"]
fn an_8_bit_adder_from_the_library_parts() {
    use crate::common::{click_cell, scroll_and_click, type_into, zoom_to_100};
    let mut h = crate::common::app(gui::pages::circuit::state::CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    type_into(&mut h, "Width", "8");
    scroll_and_click(&mut h, "Library parts");
    scroll_and_click(&mut h, "Adder");
    click_cell(&mut h, egui::pos2(6.0, 4.0));
    h.run_steps(4);
    save(&mut h, "builtin_adder");
    h.get_by_label("Open instance").click();
    h.run_steps(4);
    h.key_press(egui::Key::F);
    h.run_steps(4);
    save(&mut h, "builtin_adder_inside");
}

#[test]
#[ignore = "writes docs/screenshots/builtin_counter.png"]
fn a_2_bit_counter_from_the_library_parts() {
    // The counter of `palette.rs` wired from five switches (clk, en, up, load, srst; d and
    // arst open), reset, then counted up three times: q = 3, carry +1; the block selected.
    use crate::palette::{click_switch, counter_wired_from_switches};
    let mut h = counter_wired_from_switches();
    for (switch, clicks) in [("SW1", 1), ("SW2", 2), ("SW3", 2), ("SW4", 1), ("SW5", 2)] {
        click_switch(&mut h, switch, clicks);
    }
    click_switch(&mut h, "SW1", 2);
    click_switch(&mut h, "SW5", 1);
    for _ in 0..3 {
        click_switch(&mut h, "SW1", 2);
    }
    // The block selected: the inspector lists its pins' values.
    let block = crate::common::scene_to_screen(&h) * h.get_by_label("U1").rect();
    crate::common::click_at(&h, block.center());
    h.run_steps(4);
    save(&mut h, "builtin_counter");
}

#[test]
#[ignore = "writes docs/screenshots/io_parts.png"]
fn the_io_parts() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/io_parts_demo.ron");
    let state = gui::pages::circuit::state::CircuitPageState::open_or_report(&path);
    assert!(state.notice.is_none(), "{:?}", state.notice);
    let mut h = crate::common::app(state);
    h.run();
    // A heart, its bottom row unknown (grey).
    for (bus, value) in [
        ("N", "0xB5"),
        ("T", "0t1T01T"),
        ("PIXELS", "0x??183C7EFFFFFF66"),
        ("KEY", "0xC"),
    ] {
        h.state_mut()
            .state
            .set_bus_number(bus, value)
            .unwrap_or_else(|e| panic!("{bus} := {value}: {e}"));
    }
    h.state_mut().canvas_mut().fit();
    h.run_steps(4);
    save(&mut h, "io_parts");
}

#[test]
#[ignore = "writes docs/screenshots/tty.png"]
fn the_tty() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../circuits/tty_hello.ron");
    let mut state = gui::pages::circuit::state::CircuitPageState::open_or_report(&path);
    assert!(state.notice.is_none(), "{:?}", state.notice);
    state.sim.set_paused(true);
    let mut h = crate::common::app(state);
    h.run();
    // Three lines of "HI!" and the start of a fourth: 13 clock cycles.
    for _ in 0..26 {
        h.get_by_label("Tick").click();
        h.run();
    }
    h.state_mut().canvas_mut().fit();
    h.run_steps(4);
    // Selected: the inspector shows the whole text.
    crate::common::click_bus(&mut h, "SCREEN");
    h.run_steps(4);
    save(&mut h, "tty");
}

#[test]
#[ignore = "writes docs/screenshots/analysis_page.png"]
fn the_analysis_page() {
    let mut h = crate::analysis_page::analysis_page();
    h.get_by_label("Add input").click();
    h.get_by_label("Add output").click();
    h.run();
    h.get_by_label("G").click();
    h.run();
    crate::analysis_page::fill_from(&mut h, "A C + B' C'");
    h.get_by_label("F").click();
    h.run();
    crate::analysis_page::fill_from(&mut h, "B' D' + A B C + A' B D");
    crate::analysis_page::click_cell(&mut h, "F", 0b1011);
    crate::analysis_page::click_cell(&mut h, "F", 0b1011);
    save(&mut h, "analysis_page");
}

#[test]
#[ignore = "writes docs/screenshots/analysis_machine.png"]
fn the_state_machine_editor() {
    let mut h = crate::analysis_page::analysis_page();
    h.get_by_label("State machine").click();
    h.run();
    let path = crate::common::circuit_path("synth/traffic_light.fsm");
    let text = std::fs::read_to_string(path).expect("the traffic light reads");
    h.state_mut()
        .page_mut::<gui::pages::AnalysisPage>()
        .expect("the analysis page is listed")
        .machine
        .text = text;
    h.run();
    save(&mut h, "analysis_machine");
}
