//! The AI strategies, parsed from spec strings.
//!
//! | spec | strategy |
//! |---|---|
//! | `random` | a uniformly random legal move (seeded from the game seed and the ply) |
//! | `minimax[:depth=N]` | the seed's plain minimax with its material heuristic; depth 1..=8, default 4 |
//! | `alphabeta[:depth=N,time=MS]` | ours (see [`crate::search`]); depth 1..=64, default 8; `time` caps each move |

use game_kit::seed::{SplitMix64, derive_seed};
use game_kit::spec::{Param, SpecError, StrategySpec};
use tritium_plugin_api::PluginError;
use tritium_plugin_api::protocol::{ParamInfo, StrategyInfo};

use crate::game::State;
use crate::moves::{Move, legal_moves};
use crate::search::{self, AlphaBetaConfig, MAX_DEPTH};

/// The deepest plain minimax a spec may ask for (its cost grows about 8× a ply).
pub const MAX_MINIMAX_DEPTH: u32 = 8;
/// `minimax` without a depth.
pub const DEFAULT_MINIMAX_DEPTH: u32 = 4;
/// `alphabeta` without a depth.
pub const DEFAULT_ALPHABETA_DEPTH: u32 = 8;

/// A parsed strategy spec.
#[derive(Debug, Clone, PartialEq)]
pub enum Strategy {
    /// `random`.
    Random,
    /// `minimax:depth=N`.
    Minimax(u32),
    /// `alphabeta:depth=N,time=MS`.
    AlphaBeta(AlphaBetaConfig),
}

impl Strategy {
    /// Parses `random`, `minimax[:depth=N]` or `alphabeta[:depth=N,time=MS]`.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the spec.
    pub fn parse(spec: &str) -> Result<Strategy, PluginError> {
        let parsed = StrategySpec::parse(spec);
        let name = parsed.name;
        // Checkers reads `random:` like `random`.
        let params = parsed.params.unwrap_or("");
        let unknown = |item: &str| {
            parsed.error(SpecError::UnknownParameter {
                name: name.to_owned(),
                item: item.to_owned(),
            })
        };
        let bad_value = |item: &str, reason: &str| {
            parsed.error(SpecError::BadValue {
                item: item.to_owned(),
                reason: reason.to_owned(),
            })
        };
        let mut depth = None;
        let mut time = None;
        for param in game_kit::spec::params(params) {
            let Param { item, key, value } = param.map_err(|e| unknown(&e.item))?;
            match key {
                "depth" => {
                    depth = Some(
                        value
                            .trim()
                            .parse::<u32>()
                            .map_err(|_| bad_value(item, "depth is a whole number"))?,
                    );
                }
                "time" if name == "alphabeta" => {
                    time = Some(
                        value
                            .trim()
                            .parse::<u64>()
                            .ok()
                            .filter(|ms| (1..=3_600_000).contains(ms))
                            .ok_or_else(|| {
                                bad_value(item, "time is milliseconds per move, 1..=3600000")
                            })?,
                    );
                }
                _ => return Err(unknown(item)),
            }
        }
        match name {
            "random" if params.is_empty() => Ok(Strategy::Random),
            "random" => Err(parsed.error(SpecError::NoParameters {
                name: name.to_owned(),
            })),
            "minimax" => {
                let d = depth.unwrap_or(DEFAULT_MINIMAX_DEPTH);
                if !(1..=MAX_MINIMAX_DEPTH).contains(&d) {
                    return Err(parsed.error(format!("minimax depth is 1..={MAX_MINIMAX_DEPTH}")));
                }
                Ok(Strategy::Minimax(d))
            }
            "alphabeta" => {
                let d = depth.unwrap_or(if time.is_some() {
                    MAX_DEPTH
                } else {
                    DEFAULT_ALPHABETA_DEPTH
                });
                if !(1..=MAX_DEPTH).contains(&d) {
                    return Err(parsed.error(format!("alphabeta depth is 1..={MAX_DEPTH}")));
                }
                Ok(Strategy::AlphaBeta(AlphaBetaConfig::new(d, time)))
            }
            _ => Err(parsed.unknown(
                "checkers",
                "random, minimax[:depth=N] or alphabeta[:depth=N,time=MS]",
            )),
        }
    }

