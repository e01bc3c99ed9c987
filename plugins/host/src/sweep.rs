//! A sweep: one experiment per strategy of a family ([`LoadedPlugin::sweep`] lists them), run
//! in turn with one progress over all of them. The CLI's `experiment --sweep` and the app's
//! Experiments page both run sweeps here.

use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec};

use crate::{CallError, LoadedPlugin};

/// The strategy of a sweep whose experiment failed, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("experiment with `{strategy}`")]
pub struct SweepError {
    /// The strategy (a spec, e.g. `cyclic:drdl`).
    pub strategy: String,
    /// Why its experiment failed.
    #[source]
    pub source: CallError,
}

/// Runs experiment `spec` of `game` once for each of `strategies` in turn (each replaces the
/// spec's strategy) and returns their reports, in the same order.
///
/// `progress(i, done, total)` follows the whole sweep: `i` is the index of the strategy
/// running, `done` the games finished over all strategies and `total` =
/// `spec.games × strategies.len()`. It is called once as each strategy starts (its answer
/// ignored), then whenever the plugin reports, and its answer (keep going?) goes back to the
/// plugin.
///
/// # Errors
/// The first strategy whose experiment fails ([`SweepError`]); the reports before it are lost.
pub fn run_sweep(
    plugin: &LoadedPlugin,
    game: &str,
    strategies: &[String],
    spec: &ExperimentSpec,
    progress: &(dyn Fn(usize, u64, u64) -> bool + Sync),
) -> Result<Vec<ExperimentReport>, SweepError> {
    let games = u64::from(spec.games);
    let total = games * strategies.len() as u64;
    let mut reports = Vec::with_capacity(strategies.len());
    for (i, strategy) in strategies.iter().enumerate() {
        let offset = i as u64 * games;
        progress(i, offset, total);
        let each = |done: u64, _: u64| progress(i, offset + done, total);
        let spec = ExperimentSpec {
            strategy: strategy.clone(),
            ..spec.clone()
        };
        let report = plugin
            .experiment(game, &spec, Some(&each))
            .map_err(|source| SweepError {
                strategy: strategy.clone(),
                source,
            })?;
        reports.push(report);
    }
    Ok(reports)
}
