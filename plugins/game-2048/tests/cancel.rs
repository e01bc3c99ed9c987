//! Cancellation through the plugin's C entry point, exactly as the host calls it: a progress
//! sink that answers "stop" makes an expectimax AI move and an expectimax experiment fail
//! with `Cancelled`; one that answers "go on" lets them finish.
#![allow(
    unsafe_code,
    reason = "calling the exported C entry point is what this test is about"
)]

use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::json;
use tritium_plugin_api::abi::{Buffer, ProgressSink, STATUS_OK};
use tritium_plugin_api::protocol::ExperimentSpec;
use tritium_plugin_api::{PluginError, Request, Response};

/// The host side of a progress sink: counts the reports; cancels when `stop` is set.
struct Host {
    reports: AtomicU64,
    stop: bool,
}

unsafe extern "C" fn report(context: *const c_void, _done: u64, _total: u64) -> bool {
    // SAFETY: `context` is the `Host` that `call` passes, alive for the call.
    let host = unsafe { &*context.cast::<Host>() };
    host.reports.fetch_add(1, Ordering::Relaxed);
    !host.stop
}

/// Sends `request` through the exported entry with a sink backed by `host`.
fn call(request: &Request, host: &Host) -> Response {
    let bytes = serde_json::to_vec(request).expect("encodes");
    let sink = ProgressSink {
        context: std::ptr::from_ref(host).cast(),
        report,
    };
    // SAFETY: the entry is this crate's static table.
    let entry = unsafe { &*game_2048::tritium_plugin_entry() };
    let mut out = Buffer::empty();
    // SAFETY: the request bytes, the sink and the host outlive the call; `out` is writable.
    let status =
        unsafe { (entry.call)(bytes.as_ptr(), bytes.len(), &raw const sink, &raw mut out) };
    assert_eq!(status, STATUS_OK);
    // SAFETY: on STATUS_OK `out` is the plugin's live buffer; copied, then freed once.
    let response = serde_json::from_slice(unsafe { out.as_slice() }).expect("a response");
    unsafe { (entry.free)(out) };
    response
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
    assert!(report.aggregates["moves_per_second"].as_f64().is_some());
}
