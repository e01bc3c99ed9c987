//! The RON circuit format (versions 1 to 4).
//!
//! ```ron
//! (
//!     version: 1,
//!     name: "RS NOR latch",                    // optional
//!     description: "The seed's circuit.",       // optional
//!     nodes: [
//!         (label: "R", kind: Switch, pos: (0, 0)), // pos: optional, in grid cells
//!         (label: "NOR1", kind: Nor(2)),
//!         (label: "Q", kind: Lamp),
//!     ],
//!     wires: [
//!         (from: "R", to: "NOR1"),                 // input 0
//!         (from: "NOR1", to: "Q"),
//!     ],
//!     notes: [(pos: (0, 6), text: "the seed's latch")], // optional text annotations
//!     tests: [                                     // optional, see `testbench`
//!         (name: "reset", steps: [(set: {"R": 1}, expect: {"Q": -1})]),
//!     ],
//! )
//! ```
//!
//! Node kinds are written as in [`NodeKind`]: `Switch`, `Button`, `Constant(1)`,
//! `Clock(half_period: 2)`, `Buf`, `Not`, `And(3)`, …, `Lamp`, `Probe`, and table gates as
//! `Table(inputs: 2, outputs: [-1, -1, -1, -1, 0, 0, -1, 0, 1])`: 1 to 3 inputs and their 3ⁿ
//! outputs in the [row order](crate::TruthTable#row-order) of [`TruthTable`](crate::TruthTable)
//! (input 0 most significant, values counting −1, 0, +1; this one is a two-input AND). A table
//! with another number of entries, or a value outside −1..+1, is a syntax error at its line and
//! column. Values may be written `-1`, `0`, `+1`/`1`, `"F"`, `"X"`, `"T"`, `false` or `true`.
//!
//! # Versions
//! Each version adds to the one before and reads its files unchanged; a file is written with
//! the oldest version that holds what it uses. 1: flat circuits as above. 2
//! ([`HIERARCHY_VERSION`]): subcircuits — `libraries`, `subcircuits`, `instances` (see
//! [`crate::hierarchy`]). 3 ([`BUS_VERSION`]): buses — `width`, `radix`, `value` on nodes,
//! `Split` and `Merge` (see [`crate::bus`]). 4 ([`ORIENTATION_VERSION`]): parts drawn turned
//! or mirrored — on a node or an instance, `facing: South` (`East`, the default, `South`,
//! `West`, `North`: where its output side points after quarter turns clockwise) and
//! `flip: true` (mirrored top to bottom in its own frame, before turning), each left out when
//! default (see [`Orientation`](crate::Orientation)). Only the editor reads them: engines,
//! writers and analyses ignore them. 5 ([`INIT_VERSION`]): flip-flops that start at a known
//! value — `init: -1` on a flip-flop node (see [`Node::init`](crate::Node::init)). 6
//! ([`DFFSR_VERSION`]): the flip-flop with asynchronous set and reset, `kind: Dffsr` (see
//! [`NodeKind::Dffsr`]). 7 ([`IO_VERSION`]): the I/O parts — `Keypad`,
//! `DecimalDisplay(Signed)`, `LedMatrix(rows: 8, columns: 8)` and `Tty` (see [`NodeKind`]). A field
//! or kind of a newer version in an older file is a syntax error naming the version it needs.
//!
//! ```ron
//! (
//!     version: 4,
//!     nodes: [
//!         (label: "A", kind: Switch, pos: (0, 0)),
//!         (label: "G", kind: And(2), pos: (6, 0), facing: South, flip: true),
//!     ],
//!     wires: [(from: "A", to: "G")],
//! )
//! ```
//!
//! Reading never panics: syntax errors carry the line and column (from ron's spanned errors),
//! a newer or missing `version` is refused whatever the rest of the file holds (the text is
//! parsed once; only a file that fails is read again for its version), and semantic errors
//! name the offending node, wire or test. Saving then loading gives back an equal
//! [`Document`].
//! This module reads `&str` and [`Read`]ers; opening files is the caller's business.

//!
//! # Modules
//! `version` holds the version numbers, `error` [`FormatError`] with the line of a semantic
//! error's item; this file reads, builds and writes.

mod error;
mod version;

use std::io::Read;

use ron::extensions::Extensions;
use serde::{Deserialize, Serialize};

