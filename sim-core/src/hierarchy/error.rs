//! What can go wrong in a hierarchy: the limits a flattening keeps, [`HierarchyError`], and
//! the [`Resolver`] that reads library files for the loader.

/// The most nodes a flattening may make unless the caller allows more: 4 million.
///
/// Why that number: loading a hierarchy costs about 700 bytes per flattened node at its peak
/// (every node's full instance path, the flat description, the checked circuit and its
/// netlist: `tritium check` on a doubling chain of 2²⁰ gates peaks at 740 MB), so 4 million
/// nodes is some 2.8 GB — room to spare on a workstation (a 24 GB machine runs it with other
/// work), while a file whose hierarchy explodes (2³⁰ nodes from a few kilobytes, or 8.4
/// million from 23 doubling levels) is refused at once instead of exhausting memory.
pub const DEFAULT_MAX_NODES: u64 = 4_000_000;

/// How deep parts may nest: instances inside instances, 256 levels. A design that deep is no
/// drawing anyone made by hand; a file nesting thousands of parts is refused by name
/// ([`HierarchyError::TooDeep`]) instead of exhausting the stack of the recursive flattening.
pub const MAX_DEPTH: usize = 256;

/// Reads a library (or contents) file: `(path as written, the file naming it)` → `(its name
/// for messages, its text)`, or why not ([`ResolveError`], or any error that converts into
/// one: a `String` is a resolver's own message).
pub type Resolver<'a, E = ResolveError> = dyn FnMut(&str, &str) -> Result<(String, String), E> + 'a;

/// Why a [`Resolver`] gives no file; its message is shown as is, after the name of the file
/// that asked for it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// The caller reads no files at all (what [`from_str`](crate::format::from_str) answers).
    #[error("cannot read `{path}` here: open the file from disk so its libraries can be found")]
    NoFiles {
        /// The path as written.
        path: String,
    },
    /// The caller's policy refuses the file (e.g. it lies outside the allowed folders, is
    /// not a regular file, or is too large).
    #[error("refused {name}: {reason}")]
    Refused {
        /// The file, as messages name it.
        name: String,
        /// Why.
        reason: String,
    },
    /// The file cannot be read (the system's reason, e.g. a missing file or text that is
    /// not UTF-8).
    #[error("cannot read {name}: {reason}")]
    Unreadable {
        /// The file, as messages name it.
        name: String,
        /// The system's reason.
        reason: String,
    },
    /// A resolver's own message.
    #[error("{0}")]
    Other(String),
}

/// A resolver that answers with a message of its own.
impl From<String> for ResolveError {
    fn from(message: String) -> ResolveError {
        ResolveError::Other(message)
    }
}

/// Why a hierarchy cannot be flattened; every message names the file or the instance path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HierarchyError {
    /// A library file could not be read or parsed.
    #[error("library `{path}` (named in {from}): {message}")]
    Library {
        /// The path as written.
        path: String,
        /// The file that names it.
        from: String,
        /// What went wrong.
        message: String,
    },
    /// An instance names a part nobody defines.
    #[error("instance `{path}`: no part named `{part}` (defined: {known})")]
    UnknownPart {
        /// The instance's path.
        path: String,
        /// The name it asked for.
        part: String,
        /// The parts that exist.
        known: String,
    },
    /// Parts that contain themselves.
    #[error("parts contain each other: {0}")]
    Cycle(String),
    /// A wire names a pin the part does not have, or a pin is misused.
    #[error("{path}: {message}")]
    Pin {
        /// The instance (or part) path.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// A level's buses do not fit together (see [`crate::bus`]).
    #[error("{}{error}", if path.is_empty() { String::new() } else { format!("{path}: ") })]
    Bus {
        /// The instance path and part (empty: the file's top level).
        path: String,
        /// What is wrong, naming the node or wire.
        error: crate::bus::BusError,
    },
    /// Parts nest deeper than [`MAX_DEPTH`].
    #[error("instance `{path}`: parts nest more than {depth} levels deep")]
    TooDeep {
        /// The instance path at the limit.
        path: String,
        /// The limit.
        depth: usize,
    },
    /// Two parts share a name.
    #[error("part `{0}` is defined twice")]
    DuplicatePart(String),
    /// The flattening would make more nodes than allowed (checked before it is built).
    #[error(
        "the flattened circuit would have {total} nodes, more than the limit of {limit}: {}",
        if path.is_empty() {
            format!("the top level `{part}` has {size} of its own")
        } else {
            format!("instance `{path}` (part `{part}`) alone has {size}")
        }
    )]
    TooLarge {
        /// The nodes the whole flattening would have (saturating at `u64::MAX`).
        total: u64,
        /// The limit it exceeds.
        limit: u64,
        /// The deepest instance that alone exceeds the limit, or the top level's largest
        /// instance if none does (empty: the top level itself).
        path: String,
        /// That instance's part.
        part: String,
        /// The nodes that instance makes.
        size: u64,
    },
    /// The flattening is not a valid circuit (e.g. an input with two drivers).
    #[error(transparent)]
    Circuit(#[from] crate::CircuitError),
}
