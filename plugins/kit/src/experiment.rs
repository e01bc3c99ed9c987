//! The seeded parallel experiment runner: many games of one strategy on rayon's threads, the
//! same results whatever the thread count.
//!
//! Game `i` of an experiment with master seed `s` is played from the game seed
//! [`game_seed`]`(s, i)`; results are collected in index order, so a report built from them
//! does not depend on the number of threads (only the timings do).
//!
//! ```
//! use game_kit::experiment::{game_seed, run_games};
//! use tritium_plugin_api::Progress;
//!
//! // "Games" that just return their seed's parity.
//! let played = run_games(4, 7, None, &Progress::none(), |seed, _hook| Ok(seed % 2))?;
//! assert_eq!(played.len(), 4);
//! assert_eq!(played[2].seed, game_seed(7, 2));
//! assert_eq!(played[2].result, game_seed(7, 2) % 2);
//! # Ok::<(), tritium_plugin_api::PluginError>(())
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use std::collections::BTreeMap;

use rayon::prelude::*;
use tritium_plugin_api::protocol::{ExperimentSpec, GameResult, Shard};
use tritium_plugin_api::{PluginError, Progress};

use crate::search::Report;
pub use tritium_plugin_api::seed::game_seed;

/// One game of an experiment.
#[derive(Debug, Clone, PartialEq)]
pub struct Played<T> {
    /// The game's index in the experiment.
    pub index: u64,
    /// The game's seed, [`game_seed`]`(master, index)`.
    pub seed: u64,
    /// What the game's closure returned (e.g. its final state).
    pub result: T,
    /// Wall-clock seconds the game took on its thread.
    pub seconds: f64,
}

/// Plays `games` games in parallel (rayon) — with a `shard`, only the games it owns (see
/// [`ExperimentSpec::shard`]): `play(seed, hook)` plays one game from its seed to the end.
/// Reports games finished (of this shard) to `progress`. The results come in index order.
///
/// `play` must call `hook(0, 0)` before every move and pass `hook` to its searches, which
/// call it with a nonzero total now and then; when `hook` returns `false` the game must stop
/// with [`PluginError::Cancelled`]. Between moves the hook only reads a flag; during searches
/// it also asks the host, so that a cancel stops a game mid-move.
///
/// # Errors
/// [`PluginError::BadParameter`] for `games == 0`; the first error of a game (e.g.
/// [`PluginError::Cancelled`] once the host cancels).
pub fn run_games<T: Send>(
    games: u32,
    master_seed: u64,
    shard: Option<Shard>,
    progress: &Progress<'_>,
    play: impl Fn(u64, &Report<'_>) -> Result<T, PluginError> + Sync,
) -> Result<Vec<Played<T>>, PluginError> {
    if games == 0 {
        return Err(PluginError::bad_parameter(
            "games",
            "an experiment needs at least one game",
        ));
    }
    if shard.is_some_and(|s| s.count == 0 || s.index >= s.count) {
        return Err(PluginError::bad_parameter(
            "shard",
            "a shard's index must be below its count",
        ));
    }
    let mine: Vec<u64> = (0..u64::from(games))
        .filter(|&i| shard.is_none_or(|s| s.owns(i)))
        .collect();
    let total = mine.len() as u64;
    let done = AtomicU64::new(0);
    let cancel = AtomicBool::new(false);
    progress.report(0, total)?;
    let hook = |_: u64, searching: u64| {
        if cancel.load(Ordering::Relaxed) {
            return false;
        }
        if searching > 0
            && progress
                .report(done.load(Ordering::Relaxed), total)
                .is_err()
        {
            cancel.store(true, Ordering::Relaxed);
            return false;
        }
        true
    };
    mine.into_par_iter()
        .map(|i| {
            let seed = game_seed(master_seed, i);
            let start = Instant::now();
            let result = play(seed, &hook)?;
            let seconds = start.elapsed().as_secs_f64();
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Err(e) = progress.report(finished, total) {
                cancel.store(true, Ordering::Relaxed);
                return Err(e);
            }
            Ok(Played {
                index: i,
                seed,
                result,
                seconds,
            })
        })
        .collect()
}

/// The per-game results of `played` as a report lists them: `describe` gives a game's
/// metrics and category; with a `shard` each result carries its game index.
pub fn results<T>(
    played: &[Played<T>],
    shard: Option<Shard>,
    describe: impl Fn(&T) -> (BTreeMap<String, f64>, String),
) -> Vec<GameResult> {
    played
        .iter()
        .map(|p| {
            let (metrics, category) = describe(&p.result);
            GameResult {
                seed: p.seed,
                metrics,
                category,
                index: shard.map(|_| p.index),
            }
        })
        .collect()
}

/// Metric `name` of every game, in order.
///
/// # Errors
/// [`PluginError::BadParameter`] naming the metric and the game that lacks it.
pub fn column(games: &[GameResult], name: &str) -> Result<Vec<f64>, PluginError> {
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            g.metrics.get(name).copied().ok_or_else(|| {
                PluginError::bad_parameter(
                    "games",
                    format!("game {i} (seed {}) has no metric `{name}`", g.seed),
                )
            })
        })
        .collect()
}

