//! How the app names node kinds for people, and what each does. The kind of a gate is written
//! with its input count spelled out (`NOR, 2 inputs`), never glued to it as in files and the
//! command line (`NOR2`), so it cannot be mistaken for a label such as `NOR1`.

use sim_core::{NodeKind, Trit};

/// The kind as the inspector, the hover texts and the palette name it: `NOR, 2 inputs`,
/// `Switch`, `Clock, half period 4`, `Constant +1`, `Splitter 0-3,4-7`.
pub fn kind_name(kind: NodeKind) -> String {
    match kind {
        NodeKind::Constant(v) => format!("Constant {}", v.as_signed_str()),
        NodeKind::Switch => "Switch".to_owned(),
        NodeKind::Button => "Button".to_owned(),
        NodeKind::Keypad => "Hex keypad".to_owned(),
        NodeKind::Clock { half_period } => format!("Clock, half period {half_period}"),
        NodeKind::Buf => "Buffer".to_owned(),
        NodeKind::Not => "NOT".to_owned(),
        NodeKind::Table(table) => format!("Table gate, {}", inputs(usize::from(table.inputs()))),
        NodeKind::Dff => "D flip-flop".to_owned(),
        NodeKind::Dffe => "D flip-flop with enable".to_owned(),
        NodeKind::Dffsr => "D flip-flop with set and reset".to_owned(),
        NodeKind::Lamp => "Lamp".to_owned(),
        NodeKind::Probe => "Probe".to_owned(),
        NodeKind::HexDisplay => "Hex display".to_owned(),
        NodeKind::SevenSegment => "7-segment display".to_owned(),
        NodeKind::DecimalDisplay(mode) => format!("Decimal display, {mode}"),
        NodeKind::LedMatrix { rows, columns } => format!("LED matrix, {rows} × {columns}"),
        NodeKind::Tty => "TTY".to_owned(),
        NodeKind::Split(r) => format!("Splitter {r}"),
        NodeKind::Merge(r) => format!("Merger {r}"),
        NodeKind::Tunnel => "Tunnel".to_owned(),
        NodeKind::Rom { addr_bits } => format!("ROM, {} words", 1u32 << addr_bits),
        NodeKind::Ram { addr_bits } => format!("RAM, {} words", 1u32 << addr_bits),
        NodeKind::And(_)
        | NodeKind::Or(_)
        | NodeKind::Nand(_)
        | NodeKind::Nor(_)
        | NodeKind::Xor(_)
        | NodeKind::Xnor(_) => format!(
            "{}, {}",
            kind.op().map_or("gate", sim_core::GateOp::name),
            inputs(kind.input_count())
        ),
    }
}

fn inputs(n: usize) -> String {
    if n == 1 {
        "1 input".to_owned()
    } else {
        format!("{n} inputs")
    }
}

/// The names a flip-flop of `kind` writes at its input pins, in pin order; `None` marks the
/// clock, drawn as the wedge `>` (a [`NodeKind::Dff`]: D and the clock; a
/// [`NodeKind::Dffe`] adds EN; a [`NodeKind::Dffsr`] EN, S (set) and R (reset), as
/// Logisim-evolution names them).
pub fn flip_flop_pins(kind: NodeKind) -> &'static [Option<&'static str>] {
    match kind {
        NodeKind::Dffe => &[Some("D"), None, Some("EN")],
        NodeKind::Dffsr => &[Some("D"), None, Some("EN"), Some("S"), Some("R")],
        _ => &[Some("D"), None],
    }
}

