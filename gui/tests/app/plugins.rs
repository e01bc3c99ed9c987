//! Plugins in the app, with the real 2048 and Threes! libraries (dev-dependencies, so cargo
//! builds them before these tests) and a plugin that panics (this crate's `fixture_gui_panics`
//! example): the Plugins page, a game played with the keyboard and by the AI, an experiment
//! with its summary and CSV, and errors that leave the app running.

use crate::common::TempDir;
use crate::common::plugins::{
    app, board, choose, error_line, expected_board, fill, game_2048, game_checkers, game_frame,
    game_sliding, game_threes, load, panicking_plugin, wait_until,
};
use egui::Key;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use plugin_host::LoadedPlugin;
use tritium_plugin_api::protocol::ExperimentSpec;

#[test]
fn the_plugins_page_lists_a_loaded_plugin_and_rejects_a_bad_file_with_the_reason() {
    let mut h = app();
    assert!(h.query_by_label("No plugins loaded.").is_some());
    load(&mut h, &game_2048());
    assert!(h.query_by_label("No plugins loaded.").is_none());
    let version = &h.state().games.host().plugins()[0].info().version;
    assert!(h.query_by_label(&format!("game-2048 {version}")).is_some());
    assert!(h.query_by_label("Game: 2048").is_some());
    for strategy in ["random", "greedy", "cyclic", "biased"] {
        // The name, and for strategies without parameters the example spec too.
        let found = h.query_all_by_label(strategy).count();
        assert!(found >= 1, "strategy {strategy}");
    }
    assert!(
        h.query_by_label("cyclic:drdl").is_some(),
        "the example spec"
    );
    assert!(h.query_by_label("Rules: standard, seed").is_some());

    let dir = TempDir::new("plugins-bad");
    let bad = dir.join(&format!("notes.{}", std::env::consts::DLL_EXTENSION));
    std::fs::write(&bad, "not a library\n").expect("write");
    load(&mut h, &bad);
    assert!(h.query_by_label("Rejected files").is_some());
    // Listed under "Rejected files" (and reported on the status line).
    let listed: Vec<String> = h
        .query_all_by_label_contains("notes.")
        .filter_map(|n| n.value())
        .filter(|text| !text.starts_with("Error: "))
        .collect();
    let [reason] = listed.as_slice() else {
        panic!("one rejected line: {listed:?}")
    };
    assert!(reason.contains("notes."), "{reason}");
    assert!(reason.contains(": not a loadable library"), "{reason}");
    assert!(error_line(&h).contains("not a loadable library"));
    assert_eq!(
        h.state().games.host().plugins().len(),
        1,
        "2048 stays loaded"
    );
}

#[test]
fn a_2048_game_with_a_fixed_seed_is_played_with_arrows_wasd_and_an_ai_move() {
    let plugin = LoadedPlugin::load(&game_2048()).expect("the 2048 plugin loads");
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Play 2048").click();
    h.run();
    assert_eq!(h.state().page_title(), "Game");
    fill(&mut h, "Seed", "7");
    h.get_by_label("New game").click();
    h.run();
    let mut expected = plugin.new_game("2048", None, 7).expect("new game");
    assert_eq!(board(&h), expected_board(&expected));
    assert_eq!(board(&h).len(), 16);

    // Two arrows and two WASD keys, each applied to the plugin's own frame as well.
    let mut last_key = None;
    for (key, hint) in [
        (Key::ArrowLeft, "left"),
        (Key::ArrowUp, "up"),
        (Key::D, "right"),
        (Key::S, "down"),
    ] {
        let action = expected
            .actions
            .iter()
            .find(|a| a.key.as_deref() == Some(hint))
            .map(|a| a.id.clone());
        h.key_press(key);
        h.run();
        if let Some(action) = action {
            expected = plugin.apply("2048", &expected, &action).expect("legal");
            last_key = Some(key);
        }
        assert_eq!(board(&h), expected_board(&expected), "after {hint}");
    }
    let moves = h.state().games.play.session.as_ref().expect("game").moves;
    assert!(moves >= 3, "{moves} moves");
    assert_eq!(game_frame(&h), expected);

    // Undo takes the last move back, and the same move plays it again.
    let last = game_frame(&h);
    h.get_by_label("Undo").click();
    h.run();
    let moves_now = h.state().games.play.session.as_ref().expect("game").moves;
    assert_eq!(moves_now, moves - 1);
    assert_ne!(game_frame(&h), last);
    h.key_press(last_key.expect("a legal move was played"));
    h.run();
    assert_eq!(game_frame(&h), last, "spawns depend only on the state");

    // An AI move with greedy, on the worker thread.
    choose(&mut h, "Strategy", "greedy");
    assert_eq!(h.state().games.play.strategy.spec, "greedy");
    h.get_by_label("AI move").click();
    h.run();
    wait_until(&mut h, "the AI move", |h| {
        h.state().games.play.thinking().is_none()
    });
    assert_eq!(
        h.state().games.play.session.as_ref().expect("game").moves,
        moves + 1
    );
    let last = h
        .get_by_label_contains("Last move: greedy: ")
        .accesskit_node()
        .label()
        .or_else(|| h.get_by_label_contains("Last move: ").value())
        .expect("text");
    let label = last.trim_start_matches("Last move: greedy: ");
    let action = expected
        .actions
        .iter()
        .find(|a| a.label == label)
        .unwrap_or_else(|| panic!("{last:?} names a legal move"));
    let after = plugin.apply("2048", &expected, &action.id).expect("legal");
    assert_eq!(board(&h), expected_board(&after));
    assert!(h.query_by_label_contains("Error: ").is_none());
}

