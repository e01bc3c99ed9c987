//! Cancellation through the plugin's C entry point, exactly as the host calls it (the built
//! `game-2048` library loaded by `plugin-host`): a progress sink that answers "stop" makes an
//! expectimax AI move and an expectimax experiment fail with `Cancelled`; one that answers
//! "go on" lets them finish.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use plugin_host::{CallError, LoadedPlugin};
use serde_json::json;
use tritium_plugin_api::protocol::ExperimentSpec;
use tritium_plugin_api::{PluginError, Request, Response};

/// The host side of a progress sink: counts the reports; cancels when `stop` is set.
struct Host {
    reports: AtomicU64,
    stop: bool,
}

/// This crate's cdylib, built next to the test binary (`target/<profile>/deps/`).
fn library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary");
    let dir = exe.parent().expect("target/<profile>/deps");
    let file = format!(
        "{}game_2048{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    dir.join(file)
}

/// Sends `request` through the loaded library's entry with a sink backed by `host`; a
/// plugin error comes back as the `Response::Error` the plugin sent.
fn call(request: &Request, host: &Host) -> Response {
    let plugin = LoadedPlugin::load(&library()).expect("the game-2048 library loads");
    let progress = |_done: u64, _total: u64| {
        host.reports.fetch_add(1, Ordering::Relaxed);
        !host.stop
    };
    match plugin.call(request, Some(&progress)) {
        Ok(response) => response,
        Err(CallError::Plugin(e)) => Response::Error(e),
        Err(e) => panic!("the call failed: {e}"),
    }
}

fn host(stop: bool) -> Host {
    Host {
        reports: AtomicU64::new(0),
        stop,
    }
}

fn ai_move(strategy: &str) -> Request {
    let state = serde_json::to_value(game_2048::State::new(game_2048::Rules::Standard, 3))
        .expect("a state");
    Request::AiMove {
        game: "2048".into(),
        state,
        strategy: strategy.into(),
    }
}

#[test]
fn a_cancelled_ai_move_returns_cancelled() {
    for strategy in ["expectimax:depth=2", "expectimax:time=10000"] {
        let stop = host(true);
        assert_eq!(
            call(&ai_move(strategy), &stop),
            Response::Error(PluginError::Cancelled),
            "{strategy}"
        );
        assert!(stop.reports.load(Ordering::Relaxed) >= 1);
    }
    let go = host(false);
    let Response::Move { action, note } = call(&ai_move("expectimax:depth=2"), &go) else {
        panic!("expected a move")
    };
    assert!(["l", "r", "u", "d"].contains(&action.as_str()));
    assert!(note.starts_with("expectimax depth 2"), "{note}");
    assert!(go.reports.load(Ordering::Relaxed) >= 1);
}

#[test]
fn a_cancelled_expectimax_experiment_returns_cancelled() {
    let request = Request::Experiment {
        game: "2048".into(),
        spec: ExperimentSpec {
            strategy: "expectimax:depth=1".into(),
            games: 2,
            seed: 1,
            rules: Some("standard".into()),
            opponent: None,
            shard: None,
        },
    };
    assert_eq!(
        call(&request, &host(true)),
        Response::Error(PluginError::Cancelled)
    );
    let Response::Experiment(report) = call(&request, &host(false)) else {
        panic!("expected a report")
    };
    assert_eq!(report.aggregates["games"], json!(2));
    assert!(report.timing["moves_per_second"] > 0.0);
}
