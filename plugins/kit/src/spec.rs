//! Strategy specs, the strings that name an AI and its parameters: `name` or `name:params`,
//! the parameters comma-separated `key=value` items (`expectimax:depth=3,prob=0.001`,
//! `alphabeta:time=500`) or a game's own form (`cyclic:drdl`, `biased:4,1,0,4`).
//!
//! [`StrategySpec::parse`] splits a spec into its name and parameters, [`params`] splits the
//! parameters into items, and [`SpecError`] says what is wrong; [`StrategySpec::error`] turns
//! it into the [`PluginError::BadParameter`] naming the whole spec that the games return.
//!
//! ```
//! use game_kit::spec::{SpecError, StrategySpec, params};
//!
//! let spec = StrategySpec::parse(" alphabeta: depth=6 , time=100 ");
//! assert_eq!((spec.name, spec.params), ("alphabeta", Some("depth=6 , time=100")));
//! let items: Vec<_> = params(spec.params.unwrap_or("")).collect::<Result<_, _>>()?;
//! assert_eq!((items[1].key, items[1].value), ("time", "100"));
//!
//! let random = StrategySpec::parse("random:x");
//! let error = random.no_params().expect_err("random takes none");
//! assert_eq!(error, random.error(SpecError::NoParameters { name: "random".into() }));
//! assert!(error.to_string().contains("`random` takes no parameters"));
//! # Ok::<(), game_kit::spec::NotKeyValue>(())
//! ```

use tritium_plugin_api::PluginError;

/// What is wrong with a strategy spec. Its text is the reason of the
/// [`PluginError::BadParameter`] that [`StrategySpec::error`] makes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The strategy `name` was given parameters (`random:x`).
    #[error("`{name}` takes no parameters")]
    NoParameters {
        /// The strategy's name.
        name: String,
    },
    /// A parameter item is not one the strategy `name` knows, or not `key=value`.
    #[error("`{item}` is not a parameter of `{name}`")]
    UnknownParameter {
        /// The strategy's name.
        name: String,
        /// The item as written.
        item: String,
    },
    /// A parameter's value is out of range or not a number of the kind expected.
    #[error("`{item}`: {reason}")]
    BadValue {
        /// The item as written, e.g. `depth=99`.
        item: String,
        /// What the value must be, e.g. `depth is 1..=8`.
        reason: String,
    },
    /// The name is no strategy of the game.
    #[error("unknown {game} strategy; expected {expected}")]
    UnknownStrategy {
        /// The game's name, e.g. `2048`.
        game: String,
        /// The strategies it has, e.g. `random, greedy or expectimax[:depth=N]`.
        expected: String,
    },
}

impl From<SpecError> for String {
    fn from(error: SpecError) -> String {
        error.to_string()
    }
}

/// A strategy spec split at its first `:`: the name and, when there was a `:`, the
/// parameters (both trimmed; the parameters may be empty, as in `random:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrategySpec<'a> {
    /// The spec as given (errors name it).
    pub text: &'a str,
    /// The strategy's name, e.g. `expectimax`.
    pub name: &'a str,
    /// What follows the `:`; `None` without one.
    pub params: Option<&'a str>,
}

impl<'a> StrategySpec<'a> {
    /// Splits `text` into name and parameters; surrounding spaces are ignored.
    pub fn parse(text: &'a str) -> Self {
        let trimmed = text.trim();
        let (name, params) = match trimmed.split_once(':') {
            Some((name, params)) => (name.trim(), Some(params.trim())),
            None => (trimmed, None),
        };
        Self { text, name, params }
    }

    /// The [`PluginError::BadParameter`] naming this spec, with `reason` (a [`SpecError`] or a
    /// game's own text).
    pub fn error(&self, reason: impl Into<String>) -> PluginError {
        PluginError::bad_parameter(self.text, reason)
    }

    /// Checks that the spec has no `:` part.
    ///
    /// # Errors
    /// [`SpecError::NoParameters`] (as [`Self::error`]) when it has.
    pub fn no_params(&self) -> Result<(), PluginError> {
        match self.params {
            None => Ok(()),
            Some(_) => Err(self.error(SpecError::NoParameters {
                name: self.name.to_owned(),
            })),
        }
    }

    /// [`SpecError::UnknownStrategy`] for this spec as [`Self::error`]: `game` has no strategy
    /// of this name; `expected` lists those it has.
    pub fn unknown(&self, game: &str, expected: &str) -> PluginError {
        self.error(SpecError::UnknownStrategy {
            game: game.to_owned(),
            expected: expected.to_owned(),
        })
    }
}

/// A parameter item without `=`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{item}` is not key=value")]
pub struct NotKeyValue {
    /// The item as written.
    pub item: String,
}

/// One `key=value` item of a spec's parameters, split at its first `=` (the item is trimmed;
/// the key and value keep any spaces around the `=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param<'a> {
    /// The whole item, e.g. `depth=3` (errors name it).
    pub item: &'a str,
    /// Before the `=`.
    pub key: &'a str,
    /// After the `=`.
    pub value: &'a str,
}

/// The items of a parameter list: comma-separated, each trimmed, empty ones skipped, each
/// split at its first `=`.
///
/// # Errors
/// Each item without `=` is a [`NotKeyValue`].
pub fn params(text: &str) -> impl Iterator<Item = Result<Param<'_>, NotKeyValue>> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| match item.split_once('=') {
            Some((key, value)) => Ok(Param { item, key, value }),
            None => Err(NotKeyValue {
                item: item.to_owned(),
            }),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_names_and_params() {
        let plain = StrategySpec::parse("  greedy ");
        assert_eq!((plain.name, plain.params), ("greedy", None));
        assert_eq!(plain.no_params(), Ok(()));
        let empty = StrategySpec::parse("random:");
        assert_eq!((empty.name, empty.params), ("random", Some("")));
        assert!(empty.no_params().is_err());
        let cyclic = StrategySpec::parse("cyclic: drdl");
        assert_eq!(cyclic.params, Some("drdl"));
        // Only the first `:` splits.
        assert_eq!(StrategySpec::parse("a:b:c").params, Some("b:c"));
    }

    #[test]
    fn items_and_errors() {
        let items: Vec<_> = params(" depth=3,, prob =0.1 ,x").collect();
        assert_eq!(
            items[0],
            Ok(Param {
                item: "depth=3",
                key: "depth",
                value: "3"
            })
        );
        assert_eq!(items[1].as_ref().map(|p| p.key), Ok("prob "));
        assert_eq!(items[2], Err(NotKeyValue { item: "x".into() }));
        assert_eq!(params("").count(), 0);
        let spec = StrategySpec::parse("minimax:depth=99");
        let PluginError::BadParameter { name, reason } = spec.error(SpecError::BadValue {
            item: "depth=99".into(),
            reason: "depth is 1..=8".into(),
        }) else {
            panic!("a bad parameter")
        };
        assert_eq!(
            (name.as_str(), reason.as_str()),
            ("minimax:depth=99", "`depth=99`: depth is 1..=8")
        );
        assert_eq!(
            spec.unknown("checkers", "random or minimax").to_string(),
            spec.error("unknown checkers strategy; expected random or minimax")
                .to_string()
        );
    }
}