#[test]
fn a_small_experiment_shows_the_plugins_summary_and_exports_csv() {
    let plugin = LoadedPlugin::load(&game_2048()).expect("the 2048 plugin loads");
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Experiment with 2048").click();
    h.run();
    assert_eq!(h.state().page_title(), "Experiments");
    choose(&mut h, "Strategy", "greedy");
    choose(&mut h, "Rules", "seed");
    fill(&mut h, "Seed", "11");
    h.get_by_label("Games").set_value_accesskit(5.0);
    h.run();
    assert_eq!(h.state().games.experiment.games, 5);
    h.get_by_label("Run").click();
    h.run();
    wait_until(&mut h, "the experiment", |h| {
        h.state().games.experiment.running().is_none()
    });

    let expected = plugin
        .experiment(
            "2048",
            &ExperimentSpec {
                strategy: "greedy".into(),
                games: 5,
                seed: 11,
                rules: Some("seed".into()),
                opponent: None,
                shard: None,
            },
            None,
        )
        .expect("experiment");
    assert!(h.query_by_label("greedy: 5 games, rules seed").is_some());
    // The summary is a table of readable names and values, the primary aggregate first and
    // the milestones in numeric order.
    let rows = gui::games::report::summary_table(&expected);
    for (name, value) in &rows {
        assert!(h.query_by_label(name).is_some(), "summary name {name:?}");
        assert!(
            h.query_all_by_label(value).count() >= 1,
            "summary value {value:?}"
        );
    }
    let aett = gui::games::report::aggregate(&expected.aggregates["aett"]);
    assert_eq!(rows[0], ("average end-tile total (AETT)".to_owned(), aett));
    let milestones: Vec<&str> = rows
        .iter()
        .map(|(name, _)| name.as_str())
        .filter(|name| name.starts_with("share of games reaching "))
        .collect();
    assert_eq!(
        milestones,
        [2048, 4096, 8192, 16384, 32768].map(|m| format!("share of games reaching {m}")),
        "numeric order"
    );
    assert!(h.query_by_label("Distribution of end_tile_total").is_some());
    assert!(h.query_by_label("Share of games by max tile").is_some());

    let dir = TempDir::new("plugins-csv");
    let csv = dir.join("greedy.csv");
    fill(&mut h, "CSV file", &csv.display().to_string());
    h.get_by_label("Export CSV").click();
    h.run();
    let text = std::fs::read_to_string(&csv).expect("the CSV was written");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines[0].starts_with("game,seed,"), "{}", lines[0]);
    assert!(lines[0].contains("end_tile_total"), "{}", lines[0]);
    assert!(lines[1].starts_with(&format!("1,{},", expected.games[0].seed)));
    assert!(h.query_by_label_contains("wrote 5 games to ").is_some());
}

