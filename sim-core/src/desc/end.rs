//! Wire ends: how a level's wires name what they join, the one reader and writer of that text.
//!
//! A wire end as a file writes it is a label. The text before its first `.` may name
//! something with several ends of its own:
//!
//! * `I.p` is pin `p` of instance `I` when `I` is one of the level's instances ([`WireEnd`]);
//! * `SP.k` is output `k` of splitter `SP` when `SP` is one of the level's splitters
//!   ([`SplitOutput`], see [`crate::bus`]);
//! * anything else is a node of the level (or, inside a part, one of the part's own pins):
//!   a label may itself contain `.` (`x.y` is a node when no instance or splitter is called
//!   `x`).
//!
//! [`WireEnd::parse_with`] and [`SplitOutput::parse_with`] read that syntax; the [`Display`]
//! of each writes it back unchanged. [`WireEnd::owner`] and [`WireEnd::dotted`] are the
//! borrowed readers for callers that ask their level themselves.
//!
//! [`Display`]: std::fmt::Display

use std::fmt;

use super::InstanceDesc;

/// The separator between an instance and its pin, or a splitter and its output.
const DOT: char = '.';

/// One end of a wire as a level names it: a node (or, inside a part, one of its pins), or a
/// pin of one of the level's instances.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WireEnd {
    /// A node of the level (its label at the level, without the instance path).
    Node(String),
    /// Pin `pin` of instance `instance`.
    Pin {
        /// The instance's label.
        instance: String,
        /// The pin's name.
        pin: String,
    },
}

impl WireEnd {
    /// Reads wire end `end` as written in a file: `I.p` is a pin when `is_instance(I)` (the
    /// text before the first `.`), anything else a node. Never fails: every text is one or
    /// the other.
    pub fn parse_with(end: &str, is_instance: impl Fn(&str) -> bool) -> WireEnd {
        match Self::dotted(end) {
            Some((instance, pin)) if is_instance(instance) => WireEnd::Pin {
                instance: instance.to_owned(),
                pin: pin.to_owned(),
            },
            _ => WireEnd::Node(end.to_owned()),
        }
    }

    /// [`parse_with`](Self::parse_with) on a level whose instances are `instances`.
    pub fn parse(end: &str, instances: &[InstanceDesc]) -> WireEnd {
        WireEnd::parse_with(end, |label| instances.iter().any(|i| i.label == label))
    }

    /// Whether `end` names a pin of an instance (see [`parse_with`](Self::parse_with)),
    /// without allocating.
    pub fn is_pin_with(end: &str, is_instance: impl Fn(&str) -> bool) -> bool {
        Self::dotted(end).is_some_and(|(instance, _)| is_instance(instance))
    }

    /// `end` cut at its first `.`: `(I, p)` for `I.p`, `(SP, k)` for `SP.k`; `None` without a
    /// `.`. Whether the first part is an instance, a splitter or just part of a node's label
    /// is the level's to say.
    pub fn dotted(end: &str) -> Option<(&str, &str)> {
        end.split_once(DOT)
    }

    /// The label `end` hangs on: `I` of `I.p`, `SP` of `SP.k`, the whole of a label without
    /// a `.`.
    pub fn owner(end: &str) -> &str {
        Self::dotted(end).map_or(end, |(owner, _)| owner)
    }

    /// The text of pin `pin` of instance `instance`: `instance.pin`.
    pub fn pin_text(instance: &str, pin: &str) -> String {
        format!("{instance}{DOT}{pin}")
    }

    /// Whether this is an instance's pin.
    pub fn is_pin(&self) -> bool {
        matches!(self, WireEnd::Pin { .. })
    }

    /// The end as a file writes it (`label` or `instance.pin`).
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for WireEnd {
    /// Writes the end as a file does (`label` or `instance.pin`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireEnd::Node(label) => f.write_str(label),
            WireEnd::Pin { instance, pin } => write!(f, "{instance}{DOT}{pin}"),
        }
    }
}

/// Output `k` of a splitter, written `SP.k`: borrowed from the wire end's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitOutput<'a> {
    /// The splitter's label.
    pub splitter: &'a str,
    /// The output as written after the `.` (a range's number if the file is right; see
    /// [`index`](Self::index)).
    pub output: &'a str,
}

impl<'a> SplitOutput<'a> {
    /// Reads wire end `end` as an output of a splitter: `SP.k` when `is_splitter(SP)` (the
    /// text before the first `.`), whatever `k` is; `None` for anything else.
    pub fn parse_with(end: &'a str, is_splitter: impl Fn(&str) -> bool) -> Option<Self> {
        WireEnd::dotted(end)
            .filter(|(splitter, _)| is_splitter(splitter))
            .map(|(splitter, output)| SplitOutput { splitter, output })
    }

    /// The output's number: `Some(k)` when the text after the `.` is one.
    pub fn index(self) -> Option<usize> {
        self.output.parse().ok()
    }

    /// The text of output `k` of splitter `splitter`: `splitter.k`.
    pub fn text(splitter: &str, k: usize) -> String {
        format!("{splitter}{DOT}{k}")
    }
}

impl fmt::Display for SplitOutput<'_> {
    /// Writes the end as a file does (`SP.k`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{DOT}{}", self.splitter, self.output)
    }
}

#[cfg(test)]
mod tests {
    use super::{SplitOutput, WireEnd};
    use crate::desc::InstanceDesc;

    #[test]
    fn a_dot_names_a_pin_only_of_an_instance() {
        let instances = [InstanceDesc::new("u", "p", None)];
        let pin = WireEnd::parse("u.a.b", &instances);
        assert_eq!(
            pin,
            WireEnd::Pin {
                instance: "u".into(),
                pin: "a.b".into()
            }
        );
        assert_eq!(pin.to_text(), "u.a.b");
        assert_eq!(
            WireEnd::parse("v.a", &instances),
            WireEnd::Node("v.a".into())
        );
        assert_eq!(WireEnd::parse("u", &instances), WireEnd::Node("u".into()));
        assert!(WireEnd::is_pin_with("u.a", |i| i == "u"));
        assert!(!WireEnd::is_pin_with("ua", |i| i == "u"));
        assert_eq!(WireEnd::pin_text("u", "a"), "u.a");
        assert_eq!(WireEnd::owner("u.a.b"), "u");
        assert_eq!(WireEnd::owner("u"), "u");
    }

    #[test]
    fn a_dot_names_a_splitter_output_only_of_a_splitter() {
        let is_splitter = |l: &str| l == "SP";
        for text in ["SP.0", "SP.12", "SP.x", "SP.1.2"] {
            let out = SplitOutput::parse_with(text, is_splitter).expect("a splitter output");
            assert_eq!(out.splitter, "SP");
            assert_eq!(out.to_string(), text, "round trip");
        }
        assert_eq!(
            SplitOutput::parse_with("SP.3", is_splitter).and_then(SplitOutput::index),
            Some(3)
        );
        assert_eq!(
            SplitOutput::parse_with("SP.x", is_splitter).and_then(SplitOutput::index),
            None
        );
        assert_eq!(SplitOutput::parse_with("SP", is_splitter), None);
        assert_eq!(SplitOutput::parse_with("M.0", is_splitter), None);
        assert_eq!(SplitOutput::text("SP", 1), "SP.1");
    }
}
