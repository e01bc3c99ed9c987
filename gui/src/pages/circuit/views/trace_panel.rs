//! The trace panel: processed events in the narration of `tritium trace`, newest last; a click
//! selects the event's node and centres it on the canvas ([`CircuitPageState::show_node`]). An event
//! that changed a bit of a bus ends with the bus's value before and after it, in the bus's
//! radix: `… S[3] … → +1   S: 0x0A → 0x0E`. The events of one clock tick's settle (a running
//! clock) are one collapsed row, `[+] tick 12: 9 events`, a click away from its events.
//!
//! Each row is one line (long ones scroll sideways): the rows are laid out by their number
//! alone, which needs every row equally high — a wrapped row made the content's height change
//! with the rows in view, and the panel scroll and repaint without end.

use std::collections::BTreeSet;
use std::ops::Range;

use crate::pages::circuit::state::{BusChange, CircuitPageState};

/// The trace panel view.
#[derive(Debug, Default)]
pub struct TracePanel {
    /// The ticks whose groups are open.
    open: BTreeSet<u64>,
}

/// A row of the trace panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceRow {
    /// The event at this index of the trace.
    Event(usize),
    /// The event at this index of the trace, in an open tick's group.
    TickEvent(usize),
    /// The events (indices into the trace) of clock tick `tick`'s settle; `open`: its events
    /// follow as rows.
    Tick {
        /// The tick.
        tick: u64,
        /// The indices of its events in the trace.
        events: Range<usize>,
        /// Whether its events are shown.
        open: bool,
    },
}

/// The rows of a trace whose events have the ticks `ticks` (oldest first, as
/// [`crate::pages::circuit::state::SimSession::trace_ticks`] gives them): runs of events of one tick become a
/// [`TraceRow::Tick`], followed by their events if the tick is in `open`.
pub fn rows(ticks: impl Iterator<Item = Option<u64>>, open: &BTreeSet<u64>) -> Vec<TraceRow> {
    let mut rows = Vec::new();
    let mut group: Option<(u64, usize)> = None;
    let close = |rows: &mut Vec<TraceRow>, group: Option<(u64, usize)>, end: usize| {
        if let Some((tick, start)) = group {
            let open = open.contains(&tick);
            rows.push(TraceRow::Tick {
                tick,
                events: start..end,
                open,
            });
            if open {
                rows.extend((start..end).map(TraceRow::TickEvent));
            }
        }
    };
    let mut len = 0;
    for (i, tick) in ticks.enumerate() {
        len = i + 1;
        if group.map(|(t, _)| Some(t)) != Some(tick) || tick.is_none() {
            close(&mut rows, group.take(), i);
        }
        match tick {
            Some(t) if group.is_none() => group = Some((t, i)),
            Some(_) => {}
            None => rows.push(TraceRow::Event(i)),
        }
    }
    close(&mut rows, group, len);
    rows
}

impl TracePanel {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        ui.heading("Trace");
        let rows = rows(state.sim.trace_ticks(), &self.open);
        let row_height = (ui.text_style_height(&egui::TextStyle::Monospace)
            + 2.0 * ui.spacing().button_padding.y)
            .max(ui.spacing().interact_size.y);
        let mut clicked = None;
        let mut toggled = None;
        egui::ScrollArea::both()
            .stick_to_bottom(true)
            .auto_shrink(false)
            .show_rows(ui, row_height, rows.len(), |ui, range| {
                let circuit = state.circuit();
                for row in &rows[range] {
                    let (text, selected) = match *row {
                        TraceRow::Event(i) | TraceRow::TickEvent(i) => {
                            let Some((e, change)) = state.sim.trace_entry(i) else {
                                continue;
                            };
                            let indent = if matches!(row, TraceRow::TickEvent(_)) {
                                "    "
                            } else {
                                ""
                            };
                            let mut text = format!("{indent}{}", e.narrate(circuit));
                            if let Some(change) = change {
                                text.push_str("   ");
                                text.push_str(&bus_change_text(state, change));
                            }
                            (text, state.selection.contains(&e.node))
                        }
                        TraceRow::Tick {
                            tick,
                            ref events,
                            open,
                        } => {
                            let arrow = if open { "[-]" } else { "[+]" };
                            let n = events.len();
                            let noun = if n == 1 { "event" } else { "events" };
                            (format!("{arrow} tick {tick}: {n} {noun}"), false)
                        }
                    };
                    let button =
                        egui::Button::selectable(selected, egui::RichText::new(text).monospace())
                            .wrap_mode(egui::TextWrapMode::Extend)
                            .min_size(egui::vec2(0.0, row_height));
                    if ui.add(button).clicked() {
                        match *row {
                            TraceRow::Event(i) | TraceRow::TickEvent(i) => {
                                clicked = state.sim.trace_entry(i).map(|(e, _)| e.node);
                            }
                            TraceRow::Tick { tick, .. } => toggled = Some(tick),
                        }
                    }
                }
            });
        if let Some(tick) = toggled
            && !self.open.remove(&tick)
        {
            self.open.insert(tick);
        }
        if let Some(id) = clicked {
            state.show_node(id);
        }
    }
}

/// What an event did to its bus, in the bus's radix: `S: 0x0A → 0x0E`.
pub fn bus_change_text(state: &CircuitPageState, change: &BusChange) -> String {
    let radix = state.bus_radix(&change.bus);
    format!(
        "{}: {} → {}",
        change.bus,
        sim_core::number::format(&change.before, radix),
        sim_core::number::format(&change.after, radix)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticks_events_are_one_row_until_opened() {
        let ticks = [
            None,
            Some(1),
            Some(1),
            Some(1),
            None,
            Some(2),
            Some(2),
            Some(3),
        ];
        let closed = rows(ticks.into_iter(), &BTreeSet::new());
        assert_eq!(
            closed,
            [
                TraceRow::Event(0),
                TraceRow::Tick {
                    tick: 1,
                    events: 1..4,
                    open: false
                },
                TraceRow::Event(4),
                TraceRow::Tick {
                    tick: 2,
                    events: 5..7,
                    open: false
                },
                TraceRow::Tick {
                    tick: 3,
                    events: 7..8,
                    open: false
                },
            ]
        );
        let opened = rows(ticks.into_iter(), &BTreeSet::from([2]));
        assert_eq!(
            opened[3..],
            [
                TraceRow::Tick {
                    tick: 2,
                    events: 5..7,
                    open: true
                },
                TraceRow::TickEvent(5),
                TraceRow::TickEvent(6),
                TraceRow::Tick {
                    tick: 3,
                    events: 7..8,
                    open: false
                },
            ]
        );
    }
}
