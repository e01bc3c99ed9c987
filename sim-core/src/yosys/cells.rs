//! Yosys' simple cells (the `$_…_` cells `techmap` leaves) as Tritium gates, flip-flops and
//! small fixed groups of gates.
//!
//! Every cell becomes one *output node* (the gate, flip-flop or final OR that drives its
//! output `Y` or `Q`), made before any cell's inputs are wired so that a cell may read any
//! net, its own output included; then [`CellKind::wire`] adds the gates in front of it.
//!
//! * Gates: `$_BUF_`, `$_NOT_`, `$_AND_`, `$_OR_`, `$_XOR_`, `$_NAND_`, `$_NOR_`, `$_XNOR_`
//!   as the gate; `$_ANDNOT_` (`A·¬B`), `$_ORNOT_` (`A+¬B`) with an inverter;
//!   `$_AOI3_`, `$_OAI3_`, `$_AOI4_`, `$_OAI4_` as their two levels; `$_MUX_` (`S ? B : A`)
//!   and `$_NMUX_` as the exact multiplexer with its consensus term
//!   ([`Builder::select_terms`]): known whenever `A` and `B` agree.
//! * Flip-flops (`$_DFF_`, `$_DFFE_`, `$_SDFF_`, `$_SDFFE_`, `$_SDFFCE_`, `$_DFFSR_`,
//!   `$_DFFSRE_` and their polarities): a [`NodeKind::Dff`], [`Dffe`](NodeKind::Dffe) or
//!   [`Dffsr`](NodeKind::Dffsr); a negative clock, enable, set or reset through an inverter;
//!   an asynchronous reset to 0 on RESET, to 1 on SET (both pins for `$_DFFSR_`, reset
//!   winning as in Yosys' `simcells.v`); a synchronous reset as a gate on D (`¬R·D` for 0,
//!   `R+D` for 1), under the enable for `$_SDFFCE_` and over it for `$_SDFFE_` (then the
//!   enable is an exact multiplexer of D and Q and the flip-flop a plain `Dff`).
//! * Latches (`$_DLATCH_`, with reset `$_DLATCH_PN0_`-style and set/reset `$_DLATCHSR_`): a
//!   loop through the exact multiplexer `E ? D : Q`, whose consensus term `D·Q` holds Q
//!   while E falls; a reset or set as a gate after it.
//!
//! Each family's letters follow Yosys' names: `P`/`N` a pin's polarity (active high or
//! low), `0`/`1` a reset's value.

use crate::GateOp;
use crate::kind::{DFFSR_CLOCK, DFFSR_D, DFFSR_EN, DFFSR_RESET, DFFSR_SET, NodeKind};
use crate::parts::Builder;

/// A simple gate cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Gate {
    Buf,
    Not,
    Binary(GateOp),
    AndNot,
    OrNot,
    Mux,
    NMux,
    Aoi3,
    Oai3,
    Aoi4,
    Oai4,
}

/// A pin's polarity: active high (`P`) or low (`N`).
pub(super) type Negative = bool;

/// A reset's or set's pins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reset {
    /// `R` of polarity `.0` sets the state to `.1`.
    To(Negative, bool),
    /// `S` (`.0`'s polarity) sets to 1, `R` (`.1`'s) to 0; R wins.
    SetReset(Negative, Negative),
}

/// A flip-flop cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FlipFlop {
    clock: Negative,
    enable: Option<Negative>,
    asynchronous: Option<Reset>,
    /// A synchronous reset `R` to a value, and whether it acts only when enabled
    /// (`$_SDFFCE_`).
    synchronous: Option<(Negative, bool, bool)>,
}

/// A latch cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Latch {
    enable: Negative,
    reset: Option<Reset>,
}

/// A simple cell Tritium maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CellKind {
    Gate(Gate),
    FlipFlop(FlipFlop),
    Latch(Latch),
}

