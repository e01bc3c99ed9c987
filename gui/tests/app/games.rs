//! The Game page's behaviour across games, with the real plugin libraries: a game in progress
//! survives choosing another game, the move buttons keep their places, a board shows its
//! notation and says when a click leads nowhere, and a puzzle's legend, hint and solver.

use crate::common::plugins::{
    app, choose, error_line, fill, game_2048, game_checkers, game_frame, game_sliding, game_threes,
    load, wait_until,
};
use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable as _};

/// Picks `title` from the Game page's "Game" combo box (the page tab has the same name).
fn choose_game(h: &mut crate::common::App, title: &str) {
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Game")
        .click();
    h.run();
    h.get_by_label(title).click();
    h.run();
}

fn moves(h: &crate::common::App) -> u64 {
    h.state().games.play.session.as_ref().map_or(0, |s| s.moves)
}

#[test]
fn choosing_another_game_keeps_the_game_in_progress() {
    let mut h = app();
    load(&mut h, &game_2048());
    load(&mut h, &game_threes());
    h.get_by_label("Play 2048").click();
    h.run();
    fill(&mut h, "Seed", "7");
    h.get_by_label("New game").click();
    h.run();
    h.key_press(Key::ArrowLeft);
    h.run();
    h.key_press(Key::ArrowUp);
    h.run();
    let game = game_frame(&h);
    let played = moves(&h);
    assert!(played >= 1);

    choose_game(&mut h, "Threes! (game-threes)");
    assert!(
        h.query_by_label("the 2048 game in progress is kept: choose 2048 to go on")
            .is_some()
    );
    assert!(
        h.state().games.play.session.is_none(),
        "Threes! has no game yet"
    );
    assert_eq!(
        h.state().games.play.setup.seed,
        "1",
        "Threes!' own defaults"
    );
    h.get_by_label("New game").click();
    h.run();
    let threes = game_frame(&h);

    // Back to 2048: the same board, moves and seed, and the game goes on.
    choose_game(&mut h, "2048 (game-2048)");
    assert_eq!(game_frame(&h), game);
    assert_eq!(moves(&h), played);
    assert_eq!(h.state().games.play.setup.seed, "7");
    assert!(h.query_by_label_contains("Last move: you: ").is_some());
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(moves(&h), played - 1, "its undo history came back too");
    // And Threes! kept its game as well.
    choose_game(&mut h, "Threes! (game-threes)");
    assert_eq!(game_frame(&h), threes);
}

#[test]
fn the_move_buttons_keep_their_places_when_a_move_is_not_legal() {
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Play 2048").click();
    h.run();
    // One tile in the top-left corner: Left and Up change nothing, so are not legal.
    fill(&mut h, "Position", "2 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0");
    h.get_by_label("New game").click();
    h.run();
    let legal: Vec<String> = game_frame(&h)
        .actions
        .iter()
        .map(|a| a.label.clone())
        .collect();
    assert_eq!(legal, ["Right", "Down"]);
    let place = |h: &crate::common::App, label: &str| {
        let node = h.get_by_label(label);
        let rect = node.accesskit_node().bounding_box().expect("on screen");
        (rect.x0, rect.y0, node.accesskit_node().is_disabled())
    };
    let left = place(&h, "Left");
    let up = place(&h, "Up");
    assert!(left.2 && up.2, "shown, disabled: {left:?} {up:?}");
    let (right, down) = (place(&h, "Right"), place(&h, "Down"));
    assert!(!right.2 && !down.2);
    // In the game's order, left to right: Left, Right, Up, Down.
    assert!(left.0 < right.0 && right.0 < up.0 && up.0 < down.0);
    // A move that makes Left legal leaves every button where it was.
    h.get_by_label("Right").click();
    h.run();
    assert!(!place(&h, "Left").2, "Left is legal now");
    for (label, before) in [("Left", left), ("Right", right), ("Up", up), ("Down", down)] {
        let now = place(&h, label);
        assert_eq!((now.0, now.1), (before.0, before.1), "{label} stayed");
    }
}

