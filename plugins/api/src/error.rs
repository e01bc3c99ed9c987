//! The error a plugin returns across the boundary.

use serde::{Deserialize, Serialize};

/// Why a plugin call failed. Serialized into [`crate::Response::Error`]; the host turns it into
/// its own error type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "error", content = "detail", rename_all = "snake_case")]
pub enum PluginError {
    /// The request named a game or solver the plugin does not have.
    #[error("no game or solver named `{0}` in this plugin")]
    UnknownTarget(String),
    /// An action that is not legal in this state, e.g. a move that changes nothing.
    #[error("illegal action `{action}`: {reason}")]
    IllegalAction {
        /// The offending action id.
        action: String,
        /// Why it is illegal.
        reason: String,
    },
    /// A strategy spec, rule set or other parameter that does not parse or is out of range.
    #[error("bad parameter `{name}`: {reason}")]
    BadParameter {
        /// The offending parameter or spec.
        name: String,
        /// What is wrong and what is allowed.
        reason: String,
    },
    /// The request (or the state inside it) is not a message this plugin understands.
    #[error("malformed message: {0}")]
    Malformed(String),
    /// The host cancelled a long call through its progress callback.
    #[error("cancelled")]
    Cancelled,
    /// The plugin panicked; the panic was caught at the boundary.
    #[error("the plugin panicked: {0}")]
    Panic(String),
    /// Anything else the plugin wants to report.
    #[error("{0}")]
    Other(String),
}

impl PluginError {
    /// A [`PluginError::BadParameter`].
    pub fn bad_parameter(name: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::BadParameter {
            name: name.into(),
            reason: reason.into(),
        }
    }

    /// A [`PluginError::IllegalAction`].
    pub fn illegal(action: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::IllegalAction {
            action: action.into(),
            reason: reason.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PluginError;
    use crate::Response;

    #[test]
    fn every_error_crosses_the_boundary_inside_a_response() {
        let errors = [
            PluginError::UnknownTarget("chess".into()),
            PluginError::illegal("l", "the board does not change"),
            PluginError::bad_parameter("cyclic:xyz", "moves are l r u d"),
            PluginError::Malformed("request: EOF".into()),
            PluginError::Cancelled,
            PluginError::Panic("boom".into()),
            PluginError::Other("disk full".into()),
        ];
        for error in errors {
            let json = serde_json::to_string(&Response::Error(error.clone())).expect("encodes");
            let back: Response = serde_json::from_str(&json).expect("decodes");
            assert_eq!(back, Response::Error(error), "{json}");
        }
    }
}
