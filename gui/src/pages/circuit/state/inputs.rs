//! Inputs: driving the simulation from the canvas (switches, buttons; refused while a past
//! moment is replayed), and showing a node.

use std::collections::BTreeSet;

use sim_core::{NodeId, Trit};

use super::CircuitPageState;

impl CircuitPageState {
    /// Selects node `id` and shows it: opens the level holding it (a node inside instances
    /// is shown inside them) and asks the canvas to centre it (the trace's and the queue's
    /// rows do this when clicked).
    pub fn show_node(&mut self, id: NodeId) {
        let Some(label) = self.circuit().node(id).map(|n| n.label.clone()) else {
            return;
        };
        let path: Vec<String> = match label.rsplit_once('/') {
            Some((instances, _)) => instances.split('/').map(str::to_owned).collect(),
            None => Vec::new(),
        };
        if path != self.level
            && (path.is_empty() || self.doc.document.design.part_at(&path).is_some())
        {
            self.level = path;
            self.selected_instance = None;
        }
        self.selection = BTreeSet::from([id]);
        self.centre = Some(id);
    }

    /// A click on a node: toggles a switch (refused with a notice while the canvas replays a
    /// past moment).
    pub fn toggle(&mut self, id: NodeId) {
        if self.refuse_while_replaying() {
            return;
        }
        self.sim.toggle(&self.doc.document.circuit, id);
    }

    /// Sets a switch to `value` (the way to set 0).
    pub fn set_value(&mut self, id: NodeId, value: Trit) {
        if self.refuse_while_replaying() {
            return;
        }
        self.sim.set(&self.doc.document.circuit, id, value);
    }

    /// A click on key `digit` (0–15) of the hex keypad whose bits are `bits` (bit 0 first):
    /// sets them to the digit, all in one batch (refused with a notice while the canvas
    /// replays a past moment).
    pub fn press_key(&mut self, bits: &[NodeId], digit: u8) {
        let Ok(value) = sim_core::number::from_int(i128::from(digit), bits.len()) else {
            self.error(format!("key {digit:X} does not fit {} trits", bits.len()));
            return;
        };
        let batch: Vec<(NodeId, Trit)> = bits.iter().copied().zip(value).collect();
        if let Err(e) = self.sim.set_many(&self.doc.document.circuit, &batch) {
            self.error(e.to_string());
        }
    }

    /// Presses or releases a button.
    pub fn press(&mut self, id: NodeId, pressed: bool) {
        if self.refuse_while_replaying() {
            return;
        }
        self.sim.press(&self.doc.document.circuit, id, pressed);
    }

    /// Whether the canvas replays a past moment (read-only), saying so if it does.
    fn refuse_while_replaying(&mut self) -> bool {
        let Some(at) = self.sim.replay() else {
            return false;
        };
        self.error(format!(
            "the canvas shows step {} (read-only): untick Show on canvas to change inputs",
            at.step
        ));
        true
    }
}
