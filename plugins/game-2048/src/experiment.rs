//! Experiments (many games of one strategy, in parallel) and strategy sweeps (the families the
//! seed tabulated).
//!
//! Game `i` of an experiment with master seed `s` is played from the game seed
//! [`game_seed`]`(s, i)`, exactly as [`crate::Game2048`]'s `new_game` and `ai_move` would play
//! it one move at a time; games are collected in order, so the report does not depend on the
//! number of threads, nor on how a distributed run split them. The exceptions are the
//! report's `timing` (`moves_per_second` of search strategies), a measurement of speed; and
//! `expectimax:time=MS`, whose moves depend on the machine's speed.

use crate::board::{self, Move};
use crate::expectimax::Report;
use crate::state::{Rules, State};
use crate::strategy::Strategy;
use game_kit::experiment::{column, moves_per_second, results, run_games};
use game_kit::stats::{mean, median, sample_sd, standard_error, tile_aggregates, tile_names};
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec, GameResult};
use tritium_plugin_api::{PluginError, Progress};

/// The largest `cyclic` sweep size (sequence length): 4^8 candidate sequences.
pub const MAX_SWEEP_LEN: u32 = 8;
/// The largest `biased` sweep size (weight): 17^4 candidate vectors.
pub const MAX_SWEEP_WEIGHT: u32 = 16;
/// The tiles whose shares the `reached_TILE` aggregates give.
pub const MILESTONES: [u32; 5] = [2048, 4096, 8192, 16384, 32768];

pub use game_kit::experiment::game_seed;

