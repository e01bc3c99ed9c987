//! Buses read and set as numbers: the bus a node or the selection is, its radix (a view
//! setting), its value as text, and setting all its bits (or one) in one batch.

use sim_core::NodeId;
use sim_core::bus::Bus;
use sim_core::number::{self, NumberError, Radix};

use super::CircuitPageState;
use super::session::SetInputError;

/// Why [`CircuitPageState::set_bus_number`] set nothing; its text is what the inspector shows
/// after "Refused: ".
#[derive(Debug, thiserror::Error)]
pub enum BusInputError {
    /// The circuit has no bus of that name.
    #[error("no bus named `{name}`")]
    NoBus {
        /// The name asked for.
        name: String,
    },
    /// The number is malformed or wider than the bus ([`number::parse_in`]'s reason).
    #[error(transparent)]
    Number(#[from] NumberError),
    /// A bit of the bus cannot be set ([`SimSession::set_many`](super::SimSession::set_many)'s
    /// reason).
    #[error(transparent)]
    Set(#[from] SetInputError),
}

impl CircuitPageState {
    /// The bus node `id` is a bit of, if any.
    pub fn bus_of(&self, id: NodeId) -> Option<&Bus> {
        self.circuit().bus_of(id).map(|(bus, _)| bus)
    }

    /// The bus the selection is, if all of it is one bus's bits: its name.
    pub fn selected_bus(&self) -> Option<String> {
        let first = *self.selection.iter().next()?;
        let bus = self.bus_of(first)?;
        self.selection
            .iter()
            .all(|id| bus.bits.contains(id))
            .then(|| bus.name.clone())
    }

    /// The radix bus `name` is shown in: the one chosen in this session, else the bus's own
    /// (its file's `radix`, else hexadecimal).
    pub fn bus_radix(&self, name: &str) -> Radix {
        self.radixes
            .get(name)
            .copied()
            .or_else(|| self.circuit().bus(name).map(|b| b.radix))
            .unwrap_or_default()
    }

    /// The value of bus `name` written in its radix ([`bus_radix`](Self::bus_radix)), e.g.
    /// `162`, `0xA2` or `0b10x1` with an unknown bit.
    pub fn bus_text(&self, name: &str) -> Option<String> {
        let bus = self.circuit().bus(name)?;
        Some(number::format(
            &self.sim.values(&bus.bits),
            self.bus_radix(name),
        ))
    }

    /// Shows bus `name` in `radix` from now on, on the canvas and in the inspector: a view
    /// setting, not an edit (no undo step, the document does not count as changed). It is
    /// also written into the document — the circuit's bus and, for a bus of the top level,
    /// its node's `radix` as the file writes it — so that saving the file keeps it.
    pub fn set_bus_radix(&mut self, name: &str, radix: Radix) {
        self.radixes.insert(name.to_owned(), radix);
        let doc = &mut self.doc.document;
        if let Some((nodes, _)) = &mut doc.design.bus_level
            && let Some(node) = nodes.iter_mut().find(|n| n.label == name)
        {
            node.radix = Some(radix);
        }
        if doc.circuit.bus(name).is_some_and(|b| b.radix != radix) {
            let decls: Vec<sim_core::bus::BusDecl> = doc
                .circuit
                .buses()
                .iter()
                .map(|b| sim_core::bus::BusDecl {
                    label: b.name.clone(),
                    width: u8::try_from(b.width()).unwrap_or(u8::MAX),
                    radix: Some(if b.name == name { radix } else { b.radix }),
                })
                .collect();
            doc.circuit.set_buses(&decls);
        }
    }

    /// Sets the switches (or buttons) of bus `name` to the number `text`, in any radix
    /// (`107`, `0x6B`, `0b0110_1011`, `-21`, `0t1T0`; see [`sim_core::number`]), all bits in
    /// one batch; a decimal means what the bus's radix reads ([`number::parse_in`]): on a
    /// balanced-ternary bus `-42` is the digits `0t0T1110`, on a binary one two's complement — as one click sets one switch: in Run mode the circuit settles, in Step mode
    /// each bit's change waits in the queue.
    ///
    /// # Errors
    /// A [`BusInputError`]: why the number is refused, as [`number::parse_in`] says it (a
    /// malformed literal, or one wider than the bus, naming both), or why the bus cannot be
    /// set; nothing changes then.
    pub fn set_bus_number(&mut self, name: &str, text: &str) -> Result<(), BusInputError> {
        let bus = self
            .circuit()
            .bus(name)
            .ok_or_else(|| BusInputError::NoBus {
                name: name.to_owned(),
            })?;
        let value = number::parse_in(text, bus.width(), self.bus_radix(name))?;
        let batch = bus.assign(&value);
        Ok(self.sim.set_many(&self.doc.document.circuit, &batch)?)
    }

    /// Toggles bit `bit` of bus `name` (0: the least significant) as a click toggles a
    /// switch: −1 → +1, anything else → −1.
    pub fn toggle_bus_bit(&mut self, name: &str, bit: usize) {
        if let Some(&id) = self.circuit().bus(name).and_then(|b| b.bits.get(bit)) {
            self.toggle(id);
        }
    }
}
