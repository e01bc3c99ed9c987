//! Subcircuits: circuit files (format version 2) that define parts and place *instances* of
//! them, flattened into one [`Circuit`](crate::Circuit) whose node labels are hierarchical
//! paths (`adder8/lo/fa2/xor1`).
//!
//! A part is an ordinary circuit: its switches and buttons are its input pins and its lamps
//! and probes its output pins, in file order (or as its `inputs` / `outputs` lists say). So a
//! library part is itself a runnable, testable circuit file. Parts come from the file's own
//! `subcircuits` list or from `libraries` (relative paths; a library file's top level is a part
//! named after the file, its own `subcircuits` parts too). Wires reach an instance's pins as
//! `INSTANCE.PIN`.
//!
//! Flattening drops the pin nodes: the driver of `I.a` is wired straight to every gate input
//! the part's pin `a` fed, and whatever `I.s` feeds is wired straight from the gate that drove
//! the part's lamp `s`. The flat circuit therefore has one node per primitive gate and the
//! same events, values and unknowns as the same circuit drawn flat by hand (a property test).
//!
//! sim-core opens no files: library text comes from the caller's [`Resolver`].
//!
//! # Complexity and the size limit
//! Linear in the size of the flattened circuit: each part is flattened once and then copied
//! per instance. That size can be exponential in the file's: a chain of 29 parts each placing
//! the one below twice is a 6 KB file whose flattening has 2²⁹ copies of the bottom part.
//! So flattening first counts the nodes it would make (linear in the file: each part counted
//! once) and refuses, with [`HierarchyError::TooLarge`], more than a limit:
//! [`DEFAULT_MAX_NODES`] unless the caller passes another (the CLI's `--max-nodes`).
//!
//! # Modules
//! Wire ends ([`WireEnd`], the `INSTANCE.PIN` syntax) and [`InstanceDesc`] are description
//! types, in [`crate::desc`]; `part` holds the parts ([`PartDesc`], [`LibraryPart`]), `error`
//! the limits, [`HierarchyError`] and the [`Resolver`]; `flatten` expands instances (the loader's direction); `edit` goes the other way, for an editor:
//! writing an edited level back into its part ([`Design::harvest_level`]), extracting a part
//! from a selection ([`Design::plan_extraction`], [`Extraction::apply`]) and renaming an
//! instance with the paths through it ([`Design::rename_instance`], [`Design::renamed_path`]).

mod edit;
mod error;
mod flatten;
mod part;

use std::collections::{BTreeMap, HashMap};

pub use crate::desc::{InstanceDesc, WireEnd};
use crate::desc::{Node, WireDesc};
pub use edit::{EditError, Extraction, check_instance_label, level_label, path_prefix};
pub use error::{DEFAULT_MAX_NODES, HierarchyError, MAX_DEPTH, ResolveError, Resolver};
pub use flatten::Flattening;
use flatten::{Part, flatten};
pub use part::{LibraryPart, PartDesc};

/// The subcircuit structure of a document, kept beside its flattening so that the document
/// can be shown and edited level by level and saved without losing its hierarchy. All empty
/// for a flat (version 1) file.
///
/// The flat [`Circuit`](crate::Circuit) stays the truth for the top level's own nodes (labels
/// without `/`) and the wires among them; the design holds everything else: the parts, the
/// top level's instances and its wires with an instance pin end (`I.p`). [`Design::sync`]
/// rebuilds the instances' nodes and wires in a circuit after either changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Design {
    /// Library files (paths relative to the document), as written.
    pub libraries: Vec<String>,
    /// The parts defined in the document itself (editable).
    pub subcircuits: Vec<PartDesc>,
    /// The top level's instances.
    pub instances: Vec<InstanceDesc>,
    /// The top level's wires with at least one instance pin end (`I.p`), in file order.
    pub pin_wires: Vec<WireDesc>,
    /// The parts read from the libraries, by name.
    pub library: BTreeMap<String, LibraryPart>,
    /// The top level's own nodes and wires as the file writes them, kept when they use buses
    /// (the circuit then holds their expansion into single trits, see [`crate::bus`]); a
    /// file is saved from here.
    pub bus_level: Option<(Vec<Node>, Vec<WireDesc>)>,
    /// The memories' contents files as read, by name as the file writes it (see
    /// [`crate::memory::contents`]): kept so that rebuilding after an edit reads no file.
    pub contents: BTreeMap<String, String>,
}

