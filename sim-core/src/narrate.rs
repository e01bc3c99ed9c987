//! Human-readable narration of engine events, in the spirit of the seed article's walkthrough:
//! `#6 δ1 NOR1 inputs (+1, 0) → -1 (was 0), changed: schedules Q, NOR2  [← #5]`. Shared by the
//! command line's `trace` and the desktop app's trace panel. A memory's data bit names the
//! word it reads: `#9 δ1 MEM[0] word 0x1 inputs (+1, -1, -1, -1, 0, 0, 0) → +1 …`.

use std::fmt;

use crate::circuit::Circuit;
use crate::event::{Cause, Event};
use crate::kind::{NodeKind, Role};

/// One event as a line of narration, e.g.
/// `#6 δ1 NOR1 inputs (+1, 0) → -1 (was 0), changed: schedules Q, NOR2  [← #5]`.
pub struct Narration<'a> {
    /// The circuit the event's node ids belong to (for labels).
    pub circuit: &'a Circuit,
    /// The event.
    pub event: &'a Event,
}

impl fmt::Display for Narration<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Narration { circuit, event } = self;
        // A node the circuit no longer has (an event recorded before an edit) reads `?`.
        let label = |id| circuit.node(id).map_or("?", |n| n.label.as_str());
        let kind = circuit.node(event.node).map(|n| n.kind);
        write!(f, "#{} δ{} {}", event.seq, event.delta, label(event.node))?;
        if let Some(NodeKind::Rom { addr_bits } | NodeKind::Ram { addr_bits }) = kind
            && let Some(addr) = event.inputs.get(..usize::from(addr_bits))
        {
            // The word it reads (and a RAM may write): the address in hex, `?` for a digit
            // with an unknown bit.
            write!(
                f,
                " word {}",
                crate::number::format(addr, crate::number::Radix::Hex)
            )?;
        }
        if kind.is_some_and(|k| k.role() == Role::Source) {
            write!(f, " := {} (was {})", event.new, event.old)?;
        } else {
            f.write_str(" inputs (")?;
            list(f, event.inputs.iter())?;
            write!(f, ") → {}", event.new)?;
            if event.changed() {
                write!(f, " (was {})", event.old)?;
            }
        }
        if !event.changed() {
            f.write_str(", unchanged")?;
        } else if event.fanout.is_empty() {
            f.write_str(", changed")?;
        } else {
            f.write_str(", changed: schedules ")?;
            list(f, event.fanout.iter().map(|&id| label(id)))?;
        }
        match event.cause {
            Cause::Set => Ok(()),
            Cause::PowerOn => f.write_str("  [power-on]"),
            Cause::Clock => f.write_str("  [clock]"),
            Cause::Resolution => f.write_str("  [resolved to 0: oscillation]"),
            Cause::Edit => f.write_str("  [edit]"),
            Cause::Event(k) => write!(f, "  [← #{k}]"),
        }
    }
}

impl Event {
    /// This event as a line of [`Narration`], labels taken from `circuit`.
    pub fn narrate<'a>(&'a self, circuit: &'a Circuit) -> Narration<'a> {
        Narration {
            circuit,
            event: self,
        }
    }
}

/// Writes `items` separated by `, `.
fn list<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl Iterator<Item = T>,
) -> fmt::Result {
    for (i, item) in items.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::Circuit;
    use crate::desc::Node;
    use crate::event::{Cause, Event};
    use crate::kind::NodeKind;
    use crate::trit::Trit;

    /// An event recorded before an edit removed its node (or a node it scheduled) narrates
    /// that node as `?` rather than panicking.
    #[test]
    fn a_node_no_longer_in_the_circuit_reads_as_a_question_mark() {
        let mut c = Circuit::new();
        let a = c.add_node(Node::new("A", NodeKind::Switch)).expect("A");
        let gone = c.add_node(Node::new("G", NodeKind::Not)).expect("G");
        let event = Event {
            seq: 3,
            delta: 0,
            node: a,
            inputs: Vec::new(),
            old: Trit::Unknown,
            new: Trit::True,
            cause: Cause::Set,
            fanout: vec![gone],
        };
        assert_eq!(
            event.narrate(&c).to_string(),
            "#3 δ0 A := +1 (was 0), changed: schedules G"
        );
        c.remove_node(gone);
        assert_eq!(
            event.narrate(&c).to_string(),
            "#3 δ0 A := +1 (was 0), changed: schedules ?"
        );
        c.remove_node(a);
        assert!(
            event
                .narrate(&c)
                .to_string()
                .starts_with("#3 δ0 ? inputs ()")
        );
    }
}