#[test]
fn a_plugin_that_panics_shows_the_error_and_the_app_keeps_running() {
    let mut h = app();
    load(&mut h, &panicking_plugin());
    h.get_by_label("Play Boom").click();
    h.run();
    fill(&mut h, "Seed", "3");
    h.get_by_label("New game").click();
    h.run();
    assert_eq!(error_line(&h), "Error: the plugin panicked: boom at seed 3");
    assert!(h.state().games.play.session.is_none());

    // The plugin and the app still work: a game at seed 0, played with its own key.
    fill(&mut h, "Seed", "0");
    h.get_by_label("New game").click();
    h.run();
    assert_eq!(board(&h), ["row 1 col 1: 0"]);
    h.key_press(Key::P);
    h.run();
    assert_eq!(board(&h), ["row 1 col 1: 1"]);
    h.get_by_label("Press").click();
    h.run();
    assert_eq!(board(&h), ["row 1 col 1: 2"]);

    // The AI panics on the worker thread: an error, and the game goes on.
    h.get_by_label("AI move").click();
    h.run();
    wait_until(&mut h, "the AI's answer", |h| {
        h.state().games.play.thinking().is_none()
    });
    assert_eq!(
        error_line(&h),
        "Error: the plugin panicked: the AI exploded"
    );
    h.key_press(Key::P);
    h.run();
    assert_eq!(board(&h), ["row 1 col 1: 3"]);

    // An experiment that never ends on its own: progress shows, Cancel stops it.
    h.get_by_label("Experiments").click();
    h.run();
    h.get_by_label("Run").click();
    h.run();
    wait_until(&mut h, "progress", |h| {
        h.state()
            .games
            .experiment
            .running()
            .is_some_and(|(_, total)| total > 0)
    });
    assert!(h.query_by_label_contains("/1000 games").is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().games.experiment.running().is_none());
    assert!(h.query_by_label("experiment cancelled").is_some());

    // The circuit editor is unharmed.
    h.get_by_label("Circuit").click();
    h.run();
    assert_eq!(crate::common::status(&h, "Mode: "), "Mode: Run");
}

#[test]
fn an_ai_move_can_be_cancelled_while_it_thinks() {
    let mut h = app();
    load(&mut h, &panicking_plugin());
    h.get_by_label("Play Boom").click();
    h.run();
    fill(&mut h, "Seed", "0");
    h.get_by_label("New game").click();
    h.run();
    choose(&mut h, "Strategy", "wait");
    h.get_by_label("AI move").click();
    h.run();
    wait_until(&mut h, "progress from the AI", |h| {
        h.state()
            .games
            .play
            .thinking()
            .is_some_and(|(fraction, _)| fraction.is_some())
    });
    assert!(h.query_by_label_contains("thinking… ").is_some());
    // The window stays live while the AI thinks: the player's buttons are just disabled.
    assert!(!h.state().games.can_move());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().games.play.thinking().is_none());
    assert!(h.query_by_label("AI move cancelled").is_some());
    h.key_press(Key::P);
    h.run();
    assert_eq!(board(&h), ["row 1 col 1: 1"]);
}

#[test]
fn autoplay_plays_until_it_is_turned_off() {
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Play 2048").click();
    h.run();
    fill(&mut h, "Seed", "5");
    h.get_by_label("New game").click();
    h.run();
    choose(&mut h, "Strategy", "greedy");
    h.state_mut().games.play.speed = 200.0;
    h.get_by_label("Autoplay").click();
    h.run();
    assert!(h.state().games.play.autoplay);
    let moves =
        |h: &crate::common::App| h.state().games.play.session.as_ref().map_or(0, |s| s.moves);
    wait_until(&mut h, "ten autoplayed moves", |h| moves(h) >= 10);
    h.get_by_label("Autoplay").click();
    h.run();
    assert!(!h.state().games.play.autoplay);
    wait_until(&mut h, "the last AI move", |h| {
        h.state().games.play.thinking().is_none()
    });
    let stopped = moves(&h);
    for _ in 0..20 {
        h.step();
    }
    assert_eq!(moves(&h), stopped, "no moves after autoplay is off");
    assert!(h.query_by_label_contains("Error: ").is_none());
}