impl Design {
    /// Whether the document uses no subcircuit feature (it is saved as version 1 then).
    pub fn is_flat(&self) -> bool {
        self.libraries.is_empty() && self.subcircuits.is_empty() && self.instances.is_empty()
    }

    /// Keeps what elaboration needs of the top level `nodes` and `wires` beside its
    /// instances (set first): the wires ending at an instance's pin (`INSTANCE.PIN`) as
    /// [`Design::pin_wires`], and the level itself as [`Design::bus_level`] when it uses buses
    /// (its own nodes', or a part's wider pins). Linear in the wires: the instance labels are
    /// looked up in a set.
    pub fn keep_top_level(&mut self, nodes: &[Node], wires: &[WireDesc]) {
        let instances: std::collections::HashSet<&str> =
            self.instances.iter().map(|i| i.label.as_str()).collect();
        let pin = |end: &str| WireEnd::is_pin_with(end, |i| instances.contains(i));
        let pin_wires = wires
            .iter()
            .filter(|w| pin(&w.from) || pin(&w.to))
            .cloned()
            .collect();
        self.pin_wires = pin_wires;
        let pin_width = |instance: &str, pin: &str| {
            let inst = self.instances.iter().find(|i| i.label == instance)?;
            let (part, _) = self.part(&inst.of)?;
            part.nodes.iter().find(|n| n.label == pin).map(|n| n.width)
        };
        if crate::bus::uses_buses(nodes, wires, &pin_width) {
            self.bus_level = Some((nodes.to_vec(), wires.to_vec()));
        }
    }

    /// Whether the document uses buses (or tunnels) anywhere (it is saved as version 3
    /// then): at its top level or in one of its own parts.
    pub fn uses_buses(&self) -> bool {
        self.bus_level.is_some()
            || self
                .subcircuits
                .iter()
                .any(|p| p.nodes.iter().any(Node::is_written_only))
    }

    /// What is suspicious about the tunnels of each level this document writes
    /// ([`crate::tunnel::warnings`]): its top level as written (`bus_level`, which a level
    /// with tunnels has) and its own parts, each warning with its part's name (`None` for the
    /// top level).
    pub fn tunnel_warnings(&self) -> Vec<(Option<&str>, crate::tunnel::TunnelWarning)> {
        let top = self
            .bus_level
            .iter()
            .flat_map(|(nodes, wires)| crate::tunnel::warnings(nodes, wires))
            .map(|w| (None, w));
        let parts = self.subcircuits.iter().flat_map(|p| {
            crate::tunnel::warnings(&p.nodes, &p.wires)
                .into_iter()
                .map(|w| (Some(p.name.as_str()), w))
        });
        top.chain(parts).collect()
    }

    /// The part named `name`: the document's own (`None` origin) or a library's.
    pub fn part(&self, name: &str) -> Option<(&PartDesc, Option<&str>)> {
        self.subcircuits
            .iter()
            .find(|p| p.name == name)
            .map(|p| (p, None))
            .or_else(|| {
                self.library
                    .get(name)
                    .map(|l| (&l.part, Some(l.origin.as_str())))
            })
    }

    /// Every part's name: the document's own in file order, then the libraries' by name.
    pub fn part_names(&self) -> Vec<&str> {
        self.subcircuits
            .iter()
            .map(|p| p.name.as_str())
            .chain(self.library.keys().map(String::as_str))
            .collect()
    }

    /// The part placed by instance path `path` (`["lo", "fa2"]`), following the instances
    /// down from the top level.
    pub fn part_at(&self, path: &[String]) -> Option<&PartDesc> {
        let (first, rest) = path.split_first()?;
        let mut part = self
            .part(&self.instances.iter().find(|i| i.label == *first)?.of)?
            .0;
        for label in rest {
            let of = &part.instances.iter().find(|i| i.label == *label)?.of;
            part = self.part(of)?.0;
        }
        Some(part)
    }

    /// Every part as the flattener wants it, checking that no name is defined twice.
    fn parts(&self) -> Result<BTreeMap<String, Part>, HierarchyError> {
        let mut parts: BTreeMap<String, Part> = self
            .library
            .iter()
            .map(|(name, l)| (name.clone(), Part::from_desc(l.part.clone(), &l.origin)))
            .collect();
        for desc in &self.subcircuits {
            if parts.contains_key(&desc.name) {
                return Err(HierarchyError::DuplicatePart(desc.name.clone()));
            }
            parts.insert(
                desc.name.clone(),
                Part::from_desc(desc.clone(), "this circuit"),
            );
        }
        Ok(parts)
    }

