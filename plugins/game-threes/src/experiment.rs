//! Experiments: many seeded games of one strategy in parallel, on [`game_kit::experiment`].
//!
//! Game `i` of an experiment with master seed `s` is played from
//! [`game_kit::experiment::game_seed`]`(s, i)`, exactly as `new_game` and `ai_move` would play
//! it one move at a time; the report does not depend on the number of threads (but for
//! `moves_per_second`, a measurement).

use std::collections::BTreeMap;

use game_kit::experiment::{column, moves_per_second, results, run_games};
use game_kit::stats::{mean, median, sample_sd, standard_error, tile_aggregates, tile_names};
use serde_json::json;
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec, GameResult};
use tritium_plugin_api::{PluginError, Progress};

use crate::board;
use crate::expectimax::Report;
use crate::state::State;
use crate::strategy::Strategy;

/// The tiles whose shares the `reached_TILE` aggregates give (the milestones; 6144
/// is the largest tile threes-ai reports reaching).
pub const MILESTONES: [u32; 5] = [384, 768, 1536, 3072, 6144];

/// Plays one game of `strategy` from `seed` to its end; `report` is asked before every move
/// (`(0, 0)`) and by searches, and stops the game when it returns `false`.
///
/// # Errors
/// [`PluginError::Cancelled`] when `report` returned `false`.
pub fn play_game(
    strategy: &Strategy,
    seed: u64,
    report: &Report<'_>,
) -> Result<State, PluginError> {
    let mut state = State::new(seed);
    while !state.is_over() {
        if !report(0, 0) {
            return Err(PluginError::Cancelled);
        }
        let (mv, _) = strategy.decide_with(&state, report)?;
        state.play(mv);
    }
    Ok(state)
}

/// Runs `spec` (rules must be absent or `standard`, Threes has one rule set).
///
/// Per game: `moves`, `score`, `max_tile`; category = the max tile. Aggregates: `games`,
/// `mean_score`, `score_sd` (sample standard deviation), `score_se` (standard error of the
/// mean), `median_score`, `best_score`, `mean_moves`, `max_tile` (largest of all games),
/// `max_tile_counts` (tile → games), `reached_384` … `reached_6144` (share of games, 0 to 1,
/// whose largest tile is at least that); for `expectimax` the report's `timing` has
/// `moves_per_second` (one thread's speed; the only part that varies between runs).
///
/// # Errors
/// [`PluginError::BadParameter`] for a bad strategy, rule set or `games == 0`;
/// [`PluginError::Cancelled`] when the host cancels.
pub fn run(
    spec: &ExperimentSpec,
    progress: &Progress<'_>,
) -> Result<ExperimentReport, PluginError> {
    let strategy = Strategy::parse(&spec.strategy)?;
    crate::state::check_rules(spec.rules.as_deref())?;
    board::init_tables();
    let played = run_games(spec.games, spec.seed, spec.shard, progress, |seed, hook| {
        play_game(&strategy, seed, hook)
    })?;
    let games = results(&played, spec.shard, describe);
    let mut report = report(spec, games)?;
    // Only search strategies are timed: their speed is worth reporting.
    if matches!(strategy, Strategy::Expectimax(_)) {
        let speed = moves_per_second(&played, |s: &State| f64::from(s.moves));
        report.timing.insert("moves_per_second".to_owned(), speed);
    }
    Ok(report)
}

/// A finished game's metrics and category, as [`run`] lists them.
pub fn describe(s: &State) -> (BTreeMap<String, f64>, String) {
    (
        BTreeMap::from([
            ("moves".to_owned(), f64::from(s.moves)),
            ("score".to_owned(), s.score() as f64),
            ("max_tile".to_owned(), f64::from(s.max_tile())),
        ]),
        s.max_tile().to_string(),
    )
}