use crate::circuit::Circuit;
use crate::desc::{InstanceDesc, Node, Note, WireDesc};
use crate::elaborate::elaborate;
use crate::hierarchy::{Design, LibraryPart, PartDesc, ResolveError, Resolver};
use crate::kind::NodeKind;
use crate::memory::ContentsDecl;
use crate::testbench::TestCase;
pub use error::FormatError;
pub use version::{
    BUS_VERSION, DFFSR_VERSION, HIERARCHY_VERSION, INIT_VERSION, IO_VERSION, MAX_VERSION,
    ORIENTATION_VERSION, VERSION,
};

/// A circuit file: the circuit plus its name, description and test vectors.
#[derive(Clone, Debug, Default)]
pub struct Document {
    /// A human-readable title (may be empty).
    pub name: String,
    /// Free text (may be empty).
    pub description: String,
    /// The checked circuit.
    pub circuit: Circuit,
    /// Embedded tests, each checked against the circuit's labels.
    pub tests: Vec<TestCase>,
    /// The subcircuit structure (empty for a flat file): parts, libraries, the top level's
    /// instances and its wires to their pins. The circuit is its flattening; labels inside
    /// instances are instance paths.
    pub design: Design,
    /// The top level's text annotations (a part's are in its [`PartDesc`]).
    pub notes: Vec<Note>,
}

#[derive(Default, Serialize, Deserialize)]
#[serde(rename = "Circuit", deny_unknown_fields)]
struct FileRepr {
    version: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    description: String,
    nodes: Vec<Node>,
    #[serde(default)]
    wires: Vec<WireDesc>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tests: Vec<TestCase>,
    /// Version 2: library files (relative paths) whose parts this file may use.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    libraries: Vec<String>,
    /// Version 2: parts defined in this file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    subcircuits: Vec<PartDesc>,
    /// Version 2: instances of parts at the top level.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    instances: Vec<InstanceDesc>,
    /// Text annotations on the top level (any version: nothing but the editor reads them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    notes: Vec<Note>,
}

/// Just the version: read when a file does not parse, so that a newer file is refused with a
/// clear message rather than with whatever its new syntax broke.
#[derive(Deserialize)]
struct VersionProbe {
    version: Option<u64>,
}

/// Parses `text` as a file of type `T` whose `version` (read by `version_of`) must lie in
/// `versions`. A file that parses is read once; only one that does not is read again for its
/// version alone (the whole text once more), so a newer or unversioned file gets
/// [`FormatError::Version`] and any other gets the parse's own [`FormatError::Syntax`].
pub(crate) fn parse_versioned<T: serde::de::DeserializeOwned>(
    text: &str,
    versions: std::ops::RangeInclusive<u32>,
    version_of: impl Fn(&T) -> u32,
) -> Result<T, FormatError> {
    let options = options();
    match options.from_str::<T>(text) {
        Ok(file) if versions.contains(&version_of(&file)) => Ok(file),
        Ok(file) => Err(FormatError::Version {
            found: Some(u64::from(version_of(&file))),
        }),
        Err(e) => match options.from_str::<VersionProbe>(text) {
            Ok(VersionProbe { version: Some(v) })
                if u32::try_from(v).is_ok_and(|v| versions.contains(&v)) =>
            {
                Err(syntax(&e))
            }
            Ok(VersionProbe { version: found }) => Err(FormatError::Version { found }),
            Err(_) => Err(syntax(&e)),
        },
    }
}

/// The RON options of every Tritium file (circuits and figures).
pub(crate) fn options() -> ron::Options {
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)
}

/// A RON error as a [`FormatError::Syntax`] with its 1-based line and column.
fn syntax(e: &ron::error::SpannedError) -> FormatError {
    FormatError::Syntax {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    }
}

/// Parses and validates a circuit file.
///
/// # Errors
/// [`FormatError::Syntax`] with line and column, [`FormatError::Version`],
/// [`FormatError::Circuit`] or [`FormatError::Test`].
pub fn from_str(text: &str) -> Result<Document, FormatError> {
    from_str_with(text, "this circuit", &mut |path, _| {
        Err(ResolveError::NoFiles {
            path: path.to_owned(),
        })
    })
}

