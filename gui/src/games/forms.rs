//! The settings the Game and Experiments pages both edit (rule set and seed, strategy), the
//! error their actions report, and how a plugin page tells the user what happened.

use plugin_host::CallError;
use tritium_plugin_api::protocol::{GameInfo, StrategyInfo};

use crate::common::Notice;
use crate::games::report::ExportError;

/// Why a game or experiment action failed. Shown to the user; the app keeps running.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The plugin refused or failed (a caught panic is [`CallError::Plugin`] with
    /// `PluginError::Panic`).
    #[error(transparent)]
    Call(#[from] CallError),
    /// The worker thread ended without an answer.
    #[error("the plugin call ended without an answer")]
    WorkerLost,
    /// No game is selected.
    #[error("no game selected: load a plugin and choose one of its games")]
    NoGame,
    /// The seed field does not hold a number.
    #[error("seed `{0}` is not a whole number from 0 to 18446744073709551615")]
    Seed(String),
    /// The CSV export failed.
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// A strategy spec being edited: the strategy chosen in the picker and the full spec text
/// (prefilled with the strategy's declared defaults, e.g. `expectimax` searching the depth
/// its `depth` parameter declares, or `biased:1,1,1,1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrategyChoice {
    /// The chosen strategy's name.
    pub name: String,
    /// The spec sent to the plugin.
    pub spec: String,
}

impl StrategyChoice {
    /// The game's first strategy, at its defaults.
    pub fn first_of(game: &GameInfo) -> StrategyChoice {
        game.strategies
            .first()
            .map(StrategyChoice::at_defaults)
            .unwrap_or_default()
    }

    /// Chooses strategy `name` of `game`, at its defaults.
    pub fn choose(&mut self, game: &GameInfo, name: &str) {
        if let Some(strategy) = game.strategies.iter().find(|s| s.name == name) {
            *self = StrategyChoice::at_defaults(strategy);
        }
    }

    /// `strategy` with every parameter at the default it declares — the one source of the
    /// values the fields show, the spec and the plugin's own parsing agree on: a keyed
    /// parameter left out of the spec, a positional one written with its default.
    fn at_defaults(strategy: &StrategyInfo) -> StrategyChoice {
        StrategyChoice {
            name: strategy.name.clone(),
            spec: spec_with(strategy, &vec![None; strategy.params.len()]),
        }
    }
}

/// The values `spec` gives `strategy`'s parameters, in the strategy's order (`None`: left
/// out, so the default): a keyed parameter from its `name=value` item, a positional one from
/// the text after the `:` (all of it when it is the only positional one, else its
/// comma-separated item in order).
pub fn param_values(strategy: &StrategyInfo, spec: &str) -> Vec<Option<String>> {
    let params = spec.split_once(':').map_or("", |(_, p)| p.trim());
    let items: Vec<&str> = params
        .split(',')
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .collect();
    let positional: Vec<&str> = items.iter().copied().filter(|i| !i.contains('=')).collect();
    let lone = strategy.params.iter().filter(|p| !p.keyed).count() == 1;
    let mut next = 0;
    strategy
        .params
        .iter()
        .map(|param| {
            if param.keyed {
                items.iter().find_map(|i| {
                    let (key, value) = i.split_once('=')?;
                    (key.trim() == param.name).then(|| value.trim().to_owned())
                })
            } else if lone {
                let text = positional.join(",");
                Some(text).filter(|t| !t.is_empty())
            } else {
                next += 1;
                positional.get(next - 1).map(|v| (*v).to_owned())
            }
        })
        .collect()
}