#[test]
fn a_sweep_ranks_every_strategy_of_a_family_and_exports_the_ranking() {
    let plugin = LoadedPlugin::load(&game_2048()).expect("the 2048 plugin loads");
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Experiment with 2048").click();
    h.run();
    h.get_by_label("Games").set_value_accesskit(3.0);
    h.run();
    fill(&mut h, "Seed", "5");
    choose(&mut h, "Family", "cyclic");
    h.get_by_label("max-len").set_value_accesskit(3.0);
    h.run();
    h.get_by_label("Run sweep").click();
    h.run();
    wait_until(&mut h, "the sweep", |h| {
        h.state().games.experiment.running().is_none()
    });
    assert!(h.query_by_label_contains("Error: ").is_none());

    // The same sweep straight through the plugin, ranked the same way.
    let rules = h.state().games.experiment.setup.rules.clone();
    let reports: Vec<_> = plugin
        .sweep("2048", "cyclic", 3)
        .expect("a sweep")
        .into_iter()
        .map(|strategy| {
            let spec = ExperimentSpec {
                strategy,
                games: 3,
                seed: 5,
                rules: Some(rules.clone()),
                opponent: None,
                shard: None,
            };
            plugin.experiment("2048", &spec, None).expect("experiment")
        })
        .collect();
    let expected = gui::games::report::Ranking::new("cyclic", 3, reports);
    let ranking = h
        .state()
        .games
        .experiment
        .ranking()
        .cloned()
        .expect("ranked");
    assert_eq!(ranking, expected);
    let heading = format!(
        "Sweep cyclic (3): {} strategies × 3 games, rules {rules}",
        expected.rows.len()
    );
    assert!(h.query_by_label(&heading).is_some(), "{heading}");

    // "Use" on the best row puts it in the strategy field (the Game page's too).
    h.get_all_by_label("Use").next().expect("a row").click();
    h.run();
    assert_eq!(
        h.state().games.play.strategy.spec,
        expected.rows[0].strategy
    );
    assert_eq!(h.state().games.play.strategy.name, "cyclic");

    let dir = TempDir::new("plugins-sweep");
    let csv = dir.join("sweep.csv");
    fill(&mut h, "CSV file", &csv.display().to_string());
    h.get_by_label("Export CSV").click();
    h.run();
    let text = std::fs::read_to_string(&csv).expect("the CSV was written");
    assert_eq!(text, expected.to_csv());
    assert_eq!(text.lines().count(), expected.rows.len() + 1);
}

#[test]
fn plugins_found_at_start_are_listed_with_the_directories_searched() {
    let dir = TempDir::new("plugins-discover");
    let library = game_2048();
    let copy = dir.join(&library.file_name().expect("a file name").to_string_lossy());
    std::fs::copy(&library, &copy).expect("copy the library");
    let games = gui::games::state::GamesState::discover(&[dir.path().to_owned()]);
    assert_eq!(games.host().plugins().len(), 1);
    let (_, game) = games.game().expect("the first game is selected");
    assert_eq!(game.name, "2048");

    let mut h = egui_kittest::Harness::builder()
        .with_size(crate::common::WINDOW)
        .with_max_steps(12)
        .build_ui_state(
            |ui, app: &mut gui::TritiumApp| app.show(ui),
            gui::TritiumApp::with_games(
                gui::pages::circuit::state::CircuitPageState::default(),
                games,
            ),
        );
    h.run();
    h.get_by_label("Plugins").click();
    h.run();
    let searched = format!("Searched: {}", dir.path().display());
    assert!(h.query_by_label(&searched).is_some(), "{searched}");
    assert!(h.query_by_label("Play 2048").is_some());
    // The Game page is ready for a new game with the game's defaults.
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("New game").click();
    h.run();
    assert_eq!(board(&h).len(), 16);
}

#[test]
fn a_game_starts_from_a_pasted_position_and_a_bad_one_is_a_notice() {
    let mut h = app();
    load(&mut h, &game_2048());
    h.get_by_label("Play 2048").click();
    h.run();
    // A bad position: the plugin names the tile that cannot exist, the app keeps running.
    fill(&mut h, "Position", "2 0 0 0/0 0 0 0/0 0 0 0/0 0 0 6");
    h.get_by_label("New game").click();
    h.run();
    let error = error_line(&h);
    assert!(
        error.starts_with("Error: ") && error.contains("`6`"),
        "{error}"
    );
    assert!(h.state().games.play.session.is_none());

    let position = "2 0 0 0/0 4 0 0/0 0 8 0/0 0 0 2048 score=60 moves=9";
    fill(&mut h, "Position", position);
    h.get_by_label("New game").click();
    h.run();
    let cells = board(&h);
    assert_eq!(cells[0], "row 1 col 1: 2");
    assert_eq!(cells[15], "row 4 col 4: 2048");
    assert_eq!(game_frame(&h).position, position);
    // The position is shown under the board, ready to copy.
    assert!(h.query_by_label(&format!("Position: {position}")).is_some());
    h.get_by_label("Copy").click();
    h.run();
}