/// [`from_str`] for a file that may use library files: `resolve(path, from)` reads them
/// (`name` is how messages name this file). The parts are flattened into one circuit whose
/// labels are hierarchical paths (see [`crate::hierarchy`]).
///
/// # Errors
/// As [`from_str`], plus [`FormatError::Hierarchy`] naming the library file or the instance
/// path.
pub fn from_str_with<E: Into<ResolveError>>(
    text: &str,
    name: &str,
    resolve: &mut Resolver<'_, E>,
) -> Result<Document, FormatError> {
    from_str_limited(text, name, resolve, crate::hierarchy::DEFAULT_MAX_NODES)
}

/// [`from_str_with`] allowing the flattening at most `max_nodes` nodes (checked before it is
/// built; see [`crate::hierarchy::DEFAULT_MAX_NODES`]). A flat file is not limited: its
/// size is its text's.
///
/// # Errors
/// As [`from_str_with`]; [`FormatError::Hierarchy`] with
/// [`HierarchyError::TooLarge`](crate::hierarchy::HierarchyError::TooLarge) naming the instance
/// path, its part and the sizes when the flattening would be larger.
pub fn from_str_limited<E: Into<ResolveError>>(
    text: &str,
    name: &str,
    resolve: &mut Resolver<'_, E>,
    max_nodes: u64,
) -> Result<Document, FormatError> {
    let file = parse_file(text)?;
    let mut library = std::collections::BTreeMap::new();
    let mut seen_files = std::collections::HashSet::new();
    collect_library(&file, name, resolve, &mut library, &mut seen_files, 0)?;
    let mut design = Design {
        libraries: file.libraries,
        subcircuits: file.subcircuits,
        instances: file.instances,
        pin_wires: Vec::new(),
        library,
        bus_level: None,
        contents: std::collections::BTreeMap::new(),
    };
    design.keep_top_level(&file.nodes, &file.wires);
    if !design.is_flat() || design.bus_level.is_some() {
        read_contents(&mut design, &file.nodes, name, resolve)?;
    }
    let circuit = elaborate(&design, name, file.nodes, file.wires, max_nodes)?;
    for test in &file.tests {
        test.validate(&circuit)?;
    }
    Ok(Document {
        name: file.name,
        description: file.description,
        circuit,
        tests: file.tests,
        design,
        notes: file.notes,
    })
}

/// Reads the contents files that the memories of the top level `nodes` and of every part
/// name (relative to the document `name`, through `resolve`) into `design.contents`.
///
/// # Errors
/// [`FormatError::Memory`] naming the memory and the file that cannot be read, or saying
/// that its contents path is empty (blank).
fn read_contents<E: Into<ResolveError>>(
    design: &mut Design,
    nodes: &[Node],
    name: &str,
    resolve: &mut Resolver<'_, E>,
) -> Result<(), FormatError> {
    let parts = design
        .subcircuits
        .iter()
        .flat_map(|p| &p.nodes)
        .chain(design.library.values().flat_map(|p| &p.part.nodes));
    let wanted: Vec<(String, String)> = nodes
        .iter()
        .chain(parts)
        .filter_map(|n| match n.contents.as_deref() {
            Some(ContentsDecl::File(file)) => Some((n.label.clone(), file.clone())),
            _ => None,
        })
        .collect();
    for (memory, file) in wanted {
        if design.contents.contains_key(&file) {
            continue;
        }
        if file.trim().is_empty() {
            return Err(FormatError::Memory {
                memory,
                message: "the contents path is empty: name a contents file (relative to the \
                          circuit file) or write the words inline"
                    .to_owned(),
            });
        }
        let (_, text) = resolve(&file, name).map_err(|error| FormatError::Memory {
            memory: memory.clone(),
            message: format!("contents file `{file}`: {}", error.into()),
        })?;
        design.contents.insert(file, text);
    }
    Ok(())
}

/// Rebuilds `doc.circuit` from `doc.design` exactly as loading builds it, after the top level
/// as the file writes it (`design.bus_level`) was edited: flattened with the instances,
/// expanded into single trits ([`crate::bus::expand`]) and checked by
/// [`Circuit::from_desc`], at most [`DEFAULT_MAX_NODES`](crate::hierarchy::DEFAULT_MAX_NODES)
/// nodes. Does nothing for a document whose top level has no bus level.
///
/// # Errors
/// [`FormatError::Hierarchy`] (e.g. a wire joining ends of different widths:
/// [`BusError::Mismatch`](crate::bus::BusError::Mismatch) names both ends and both widths)
/// or [`FormatError::Circuit`]; `doc` is unchanged then.
pub fn rebuild(doc: &mut Document) -> Result<(), FormatError> {
    let Some((nodes, wires)) = &doc.design.bus_level else {
        return Ok(());
    };
    doc.circuit = elaborate(
        &doc.design,
        "this circuit",
        nodes.clone(),
        wires.clone(),
        crate::hierarchy::DEFAULT_MAX_NODES,
    )?;
    Ok(())
}