/// The report of `spec` from its per-game results (see [`run`] for the metrics): what a run
/// computes after playing, and how a host merges the shares of a distributed run.
///
/// # Errors
/// [`PluginError::BadParameter`] for a bad strategy or rule set, or a game without one of
/// the metrics.
pub fn report(
    spec: &ExperimentSpec,
    games: Vec<GameResult>,
) -> Result<ExperimentReport, PluginError> {
    let strategy = Strategy::parse(&spec.strategy)?;
    crate::state::check_rules(spec.rules.as_deref())?;
    let scores = column(&games, "score")?;
    let moves = column(&games, "moves")?;
    let max_tiles = column(&games, "max_tile")?;
    let mut aggregates = BTreeMap::from([
        ("games".to_owned(), json!(games.len())),
        ("mean_score".to_owned(), json!(mean(&scores))),
        ("score_sd".to_owned(), json!(sample_sd(&scores))),
        ("score_se".to_owned(), json!(standard_error(&scores))),
        ("median_score".to_owned(), json!(median(&scores))),
        (
            "best_score".to_owned(),
            json!(scores.iter().copied().fold(0.0, f64::max)),
        ),
        ("mean_moves".to_owned(), json!(mean(&moves))),
    ]);
    aggregates.extend(tile_aggregates(&max_tiles, &MILESTONES));
    Ok(ExperimentReport {
        strategy: strategy.spec(),
        rules: crate::state::RULES.to_owned(),
        games,
        aggregates,
        primary: "mean_score".to_owned(),
        histogram_metric: "score".to_owned(),
        category_label: "max tile".to_owned(),
        timing: BTreeMap::new(),
        names: tile_names(&MILESTONES)
            .into_iter()
            .chain(
                [
                    ("score_sd", "score standard deviation"),
                    ("score_se", "score standard error"),
                    ("best_score", "best score"),
                ]
                .map(|(key, name)| (key.to_owned(), name.to_owned())),
            )
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(strategy: &str, games: u32, seed: u64) -> ExperimentSpec {
        ExperimentSpec {
            strategy: strategy.into(),
            games,
            seed,
            rules: None,
            opponent: None,
            shard: None,
        }
    }

    #[test]
    fn same_report_whatever_the_thread_count_and_game_by_game() {
        let s = spec("greedy", 12, 5);
        let run_with = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool")
                .install(|| run(&s, &Progress::none()))
                .expect("runs")
        };
        let one = run_with(1);
        assert_eq!(one, run_with(2));
        assert_eq!(one.games.len(), 12);
        assert_eq!(one.primary, "mean_score");
        for game in &one.games[..3] {
            let state = play_game(&Strategy::Greedy, game.seed, &|_, _| true).expect("plays");
            assert_eq!(
                game.metrics["score"].to_bits(),
                (state.score() as f64).to_bits()
            );
            assert_eq!(game.category, state.max_tile().to_string());
        }
        let mean_score: f64 = one.games.iter().map(|g| g.metrics["score"]).sum::<f64>() / 12.0;
        assert!(
            (one.aggregates["mean_score"].as_f64().expect("a number") - mean_score).abs() < 1e-9
        );
        for key in [
            "score_sd",
            "score_se",
            "median_score",
            "reached_384",
            "reached_6144",
            "mean_moves",
        ] {
            assert!(one.aggregates[key].is_number(), "{key}");
        }
        assert!(one.timing.is_empty());
        // Shards merged by the report give the same report.
        let mut merged: Vec<GameResult> = (0..2)
            .flat_map(|index| {
                let part = ExperimentSpec {
                    shard: Some(tritium_plugin_api::protocol::Shard { index, count: 2 }),
                    ..s.clone()
                };
                run(&part, &Progress::none()).expect("runs").games
            })
            .collect();
        merged.sort_by_key(|g| g.index);
        for g in &mut merged {
            g.index = None;
        }
        assert_eq!(report(&s, merged).expect("merges"), one);
    }

    #[test]
    fn bad_experiments() {
        for s in [spec("nope", 1, 0), spec("random", 0, 0)] {
            assert!(matches!(
                run(&s, &Progress::none()),
                Err(PluginError::BadParameter { .. })
            ));
        }
        let mut wrong_rules = spec("random", 1, 0);
        wrong_rules.rules = Some("easy".into());
        assert!(matches!(
            run(&wrong_rules, &Progress::none()),
            Err(PluginError::BadParameter { .. })
        ));
        assert_eq!(
            play_game(&Strategy::Random, 1, &|_, _| false),
            Err(PluginError::Cancelled)
        );
    }
}