/// Plays one game of `strategy` under `rules` from `seed` to its end. `cancel` is polled
/// before every move.
///
/// # Errors
/// [`PluginError::Cancelled`] once `cancel` is set; errors of the strategy.
pub fn play_game(
    strategy: &Strategy,
    rules: Rules,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<State, PluginError> {
    play_game_with(strategy, rules, seed, &|_, _| {
        !cancel.load(Ordering::Relaxed)
    })
}

/// [`play_game`] with a progress hook: called before every move with `(0, 0)` and by search
/// strategies during their searches (see [`Strategy::decide_with`]); the game stops with
/// [`PluginError::Cancelled`] as soon as it returns `false`.
///
/// # Errors
/// [`PluginError::Cancelled`] when `report` returned `false`; errors of the strategy.
pub fn play_game_with(
    strategy: &Strategy,
    rules: Rules,
    seed: u64,
    report: &Report<'_>,
) -> Result<State, PluginError> {
    let mut state = State::new(rules, seed);
    while !state.is_over() {
        if !report(0, 0) {
            return Err(PluginError::Cancelled);
        }
        let (mv, _) = strategy.decide_with(&state, report)?;
        debug_assert!(
            state.is_legal(mv),
            "{} chose an illegal {mv:?}",
            strategy.spec()
        );
        state.play(mv);
    }
    Ok(state)
}

/// Runs `spec`: `spec.games` games in parallel (rayon), reporting games finished to
/// `progress` (also during long searches, so that a cancel stops a game mid-move).
///
/// Per game: `moves` (until the board last changed, as in the seed), `score`,
/// `end_tile_total`, `max_tile`; category = the max tile. Aggregates: `games`, `aett` (mean
/// end tile total), `aett_sd` (its sample standard deviation), `aett_se` (standard error of
/// the mean), `max_tile` (largest over all games), `max_tile_counts` (tile → games),
/// `mean_moves`, `mean_score`, `median_score` (the mean of the two middle scores for an even
/// number of games), and `reached_2048` … `reached_32768` (share of games, 0 to 1, whose
/// largest tile is at least that tile; see [`MILESTONES`]). For `expectimax` the report's
/// `timing` has `moves_per_second`: moves played divided by the seconds the games took, each
/// game timed on its own thread (so it is the speed of one thread, whatever the number of
/// threads) — a measurement, the only part that is not the same from run to run.
///
/// # Errors
/// [`PluginError::BadParameter`] for a bad strategy, rule set or `games == 0`;
/// [`PluginError::Cancelled`] when `progress` says so.
pub fn run(
    spec: &ExperimentSpec,
    progress: &Progress<'_>,
) -> Result<ExperimentReport, PluginError> {
    let strategy = Strategy::parse(&spec.strategy)?;
    let rules = Rules::parse(spec.rules.as_deref())?;
    board::init_tables();
    let played = run_games(spec.games, spec.seed, spec.shard, progress, |seed, hook| {
        play_game_with(&strategy, rules, seed, hook)
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
            ("moves".to_owned(), f64::from(s.last_change)),
            ("score".to_owned(), s.score as f64),
            ("end_tile_total".to_owned(), s.tile_total() as f64),
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
    let rules = Rules::parse(spec.rules.as_deref())?;
    let totals = column(&games, "end_tile_total")?;
    let moves = column(&games, "moves")?;
    let scores = column(&games, "score")?;
    let max_tiles = column(&games, "max_tile")?;

    let mut aggregates = BTreeMap::from([
        ("games".to_owned(), json!(games.len())),
        ("aett".to_owned(), json!(mean(&totals))),
        ("aett_sd".to_owned(), json!(sample_sd(&totals))),
        ("aett_se".to_owned(), json!(standard_error(&totals))),
        ("mean_moves".to_owned(), json!(mean(&moves))),
        ("mean_score".to_owned(), json!(mean(&scores))),
        ("median_score".to_owned(), json!(median(&scores))),
    ]);
    aggregates.extend(tile_aggregates(&max_tiles, &MILESTONES));
    Ok(ExperimentReport {
        strategy: strategy.spec(),
        rules: rules.name().to_owned(),
        games,
        aggregates,
        primary: "aett".to_owned(),
        histogram_metric: "end_tile_total".to_owned(),
        category_label: "max tile".to_owned(),
        timing: BTreeMap::new(),
        names: tile_names(&MILESTONES)
            .into_iter()
            .chain(
                [
                    ("aett", "average end-tile total (AETT)"),
                    ("aett_sd", "AETT standard deviation"),
                    ("aett_se", "AETT standard error"),
                    ("moves_per_second", "moves per second"),
                ]
                .map(|(key, name)| (key.to_owned(), name.to_owned())),
            )
            .collect(),
    })
}

/// The strategy specs of a sweep family:
///
/// - `cyclic`, size = maximum length (2..=8): every cyclic strategy of length 2..=size up to
///   rotation, each once as its lexicographically smallest rotation (so every sequence with a
///   `d` starts with `d`, as in the seed's table), primitive sequences only (`dldl` is `dl`
///   and not listed again), ordered by length then alphabetically. 86 strategies for size 4.
/// - `biased`, size = maximum weight (1..=16): every weight vector `L,R,U,D` in 0..=size, not
///   all 0, one per proportionality class (`4,4,4,4` is `1,1,1,1`: vectors whose weights have
///   greatest common divisor 1), in lexicographic order. 529 strategies for size 4.
///
/// # Errors
/// [`PluginError::BadParameter`] for an unknown family or a size out of range.
pub fn sweep(family: &str, size: u32) -> Result<Vec<String>, PluginError> {
    match family {
        "cyclic" if (2..=MAX_SWEEP_LEN).contains(&size) => Ok(cyclic_sweep(size as usize)),
        "cyclic" => Err(PluginError::bad_parameter(
            "max-len",
            format!("the cyclic sweep's maximum length must be 2..={MAX_SWEEP_LEN}, not {size}"),
        )),
        "biased" if (1..=MAX_SWEEP_WEIGHT).contains(&size) => Ok(biased_sweep(size)),
        "biased" => Err(PluginError::bad_parameter(
            "max-weight",
            format!("the biased sweep's maximum weight must be 1..={MAX_SWEEP_WEIGHT}, not {size}"),
        )),
        other => Err(PluginError::bad_parameter(
            other,
            "unknown 2048 sweep; expected `cyclic` or `biased`",
        )),
    }
}

/// The letters in alphabetical order: the order of canonical rotations.
const LETTERS: [char; 4] = ['d', 'l', 'r', 'u'];

fn cyclic_sweep(max_len: usize) -> Vec<String> {
    let mut out = Vec::new();
    for len in 2..=max_len {
        let count = 4usize.pow(len as u32);
        for code in 0..count {
            // Digits of `code` in base 4, most significant first: alphabetical order.
            let s: Vec<char> = (0..len)
                .rev()
                .map(|k| LETTERS[(code >> (2 * k)) & 3])
                .collect();
            let rotations_bigger = (1..len).all(|r| {
                let rotated: Vec<char> = s[r..].iter().chain(&s[..r]).copied().collect();
                rotated > s
            });
            // Strictly smaller than every other rotation ⇔ canonical and primitive.
            if rotations_bigger {
                out.push(format!("cyclic:{}", s.iter().collect::<String>()));
            }
        }
    }
    out
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn biased_sweep(max_weight: u32) -> Vec<String> {
    let range = 0..=max_weight;
    let mut out = Vec::new();
    for l in range.clone() {
        for r in range.clone() {
            for u in range.clone() {
                for d in range.clone() {
                    if gcd(gcd(l, r), gcd(u, d)) == 1 {
                        out.push(format!("biased:{l},{r},{u},{d}"));
                    }
                }
            }
        }
    }
    out
}

/// The moves of a `cyclic:` spec's sequence (a helper for tables).
pub fn cycle_of(spec: &str) -> Option<Vec<Move>> {
    match Strategy::parse(spec) {
        Ok(Strategy::Cyclic(moves)) => Some(moves),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(strategy: &str, games: u32, seed: u64, rules: &str) -> ExperimentSpec {
        ExperimentSpec {
            strategy: strategy.into(),
            games,
            seed,
            rules: Some(rules.into()),
            opponent: None,
            shard: None,
        }
    }

    fn aett(report: &ExperimentReport) -> f64 {
        report.aggregates["aett"].as_f64().expect("a number")
    }

    #[test]
    fn same_report_whatever_the_thread_count() {
        let specs = [
            spec("greedy", 24, 5, "seed"),
            spec("random", 24, 5, "standard"),
        ];
        for s in specs {
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
            assert_eq!(one, run_with(3));
            assert_eq!(one.games.len(), 24);
        }
    }

    #[test]
    fn experiment_games_are_the_games_played_move_by_move() {
        let s = spec("biased:4,1,0,4", 3, 42, "seed");
        let report = run(&s, &Progress::none()).expect("runs");
        let strategy = Strategy::parse(&s.strategy).expect("parses");
        for (i, game) in report.games.iter().enumerate() {
            assert_eq!(game.seed, game_seed(42, i as u64));
            let mut state = State::new(Rules::Seed, game.seed);
            while !state.is_over() {
                let (mv, _) = strategy.choose(&state, &Progress::none()).expect("a move");
                state.try_play(mv).expect("legal");
            }
            assert_eq!(
                game.metrics["end_tile_total"].to_bits(),
                (state.tile_total() as f64).to_bits()
            );
            assert_eq!(
                game.metrics["moves"].to_bits(),
                f64::from(state.last_change).to_bits()
            );
            assert_eq!(game.category, state.max_tile().to_string());
        }
    }

    #[test]
    fn report_shape() {
        let s = spec("cyclic:drdl", 10, 1, "seed");
        let report = run(&s, &Progress::none()).expect("runs");
        assert_eq!(report.primary, "aett");
        assert_eq!(report.histogram_metric, "end_tile_total");
        assert_eq!(report.category_label, "max tile");
        assert_eq!(report.rules, "seed");
        assert_eq!(report.aggregates["games"], json!(10));
        let counts = report.aggregates["max_tile_counts"]
            .as_object()
            .expect("an object");
        assert_eq!(
            counts
                .values()
                .map(|v| v.as_u64().expect("count"))
                .sum::<u64>(),
            10
        );
        for key in [
            "aett",
            "aett_sd",
            "aett_se",
            "max_tile",
            "mean_moves",
            "mean_score",
            "median_score",
            "reached_2048",
            "reached_32768",
        ] {
            assert!(report.aggregates[key].is_number(), "{key}");
        }
        // Blind strategies are not timed: their reports repeat exactly.
        assert!(report.timing.is_empty());
        // The report is a function of the per-game results: merging shards gives it back.
        let mut shards: Vec<GameResult> = (0..3)
            .flat_map(|index| {
                let part = ExperimentSpec {
                    shard: Some(tritium_plugin_api::protocol::Shard { index, count: 3 }),
                    ..s.clone()
                };
                run(&part, &Progress::none()).expect("runs").games
            })
            .collect();
        shards.sort_by_key(|g| g.index);
        for g in &mut shards {
            g.index = None;
        }
        assert_eq!(super::report(&s, shards).expect("merges"), report);
        let mean: f64 = report
            .games
            .iter()
            .map(|g| g.metrics["end_tile_total"])
            .sum::<f64>()
            / 10.0;
        assert!((aett(&report) - mean).abs() < 1e-9);
    }

    #[test]
    fn expectimax_experiments_repeat_whatever_the_thread_count() {
        let s = spec("expectimax:depth=1", 4, 9, "standard");
        let run_with = |threads| {
            let mut report = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool")
                .install(|| run(&s, &Progress::none()))
                .expect("runs");
            let speed = report.timing.remove("moves_per_second");
            assert!(speed.is_some_and(|v| v > 0.0));
            report
        };
        let one = run_with(1);
        assert_eq!(one, run_with(2));
        assert_eq!(one, run_with(3));
        assert_eq!(one.strategy, "expectimax:depth=1");
    }

    #[test]
    fn quality_aggregates() {
        let scores = [5.0, 1.0, 3.0, 2.0];
        assert!((median(&scores) - 2.5).abs() < 1e-12);
        assert!((median(&scores[..3]) - 3.0).abs() < 1e-12);
        assert!(median(&[]).abs() < 1e-12);
        // Two games by hand: largest tiles 4096 and 1024.
        let game = |seed: u64, tile: f64, score: f64| GameResult {
            seed,
            metrics: BTreeMap::from([
                ("moves".to_owned(), 100.0),
                ("score".to_owned(), score),
                ("end_tile_total".to_owned(), tile + 2.0),
                ("max_tile".to_owned(), tile),
            ]),
            category: tile.to_string(),
            index: None,
        };
        let s = spec("greedy", 2, 1, "standard");
        let r = report(&s, vec![game(1, 4096.0, 10.0), game(2, 1024.0, 30.0)]).expect("a report");
        let share = |key: &str| r.aggregates[key].as_f64().expect("a number");
        assert!((share("reached_2048") - 0.5).abs() < 1e-12);
        assert!((share("reached_4096") - 0.5).abs() < 1e-12);
        assert!(share("reached_8192").abs() < 1e-12);
        assert!((share("median_score") - 20.0).abs() < 1e-12);
        // A result without a metric is named.
        let mut bad = game(3, 8.0, 0.0);
        bad.metrics.remove("score");
        let err = report(&s, vec![bad]).expect_err("refused");
        assert!(err.to_string().contains("`score`"), "{err}");
    }

    #[test]
    fn bad_experiments() {
        for s in [
            spec("nope", 1, 0, "seed"),
            spec("random", 1, 0, "easy"),
            spec("random", 0, 0, "seed"),
        ] {
            assert!(
                matches!(
                    run(&s, &Progress::none()),
                    Err(PluginError::BadParameter { .. })
                ),
                "{s:?}"
            );
        }
    }

    #[test]
    fn cancelled_games_stop() {
        // (A cancelling `Progress` needs a host-side sink; the api crate tests that path.
        // Here: the flag a cancelled report sets stops every game at its next move.)
        let cancel = AtomicBool::new(true);
        let strategy = Strategy::Random;
        assert_eq!(
            play_game(&strategy, Rules::Seed, 1, &cancel),
            Err(PluginError::Cancelled)
        );
        // A search asks the hook too: answering "stop" there stops the game mid-move.
        let expectimax = Strategy::parse("expectimax:depth=2").expect("parses");
        let searching_stops = |_: u64, searching: u64| searching == 0;
        assert_eq!(
            play_game_with(&expectimax, Rules::Standard, 1, &searching_stops),
            Err(PluginError::Cancelled)
        );
    }

    /// Number of primitive necklaces (Lyndon words) of length `n` over `k` letters:
    /// (1/n) Σ_{d | n} μ(d) k^(n/d).
    fn lyndon(n: u32, k: u64) -> u64 {
        let mobius = |mut m: u32| -> i64 {
            let mut result = 1;
            let mut p = 2;
            while p * p <= m {
                if m.is_multiple_of(p) {
                    m /= p;
                    if m.is_multiple_of(p) {
                        return 0;
                    }
                    result = -result;
                }
                p += 1;
            }
            if m > 1 { -result } else { result }
        };
        let sum: i64 = (1..=n)
            .filter(|&d| n.is_multiple_of(d))
            .map(|d| mobius(d) * i64::try_from(k.pow(n / d)).expect("small"))
            .sum();
        u64::try_from(sum / i64::from(n)).expect("a count")
    }

    #[test]
    fn cyclic_sweep_counts_primitive_necklaces() {
        for max_len in 2..=6 {
            let expected: u64 = (2..=max_len).map(|n| lyndon(n, 4)).sum();
            let got = sweep("cyclic", max_len).expect("a sweep");
            assert_eq!(got.len() as u64, expected, "max-len {max_len}");
        }
        let four = sweep("cyclic", 4).expect("a sweep");
        assert_eq!(four.len(), 6 + 20 + 60);
        for s in ["cyclic:dl", "cyclic:dldr", "cyclic:dlu", "cyclic:dlru"] {
            assert!(four.iter().any(|x| x == s), "{s}");
        }
        for s in ["cyclic:dd", "cyclic:dldl", "cyclic:drdl", "cyclic:ld"] {
            assert!(!four.iter().any(|x| x == s), "{s}");
        }
        assert!(four.iter().all(|s| Strategy::parse(s).is_ok()));
    }

    #[test]
    fn biased_sweep_counts_proportionality_classes() {
        // Vectors in {0..=m}^4 \ {0} with gcd 1: Σ_{d ≥ 1} μ(d) ((⌊m/d⌋ + 1)^4 − 1).
        let mobius = [0i64, 1, -1, -1, 0, -1, 1, -1, 0, 0, 1];
        for m in 1..=10u32 {
            let expected: i64 = (1..=m)
                .map(|d| mobius[d as usize] * (i64::from(m / d + 1).pow(4) - 1))
                .sum();
            let got = sweep("biased", m).expect("a sweep");
            assert_eq!(
                i64::try_from(got.len()).expect("small"),
                expected,
                "max-weight {m}"
            );
        }
        let four = sweep("biased", 4).expect("a sweep");
        assert_eq!(four.len(), 529);
        assert!(four.iter().any(|s| s == "biased:4,1,0,4"));
        assert!(four.iter().any(|s| s == "biased:1,1,1,1"));
        assert!(
            !four
                .iter()
                .any(|s| s == "biased:4,4,4,4" || s == "biased:2,0,2,0")
        );
        assert!(four.iter().all(|s| Strategy::parse(s).is_ok()));
    }

    #[test]
    fn bad_sweeps() {
        for (family, size) in [
            ("cyclic", 1),
            ("cyclic", 9),
            ("biased", 0),
            ("biased", 17),
            ("spiral", 3),
        ] {
            assert!(matches!(
                sweep(family, size),
                Err(PluginError::BadParameter { .. })
            ));
        }
    }

    /// The seed's headline numbers, reproduced cheaply: 200 games each, seed rules. The bands
    /// are about ±4 standard errors around the seed's means (per-game SDs ≈ 180–250).
    #[test]
    fn seed_findings_in_the_small() {
        let drdl =
            aett(&run(&spec("cyclic:drdl", 200, 2048, "seed"), &Progress::none()).expect("runs"));
        assert!(
            (600.0..780.0).contains(&drdl),
            "drdl AETT {drdl} (seed: 686)"
        );
        let greedy =
            aett(&run(&spec("greedy", 200, 2048, "seed"), &Progress::none()).expect("runs"));
        assert!(
            (340.0..460.0).contains(&greedy),
            "greedy AETT {greedy} (seed: 399)"
        );
        let dl =
            aett(&run(&spec("cyclic:dl", 200, 2048, "seed"), &Progress::none()).expect("runs"));
        assert!(dl < 100.0, "dl AETT {dl} (seed: 44)");
    }
}