/// Reads `design.libraries` again (after the list changed, e.g. a library was added) into
/// `design.library`; `name` is the document, as [`from_str_with`] takes it.
///
/// # Errors
/// [`FormatError::Hierarchy`] naming the library that cannot be read or parsed, or a part
/// name defined twice; `design` is unchanged then.
pub fn reload_libraries<E: Into<ResolveError>>(
    design: &mut Design,
    name: &str,
    resolve: &mut Resolver<'_, E>,
) -> Result<(), FormatError> {
    let file = FileRepr {
        libraries: design.libraries.clone(),
        ..FileRepr::default()
    };
    let mut library = std::collections::BTreeMap::new();
    collect_library(
        &file,
        name,
        resolve,
        &mut library,
        &mut std::collections::HashSet::new(),
        0,
    )?;
    if let Some(own) = design
        .subcircuits
        .iter()
        .find(|p| library.contains_key(&p.name))
    {
        return Err(crate::hierarchy::HierarchyError::DuplicatePart(own.name.clone()).into());
    }
    design.library = library;
    Ok(())
}

/// Parses a file of any version this crate reads.
fn parse_file(text: &str) -> Result<FileRepr, FormatError> {
    let file: FileRepr = parse_versioned(text, 1..=MAX_VERSION, |f: &FileRepr| f.version)?;
    if file.version == 1
        && (!file.libraries.is_empty()
            || !file.subcircuits.is_empty()
            || !file.instances.is_empty())
    {
        return Err(FormatError::Syntax {
            line: 1,
            column: 1,
            message: "subcircuits (libraries, subcircuits, instances) need `version: 2`".into(),
        });
    }
    let bus = |n: &Node| n.width != 1 || n.kind.is_wiring();
    if file.version < BUS_VERSION
        && (file.nodes.iter().any(bus) || file.subcircuits.iter().any(|p| p.nodes.iter().any(bus)))
    {
        return Err(FormatError::Syntax {
            line: 1,
            column: 1,
            message: "buses and tunnels (`width`, `Split`, `Merge`, `Tunnel`) need `version: 3`"
                .into(),
        });
    }
    let parts = || file.subcircuits.iter();
    if file.version < ORIENTATION_VERSION
        && any_oriented(
            file.nodes.iter().chain(parts().flat_map(|p| &p.nodes)),
            file.instances
                .iter()
                .chain(parts().flat_map(|p| &p.instances)),
        )
    {
        return Err(FormatError::Syntax {
            line: 1,
            column: 1,
            message: "turned or mirrored parts (`facing`, `flip`) need `version: 4`".into(),
        });
    }
    if file.version < INIT_VERSION
        && file
            .nodes
            .iter()
            .chain(parts().flat_map(|p| &p.nodes))
            .any(|n| n.init.is_some())
    {
        return Err(FormatError::Syntax {
            line: 1,
            column: 1,
            message: "flip-flops with a power-on value (`init`) need `version: 5`".into(),
        });
    }
    if file.version < DFFSR_VERSION
        && file
            .nodes
            .iter()
            .chain(parts().flat_map(|p| &p.nodes))
            .any(|n| n.kind == NodeKind::Dffsr)
    {
        return Err(FormatError::Syntax {
            line: 1,
            column: 1,
            message: "flip-flops with set and reset (`Dffsr`) need `version: 6`".into(),
        });
    }
    if file.version < IO_VERSION
        && file
            .nodes
            .iter()
            .chain(parts().flat_map(|p| &p.nodes))
            .any(|n| n.kind.is_io_part())
    {
        return Err(FormatError::Syntax {
            line: 1,
            column: 1,
            message: "I/O parts (`Keypad`, `DecimalDisplay`, `LedMatrix`, `Tty`) need `version: 7`"
                .into(),
        });
    }
    Ok(file)
}

