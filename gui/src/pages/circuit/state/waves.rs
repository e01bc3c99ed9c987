//! The waveform panel's state: which signals it shows, in which order ([`WaveLanes`], keyed by
//! [`LaneKey`] in a slot map, so a lane keeps its handle while others are added, removed or
//! moved), the time cursor, and the actions on them. The values come from the session's record
//! ([`super::SimSession::wave`]); the drawing is the panel's ([`crate::pages::circuit::views`]).

use std::path::{Path, PathBuf};

use slotmap::{SlotMap, new_key_type};

use sim_core::wave::vcd::VcdOptions;
use sim_core::wave::{self, Point, WaveSignal};
use sim_core::{Circuit, NodeId, Trit};

use super::CircuitPageState;

new_key_type! {
    /// A lane of the waveform panel: stable while other lanes come and go.
    pub struct LaneKey;
}

/// The panel's signals, the time cursor and the panel's place.
#[derive(Clone, Debug, Default)]
pub struct WaveLanes {
    lanes: SlotMap<LaneKey, WaveSignal>,
    order: Vec<LaneKey>,
    /// The moment the cursor marks: a step and a delta cycle (`u32::MAX`: the step's end).
    pub cursor: Option<Point>,
    /// Whether the panel is shown.
    pub shown: bool,
    /// Whether File → Export waveform writes delta cycles as finer time steps.
    pub export_deltas: bool,
}

/// What a lane reads at a moment inside the record's gap ([`sim_core::wave::Gap`]).
const NOT_KEPT: &str = "not kept";

/// The most lanes a newly opened circuit starts with (its switches, buttons, clocks, lamps
/// and probes, in file order).
pub const DEFAULT_LANES: usize = 32;

impl WaveLanes {
    /// The lanes for a newly opened `circuit`: its inputs, clocks and outputs (at most
    /// [`DEFAULT_LANES`]); the panel hidden until View → Waveform panel (or adding a signal)
    /// shows it.
    pub fn for_circuit(circuit: &Circuit) -> WaveLanes {
        let mut lanes = WaveLanes {
            export_deltas: true,
            ..WaveLanes::default()
        };
        for signal in wave::default_signals(circuit)
            .into_iter()
            .take(DEFAULT_LANES)
        {
            lanes.push(signal);
        }
        lanes
    }

    fn push(&mut self, lane: WaveSignal) -> LaneKey {
        let key = self.lanes.insert(lane);
        self.order.push(key);
        key
    }

    /// The lanes, top to bottom.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (LaneKey, &WaveSignal)> + '_ {
        self.order.iter().map(|&k| (k, &self.lanes[k]))
    }

    /// Lane `key`, if it is still shown.
    pub fn get(&self, key: LaneKey) -> Option<&WaveSignal> {
        self.lanes.get(key)
    }

    /// The number of lanes.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether there is no lane.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The lane showing `name`, if any.
    pub fn find(&self, name: &str) -> Option<LaneKey> {
        self.iter().find(|(_, l)| l.name == name).map(|(k, _)| k)
    }

    /// Removes lane `key`.
    pub fn remove(&mut self, key: LaneKey) {
        self.lanes.remove(key);
        self.order.retain(|&k| k != key);
    }

    /// Moves lane `key` `by` places down (negative: up), within the list.
    pub fn shift(&mut self, key: LaneKey, by: isize) {
        if let Some(at) = self.order.iter().position(|&k| k == key) {
            let to = at.saturating_add_signed(by).min(self.order.len() - 1);
            let key = self.order.remove(at);
            self.order.insert(to, key);
        }
    }

    /// The lanes as signals to record or write.
    pub fn signals(&self) -> Vec<WaveSignal> {
        self.iter().map(|(_, l)| l.clone()).collect()
    }

    /// Resolves every lane's name again in `circuit` after an edit; lanes whose signal is gone
    /// are removed.
    pub fn refresh(&mut self, circuit: &Circuit) {
        let gone: Vec<LaneKey> = self
            .order
            .iter()
            .copied()
            .filter(|&k| {
                let lane = &mut self.lanes[k];
                match sim_core::signal::signal(circuit, &lane.name) {
                    Some(bits) => {
                        lane.bits = bits;
                        false
                    }
                    None => true,
                }
            })
            .collect();
        for key in gone {
            self.remove(key);
        }
    }
}

impl CircuitPageState {
    /// Adds the signal named `name` (a node's label or a bus's name, as the flat circuit
    /// names it) to the waveform panel, below the others, and shows the panel; a signal shown
    /// already stays where it is. Returns its lane, or `None` (with an error notice) if the
    /// circuit has no such signal.
    pub fn add_wave_signal(&mut self, name: &str) -> Option<LaneKey> {
        self.waves.shown = true;
        if let Some(key) = self.waves.find(name) {
            return Some(key);
        }
        let circuit = self.circuit();
        let Some(bits) = sim_core::signal::signal(circuit, name) else {
            self.error(format!("no signal `{name}` in the circuit"));
            return None;
        };
        let radix = circuit.bus(name).map(|b| b.radix);
        Some(self.waves.push(WaveSignal {
            name: name.to_owned(),
            bits,
            radix,
        }))
    }