impl CellKind {
    /// The kind of a Yosys simple cell type (`$_DFFE_PN0P_`), or `None` for any other type.
    #[allow(clippy::many_single_char_names)] // Yosys' letters: clock, enable, set, reset, value
    pub fn parse(cell_type: &str) -> Option<CellKind> {
        let name = cell_type.strip_prefix("$_")?.strip_suffix('_')?;
        let (family, letters) = name.split_once('_').unwrap_or((name, ""));
        let l: Vec<char> = letters.chars().collect();
        let pol = |c: char| match c {
            'P' => Some(false),
            'N' => Some(true),
            _ => None,
        };
        let value = |c: char| match c {
            '0' => Some(false),
            '1' => Some(true),
            _ => None,
        };
        let gate = |g| (l.is_empty()).then_some(CellKind::Gate(g));
        let ff = |clock, enable, asynchronous, synchronous| {
            Some(CellKind::FlipFlop(FlipFlop {
                clock,
                enable,
                asynchronous,
                synchronous,
            }))
        };
        match (family, l.as_slice()) {
            ("BUF", _) => gate(Gate::Buf),
            ("NOT", _) => gate(Gate::Not),
            ("AND", _) => gate(Gate::Binary(GateOp::And)),
            ("OR", _) => gate(Gate::Binary(GateOp::Or)),
            ("XOR", _) => gate(Gate::Binary(GateOp::Xor)),
            ("NAND", _) => gate(Gate::Binary(GateOp::Nand)),
            ("NOR", _) => gate(Gate::Binary(GateOp::Nor)),
            ("XNOR", _) => gate(Gate::Binary(GateOp::Xnor)),
            ("ANDNOT", _) => gate(Gate::AndNot),
            ("ORNOT", _) => gate(Gate::OrNot),
            ("MUX", _) => gate(Gate::Mux),
            ("NMUX", _) => gate(Gate::NMux),
            ("AOI3", _) => gate(Gate::Aoi3),
            ("OAI3", _) => gate(Gate::Oai3),
            ("AOI4", _) => gate(Gate::Aoi4),
            ("OAI4", _) => gate(Gate::Oai4),
            ("DFF", [c]) => ff(pol(*c)?, None, None, None),
            ("DFF", [c, r, v]) => ff(pol(*c)?, None, Some(Reset::To(pol(*r)?, value(*v)?)), None),
            ("DFFE", [c, e]) => ff(pol(*c)?, Some(pol(*e)?), None, None),
            ("DFFE", [c, r, v, e]) => ff(
                pol(*c)?,
                Some(pol(*e)?),
                Some(Reset::To(pol(*r)?, value(*v)?)),
                None,
            ),
            ("SDFF", [c, r, v]) => ff(pol(*c)?, None, None, Some((pol(*r)?, value(*v)?, false))),
            ("SDFFE" | "SDFFCE", [c, r, v, e]) => ff(
                pol(*c)?,
                Some(pol(*e)?),
                None,
                Some((pol(*r)?, value(*v)?, family == "SDFFCE")),
            ),
            ("DFFSR", [c, s, r]) => ff(
                pol(*c)?,
                None,
                Some(Reset::SetReset(pol(*s)?, pol(*r)?)),
                None,
            ),
            ("DFFSRE", [c, s, r, e]) => ff(
                pol(*c)?,
                Some(pol(*e)?),
                Some(Reset::SetReset(pol(*s)?, pol(*r)?)),
                None,
            ),
            ("DLATCH", [e]) => Some(CellKind::Latch(Latch {
                enable: pol(*e)?,
                reset: None,
            })),
            ("DLATCH", [e, r, v]) => Some(CellKind::Latch(Latch {
                enable: pol(*e)?,
                reset: Some(Reset::To(pol(*r)?, value(*v)?)),
            })),
            ("DLATCHSR", [e, s, r]) => Some(CellKind::Latch(Latch {
                enable: pol(*e)?,
                reset: Some(Reset::SetReset(pol(*s)?, pol(*r)?)),
            })),
            _ => None,
        }
    }