/// The prefix of fresh labels for `kind`.
pub fn label_prefix(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Constant(_) => "K",
        NodeKind::Switch => "SW",
        NodeKind::Button => "BTN",
        NodeKind::Keypad => "KEY",
        NodeKind::Clock { .. } => "CLK",
        NodeKind::Buf => "BUF",
        NodeKind::Not => "NOT",
        NodeKind::And(_) => "AND",
        NodeKind::Or(_) => "OR",
        NodeKind::Nand(_) => "NAND",
        NodeKind::Nor(_) => "NOR",
        NodeKind::Xor(_) => "XOR",
        NodeKind::Xnor(_) => "XNOR",
        NodeKind::Dff => "DFF",
        NodeKind::Dffe => "DFFE",
        NodeKind::Dffsr => "DFFSR",
        NodeKind::Lamp => "LAMP",
        NodeKind::Probe => "PROBE",
        NodeKind::HexDisplay => "HEX",
        NodeKind::SevenSegment => "SEG",
        NodeKind::DecimalDisplay(_) => "DEC",
        NodeKind::LedMatrix { .. } => "LED",
        NodeKind::Tty => "TTY",
        NodeKind::Split(_) => "SPLIT",
        NodeKind::Merge(_) => "MERGE",
        NodeKind::Tunnel => "TUN",
        NodeKind::Table(_) => "TBL",
        NodeKind::Rom { .. } => "ROM",
        NodeKind::Ram { .. } => "RAM",
    }
}

/// What a node of `kind` does, in a sentence or two (the palette's hover text).
pub fn what_it_does(kind: NodeKind) -> String {
    let text = match kind {
        NodeKind::Constant(v) => return format!("Constant: always outputs {}", v.as_signed_str()),
        NodeKind::Switch => {
            "Switch: an input you set; a click toggles it between −1 and +1 (0 from the \
             inspector)"
        }
        NodeKind::Button => "Button: +1 while held down with the mouse, −1 otherwise",
        NodeKind::Keypad => {
            "Hex keypad: a 4-trit input; a click on a key 0–F sets it to that digit (−1 a 0 \
             bit, +1 a 1 bit) until the next key; unknown until the first"
        }
        NodeKind::Clock { .. } => {
            "Clock: alternates between −1 and +1, every half period of ticks (Tick, or the \
             clock rate in Run mode)"
        }
        NodeKind::Buf => "Buffer: outputs its input, one delay later",
        NodeKind::Not => "NOT: negates its input (−1 ↔ +1; 0 stays 0)",
        NodeKind::And(_) => "AND: the least of its inputs (+1 only if every input is +1)",
        NodeKind::Or(_) => "OR: the greatest of its inputs (−1 only if every input is −1)",
        NodeKind::Nand(_) => "NAND: the negated AND (the negated least input)",
        NodeKind::Nor(_) => "NOR: the negated OR (the negated greatest input)",
        NodeKind::Xor(_) => {
            "XOR: parity — +1 when an odd number of inputs are +1; 0 when any input is 0"
        }
        NodeKind::Xnor(_) => "XNOR: the negated XOR",
        NodeKind::Table(_) => {
            "Table gate: any function of its inputs, given by its truth table (the palette's \
             is the balanced-ternary sum digit of its two inputs)"
        }
        NodeKind::Dff => {
            "D flip-flop: takes input D when the clock input rises (−1 to +1) and holds it \
             until the next rise"
        }
        NodeKind::Dffe => {
            "D flip-flop with enable: takes input D when the clock input rises while EN (its \
             third input) is +1, ignores the edge while EN is −1; with EN unknown, keeps the \
             bits on which D and Q agree"
        }
        NodeKind::Dffsr => {
            "D flip-flop with set and reset: as with enable, and SET or RESET at +1 forces +1 or −1 at once, without a clock edge (RESET wins); unconnected, they do nothing"
        }
        NodeKind::Rom { .. } => {
            "ROM: outputs the word at its address input; an unknown address bit reads the \
             bits its candidate words agree on"
        }
        NodeKind::Ram { .. } => {
            "RAM: outputs the word at its address; writes data in on the clock's rising edge \
             while write enable is +1; words never written read unknown"
        }
        NodeKind::Lamp => "Lamp: shows its input as a light (blue −1, grey 0, orange +1)",
        NodeKind::Probe => "Probe: shows its input's value as a number",
        NodeKind::HexDisplay => {
            "Hexadecimal display: shows its input as hex digits, four trits a digit (−1 a 0 \
             bit, +1 a 1 bit), ? for a digit with an unknown bit"
        }
        NodeKind::SevenSegment => {
            "7-segment display: a bus of 7 trits (segments a to g, bit 0 = a) or 8 (with the \
             decimal point); +1 lights a segment, an unknown one is grey"
        }
        NodeKind::DecimalDisplay(_) => {
            "Decimal display: shows its bus as a decimal number, read unsigned, signed (two's complement) or in balanced ternary (the inspector picks which); with unknown bits, the range min…max of the numbers it may hold"
        }
        NodeKind::LedMatrix { .. } => {
            "LED matrix: one bus of rows × columns trits (bit r × columns + c lights row r, column c); +1 lights a lamp, an unknown one is grey"
        }
        NodeKind::Tty => {
            "TTY: a terminal on one bus of 10 trits (bits 0–6 an ASCII character, 7 the clock, \
             8 write enable, 9 clear; feed it through a merger): on a rising clock edge with \
             write enable +1 it writes the character; clear +1 empties it; a write it cannot \
             pin down (an unknown bit) writes ?"
        }
        NodeKind::Split(_) => {
            "Splitter: cuts the bus wired into it into the bit ranges above (outputs .0, .1, …)"
        }
        NodeKind::Merge(_) => {
            "Merger: joins one bus per bit range above (inputs 0, 1, …) into one bus"
        }
        NodeKind::Tunnel => {
            "Tunnel: a named label; every tunnel of one name on a level is one net, joined without a wire (rename it to choose its name)"
        }
    };
    text.to_owned()
}