#[test]
fn threes_plays_in_the_generic_game_view_with_the_next_tile_shown() {
    let plugin = LoadedPlugin::load(&game_threes()).expect("the Threes plugin loads");
    let mut h = app();
    load(&mut h, &game_threes());
    h.get_by_label("Play Threes!").click();
    h.run();
    let position = "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4";
    fill(&mut h, "Position", position);
    fill(&mut h, "Seed", "5");
    h.get_by_label("New game").click();
    h.run();
    let frame = game_frame(&h);
    assert_eq!(frame.position, format!("{position} moves=0"));
    assert_eq!(board(&h)[0], "row 1 col 1: 1");
    // The next tile, shown above the board like a cell.
    assert!(h.query_by_label("next: 2").is_some());
    // ← merges the 1 and the 2; the app shows exactly the plugin's own next frame.
    h.key_press(Key::ArrowLeft);
    h.run();
    let expected = plugin.apply("threes", &frame, "l").expect("legal");
    assert_eq!(board(&h), expected_board(&expected));
    assert_eq!(board(&h)[0], "row 1 col 1: 3");
    assert_eq!(game_frame(&h), expected);
    let next = expected.view.preview.as_ref().expect("a next tile").cells[0]
        .text
        .clone();
    assert!(h.query_by_label(&format!("next: {next}")).is_some());
    // The AI plays on the worker thread.
    choose(&mut h, "Strategy", "greedy");
    h.get_by_label("AI move").click();
    wait_until(&mut h, "the AI move", |h| {
        game_frame(h).position.ends_with(" moves=2")
    });
}

#[test]
fn a_threes_experiment_shows_the_mean_score_and_its_plots() {
    let mut h = app();
    load(&mut h, &game_threes());
    h.get_by_label("Experiment with Threes!").click();
    h.run();
    choose(&mut h, "Strategy", "greedy");
    fill(&mut h, "Seed", "3");
    h.get_by_label("Games").set_value_accesskit(4.0);
    h.run();
    h.get_by_label("Run").click();
    h.run();
    wait_until(&mut h, "the experiment", |h| {
        h.state().games.experiment.running().is_none()
    });
    let plugin = LoadedPlugin::load(&game_threes()).expect("the Threes plugin loads");
    let spec = ExperimentSpec {
        strategy: "greedy".into(),
        games: 4,
        seed: 3,
        rules: None,
        opponent: None,
        shard: None,
    };
    let expected = plugin
        .experiment("threes", &spec, None)
        .expect("experiment");
    let mean = plugin_host::report::aggregate(&expected.aggregates["mean_score"]);
    // The primary aggregate leads the summary.
    assert_eq!(
        plugin_host::report::summary(&expected)[0],
        format!("mean_score: {mean}")
    );
    // The table's first row: the primary aggregate by its readable name, and its value.
    let rows = plugin_host::report::summary_table(&expected);
    assert_eq!(rows[0], ("mean score".to_owned(), mean.clone()));
    assert!(h.query_by_label("mean score").is_some());
    assert!(h.query_all_by_label(&mean).count() >= 1);
    assert!(h.query_by_label("Distribution of score").is_some());
    assert!(h.query_by_label("Share of games by max tile").is_some());
}

