//! The AI strategies, parsed from spec strings.
//!
//! | spec | strategy |
//! |---|---|
//! | `random` | a uniformly random legal move |
//! | `greedy` | the legal move whose board scores most right after it (ties at random) |
//! | `expectimax[:depth=N,prob=P,time=MS]` | expectimax after threes-ai, see [`crate::expectimax`] |
//!
//! Random choices come from a `SplitMix64` generator seeded from ([`State::seed`],
//! [`State::moves`]), so the same game seed gives the same game whether it is played through
//! `ai_move` one call at a time or inside an experiment. Expectimax draws nothing at random.

use game_kit::seed::{SplitMix64, derive_seed};
use game_kit::spec::StrategySpec;
use tritium_plugin_api::protocol::StrategyInfo;
use tritium_plugin_api::{PluginError, Progress};

use crate::board::{self, Move, apply_move};
use crate::expectimax::{self, ExpectimaxConfig, Report};
use crate::state::State;

/// A parsed strategy spec.
#[derive(Debug, Clone, PartialEq)]
pub enum Strategy {
    /// `random`: a uniformly random legal move.
    Random,
    /// `greedy`: the legal move with the best score right after it.
    Greedy,
    /// `expectimax[:depth=N,prob=P,time=MS]`.
    Expectimax(ExpectimaxConfig),
}

impl Strategy {
    /// Parses a spec: `random`, `greedy` or `expectimax[:depth=N,prob=P,time=MS]`.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the spec and saying what is wrong.
    pub fn parse(spec: &str) -> Result<Strategy, PluginError> {
        let parsed = StrategySpec::parse(spec);
        match parsed.name {
            "random" => parsed.no_params().map(|()| Strategy::Random),
            "greedy" => parsed.no_params().map(|()| Strategy::Greedy),
            "expectimax" => {
                ExpectimaxConfig::from_strategy(spec, parsed.params, expectimax::DEFAULT_DEPTH)
                    .map(Strategy::Expectimax)
            }
            _ => Err(parsed.unknown(
                "Threes",
                "random, greedy or expectimax[:depth=N,prob=P,time=MS]",
            )),
        }
    }

    /// The spec that [`Strategy::parse`] reads back into this strategy.
    pub fn spec(&self) -> String {
        match self {
            Strategy::Random => "random".to_owned(),
            Strategy::Greedy => "greedy".to_owned(),
            Strategy::Expectimax(cfg) => cfg.spec(),
        }
    }

    /// The strategy's move in `state`, with a short note (empty but for expectimax).
    ///
    /// # Errors
    /// [`PluginError::IllegalAction`] when the game is over; [`PluginError::Cancelled`] when
    /// `report` returned `false` during a search.
    pub fn decide_with(
        &self,
        state: &State,
        report: &Report<'_>,
    ) -> Result<(Move, String), PluginError> {
        let legal: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|&mv| state.is_legal(mv))
            .collect();
        if legal.is_empty() {
            return Err(PluginError::illegal(
                "ai",
                "the game is over: no move changes the board",
            ));
        }
        let mut rng = SplitMix64::new(derive_seed(
            state.seed ^ 0x7423_3E55_7423_3E55,
            u64::from(state.moves),
        ));
        let mv = match self {
            Strategy::Random => legal[rng.below(legal.len() as u32) as usize],
            Strategy::Greedy => {
                let scores: Vec<u64> = legal
                    .iter()
                    .map(|&mv| board::score(apply_move(state.board, mv).0))
                    .collect();
                let best = scores.iter().copied().max().unwrap_or(0);
                let ties: Vec<Move> = legal
                    .iter()
                    .zip(&scores)
                    .filter(|&(_, &s)| s == best)
                    .map(|(&mv, _)| mv)
                    .collect();
                ties[rng.below(ties.len() as u32) as usize]
            }
            Strategy::Expectimax(cfg) => {
                return Ok(match expectimax::best_move_with(state, cfg, report)? {
                    Some((mv, search)) => (mv, search.note()),
                    None => unreachable!("a legal move exists"),
                });
            }
        };
        Ok((mv, String::new()))
    }

    /// [`Strategy::decide_with`] reporting to the host's [`Progress`].
    ///
    /// # Errors
    /// As [`Strategy::decide_with`].
    pub fn choose(
        &self,
        state: &State,
        progress: &Progress<'_>,
    ) -> Result<(Move, String), PluginError> {
        self.decide_with(state, &game_kit::search::progress_hook(progress))
    }
}