/// The value a palette symbol shows: sources and terminals lit at +1.
pub const SYMBOL_VALUE: Trit = Trit::True;

#[cfg(test)]
mod tests {
    use sim_core::GateOp;

    use super::*;

    #[test]
    fn gate_kinds_spell_their_input_count_out() {
        assert_eq!(kind_name(NodeKind::gate(GateOp::Nor, 2)), "NOR, 2 inputs");
        assert_eq!(kind_name(NodeKind::gate(GateOp::Xor, 3)), "XOR, 3 inputs");
        assert_eq!(kind_name(NodeKind::Not), "NOT");
        assert_eq!(
            kind_name(NodeKind::Clock { half_period: 4 }),
            "Clock, half period 4"
        );
        assert_eq!(kind_name(NodeKind::Constant(Trit::False)), "Constant -1");
        assert_eq!(kind_name(NodeKind::Dffe), "D flip-flop with enable");
    }

    #[test]
    fn every_kind_says_what_it_does_in_its_own_words() {
        let kinds = [
            NodeKind::Switch,
            NodeKind::Button,
            NodeKind::Keypad,
            NodeKind::Clock { half_period: 1 },
            NodeKind::Constant(Trit::True),
            NodeKind::Buf,
            NodeKind::Not,
            NodeKind::gate(GateOp::And, 2),
            NodeKind::gate(GateOp::Or, 2),
            NodeKind::gate(GateOp::Nand, 2),
            NodeKind::gate(GateOp::Nor, 2),
            NodeKind::gate(GateOp::Xor, 2),
            NodeKind::gate(GateOp::Xnor, 2),
            NodeKind::Dff,
            NodeKind::Dffe,
            NodeKind::Dffsr,
            NodeKind::Lamp,
            NodeKind::Probe,
            NodeKind::HexDisplay,
            NodeKind::SevenSegment,
            NodeKind::DecimalDisplay(sim_core::kind::DecimalMode::Signed),
            NodeKind::LedMatrix {
                rows: 4,
                columns: 4,
            },
            NodeKind::Tty,
        ];
        let texts: std::collections::BTreeSet<String> =
            kinds.iter().map(|&k| what_it_does(k)).collect();
        assert_eq!(texts.len(), kinds.len(), "one text per kind: {texts:#?}");
        // A line break in the source without its `\` would leave a run of spaces.
        for text in &texts {
            assert!(!text.contains("  "), "a run of spaces in {text:?}");
        }
        assert!(what_it_does(NodeKind::gate(GateOp::Nor, 2)).starts_with("NOR: "));
    }
}