#[test]
fn a_checkers_board_shows_its_square_numbers_and_says_when_a_click_leads_nowhere() {
    let mut h = app();
    load(&mut h, &game_checkers());
    h.get_by_label("Play Checkers").click();
    h.run();
    h.get_by_label("New game").click();
    h.run();
    // The numbers are the plugin's (PDN squares 1–32), shown on request.
    assert!(h.query_by_label("row 3 col 6: red man").is_some());
    h.get_by_label("Square numbers").click();
    h.run();
    assert!(h.query_by_label("row 3 col 6: red man (11)").is_some());
    assert!(h.query_by_label("row 1 col 2: red man (1)").is_some());
    assert!(h.query_by_label("row 8 col 7: white man (32)").is_some());
    // A light square starts no move: said on the status line, nothing selected.
    h.get_by_label("row 1 col 1: empty").click();
    h.run();
    assert_eq!(error_line(&h), "Error: no legal move starts at row 1 col 1");
    // A piece, then a square it cannot reach: said too, and the selection is dropped.
    h.get_by_label("row 3 col 6: red man (11)").click();
    h.run();
    assert_eq!(h.state().games.play.selected.len(), 1);
    h.get_by_label("row 5 col 6: empty (19)").click();
    h.run();
    assert_eq!(
        error_line(&h),
        "Error: no legal move continues to row 5 col 6: choose a marked cell"
    );
    assert!(h.state().games.play.selected.is_empty());
    assert_eq!(moves(&h), 0);

    // With red the AI's (searching for 3 s), red's men cannot be moved by a click: said,
    // and the AI moves.
    choose(&mut h, "Strategy", "alphabeta");
    fill(&mut h, "Spec", "alphabeta:depth=64,time=3000");
    h.get_by_label("AI red").click();
    h.run();
    h.get_by_label("row 3 col 6: red man (11)").click();
    h.run();
    assert_eq!(error_line(&h), "Error: red is the AI's: it moves by itself");
    assert!(h.state().games.play.selected.is_empty());
    assert_eq!(moves(&h), 0);
    wait_until(&mut h, "red's AI move", |h| moves(h) == 1);
}

#[test]
fn a_puzzle_has_a_colour_legend_a_named_hint_and_solver_moves_logged_as_the_solvers() {
    let mut h = app();
    load(&mut h, &game_sliding());
    h.get_by_label("Play Sliding puzzle").click();
    h.run();
    fill(&mut h, "Position", "1 2 3/4 5 6/0 7 8");
    h.get_by_label("New game").click();
    h.run();
    for meaning in ["tile in its goal place", "tile out of place", "the blank"] {
        assert!(h.query_by_label(meaning).is_some(), "legend: {meaning}");
    }
    // The hint names the tile and the way it slides.
    h.get_by_label("Hint").click();
    h.run();
    wait_until(&mut h, "the hint", |h| !h.state().games.solving());
    assert!(
        h.query_by_label("hint: Slide 7 left (2 moves left)")
            .is_some(),
        "{:?}",
        h.state().games.notice
    );
    // The button says the same; the other ways keep their places, disabled.
    assert!(h.query_by_label("Slide 7 left").is_some());
    assert!(h.get_by_label("Right").accesskit_node().is_disabled());
    assert!(h.get_by_label("Up").accesskit_node().is_disabled());
    // Solve: the solver's moves are logged as its moves, not the player's.
    let solver = h.state().games.solvers()[0].name.clone();
    h.state_mut().games.play.speed = 200.0;
    h.get_by_label("Solve").click();
    h.run();
    wait_until(&mut h, "the solution", |h| game_frame(h).outcome.is_some());
    assert!(
        h.query_by_label(&format!("Last move: {solver}: Slide 8 left"))
            .is_some(),
        "{:?}",
        h.state()
            .games
            .play
            .session
            .as_ref()
            .and_then(|s| s.last.clone())
    );
}

#[test]
fn strategy_parameters_are_fields_built_from_the_plugins_declarations() {
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Play 2048").click();
    h.run();
    fill(&mut h, "Seed", "3");
    h.get_by_label("New game").click();
    h.run();
    choose(&mut h, "Strategy", "expectimax");
    let spec = |h: &crate::common::App| h.state().games.play.strategy.spec.clone();
    // The form starts at the plugin's declared defaults: its documented depth, 4.
    assert_eq!(spec(&h), "expectimax", "nothing but the defaults");
    let depth = |h: &crate::common::App| {
        h.get_by_label("depth")
            .accesskit_node()
            .numeric_value()
            .expect("a number field")
    };
    let declared = h
        .state()
        .games
        .game()
        .and_then(|(_, g)| g.strategies.iter().find(|s| s.name == "expectimax"))
        .and_then(|s| s.params.iter().find(|p| p.name == "depth"))
        .map(|p| p.default.clone())
        .expect("expectimax declares its depth");
    assert_eq!(declared, "4", "2048's expectimax documents depth 4");
    assert!((depth(&h) - 4.0).abs() < 1e-9, "the field shows it");
    // A field changed rewrites the spec, which stays shown and editable.
    h.get_by_label("depth").set_value_accesskit(2.0);
    h.run();
    assert_eq!(spec(&h), "expectimax:depth=2");
    fill(&mut h, "time", "250");
    assert_eq!(spec(&h), "expectimax:depth=2,time=250");
    assert!(h.query_by_label("Spec").is_some());
    // Left out of the spec, the field shows the declared default — the depth the
    // strategy really searches, as its own note says after an AI move.
    fill(&mut h, "Spec", "expectimax");
    let default = depth(&h);
    h.get_by_label("AI move").click();
    h.run();
    wait_until(&mut h, "the AI move", |h| {
        h.state().games.play.thinking().is_none()
    });
    let last = h
        .state()
        .games
        .play
        .session
        .as_ref()
        .and_then(|s| s.last.clone())
        .expect("a move");
    assert!(
        last.contains(&format!("(expectimax depth {default}, ")),
        "{last} searched at the field's default {default}"
    );
    // A positional parameter: cyclic's sequence.
    choose(&mut h, "Strategy", "cyclic");
    fill(&mut h, "sequence", "lrud");
    assert_eq!(spec(&h), "cyclic:lrud");
}