    /// The flat nodes and wires of a top level made of `nodes`, `wires` and this design's
    /// instances, at most [`DEFAULT_MAX_NODES`] nodes.
    ///
    /// # Errors
    /// [`HierarchyError`] naming the instance path.
    pub fn flatten(
        &self,
        name: &str,
        nodes: Vec<Node>,
        wires: Vec<WireDesc>,
    ) -> Result<Flattening, HierarchyError> {
        self.flatten_limited(name, nodes, wires, DEFAULT_MAX_NODES)
    }

    /// [`flatten`](Self::flatten) with at most `max_nodes` nodes, checked before anything
    /// is allocated (in time linear in the design's description).
    ///
    /// # Errors
    /// [`HierarchyError::TooLarge`] naming the instance path, its part and the sizes, or
    /// another [`HierarchyError`] naming the instance path.
    pub fn flatten_limited(
        &self,
        name: &str,
        nodes: Vec<Node>,
        wires: Vec<WireDesc>,
        max_nodes: u64,
    ) -> Result<Flattening, HierarchyError> {
        if let Some(n) = nodes.iter().find(|n| n.label.contains('/')) {
            return Err(HierarchyError::Pin {
                path: n.label.clone(),
                message: "a top-level label must not contain `/` (it separates instance paths)"
                    .into(),
            });
        }
        let top = Part {
            name: name.to_owned(),
            origin: name.to_owned(),
            nodes,
            wires,
            instances: self.instances.clone(),
            inputs: None,
            outputs: None,
        };
        flatten(&top, &self.parts()?, max_nodes)
    }

