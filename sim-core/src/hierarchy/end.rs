//! Wire ends: the `INSTANCE.PIN` syntax by which a level's wires reach its instances' pins.
//!
//! A wire end as a file writes it is a label. It names pin `p` of instance `I` when it reads
//! `I.p` and `I` is one of the level's instances (a label may itself contain `.`: `x.y` is a
//! node when no instance is called `x`); otherwise it names a node of the level (or, inside a
//! part, one of the part's own pins). [`WireEnd::parse_with`] is the one reader of that syntax
//! and [`WireEnd::to_text`] its writer.

use std::fmt;

use super::InstanceDesc;

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
        match end.split_once('.') {
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
        end.split_once('.')
            .is_some_and(|(instance, _)| is_instance(instance))
    }

    /// The text of pin `pin` of instance `instance`: `instance.pin`.
    pub fn pin_text(instance: &str, pin: &str) -> String {
        format!("{instance}.{pin}")
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
            WireEnd::Pin { instance, pin } => write!(f, "{instance}.{pin}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::WireEnd;
    use crate::hierarchy::InstanceDesc;

    #[test]
    fn a_dot_names_a_pin_only_of_an_instance() {
        let instances = [InstanceDesc {
            label: "u".into(),
            of: "p".into(),
            pos: None,
        }];
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
    }
}
