//! Which signals a waveform shows: the default set, every net, or those matching patterns.

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::kind::NodeKind;
use crate::number::Radix;
use crate::signal;

use super::WaveError;

/// A signal of a waveform: a net (one node's output) or a bus, by its hierarchical name
/// (`adder8/lo/fa2/s`; `/` separates instances).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaveSignal {
    /// The node's label or the bus's name.
    pub name: String,
    /// The node, or the bus's bits, bit 0 (the least significant) first.
    pub bits: Vec<NodeId>,
    /// The bus's radix; `None` for a single net.
    pub radix: Option<Radix>,
}

impl WaveSignal {
    /// Whether it is a bus (drawn with value boxes, written as a VCD vector).
    pub fn is_bus(&self) -> bool {
        self.radix.is_some()
    }

    fn of(signal: &signal::Signal<'_>) -> WaveSignal {
        WaveSignal {
            name: signal.name.to_owned(),
            bits: signal.bits.clone(),
            radix: signal.bus.map(|b| b.radix),
        }
    }
}

/// The signals recorded unless asked otherwise: every switch, button, clock, lamp and probe,
/// in node order, the bits of a bus grouped into the bus.
pub fn default_signals(circuit: &Circuit) -> Vec<WaveSignal> {
    let ids = circuit
        .nodes()
        .filter(|(_, n)| {
            n.kind.is_input()
                || matches!(n.kind, NodeKind::Clock { .. })
                || n.kind.role() == crate::kind::Role::Terminal
        })
        .map(|(id, _)| id);
    signal::signals(circuit, ids)
        .iter()
        .map(WaveSignal::of)
        .collect()
}

/// Every net of the circuit (one per node), in node order, bus bits grouped into their buses.
pub fn all_signals(circuit: &Circuit) -> Vec<WaveSignal> {
    signal::signals(circuit, circuit.nodes().map(|(id, _)| id))
        .iter()
        .map(WaveSignal::of)
        .collect()
}

/// The signals `patterns` selects: a comma-separated list of names or wildcard patterns (`*`
/// any run of characters, `/` included; `?` one character) over the names of
/// [`all_signals`], in node order. A pattern that matches no signal may still name a node
/// exactly (a bit of a bus, `A[3]`). `*` alone selects every net.
///
/// # Errors
/// [`WaveError::NoMatch`] naming the first pattern that selects nothing;
/// [`WaveError::NoSignals`] for an empty list.
pub fn select(circuit: &Circuit, patterns: &str) -> Result<Vec<WaveSignal>, WaveError> {
    let patterns: Vec<&str> = patterns
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if patterns.is_empty() {
        return Err(WaveError::NoSignals);
    }
    let all = all_signals(circuit);
    let matchers: Vec<wildmatch::WildMatch> = patterns
        .iter()
        .map(|p| wildmatch::WildMatch::new(p))
        .collect();
    let mut used = vec![false; patterns.len()];
    let mut out = Vec::new();
    for signal in all {
        let mut hit = false;
        for (k, m) in matchers.iter().enumerate() {
            if m.matches(&signal.name) {
                used[k] = true;
                hit = true;
            }
        }
        if hit {
            out.push(signal);
        }
    }
    for (k, pattern) in patterns.iter().enumerate() {
        if used[k] {
            continue;
        }
        match circuit.find(pattern) {
            Some(id) => out.push(WaveSignal {
                name: (*pattern).to_owned(),
                bits: vec![id],
                radix: None,
            }),
            None => return Err(WaveError::NoMatch((*pattern).to_owned())),
        }
    }
    Ok(out)
}

/// Whether `name` matches the wildcard `pattern` (`*` any run of characters, `/` included;
/// `?` one character): the rule of [`select`], for a search field.
pub fn matches(pattern: &str, name: &str) -> bool {
    wildmatch::WildMatch::new(pattern).matches(name)
}

/// Every node of `signals`, in order (what [`super::Waveform::new`] records for them).
pub fn nodes_of(signals: &[WaveSignal]) -> impl Iterator<Item = NodeId> + '_ {
    signals.iter().flat_map(|s| s.bits.iter().copied())
}
