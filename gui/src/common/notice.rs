//! [`Notice`]: a line of feedback for the user, shown in a page's status bar.

/// A line of feedback for the user (shown in the status bar).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What happened.
    pub text: String,
    /// Whether it is an error (shown in red and kept until the next action).
    pub is_error: bool,
}
