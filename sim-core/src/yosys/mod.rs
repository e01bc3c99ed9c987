//! Yosys' JSON netlist to a Tritium [`Document`]: the front end of Verilog import.
//!
//! The caller runs Yosys (the loader does, with the documented script: `read_verilog`,
//! `hierarchy -check -top TOP`, `proc`, `opt`, `memory -nomap`, `techmap`, `opt_clean`,
//! `write_json`) and hands its output here as text; this module reads no file and runs no
//! process. [`from_json`] builds:
//!
//! * each module a part ([`PartDesc`]): its input ports
//!   switches and its output ports lamps, buses when wider than a bit, in declaration
//!   order; the top module the document's top level and every module it places, directly or
//!   not, one of the document's subcircuits, its cells placing them instances (so the app's
//!   breadcrumbs walk the hierarchy);
//! * the simple cells as gates, flip-flops and small groups of gates (see `cells.rs`):
//!   every group computes its cell's function in Kleene's logic, exactly for the gates (the
//!   multiplexer with its consensus term) and never a known value Verilog's simulation
//!   would not give;
//! * memories (`$mem_v2`, `$mem`) as Tritium's ROM and RAM where their ports map, else as
//!   flip-flops with [`ImportWarning::MemoryAsFlipFlops`] (see `memory.rs`);
//! * constant bits as constant nodes, `x` and `z` as the unknown constant, a net no cell
//!   drives as unknown ([`ImportWarning::Undriven`]);
//! * the node driving a net of the source (`netnames` with `hide_name: 0`) labelled after
//!   it (`count[3]`), and a register's `init` value its flip-flops' power-on value.
//!
//! A cell type it cannot map is [`YosysError::UnsupportedCell`] naming the type and its
//! module: nothing is dropped silently but `$scopeinfo` cells (newer Yosys versions' scope
//! records), which compute nothing. Unknown JSON fields are ignored.
//!
//! # Kleene logic and Verilog's `x`
//! Tritium's unknown is Kleene's: a gate's output is known when every completion of its
//! unknown inputs agrees. Verilog simulators differ in both directions: `if (x)` takes the
//! `else` branch (a known value where Tritium, simulating the gates Yosys made of it, keeps
//! the unknown), and a `case` or `?:` on an unknown select gives `x` where the exact
//! multiplexer knows the answer when both data agree. So an imported design may be unknown
//! where Icarus knows a value, and known where Icarus gives `x`; it never gives a 0 where
//! Icarus gives a 1. Registers without a reset start unknown in both.
//!
//! Two differences are of timing, not of values. An asynchronous set or reset is a level
//! in Tritium and an edge in Verilog's `always @(posedge clk or posedge rst)`: a reset
//! falling while the set holds sets Q in Tritium and changes nothing in Verilog, and an `x`
//! on the reset is a `posedge` that runs the `else` branch. And a latch is a loop of gates
//! simulated with unit delays: when one input changes both its enable (closing it) and its
//! data through a shallower path, the new data may reach the loop before it closes (a hold
//! race the RTL, with no delays, does not have). `tests/yosys.rs` keeps its stimuli clear
//! of both.
//!
//! # Modules
//! `json` holds the serde types of Yosys' format, `cells` the simple cells' mapping,
//! `memory` the memories', `module` one module as a part, `error` [`YosysError`] and
//! [`ImportWarning`].

mod cells;
mod error;
mod json;
mod memory;
mod module;

use std::collections::HashMap;

pub use error::{ImportWarning, YosysError};
use json::{Module, Netlist};

use crate::elaborate::elaborate;
use crate::format::{Document, FormatError};
use crate::hierarchy::{DEFAULT_MAX_NODES, Design, HierarchyError, PartDesc};

/// How to import.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportOptions {
    /// The top module; `None` takes the module Yosys marked `top` (`hierarchy -top`), else
    /// the one module no other places.
    pub top: Option<String>,
    /// The most nodes the flattened design may have (checked before it is built).
    pub max_nodes: usize,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions {
            top: None,
            max_nodes: usize::try_from(DEFAULT_MAX_NODES).unwrap_or(usize::MAX),
        }
    }
}

/// An imported design: the document and what the import warns about.
#[derive(Debug)]
pub struct Imported {
    /// The document, named after the top module, with the other modules as subcircuits.
    pub document: Document,
    /// Warnings (undriven nets, …), in module order.
    pub warnings: Vec<ImportWarning>,
}

