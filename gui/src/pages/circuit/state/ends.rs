//! How a level names things: the ends of its wires (its own nodes, or pins of its instances),
//! and the flat labels of its nodes (`lo/fa2/x` is `x` on level `lo/fa2`).

use sim_core::hierarchy::InstanceDesc;

/// One end of a wire as a level names it: a node (or, inside a part, one of its pins), or a
/// pin of one of the level's instances.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum End {
    /// A node of the level (its label at the level, without the path).
    Node(String),
    /// Pin `pin` of instance `instance`.
    Pin {
        /// The instance's label.
        instance: String,
        /// The pin's name.
        pin: String,
    },
}

impl End {
    /// Reads a wire end as written in a file: `I.p` is a pin when `I` is one of `instances`.
    pub fn parse(end: &str, instances: &[InstanceDesc]) -> End {
        match end.split_once('.') {
            Some((inst, pin)) if instances.iter().any(|i| i.label == inst) => End::Pin {
                instance: inst.to_owned(),
                pin: pin.to_owned(),
            },
            _ => End::Node(end.to_owned()),
        }
    }

    /// The end as a file writes it.
    pub fn to_text(&self) -> String {
        match self {
            End::Node(label) => label.clone(),
            End::Pin { instance, pin } => format!("{instance}.{pin}"),
        }
    }
}

/// The label at the level with flat-label prefix `prefix` (`""`, `"lo/"`, …) of flat node
/// `label`, if the node is on that level (`x` for `lo/x` at `lo/`, none for `lo/fa0/x`).
pub fn level_label<'a>(prefix: &str, label: &'a str) -> Option<&'a str> {
    let rest = label.strip_prefix(prefix)?;
    (!rest.contains('/')).then_some(rest)
}

/// The prefix of flat labels at level `path` (`""` or `"lo/fa2/"`).
pub fn prefix(path: &[String]) -> String {
    let mut prefix = String::new();
    for p in path {
        prefix.push_str(p);
        prefix.push('/');
    }
    prefix
}
