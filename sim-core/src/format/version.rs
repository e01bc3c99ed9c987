//! The format's versions: what this crate writes and the newest it reads.

/// The format version this crate writes for a flat circuit (and reads).
pub const VERSION: u32 = 1;

/// The format version of a file with subcircuits (`libraries`, `subcircuits`, `instances`;
/// see [`crate::hierarchy`]).
pub const HIERARCHY_VERSION: u32 = 2;

/// The newest format version this crate reads: 3 adds buses (`width`, `radix` and `value`
/// on nodes, `Split` and `Merge`; see [`crate::bus`]).
pub const MAX_VERSION: u32 = 3;
