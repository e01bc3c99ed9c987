//! The application state, plain Rust without egui: the document and its history, the
//! selection, the clipboard, the simulation session, and pending questions to the user.
//! Every user action is a method here, so tests can drive the app without a window.
//!
//! Buses (see [`sim_core::bus`]) are driven and read as numbers: [`CircuitPageState::set_bus_number`]
//! sets every bit of a bus in one batch, [`CircuitPageState::toggle_bus_bit`] one bit, and
//! [`CircuitPageState::bus_radix`] is how a bus is shown (a view setting, chosen per bus with
//! [`CircuitPageState::set_bus_radix`]).
//!
//! This file holds [`CircuitPageState`], its constructor and its notices; its methods are
//! split by concern into the child files, each adding an `impl CircuitPageState`: `files`
//! (open, save, export), `editing` (every change to the circuit as an undoable step),
//! `inputs` (switches and buttons from the canvas), `bus_values` (buses as numbers), and the
//! older `levels`, `bus_level`, `wires`, `waves`, `memories`, `notes` (text annotations),
//! `analysis` and `test_run` (the Tests panel: embedded tests run, a step shown).

mod analysis;
mod breakpoints;
mod bus_level;
mod bus_values;
mod document;
mod edit_error;
mod editing;
mod ends;
mod files;
mod history;
mod inputs;
mod levels;
mod memories;
mod notes;
mod session;
mod test_run;
mod waves;
mod wires;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

pub use analysis::{Analysis, suggested_sequence};
pub use breakpoints::{Breakpoints, HALTED};
pub use bus_values::BusInputError;
pub use document::{DocState, LoadError, SaveError, read_library};
pub use edit_error::CircuitEditError;
pub use editing::Reorient;
pub use ends::{End, level_label, prefix};
pub use history::History;
pub use levels::SelectedPart;
pub use memories::{
    MemoryView, MemoryViewError, MemoryViewKey, MemoryViews, address_of, candidates,
};
pub use session::{BusChange, Mode, SetInputError, SimSession, Stop};
use sim_core::format::Document;
use sim_core::number::Radix;
use sim_core::{Circuit, Netlist, Node, NodeId, NodeKind};
pub use test_run::{Counts, TestResult, TestRun};
pub use waves::{DEFAULT_LANES, LaneKey, WaveLanes};
pub use wires::LevelWire;

use crate::common::Notice;

/// An action that would discard unsaved changes, waiting for the user's confirmation.
#[derive(Clone, Debug)]
pub enum Discarding {
    /// File → New.
    New,
    /// File → Open (this path).
    Open(PathBuf),
    /// A circuit made by the app (the Analysis page's Build circuit), opened untitled.
    Built(Box<Document>),
    /// Closing the window.
    Quit,
}

/// Nodes and the wires among them, copied to be pasted elsewhere.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clipboard {
    nodes: Vec<Node>,
    /// `(from, to, input)` as indices into `nodes`.
    wires: Vec<(usize, usize, u8)>,
}

/// Everything the app knows. See the [module docs](self).
#[derive(Debug)]
pub struct CircuitPageState {
    /// The open document.
    pub doc: DocState,
    /// The simulation of the open document.
    pub sim: SimSession,
    /// Selected nodes.
    pub selection: BTreeSet<NodeId>,
    /// What Copy put aside.
    pub clipboard: Clipboard,
    /// Feedback for the status bar.
    pub notice: Option<Notice>,
    /// An action waiting for "discard unsaved changes?" to be answered.
    pub confirm: Option<Discarding>,
    /// Set when the app may close (the user confirmed, or nothing was unsaved).
    pub quit: bool,
    /// The palette item armed for placing with a click on the canvas.
    pub tool: Option<NodeKind>,
    /// The part armed for placing an instance with a click on the canvas.
    pub part_tool: Option<String>,
    /// The open level: the instance path looked inside (empty: the top level).
    pub level: Vec<String>,
    /// The selected instance of the open level.
    pub selected_instance: Option<String>,
    /// The radix chosen for a bus in this session, by its flat name (a view setting: see
    /// [`CircuitPageState::set_bus_radix`]).
    pub radixes: BTreeMap<String, Radix>,
    /// The selected splitter or merger of the top level (by label), on a level with buses.
    pub selected_wiring: Option<String>,
    /// How many trits wide the armed palette item places its nodes (1..=64).
    pub tool_width: u8,
    /// The selected wire of the open level (its whole net is highlighted).
    pub selected_wire: Option<LevelWire>,
    /// Whether the palette's Text item is armed: a click on the canvas places a note.
    pub note_tool: bool,
    /// The selected text annotation of the open level, by its index in
    /// [`CircuitPageState::level_notes`].
    pub selected_note: Option<usize>,
    /// Names the open document: every [`CircuitPageState::with_doc`] (File → New, Open) takes a fresh
    /// number, so views can tell a new document from an edited one (the canvas fits a new
    /// one to the window).
    pub document_id: u64,
    /// A node the canvas should bring to the middle of its view on its next frame (see
    /// [`CircuitPageState::show_node`]).
    pub centre: Option<NodeId>,
    /// The files opened or saved in this session, newest first (at most
    /// [`CircuitPageState::RECENT_LIMIT`]), for the file dialog.
    pub recent: Vec<PathBuf>,
    /// The waveform panel's signals and time cursor.
    pub waves: WaveLanes,
    /// The open memory views.
    pub memories: MemoryViews,
    /// The Analysis window: the reset analysis and the state it marks.
    pub analysis: Analysis,
    /// The Tests panel: the last run of the document's embedded tests, the step shown.
    pub tests: TestRun,
}

/// How the user answers "discard unsaved changes?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save the document, then go on (if it has no path yet, the caller asks for one).
    Save,
    /// Drop the changes and go on.
    Discard,
    /// Keep the document; do nothing.
    Cancel,
}

impl Default for CircuitPageState {
    fn default() -> CircuitPageState {
        CircuitPageState::with_doc(DocState::new())
    }
}

impl CircuitPageState {
    /// The state for an open document.
    pub fn with_doc(mut doc: DocState) -> CircuitPageState {
        // One compile when a file opens: the layout of unplaced nodes (a `.bench` netlist)
        // reads its levels from the netlist the simulation runs.
        let net = Netlist::compile(&doc.document.circuit);
        sim_core::layout::place_unplaced_in(&mut doc.document.circuit, &net);
        let sim = SimSession::with_netlist(&doc.document.circuit, net);
        let waves = WaveLanes::for_circuit(&doc.document.circuit);
        CircuitPageState {
            waves,
            memories: MemoryViews::default(),
            analysis: Analysis::default(),
            tests: TestRun::default(),
            doc,
            sim,
            selection: BTreeSet::new(),
            clipboard: Clipboard::default(),
            notice: None,
            confirm: None,
            quit: false,
            tool: None,
            part_tool: None,
            level: Vec::new(),
            selected_instance: None,
            radixes: BTreeMap::new(),
            selected_wiring: None,
            selected_wire: None,
            note_tool: false,
            selected_note: None,
            tool_width: 1,
            recent: Vec::new(),
            centre: None,
            document_id: {
                static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
                NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            },
        }
    }

    /// The circuit being edited.
    pub fn circuit(&self) -> &Circuit {
        &self.doc.document.circuit
    }

    /// Shows an informational notice.
    pub fn info(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            is_error: false,
        });
    }

    /// Shows an error notice.
    pub fn error(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            is_error: true,
        });
    }
}
