//! How a level names things: the ends of its wires (its own nodes, or pins of its instances),
//! and the flat labels of its nodes (`lo/fa2/x` is `x` on level `lo/fa2`) — sim-core's
//! [`hierarchy`](sim_core::hierarchy) items under the names the app's state uses.

/// One end of a wire as a level names it: sim-core's [`WireEnd`](sim_core::hierarchy::WireEnd).
pub use sim_core::hierarchy::WireEnd as End;
pub use sim_core::hierarchy::level_label;
pub use sim_core::hierarchy::path_prefix as prefix;
