//! Matches between two strategies: the experiment of a two-player game.
//!
//! Games come in pairs with the colours swapped: pair `k` starts from an opening of
//! [`OPENING_PLIES`] random legal plies drawn from `game_seed(seed, k)`, and the strategy
//! plays red in the first game of the pair, white in the second — so both sides of every
//! opening are played and the first-move advantage cancels. Games run in parallel on the
//! kit's runner; the report does not depend on the thread count (unless a strategy has a time
//! limit).
//!
//! The report gives wins, draws and losses of `strategy`, its **score** (wins + draws / 2,
//! over games), and the **Elo difference** `−400 · log10(1/score − 1)` with a 95 % interval
//! from the score's standard error (per-game results 1, ½, 0; normal approximation, the
//! method of simple Elo calculators; a score of 0 or 1 gives an infinite
//! bound, reported as ±inf).

use std::collections::BTreeMap;

use game_kit::experiment::{column, run_games};
use game_kit::seed::SplitMix64;
use game_kit::stats::{mean, sample_sd};
use serde_json::json;
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec, GameResult};
use tritium_plugin_api::{PluginError, Progress};

use crate::color::Color;
use crate::game::{Rules, State};
use crate::moves::legal_moves;
use crate::strategy::Strategy;

/// Random plies before the strategies take over.
pub const OPENING_PLIES: u32 = 4;
/// A game still going after this many plies is scored a draw (the 40-move rule ends real
/// games long before).
pub const MAX_PLIES: u32 = 1000;

/// One finished game: the strategy's colour, the end, the plies.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The colour `strategy` played.
    pub color: Color,
    /// 1 win, 0.5 draw, 0 loss, for `strategy`.
    pub result: f64,
    /// Plies played (opening included).
    pub plies: u32,
    /// How it ended.
    pub end: String,
}

/// The opening of pair `seed`: [`OPENING_PLIES`] uniformly random legal plies.
pub fn opening(rules: Rules, seed: u64) -> State {
    let mut state = State::new(rules, seed);
    let mut rng = SplitMix64::new(seed);
    for _ in 0..OPENING_PLIES {
        let moves = legal_moves(&state.board);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u32) as usize].clone();
        state.play(&mv);
    }
    state
}

/// Plays `state` to its end, `red` moving for red and `white` for white.
///
/// # Errors
/// [`PluginError::Cancelled`] when `keep_going` says stop.
pub fn play_out(
    mut state: State,
    red: &Strategy,
    white: &Strategy,
    keep_going: &dyn Fn() -> bool,
) -> Result<State, PluginError> {
    while state.end().is_none() && state.plies < MAX_PLIES {
        if !keep_going() {
            return Err(PluginError::Cancelled);
        }
        let mover = if state.board.turn == Color::Red {
            red
        } else {
            white
        };
        let (mv, _) = mover.choose(&state)?;
        state.play(&mv);
    }
    Ok(state)
}