    /// Adds node `id`'s net to the waveform panel (the whole bus for a bit of a bus).
    pub fn add_wave_node(&mut self, id: NodeId) -> Option<LaneKey> {
        let circuit = self.circuit();
        let name = match circuit.bus_of(id) {
            Some((bus, _)) => bus.name.clone(),
            None => circuit.node(id)?.label.clone(),
        };
        self.add_wave_signal(&name)
    }

    /// The value lane `key` shows at moment `at` (see [`super::SimSession::value_at`]), bit 0
    /// first.
    pub fn wave_value(&self, key: LaneKey, at: Point) -> Vec<Trit> {
        self.waves.get(key).map_or_else(Vec::new, |lane| {
            lane.bits
                .iter()
                .map(|&b| self.sim.value_at(b, at))
                .collect()
        })
    }

    /// Lane `key`'s value at `at` as text: `+1`/`0`/`-1` for a net, a number in the bus's
    /// radix (the session's choice) for a bus; `not kept` inside the record's gap.
    pub fn wave_text(&self, key: LaneKey, at: Point) -> String {
        let Some(lane) = self.waves.get(key) else {
            return String::new();
        };
        if self.sim.wave().gap().is_some_and(|gap| gap.hides(at)) {
            return NOT_KEPT.to_owned();
        }
        let value = self.wave_value(key, at);
        match lane.radix {
            Some(_) => sim_core::number::format(&value, self.bus_radix(&lane.name)),
            None => value.first().map(ToString::to_string).unwrap_or_default(),
        }
    }

    /// Moves the time cursor (`None`: removes it). While the canvas replays, it follows.
    pub fn set_wave_cursor(&mut self, at: Option<Point>) {
        self.waves.cursor = at;
        if self.sim.replay().is_some() {
            self.replay_at(at);
        }
    }

    /// Shows on the canvas the values at the cursor (read-only), or the present again.
    pub fn replay_cursor(&mut self, on: bool) {
        let at = if on { self.waves.cursor } else { None };
        self.replay_at(at);
    }

    /// Replays moment `at` on the canvas (`None`: the present) — unless the record's gap hides
    /// it, whose values were not kept: then the present again, and an error notice says so.
    fn replay_at(&mut self, at: Option<Point>) {
        let gap = self.sim.wave().gap();
        if let Some(gap) = gap.filter(|gap| at.is_some_and(|at| gap.hides(at))) {
            self.sim.set_replay(None);
            self.error(format!(
                "steps {}–{} of the waveform were not kept: the canvas cannot show them",
                gap.from.step, gap.to.step
            ));
            return;
        }
        self.sim.set_replay(at);
    }

    /// Where File → Export waveform… proposes to write: the document's path with extension
    /// `.vcd`.
    pub fn waveform_path(&self) -> Option<PathBuf> {
        self.doc.path.as_ref().map(|p| p.with_extension("vcd"))
    }

    /// Writes the panel's signals (every default signal if it shows none) as a VCD file to
    /// `path` ([`sim_core::wave::vcd`]; delta cycles as finer time steps when
    /// [`WaveLanes::export_deltas`]), atomically, and reports the outcome. Returns whether it
    /// wrote.
    pub fn export_waveform(&mut self, path: &Path) -> bool {
        let mut signals = self.waves.signals();
        if signals.is_empty() {
            signals = wave::default_signals(self.circuit());
        }
        let stem = self
            .doc
            .path
            .as_deref()
            .and_then(Path::file_stem)
            .map_or_else(
                || "circuit".to_owned(),
                |s| s.to_string_lossy().into_owned(),
            );
        let options = VcdOptions {
            top: stem,
            deltas: self.waves.export_deltas,
            ..VcdOptions::default()
        };
        let record = self.sim.wave();
        let written = loader::write_atomically_with(path, |out| {
            wave::vcd::write(out, record, &signals, &options)
        });
        match written {
            Ok(()) => {
                let dropped = record.gap().map_or_else(String::new, |gap| {
                    format!(
                        " (steps {}–{} were not kept: x in the file)",
                        gap.from.step, gap.to.step
                    )
                });
                self.info(format!(
                    "exported {} signal{} over {} steps to {}{dropped}",
                    signals.len(),
                    if signals.len() == 1 { "" } else { "s" },
                    record.step() + 1,
                    path.display()
                ));
                true
            }
            Err(e) => {
                self.error(format!(
                    "cannot export the waveform to {}: {e}",
                    path.display()
                ));
                false
            }
        }
    }
}