    /// The output port: `Y` of a gate, `Q` of a flip-flop or latch.
    pub fn output_port(self) -> &'static str {
        match self {
            CellKind::Gate(_) => "Y",
            CellKind::FlipFlop(_) | CellKind::Latch(_) => "Q",
        }
    }

    /// The input ports, as Yosys names them.
    pub fn input_ports(self) -> &'static [&'static str] {
        match self {
            CellKind::Gate(Gate::Buf | Gate::Not) => &["A"],
            CellKind::Gate(Gate::Binary(_) | Gate::AndNot | Gate::OrNot) => &["A", "B"],
            CellKind::Gate(Gate::Mux | Gate::NMux) => &["A", "B", "S"],
            CellKind::Gate(Gate::Aoi3 | Gate::Oai3) => &["A", "B", "C"],
            CellKind::Gate(Gate::Aoi4 | Gate::Oai4) => &["A", "B", "C", "D"],
            CellKind::FlipFlop(ff) => match (ff.enable, ff.asynchronous, ff.synchronous) {
                (None, None, None) => &["C", "D"],
                (Some(_), None, None) => &["C", "D", "E"],
                (None, Some(Reset::To(..)), None) | (None, None, Some(_)) => &["C", "D", "R"],
                (Some(_), Some(Reset::To(..)), None) | (Some(_), None, Some(_)) => {
                    &["C", "D", "E", "R"]
                }
                (None, Some(Reset::SetReset(..)), _) => &["C", "D", "S", "R"],
                (Some(_), Some(Reset::SetReset(..)), _) => &["C", "D", "E", "S", "R"],
                (_, Some(Reset::To(..)), Some(_)) => &["C", "D", "E", "R"],
            },
            CellKind::Latch(latch) => match latch.reset {
                None => &["E", "D"],
                Some(Reset::To(..)) => &["E", "D", "R"],
                Some(Reset::SetReset(..)) => &["E", "D", "S", "R"],
            },
        }
    }

    /// The kind of the node that drives the output.
    pub fn output_node(self) -> NodeKind {
        match self {
            CellKind::Gate(gate) => match gate {
                Gate::Buf => NodeKind::Buf,
                Gate::Not => NodeKind::Not,
                Gate::Binary(op) => NodeKind::gate(op, 2),
                Gate::AndNot => NodeKind::And(2),
                Gate::OrNot => NodeKind::Or(2),
                Gate::Mux => NodeKind::Or(3),
                Gate::NMux => NodeKind::Nor(3),
                Gate::Aoi3 | Gate::Aoi4 => NodeKind::Nor(2),
                Gate::Oai3 | Gate::Oai4 => NodeKind::Nand(2),
            },
            CellKind::FlipFlop(ff) => match (ff.enable, ff.asynchronous, ff.synchronous) {
                (_, Some(_), _) => NodeKind::Dffsr,
                (Some(_), None, None | Some((_, _, true))) => NodeKind::Dffe,
                _ => NodeKind::Dff,
            },
            CellKind::Latch(latch) => match latch.reset {
                None => NodeKind::Or(3),
                Some(Reset::To(_, true)) => NodeKind::Or(2),
                Some(Reset::To(_, false) | Reset::SetReset(..)) => NodeKind::And(2),
            },
        }
    }

    /// Wires the output node `out` from the cell's inputs (`pin(name)`: the signal on input
    /// port `name`, one of [`input_ports`](Self::input_ports)), adding the gates between.
    pub fn wire(self, b: &mut Builder, out: &str, pin: &dyn Fn(&str) -> String) {
        let inputs: Vec<(usize, String)> = match self {
            CellKind::Gate(gate) => numbered(gate_inputs(b, gate, pin)),
            CellKind::FlipFlop(ff) => flip_flop_inputs(b, ff, out, pin),
            CellKind::Latch(latch) => numbered(latch_inputs(b, latch, out, pin)),
        };
        for (k, from) in inputs {
            // Pin numbers are below 5.
            b.wire(&from, out, u8::try_from(k).unwrap_or(u8::MAX));
        }
    }
}

impl Gate {
    /// Builds the gate of `pin`'s signals (see [`CellKind::wire`]): the gates in front,
    /// then its output node, whose label it returns.
    pub fn build(self, b: &mut Builder, pin: &dyn Fn(&str) -> String) -> String {
        let inputs = gate_inputs(b, self, pin);
        b.add(CellKind::Gate(self).output_node(), &inputs)
    }
}

/// Inputs numbered from 0.
fn numbered(inputs: Vec<String>) -> Vec<(usize, String)> {
    (0..).zip(inputs).collect()
}

/// `signal`, or its negation for an active-low pin: the signal that is +1 when the pin acts.
fn active(b: &mut Builder, signal: String, negative: Negative) -> String {
    if negative { b.not(&signal) } else { signal }
}