    /// Rebuilds the instances inside `circuit` from this design: nodes whose label has a `/`
    /// are the instances' (kept, with their ids and values, where the flattening still has
    /// them with the same kind; removed or added otherwise), and every wire touching one is
    /// replaced by the flattening's. The top level's own nodes and wires are untouched.
    /// Linear in the circuit's size.
    ///
    /// # Errors
    /// [`HierarchyError`] naming the instance path, or [`HierarchyError::Circuit`] (e.g. an
    /// instance output wired to an input that already has a driver). `circuit` may be
    /// partly rebuilt then: callers keep a copy to restore.
    pub fn sync(&self, circuit: &mut crate::Circuit) -> Result<(), HierarchyError> {
        let top: Vec<Node> = circuit
            .nodes()
            .filter(|(_, n)| !n.label.contains('/'))
            .map(|(_, n)| n.clone())
            .collect();
        let (nodes, wires, _, _) = self.flatten("the top level", top, self.pin_wires.clone())?;
        let wanted: HashMap<&str, &Node> = nodes
            .iter()
            .filter(|n| n.label.contains('/'))
            .map(|n| (n.label.as_str(), n))
            .collect();
        let stale: Vec<crate::NodeId> = circuit
            .nodes()
            .filter(|(_, n)| {
                n.label.contains('/')
                    && wanted
                        .get(n.label.as_str())
                        .is_none_or(|w| w.kind != n.kind)
            })
            .map(|(id, _)| id)
            .collect();
        for id in stale {
            circuit.remove_node(id);
        }
        let inner = |c: &crate::Circuit, id: crate::NodeId| c[id].label.contains('/');
        let old_wires: Vec<crate::WireId> = circuit
            .wires()
            .filter(|(_, w)| inner(circuit, w.from) || inner(circuit, w.to))
            .map(|(id, _)| id)
            .collect();
        for w in old_wires {
            circuit.disconnect(w);
        }
        for node in nodes.iter().filter(|n| n.label.contains('/')) {
            match circuit.find(&node.label) {
                Some(id) => {
                    circuit.set_pos(id, node.pos);
                    circuit.set_orientation(id, node.orientation());
                }
                None => {
                    circuit.add_node(node.clone())?;
                }
            }
        }
        for w in wires {
            let find = |l: &str| {
                circuit.find(l).ok_or_else(|| HierarchyError::Pin {
                    path: l.to_owned(),
                    message: "a wire names a node that does not exist".into(),
                })
            };
            let (from, to) = (find(&w.from)?, find(&w.to)?);
            circuit.connect(from, to, w.input)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::format::from_str;
    use crate::{Engine, Schedule, Trit};

    /// Two full adders chained, each two half adders and an OR, as parts of one file.
    const CHAIN: &str = r#"(
        version: 2,
        subcircuits: [
            (name: "ha",
             nodes: [(label: "a", kind: Switch), (label: "b", kind: Switch),
                     (label: "x", kind: Xor(2)), (label: "n", kind: And(2)),
                     (label: "s", kind: Lamp), (label: "c", kind: Lamp)],
             wires: [(from: "a", to: "x"), (from: "b", to: "x", input: 1),
                     (from: "a", to: "n"), (from: "b", to: "n", input: 1),
                     (from: "x", to: "s"), (from: "n", to: "c")]),
            (name: "fa",
             instances: [(label: "h1", of: "ha"), (label: "h2", of: "ha")],
             nodes: [(label: "a", kind: Switch), (label: "b", kind: Switch),
                     (label: "ci", kind: Switch), (label: "o", kind: Or(2)),
                     (label: "s", kind: Lamp), (label: "co", kind: Lamp)],
             wires: [(from: "a", to: "h1.a"), (from: "b", to: "h1.b"), (from: "h1.s", to: "h2.a"),
                     (from: "ci", to: "h2.b"), (from: "h2.s", to: "s"), (from: "h1.c", to: "o"),
                     (from: "h2.c", to: "o", input: 1), (from: "o", to: "co")]),
        ],
        instances: [(label: "f0", of: "fa"), (label: "f1", of: "fa")],
        nodes: [(label: "A0", kind: Switch), (label: "B0", kind: Switch), (label: "A1", kind: Switch),
                (label: "B1", kind: Switch), (label: "C", kind: Switch),
                (label: "S0", kind: Lamp), (label: "S1", kind: Lamp), (label: "CO", kind: Lamp)],
        wires: [(from: "A0", to: "f0.a"), (from: "B0", to: "f0.b"), (from: "C", to: "f0.ci"),
                (from: "A1", to: "f1.a"), (from: "B1", to: "f1.b"), (from: "f0.co", to: "f1.ci"),
                (from: "f0.s", to: "S0"), (from: "f1.s", to: "S1"), (from: "f1.co", to: "CO")],
    )"#;

    /// The same circuit drawn flat by hand, with the labels flattening gives.
    fn by_hand() -> String {
        let mut nodes = vec![];
        let mut wires = vec![];
        for f in ["f0", "f1"] {
            for h in ["h1", "h2"] {
                nodes.push(format!("(label: \"{f}/{h}/x\", kind: Xor(2))"));
                nodes.push(format!("(label: \"{f}/{h}/n\", kind: And(2))"));
            }
            nodes.push(format!("(label: \"{f}/o\", kind: Or(2))"));
        }
        let feed = |wires: &mut Vec<String>, from: &str, half: &str, pin: u8| {
            for g in ["x", "n"] {
                wires.push(format!(
                    "(from: \"{from}\", to: \"{half}/{g}\", input: {pin})"
                ));
            }
        };
        for (f, a, b, ci) in [("f0", "A0", "B0", "C"), ("f1", "A1", "B1", "f0/o")] {
            feed(&mut wires, a, &format!("{f}/h1"), 0);
            feed(&mut wires, b, &format!("{f}/h1"), 1);
            feed(&mut wires, &format!("{f}/h1/x"), &format!("{f}/h2"), 0);
            feed(&mut wires, ci, &format!("{f}/h2"), 1);
            wires.push(format!("(from: \"{f}/h1/n\", to: \"{f}/o\")"));
            wires.push(format!("(from: \"{f}/h2/n\", to: \"{f}/o\", input: 1)"));
        }
        wires.push("(from: \"f0/h2/x\", to: \"S0\")".into());
        wires.push("(from: \"f1/h2/x\", to: \"S1\")".into());
        wires.push("(from: \"f1/o\", to: \"CO\")".into());
        format!(
            "(version: 1, nodes: [(label: \"A0\", kind: Switch), (label: \"B0\", kind: Switch), \
             (label: \"A1\", kind: Switch), (label: \"B1\", kind: Switch), (label: \"C\", kind: Switch), \
             (label: \"S0\", kind: Lamp), (label: \"S1\", kind: Lamp), (label: \"CO\", kind: Lamp), {}], \
             wires: [{}])",
            nodes.join(", "),
            wires.join(", ")
        )
    }

    #[test]
    fn parts_nested_thousands_deep_are_refused_by_name_not_by_the_stack() {
        use std::fmt::Write as _;
        // p0 holds p1 holds p2 … : 5,000 levels, far past MAX_DEPTH.
        const LEVELS: usize = 5_000;
        let mut text = String::from("(version: 2, subcircuits: [");
        for k in 0..LEVELS {
            let inner = if k + 1 < LEVELS {
                format!("instances: [(label: \"u\", of: \"p{}\")], ", k + 1)
            } else {
                String::new()
            };
            let _ = write!(
                text,
                "(name: \"p{k}\", {inner}nodes: [(label: \"a\", kind: Switch), \
                 (label: \"y\", kind: Lamp)], wires: [(from: \"a\", to: \"y\")]),"
            );
        }
        text.push_str("], instances: [(label: \"top\", of: \"p0\")], nodes: [])");
        let e = from_str(&text).expect_err("too deep").to_string();
        assert!(e.contains("parts nest more than 256 levels deep"), "{e}");
        assert!(e.starts_with("instance `top/u/u/"), "{e}");
    }

    #[test]
    fn flattening_equals_the_hand_flattened_circuit_in_values_and_events() {
        let flat = from_str(CHAIN).expect("flattens").circuit;
        let hand = from_str(&by_hand()).expect("valid").circuit;
        assert_eq!(flat.node_count(), hand.node_count());
        assert_eq!(flat.wire_count(), hand.wire_count());
        let inputs = ["A0", "B0", "A1", "B1", "C"];
        let outputs = ["S0", "S1", "CO", "f1/h2/x", "f0/o"];
        for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
            let mut engines: Vec<(Engine, &crate::Circuit)> = [&flat, &hand]
                .map(|c| {
                    let mut e = Engine::from_circuit(c);
                    e.set_schedule(schedule);
                    (e, c)
                })
                .into();
            // Every input in every ternary value, one after another (unknowns included).
            for step in 0..(3u32.pow(5)) {
                let mut seen = Vec::new();
                for (engine, circuit) in &mut engines {
                    let batch: Vec<_> = inputs
                        .iter()
                        .enumerate()
                        .map(|(i, l)| {
                            let digit = (step / 3u32.pow(i as u32)) % 3;
                            let v = [Trit::False, Trit::Unknown, Trit::True][digit as usize];
                            (circuit.find(l).expect("an input"), v)
                        })
                        .collect();
                    engine.set(batch).expect("settable");
                    let report = engine.settle();
                    let values: Vec<Trit> = outputs
                        .iter()
                        .map(|l| engine.value(circuit.find(l).expect("a node")))
                        .collect();
                    seen.push((report.events, values));
                }
                assert_eq!(seen[0], seen[1], "{schedule:?} step {step}");
            }
        }
    }