/// The strategies for [`tritium_plugin_api::protocol::GameInfo::strategies`].
pub fn infos() -> Vec<StrategyInfo> {
    vec![
        StrategyInfo {
            name: "random".into(),
            description: "A uniformly random legal move.".into(),
            params: vec![],
            example: "random".into(),
        },
        StrategyInfo {
            name: "greedy".into(),
            description: "The legal move whose board scores most right after it (merges \
                          that make 3 or more), ties at random."
                .into(),
            params: vec![],
            example: "greedy".into(),
        },
        StrategyInfo {
            name: "expectimax".into(),
            description: "Expectimax after nneonneo's threes-ai: the best of the four moves, \
                          averaging over the next tile (the known card, or the values a bonus \
                          hint allows; deeper: the deck's cards and the 1/21 bonus tiles) and \
                          the lines where it may enter; a line-table heuristic (empty cells, \
                          merges, monotonicity, tile sum); a transposition table; the root \
                          moves in parallel. Deterministic unless `time` is given."
                .into(),
            params: game_kit::search::param_infos(
                expectimax::DEFAULT_DEPTH,
                "threes-ai's: max(3, distinct tiles of 3 or more − 2)",
            ),
            example: "expectimax:depth=2".into(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for spec in [
            "random",
            "greedy",
            "expectimax",
            "expectimax:depth=1",
            "expectimax:depth=auto",
            "expectimax:time=50",
        ] {
            assert_eq!(Strategy::parse(spec).expect(spec).spec(), spec);
        }
        for info in infos() {
            assert!(Strategy::parse(&info.example).is_ok(), "{}", info.example);
        }
        for spec in [
            "",
            "best",
            "random:1",
            "expectimax:",
            "expectimax:depth=x",
            "expectimax:speed=2",
        ] {
            match Strategy::parse(spec) {
                Err(PluginError::BadParameter { name, reason }) => {
                    assert_eq!(name, spec);
                    assert!(!reason.is_empty());
                }
                other => panic!("{spec}: {other:?}"),
            }
        }
    }

    fn play(strategy: &Strategy, seed: u64) -> State {
        let mut state = State::new(seed);
        while !state.is_over() {
            let (mv, _) = strategy.decide_with(&state, &|_, _| true).expect("a move");
            state.try_play(mv).expect("legal");
        }
        state
    }

    #[test]
    fn strategies_play_legal_games_and_better_ones_score_more() {
        let mean = |strategy: &Strategy| {
            (1..=8)
                .map(|seed| play(strategy, seed).score())
                .sum::<u64>()
                / 8
        };
        let random = mean(&Strategy::Random);
        let greedy = mean(&Strategy::Greedy);
        let expectimax = mean(&Strategy::parse("expectimax:depth=1").expect("parses"));
        eprintln!("mean scores: random {random}, greedy {greedy}, expectimax:depth=1 {expectimax}");
        assert!(greedy > random, "{greedy} vs {random}");
        assert!(expectimax > 5 * greedy, "{expectimax} vs {greedy}");
        assert_eq!(play(&Strategy::Random, 4), play(&Strategy::Random, 4));
    }

    #[test]
    fn over_games_have_no_ai_move() {
        let mut state = State::new(0);
        state.board = board::from_codes([1, 3, 1, 3, 3, 1, 3, 1, 1, 3, 1, 3, 3, 1, 3, 1]);
        assert!(matches!(
            Strategy::Greedy.decide_with(&state, &|_, _| true),
            Err(PluginError::IllegalAction { .. })
        ));
    }
}