/// The spec of `strategy` with `values` (in the strategy's order, as [`param_values`] reads
/// them): `name`, then `:` and the positional values, then the keyed ones as `name=value`,
/// comma-separated; a `None` value is left out (the strategy uses its default).
pub fn spec_with(strategy: &StrategyInfo, values: &[Option<String>]) -> String {
    let pairs = || strategy.params.iter().zip(values);
    let positional = pairs()
        .filter(|(p, _)| !p.keyed)
        .filter_map(|(p, v)| v.clone().or_else(|| Some(p.default.clone())));
    let keyed = pairs()
        .filter(|(p, _)| p.keyed)
        .filter_map(|(p, v)| v.as_ref().map(|v| format!("{}={v}", p.name)));
    let items: Vec<String> = positional.chain(keyed).collect();
    if items.is_empty() {
        strategy.name.clone()
    } else {
        format!("{}:{}", strategy.name, items.join(","))
    }
}

/// The settings of a new game or an experiment: rule set and seed (as typed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// One of the game's rule sets.
    pub rules: String,
    /// The seed as typed; parsed when used.
    pub seed: String,
}

impl Setup {
    /// The game's first rule set and seed 1.
    pub fn first_of(game: &GameInfo) -> Setup {
        Setup {
            rules: game.rules.first().cloned().unwrap_or_default(),
            seed: "1".into(),
        }
    }

    /// The seed as a number.
    ///
    /// # Errors
    /// [`GameError::Seed`] when the text is not a `u64`.
    pub fn seed(&self) -> Result<u64, GameError> {
        let text = self.seed.trim();
        text.parse().map_err(|_| GameError::Seed(text.to_owned()))
    }

    /// The rule set, `None` when empty (the game's default).
    pub fn rules(&self) -> Option<&str> {
        Some(self.rules.as_str()).filter(|r| !r.is_empty())
    }
}

/// Shows `text` as information.
pub fn tell(notice: &mut Option<Notice>, text: impl Into<String>) {
    *notice = Some(Notice {
        text: text.into(),
        is_error: false,
    });
}

/// Shows `error` as an error.
pub fn warn(notice: &mut Option<Notice>, error: &impl std::fmt::Display) {
    *notice = Some(Notice {
        text: error.to_string(),
        is_error: true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use tritium_plugin_api::protocol::ParamInfo;

    fn strategy(name: &str, params: Vec<ParamInfo>) -> StrategyInfo {
        StrategyInfo {
            name: name.into(),
            description: String::new(),
            params,
            example: name.into(),
        }
    }

    #[test]
    fn parameters_are_read_from_a_spec_and_written_back() {
        let search = strategy(
            "expectimax",
            vec![
                ParamInfo::named("depth", "", "3").integers(0, 16),
                ParamInfo::named("prob", "", "0.0001"),
                ParamInfo::named("time", "", "none"),
            ],
        );
        let values = param_values(&search, "expectimax: time=50 , depth=2");
        assert_eq!(values, [Some("2".into()), None, Some("50".into())]);
        assert_eq!(spec_with(&search, &values), "expectimax:depth=2,time=50");
        assert_eq!(spec_with(&search, &[None, None, None]), "expectimax");
        // One positional parameter takes everything after the colon, commas too.
        let biased = strategy(
            "biased",
            vec![ParamInfo::positional("weights", "", "1,1,1,1")],
        );
        let values = param_values(&biased, "biased:4,1,0,4");
        assert_eq!(values, [Some("4,1,0,4".into())]);
        assert_eq!(spec_with(&biased, &values), "biased:4,1,0,4");
        // Left out, a positional parameter is written with its default.
        assert_eq!(param_values(&biased, "biased"), [None]);
        assert_eq!(spec_with(&biased, &[None]), "biased:1,1,1,1");
    }

    #[test]
    fn a_seed_is_a_whole_number_and_empty_rules_are_the_default() {
        let setup = Setup {
            rules: String::new(),
            seed: " 42 ".into(),
        };
        assert_eq!(setup.seed().expect("a number"), 42);
        assert_eq!(setup.rules(), None, "no rules: the game's default");
        let bad = Setup {
            seed: "-1".into(),
            ..setup
        };
        let error = bad.seed().expect_err("negative");
        assert_eq!(
            error.to_string(),
            "seed `-1` is not a whole number from 0 to 18446744073709551615"
        );
    }
}