fn result_for(state: &State, color: Color) -> (f64, String) {
    match state.end() {
        Some(end) => (
            match end.winner() {
                Some(w) if w == color => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            end.describe(),
        ),
        None => (0.5, format!("draw: stopped after {MAX_PLIES} plies")),
    }
}

/// Runs a match (see the module documentation).
///
/// # Errors
/// [`PluginError::BadParameter`] for a bad strategy, opponent, rule set or `games == 0`;
/// [`PluginError::Cancelled`] when the host cancels.
pub fn run(
    spec: &ExperimentSpec,
    progress: &Progress<'_>,
) -> Result<ExperimentReport, PluginError> {
    let strategy = Strategy::parse(&spec.strategy)?;
    let opponent_spec = spec.opponent.clone().unwrap_or_else(|| "random".to_owned());
    let opponent = Strategy::parse(&opponent_spec)?;
    let rules = Rules::parse(spec.rules.as_deref())?;
    let pairs = spec.games.div_ceil(2);
    if spec.games == 0 {
        return Err(PluginError::bad_parameter(
            "games",
            "a match needs at least one game",
        ));
    }
    let played = run_games(pairs, spec.seed, spec.shard, progress, |seed, hook| {
        let start = opening(rules, seed);
        let keep_going = || hook(0, 0);
        let mut both = Vec::with_capacity(2);
        for color in [Color::Red, Color::White] {
            let (red, white) = if color == Color::Red {
                (&strategy, &opponent)
            } else {
                (&opponent, &strategy)
            };
            let end = play_out(start.clone(), red, white, &keep_going)?;
            let (result, why) = result_for(&end, color);
            both.push(Played {
                color,
                result,
                plies: end.plies,
                end: why,
            });
        }
        Ok(both)
    })?;
    // Pair k holds games 2k (the strategy red) and 2k + 1; an odd count drops the last.
    let games: Vec<GameResult> = played
        .iter()
        .flat_map(|p| {
            p.result.iter().enumerate().map(move |(j, g)| {
                let index = 2 * p.index + j as u64;
                (index, describe(p.seed, g, spec.shard.map(|_| index)))
            })
        })
        .filter(|&(index, _)| index < u64::from(spec.games))
        .map(|(_, g)| g)
        .collect();
    report(spec, games)
}

/// One game as a report lists it: `result` (1, ½, 0 for the strategy), `plies`, `red` (1 if
/// the strategy played red); category win, draw or loss.
fn describe(seed: u64, g: &Played, index: Option<u64>) -> GameResult {
    GameResult {
        seed,
        metrics: BTreeMap::from([
            ("result".to_owned(), g.result),
            ("plies".to_owned(), f64::from(g.plies)),
            ("red".to_owned(), f64::from(u8::from(g.color == Color::Red))),
        ]),
        category: match g.result {
            r if r > 0.75 => "win".to_owned(),
            r if r > 0.25 => "draw".to_owned(),
            _ => "loss".to_owned(),
        },
        index,
    }
}

/// Elo difference for a score in (0, 1): `−400 · log10(1/score − 1)`; ±∞ at 0 and 1.
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

fn number_or_inf(v: f64) -> serde_json::Value {
    if v.is_finite() {
        json!(v)
    } else if v > 0.0 {
        json!("+inf")
    } else {
        json!("-inf")
    }
}

/// The report of match `spec` from its per-game results (`result`, `plies`, `red` per game): what [`run`]
/// computes after playing, and how a host merges the shares of a distributed match.
///
/// # Errors
/// [`PluginError::BadParameter`] for a bad strategy, opponent or rule set, or a game without
/// one of the metrics.
pub fn report(
    spec: &ExperimentSpec,
    games: Vec<GameResult>,
) -> Result<ExperimentReport, PluginError> {
    let strategy = Strategy::parse(&spec.strategy)?;
    let opponent = Strategy::parse(spec.opponent.as_deref().unwrap_or("random"))?;
    let rules = Rules::parse(spec.rules.as_deref())?;
    let results = column(&games, "result")?;
    let n = results.len() as f64;
    let score = mean(&results);
    let se = sample_sd(&results) / n.sqrt();
    let count = |r: f64| results.iter().filter(|&&x| (x - r).abs() < 1e-9).count();
    let plies = column(&games, "plies")?;
    let aggregates = BTreeMap::from([
        ("games".to_owned(), json!(games.len())),
        ("wins".to_owned(), json!(count(1.0))),
        ("draws".to_owned(), json!(count(0.5))),
        ("losses".to_owned(), json!(count(0.0))),
        ("score".to_owned(), json!(score)),
        ("score_se".to_owned(), json!(se)),
        ("elo".to_owned(), number_or_inf(elo(score))),
        (
            "elo_low".to_owned(),
            number_or_inf(elo((score - 1.96 * se).max(0.0))),
        ),
        (
            "elo_high".to_owned(),
            number_or_inf(elo((score + 1.96 * se).min(1.0))),
        ),
        ("mean_plies".to_owned(), json!(mean(&plies))),
        ("opponent".to_owned(), json!(opponent.spec())),
    ]);
    Ok(ExperimentReport {
        strategy: strategy.spec(),
        rules: rules.name(),
        games,
        aggregates,
        primary: "score".to_owned(),
        histogram_metric: "plies".to_owned(),
        category_label: "result".to_owned(),
        timing: BTreeMap::new(),
        names: NAMES
            .iter()
            .map(|&(key, name)| (key.to_owned(), name.to_owned()))
            .collect(),
    })
}

/// The aggregates of a match as people read them (`ExperimentReport::names`).
const NAMES: [(&str, &str); 11] = [
    ("games", "games"),
    ("wins", "wins"),
    ("draws", "draws"),
    ("losses", "losses"),
    ("score", "score (a win 1, a draw ½, per game)"),
    ("score_se", "score's standard error"),
    ("elo", "Elo difference"),
    ("elo_low", "Elo difference, 95 % low"),
    ("elo_high", "Elo difference, 95 % high"),
    ("mean_plies", "mean plies per game"),
    ("opponent", "opponent"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(strategy: &str, opponent: &str, games: u32) -> ExperimentSpec {
        ExperimentSpec {
            strategy: strategy.into(),
            games,
            seed: 3,
            rules: None,
            opponent: Some(opponent.into()),
            shard: None,
        }
    }

    #[test]
    fn shards_of_an_odd_match_merge_into_the_whole() {
        let whole = spec("random", "random", 5);
        let one = run(&whole, &Progress::none()).expect("plays");
        assert_eq!(one.games.len(), 5);
        let mut merged: Vec<GameResult> = (0..2)
            .flat_map(|index| {
                let part = ExperimentSpec {
                    shard: Some(tritium_plugin_api::protocol::Shard { index, count: 2 }),
                    ..whole.clone()
                };
                run(&part, &Progress::none()).expect("plays").games
            })
            .collect();
        merged.sort_by_key(|g| g.index);
        for g in &mut merged {
            g.index = None;
        }
        assert_eq!(report(&whole, merged).expect("merges"), one);
    }

    #[test]
    fn elo_of_scores() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.848).abs() < 1e-2);
        assert!(elo(1.0).is_infinite() && elo(0.0) < 0.0);
    }

    #[test]
    fn a_search_beats_random_and_the_match_repeats() {
        let s = spec("minimax:depth=2", "random", 6);
        let report = run(&s, &Progress::none()).expect("runs");
        assert_eq!(report.games.len(), 6);
        // Colours alternate within each pair, and the pair shares its seed (its opening).
        assert_eq!(report.games[0].seed, report.games[1].seed);
        assert_eq!(report.games[0].metrics["red"].to_bits(), 1f64.to_bits());
        assert_eq!(report.games[1].metrics["red"].to_bits(), 0f64.to_bits());
        let score = report.aggregates["score"].as_f64().expect("a number");
        assert!(score > 0.8, "{score}");
        assert_eq!(run(&s, &Progress::none()).expect("runs"), report);
        assert_eq!(report.aggregates["opponent"], "random");
        // Every aggregate has a name for people (the app's summary table).
        for key in report.aggregates.keys() {
            assert!(report.names.contains_key(key), "{key} has no name");
        }
        let odd = run(&spec("random", "random", 3), &Progress::none()).expect("runs");
        assert_eq!(odd.games.len(), 3);
        assert!(matches!(
            run(&spec("random", "nope", 2), &Progress::none()),
            Err(PluginError::BadParameter { .. })
        ));
    }
}
