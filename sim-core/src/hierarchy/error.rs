//! What can go wrong in a hierarchy: the limits a flattening keeps, [`HierarchyError`], and
//! the [`Resolver`] that reads library files for the loader.

/// The most nodes a flattening may make unless the caller allows more: 20 million.
///
/// Why that number: a loaded circuit costs about 300 bytes per node all told (`tritium
/// vectors` on a 1.1 million-gate netlist peaks at 304 MB, see `docs/benchmarks.md`), and a
/// hierarchy's flattening holds every node's full instance path besides, so 20 million nodes
/// is some 6 GB and a minute of loading: about the most a workstation can do, while a file
/// whose hierarchy explodes (2³⁰ nodes from a few kilobytes) is refused at once instead of
/// exhausting memory.
pub const DEFAULT_MAX_NODES: u64 = 20_000_000;

/// How deep parts may nest: instances inside instances, 256 levels. A design that deep is no
/// drawing anyone made by hand; a file nesting thousands of parts is refused by name
/// ([`HierarchyError::TooDeep`]) instead of exhausting the stack of the recursive flattening.
pub const MAX_DEPTH: usize = 256;

/// Reads a library file: `(path as written, the file naming it)` → `(its name for messages,
/// its text)`, or why not.
pub type Resolver<'a> = dyn FnMut(&str, &str) -> Result<(String, String), String> + 'a;

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