    /// The circuit's nodes and wires as sorted text, to compare two circuits built in
    /// different orders.
    fn canonical(c: &crate::Circuit) -> (Vec<String>, Vec<String>) {
        let desc = c.to_desc();
        let mut nodes: Vec<String> = desc
            .nodes
            .iter()
            .map(|n| format!("{} {:?}", n.label, n.kind))
            .collect();
        let mut wires: Vec<String> = desc
            .wires
            .iter()
            .map(|w| format!("{} {} {}", w.from, w.to, w.input))
            .collect();
        nodes.sort();
        wires.sort();
        (nodes, wires)
    }

    #[test]
    fn sync_rebuilds_the_instances_after_an_edit_of_the_design() {
        let mut doc = from_str(CHAIN).expect("flattens");
        let a0 = doc.circuit.find("A0").expect("top node");
        let kept = doc.circuit.find("f0/o").expect("inner node");
        // Edit a definition (every instance follows), drop an instance and its wires.
        let ha = &mut doc.design.subcircuits[0];
        ha.nodes[2].kind = crate::NodeKind::Xnor(2);
        doc.design.instances.retain(|i| i.label != "f1");
        doc.design
            .pin_wires
            .retain(|w| !w.from.starts_with("f1.") && !w.to.starts_with("f1."));
        doc.design.sync(&mut doc.circuit).expect("syncs");
        let text = crate::format::to_string(&doc).expect("saves");
        let fresh = from_str(&text).expect("loads");
        assert_eq!(canonical(&doc.circuit), canonical(&fresh.circuit));
        assert!(doc.circuit.find("f1/o").is_none());
        assert_eq!(doc.circuit.find("A0"), Some(a0), "top-level ids survive");
        assert_eq!(
            doc.circuit.find("f0/o"),
            Some(kept),
            "unchanged inner ids survive"
        );
        assert_eq!(
            doc.circuit[doc.circuit.find("f0/h2/x").expect("inner")].kind,
            crate::NodeKind::Xnor(2)
        );
    }

