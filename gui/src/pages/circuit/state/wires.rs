//! Wires as things a user points at: the open level's wires by their ends, the selected wire
//! and its net (every wire its driver feeds), its value, and deleting it.

use sim_core::{NodeId, Pos, Trit};

use super::{CircuitPageState, End};

/// A wire of the open level, by its ends as the level names them (`A` → `NOR1`, input 0;
/// `lo.s` → `sm`, input 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LevelWire {
    /// What drives it: a node's output or a pin.
    pub from: End,
    /// What it drives: a node or a pin.
    pub to: End,
    /// Which input of `to` (0 for a pin).
    pub input: u8,
}

impl LevelWire {
    /// What it drives: `NOR1.0` (a node's input by number), `sm.1`, `lo.cin` (a pin).
    pub fn target(&self) -> String {
        match &self.to {
            End::Node(label) => format!("{label}.{}", self.input),
            pin @ End::Pin { .. } => pin.to_text(),
        }
    }

    /// `A → NOR1.0`, `lo.s → sm.1`, `cin → lo.cin`: its driver and [`target`](Self::target).
    pub fn describe(&self) -> String {
        format!("{} → {}", self.from.to_text(), self.target())
    }
}

impl CircuitPageState {
    /// Every wire of the open level, in the order the canvas routes them: as written on a
    /// level with buses; else the wires between the level's nodes, then those to or from a
    /// pin.
    pub fn level_wires(&self) -> Vec<LevelWire> {
        if let Some((_, wires)) = self.written_level() {
            let instances = self.level_instances();
            return wires
                .iter()
                .map(|w| LevelWire {
                    from: End::parse(&w.from, instances),
                    to: End::parse(&w.to, instances),
                    input: w.input,
                })
                .collect();
        }
        let c = self.circuit();
        let mut out: Vec<LevelWire> = c
            .wires()
            .filter_map(|(_, w)| {
                let from = self.on_level(&c.node(w.from)?.label)?;
                let to = self.on_level(&c.node(w.to)?.label)?;
                Some(LevelWire {
                    from: End::Node(from.to_owned()),
                    to: End::Node(to.to_owned()),
                    input: w.input,
                })
            })
            .collect();
        out.extend(
            self.level_pin_wires()
                .into_iter()
                .map(|(from, to, input)| LevelWire { from, to, input }),
        );
        out
    }

    /// The wires of the net `from` drives on the open level (its fanout).
    pub fn net_wires(&self, from: &End) -> Vec<LevelWire> {
        self.level_wires()
            .into_iter()
            .filter(|w| w.from == *from)
            .collect()
    }

    /// Selects `wire` (and so its net), and nothing else.
    pub fn select_wire(&mut self, wire: LevelWire) {
        self.selection.clear();
        self.selected_instance = None;
        self.selected_wiring = None;
        self.selected_note = None;
        self.selected_wire = Some(wire);
    }

    /// What `wire` carries, bit 0 first (one trit for a plain wire; unknown where nothing
    /// drives it).
    pub fn wire_values(&self, wire: &LevelWire) -> Vec<Trit> {
        let bits = self.end_bits(&self.level, &wire.from.to_text());
        if bits.is_empty() {
            vec![Trit::Unknown]
        } else {
            self.bit_values(&bits)
        }
    }

    /// Deletes `wire` (one undo step); the selection forgets it.
    pub fn delete_wire(&mut self, wire: &LevelWire) {
        if self.selected_wire.as_ref() == Some(wire) {
            self.selected_wire = None;
        }
        if self.edits_bus_level() {
            let to = self.written_end(&wire.to);
            self.disconnect_written(&to, wire.input);
            return;
        }
        match (&wire.from, &wire.to) {
            (End::Node(_), End::Node(to)) if self.flat_node(to).is_some() => {
                if let Some(id) = self.flat_node(to) {
                    self.disconnect_input(id, wire.input);
                }
            }
            _ => self.disconnect_end(&wire.to),
        }
    }

    /// Wires output `from` to input `input` of `to` on the open level, whatever they are
    /// (nodes, pins, splitters); a refused wire (a second driver, …) shows why.
    pub fn connect_wire(&mut self, from: &End, to: &End, input: u8) -> bool {
        if !self.edits_bus_level()
            && let (End::Node(a), End::Node(b)) = (from, to)
            && let (Some(a), Some(b)) = (self.flat_node(a), self.flat_node(b))
        {
            return self.connect(a, b, input);
        }
        self.connect_ends(from, to, input)
    }

    /// Where the user bent `wire` ([`sim_core::WireDesc::via`]), in grid cells; empty for a
    /// wire routed freely.
    pub fn wire_bends(&self, wire: &LevelWire) -> Vec<Pos> {
        let to = wire.to.to_text();
        let (_, wires) = self.level_desc(&self.level);
        if let Some(w) = wires.iter().find(|w| w.to == to && w.input == wire.input) {
            return w.via.clone();
        }
        match self.flat_node(&to) {
            Some(id) if self.written_level().is_none() => {
                self.circuit().bends(id, wire.input).to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// Bends `wire` through `via` (grid cells; empty: routed freely again), one undo step;
    /// whether it was made. A part from a library file is not edited here (the refusal says
    /// so).
    pub fn set_wire_bends(&mut self, wire: &LevelWire, via: Vec<Pos>) -> bool {
        let input = wire.input;
        if self.edits_bus_level() {
            let to = self.written_end(&wire.to);
            return self
                .edit_bus_level(|_, wires| {
                    let w = wires
                        .iter_mut()
                        .find(|w| w.to == to && w.input == input)
                        .ok_or_else(|| format!("no wire into {to}"))?;
                    w.via = via;
                    Ok(())
                })
                .is_some();
        }
        let to = wire.to.to_text();
        if self.level.is_empty()
            && let (End::Node(_), Some(id)) = (&wire.from, self.flat_node(&to))
        {
            return self
                .edit(|c| {
                    c.set_bends(id, input, via);
                    Ok(())
                })
                .is_some();
        }
        self.edit_design(|design, _, level| {
            let wires = design.level_wires_mut(level).map_err(|e| e.to_string())?;
            let w = wires
                .iter_mut()
                .find(|w| w.to == to && w.input == input)
                .ok_or_else(|| format!("no wire into {to}"))?;
            w.via = via;
            Ok(())
        })
        .is_some()
    }

    /// Wires output `from` to input `input` of `to` through the bends `via` (grid cells, in
    /// order: a wire drawn with clicks on empty canvas), as one undo step; a refused wire
    /// shows why.
    pub fn connect_bent(&mut self, from: &End, to: &End, input: u8, via: Vec<Pos>) -> bool {
        if !self.connect_wire(from, to, input) {
            return false;
        }
        let wire = LevelWire {
            from: from.clone(),
            to: to.clone(),
            input,
        };
        if !via.is_empty() && self.set_wire_bends(&wire, via) {
            self.doc.merge_last_edit();
        }
        true
    }

    /// The flat node a label of the open level names, unless it is one of the open part's
    /// pins (drawn, and wired, as pins).
    fn flat_node(&self, label: &str) -> Option<NodeId> {
        if self.level_pins().iter().any(|p| p.label == label) {
            return None;
        }
        self.circuit()
            .find(&format!("{}{label}", self.level_prefix()))
    }
}
