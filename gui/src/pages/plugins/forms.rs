//! The settings the Game and Experiments pages both edit (rule set and seed, strategy), the
//! error their actions report, and how a plugin page tells the user what happened.

use plugin_host::CallError;
use tritium_plugin_api::protocol::GameInfo;

use crate::pages::circuit::state::Notice;
use crate::pages::experiments::report::ExportError;

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
/// (prefilled with the strategy's example, e.g. `cyclic:drdl`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrategyChoice {
    /// The chosen strategy's name.
    pub name: String,
    /// The spec sent to the plugin.
    pub spec: String,
}

impl StrategyChoice {
    /// The game's first strategy, with its example spec.
    pub fn first_of(game: &GameInfo) -> StrategyChoice {
        game.strategies
            .first()
            .map(|s| StrategyChoice {
                name: s.name.clone(),
                spec: s.example.clone(),
            })
            .unwrap_or_default()
    }

    /// Chooses strategy `name` of `game`, with its example spec.
    pub fn choose(&mut self, game: &GameInfo, name: &str) {
        if let Some(strategy) = game.strategies.iter().find(|s| s.name == name) {
            self.name.clone_from(&strategy.name);
            self.spec.clone_from(&strategy.example);
        }
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