    /// The spec [`Strategy::parse`] reads back.
    pub fn spec(&self) -> String {
        match self {
            Strategy::Random => "random".into(),
            Strategy::Minimax(d) => format!("minimax:depth={d}"),
            Strategy::AlphaBeta(cfg) => match cfg.time_ms {
                Some(ms) if cfg.depth == MAX_DEPTH => format!("alphabeta:time={ms}"),
                Some(ms) => format!("alphabeta:depth={},time={ms}", cfg.depth),
                None => format!("alphabeta:depth={}", cfg.depth),
            },
        }
    }

    /// The strategy's move in `state` and a note (depth, nodes, nodes/s, score, principal
    /// variation for the searches).
    ///
    /// # Errors
    /// [`PluginError::IllegalAction`] when the side to move has no legal move.
    pub fn choose(&self, state: &State) -> Result<(Move, String), PluginError> {
        let moves = legal_moves(&state.board);
        if moves.is_empty() {
            return Err(PluginError::illegal(
                "ai",
                "the game is over: no legal move",
            ));
        }
        let (mv, note) = match self {
            Strategy::Random => {
                let mut rng = SplitMix64::new(derive_seed(
                    state.seed ^ 0xC4EC_4E55,
                    u64::from(state.plies),
                ));
                (
                    moves[rng.below(moves.len() as u32) as usize].clone(),
                    String::new(),
                )
            }
            Strategy::Minimax(d) => {
                let found = search::minimax(&state.board, *d);
                (
                    found.best.clone().unwrap_or_else(|| moves[0].clone()),
                    found.note("minimax"),
                )
            }
            Strategy::AlphaBeta(cfg) => {
                let found = search::alphabeta(&state.board, cfg)?;
                (
                    found.best.clone().unwrap_or_else(|| moves[0].clone()),
                    found.note("alphabeta"),
                )
            }
        };
        Ok((mv, note))
    }
}

/// The strategies for the game's info.
pub fn infos() -> Vec<StrategyInfo> {
    vec![
        StrategyInfo {
            name: "random".into(),
            description: "A uniformly random legal move.".into(),
            params: vec![],
            example: "random".into(),
        },
        StrategyInfo {
            name: "minimax".into(),
            description: "The seed's plain minimax (no pruning) with its material heuristic: \
                          own pieces minus the opponent's."
                .into(),
            params: vec![
                ParamInfo::named(
                    "depth",
                    format!("plies, 1..={MAX_MINIMAX_DEPTH}"),
                    &DEFAULT_MINIMAX_DEPTH.to_string(),
                )
                .integers(1, i64::from(MAX_MINIMAX_DEPTH)),
            ],
            example: "minimax:depth=4".into(),
        },
        StrategyInfo {
            name: "alphabeta".into(),
            description: "Negamax alpha-beta with iterative deepening, a transposition table, \
                          killer and history move ordering, captures searched past the \
                          horizon, and an evaluation of material (kings 1.5 men), \
                          advancement, back-row guard and centre. The note gives depth, nodes, \
                          nodes/s, score and principal variation."
                .into(),
            params: vec![
                ParamInfo::named(
                    "depth",
                    format!("the deepest iteration, 1..={MAX_DEPTH}"),
                    &DEFAULT_ALPHABETA_DEPTH.to_string(),
                )
                .integers(1, i64::from(MAX_DEPTH)),
                ParamInfo::named(
                    "time",
                    "milliseconds per move (iterative deepening stops when spent; the move \
                     then depends on the machine's speed)",
                    "none",
                ),
            ],
            example: "alphabeta:time=100".into(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_and_bad_ones_are_named() {
        for spec in [
            "random",
            "minimax:depth=4",
            "alphabeta:depth=8",
            "alphabeta:time=100",
            "alphabeta:depth=6,time=50",
        ] {
            assert_eq!(Strategy::parse(spec).expect(spec).spec(), spec);
        }
        assert_eq!(Strategy::parse("minimax"), Ok(Strategy::Minimax(4)));
        for spec in [
            "",
            "best",
            "random:1",
            "minimax:depth=0",
            "minimax:depth=9",
            "minimax:time=5",
            "alphabeta:depth=x",
            "alphabeta:time=0",
            "alphabeta:speed=1",
        ] {
            match Strategy::parse(spec) {
                Err(PluginError::BadParameter { name, .. }) => assert_eq!(name, spec),
                other => panic!("{spec}: {other:?}"),
            }
        }
        for info in infos() {
            assert!(Strategy::parse(&info.example).is_ok());
        }
    }
}