/// Whether any of `nodes` or `instances` is drawn turned or mirrored (which needs
/// [`ORIENTATION_VERSION`]).
fn any_oriented<'a>(
    mut nodes: impl Iterator<Item = &'a Node>,
    mut instances: impl Iterator<Item = &'a InstanceDesc>,
) -> bool {
    nodes.any(|n| !n.orientation().is_default()) || instances.any(|i| !i.orientation().is_default())
}

/// Gathers the library parts `file` may use: from each library, the library's top level
/// (named after the file) and its own parts, recursively.
fn collect_library<E: Into<ResolveError>>(
    file: &FileRepr,
    name: &str,
    resolve: &mut Resolver<'_, E>,
    library: &mut std::collections::BTreeMap<String, LibraryPart>,
    seen: &mut std::collections::HashSet<String>,
    depth: u32,
) -> Result<(), FormatError> {
    use crate::hierarchy::HierarchyError;
    let add = |library: &mut std::collections::BTreeMap<String, LibraryPart>,
               part: PartDesc,
               origin: &str| {
        if library.contains_key(&part.name) {
            return Err(HierarchyError::DuplicatePart(part.name));
        }
        library.insert(
            part.name.clone(),
            LibraryPart {
                origin: origin.to_owned(),
                part,
            },
        );
        Ok(())
    };
    for path in &file.libraries {
        let library_error = |message: String| HierarchyError::Library {
            path: path.clone(),
            from: name.to_owned(),
            message,
        };
        if depth > 32 {
            return Err(library_error("libraries nest more than 32 deep".into()).into());
        }
        let (lib_name, text) =
            resolve(path, name).map_err(|error| library_error(error.into().to_string()))?;
        if !seen.insert(lib_name.clone()) {
            continue;
        }
        let lib = parse_file(&text).map_err(|e| library_error(e.to_string()))?;
        collect_library(&lib, &lib_name, resolve, library, seen, depth + 1)?;
        for desc in lib.subcircuits {
            add(library, desc, &lib_name)?;
        }
        let part_name = std::path::Path::new(path)
            .file_stem()
            .map_or_else(|| path.clone(), |s| s.to_string_lossy().into_owned());
        add(
            library,
            PartDesc {
                name: part_name,
                nodes: lib.nodes,
                wires: lib.wires,
                instances: lib.instances,
                inputs: None,
                outputs: None,
                notes: lib.notes,
            },
            &lib_name,
        )?;
    }
    Ok(())
}

/// Reads all of `reader` and parses it with [`from_str`].
///
/// # Errors
/// As [`from_str`], plus [`FormatError::Io`]; invalid UTF-8 is reported as an I/O error.
pub fn from_reader(mut reader: impl Read) -> Result<Document, FormatError> {
    let mut text = String::new();
    reader.read_to_string(&mut text)?;
    from_str(&text)
}

