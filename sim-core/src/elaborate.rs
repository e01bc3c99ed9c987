//! Elaboration: the one driver from a front end's description to a checked [`Circuit`].
//!
//! Every front end ends here — the RON format ([`crate::format`]: its top level, parts and
//! libraries as a [`Design`]) and the ones to come (synthesis, Verilog import): the design is
//! flattened into one level of instance paths, every bus is expanded into single trits,
//! the result is checked into a [`Circuit`] ([`Circuit::from_desc`]) and given its buses and
//! memories. (The `.bench` importer builds its flat, bus-free circuit directly through the
//! same check, [`Circuit`]'s mutators, since it has no design to flatten; the loader's
//! `load_circuit` reads either by its file's extension.)

use std::collections::BTreeMap;

use crate::circuit::Circuit;
use crate::desc::{CircuitDesc, Node, WireDesc};
use crate::format::FormatError;
use crate::hierarchy::Design;
use crate::memory::{ContentsDecl, Memory, MemoryDecl, Word};

/// The circuit of a top level made of `nodes` and `wires` (as a file writes them, buses and
/// splitters included) and `design`'s instances: flattened ([`Design::flatten_limited`], at
/// most `max_nodes` nodes), expanded into single trits ([`crate::bus`]), checked
/// ([`Circuit::from_desc`]), with its buses and memories (their contents files already read
/// into `design.contents`). A top level with neither instances nor buses is checked as it is.
/// `name` names the document in errors.
///
/// # Errors
/// [`FormatError::Hierarchy`] (a part, an instance path, a bus mismatch, the size limit),
/// [`FormatError::Circuit`] (the flat circuit's check) or [`FormatError::Memory`].
pub fn elaborate(
    design: &Design,
    name: &str,
    nodes: Vec<Node>,
    wires: Vec<WireDesc>,
    max_nodes: u64,
) -> Result<Circuit, FormatError> {
    if design.is_flat() && design.bus_level.is_none() {
        return Ok(Circuit::from_desc(&CircuitDesc { nodes, wires })?);
    }
    let (nodes, wires, buses, memories) = design.flatten_limited(name, nodes, wires, max_nodes)?;
    let mut circuit = Circuit::from_desc(&CircuitDesc { nodes, wires })?;
    circuit.set_buses(&buses);
    let memories = memories
        .iter()
        .map(|decl| memory_of(decl, &design.contents))
        .collect::<Result<Vec<_>, _>>()?;
    circuit.set_memories(memories);
    Ok(circuit)
}

/// The memory `decl` declares, its words read from `contents` (files by name) or inline.
///
/// # Errors
/// [`FormatError::Memory`] naming the memory, the file and the line and column of a bad
/// word, or the inline word.
pub(crate) fn memory_of(
    decl: &MemoryDecl,
    contents: &BTreeMap<String, String>,
) -> Result<Memory, FormatError> {
    let fail = |message: String| FormatError::Memory {
        memory: decl.label.clone(),
        message,
    };
    let (a, d) = (decl.addr_bits, decl.data_bits);
    let (words, file) = match &decl.contents {
        None => (vec![Word::UNKNOWN; 1 << a], None),
        Some(ContentsDecl::File(file)) => {
            let text = contents
                .get(file)
                .ok_or_else(|| fail(format!("contents file `{file}` was not read")))?;
            let read = crate::memory::contents::parse(text, a, d)
                .map_err(|e| fail(format!("contents file `{file}`: {e}")))?;
            (read.fill(a, d), Some(file.clone()))
        }
        Some(ContentsDecl::Words(literals)) => {
            if literals.len() > 1 << a {
                return Err(fail(format!(
                    "{} words inline, more than its {} addresses",
                    literals.len(),
                    1 << a
                )));
            }
            let mut words = literals
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    l.resolve(usize::from(d))
                        .map(|bits| Word::from_trits(&bits))
                        .map_err(|e| fail(format!("word {i}: {e}")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            words.resize(1 << a, Word::UNKNOWN);
            (words, None)
        }
    };
    Ok(Memory {
        label: decl.label.clone(),
        kind: decl.kind,
        addr_bits: a,
        data_bits: d,
        image: words.into(),
        file,
    })
}