/// The spec of the whole experiment a shard belongs to (its `shard` cleared).
pub fn whole(spec: &ExperimentSpec) -> ExperimentSpec {
    ExperimentSpec {
        shard: None,
        ..spec.clone()
    }
}

/// Moves per second of one thread: all moves over all games' seconds (each game timed on its
/// own thread, so this is the speed of one thread whatever the number of threads); 0 when no
/// time was measured.
pub fn moves_per_second<T>(played: &[Played<T>], moves: impl Fn(&T) -> f64) -> f64 {
    let total_moves: f64 = played.iter().map(|p| moves(&p.result)).sum();
    let seconds: f64 = played.iter().map(|p| p.seconds).sum();
    if seconds > 0.0 {
        total_moves / seconds
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_results_whatever_the_thread_count() {
        let run_with = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool")
                .install(|| {
                    run_games(9, 3, None, &Progress::none(), |seed, hook| {
                        assert!(hook(0, 0));
                        Ok(seed.count_ones())
                    })
                })
                .expect("runs")
                .into_iter()
                .map(|p| (p.seed, p.result))
                .collect::<Vec<_>>()
        };
        let one = run_with(1);
        assert_eq!(one, run_with(3));
        assert_eq!(one[4].0, game_seed(3, 4));
    }

    #[test]
    fn shards_split_the_games_and_together_make_the_whole() {
        let all = run_games(10, 5, None, &Progress::none(), |seed, _| Ok(seed)).expect("runs");
        let mut merged: Vec<(u64, u64)> = (0..3)
            .flat_map(|index| {
                let shard = Shard { index, count: 3 };
                let part = run_games(10, 5, Some(shard), &Progress::none(), |seed, _| Ok(seed))
                    .expect("runs");
                assert!(part.iter().all(|p| shard.owns(p.index)));
                part.into_iter().map(|p| (p.index, p.result))
            })
            .collect();
        merged.sort_unstable();
        let whole: Vec<(u64, u64)> = all.iter().map(|p| (p.index, p.result)).collect();
        assert_eq!(merged, whole);
        let bad = Shard { index: 3, count: 3 };
        assert!(run_games(10, 5, Some(bad), &Progress::none(), |seed, _| Ok(seed)).is_err());
    }

    #[test]
    fn no_games_is_an_error_and_errors_stop_the_run() {
        assert!(matches!(
            run_games(0, 1, None, &Progress::none(), |_, _| Ok(())),
            Err(PluginError::BadParameter { .. })
        ));
        assert_eq!(
            run_games(5, 1, None, &Progress::none(), |seed, _| {
                if seed == game_seed(1, 3) {
                    Err(PluginError::Cancelled)
                } else {
                    Ok(())
                }
            }),
            Err(PluginError::Cancelled)
        );
    }
}
