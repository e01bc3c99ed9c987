//! The format's versions: what this crate writes and the newest it reads.

/// The format version this crate writes for a flat circuit (and reads).
pub const VERSION: u32 = 1;

/// The format version of a file with subcircuits (`libraries`, `subcircuits`, `instances`;
/// see [`crate::hierarchy`]).
pub const HIERARCHY_VERSION: u32 = 2;

/// The format version of a file with buses (`width`, `radix` and `value` on nodes, `Split`
/// and `Merge`; see [`crate::bus`]).
pub const BUS_VERSION: u32 = 3;

/// The format version of a file with turned or mirrored parts (`facing` and `flip` on nodes
/// and instances; see [`crate::Orientation`]).
pub const ORIENTATION_VERSION: u32 = 4;

/// The format version of a file with flip-flops that start at a known value (`init` on
/// nodes; see [`Node::init`](crate::Node::init)).
pub const INIT_VERSION: u32 = 5;

/// The format version of a file with flip-flops with asynchronous set and reset (the kind
/// [`Dffsr`](crate::NodeKind::Dffsr)).
pub const DFFSR_VERSION: u32 = 6;

/// The format version of a file with I/O parts (the kinds `Keypad`, `DecimalDisplay`,
/// `LedMatrix` and `Tty`; see [`NodeKind::is_io_part`](crate::NodeKind::is_io_part)).
pub const IO_VERSION: u32 = 7;

/// The newest format version this crate reads; each version reads every file of the ones
/// before it unchanged.
pub const MAX_VERSION: u32 = IO_VERSION;