/// Writes `doc` as RON laid out for people and diffs: one node, wire, instance or test step
/// per line, ending with a newline. A flat document is written as version 1; one with
/// subcircuits as version 2 with its libraries, parts and instances, the top level's own
/// nodes and wires, then its wires to instance pins (the nodes inside instances are not
/// written: they are the parts' flattening); one with buses as version 3, and one with a
/// turned or mirrored node or instance as version 4 (the oldest version that holds all it
/// uses).
///
/// # Errors
/// [`FormatError::Write`] if RON serialization fails.
#[allow(clippy::too_many_lines)] // one section of the file after the other
pub fn to_string(doc: &Document) -> Result<String, FormatError> {
    use std::fmt::Write as _;

    let options = options();
    let ron = |value: &dyn erased::Ron| value.to_ron(&options);
    let design = &doc.design;
    let flat = design.is_flat();
    let desc = doc.circuit.to_desc();
    // The top level's own nodes (inside instances, labels have a `/`), or as the file wrote
    // them when it has buses (the circuit holds their expansion).
    let top = |label: &str| flat || !label.contains('/');
    let top_nodes: Vec<&Node> = match &design.bus_level {
        Some((nodes, _)) => nodes.iter().collect(),
        None => desc.nodes.iter().filter(|n| top(&n.label)).collect(),
    };
    let parts = || design.subcircuits.iter();
    let all_nodes = || {
        top_nodes
            .iter()
            .copied()
            .chain(parts().flat_map(|p| &p.nodes))
    };
    let version = if all_nodes().any(|n| n.kind.is_io_part()) {
        IO_VERSION
    } else if all_nodes().any(|n| n.kind == NodeKind::Dffsr) {
        DFFSR_VERSION
    } else if all_nodes().any(|n| n.init.is_some()) {
        INIT_VERSION
    } else if any_oriented(
        all_nodes(),
        design
            .instances
            .iter()
            .chain(parts().flat_map(|p| &p.instances)),
    ) {
        ORIENTATION_VERSION
    } else if design.uses_buses() {
        BUS_VERSION
    } else if flat {
        VERSION
    } else {
        HIERARCHY_VERSION
    };
    let mut out = format!("(\n    version: {version},\n");
    for (field, text) in [("name", &doc.name), ("description", &doc.description)] {
        if !text.is_empty() {
            let _ = writeln!(out, "    {field}: {},", ron(text)?);
        }
    }
    let list = |out: &mut String, indent: &str, field: &str, items: &[&dyn erased::Ron]| {
        let _ = writeln!(out, "{indent}{field}: [");
        for item in items {
            let _ = writeln!(out, "{indent}    {},", ron(*item)?);
        }
        let _ = writeln!(out, "{indent}],");
        Ok::<(), FormatError>(())
    };
    if !design.libraries.is_empty() {
        let _ = writeln!(out, "    libraries: {},", ron(&design.libraries)?);
    }
    if !design.subcircuits.is_empty() {
        out.push_str("    subcircuits: [\n");
        for part in &design.subcircuits {
            let _ = writeln!(out, "        (\n            name: {},", ron(&part.name)?);
            for (field, pins) in [("inputs", &part.inputs), ("outputs", &part.outputs)] {
                if let Some(pins) = pins {
                    let _ = writeln!(out, "            {field}: {},", ron(pins)?);
                }
            }
            let indent = "            ";
            if !part.instances.is_empty() {
                let items: Vec<&dyn erased::Ron> = part
                    .instances
                    .iter()
                    .map(|i| i as &dyn erased::Ron)
                    .collect();
                list(&mut out, indent, "instances", &items)?;
            }
            let items: Vec<&dyn erased::Ron> =
                part.nodes.iter().map(|n| n as &dyn erased::Ron).collect();
            list(&mut out, indent, "nodes", &items)?;
            let items: Vec<&dyn erased::Ron> =
                part.wires.iter().map(|w| w as &dyn erased::Ron).collect();
            list(&mut out, indent, "wires", &items)?;
            if !part.notes.is_empty() {
                let items: Vec<&dyn erased::Ron> =
                    part.notes.iter().map(|n| n as &dyn erased::Ron).collect();
                list(&mut out, indent, "notes", &items)?;
            }
            out.push_str("        ),\n");
        }
        out.push_str("    ],\n");
    }
    if !design.instances.is_empty() {
        let items: Vec<&dyn erased::Ron> = design
            .instances
            .iter()
            .map(|i| i as &dyn erased::Ron)
            .collect();
        list(&mut out, "    ", "instances", &items)?;
    }
    let nodes: Vec<&dyn erased::Ron> = top_nodes.iter().map(|&n| n as &dyn erased::Ron).collect();
    list(&mut out, "    ", "nodes", &nodes)?;
    if let Some((_, wires)) = &design.bus_level {
        // A top level with buses is written as the file wrote it (its wires to instance
        // pins included).
        let wires: Vec<&dyn erased::Ron> = wires.iter().map(|w| w as &dyn erased::Ron).collect();
        list(&mut out, "    ", "wires", &wires)?;
    } else {
        let wires: Vec<&dyn erased::Ron> = desc
            .wires
            .iter()
            .filter(|w| top(&w.from) && top(&w.to))
            .chain(&design.pin_wires)
            .map(|w| w as &dyn erased::Ron)
            .collect();
        list(&mut out, "    ", "wires", &wires)?;
    }
    if !doc.notes.is_empty() {
        let items: Vec<&dyn erased::Ron> =
            doc.notes.iter().map(|n| n as &dyn erased::Ron).collect();
        list(&mut out, "    ", "notes", &items)?;
    }
    if !doc.tests.is_empty() {
        out.push_str("    tests: [\n");
        for test in &doc.tests {
            let _ = writeln!(
                out,
                "        (\n            name: {},\n            steps: [",
                ron(&test.name)?
            );
            for step in &test.steps {
                let _ = writeln!(out, "                {},", ron(step)?);
            }
            out.push_str("            ],\n        ),\n");
        }
        out.push_str("    ],\n");
    }
    out.push_str(")\n");
    Ok(out)
}

