//! The parts a design is made of: [`PartDesc`] (a part as a file defines it) and
//! [`LibraryPart`] (one read from a library file).

use serde::{Deserialize, Serialize};

use crate::desc::{InstanceDesc, Node, Note, WireDesc};
use crate::kind::Role;

/// A part defined inside a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartDesc {
    /// The part's name.
    pub name: String,
    /// Its nodes (switches and buttons: input pins; lamps and probes: output pins).
    pub nodes: Vec<Node>,
    /// Its wires (pins of its own instances as `INSTANCE.PIN`).
    #[serde(default)]
    pub wires: Vec<WireDesc>,
    /// Instances of other parts inside it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub instances: Vec<InstanceDesc>,
    /// The input pins in order (default: its switches and buttons in file order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<Vec<String>>,
    /// The output pins in order (default: its lamps and probes in file order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outputs: Option<Vec<String>>,
    /// Its text annotations (drawn inside it; see [`Note`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

impl PartDesc {
    /// The input pins in order: `inputs` if given, else the part's switches and buttons in
    /// node order.
    pub fn input_pins(&self) -> Vec<String> {
        self.inputs.clone().unwrap_or_else(|| {
            self.nodes
                .iter()
                .filter(|n| n.kind.is_input())
                .map(|n| n.label.clone())
                .collect()
        })
    }

    /// The output pins in order: `outputs` if given, else the part's lamps and probes in node
    /// order.
    pub fn output_pins(&self) -> Vec<String> {
        self.outputs.clone().unwrap_or_else(|| {
            self.nodes
                .iter()
                .filter(|n| n.kind.role() == Role::Terminal)
                .map(|n| n.label.clone())
                .collect()
        })
    }

    /// Whether `label` is one of the part's pins.
    pub fn is_pin(&self, label: &str) -> bool {
        self.input_pins()
            .iter()
            .chain(&self.output_pins())
            .any(|p| p == label)
    }
}

/// A part read from a library file: read-only for an editor of the file that uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryPart {
    /// The library file, as messages name it.
    pub origin: String,
    /// The part (a library file's top level is named after the file).
    pub part: PartDesc,
}
