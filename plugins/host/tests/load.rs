//! The host against real libraries: each failure mode gives its error and the host keeps
//! running. The bad plugins are this crate's `fixture_*` examples (tests/fixtures/), which
//! `cargo test` builds before running this file.

use plugin_host::{CallError, LoadError, LoadedPlugin, PluginHost};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use tritium_plugin_api::protocol::ExperimentSpec;
use tritium_plugin_api::{ABI_VERSION, PluginError};

/// `target/<profile>/examples/lib<name>.so` (or the platform's equivalent).
fn fixture(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    let file = format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let path = profile_dir.join("examples").join(file);
    assert!(
        path.is_file(),
        "{} is missing: `cargo test` builds it",
        path.display()
    );
    path
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tritium-host-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_file_that_is_not_a_library_is_rejected_with_the_loaders_reason() {
    let dir = temp_dir("not-a-library");
    let path = dir.join(format!("bogus.{}", std::env::consts::DLL_EXTENSION));
    std::fs::write(&path, "this is a text file, not a shared object\n").expect("write");
    let mut host = PluginHost::new();
    host.discover(&[dir]);
    assert!(host.plugins().is_empty());
    let [rejected] = host.rejected() else {
        panic!("one rejection: {:?}", host.rejected())
    };
    assert!(
        matches!(rejected.reason, LoadError::NotALibrary(_)),
        "{:?}",
        rejected.reason
    );
    assert!(rejected.path.ends_with(path.file_name().expect("name")));
}

#[test]
fn a_library_without_the_entry_symbol_is_rejected() {
    let error = LoadedPlugin::load(&fixture("fixture_no_entry")).expect_err("not a plugin");
    assert_eq!(error, LoadError::NoEntry);
    assert!(
        error.to_string().contains("tritium_plugin_entry"),
        "{error}"
    );
}

#[test]
fn a_wrong_abi_version_is_rejected_before_any_call() {
    // The fixture's `call` aborts the process: reaching it would fail this test run.
    let error = LoadedPlugin::load(&fixture("fixture_wrong_abi")).expect_err("wrong ABI");
    assert_eq!(
        error,
        LoadError::AbiVersion {
            found: 999,
            expected: ABI_VERSION
        }
    );
}

#[test]
fn a_malformed_message_is_rejected() {
    let error = LoadedPlugin::load(&fixture("fixture_malformed")).expect_err("malformed");
    let LoadError::Info(CallError::Malformed(reason)) = &error else {
        panic!("expected a malformed-message error, got {error:?}")
    };
    assert!(!reason.is_empty());
}

#[test]
fn a_panic_inside_a_call_is_an_error_and_the_plugin_stays_usable() {
    let mut host = PluginHost::new();
    let plugin = host
        .load(&fixture("fixture_panics"))
        .expect("loads")
        .clone();
    assert_eq!(plugin.info().name, "fixture-panics");

    let error = plugin.new_game("boom", None, 3).expect_err("panics");
    assert_eq!(
        error,
        CallError::Plugin(PluginError::Panic("boom at seed 3".into()))
    );

    // Still alive: the same library answers the next requests.
    let frame = plugin
        .new_game("boom", None, 0)
        .expect("seed 0 does not panic");
    let error = plugin
        .ai_move("boom", &frame, "any", None)
        .expect_err("panics");
    assert_eq!(
        error,
        CallError::Plugin(PluginError::Panic("the AI exploded".into()))
    );
    let error = plugin.apply("boom", &frame, "x").expect_err("illegal");
    assert!(
        matches!(error, CallError::Plugin(PluginError::IllegalAction { .. })),
        "{error:?}"
    );
    let error = plugin.new_game("chess", None, 0).expect_err("unknown game");
    assert_eq!(
        error,
        CallError::Plugin(PluginError::UnknownTarget("chess".into()))
    );
}

#[test]
fn a_long_call_reports_progress_and_stops_when_cancelled() {
    let plugin = LoadedPlugin::load(&fixture("fixture_panics")).expect("loads");
    let reports = AtomicU64::new(0);
    let progress = |done: u64, total: u64| {
        assert_eq!(total, 1_000_000);
        reports.fetch_add(1, Ordering::Relaxed);
        done < 100
    };
    let spec = ExperimentSpec {
        strategy: "any".into(),
        games: 1,
        seed: 0,
        rules: None,
        opponent: None,
        shard: None,
    };
    let error = plugin
        .experiment("boom", &spec, Some(&progress))
        .expect_err("cancelled");
    assert_eq!(error, CallError::Plugin(PluginError::Cancelled));
    assert_eq!(reports.load(Ordering::Relaxed), 101);
}

#[test]
fn discovery_keeps_going_past_bad_files_and_loads_each_library_once() {
    let dir = temp_dir("discovery");
    for name in ["fixture_no_entry", "fixture_wrong_abi", "fixture_panics"] {
        let from = fixture(name);
        std::fs::copy(&from, dir.join(from.file_name().expect("name"))).expect("copy");
    }
    let mut host = PluginHost::new();
    host.discover(&[dir.clone(), dir]);
    assert_eq!(host.plugins().len(), 1, "{:?}", host.rejected());
    assert_eq!(host.rejected().len(), 2, "{:?}", host.rejected());
    assert!(host.find_game("boom").is_some());
    assert!(host.find_game("2048").is_none());
}

#[test]
fn the_same_plugin_from_two_files_is_a_duplicate() {
    let dir = temp_dir("duplicate");
    let copy = dir.join(format!("second.{}", std::env::consts::DLL_EXTENSION));
    std::fs::copy(fixture("fixture_panics"), &copy).expect("copy");
    let mut host = PluginHost::new();
    host.load(&fixture("fixture_panics")).expect("first loads");
    let error = host.load(&copy).expect_err("duplicate");
    assert!(matches!(error, LoadError::Duplicate { ref name, .. } if name == "fixture-panics"));
    assert_eq!(host.plugins().len(), 1);
}