/// The inputs of a gate cell's output node.
#[allow(clippy::many_single_char_names)] // Yosys' pin names
fn gate_inputs(b: &mut Builder, gate: Gate, pin: &dyn Fn(&str) -> String) -> Vec<String> {
    let [a, bb, c, d] = ["A", "B", "C", "D"];
    match gate {
        Gate::Buf | Gate::Not => vec![pin(a)],
        Gate::Binary(_) => vec![pin(a), pin(bb)],
        Gate::AndNot | Gate::OrNot => vec![pin(a), b.not(&pin(bb))],
        Gate::Mux | Gate::NMux => {
            let s = pin("S");
            let not_s = b.not(&s);
            b.select_terms(&s, &not_s, &pin(a), &pin(bb)).to_vec()
        }
        Gate::Aoi3 => vec![b.gate(GateOp::And, &[pin(a), pin(bb)]), pin(c)],
        Gate::Oai3 => vec![b.gate(GateOp::Or, &[pin(a), pin(bb)]), pin(c)],
        Gate::Aoi4 => vec![
            b.gate(GateOp::And, &[pin(a), pin(bb)]),
            b.gate(GateOp::And, &[pin(c), pin(d)]),
        ],
        Gate::Oai4 => vec![
            b.gate(GateOp::Or, &[pin(a), pin(bb)]),
            b.gate(GateOp::Or, &[pin(c), pin(d)]),
        ],
    }
}

/// `reset ? value : d` for an active-high `reset`: `¬reset·d` for 0, `reset + d` for 1 (both
/// exact: each is its function's one prime implicant per term).
fn reset_gate(b: &mut Builder, reset: &str, value: bool, d: String) -> String {
    if value {
        b.gate(GateOp::Or, &[reset.to_owned(), d])
    } else {
        let not_reset = b.not(reset);
        b.gate(GateOp::And, &[not_reset, d])
    }
}

/// The exact multiplexer `s ? y : x` for an active-high `s`.
fn mux(b: &mut Builder, s: &str, x: &str, y: &str) -> String {
    let not_s = b.not(s);
    b.select(s, &not_s, x, y)
}

/// The pins of a flip-flop cell's node `q`, by the [`DFFSR_D`]… numbers (shared by `Dff` and
/// `Dffe`).
fn flip_flop_inputs(
    b: &mut Builder,
    ff: FlipFlop,
    q: &str,
    pin: &dyn Fn(&str) -> String,
) -> Vec<(usize, String)> {
    let clock = active(b, pin("C"), ff.clock);
    let enable = ff.enable.map(|negative| active(b, pin("E"), negative));
    let mut d = pin("D");
    let mut inputs = Vec::with_capacity(5);
    match (ff.synchronous, &enable) {
        (Some((negative, value, under_enable)), _) => {
            let reset = active(b, pin("R"), negative);
            if let (false, Some(en)) = (under_enable, &enable) {
                // Reset over enable: D = R ? V : (E ? D : Q), the enable in D.
                d = mux(b, en, q, &d);
                d = reset_gate(b, &reset, value, d);
            } else {
                d = reset_gate(b, &reset, value, d);
                if let Some(en) = &enable {
                    inputs.push((DFFSR_EN, en.clone()));
                }
            }
        }
        (None, Some(en)) => inputs.push((DFFSR_EN, en.clone())),
        (None, None) => {}
    }
    inputs.push((DFFSR_D, d));
    inputs.push((DFFSR_CLOCK, clock));
    match ff.asynchronous {
        Some(Reset::To(negative, value)) => {
            let pin_number = if value { DFFSR_SET } else { DFFSR_RESET };
            inputs.push((pin_number, active(b, pin("R"), negative)));
        }
        Some(Reset::SetReset(set, reset)) => {
            inputs.push((DFFSR_SET, active(b, pin("S"), set)));
            inputs.push((DFFSR_RESET, active(b, pin("R"), reset)));
        }
        None => {}
    }
    inputs
}

/// The inputs of a latch cell's output node `q`: the exact multiplexer `E ? D : Q` (its
/// three terms, or whole under a reset or set gate).
fn latch_inputs(
    b: &mut Builder,
    latch: Latch,
    q: &str,
    pin: &dyn Fn(&str) -> String,
) -> Vec<String> {
    let enable = active(b, pin("E"), latch.enable);
    let d = pin("D");
    match latch.reset {
        None => {
            let not_enable = b.not(&enable);
            b.select_terms(&enable, &not_enable, q, &d).to_vec()
        }
        Some(Reset::To(negative, value)) => {
            let held = mux(b, &enable, q, &d);
            let reset = active(b, pin("R"), negative);
            if value {
                vec![reset, held]
            } else {
                vec![b.not(&reset), held]
            }
        }
        Some(Reset::SetReset(set, reset)) => {
            let held = mux(b, &enable, q, &d);
            let set = active(b, pin("S"), set);
            let set_or_held = b.gate(GateOp::Or, &[set, held]);
            let reset = active(b, pin("R"), reset);
            vec![b.not(&reset), set_or_held]
        }
    }
}