#[test]
fn experiments_use_the_game_pages_strategy_and_keep_every_run() {
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Play 2048").click();
    h.run();
    choose(&mut h, "Strategy", "greedy");
    // The Experiments page runs the strategy chosen on the Game page.
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Experiments")
        .click();
    h.run();
    assert_eq!(h.state().page_title(), "Experiments");
    assert_eq!(
        h.get_by_label("Spec").value().as_deref(),
        Some("greedy"),
        "the Game page's strategy"
    );
    h.get_by_label("Games").set_value_accesskit(3.0);
    h.run();
    h.get_by_label("Run").click();
    h.run();
    wait_until(&mut h, "the experiment", |h| {
        h.state().games.experiment.running().is_none()
    });
    assert!(
        h.query_by_label("greedy: 3 games, rules standard")
            .is_some()
    );
    // A sweep afterwards is added to the runs, not put in the experiment's place.
    choose(&mut h, "Family", "cyclic");
    h.get_by_label("max-len").set_value_accesskit(2.0);
    h.run();
    h.get_by_label("Run sweep").click();
    h.run();
    wait_until(&mut h, "the sweep", |h| {
        h.state().games.experiment.running().is_none()
    });
    assert_eq!(h.state().games.experiment.runs.len(), 2);
    assert!(h.query_by_label_contains("Sweep cyclic (2): ").is_some());
    let first = "1. 2048 · greedy · 3 games · rules standard";
    h.get_by_label(first).click();
    h.run();
    assert!(
        h.query_by_label("greedy: 3 games, rules standard")
            .is_some()
    );
    assert!(h.query_by_label("Distribution of end_tile_total").is_some());
    assert!(h.query_by_label_contains("Sweep cyclic (2): ").is_none());
    // Clear removes the run shown; the sweep is shown then. Clear all removes the rest.
    h.get_by_label("Clear").click();
    h.run();
    assert!(h.query_by_label(first).is_none());
    assert_eq!(h.state().games.experiment.runs.len(), 1);
    assert!(h.query_by_label_contains("Sweep cyclic (2): ").is_some());
    h.get_by_label("Clear all").click();
    h.run();
    assert!(h.state().games.experiment.runs.is_empty());
    assert!(
        h.query_by_label("No results yet: choose a strategy and Run, or run a sweep.")
            .is_some()
    );
}

#[test]
fn checkers_move_buttons_fit_in_a_1280_by_800_window() {
    let mut h = app();
    assert_eq!(crate::common::WINDOW, egui::vec2(1280.0, 800.0));
    load(&mut h, &game_checkers());
    h.get_by_label("Play Checkers").click();
    h.run();
    h.get_by_label("New game").click();
    h.run();
    // The notation shown too: everything under the board at once.
    h.get_by_label("Square numbers").click();
    h.run();
    let labels: Vec<String> = h
        .state()
        .games
        .play
        .session
        .as_ref()
        .map(|s| s.frame.actions.iter().map(|a| a.label.clone()).collect())
        .unwrap_or_default();
    assert_eq!(labels.len(), 7, "red's seven opening moves");
    // The status line at the window's foot covers what reaches below its top.
    let foot = h
        .get_by_label("new Checkers game, rules american, seed 1")
        .rect()
        .top();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, crate::common::WINDOW);
    for label in &labels {
        let button = h
            .get_by_role_and_label(egui::accesskit::Role::Button, label)
            .rect();
        assert!(window.contains_rect(button), "{label} at {button:?}");
        assert!(
            button.bottom() <= foot,
            "{label} at {button:?}, under the status line at {foot}"
        );
    }
}
