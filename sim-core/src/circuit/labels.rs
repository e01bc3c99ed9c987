//! The label index of a [`Circuit`]: built on first use, so that an importer that has proven
//! its labels unique and a circuit that is only simulated never pay for it.

use std::sync::OnceLock;

use rustc_hash::{FxBuildHasher, FxHashMap};

use super::Circuit;
use crate::desc::NodeId;

impl Circuit {
    /// The label index, built if need be.
    pub(super) fn labels(&self) -> &FxHashMap<String, NodeId> {
        self.labels.get_or_init(|| {
            let mut labels =
                FxHashMap::with_capacity_and_hasher(self.graph.node_count(), FxBuildHasher);
            for i in self.graph.node_indices() {
                labels.insert(self.graph[i].label.clone(), NodeId(i));
            }
            labels
        })
    }

    /// Runs `f` on the label index, built if need be.
    pub(super) fn with_labels<R>(
        &mut self,
        f: impl FnOnce(&mut FxHashMap<String, NodeId>) -> R,
    ) -> R {
        self.labels();
        let mut labels = self.labels.take().unwrap_or_default();
        let result = f(&mut labels);
        self.labels = OnceLock::from(labels);
        result
    }

    /// The node with this label.
    pub fn find(&self, label: &str) -> Option<NodeId> {
        self.labels().get(label).copied()
    }
}