    #[test]
    fn bad_hierarchies_name_the_instance_path() {
        let err = |text: &str| from_str(text).expect_err("refused").to_string();
        let unknown = err(r#"(version: 2, instances: [(label: "u", of: "nope")], nodes: [])"#);
        assert!(
            unknown.contains("instance `u`: no part named `nope`"),
            "{unknown}"
        );
        let cycle = err(r#"(version: 2,
            subcircuits: [(name: "p", instances: [(label: "q1", of: "q")], nodes: []),
                          (name: "q", instances: [(label: "p1", of: "p")], nodes: [])],
            instances: [(label: "top", of: "p")], nodes: [])"#);
        assert!(cycle.contains("p → q → p"), "{cycle}");
        let pin = err(&CHAIN.replace("\"f0.ci\"", "\"f0.carry\""));
        assert!(
            pin.contains("f0") && pin.contains("no input pin `carry`"),
            "{pin}"
        );
        let library = err(r#"(version: 2, libraries: ["lib/x.ron"], nodes: [])"#);
        assert!(library.contains("lib/x.ron"), "{library}");
        let old = err(r#"(version: 1, instances: [(label: "u", of: "p")], nodes: [])"#);
        assert!(old.contains("version: 2"), "{old}");
    }

    /// Library `l0` is a NOT gate; `lK` places `l(K-1)` twice in a row: 2^K gates from a
    /// few hundred bytes per level.
    fn doubling_chain(levels: usize) -> std::collections::HashMap<String, String> {
        let mut files = std::collections::HashMap::new();
        files.insert(
            "l0.ron".to_owned(),
            r#"(version: 1, nodes: [(label: "x", kind: Switch), (label: "g", kind: Not),
                (label: "y", kind: Lamp)], wires: [(from: "x", to: "g"), (from: "g", to: "y")])"#
                .to_owned(),
        );
        for k in 1..levels {
            files.insert(
                format!("l{k}.ron"),
                format!(
                    r#"(version: 2, libraries: ["l{j}.ron"],
                    instances: [(label: "a", of: "l{j}"), (label: "b", of: "l{j}")],
                    nodes: [(label: "x", kind: Switch), (label: "y", kind: Lamp)],
                    wires: [(from: "x", to: "a.x"), (from: "a.y", to: "b.x"), (from: "b.y", to: "y")])"#,
                    j = k - 1
                ),
            );
        }
        files
    }

    #[test]
    fn an_exploding_hierarchy_is_refused_before_it_is_built() {
        let files = doubling_chain(30);
        let text = files["l29.ron"].clone();
        let mut resolve = |path: &str, _: &str| {
            files
                .get(path)
                .map(|t| (path.to_owned(), t.clone()))
                .ok_or_else(|| "no such file".to_owned())
        };
        let start = std::time::Instant::now();
        let err = crate::format::from_str_with(&text, "l29.ron", &mut resolve)
            .expect_err("2^29 gates are refused");
        assert!(
            start.elapsed() < std::time::Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        // 2^29 gates and the top level's two pins; 2^22 > 4 million >= 2^21.
        let crate::format::FormatError::Hierarchy(super::HierarchyError::TooLarge {
            total,
            limit,
            path,
            part,
            size,
        }) = &err
        else {
            panic!("{err}");
        };
        assert_eq!((*total, *limit), ((1 << 29) + 2, super::DEFAULT_MAX_NODES));
        assert_eq!(
            (path.as_str(), part.as_str(), *size),
            ("a/a/a/a/a/a/a", "l22", 1 << 22)
        );
        assert_eq!(
            err.to_string(),
            "the flattened circuit would have 536870914 nodes, more than the limit of 4000000: \
             instance `a/a/a/a/a/a/a` (part `l22`) alone has 4194304"
        );
        assert_eq!(err.line_in(&text), Some(2), "the line of instance `a`");
        // The limit is inclusive: l6 has 64 gates and 2 pins.
        let text = files["l6.ron"].clone();
        let ok = crate::format::from_str_limited(&text, "l6.ron", &mut resolve, 66)
            .expect("66 nodes are allowed");
        assert_eq!(ok.circuit.node_count(), 66);
        let err = crate::format::from_str_limited(&text, "l6.ron", &mut resolve, 65)
            .expect_err("66 nodes are not")
            .to_string();
        assert!(
            err.ends_with("more than the limit of 65: instance `a` (part `l5`) alone has 32"),
            "{err}"
        );
    }
}