#[test]
fn checkers_moves_are_made_by_clicking_the_piece_then_each_landing_square() {
    let mut h = app();
    load(&mut h, &game_checkers());
    h.get_by_label("Play Checkers").click();
    h.run();
    h.get_by_label("New game").click();
    h.run();
    assert_eq!(game_frame(&h).to_move, Some(0));
    // 11-15: square 11 is row 3, column 6 on the screen; 15 is row 4, column 5.
    h.get_by_label("row 3 col 6: red man").click();
    h.run();
    assert_eq!(h.state().games.play.selected.len(), 1);
    h.get_by_label("row 4 col 5: empty").click();
    h.run();
    assert!(
        game_frame(&h)
            .position
            .ends_with(":B1,2,3,4,5,6,7,8,9,10,12,15"),
        "{}",
        game_frame(&h).position
    );
    assert_eq!(game_frame(&h).to_move, Some(1));
    // The last move is highlighted: the square left and the square reached.
    assert!(h.query_by_label("row 3 col 6: empty, last move").is_some());
    assert!(
        h.query_by_label("row 4 col 5: red man, last move")
            .is_some()
    );
    // White is the AI's: it replies by itself (no AI move, no Autoplay), then waits for red.
    h.get_by_label("AI white").click();
    h.run();
    wait_until(&mut h, "white's reply", |h| {
        game_frame(h).to_move == Some(0)
    });
    assert!(!h.state().games.play.autoplay);
    let moves = h.state().games.play.session.as_ref().expect("a game").moves;
    assert_eq!(moves, 2);
    for _ in 0..20 {
        h.step();
    }
    assert_eq!(
        h.state().games.play.session.as_ref().expect("a game").moves,
        2,
        "the AI does not move for red"
    );
    // White's move is the one highlighted now: a white man on its last square.
    let last = &h
        .state()
        .games
        .play
        .session
        .as_ref()
        .expect("a game")
        .last_path;
    assert_eq!(last.len(), 2, "a white step: from and to");
    let reached = board(&h)
        .into_iter()
        .filter(|cell| cell.ends_with(", last move"))
        .collect::<Vec<_>>();
    assert_eq!(reached.len(), 2, "{reached:?}");
    assert!(
        reached.iter().any(|c| c.contains(": white man, last move")),
        "{reached:?}"
    );
    // Undo takes back white's reply and red's move: red is to move at the start again.
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(
        h.state().games.play.session.as_ref().expect("a game").moves,
        0
    );
    assert_eq!(game_frame(&h).to_move, Some(0));
    for _ in 0..10 {
        h.step();
    }
    assert_eq!(game_frame(&h).to_move, Some(0), "red's turn stays red's");
    // White is a person's again (its "Human", after red's).
    h.get_all_by_label("Human").nth(1).expect("white's").click();
    h.run();

    // A double jump, clicked square by square: 9, 18, 27 — and red has won.
    fill(&mut h, "Position", "B:W14,23:B9");
    h.get_by_label("New game").click();
    h.run();
    h.get_by_label("row 3 col 2: red man").click();
    h.run();
    h.get_by_label("row 5 col 4: empty").click();
    h.run();
    // Half-way: nothing is played yet.
    assert_eq!(
        h.state().games.play.session.as_ref().expect("a game").moves,
        0
    );
    h.get_by_label("row 7 col 6: empty").click();
    h.run();
    let frame = game_frame(&h);
    assert_eq!(frame.position, "W:W:B27");
    assert_eq!(frame.result.as_ref().and_then(|r| r.winner), Some(0));
    assert!(
        h.query_by_label("Game over: red wins: white has no legal move")
            .is_some()
    );
}

#[test]
fn a_puzzle_gets_a_hint_and_is_solved_by_its_solver() {
    let mut h = app();
    load(&mut h, &game_sliding());
    h.get_by_label("Play Sliding puzzle").click();
    h.run();
    // Two moves from the goal: the 7, then the 8, slide left.
    fill(&mut h, "Position", "1 2 3/4 5 6/0 7 8");
    h.get_by_label("New game").click();
    h.run();
    assert!(h.query_by_label("Solver").is_some());
    h.get_by_label("Hint").click();
    h.run();
    wait_until(&mut h, "the hint", |h| !h.state().games.solving());
    assert_eq!(h.state().games.play.hint.as_deref(), Some("l"));
    assert!(
        h.query_by_label_contains("hint: Slide 7 left (2 moves left)")
            .is_some()
    );
    // Solve plays the solution back to the goal.
    h.state_mut().games.play.speed = 200.0;
    h.get_by_label("Solve").click();
    h.run();
    wait_until(&mut h, "the solution", |h| game_frame(h).outcome.is_some());
    assert_eq!(game_frame(&h).position, "1 2 3/4 5 6/7 8 0");
    assert!(
        game_frame(&h)
            .outcome
            .is_some_and(|o| o.starts_with("solved in 2 moves (optimal: 2)")),
        "{:?}",
        game_frame(&h).outcome
    );
}