/// Imports Yosys' JSON netlist `json` (the text `write_json` writes) as a document.
///
/// # Errors
/// [`YosysError`]: not Yosys' JSON, no or several top candidates, a cell type or port
/// Tritium cannot map, a net driven twice, a design larger than `options.max_nodes`.
pub fn from_json(json: &str, options: &ImportOptions) -> Result<Imported, YosysError> {
    let netlist: Netlist = serde_json::from_str(json).map_err(|e| YosysError::NotYosys {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let top = top_module(&netlist, options.top.as_deref())?;
    let order = modules_below(&netlist, top)?;
    let limit = u64::try_from(options.max_nodes).unwrap_or(u64::MAX);
    let nodes = node_count(&netlist, top, &mut HashMap::new());
    if nodes > limit {
        return Err(YosysError::TooLarge { nodes, limit });
    }
    let mut warnings = Vec::new();
    let mut parts: Vec<PartDesc> = Vec::with_capacity(order.len());
    for name in &order {
        let built = module::build(&netlist, name, module_named(&netlist, name))?;
        warnings.extend(built.warnings);
        parts.push(built.part);
    }
    let top_part = parts.pop().ok_or(YosysError::NoModules)?;
    let document = document(top_part, parts, limit)?;
    Ok(Imported { document, warnings })
}

/// The document whose top level is `top` (a part) and whose subcircuits are `parts`.
fn document(top: PartDesc, parts: Vec<PartDesc>, limit: u64) -> Result<Document, YosysError> {
    let mut design = Design {
        subcircuits: parts,
        instances: top.instances.clone(),
        ..Design::default()
    };
    design.keep_top_level(&top.nodes, &top.wires);
    let circuit =
        elaborate(&design, &top.name, top.nodes, top.wires, limit).map_err(|e| match e {
            FormatError::Hierarchy(HierarchyError::TooLarge { total, limit, .. }) => {
                YosysError::TooLarge {
                    nodes: total,
                    limit,
                }
            }
            e => YosysError::Elaborate(e),
        })?;
    Ok(Document {
        name: top.name,
        description: "Imported from a Yosys JSON netlist.".to_owned(),
        circuit,
        design,
        ..Document::default()
    })
}

fn module_named<'n>(netlist: &'n Netlist, name: &str) -> &'n Module {
    netlist
        .modules
        .get(name)
        .unwrap_or_else(|| unreachable!("module `{name}` was found in the netlist"))
}

/// The top module's name: `top` if given, else the module with a `top` attribute, else the
/// one module no other places.
fn top_module<'n>(netlist: &'n Netlist, top: Option<&str>) -> Result<&'n str, YosysError> {
    let names = || netlist.modules.0.iter().map(|(n, _)| n.as_str());
    if netlist.modules.0.is_empty() {
        return Err(YosysError::NoModules);
    }
    if let Some(top) = top {
        return names()
            .find(|n| *n == top)
            .ok_or_else(|| YosysError::NoSuchTop {
                top: top.to_owned(),
                modules: names().map(str::to_owned).collect(),
            });
    }
    let marked: Vec<&str> = netlist
        .modules
        .0
        .iter()
        .filter(|(_, m)| m.attributes.top.as_ref().is_some_and(json::Value::is_set))
        .map(|(n, _)| n.as_str())
        .collect();
    if let [one] = marked.as_slice() {
        return Ok(one);
    }
    let placed: std::collections::HashSet<&str> = netlist
        .modules
        .0
        .iter()
        .flat_map(|(_, m)| m.cells.0.iter().map(|(_, c)| c.type_name.as_str()))
        .collect();
    let candidates: Vec<&str> = names().filter(|n| !placed.contains(n)).collect();
    match candidates.as_slice() {
        [one] => Ok(one),
        _ => Err(YosysError::SeveralTops {
            candidates: candidates.into_iter().map(str::to_owned).collect(),
        }),
    }
}

/// The modules `top` places, directly or not, each after every module it places, `top`
/// last.
fn modules_below<'n>(netlist: &'n Netlist, top: &'n str) -> Result<Vec<&'n str>, YosysError> {
    fn visit<'n>(
        netlist: &'n Netlist,
        name: &'n str,
        path: &mut Vec<&'n str>,
        order: &mut Vec<&'n str>,
    ) -> Result<(), YosysError> {
        if order.contains(&name) {
            return Ok(());
        }
        if let Some(at) = path.iter().position(|p| *p == name) {
            return Err(YosysError::Recursive {
                module: name.to_owned(),
                path: path[at..].iter().map(|p| (*p).to_owned()).collect(),
            });
        }
        path.push(name);
        for (_, cell) in &module_named(netlist, name).cells.0 {
            if let Some((sub, _)) = netlist.modules.0.iter().find(|(m, _)| *m == cell.type_name) {
                visit(netlist, sub, path, order)?;
            }
        }
        path.pop();
        order.push(name);
        Ok(())
    }
    let mut order = Vec::new();
    visit(netlist, top, &mut Vec::new(), &mut order)?;
    Ok(order)
}

/// A lower bound of the nodes module `name` flattens to: a node per cell, the modules it
/// places counted in full (saturating); memoized in `counts`. Linear in the netlist.
fn node_count<'n>(netlist: &'n Netlist, name: &'n str, counts: &mut HashMap<&'n str, u64>) -> u64 {
    if let Some(&n) = counts.get(name) {
        return n;
    }
    counts.insert(name, 0); // a cycle counts nothing (refused before this runs)
    let module = module_named(netlist, name);
    let mut total = 0u64;
    for (_, cell) in &module.cells.0 {
        let n = match netlist.modules.0.iter().find(|(m, _)| *m == cell.type_name) {
            Some((sub, _)) => node_count(netlist, sub, counts),
            None => 1,
        };
        total = total.saturating_add(n);
    }
    counts.insert(name, total);
    total
}

#[cfg(test)]
mod tests;