/// Compact RON for the pieces [`to_string`] lays out.
mod erased {
    use super::FormatError;

    pub trait Ron {
        fn to_ron(&self, options: &ron::Options) -> Result<String, FormatError>;
    }

    impl<T: serde::Serialize> Ron for T {
        fn to_ron(&self, options: &ron::Options) -> Result<String, FormatError> {
            let one_line = ron::ser::PrettyConfig::new()
                .depth_limit(0)
                .separate_tuple_members(false)
                .struct_names(false);
            options
                .to_string_pretty(self, one_line)
                .map_err(|e| FormatError::Write(e.to_string()))
        }
    }
}

impl Document {
    /// A document holding just `circuit`.
    pub fn new(circuit: Circuit) -> Document {
        Document {
            circuit,
            ..Document::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NodeKind;
    use crate::kind::Ranges;

    /// Text annotations are read and written back, at the top level and in a part, and are
    /// no node of the circuit.
    #[test]
    fn notes_round_trip_and_are_not_nodes() {
        let text = r#"(
            version: 2,
            subcircuits: [(name: "inv", nodes: [(label: "a", kind: Switch), (label: "n", kind: Not),
                                                (label: "y", kind: Lamp)],
                           wires: [(from: "a", to: "n"), (from: "n", to: "y")],
                           notes: [(pos: (1, 4), text: "a wire")])],
            instances: [(label: "I", of: "inv")],
            nodes: [(label: "A", kind: Switch), (label: "Y", kind: Lamp)],
            wires: [(from: "A", to: "I.a"), (from: "I.y", to: "Y")],
            notes: [(pos: (0, 6), text: "two lines:\nin and out")],
        )"#;
        let doc = from_str(text).expect("reads");
        let note = |x, y, text: &str| Note {
            pos: crate::Pos { x, y },
            text: text.to_owned(),
        };
        assert_eq!(doc.notes, [note(0, 6, "two lines:\nin and out")]);
        assert_eq!(doc.design.subcircuits[0].notes, [note(1, 4, "a wire")]);
        assert_eq!(
            doc.circuit.node_count(),
            3,
            "A, I/n and Y: a note is no node"
        );
        let written = to_string(&doc).expect("writes");
        let again = from_str(&written).expect("reads back");
        assert_eq!(again.notes, doc.notes);
        assert_eq!(again.design.subcircuits, doc.design.subcircuits);
        assert_eq!(to_string(&again).expect("writes"), written);
    }

    #[test]
    fn rebuild_builds_the_edited_bus_level_as_loading_does() {
        let text = r#"(
            version: 3,
            nodes: [(label: "A", kind: Switch, width: 8), (label: "Y", kind: Lamp, width: 8)],
            wires: [(from: "A", to: "Y")],
        )"#;
        let mut doc = from_str(text).expect("loads");
        let Some((nodes, wires)) = &mut doc.design.bus_level else {
            panic!("a bus level");
        };
        let ranges = Ranges::parse("0-3,4-7").expect("ranges");
        nodes.push(Node::new("SP", NodeKind::Split(ranges)));
        nodes.push(Node::new("L", NodeKind::Lamp).wide(4));
        wires.push(WireDesc::new("A", "SP", 0));
        wires.push(WireDesc::new("SP.1", "L", 0));
        rebuild(&mut doc).expect("rebuilds");
        let written = to_string(&doc).expect("writes");
        let again = from_str(&written).expect("reloads");
        for d in [&doc, &again] {
            assert_eq!(d.circuit.bus("L").map(crate::bus::Bus::width), Some(4));
            assert_eq!(d.circuit.node_count(), 8 + 8 + 4);
        }
        // A wire between different widths is refused, naming both; nothing changes.
        let before = doc.circuit.clone();
        if let Some((_, wires)) = &mut doc.design.bus_level {
            wires.push(WireDesc::new("A", "L", 0));
            wires.retain(|w| w.from != "SP.1");
        }
        let e = rebuild(&mut doc).expect_err("8 into 4").to_string();
        assert!(
            e.contains('8') && e.contains('4') && e.contains("`A`"),
            "{e}"
        );
        assert_eq!(doc.circuit.node_count(), before.node_count());
    }
}
